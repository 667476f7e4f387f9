"""Every shell line shown in the documentation runs and prints what the documentation says.

A code block in ``README.md`` or ``docs/*.md`` whose lines start with ``> `` is a shell session: each
``> `` line is run (in one session per block, so assignments carry over) and the lines after it, up to the
next ``> `` line, are the output it must print.  A line with nothing after it must print nothing or, when
its comment says so, raise.  (The Python examples are doctests, run by test_doctests.py.)
"""

from __future__ import annotations

import pathlib
import re

import pytest

from cgt.shell.errors import ShellError
from cgt.shell.session import Session

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_BLOCK = re.compile(r"^```[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _sessions():
    for path in DOCUMENTS:
        text = path.read_text(encoding="utf-8")
        for block in _BLOCK.findall(text):
            lines = block.splitlines()
            if not any(line.startswith("> ") for line in lines):
                continue
            steps: list[tuple[str, list[str]]] = []
            for line in lines:
                if line.startswith("> "):
                    steps.append((line[2:], []))
                elif steps:
                    steps[-1][1].append(line)
            line_no = text[: text.index(block)].count("\n") + 1
            yield pytest.param(steps, id=f"{path.name}:{line_no}")


SESSIONS = list(_sessions())


def test_the_documentation_has_shell_sessions():
    assert len(SESSIONS) >= 4 and sum(len(p.values[0]) for p in SESSIONS) >= 12


@pytest.mark.parametrize("steps", SESSIONS)
def test_documented_shell_lines(steps):
    session = Session()
    for source, expected in steps:
        expected_text = "\n".join(expected).rstrip()
        try:
            printed = session.run(source)
        except ShellError as error:
            if expected_text:
                assert str(error).splitlines()[0] == expected_text.splitlines()[0], source
            else:
                assert "raise" in source or "error" in source, f"{source!r} failed: {error}"
            continue
        assert (printed or "").rstrip() == expected_text, source
