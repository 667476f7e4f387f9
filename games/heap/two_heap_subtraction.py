"""Subtraction games with a different subtraction set per heap (Edin §5.1; Backhouse §4.1 Ex. 7, 8).

Rules: a position gives the size of each heap; a move removes from one heap a number of tokens that
belongs to *that heap's* subtraction set.  Impartial; normal play.  The game is the disjunctive sum of
one subtraction game per heap, so its Grundy value is the XOR of the heaps' values (Backhouse §4.4).
Positions are tuples in heap order (heaps are not interchangeable), printed like ``7 11``; a move is
labelled by what it removes from each heap, ``(-2,0)``.

>>> g = TwoHeapSubtraction([1, 2], [1, 5])       # Edin's "SG{1,2}{1,5}", heaps 7 and 11
>>> g((7, 11)).grundy, str(g((7, 11)).outcome)
(0, 'P')
>>> [str(m) for m in g(7, 12).winning_moves]
['(-1,0) -> 6 12', '(0,-1) -> 7 11', '(0,-5) -> 7 7']
"""

from __future__ import annotations

import re
from functools import reduce
from operator import xor

from cgt.runtime.arguments import is_digits
from cgt.errors import InvalidPositionError

from cgt.games.engine.ruleset import ImpartialRuleset
from cgt.games.heap.subtraction import Subtraction

__all__ = ["TwoHeapSubtraction"]

CATALOGUE = {"TwoHeapSubtraction": "TwoHeapSubtraction"}


class TwoHeapSubtraction(ImpartialRuleset):
    """One subtraction set per heap: ``TwoHeapSubtraction([1, 2], [1, 5])((7, 11))``.

    Accepts two or more sets (one per heap).
    """

    def __init__(self, *subtraction_sets) -> None:
        if len(subtraction_sets) < 2:
            raise InvalidPositionError("TwoHeapSubtraction needs one subtraction set per heap (at least two)")
        self.heaps = tuple(Subtraction(s) for s in subtraction_sets)

    def params(self) -> tuple:
        return tuple(list(h.subtraction_set) for h in self.heaps)

    def normalize(self, pos) -> tuple[int, ...]:
        """One non-negative size per heap."""
        try:
            sizes = tuple(pos)
        except TypeError:
            raise InvalidPositionError(f"{self!r}: {pos!r} is not a tuple of heap sizes") from None
        if len(sizes) != len(self.heaps) or not all(
                isinstance(h, int) and not isinstance(h, bool) and h >= 0 for h in sizes):
            raise InvalidPositionError(f"{self!r}: {pos!r} is not {len(self.heaps)} non-negative heap sizes")
        return sizes

    def parse(self, text: str) -> tuple[int, ...]:
        """Sizes separated by spaces or commas, optionally in brackets."""
        parts = [p for p in re.split(r"[\s,]+", text.strip().strip("[]()")) if p]
        if not all(is_digits(p) for p in parts):
            raise InvalidPositionError(f"{self!r}: cannot parse heaps {text!r}")
        return self.normalize([int(p) for p in parts])

    def format(self, pos) -> str:
        """Sizes in heap order separated by spaces."""
        return " ".join(str(h) for h in pos)

    def moves(self, pos, player=None):
        """Subtract an allowed amount from one heap; labelled by the amounts removed, ``(0,-5)``."""
        result = []
        for i, (h, game) in enumerate(zip(pos, self.heaps)):
            for s in game.subtraction_set:
                if s <= h:
                    label = "(" + ",".join(f"-{s}" if j == i else "0" for j in range(len(pos))) + ")"
                    result.append((label, pos[:i] + (h - s,) + pos[i + 1:]))
        return result

    def options(self, pos):
        """Subtract an allowed amount from one heap."""
        return [option for _, option in self.moves(pos)]

    def grundy(self, pos) -> int:
        """XOR of the heaps' values, each from its own subtraction game."""
        return reduce(xor, (game.heap_grundy(h) for h, game in zip(pos, self.heaps)), 0)
