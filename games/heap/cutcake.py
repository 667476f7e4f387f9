"""Cake-cutting games: ``GenCutcake(left_ruleset, right_ruleset, twisted=False)`` with ``Cutcake``,
``Eatcake``, ``MaundyCake`` and ``TurnAndEatcake`` (CGSuite ``game.heap.GenCutcake``).

Rules: a position is a cake ``(m, n)`` -- or several, a sum of independent cakes.  As CGSuite codes it
(CGSuite's documentation of GenCutcake says the opposite), **Left** plays ``left_ruleset`` on the **second**
coordinate: a heap option ``{b1, b2, ...}`` of ``n`` turns ``(m, n)`` into ``(m, b1) + (m, b2) + ...``;
**Right** plays ``right_ruleset`` on the **first** coordinate (``(a1, n) + (a2, n) + ...``).  Twisted:
the coordinates are swapped before the move, so Left's options are ``(n, b1) + ...`` for an option of
``m`` and Right's ``(a1, m) + ...`` for an option of ``n``.  Partizan; normal play; short.  Cakes print
as ``(m,n)``.

* ``Cutcake``: both cut a dimension in two (code ``4.0``).  Winning Ways ch. 2: a cake Left can cut into
  ``w`` strips and Right into ``h`` is worth ``floor(w / 2^j) - 1`` with ``j = floor(log2 h)`` when
  ``w >= h`` (and the negative, roles swapped, when ``h >= w``).  Here ``w = n`` and ``h = m``.
* ``Eatcake``: remove one row/column, possibly splitting the rest in two (code ``0.7``, Bynum's game).
* ``MaundyCake``: cut into two or more equal parts (code ``{2+}=.0``; Winning Ways ch. 2).
* ``TurnAndEatcake``: Eatcake, twisted.

>>> [str(Cutcake((1, n)).value) for n in range(1, 6)]          # Left has n - 1 free cuts
['0', '1', '2', '3', '4']
>>> str(Cutcake((2, 4)).value), str(Cutcake((4, 2)).value), str(Cutcake((3, 3)).value)
('1', '-1', '0')
>>> [str(MaundyCake((1, n)).value) for n in (2, 3, 4, 6, 12)]   # Winning Ways ch. 2: 12 -> 1 + 3 + 3*2
['1', '1', '3', '4', '10']
"""

from __future__ import annotations

import re

from cgt.runtime.arguments import is_integer_value
from cgt.errors import InvalidPositionError

from cgt.games.heap.coordinate import as_pair
from cgt.games.heap.ruleset import HeapRuleset
from cgt.games.engine.ruleset import Ruleset
from cgt.games.heap.take_and_break import TakeAndBreak

__all__ = ["GenCutcake", "Cutcake", "Eatcake", "MaundyCake", "TurnAndEatcake"]

CATALOGUE = {"GenCutcake": "game.heap.GenCutcake", "Cutcake": "game.heap.Cutcake",
             "Eatcake": "game.heap.Eatcake", "MaundyCake": "game.heap.MaundyCake",
             "TurnAndEatcake": "game.heap.TurnAndEatcake"}

_PAIR = re.compile(r"\(\s*(\d+)\s*,\s*(\d+)\s*\)")


