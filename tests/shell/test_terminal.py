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
    ("x := 41", b"41"),
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


def _read_until(fd: int, marker: bytes, timeout: float) -> bytes:
    data = b""
    deadline = time.monotonic() + timeout
    while marker not in data:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise AssertionError(f"no {marker!r} within {timeout} s; the terminal shows {data[-400:]!r}")
        ready, _, _ = select.select([fd], [], [], remaining)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:                       # the shell has exited: the terminal is closed
                break
            if not chunk:
                break
            data += chunk
    return data


def test_errors_leave_the_prompt_alive_with_its_variables(tmp_path):
    master, slave = pty.openpty()
    env = dict(os.environ, CGT_HISTORY=str(tmp_path / "history"), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm")
    shell = subprocess.Popen([sys.executable, "-c", "import sys; from cgt.shell.cli import main; sys.exit(main([]))"],
                             stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    try:
        _read_until(master, PROMPT_READY, 60)
        for line, expected in SESSION:
            os.write(master, line.encode() + b"\r")
            shown = _read_until(master, expected, 60)
            assert b"Traceback" not in shown, shown
            _read_until(master, PROMPT_READY, 30)
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
