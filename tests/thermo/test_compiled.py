"""Thermographs at compiled speed agree with the exact Fraction computation.

The walls of a thermograph are computed by the compiled extension ``cgt.thermo._thermo`` when it is built (else, and
with ``CGT_PURE=1``, by the pure-Python float route), both in exact machine dyadics inside proven bounds,
with the Fraction route beyond them (see the notes of :mod:`cgt.thermo.thermograph`).  The reference here is
independent of both fast routes: every thermograph recomputed from the game tree by the scaffold
construction (Siegel, CGT §II.5; Winning Ways ch. 6) entirely in ``Fraction`` s, integers as bare masts from
t = -1 (CGSuite's convention).  Stops are checked against the kernel's own stop computation (``left_stop``,
``right_stop`` of :mod:`cgt.kernel.game`, a separate recursion over options): the walls at t = 0 are the stops.
"""

from __future__ import annotations

import os
import subprocess
import sys
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import dyadic, game, integer, switch
from cgt.kernel.game import lefts_of, rights_of
from cgt.thermo.temperature import mean, temperature, thermograph
from cgt.testing import games, hot_games
from cgt.thermo.thermograph import (
    COMPILED,
    FLOAT_FRACTION_BITS,
    FLOAT_MAGNITUDE_BITS,
    Thermograph,
    _compiled_scaffold,
    _compiled_thermograph,
    machine_exact,
    scaffold_walls,
)

MINUS_ONE = F(-1)


def reference_walls(g, memo: dict | None = None) -> tuple[tuple, tuple]:
    """The (left, right) walls of g as Fraction corners, from scratch: scaffolds over the whole game tree."""
    memo = {} if memo is None else memo
    known = memo.get(g)
    if known is not None:
        return known
    if g.is_integer:
        mast = ((MINUS_ONE, F(g.number)),)
        walls = (mast, mast)
    else:
        lefts = [reference_walls(o, memo)[1] for o in lefts_of(g)]
        rights = [reference_walls(o, memo)[0] for o in rights_of(g)]
        walls = scaffold_walls(lefts, rights)
    memo[g] = walls
    return walls


def reference_temperature(walls) -> F:
    tops = [w[-1][0] for w in walls if len(w) > 1]
    return max(tops) if tops else MINUS_ONE


def check_against_reference(g) -> None:
    cgt.clear_caches()  # the fast route recomputes every follower, not a memo filled by another test
    th = thermograph(g)
    left, right = reference_walls(g)
    assert th.left_wall.points == left and th.right_wall.points == right
    assert all(type(t) is F and type(v) is F for t, v in left + right)
    assert th.mast == left[-1][1] == right[-1][1] and type(th.mast) is F
    cgt.clear_caches()
    assert temperature(g) == reference_temperature((left, right)) and type(temperature(g)) is F
    assert mean(g) == left[-1][1]
    # The walls at t = 0 are the stops (Winning Ways ch. 6: cooling by 0 leaves the game unchanged).
    assert th.left_value(0) == g.left_stop and th.right_value(0) == g.right_stop


# Each property runs on a few examples by default and on many behind the slow marker: every example empties the
# caches (check_against_reference), which costs time in proportion to the games a test process has interned.
SMALL_GAMES = (games(max_birthday=3),)
HOT_SUMS = (hot_games(max_birthday=3), hot_games(max_birthday=3), hot_games(max_birthday=2))
PUSHED = (hot_games(max_birthday=3), st.integers(0, 44), st.sampled_from([-3, -1, 1, 3]))


def check_sum(a, b, c):
    """Sums of hot games have walls with many corners: several combines per scaffold."""
    check_against_reference(a + b + c)


def check_pushed(g, k, sign):
    """Shifts by sign * 2^k and sign / 2^k carry corners across 2^20 in magnitude and past 2^-20 in
    precision (k up to 44), so the walls of the sums take the Fraction route somewhere in the tree."""
    check_against_reference(g + sign * (1 << k))
    check_against_reference(g + dyadic(sign, 1 << k))
    check_against_reference(g + switch(integer(1 << k)))


