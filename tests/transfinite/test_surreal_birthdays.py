"""Birthdays of surreal quotients whose normal form is infinite (denominators with several terms).

The birthday of a surreal number is the length of its sign expansion (Conway, ONAG ch. 3; Gonshor, *An
Introduction to the Theory of Surreal Numbers*, ch. 5).  Gonshor ch. 5: the sign expansion of ω^y is a plus
followed, for each sign of y, by ω^(n+1) copies of it (n = the pluses of y before it) (Thm 5.11); ω^y × r
continues with the later signs of the real r, each ω^(y⁺) times (Thm 5.12); a normal form Σ ω^(y_i) × r_i
concatenates its terms' reduced expansions, in which a term drops the minus blocks of the signs its exponent
shares with the earlier exponents.  A quotient p/q with q of several terms has an infinite normal form,
Σ_k ω^(y_0 + kδ) × r_k, so its sign expansion is an ω-indexed concatenation and its length the ordinal sum of
the term lengths.

No book on this machine tabulates these values, so every row below is derived by hand in its comment (the
term lengths by the theorems above, then the ordinal sum), and the property tests check the closed form
against an independent computation: the test's own long division gives the truncations of the normal form,
whose sign expansions are initial segments of x's (the birthdays of the finite truncations come from the
finite code path), and the supremum of those birthdays is extrapolated from two of them.
"""

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import integer, omega, omega_power, parse_number
from cgt.errors import NotApplicableError
from cgt.transfinite.ordinal import ONE, cnf_omega_power, cnf_ordinal_add
from cgt.transfinite.surreal import as_surreal_parts, surreal

W = omega_power
w = omega

