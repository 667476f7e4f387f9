"""The interactive shell (REPL) and its non-interactive twin for piped input and scripts.

Interactive (stdin is a terminal): prompt_toolkit line editing, persistent
history (``$CGT_HISTORY`` or ``~/.cgt_history``), multi-line input (Enter on an
unfinished entry such as ``{3|`` or ``if x then`` continues on the next line),
tab completion of names, methods and ``game.`` members.  Ctrl-C at the prompt
clears the line; Ctrl-C during a computation stops it and returns to the prompt
(the computation runs in the main thread, so ``KeyboardInterrupt`` reaches it);
Ctrl-D exits.

Non-interactive (piped stdin, ``cgt FILE.cgs``): the lines are read as if typed
at the prompt: an entry ends at the first line end where it is complete (so a
``def f(x) begin`` … ``end`` over several lines is one entry).  With piped input
Ctrl-C (SIGINT) stops the running entry, prints ``interrupted`` and goes on with
the next one; a script stops.

>>> import io
>>> out, err = io.StringIO(), io.StringIO()
>>> run_lines(["x := {3|2};", "x + {2|0}", "x.Mean", "{1|"], Session(), out, err)
1
>>> print(out.getvalue(), end="")
{5|4||3|2}
5/2
>>> print(err.getvalue(), end="")
line 4, column 4: syntax error: unexpected end of input
{1|
   ^
"""

from __future__ import annotations

import os
import re
import sys
import traceback
from typing import Iterable, TextIO

from cgt import limits
from cgt.errors import TooLargeError
from cgt.shell.errors import ShellError, failure_message
from cgt.shell.methods import REGISTRY
from cgt.shell.parser import is_incomplete
from cgt.shell.session import Session
from cgt.shell.values import Namespace

BANNER = (
    "cgt shell: combinatorial game theory in CGSuite's notation.\n"
    "Try {3|2} + {2|0}, help, help(Cool).  Ctrl-C stops a computation, Ctrl-D exits."
)
PROMPT = "> "
CONTINUATION = ". "

KEYWORDS = [
    "if", "then", "elseif", "else", "end", "for", "from", "to", "by", "in", "where", "do",
    "while", "and", "or", "not", "true", "false", "nil", "var", "def", "begin", "yield",
]


def history_path() -> str:
    """Where the REPL keeps its history: ``$CGT_HISTORY`` or ``~/.cgt_history``.

    >>> import os
    >>> os.environ["CGT_HISTORY"] = "/tmp/h"; history_path()
    '/tmp/h'
    >>> del os.environ["CGT_HISTORY"]
    """
    return os.environ.get("CGT_HISTORY") or os.path.join(os.path.expanduser("~"), ".cgt_history")


def format_error(error: ShellError, line_offset: int = 0, filename: str | None = None) -> str:
    """The text shown for an error: one line, plus the source line and a caret for syntax errors.

    >>> from cgt.shell import run
    >>> try:
    ...     run("1 + )")
    ... except ShellError as e:
    ...     print(format_error(e))
    line 1, column 5: syntax error: unexpected ')'
    1 + )
        ^
    """
    message = error.message
    if error.line is not None:
        place = f"line {error.line + line_offset}, column {error.column}"
        if filename:
            place = f"{filename}: {place}"
        message = f"{place}: {message}"
    elif filename:
        message = f"{filename}: {message}"
    if error.kind == "syntax":
        caret = error.caret()
        if caret:
            message += "\n" + caret
    return message


def report(error: BaseException, err: TextIO, debug: bool, line_offset: int = 0, filename: str | None = None):
    """Write an error to ``err``: one message, never a traceback unless ``debug``."""
    if isinstance(error, ShellError):
        print(format_error(error, line_offset, filename), file=err)
        cause = error.__cause__
        if debug and cause is not None:
            traceback.print_exception(type(cause), cause, cause.__traceback__, file=err)
    else:  # a failure outside the evaluator's and the printer's guards: still one line, and the shell goes on
        print(f"error: {failure_message(error)[0]}", file=err)
        if debug:
            traceback.print_exception(type(error), error, error.__traceback__, file=err)
    err.flush()


