"""Loopy values: the graph interface, outcomes, sides and the layering rule."""

import subprocess
import sys

import pytest

from cgt import integer, star, up
from cgt.errors import InvalidGameError, NotApplicableError
from cgt.loopy import LoopyGame, LoopyOutcome, sided

ON = LoopyGame.from_graph([[0]], [[]])
OVER = LoopyGame.from_graph([[1], []], [[0], []])


def test_graph_interface():
    g = LoopyGame.from_graph([[0], []], [[1], []], start=0)
    assert str(g) == "under" and g.is_stopper and g.onside == g and g.offside == g
    assert g.outcome is LoopyOutcome.R


def test_large_graph_is_iterative():
    # a path of 10^5 nodes, each with a Left move to the next and a Right pass: no recursion anywhere
    n = 100_000
    left = [[i + 1] for i in range(n - 1)] + [[]]
    right = [[i] for i in range(n)]
    g = LoopyGame.from_graph(left, right)
    assert g.outcome is LoopyOutcome.R   # Right passes; Left runs out of moves at the end of the path
    assert g._graph.is_stopper()


def test_leaves():
    g = LoopyGame.from_graph([[1], []], [[0], []], leaves={1: integer(2)})
    assert str(g) == "2over" and g == OVER + 2
    h = LoopyGame.from_graph([[1], []], [[], []], leaves={1: ON})
    assert h == ON


@pytest.mark.parametrize("args, message", [
    (([[1]], [[]]), "node 0 has Left option 1"),
    (([[0]], [[], []]), "1 Left option lists but 2 Right"),
    (([[0]], [[]], 3), "start node 3"),
])
def test_bad_graphs(args, message):
    with pytest.raises(InvalidGameError, match=message):
        LoopyGame.from_graph(*args)


def test_leaf_with_options_is_an_error():
    with pytest.raises(InvalidGameError, match="leaf node 0 also lists options"):
        LoopyGame.from_graph([[0]], [[]], leaves={0: star})


def test_sided_requires_order_and_stoppers():
    with pytest.raises(NotApplicableError, match="is not >= the offside"):
        sided(0, 1)
    with pytest.raises(NotApplicableError, match="is not a stopper"):
        sided(ON - ON, 0)


def test_core_import_does_not_load_loopy():
    code = "import sys, cgt.game; print('cgt.loopy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_over_above_up():
    assert OVER > up and OVER > up * 5 and OVER < integer(1) / 64
