"""cgt.runtime.progress: silent for quick work; without a terminal, a one-line note on standard error now and then."""

import pytest

from cgt.runtime import progress as progress_module
from cgt.runtime.progress import Progress


@pytest.fixture
def quick_notes(monkeypatch):
    """Notes due at once (no waiting in tests), and standard error taken as not a terminal."""
    monkeypatch.setattr(progress_module, "DELAY", 0.0)
    monkeypatch.setattr(progress_module, "NOTE_DELAY", 0.0)
    monkeypatch.setattr(progress_module, "NOTE_EVERY", 3600.0)
    monkeypatch.setattr(progress_module, "_interactive", lambda: False)


def test_quick_work_is_silent(capsys):
    with Progress("positions") as progress:
        for _ in range(100_000):
            progress.tick()
    assert progress.count == 100_000
    assert capsys.readouterr().err == ""


def test_a_long_run_without_a_terminal_writes_one_line_notes(quick_notes, capsys):
    with Progress("heaps", total=1000) as progress:
        for _ in range(1000):
            progress.tick()
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1                      # the next note is an hour away
    assert lines[0].startswith("cgt: ") and "/1,000 heaps (" in lines[0] and lines[0].endswith(" s")


def test_notes_repeat_and_can_be_turned_off(quick_notes, monkeypatch, capsys):
    monkeypatch.setattr(progress_module, "NOTE_EVERY", 0.0)
    with Progress("positions") as progress:
        for _ in range(20_000):              # the clock is read at least every 4,096 ticks
            progress.tick()
    assert len(capsys.readouterr().err.splitlines()) > 1
    monkeypatch.setattr(progress_module, "ENABLED", False)
    with Progress("positions") as progress:
        for _ in range(200):
            progress.tick()
    assert capsys.readouterr().err == ""


def test_describe():
    p = Progress("rows", total=8)
    p.tick(2)
    assert p.describe() == "2/8 rows (25%)"
    assert Progress("positions").describe() == "0 positions"
