"""SnakesAndLadders (Backhouse, Algorithmic Problem Solving, Exercise 4.3) through cgt.solve."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import solve
from cgt.errors import InvalidPositionError, NotShortGameError
from cgt.games import SnakesAndLadders
from cgt.search.solve import solve_all


def _labelling(game):
    """Slow reference: Backhouse's labelling rules (§4.2.2) applied until nothing changes; what is left
    unlabelled is a draw."""
    label = {}
    changed = True
    while changed:
        changed = False
        for q in game.squares():
            if q in label:
                continue
            options = game.options(q)
            if any(label.get(o) == "second" for o in options):
                label[q], changed = "first", True
            elif all(label.get(o) == "first" for o in options):
                label[q], changed = "second", True
    return {q: label.get(q, "draw") for q in game.squares()}


# The default board (ladder 4 -> 15, snake 11 -> 6) is ours (Backhouse's figure is not in the text);
# labels derived by hand from the rules (the same as the reference): 25 is lost (the opponent arrived),
# 21..24 reach 25, 20 only reaches 21..24, 16..19 reach 20, 15 only reaches 16..19, 12..14 reach 15,
# 1..3 reach 4 -> 15, and 5..10 can always step onto the cycle 6 .. 10 -> 11 -> 6.
DEFAULT = {1: "first", 2: "first", 3: "first", 5: "draw", 6: "draw", 7: "draw", 8: "draw", 9: "draw",
           10: "draw", 12: "first", 13: "first", 14: "first", 15: "second", 16: "first", 17: "first",
           18: "first", 19: "first", 20: "second", 21: "first", 22: "first", 23: "first", 24: "first",
           25: "second"}


def test_default_board_labels():
    game = SnakesAndLadders()
    solution = solve(game(1))
    assert {q: solution.result_of(game(q)) for q in game.squares()} == DEFAULT == _labelling(game)


def test_winning_moves_are_given_and_checked():
    game = SnakesAndLadders()
    solution = solve_all([game(q) for q in game.squares()])
    for q, result in DEFAULT.items():
        moves = solution.optimal_moves(game(q))
        if result == "first":
            assert moves and all(solution.result_of(m.position) == "second" for m in moves)
            assert solution.check(game(q))
        elif result == "draw":
            assert moves and all(solution.result_of(m.position) == "draw" for m in moves)
            assert solution.check(game(q))          # both players hold the draw
    assert [str(m) for m in solution.optimal_moves(game(12))] == ["+3 -> 15 (Right to move)"]


def test_grundy_on_a_cycle_is_refused():
    with pytest.raises(NotShortGameError):
        SnakesAndLadders()(5).grundy


boards = st.builds(
    lambda size, jumps: (size, jumps), st.integers(6, 30),
    st.lists(st.tuples(st.integers(2, 29), st.integers(1, 30)), max_size=4))


@settings(max_examples=30, deadline=None)
@given(boards, st.integers(1, 5))
def test_any_board_matches_the_labelling(board, step):
    size, pairs = board
    ladders, snakes, used = {}, {}, set()
    for a, b in pairs:
        if a >= size or b > size or a == b or a in used or b in used:
            continue
        (ladders if b > a else snakes)[a] = b
        used |= {a, b}
    game = SnakesAndLadders(size=size, max_step=step, ladders=ladders, snakes=snakes)
    solution = solve_all([game(q) for q in game.squares()])
    assert {q: solution.result_of(game(q)) for q in game.squares()} == _labelling(game)


@pytest.mark.parametrize("kwargs,message", [
    ({"ladders": {5: 3}}, "ladder 5 -> 3: a ladder must go up"),
    ({"snakes": {25: 3}}, "the finish cannot be the head of a snake"),
    ({"ladders": {3: 9}, "snakes": {9: 2}}, "the jump from 3 ends on 9"),
    ({"size": 1}, "size 1 is not an integer >= 2"),
], ids=["ladder-down", "snake-at-finish", "chain", "size"])
def test_bad_boards(kwargs, message):
    with pytest.raises(InvalidPositionError, match=message):
        SnakesAndLadders(**kwargs)


def test_counter_never_rests_on_a_jump():
    with pytest.raises(InvalidPositionError, match="square 4 is the foot of a ladder"):
        SnakesAndLadders()(4)