def left_much_behind(error: BaseException) -> bool:
    """Whether a failure may leave many games nobody refers to: a refusal for size, a lack of memory or an
    interrupt (the REPL then collects at once, so the memory the computation took goes back now).

    >>> from cgt.errors import TooLargeError
    >>> left_much_behind(KeyboardInterrupt()), left_much_behind(ShellError("x")), left_much_behind(TooLargeError("y"))
    (True, False, True)
    """
    cause = error.__cause__ if isinstance(error, ShellError) else error
    return isinstance(cause, (KeyboardInterrupt, MemoryError, TooLargeError))


def collect_after_failure(err: TextIO, debug: bool = False) -> None:
    """Collect what a refused or interrupted entry left behind; a failure of the collection itself is one more
    line on ``err``, and the session goes on.

    >>> import io
    >>> collect_after_failure(io.StringIO())
    """
    try:
        limits.collect()
    except Exception as error:
        report(error, err, debug)


class NotText(Exception):
    """Input that is not UTF-8 text: the shell reads nothing more from it."""


def utf8_lines(stream: Iterable[bytes], name: str = "standard input"):
    r"""The lines of a binary stream decoded as UTF-8; :class:`NotText` at the first line that is not.

    >>> list(utf8_lines([b"1 + 1\n", "\u2191".encode()]))
    ['1 + 1\n', '↑']
    >>> list(utf8_lines([b"1\n", b"\xff\xfe\n"]))
    Traceback (most recent call last):
    ...
    cgt.shell.repl.NotText: standard input is not UTF-8 text (line 2)
    """
    for number, raw in enumerate(stream, 1):
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError:
            raise NotText(f"{name} is not UTF-8 text (line {number})") from None


def entries(lines: Iterable[str]):
    """Group input lines into entries as the REPL would: yield (first line number, text).

    >>> list(entries(["{3|", "2}", "1;", "", "2"]))
    [(1, '{3|\\n2}'), (3, '1;'), (5, '2')]
    """
    buffer: list[str] = []
    start = 1
    for number, line in enumerate(lines, 1):
        line = line.rstrip("\n").rstrip("\r")
        if not buffer:
            if not line.strip():
                continue
            start = number
        buffer.append(line)
        text = "\n".join(buffer)
        if not is_incomplete(text):
            yield start, text
            buffer = []
    if buffer:
        yield start, "\n".join(buffer)


def run_lines(
    lines: Iterable[str],
    session: Session,
    out: TextIO,
    err: TextIO,
    debug: bool = False,
    stop_on_error: bool = False,
    filename: str | None = None,
) -> int:
    """Evaluate input lines entry by entry, printing results; return the exit status (0 or 1)."""
    status = 0
    for start, text in entries(lines):
        try:
            output = session.run(text)
        except KeyboardInterrupt:
            if stop_on_error:          # a script stops (the command exits with status 130)
                raise
            print("interrupted", file=err, flush=True)     # piped input goes on, as the REPL does
            status = 1
            output = None
        except Exception as error:      # ShellError, or a bug outside the guards: reported, never a traceback
            report(error, err, debug, start - 1, filename)
            status = 1
            if stop_on_error:
                break
            output = None if left_much_behind(error) else ""
        if output is None:              # refused or interrupted: collect now that the error and its frames are gone
            collect_after_failure(err, debug)
            continue
        if output:
            print(output, file=out)
            out.flush()
    return status


# ---------------------------------------------------------------- interactive

