"""Transfinite nim arithmetic: Conway's field On₂ below ω^ω^ω, and transfinite nimbers ``*α``.

**Nim sum** of ordinals is the coefficientwise XOR of their Cantor normal forms: writing each coefficient
in binary expands an ordinal in powers ``2^(ω·e + k) = ω^e × 2^k``, and nim addition is addition without
carry (Conway, *On Numbers and Games* (ONAG), ch. 6).

**Nim product** follows Lenstra ("On the algebraic closure of two", Proc. KNAW A 80, 1977; "Nim
multiplication", Sém. Théorie des Nombres Bordeaux 1977-78, exposé 11) and ONAG ch. 6.  The finite nimbers
are the quadratic closure of GF(2).  For the j-th odd prime p (p = 3, 5, 7, 11, ... for j = 0, 1, 2, 3, ...)
put ``κ_{p^(k+1)} = ω^(ω^j × p^k)``; then

* ``κ_{p^(k+1)} ^ p = κ_{p^k}`` for k ≥ 1, and ``κ_p ^ p = α_p``, the *excess* of p: the least ordinal
  below κ_p that is not a p-th power in the field of ordinals below κ_p (Conway's simplest-extension
  theorem, ONAG Thm 44, made explicit by Lenstra);
* an ordinal below ω^ω^ω in Cantor normal form, ``Σ ω^e × c`` with ``e = Σ_j ω^j × n_j``, is the nim
  polynomial ``Σ c ⊗ Π_j Π_k κ_{p_j^(k+1)} ^ (digit k of n_j in base p_j)`` with finite coefficients c
  (the ordinals below a field Δ^n written in base Δ multiply as polynomials in Δ: ONAG ch. 6).

So a product is polynomial multiplication in which exponent digits carry *downwards* (``κ_{p^(k+1)}^p =
κ_{p^k}``) and a carry out of the lowest digit multiplies by α_p.  The excesses are computed here, never
tabulated: α_p is found by searching upward from the least ordinal whose field has degree divisible by
r = ord_p(2), testing ``y^((2^D - 1)/p) ≠ 1`` in GF(2^D) (an element is a p-th power there iff that
power is 1).  The first ones are the values Conway and Lenstra state: ``ω^3 = 2``, ``(ω^ω)^5 = 4``,
``(ω^(ω^2))^7 = ω+1``.

>>> from cgt import omega
>>> nim_product(omega, omega), nim_power(omega, 3), nim_power(omega_power(omega), 5)
(Ordinal('ω^2'), integer(2), integer(4))
>>> nim_sum(omega + 3, omega * 3 + 1)
Ordinal('ω×2+2')
>>> excess(7)
Ordinal('ω+1')
"""

from __future__ import annotations

import math
from fractions import Fraction

from cgt import nimarith
from cgt.errors import InvalidGameError, NotApplicableError, TooLargeError
from cgt.game import Game, _number, nimber, register_cache
from cgt.ordinal import ONE, ZERO, cnf_int, cnf_omega_power, format_cnf, is_finite
from cgt.outcome import Outcome
from cgt.surreal import Ordinal, Surreal, _make, _ordinal_cnf, omega, omega_power

__all__ = ["nim_sum", "nim_product", "nim_power", "nim_inverse", "excess", "TransfiniteNimber",
           "transfinite_nimber", "format_nimber"]

#: Largest field degree D (the field GF(2^D)) the excess search will work in.
MAX_EXCESS_DEGREE = 1000
#: How many ordinals above the least candidate the excess search tries before giving up.
MAX_EXCESS_CANDIDATES = 256

_LIMIT_TEXT = "ω^ω^ω"


# ====================================================================== primes and representation

_ODD_PRIMES: list[int] = [3]


def _odd_prime(j: int) -> int:
    """The j-th odd prime (j = 0 gives 3)."""
    n = _ODD_PRIMES[-1]
    while len(_ODD_PRIMES) <= j:
        n += 2
        if all(n % q for q in _ODD_PRIMES if q * q <= n):
            _ODD_PRIMES.append(n)
    return _ODD_PRIMES[j]


