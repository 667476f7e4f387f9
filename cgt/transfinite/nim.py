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
power is 1) — for D > 64 in :mod:`cgt.transfinite.binary_field`, in the Kummer extension that y's last kappa adds to a
field rewritten in a polynomial basis, through the norm to GF(2^ord_p(2)).  Every prime below 139 works
(α_47 = ω^(ω^7)+1 needs GF(2^5060)); a prime whose test needs a field beyond GF(2^10000) raises
``TooLargeError`` naming it (the first is 139).  The first ones are the values Conway and Lenstra state: ``ω^3 = 2``, ``(ω^ω)^5 = 4``,
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

from cgt.transfinite import binary_field

from cgt.impartial import nimarith
from cgt.errors import InvalidGameError, NotApplicableError, TooLargeError
from cgt.kernel.game import Game, nimber, number as dyadic_game, register_cache
from cgt.transfinite.ordinal import ONE, ZERO, cnf_int, cnf_omega_power, format_cnf, is_finite
from cgt.kernel.outcome import Outcome
from cgt.transfinite.surreal import Ordinal, Surreal, surreal_from_cnf, ordinal_cnf, omega, omega_power

__all__ = ["nim_sum", "nim_product", "nim_power", "nim_inverse", "excess", "TransfiniteNimber",
           "transfinite_nimber", "format_nimber"]

#: Largest field degree D (the field GF(2^D)) in which the excess search tests p-th powers with the nim
#: polynomials themselves; larger fields use :mod:`cgt.transfinite.binary_field` (a Kummer extension of a polynomial basis).
SMALL_FIELD_DEGREE = 64
#: Largest degree of the field B below the last Kummer step that is rewritten in a polynomial basis (the
#: rewriting multiplies B's generator d times and solves a d×d system over GF(2)).
MAX_BASE_DEGREE = 1500
#: Largest field degree D = q·deg(B) (the field GF(2^D)) the excess search will work in: a p-th power test
#: there is a square-and-multiply with a D-bit exponent, each step about q^2 products in B.
MAX_EXCESS_DEGREE = 10000
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
    e = ordinal_cnf(x)
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
    return surreal_from_cnf(a, ONE) if a else dyadic_game(Fraction(0))


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


def _prime_powers(n: int) -> list[int]:
    """The prime powers s^k exactly dividing n."""
    out, s = [], 2
    while n > 1:
        if s * s > n:
            out.append(n)
            break
        if n % s == 0:
            power = 1
            while n % s == 0:
                n //= s
                power *= s
            out.append(power)
        s += 1
    return out


