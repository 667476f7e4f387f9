"""The 31st-December games (Backhouse, Algorithmic Problem Solving, Ex. 4.1).

Rules: players alternately name dates; the first date named must come after 1 January (the start) and the
player who names 31 December wins (normal play: from 31 December no move is left).  Variant ``"a"``: name
the 1st of the next month, or a later day of the same month.  Variant ``"b"``: name the next day of the
same month, or the 1st of the next month.  ``leap=True`` gives February 29 days.  Positions are
``(month, day)`` tuples, printed like ``1 Jan``.

>>> [str(m) for m in December31("a")((1, 1)).winning_moves]     # (a): name the last day of the month
['31 Jan']
>>> str(December31("b")((1, 1)).outcome), str(December31("b", leap=True)((1, 1)).outcome)
('P', 'P')
"""

from __future__ import annotations

import re

from cgt.errors import InvalidPositionError

from cgt.games.engine.ruleset import ImpartialRuleset

__all__ = ["December31"]

CATALOGUE = {"December31": "December31"}

_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


class December31(ImpartialRuleset):
    """The 31st-December game, variant ``"a"`` or ``"b"`` of Backhouse's Ex. 4.1."""

    def __init__(self, variant: str = "a", leap: bool = False) -> None:
        if variant not in ("a", "b"):
            raise InvalidPositionError(f"December31: variant {variant!r} is not 'a' or 'b'")
        self.variant = variant
        self.leap = bool(leap)

    def params(self) -> tuple:
        return (self.variant, True) if self.leap else (self.variant,)

    def days_in(self, month: int) -> int:
        """Days in ``month`` (1-12)."""
        return 29 if (month == 2 and self.leap) else _LENGTHS[month - 1]

    def normalize(self, pos) -> tuple[int, int]:
        """A ``(month, day)`` pair naming a real date."""
        try:
            month, day = pos
        except (TypeError, ValueError):
            raise InvalidPositionError(f"December31: {pos!r} is not a (month, day) pair") from None
        if not (isinstance(month, int) and isinstance(day, int) and 1 <= month <= 12
                and 1 <= day <= self.days_in(month)):
            raise InvalidPositionError(f"December31: {pos!r} is not a date of the year")
        return (month, day)

    def parse(self, text: str) -> tuple[int, int]:
        """``"31 Dec"``, ``"Dec 31"`` or ``"12/31"``."""
        s = text.strip()
        m = re.fullmatch(r"(\d+)\s*([A-Za-z]{3})[a-z]*|([A-Za-z]{3})[a-z]*\s*(\d+)|(\d+)\s*[/-]\s*(\d+)", s)
        if not m:
            raise InvalidPositionError(f"December31: cannot parse the date {text!r} (want e.g. '31 Dec')")
        if m.group(1):
            day, name = int(m.group(1)), m.group(2)
        elif m.group(3):
            name, day = m.group(3), int(m.group(4))
        else:
            return self.normalize((int(m.group(5)), int(m.group(6))))
        name = name.capitalize()
        if name not in _MONTHS:
            raise InvalidPositionError(f"December31: {name!r} is not a month")
        return self.normalize((_MONTHS.index(name) + 1, day))

    def format(self, pos) -> str:
        """``"31 Dec"``."""
        return f"{pos[1]} {_MONTHS[pos[0] - 1]}"

    def options(self, pos):
        """The dates the next player may name."""
        month, day = pos
        result = []
        if self.variant == "a":
            result.extend((month, d) for d in range(day + 1, self.days_in(month) + 1))
        elif day < self.days_in(month):
            result.append((month, day + 1))
        if month < 12:
            result.append((month + 1, 1))
        return result
