"""Stops, mean, temperature, thermographs, incentives and stop counts.

Sources: WW = Berlekamp, Conway, Guy, *Winning Ways*, 2nd ed., ch. 6 ("The
Heat of Battle"); LIP = Albert, Nowakowski, Wolfe, *Lessons in Play*, ch. 6;
CGT = Siegel, *Combinatorial Game Theory*, §II.5; CGSuite = the CGSuite
documentation of ``Mean``, ``Temperature``, ``Thermograph`` (numbers: an
integer has temperature -1, m/2^n has -1/2^n).  Rows marked "by the scaffold
construction" were worked by hand from CGT §II.5 / WW ch. 6 (the
working is in the comment).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import down, dyadic, game, integer, miny, nimber, star, switch, tiny, up
from cgt.errors import CGTError, InvalidGameError
from cgt.thermo.temperature import (
    Thermograph,
    Trajectory,
    incentives,
    left_incentives,
    mean,
    right_incentives,
    stop_count,
    temperature,
    thermograph,
)
from cgt.testing import games

G = game
H321 = G([3], [G([2], [1])])  # {3||2|1}

# (id, game, left stop, right stop, mean, temperature, source)
STOPS_MEAN_TEMPERATURE = [
    ("{3||2|1}", H321, 3, 2, F(9, 4), F(3, 4), "scaffolds 3-t and 3/2+t meet at t=3/4"),
    ("{3|-3}", switch(3), 3, -3, 0, 3, "WW ch. 6: +-x has mean 0, temperature x"),
    ("+-1", switch(1), 1, -1, 0, 1, "WW ch. 6 (switches)"),
    ("+-1/2", switch(dyadic(1, 2)), F(1, 2), F(-1, 2), 0, F(1, 2), "WW ch. 6 (switches)"),
    ("{4|2}", G([4], [2]), 4, 2, 3, 1, "WW ch. 6: {a|b}, a>b numbers: mean (a+b)/2, temperature (a-b)/2"),
    ("{5|-1}", G([5], [-1]), 5, -1, 2, 3, "WW ch. 6: {a|b} rule"),
    ("{0|-1}", G([0], [-1]), 0, -1, F(-1, 2), F(1, 2), "WW ch. 6: {a|b} rule"),
    ("{2|1}", G([2], [1]), 2, 1, F(3, 2), F(1, 2), "WW ch. 6: {a|b} rule"),
    ("{2||1|0}", G([2], [G([1], [0])]), 2, 1, F(5, 4), F(3, 4), "number translation of {3||2|1} by -1 (CGT II.3)"),
    ("{10||0|-20}", G([10], [G([0], [-20])]), 10, 0, 0, 10,
     "scaffolds 10-t and (-t)+t=0 meet at t=10 (WW ch. 6 scaffold construction)"),
    ("{3|2||1|0}", G([G([3], [2])], [G([1], [0])]), 2, 1, F(3, 2), 1,
     "scaffolds 5/2-t and 1/2+t meet at t=1 (WW ch. 6 scaffold construction)"),
    ("+-{4|2}", switch(G([4], [2])), 2, -2, 0, 3, "scaffolds 3-t and t-3 meet at t=3 (WW ch. 6)"),
    ("+-1 + +-2", switch(1) + switch(2), 1, -1, 0, 2, "WW ch. 6: temperature of a sum of switches is the max"),
    ("+-(1*)", switch(1 + star), 1, -1, 0, 1, "WW ch. 6: a switch +-x has temperature of x's mean"),
    ("*", star, 0, 0, 0, 0, "CGT II.5: infinitesimals have temperature 0"),
    ("^", up, 0, 0, 0, 0, "CGT II.5: infinitesimals have temperature 0"),
    ("^*", up + star, 0, 0, 0, 0, "CGT II.5: infinitesimals have temperature 0"),
    ("Tiny(1)", tiny(1), 0, 0, 0, 0, "WW ch. 5 (tiny is infinitesimal); CGT II.5"),
    ("Miny(2)", miny(2), 0, 0, 0, 0, "WW ch. 5; CGT II.5"),
    ("1*", 1 + star, 1, 1, 1, 0, "CGT II.5: x + infinitesimal has mean x, temperature 0"),
    ("0", cgt.zero, 0, 0, 0, -1, "CGSuite convention: integers have temperature -1"),
    ("5", integer(5), 5, 5, 5, -1, "CGSuite convention: integers have temperature -1"),
    ("-7", integer(-7), -7, -7, -7, -1, "CGSuite convention: integers have temperature -1"),
    ("1/2", dyadic(1, 2), F(1, 2), F(1, 2), F(1, 2), F(-1, 2), "CGSuite convention: m/2^n has -1/2^n"),
    ("3/4", dyadic(3, 4), F(3, 4), F(3, 4), F(3, 4), F(-1, 4), "CGSuite convention: m/2^n has -1/2^n"),
    ("-5/8", dyadic(-5, 8), F(-5, 8), F(-5, 8), F(-5, 8), F(-1, 8), "CGSuite convention: m/2^n has -1/2^n"),
    ("73/16", dyadic(73, 16), F(73, 16), F(73, 16), F(73, 16), F(-1, 16), "CGSuite convention"),
]


@pytest.mark.parametrize("g, ls, rs, m, t, source", [r[1:] for r in STOPS_MEAN_TEMPERATURE],
                         ids=[r[0] for r in STOPS_MEAN_TEMPERATURE])
def test_stops_mean_temperature(g, ls, rs, m, t, source):
    assert (g.left_stop, g.right_stop, g.mean, g.temperature) == (ls, rs, m, t)
    assert all(isinstance(v, F) for v in (g.mean, g.temperature))
    assert mean(g) == m and temperature(g) == t


# (id, game, CGSuite text of the thermograph, source)
THERMOGRAPHS = [
    ("{3||2|1}", H321, "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])",
     "scaffolds: left 3-t; right 2 below t=1/2, then 3/2+t (WW ch. 6)"),
    ("+-3", switch(3), "Thermograph(0,[3],[0,-1],0,[3],[0,1])", "WW ch. 6: the thermograph of a switch"),
    ("{4|2}", G([4], [2]), "Thermograph(3,[1],[0,-1],3,[1],[0,1])", "WW ch. 6"),
    ("*", star, "Thermograph(0,[0],[0,-1],0,[0],[0,1])", "CGT II.5: * = {0|0}, walls -t and t meet at 0"),
    ("^", up, "Thermograph(0,[0],[0,-1],0,[],[0])", "right scaffold L_t(*) + t = 0 below t = 0"),
    ("Tiny(1)", tiny(1), "Thermograph(0,[0],[0,-1],0,[],[0])", "right scaffold L_t({0|-1}) + t = 0"),
    ("{10||0|-20}", G([10], [G([0], [-20])]), "Thermograph(0,[10],[0,-1],0,[],[0])", "scaffolds 10-t and 0"),
    ("+-{4|2}", switch(G([4], [2])), "Thermograph(0,[3,1],[0,-1,0],0,[3,1],[0,1,0])",
     "left scaffold R_t({4|2}) - t = 2 below t=1, 3-t above"),
    ("5", integer(5), "Thermograph(5,[],[0],5,[],[0])", "CGSuite: an integer's thermograph is a mast from -1"),
    ("1/2", dyadic(1, 2), "Thermograph(1/2,[-1/2],[0,-1],1/2,[-1/2],[0,1])", "scaffolds -t and 1+t meet at -1/2"),
    ("3/4", dyadic(3, 4), "Thermograph(3/4,[-1/4,-1/2],[0,-1,0],3/4,[-1/4],[0,1])",
     "left scaffold R_t(1/2) - t: 1 below -1/2, 1/2-t above; right 1+t"),
]


@pytest.mark.parametrize("g, text, source", [r[1:] for r in THERMOGRAPHS], ids=[r[0] for r in THERMOGRAPHS])
def test_thermograph_text(g, text, source):
    th = g.thermograph()
    assert str(th) == text
    assert th == thermograph(g)
    assert th.mast == g.mean and th.temperature == g.temperature


# (id, game, left incentives, right incentives, source)
INCENTIVES = [
    ("^", up, ["v"], ["^*"], "WW ch. 8: incentives of ^ = {0|*} are 0-^ and ^-*"),
    ("+-1", switch(1), ["{2|0}"], ["{2|0}"], "WW ch. 6: incentive of +-1 is 1 - (+-1) = 1+-1"),
    ("1/2", dyadic(1, 2), ["-1/2"], ["-1/2"], "CGT II.3: incentives of numbers are negative"),
    ("3", integer(3), ["-1"], [], "3 = {2|}"),
    ("*", star, ["*"], ["*"], "0 - * = * - 0 = *"),
]


@pytest.mark.parametrize("g, li, ri, source", [r[1:] for r in INCENTIVES], ids=[r[0] for r in INCENTIVES])
def test_incentives(g, li, ri, source):
    assert [str(x) for x in g.left_incentives] == li
    assert [str(x) for x in g.right_incentives] == ri
    every = list(dict.fromkeys(g.left_incentives + g.right_incentives))
    # CGSuite's Incentives: each value once, and none dominated by another incentive.
    assert list(g.incentives) == [a for a in every if not any(a < b for b in every)]
    assert left_incentives(g) == g.left_incentives and right_incentives(g) == g.right_incentives
    assert incentives(g) == g.incentives


# (id, game, stop count): CGSuite's StopCount, numbers count 1 and option counts add.
STOP_COUNTS = [
    ("4", integer(4), 1),
    ("*", star, 2),
    ("^", up, 3),
    ("{3||2|1}", H321, 3),
    ("+-{4|2}", switch(G([4], [2])), 4),
    ("^*", up + star, 4),
]


@pytest.mark.parametrize("g, n", [r[1:] for r in STOP_COUNTS], ids=[r[0] for r in STOP_COUNTS])
def test_stop_count(g, n):
    assert g.stop_count == n == stop_count(g)


# ---------------------------------------------------------------- Trajectory / Thermograph values

def test_trajectory_fields_and_values():
    w = Trajectory(F(9, 4), [F(3, 4), F(1, 2)], [1, 0])
    assert w.mast == F(9, 4)
    assert w.critical_temperatures == (F(3, 4), F(1, 2))
    assert w.slopes == (1, 0)
    assert [w(t) for t in (-1, 0, F(1, 2), F(5, 8), 1, 100)] == [2, 2, 2, F(17, 8), F(9, 4), F(9, 4)]
    assert w == H321.thermograph().right_wall
    assert str(w) == "Trajectory(9/4,[3/4,1/2],[0,1,0])"
    assert eval(repr(w), {"Trajectory": Trajectory, "Fraction": F}) == w


def test_trajectory_normalises_redundant_corners():
    assert Trajectory(0, [2, 1], [-1, -1]) == Trajectory(0, [2], [-1])
    assert Trajectory(5, [1], [0]) == Trajectory(5)
    assert hash(Trajectory(0, [2, 1], [-1, -1])) == hash(Trajectory(0, [2], [-1]))


@pytest.mark.parametrize("args, message", [
    ((0, [1, 2], [0, 0]), "strictly decreasing"),
    ((0, [1], []), "one slope per critical temperature"),
    ((0, [-1], [1]), "greater than -1"),
    (("x", [], []), "must be an int or a Fraction"),
], ids=["increasing", "lengths", "at-minus-one", "bad-mast"])
def test_trajectory_errors(args, message):
    with pytest.raises(CGTError if args[0] == "x" else ValueError, match=message):
        Trajectory(*args)


def test_thermograph_constructor_checks():
    with pytest.raises(ValueError, match="share one mast"):
        Thermograph(Trajectory(1), Trajectory(0))
    with pytest.raises(ValueError, match="left wall is right of the right wall"):
        Thermograph(Trajectory(0, [1], [1]), Trajectory(0, [1], [-1]))
    with pytest.raises(InvalidGameError):
        Thermograph("x", Trajectory(0))
    th = Thermograph(Trajectory(0, [3], [-1]), Trajectory(0, [3], [1]))
    assert th == switch(3).thermograph() and hash(th) == hash(switch(3).thermograph())
    assert eval(repr(th), {"Thermograph": Thermograph, "Trajectory": Trajectory, "Fraction": F}) == th


def test_wall_values_are_stops_of_cooled_game():
    th = H321.thermograph()
    for t in (0, F(1, 4), F(1, 2), F(3, 4), 1, 2):
        cooled = H321.cool(t)
        assert (th.left_value(t), th.right_value(t)) == (cooled.left_stop, cooled.right_stop)


def test_wall_below_minus_one_is_an_error():
    with pytest.raises(ValueError, match=">= -1"):
        star.thermograph().left_value(-2)


def test_not_a_game_is_a_clear_error():
    with pytest.raises(InvalidGameError, match="not a game"):
        temperature("x")


def test_deep_game_does_not_overflow_the_stack():
    g = 2000 * up + star  # birthday 2001, a chain of 2001 options
    assert g.birthday == 2001
    assert (g.mean, g.temperature, g.stop_count) == (0, 0, 2002)
    assert str(g.thermograph()) == "Thermograph(0,[0],[0,-1],0,[],[0])"
    deep_hot = G([g + 1], [-1])
    assert (deep_hot.temperature, deep_hot.mean) == (1, 0)
    assert (switch(g).temperature, switch(g).mean) == (0, 0)


# ---------------------------------------------------------------- properties (cgt.testing)

@settings(deadline=None)
@given(games(max_birthday=3), games(max_birthday=3))
def test_mean_is_additive(g, h):
    assert (g + h).mean == g.mean + h.mean


@settings(deadline=None)
@given(games(max_birthday=3), games(max_birthday=3))
def test_temperature_of_sum_at_most_max(g, h):
    assert (g + h).temperature <= max(g.temperature, h.temperature)


@settings(deadline=None)
@given(games(max_birthday=3))
def test_stops_and_walls(g):
    th = g.thermograph()
    assert g.left_stop >= g.right_stop
    assert (th.left_value(0), th.right_value(0)) == (g.left_stop, g.right_stop)
    corners = {F(-1), *th.left_wall.critical_temperatures, *th.right_wall.critical_temperatures}
    assert all(th.left_value(t) >= th.right_value(t) for t in corners)
    assert set(th.left_wall.slopes) <= {0, -1} and set(th.right_wall.slopes) <= {0, 1}
    # Negative temperature exactly for numbers (CGT II.5), -1 exactly for integers.
    assert (g.temperature < 0) == g.is_number
    assert (g.temperature == -1) == g.is_integer
    assert g.mean == g.cool(max(g.temperature, 0) + 1)


@settings(deadline=None)
@given(games(max_birthday=3))
def test_mean_of_negative(g):
    assert (-g).mean == -g.mean and (-g).temperature == g.temperature


# ---------------------------------------------------------------- the wall arithmetic itself

def _random_function(draw_ints):
    from cgt.thermo.thermograph import _simplify

    n, *rest = draw_ints
    ts = sorted({F(-1)} | {F(x, 4) for x in rest[: n % 4]})
    ts = [t for t in ts if t >= -1]
    points = [(t, F(v, 2)) for t, v in zip(ts, rest[4:] + [0] * len(ts))]
    tail = F(rest[-1] % 3 - 1)
    return _simplify(points, tail), tail


@settings(deadline=None)
@given(st.lists(st.integers(-8, 16), min_size=10, max_size=10),
       st.lists(st.integers(-8, 16), min_size=10, max_size=10), st.booleans())
def test_combine_is_pointwise_max_or_min(a, b, take_max):
    from cgt.thermo.thermograph import _combine, _value

    f, g = _random_function(a), _random_function(b)
    h = _combine(f, g, take_max)
    pick = max if take_max else min
    probes = [F(k, 16) for k in range(-16, 200)]
    for t in probes:
        assert _value(*h, t) == pick(_value(*f, t), _value(*g, t))
