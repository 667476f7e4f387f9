"""Backhouse's daisy game (games/heap/daisy.py): R. Backhouse, Algorithmic Problem Solving, ch. 4.

Backhouse: with 16 petals and moves of one or two adjacent petals the second player wins (by symmetry);
generalised, the second player wins when n > M >= 2 (our docs/daisy.md explains the parity condition of
the copying reply).  The reference is a plain memoised recursion over the petals of the circle, written
as bit masks (no octal code).
"""

from __future__ import annotations

import functools

import pytest

from cgt.errors import InvalidPositionError
from cgt.games.heap.daisy import Daisy


@functools.lru_cache(maxsize=None)
def reference_wins(mask: int, n: int, m: int) -> bool:
    """Whether the player to move wins; ``mask`` = petals present, adjacency round the circle of ``n``."""
    for start in range(n):
        taken = 0
        for length in range(1, m + 1):
            cell = (start + length - 1) % n
            if not mask >> cell & 1 or (taken >> cell & 1):
                break
            taken |= 1 << cell
            if not reference_wins(mask & ~taken, n, m):
                return True
    return False


@pytest.mark.parametrize("n,m", [(n, m) for m in (1, 2, 3) for n in range(0, 11)])
def test_matches_reference(n, m):
    assert (Daisy(n, m).grundy != 0) == reference_wins((1 << n) - 1, n, m)


def test_backhouse_second_player_wins():
    assert Daisy(16, 2).grundy == 0
    assert all(Daisy(n, m).grundy == 0 for m in range(2, 6) for n in range(m + 1, 40))
    assert [n for n in range(1, 9) if Daisy(n, 1).grundy == 0] == [2, 4, 6, 8]
    assert all(Daisy(n, m).grundy != 0 for m in range(1, 6) for n in range(1, m + 1))


def test_positions():
    p = Daisy(6, 2)
    assert str(p) == "daisy 6 max 2" and Daisy("daisy 6 max 2") == p and Daisy("6 2") == p
    assert [str(q) for q in p.options] == ["rows 5 max 2", "rows 4 max 2"]
    q = Daisy("rows 3 2 max 2")
    assert q.grundy == 3 ^ 2 and str(Daisy(2, 2).options[1]) == "rows max 2"
    with pytest.raises(InvalidPositionError, match="Daisy: M needs a positive integer, got 0"):
        Daisy(5, 0)
    with pytest.raises(InvalidPositionError, match="cannot parse"):
        Daisy("petals")
