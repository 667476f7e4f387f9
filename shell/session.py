"""A shell session: variables that persist from one input to the next.

:func:`run` evaluates a whole program and returns exactly what the shell prints for
it: the value of the last statement in CGSuite notation, or ``""`` when the program
ends with ``;`` (or its last value is nil).

>>> s = Session()
>>> s.run("g := {3|2} + {2|0};")
''
>>> s.run("g.LeftStop; g")
'{5|4||3|2}'
"""

from __future__ import annotations

import contextlib
import sys

from cgt.shell.builtins import HELP, make_globals
from cgt.shell.errors import ShellError, failure_message, show_held_warnings
from cgt.shell.evaluator import Interpreter, Scope
from cgt.shell.helptext import help_function, overview
from cgt.shell.limits import DEFAULT, Limits
from cgt.shell.parser import parse
from cgt.shell.procedures import language_globals
from cgt.shell.values import HelpText, format_value


#: Python's recursion limit while a program runs: room for MAX_CALL_DEPTH nested procedure calls, and
#: still far from exhausting the main thread's C stack.
SHELL_RECURSION_LIMIT = 12_000


@contextlib.contextmanager
def _recursion_room():
    """Python's recursion limit raised to SHELL_RECURSION_LIMIT while a program runs and prints: each
    nested procedure call takes about 20 Python frames (MAX_CALL_DEPTH calls fit)."""
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, SHELL_RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(old_limit)


class Session:
    """Global variables plus the limits every program of the session runs under.

    >>> Session().run("x := 2; x + 1")
    '3'
    """

    def __init__(self, limits: Limits = DEFAULT):
        show_held_warnings()
        self.limits = limits
        self.builtins = make_globals()
        self.builtins.update(language_globals())
        self.variables: dict[str, object] = {}
        self.scope = Scope(self.variables, Scope(self.builtins, frozen=True))

    def evaluate(self, source: str):
        """Run ``source``; return (value of the last statement, whether the shell prints it).

        >>> Session().evaluate("1 + 1;")
        (None, False)
        """
        value, show, _ = self._evaluate(source)
        return value, show

    def _evaluate(self, source: str):
        tree = parse(source)
        interpreter = Interpreter(self.scope, source, self.limits, help_function)
        with _recursion_room():
            value, show = interpreter.program(tree)
        if value is HELP:
            value = HelpText(overview())
        return value, show, tree

    def run(self, source: str) -> str:
        """What the shell prints for ``source`` (see :func:`cgt.shell.run`).

        A failure while the value is printed (printing computes too: a loopy value's sides) is one
        :class:`ShellError`, located at the statement whose value it is.
        """
        with _recursion_room():
            value, show, tree = self._evaluate(source)
            if not show or value is None:
                return ""
            try:
                return format_value(value)
            except RecursionError:
                error = ShellError("the result is nested too deeply to print")
            except ShellError as failure:
                error = failure
            except Exception as failure:    # the same one-line guard as the evaluator's
                message, internal = failure_message(failure)
                error = ShellError(f"cannot print the result: {message}", internal=internal)
                if internal:
                    error.__cause__ = failure
            line, column = _last_statement_position(tree)
            raise error.located(line, column, source)

    def names(self) -> list[str]:
        """Every global name currently defined (builtins and variables), for completion.

        >>> "game" in Session().names()
        True
        """
        return sorted(set(self.builtins) | set(self.variables))


def _last_statement_position(tree) -> tuple[int | None, int | None]:
    """Line and column of the last statement of a parsed program (the one whose value is printed)."""
    statements = [s for s in tree.children[0].children if s is not None]
    meta = getattr(statements[-1], "meta", None) if statements else None
    if meta is None or getattr(meta, "empty", True):
        return None, None
    return meta.line, meta.column


def run(source: str, session: Session | None = None, limits: Limits | None = None) -> str:
    """Evaluate a shell program and return exactly what the shell prints for it.

    The value of the last statement is printed in CGSuite notation; a program
    ending with ``;`` prints nothing.  Any error raises :class:`~cgt.shell.ShellError`
    with a line and column.  Pass a :class:`Session` to keep variables between calls.

    >>> run("{0|1,2}"), run("{3|2} + {2|0}"), run("^ + ^ + ^")
    ('1/2', '{5|4||3|2}', '^3')
    >>> run("3 <> 3+*"), run("*8.OutcomeClass"), run("x := 5;")
    ('true', 'N', '')
    """
    if session is None:
        session = Session(limits if limits is not None else DEFAULT)
    elif limits is not None and limits is not session.limits:
        session.limits = limits
    return session.run(source)
