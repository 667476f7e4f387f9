"""The one error the shell raises: :class:`ShellError`, with a line and a column.

Every failure of a shell program, whether a syntax error or a domain error from
the library (a non-dyadic option, an atomic weight of a hot game, ...), surfaces as
a ``ShellError`` carrying the position of the offending piece of source text.

>>> from cgt.shell import run, ShellError
>>> try:
...     run("{3|2")
... except ShellError as error:
...     print(error)
...     print(error.caret())
line 1, column 5: syntax error: unexpected end of input
{3|2
    ^
"""

from __future__ import annotations

import contextlib
import re
import sys
import warnings

from cgt.errors import CGTError


# Messages raised by the library speak Python; in the shell they speak CGSuite.
_PYTHON_NAMES = {"born_by()": "BornBy", "nimber()": "*n", "misere_nim()": "*[n]", "up_nth()": "^<n>",
                 "up_cumulative()": "^[n]", "integer()": "an integer", "dyadic()": "a dyadic rational",
                 "left_winning_moves / right_winning_moves": "WinningMoves(Left) or WinningMoves(Right)"}
_FRACTION = re.compile(r"Fraction\((-?\d+), (\d+)\)")
_TUPLE = re.compile(r"\((-?\d+(?:, -?\d+)+)\)")
#: A library position as Python writes it: ``Domineering('..|..')``.
_POSITION = re.compile(r"(?<![\w.])([A-Z][A-Za-z0-9]*)\('((?:[^'\\]|\\.)*)'\)")


def _position_as_printed(match) -> str:
    """The shell's text of a library position named in a message (``Domineering('..|..')`` is
    ``Domineering.Position("..|..")``), or the text unchanged when the name is not a catalogued ruleset."""
    from cgt.games.engine import catalogue
    from cgt.games.engine.ruleset import Ruleset
    from cgt.shell.values import position_text

    name, text = match.groups()
    try:
        ruleset = catalogue.load(name)
    except catalogue.CatalogueError:
        return match.group(0)
    if not isinstance(ruleset, Ruleset):
        return match.group(0)
    try:
        return position_text(ruleset(text))
    except CGTError:
        return match.group(0)


def _without_wrapper(message: str, opening: str) -> str:
    """``message`` with every ``opening…)`` replaced by what it wraps (the parentheses balanced): a
    ``frozenset({1, 2})`` is the set ``{1, 2}``, an empty ``frozenset()`` is ``{}``.

    >>> _without_wrapper("got frozenset({(1, 2), 3}) and frozenset()", "frozenset(")
    'got {(1, 2), 3} and {}'
    """
    parts = message.split(opening)
    result = [parts[0]]
    for part in parts[1:]:
        depth = 1
        for i, ch in enumerate(part):
            depth += {"(": 1, ")": -1}.get(ch, 0)
            if depth == 0:
                result.append((part[:i] or "{}") + part[i + 1:])
                break
        else:                                   # unbalanced: leave the text as it was
            result.append(opening + part)
    return "".join(result)


def shell_words(message: str) -> str:
    """``message`` with Python's spellings replaced by the shell's: ``Fraction(1, 2)`` is ``1/2``, a tuple
    ``(1, 2, 3)`` is ``(1,2,3)``, a ``frozenset({1, 2})`` is ``{1, 2}``, ``born_by()`` is ``BornBy``.

    >>> shell_words("born_by() needs a day number, got Fraction(1, 2); (1, 2, 3) is not a pair")
    'BornBy needs a day number, got 1/2; (1,2,3) is not a pair'
    >>> shell_words("size frozenset({1, 2}) is not an integer")
    'size {1, 2} is not an integer'
    >>> shell_words("Domineering('..|..') is partizan; Kayles('5') is not")
    'Domineering.Position("..|..") is partizan; Kayles(5) is not'
    """
    message = _FRACTION.sub(lambda m: f"{m.group(1)}/{m.group(2)}", message)
    message = _POSITION.sub(_position_as_printed, message)
    message = _without_wrapper(message, "frozenset(")
    message = _TUPLE.sub(lambda m: "(" + m.group(1).replace(", ", ",") + ")", message)
    for python, shell in _PYTHON_NAMES.items():
        message = message.replace(python, shell)
    return message


def failure_message(error: Exception) -> tuple[str, bool]:
    """``(message, internal)``: the shell's one line for an exception raised while a program runs or while its
    value is printed, and whether it is a bug in cgt rather than in the program (then the message says so).

    >>> from cgt.errors import TooLargeError
    >>> failure_message(TooLargeError("more than 10 games")), failure_message(ZeroDivisionError("x"))
    (('more than 10 games', False), ('division by zero', False))
    >>> failure_message(KeyError("k"))
    ("internal error (KeyError): 'k'", True)
    """
    if isinstance(error, CGTError):
        return str(error), False
    if isinstance(error, RecursionError):
        return "expression nested too deeply", False
    if isinstance(error, ZeroDivisionError):
        return "division by zero", False
    if isinstance(error, MemoryError):
        return "out of memory", False
    if isinstance(error, ImportError):     # a library module this feature needs is not installed
        return f"not available in this installation: {error}", True
    return f"internal error ({type(error).__name__}): {error}", True


