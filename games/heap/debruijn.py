"""De Bruijn's divisor game (Faigle Ex. 2.7; also "Divisors" / Schuh's game).

Rules: the numbers ``1, ..., n`` are written down; a move selects a number still present and erases it
together with all its divisors that are still present.  Normal play: the player who cannot move (nothing
is left) loses.  Impartial.  Remaining sets are closed under multiples (if ``d`` is erased so is every
divisor of it), and the game on a set is the game on its divisibility order, so a position splits into
the connected components of that order (numbers linked by divisibility), which are played as a sum.

``DeBruijn`` is a ruleset instance whose positions are the sets of remaining numbers (frozensets, printed
``{2,3}``): ``DeBruijn(12)`` is the starting position ``{1,...,12}``, ``DeBruijn({4, 5, 6})`` or
``DeBruijn("{4,5,6}")`` a later one.  A move is labelled by the number chosen.  The first player wins for
every ``n >= 1`` by strategy stealing (erasing 1 first cannot be better than the best reply), but no
explicit winning strategy is known (Faigle Ex. 2.7); the winning moves are found by search.

>>> [DeBruijn.winning_first_moves(n) for n in range(1, 7)]
[[1], [2], [1], [2], [4], [5, 6]]
>>> [str(m) for m in DeBruijn(3).winning_moves]       # choose 1: {2} + {3} = *1 + *1 = 0
['1 -> {2,3}']
"""

from __future__ import annotations

import ast

from cgt.runtime.arguments import integer_argument
from cgt.errors import InvalidPositionError, TooLargeError

from cgt.games.engine.ruleset import ImpartialRuleset

__all__ = ["DeBruijn"]

CATALOGUE = {"DeBruijn": "DeBruijn"}


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _mask(numbers) -> int:
    mask = 0
    for x in numbers:
        mask |= 1 << x
    return mask


class _DeBruijn(ImpartialRuleset):
    """De Bruijn's game; positions are frozensets of positive integers closed under multiples."""

    name = "DeBruijn"
    #: Largest number a position may hold.  Measured on the 2-core machine: the winning moves of DeBruijn(n)
    #: take 0.6 s at n = 40, 3.6 s and 110 MB (46,000 table entries) at 50, 26 s and 440 MB at 60, growing
    #: about 2.6x per 5; n = 70 is minutes and a few GB, beyond it hours: refused up front.
    max_n = 70
    #: Table cap (about 2.4 KB of memory per entry, measured at n = 50): TooLargeError near 5 GB.
    max_positions = 2_000_000

    def __init__(self) -> None:
        self._div = [0]          # _div[i]: divisors of i (including i), as a bit mask
        self._linked = [0]       # _linked[i]: numbers <= len - 1 comparable with i under divisibility

    def _grow(self, n: int) -> None:
        """Divisor and comparability masks for the numbers up to ``n``."""
        if n < len(self._div):
            return
        size = max(n + 1, 2 * len(self._div))
        div, linked = [0] * size, [0] * size
        for i in range(1, size):
            for j in range(i, size, i):
                div[j] |= 1 << i
                linked[i] |= 1 << j
                linked[j] |= 1 << i
        self._div, self._linked = div, linked

    def normalize(self, pos) -> frozenset:
        """``n`` (the start ``{1..n}``) or a collection of numbers closed under multiples -> a frozenset."""
        if isinstance(pos, int) and not isinstance(pos, bool):
            if pos < 0:
                raise InvalidPositionError(f"DeBruijn: n = {pos!r} must be a non-negative integer")
            if pos > self.max_n:
                raise TooLargeError(f"DeBruijn: n = {pos} is larger than {self.max_n}: the search would take hours (DeBruijn.max_n)")
            return frozenset(range(1, pos + 1))
        if isinstance(pos, (str, bytes)) or pos is None:
            raise InvalidPositionError(f"DeBruijn: {pos!r} is not n or a set of numbers (e.g. {{2, 3}})")
        try:
            numbers = frozenset(pos)
        except TypeError:
            raise InvalidPositionError(f"DeBruijn: {pos!r} is not n or a set of numbers") from None
        numbers = frozenset(integer_argument(x, "DeBruijn: number", minimum=1, error=InvalidPositionError)
                            for x in numbers)
        for x in numbers:
            if x > self.max_n:
                raise TooLargeError(f"DeBruijn: {x} is larger than {self.max_n}: the search would take hours (DeBruijn.max_n)")
        top = max(numbers, default=0)
        for x in sorted(numbers):
            for y in range(2 * x, top + 1, x):
                if y not in numbers:
                    raise InvalidPositionError(f"DeBruijn: {{{','.join(map(str, sorted(numbers)))}}} is not "
                                               f"reachable: it contains {x} but not its multiple {y}")
        return numbers

    def parse(self, text: str) -> frozenset:
        """``"12"`` (the start), ``"{2,3}"``, ``"[2, 3]"`` or ``"{}"``."""
        try:
            value = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError):
            raise InvalidPositionError(f"DeBruijn: cannot parse {text!r} (want n or a set such as {{2,3}})") from None
        if value == {}:
            value = set()
        return self.normalize(value)

    def format(self, pos) -> str:
        """``{2,3}``."""
        return "{" + ",".join(str(i) for i in sorted(pos)) + "}"

    def moves(self, pos, player=None):
        """Choose ``x`` (in increasing order): ``x`` and its divisors are erased."""
        top = max(pos, default=0)
        self._grow(top)
        div = self._div
        return [(x, frozenset(y for y in pos if not div[x] >> y & 1)) for x in sorted(pos)]

    def options(self, pos):
        """The sets one choice leaves."""
        return [option for _, option in self.moves(pos)]

    def components(self, pos):
        """Connected components of the divisibility order on the remaining numbers."""
        rest = _mask(pos)
        self._grow(max(pos, default=0))
        linked = self._linked
        parts = []
        while rest:
            comp = frontier = rest & -rest
            while frontier:
                grow = 0
                for i in _bits(frontier):
                    grow |= linked[i]
                frontier = grow & rest & ~comp
                comp |= frontier
            parts.append(frozenset(_bits(comp)))
            rest &= ~comp
        return parts if len(parts) > 1 else [pos]

    def winning_first_moves(self, n: int) -> list[int]:
        """The numbers whose choice as the first move on ``{1..n}`` wins (leaves a P-position)."""
        return [m.label for m in self(n).winning_moves]


DeBruijn = _DeBruijn()
DeBruijn.examples = (8, 10, frozenset({3, 5, 6, 7, 9, 10}))
