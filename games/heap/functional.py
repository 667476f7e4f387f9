"""Heap rulesets given by a function (CGSuite ``game.heap.HeapRuleset(fn)``, i.e. ``FunctionalHeapRuleset``).

``fn(n)`` returns the options of a heap of ``n``: a collection of collections of heap sizes, each the
disjunctive sum of those heaps (an empty collection is 0).  Options may mention heaps larger than ``n``;
values are found by a memoised depth-first search, and a cycle raises ``NotShortGameError``.  Build one
with ``HeapRuleset.from_function(fn)`` or ``FunctionalHeapRuleset(fn)``.

>>> halving = FunctionalHeapRuleset(lambda n: [[k] for k in range((n + 1) // 2, n)])
>>> halving.grundy_sequence(8)                       # as HeapRuleset's own example
[0, 0, 1, 0, 2, 1, 3, 0, 4]
>>> kayles = FunctionalHeapRuleset(lambda n: [[a, n - t - a] for t in (1, 2) for a in range(0, (n - t) // 2 + 1) if t <= n])
>>> kayles.grundy_sequence(12)                       # Kayles, Winning Ways ch. 4
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
>>> FunctionalHeapRuleset(lambda n: [[n + 1]] if n < 3 else [[1]])(2).grundy
Traceback (most recent call last):
...
cgt.errors.NotShortGameError: FunctionalHeapRuleset(<lambda>): 2 can be reached again from itself (a cycle), so the game is not short
"""

from __future__ import annotations

from functools import reduce
from operator import xor

from cgt.runtime.arguments import is_integer_value
from cgt.errors import InvalidPositionError
from cgt.impartial.grundy import mex

from cgt.games.heap.coordinate import FunctionRuleset, memo_values
from cgt.games.heap.ruleset import HeapRuleset

__all__ = ["FunctionalHeapRuleset"]

CATALOGUE = {"FunctionalHeapRuleset": "game.heap.HeapRuleset"}


def _nim_combine(_x, values) -> int:
    return mex(reduce(xor, vals, 0) for vals in values)


class FunctionalHeapRuleset(FunctionRuleset, HeapRuleset):
    """The heap ruleset whose heap of ``n`` has the options ``fn(n)``."""

    family_name = "HeapRuleset"
    function_signature = "a function n -> collection of heap lists"

    def heap_options(self, n: int):
        """``fn(n)`` validated: a list of tuples of non-negative heap sizes (no heaps for ``n = 0``)."""
        if n == 0:
            return []
        result = []
        for opt in self.fn(n):
            if isinstance(opt, int) and not isinstance(opt, bool):
                opt = (opt,)
            try:
                heaps = tuple(opt)
            except TypeError:
                raise InvalidPositionError(f"{self!r}: option {opt!r} of heap {n} is not a collection of heap "
                                           f"sizes") from None
            for h in heaps:
                if not is_integer_value(h) or h < 0:
                    raise InvalidPositionError(f"{self!r}: option {opt!r} of heap {n} has {h!r}, not a "
                                               f"non-negative heap size")
            result.append(tuple(h for h in heaps if h))
        return result

    def heap_grundy(self, n: int) -> int:
        """The nim value of one heap (only the heaps it reaches are computed)."""
        memo = self.table("heaps")
        memo[0] = 0
        return memo_values(n, self.heap_options, _nim_combine, memo, repr(self))

    def _extend(self, n: int) -> None:
        seq = self.known_grundy_values()
        memo = self.table("heaps")
        memo[0] = 0
        for m in range(len(seq), n + 1):
            seq.append(memo_values(m, self.heap_options, _nim_combine, memo, repr(self)))
