"""Norton multiplication and ordinal sums.

Sources: WW = *Winning Ways*, 2nd ed. (ch. 2 and 7 for Hackenbush stalks, whose
values are ordinal sums; ch. 8 for Norton multiplication ``G.U``); CGT =
Siegel, *Combinatorial Game Theory*, §II.7 (Norton multiplication, Norton's
lemma); LIP = *Lessons in Play*, ch. 9.  Rows marked "by definition" were
worked by hand from the definitions in :mod:`cgt.short.products`.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import dyadic, game, integer, nimber, star, switch, up, zero
from cgt.errors import InvalidGameError
from cgt.short.products import norton_product, ordinal_sum
from cgt.testing import games

G = game

# (id, G, U, G.U, source)
NORTON = [
    ("3.^", integer(3), up, "^3", "WW ch. 8: n.U is n copies of U"),
    ("-2.^", integer(-2), up, "vv", "WW ch. 8: n.U is n copies of U"),
    ("2.^^*", integer(2), 2 * up + star, "^4", "n copies"),
    ("0.^", zero, up, "0", "n copies"),
    ("1/2.^", dyadic(1, 2), up, "{^^*|v*}", "by definition: {0 + ^ + I | ^ - ^ - I} over I = v, ^*; twice it is ^"),
    ("3/4.^", dyadic(3, 4), up, "{^4|^||v*}", "by definition"),
    ("*.^", star, up, "+-(^^*)", "by definition: {^ + I | -^ - I}; CGT II.7: aw(*.^) = *"),
    ("1/2.1", dyadic(1, 2), integer(1), "1/2", "CGT II.7: G.1 = G for numbers (incentive of 1 is -1)"),
    ("*.1", star, integer(1), "*", "G.1 = G"),
    ("1/2.2", dyadic(1, 2), integer(2), "1*", "by definition: 2 = {1|} has the single incentive -1, so {0+2-1 | 2-2+1}"),
    ("+-1.^", switch(1), up, "+-(^3*)", "by definition"),
]


@pytest.mark.parametrize("g, u, text, source", [r[1:] for r in NORTON], ids=[r[0] for r in NORTON])
def test_norton_product(g, u, text, source):
    assert str(g.norton_product(u)) == text
    assert norton_product(g, u) is g.norton_product(u)


def test_norton_by_a_unit_that_is_not_positive_follows_the_formula():
    # CGSuite takes Norton's formula for any unit: (1/2).NortonProduct(*) is {0 | *} = ^ (the incentive of *
    # is *, so U + Δ is 0); an integer n gives n copies of U, whatever U is.
    assert str(dyadic(1, 2).norton_product(star)) == "^"
    assert integer(3).norton_product(-up) is -up - up - up and integer(2).norton_product(zero) is zero


# (id, G, H, G : H, source)
ORDINAL = [
    ("1:1", integer(1), integer(1), "2", "WW ch. 2: a blue Hackenbush stalk of length 2"),
    ("1:-1", integer(1), integer(-1), "1/2", "WW ch. 2: blue-red stalk is 1/2"),
    ("1:-2", integer(1), integer(-2), "1/4", "WW ch. 2: blue-red-red stalk is 1/4"),
    ("1:-1:1", integer(1).ordinal_sum(-1), integer(1), "3/4", "WW ch. 2: blue-red-blue stalk is 3/4"),
    ("-1:1", integer(-1), integer(1), "-1/2", "WW ch. 2: red-blue stalk is -1/2"),
    ("2:1/2", integer(2), dyadic(1, 2), "5/2", "WW ch. 2: blue-blue-blue-red stalk"),
    ("*:*", star, star, "*2", "WW ch. 7: a green stalk of length 2 is *2"),
    ("*2:*", nimber(2), star, "*3", "WW ch. 7: green stalks *a : *b = *(a+b)"),
    ("*:1", star, integer(1), "^*", "by definition: {0, *:0 | 0} = {0,*|0} = ^*"),
    ("1:*", integer(1), star, "1*", "by definition: {0, 1 | 1} = 1*"),
    ("*:^", star, up, "{0,*|0,*2}", "by definition: {0, *:0 | 0, *:*}"),
    ("0:+-1", zero, switch(1), "+-1", "0 : H = H"),
    ("^:0", up, zero, "^", "G : 0 = G"),
]


@pytest.mark.parametrize("g, h, text, source", [r[1:] for r in ORDINAL], ids=[r[0] for r in ORDINAL])
def test_ordinal_sum(g, h, text, source):
    assert str(g.ordinal_sum(h)) == text
    assert ordinal_sum(g, h) is g.ordinal_sum(h)


def test_bad_operands():
    with pytest.raises(InvalidGameError, match="'x' is not a game"):
        star.ordinal_sum("x")
    with pytest.raises(InvalidGameError, match="'x' is not a game"):
        star.norton_product("x")


def test_integer_multiples_are_norton_consistent():
    units = [up, integer(1), dyadic(1, 2), 2 * up + star, G([1], [star])]
    for u, n in itertools.product(units, range(-3, 4)):
        assert integer(n).norton_product(u) is n * u


def test_deep_ordinal_sum():
    g = 2000 * up + star
    assert integer(1).ordinal_sum(g).birthday == 2002


# ---------------------------------------------------------------- properties (cgt.testing)

units = st.sampled_from([up, integer(1), dyadic(1, 2), integer(2), 2 * up + star, G([1], [star])])


@settings(deadline=None)
@given(games(max_birthday=2), games(max_birthday=2), units)
def test_norton_product_is_additive(g, h, u):
    # Norton's lemma (CGT II.7): for U > 0, G -> G.U is additive.
    assert (g + h).norton_product(u) is g.norton_product(u) + h.norton_product(u)


@settings(deadline=None)
@given(games(max_birthday=2), games(max_birthday=2), units)
def test_norton_product_preserves_order(g, h, u):
    # Norton's lemma (CGT II.7): G >= H iff G.U >= H.U.
    assert (g >= h) == (g.norton_product(u) >= h.norton_product(u))


@settings(deadline=None)
@given(games(max_birthday=3), games(max_birthday=2))
def test_ordinal_sum_laws(g, h):
    s = g.ordinal_sum(h)
    assert (-g).ordinal_sum(-h) is -s
    # For G in canonical form (no reversible options), G : H compares with G as H compares
    # with 0 (the ordinal sum lemma; WW ch. 7, CGT II.1).
    assert (s >= g) == (h >= 0) and (s <= g) == (h <= 0)