def _least_candidate(j: int, r: int) -> dict:
    """The least ordinal below kappa_p whose field has degree divisible by r (a non-p-th power must).

    Candidates are sums of kappas κ_{q^L} (degree q^L × deg(α_q)) plus a finite nimber 2^(2^(a-1)) (degree
    2^a, the least of that degree).  A sum of such parts has degree the lcm of theirs, and is compared with
    another by its largest part first; so the least one is found greedily: take the smallest part such
    that each prime power of r it leaves uncovered is covered by some smaller part, and repeat below it.
    """
    needs = _prime_powers(r)
    parts = []  # (sort key, degree, monomial or finite value); only parts sharing a factor with r matter
    two = next((n for n in needs if n % 2 == 0), 1)
    for a in range(1, two.bit_length()):
        parts.append(((-1, a), 1 << a, 1 << (1 << (a - 1))))
    # Parts come in increasing order; the largest part chosen is the first one at which the parts so far
    # cover every prime power of r, so no excess beyond it is computed.
    for t in range(j):
        if all(any(part[1] % n == 0 for part in parts) for n in needs):
            break
        q = _odd_prime(t)
        for level in range(1, max(_valuation(r, q), 1) + 1):
            _excess_poly(t)
            degree = q ** level * _excess_degree[t]
            if math.gcd(degree, r) > 1:
                parts.append(((t, level), degree, _kappa_monomial(t, level)))
    chosen, remaining, below = [], needs, len(parts)
    while remaining:
        for i in range(below):
            rest = [n for n in remaining if parts[i][1] % n]
            if all(any(parts[k][1] % n == 0 for k in range(i)) for n in rest):
                chosen.append(parts[i])
                remaining, below = rest, i
                break
        else:
            raise NotApplicableError(f"no field below kappa_{_odd_prime(j)} has degree divisible by {r}")
    poly: dict = {}
    for key, _, part in chosen:
        if key[0] == -1:
            poly[()] = part
        else:
            poly[part] = 1
    return poly


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
        # because r | d).  Every field of K_p containing y has degree d·m with p ∤ m, and for those the answer
        # is the same (y^((2^(dm) - 1)/p) = (y^((2^d - 1)/p))^(1 + 2^d + ... ) and that sum is ≡ m mod p).
        if d <= SMALL_FIELD_DEGREE:
            is_power = _poly_pow(y, ((1 << d) - 1) // p) == {(): 1}
        else:
            is_power = _is_pth_power_fast(y, p, r)
        if not is_power:
            _excess_cache[j] = y
            _excess_degree[j] = _degree(y)
            return y
    raise TooLargeError(f"no excess of {p} found among the {MAX_EXCESS_CANDIDATES} least candidates")


# ---------------------------------------------------------------------- p-th powers in large fields

def _is_pth_power_fast(y: dict, p: int, r: int) -> bool:
    """Whether y (a nim polynomial whose field has degree divisible by r = ord_p(2)) is a p-th power in K_p.

    The field of y is E = B(κ), κ = κ_{q^L} the last kappa of y in Lenstra's tower (largest prime q, then
    highest level L), B the field generated by the rest of y and by c = κ^q (κ_{q^(L-1)}, or α_q when
    L = 1).  x^q - c is irreducible over B (c is not a q-th power below κ), so E = B[z]/(z^q - c).  B is
    rewritten in a polynomial basis GF(2)[t]/(m): its nim-polynomial monomials times the bits of the finite
    coefficients are a GF(2)-basis, θ = a sum of B's generators is a primitive element when its powers
    1, θ, ..., θ^(d-1) are independent, and m is the relation found for θ^d.  The test y^((2^D - 1)/p) = 1
    then runs in :class:`cgt.transfinite.binary_field.KummerField`.
    """
    D, E, element, _ = _kummer_form(y, f"the excess of {p}")
    if D % r:
        raise AssertionError(f"GF(2^{D}) has no {p}-th roots of unity")  # the candidates are chosen so it does
    return E.is_power(element, p, r)


def _kummer_form(y: dict, what: str):
    """y in E = B[z]/(z^q - c) (see :func:`_is_pth_power_fast`): (degree of E, E, y's coefficients, a
    function taking coefficients back to a nim polynomial)."""
    j, level = _top_kappa(y)
    q = _odd_prime(j)
    c = {_kappa_monomial(j, level - 1): 1} if level > 1 else _excess_poly(j)
    parts: dict = {}
    for monomial, coefficient in y.items():
        digits = monomial[j] if j < len(monomial) else ()
        power = digits[level - 1] if len(digits) >= level else 0
        rest = list(monomial)
        if j < len(rest):
            rest[j] = _strip(list(digits[:level - 1]))
        parts.setdefault(power, {})[_strip(rest)] = coefficient
    basis = _PolyBasis([c, *parts.values()], j, level - 1, what)
    D = q * basis.degree
    if D > MAX_EXCESS_DEGREE:
        raise TooLargeError(
            f"{what} needs arithmetic in GF(2^{D}); beyond this implementation's limit (GF(2^{MAX_EXCESS_DEGREE}))")
    E = binary_field.KummerField(basis.field, q, basis.coordinates(c))

    def back(coefficients: list) -> dict:
        out: dict = {}
        for i, v in enumerate(coefficients):
            for monomial, coefficient in basis.element(v).items():
                m = list(monomial) + [()] * (j + 1 - len(monomial))
                m[j] = _strip(list(m[j]) + [0] * (level - 1 - len(m[j])) + [i])
                out[_strip(m)] = coefficient
        return out

    return D, E, [basis.coordinates(parts[i]) if i in parts else 0 for i in range(q)], back


def _top_kappa(y: dict) -> tuple[int, int]:
    """(j, L) of the last kappa κ_{p_j^L} used by y in Lenstra's tower (largest prime, then highest level)."""
    best = None
    for monomial in y:
        for j, digits in enumerate(monomial):
            if digits and (best is None or (j, len(digits)) > best):
                best = (j, len(digits))
    if best is None:
        raise AssertionError("a finite nimber has no kappa")
    return best


def _kappa_monomial(j: int, level: int) -> tuple:
    """The monomial κ_{p_j^level} (level ≥ 1)."""
    monomial = [()] * (j + 1)
    monomial[j] = (0,) * (level - 1) + (1,)
    return tuple(monomial)


_basis_cache: dict = {}  # (coefficient width, radices) -> (PolyField, pivots, powers of θ)


class _PolyBasis:
    """The field B generated by some nim polynomials (and the excesses they need), in a polynomial basis."""

    def __init__(self, elements: list, top_j: int, top_levels: int, what: str):
        # The shape of B: how many kappa levels of each prime, and how many bits of finite coefficients;
        # closed under the excesses of the primes used, so that the monomials span a subring (a field).
        levels = {top_j: top_levels} if top_levels else {}
        width = 1
        pending = list(elements)
        seen_excess = set()
        while pending:
            x = pending.pop()
            for monomial, coefficient in x.items():
                width = max(width, _coefficient_degree(coefficient))
                for t, digits in enumerate(monomial):
                    if digits:
                        levels[t] = max(levels.get(t, 0), len(digits))
            for t in list(levels):
                if t not in seen_excess:
                    seen_excess.add(t)
                    pending.append(_excess_poly(t))
        self.width = width
        self.radices = [(t, k, _odd_prime(t)) for t in sorted(levels) for k in range(levels[t])]
        degree = width
        for _, _, q in self.radices:
            degree *= q
        self.degree = degree
        if degree > MAX_BASE_DEGREE:
            raise TooLargeError(
                f"{what} needs a field of degree {degree} in a polynomial basis; beyond this "
                f"implementation's limit ({MAX_BASE_DEGREE})")
        key = (width, tuple(self.radices))
        hit = _basis_cache.get(key)
        if hit is not None:
            self.field, self._pivots, self._powers = hit
            return
        theta_base = {}
        for t in sorted(levels):
            theta_base[_kappa_monomial(t, levels[t])] = 1
        finite = 1 << (width >> 1) if width > 1 else 0
        for extra in range(1 << width):  # a primitive element: the first sum whose powers are independent
            theta = dict(theta_base)
            if finite ^ extra:
                theta[()] = finite ^ extra
            if self._setup(theta):
                _basis_cache[key] = (self.field, self._pivots, self._powers)
                return
        raise AssertionError("no primitive element found")  # pragma: no cover - sums of generators work

    def vector(self, x: dict) -> int:
        """x as a GF(2)-vector: bit (index of monomial)·width + i holds bit i of its coefficient."""
        v = 0
        for monomial, coefficient in x.items():
            index = 0
            for t, k, q in reversed(self.radices):
                digits = monomial[t] if t < len(monomial) else ()
                index = index * q + (digits[k] if k < len(digits) else 0)
            v |= coefficient << (index * self.width)
        return v

    def _setup(self, theta: dict) -> bool:
        d = self.degree
        pivots: dict[int, tuple[int, int]] = {}
        power = {(): 1}
        self._powers = []
        for i in range(d + 1):
            v, combo = self.vector(power), (1 << i) if i < d else 0
            self._powers.append(v)
            while v:
                hit = pivots.get(v.bit_length() - 1)
                if hit is None:
                    break
                v ^= hit[0]
                combo ^= hit[1]
            if i < d:
                if not v:
                    return False  # θ has degree < d
                pivots[v.bit_length() - 1] = (v, combo)
                power = _poly_mul(power, theta)
            else:
                # θ^d = Σ combo_i θ^i: the minimal polynomial t^d + Σ combo_i t^i
                self.field = binary_field.PolyField((1 << d) | combo)
        self._pivots = pivots
        return True

    def element(self, coordinates: int) -> dict:
        """The nim polynomial Σ θ^i over the bits i of ``coordinates`` (inverse of :meth:`coordinates`)."""
        v, i = 0, 0
        while coordinates:
            if coordinates & 1:
                v ^= self._powers[i]
            coordinates >>= 1
            i += 1
        out = {}
        mask = (1 << self.width) - 1
        index = 0
        while v:
            coefficient = v & mask
            if coefficient:
                monomial: dict = {}
                rest = index
                for t, k, q in self.radices:
                    rest, digit = divmod(rest, q)
                    monomial.setdefault(t, []).append(digit)
                out[_strip([_strip(monomial.get(t, [])) for t in range(max(monomial, default=-1) + 1)])] = coefficient
            v >>= self.width
            index += 1
        return out

    def coordinates(self, x: dict) -> int:
        """x in the polynomial basis 1, θ, θ^2, ... (an int, bit i for θ^i)."""
        v, combo = self.vector(x), 0
        while v:
            hit = self._pivots[v.bit_length() - 1]
            v ^= hit[0]
            combo ^= hit[1]
        return combo


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
    _basis_cache.clear()


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
    if len(x) == 1 and next(iter(x)):
        return _monomial_inverse(x, a)
    d = _degree(x)
    if d <= 16:
        # x lies in GF(2^d), whose multiplicative group has order 2^d - 1.
        return _poly_pow(x, (1 << d) - 2)
    if d > MAX_BASE_DEGREE:
        # the Kummer form E = B[z]/(z^q - c) of x's field: x^(-1) = x^(r-1) N(x)^(-1), N the norm to B
        _, E, element, back = _kummer_form(x, f"the nim inverse of {a}")
        return back(E.inverse(element))
    # larger fields: rewrite the field of x in a polynomial basis, invert there (Fermat), and come back
    basis = _PolyBasis([x], 0, 0, f"the nim inverse of {a}")
    return basis.element(basis.field.inverse(basis.coordinates(x)))


def _monomial_inverse(x: dict, a) -> dict:
    """The inverse of c ⊗ Π_j K_j, K_j = Π_k κ_{p^(k+1)}^(d_k) the part of the j-th odd prime p: with L levels,
    κ_{p^(k+1)} = κ_{p^L}^(p^(L-1-k)), so K_j = κ_{p^L}^n (n = Σ d_k p^(L-1-k)) and, as κ_{p^L}^(p^L) = α_p,
    K_j^(-1) = κ_{p^L}^(p^L - n) ⊗ α_p^(-1) — only the excesses (in smaller fields) need inverting."""
    (monomial, c), = x.items()
    result = {(): nimarith.nim_inverse(c)}
    for j, digits in enumerate(monomial):
        if not digits:
            continue
        p, levels = _odd_prime(j), len(digits)
        n = sum(d * p ** (levels - 1 - k) for k, d in enumerate(digits))
        top = {_kappa_monomial(j, levels): 1}
        result = _poly_mul(result, _poly_pow(top, p ** levels - n))
        result = _poly_mul(result, _inverse_poly(_excess_poly(j), a))
    return result


def nim_inverse(a):
    """The nim inverse ``1 ⊘ a`` of a nonzero ordinal below ω^ω^ω.

    >>> nim_inverse(omega), nim_product(omega, nim_inverse(omega))
    (Ordinal('ω^2×3'), integer(1))
    """
    return _value(_from_poly(_inverse_poly(_to_poly(_ordinal_parts(a, "NimInverse"), "NimInverse"), a)))


# ====================================================================== transfinite nimbers

def format_nimber(alpha, ascii: bool = False) -> str:
    """``*`` followed by the ordinal, parenthesised when it has several terms or is a non-unit multiple
    of a positive power, as CGSuite prints nimbers of ordinals.

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
        return f"TransfiniteNimber({format_cnf(ordinal_cnf(self._alpha))!r})"

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
    a = ordinal_cnf(alpha)
    if a is None:
        raise InvalidGameError(f"*{alpha}: a nimber needs an ordinal, got {alpha}")
    if is_finite(a):
        return nimber(a[0][1] if a else 0)
    x = object.__new__(TransfiniteNimber)
    x._alpha = surreal_from_cnf(a, ONE)
    return x
