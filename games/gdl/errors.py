"""The errors of the GDL loader: every one is a :class:`cgt.errors.CGTError` with a one-line message.

>>> issubclass(GdlSyntaxError, GdlError) and issubclass(GdlError, ValueError)
True
"""

from cgt.errors import CGTError

__all__ = ["GdlError", "GdlSyntaxError", "GdlRuleError"]


class GdlError(CGTError, ValueError):
    """A GDL description that cannot be loaded or played."""


class GdlSyntaxError(GdlError):
    """Text that is not KIF GDL (unbalanced parentheses, misplaced keywords)."""


class GdlRuleError(GdlError):
    """A rule that breaks a restriction of GDL (safety, stratified negation, recursion); names the rule."""