@pytest.mark.parametrize("n", [31])
def test_games_with_many_options_equal_the_fraction_reference(n):
    """*n heated by 1 has n options on each side: the arena bound of a scaffold, which doubles with each wall,
    passed the memory there is from 26 options on (a MemoryError); it is capped now, and a scaffold that would
    need more than the cap takes the Fraction route."""
    check_against_reference(cgt.nimber(n).heat(1))


@settings(deadline=None, max_examples=25)
@given(*SMALL_GAMES)
def test_thermographs_of_small_games_equal_the_fraction_reference(g):
    check_against_reference(g)


@pytest.mark.slow
@settings(deadline=None, max_examples=75)
@given(*SMALL_GAMES)
def test_thermographs_of_many_small_games_equal_the_fraction_reference(g):
    check_against_reference(g)


@settings(deadline=None, max_examples=10)
@given(*HOT_SUMS)
def test_thermographs_of_hot_sums_equal_the_fraction_reference(a, b, c):
    check_sum(a, b, c)


@pytest.mark.slow
@settings(deadline=None, max_examples=30)
@given(*HOT_SUMS)
def test_thermographs_of_many_hot_sums_equal_the_fraction_reference(a, b, c):
    check_sum(a, b, c)


@settings(deadline=None, max_examples=10)
@given(*PUSHED)
def test_games_pushed_past_the_float_bounds_equal_the_fraction_reference(g, k, sign):
    check_pushed(g, k, sign)


@pytest.mark.slow
@settings(deadline=None, max_examples=30)
@given(*PUSHED)
def test_many_games_pushed_past_the_float_bounds_equal_the_fraction_reference(g, k, sign):
    check_pushed(g, k, sign)


def test_corners_at_the_float_bounds():
    """Games whose walls end exactly on, or just inside, the magnitude bound 2^20 and the precision bound."""
    limit = 1 << FLOAT_MAGNITUDE_BITS
    for g in (
        game([limit - 1], [-(limit - 1)]),            # the walls reach +-2^20 at t = -1: the Fraction route
        game([limit - 2], [-(limit - 2)]),            # +-(2^20 - 1) at t = -1: the float route
        game([dyadic(1, 1 << FLOAT_FRACTION_BITS)], [dyadic(-1, 1 << FLOAT_FRACTION_BITS)]),
        game([dyadic(1, 1 << (FLOAT_FRACTION_BITS + 1))], [dyadic(-1, 1 << (FLOAT_FRACTION_BITS + 1))]),
        switch(integer(limit - 1)) + switch(integer(3)) + dyadic(1, 1 << (FLOAT_FRACTION_BITS - 1)),
    ):
        check_against_reference(g)
    # {2^20 - 1 | -(2^20 - 1)} = +-(2^20 - 1): mean 0, temperature 2^20 - 1, walls 2^20 at t = -1.
    big = game([limit - 1], [-(limit - 1)])
    assert big.thermograph().left_value(-1) == limit and big.temperature == limit - 1


def _float_walls_of(g) -> tuple[tuple, tuple]:
    """The scaffold inputs of g in floats: right walls of Left's options, left walls of Right's."""
    lefts = tuple(tuple((float(t), float(v)) for t, v in thermograph(o).right_wall.points) for o in lefts_of(g))
    rights = tuple(tuple((float(t), float(v)) for t, v in thermograph(o).left_wall.points) for o in rights_of(g))
    return lefts, rights


