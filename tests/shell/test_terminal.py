"""The interactive shell on a real terminal (a pseudo-terminal): an error -- in the program, in the library, or
raised while the shell prints a value -- is one line, and the prompt comes back with every variable kept."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time

import pytest

pty = pytest.importorskip("pty")

#: What the REPL is asked, and what each answer must contain (stdout and stderr share the terminal; None: any
#: answer that is not Python's error format).
SESSION = [
    ("x := 40 + 1", b"41"),
    ("3 )", b"syntax error"),                                           # a syntax error
    ("{1/3|}", b"not a dyadic rational"),                               # a refusal of the library
    ("x.Foo", b"no method Foo"),                                        # an unknown method
    # A loopy value's sides are computed as it is printed (here the onside is *, though five followers of the
    # position are approached only in the limit by sidling).
    ('game.strip.BackslidingToadsAndFrogs("tt..ff").GameValue', b"*\r\n"),
    # A failure while the value is printed, outside the evaluator (the printer of this terminal test refuses
    # this one string, see PRINTER): one located line.
    ('"refused by the printer"', b"line 1, column 1: cannot print the result: the test printer refuses"),
    # Labels name positions anywhere in a loopy literal: c is defined inside d's option b, and used by d.
    ("a{d{|b{c{b,d,c|d,a,c},a|},a,c}|a,d}", None),
    ("a{0|{1|a}, zz}", b"line 1, column 12: unknown name 'zz'\r\n"),       # the location once
    ("G := *(2^30)", b"nimbers *n are limited to n <= 1048576"),       # a clear refusal, not a long wait
    ("H := 100 * {3||2|1}; H.Birthday", b"253"),
    # Long lines (the terminal takes them key by key; tests/shell/test_nesting.py has the long and deep ones).
    ("+".join(["1"] * 500), b"500"),
    ("-" * 301 + "1", b"-1"),
    ("[" * 2001 + "]" * 2001, b"expression nested too deeply (more than 2,000 levels)"),
    ("m := *[0,1,2,3,4,5,6,7,8,9]; m + m + m", None),
    ("x + 1", b"42"),
]

#: The shell started on the terminal, with a printer that refuses one string as a printer refuses a value too
#: large to print (a library error raised while the shell prints, after the evaluator's guard).
PRINTER = """
import sys
from cgt.errors import TooLargeError
from cgt.shell import session
printed = session.format_value
def format_value(value):
    if value == "refused by the printer":
        raise TooLargeError("the test printer refuses this value")
    return printed(value)
