"""Wythoff's game (Wythoff 1907; Mignoty–Renard–Rigo–Whiteland, §2; Winning Ways ch. 15; CGSuite
``game.heap.Wythoff``).

Rules: two heaps; a move removes any positive number of tokens from one heap, or the same positive number
from both.  Impartial; normal play.  ``Wythoff`` is a ruleset instance: ``Wythoff(3, 5)`` (or
``Wythoff((3, 5))``) is the position with heaps 3 and 5, kept as written.  A move is labelled by what it
removes, ``(-2,0)``, ``(0,-2)`` or ``(-2,-2)``; every move is an option of its own, as CGSuite counts them
(``(4, 4)`` has 12).  The P-positions are ``(floor(n*phi), floor(n*phi^2))`` (Mignoty et al., Table 2:
``(0,0), (1,2), (3,5), (4,7), (6,10), (8,13)``).

>>> Wythoff.p_positions(6)
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
>>> Wythoff(4, 7).grundy, [str(m) for m in Wythoff(4, 8).winning_moves]
(0, ['(0,-1) -> 4 7'])
>>> len(Wythoff(4, 4).options)
12
"""

from __future__ import annotations

from math import isqrt

import numpy as np

from cgt.runtime.arguments import integer_argument
from cgt.errors import InvalidPositionError, TooLargeError
from cgt.kernel.outcome import Outcome
from cgt.impartial.grundy import mex
from cgt.experiments.rules import MoveStructure
from cgt.games.heap.pair import HeapPairRuleset

__all__ = ["GenWythoff", "Wythoff"]

CATALOGUE = {"GenWythoff": "game.heap.GenWythoff", "Wythoff": "game.heap.Wythoff"}


class GenWythoff(MoveStructure, HeapPairRuleset):
    """Generalised Wythoff (CGSuite ``game.heap.GenWythoff(bound)``): from ``(a, b)`` remove any positive
    amount from one heap, or ``k`` from one and ``l`` from the other with ``0 < k <= l < bound(k)`` (either
    way round).  ``Wythoff`` is ``bound(k) = k + 1``; ``GenWythoff(lambda k: k + r)`` is Fraenkel's
    r-Wythoff (A. S. Fraenkel, "How to beat your Wythoff games' opponent on three fronts", Amer. Math.
    Monthly 89 (1982)), whose P-positions are ``(floor(n a), floor(n a) + r n)`` with
    ``a = (2 - r + sqrt(r^2 + 4)) / 2``: for ``r = 2``, ``(0,0), (1,3), (2,6), (4,10)``.

    It describes its moves in the structural form of :mod:`cgt.experiments` (Nim moves, and the two-heap
    moves as a vectorised ``extra``), so the P-position sweeps there read it by arrays, not option lists.

    >>> two = GenWythoff(lambda k: k + 2)
    >>> [(a, b) for b in range(11) for a in range(b + 1) if two((a, b)).grundy == 0]
    [(0, 0), (1, 3), (2, 6), (4, 10)]
    >>> [str(m) for m in two((1, 2)).moves()]
    ['(-1,0) -> 0 2', '(0,-1) -> 1 1', '(0,-2) -> 1 0', '(-1,-1) -> 0 1', '(-1,-2) -> 0 0']
    """

    def __init__(self, bound, name: str | None = None) -> None:
        if not callable(bound):
            raise InvalidPositionError(f"GenWythoff: bound {bound!r} is not a function k -> bound")
        self.bound = bound
        if name is not None:
            self.name = name

    def params(self) -> tuple:
        return (self.bound,)

    def __repr__(self) -> str:
        if self.name is not None:
            return self.name
        return f"GenWythoff({getattr(self.bound, '__name__', self.bound)})"

    def _label(self) -> str:
        return repr(self)

    # -- the move structure, as cgt.experiments reads it (P-positions by arrays, not option lists) -------
    has_extra = True

    def extra(self, a, b, k, l):
        """Which of the two-heap moves ``(k, l)`` (arrays) are legal: ``0 < min(k, l)`` and
        ``max(k, l) < bound(min(k, l))``; the same from every position (the ruleset is invariant)."""
        k, l = np.broadcast_arrays(np.asarray(k), np.asarray(l))
        small, large = np.minimum(k, l), np.maximum(k, l)
        return (small > 0) & (large < self._bounds(int(small.max(initial=0)))[small])

    def _bounds(self, top: int) -> np.ndarray:
        """``bound(k)`` for ``k = 0..top`` (at least), kept and grown as needed."""
        table = self.table("bounds").get("array")
        if table is None or len(table) <= top:
            size = max(top + 1, 2 * (0 if table is None else len(table)), 64)
            values = [min(int(self.bound(k)), 2**62) if k else 0 for k in range(size)]
            table = self.table("bounds")["array"] = np.array(values, dtype=np.int64)
        return table

    def nim_value_table(self, max_row: int, max_col: int) -> list[list[int]]:
        """Nim values of ``(m, n)`` for ``0 <= m <= max_row``, ``0 <= n <= max_col`` (CGSuite's
        ``NimValueTable`` of a coordinate schema).

        >>> Wythoff.nim_value_table(2, 3)
        [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5]]
        """
        max_row = integer_argument(max_row, f"{self._label()}: nim_value_table", minimum=0, error=InvalidPositionError)
        max_col = integer_argument(max_col, f"{self._label()}: nim_value_table", minimum=0, error=InvalidPositionError)
        return [[self.grundy((m, n)) for n in range(max_col + 1)] for m in range(max_row + 1)]

    def _pairs(self, a: int, b: int):
        """``(k, l)`` amounts removed from (first, second) heap by a two-heap move."""
        result = []
        for k in range(1, min(a, b) + 1):
            top = self.bound(k)
            for l in range(k, top):
                if l <= b:
                    result.append((k, l))
                if l != k and l <= a:
                    result.append((l, k))
                if l > max(a, b):
                    break
        return result

    def moves(self, pos, player=None):
        """Take ``t`` from the first heap, from the second, or ``(k, l)`` from both."""
        a, b = pos
        result = [(f"(-{t},0)", (a - t, b)) for t in range(1, a + 1)]
        result += [(f"(0,-{t})", (a, b - t)) for t in range(1, b + 1)]
        result += [(f"(-{k},-{l})", (a - k, b - l)) for k, l in self._pairs(a, b)]
        return result

    def options(self, pos):
        """The positions one move reaches, one per move."""
        return [option for _, option in self.moves(pos)]

    def grundy(self, pos) -> int:
        """Nim value from a table filled in increasing order (no recursion)."""
        a, b = sorted(pos)
        table = self.table("g")
        if (a, b) not in table:
            top = max(a, b)
            for y in range(top + 1):
                for x in range(y + 1):
                    if (x, y) not in table:
                        table[(x, y)] = mex(table[tuple(sorted(o))] for o in self.options((x, y)))
        return table[(a, b)]