# (id, value, birthday).  ε = 1/ω = +−^ω (ONAG ch. 3: ε = {0 | 1, 1/2, 1/4, ...}).
GOLDEN = [
    # 1/(ω-1) = Σ_{k≥1} ω^-k.  ω^-k = +−^(ω×k); the k-th term shares k-1 minuses with ω^-(k-1), so its
    # reduced expansion is +−^ω (length ω); ω of them: ω×ω = ω^2.
    ("1/(w-1)", 1 / (w - 1), "ω^2"),
    # (ω+1)/(ω-1) = 1 + Σ 2ω^-k: + (the 1), then +−^ω+ per term (2ω^-k: the second + of 2, ω^0 times):
    # 1 + (ω+1)×ω = ω^2.
    ("(w+1)/(w-1)", (w + 1) / (w - 1), "ω^2"),
    # (ω-1)/(ω+1) = 1 - 2ε + 2ε^2 - ...: the signs of the coefficients do not change the lengths: ω^2
    ("(w-1)/(w+1)", (w - 1) / (w + 1), "ω^2"),
    ("1/(w+1)", 1 / (w + 1), "ω^2"),                 # ε - ε^2 + ε^3 - ...: ω per term
    ("-(w+1)/(w-1)", -(w + 1) / (w - 1), "ω^2"),     # the negative mirrors every sign
    # 1/(3ω+1) = Σ (-1)^k 3^-(k+1) ω^-(k+1): +−^ω then the ω later signs of 1/3^(k+1) (y⁺ = 0): ω×2 per
    # term, ω^2 in all
    ("1/(3w+1)", 1 / (3 * w + 1), "ω^2"),
    ("1/(w^2+1)", 1 / (W(2) + 1), "ω^2"),            # Σ ±ω^(-2k): each term keeps one block of ω×2 minuses
    ("(w+2)/(w^2-1)", (w + 2) / (W(2) - 1), "ω^2"),  # ε + 2ε^2 + ε^3 + 2ε^4 + ...: ω, ω+1, ω, ... per term
    # ω/(2ω-1) = 1/2 + ε/4 + ε^2/8 + ...: +−, then ε^k/2^(k+1) keeps +−^ω and the k+1 later signs of
    # 1/2^(k+1): ω+k+1 per term, ω^2 in all
    ("w/(2w-1)", w / (2 * w - 1), "ω^2"),
    # ω^2/(ω-1) = ω + 1 + 1/(ω-1): +^ω, +, then (+−^ω)^ω: ω + 1 + ω^2 = ω^2
    ("w^2/(w-1)", W(2) / (w - 1), "ω^2"),
    # ω^3/(ω-1) = ω^2 + ω + 1 + 1/(ω-1): ω^2 + ω + 1 + ω^2 = ω^2×2
    ("w^3/(w-1)", W(3) / (w - 1), "ω^2×2"),
    # 1/(ω^2-ω) = Σ_{k≥2} ω^-k: the first term ε^2 = +−^(ω×2) shares nothing, then ω per term: ω×2 + ω^2
    ("1/(w^2-w)", 1 / (W(2) - w), "ω^2"),
    # 1/(ω^ω-1) = Σ_{k≥1} ω^(-ω×k): y_k = −^(ω×k), so ω^(y_k) = +−^(ω^2×k); reduced +−^(ω^2): ω^2 per term,
    # ω^3 in all
    ("1/(w^w-1)", 1 / (W(w) - 1), "ω^3"),
    # ω^ω/(ω^ω-1) = 1 + 1/(ω^ω-1): 1 + ω^3
    ("w^w/(w^w-1)", W(w) / (W(w) - 1), "ω^3"),
    # 1/(ω^(ω+1)-ω) = Σ_{k≥1} ω^(-ω×k-1): y_k = −^(ω×k+1), reduced: ω+1 minuses left, each ω: ω^2+ω per term
    ("1/(w^(w+1)-w)", 1 / (W(w + 1) - w), "ω^3"),
    # ω^ω/(ω-1) = Σ_{k≥1} ω^(ω-k): y_k = +^ω −^k; ω^(y_k) = +, ω^ω pluses (Σ_{n<ω} ω^(n+1)), then ω^(ω+1)
    # per minus; reduced: ω^ω + ω^(ω+1) = ω^(ω+1) per term; ω of them: ω^(ω+2)
    ("w^w/(w-1)", W(w) / (w - 1), "ω^(ω+2)"),
    # 1/(ω^ω-ω) = Σ_{k≥0} ω^(k-ω×(k+1)): y_k = −^(ω×(k+1)) +^k; reduced: +, ω^2 (one block of ω minuses
    # left), then k pluses: ω^k; the lengths ω^2+ω^k climb through every ω^k: their sum is ω^ω
    ("1/(w^w-w)", 1 / (W(w) - w), "ω^ω"),
    ("w^w/(w^w-w)", W(w) / (W(w) - w), "ω^ω"),       # 1 + the same ω^ω
    # ω^5/(ω^ω-1) = Σ ω^(5-ω×k): y_k = −^(ω×k) +^5: +, ω^2, then ω^5 for the pluses: ω^5 per term, ω^6
    ("w^5/(w^w-1)", W(5) / (W(w) - 1), "ω^6"),
    # ω^5/(ω^ω×3-1) = Σ 3^-k ω^(5-ω×k): as above, then the ω later signs of 3^-k, each ω^5 times: ω^6 per
    # term, ω^7 in all
    ("w^5/(3w^w-1)", W(5) / (3 * W(w) - 1), "ω^7"),
    # ω^5/(ω^ω×3-9) = Σ_{k≥0} 3^(k-1) ω^(5-ω×(k+1)): only the first coefficient 1/3 is not dyadic:
    # ω^6 (that term) + Σ ω^5×(birthday of 3^(k-1)) = ω^6 + ω^6 = ω^6×2
    ("w^5/(3w^w-9)", W(5) / (3 * W(w) - 9), "ω^6×2"),
    # ω^5/(ω^ω×9-27): the coefficients 1/9, 1/3, 1, 3, ...: two non-dyadic terms, ω^6×3
    ("w^5/(9w^w-27)", W(5) / (9 * W(w) - 27), "ω^6×3"),
    # Two clusters.  (ω^ω+1)/(ω-1) = Σ ω^(ω-k) + Σ ω^-k: ω^(ω+2), then the ω^-k (they share no sign with
    # the ω-k, which begin with +): + ω^2
    ("(w^w+1)/(w-1)", (W(w) + 1) / (w - 1), "ω^(ω+2)+ω^2"),
    # (ω^(ω+1)-ω^ω+1)/(ω-1) = ω^ω + 1/(ω-1): a finite cluster, then an infinite one: ω^ω + ω^2
    ("w^w+1/(w-1)", W(w) + 1 / (w - 1), "ω^ω+ω^2"),
    # 1/(ω-1) + ω^-ω: the term after all the ω^-k shares all of −^ω with them (the supremum of its common
    # segments with −^k), so it adds one plus: 1/(ω-1) + ω^-ω = {1/(ω-1) | 1/(ω-1) + ω^-j/2^n} is the simplest
    # number just above 1/(ω-1) (ω^-ω = {0 | ω^-j/2^n} by the definition of ω^y, ONAG ch. 3): ω^2 + 1
    ("1/(w-1)+w^-w", 1 / (w - 1) + 1 / W(w), "ω^2+1"),
    # 1/(ω-1) + ω^(-ω-1): shares −^ω, one minus (worth ω) left: ω^2 + ω
    ("1/(w-1)+w^(-w-1)", 1 / (w - 1) + 1 / W(w + 1), "ω^2+ω"),
    # 1/(ω-1) + ω^(2-ω): y = −^ω ++ shares its minuses: + then ω^2 for the two pluses: ω^2 + ω^2
    ("1/(w-1)+w^(2-w)", 1 / (w - 1) + W(2) / W(w), "ω^2×2"),
    # 1/(ω^ω-1) + ω^(-ω^2): shares all of −^(ω^2) with the −^(ω×k): one plus
    ("1/(w^w-1)+w^-w^2", 1 / (W(w) - 1) + 1 / W(W(2)), "ω^3+1"),
    # Interleaved progressions.  (ω+1)/(ω^ω+1) = Σ (-1)^k (ω^(1-ω×(k+1)) + ω^(-ω×(k+1))): on each level the
    # first term's exponent −^(ω×(k+1)) + shares −^(ω×k) with the previous level: + ω^2 (one block of ω
    # minuses) + ω (the plus) = ω^2+ω; the second's exponent −^(ω×(k+1)) is an initial segment of the
    # first's, so it keeps only its leading +: ω^2+ω+1 per level, ω^3 in all
    ("(w+1)/(w^w+1)", (w + 1) / (W(w) + 1), "ω^3"),
    # (ω^5+1)/(ω^ω+3): likewise ω^2 + ω^5 + ω^5×(the later signs of 3^k) for the first term of a level, a
    # finite length for the second: ω^6
    ("(w^5+1)/(w^w+3)", (W(5) + 1) / (W(w) + 3), "ω^6"),
    # (ω^ω×2+ω^5)/(ω^ω×3+3) = 2/3 + Σ (-1)^k (ω^(5-ω×(k+1))/3 - 2ω^(-ω×(k+1))/3): the coefficients are
    # non-dyadic, so the ω^(5-...) terms end with ω^5×ω = ω^6: ω^7
    ("(2w^w+w^5)/(3w^w+3)", (W(w) * 2 + W(5)) / (W(w) * 3 + 3), "ω^7"),
    # (ω^ω+ω)/(ω^(ω×2)-1) = Σ ω^(-ω×(2k+1)) + ω^(1-ω×(2k+2)): every term opens a new level: ω^2 and ω^2+ω
    ("(w^w+w)/(w^(2w)-1)", (W(w) + w) / (W(w * 2) - 1), "ω^3"),
    # (ω^5+1)/(ω^ω+ω): exponents 5-ω-(ω-1)k and -ω-(ω-1)k: runs of k pluses, lengths climbing to ω^ω
    ("(w^5+1)/(w^w+w)", (W(5) + 1) / (W(w) + w), "ω^ω"),
    # ω^5 + 1 + ω^(-ω^2)/(ω^ω+3): over the denominator ω^(ω^2)×(ω^ω+3) the numerator's top cluster holds
    # two progressions that both stop (ω^5 and 1); then ω^(-ω^2-ω×(k+1)) × (-3)^k: the first shares nothing
    # with 0 (+ then ω×(ω^2+ω) minuses: ω^3+ω^2), the others keep one block (ω^2): ω^5 + 1 + ω^3×2
    ("w^5+1+w^-w^2/(w^w+3)", W(5) + 1 + 1 / (W(W(2)) * (W(w) + 3)), "ω^5+ω^3×2"),
]


