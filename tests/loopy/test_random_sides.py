"""Onsides and offsides of random game graphs (up to 12 positions, with pass moves), checked four ways.

* Every side is computed and none raises (Siegel, "Coping with cycles", *Games of No Chance 3*, MSRI Publ.
  56, 2009, and *Combinatorial Game Theory*, ch. VI: every finite game graph has an onside and an
  offside; CGSuite finds them by finite simplification).
* Each side is the side: compared with the graph in both directions, by the comparison of sides.
* Where Conway's sidling settles (tests/loopy/sidling.py keeps it as the oracle; Berlekamp, Conway and
  Guy, *Winning Ways*, ch. 11), it gives the same stopper.
* Sides against outcomes: ``G + (-G)`` has onside >= 0 >= offside (Siegel, ch. VI: ``G - G = d & -d``
  with ``d`` the degree); and for a second graph ``H`` with stopper sides, ``G^+ >= H^+`` exactly when
  Left survives ``G - H^+`` moving second with infinite play hers -- a retrograde analysis of the sum's
  own game graph, not a comparison of sides -- and dually for offsides; the outcome class from the sides
  is the outcome of the graph.

The default run checks a few hundred graphs; ``pytest -m slow`` checks 2,000 more in two chunks of 1,000, and
``CGT_RANDOM_GRAPH_CHUNKS=10 python -m pytest -m slow tests/loopy/test_random_sides.py`` checks 10^4 (ten
chunks, about two minutes of CPU).
"""

import os
import random

import pytest

from cgt.errors import NotApplicableError
from cgt.loopy import LoopyGame
from cgt.loopy.graph import Graph, sum_graph
from cgt.loopy.sides import side
from cgt.loopy.survival import side_le, stopper_ge, survives
from tests.loopy.sidling import sidle_side


#: Rounds of sidling before the oracle gives up (the sides it finds at all it finds within about a dozen).
SIDLING_ROUNDS = 12


def random_graph(rng: random.Random, max_nodes: int = 12) -> Graph:
    """Up to ``max_nodes`` positions, each with up to three Left and three Right options (itself included:
    a pass)."""
    n = rng.randint(1, max_nodes)
    left = [rng.sample(range(n), rng.randint(0, min(3, n))) for _ in range(n)]
    right = [rng.sample(range(n), rng.randint(0, min(3, n))) for _ in range(n)]
    return Graph.build(left, right, 0)


def same_stopper(a: Graph, b: Graph) -> bool:
    return stopper_ge(a, b) and stopper_ge(b, a)


def check(g: Graph, h: Graph) -> dict:
    """All the checks for one graph (``h``: a second graph, for comparisons); returns what was seen."""
    seen = {"cyclic": 0, "sidled": 0}
    on, off = side(g, True), side(g, False)
    assert side_le(g, on, "on") and side_le(on, g, "on")
    assert side_le(g, off, "off") and side_le(off, g, "off")
    assert side_le(off, on, "offon")
    for onside, mine in ((True, on), (False, off)):
        seen["cyclic"] += not mine.is_stopper()
        try:
            theirs = sidle_side(g, onside, rounds=SIDLING_ROUNDS)
        except NotApplicableError:
            continue
        seen["sidled"] += 1
        assert mine.is_stopper() and same_stopper(mine, theirs)
    value = LoopyGame.from_graph(g.left, g.right, start=g.root)
    # G + (-G): onside >= 0 >= offside, from the value's sides, and straight from the sum's graph
    difference = value - value
    assert difference.onside >= 0 and difference.offside <= 0
    total = sum_graph(g, g.negated())
    assert survives(total, total.root, False, True)             # Left survives, Right first, infinite hers
    # the outcome from the sides is the outcome of the graph
    assert LoopyGame(None, on, off).outcome is value.outcome
    # sides against a retrograde analysis of the sum's game graph
    h_on, h_off = side(h, True), side(h, False)
    if h_on.is_stopper() and on.is_stopper():
        against = sum_graph(g, h_on.negated())
        assert stopper_ge(on, h_on) == survives(against, against.root, False, True)
    if h_off.is_stopper() and off.is_stopper():
        against = sum_graph(h_off, g.negated())                 # H^- - G, Left second, infinite hers
        assert stopper_ge(h_off, off) == survives(against, against.root, False, True)
    return seen


def run(seed: int, count: int) -> dict:
    rng = random.Random(seed)
    totals = {"cyclic": 0, "sidled": 0}
    for _ in range(count):
        seen = check(random_graph(rng), random_graph(rng, 6))
        for key in totals:
            totals[key] += seen[key]
    return totals


def test_random_graphs():
    totals = run(2026, 200)
    # sidling settles on most sides, and the finite simplification leaves very few cyclic
    assert totals["sidled"] > 330 and totals["cyclic"] <= 2


#: Chunks of 1,000 random graphs in the slow run (CI runs two; ten make the full check of 10^4).
CHUNKS = int(os.environ.get("CGT_RANDOM_GRAPH_CHUNKS", "2"))


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_thousands_of_random_graphs(chunk):
    totals = run(7000 + chunk, 1000)
    assert totals["cyclic"] <= 10
