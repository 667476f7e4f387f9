"""Nim arithmetic: Conway's field of nimbers (On Numbers and Games, ch. 6).

Nimbers are non-negative integers with nim addition (XOR) and Conway's nim multiplication.  For every
``k`` the integers below the Fermat 2-power ``F = 2**(2**k)`` form a finite field GF(F); the rules that
define the product are

* ``F (x) x = F * x`` (ordinary product) for ``x < F``, and
* ``F (x) F = F + F/2`` (i.e. ``3F/2``), the "square of a Fermat 2-power" rule (ONAG, Thm 49).

Writing ``a = a1 F + a0`` with ``a0, a1 < F`` turns a product in GF(F^2) into three products in GF(F)
(Karatsuba), so everything here is exact for Python integers of any size.

>>> nim_product(2, 2), nim_product(4, 4), nim_product(16, 16)
(3, 6, 24)
>>> nim_inverse(2), nim_product(2, nim_inverse(2))
(3, 1)
>>> nim_sqrt(3), nim_product(nim_sqrt(3), nim_sqrt(3))
(2, 3)
"""

from __future__ import annotations

import operator
from functools import lru_cache

from cgt.errors import InvalidGameError, NotApplicableError

__all__ = ["nim_product", "nim_inverse", "nim_sqrt", "nim_square", "nim_power", "nim_divide"]

_SMALL = 256  # products of bytes are tabulated


def _check(name: str, a) -> int:
    try:
        value = operator.index(a)
    except TypeError:
        raise InvalidGameError(f"{name}: {a!r} is not an integer (nimbers are written as non-negative ints)") from None
    if value < 0:
        raise NotApplicableError(f"{name}: {a!r} is negative; nimbers are non-negative integers")
    return value


def _level(n: int) -> int:
    """The least k with n < 2**(2**k), returned as the half width 2**(k-1) (0 if n < 2)."""
    if n < 2:
        return 0
    width = 1
    while n >> (2 * width):
        width *= 2
    return width  # n < 2**(2*width) and the Fermat 2-power splitting n is 2**width


@lru_cache(maxsize=1 << 16)
def _mul_cached(a: int, b: int) -> int:
    return _mul(a, b)


def _mul(a: int, b: int) -> int:
    if a < 2 or b < 2:
        return a * b
    if a < _SMALL and b < _SMALL:
        if _TABLE:
            return _TABLE[a][b]
        if not _BUILDING:
            _build_table()
            return _TABLE[a][b]
    return _mul_split(a, b)


def _mul_split(a: int, b: int) -> int:
    half = _level(max(a, b))            # F = 2**half is a Fermat 2-power; a, b < F*F
    mask = (1 << half) - 1
    a1, a0 = a >> half, a & mask
    b1, b0 = b >> half, b & mask
    low = _mul_cached(a0, b0) if half <= 16 else _mul(a0, b0)
    high = _mul_cached(a1, b1) if half <= 16 else _mul(a1, b1)
    mid = _mul_cached(a0 ^ a1, b0 ^ b1) if half <= 16 else _mul(a0 ^ a1, b0 ^ b1)
    # (a1 F + a0)(b1 F + b0) = (a1b1 + a1b0 + a0b1) F + a0b0 + a1b1 (x) F/2, using F (x) F = F + F/2.
    return ((mid ^ low) << half) ^ low ^ _mul(high, 1 << (half - 1))


def _build_table() -> None:
    """Tabulate the products of bytes (built on first use, so importing stays cheap)."""
    global _BUILDING
    _BUILDING = True
    try:
        table = [[_mul_split(a, b) if a >= 2 and b >= 2 else a * b for b in range(_SMALL)]
                 for a in range(_SMALL)]
    finally:
        _BUILDING = False
    _TABLE.extend(table)


_TABLE: list[list[int]] = []
_BUILDING = False