@settings(deadline=None, max_examples=75)
@given(hot_games(max_birthday=3), hot_games(max_birthday=2))
def test_compiled_and_pure_float_routes_give_identical_corners(a, b):
    """Both float routes do the same operations on the same exact dyadics: the same floats come out."""
    g = a + b if not (a + b).is_integer else a   # an integer has options on one side only
    lefts, rights = _float_walls_of(g)
    if not all(machine_exact(x) for w in lefts + rights for p in w for x in p):
        return  # inputs outside the bounds never reach the float routes (checked in the test below)
    pure = scaffold_walls(list(lefts), list(rights))
    exact = scaffold_walls([tuple((F(t), F(v)) for t, v in w) for w in lefts],
                           [tuple((F(t), F(v)) for t, v in w) for w in rights])
    assert tuple(tuple((F(t), F(v)) for t, v in w) for w in pure) == exact
    if COMPILED:
        assert _compiled_scaffold(list(lefts), list(rights)) == pure
        # The same walls, read from the options' thermographs and built into a Thermograph in C.
        th = _compiled_thermograph([thermograph(o) for o in lefts_of(g)], [thermograph(o) for o in rights_of(g)])
        assert type(th) is Thermograph and (th.left_wall._points, th.right_wall._points) == pure
        assert th == thermograph(g) and str(th) == str(thermograph(g))


def test_the_compiled_route_hands_back_what_it_cannot_do_exactly():
    """None (take the Fraction route) for Fraction corners, corners outside the bounds, malformed walls and
    scaffolds apart at t = -1; the Fraction route then gives the value or the error."""
    plus_minus_one = (((-1.0, 1.0),), ((-1.0, -1.0),))
    routes = [scaffold_walls] + ([_compiled_scaffold] if COMPILED else [])
    for route in routes:
        assert route([plus_minus_one[0]], [plus_minus_one[1]]) == (((-1.0, 2.0), (1.0, 0.0)),
                                                                   ((-1.0, -2.0), (1.0, 0.0)))
    if COMPILED:
        assert _compiled_scaffold([((MINUS_ONE, F(1)),)], [((-1.0, -1.0),)]) is None
        assert _compiled_scaffold([((-1.0, 2.0 ** 20),)], [((-1.0, -1.0),)]) is None
        assert _compiled_scaffold([((-1.0, 2.0 ** -21),)], [((-1.0, -1.0),)]) is None
        # Inputs inside the bounds, a corner of the result on them: 2^20 at t = -1.
        assert _compiled_scaffold([((-1.0, 2.0 ** 20 - 1),)], [((-1.0, 1 - 2.0 ** 20),)]) is None
        assert _compiled_scaffold([((0.0, 1.0),)], [((-1.0, -1.0),)]) is None   # does not start at -1
        assert _compiled_scaffold([((-1.0, 1.0), (-1.0, 2.0))], [((-1.0, -1.0),)]) is None
        assert _compiled_scaffold([], [((-1.0, -1.0),)]) is None
        assert _compiled_scaffold([((-1.0, 1.0, 2.0),)], [((-1.0, -1.0),)]) is None
        # {0 | 3}: scaffolds apart at t = -1 (not a canonical form: the game is the integer 1).
        assert _compiled_scaffold([((-1.0, 0.0),)], [((-1.0, 3.0),)]) is None
        one, minus_one = thermograph(integer(1)), thermograph(integer(-1))
        assert _compiled_thermograph([one], [minus_one]) == thermograph(switch(integer(1)))
        zero, three = thermograph(integer(0)), thermograph(integer(3))
        assert _compiled_thermograph([zero], [three]) is None               # {0 | 3}: not canonical
        huge = thermograph(integer(1 << 40))
        assert _compiled_thermograph([huge], [minus_one]) is None           # a Fraction wall
        assert thermograph(game([1 << 40], [-1])).temperature == ((1 << 40) + 1) / 2
    import pytest

    with pytest.raises(AssertionError, match="not in canonical form"):
        scaffold_walls([((MINUS_ONE, F(0)),)], [((MINUS_ONE, F(3)),)])


def test_cgt_pure_forces_the_pure_route():
    env = dict(os.environ, CGT_PURE="1")
    code = "import cgt.thermo.thermograph as t; print(t.COMPILED, t._compiled_scaffold)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "None"]
