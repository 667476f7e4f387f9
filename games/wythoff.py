"""Wythoff's game (Wythoff 1907; seed 004: Mignoty–Renard–Rigo–Whiteland §2; Winning Ways ch. 15).

Rules: two heaps; a move removes any positive number of tokens from one heap, or the same positive number
from both.  Impartial; normal play.  Positions are sorted pairs ``(a, b)``; ``Wythoff()((3, 5))`` or
``Wythoff()(3, 5)``.  The P-positions are ``(floor(n*phi), floor(n*phi^2))`` (seed 004, Table 2:
``(0,0), (1,2), (3,5), (4,7), (6,10), (8,13)``).

>>> W = Wythoff()
>>> [pair for pair in W.p_positions(6)]
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
>>> W((4, 7)).grundy, [str(p) for p in W((4, 8)).winning_moves]
(0, ['4 7'])
"""

from __future__ import annotations

from math import isqrt

from cgt.errors import TooLargeError
from cgt.games.heap_pair import HeapPairRuleset

__all__ = ["Wythoff"]


class Wythoff(HeapPairRuleset):
    """Wythoff's game on two heaps."""

    def options(self, pos):
        """Take from one heap, or the same amount from both."""
        a, b = pos
        result = {}
        for k in range(a):
            result.setdefault(self.normalize((k, b)), None)
        for k in range(b):
            result.setdefault(self.normalize((a, k)), None)
        for t in range(1, a + 1):
            result.setdefault((a - t, b - t), None)
        return list(result)

    def grundy(self, pos) -> int:
        """Grundy value from the table (array-based)."""
        a, b = pos
        return self._full_table(b)[a][b]

    def grundy_table(self, n: int) -> list[list[int]]:
        """``g(a, b)`` for ``0 <= a, b <= n``: each value is the mex of its row, column and diagonal
        predecessors, kept as bit sets so the table costs O(n^2) set operations.

        >>> Wythoff().grundy_table(3)
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

    def clear_cache(self) -> None:
        """Forget memoised values and the Grundy table."""
        super().clear_cache()
        self.__dict__.pop("_gtable", None)
