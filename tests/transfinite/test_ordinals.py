"""Generalized ordinals and surreal quotients (cgt.transfinite.ordinal, cgt.transfinite.surreal, cgt.notation.number_text)."""

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Ordinal, Rational, Surreal, dyadic, integer, omega, omega_power, parse_number, star, switch, up
from cgt.errors import CGTError, NotApplicableError
from cgt.notation.number_text import NumberSyntaxError
from cgt.transfinite.surreal import surreal

W = omega_power

# ---------------------------------------------------------------- printing (CGSUITE.md §5.5, which gives
# these shapes verbatim: ω, ω^2×3+ω+5, ω^(ω+1), ω^ω^2, ω-1, ω/2, (ω+1)/(ω-1))
PRINTING = [
    ("omega", omega, "ω"),
    ("poly", W(2) * 3 + omega + 5, "ω^2×3+ω+5"),
    ("exp-sum", W(omega + 1), "ω^(ω+1)"),
    ("exp-tower", W(W(2)), "ω^ω^2"),
    ("minus-one", omega - 1, "ω-1"),
    ("half", omega / 2, "ω/2"),
    ("quotient", (omega + 1) / (omega - 1), "(ω+1)/(ω-1)"),
    ("exp-multiple", W(omega * 2), "ω^(ω×2)"),              # §5.5: a non-unit multiple of a positive power
    ("exp-finite", W(2) * 2, "ω^2×2"),                       # §5.5: a finite exponent is not parenthesised
    ("negative", -omega * 3 + 2, "-ω×3+2"),
    ("reciprocal", 1 / omega, "1/ω"),
    ("big-num", W(3) * -2 / 7, "-ω^3×2/7"),
]


@pytest.mark.parametrize("value, text", [r[1:] for r in PRINTING], ids=[r[0] for r in PRINTING])
def test_printing_and_parsing(value, text):
    assert str(value) == text
    assert parse_number(text) == value
    assert parse_number(value.ascii()) == value
    assert eval(repr(value), vars(cgt)) == value


# ---------------------------------------------------------------- arithmetic (surreal = natural operations
# on ordinals: Conway, ONAG ch. 3; Siegel, Combinatorial Game Theory, ch. VIII.1)
ARITHMETIC = [
    ("1+w", 1 + omega, "ω+1"),                    # natural sum is commutative (the ordinal sum 1+ω = ω is not)
    ("w*2", 2 * omega, "ω×2"),                    # natural product ω ⊗ 2 = ω·2
    ("(w+1)^2", (omega + 1) ** 2, "ω^2+ω×2+1"),   # natural product distributes
    ("(w+1)(w-1)", (omega + 1) * (omega - 1), "ω^2-1"),
    ("lowest", (W(2) - 1) / (omega - 1), "ω+1"),  # quotients are kept in lowest terms
    ("monomial", (omega * 2) / (W(2) * 4), "1/(ω×2)"),
    ("w-w", omega - omega, "0"),
    ("w^w*w", W(omega) * omega, "ω^(ω+1)"),       # ω^a × ω^b = ω^(a ⊕ b)
    ("w+1/2", omega + dyadic(1, 2), "(ω×2+1)/2"),
]


@pytest.mark.parametrize("value, text", [r[1:] for r in ARITHMETIC], ids=[r[0] for r in ARITHMETIC])
def test_arithmetic(value, text):
    assert str(value) == text


BIRTHDAYS = [
    ("w", omega, "ω"),                  # an ordinal is born on the day it names (ONAG ch. 0)
    ("w-1", omega - 1, "ω+1"),          # ω-1 = {0,1,2,... | ω} (ONAG ch. 0; Siegel VIII.1)
    ("w/2", omega / 2, "ω×2"),          # ω/2 = {0,1,2,... | ω, ω-1, ω-2, ...} (ONAG ch. 0)
    ("1/3", Rational(1, 3), "ω"),       # a non-dyadic rational is born on day ω (CGSUITE.md §6.8)
    ("-w", -omega, "ω"),
    ("w2+1", W(2) + 1, "ω^2+1"),
    ("w+1/3", omega + Rational(1, 3), "ω×2"),   # Gonshor Thm 5.12: ω pluses, then the ω signs of 1/3
]