def _odd_prime_index(p: int) -> int:
    j = 0
    while _odd_prime(j) < p:
        j += 1
    if _odd_prime(j) != p:
        raise NotApplicableError(f"{p} is not an odd prime")
    return j


def _digits(n: int, p: int) -> tuple:
    out = []
    while n:
        n, d = divmod(n, p)
        out.append(d)
    return tuple(out)


def _undigits(digits: tuple, p: int) -> int:
    n = 0
    for d in reversed(digits):
        n = n * p + d
    return n


def _strip(monomial: list) -> tuple:
    while monomial and not monomial[-1]:
        monomial.pop()
    return tuple(monomial)


def _ordinal_parts(x, name: str) -> tuple:
    e = _ordinal_cnf(x)
    if e is None:
        raise NotApplicableError(f"{name} needs ordinals, got {x}")
    return e


def _to_poly(a: tuple, name: str) -> dict:
    """The nim polynomial {monomial: finite coefficient} of an ordinal below ω^ω^ω (monomial = digits per prime)."""
    poly = {}
    for e, c in a:
        counts = []
        for f, n in e:
            if not is_finite(f):
                raise NotApplicableError(
                    f"{name} is only defined for ordinals below {_LIMIT_TEXT}; {format_cnf(a)} is too large")
            counts.append((f[0][1] if f else 0, n))
        width = counts[0][0] + 1 if counts else 0
        monomial = [()] * width
        for j, n in counts:
            monomial[j] = _digits(n, _odd_prime(j))
        poly[_strip(monomial)] = c
    return poly


def _from_poly(poly: dict) -> tuple:
    terms = []
    for monomial, c in poly.items():
        if c:
            e = tuple((cnf_int(j), _undigits(d, _odd_prime(j))) for j, d in reversed(list(enumerate(monomial))) if d)
            terms.append((e, c))
    return tuple(sorted(terms, reverse=True))


def _value(a: tuple):
    return _make(a, ONE) if a else _number(Fraction(0))


# ====================================================================== multiplication

_mono_cache: dict = {}


def _mono_mul(m1: tuple, m2: tuple) -> dict:
    """The product of two monomials (coefficient 1) as a nim polynomial."""
    key = (m1, m2) if m1 <= m2 else (m2, m1)
    hit = _mono_cache.get(key)
    if hit is not None:
        return hit
    width = max(len(m1), len(m2))
    monomial = []
    overflow = []  # odd-prime indices whose lowest digit carried out: a factor alpha_p each
    for j in range(width):
        d1 = m1[j] if j < len(m1) else ()
        d2 = m2[j] if j < len(m2) else ()
        p = _odd_prime(j)
        size = max(len(d1), len(d2))
        digits = [(d1[k] if k < len(d1) else 0) + (d2[k] if k < len(d2) else 0) for k in range(size)]
        # Lenstra: kappa_{p^(k+1)}^p = kappa_{p^k} (k >= 1), kappa_p^p = alpha_p: carries run downwards.
        for k in range(size - 1, -1, -1):
            if digits[k] >= p:
                digits[k] -= p
                if k:
                    digits[k - 1] += 1
                else:
                    overflow.append(j)
        monomial.append(_strip(digits))
    result = {_strip(monomial): 1}
    for j in overflow:
        result = _poly_mul(result, _excess_poly(j))
    _mono_cache[key] = result
    return result


def _poly_mul(x: dict, y: dict) -> dict:
    result: dict = {}
    mul = nimarith.nim_product
    for m1, c1 in x.items():
        for m2, c2 in y.items():
            c = mul(c1, c2)
            for m, c3 in _mono_mul(m1, m2).items():
                v = result.get(m, 0) ^ (c if c3 == 1 else mul(c, c3))
                if v:
                    result[m] = v
                else:
                    result.pop(m, None)
    return result


def _poly_pow(x: dict, n: int) -> dict:
    result = {(): 1}
    while n:
        if n & 1:
            result = _poly_mul(result, x)
        n >>= 1
        if n:
            x = _poly_mul(x, x)
    return result


# ====================================================================== field degrees and excesses

