"""CGSuite's ruleset skeletons (CGSUITE.md §3.2) as script base classes: ``StripRuleset``, ``GraphRuleset`` and
``CoordinateRuleset``, with an example of each in ``tests/shell/cgs/scriptgames``:

* ``MyToadsAndFrogs`` (a ``StripRuleset``) must equal the library's ``game.strip.ToadsAndFrogs``;
* ``MyCol`` (a ``GraphRuleset`` with vertex labels ``L``/``R``) must equal ``game.graph.Col``;
* ``MyWythoff`` (a ``CoordinateRuleset``) must equal ``game.heap.Wythoff``;

on random positions, and print the golden values below.
"""

from __future__ import annotations

import random

import pytest

import cgt
from cgt.games.graph.board import Graph
from cgt.kernel.player import Player
from cgt.shell import ShellError



T, C, W = "scriptgames.MyToadsAndFrogs", "scriptgames.MyCol", "scriptgames.MyWythoff"

GOLDEN = [
    # strips: read with the CharMap, printed as Ruleset.Position("...") (CGSUITE.md §5.2), read back
    (f'{T}("tt.ff")', f'{T}.Position("tt.ff")'),
    (f'{T}(Strip([1,0,2]))', f'{T}.Position("t.f")'),
    (f'{T}.Position("t.f") === {T}("t.f")', "true"),
    # "t.f" = {".tf" | "tf."}; ".tf" = {| "ft."} and "ft." = {"f.t" |} = {0|} = 1, so ".tf" = {|1} = 0; "tf." =
    # {".ft" |} and ".ft" = {| "f.t"} = -1, so "tf." = {-1|} = 0: "t.f" = {0|0} = *
    (f'{T}("t.f").CanonicalForm', "*"),
    (f'{T}("t.f").LeftOptions', f'[{T}.Position(".tf")]'),
    (f'{T}("t.f").Options(Right)', f'[{T}.Position("tf.")]'),
    (f'[{T}.CharMap, {T} is StripRuleset, {T} is Ruleset, {T}("t") is Game, {T}("t").Class]',
     f'[".tf",true,true,true,⟪{T}.Position⟫]'),
    # graphs: Graph.Parse(str, VertexLabels, EdgeLabels), printed through the same maps
    (f'{C}("L-R---L")', f'{C}.Position("L-R---L")'),
    (f'{C}(Graph.Path(3))', f'{C}.Position("--")'),
    (f'{C}.Position("L-R") === {C}("L-R")', "true"),
    # Winning Ways ch. 2: a lone vertex is *, two joined vertices 0; a vertex tinted L only Right may colour
    (f'[{C}(".").CanonicalForm, {C}("-").CanonicalForm, {C}("L").CanonicalForm, {C}("R").CanonicalForm]',
     "[*,0,-1,1]"),
    (f'{C}("-;.").Options(Left)', f'[{C}.Position("L;."),{C}.Position("L;."),{C}.Position("-")]'),
    (f'[{C}.VertexLabels, {C}.VertexToString, {C}.EdgeLabels, {C}.EdgeToString]',
     '[{"" => Nothing, "L" => Left, "R" => Right},{Nothing => "", Left => "L", Right => "R"},{"" => Nothing},'
     '{Nothing => ""}]'),
    (f'[{C} is GraphRuleset, {C}("-") is Game]', "[true,true]"),
    # coordinates: Wythoff's P-positions (floor(n phi), floor(n phi^2)) = (0,0), (1,2), (3,5), (4,7), (6,10)
    (f'[{W}(0,0).NimValue, {W}(1,2).NimValue, {W}((3,5)).NimValue, {W}(4,7).NimValue, {W}(6,10).NimValue]',
     "[0,0,0,0,0]"),
    (f'{W}(3,5)', f'{W}("(3,5)")'),
    (f'{W}("(3,5)") === {W}(3,5)', "true"),
    (f'[{W}(3,5).Coord, {W}.Position((1,2)).Coord]', "[(3,5),(1,2)]"),
    (f'{W}(1,1).Options', f'[{W}("(0,1)"),{W}("(1,0)"),{W}("(0,0)")]'),
    # the nim values of Wythoff's game for 0..3 x 0..3 (Dress, Flammenkamp and Pink, "Additive periodicity of
    # the Sprague-Grundy function of certain Nim games", Table 1)
    (f'{W}.NimValueTable(3,3)',
     "0 | 1 | 2 | 3\n--+---+---+--\n1 | 2 | 0 | 4\n--+---+---+--\n2 | 0 | 1 | 5\n--+---+---+--\n3 | 4 | 5 | 6"),
    (f'[{W} is CoordinateRuleset, {W} is Ruleset, {W}(1,2) is ImpartialGame]', "[true,true,true]"),
    # Adjoin: the union of the moves.  With a move (a, b) -> (b, a) below the diagonal, (0, 1) is still {0} = *,
    # but (1, 0) moves to (0, 0) and to (0, 1): mex{0, 1} = 2 (in Wythoff's game alone it is 1)
    (f'[{W}(1,0).NimValue, {W}.Adjoin(CoordinateRuleset((a, b) -> if a > b then [(b, a)] else [] end))(1,0).NimValue]',
     "[1,2]"),
    # the static CoordinateRuleset(fn) (fn takes row and col)
    ('CoordinateRuleset((a, b) -> if a > 0 then [(a - 1, b)] else [] end)(3,4).NimValue', "1"),
]


