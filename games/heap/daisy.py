"""Backhouse's daisy game: petals round a circle; a move removes 1..M adjacent petals.

Rules (R. Backhouse, *Algorithmic Problem Solving*, Wiley 2011, ch. 4, exercise "The Daisy Problem"): a
daisy has ``n`` petals arranged in a circle.  Two players alternate; a move removes between 1 and ``M``
*adjacent* petals; whoever removes the last petal wins (normal play).  Impartial.

The first move opens the circle into a row of ``n - k`` petals; from then on a row is the octal game
``0.77…7`` (``M`` sevens: remove 1..M adjacent petals from a row, leaving 0, 1 or 2 rows), and the rows
are independent heaps of it.  Positions are ``(n, M)`` for the circle (``Daisy(16, 2)``) and, after the
first move, ``("row", M, r1, r2, ...)``; they print as ``"daisy 16 max 2"`` and ``"rows 7 6 max 2"``.
Moves are labelled by the number of petals taken and the rows left.

Backhouse's answer (end of ch. 4): the **second** player wins by symmetry -- the first move breaks the
circle, the reply removes the petals opposite, leaving two equal rows, and copying keeps them equal.  The
copy needs a reply of the right parity, so it works when ``n > M >= 2``; with ``M = 1`` the game is pure
parity (second player wins iff ``n`` is even), and with ``n <= M`` the first player takes every petal.
``docs/daisy.md`` checks this with the library.

>>> Daisy(16, 2).grundy, Daisy(7, 2).grundy, Daisy(7, 1).grundy, Daisy(3, 3).grundy
(0, 0, 1, 3)
>>> [str(m) for m in Daisy(4, 2).moves()]
['take 1 -> rows 3 max 2', 'take 2 -> rows 2 max 2']
"""

from __future__ import annotations

import re
from functools import reduce
from operator import xor

from cgt.runtime.arguments import integer_argument, is_digits
from cgt.errors import InvalidPositionError
from cgt.impartial.grundy import mex

from cgt.games.engine.ruleset import ImpartialRuleset
from cgt.games.heap.take_and_break import TakeAndBreak

__all__ = ["Daisy"]

CATALOGUE = {"Daisy": "Daisy"}

_CIRCLE = re.compile(r"^\s*daisy\s+(\d+)\s+max\s+(\d+)\s*$", re.IGNORECASE)
_ROWS = re.compile(r"^\s*rows((?:\s+\d+)*)\s+max\s+(\d+)\s*$", re.IGNORECASE)


def _count(what: str, value, low: int) -> int:
    return integer_argument(value, f"Daisy: {what}", minimum=low, error=InvalidPositionError)


class DaisyRuleset(ImpartialRuleset):
    """The daisy game (see the module docstring); the only instance is :data:`Daisy`."""

    abstract = False
    name = "Daisy"

    def row_game(self, m: int) -> TakeAndBreak:
        """The octal game of a row when at most ``m`` adjacent petals may go: ``0.77…7`` (``m`` sevens)."""
        return TakeAndBreak("0." + "7" * m)

    def normalize(self, pos):
        """``(n, M)`` (a circle of ``n`` petals) or ``("row", M, r1, r2, ...)`` (rows of petals)."""
        if not isinstance(pos, tuple) or not pos:
            raise InvalidPositionError(f"Daisy: {pos!r} is neither (n, M) nor ('row', M, r1, ...)")
        if pos[0] == "row":
            if len(pos) < 2:
                raise InvalidPositionError(f"Daisy: {pos!r} names no M")
            m = _count("M", pos[1], 1)
            return ("row", m) + tuple(_count("a row", r, 0) for r in pos[2:])
        if len(pos) != 2:
            raise InvalidPositionError(f"Daisy: {pos!r} is not (petals n, largest take M)")
        return (_count("petals n", pos[0], 0), _count("M", pos[1], 1))

    def parse(self, text: str):
        """``"daisy 16 max 2"``, ``"rows 7 6 max 2"`` or ``"16 2"`` (a circle)."""
        m = _CIRCLE.match(text)
        if m:
            return self.normalize((int(m.group(1)), int(m.group(2))))
        m = _ROWS.match(text)
        if m:
            return self.normalize(("row", int(m.group(2))) + tuple(int(x) for x in m.group(1).split()))
        parts = text.replace(",", " ").strip("() ").split()
        if len(parts) == 2 and all(is_digits(p) for p in parts):
            return self.normalize((int(parts[0]), int(parts[1])))
        raise InvalidPositionError(f"Daisy: cannot parse {text!r} (want e.g. 'daisy 16 max 2' or 'rows 7 6 max 2')")

    def format(self, pos) -> str:
        if pos[0] == "row":
            return f"rows {' '.join(map(str, pos[2:]))} max {pos[1]}".replace("rows  max", "rows max")
        return f"daisy {pos[0]} max {pos[1]}"

    def moves(self, pos, player=None):
        """``(label, option)``: from a circle, take ``k`` petals leaving one row; from rows, an octal move."""
        if pos[0] != "row":
            n, m = pos
            return [(f"take {k}", ("row", m) + ((n - k,) if n > k else ())) for k in range(1, min(m, n) + 1)]
        m, rows = pos[1], pos[2:]
        out = []
        for label, heaps in self.row_game(m).moves(tuple(rows)):
            out.append((label, ("row", m) + heaps))
        return out

    def options(self, pos):
        return [o for _, o in self.moves(pos)]

    def grundy(self, pos) -> int:
        """Rows: the XOR of the octal values; a circle: the mex over the rows its first move leaves."""
        if pos[0] == "row":
            row = self.row_game(pos[1])
            return reduce(xor, (row.heap_grundy(r) for r in pos[2:]), 0)
        n, m = pos
        row = self.row_game(m)
        return mex(row.heap_grundy(n - k) for k in range(1, min(m, n) + 1))

    def normal_form(self, pos):
        if pos[0] == "row":
            return ("row", pos[1]) + tuple(sorted(r for r in pos[2:] if r)), False
        return pos, False


Daisy = DaisyRuleset()
Daisy.examples = ((8, 2), (9, 3), (6, 1))
