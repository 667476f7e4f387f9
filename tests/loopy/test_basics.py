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


def test_sided_requires_order():
    with pytest.raises(NotApplicableError, match="0 & 1: the onside 0 is not >= the offside 1"):
        sided(0, 1)
    with pytest.raises(NotApplicableError, match="the onside of 1 & 0 is not >= the offside of 2"):
        sided(sided(1, 0), 2)
    # any values: the onside of the first and the offside of the second (dud = on & off)
    assert str(sided(ON - ON, 0)) == "on & 0" and str(sided(ON, ON - ON)) == "dud"


def test_core_import_does_not_load_loopy():
    code = "import sys, cgt.kernel.game; print('cgt.loopy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_over_above_up():
    assert OVER > up and OVER > up * 5 and OVER < integer(1) / 64


@pytest.mark.parametrize("text, message", [
    ("{0|b}", "label 'b' is not defined in the literal"),
    ("a{0|a{1|}}", "label 'a' defined twice"),
    ("{0|1|2}", "two separators of equal length"),
    ("pass", "'pass' outside braces"),
    ("{0|1 & x}", "in '1 & x': label 'x' is not defined"),
    ("{0|x+}", "is not a game"),
    ("{*over|}", "before over is not a number"),
    ("1 & 0 & -1", "'&' may appear only once"),
])
def test_text_errors(text, message):
    from cgt.loopy import loopy_game

    with pytest.raises(InvalidGameError, match=message):
        loopy_game(text)


def test_positions_errors():
    from cgt.loopy import loopy_game

    with pytest.raises(InvalidGameError, match="refers to undefined label 'b'"):
        loopy_game("a", {"a": (["b"], [])})
    with pytest.raises(InvalidGameError, match="start 'c' is not one of the labels"):
        loopy_game("c", {"a": ([], [])})


def test_stopper_only_operations():
    dud = ON - ON
    with pytest.raises(NotApplicableError, match="is_plumtree: dud is not a stopper"):
        dud.is_plumtree
    with pytest.raises(NotApplicableError, match="to_game: over is not a short game"):
        OVER.to_game()
    with pytest.raises(NotApplicableError, match="degree: dud is not a stopper"):
        dud.degree


def test_comparison_size_limit(monkeypatch):
    from cgt.errors import TooLargeError
    from cgt.loopy import survival

    monkeypatch.setattr(survival, "MAX_PAIRS", 10)
    with pytest.raises(TooLargeError, match="more than 10 pairs"):
        LoopyGame.from_game(integer(20)) <= ON


def test_not_a_game():
    with pytest.raises(InvalidGameError, match="'x' is not a game"):
        ON + "x"


def test_equality_does_not_depend_on_how_the_graph_is_numbered():
    # a negated value numbers its nodes differently from the same value built directly
    from cgt.games import BackslidingToadsAndFrogs

    a = BackslidingToadsAndFrogs("f.f.tt").game_value
    b = -BackslidingToadsAndFrogs("ff.t.t").game_value
    assert str(a) == str(b) == "+-on & off"
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1


@pytest.mark.parametrize("seed", range(4))
def test_survival_on_arrays_agrees_with_the_move_counters(seed, monkeypatch):
    # The retrograde analysis of pairs runs on arrays (a wave at a time) from survival.ARRAY_PAIRS pairs on;
    # both ways must give every pair the same answer, on graphs with passes and cycles.
    import random

    from cgt.loopy import survival
    from tests.loopy.test_random_sides import random_graph

    rng = random.Random(seed)
    for _ in range(25):
        a, b = random_graph(rng, 40), random_graph(rng, 12)
        by_counters = survival.ge_matrix(a, b)
        monkeypatch.setattr(survival, "ARRAY_PAIRS", 0)
        assert survival.ge_matrix(a, b) == by_counters
        monkeypatch.setattr(survival, "ARRAY_PAIRS", 10**9)
