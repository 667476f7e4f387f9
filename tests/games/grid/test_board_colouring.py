"""BoardColouring (Diaconescu's Example 2) through cgt.solve."""

from __future__ import annotations

import functools

import pytest

from cgt import solve
from cgt.errors import InvalidPositionError, NotApplicableError, TooLargeError
from cgt.games import BoardColouring


# R. Diaconescu, "Computational modelling for combinatorial game strategies", §5 (Example 2): "Rebecca has
# winning strategies if and only if the size of the board is odd".  Benny moves first, so Rebecca's
# wins are "second".  For even n the paper does not say; our solver finds Benny wins n = 2 and 6 and
# n = 4 is a draw.  n = 1..4 are also checked by the slow reference below (no symmetry, no state keys);
# n = 2 by hand: Benny colours the whole board, 4 blue to 0 red.
@pytest.mark.parametrize("n,result", [(1, "second"), (2, "first"), (3, "second"), (4, "draw"),
                                      (5, "second"), (6, "first")], ids=lambda v: str(v))
def test_rebecca_wins_exactly_the_odd_boards(n, result):
    solution = solve(BoardColouring(n)())
    assert solution.result == result
    assert (result == "second") == (n % 2 == 1)
    assert solution.check()


def _reference(n, coloured=(), blue_cells=0, benny_moves=True):
    """Plain minimax over sets of cells straight from the rules: +1 Benny wins, 0 draw, -1 Rebecca."""
    cells = frozenset((r, c) for r in range(n) for c in range(n)) - set(coloured)
    squares = [frozenset({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)})
               for r in range(n - 1) for c in range(n - 1)]

    @functools.lru_cache(maxsize=None)
    def value(free, blue, benny):
        if benny:
            options = [s for s in squares if s <= free]
            if options:
                return max(value(free - s, blue + 4, False) for s in options)
        elif free:
            return min(value(free - {cell}, blue, True) for cell in free)
        red = n * n - blue
        return (blue > red) - (red > blue)

    v = value(cells, blue_cells, benny_moves) * (1 if benny_moves else -1)
    return {1: "first", 0: "draw", -1: "second"}[v]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_solver_matches_the_slow_reference(n):
    assert solve(BoardColouring(n)()).result == _reference(n)


def test_mid_game_positions_and_moves():
    G = BoardColouring(4)
    p = G("BB..|BB..|....|...R")
    s = solve(p)
    assert G.to_move(p.position) == "Benny"
    coloured = [(0, 0), (0, 1), (1, 0), (1, 1), (3, 3)]
    assert s.result == _reference(4, coloured, 4, True)
    q = G("BB..|BB..|..BB|R.BB")                     # Rebecca to move
    assert G.to_move(q.position) == "Rebecca"
    assert solve(q).result == _reference(4, coloured[:4] + [(2, 2), (2, 3), (3, 2), (3, 3), (3, 0)], 8, False)
    for move in s.optimal_moves(p):
        assert move.label.startswith("B")
    assert G.format(G.parse("BB..|BB..|....|...R")) == "BB..|BB..|....|...R"


def test_symmetric_positions_share_a_key():
    G = BoardColouring(4)
    a, b = G("BB..|BB..|....|...R").position, G("..BB|..BB|....|R...").position
    assert G.state_key(a) == G.state_key(b)


def test_larger_boards_stop_at_the_state_limit():
    with pytest.raises(TooLargeError, match=r"more than 20000 positions .*\(stopped at 20001\)"):
        solve(BoardColouring(7)(), max_states=20_000)


@pytest.mark.parametrize("text,message", [
    ("B...|....|....|....", "blue cell at row 1, column 1 is not in a whole blue 2x2 square"),
    ("R...|....|....|....", "0 blue squares and 1 red cells cannot occur"),
    ("....|....|....", "is not 4 rows of 4 cells"),
    ("x...|....|....|....", "'x' at row 1, column 1"),
], ids=["half-square", "red-first", "rows", "char"])
def test_bad_boards(text, message):
    with pytest.raises(InvalidPositionError, match=message.replace("(", r"\(")):
        BoardColouring(4)(text)


def test_not_a_normal_play_game():
    with pytest.raises(NotApplicableError, match="use cgt.solve"):
        BoardColouring(3)().value
