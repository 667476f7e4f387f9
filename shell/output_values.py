"""CGSuite's display output (``cgsuite.util.output``) as the plain-text shell has it.

CGSuite prints every value through an *output*: what ``x.ToOutput`` returns, and what a program may build
itself with ``TextOutput(text)`` (extended in place by ``Append``), ``EmptyOutput()``, and the board pictures
``GridOutput(grid, iconNames, alt)`` and ``StripOutput(strip, iconNames, alt)``.  The shell draws no
pictures, so a board output shows its ``alt`` text, as CGSuite's plain-text rendering does.  An output
prints as its text, without quotes; ``+`` joins outputs and strings into a new output, and ``L.MkOutput(sep)``
joins a list's elements with a separator.

>>> from cgt.shell import run
>>> run('t := TextOutput("a"); t.Append(" and "); t.Append(^); t')
'a and ^'
>>> run('"x = " + 3.ToOutput'), run('[1, *, ^].MkOutput(" ; ")')
('x = 3', '1 ; * ; ^')
"""

from __future__ import annotations

from cgt.games.grid.board import Grid
from cgt.games.strip.board import Strip

from cgt.shell.errors import ShellError
from cgt.shell.method_registry import Section
from cgt.shell.values import HelpText, MutableValue, describe, format_value

__all__ = ["TextOutput", "OUTPUTS", "OUTPUT_FUNCTIONS", "is_output", "join_outputs", "output_text"]


class TextOutput(MutableValue):
    """CGSuite's ``TextOutput``: text that ``Append`` extends in place; it prints as its text."""

    __slots__ = ("parts",)

    def __init__(self, text: str = "") -> None:
        self.parts = [text]

    def append(self, text: str) -> None:
        self.parts.append(text)

    def __str__(self) -> str:
        return "".join(self.parts)


def is_output(value) -> bool:
    """Whether ``value`` is display output (a ``TextOutput``, or the text ``ToOutput`` gives)."""
    return isinstance(value, (TextOutput, HelpText))


def output_text(value) -> str:
    """The text ``value`` shows as output: a string as it is, anything else as the shell prints it."""
    return value if isinstance(value, str) else format_value(value)


def join_outputs(a, b) -> HelpText | None:
    """``a + b`` when one side is output and the other output or a string (CGSuite: ``String``/``Output`` +
    ``Output`` concatenates display output), else None."""
    if (is_output(a) or is_output(b)) and all(is_output(x) or isinstance(x, str) for x in (a, b)):
        return HelpText(output_text(a) + output_text(b))
    return None


def _text_argument(value, what: str) -> str:
    if not isinstance(value, str):
        raise ShellError(f"{what} must be a string, got {describe(value)}")
    return value


def _text_output(args) -> TextOutput:
    """``TextOutput(text = "")``: display output holding ``text``, extended in place by ``Append``."""
    return TextOutput(_text_argument(args[0], "TextOutput's text") if args else "")


def _empty_output(args) -> HelpText:
    """``EmptyOutput()``: display output that shows nothing."""
    return HelpText("")


def _board_output(kind: str, board_type: type):
    def make(args) -> HelpText:
        board, icons, alt = args
        if not isinstance(board, board_type):
            raise ShellError(f"{kind} needs a {board_type.__name__} first, got {describe(board)}")
        if not isinstance(icons, (list, tuple)):
            raise ShellError(f"{kind} needs a list of icon names second, got {describe(icons)}")
        return HelpText(_text_argument(alt, f"{kind}'s alt text"))
    make.__doc__ = (f"``{kind}({board_type.__name__.lower()}, iconNames, alt)``: the board drawn with the icons "
                    f"in CGSuite's window; as plain text, its alt text.")
    return make


#: The constructors, as global names of the shell (``Function`` objects are made by the builtins).
OUTPUT_FUNCTIONS = {
    "TextOutput": (_text_output, (0, 1)),
    "EmptyOutput": (_empty_output, (0, 0)),
    "GridOutput": (_board_output("GridOutput", Grid), (3, 3)),
    "StripOutput": (_board_output("StripOutput", Strip), (3, 3)),
}

#: Members of ``TextOutput`` values.
OUTPUTS = Section("display output", TextOutput, letter="t")


@OUTPUTS.method("Append", arity=(1, 1), usage="t.Append(output)")
def append(t: TextOutput, output) -> None:
    """Add an output (or a string, or any value as it prints) at the end of this TextOutput; the value is
    Nothing."""
    t.append(output_text(output))