def _coefficient_degree(c: int) -> int:
    """The degree over GF(2) of the least finite field GF(2^(2^a)) holding the finite nimber c."""
    a = 0
    while c >= 1 << (1 << a):
        a += 1
    return 1 << a if c > 1 else 1


_excess_cache: dict[int, dict] = {}
_excess_degree: dict[int, int] = {}


def _monomial_degree(monomial: tuple) -> int:
    d = 1
    for j, digits in enumerate(monomial):
        if digits:
            _excess_poly(j)
            d = math.lcm(d, _odd_prime(j) ** len(digits) * _excess_degree[j])
    return d


def _degree(poly: dict) -> int:
    """A multiple of the degree of the least finite field containing the element (all prime factors < the
    primes used), so the element lies in GF(2^D) for every multiple D of it."""
    d = 1
    for m, c in poly.items():
        d = math.lcm(d, _coefficient_degree(c), _monomial_degree(m))
    return d


def _order_of_two(p: int) -> int:
    r, x = 1, 2 % p
    while x != 1:
        x = x * 2 % p
        r += 1
    return r


def _valuation(n: int, q: int) -> int:
    v = 0
    while n % q == 0:
        n //= q
        v += 1
    return v


def _least_candidate(j: int, r: int) -> dict:
    """The least ordinal below kappa_p whose field has degree divisible by r (a non-p-th power must).

    The degree depends only on the highest kappa-level used for each smaller prime q (contributing
    q^level × deg(alpha_q)) and the finite field of the coefficients; the least ordinal with given levels is
    the sum of the corresponding kappas plus the least coefficient of that finite field.
    """
    best = None
    levels = [0] * j

    def visit(i, top):
        nonlocal best
        if i < 0:
            for a in range(_valuation(r, 2) + 1):
                d = 1 << a
                poly = {}
                for t, level in enumerate(levels):
                    if level:
                        _excess_poly(t)
                        d = math.lcm(d, _odd_prime(t) ** level * _excess_degree[t])
                        monomial = [()] * (t + 1)
                        monomial[t] = (0,) * (level - 1) + (1,)
                        poly[tuple(monomial)] = 1
                if a:
                    poly[()] = poly.get((), 0) + (1 << (1 << (a - 1)))
                if d % r == 0:
                    cnf = _from_poly(poly)
                    if best is None or cnf < best[0]:
                        best = (cnf, poly)
            return
        q = _odd_prime(i)
        low = 1 if i == top else 0
        for level in range(low, max(_valuation(r, q), 1) + 1):
            levels[i] = level
            visit(i - 1, top)
        levels[i] = 0

    # Every candidate using kappa_q for the t-th odd prime q is >= omega^(omega^t), and every candidate using
    # only smaller primes is below it: so try the highest prime used in increasing order and stop at a hit.
    for top in range(-1, j):
        visit(top, top)
        if best is not None:
            return best[1]
    raise NotApplicableError(f"no field below kappa_{_odd_prime(j)} has degree divisible by {r}")


