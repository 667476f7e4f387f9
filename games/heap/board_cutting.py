"""Backhouse's board-cutting game (Algorithmic Problem Solving, Ex. 4.7).

Rules: an ``m x n`` board is cut along one dividing line, horizontally or vertically, and the part of
smaller (or equal) area is discarded; the player facing a ``1 x 1`` board loses.  Cutting one side of
length ``m`` can leave any length ``k`` with ``k < m <= 2k``, so the board is the sum of two copies of the
one-dimensional game, one per side.  ``BoardCutting`` is a ruleset instance whose positions are tuples of
side lengths as written (the tables sort them: orientation does not matter); ``BoardCutting(4, 5)`` is the
4 x 5 board and ``BoardCutting(5)`` one side alone.  A move is labelled ``m→k`` (a side of ``m`` cut to ``k``).

>>> BoardCutting.grundy_sequence(15)[1:]         # Ex. 4.7(b): positions 1..15
[0, 1, 0, 2, 1, 3, 0, 4, 2, 5, 1, 6, 3, 7, 0]
>>> [str(m) for m in BoardCutting(4, 5).moves()]          # the example in the exercise
['4→2 -> 2 5', '4→3 -> 3 5', '5→3 -> 4 3', '5→4 -> 4 4']
"""

from __future__ import annotations

from cgt.runtime.arguments import integer_argument, is_integer_value
from cgt.errors import InvalidPositionError

from cgt.games.heap.ruleset import HeapRuleset

__all__ = ["BoardCutting"]

CATALOGUE = {"BoardCutting": "BoardCutting"}


class _BoardCutting(HeapRuleset):
    """Board cutting: each side ``m`` may become any ``k`` with ``k < m <= 2k``."""

    name = "BoardCutting"

    def normalize(self, pos) -> tuple[int, ...]:
        """Side lengths must be positive; sides of length 1 are kept (the board stays a board)."""
        sides = (pos,) if is_integer_value(pos) else pos
        try:
            sides = tuple(sides)
        except TypeError:
            raise InvalidPositionError(f"BoardCutting: {pos!r} is not a side length or list of sides") from None
        return tuple(integer_argument(s, "BoardCutting: side length", minimum=1, error=InvalidPositionError)
                     for s in sides)

    def heap_options(self, n: int):
        """``(k,)`` for ``k < n <= 2k``."""
        return [(k,) for k in range((n + 1) // 2, n)]

    def normal_form(self, pos):
        """The sorted side lengths (sides of length 1 stay: they have no moves but are part of the board)."""
        return tuple(sorted(pos)), False

    def components(self, pos):
        """Each side is a component."""
        return [(s,) for s in pos] if len(pos) > 1 else [pos]

    def format(self, pos) -> str:
        """Side lengths separated by spaces."""
        return " ".join(str(s) for s in pos)


BoardCutting = _BoardCutting()
