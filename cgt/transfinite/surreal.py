"""Surreal numbers beyond the short games: generalized ordinals, their quotients, rationals and ``inf``.

The number tower follows CGSuite (its number literals and its classes ``Rational``, ``SurrealNumber`` and
``GeneralizedOrdinal``):

* dyadic rationals are short games and stay :class:`cgt.Game` numbers;
* :class:`Rational` holds the non-dyadic rationals (born on day ω) and ``inf``/``-inf`` (``1/0``);
* :class:`Ordinal` holds the infinite *generalized ordinals* ``ω^e1×c1 + ...`` (integer coefficients,
  ordinal exponents), e.g. ``ω``, ``ω-1``, ``ω^ω``; their ``+``, ``-``, ``*`` are the surreal operations,
  which on ordinals are Hessenberg's natural sum and product (Conway, ONAG ch. 3);
* :class:`Surreal` (the base class of both) holds quotients of generalized ordinals, ``ω/2``,
  ``(ω+1)/(ω-1)``, kept in lowest terms with a positive denominator.

Every constructor and operation normalises: a result that is a dyadic rational is returned as a
:class:`cgt.Game`, so ``Rational(1, 2) is dyadic(1, 2)``.  Values mix with ``int``, ``Fraction`` and Game
numbers the way ``Fraction`` mixes with ``int``; adding one to a short game that is not a number is an error
(the sum is not a number and not a short game).

>>> from cgt import omega, Rational
>>> omega + 1, (omega + 1) * (omega - 1), (omega + 1) / (omega - 1)
(Ordinal('ω+1'), Ordinal('ω^2-1'), Surreal('(ω+1)/(ω-1)'))
>>> str(Rational(5, 7)), str(Rational(1, 3) + Rational(1, 6)), Rational(3, 0)
('5/7', '1/2', Rational('inf'))
>>> str((omega - 1).birthday), str(Rational(1, 3).birthday), str(omega.outcome)
('ω+1', 'ω', 'L')
"""

from __future__ import annotations

import math
from fractions import Fraction

from cgt.errors import InvalidGameError, NotApplicableError, TooLargeError
from cgt.kernel.game import Game, number as dyadic_game
from cgt.kernel.numbers import is_dyadic, number_birthday
from cgt.transfinite.ordinal import (
    ONE, ZERO, cnf_add, cnf_compare, cnf_int, cnf_is_ordinal, cnf_mul, cnf_neg, cnf_omega_power,
    cnf_ordinal_add, cnf_sign, format_cnf, is_finite,
)
from cgt.kernel.outcome import Outcome

__all__ = ["Surreal", "Ordinal", "Rational", "omega", "inf", "omega_power", "surreal", "as_surreal_parts"]

_MINUS_ONE = cnf_int(-1)


class SurrealArithmeticError(NotApplicableError):
    """An operation on surreal numbers that has no value (``0/0``, ``inf - inf``, a number plus ``*``)."""


# ====================================================================== normalisation

def _content(a: tuple) -> int:
    g = 0
    for _, c in a:
        g = math.gcd(g, c)
    return g


def _exponent_vector(e: tuple) -> dict:
    # ω^e with e = Σ ω^β × n is the monomial Π (ω^(ω^β))^n: the variables of the ring are the ω^(ω^β).
    return {beta: n for beta, n in e}


def _monomial_gcd(a: tuple, b: tuple) -> tuple:
    """The largest ω^g dividing every term of both (componentwise minimum of exponent vectors)."""
    common = None
    for e, _ in a + b:
        v = _exponent_vector(e)
        common = v if common is None else {k: min(n, v[k]) for k, n in common.items() if k in v}
        if not common:
            return ZERO
    return tuple(sorted(((k, n) for k, n in common.items() if n), reverse=True))


def _exp_sub(e: tuple, g: tuple) -> tuple:
    v = _exponent_vector(e)
    for k, n in g:
        v[k] -= n
    return tuple(sorted(((k, n) for k, n in v.items() if n), reverse=True))


