"""Take-and-break codes as CGSuite and Winning Ways write them: ``"0.77"``, ``"0.137"``, ``"4.7"``, ``"0.[3]"``.

The code ``d0.d1 d2 d3 ...`` says what may be done to one heap: digit ``d_j`` (``j >= 1``) is a sum of

* ``1`` -- remove ``j`` tokens when that is the whole heap (leave no heap),
* ``2`` -- remove ``j`` tokens and leave one non-empty heap,
* ``4`` -- remove ``j`` tokens and split the rest into two non-empty heaps,
* ``8`` -- (hexadecimal digits ``8``–``F``) remove ``j`` tokens and leave three non-empty heaps.

``d0`` (before the point) may only contain 4 and 8: split a heap without removing anything.  Digits in
brackets repeat forever (``"0.[3]"`` is Nim: remove any number).  A ``!`` after a digit requires the heaps
it leaves to be pairwise unequal (``"4!.0"`` is Grundy's game).  (Winning Ways ch. 4; CGSuite's
``TakeAndBreak``.)

>>> c = parse_code("0.137")
>>> c.digit(1), c.digit(2), c.digit(3), c.digit(4), c.max_take, c.max_parts
(1, 3, 7, 0, 3, 2)
>>> str(parse_code("0.[3]")), parse_code("0.[3]").digit(1000), parse_code("0.[3]").max_take is None
('0.[3]', 3, True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cgt.errors import InvalidPositionError

__all__ = ["Code", "parse_code"]

_DIGIT = r"[0-9A-Fa-f]!?"
_CODE = re.compile(rf"^({_DIGIT})?\.((?:{_DIGIT})*)(?:\[((?:{_DIGIT})+)\])?$")


@dataclass(frozen=True)
class Code:
    """A parsed take-and-break code: ``digits[j]`` for ``j = 0..k``, an optional repeating part."""

    digits: tuple[int, ...]             # d0, d1, ..., dk (finite part)
    repeat: tuple[int, ...]             # repeating digits after dk (empty if finite)
    unequal: tuple[bool, ...]           # '!' flags, parallel to digits
    repeat_unequal: tuple[bool, ...]    # '!' flags, parallel to repeat

    def digit(self, j: int) -> int:
        """The digit for removing ``j`` tokens."""
        if j < len(self.digits):
            return self.digits[j]
        if not self.repeat:
            return 0
        return self.repeat[(j - len(self.digits)) % len(self.repeat)]

    def is_unequal(self, j: int) -> bool:
        """Whether the heaps left after removing ``j`` must be pairwise unequal (``!``)."""
        if j < len(self.digits):
            return self.unequal[j]
        if not self.repeat:
            return False
        return self.repeat_unequal[(j - len(self.digits)) % len(self.repeat)]

    @property
    def max_take(self) -> int | None:
        """The largest number of tokens a move removes (``None`` if unbounded)."""
        if self.repeat and any(self.repeat):
            return None
        k = len(self.digits) - 1
        while k > 0 and self.digits[k] == 0:
            k -= 1
        return k

    @property
    def max_parts(self) -> int:
        """The largest number of heaps a move leaves (1, 2 or 3)."""
        bits = 0
        for d in self.digits + self.repeat:
            bits |= d
        return 3 if bits & 8 else 2 if bits & 4 else 1

    @property
    def has_unequal(self) -> bool:
        """Whether any digit carries the ``!`` (unequal heaps) flag."""
        return any(self.unequal) or any(self.repeat_unequal)

    def __str__(self) -> str:
        def show(ds, flags):
            return "".join(f"{d:X}" + ("!" if f else "") for d, f in zip(ds, flags))

        text = show(self.digits[:1], self.unequal[:1]) + "." + show(self.digits[1:], self.unequal[1:])
        if self.repeat:
            text += "[" + show(self.repeat, self.repeat_unequal) + "]"
        return text


def _split(group: str | None) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    if not group:
        return (), ()
    items = re.findall(_DIGIT, group)
    return tuple(int(x[0], 16) for x in items), tuple(x.endswith("!") for x in items)


def parse_code(text: str) -> Code:
    """Parse a take-and-break code; a bad code raises :class:`~cgt.errors.InvalidPositionError`.

    >>> parse_code("0.77").digits
    (0, 7, 7)
    >>> parse_code("0.7x")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPositionError: take-and-break code '0.7x' is not of the form d0.d1d2... (e.g. '0.77', '4.7', '0.[3]')
    """
    if not isinstance(text, str):
        raise InvalidPositionError(f"take-and-break code {text!r} is not a string such as '0.77'")
    s = text.strip()
    match = _CODE.match(s)
    if not match:
        raise InvalidPositionError(f"take-and-break code {text!r} is not of the form d0.d1d2... (e.g. '0.77', "
                                   f"'4.7', '0.[3]')")
    d0, f0 = _split(match.group(1))
    rest, frest = _split(match.group(2))
    rep, frep = _split(match.group(3))
    digits = (d0 or (0,)) + rest
    flags = (f0 or (False,)) + frest
    if digits[0] & 3:
        raise InvalidPositionError(f"take-and-break code {text!r}: digit d0 = {digits[0]} would allow a move "
                                   f"that removes nothing and leaves one heap; d0 may only be 0, 4, 8 or 12")
    return Code(digits, rep, flags, frep)
