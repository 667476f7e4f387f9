"""Coordinate rulesets (games/heap/coordinate.py), functional heap rulesets (games/heap/functional.py), GenWythoff
(games/heap/wythoff.py) and PartizanEuclid (games/heap/partizan_coordinate.py).

References are plain recursions over the rules written out here.
"""

from __future__ import annotations

from functools import cache
from math import isqrt

import pytest
from hypothesis import given, settings, strategies as st

import cgt
from cgt.errors import InvalidPositionError, NotShortGameError
from cgt.games.heap.coordinate import CoordinateRuleset, FunctionalCoordinateRuleset
from cgt.games.heap.functional import FunctionalHeapRuleset
from cgt.games.heap.ruleset import HeapRuleset
from cgt.games.heap.partizan_coordinate import PartizanCoordinateRuleset, PartizanEuclid
from cgt.games.heap.take_and_break import TakeAndBreak
from cgt.games.heap.wythoff import GenWythoff, Wythoff


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


# -- functional heap rulesets ------------------------------------------------------------------------------
def test_from_function_kayles():
    def kayles(n):
        return [[a, n - t - a] for t in (1, 2) if t <= n for a in range(0, (n - t) // 2 + 1)]

    game = HeapRuleset.from_function(kayles)
    assert isinstance(game, FunctionalHeapRuleset)
    # Winning Ways ch. 4, Kayles.
    assert game.grundy_sequence(12) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    assert game.grundy_sequence(40) == TakeAndBreak("0.77").grundy_sequence(40)


def test_options_may_mention_larger_heaps():
    # Odd n may jump to the even heap 2n; every heap may drop by 2 (evens stay even: no cycle).
    def fn(n):
        return ([[2 * n]] if n % 2 else []) + ([[n - 2]] if n >= 2 else [])

    game = FunctionalHeapRuleset(fn)

    @cache
    def g(n):
        return mex({g(x) for (x,) in fn(n)}) if n else 0

    assert [game(n).grundy for n in range(30)] == [g(n) for n in range(30)]
    # Hand: evens alternate 0, 1, 0, ... (2k -> 2k - 2); 1 -> 2 (value 1): 0; 3 -> 6 (1), 1 (0): 2.
    assert [game(n).grundy for n in range(5)] == [0, 0, 1, 2, 0]


@pytest.mark.parametrize("fn, fragment", [
    (lambda n: [[n]], "3 can be reached again"),
    (lambda n: [[n + 1]] if n < 5 else [[2]], "can be reached again"),
])
def test_cycles_raise(fn, fragment):
    with pytest.raises(NotShortGameError, match=fragment):
        FunctionalHeapRuleset(fn)(3).grundy


def test_bad_functions():
    with pytest.raises(InvalidPositionError, match="not a function"):
        HeapRuleset.from_function(7)
    with pytest.raises(InvalidPositionError, match="option \\[-1\\] of heap 2 has -1"):
        FunctionalHeapRuleset(lambda n: [[-1]])(2).grundy
    with pytest.raises(InvalidPositionError, match="option 'x' of heap 2"):
        FunctionalHeapRuleset(lambda n: ["x"])(2).grundy


# -- coordinate rulesets -----------------------------------------------------------------------------------
def test_functional_coordinate_ruleset():
    # One step towards the origin along either axis: nim value (a + b) mod 2 (hand: a sum of two 1-moves).
    step = CoordinateRuleset.from_function(lambda a, b: [(a - 1, b)] * (a > 0) + [(a, b - 1)] * (b > 0))
    assert step.nim_value_table(3, 3) == [[(a + b) % 2 for b in range(4)] for a in range(4)]
    # Options that are sums: (a, b) -> (a-1, b) + (a-1, b) is worth 0 whenever a > 0.
    twice = FunctionalCoordinateRuleset(lambda a, b: [[(a - 1, b), (a - 1, b)]] if a > 0 else [])
    assert twice.nim_value_table(2, 1) == [[0, 0], [1, 1], [1, 1]]
    assert str(twice((1, 1), (2, 0))) == "(1,1) + (2,0)" and twice("(1,1) + (2,0)").grundy == 0


def test_coordinate_cycles_and_errors():
    with pytest.raises(NotShortGameError, match="cycle"):
        FunctionalCoordinateRuleset(lambda a, b: [(b, a)])((1, 2)).grundy
    with pytest.raises(InvalidPositionError, match="not a coordinate pair"):
        FunctionalCoordinateRuleset(lambda a, b: [(1, 2, 3)])((1, 2)).grundy
    with pytest.raises(InvalidPositionError, match="cannot parse"):
        FunctionalCoordinateRuleset(lambda a, b: [])("(1,2) junk")
    with pytest.raises(InvalidPositionError, match="non-negative"):
        FunctionalCoordinateRuleset(lambda a, b: []).nim_value_table(-1, 2)


# -- GenWythoff ------------------------------------------------------------------------------------------
def reference_wythoff(bound, a, b):
    @cache
    def g(a, b):
        reach = {g(a - t, b) for t in range(1, a + 1)} | {g(a, b - t) for t in range(1, b + 1)}
        for k in range(1, min(a, b) + 1):
            for l in range(k, bound(k)):
                if l <= b:
                    reach.add(g(a - k, b - l))
                if l <= a:
                    reach.add(g(a - l, b - k))
        return mex(reach)

    return g(a, b)


def test_wythoff_is_an_instance_and_keeps_its_table():
    assert isinstance(Wythoff, GenWythoff) and repr(Wythoff) == "Wythoff"
    one = GenWythoff(lambda k: k + 1)
    assert all(one((a, b)).grundy == Wythoff(a, b).grundy for a in range(12) for b in range(12))
    # Wythoff 1907: P-positions (floor(n phi), floor(n phi^2)).
    assert Wythoff.p_positions(5) == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]


@pytest.mark.parametrize("r", [2, 3])
def test_fraenkel_r_wythoff(r):
    # A. S. Fraenkel, "How to beat your Wythoff games' opponent on three fronts", Amer. Math. Monthly 89
    # (1982): the P-positions of r-Wythoff are (A_n, A_n + r n), A_n = mex of the earlier A_i, B_i.
    game = GenWythoff(lambda k: k + r)
    expected, used, n = [], set(), 0
    while True:
        a = mex(used)
        pair = (a, a + r * n)
        if pair[1] > 30:
            break
        expected.append(pair)
        used |= set(pair)
        n += 1
    got = [(a, b) for b in range(31) for a in range(b + 1) if game((a, b)).grundy == 0]
    assert got == expected


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 9), st.integers(0, 9), st.sampled_from([lambda k: k + 1, lambda k: 2 * k + 1, lambda k: k + 3]))
def test_gen_wythoff_matches_reference(a, b, bound):
    assert GenWythoff(bound)((a, b)).grundy == reference_wythoff(bound, a, b)