@pytest.mark.parametrize("value, text", [r[1:] for r in GOLDEN], ids=[r[0] for r in GOLDEN])
def test_golden_birthdays(value, text):
    assert value.birthday == parse_number(text)
    assert (-value).birthday == value.birthday
    assert parse_number(str(value)) == value and parse_number(value.ascii()) == value   # round trips


REFUSED = [
    # exponents -ω, -ω×2+1, -ω×2, ...: two independent steps (-ω+1 and -ω)
    (1 / (W(w) + w + 1), "the exponents of its normal form do not form one arithmetic progression"),
    # 1/(ω × (ω^ω+ω+1)): the same two steps -ω+1 and -ω, shifted by -1
    (1 / (W(w + 1) + W(2) + w), "the exponents of its normal form do not form one arithmetic progression"),
]


@pytest.mark.parametrize("value, message", REFUSED, ids=[str(r[0]) for r in REFUSED])
def test_refused(value, message):
    with pytest.raises(NotApplicableError, match="^the birthday of .* is not implemented: " + message + "$"):
        value.birthday


def test_a_long_prefix_is_refused():
    # y_k = -ω×(k+1) - 10^9 + k: the run of pluses only appears from k = 10^9 + 1 on
    x = 1 / (W(w + 10**9) - W(10**9 + 1))
    with pytest.raises(cgt.errors.TooLargeError, match=r"^the birthday of .* needs more than 2000 terms of its "
                                                       r"normal form before their lengths settle"):
        x.birthday
    # the same shape with a short prefix: the pluses k - 50 climb to ω^ω
    assert (1 / (W(w + 50) - W(51))).birthday == W(w)
    with pytest.raises(cgt.errors.TooLargeError, match=r"numerator and denominator span 2500 steps"):
        ((W(2500) + 1) / (w - 1)).birthday
    # (ω^1500+1)/(ω-1) = ω^1499 + ... + ω + 1 + 2ε + 2ε^2 + ...: the terms ω^n (length ω^n each) in
    # decreasing order, then 2 + ω^2 absorbs ω + 1 after ω^2: ..., ω^3 + ω^2×2
    b = ((W(1500) + 1) / (w - 1)).birthday
    assert b == sum((W(n) for n in range(3, 1500)), start=W(2) * 2)


