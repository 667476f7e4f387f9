"""Cooling, heating, freezing and overheating.

Sources: WW = *Winning Ways*, 2nd ed., ch. 6 (cooling, heating); Berlekamp,
"Blockbusting and Domineering", JCTA 49 (1988) and CGSuite's ``Overheat`` (overheating);
CGT = Siegel, *Combinatorial Game Theory*, §II.5 (cooling, with the
"infinitesimally close to a number for some t' < t" rule, and heating);
LIP = *Lessons in Play*, ch. 6.  Rows marked "by definition" were worked by
hand from those definitions (the working is in the comment).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import dyadic, game, integer, star, switch, tiny, up
from cgt.thermo.cooling import cool, freeze, heat, overheat
from cgt.errors import InvalidGameError, NotApplicableError, NotDyadicError
from cgt.testing import games

G = game
H321 = G([3], [G([2], [1])])
H10 = G([10], [G([0], [-20])])

# (id, game, t, cooled, source)
COOLING = [
    ("{3||2*|1*} by 1/2", G([3], [G([2 + star], [1 + star])]), F(1, 2), "{5/2|2*}",
     "by definition: 2*, 1* cool to 2, 1; {2*|1*} to {3/2|3/2} = 3/2*; so {3-1/2 | 3/2*+1/2}"),
    ("+-1 by 1", switch(1), 1, "*", "WW ch. 6: cooling +-1 by 1 gives *"),
    ("+-1 by 1/2", switch(1), F(1, 2), "+-1/2", "WW ch. 6: +-x cooled by t < x is +-(x-t)"),
    ("+-1 by 2", switch(1), 2, "0", "WW ch. 6: above its temperature a game cools to its mean"),
    ("+-3 by 1", switch(3), 1, "+-2", "WW ch. 6"),
    ("{4|2} by 1", G([4], [2]), 1, "3*", "WW ch. 6: {4|2} = 3+-1 freezes to 3*"),
    ("{3||2|1} by 0", H321, 0, "{3||2|1}", "CGT §II.5: G_0 = G"),
    ("{3||2|1} by 1/2", H321, F(1, 2), "{5/2|2*}", "by definition: {2|1} cooled by its temperature 1/2 is 3/2*"),
    ("{3||2|1} by 3/4", H321, F(3, 4), "9/4*", "by definition: at the temperature 3/4, {9/4|9/4}"),
    ("{3||2|1} by 1", H321, 1, "9/4", "above the temperature: the mean"),
    ("{10||0|-20} by 5", H10, 5, "{5||0|-10}", "by definition: {0|-20} (temperature 10) cools to {-5|-15}"),
    ("{3|2||1|0} by 1/2", G([G([3], [2])], [G([1], [0])]), F(1, 2), "{2*|1*}", "by definition"),
    ("Tiny(1) by 1/2", tiny(1), F(1, 2), "0", "CGT II.5: infinitesimals cool to 0 for t > 0"),
    ("^ by 1", up, 1, "0", "CGT II.5"),
    ("* by 0", star, 0, "*", "CGT §II.5: G_0 = G"),
    ("5 by 3", integer(5), 3, "5", "CGT §II.5: integers are fixed"),
    ("3 by -1/2", integer(3), F(-1, 2), "3", "CGT §II.5: integers are fixed"),
    ("1/2 by 1", dyadic(1, 2), 1, "1/2", "numbers cool to themselves above their temperature"),
    ("1/2 by -1/2", dyadic(1, 2), F(-1, 2), "1/2*", "by definition: {0+1/2|1-1/2} at the temperature -1/2"),
    ("1/2 by -3/4", dyadic(1, 2), F(-3, 4), "{3/4|1/4}", "by definition: {0+3/4|1-3/4}"),
    ("3/4 by -1/2", dyadic(3, 4), F(-1, 2), "{1*|1/2}", "by definition: {(1/2)_(-1/2) + 1/2 | 1 - 1/2}"),
]


@pytest.mark.parametrize("g, t, text, source", [r[1:] for r in COOLING], ids=[r[0] for r in COOLING])
def test_cooling(g, t, text, source):
    assert str(g.cool(t)) == text
    assert cool(g, t) is g.cool(t)


# (id, game, t, heated, source)
HEATING = [
    ("* by 2", star, 2, "+-2", "WW ch. 6: heating * by t gives +-t"),
    ("* by 1", star, 1, "+-1", "WW ch. 6"),
    ("+-1 by 1", switch(1), 1, "+-2", "by definition: {1+1|-1-1}"),
    ("^ by 1", up, 1, "{1||0|-2}", "by definition: {0+1 | (+-1)-1}"),
    ("^ by 1/2", up, F(1, 2), "{1/2||0|-1}", "by definition"),
    ("^* by 1", up + star, 1, "{1,{2|0}|-1}", "by definition: {0+1, (+-1)+1 | 0-1}"),
    ("{1|0} by 1", G([1], [0]), 1, "{2|-1}", "by definition"),
    ("1/2 by 3", dyadic(1, 2), 3, "1/2", "CGT II.5: heating fixes numbers"),
    ("* by *", star, star, "0", "by definition: {0+*|0-*} = {*|*} = 0"),
]


@pytest.mark.parametrize("g, t, text, source", [r[1:] for r in HEATING], ids=[r[0] for r in HEATING])
def test_heating(g, t, text, source):
    assert str(g.heat(t)) == text
    assert heat(g, t) is g.heat(t)


# (id, game, frozen, source)
FREEZING = [
    ("{4|2}", G([4], [2]), "3*", "WW ch. 6"),
    ("+-5", switch(5), "*", "WW ch. 6: +-x frozen is *"),
    ("{3||2|1}", H321, "9/4*", "by definition, temperature 3/4"),
    ("{10||0|-20}", H10, "^", "by definition: {10-10 | (-10*)+10} = {0|*}"),
    ("{3|2||1|0}", G([G([3], [2])], [G([1], [0])]), "3/2*", "by definition, temperature 1"),
    ("7", integer(7), "7", "integers are fixed"),
    ("1/2", dyadic(1, 2), "1/2", "CGSuite's Freeze: a number is its own freeze"),
    ("^", up, "^", "cooling by the temperature 0 changes nothing"),
]


@pytest.mark.parametrize("g, text, source", [r[1:] for r in FREEZING], ids=[r[0] for r in FREEZING])
def test_freezing(g, text, source):
    assert str(g.freeze()) == text
    assert freeze(g) is g.freeze()


# (id, game, s, t, overheated, source)
OVERHEATING = [
    ("* from 1 to 1", star, 1, 1, "+-1", "Berlekamp 1988 / CGSuite Overheat: n -> n.s, else {∫G^L + t | ∫G^R - t}"),
    ("2 from 1* to 1", integer(2), 1 + star, 1, "2", "2.(1*) = 1* + 1* = 2"),
    ("3 from ^ to 1", integer(3), up, 1, "^3", "3.^ = ^^^"),
    ("1/2 from 1 to 1", dyadic(1, 2), 1, 1, "{1|0}", "non-integer numbers are overheated too"),
    ("^ from 1 to 1*", up, 1, 1 + star, "{1*||0|-2}", "by definition: {0 + 1* | ∫* - 1*}"),
]


@pytest.mark.parametrize("g, s, t, text, source", [r[1:] for r in OVERHEATING], ids=[r[0] for r in OVERHEATING])
def test_overheating(g, s, t, text, source):
    assert str(g.overheat(s, t)) == text
    assert overheat(g, s, t) is g.overheat(s, t)


@pytest.mark.parametrize("t, error, message", [
    (-1, NotApplicableError, "cannot cool by -1: the cooling temperature must be greater than -1"),
    (F(-3, 2), NotApplicableError, "cannot cool by -3/2: the cooling temperature must be greater than -1"),
    (star, NotApplicableError, r"cannot cool by \*: the cooling temperature must be a number"),
    (F(1, 3), NotDyadicError, "1/3 is not a dyadic rational"),
    ("hot", InvalidGameError, "the cooling temperature must be a game or a dyadic number, got 'hot'"),
], ids=["minus-one", "below-minus-one", "star", "one-third", "string"])
def test_cooling_errors(t, error, message):
    with pytest.raises(error, match=message):
        switch(1).cool(t)


def test_heating_errors():
    with pytest.raises(InvalidGameError, match="the heating temperature must be a game"):
        star.heat(None)
    with pytest.raises(InvalidGameError, match="the overheating unit s must be a game"):
        star.overheat([], 1)


def test_deep_games():
    g = 2000 * up + star
    assert g.cool(1) == 0 and g.freeze() is g
    assert str((60 * up + star).heat(1).cool(1)) == "^60*"


# ---------------------------------------------------------------- properties (cgt.testing)

temperatures = st.sampled_from([F(-3, 4), F(-1, 2), F(-1, 8), F(0), F(1, 4), F(1, 2), F(3, 4), F(1), F(3, 2), F(2)])


@settings(deadline=None)
@given(games(max_birthday=3), games(max_birthday=3), temperatures)
def test_cooling_is_additive(g, h, t):
    assert (g + h).cool(t) == g.cool(t) + h.cool(t)


@settings(deadline=None)
@given(games(max_birthday=3), temperatures)
def test_cooled_above_temperature_is_number_plus_infinitesimal(g, t):
    t = max(t, g.temperature)
    if t <= -1:  # integers: cooling fixes them
        t = F(0)
    cooled = g.cool(t)
    difference = cooled - g.mean
    assert difference.is_infinitesimal
    if t > g.temperature:
        assert cooled == g.mean


@settings(deadline=None)
@given(games(max_birthday=3), temperatures)
def test_cooling_preserves_mean_and_order_with_negative(g, t):
    cooled = g.cool(t)
    assert cooled.mean == g.mean
    assert (-g).cool(t) == -cooled
    if not g.is_number and t < g.temperature:
        assert cooled.temperature == g.temperature - t  # the thermograph shifts down by t


@settings(deadline=None)
@given(games(max_birthday=3), st.sampled_from([F(0), F(1, 2), F(1), F(2)]))
def test_cooling_undoes_heating(g, t):
    assert g.heat(t).cool(t) == g


@settings(deadline=None)
@given(games(max_birthday=3), st.sampled_from([F(1, 2), F(1), F(2)]))
def test_heating_commutes_with_negation(g, t):
    # (Heating acts on forms, so it is not additive on canonical values: * + {*|-1} = {0|-1*}
    # heats to {1||-1|-3}, but +-1 + {2|0||-2} = {1|-1,{-1|-3}}.)
    assert (-g).heat(t) == -g.heat(t)
    assert g.heat(t).mean == g.mean