class _Wythoff(GenWythoff):
    """Wythoff's game on two heaps: ``GenWythoff(lambda k: k + 1)`` with an array-based table.

    Its two-heap moves are the diagonal ``l - k = 0`` (the same amount from both heaps), which the sweeps of
    :mod:`cgt.experiments` treat by the linear mex construction.

    >>> from cgt.experiments import p_positions
    >>> p_positions(Wythoff, 13)
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
    """

    name = "Wythoff"
    diagonals = (0,)
    has_extra = False

    def __init__(self) -> None:
        super().__init__(_wythoff_bound)

    def _label(self) -> str:
        return "Wythoff"

    def moves(self, pos, player=None):
        """Take ``t`` from the first heap, from the second, or from both."""
        a, b = pos
        result = [(f"(-{t},0)", (a - t, b)) for t in range(1, a + 1)]
        result += [(f"(0,-{t})", (a, b - t)) for t in range(1, b + 1)]
        result += [(f"(-{t},-{t})", (a - t, b - t)) for t in range(1, min(a, b) + 1)]
        return result

    def options(self, pos):
        """The positions one move reaches, one per move."""
        return [option for _, option in self.moves(pos)]

    def grundy(self, pos) -> int:
        """Grundy value from the table (array-based)."""
        a, b = pos
        return self._full_table(max(a, b))[a][b]

    def grundy_table(self, n: int) -> list[list[int]]:
        """``g(a, b)`` for ``0 <= a, b <= n``: each value is the mex of its row, column and diagonal
        predecessors, kept as bit sets so the table costs O(n^2) set operations.

        >>> Wythoff.grundy_table(3)
        [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5], [3, 4, 5, 6]]
        """
        return [row[: n + 1] for row in self._full_table(n)[: n + 1]]

    #: Largest side of the Grundy table (its cells cost memory quadratically).
    max_table_side = 4096

    def _full_table(self, n: int) -> list[list[int]]:
        if n >= self.max_table_side:
            raise TooLargeError(
                f"Wythoff: a heap of {n} needs a {n + 1} x {n + 1} Grundy table, over the limit of "
                f"{self.max_table_side} per side (P-positions in closed form: Wythoff.p_positions)"
            )
        table = self.__dict__.get("_gtable")
        if table is not None and len(table) > n:
            return table
        self.table("values")                   # registers the ruleset with cgt.clear_caches()
        size = min(max(n + 1, 2 * len(table) if table else 16), self.max_table_side)
        rows = [0] * size                  # bit set of values g(a, j) for j < b, per a
        cols = [0] * size                  # bit set of values g(i, b) for i < a, per b
        diags = {}                         # bit set of values along each diagonal b - a
        table = [[0] * size for _ in range(size)]
        for a in range(size):
            for b in range(size):
                seen = rows[a] | cols[b] | diags.get(b - a, 0)
                g = (~seen & (seen + 1)).bit_length() - 1
                table[a][b] = g
                bit = 1 << g
                rows[a] |= bit
                cols[b] |= bit
                diags[b - a] = diags.get(b - a, 0) | bit
        self.__dict__["_gtable"] = table
        return table

    @staticmethod
    def p_positions(count: int) -> list[tuple[int, int]]:
        """The first ``count`` P-positions ``(floor(n phi), floor(n phi^2))``, with exact integer arithmetic.

        ``floor(n phi) = (n + isqrt(5 n^2)) // 2`` and ``floor(n phi^2) = floor(n phi) + n``.
        """
        return [((n + isqrt(5 * n * n)) // 2, (n + isqrt(5 * n * n)) // 2 + n) for n in range(count)]

    # -- closed forms (Wythoff 1907): exact for heaps of any size ----------------------------------------
    @staticmethod
    def is_p_position(a: int, b: int) -> bool:
        """Whether ``(a, b)`` is a P-position: ``{a, b} = {floor(n phi), floor(n phi^2)}`` for some ``n``.

        >>> Wythoff.is_p_position(3, 5), Wythoff.is_p_position(10**30, 10**30 + 1)
        (True, False)
        """
        a, b = min(a, b), max(a, b)
        return _lower_wythoff(b - a) == a

    def outcome(self, pos):
        """``P`` exactly at the P-positions (closed form), else ``N`` -- instant for heaps of any size."""
        return Outcome.P if self.is_p_position(*pos) else Outcome.N

    def winning_moves(self, pos, player=None) -> list:
        """The moves to P-positions; beyond the Grundy table, found from the closed form.

        >>> Wythoff.winning_moves((10**20, 10**20 + 7))     # the P-position of gap 7 is (11, 18)
        [('(-99999999999999999989,-99999999999999999989)', (11, 18))]
        """
        if max(pos) < self.max_table_side:
            return super().winning_moves(pos, player)
        a, b = pos
        targets = []
        for x, y, swap in ((a, b, False), (b, a, True)):      # keep heap x, lower heap y to x's partner
            for partner in _wythoff_partners(x):
                if partner < y:
                    targets.append((x, partner) if not swap else (partner, x))
        d = abs(b - a)
        low = _lower_wythoff(d)
        if low < min(a, b):                                    # both heaps down to the P-position of gap d
            t = min(a, b) - low
            targets.append((a - t, b - t))
        result = []
        for option in dict.fromkeys(targets):
            da, db = a - option[0], b - option[1]
            result.append((f"({-da},{-db})", option))
        return result

    def clear_cache(self) -> None:
        """Forget memoised values and the Grundy table."""
        super().clear_cache()
        self.__dict__.pop("_gtable", None)


def _lower_wythoff(n: int) -> int:
    """``floor(n phi)``, exactly: ``(n + isqrt(5 n^2)) // 2``."""
    return (n + isqrt(5 * n * n)) // 2


def _wythoff_partners(x: int) -> list[int]:
    """The heaps ``y`` with ``(x, y)`` a P-position (one value, or none for x = 0 besides 0 itself).

    Every positive integer is in exactly one of the complementary Beatty sequences floor(n phi) and
    floor(n phi^2) (Beatty's theorem): x = floor(n phi) pairs with x + n, x = floor(n phi^2) with x - n.
    """
    if x == 0:
        return [0]
    guess = (isqrt(5 * x * x) - x) // 2                    # about x / phi
    for n in (guess - 1, guess, guess + 1, guess + 2):
        if n > 0 and _lower_wythoff(n) == x:
            return [x + n]
    guess = (3 * x - isqrt(5 * x * x)) // 2                # about x / phi^2
    for n in (guess - 1, guess, guess + 1, guess + 2):
        if n > 0 and _lower_wythoff(n) + n == x:
            return [x - n]
    raise AssertionError(f"{x} is in neither Beatty sequence")  # impossible by Beatty's theorem


def _wythoff_bound(k: int) -> int:
    return k + 1


Wythoff = _Wythoff()
Wythoff.examples = ((4, 6), (7, 5), (3, 9))
