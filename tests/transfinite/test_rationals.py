"""Rationals with CGSuite's behaviour (cgt.transfinite.surreal.Rational, division, inf)."""

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgt
from cgt import Game, Rational, dyadic, integer, omega, parse_number, star, switch, up
from cgt.errors import CGTError, NotApplicableError
from cgt.transfinite.surreal import SurrealArithmeticError, surreal

# CGSUITE.md §4.3 (`/` on numbers: x/0 = ±inf, 0/0 an error) and §5.1 (`n/d` with the sign on the
# numerator; `inf`, `-inf`).
DIVISIONS = [
    ("5/7", 5, 7, "5/7"),
    ("-3/8", -3, 8, "-3/8"),           # dyadic: a Game number
    ("3/-9", 3, -9, "-1/3"),
    ("3/0", 3, 0, "inf"),
    ("-3/0", -3, 0, "-inf"),
    ("6/4", 6, 4, "3/2"),
    ("10/5", 10, 5, "2"),
]


@pytest.mark.parametrize("a, b, text", [r[1:] for r in DIVISIONS], ids=[r[0] for r in DIVISIONS])
def test_division_and_printing(a, b, text):
    value = surreal(a, b)
    assert str(value) == text and parse_number(text) == value
    if b:
        assert integer(a) / integer(b) == value


def test_zero_over_zero_is_an_error():
    with pytest.raises(SurrealArithmeticError, match="0/0 is undefined"):
        surreal(0, 0)
    with pytest.raises(CGTError):
        integer(0) / 0


def test_dyadic_rationals_are_games():
    assert Rational(1, 2) is dyadic(1, 2) and isinstance(Rational(6, 8), Game)
    third = Rational(1, 3)
    assert isinstance(third, Rational) and not isinstance(third, Game)
    assert third == Fraction(1, 3) and Fraction(1, 3) == third and hash(third) == hash(Fraction(1, 3))
    assert third + Rational(1, 6) is dyadic(1, 2)
    assert third * 3 == 1 and isinstance(third * 3, Game)
    assert third + Fraction(2, 3) == 1 and Fraction(2, 3) + third == 1 and 1 - third == Rational(2, 3)
    assert {third: 1}[Fraction(1, 3)] == 1


def test_infinity():
    inf = cgt.inf
    assert str(inf) == "inf" and str(-inf) == "-inf" and inf > omega ** omega and -inf < -omega
    assert inf + 5 == inf and inf * -2 == -inf and 1 / inf == 0 and float(inf) == math.inf
    for bad in (lambda: inf - inf, lambda: inf * 0, lambda: inf / inf):
        with pytest.raises(SurrealArithmeticError):
            bad()
    with pytest.raises(NotApplicableError, match="has no birthday"):
        inf.birthday


def test_members():
    x = Rational(-7, 3)
    assert x.floor == -3 and x.ceiling == -2 and x.numerator == -7 and x.denominator == 3
    assert str(x % 2) == "-1/3" and str(Rational(7, 3) % 2) == "1/3"    # sign of the dividend (§4.3)
    assert x.sign == -1 and x.abs == Rational(7, 3) and x.reciprocal == Rational(-3, 7)
    assert x ** 2 == Rational(49, 9) and x ** -1 == Rational(-3, 7) and x.max(0) == 0 and x.min(0) == x
    assert not x.is_dyadic and x.birthday == omega and str(x.outcome) == "R"


def test_rationals_and_short_games():
    third = Rational(1, 3)
    assert third > up and third > star and third < 1 and third.confused_with(switch(1))
    with pytest.raises(CGTError, match="short game that is not a number"):
        third + star
    with pytest.raises(CGTError, match="short game that is not a number"):
        up - third
    assert third + integer(1) == Rational(4, 3) and integer(1) - third == Rational(2, 3)


@given(st.fractions(max_denominator=60), st.fractions(max_denominator=60))
def test_agrees_with_fraction(a, b):
    x, y = Rational(a.numerator, a.denominator), Rational(b.numerator, b.denominator)
    assert x + y == a + b and x - y == a - b and x * y == a * b
    assert (x < y) == (a < b) and (x == y) == (a == b)
    if b:
        assert x / y == a / b
    assert parse_number(str(x)) == x and hash(x) == hash(a)