@pytest.mark.parametrize("program, expected", GOLDEN)
def test_golden(session, program, expected):
    assert session.run(program) == expected


ERRORS = [
    (f'{T}("tq")', "'q' at position 2 of 'tq' is not one of '.tf'"),
    (f'{T}(3)', "parameter strip must be Strip, got 3"),
    (f'{T}("t", "f")', "takes one argument, a strip or its string"),
    (f'{C}("L-Q")', "'Q' at index 2 is not a vertex label"),
    (f'{W}(1, 2, 3)', "takes a pair (row, col), or row and col"),
    (f'{W}("x")', "cannot parse 'x'"),
    (f'{W}(1,2) + 1; {W}.Adjoin(3)', "Adjoin needs a coordinate ruleset, got 3"),
    ("singleton class B extends StripRuleset end; B(\"..\")", "B has no CharMap"),
    ("singleton class B extends GraphRuleset end; B(\"-\")", "B declares no class Position: a GraphRuleset needs "
     "class Position(graph as Graph) extends GraphGame"),
    ("singleton class B extends CoordinateRuleset end; B(1,2).NimValue", "B does not define CoordinateOptions"),
    ("singleton class B extends CoordinateRuleset def CoordinateOptions(c) := [3]; end; B(1,2).NimValue",
     "CoordinateOptions((1,2)) of B: 3 is not a pair (a, b) or a collection of pairs"),
    ("singleton class B extends CoordinateRuleset def CoordinateOptions(c) := [(c.Col, c.Row)]; end; "
     "B(1,2).NimValue", "(1,2) can be reached again from itself (a cycle)"),
    ("singleton class B extends GraphRuleset def VertexLabels := s -> s; end; B.VertexToString",
     "VertexToString of B needs VertexLabels to be a Map"),
]


@pytest.mark.parametrize("program, message", ERRORS)
def test_errors(session, program, message):
    with pytest.raises(ShellError) as error:
        session.run(program)
    assert message in str(error.value) and "\n" not in str(error.value)


def _shell_list(strings) -> str:
    return "[" + ",".join(f'"{s}"' for s in strings) + "]"


def test_strip_ruleset_agrees_with_toads_and_frogs(session):
    rng = random.Random(20260311)
    strips = ["".join(rng.choice("..tf") for _ in range(rng.randint(1, 9))) for _ in range(80)]
    cgt.clear_caches()
    ours = session.run(f"[{T}(s).CanonicalForm for s in {_shell_list(strips)}]")
    theirs = session.run(f"[game.strip.ToadsAndFrogs(s).CanonicalForm for s in {_shell_list(strips)}]")
    assert ours == theirs
    assert len(set(ours.split(","))) > 5


def _random_graph(rng) -> str:
    n = rng.randint(1, 6)
    labels = [rng.choice([None, None, Player.Left, Player.Right]) for _ in range(n)]
    edges = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1) if rng.random() < 0.4]
    return Graph(labels, edges).exact_string({"": None, "L": Player.Left, "R": Player.Right})


def test_graph_ruleset_agrees_with_col(session):
    rng = random.Random(4417)
    graphs = [_random_graph(rng) for _ in range(60)]
    cgt.clear_caches()
    ours = session.run(f"[{C}(g).CanonicalForm for g in {_shell_list(graphs)}]")
    theirs = session.run(f"[game.graph.Col(g).CanonicalForm for g in {_shell_list(graphs)}]")
    assert ours == theirs
    assert len(set(ours.split(","))) > 5


def test_coordinate_ruleset_agrees_with_wythoff(session):
    rng = random.Random(99)
    pairs = [(rng.randint(0, 20), rng.randint(0, 20)) for _ in range(40)]
    text = "[" + ",".join(f"({a},{b})" for a, b in pairs) + "]"
    ours = session.run(f"[{W}(p).NimValue for p in {text}]")
    theirs = session.run(f"[game.heap.Wythoff(p).NimValue for p in {text}]")
    assert ours == theirs
    assert session.run(f"{W}.NimValueTable(9,9)") == session.run("game.heap.Wythoff.NimValueTable(9,9)")