#: Warnings raised while the shell's modules were loaded, not shown yet (see :func:`held_warnings`).
_HELD: list = []


@contextlib.contextmanager
def held_warnings():
    """Warnings raised in the block (loading the library: a bad ``CGT_CACHE``) are kept, and shown by the
    first :class:`~cgt.shell.Session` through :func:`show_held_warnings` -- so the ``cgt`` command, which
    creates its session inside :func:`one_line_warnings`, shows them in its own one-line style.

    >>> with held_warnings():
    ...     warnings.simplefilter("always")
    ...     warnings.warn("kept for later", RuntimeWarning)
    >>> with warnings.catch_warnings(record=True) as shown:
    ...     warnings.simplefilter("always")
    ...     show_held_warnings()
    >>> [str(w.message) for w in shown]
    ['kept for later']
    """
    with warnings.catch_warnings(record=True) as caught:
        yield
    _HELD.extend(caught)


def show_held_warnings() -> None:
    """Show, once, the warnings :func:`held_warnings` kept (through the warnings machinery: filters apply).

    >>> show_held_warnings()
    """
    while _HELD:
        held = _HELD.pop(0)
        warnings.warn_explicit(held.message, held.category, held.filename, held.lineno, source=held.source)


@contextlib.contextmanager
def one_line_warnings(stream=None):
    """Within the block, warnings are shown as the shell shows errors: one line ``cgt: warning: …`` on
    ``stream`` (default ``sys.stderr``), without Python's file name and source line.

    >>> import io, warnings
    >>> out = io.StringIO()
    >>> with warnings.catch_warnings(), one_line_warnings(out):
    ...     warnings.simplefilter("always")
    ...     warnings.warn("CGT_CACHE ignored: no such file", RuntimeWarning)
    >>> out.getvalue()
    'cgt: warning: CGT_CACHE ignored: no such file\\n'
    """
    original = warnings.showwarning

    def show(message, category, filename, lineno, file=None, line=None):
        text = str(message).strip().replace("\n", " ")
        if text.startswith("cgt: "):
            text = text[len("cgt: "):]
        target = stream if stream is not None else (file or sys.stderr)
        try:
            print(f"cgt: warning: {text}", file=target, flush=True)
        except (OSError, ValueError):       # no stream to write to: the warning is dropped, as Python does
            pass

    warnings.showwarning = show
    try:
        yield
    finally:
        warnings.showwarning = original


class ShellError(CGTError):
    """An error in a shell program: one message with its line and column.

    ``kind`` is ``"syntax"`` for parse errors and ``"error"`` for evaluation errors;
    ``internal`` is True only when the cause was an unexpected Python exception
    (a bug in cgt, not in the program).

    >>> error = ShellError("unknown name 'x'", line=2, column=3, source="1;\\n  x")
    >>> str(error)
    "line 2, column 3: unknown name 'x'"
    >>> error.caret()
    '  x\\n  ^'
    """

    def __init__(
        self,
        message: str,
        line: int | None = None,
        column: int | None = None,
        source: str | None = None,
        kind: str = "error",
        internal: bool = False,
    ):
        self.message = shell_words(message)
        self.line = line
        self.column = column
        self.source = source
        self.kind = kind
        self.internal = internal
        super().__init__(self._text())

    def _text(self) -> str:
        if self.line is None:
            return self.message
        return f"line {self.line}, column {self.column}: {self.message}"

    def __str__(self) -> str:
        return self._text()

    def located(self, line: int | None, column: int | None, source: str | None) -> "ShellError":
        """This error with a position filled in where it had none.

        >>> str(ShellError("boom").located(1, 4, "1 + x"))
        'line 1, column 4: boom'
        """
        if self.line is None and line is not None:
            self.line, self.column = line, column
        if self.source is None:
            self.source = source
        self.args = (self._text(),)
        return self

    def source_line(self) -> str | None:
        """The line of source text the error points into, or None.

        >>> ShellError("x", line=2, column=1, source="a\\nb").source_line()
        'b'
        """
        if self.source is None or self.line is None:
            return None
        lines = self.source.split("\n")
        if 1 <= self.line <= len(lines):
            return lines[self.line - 1]
        return ""

    def caret(self) -> str:
        """The offending source line with a caret under the error's column ('' without a position).

        >>> ShellError("x", line=1, column=3, source="1 + ?").caret()
        '1 + ?\\n  ^'
        """
        text = self.source_line()
        if text is None:
            return ""
        text = text.expandtabs(1)
        column = max(1, self.column or 1)
        return text + "\n" + " " * (column - 1) + "^"
