"""Two interchangeable heaps: the position format shared by :mod:`cgt.games.heap.wythoff` and
:mod:`cgt.games.heap.multiples`.

A position is the pair ``(a, b)`` as written, printed ``"a b"`` and parsed from ``"3 5"``, ``"3,5"`` or
``"(3, 5)"``; swapping the heaps gives the same game, so the value tables key it by the sorted pair
(``normal_form``).  Subclasses define ``options`` or ``moves``.

>>> class TakeOne(HeapPairRuleset):
...     '''Take one token from either heap.'''
...     def options(self, pos):
...         a, b = pos
...         return [p for p in ((a - 1, b), (a, b - 1)) if min(p) >= 0]
>>> T = TakeOne()
>>> T.normalize([5, 2]), T.format((2, 5)), T.parse("(5, 2)"), T.normal_form((5, 2)), T((1, 2)).grundy
((5, 2), '2 5', (5, 2), ((2, 5), False), 1)
>>> T.parse("5")
Traceback (most recent call last):
...
cgt.errors.InvalidPositionError: TakeOne: cannot parse '5' (want two heap sizes, e.g. '3 5')
"""

from __future__ import annotations

from cgt.runtime.arguments import integer_argument, is_digits
from cgt.errors import InvalidPositionError

from cgt.games.engine.ruleset import ImpartialRuleset

__all__ = ["HeapPairRuleset"]


class HeapPairRuleset(ImpartialRuleset):
    """Base class of impartial games on two interchangeable heaps; positions are pairs as written."""

    abstract = True

    def _label(self) -> str:
        """The name that starts error messages (the class name, e.g. ``Wythoff``)."""
        return type(self).__name__

    def normalize(self, pos) -> tuple[int, int]:
        """A pair of non-negative heap sizes (kept in the order given)."""
        try:
            a, b = pos
        except (TypeError, ValueError):
            raise InvalidPositionError(f"{self._label()}: {pos!r} is not a pair of heap sizes") from None
        return tuple(integer_argument(h, f"{self._label()}: heap size", minimum=0, error=InvalidPositionError)
                     for h in (a, b))

    def normal_form(self, pos):
        """The sorted pair: the heaps are interchangeable."""
        a, b = pos
        return ((a, b) if a <= b else (b, a)), False

    def format(self, pos) -> str:
        """``"a b"``."""
        return f"{pos[0]} {pos[1]}"

    def parse(self, text: str) -> tuple[int, int]:
        """``"3 5"``, ``"3,5"`` or ``"(3, 5)"``."""
        parts = text.strip().strip("()[]").replace(",", " ").split()
        if len(parts) != 2 or not all(is_digits(p) for p in parts):
            raise InvalidPositionError(
                f"{self._label()}: cannot parse {text!r} (want two heap sizes, e.g. '3 5')")
        return self.normalize((int(parts[0]), int(parts[1])))
