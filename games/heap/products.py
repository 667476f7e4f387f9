"""Rulesets made of two heap rulesets (CGSuite's ``HeapRuleset`` methods ``Join``, ``AcrosticProduct`` and
``DirectProduct``; ``PartizanJoin`` and ``CakeProduct`` build :class:`~cgt.games.heap.partizan_heap.
PartizanHeapRuleset` and :class:`~cgt.games.heap.cutcake.GenCutcake`).

* :class:`JoinedHeapRuleset` ``(A, B)`` -- a heap moves by either ruleset (the union of their moves);
* :class:`AcrosticProduct` ``(A, B)`` -- positions are pairs ``(m, n)``; a move plays ``A`` on the first
  coordinate or ``B`` on the second (a heap option of several heaps gives the sum of the pairs, one per
  heap; taking a whole heap leaves coordinate 0, so the other coordinate stays in play);
* :class:`DirectProduct` ``(A, B)`` -- the Tartan product: a move takes ``m`` to an option ``m'`` under
  ``A`` *and* ``n`` to ``n'`` under ``B``, and leaves ``(m', n) + (m, n') + (m', n')``.  The Tartan
  theorem (Winning Ways, ch. 14) says its nim values are the nim products of the factors' nim values.

>>> from cgt.games import Nim
>>> DirectProduct(Nim, Nim).nim_value_table(3, 3)          # Turning Corners: the nim products of 0..3
[[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]
>>> AcrosticProduct(Nim, Nim).nim_value_table(2, 2)         # rook moves: two-heap Nim, m XOR n
[[0, 1, 2], [1, 0, 3], [2, 3, 0]]
"""

from __future__ import annotations

from cgt.errors import InvalidPositionError

from cgt.games.heap.coordinate import CoordinateRuleset
from cgt.games.heap.ruleset import HeapRuleset

__all__ = ["JoinedHeapRuleset", "AcrosticProduct", "DirectProduct"]

CATALOGUE = {"JoinedHeapRuleset": None, "AcrosticProduct": None, "DirectProduct": None}


def _heap_rulesets(kind: str, first, second) -> None:
    for which, r in (("first", first), ("second", second)):
        if not isinstance(r, HeapRuleset):
            raise InvalidPositionError(f"{kind}: the {which} ruleset {r!r} is not a heap ruleset")


class _OfTwo:
    """A ruleset built from two heap rulesets: compared, hashed and printed by them."""

    operation = ""

    def __init__(self, first, second) -> None:
        _heap_rulesets(type(self).__name__, first, second)
        self.first, self.second = first, second

    def params(self) -> tuple:
        return (self.first, self.second)

    def __repr__(self) -> str:
        return f"{self.first!r}.{self.operation}({self.second!r})"


class JoinedHeapRuleset(_OfTwo, HeapRuleset):
    """A heap moves by either ruleset (CGSuite ``A.Join(B)``).

    >>> from cgt.games import Subtraction
    >>> Subtraction([1]).join(Subtraction([3])).grundy_sequence(8) == Subtraction([1, 3]).grundy_sequence(8)
    True
    """

    operation = "Join"

    def heap_options(self, n: int):
        """The options of either ruleset, each once."""
        return list(dict.fromkeys(tuple(sorted(o)) for r in (self.first, self.second) for o in r.heap_options(n)))


def _heaps(option) -> tuple:
    """The heaps of a heap option; a whole heap taken leaves heap 0 (a coordinate stays a coordinate)."""
    return tuple(option) or (0,)


class AcrosticProduct(_OfTwo, CoordinateRuleset):
    """Play ``first`` on the first coordinate or ``second`` on the second (CGSuite ``A.AcrosticProduct(B)``)."""

    operation = "AcrosticProduct"

    def coordinate_options(self, coord):
        m, n = coord
        return ([tuple((a, n) for a in _heaps(o)) for o in self.first.heap_options(m)]
                + [tuple((m, b) for b in _heaps(o)) for o in self.second.heap_options(n)])


class DirectProduct(_OfTwo, CoordinateRuleset):
    """The Tartan product (CGSuite ``A.DirectProduct(B)``): one move in each coordinate at once, leaving
    ``(m', n) + (m, n') + (m', n')``."""

    operation = "DirectProduct"

    def coordinate_options(self, coord):
        m, n = coord
        result = []
        for o in self.first.heap_options(m):
            left = _heaps(o)
            for p in self.second.heap_options(n):
                right = _heaps(p)
                result.append(tuple((a, n) for a in left) + tuple((m, b) for b in right)
                              + tuple((a, b) for a in left for b in right))
        return result
