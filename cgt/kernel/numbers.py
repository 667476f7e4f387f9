"""Dyadic rationals: the numbers among short games.

Short games that are numbers are exactly the dyadic rationals m/2^k.  This
module holds the pure-number helpers the kernel uses: validation, the
simplicity theorem, and the birthday of a number.

>>> from fractions import Fraction
>>> simplest_between(Fraction(0), Fraction(1))
Fraction(1, 2)
>>> number_birthday(Fraction(3, 4))
3
"""

from __future__ import annotations

import math
from fractions import Fraction
from numbers import Rational

from cgt.errors import InvalidGameError, NotDyadicError


def is_dyadic(q: Fraction) -> bool:
    """True when ``q``'s denominator is a power of two.

    >>> is_dyadic(Fraction(5, 8)), is_dyadic(Fraction(1, 3))
    (True, False)
    """
    d = q.denominator
    return d & (d - 1) == 0


def to_dyadic(value) -> Fraction:
    """Convert an int or dyadic rational to a :class:`Fraction`, or raise a clear error.

    >>> to_dyadic(3)
    Fraction(3, 1)
    >>> to_dyadic(Fraction(1, 3))
    Traceback (most recent call last):
    ...
    cgt.errors.NotDyadicError: 1/3 is not a dyadic rational (its denominator is not a power of 2)
    """
    if isinstance(value, bool):
        raise InvalidGameError(f"{value!r} is not a game, an integer or a dyadic rational")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, Fraction) or isinstance(value, Rational):
        q = Fraction(value)
        if not is_dyadic(q):
            raise NotDyadicError(
                f"{q} is not a dyadic rational (its denominator is not a power of 2)"
            )
        return q
    raise InvalidGameError(f"{value!r} is not a game, an integer or a dyadic rational")


def simplest_between(low: Fraction | None, high: Fraction | None) -> Fraction:
    """The simplest number strictly between ``low`` and ``high`` (None means unbounded).

    This is the simplicity theorem: a game all of whose options are numbers,
    with every left option below every right option, equals the number of
    smallest birthday strictly between them (Conway, ONAG ch. 2; Siegel, CGT II.3).

    >>> simplest_between(Fraction(1), Fraction(2))
    Fraction(3, 2)
    >>> simplest_between(Fraction(-3), None), simplest_between(None, Fraction(-5, 2))
    (Fraction(0, 1), Fraction(-3, 1))
    """
    if low is not None and high is not None and not low < high:
        raise ValueError(f"no number strictly between {low} and {high}")
    if (low is None or low < 0) and (high is None or high > 0):
        return Fraction(0)
    if high is None or (low is not None and low >= 0):
        # Everything is positive: the least integer above low, if it fits.
        candidate = math.floor(low) + 1
        if high is None or candidate < high:
            return Fraction(candidate)
    else:
        candidate = math.ceil(high) - 1
        if low is None or candidate > low:
            return Fraction(candidate)
    # No integer fits: the dyadic with the smallest denominator is unique.
    scale = 2
    while True:
        m = math.floor(low * scale) + 1
        if Fraction(m, scale) < high:
            return Fraction(m, scale)
        scale *= 2


def number_birthday(x: Fraction) -> int:
    """The birthday of the number ``x``: |n| for integers, ⌊|x|⌋ + k + 1 for odd m/2^k.

    >>> [number_birthday(Fraction(v)) for v in (0, 3, -2)]
    [0, 3, 2]
    >>> number_birthday(Fraction(-5, 4))
    4
    """
    if x.denominator == 1:
        return abs(x.numerator)
    return math.floor(abs(x)) + x.denominator.bit_length()


def format_number(x: Fraction) -> str:
    """CGSuite's text for a number: ``5``, ``-1/2``, ``73/16``.

    >>> format_number(Fraction(-25, 16))
    '-25/16'
    """
    if x.denominator == 1:
        return integer_text(x.numerator)
    return f"{integer_text(x.numerator)}/{integer_text(x.denominator)}"


_CHUNK_DIGITS = 4000
_CHUNK_LIMIT = 10 ** _CHUNK_DIGITS          # computed once: the power costs ~0.1 ms per call


def integer_text(n: int) -> str:
    """Decimal digits of ``n`` of any size (Python refuses ``str`` beyond 4300 digits by default).

    >>> len(integer_text(10 ** 5000)), integer_text(-12)
    (5001, '-12')
    """
    if -_CHUNK_LIMIT < n < _CHUNK_LIMIT:
        return str(n)
    if n < 0:
        return "-" + integer_text(-n)
    # Split in halves of a power of ten: divide and conquer keeps every str() call small.
    digits = n.bit_length() * 30103 // 100000 + 1
    half = 10 ** (digits // 2)
    high, low = divmod(n, half)
    return integer_text(high) + integer_text(low).rjust(digits // 2, "0")
