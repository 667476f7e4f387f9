"""Take-away games with memory: ``GenMem``, ``Mem``, ``TakeAway`` and ``FibonacciNim`` (CGSuite
``game.heap.GenMem``).

Rules: a position is a pair ``(n, k)``: ``n`` tokens are left and ``k`` tokens were removed on the previous
turn (the "memory").  A move removes ``a`` tokens, ``1 <= a <= n``, where ``predicate(k, a)`` holds, and
leads to ``(n - a, a)``.  Impartial; normal play.

* ``Mem``: ``a >= k`` (take at least as many as your opponent just took).
* ``TakeAway(limit)``: ``a <= limit * k`` (or ``a <= limit(k)`` for a function).
* ``FibonacciNim = TakeAway(2)``: at most twice the previous move.  With memory 0 no move is possible, so
  the first move of a game on ``n`` tokens (any ``a < n``, Whinihan's rule) is supplied by the caller.

M. J. Whinihan, "Fibonacci Nim", *Fibonacci Quarterly* 1 (1963) 9-13: ``(n, k)`` is a P-position exactly
when the smallest term of the Zeckendorf representation of ``n`` exceeds ``2k``; hence a game on ``n``
tokens whose first move may take anything but the whole pile is a second-player win exactly when ``n`` is
a Fibonacci number.

>>> [n for n in range(2, 40) if all(FibonacciNim((n - a, a)).grundy for a in range(1, n))]
[2, 3, 5, 8, 13, 21, 34]
>>> [str(p) for p in FibonacciNim((10, 3)).winning_moves]       # 10 = 8 + 2: take 2
['-2 -> (8,2)']
>>> Mem.nim_value_table(3, 3)    # e.g. (3,3) -> (0,3) only: *1; (1,2) has no move: 0
[[0, 0, 0, 0], [1, 1, 0, 0], [2, 2, 1, 0], [1, 1, 1, 1]]
"""

from __future__ import annotations

from fractions import Fraction

from cgt.errors import InvalidPositionError

from cgt.games.heap.coordinate import CoordinateRuleset, FunctionRuleset

__all__ = ["GenMem", "Mem", "TakeAway", "FibonacciNim"]

CATALOGUE = {"GenMem": "game.heap.GenMem", "Mem": "game.heap.Mem", "TakeAway": "game.heap.TakeAway",
             "FibonacciNim": "game.heap.FibonacciNim"}


class GenMem(FunctionRuleset, CoordinateRuleset):
    """The memory game of ``predicate(memory, a)``: from ``(n, k)`` to ``(n - a, a)``."""

    family_name = "GenMem"
    function_signature = "a function (memory, j) -> bool"

    @property
    def predicate(self):
        """The function ``(memory, j) -> bool`` saying whether ``j`` tokens may be taken."""
        return self.fn

    def normalize(self, pos):
        pos = super().normalize(pos)
        for n, k in pos:
            if n < 0 or k < 0:
                raise InvalidPositionError(f"{self!r}: ({n},{k}) has a negative count (want tokens n >= 0, "
                                           f"memory k >= 0)")
        return pos

    def coordinate_options(self, coord):
        n, k = coord
        return [(n - a, a) for a in range(1, n + 1) if self.predicate(k, a)]

    def moves(self, pos, player=None):
        """Labelled by the number taken, ``-a``."""
        result = []
        for i, (n, k) in enumerate(pos):
            for a in range(1, n + 1):
                if self.predicate(k, a):
                    result.append((f"-{a}", pos[:i] + ((n - a, a),) + pos[i + 1:]))
        return result


def _at_least(memory: int, j: int) -> bool:
    return j >= memory


Mem = GenMem(_at_least, name="Mem")


class TakeAway(GenMem):
    """``TakeAway(limit)``: remove at most ``limit * k`` (``limit`` a number) or ``limit(k)`` (a function).

    >>> TakeAway(1).nim_value_table(2, 2)          # at most what was just taken
    [[0, 0, 0], [0, 1, 1], [0, 0, 2]]
    """

    def __init__(self, limit, name: str | None = None) -> None:
        if callable(limit):
            self.limit = limit
            bound = limit
        else:
            try:
                value = Fraction(limit)
            except (TypeError, ValueError):
                raise InvalidPositionError(f"TakeAway: limit {limit!r} is not a number or a function") from None
            if value <= 0:
                raise InvalidPositionError(f"TakeAway: limit {limit!r} must be positive")
            self.limit = value

            def bound(memory, value=value):
                return memory * value
        super().__init__(lambda memory, j: j <= bound(memory), name=name)

    def params(self) -> tuple:
        return (self.limit,)


FibonacciNim = TakeAway(2, name="FibonacciNim")
Mem.examples = ((5, 2), ((3, 1), (4, 2)), (7, 3))
FibonacciNim.examples = ((12, 11), (9, 8), (20, 19))
