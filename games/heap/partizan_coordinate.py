"""Partizan coordinate games: Left moves by one coordinate ruleset, Right by another (CGSuite
``game.heap.PartizanCoordinateRuleset``), and ``PartizanEuclid``.

Rules: a position is a pair ``(a, b)`` (or a sum of pairs); Left moves it to one of the options given by
``left_ruleset.coordinate_options``, Right by ``right_ruleset``'s.  Partizan; normal play.

``PartizanEuclid``: from ``(p, q)`` Left moves to ``(q, p mod q)`` and Right to ``(q, q - p mod q)``;
neither can move when ``q = 0`` or ``q`` divides ``p``.  (Hand-checked: ``(3,2)`` -> ``(2,1)`` for both,
and ``(2,1)`` is terminal, so ``(3,2) = {0|0} = *``; ``(2,3)`` -> Left ``(3,2) = *``, Right ``(3,1) = 0``,
so ``(2,3) = {*|0} = v``; ``(1,3)`` -> Left ``(3,1) = 0``, Right ``(3,2) = *``: ``{0|*} = ^``.)

>>> str(PartizanEuclid((3, 2)).value), str(PartizanEuclid((2, 3)).value)
('*', 'v')
>>> [[str(v) for v in row] for row in PartizanEuclid.game_value_table(3, 3)]
[['0', '*', '^'], ['0', '0', 'v'], ['0', '*', '0']]
"""

from __future__ import annotations

from cgt.runtime.arguments import is_integer_value
from cgt.errors import InvalidPositionError

from cgt.games.heap.coordinate import CoordinateRuleset, FunctionalCoordinateRuleset
from cgt.games.engine.ruleset import PartizanJoinRuleset

__all__ = ["PartizanCoordinateRuleset", "PartizanEuclid"]

CATALOGUE = {"PartizanCoordinateRuleset": "game.heap.PartizanCoordinateRuleset",
             "PartizanEuclid": "game.heap.PartizanEuclid"}


class PartizanCoordinateRuleset(PartizanJoinRuleset):
    """Left plays ``left_ruleset``, Right ``right_ruleset`` (both coordinate rulesets)."""

    position_kind = CoordinateRuleset
    position_kind_name = "coordinate ruleset"

    def components(self, pos):
        return [(p,) for p in pos] if len(pos) > 1 else [pos]

    def normal_form(self, pos):
        return tuple(sorted(pos)), False

    def _options(self, pos, rules):
        return [pos[:i] + opt + pos[i + 1:] for i, c in enumerate(pos) for opt in rules.pair_options(c)]

    def left_options(self, pos):
        return self._options(pos, self.left_ruleset)

    def right_options(self, pos):
        return self._options(pos, self.right_ruleset)

    def game_value_table(self, max_row: int, max_col: int) -> list[list]:
        """Canonical values over ``1..max_row x 1..max_col`` (CGSuite ``GameValueTable``)."""
        for x in (max_row, max_col):
            if not is_integer_value(x) or x < 0:
                raise InvalidPositionError(f"{self!r}: game_value_table needs non-negative ints, got {x!r}")
        return [[self.value(((r, c),)) for c in range(1, max_col + 1)] for r in range(1, max_row + 1)]


def _euclid_left(p: int, q: int):
    return [] if q == 0 or p % q == 0 else [(q, p % q)]


def _euclid_right(p: int, q: int):
    return [] if q == 0 or p % q == 0 else [(q, q - p % q)]


PartizanEuclid = PartizanCoordinateRuleset(FunctionalCoordinateRuleset(_euclid_left),
                                           FunctionalCoordinateRuleset(_euclid_right), name="PartizanEuclid")
PartizanEuclid.examples = ((5, 3), (8, 5), (13, 4))