def _excess_poly(j: int) -> dict:
    """alpha_p for the j-th odd prime p, as a nim polynomial (computed once, cached)."""
    hit = _excess_cache.get(j)
    if hit is not None:
        return hit
    p = _odd_prime(j)
    r = _order_of_two(p)
    start = _least_candidate(j, r)
    base = start.get((), 0)
    for n in range(MAX_EXCESS_CANDIDATES):
        y = dict(start)
        if base + n:
            y[()] = base + n
        else:
            y.pop((), None)
        d = math.lcm(r, _degree(y))
        if d > MAX_EXCESS_DEGREE:
            raise TooLargeError(
                f"the excess of {p} needs arithmetic in GF(2^{d}); beyond this implementation's limit "
                f"(GF(2^{MAX_EXCESS_DEGREE}))")
        # y is a p-th power in GF(2^d) iff y^((2^d - 1)/p) = 1 (the multiplicative group is cyclic; p | 2^d - 1
        # because r | d, and v_p(2^d - 1) = v_p(2^r - 1) since p does not divide d/r).
        if _poly_pow(y, ((1 << d) - 1) // p) != {(): 1}:
            _excess_cache[j] = y
            _excess_degree[j] = _degree(y)
            return y
    raise TooLargeError(f"no excess of {p} found among the {MAX_EXCESS_CANDIDATES} least candidates")


def excess(p: int):
    """Lenstra's excess α_p of an odd prime p: ``(ω^(ω^j))^p = α_p`` where p is the j-th odd prime.

    >>> excess(3), excess(5)
    (integer(2), integer(4))
    >>> excess(11)
    Ordinal('ω^ω+1')
    """
    if isinstance(p, bool) or not isinstance(p, int) or p < 3:
        raise NotApplicableError(f"excess needs an odd prime, got {p!r}")
    return _value(_from_poly(_excess_poly(_odd_prime_index(p))))


def _clear() -> None:
    _mono_cache.clear()
    _excess_cache.clear()
    _excess_degree.clear()


register_cache(_clear)


# ====================================================================== public arithmetic

def nim_sum(a, b):
    """The nim sum ``a ⊕ b`` of two ordinals: XOR of Cantor-normal-form coefficients (ONAG ch. 6).

    >>> nim_sum(omega_power(2) + 5, omega_power(2) * 3 + 6)
    Ordinal('ω^2×2+3')
    >>> nim_sum(5, 6)
    integer(3)
    """
    x = dict(_ordinal_parts(a, "NimSum"))
    for e, c in _ordinal_parts(b, "NimSum"):
        v = x.get(e, 0) ^ c
        if v:
            x[e] = v
        else:
            x.pop(e, None)
    return _value(tuple(sorted(x.items(), reverse=True)))


def nim_product(a, b):
    """The nim product ``a ⊗ b`` of two ordinals below ω^ω^ω (Lenstra's rules; ONAG ch. 6).

    >>> from cgt import omega
    >>> nim_product(omega, 2), nim_product(omega_power(2), omega), nim_product(omega + 1, omega + 1)
    (Ordinal('ω×2'), integer(2), Ordinal('ω^2+1'))
    >>> nim_product(omega_power(omega_power(omega)), 2)
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: NimProduct is only defined for ordinals below ω^ω^ω; ω^ω^ω is too large
    """
    x = _to_poly(_ordinal_parts(a, "NimProduct"), "NimProduct")
    y = _to_poly(_ordinal_parts(b, "NimProduct"), "NimProduct")
    return _value(_from_poly(_poly_mul(x, y)))


def nim_power(a, n: int):
    """The nim power ``a ⊗ a ⊗ ... ⊗ a`` (n factors; n < 0 uses the nim inverse) — CGSuite's ``NimExp``.

    >>> nim_power(omega_power(3), 3), nim_power(omega, -1)
    (Ordinal('ω'), Ordinal('ω^2×3'))
    """
    if isinstance(n, Game) and n.is_integer:
        n = int(n.number)
    if isinstance(n, bool) or not isinstance(n, int):
        raise NotApplicableError(f"NimExp needs an integer exponent, got {n}")
    x = _to_poly(_ordinal_parts(a, "NimExp"), "NimExp")
    if n < 0:
        x = _inverse_poly(x, a)
        n = -n
    return _value(_from_poly(_poly_pow(x, n)))


def _inverse_poly(x: dict, a) -> dict:
    if not x:
        raise NotApplicableError("the nimber 0 has no nim inverse")
    d = _degree(x)
    # x lies in GF(2^d), whose multiplicative group has order 2^d - 1.
    return _poly_pow(x, (1 << d) - 2)


def nim_inverse(a):
    """The nim inverse ``1 ⊘ a`` of a nonzero ordinal below ω^ω^ω.

    >>> nim_inverse(omega), nim_product(omega, nim_inverse(omega))
    (Ordinal('ω^2×3'), integer(1))
    """
    return _value(_from_poly(_inverse_poly(_to_poly(_ordinal_parts(a, "NimInverse"), "NimInverse"), a)))


# ====================================================================== transfinite nimbers

def format_nimber(alpha, ascii: bool = False) -> str:
    """``*`` followed by the ordinal, parenthesised when it has several terms or is a non-unit multiple
    of a positive power (CGSUITE.md §5.5).

    >>> [format_nimber(x) for x in (omega, omega * 2, omega + 1, omega_power(2), 5)]
    ['*ω', '*(ω×2)', '*(ω+1)', '*ω^2', '*5']
    """
    a = _ordinal_parts(alpha, "format_nimber")
    text = format_cnf(a, ascii)
    if len(a) > 1 or (a and a[0][0] != ZERO and a[0][1] != 1):
        text = f"({text})"
    return "0" if not a else ("*" if a == ONE else "*" + text)


class TransfiniteNimber:
    """The nimber ``*α`` of an infinite ordinal α (CGSuite's ``TransfiniteNimber``); finite ones are Games.

    ``*α`` is the impartial game whose options are all ``*β``, β < α.  ``+`` is the nim sum (with other
    nimbers), ``conway_product`` the nim product.

    >>> s = TransfiniteNimber(omega)
    >>> s, str(s + nimber(3)), str(s + s), str(s.conway_product(s)), str(s.outcome), str(s.birthday)
    (TransfiniteNimber('ω'), '*(ω+3)', '0', '*ω^2', 'N', 'ω')
    """

    __slots__ = ("_alpha",)

    def __new__(cls, alpha):
        return transfinite_nimber(alpha)

    @property
    def nim_value(self):
        """The ordinal α of ``*α``."""
        return self._alpha

    @property
    def birthday(self):
        """α (the options are all smaller nimbers)."""
        return self._alpha

    @property
    def outcome(self) -> Outcome:
        """``N``: the first player moves to 0."""
        return Outcome.N

    @property
    def is_nimber(self) -> bool:
        return True

    @property
    def is_number(self) -> bool:
        return False

    def conway_product(self, other):
        """``*α · *β = *(α ⊗ β)``."""
        return transfinite_nimber(nim_product(self._alpha, _nim_value(other)))

    def __add__(self, other):
        """*α + *β = *(α ⊕ β); adding anything other than a nimber is not supported."""
        value = _nim_value(other, strict=False)
        if value is None:
            if isinstance(other, (Game, Surreal, int, Fraction)):
                raise NotApplicableError(f"cannot add {self} and {other}: only nimbers add to a transfinite nimber")
            return NotImplemented
        return transfinite_nimber(nim_sum(self._alpha, value))

    __radd__ = __add__

    def __sub__(self, other):
        return self.__add__(other)

    __rsub__ = __sub__

    def __neg__(self):
        return self

    def __eq__(self, other):
        if isinstance(other, TransfiniteNimber):
            return self._alpha == other._alpha
        if isinstance(other, (Game, Surreal, int, Fraction)):
            return False
        return NotImplemented

    def __hash__(self):
        return hash(("cgt.TransfiniteNimber", self._alpha))

    def __str__(self) -> str:
        """``*ω``, ``*(ω+1)``."""
        return format_nimber(self._alpha)

    def ascii(self) -> str:
        return format_nimber(self._alpha, ascii=True)

    def __repr__(self) -> str:
        return f"TransfiniteNimber({format_cnf(self._alpha._num)!r})"

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (transfinite_nimber, (self._alpha,))


def _nim_value(x, strict: bool = True):
    if isinstance(x, TransfiniteNimber):
        return x._alpha
    if isinstance(x, Game) and x.is_nimber:
        return x.nim_value
    if strict:
        raise NotApplicableError(f"{x} is not a nimber")
    return None


def transfinite_nimber(alpha):
    """``*α`` for an ordinal α: a Game nimber when α is finite, else a :class:`TransfiniteNimber`.

    >>> transfinite_nimber(5), transfinite_nimber(omega + 1)
    (nimber(5), TransfiniteNimber('ω+1'))
    """
    if isinstance(alpha, str):
        alpha = Ordinal(alpha)
    a = _ordinal_cnf(alpha)
    if a is None:
        raise InvalidGameError(f"*{alpha}: a nimber needs an ordinal, got {alpha}")
    if is_finite(a):
        return nimber(a[0][1] if a else 0)
    x = object.__new__(TransfiniteNimber)
    x._alpha = _make(a, ONE)
    return x