class ShellCompleter:
    """Tab completion: names and keywords; after ``x.`` the methods; after ``game.`` its members."""

    def __init__(self, session: Session):
        self.session = session

    def candidates(self, before: str) -> tuple[list[str], str]:
        """(candidate words, the partial word they complete) for the text before the cursor.

        >>> c = ShellCompleter(Session())
        >>> c.candidates("game.heap.Ka")
        (['Kayles'], 'Ka')
        >>> "LeftStop" in c.candidates("{3|2}.Le")[0]
        True
        >>> _ = c.session.run("g := {3|2}; l := [1, 2]")
        >>> c.candidates("g.Left")[0][:3], "LeftStop" in c.candidates("l.Le")[0]
        (['LeftIncentives', 'LeftOptions', 'LeftStop'], False)
        """
        match = re.search(r"((?:[A-Za-z_]\w*\.)*)([A-Za-z_]\w*)?$", before)
        prefix_path = match.group(1) if match else ""
        word = (match.group(2) or "") if match else ""
        if prefix_path or before[: len(before) - len(word)].endswith("."):
            names = self._members(prefix_path.rstrip("."))
        else:
            names = self.session.names() + KEYWORDS
        return sorted(n for n in set(names) if n.startswith(word)), word

    def _members(self, path: str) -> list[str]:
        """The names after ``path.``: a namespace's members, the methods of a variable's value (of its type,
        as ``x.Name`` finds them), or every method name when the text before the dot is an expression."""
        if path:
            value = self.session.scope.lookup(path.split(".")[0], None)
            for part in path.split(".")[1:]:
                value = value.entries.get(part) if isinstance(value, Namespace) else None
            if isinstance(value, Namespace):
                return list(value.entries)
            if value is not None:
                return sorted(REGISTRY.names_for(value))
        return REGISTRY.names()

    def prompt_toolkit_completer(self):
        """This completer in prompt_toolkit's interface."""
        from prompt_toolkit.completion import Completer, Completion

        outer = self

        class _Completer(Completer):
            def get_completions(self, document, complete_event):
                names, word = outer.candidates(document.text_before_cursor)
                for name in names:
                    yield Completion(name, start_position=-len(word))

        return _Completer()


def _key_bindings():
    from prompt_toolkit.key_binding import KeyBindings

    bindings = KeyBindings()

    @bindings.add("enter")
    def _(event):
        buffer = event.current_buffer
        if buffer.text.strip() and is_incomplete(buffer.text):
            buffer.insert_text("\n")
        else:
            buffer.validate_and_handle()

    return bindings


def interactive(session: Session, debug: bool = False, input=None, output=None) -> int:
    """The REPL on a terminal; returns 0 when the user leaves with Ctrl-D.

    ``input``/``output`` are prompt_toolkit objects (tests pass a pipe input and a dummy output).
    """
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory

    class _History(FileHistory):
        """File history that keeps working in memory when the file cannot be written."""

        def store_string(self, string: str) -> None:
            try:
                super().store_string(string)
            except OSError:
                pass

        def load_history_strings(self):
            try:
                yield from super().load_history_strings()
            except OSError:
                return

    history = _History(history_path())
    prompt = PromptSession(
        history=history,
        multiline=True,
        key_bindings=_key_bindings(),
        completer=ShellCompleter(session).prompt_toolkit_completer(),
        complete_while_typing=False,
        prompt_continuation=lambda width, line_number, soft_wrap: CONTINUATION.rjust(width),
        input=input,
        output=output,
    )
    print(BANNER)
    while True:
        try:
            text = prompt.prompt(PROMPT)
        except KeyboardInterrupt:
            continue
        except EOFError:
            return 0
        if not text.strip():
            continue
        try:
            output = session.run(text)
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr, flush=True)
            output = None
        except Exception as error:      # ShellError, or a bug outside the guards: the session goes on
            report(error, sys.stderr, debug)
            output = None if left_much_behind(error) else ""
        if output is None:              # refused or interrupted: what it built goes back now
            collect_after_failure(sys.stderr, debug)
            continue
        if output:
            try:
                print(output, flush=True)
            except KeyboardInterrupt:   # Ctrl-C while a long answer is written
                print("\ninterrupted", file=sys.stderr, flush=True)


def main_loop(session: Session | None = None, debug: bool = False) -> int:
    """The REPL if stdin is a terminal, else statements read from stdin."""
    session = session or Session()
    if sys.stdin.isatty() and sys.stdout.isatty():
        return interactive(session, debug)
    binary = getattr(sys.stdin, "buffer", None)
    lines = sys.stdin if binary is None else utf8_lines(binary)
    try:
        return run_lines(lines, session, sys.stdout, sys.stderr, debug)
    except NotText as error:            # as for a script file that is not UTF-8 (cgt.shell.cli)
        print(f"cgt: {error}", file=sys.stderr)
        return 2
