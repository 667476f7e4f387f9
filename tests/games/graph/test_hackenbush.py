"""Hackenbush and Childish Hackenbush (games/graph/hackenbush.py): golden values, a slow reference, properties.

Sources.  [WW] Berlekamp, Conway, Guy, *Winning Ways*, 2nd ed., vol. 1: ch. 1-2 (blue-red Hackenbush,
strings), ch. 7 (green Hackenbush: stalks are nim-heaps, the colon principle for trees, the fusion
principle for cycles).  [LIP] Albert, Nowakowski, Wolfe, *Lessons in Play*, ch. 3 (Berlekamp's sign
expansion of Hackenbush strings).  Rules and notation: CGSUITE.md §1.4.  Every golden row is also
recomputed by ``reference_value`` (plain recursion over the rules on edge lists, into ``cgt.kernel.game``: no
tables, no canonical labelling, no decomposition).  The blue-red strings are also computed and checked
against pycgt's ``hackenbush_string`` by ``python benchmarks/check_golden_peers.py`` (all 9 agree); pycgt
has no trees, cycles or green edges, and cgt-py no Hackenbush.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Player
from cgt.errors import InvalidPositionError
from cgt.games.graph.board import Graph
from cgt.games.graph.hackenbush import ChildishHackenbush, Color, GenHackenbush, Hackenbush

L, R = Player.Left, Player.Right
TOKENS = {"l": Color.Blue, "r": Color.Red, "e": Color.Green}


# -- the slow reference: the rules of CGSUITE.md §1.4 on plain edge lists ---------------------------------

def reference_value(ruleset: GenHackenbush, text: str):
    g = Graph.parse(text, edge_labels=TOKENS)
    childish = ruleset.childish_edges

    def grounded(edges):
        reach, changed = {1}, True
        while changed:
            changed = False
            for a, b, _ in edges:
                if (a in reach) != (b in reach):
                    reach |= {a, b}
                    changed = True
        return tuple(e for e in edges if e[0] in reach)

    def options(edges, colours):
        for k, (a, b, c) in enumerate(edges):
            if c in colours:
                rest = grounded(edges[:k] + edges[k + 1:])
                if c in childish and len(rest) != len(edges) - 1:
                    continue
                yield rest

    def value(edges):
        return cgt.game([value(o) for o in options(edges, (Color.Blue, Color.Green))],
                        [value(o) for o in options(edges, (Color.Red, Color.Green))])

    return value(tuple(g.edges))


def number(q: Fraction):
    return cgt.dyadic(q.numerator, q.denominator)


# -- golden values ------------------------------------------------------------------------------------------

GOLDEN = [
    # strings [WW ch. 2], [LIP ch. 3]: Berlekamp's rule (integer run, then +-1/2, +-1/4, ...)
    (Hackenbush, "l", "1"),
    (Hackenbush, "r", "-1"),
    (Hackenbush, "lll", "3"),
    (Hackenbush, "lr", "1/2"),          # {0 | 1}
    (Hackenbush, "lrr", "1/4"),         # {0 | 1/2, 1}
    (Hackenbush, "llr", "3/2"),
    (Hackenbush, "lrl", "3/4"),         # {0, 1/2 | 1}
    (Hackenbush, "rll", "-1/4"),
    (Hackenbush, "lrlrl", "11/16"),     # 1 - 1/2 + 1/4 - 1/8 + 1/16
    # blue-red trees [WW ch. 2]: by the rules
    (Hackenbush, "l(l;r)", "1"),        # Left: 0 or lr = 1/2; Right: ll = 2; {1/2 | 2} = 1
    (Hackenbush, "(l;r)", "0"),         # a sum at the ground: 1 + -1
    (Hackenbush, "r(l;l)", "-1/4"),     # Left cuts a leaf -> rl = -1/2; Right cuts the trunk -> 0; {-1/2 | 0}
    # a cycle: two parallel edges l and r from the ground to one vertex: {-1 | 1} = 0
    (Hackenbush, ":Glr:G", "0"),
    (Hackenbush, ":Gllll:G", "4"),      # all blue: every Left move leaves a connected blue path
    # green [WW ch. 7]: stalks are nim-heaps; colon principle; fusion of cycles
    (Hackenbush, "eee", "*3"),
    (Hackenbush, "e(e;e)", "*"),        # *(1 + (1 xor 1)) = *1
    (Hackenbush, "ee(e;ee)", "*5"),     # branches 1 xor 2 = 3 on top of a 2-stalk: *(2 + 3)
    (Hackenbush, ":Geeee:G", "0"),      # 4-cycle through the ground: every cut leaves *3; {*3} = 0
    (Hackenbush, ":Geee:G", "*"),       # triangle: cuts leave *2 or *1 + *1 = 0; mex{2, 0} = 1
    (Hackenbush, "ee:Aeeee:A", "*2"),   # a 4-cycle (fuses to 4 loops = 0) on a 2-stalk: *2  [WW ch. 7, fusion]
    (Hackenbush, "el", "^*"),           # Left: e = *, 0; Right: 0; {0, * | 0} = ^*
    # Childish Hackenbush: by the rules (a blue/red cut may not drop another edge)
    (ChildishHackenbush, "lr", "0"),    # Left's l would drop r: {|l} = {|1} = 0
    (ChildishHackenbush, "lrl", "1"),   # Left: top l -> lr = 0; Right's r would drop l; {0|} = 1
    (ChildishHackenbush, "lll", "3"),   # only the top edge: a chain of 3 moves
    (ChildishHackenbush, "(l;r)", "0"),
    (ChildishHackenbush, "l(l;r)", "1"),     # Left: leaf l -> lr = 0 (trunk not allowed); Right: r -> ll = 2
    (ChildishHackenbush, "er", "v*"),        # Left: e (green is not childish) -> 0; Right: r -> e = *, e -> 0:
                                             # {0 | 0, *} = -{0, * | 0} = v*
]


@pytest.mark.parametrize("ruleset, text, value", GOLDEN, ids=[f"{r!r}-{t}" for r, t, _ in GOLDEN])
def test_golden(ruleset, text, value):
    assert str(ruleset(text).value) == value
    assert str(reference_value(ruleset, text)) == value


# -- properties ----------------------------------------------------------------------------------------------

def berlekamp(s: str) -> Fraction:
    """Berlekamp's sign-expansion rule [LIP ch. 3], [WW ch. 2]: the leading run of one colour counts +-1 per
    edge; after the first change of colour the k-th further edge counts +-1/2^k (blue +, red -)."""
    run = len(s) - len(s.lstrip(s[0]))
    total = Fraction(run if s[0] == "l" else -run)
    for k, c in enumerate(s[run:], 1):
        total += Fraction(1 if c == "l" else -1, 2 ** k)
    return total


@settings(max_examples=50, deadline=None)
@given(st.text(alphabet="lr", min_size=1, max_size=12))
def test_strings_follow_sign_expansion(s):
    assert Hackenbush(s).value == number(berlekamp(s))


@st.composite
def green_trees(draw, max_edges=9):
    m = draw(st.integers(0, max_edges))
    parents = [draw(st.integers(1, v)) for v in range(1, m + 1)]   # vertex v + 1 hangs from parents[v - 1]
    return Graph((None,) * (m + 1), [(p, v + 1, Color.Green) for v, p in enumerate(parents, 1)])


def colon_nimber(g: Graph) -> int:
    """The colon principle [WW ch. 7]: a tree at v is worth the XOR over v's children c of 1 + (value at c)."""
    children: dict = {}
    for a, b, _ in g.edges:
        children.setdefault(min(a, b), []).append(max(a, b))    # parents have smaller numbers (green_trees)

    def at(v):
        total = 0
        for c in children.get(v, []):
            total ^= 1 + at(c)
        return total
    return at(1)


