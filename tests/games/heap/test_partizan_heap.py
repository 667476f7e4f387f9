"""Partizan heap games (games/heap/partizan_heap.py): PartizanHeapRuleset, PartizanSubtraction, PartizanSplittles,
PartizanTakeAndBreak.  Every row is recomputed by ``reference_sequence``: plain recursion over the
subtraction/splitting rules written out here, straight into ``cgt.kernel.game``.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings, strategies as st

import cgt
from cgt.errors import InvalidPositionError
from cgt.games.heap.partizan_heap import (PartizanHeapRuleset, PartizanSplittles, PartizanSubtraction,
                                     PartizanTakeAndBreak)
from cgt.games.heap.subtraction import Subtraction
from cgt.games.heap.take_and_break import TakeAndBreak


def reference_sequence(left_moves, right_moves, n):
    """``left_moves(h)`` / ``right_moves(h)``: lists of tuples of heaps; values of heaps 1..n."""

    @cache
    def value(h):
        def total(heaps):
            return sum((value(x) for x in heaps), cgt.game([], []))
        return cgt.game([total(o) for o in left_moves(h)], [total(o) for o in right_moves(h)])

    return [value(h) for h in range(1, n + 1)]


def subtract(s):
    return lambda h: [(h - x,) if h > x else () for x in s if x <= h]


def splittles(s):
    return lambda h: [tuple(p for p in (a, h - x - a) if p) for x in s if x <= h for a in range(0, (h - x) // 2 + 1)]


GOLDEN = [
    # Derived by hand: heap 1: Left -> 0, Right cannot move: {0|} = 1; heap 2: {1|0}; heap 3:
    # {{1|0} | 1} = 0 (whoever starts loses); heap 4: {0 | {1|0}} = 1.
    ("sub-1-2", PartizanSubtraction([1], [2]), subtract([1]), subtract([2]), ["1", "{1|0}", "0", "1"]),
    # Both players subtract 1 or 2: the impartial game, *(n mod 3) (Winning Ways ch. 4, subtraction {1,2}).
    ("sub-12-12", PartizanSubtraction([1, 2], [1, 2]), subtract([1, 2]), subtract([1, 2]),
     ["*", "*2", "0", "*", "*2", "0"]),
    # No published values: these rows are checked against the reference only.
    ("sub-1-23", PartizanSubtraction([1], [2, 3]), subtract([1]), subtract([2, 3]), None),
    ("sub-allbut", PartizanSubtraction([1], [2], all_but=True),
     lambda h: [(h - x,) if h > x else () for x in range(2, h + 1)],
     lambda h: [(h - x,) if h > x else () for x in range(1, h + 1) if x != 2], None),
    # Left takes one token (splitting allowed), Right splits: heap 2 = {1 | 1 + 1} = 3/2 (by hand).
    ("tb-07-40", PartizanTakeAndBreak("0.7", "4.0"), splittles([1]),
     lambda h: [(a, h - a) for a in range(1, h // 2 + 1)], ["1", "3/2", "9/4", "11/4"]),
    ("splittles", PartizanSplittles([1], [1, 2]), splittles([1]), splittles([1, 2]), None),
]


@pytest.mark.parametrize("ruleset, left, right, expected", [g[1:] for g in GOLDEN], ids=[g[0] for g in GOLDEN])
def test_golden_and_reference(ruleset, left, right, expected):
    n = 8 if expected is None else len(expected)
    got = ruleset.game_value_sequence(n)
    assert got == reference_sequence(left, right, n)
    if expected is not None:
        assert [str(v) for v in got] == expected


def test_positions_moves_and_sums():
    ps = PartizanSubtraction([1], [2])
    p = ps(3, 2)
    assert str(p) == "3 2" and p.value == ps(3).value + ps(2).value and len(p.decomposition) == 2
    assert [str(m) for m in ps(3).moves("L")] == ["3→2 -> 2"]
    assert [str(m) for m in ps(3).moves("R")] == ["3→1 -> 1"]
    assert ps == PartizanSubtraction([1], [2]) and ps != PartizanSubtraction([2], [1])
    assert PartizanHeapRuleset(Subtraction([1]), Subtraction([2])).game_value_sequence(4) == ps.game_value_sequence(4)


def test_errors():
    with pytest.raises(InvalidPositionError, match="right_ruleset 'x' is not a heap ruleset"):
        PartizanHeapRuleset(Subtraction([1]), "x")
    with pytest.raises(InvalidPositionError, match="take-and-break code '0.z'"):
        PartizanTakeAndBreak("0.7", "0.z")
    with pytest.raises(InvalidPositionError, match="non-negative int"):
        PartizanSubtraction([1], [2]).game_value_sequence(-2)
    with pytest.raises(InvalidPositionError, match="heap size needs a non-negative integer, got -1"):
        PartizanSubtraction([1], [2])(-1)


@settings(max_examples=30, deadline=None)
@given(st.sets(st.integers(1, 4), min_size=1), st.sets(st.integers(1, 4), min_size=1), st.integers(1, 9))
def test_value_is_canonical_form_of_options(left, right, h):
    r = PartizanSubtraction(sorted(left), sorted(right))
    p = r(h)
    assert p.value == cgt.game([o.value for o in p.left_options], [o.value for o in p.right_options])
    swapped = PartizanSubtraction(sorted(right), sorted(left))
    assert swapped(h).value == -p.value                           # swapping the sets swaps the players


def test_partizan_join():
    joined = Subtraction([1]).partizan_join(Subtraction([2]))
    assert joined == PartizanHeapRuleset(Subtraction([1]), Subtraction([2]))
    assert [str(v) for v in joined.game_value_sequence(4)] == ["1", "{1|0}", "0", "1"]      # as sub-1-2 above
