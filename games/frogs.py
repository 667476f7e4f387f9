"""Frogs (Faigle Ex. 2.4, 2.12).

Rules: two frogs sit ``n`` positions apart; a move lets a frog leap ``1..k`` positions toward the other,
never jumping over it.  Only the gap matters, so the game is the subtraction game with set ``{1, ..., k}``
on the gap (Faigle, Remark 2.2), impartial, normal play.  Its Grundy number is ``n mod (k + 1)``.
``Frogs(n, k)`` is the position (a :class:`~cgt.games.ruleset.Position`); ``FrogsRuleset(k)`` the ruleset.

>>> [Frogs(n, 3).grundy for n in range(9)]       # Faigle Ex. 2.12: G(n, 3) = mex{G(n-1), G(n-2), G(n-3)}
[0, 1, 2, 3, 0, 1, 2, 3, 0]
>>> [str(p) for p in Frogs(10, 3).winning_moves]  # leap 2: leave a gap of 8
['8']
"""

from __future__ import annotations

from cgt.errors import InvalidPositionError

from cgt.games.ruleset import Position
from cgt.games.subtraction import Subtraction

__all__ = ["FrogsRuleset", "Frogs"]


class FrogsRuleset(Subtraction):
    """Frogs with leaps of at most ``k``: the gap is a heap, a move subtracts ``1..k``."""

    def __init__(self, k: int) -> None:
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise InvalidPositionError(f"Frogs: the longest leap k = {k!r} must be a positive integer")
        super().__init__(range(1, k + 1))
        self.k = k

    def _params(self) -> tuple:
        return (self.k,)

    def __repr__(self) -> str:
        return f"FrogsRuleset({self.k})"

    def heap_grundy(self, n: int) -> int:
        """``n mod (k + 1)`` (Backhouse §4.2: remove 1..M; Faigle Ex. 2.12)."""
        return n % (self.k + 1)


def Frogs(n: int, k: int) -> Position:
    """The frogs position with gap ``n`` and longest leap ``k``.

    >>> Frogs(7, 2), str(Frogs(7, 2).value)
    (FrogsRuleset(2)('7'), '*')
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise InvalidPositionError(f"Frogs: the gap n = {n!r} must be a non-negative integer")
    return FrogsRuleset(k)(n)