@settings(max_examples=50, deadline=None)
@given(green_trees())
def test_green_trees_are_their_colon_nimber(g):
    assert Hackenbush(g).value == cgt.nimber(colon_nimber(g))


@st.composite
def pictures(draw, max_vertices=5, max_edges=6, colours=(Color.Blue, Color.Red, Color.Green)):
    """Random connected pictures: a random tree plus a few extra edges (cycles, loops, parallel edges)."""
    n = draw(st.integers(1, max_vertices))
    edges = [(draw(st.integers(1, v)), v + 1, draw(st.sampled_from(colours))) for v in range(1, n)]
    for _ in range(draw(st.integers(0, max(0, max_edges - len(edges))))):
        edges.append((draw(st.integers(1, n)), draw(st.integers(1, n)), draw(st.sampled_from(colours))))
    return Graph((None,) * n, edges)


@pytest.mark.parametrize("ruleset", [Hackenbush, ChildishHackenbush], ids=repr)
@settings(max_examples=30, deadline=None)
@given(g=pictures())
def test_laws(ruleset, g):
    p = ruleset(g)
    text = str(p)
    assert reference_value(ruleset, text) == p.value                     # fast == slow
    assert p.value == cgt.game([q.value for q in p.left_options], [q.value for q in p.right_options])
    total = cgt.zero
    for part in p.decomposition:
        total = total + part.value
    assert total == p.value                                             # parts at the ground form a sum
    swapped = g.relabelled(None, lambda c: {Color.Blue: Color.Red, Color.Red: Color.Blue}.get(c, c))
    assert ruleset(swapped).value == -p.value                            # blue <-> red negates
    assert ruleset(text).position == Graph.parse(text, edge_labels=TOKENS) and str(ruleset(text)) == text