session.format_value = format_value
from cgt.shell.cli import main
sys.exit(main([]))
"""


#: prompt_toolkit turns bracketed paste on each time it starts reading a line: the prompt is back.  (The "> "
#: itself is drawn with cursor moves, not as the two characters.)
PROMPT_READY = b"\x1b[?2004h"


class _Terminal:
    """The master side of the pseudo-terminal, read through a buffer: what arrives after a marker is kept for
    the next wait (an answer and the next prompt often come in one read)."""

    def __init__(self, fd: int):
        self.fd = fd
        self.pending = b""

    def read_until(self, marker: bytes, timeout: float) -> bytes:
        """Everything up to and including the next *marker*."""
        deadline = time.monotonic() + timeout
        while marker not in self.pending:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no {marker!r} within {timeout} s; the terminal shows {self.pending[-400:]!r}")
            ready, _, _ = select.select([self.fd], [], [], remaining)
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:                   # the shell has exited: the terminal is closed
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"the shell closed the terminal; it showed {self.pending[-400:]!r}")
                self.pending += chunk
        end = self.pending.index(marker) + len(marker)
        shown, self.pending = self.pending[:end], self.pending[end:]
        return shown


def _python_spoke(shown: bytes) -> bool:
    """Whether Python's own error format reached the terminal: a traceback, a class name, a warning's source."""
    return any(word in shown for word in (b"Traceback", b"cgt.errors.", b"Error:", b"Warning:", b".py:"))


def test_errors_leave_the_prompt_alive_with_its_variables(tmp_path):
    master, slave = pty.openpty()
    cache = tmp_path / "not-a-database"
    cache.write_text("this is no SQLite file")
    env = dict(os.environ, CGT_HISTORY=str(tmp_path / "history"), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm",
               CGT_CACHE=str(cache))
    shell = subprocess.Popen([sys.executable, "-c", PRINTER], stdin=slave, stdout=slave, stderr=slave, env=env,
                             close_fds=True)
    os.close(slave)
    try:
        terminal = _Terminal(master)
        banner = terminal.read_until(PROMPT_READY, 60)
        assert b"cgt: warning: CGT_CACHE ignored: results cache " in banner, banner    # a bad CGT_CACHE: one line
        assert not _python_spoke(banner), banner
        for line, expected in SESSION:
            os.write(master, line.encode() + b"\r")
            shown = terminal.read_until(PROMPT_READY, 120)     # the answer, then the next prompt
            assert expected is None or expected in shown, shown[-600:]
            assert not _python_spoke(shown) and b"unknown name 'c'" not in shown, shown[-600:]
        os.write(master, b"\x04")                 # Ctrl-D ends the session
        assert shell.wait(timeout=30) == 0
    finally:
        if shell.poll() is None:
            shell.kill()
            shell.wait()
        os.close(master)


def test_a_failure_while_printing_is_one_located_shell_error_and_the_session_goes_on(monkeypatch):
    from cgt.errors import NotApplicableError
    from cgt.shell import Session, ShellError
    from cgt.shell import session as session_module

    printed = session_module.format_value

    def refuse_loopy(value):
        if "loopy" in type(value).__name__.lower():
            raise NotApplicableError("onside: not found")
        return printed(value)

    monkeypatch.setattr(session_module, "format_value", refuse_loopy)
    session = Session()
    session.run("x := 41")
    with pytest.raises(ShellError) as failure:
        session.run("y := 1;\n  a{d{|b{c{b,d,c|d,a,c},a|},a,c}|a,d}")
    assert str(failure.value) == "line 2, column 3: cannot print the result: onside: not found"
    assert session.run("x + 1") == "42"


def test_backsliding_toads_and_frogs_prints_its_value():
    # the root's sidling approximation settles at * (and passes the survival check) while five followers go on
    from cgt.shell import Session

    session = Session()
    session.run("x := 41")
    assert session.run('game.strip.BackslidingToadsAndFrogs("tt..ff").GameValue') == "*"


def test_a_library_error_while_printing_names_no_python_class(monkeypatch):
    from cgt.errors import TooLargeError
    from cgt.shell import Session, ShellError
    from cgt.shell import session as session_module

    def refuse(value):
        raise TooLargeError("the misère game *[…] prints as 1957421458 characters, above the limit of 100000")

    monkeypatch.setattr(session_module, "format_value", refuse)
    with pytest.raises(ShellError) as failure:
        Session().run("1 +\n  2")
    assert str(failure.value) == ("line 1, column 1: cannot print the result: the misère game *[…] prints as "
                                  "1957421458 characters, above the limit of 100000")


def test_a_failure_outside_every_guard_is_one_line_and_the_lines_go_on(monkeypatch):
    # a library error that escapes the session, and then the collection after it failing too: both run outside
    # the evaluator's and the printer's guards
    import io

    from cgt import limits
    from cgt.errors import TooLargeError
    from cgt.shell import Session, repl

    session = Session()
    run = session.run

    def failing_run(text):
        if text == "boom":
            raise TooLargeError("more than 10 distinct games are in memory")
        return run(text)

    def broken_collect():
        raise TooLargeError("the collection failed")

    monkeypatch.setattr(session, "run", failing_run)
    monkeypatch.setattr(limits, "collect", broken_collect)
    out, err = io.StringIO(), io.StringIO()
    status = repl.run_lines(["x := 2", "boom", "x + 1"], session, out, err)
    assert status == 1 and out.getvalue() == "2\n3\n"
    assert err.getvalue() == "error: more than 10 distinct games are in memory\nerror: the collection failed\n"
