"""CGSuite's members of ``Integer`` and ``Rational`` on the shell's ints
and Fractions: ``Div``, ``Gcd``, ``Isqrt``, ``IsEvil``, ``IsOdious``, ``IsSmallInteger``, ``IsTwoPower``,
``Lb``, ``NimInverse``, ``NimDiv``, ``IsDyadic`` and friends.

Definitions: ``Div`` is the quotient truncated toward 0 (Java's ``BigInteger.divide``); ``IsEvil`` /
``IsOdious`` say whether the binary expansion has an even / odd number of 1s (Berlekamp, Conway, Guy,
*Winning Ways*, ch. 14, "evil" and "odious" numbers); ``Lb`` is ``floor(log2 n)``; ``Isqrt`` is
``floor(sqrt n)``; ``NimInverse`` and ``NimDiv`` are the field operations of Conway's nimbers
(*On Numbers and Games*, ch. 6; :mod:`cgt.impartial.nimarith`).

``Numerator`` and ``Denominator`` are members of every rational (ints and Fractions in the shell).

>>> div(-7, 2), is_evil(5), lb(1000), nim_inverse(2), nim_div(1, 3)
(-3, True, 9, 3, 2)
>>> INTEGERS.methods["Div"].usage, NUMBERS.methods["Numerator"].call(Fraction(3, 4), [])
('a.Div(b)', 3)
"""

from __future__ import annotations

import math
from fractions import Fraction

from cgt.impartial import nimarith
from cgt.errors import NotApplicableError

from cgt.shell.method_registry import Section
from cgt.shell.values import describe

__all__ = ["INTEGERS", "NUMBERS", "is_shell_integer"]

#: Members of the shell's rationals (ints and Fractions).
NUMBERS = Section("numbers", int, Fraction)
#: Members of the shell's integers (ints) beyond those every number has.
INTEGERS = Section("integers", int, letter="n")


@NUMBERS.method("Numerator")
def numerator(x) -> int:
    """The numerator of a rational number."""
    return Fraction(x).numerator


@NUMBERS.method("Denominator")
def denominator(x) -> int:
    """The denominator of a rational number."""
    return Fraction(x).denominator


def is_shell_integer(x) -> bool:
    """True for the shell's integers (ints, not bools).

    >>> is_shell_integer(3), is_shell_integer(True)
    (True, False)
    """
    return isinstance(x, int) and not isinstance(x, bool)


def _integer(x, name: str) -> int:
    if not is_shell_integer(x):
        raise NotApplicableError(f"{name} needs an integer, got {describe(x)}")
    return x


def _natural(x, name: str) -> int:
    x = _integer(x, name)
    if x < 0:
        raise NotApplicableError(f"{name} needs a non-negative integer, got {x}")
    return x


@INTEGERS.method("Div", arity=(1, 1), usage="a.Div(b)")
def div(a, b) -> int:
    """``a.Div(b)``: the integer quotient, truncated toward 0.

    >>> div(7, 2), div(-7, 2), div(7, -2)
    (3, -3, -3)
    """
    a, b = _integer(a, "Div"), _integer(b, "Div")
    if b == 0:
        raise NotApplicableError("Div by zero")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


@INTEGERS.method("Gcd", arity=(1, 1), usage="a.Gcd(b)")
def gcd(a, b) -> int:
    """``a.Gcd(b)``: the greatest common divisor (non-negative).

    >>> gcd(12, -18), gcd(0, 0)
    (6, 0)
    """
    return math.gcd(_integer(a, "Gcd"), _integer(b, "Gcd"))


@INTEGERS.method("Isqrt")
def isqrt(n) -> int:
    """``n.Isqrt``: floor of the square root (an error for negative n).

    >>> isqrt(99), isqrt(100)
    (9, 10)
    """
    return math.isqrt(_natural(n, "Isqrt"))


@INTEGERS.method("Lb")
def lb(n) -> int:
    """``n.Lb``: floor of log2 n (an error for n <= 0).

    >>> lb(1), lb(1024), lb(1023)
    (0, 10, 9)
    """
    n = _integer(n, "Lb")
    if n <= 0:
        raise NotApplicableError(f"Lb needs a positive integer, got {n}")
    return n.bit_length() - 1


def _ones(n, name: str) -> int:
    return bin(_natural(n, name)).count("1")


@INTEGERS.method("IsTwoPower")
def is_two_power(n) -> bool:
    """``n.IsTwoPower``: n is 1, 2, 4, 8, ...

    >>> is_two_power(64), is_two_power(0), is_two_power(12)
    (True, False, False)
    """
    n = _integer(n, "IsTwoPower")
    return n > 0 and n & (n - 1) == 0


@INTEGERS.method("IsSmallInteger")
def is_small_integer(n) -> bool:
    """``n.IsSmallInteger``: n fits in 32 bits (Java's int), -2^31 <= n < 2^31.

    >>> is_small_integer(2 ** 31 - 1), is_small_integer(2 ** 31)
    (True, False)
    """
    n = _integer(n, "IsSmallInteger")
    return -(1 << 31) <= n < (1 << 31)


@INTEGERS.method("NimInverse")
def nim_inverse(n) -> int:
    """``n.NimInverse``: the inverse of n in Conway's field of nimbers (an error for 0).

    >>> nim_inverse(3), nim_inverse(1)
    (2, 1)
    """
    return nimarith.nim_inverse(_natural(n, "NimInverse"))


@INTEGERS.method("NimDiv", arity=(1, 1), usage="a.NimDiv(b)")
def nim_div(a, b) -> int:
    """``a.NimDiv(b)``: a times the nim inverse of b.

    >>> nim_div(3, 2), nimarith.nim_product(nim_div(6, 3), 3)
    (2, 6)
    """
    return nimarith.nim_divide(_natural(a, "NimDiv"), _natural(b, "NimDiv"))


@INTEGERS.method("IsEvil")
def is_evil(n) -> bool:
    """True when the binary expansion has an even number of 1s (Winning Ways ch. 14)."""
    return _ones(n, "IsEvil") % 2 == 0


@INTEGERS.method("IsOdious")
def is_odious(n) -> bool:
    """True when the binary expansion has an odd number of 1s (Winning Ways ch. 14)."""
    return _ones(n, "IsOdious") % 2 == 1
