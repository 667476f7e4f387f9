"""Validation of integer arguments: one helper for every constructor and method of cgt and cgt.games.

Any integral type is accepted where an ``int`` is (``numpy.int64`` among them, through the
:class:`numbers.Integral` protocol); ``bool`` is not, since ``True`` as a heap size is always a mistake.
The error names what was expected and what was given, in one line.

>>> integer_argument(5, "heap size", minimum=0)
5
>>> integer_argument(-1, "heap size", minimum=0)
Traceback (most recent call last):
...
cgt.errors.InvalidGameError: heap size needs a non-negative integer, got -1
>>> integer_argument(2.5, "nimber()")
Traceback (most recent call last):
...
cgt.errors.InvalidGameError: nimber() needs an integer, got 2.5
"""

from __future__ import annotations

import numbers
import operator

from cgt.errors import InvalidGameError


def is_integer_value(value) -> bool:
    """True for ints and other integral types (numpy integers), False for bools and everything else.

    >>> is_integer_value(3), is_integer_value(True), is_integer_value(3.0)
    (True, False, False)
    """
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def integer_argument(value, what: str, *, minimum: int | None = None, error: type = InvalidGameError) -> int:
    """``value`` as a plain ``int``, or ``error`` naming ``what`` when it is not an integer >= ``minimum``.

    >>> integer_argument(3, "k", minimum=1), type(integer_argument(3, "k"))
    (3, <class 'int'>)
    >>> integer_argument(0, "subtraction set element", minimum=1)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidGameError: subtraction set element needs a positive integer, got 0
    >>> integer_argument(2, "board size", minimum=3)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidGameError: board size needs an integer >= 3, got 2
    """
    if is_integer_value(value):
        value = operator.index(value)
        if minimum is None or value >= minimum:
            return value
    raise error(f"{what} needs {_expected(minimum)}, got {value!r}")


def collection_argument(values, what: str, *, error: type = InvalidGameError):
    """An iterator over ``values``, or ``error`` when ``values`` is not a collection (strings are not).

    >>> list(collection_argument((1, 2), "options"))
    [1, 2]
    >>> collection_argument(None, "misere_game(): options")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidGameError: misere_game(): options must be a collection, got None
    """
    if not isinstance(values, (str, bytes)) and values is not None:
        try:
            return iter(values)
        except TypeError:
            pass
    raise error(f"{what} must be a collection, got {values!r}")


def callable_argument(function, what: str, *, error: type = InvalidGameError):
    """``function`` itself when it is callable, else ``error`` naming ``what``.

    >>> callable_argument(len, "options") is len
    True
    """
    if not callable(function):
        raise error(f"{what} must be a function, got {function!r}")
    return function


def plain_integers(value):
    """``value`` with integral scalars of other types (numpy's) turned into ``int``, inside tuples and lists.

    Positions are keys of value tables and print in CGSuite's notation, so they hold plain ints.

    >>> from fractions import Fraction
    >>> class Int(int): pass
    >>> plain_integers((Int(3), [Int(4), "x"], Fraction(1, 2)))
    (3, [4, 'x'], Fraction(1, 2))
    """
    if isinstance(value, (tuple, list)):
        return type(value)(plain_integers(v) for v in value)
    if type(value) is not int and is_integer_value(value):
        return operator.index(value)
    return value


def _expected(minimum: int | None) -> str:
    if minimum is None:
        return "an integer"
    if minimum == 0:
        return "a non-negative integer"
    if minimum == 1:
        return "a positive integer"
    return f"an integer >= {minimum}"


def is_digits(text: str) -> bool:
    """Whether ``text`` is one or more ASCII digits (``str.isdigit`` also accepts ``'²'``, which ``int`` refuses).

    >>> is_digits("42"), is_digits("²"), is_digits("")
    (True, False, False)
    """
    return text.isascii() and text.isdigit()
