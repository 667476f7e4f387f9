"""Partizan heap games: Left moves by one heap ruleset, Right by another (CGSuite
``game.heap.PartizanHeapRuleset``), with ``PartizanSubtraction``, ``PartizanSplittles`` and
``PartizanTakeAndBreak``.

Rules: a position is a collection of heaps; Left replaces one heap by one of its options under
``left_ruleset``, Right under ``right_ruleset``.  Partizan; normal play.  Heaps are independent components;
positions print as heap sizes separated by spaces.

>>> ps = PartizanSubtraction([1], [2])          # heap 3 = {{1|0} | 1} = 0: whoever starts loses
>>> [str(v) for v in ps.game_value_sequence(4)]
['1', '{1|0}', '0', '1']
>>> same = PartizanSubtraction([1, 2], [1, 2])          # impartial: *(n mod 3), Winning Ways ch. 4
>>> [str(v) for v in same.game_value_sequence(6)]
['*', '*2', '0', '*', '*2', '0']
"""

from __future__ import annotations

from cgt.runtime.arguments import is_integer_value
from cgt.errors import InvalidPositionError

from cgt.games.heap.ruleset import HeapRuleset
from cgt.games.engine.ruleset import PartizanJoinRuleset
from cgt.games.heap.subtraction import Subtraction
from cgt.games.heap.take_and_break import Splittles, TakeAndBreak

__all__ = ["PartizanHeapRuleset", "PartizanSubtraction", "PartizanSplittles", "PartizanTakeAndBreak"]

CATALOGUE = {"PartizanHeapRuleset": "game.heap.PartizanHeapRuleset",
             "PartizanSubtraction": "game.heap.PartizanSubtraction",
             "PartizanSplittles": "game.heap.PartizanSplittles",
             "PartizanTakeAndBreak": "game.heap.PartizanTakeAndBreak"}


class PartizanHeapRuleset(PartizanJoinRuleset):
    """Left plays ``left_ruleset``, Right plays ``right_ruleset`` (both heap rulesets); positions are
    tuples of heap sizes, as written (as in :class:`HeapRuleset`)."""

    position_kind = HeapRuleset
    position_kind_name = "heap ruleset"

    def normal_form(self, pos):
        return tuple(sorted(h for h in pos if h)), False

    def components(self, pos):
        heaps = [(h,) for h in pos if h]
        return heaps if len(heaps) > 1 else [pos]

    def moves(self, pos, player):
        from cgt import Player

        rules = self.left_ruleset if Player.parse(player) is Player.Left else self.right_ruleset
        result = []
        for i, h in enumerate(pos):
            for heaps in rules.heap_options(h):
                parts = tuple(x for x in heaps if x)
                result.append((f"{h}→{'+'.join(map(str, parts)) or '0'}", pos[:i] + parts + pos[i + 1:]))
        return result

    def left_options(self, pos):
        from cgt import Player

        return [o for _, o in self.moves(pos, Player.Left)]

    def right_options(self, pos):
        from cgt import Player

        return [o for _, o in self.moves(pos, Player.Right)]

    def game_value_sequence(self, to_heap_size: int) -> list:
        """Canonical values of single heaps ``1..to_heap_size`` (CGSuite ``GameValueSequence``)."""
        if not is_integer_value(to_heap_size) or to_heap_size < 0:
            raise InvalidPositionError(f"{self!r}: game_value_sequence needs a non-negative int, got {to_heap_size!r}")
        return [self.value((n,)) for n in range(1, to_heap_size + 1)]


class PartizanSubtraction(PartizanHeapRuleset):
    """Left subtracts an element of ``left_set``, Right of ``right_set`` (or all but them)."""

    def __init__(self, left_set, right_set, all_but: bool = False, name: str | None = None) -> None:
        super().__init__(Subtraction(left_set, all_but), Subtraction(right_set, all_but), name=name)
        self.all_but = bool(all_but)

    def params(self) -> tuple:
        sets = (list(self.left_ruleset.subtraction_set), list(self.right_ruleset.subtraction_set))
        return sets + (True,) if self.all_but else sets


class PartizanSplittles(PartizanHeapRuleset):
    """Splittles with a subtraction set for each player (digit 7: leave at most two heaps)."""

    def __init__(self, left_set, right_set, all_but: bool = False, name: str | None = None) -> None:
        super().__init__(Splittles(left_set, all_but), Splittles(right_set, all_but), name=name)
        self.all_but = bool(all_but)

    def params(self) -> tuple:
        sets = (list(self.left_ruleset.subtraction_set), list(self.right_ruleset.subtraction_set))
        return sets + (True,) if self.all_but else sets


class PartizanTakeAndBreak(PartizanHeapRuleset):
    """A take-and-break code for each player (here Left removes one token, Right splits a heap in two:
    heap 2 is ``{1 | 1 + 1} = 3/2``).

    >>> [str(v) for v in PartizanTakeAndBreak("0.7", "4.0").game_value_sequence(4)]
    ['1', '3/2', '9/4', '11/4']
    """

    def __init__(self, left_code: str, right_code: str, name: str | None = None) -> None:
        super().__init__(TakeAndBreak(left_code), TakeAndBreak(right_code), name=name)

    def params(self) -> tuple:
        return (self.left_ruleset.code_text, self.right_ruleset.code_text)