def _divide_monomial(a: tuple, g: tuple, c: int) -> tuple:
    return tuple((_exp_sub(e, g), coef // c) for e, coef in a)


#: The largest degree (in one ω^(ω^β)) of a quotient whose sides :func:`_poly_gcd_divide` cancels.
MAX_GCD_DEGREE = 100000


def _poly_gcd_divide(num: tuple, den: tuple) -> tuple[tuple, tuple]:
    """Cancel the greatest common divisor of two multi-term generalized ordinals.

    Generalized ordinals are the polynomial ring Z[ω^(ω^β) : β an ordinal] (a unique factorisation domain),
    so lowest terms exist and are unique up to sign; sympy computes the multivariate gcd (imported lazily).
    A degree above MAX_GCD_DEGREE in one variable is refused (sympy's dense gcd would take minutes).
    """
    import sympy

    degree = max(n for part in (num, den) for e, _ in part for _, n in e) if (num + den) else 0
    if degree > MAX_GCD_DEGREE:
        raise TooLargeError(
            f"cannot put ({format_cnf(num)})/({format_cnf(den)}) in lowest terms: degree {degree} in a power of ω, "
            f"more than {MAX_GCD_DEGREE}")
    variables = sorted({beta for part in (num, den) for e, _ in part for beta, _ in e}, reverse=True)
    if not variables:
        return num, den
    symbols = sympy.symbols(f"x0:{len(variables)}")
    index = {beta: i for i, beta in enumerate(variables)}

    def to_poly(a):
        terms = {}
        for e, c in a:
            monomial = [0] * len(variables)
            for beta, n in e:
                monomial[index[beta]] = n
            terms[tuple(monomial)] = c
        return sympy.Poly.from_dict(terms, *symbols, domain="ZZ")

    def from_poly(p):
        out = []
        for monomial, c in p.terms():
            e = tuple(sorted(((variables[i], n) for i, n in enumerate(monomial) if n), reverse=True))
            out.append((e, int(c)))
        return tuple(sorted(out, reverse=True))

    p, q = to_poly(num), to_poly(den)
    g = sympy.gcd(p, q)
    if g.total_degree() == 0:
        return num, den
    return from_poly(sympy.div(p, g)[0]), from_poly(sympy.div(q, g)[0])


def surreal_from_cnf(num: tuple, den: tuple):
    """The normalised value of ``num/den`` (CNFs): a Game number, Rational, Ordinal or Surreal."""
    if not den:
        if not num:
            raise SurrealArithmeticError("0/0 is undefined")
        if not is_finite(num):
            raise SurrealArithmeticError(f"{format_cnf(num)}/0 is undefined (only rationals divide by 0)")
        return INF if num[0][1] > 0 else NEG_INF
    if not num:
        return dyadic_game(Fraction(0))
    if den[0][1] < 0:
        num, den = cnf_neg(num), cnf_neg(den)
    if den != ONE:
        g = _monomial_gcd(num, den)
        c = math.gcd(_content(num), _content(den))
        if g or c != 1:
            num, den = _divide_monomial(num, g, c), _divide_monomial(den, g, c)
        if len(num) > 1 and len(den) > 1:
            num, den = _poly_gcd_divide(num, den)
            if den[0][1] < 0:
                num, den = cnf_neg(num), cnf_neg(den)
    if is_finite(den):
        d = den[0][1]
        if is_finite(num):
            q = Fraction(num[0][1] if num else 0, d)
            if is_dyadic(q):
                return dyadic_game(q)
            return _raw(Rational, num, den)
        if d == 1:
            return _raw(Ordinal, num, den)
    return _raw(Surreal, num, den)


def _raw(cls, num: tuple, den: tuple):
    x = object.__new__(cls)
    x._num = num
    x._den = den
    return x


def as_surreal_parts(value) -> tuple[tuple, tuple] | None:
    """``(numerator CNF, denominator CNF)`` of an int, Fraction, Game number or Surreal; None otherwise.

    >>> as_surreal_parts(Fraction(-3, 4))
    ((((), -3),), (((), 4),))
    >>> from cgt import star
    >>> as_surreal_parts(star) is None
    True
    """
    if isinstance(value, Surreal):
        return value._num, value._den
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return cnf_int(value), ONE
    if isinstance(value, Fraction):
        return cnf_int(value.numerator), cnf_int(value.denominator)
    if isinstance(value, Game) and value.is_number:
        q = value.number
        return cnf_int(q.numerator), cnf_int(q.denominator)
    return None


def _operand(value, op: str, other):
    """The parts of an operand, NotImplemented for foreign types, an error for short games that are not numbers."""
    parts = as_surreal_parts(value)
    if parts is None:
        if isinstance(value, Game):
            raise SurrealArithmeticError(
                f"cannot {op} {other} and {value}: {value} is a short game that is not a number, "
                f"and {other} is a number that is not a short game"
            )
        return NotImplemented
    return parts


def surreal(numerator, denominator=1):
    """The normalised quotient ``numerator/denominator`` of numbers (ints, Fractions, Game numbers, surreals).

    Dividing a nonzero rational by 0 gives ``inf`` or ``-inf`` (CGSuite's ``x/0``); ``0/0`` is an error.

    >>> surreal(6, 4), surreal(1, 3), surreal(omega * 2, 4)
    (dyadic(3, 2), Rational('1/3'), Surreal('ω/2'))
    >>> surreal(0, 0)
    Traceback (most recent call last):
    ...
    cgt.transfinite.surreal.SurrealArithmeticError: 0/0 is undefined
    """
    a = as_surreal_parts(numerator)
    b = as_surreal_parts(denominator)
    for value, parts in ((numerator, a), (denominator, b)):
        if parts is None:
            raise InvalidGameError(f"{value!r} is not a number")
    if not b[0]:
        if not a[0]:
            raise SurrealArithmeticError("0/0 is undefined")
        if not a[1]:
            raise SurrealArithmeticError("inf/0 is undefined")
        return surreal_from_cnf(a[0], ZERO)
    return _div(a, b)


# ====================================================================== arithmetic on parts

def _is_inf(p) -> bool:
    return not p[1]


def _add(a, b):
    if _is_inf(a) or _is_inf(b):
        if _is_inf(a) and _is_inf(b) and cnf_sign(a[0]) != cnf_sign(b[0]):
            raise SurrealArithmeticError("inf - inf is undefined")
        return surreal_from_cnf(a[0] if _is_inf(a) else b[0], ZERO)
    (n1, d1), (n2, d2) = a, b
    if d1 == d2:
        return surreal_from_cnf(cnf_add(n1, n2), d1)
    return surreal_from_cnf(cnf_add(cnf_mul(n1, d2), cnf_mul(n2, d1)), cnf_mul(d1, d2))


def _mul(a, b):
    if _is_inf(a) or _is_inf(b):
        s = cnf_sign(a[0]) * cnf_sign(b[0])
        if s == 0:
            raise SurrealArithmeticError("0 * inf is undefined")
        return INF if s > 0 else NEG_INF
    return surreal_from_cnf(cnf_mul(a[0], b[0]), cnf_mul(a[1], b[1]))


def _div(a, b):
    if _is_inf(b):
        if _is_inf(a):
            raise SurrealArithmeticError("inf / inf is undefined")
        return dyadic_game(Fraction(0))
    if not b[0]:
        raise SurrealArithmeticError("division by 0 (only rationals divide by 0, giving inf)")
    if _is_inf(a):
        return INF if cnf_sign(a[0]) * cnf_sign(b[0]) > 0 else NEG_INF
    return surreal_from_cnf(cnf_mul(a[0], b[1]), cnf_mul(a[1], b[0]))


def _cmp(a, b) -> int:
    """-1, 0, 1 comparing two numbers given by parts (denominators positive; inf above every surreal)."""
    ia, ib = _is_inf(a), _is_inf(b)
    if ia or ib:
        sa = cnf_sign(a[0]) if ia else 0
        sb = cnf_sign(b[0]) if ib else 0
        return (sa > sb) - (sa < sb)
    return cnf_sign(cnf_add(cnf_mul(a[0], b[1]), cnf_neg(cnf_mul(b[0], a[1]))))


def _binary(name: str, doc: str, forward, text: str):
    def op(self, other):
        parts = _operand(other, text, self)
        if parts is NotImplemented:
            return NotImplemented
        return forward((self._num, self._den), parts)

    def rop(self, other):
        parts = _operand(other, text, self)
        if parts is NotImplemented:
            return NotImplemented
        return forward(parts, (self._num, self._den))

    op.__name__, rop.__name__ = f"__{name}__", f"__r{name}__"
    op.__doc__ = rop.__doc__ = doc
    return op, rop


def _sub(a, b):
    return _add(a, (cnf_neg(b[0]), b[1]))


# ====================================================================== normal forms and sign expansions

#: How many terms of positive exponent ``floor`` computes before giving up.
MAX_FLOOR_TERMS = 200


def _series(num: tuple, den: tuple, with_rest: bool = False):
    """The terms ``(y, r)`` of the Conway normal form Σ ω^y × r of num/den in decreasing order, by long
    division: y a generalized ordinal (CNF, negative coefficients allowed), r a Fraction.

    Finite when den is a monomial (then, with ``with_rest``, a final ``(None, 0)`` says nothing is left);
    infinite for other denominators, whose callers stop after the terms they need.
    """
    (g0, d0), lower = den[0], den[1:]
    rest = {e: Fraction(c) for e, c in num}
    order = _cnf_key
    while rest:
        top = max(rest, key=order)
        r = rest.pop(top) / d0
        y = cnf_add(top, cnf_neg(g0))
        yield y, r
        for g, d in lower:
            e = cnf_add(y, g)
            v = rest.get(e, 0) - r * d
            if v:
                rest[e] = v
            else:
                rest.pop(e, None)
    if with_rest:
        yield None, 0


class _CnfKey:
    __slots__ = ("a",)

    def __init__(self, a):
        self.a = a

    def __lt__(self, other):
        return cnf_compare(self.a, other.a) < 0


def _cnf_key(a):
    return _CnfKey(a)


def _monomial_value(y: tuple, r: Fraction):
    """ω^y × r as a number (ω^y = ω^(positive part) / ω^(negative part))."""
    up = tuple((e, c) for e, c in y if c > 0)
    down = tuple((e, -c) for e, c in y if c < 0)
    return surreal_from_cnf(cnf_omega_power(up, r.numerator), cnf_omega_power(down, r.denominator))


def _runs(y: tuple) -> list:
    """The sign expansion of a generalized ordinal as maximal runs ``(sign, length)``: term by term, ω^e × |c|
    signs of c, with neighbouring terms of the same sign merged (``-ω-1`` is the one run ``−^(ω+1)``)."""
    runs: list = []
    for e, c in y:
        sign, n = (1 if c > 0 else -1), cnf_omega_power(e, abs(c))
        if runs and runs[-1][0] == sign:
            runs[-1] = (sign, cnf_ordinal_add(runs[-1][1], n))
        else:
            runs.append((sign, n))
    return runs


def _ordinal_min(a: tuple, b: tuple) -> tuple:
    return a if a <= b else b


def _ordinal_left_subtract(a: tuple, c: tuple) -> tuple:
    """The ordinal δ with c + δ = a (for c ≤ a)."""
    for i, term in enumerate(a):
        if i >= len(c):
            return a[i:]
        if c[i] != term:
            (e, n), (f, m) = c[i], term
            return a[i:] if e < f else ((f, m - n),) + a[i + 1:]
    return ZERO


def _shared_runs(y: tuple, previous) -> list:
    """The longest common initial segment of the sign expansions of y and previous (an exponent, a
    :class:`_Limit` or None), as runs."""
    shared: list = []
    if previous is None:
        return shared
    if isinstance(previous, _Limit):
        return previous.shared(y)
    for (s, n), (t, m) in zip(_runs(y), _runs(previous)):
        if s != t:
            break
        shared.append((s, _ordinal_min(n, m)))
        if n != m:
            break
    return shared


def _term_length(y: tuple, r: Fraction, previous) -> tuple:
    """The length of the reduced sign expansion of the term ω^y × r (r ≠ 0) that follows a term with the
    exponent ``previous`` (None for the first term) in a normal form, as an ordinal CNF."""
    shared = _shared_runs(y, previous)
    length, pluses = ONE, ZERO  # the leading plus
    for i, (sign, n) in enumerate(_runs(y)):
        if sign > 0:
            # pluses number P..P+n-1 contribute Σ ω^(P+β+1) = ω^(P+n) pluses
            length = cnf_ordinal_add(length, cnf_omega_power(cnf_ordinal_add(pluses, n)))
            pluses = cnf_ordinal_add(pluses, n)
        else:
            if i < len(shared):
                n = _ordinal_left_subtract(n, shared[i][1])  # minuses shared with the previous exponent
            # each minus after P pluses contributes ω^(P+1) minuses: ω^(P+1) × n in all
            unit = cnf_ordinal_add(pluses, ONE)
            length = cnf_ordinal_add(length, tuple((cnf_ordinal_add(unit, e), c) for e, c in n))
    r = abs(r)
    if r != 1:
        extra = cnf_int(number_birthday(r) - 1) if is_dyadic(r) else cnf_omega_power(ONE)
        # every further sign of r repeated ω^(y⁺) times
        length = cnf_ordinal_add(length, tuple((cnf_ordinal_add(pluses, e), c) for e, c in extra))
    return length


def _finite_birthday(terms) -> tuple:
    """The birthday of a finite normal form given as its terms ``(y, r)``: the sum of the reduced lengths."""
    total, previous = ZERO, None
    for y, r in terms:
        total = cnf_ordinal_add(total, _term_length(y, r, previous))
        previous = y
    return total


# ---------------------------------------------------------------------- infinite normal forms

#: How many terms of an infinite normal form ``birthday`` adds up one by one before the closed form.
MAX_SERIES_TERMS = 2000


def _vector(y: tuple) -> dict:
    return {e: c for e, c in y}


def _scale(y: tuple, k: int) -> tuple:
    return tuple((e, c * k) for e, c in y) if k else ZERO


def _progression(deltas: list, offsets: list):
    """A negative generalized ordinal δ with every delta and offset an integer multiple of it (deltas
    positive multiples, offsets non-negative multiples), and those multiples; None if there is none."""
    v = _vector(deltas[0])
    g = 0
    for c in v.values():
        g = math.gcd(g, c)
    unit = {e: c // g for e, c in v.items()}  # primitive, negative leading coefficient like deltas[0]
    lead = deltas[0][0][0]
    multiples = []
    for w in deltas + offsets:
        wv = _vector(w)
        if not wv:
            multiples.append(0)
            continue
        if set(wv) != set(unit) or wv[lead] % unit[lead]:
            return None
        m = wv[lead] // unit[lead]
        if any(wv[e] != m * c for e, c in unit.items()):
            return None
        multiples.append(m)
    step = 0
    for m in multiples:
        step = math.gcd(step, m)
    delta = tuple((e, c * step) for e, c in sorted(unit.items(), reverse=True))
    return delta, [m // step for m in multiples]


def _poly_coefficients(numer: dict, denom: dict):
    """The coefficients r_0, r_1, ... of the power series numer(t)/denom(t) (dicts degree → coefficient,
    denom(0) ≠ 0): r_k = (numer_k − Σ_{j≥1} denom_j r_{k−j}) / denom_0."""
    d0 = Fraction(denom[0])
    lower = [(j, d) for j, d in denom.items() if j]
    known: list = []
    k = 0
    while True:
        v = Fraction(numer.get(k, 0))
        for j, d in lower:
            if j <= k:
                v -= d * known[k - j]
        known.append(v / d0)
        yield known[-1]
        k += 1


def _odd_part(n: int) -> int:
    while n % 2 == 0:
        n //= 2
    return n


def _non_dyadic_often(numer: dict, denom: dict) -> tuple[bool, int]:
    """For the coefficients r_k of numer(t)/denom(t): whether infinitely many are not dyadic, and an index
    from which every r_k is dyadic when not.

    Write the series as P/Q in lowest terms over Q with Q(0) = 1, and Q = Π(1 − μ_i t).  If Q has a
    coefficient that is not dyadic, some μ is not integral at an odd prime p, i.e. Q has a root λ = 1/μ with
    |λ|_p < 1; then infinitely many r_k are not dyadic (Fatou's lemma over Z_(p)): were the r_k p-integral
    from some index on, the tail would converge on the p-adic open unit disc and P(λ) = Q(λ) × (the series
    at λ) = 0, against lowest terms.  Otherwise N·r_k is dyadic (N the odd part of the denominators of P)
    and r_k is dyadic exactly when N·r_k ≡ 0 (mod N).  Past deg P the windows of D = deg Q residues evolve
    by the companion matrix C of Q modulo N; a zero window stays zero, and a window that ever becomes zero
    lies in the generalised kernel of C, which C^(aD) already kills (a = the largest exponent of a prime in
    N: the kernels of C, C², ... grow strictly until they stop, inside a module of length aD).  So the
    residues are zero from some index on exactly when the window is zero after aD ≤ D·log₂N steps; if not,
    every window holds a non-dyadic coefficient.
    """
    import sympy

    t = sympy.Symbol("t")
    p = sympy.Poly({(k,): sympy.Rational(int(c)) for k, c in numer.items()}, t, domain="QQ")
    q = sympy.Poly({(k,): sympy.Rational(int(c)) for k, c in denom.items()}, t, domain="QQ")
    g = sympy.gcd(p, q)
    p, q = sympy.div(p, g)[0], sympy.div(q, g)[0]
    c0 = q.eval(0)
    p, q = p * (1 / c0), q * (1 / c0)
    qc = [Fraction(int(c.p), int(c.q)) for c in reversed(q.all_coeffs())]   # qc[i]: coefficient of t^i
    pc = [Fraction(int(c.p), int(c.q)) for c in reversed(p.all_coeffs())]
    if any(_odd_part(c.denominator) != 1 for c in qc):
        return True, 0
    odd = 1
    for c in pc:
        odd = math.lcm(odd, _odd_part(c.denominator))
    if odd == 1:
        return False, 0        # 1/Q has dyadic coefficients, and so has P/Q
    degree = len(qc) - 1
    start = max(len(pc), degree)           # from here r_k = −Σ_{i≥1} qc[i] r_{k−i}
    exact = _take(_poly_coefficients(dict(enumerate(pc)), dict(enumerate(qc))), start)

    def residue(v: Fraction) -> int:       # N·v is dyadic; its class in Z[1/2]/N = Z/N
        w = v * odd
        return w.numerator * pow(w.denominator, -1, odd) % odd

    mod_q = [c.numerator * pow(c.denominator, -1, odd) % odd for c in qc]
    window = [residue(v) for v in exact[start - degree:start]]
    steps = degree * odd.bit_length()
    for _ in range(steps):
        window = window[1:] + [-sum(mod_q[i] * window[-i] for i in range(1, degree + 1)) % odd]
    return any(window), start + steps


def _take(iterator, n: int) -> list:
    return [next(iterator) for _ in range(n)]


class _Limit:
    """The exponents y_k = y0 + kδ (k ≥ regime) of the infinite progressions of a cluster of terms, as the
    'previous exponent' of the term after all of them: that term shares with them the supremum of its common
    initial segments with the y_k (they grow with k).  E.g. the term ω^(-ω) after Σ ω^(-k) shares all of
    -ω = −^ω, so 1/(ω-1) + ω^(-ω) is the sign expansion of 1/(ω-1) followed by one plus: the simplest number
    between 1/(ω-1) and its right options 1/(ω-1) + ω^(-j)/2^n, which is what the definition of the sum
    gives (with ω^(-ω) = {0 | ω^(-j)/2^n})."""

    __slots__ = ("progressions",)

    def __init__(self, progressions):
        self.progressions = progressions   # (y0, delta, regime) triples

    def shared(self, y: tuple) -> list:
        best, size = [], ZERO
        for y0, delta, regime in self.progressions:
            runs = _progression_shared(y, y0, delta, regime)
            total = ZERO
            for _, n in runs:
                total = cnf_ordinal_add(total, n)
            if total > size:
                best, size = runs, total
        return best


def _progression_shared(y: tuple, y0: tuple, delta: tuple, regime: int) -> list:
    a = _shared_runs(y, cnf_add(y0, _scale(delta, regime)))
    b = _shared_runs(y, cnf_add(y0, _scale(delta, regime + 1)))
    if a == b:
        return a  # the common segment ends before the signs that change with k
    # it ends in the run of minuses that holds the ω^d block of y_k (d the leading exponent of δ), whose
    # length R + ω^d × (growing) + ... tends to R + ω^(d+1)
    m = a[-1][1]
    d = delta[0][0]
    head = tuple(term for term in m if term[0] > d)
    bound = cnf_ordinal_add(head, cnf_omega_power(cnf_ordinal_add(d, ONE)))
    own = _runs(y)[len(a) - 1][1]
    return a[:-1] + [(a[-1][0], _ordinal_min(own, bound))]


def _check_span(x, numer: dict, denom: dict) -> None:
    """TooLargeError when the numerator or the denominator spans more than MAX_SERIES_TERMS steps."""
    span = max(max(numer), max(denom))
    if span > MAX_SERIES_TERMS:
        raise TooLargeError(
            f"the birthday of {x} needs more than {MAX_SERIES_TERMS} terms of its normal form (its numerator "
            f"and denominator span {span} steps)")


def _regime(y0: tuple, delta: tuple) -> int:
    """The index from which every coefficient of y0 + kδ that changes with k has the sign of δ's."""
    base = _vector(y0)
    regime = 0
    for e, b in delta:
        regime = max(regime, math.floor(Fraction(-base.get(e, 0), b)) + 1)
    return regime


def _group_birthday(x, num: tuple, den: tuple, previous) -> tuple:
    """The length of the sign expansion contributed by the terms of num/den (num: one group of terms, all
    exponents within finitely many steps of the denominator's exponent progression), following a term with
    the exponent (or :class:`_Limit`) ``previous``; and the 'previous' for the next group.

    These terms are Σ_k ω^(y_0 + kδ) × r_k with r_k the coefficients of the power series P(t)/Q(t)
    (t = ω^δ).  The sign expansion concatenates the reduced term expansions (Gonshor, ch. 5), so its length
    is the ordinal sum Σ_{k<ω} ℓ_k of the reduced term lengths: the sum of the terms up to some index K, then
    ω^(M+1) when the leading exponents of the later ℓ_k are at most M and equal M infinitely often, or ω^M
    when they stay below their limit M.
    """
    (g0, d0), lower = den[0], den[1:]
    deltas = [cnf_add(g, cnf_neg(g0)) for g, _ in lower]
    top = num[0][0]
    found = _progression(deltas, [cnf_add(e, cnf_neg(top)) for e, _ in num])
    if found is None:
        raise NotApplicableError(
            f"the birthday of {x} is not implemented: the exponents of its normal form do not form one "
            f"arithmetic progression")
    delta, multiples = found
    denom = {0: d0}
    for (_, d), n in zip(lower, multiples):
        denom[n] = d
    numer = {m: c for (_, c), m in zip(num, multiples[len(lower):])}
    _check_span(x, numer, denom)
    y0 = cnf_add(top, cnf_neg(g0))

    def exponent(k: int) -> tuple:
        return cnf_add(y0, _scale(delta, k))

    finite = _polynomial_quotient(numer, denom)
    if finite is not None:  # P/Q is a polynomial: finitely many terms
        total = ZERO
        for k, r in enumerate(finite):
            if r:
                total = cnf_ordinal_add(total, _term_length(exponent(k), r, previous))
                previous = exponent(k)
        return total, previous

    regime = _regime(y0, delta)
    grows = [e for e, b in delta if b > 0]
    y_a, y_b = exponent(regime), exponent(regime + 1)
    since = regime
    if grows:
        # A run of pluses of y_k grows with k: the leading exponents of ℓ_k climb to X + ω^(f+1) (X = the
        # pluses before ω^f, f the largest exponent where δ is positive) without reaching it; the part of
        # ℓ_k from the signs before ω^f is the same for every k.
        f = grows[0]
        before = tuple((e, c) for e, c in y_b if e > f)
        limit = cnf_ordinal_add(tuple((e, c) for e, c in before if c > 0),
                                cnf_omega_power(cnf_ordinal_add(f, ONE)))
        steady = _term_length(before, Fraction(1), y_a)[0][0]
        tail = cnf_omega_power(cnf_ordinal_add(steady, ONE)) if steady >= limit else cnf_omega_power(limit)
    else:
        # Every exponent of ℓ_k is the same for all k ≥ regime except that of the later signs of r_k: ω^P × n
        # for a dyadic r_k (P = the pluses of y_k, never above the top exponent: a run of pluses ending at P
        # gives ω^P) or ω^(P+1) for a non-dyadic one, which counts when it happens infinitely often.
        top_exp = _term_length(y_b, Fraction(1), y_a)[0][0]
        pluses = tuple((e, c) for e, c in y_b if c > 0)
        if cnf_ordinal_add(pluses, ONE) > top_exp:
            non_dyadic, since = _non_dyadic_often(numer, denom)
            since = max(since, regime)
            if non_dyadic:
                top_exp = cnf_ordinal_add(pluses, ONE)
        tail = cnf_omega_power(cnf_ordinal_add(top_exp, ONE))
    if since > MAX_SERIES_TERMS:
        raise TooLargeError(
            f"the birthday of {x} needs more than {MAX_SERIES_TERMS} terms of its normal form before their "
            f"lengths settle (from term {since})")
    total = ZERO
    for k, r in enumerate(_poly_coefficients(numer, denom)):
        if r:
            y = exponent(k)
            total = cnf_ordinal_add(total, _term_length(y, r, previous))
            previous = y
            if k >= since:
                break
    return cnf_ordinal_add(total, tail), _Limit([(y0, delta, regime)])


def _polynomial_quotient(numer: dict, denom: dict):
    """The coefficients of numer(t)/denom(t) when it is a polynomial, else None (exact long division)."""
    rest = {k: Fraction(c) for k, c in numer.items() if c}
    top = max(denom)
    lead = Fraction(denom[top])
    out: dict = {}
    while rest:
        k = max(rest)
        if k < top:
            return None
        c = rest[k] / lead
        out[k - top] = c
        for j, d in denom.items():
            v = rest.get(k - top + j, 0) - c * d
            if v:
                rest[k - top + j] = v
            else:
                rest.pop(k - top + j, None)
    return [out.get(k, Fraction(0)) for k in range(max(out) + 1)] if out else []


def _proportional(w: tuple, unit: tuple) -> bool:
    """True when the generalized ordinal w is a rational multiple of unit (both nonzero)."""
    wv, uv = _vector(w), _vector(unit)
    lead = unit[0][0]
    return set(wv) == set(uv) and all(wv[e] * uv[lead] == c * wv[lead] for e, c in uv.items())


def _interleaved_birthday(x, streams: list, den: tuple, previous) -> tuple:
    """Like :func:`_group_birthday` for a cluster whose exponents form several progressions c_s + kδ with
    the same step, offset by no multiple of it, e.g. (ω^5+1)/(ω^ω+3): ω^(5-ω) - 3ω^(5-ω×2) + ... interleaved
    with ω^-ω - 3ω^(-ω×2) + ....

    From some index on, the reduced length of a term of progression s has the same exponents as long as the
    previous term lies on an earlier ω^d-level (d the leading exponent of δ; that term shares only part of
    the block of ω^d minuses, the rest, ω^d × (the gap), stays); a previous term on the same level shares
    more, so its term is no longer (it drops more minus blocks and keeps the same pluses).  So every later
    length has leading exponent at most U = the largest of these 'first on its level' exponents F_s (and
    P_s + 1 for a progression with infinitely many non-dyadic coefficients, P_s the pluses of its exponents).
    U recurs — and the tail adds ω^(U+1) — when it comes from non-dyadic coefficients, or when F_s = U for a
    progression s whose terms keep that exponent after any term above them on their level (or have none
    there).  Otherwise the answer would depend on where the other progressions' coefficients vanish (a
    Skolem-type question), and the birthday is refused.  When δ has a positive coefficient, a run of pluses
    of every exponent grows with k (those are never dropped): the lengths of progression s climb to X_s +
    ω^(f+1) (as in :func:`_group_birthday`), and F_s is taken over the signs before that run; the tail is
    ω^(the largest limit) when that exceeds U.
    """
    (g0, d0), lower = den[0], den[1:]
    deltas = [cnf_add(g, cnf_neg(g0)) for g, _ in lower]
    offsets = [cnf_add(e, cnf_neg(stream[0][0])) for stream in streams for e, _ in stream]
    delta, multiples = _progression(deltas, offsets)
    grows = [e for e, b in delta if b > 0]

    def steady(y):
        # the signs of y before the run of pluses that grows with k (all of y when none grows)
        return tuple(term for term in y if term[0] > grows[0]) if grows else y
    denom = {0: d0}
    for (_, d), n in zip(lower, multiples):
        denom[n] = d
    _check_span(x, dict.fromkeys(multiples[len(lower):], 1), denom)
    multiples = iter(multiples[len(lower):])
    d = delta[0][0]
    info = []
    for stream in streams:
        numer = {next(multiples): c for _, c in stream}
        y0 = cnf_add(stream[0][0], cnf_neg(g0))
        finite = _polynomial_quotient(numer, denom)
        item = {"y0": y0, "numer": numer, "finite": finite, "regime": _regime(y0, delta), "since": 0}
        if finite is not None:
            item["since"] = len(finite)
        else:
            r = item["regime"]
            y_a, y_b = cnf_add(y0, _scale(delta, r)), cnf_add(y0, _scale(delta, r + 1))
            item["first"] = _term_length(steady(y_b), Fraction(1), y_a)[0][0]
            item["extra"] = None
            pluses = tuple((e, c) for e, c in y_b if c > 0)
            if grows:
                item["limit"] = cnf_ordinal_add(tuple((e, c) for e, c in pluses if e > grows[0]),
                                                cnf_omega_power(cnf_ordinal_add(grows[0], ONE)))
            elif cnf_ordinal_add(pluses, ONE) > item["first"]:
                non_dyadic, since = _non_dyadic_often(numer, denom)
                item["since"] = since
                if non_dyadic:
                    item["extra"] = cnf_ordinal_add(pluses, ONE)
        info.append(item)
    infinite = [item for item in info if item["finite"] is None]
    if not infinite:   # every progression stops: finitely many terms
        terms = sorted(((cnf_add(item["y0"], _scale(delta, k)), r) for item in info
                        for k, r in enumerate(item["finite"]) if r), key=lambda term: _cnf_key(term[0]), reverse=True)
        total = ZERO
        for y, r in terms:
            total = cnf_ordinal_add(total, _term_length(y, r, previous))
            previous = y
        return total, previous
    top = max(max(item["first"], item["extra"] or ZERO) for item in infinite)

    def level_shift(t, s):
        # j with y_{t,k+j} on the level of y_{s,k}, or None when their levels never meet
        gap = _vector(s["y0"]).get(d, 0) - _vector(t["y0"]).get(d, 0)
        return None if gap % delta[0][1] else gap // delta[0][1]

    def always_longest(s) -> bool:
        # does every nonzero term of s (late enough) have leading exponent F_s, whichever term precedes it?
        if s["first"] != top:
            return False
        for t in infinite:
            j = None if t is s else level_shift(t, s)
            if j is None:
                continue
            k = max(item["regime"] for item in infinite) + abs(j) + 1
            y_s, y_t = cnf_add(s["y0"], _scale(delta, k)), cnf_add(t["y0"], _scale(delta, k + j))
            if cnf_compare(y_t, y_s) > 0 and _term_length(steady(y_s), Fraction(1), y_t)[0][0] != top:
                return False   # t may come just before s on its level, and then s's term is shorter
        return True

    limit = max((item.get("limit", ZERO) for item in infinite), default=ZERO)
    recurs = any(item["extra"] == top for item in infinite) or any(always_longest(s) for s in infinite)
    if limit > top:
        # the growing runs of pluses: every length stays below ω^limit, and the progression with the
        # largest limit has infinitely many terms, whose lengths climb to it
        tail = cnf_omega_power(limit)
    elif recurs:
        tail = cnf_omega_power(cnf_ordinal_add(top, ONE))
    else:
        raise NotApplicableError(
            f"the birthday of {x} is not implemented: its normal form interleaves {len(streams)} progressions "
            f"and its longest terms may be preceded on their level")

    # The terms before the tail: every term at or above the cutoff y_{s,K} (s any progression), where K is
    # large enough that each progression's later terms are past its regime, its non-dyadic coefficients
    # and, for a finite one, its last term.
    def exponent(item, k):
        return cnf_add(item["y0"], _scale(delta, k))

    start = max(max(item["regime"] + 1, item["since"]) for item in info) + 1
    while True:
        if start > MAX_SERIES_TERMS:
            raise TooLargeError(
                f"the birthday of {x} needs more than {MAX_SERIES_TERMS} terms of its normal form before their "
                f"lengths settle")
        cutoff = max((exponent(item, start) for item in info), key=_cnf_key)
        counts = []
        for item in info:
            k = 0
            while cnf_compare(exponent(item, k), cutoff) >= 0:
                k += 1
            counts.append(k)
        short = max(max(item["regime"] + 1, item["since"]) - k for item, k in zip(info, counts))
        if short <= 0:
            break
        start += short
    terms = []
    for item, count in zip(info, counts):
        for k, r in zip(range(count), _poly_coefficients(item["numer"], denom)):
            if r:
                terms.append((exponent(item, k), r))
    terms.sort(key=lambda term: _cnf_key(term[0]), reverse=True)
    total = ZERO
    for y, r in terms:
        total = cnf_ordinal_add(total, _term_length(y, r, previous))
        previous = y
    return cnf_ordinal_add(total, tail), _Limit([(item["y0"], delta, item["regime"]) for item in infinite])


def _series_birthday(x, num: tuple, den: tuple) -> tuple:
    """The birthday of num/den for a denominator with several terms: the normal form is the concatenation
    of clusters of terms, one per cluster of the numerator's terms (exponents within finitely many steps of
    the denominator's progression); each cluster is a finite or ω-sequence (one progression, or several
    interleaved), and the whole has order type ω × (number of infinite clusters) at most.  Its sign
    expansion is the concatenation of the clusters'."""
    deltas = [cnf_add(g, cnf_neg(den[0][0])) for g, _ in den[1:]]
    if not all(_proportional(other, deltas[0]) for other in deltas[1:]):
        raise NotApplicableError(
            f"the birthday of {x} is not implemented: the exponents of its normal form do not form one "
            f"arithmetic progression")
    lead = deltas[0][0][0]
    groups = [[num[0]]]
    for (e, _), term in zip(num, num[1:]):
        if cnf_add(e, cnf_neg(term[0]))[0][0] > lead:   # infinitely many steps apart
            groups.append([])
        groups[-1].append(term)
    total, previous = ZERO, None
    for group in groups:
        streams: list = []
        for term in group:
            for stream in streams:
                if _proportional(cnf_add(stream[0][0], cnf_neg(term[0])), deltas[0]):
                    stream.append(term)
                    break
            else:
                streams.append([term])
        if len(streams) == 1:
            length, previous = _group_birthday(x, tuple(group), den, previous)
        else:
            length, previous = _interleaved_birthday(x, streams, den, previous)
        total = cnf_ordinal_add(total, length)
    return total


# ====================================================================== the value types

class Surreal:
    """A surreal number that is not a short game: a quotient of generalized ordinals (CGSuite's
    ``SurrealNumber``), with subclasses :class:`Ordinal` and :class:`Rational`.

    Build values with :func:`surreal`, ``Surreal(num, den)``, :data:`omega` and arithmetic.

    >>> x = Surreal(omega + 1, omega - 1)
    >>> str(x), x > 1, x < 2, str(x.numerator), x.sign
    ('(ω+1)/(ω-1)', True, True, 'ω+1', 1)
    """

    __slots__ = ("_num", "_den")

    def __new__(cls, numerator, denominator=1):
        if isinstance(numerator, str) and denominator == 1:
            from cgt.notation.number_text import parse_number

            numerator = parse_number(numerator)
        return surreal(numerator, denominator)

    # ------------------------------------------------------------------ arithmetic
    __add__, __radd__ = _binary("add", "x + y: the surreal sum.", _add, "add")
    __sub__, __rsub__ = _binary("sub", "x - y: the surreal difference.", _sub, "subtract")
    __mul__, __rmul__ = _binary("mul", "x * y: the surreal product (natural product on ordinals).", _mul, "multiply")
    __truediv__, __rtruediv__ = _binary("truediv", "x / y: the surreal quotient.", _div, "divide")

    def __neg__(self):
        """-x."""
        return surreal_from_cnf(cnf_neg(self._num), self._den)

    def __pos__(self):
        """+x: x itself."""
        return self

    def __abs__(self):
        """|x|."""
        return -self if self.sign < 0 else self

    def __pow__(self, n):
        """x ** n for an integer n (``Surreal ^ Integer``); ``omega ** x`` is the ω-power of an ordinal x."""
        if self._num == _OMEGA_CNF and self._den == ONE and not isinstance(n, bool) and ordinal_cnf(n) is not None:
            return omega_power(n)
        if self._num == _OMEGA_CNF and self._den == ONE and isinstance(n, (Surreal, Game)) and not (
                isinstance(n, Game) and n.is_integer):
            return omega_power(n)  # raises the error for a non-ordinal exponent
        if isinstance(n, Game) and n.is_integer:
            n = int(n.number)
        if isinstance(n, bool) or not isinstance(n, int):
            if isinstance(n, (Surreal, Game, Fraction)):
                raise NotApplicableError(f"{self} ^ {n}: only integer powers (and powers of ω) are defined")
            return NotImplemented
        if _is_inf((self._num, self._den)):
            raise SurrealArithmeticError(f"{self} ^ {n} is undefined")
        num, den = (self._num, self._den) if n >= 0 else (self._den, self._num)
        rn, rd = ONE, ONE
        for _ in range(abs(n)):
            rn, rd = cnf_mul(rn, num), cnf_mul(rd, den)
        return surreal_from_cnf(rn, rd)

    # ------------------------------------------------------------------ order (total among numbers)
    def _compare(self, other):
        parts = as_surreal_parts(other)
        if parts is not None:
            return _cmp((self._num, self._den), parts)
        if isinstance(other, Game):
            # Stops theorem: for a number x and a short game G, G < x when x > LeftStop(G) and G > x when
            # x < RightStop(G) (ONAG ch. 9; Siegel, CGT II.6); stops are dyadic, so x never equals one.
            if _cmp((self._num, self._den), as_surreal_parts(other.left_stop)) > 0:
                return 1
            if _cmp((self._num, self._den), as_surreal_parts(other.right_stop)) < 0:
                return -1
            return None  # confused
        return NotImplemented

    def __eq__(self, other):
        """x == y: equal numbers (also with ints, Fractions and Game numbers)."""
        c = self._compare(other)
        return c if c is NotImplemented else c == 0

    def __ne__(self, other):
        c = self._compare(other)
        return c if c is NotImplemented else c != 0

    def __lt__(self, other):
        """x < y (for a short game, the game order: False both ways when confused)."""
        c = self._compare(other)
        return c if c is NotImplemented else c == -1

    def __le__(self, other):
        c = self._compare(other)
        return c if c is NotImplemented else c in (-1, 0)

    def __gt__(self, other):
        c = self._compare(other)
        return c if c is NotImplemented else c == 1

    def __ge__(self, other):
        c = self._compare(other)
        return c if c is NotImplemented else c in (0, 1)

    def __hash__(self):
        """Hash: a Rational hashes like its Fraction."""
        return hash(("cgt.Surreal", self._num, self._den))

    def __bool__(self):
        return True  # zero is a Game

    def confused_with(self, other) -> bool:
        """True when ``other`` is a short game whose stops lie on both sides of this number.

        >>> from cgt import switch
        >>> Rational(1, 3).confused_with(switch(1)), omega.confused_with(switch(1))
        (True, False)
        """
        return self._compare(other) is None

    # ------------------------------------------------------------------ CGSuite's members of numbers
    @property
    def numerator(self):
        """The numerator (a generalized ordinal, as an Ordinal or a Game integer)."""
        return surreal_from_cnf(self._num, ONE)

    @property
    def denominator(self):
        """The denominator (positive; 0 for ``inf``)."""
        return surreal_from_cnf(self._den, ONE) if self._den else dyadic_game(Fraction(0))

    @property
    def sign(self) -> int:
        """-1, 0 or 1."""
        return cnf_sign(self._num)

    @property
    def abs(self):
        """|x| (CGSuite's ``Abs``)."""
        return abs(self)

    @property
    def reciprocal(self):
        """1/x."""
        return _div((ONE, ONE), (self._num, self._den))

    def max(self, other):
        """The larger of two numbers."""
        return other if self._compare(other) < 0 else self

    def min(self, other):
        """The smaller of two numbers."""
        return other if self._compare(other) > 0 else self

    @property
    def is_number(self) -> bool:
        return True

    @property
    def is_integer(self) -> bool:
        """False: integers are Game values."""
        return False

    @property
    def is_dyadic(self) -> bool:
        """False: dyadic rationals are Game values."""
        return False

    @property
    def is_ordinal(self) -> bool:
        """True for (infinite) ordinals: generalized ordinals with positive coefficients.

        >>> omega.is_ordinal, (omega - 1).is_ordinal, (omega / 2).is_ordinal
        (True, False, False)
        """
        return self._den == ONE and cnf_is_ordinal(self._num)

    @property
    def is_infinite(self) -> bool:
        """True when larger in absolute value than every integer."""
        return not self._den or self._num[0][0] > self._den[0][0]

    @property
    def outcome(self) -> Outcome:
        """``L`` for a positive number (Left wins whoever starts), ``R`` for a negative one.

        >>> str(omega.outcome), str((-omega).outcome)
        ('L', 'R')
        """
        return Outcome.L if self.sign > 0 else Outcome.R

    @property
    def birthday(self):
        """The birthday, an ordinal: the length of the sign expansion.

        Gonshor (*An Introduction to the Theory of Surreal Numbers*, ch. 5): the sign expansion of ω^y is
        a plus followed, for each sign of y, by ω^(n+1) copies of it (n = the number of pluses of y before
        it) (Thm 5.11); ``ω^y × r`` continues with every further sign of the real r repeated ω^(y⁺) times
        (y⁺ = all pluses of y) (Thm 5.12); and a normal form Σ ω^(y_i) × r_i concatenates its terms,
        where a term drops the minus blocks of the signs its exponent shares with the earlier exponents
        (Gonshor's reduced expansions; e.g. ε + ε² = +−^ω then +−^ω, not +−^(ω×2), as ε + ε² =
        {ε | ε + ε/2^n} shows).  For a generalized ordinal y (all that quotients need) the sign expansion of
        y is, term by term, ω^e × |c| copies of the sign of c.

        A denominator with several terms gives an infinite normal form: ``1/(ω-1) = ω^-1 + ω^-2 + ...`` is
        ``+−^ω`` repeated ω times, born on day ω^2.  Its terms are progressions Σ ω^(y_0 + kδ) × r_k (one per
        cluster of the numerator's terms, or several interleaved), and the birthday is the ordinal sum of the
        term lengths, worked out in closed form (see ``docs/numbers.md``).  When the denominator's exponents
        need two steps (``1/(ω^ω+ω+1)``: the exponents -ω, -ω×2+1, -ω×2, ...) it is refused.

        >>> [str(x.birthday) for x in (omega - 1, omega / 2, Rational(1, 3), omega * 2 + Rational(1, 3))]
        ['ω+1', 'ω×2', 'ω', 'ω×3']
        >>> [str(x.birthday) for x in (1 / omega, 2 / omega, (omega + 1) / omega ** 2)]
        ['ω', 'ω+1', 'ω×2']
        >>> [str(x.birthday) for x in (1 / (omega - 1), (omega + 1) / (omega - 1), omega ** omega / (omega - 1))]
        ['ω^2', 'ω^2', 'ω^(ω+2)']
        >>> str((1 / (omega ** omega - omega)).birthday)
        'ω^ω'
        >>> (1 / (omega ** omega + omega + 1)).birthday
        Traceback (most recent call last):
        ...
        cgt.errors.NotApplicableError: the birthday of 1/(ω^ω+ω+1) is not implemented: the exponents of its normal form do not form one arithmetic progression
        """
        if not self._den:
            raise NotApplicableError(f"{self} has no birthday")
        if len(self._den) > 1:
            return surreal_from_cnf(_series_birthday(self, self._num, self._den), ONE)
        return surreal_from_cnf(_finite_birthday(_series(self._num, self._den)), ONE)

    @property
    def floor(self):
        """The greatest omnific integer ≤ x (Conway, ONAG ch. 5: the terms of the normal form with positive
        exponents, plus the floor of the real part — less one when the real part is an integer and the
        infinitesimal rest is negative).  The normal form of a quotient comes from long division.

        >>> str((omega / 2 + Rational(1, 3)).floor), str(Rational(-7, 3).floor)
        ('ω/2', '-3')
        >>> [str(x.floor) for x in (1 / omega, -1 / omega, omega ** 2 / (omega + 1), (omega - 1) / (omega + 1))]
        ['0', '-1', 'ω-1', '0']
        """
        if not self._den:
            raise NotApplicableError(f"{self} has no floor")
        value = dyadic_game(Fraction(0))
        constant, count = Fraction(0), 0
        rest_sign = 0
        for y, r in _series(self._num, self._den, with_rest=True):
            if y is None:  # the sign of what is left after the terms so far
                rest_sign = r
                break
            s = cnf_sign(y)
            if s > 0:
                count += 1
                if count > MAX_FLOOR_TERMS:
                    raise TooLargeError(
                        f"the floor of {self} needs more than {MAX_FLOOR_TERMS} terms of its normal form "
                        f"(it may have infinitely many terms above 1)")
                value = value + _monomial_value(y, r)
            elif s == 0:
                constant = r
            else:
                rest_sign = 1 if r > 0 else -1
                break
        whole = math.floor(constant)
        if whole == constant and rest_sign < 0:
            whole -= 1
        return value + whole

    @property
    def ceiling(self):
        """The least omnific integer ≥ x.

        >>> str(Rational(7, 3).ceiling)
        '3'
        """
        return -((-self).floor)

    # ------------------------------------------------------------------ text
    def __str__(self) -> str:
        """CGSuite's notation: ``ω/2``, ``(ω+1)/(ω-1)``; each side parenthesised when it has several terms
        (and a one-term denominator with a coefficient, ``1/(ω×2)``, so that the text reads back)."""
        return _format(self._num, self._den, False)

    def ascii(self) -> str:
        """An ASCII form that :func:`cgt.parse_number` reads back (``omega`` for ω, ``*`` for ×).

        >>> ((omega + 1) / (omega - 1)).ascii()
        '(omega+1)/(omega-1)'
        """
        return _format(self._num, self._den, True)

    def __repr__(self) -> str:
        """``Surreal('ω/2')``: re-evaluable with ``from cgt import Surreal``."""
        return f"{type(self).__name__}({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (surreal_from_cnf, (self._num, self._den))


def _format(num: tuple, den: tuple, ascii: bool) -> str:
    if not den:
        return "inf" if num[0][1] > 0 else "-inf"
    top = format_cnf(num, ascii)
    if den == ONE:
        return top
    if len(num) > 1:
        top = f"({top})"
    bottom = format_cnf(den, ascii)
    if len(den) > 1 or (den[0][0] != ZERO and den[0][1] != 1):
        # CGSuite parenthesises multi-term sides only; a one-term denominator with a coefficient is
        # parenthesised here too, since 1/ω×2 would read back as 2/ω.
        bottom = f"({bottom})"
    return f"{top}/{bottom}"


def ordinal_cnf(x) -> tuple | None:
    """The CNF of x when x is an ordinal (a non-negative int, Game integer or ordinal Ordinal), else None."""
    if isinstance(x, bool):
        return None
    if isinstance(x, int):
        return cnf_int(x) if x >= 0 else None
    if isinstance(x, Game):
        return cnf_int(int(x.number)) if x.is_integer and x.number >= 0 else None
    if isinstance(x, Ordinal) and cnf_is_ordinal(x._num):
        return x._num
    return None


class Ordinal(Surreal):
    """An infinite generalized ordinal ``ω^e1×c1 + ω^e2×c2 + ...`` (CGSuite's ``GeneralizedOrdinal``):
    ordinal exponents, nonzero integer coefficients.  Finite ones are Game integers.

    ``Ordinal(x)`` converts an int or parses text (``'ω^2×3+ω+5'``, ``'omega+1'``).

    >>> Ordinal('omega^2*3 + omega + 5'), Ordinal('ω^ω^2') > Ordinal('ω^(ω×2)')
    (Ordinal('ω^2×3+ω+5'), True)
    >>> str(omega.omega_power), str((omega ** 2).omega_power)
    ('ω^ω', 'ω^ω^2')
    """

    __slots__ = ()

    def __new__(cls, value):
        if isinstance(value, str):
            from cgt.notation.number_text import parse_number

            value = parse_number(value)
        if isinstance(value, Ordinal) or (isinstance(value, Game) and value.is_integer):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return dyadic_game(Fraction(value))
        raise InvalidGameError(f"{value!r} is not a generalized ordinal")

    @property
    def omega_power(self):
        """ω^x (CGSuite's ``OmegaPower``); x must be an ordinal."""
        return omega_power(self)

    def nim_sum(self, other):
        """Nim sum ``x ⊕ y`` of ordinals (CGSuite's ``NimSum``); see :mod:`cgt.transfinite.nim`."""
        from cgt.transfinite.nim import nim_sum

        return nim_sum(self, other)

    def nim_product(self, other):
        """Nim product ``x ⊗ y`` of ordinals below ω^ω^ω (CGSuite's ``NimProduct``)."""
        from cgt.transfinite.nim import nim_product

        return nim_product(self, other)

    def nim_exp(self, n: int):
        """The nim power ``x ⊗ x ⊗ ... ⊗ x`` (n factors; CGSuite's ``NimExp``)."""
        from cgt.transfinite.nim import nim_power

        return nim_power(self, n)


class Rational(Surreal):
    """A rational number that is not dyadic (born on day ω), or ``inf``/``-inf`` (CGSuite's ``Rational``).

    ``Rational(n, d)`` returns a Game number when n/d is dyadic (CGSuite's ``DyadicRational`` is a short
    game), so ``Rational(1, 2) is dyadic(1, 2)``; ``Rational(1, 3) == Fraction(1, 3)`` with equal hashes.

    >>> from fractions import Fraction
    >>> x = Rational(-5, 15)
    >>> x, x == Fraction(-1, 3), hash(x) == hash(Fraction(-1, 3)), x.fraction
    (Rational('-1/3'), True, True, Fraction(-1, 3))
    >>> str(x % 1), str(Rational(7, 3) % 2), str(Rational(-7, 3) % 2)
    ('-1/3', '1/3', '-1/3')
    """

    __slots__ = ()

    def __new__(cls, numerator, denominator=1):
        value = Surreal(numerator, denominator)
        if not (isinstance(value, Rational) or (isinstance(value, Game) and value.is_number)):
            raise InvalidGameError(f"{numerator}/{denominator} is not a rational number")
        return value

    @property
    def fraction(self) -> Fraction:
        """The value as a :class:`~fractions.Fraction` (an error for ``inf``)."""
        if not self._den:
            raise NotApplicableError(f"{self} is not a Fraction")
        return Fraction(self._num[0][1], self._den[0][1])

    @property
    def is_infinite(self) -> bool:
        return not self._den

    def __hash__(self):
        if not self._den:
            return hash(("cgt.inf", self._num))
        return hash(self.fraction)

    def __float__(self) -> float:
        if not self._den:
            return math.inf if self._num[0][1] > 0 else -math.inf
        return float(self.fraction)

    def __mod__(self, other):
        """x % y: the remainder with the sign of the dividend (CGSuite's ``%`` on rationals)."""
        return _rational_mod(self, other)

    def __rmod__(self, other):
        return _rational_mod(other, self)

    @property
    def floor(self):
        if not self._den:
            raise NotApplicableError(f"{self} has no floor")
        return dyadic_game(Fraction(math.floor(self.fraction)))

    @property
    def ceiling(self):
        if not self._den:
            raise NotApplicableError(f"{self} has no ceiling")
        return dyadic_game(Fraction(math.ceil(self.fraction)))


def _as_fraction(x) -> Fraction | None:
    if isinstance(x, Rational) and x._den:
        return x.fraction
    parts = as_surreal_parts(x)
    if parts is not None and parts[1] and is_finite(parts[0]) and is_finite(parts[1]):
        return Fraction(parts[0][0][1] if parts[0] else 0, parts[1][0][1])
    return None


def _rational_mod(a, b):
    x, y = _as_fraction(a), _as_fraction(b)
    if x is None or y is None:
        if isinstance(b, (Surreal, Game, int, Fraction)) and isinstance(a, (Surreal, Game, int, Fraction)):
            raise NotApplicableError(f"{a} % {b}: % is defined for rationals only")
        return NotImplemented
    if y == 0:
        raise SurrealArithmeticError(f"{a} % 0 is undefined")
    q = abs(x) // abs(y)
    r = abs(x) - q * abs(y)
    return surreal(r if x >= 0 else -r)


def omega_power(x):
    """ω^x for an ordinal x (CGSuite's ``x.OmegaPower``; ``omega ^ x`` in the shell).

    >>> omega_power(0), omega_power(3), omega_power(omega + 1)
    (integer(1), Ordinal('ω^3'), Ordinal('ω^(ω+1)'))
    >>> omega_power(omega - 1)
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: OmegaPower needs an ordinal exponent, got ω-1
    """
    e = ordinal_cnf(x)
    if e is None:
        raise NotApplicableError(f"OmegaPower needs an ordinal exponent, got {x}")
    return surreal_from_cnf(cnf_omega_power(e), ONE)


_OMEGA_CNF = cnf_omega_power(ONE)

#: The first infinite ordinal ω (CGSuite's ``omega``).
omega = _raw(Ordinal, _OMEGA_CNF, ONE)
#: CGSuite's ``inf`` (= ``1/0``), above every number.
inf = INF = _raw(Rational, ONE, ZERO)
NEG_INF = _raw(Rational, _MINUS_ONE, ZERO)