@pytest.mark.parametrize("value, text", [r[1:] for r in BIRTHDAYS], ids=[r[0] for r in BIRTHDAYS])
def test_birthdays(value, text):
    assert value.birthday == parse_number(text)


# Quotients with non-integer denominators.  Sign expansions by Gonshor (An Introduction to the Theory of
# Surreal Numbers, Thm 5.11: ω^y is + then, per sign of y, ω^(n+1) copies of it, n = pluses before it;
# Thm 5.12: ω^y×r continues with the later signs of r, each ω^(y⁺) times; a normal form concatenates its terms),
# worked by hand below and checked against the options where ONAG ch. 0/3 names them (ε = 1/ω = {0 | 1, 1/2,
# 1/4, ...}, 2ε = {ε | 1, 1/2, ...}, ε/2 = {0 | ε}, ε² = {0 | ε/2, ε/4, ...}).
QUOTIENT_BIRTHDAYS = [
    ("1/w", 1 / omega, "ω"),                       # ε: + then ω minuses (y = -1: one minus, n = 0) = +−^ω
    ("2/w", 2 / omega, "ω+1"),                     # 2ε: +−^ω then the second sign of 2 (+) once (y⁺ = 0)
    ("1/2w", 1 / (omega * 2), "ω+1"),              # ε/2: +−^ω−
    ("1/3w", 1 / (omega * 3), "ω×2"),              # ε/3: +−^ω then the ω later signs of 1/3 = +−+−...
    ("1/w2", 1 / W(2), "ω×2"),                     # ε²: + then ω^1 minuses for each of the two minuses of -2
    ("-1/w2", -1 / W(2), "ω×2"),                   # the negative mirrors the signs
    ("(w+1)/w", (omega + 1) / omega, "ω"),         # 1 + ε: + then +−^ω (no shared exponent signs): 1+ω = ω
    ("(w2+1)/w", (W(2) + 1) / omega, "ω×2"),       # ω + ε: +^ω then +−^ω = {ω | ω+1, ω+1/2, ...}
    ("(w+1)/w2", (omega + 1) / W(2), "ω×2"),       # ε + ε²: +−^ω, then ε² drops the minus block it shares
                                                   # with ε: +−^ω (reached as {ε | ε+ε/2^k}); ω+ω
    ("(2w+1)/w2", (omega * 2 + 1) / W(2), "ω×2"),  # 2ε + ε²: +−^ω+ then +−^ω: (ω+1)+ω = ω×2
    ("(w3+w+1)/w2", (W(3) + omega + 1) / W(2), "ω×3"),  # ω + ε + ε²: +^ω, +−^ω, +−^ω
    ("w/w^w", omega / W(omega), "ω^2+ω"),          # ω^(1-ω): y = −^ω + : 1 + ω^1×ω (minuses) + ω^1 (the plus)
]


@pytest.mark.parametrize("value, text", [r[1:] for r in QUOTIENT_BIRTHDAYS], ids=[r[0] for r in QUOTIENT_BIRTHDAYS])
def test_birthdays_of_quotients(value, text):
    assert value.birthday == parse_number(text)


