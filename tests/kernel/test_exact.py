"""The exact fast number types of the kernel agree with the Fraction reference.

Number parts are kept as ints for integers (cgt.kernel.game), and thermograph walls are computed in exact
machine dyadics (floats inside proven bounds) with a Fraction fallback (cgt.thermo.thermograph).  These tests
compare both routes on random games and check that the public boundary only ever shows Fractions.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import full_intern_table
from cgt import dyadic, game, integer, nimber, switch
from cgt.testing import games, numbers
from cgt.thermo.thermograph import FLOAT_FRACTION_BITS, FLOAT_MAGNITUDE_BITS, scaffold_walls, machine_exact
from cgt.thermo.temperature import thermograph


def _fraction_walls(g):
    """The walls of g recomputed entirely in Fractions from its options' public (Fraction) walls."""
    lefts = [thermograph(o).right_wall.points for o in g.left_options]
    rights = [thermograph(o).left_wall.points for o in g.right_options]
    return scaffold_walls(lefts, rights)


@settings(deadline=None)
@given(games(max_birthday=3))
def test_float_walls_equal_fraction_walls(g):
    if g.is_integer:
        return
    th = thermograph(g)
    left, right = _fraction_walls(g)
    assert th.left_wall.points == left and th.right_wall.points == right
    assert all(type(t) is F and type(v) is F for t, v in th.left_wall.points + th.right_wall.points)
    assert type(th.temperature) is F and type(th.mast) is F


@settings(deadline=None)
@given(games(max_birthday=2), st.integers(0, 40), st.sampled_from([-3, -1, 1, 3]))
def test_huge_and_fine_numbers_take_the_fraction_route(g, k, sign):
    """Past the float bounds the walls still come out exact.

    An integer shift translates the whole thermograph (number translation, Siegel, CGT II.5); a fine
    shift sign/2^k is checked against the Fraction recomputation.
    """
    if g.is_number:
        return
    s = sign * (1 << k)
    th, base = thermograph(g + s), thermograph(g)
    assert th.mast == base.mast + s and th.temperature == base.temperature
    assert th.left_wall.points == tuple((t, v + s) for t, v in base.left_wall.points)
    assert th.right_wall.points == tuple((t, v + s) for t, v in base.right_wall.points)
    fine = g + dyadic(sign, 1 << k)
    if not fine.is_integer:
        left, right = _fraction_walls(fine)
        assert thermograph(fine).left_wall.points == left and thermograph(fine).right_wall.points == right


def test_bounds_of_the_float_path():
    limit = 2.0 ** FLOAT_MAGNITUDE_BITS
    assert machine_exact(limit - 2.0 ** -FLOAT_FRACTION_BITS)
    assert not machine_exact(limit) and not machine_exact(2.0 ** -(FLOAT_FRACTION_BITS + 1))
    big = switch(integer(1 << 40)) + switch(integer(3))
    assert big.temperature == 1 << 40 and big.mean == 0
    fine = game([dyadic(1, 1 << 30)], [dyadic(-1, 1 << 30)])
    assert fine.temperature == F(1, 1 << 30) and fine.thermograph().left_value(0) == F(1, 1 << 30)


@settings(deadline=None)
@given(numbers(max_abs=1 << 12, max_denominator_exponent=8), numbers(max_abs=1 << 12, max_denominator_exponent=8))
def test_number_parts_are_exact_and_public_values_are_fractions(x, y):
    a, b = x.number, y.number
    assert type(a) is F and type((x + y).number) is F
    assert (x + y).number == a + b and (x - y).number == a - b
    assert (x <= y) == (a <= b) and (x < y) == (a < b)
    assert hash(x) == hash(a) and x == a
    assert type(x.left_stop) is F and x.left_stop == a == x.right_stop


def test_integer_valued_fractions_share_the_int_entry():
    assert integer(3) is dyadic(6, 2) is game([2], []) is game([F(5, 2)], [F(7, 2)])
    assert (dyadic(1, 2) + dyadic(1, 2)) is integer(1)
    assert (nimber(5) + nimber(3)) is nimber(6) and (nimber(5) + nimber(5)) is integer(0)
    assert integer(7).is_integer and not dyadic(7, 2).is_integer


def test_interned_uptimals_are_capped():
    """Nim sums of huge nimbers make a new game each: the uptimal table has the same cap as general games."""
    from cgt.errors import TooLargeError

    kept = []
    with full_intern_table("uptimals", room=5), pytest.raises(TooLargeError, match="distinct games are in memory"):
        for k in range(50):
            kept.append(nimber(1 << 40) + nimber(k))
