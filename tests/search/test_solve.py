"""cgt.solve: retrograde (Zermelo) analysis, distances, strategies and the strategy checker."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Player
from cgt.errors import NotApplicableError, TooLargeError
from cgt.games import Amazons, Clobber, Domineering, Kayles, Multiples, Nim
from cgt.search.solve import NormalPlay, check_strategy, solve, solve_all
from cgt.testing import positions


def test_solve_is_exported():
    assert cgt.solve is solve


# -- the KöMaL multiples game ---------------------------------------------------------------------------
# R. Diaconescu, "Computational modelling for combinatorial game strategies", Corollary 5.2 (with
# Proposition 5.1): Benny, the second player, wins (k, n) exactly when n/phi < k < phi*n.
def test_multiples_p_positions_are_the_golden_band():
    grid = [(k, n) for k in range(1, 101) for n in range(1, 101)]
    solution = solve_all([Multiples(k, n) for k, n in grid])
    second = {(k, n) for k, n in grid if solution.result_of(Multiples(k, n)) == "second"}
    golden = {(k, n) for k, n in grid if Multiples.golden_p_position(n, k)}
    assert second == golden
    assert (3, 4) in second and (3, 5) not in second and len(second) > 1000   # not vacuous


@functools.lru_cache(maxsize=None)
def _multiples_first_wins(a, b):
    """Slow reference: plain recursion over the rules (not the solver, not the value engine)."""
    return any(not _multiples_first_wins(*option) for option in Multiples.options((a, b)))


@pytest.mark.parametrize("k,n", [(1, 1), (3, 4), (3, 5), (5, 8), (8, 5), (13, 21), (7, 20), (30, 29)],
                         ids=lambda v: str(v))
def test_multiples_rows_match_the_slow_reference(k, n):
    result = solve(Multiples(k, n)).result
    assert result == ("first" if _multiples_first_wins(k, n) else "second")
    assert (result == "second") == Multiples.golden_p_position(n, k)


# -- normal play: agreement with the outcome class of the canonical value ------------------------------
def _expected(outcome, player):
    text = str(outcome)
    if text == "N":
        return "first"
    if text == "P":
        return "second"
    return "first" if (text == "L") == (player is Player.Left) else "second"


@pytest.mark.parametrize("ruleset,cells", [(Domineering, 9), (Clobber, 8), (Kayles, 14)],
                         ids=["Domineering", "Clobber", "Kayles"])
@settings(max_examples=25, deadline=None)
@given(data=st.data(), player=st.sampled_from([Player.Left, Player.Right]))
def test_agrees_with_the_outcome_class_and_strategies_pass(ruleset, cells, data, player):
    position = data.draw(positions(ruleset, max_cells=cells))
    solution = solve(position, player)
    assert solution.result == _expected(position.outcome, player)
    check = solution.check()
    assert check, check.reason


@pytest.mark.parametrize("ruleset, text", [(Clobber, "x|o|o|x|x|o|x"), (Clobber, "xo.ox"), (Amazons, "x..o")])
def test_the_strategy_check_passes_where_a_board_equals_its_colour_swap(ruleset, text):
    # A Clobber move from x|o|o|x|x|o|x reaches o . xo . x, which is its own colour swap up to symmetry; its
    # key must not depend on which of the two images the normal form met first, or the checker, walking from
    # another representative than the solver did, finds a state the solver never stored.
    solution = solve(ruleset(text), Player.Right)
    check = solution.check()
    assert check, check.reason


@pytest.mark.parametrize("ruleset, text, self_swapped", [
    (Clobber, "o.xo.x", True), (Clobber, "xo", True), (Clobber, "x|o|o|x|x|o|x", False), (Clobber, "xxo", False),
    (Amazons, "x..o", True), (Amazons, "xx.o", False)])
def test_a_board_equal_to_its_colour_swap_is_not_negated(ruleset, text, self_swapped):
    board = ruleset(text).position
    swapped = type(board)(board.row_count, board.col_count, board.cells.translate(ruleset.colour_swap))
    (rep, negated), (rep_of_swap, negated_of_swap) = ruleset.normal_form(board), ruleset.normal_form(swapped)
    assert rep == rep_of_swap
    if self_swapped:
        assert not negated and not negated_of_swap
    else:
        assert negated != negated_of_swap


def test_draws_never_happen_in_normal_play_short_games():
    solution = solve(Domineering("...|...|..."), "Left")
    assert solution.counts()["draw"] == 0 and len(solution) > 10


# -- distances and optimal moves ------------------------------------------------------------------------
def test_distances_win_fastest_lose_slowest():
    # Nim 3 4: first wins; after the winning move to 3 3 the loser prolongs it: by hand, the loser
    # removes one token each time (3 3 -> 2 3 -> 2 2 -> ... ), the winner mirrors, 1 + 6 moves in all.
    solution = solve(Nim(3, 3))
    assert solution.result == "second" and solution.distance == 6
    solution = solve(Nim(3, 4))
    assert solution.result == "first" and solution.distance == 7
    assert [str(m) for m in solution.optimal_moves(solution.start)] == ["4→3 -> 3 3 (Right to move)"]


def test_a_position_with_no_moves_is_lost_at_distance_zero():
    solution = solve(Kayles(0))
    assert (solution.result, solution.distance, solution.strategy(solution.start)) == ("second", 0, None)


def test_partizan_players_are_distinct_states():
    # Domineering 1x2 (Left places vertically): Left to move wins, Right to move loses.
    assert solve(Domineering(".|."), Player.Left).result == "first"
    assert solve(Domineering(".|."), Player.Right).result == "second"
    s = solve_all([NormalPlay(Domineering(".|.|."), "L"), NormalPlay(Domineering(".|.|."), "R")])
    assert s.result == "first" and s.result_of(NormalPlay(Domineering(".|.|."), "R")) == "second"


# -- turn-based games with draws and cycles: tiny hand-made rulesets ------------------------------------
class Ring:
    """A counter on a ring of squares 0..5; the mover steps it +1 or +2; landing on 5 wins, except that a
    step from 3 may also go to 0 (a cycle); the player to move alternates (position = (square, mover))."""

    def __init__(self, steps=(1, 2), back=True):
        self.steps, self.back = steps, back

    def to_move(self, pos):
        return pos[1]

    def moves(self, pos, player):
        square, mover = pos
        other = "B" if mover == "A" else "A"
        result = [(f"+{k}", (square + k, other)) for k in self.steps if square + k <= 5]
        if self.back and square == 3:
            result.append(("back", (0, other)))
        return result

    def terminal_result(self, pos):
        if pos[0] == 5:
            return "B" if pos[1] == "A" else "A"     # the player who just moved reached 5
        return None

    def position(self, raw):
        return _Bound(self, raw)


class _Bound:
    def __init__(self, ruleset, position):
        self.ruleset, self.position = ruleset, position

    def __str__(self):
        return f"{self.position}"

    def __eq__(self, other):
        return isinstance(other, _Bound) and other.position == self.position

    def __hash__(self):
        return hash(self.position)


def test_a_cycle_gives_draws_and_the_draw_is_held():
    # By hand, steps +2 only: 4 has no move (6 > 5): lost; 2 -> 4: won; 0 -> 2: lost;
    # 3 -> {5: a win, 0}: won; 1 -> 3 only: lost.
    ring = Ring(steps=(2,), back=True)
    s = solve(_Bound(ring, (1, "A")))
    assert s.result == "second"
    # with +1 only: 0 -> 1 -> 2 -> 3 -> {4, 0}, 4 -> 5 wins.  4 is won, 3 must choose: 4 loses, 0 keeps
    # the game going; nobody can force 5: everything below 4 is a draw.
    ring = Ring(steps=(1,), back=True)
    s = solve(_Bound(ring, (0, "A")))
    assert s.result == "draw" and s.distance is None
    assert s.result_of(_Bound(ring, (4, "A"))) == "first"
    assert [m.label for m in s.optimal_moves(_Bound(ring, (3, "B")))] == ["back"]
    for side in ("first", "second"):
        assert check_strategy(_Bound(ring, (0, "A")), s.strategy, side=side, goal="draw")
    # playing on to 4 from 3 loses: the checker refutes that strategy
    bad = check_strategy(_Bound(ring, (3, "B")), lambda b: _step(ring, b), goal="draw")
    assert not bad and "loss" in bad.reason


def _step(ring, bound):
    from cgt.search.solve import SolvedMove
    square, mover = bound.position
    return SolvedMove("+1", _Bound(ring, (square + 1, "B" if mover == "A" else "A")))


def test_a_winning_claim_on_a_cycle_is_refuted():
    ring = Ring(steps=(1,), back=True)
    s = solve(_Bound(ring, (0, "A")))
    check = check_strategy(_Bound(ring, (0, "A")), s.strategy, goal="win")
    assert not check and check.reason == "play can go on forever"


class Double:
    """Players need not alternate: A moves twice in a row (0 -> 1 -> 2 by A), then B moves 2 -> 3; the
    player unable to move loses.  By hand: at 3 A cannot move, so A loses; A to move at 0 loses."""

    def to_move(self, pos):
        return "A" if pos < 2 or pos == 3 else "B"

    def moves(self, pos, player):
        return [(None, pos + 1)] if pos < 3 else []

    def terminal_result(self, pos):
        return None

    def position(self, raw):
        return _Bound(self, raw)


def test_players_need_not_alternate():
    double = Double()
    s = solve(_Bound(double, 0))
    assert s.result == "second" and s.distance == 3
    assert s.result_of(_Bound(double, 2)) == "first"        # B at 2 moves to 3 and A is stuck


# -- limits and errors ----------------------------------------------------------------------------------
def test_state_limit_names_the_count():
    with pytest.raises(TooLargeError, match=r"more than 50 positions .* \(stopped at 51\)"):
        solve(Domineering("....|....|...."), Player.Left, max_states=50)


def test_unreachable_positions_and_bad_players_are_reported():
    s = solve(Kayles(3))
    with pytest.raises(NotApplicableError, match="not reachable"):
        s.result_of(Kayles(7))
    from cgt.games import BoardColouring
    with pytest.raises(NotApplicableError, match="part of the position"):
        solve(BoardColouring(2)(), "Left")


def test_checker_rejects_a_losing_strategy():
    s = solve(Kayles(5))                             # first wins
    winning = {str(m.position) for m in s.winning_moves(s.start)}
    losing = [m for m in Kayles(5).moves() if str(m) not in winning]
    assert losing and winning                        # there are losing moves to choose from
    check = check_strategy(Kayles(5), lambda state: losing[0] if state == s.start else s.strategy(state))
    assert not check and "ends in a loss" in check.reason
    assert check_strategy(Kayles(5), s.strategy)


# -- outcome grids ----------------------------------------------------------------------------------------
def test_outcome_grid_of_the_multiples_game(tmp_path):
    # Diaconescu's Figure 2: the second-player wins of the KöMaL game, here for 1 <= k, n <= 100.
    pytest.importorskip("matplotlib")
    grid = cgt.outcome_grid(Multiples, range(1, 101), range(1, 101))
    assert all((grid[k, n] == "second") == Multiples.golden_p_position(n, k)
               for k in range(1, 101) for n in range(1, 101))
    path = tmp_path / "multiples.png"
    grid.save_png(path)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and grid._repr_png_()[:4] == b"\x89PNG"
    assert str(grid).splitlines()[1].split()[:4] == ["1", "2", "1", "1"]