# ---------------------------------------------------------------- the independent computation

def _series(p: dict, q: dict, count: int) -> list:
    """The first ``count`` nonzero terms (exponent, coefficient) of p/q by long division; exponents are
    pairs (u, v) standing for ω×u + v (ordered lexicographically, as those ordinals are)."""
    rest = {e: Fraction(c) for e, c in p.items() if c}
    top = max(q)
    out = []
    while rest and len(out) < count:
        e = max(rest)
        c = rest.pop(e) / q[top]
        y = (e[0] - top[0], e[1] - top[1])
        out.append((y, c))
        for g, d in q.items():
            if g != top:
                f = (y[0] + g[0], y[1] + g[1])
                v = rest.get(f, 0) - c * d
                if v:
                    rest[f] = v
                else:
                    rest.pop(f, None)
    return out


def _power(e) -> object:
    return W(omega * e[0] + e[1])


def _value(p: dict, q: dict):
    return surreal(sum((_power(e) * c for e, c in p.items()), start=integer(0)),
                   sum((_power(e) * c for e, c in q.items()), start=integer(0)))


def _truncation(terms: list):
    """Σ c ω^y over the terms, as a quotient with a monomial denominator."""
    shift = (max(0, -min(y[0] for y, _ in terms)), max(0, -min(y[1] for y, _ in terms)))
    scale = math.lcm(*(c.denominator for _, c in terms))
    top = sum((_power((y[0] + shift[0], y[1] + shift[1])) * int(c * scale) for y, c in terms), start=integer(0))
    return surreal(top, _power(shift) * scale)


def _cnf(x) -> tuple:
    return as_surreal_parts(x)[0]


def _supremum(b1: tuple, b2: tuple) -> tuple:
    """The supremum of an increasing sequence of ordinals of the same shape, extrapolated from two of its
    members: after their common head A, b1 and b2 differ first in a term ω^e×c; if the exponents agree the
    coefficient grows (the supremum is A + ω^(e+1)), else the exponents grow (A + ω^(their supremum))."""
    i = 0
    while b1[i] == b2[i]:
        i += 1
    e1, e2 = b1[i][0], b2[i][0]
    exponent = cnf_ordinal_add(e2, ONE) if e1 == e2 else _supremum(e1, e2)
    return cnf_ordinal_add(b2[:i], cnf_omega_power(exponent))


