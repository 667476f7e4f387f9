"""Arc Kayles, Weighted Arc Kayles, Partizan Arc Kayles (games/graph/arc_kayles.py).

Rules: CGSUITE.md §1.4.  Derivation tested here: on a path of n vertices an Arc Kayles move deletes two
adjacent vertices and leaves two paths of a and b vertices, a + b = n - 2 (either may be empty); that is
exactly a move of Dawson's Kayles in octal form 0.07 (take two from a heap, leaving 0, 1 or 2 heaps;
Winning Ways, 2nd ed., vol. 1, ch. 4), so ArcKayles(path on n vertices) = TakeAndBreak("0.07")(n), i.e. a
path with e edges is the 0.07 heap e + 1.  A cycle on n >= 3 vertices has one kind of move, to the path on
n - 2 vertices, so its nim value is mex{G(path n - 2)}.  Other rows are derived by hand in their comments
and recomputed by ``reference_value`` (plain recursion: no tables, labelling or decomposition).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.errors import InvalidPositionError
from cgt.games import TakeAndBreak
from cgt.games.graph.arc_kayles import ArcKayles, GenArcKayles, PartizanArcKayles, WeightedArcKayles
from cgt.games.graph.board import Graph
from cgt.games.graph.ruleset import Color

DAWSON = TakeAndBreak("0.07")


def reference_nim(g: Graph, weighted: bool = False) -> int:
    def options(labels: tuple, edges: tuple):
        for a, b, _ in edges:
            if weighted:
                if a != b and labels[a - 1] > 0 and labels[b - 1] > 0:
                    new = list(labels)
                    new[a - 1] -= 1
                    new[b - 1] -= 1
                    yield tuple(new), edges
            else:
                yield labels, tuple(e for e in edges if not {e[0], e[1]} & {a, b})

    def nim(labels, edges):
        seen = {nim(*o) for o in options(labels, edges)}
        return next(k for k in range(len(seen) + 1) if k not in seen)

    return nim(g.vertex_labels, tuple(g.edges))


def test_paths_are_dawsons_kayles():
    for n in range(0, 25):
        assert ArcKayles(Graph.path(n)).nim_value == DAWSON(n).nim_value, n
    for n in range(0, 9):
        assert reference_nim(Graph.path(n)) == DAWSON(n).nim_value


def test_cycles():
    for n in range(3, 16):
        expected = 1 if DAWSON(n - 2).nim_value == 0 else 0
        assert ArcKayles(Graph.cycle(n)).nim_value == expected, n


GOLDEN = [
    # (ruleset, text, nim value): derived from the rules
    (ArcKayles, ".", 0),
    (ArcKayles, "-", 1),                 # one move to nothing
    (ArcKayles, ":A-:A", 1),             # a loop: deletes its vertex
    (ArcKayles, "(-;-;-)", 1),           # star K1,3: every move takes the centre and leaves 2 isolated vertices
    (ArcKayles, ":A---:A", 1),           # triangle: every move leaves one vertex
    (ArcKayles, ":A----:A", 0),          # C4: every move leaves one edge (= *1)
    (ArcKayles, "-;-", 0),               # *1 + *1
    (ArcKayles, "--(-;-)", 2),           # 1-2 -> path of 3 = *1; 2-3 -> three lone vertices = 0; 3-4, 3-5 -> *1
    (WeightedArcKayles, "1-1", 1),       # equals the unweighted edge
    (WeightedArcKayles, "2-2", 0),       # two forced moves
    (WeightedArcKayles, "3-3", 1),
    (WeightedArcKayles, "2-{10}", 0),    # min(2, 10) = 2 forced moves
    (WeightedArcKayles, "1-2-1", 0),     # either edge leaves one more move (0-1-1 or 1-1-0 = *1): mex{1} = 0
    (WeightedArcKayles, "0-5", 0),       # a 0-weight end: no move
]


@pytest.mark.parametrize("ruleset, text, nim", GOLDEN, ids=[f"{r!r}-{t}" for r, t, _ in GOLDEN])
def test_golden(ruleset, text, nim):
    p = ruleset(text)
    assert p.nim_value == nim and p.value == cgt.nimber(nim)
    assert reference_nim(p.position, ruleset.weighted) == nim


PARTIZAN = [
    ("l", "1"), ("r", "-1"), ("e", "*"),
    ("lr", "*"),          # each player's only move leaves one vertex: {0|0}
    ("ll", "1"),          # Left: either edge leaves one vertex: {0|}
    ("lll", "2"),         # Left: an end edge leaves an l edge = 1, the middle leaves 0: {0, 1|} = 2
    ("l;r", "0"),
]


def partizan_reference(text: str):
    g = Graph.parse(text, edge_labels={"l": Color.Blue, "r": Color.Red, "e": Color.Green})

    def options(edges, colours):
        for a, b, c in edges:
            if c in colours:
                yield tuple(e for e in edges if not {e[0], e[1]} & {a, b})

    def value(edges):
        return cgt.game([value(o) for o in options(edges, (Color.Blue, Color.Green))],
                        [value(o) for o in options(edges, (Color.Red, Color.Green))])

    return value(tuple(g.edges))


@pytest.mark.parametrize("text, value", PARTIZAN, ids=[t for t, _ in PARTIZAN])
def test_partizan_golden(text, value):
    assert str(PartizanArcKayles(text).value) == value
    assert str(partizan_reference(text)) == value


@st.composite
def simple_graphs(draw, max_vertices=7, max_edges=8):
    n = draw(st.integers(0, max_vertices))
    pairs = {(min(a, b), max(a, b)) for a, b in
             (draw(st.tuples(st.integers(1, max(n, 1)), st.integers(1, max(n, 1))))
              for _ in range(draw(st.integers(0, max_edges))))} if n else set()
    return Graph((None,) * n, sorted((a, b) for a, b in pairs if a != b))


@settings(max_examples=30, deadline=None)
@given(simple_graphs())
def test_laws(g):
    p = ArcKayles(g)
    assert p.nim_value == reference_nim(g)
    again = ArcKayles(str(p))
    assert str(again) == str(p) and again.position.canonical() == g.canonical()
    # every vertex of weight 1: a move zeroes both ends, as deleting them does
    assert WeightedArcKayles(g.relabelled(lambda _: 1)).nim_value == p.nim_value
    # all-green Partizan Arc Kayles is Arc Kayles
    green = g.relabelled(None, lambda _: Color.Green)
    assert PartizanArcKayles(green).value == cgt.nimber(p.nim_value)
    total = 0
    for part in p.decomposition:
        total ^= part.nim_value
    assert total == p.nim_value


def test_round_trip_names_and_errors():
    assert str(ArcKayles("--(-;-)")) == "--(-;-)" and str(WeightedArcKayles("1-{12}-3")) == "1-{12}-3"
    assert [str(m) for m in ArcKayles("---").moves()] == ["1-2 -> -", "2-3 -> .;.", "3-4 -> -"]
    assert [str(m) for m in WeightedArcKayles("2-1").moves()] == ["1-2 -> 1-0"]
    assert [str(q) for q in WeightedArcKayles("1-0-2-2").decomposition] == ["1", "2-2"]
    assert repr(ArcKayles) == "ArcKayles" and ArcKayles == GenArcKayles() and WeightedArcKayles == GenArcKayles(True)
    assert repr(PartizanArcKayles) == "PartizanArcKayles"
    with pytest.raises(InvalidPositionError, match=r"vertex 1 has label None; a weight is an integer >= 0"):
        WeightedArcKayles("-")
    with pytest.raises(InvalidPositionError, match=r"'x' at index 1 is not a vertex label"):
        ArcKayles("-x")
    with pytest.raises(InvalidPositionError, match=r"'-' at index 1: unlabelled edges are not allowed"):
        PartizanArcKayles("l-")