class GenCutcake(Ruleset):
    """The cake game of two heap rulesets (Left on the second coordinate, Right on the first)."""

    def __init__(self, left_ruleset: HeapRuleset, right_ruleset: HeapRuleset, twisted: bool = False,
                 name: str | None = None) -> None:
        for side, r in (("left_ruleset", left_ruleset), ("right_ruleset", right_ruleset)):
            if not isinstance(r, HeapRuleset):
                raise InvalidPositionError(f"GenCutcake: {side} {r!r} is not a heap ruleset")
        self.left_ruleset = left_ruleset
        self.right_ruleset = right_ruleset
        self.twisted = bool(twisted)
        if name is not None:
            self.name = name

    def params(self) -> tuple:
        return (self.left_ruleset, self.right_ruleset, self.twisted) if self.twisted else (
            self.left_ruleset, self.right_ruleset)

    # -- positions -------------------------------------------------------------------------------------
    def normalize(self, pos):
        """A cake ``(m, n)`` or a collection of cakes (positive sizes) -> tuple of pairs, as written."""
        if isinstance(pos, (tuple, list)) and len(pos) == 2 and all(isinstance(x, int) for x in pos):
            pos = (pos,)
        if pos == 0 and not isinstance(pos, bool):
            return ()                        # no cake at all: how the empty position prints
        if isinstance(pos, (str, bytes, int)):
            raise InvalidPositionError(f"{self!r}: {pos!r} is not a cake (m, n) or a collection of cakes")
        try:
            cakes = tuple(as_pair(p, repr(self)) for p in pos)
        except TypeError:
            raise InvalidPositionError(f"{self!r}: {pos!r} is not a cake (m, n) or a collection of cakes") from None
        for m, n in cakes:
            if m < 1 or n < 1:
                raise InvalidPositionError(f"{self!r}: cake ({m},{n}) needs positive sizes")
        return cakes

    def parse(self, text: str):
        """``"(2,3)"`` or ``"(2,3) + (1,4)"``; ``"0"`` is no cake at all (how the empty position prints)."""
        if text.strip() == "0":
            return self.normalize([])
        pairs = [(int(a), int(b)) for a, b in _PAIR.findall(text)]
        rest = _PAIR.sub("", text).replace("+", "").strip()
        if rest or not pairs:
            raise InvalidPositionError(f"{self!r}: cannot parse {(rest or text)[:20]!r} in {text!r} (want e.g. "
                                       f"'(2,3)' or '(2,3) + (1,4)')")
        return self.normalize(pairs)

    def format(self, pos) -> str:
        return " + ".join(f"({m},{n})" for m, n in pos) if pos else "0"

    def components(self, pos):
        return [(c,) for c in pos] if len(pos) > 1 else [pos]

    def normal_form(self, pos):
        """Sorted cakes; with equal rulesets a single cake ``(m, n)`` with ``m > n`` is ``-(n, m)``."""
        if len(pos) == 1 and self.left_ruleset == self.right_ruleset:
            m, n = pos[0]
            if m > n:
                return ((n, m),), True
        return tuple(sorted(pos)), False

    # -- moves -----------------------------------------------------------------------------------------
    def _cake_options(self, cake, left: bool):
        m, n = cake
        if self.twisted:
            if left:
                return [tuple((n, b) for b in opt if b) for opt in self.left_ruleset.heap_options(m)]
            return [tuple((a, m) for a in opt if a) for opt in self.right_ruleset.heap_options(n)]
        if left:
            return [tuple((m, b) for b in opt if b) for opt in self.left_ruleset.heap_options(n)]
        return [tuple((a, n) for a in opt if a) for opt in self.right_ruleset.heap_options(m)]

    def _options(self, pos, left: bool):
        return [pos[:i] + opt + pos[i + 1:] for i, cake in enumerate(pos) for opt in self._cake_options(cake, left)]

    def left_options(self, pos):
        return self._options(pos, True)

    def right_options(self, pos):
        return self._options(pos, False)

    # -- tables ----------------------------------------------------------------------------------------
    def game_value_table(self, max_row: int, max_col: int) -> list[list]:
        """Canonical values of ``(m, n)`` for ``m = 1..max_row``, ``n = 1..max_col`` (CGSuite ``GameValueTable``).

        >>> [[str(v) for v in row] for row in Cutcake.game_value_table(2, 4)]
        [['0', '1', '2', '3'], ['-1', '0', '0', '1']]
        """
        for x in (max_row, max_col):
            if not is_integer_value(x) or x < 0:
                raise InvalidPositionError(f"{self!r}: game_value_table needs non-negative ints, got {x!r}")
        return [[self.value(((m, n),)) for n in range(1, max_col + 1)] for m in range(1, max_row + 1)]


Cutcake = GenCutcake(TakeAndBreak("4.0"), TakeAndBreak("4.0"), name="Cutcake")
Eatcake = GenCutcake(TakeAndBreak("0.7"), TakeAndBreak("0.7"), name="Eatcake")
MaundyCake = GenCutcake(TakeAndBreak("{2+}=.0"), TakeAndBreak("{2+}=.0"), name="MaundyCake")
TurnAndEatcake = GenCutcake(TakeAndBreak("0.7"), TakeAndBreak("0.7"), twisted=True, name="TurnAndEatcake")
GenCutcake.examples = ((3, 4), (5, 2), (4, 4), (6, 3))