# Floors: the normal form (long division) above 1, plus the floor of the real part, less 1 when that part
# is an integer and the infinitesimal rest is negative (ONAG ch. 5: omnific integers are the numbers whose
# normal form has only terms ω^y × r with y > 0, and an integer for y = 0).
QUOTIENT_FLOORS = [
    ("1/w", 1 / omega, "0", "1"),                             # 0 < ε < 1
    ("-1/w", -1 / omega, "-1", "0"),
    ("(w+1)/(w-1)", (omega + 1) / (omega - 1), "1", "2"),     # 1 + 2/(ω-1) = 1 + 2ε + 2ε² + ...
    ("(w-1)/(w+1)", (omega - 1) / (omega + 1), "0", "1"),     # 1 - 2/(ω+1) = 1 - 2ε + 2ε² - ...
    ("w2/(w-1)", W(2) / (omega - 1), "ω+1", "ω+2"),           # ω² = (ω-1)(ω+1) + 1: ω + 1 + 1/(ω-1)
    ("w2/(w+1)", W(2) / (omega + 1), "ω-1", "ω"),             # ω² = (ω+1)(ω-1) + 1: ω - 1 + 1/(ω+1)
    ("w/(2w-1)", omega / (omega * 2 - 1), "0", "1"),          # 1/2 + ε/4 + ...
    ("(w2+1)/2w", (W(2) + 1) / (omega * 2), "ω/2", "(ω+2)/2"),  # ω/2 + ε/2: ω/2 is an omnific integer
    ("w^w/w2", W(omega) / W(2), "ω^ω/ω^2", "ω^ω/ω^2"),        # ω^(ω-2): one term, exponent > 0
    ("w2/w^w", W(2) / W(omega), "0", "1"),                    # ω^(2-ω): exponent < 0
]


@pytest.mark.parametrize("value, floor, ceiling", [r[1:] for r in QUOTIENT_FLOORS], ids=[r[0] for r in QUOTIENT_FLOORS])
def test_floors_of_quotients(value, floor, ceiling):
    assert value.floor == parse_number(floor) and value.ceiling == parse_number(ceiling)
    assert value.floor <= value < value.floor + 1


@settings(max_examples=30)
@given(st.integers(-5, 5), st.integers(-5, 5), st.integers(1, 4), st.integers(-4, 4), st.integers(0, 2))
def test_floor_is_the_greatest_omnific_integer_below(a, b, c, d, k):
    # x = (ω^2 a + ω b + 1)/(ω c + d) or /ω^k: floor(x) ≤ x < floor(x) + 1, and floor(x) has no term below 1
    num = W(2) * a + omega * b + 1
    den = omega * c + d if k == 0 else W(k) * c
    x = surreal(num, den)
    f = x.floor if isinstance(x, Surreal) else integer(math.floor(x.number))
    assert f <= x < f + 1
    if isinstance(f, Surreal):
        assert f.floor == f and f.ceiling == f      # an omnific integer is its own floor and ceiling
    else:
        assert f.is_integer


def test_floor_with_too_many_terms_is_refused():
    # ω^ω/(ω-1) = ω^(ω-1) + ω^(ω-2) + ...: every exponent is positive
    with pytest.raises(cgt.errors.TooLargeError, match=r"^the floor of ω\^ω/\(ω-1\) needs more than 200 terms"):
        (W(omega) / (omega - 1)).floor


OUTCOMES = [
    ("w", omega, "L"), ("-w", -omega, "R"), ("w-1", omega - 1, "L"), ("1/3", Rational(1, 3), "L"),
    ("1/w", 1 / omega, "L"), ("-1/w", -1 / omega, "R"),
]  # a positive number is a win for Left whoever starts (ONAG ch. 1; Siegel II.1)


@pytest.mark.parametrize("value, outcome", [r[1:] for r in OUTCOMES], ids=[r[0] for r in OUTCOMES])
def test_outcomes(value, outcome):
    assert str(value.outcome) == outcome


