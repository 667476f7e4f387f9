"""The exception hierarchy of cgt: one root, :class:`CGTError`.

Every subclass also inherits the builtin exception that fits it, so callers
that catch ``ValueError`` or ``TypeError`` keep working.  Messages name the
offending value.

>>> from cgt.errors import CGTError, NotDyadicError
>>> issubclass(NotDyadicError, ValueError) and issubclass(NotDyadicError, CGTError)
True
"""


class CGTError(Exception):
    """Root of every error raised by cgt."""


class InvalidGameError(CGTError, TypeError):
    """An option or operand is not a game (nor an int or dyadic Fraction)."""


class NotDyadicError(CGTError, ValueError):
    """A rational number whose denominator is not a power of two."""


class NotShortGameError(CGTError, ValueError):
    """A position that is not a short game (it loops or is infinite)."""


class NotApplicableError(CGTError, ValueError):
    """An operation asked of a game it is not defined for (e.g. atomic weight of a hot game)."""


class TooDeepError(CGTError, RecursionError):
    """A game too deeply nested to process even with the enlarged stack."""


class InvalidPositionError(CGTError, ValueError):
    """A ruleset position that cannot occur or cannot be parsed."""


class TooLargeError(CGTError, ValueError):
    """A size too large to compute in reasonable time or memory."""