# -- PartizanEuclid --------------------------------------------------------------------------------------
def reference_euclid(p, q):
    if q == 0 or p % q == 0:
        return cgt.game([], [])
    return cgt.game([reference_euclid(q, p % q)], [reference_euclid(q, q - p % q)])


EUCLID = [
    # Hand-derived: (2,1), (3,1): q divides p, no moves: 0; (3,2): both go to (2,1): {0|0} = *;
    # (2,3): Left (3,2) = *, Right (3,1) = 0: {*|0} = v; (1,3): Left (3,1) = 0, Right (3,2) = *: {0|*} = ^.
    ((2, 1), "0"), ((3, 1), "0"), ((3, 2), "*"), ((2, 3), "v"), ((1, 3), "^"), ((1, 2), "*"),
]


@pytest.mark.parametrize("pos, value", EUCLID, ids=[f"{p}-{q}" for (p, q), _ in EUCLID])
def test_partizan_euclid(pos, value):
    assert str(PartizanEuclid(pos).value) == value
    assert PartizanEuclid(pos).value == reference_euclid(*pos)


def test_partizan_euclid_table_matches_reference():
    table = PartizanEuclid.game_value_table(8, 8)
    assert all(table[p - 1][q - 1] == reference_euclid(p, q) for p in range(1, 9) for q in range(1, 9))


def test_partizan_coordinate_errors():
    with pytest.raises(InvalidPositionError, match="left_ruleset 3 is not a coordinate ruleset"):
        PartizanCoordinateRuleset(3, PartizanEuclid.right_ruleset)
