"""Cake games (games/heap/cutcake.py): Cutcake, Eatcake, MaundyCake, TurnAndEatcake and the GenCutcake family.

Orientation as CGSuite codes it (CGSUITE.md §1.3 and §7.1): in ``(m, n)`` Left acts on the SECOND
coordinate ``n``, Right on the first ``m``.  Every golden row is recomputed by ``reference_value``: plain
recursion over the rules written out here (cuts and bites of rectangles), straight into ``cgt.kernel.game``.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings, strategies as st

import cgt
from cgt.errors import InvalidPositionError
from cgt.games.heap.cutcake import Cutcake, Eatcake, GenCutcake, MaundyCake, TurnAndEatcake
from cgt.games.heap.take_and_break import TakeAndBreak


# -- slow references: the rules, written out ---------------------------------------------------------------
def _cut(n):              # 4.0: split into two non-empty parts
    return [(b, n - b) for b in range(1, n // 2 + 1)]


def _eat(n):              # 0.7: remove one, leave 0, 1 or 2 heaps
    return [tuple(x for x in (b, n - 1 - b) if x) for b in range(0, (n - 1) // 2 + 1)]


def _maundy(n):           # {2+}=.0: split into p >= 2 equal parts
    return [(n // p,) * p for p in range(2, n + 1) if n % p == 0]


RULES = {"Cutcake": (_cut, False), "Eatcake": (_eat, False), "MaundyCake": (_maundy, False),
         "TurnAndEatcake": (_eat, True)}


def reference_value(name, m, n):
    heap, twisted = RULES[name]

    @cache
    def value(m, n):
        if twisted:
            lefts = [sum((value(n, b) for b in opt), cgt.game([], [])) for opt in heap(m)]
            rights = [sum((value(a, m) for a in opt), cgt.game([], [])) for opt in heap(n)]
        else:
            lefts = [sum((value(m, b) for b in opt), cgt.game([], [])) for opt in heap(n)]
            rights = [sum((value(a, n) for a in opt), cgt.game([], [])) for opt in heap(m)]
        return cgt.game(lefts, rights)

    return value(m, n)


RULESETS = {"Cutcake": Cutcake, "Eatcake": Eatcake, "MaundyCake": MaundyCake, "TurnAndEatcake": TurnAndEatcake}


# -- golden rows -------------------------------------------------------------------------------------------
def _cutcake_formula(m, n):
    """Winning Ways ch. 2 (Cutcake): Left's dimension w (here n), Right's h (here m); when w >= h the value
    is floor(w / 2^floor(log2 h)) - 1, and symmetrically negative when h >= w."""
    w, h = n, m
    if w >= h:
        return w // (1 << (h.bit_length() - 1)) - 1
    return -(h // (1 << (w.bit_length() - 1)) - 1)


GOLDEN = [
    # Cutcake, Winning Ways ch. 2 table (Left has n - 1 free cuts of a 1 x n strip; halving keeps the lead).
    ("Cutcake", 1, 1, "0"), ("Cutcake", 1, 5, "4"), ("Cutcake", 5, 1, "-4"), ("Cutcake", 2, 2, "0"),
    ("Cutcake", 2, 3, "0"), ("Cutcake", 2, 4, "1"), ("Cutcake", 3, 4, "1"), ("Cutcake", 4, 4, "0"),
    ("Cutcake", 4, 8, "1"), ("Cutcake", 2, 8, "3"), ("Cutcake", 8, 2, "-3"), ("Cutcake", 4, 12, "2"),
    ("Cutcake", 8, 12, "0"), ("Cutcake", 3, 11, "4"),
    # Maundy cake strips, Winning Ways ch. 2: a 1 x n strip with n = p1 p2 ... pk (primes, largest first)
    # is worth 1 + p1 + p1 p2 + ... + p1...p(k-1) (re-derived: v(n) = max_p p v(n/p) + 1, v(prime) = 1).
    ("MaundyCake", 1, 2, "1"), ("MaundyCake", 1, 7, "1"), ("MaundyCake", 1, 4, "3"), ("MaundyCake", 1, 6, "4"),
    ("MaundyCake", 1, 8, "7"), ("MaundyCake", 1, 9, "4"), ("MaundyCake", 1, 12, "10"), ("MaundyCake", 12, 1, "-10"),
    # Eatcake, derived by hand: (1,1): both eat the whole cake, {0|0} = *; (1,2): Left eats a column
    # leaving (1,1) = *, Right eats the only row, {*|0} = v.
    ("Eatcake", 1, 1, "*"), ("Eatcake", 1, 2, "v"), ("Eatcake", 2, 1, "^"),
    # TurnAndEatcake, derived by hand: (1,2): Left (on m = 1 after the turn) eats it all: 0; Right eats one
    # of n = 2 leaving (1,1) turned = (1,1) = {0|0} = *; so {0|*} = ^.
    ("TurnAndEatcake", 1, 1, "*"), ("TurnAndEatcake", 1, 2, "^"),
]


@pytest.mark.parametrize("name, m, n, value", GOLDEN, ids=[f"{g[0]}-{g[1]}x{g[2]}" for g in GOLDEN])
def test_golden(name, m, n, value):
    got = RULESETS[name]((m, n)).value
    assert str(got) == value
    assert got == reference_value(name, m, n)


def test_cutcake_table_matches_winning_ways_rule():
    table = Cutcake.game_value_table(12, 12)
    assert [[int(str(v)) for v in row] for row in table] == [
        [_cutcake_formula(m, n) for n in range(1, 13)] for m in range(1, 13)]


@pytest.mark.parametrize("name", list(RULESETS))
def test_tables_match_reference(name):
    table = RULESETS[name].game_value_table(5, 5)
    assert len(table) == 5 and all(len(row) == 5 for row in table)
    for m in range(1, 6):
        for n in range(1, 6):
            assert table[m - 1][n - 1] == reference_value(name, m, n), (m, n)


def test_orientation_left_acts_on_second_coordinate():
    assert Cutcake((1, 3)).left_options == [Cutcake(((1, 1), (1, 2)))]
    assert Cutcake((1, 3)).right_options == []
    assert Cutcake((3, 1)).left_options == [] and len(Cutcake((3, 1)).right_options) == 1
    # Twisted: Left moves on the first coordinate and the pieces come out turned.
    assert TurnAndEatcake((2, 5)).left_options == [TurnAndEatcake((5, 1))]
    assert TurnAndEatcake((5, 2)).right_options == [TurnAndEatcake((1, 5))]


def test_sums_positions_and_text():
    p = Cutcake((2, 3), (1, 4))
    assert str(p) == "(2,3) + (1,4)" and p.value == Cutcake((2, 3)).value + Cutcake((1, 4)).value
    assert Cutcake("(2,3) + (1,4)") == p and len(p.decomposition) == 2
    assert Cutcake(2, 3) == Cutcake((2, 3))


def test_family_with_other_rulesets():
    # Left cuts, Right nibbles: GenCutcake of two different heap games; checked against the options.
    mixed = GenCutcake(TakeAndBreak("4.0"), TakeAndBreak("0.7"))
    assert mixed != Cutcake and mixed == GenCutcake(TakeAndBreak("4.0"), TakeAndBreak("0.7"))
    for m in range(1, 4):
        for n in range(1, 4):
            p = mixed((m, n))
            assert p.value == cgt.game([o.value for o in p.left_options], [o.value for o in p.right_options])


@pytest.mark.parametrize("bad, fragment", [
    ((0, 3), "needs positive sizes"), ("(2,x)", "cannot parse"), ("junk", "cannot parse"), ((1, 2, 3), "not a coordinate pair"),
])
def test_bad_positions(bad, fragment):
    with pytest.raises(InvalidPositionError, match=fragment.replace("(", r"\(")):
        Cutcake(bad)


def test_bad_family_arguments():
    with pytest.raises(InvalidPositionError, match="left_ruleset 3 is not a heap ruleset"):
        GenCutcake(3, TakeAndBreak("4.0"))
    with pytest.raises(InvalidPositionError, match="non-negative"):
        Cutcake.game_value_table(-1, 2)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(list(RULESETS)), st.integers(1, 7), st.integers(1, 7))
def test_value_is_canonical_form_of_options(name, m, n):
    p = RULESETS[name]((m, n))
    assert p.value == cgt.game([o.value for o in p.left_options], [o.value for o in p.right_options])
    if name != "TurnAndEatcake":
        assert RULESETS[name]((n, m)).value == -p.value          # turning the cake swaps the players


def test_cake_product_is_gen_cutcake():
    four = TakeAndBreak("4.0")
    assert four.cake_product(four) == GenCutcake(four, four)
    assert four.cake_product(four)((2, 8)).value == Cutcake((2, 8)).value
    eat = TakeAndBreak("0.7")
    assert eat.cake_product(eat, twisted=True) == GenCutcake(eat, eat, True)
