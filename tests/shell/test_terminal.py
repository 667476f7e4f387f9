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

#: What the REPL is asked, and what each answer must contain (stdout and stderr share the terminal).
SESSION = [
    ("x := 40 + 1", b"41"),
    ("3 )", b"syntax error"),                                           # a syntax error
    ("{1/3|}", b"not a dyadic rational"),                               # a refusal of the library
    ("x.Foo", b"no method Foo"),                                        # an unknown method
    # Printing a loopy value computes its sides; for this position sidling does not settle, and the error is
    # raised while the value is printed, outside the evaluator.
    ('game.strip.BackslidingToadsAndFrogs("tt..ff").GameValue', b"cannot print the result"),
    ("x + 1", b"42"),
]


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


def test_errors_leave_the_prompt_alive_with_its_variables(tmp_path):
    master, slave = pty.openpty()
    env = dict(os.environ, CGT_HISTORY=str(tmp_path / "history"), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm")
    shell = subprocess.Popen([sys.executable, "-c", "import sys; from cgt.shell.cli import main; sys.exit(main([]))"],
                             stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    try:
        terminal = _Terminal(master)
        terminal.read_until(PROMPT_READY, 60)
        for line, expected in SESSION:
            os.write(master, line.encode() + b"\r")
            shown = terminal.read_until(PROMPT_READY, 60)      # the answer, then the next prompt
            assert expected in shown, shown
            assert b"Traceback" not in shown, shown
        os.write(master, b"\x04")                 # Ctrl-D ends the session
        assert shell.wait(timeout=30) == 0
    finally:
        if shell.poll() is None:
            shell.kill()
            shell.wait()
        os.close(master)


def test_a_failure_while_printing_is_one_shell_error_and_the_session_goes_on():
    from cgt.shell import Session, ShellError

    session = Session()
    session.run("x := 41")
    with pytest.raises(ShellError, match=r"^cannot print the result: onside: sidling did not settle"):
        session.run('game.strip.BackslidingToadsAndFrogs("tt..ff").GameValue')
    assert session.run("x + 1") == "42"