def nim_product(a: int, b: int) -> int:
    """Conway's nim product ``a (x) b`` of two nimbers given as non-negative integers.

    The products of 0..15 form the multiplication table of GF(16) in On Numbers and Games, ch. 6.

    >>> [nim_product(3, b) for b in range(8)]
    [0, 3, 1, 2, 12, 15, 13, 14]
    >>> nim_product(2**64, 2**64) == 3 * 2**63
    True
    >>> nim_product(-1, 2)
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: nim_product: -1 is negative; nimbers are non-negative integers
    """
    return _mul(_check("nim_product", a), _check("nim_product", b))


def nim_square(a: int) -> int:
    """The nim square ``a (x) a``; squaring is additive (the Frobenius map of a field of characteristic 2).

    >>> nim_square(2), nim_square(3), nim_square(2 ^ 3) == nim_square(2) ^ nim_square(3)
    (3, 2, True)
    """
    a = _check("nim_square", a)
    return _mul(a, a)


def nim_power(a: int, e: int) -> int:
    """The nim power ``a (x) a (x) ... (x) a`` (``e`` factors, ``e >= 0``) by repeated squaring.

    >>> nim_power(2, 3), nim_power(5, 0)
    (1, 1)
    """
    a = _check("nim_power", a)
    e = _check("nim_power", e)
    result = 1
    while e:
        if e & 1:
            result = _mul(result, a)
        a = _mul(a, a)
        e >>= 1
    return result


def _inverse(a: int) -> int:
    if a < 2:
        return a
    half = _level(a)
    mask = (1 << half) - 1
    a1, a0 = a >> half, a & mask
    if a1 == 0:
        return _inverse(a0)
    # In GF(F^2) = GF(F)[F] with F^2 = F + h (h = F/2), the conjugate of F is F + 1, so the conjugate of
    # a = a1 F + a0 is a1 F + (a0 + a1) and the norm a * conj(a) = a1^2 h + a0^2 + a0 a1 lies in GF(F).
    norm = _mul(_mul(a1, a1), 1 << (half - 1)) ^ _mul(a0, a0) ^ _mul(a0, a1)
    inv = _inverse(norm)
    return (_mul(a1, inv) << half) ^ _mul(a0 ^ a1, inv)


def nim_inverse(a: int) -> int:
    """The multiplicative inverse of a nonzero nimber in Conway's field: ``a (x) nim_inverse(a) == 1``.

    >>> [nim_inverse(a) for a in range(1, 8)]
    [1, 3, 2, 15, 12, 9, 11]
    >>> nim_inverse(0)
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: nim_inverse: 0 has no inverse (the field of nimbers has no 1/0)
    """
    a = _check("nim_inverse", a)
    if a == 0:
        raise NotApplicableError("nim_inverse: 0 has no inverse (the field of nimbers has no 1/0)")
    return _inverse(a)


def nim_divide(a: int, b: int) -> int:
    """The nim quotient ``a (x) nim_inverse(b)``.

    >>> nim_divide(1, 2), nim_product(nim_divide(7, 5), 5)
    (3, 7)
    """
    a = _check("nim_divide", a)
    b = _check("nim_divide", b)
    if b == 0:
        raise NotApplicableError(f"nim_divide: cannot divide {a} by the nimber 0")
    return _mul(a, _inverse(b))


def _sqrt(a: int) -> int:
    if a < 2:
        return a
    half = _level(a)
    mask = (1 << half) - 1
    a1, a0 = a >> half, a & mask
    # (x1 F + x0)^2 = x1^2 F + x1^2 h + x0^2 (squaring is additive), so
    # x1 = sqrt(a1) and x0 = sqrt(a0 + a1 h) with h = F/2.
    return (_sqrt(a1) << half) ^ _sqrt(a0 ^ _mul(a1, 1 << (half - 1)))


def nim_sqrt(a: int) -> int:
    """The nim square root: the unique ``x`` with ``x (x) x == a`` (squaring is a bijection of each GF(2^2^k)).

    >>> nim_sqrt(2), nim_sqrt(8), nim_square(nim_sqrt(123456789))
    (3, 14, 123456789)
    """
    return _sqrt(_check("nim_sqrt", a))