def test_moves_and_strings():
    p = Hackenbush("lr(e;l)")
    assert [str(m) for m in p.moves(L)] == ["1-2 -> .", "3-4 -> lrl", "3-5 -> lre"]
    assert [str(m) for m in p.moves(R)] == ["2-3 -> l", "3-4 -> lrl"]
    # lre = {0, 1/2 | 1/2, 1} = 1/2*, so p = {0, 3/4, 1/2* | 1, 3/4} = 3/4*: every Left move wins (all >= 0),
    # Right's options l = 1 and lrl = 3/4 are both > 0: Right has no winning move
    assert str(p.value) == "3/4*"
    assert [m.label for m in p.left_winning_moves] == ["1-2", "3-4", "3-5"] and p.right_winning_moves == []
    assert str(Hackenbush(":Glr:G")) == ":Alr:A"
    assert repr(Hackenbush) == "Hackenbush" and repr(ChildishHackenbush) == "ChildishHackenbush"
    assert ChildishHackenbush == GenHackenbush(["Red", "blue"]) and Hackenbush == GenHackenbush()
    assert repr(GenHackenbush([Color.Green])) == "GenHackenbush(childish_edges=[Color.Green])"


def test_decomposition_at_the_ground():
    p = Hackenbush(":G(r;ee;l:G;l(r;l))")
    assert [str(q) for q in p.decomposition] == ["r", "ee", "l(r;l)", ":Al:A"]
    assert str(p.value) == "1*2"           # r = -1, ee = *2, l(r;l) = 1 (a golden row), a blue loop = 1


ERRORS = [
    ("", r"a position needs at least the ground"),
    ("l;l", r"vertex 3 is not joined to the ground \(vertex 1\)"),
    ("l-l", r"'-' at index 1: unlabelled edges are not allowed here"),
    ("lxl", r"'x' at index 1 is not a vertex label, edge label"),
    ("l(r;", r"expected an edge at the end \(index 4\)"),
]


@pytest.mark.parametrize("text, message", ERRORS, ids=[t or "empty" for t, _ in ERRORS])
def test_errors(text, message):
    with pytest.raises(InvalidPositionError, match=message):
        Hackenbush(text)


def test_bad_graphs_and_colours():
    with pytest.raises(InvalidPositionError, match=r"edge 1-2 \(number 0\) has label None"):
        Hackenbush(Graph.path(2))
    with pytest.raises(InvalidPositionError, match=r"'purple' is not a colour"):
        GenHackenbush(["purple"])