small = st.integers(-3, 3).filter(bool)


def _poly(max_degree: int, min_terms: int):
    return st.dictionaries(st.integers(0, max_degree).map(lambda n: (0, n)), small, min_size=min_terms,
                           max_size=max_degree + 1)


# Family 1: polynomials in ω.  Family 2: a monomial over ω^ω×a + ω^j×b (steps j-ω: for j > 0 the pluses of
# the exponents grow).  Family 3: a monomial over a polynomial in ω^ω.  Family 4: two or three terms over
# ω^(ω×n)×a + ω^j×b (interleaved progressions).
exponent = st.tuples(st.integers(0, 1), st.integers(0, 5))
quotients = st.one_of(
    st.tuples(st.dictionaries(exponent, small, min_size=2, max_size=3),
              st.tuples(small, small, st.integers(1, 2), st.integers(0, 2)).map(
                  lambda t: {(t[2], 0): t[0], (0, t[3]): t[1]})),
    st.tuples(_poly(3, 1), _poly(2, 2)),
    st.tuples(st.tuples(st.integers(0, 1), st.integers(0, 4)).flatmap(lambda e: small.map(lambda c: {e: c})),
              st.tuples(small, small, st.integers(0, 2)).map(lambda t: {(1, 0): t[0], (0, t[2]): t[1]})),
    st.tuples(st.tuples(st.just(0), st.integers(0, 5)).flatmap(lambda e: small.map(lambda c: {e: c})),
              st.dictionaries(st.integers(0, 2).map(lambda n: (n, 0)), small, min_size=2, max_size=3)),
)


@settings(max_examples=40, deadline=None)
@given(quotients)
def test_birthday_is_the_supremum_of_the_truncations(pq):
    p, q = pq
    x = _value(p, q)
    if not isinstance(x, cgt.Surreal) or len(as_surreal_parts(x)[1]) < 2:
        return  # p/q reduced to a finite normal form
    b = x.birthday
    assert (-x).birthday == b
    terms = _series(p, q, 48)
    # Gonshor ch. 5: the sign expansion of a truncation is an initial segment of x's, strictly shorter
    # here since infinitely many terms follow
    births = {n: _truncation(terms[:n]).birthday for n in (1, 5, 24, 48)}
    assert all(c < b for c in births.values())
    assert _cnf(b) == _supremum(_cnf(births[24]), _cnf(births[48]))


@settings(max_examples=30, deadline=None)
@given(_poly(3, 1), _poly(2, 2), st.integers(-20, 20), st.integers(1, 12))
def test_adding_a_rational_keeps_the_birthday(p, q, a, b):
    # For p/q with q a polynomial in ω of several terms, adding a rational only changes the constant term of
    # the normal form: its length stays at most ω (finite, or ω when not dyadic), the terms above it are
    # unchanged, and the first term below (exponent -j) shares no sign with an exponent ≥ 0, so its reduced
    # expansion is unchanged too; the terms below 1 add up to ω^(M+1) with M ≥ 1 (each keeps a block of ω
    # minuses), which absorbs the constant: A + c + ω^(M+1) = A + ω^(M+1).
    x = _value(p, q)
    if isinstance(x, cgt.Surreal) and len(as_surreal_parts(x)[1]) > 1:
        assert (x + Fraction(a, b)).birthday == x.birthday


@settings(max_examples=30, deadline=None)
@given(_poly(3, 1), _poly(2, 2))
def test_polynomial_quotients_are_born_after_omega_squared(p, q):
    # the terms ω^(-k) (k large) of p/q each keep at least one block of ω minuses, and there are
    # infinitely many of them: the birthday is at least ω×ω
    x = _value(p, q)
    if isinstance(x, cgt.Surreal) and len(as_surreal_parts(x)[1]) > 1:
        assert x.birthday >= W(2)
        assert (x + 1).birthday >= W(2) and (x * 2).birthday >= W(2)
