"""De Bruijn's divisor game (Faigle Ex. 2.7; also "Divisors" / Schuh's game).

Rules: the numbers ``1, ..., n`` are written down; a move selects a number still present and erases it
together with all its divisors that are still present.  Normal play: the player who cannot move (nothing
is left) loses.  Impartial.  Remaining sets are closed under multiples (if ``d`` is erased so is every
divisor of it), and the game on a set is the game on its divisibility order, so a position splits into
the connected components of that order (numbers linked by divisibility), which are played as a sum.

Positions are bit masks (bit ``i`` for the number ``i``); ``DeBruijn(n)`` is the starting position and
``DeBruijnRuleset(n)`` the ruleset.  Positions print as sets, e.g. ``{2,3}``.  The first player wins for
every ``n >= 1`` by strategy stealing (erasing 1 first cannot be better than the best reply), but no
explicit winning strategy is known (Faigle Ex. 2.7); :meth:`DeBruijnRuleset.winning_first_moves` finds
the winning first moves by search.

>>> [DeBruijnRuleset(n).winning_first_moves() for n in range(1, 7)]
[[1], [2], [1], [2], [4], [5, 6]]
>>> [str(p) for p in DeBruijn(3).winning_moves]
['{2,3}']
"""

from __future__ import annotations

import ast

from cgt.errors import InvalidPositionError, TooLargeError

from cgt.games.ruleset import ImpartialRuleset, Position

__all__ = ["DeBruijnRuleset", "DeBruijn"]


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class DeBruijnRuleset(ImpartialRuleset):
    """De Bruijn's game on the numbers ``1..n``."""

    max_n = 200

    def __init__(self, n: int) -> None:
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InvalidPositionError(f"DeBruijn: n = {n!r} must be a non-negative integer")
        if n > self.max_n:
            raise TooLargeError(f"DeBruijn: n = {n} is larger than {self.max_n}; the search would not end")
        self.n = n
        self.full = ((1 << (n + 1)) - 1) & ~1
        self._div = [0] * (n + 1)          # divisors of i (including i), as a mask
        self._linked = [0] * (n + 1)       # numbers comparable with i under divisibility
        for i in range(1, n + 1):
            for j in range(i, n + 1, i):
                self._div[j] |= 1 << i
                self._linked[i] |= 1 << j
                self._linked[j] |= 1 << i

    def _params(self) -> tuple:
        return (self.n,)

    def normalize(self, pos) -> int:
        """A collection of numbers in ``1..n`` closed under multiples -> its bit mask."""
        if isinstance(pos, (int, str, bytes)) or pos is None:
            raise InvalidPositionError(f"{self!r}: {pos!r} is not a set of numbers (e.g. {{2, 3}})")
        try:
            numbers = set(pos)
        except TypeError:
            raise InvalidPositionError(f"{self!r}: {pos!r} is not a set of numbers") from None
        mask = 0
        for x in numbers:
            if not isinstance(x, int) or isinstance(x, bool) or not 1 <= x <= self.n:
                raise InvalidPositionError(f"{self!r}: {x!r} is not a number in 1..{self.n}")
            mask |= 1 << x
        for x in numbers:
            for y in range(2 * x, self.n + 1, x):
                if not mask >> y & 1:
                    raise InvalidPositionError(f"{self!r}: {sorted(numbers)} is not reachable: it contains "
                                               f"{x} but not its multiple {y}")
        return mask

    def parse(self, text: str) -> int:
        """``"{2,3}"``, ``"[2, 3]"`` or ``"{}"``."""
        try:
            value = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError):
            raise InvalidPositionError(f"{self!r}: cannot parse {text!r} (want a set such as {{2,3}})") from None
        if value == {}:
            value = set()
        return self.normalize(value)

    def format(self, pos: int) -> str:
        """``{2,3}``."""
        return "{" + ",".join(str(i) for i in _bits(pos)) + "}"

    def options(self, pos: int):
        """Erase a number and its divisors."""
        seen = {}
        for x in _bits(pos):
            seen.setdefault(pos & ~self._div[x], None)
        return list(seen)

    def components(self, pos: int):
        """Connected components of the divisibility order on the remaining numbers."""
        parts = []
        rest = pos
        linked = self._linked
        while rest:
            comp = frontier = rest & -rest
            while frontier:
                grow = 0
                for i in _bits(frontier):
                    grow |= linked[i]
                frontier = grow & rest & ~comp
                comp |= frontier
            parts.append(comp)
            rest &= ~comp
        return parts

    def winning_first_moves(self) -> list[int]:
        """The numbers whose choice as the first move wins (leaves a P-position)."""
        full = self.full
        return [x for x in _bits(full) if self.grundy(full & ~self._div[x]) == 0]


def DeBruijn(n: int) -> Position:
    """The starting position of de Bruijn's game on ``1..n``.

    >>> DeBruijn(4), DeBruijn(4).grundy != 0
    (DeBruijnRuleset(4)('{1,2,3,4}'), True)
    """
    ruleset = DeBruijnRuleset(n)
    return ruleset.position(ruleset.full)
