"""Col, Snort and Fjords (games/graph/col.py): golden values, a slow reference, properties.

Sources.  [WW] Berlekamp, Conway, Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 2 (Col and Snort); [ONAG]
Conway, *On Numbers and Games*, ch. 10 (every Col position is a number or a number plus *).  Rules of
``GenCol``: CGSUITE.md §1.4.  Every row is derived by hand in its comment or cross-checked with pycgt's
independent Col/Snort (``pycgt.rulesets.graphs``; ``python benchmarks/check_golden_peers.py`` checks
the 14 rows on uncoloured paths, cycles and isolated vertices against pycgt and against cgt-py's
``Col``/``Snort``: all agree with both), and is
recomputed by ``reference_value`` (plain recursion over the rules: no tables, canonical labelling or
decomposition).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Player
from cgt.errors import InvalidPositionError
from cgt.games.graph.col import Col, Fjords, GenCol, Snort
from cgt.games.graph.board import Graph

L, R = Player.Left, Player.Right


def reference_value(ruleset: GenCol, text: str):
    g = Graph.parse(text, {"": None, "L": L, "R": R})
    adjacency = {v: {w for w in g.neighbours(v) if w != v} for v in range(1, g.vertex_count + 1)}

    def options(tints: dict, side):
        for v, x in tints.items():
            if x in ruleset.permitted[side]:
                new = dict(tints)
                del new[v]
                for w in adjacency[v]:
                    if w in new:
                        if new[w] is None:
                            new[w] = side
                        elif new[w] is side.opponent:
                            del new[w]
                yield new

    def value(tints):
        return cgt.game([value(o) for o in options(tints, L)], [value(o) for o in options(tints, R)])

    return value(dict(enumerate(g.vertex_labels, 1)))


GOLDEN = [
    (Col, ".", "*"),            # either player colours it: {0|0}
    (Col, "-", "0"),            # Left -> "L" = -1, Right -> "R" = 1: {-1|1} = 0 [WW ch. 2]
    (Col, "L", "-1"),           # tinted by Left: only Right may colour it
    (Col, "R", "1"),
    (Col, "L-.", "-1/2"),       # Left: . -> L = -1; Right: L -> R = 1, . -> 0 (the L falls): {-1|0,1}
    (Col, "--", "0"),           # Left: an end -> L-. = -1/2, the middle -> L;L = -2; mirror: {-1/2|1/2} (pycgt)
    (Col, ":A---:A", "0"),      # triangle: Left -> L-L = {|0} = -1; Right -> 1
    (Col, ".;.", "0"),          # * + *
    (Col, "---", "0"),          # pycgt agrees
    (Col, "----", "0"),         # pycgt agrees
    (Col, ":A-----:A", "0"),    # C5 (pycgt agrees)
    (Snort, ".", "*"),
    (Snort, "-", "+-1"),        # Left -> "L" = 1 (only Left may colour it), Right -> -1: {1|-1} [WW ch. 2]
    (Snort, "L", "1"),
    (Snort, "--", "+-2"),       # pycgt agrees
    (Snort, "---", "+-{2|1}"),  # pycgt agrees
    (Snort, ":A----:A", "0"),   # C4 (pycgt agrees)
    (Snort, ":A-----:A", "*"),  # C5 (pycgt agrees)
    (Snort, "L-R", "*"),        # Left: L (the R neighbour is deleted) -> 0; Right: R -> 0; {0|0}
    (Fjords, "L", "1"),         # only Left may play on a Left tint
    (Fjords, ".", "0"),         # nobody may play on an untinted vertex
    (Fjords, "L-R", "*"),       # Left: L -> deletes R: 0; Right: R -> 0: {0|0}
]


@pytest.mark.parametrize("ruleset, text, value", GOLDEN, ids=[f"{r!r}-{t}" for r, t, _ in GOLDEN])
def test_golden(ruleset, text, value):
    assert str(ruleset(text).value) == value
    assert str(reference_value(ruleset, text)) == value


@st.composite
def tinted_graphs(draw, max_vertices=6, max_edges=7):
    n = draw(st.integers(0, max_vertices))
    labels = tuple(draw(st.sampled_from([None, None, L, R])) for _ in range(n))
    edges = [(draw(st.integers(1, n)), draw(st.integers(1, n))) for _ in range(draw(st.integers(0, max_edges)))] if n else []
    return Graph(labels, [(a, b) for a, b in edges if a != b])


@pytest.mark.parametrize("ruleset", [Col, Snort, Fjords], ids=repr)
@settings(max_examples=30, deadline=None)
@given(g=tinted_graphs())
def test_laws(ruleset, g):
    p = ruleset(g)
    text = str(p)
    assert ruleset(text).position == Graph.parse(text, ruleset.vertex_labels) and str(ruleset(text)) == text
    assert reference_value(ruleset, text) == p.value
    assert p.value == cgt.game([q.value for q in p.left_options], [q.value for q in p.right_options])
    total = cgt.zero
    for part in p.decomposition:
        total = total + part.value
    assert total == p.value
    assert ruleset(g.relabelled(lambda x: {L: R, R: L}.get(x, x))).value == -p.value


@settings(max_examples=40, deadline=None)
@given(g=tinted_graphs())
def test_col_values_are_numbers_or_number_star(g):
    # [ONAG ch. 10], [WW ch. 2]: every Col position is a number x or x + *
    v = Col(g).value
    assert v.is_number or (v + cgt.star).is_number


def test_moves_names_and_errors():
    p = Col("L-.-R")
    # Left on 2: the R neighbour is deleted, the L stays; Left on 3 (R-tinted: allowed in Col) tints 2 with L
    assert [str(m) for m in p.moves(L)] == ["2 -> L", "3 -> L-L"]
    assert [str(m) for m in p.moves(R)] == ["1 -> R-R", "2 -> R"]
    assert repr(Col) == "Col" and Col == GenCol(["Nothing", "Right"], [None, "Left"])
    assert repr(GenCol([L], [None])) == "GenCol([Left], [Nothing])" and GenCol([L], [None]).vertex_swap is None
    with pytest.raises(InvalidPositionError, match=r"'x' at index 2 is not a vertex label"):
        Col("L-x")
    with pytest.raises(InvalidPositionError, match=r"vertex 1 has label 'blue'"):
        Col(Graph(("blue",)))