def test_members():
    x = (omega + 1) / (omega - 1)
    assert x.numerator == omega + 1 and x.denominator == omega - 1 and x.sign == 1
    assert x.reciprocal == (omega - 1) / (omega + 1) and (-x).abs == x
    assert 1 < x < 2 and x.max(2) == 2 and x.min(2) == x
    assert omega.is_ordinal and not (omega - 1).is_ordinal and omega.is_infinite and not (1 / omega).is_infinite
    assert (omega / 2 + Rational(1, 3)).floor == omega / 2 and (omega - Rational(1, 3)).ceiling == omega
    assert str(omega.omega_power) == "ω^ω" and omega ** omega == W(omega) and omega ** 2 == omega * omega
    assert x.birthday == W(2)    # 1 + 2ε + 2ε² + ...: + then (+−^ω+)^ω (tests/transfinite/test_surreal_birthdays.py)
    with pytest.raises(NotApplicableError, match="ordinal exponent"):
        omega ** (omega - 1)


def test_mixing_with_games():
    assert omega > 10**100 and -omega < integer(-5) and omega > up and omega > switch(1000)
    assert 1 / omega > up and 1 / omega < dyadic(1, 1024)   # ↑ is below every positive number (ONAG ch. 9)
    assert Rational(1, 3).confused_with(switch(1)) and not (Rational(1, 3) < switch(1))
    assert omega + integer(2) == omega + 2 and integer(2) + omega == omega + 2
    with pytest.raises(CGTError, match=r"cannot add ω and \*"):
        omega + star
    with pytest.raises(CGTError, match="not a number"):
        star + Rational(1, 3)


def test_parse_errors():
    for text in ("omega +", "ω^", "(ω", "x", "ω ω"):
        with pytest.raises(NumberSyntaxError):
            parse_number(text)
    assert issubclass(NumberSyntaxError, CGTError)
    assert Ordinal("omega^2*3+omega+5") == W(2) * 3 + omega + 5


# ---------------------------------------------------------------- properties

def _generalized(max_terms=3, allow_negative=True):
    exponent = st.lists(st.integers(0, 3), min_size=1, max_size=3).map(
        lambda ns: sum((W(j) * n for j, n in enumerate(ns) if n), start=integer(0)))
    low = -5 if allow_negative else 1
    coefficient = st.integers(low, 5).filter(bool)
    term = st.tuples(exponent, coefficient).map(lambda t: W(t[0]) * t[1])
    return st.lists(term, max_size=max_terms).map(lambda ts: sum(ts, start=integer(0)))


@given(_generalized(), _generalized(), _generalized())
def test_addition_and_multiplication_laws(a, b, c):
    assert (a + b) + c == a + (b + c) and a + b == b + a and a - a == 0
    assert (a * b) * c == a * (b * c) and a * (b + c) == a * b + a * c


@given(_generalized(), _generalized(), _generalized())
def test_total_order(a, b, c):
    assert [a < b, a == b, a > b].count(True) == 1
    if a <= b and b <= c:
        assert a <= c
    if a < b:
        assert a + c < b + c


@given(_generalized(), _generalized(max_terms=2))
def test_print_parse_round_trip(a, b):
    for value in (a, a / b if b != 0 else a):
        assert parse_number(str(value)) == value
        if not isinstance(value, cgt.Game):
            assert parse_number(value.ascii()) == value
            assert hash(parse_number(str(value))) == hash(value)


@settings(max_examples=30)
@given(_generalized(max_terms=2), _generalized(max_terms=2), _generalized(max_terms=2))
def test_quotient_field(a, b, c):
    if b != 0 and c != 0:
        assert (a / b) * b == a
        assert a / b + c / b == (a + c) / b
        assert (a / b) / (c / b) == a / c


def test_lowest_terms_of_a_huge_degree_is_refused():
    # sympy's dense gcd of (ω^(10^9)+1, ω-1) would not finish: a clear TooLargeError instead
    with pytest.raises(cgt.errors.TooLargeError, match=r"^cannot put \(ω\^1000000000\+1\)/\(ω-1\) in lowest terms: "
                                                       r"degree 1000000000 in a power of ω, more than 100000$"):
        (W(10**9) + 1) / (omega - 1)
    assert (W(3) + 1) / (omega + 1) == W(2) - omega + 1    # ω^3+1 = (ω+1)(ω^2-ω+1)
