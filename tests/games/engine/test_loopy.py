"""The loopy position engine (games/engine/loopy.py): position graphs, shortcuts, limits, outcomes."""

from __future__ import annotations

import pytest

import cgt
from cgt.errors import InvalidGameError, NotShortGameError, TooLargeError
from cgt.games.engine import loopy as loopy_engine
from cgt.games.engine.loopy import position_graph
from cgt.games.engine.ruleset import Ruleset


class Ring(Ruleset):
    """Toy loopy ruleset: positions 0..n-1 on a ring; Left steps +1, Right steps -1 (mod n), except that
    nobody moves from 0."""

    loopy = True

    def __init__(self, n: int) -> None:
        self.n = n

    def params(self):
        return (self.n,)

    def left_options(self, k):
        return [(k + 1) % self.n] if k else []

    def right_options(self, k):
        return [(k - 1) % self.n] if k else []


class Escaping(Ring):
    """The ring, but position 2 is known to be ``on`` and position 3 ``off``."""

    def known_stopper(self, k):
        return {2: "on", 3: "off"}.get(k)


def test_graph_is_breadth_first_from_the_start():
    g = position_graph(Ring(4), 1)
    assert g.positions == [1, 2, 0, 3]
    assert g.left == [[1], [3], [], [2]] and g.right == [[2], [0], [], [1]]
    assert len(g) == 4 and g.edges() == 6 and repr(g) == "<PositionGraph: 4 positions, 6 moves>"


def test_known_stoppers_become_pass_nodes():
    g = position_graph(Escaping(6), 1)
    # 1 -> Left 2 (on: Left passes for ever), Right 0 (terminal); 2 and 3 are not expanded
    assert g.positions == [1, 2, 0]
    assert g.left == [[1], [1], []] and g.right == [[2], [], []]
    g = position_graph(Escaping(6), 4)
    assert g.positions == [4, 5, 3, 0]
    assert g.left[2] == [] and g.right[2] == [2]               # off = {|pass}


def test_bad_known_stopper_is_a_clear_error():
    class Bad(Ring):
        def known_stopper(self, k):
            return "up"

    with pytest.raises(InvalidGameError, match="known_stopper returned 'up'; want None, 'on' or 'off'"):
        position_graph(Bad(3), 1)


def test_state_limit_names_the_count():
    with pytest.raises(TooLargeError, match=r"game graph of 1 has more than 10 positions \(stopped at 11\)"):
        position_graph(Ring(50), 1, max_states=10)
    assert len(position_graph(Ring(50), 1, max_states=50)) == 50


def test_value_refused_with_a_hint():
    with pytest.raises(NotShortGameError, match="play can cycle in 1, so it has no canonical short form; use "
                                                "its loopy value"):
        Ring(3)(1).value


def test_outcomes_by_retrograde_analysis():
    # By hand: from 2, Left moving first goes to 0 and Right, to move, loses; Right moving first must go
    # to 1, Left must go back to 2, and so on for ever: a draw.  From 1 it is the mirror image.
    assert str(Ring(3)(2).outcome) == "NHat"
    assert str(Ring(3)(1).outcome) == "NCheck"
    assert str(Ring(3)(0).outcome) == "P"


def test_interrupted_layered_evaluation_leaves_a_usable_table(monkeypatch):
    from cgt.games.grid.fox_and_geese import GenFoxAndGeese

    class Flaky(GenFoxAndGeese):
        calls = 0

        def left_options(self, board):
            Flaky.calls += 1
            if Flaky.calls == 60:
                raise KeyboardInterrupt
            return super().left_options(board)

    from cgt.loopy import simplify

    monkeypatch.setattr(loopy_engine, "DIRECT_NODES", 1)
    monkeypatch.setattr(simplify, "_stoppers", None)      # the layers one by one (the compiled route takes all at once)
    flaky = Flaky(4)
    start = flaky.start()
    with pytest.raises(KeyboardInterrupt):
        start.game_value
    finished = dict(flaky.table("loopy values"))
    assert finished and start.position not in finished
    assert str(start.game_value) == "over"          # resumes from the finished layers
    whole = GenFoxAndGeese(4)
    monkeypatch.setattr(loopy_engine, "DIRECT_NODES", 10_000)
    for board, value in finished.items():
        assert str(value) == str(whole.game_value(board))
    cgt.clear_caches()
    assert not flaky.table("loopy values")


def test_interrupted_evaluation_by_components_leaves_an_empty_table(monkeypatch):
    from cgt.games.grid.fox_and_geese import GenFoxAndGeese
    from cgt.loopy.simplify import compiled_stoppers

    if not compiled_stoppers():
        pytest.skip("the compiled stopper simplification is not active")

    class Flaky(GenFoxAndGeese):
        calls = 0

        def left_options(self, board):
            Flaky.calls += 1
            if Flaky.calls == 60:
                raise KeyboardInterrupt
            return super().left_options(board)

    monkeypatch.setattr(loopy_engine, "DIRECT_NODES", 1)
    flaky = Flaky(4)
    start = flaky.start()
    with pytest.raises(KeyboardInterrupt):
        start.game_value
    assert not flaky.table("loopy values")          # the graph was being built: nothing valued yet
    assert str(start.game_value) == "over"
    assert len(flaky.table("loopy values")) == 100  # every position of the graph
    cgt.clear_caches()


def test_depth_hint_contract_is_checked(monkeypatch):
    class Rising(Ring):
        def depth_hint(self, k):
            return k                   # wrong: Left's move from k to k + 1 raises the hint

    monkeypatch.setattr(loopy_engine, "DIRECT_NODES", 1)
    with pytest.raises(InvalidGameError, match=r"depth_hint of 2 \(2\) exceeds that of 1 \(1\)"):
        Rising(5)(1).game_value
