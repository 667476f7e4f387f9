"""Frogs (Faigle Ex. 2.4, 2.12).

Rules: two frogs sit ``n`` positions apart; a move lets a frog leap ``1..k`` positions toward the other,
never jumping over it.  Only the gap matters, so the game is the subtraction game with set ``{1, ..., k}``
on the gap (Faigle, Remark 2.2), impartial, normal play.  Its Grundy number is ``n mod (k + 1)``.
``Frogs`` is a ruleset instance whose positions are pairs ``(n, k)``: ``Frogs(10, 3)`` is the gap 10 with
leaps of at most 3.  A move is labelled by the length of the leap.

>>> [Frogs(n, 3).grundy for n in range(9)]       # Faigle Ex. 2.12: G(n, 3) = mex{G(n-1), G(n-2), G(n-3)}
[0, 1, 2, 3, 0, 1, 2, 3, 0]
>>> [str(m) for m in Frogs(10, 3).winning_moves]  # leap 2: leave a gap of 8
['leap 2 -> 8 3']
"""

from __future__ import annotations

from cgt.runtime.arguments import integer_argument, is_digits
from cgt.errors import InvalidPositionError, TooLargeError

from cgt.games.engine.ruleset import ImpartialRuleset

__all__ = ["Frogs"]

CATALOGUE = {"Frogs": "Frogs"}


class _Frogs(ImpartialRuleset):
    """Frogs: positions ``(n, k)``, gap ``n``, longest leap ``k``; a move subtracts ``1..k`` from the gap."""

    name = "Frogs"

    def normalize(self, pos) -> tuple[int, int]:
        """A pair ``(n, k)``: gap ``n >= 0`` and longest leap ``k >= 1``."""
        try:
            n, k = pos
        except (TypeError, ValueError):
            raise InvalidPositionError(f"Frogs: {pos!r} is not a pair (gap n, longest leap k)") from None
        k = integer_argument(k, "Frogs: the longest leap k", minimum=1, error=InvalidPositionError)
        n = integer_argument(n, "Frogs: the gap n", minimum=0, error=InvalidPositionError)
        return (n, k)

    def parse(self, text: str) -> tuple[int, int]:
        """``"10 3"``, ``"10,3"`` or ``"(10, 3)"``."""
        parts = text.strip().strip("()[]").replace(",", " ").split()
        if len(parts) != 2 or not all(is_digits(p) for p in parts):
            raise InvalidPositionError(f"Frogs: cannot parse {text!r} (want the gap and the longest leap, "
                                       f"e.g. '10 3')")
        return self.normalize((int(parts[0]), int(parts[1])))

    def format(self, pos) -> str:
        """``"n k"``."""
        return f"{pos[0]} {pos[1]}"

    #: Most options listed (a position with more leaps than this is answered by its closed forms only).
    max_listed_moves = 1_000_000

    def moves(self, pos, player=None):
        """Leap ``s = 1..min(k, n)`` positions: the gap shrinks by ``s``."""
        n, k = pos
        if min(k, n) > self.max_listed_moves:
            raise TooLargeError(f"Frogs({n}, {k}) has {min(k, n):,} moves, too many to list; its nim value and "
                                f"winning move have closed forms (grundy, winning_moves)")
        return [(f"leap {s}", (n - s, k)) for s in range(1, min(k, n) + 1)]

    def winning_moves(self, pos, player=None):
        """The one winning leap, ``n mod (k + 1)`` (to a multiple of ``k + 1``), if ``n`` is not one already.

        >>> [str(m) for m in Frogs(10 ** 12 + 7, 10 ** 12).winning_moves]
        ['leap 6 -> 1000000000001 1000000000000']
        """
        n, k = pos
        s = n % (k + 1)
        return [(f"leap {s}", (n - s, k))] if s else []

    def options(self, pos):
        """The gaps one leap reaches (with the same ``k``)."""
        return [option for _, option in self.moves(pos)]

    def grundy(self, pos) -> int:
        """``n mod (k + 1)`` (Backhouse §4.2: remove 1..M; Faigle Ex. 2.12)."""
        n, k = pos
        return n % (k + 1)


Frogs = _Frogs()
Frogs.examples = ((7, 3), (10, 2), (12, 4))
