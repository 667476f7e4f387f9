"""Progress reports for long searches: silent for short runs, a tqdm bar in terminals and notebooks, a
one-line note now and then elsewhere (scripts, pipes, logs).

A search calls :meth:`Progress.tick` as it works (cheap: a counter and, every so often, a clock read; the
interval adapts so that the clock is read a few times a second however slow a unit of work is).  Nothing is
shown until the search has run for :data:`DELAY` seconds.  When standard error is a terminal or the code
runs in a notebook, a bar then appears; otherwise -- a script whose standard error goes to a file or a pipe
-- a one-line note such as ``cgt: 120,000 positions, 20 s`` is written to standard error after
:data:`NOTE_DELAY` seconds and then every :data:`NOTE_EVERY` seconds, so a long run is never silent, while
tests and quick answers stay quiet.  ``cgt.runtime.progress.ENABLED = False`` turns both off.

>>> with Progress("positions") as progress:
...     for _ in range(10):
...         progress.tick()
>>> progress.count
10
"""

from __future__ import annotations

import sys
import time

__all__ = ["Progress", "ENABLED", "DELAY", "NOTE_DELAY", "NOTE_EVERY"]

#: Master switch for progress bars and notes.
ENABLED = True
#: Seconds a search runs before its bar appears (terminals and notebooks).
DELAY = 1.5
#: Seconds a search runs before its first note (no terminal: scripts, pipes, logs).
NOTE_DELAY = 10.0
#: Seconds between two notes.
NOTE_EVERY = 10.0
_CHECK_EVERY = 4096          # most ticks between two clock reads
_CHECK_SECONDS = 0.1         # aim: a clock read about this often


def _interactive() -> bool:
    if "ipykernel" in sys.modules:
        return True
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _note(text: str) -> None:
    try:
        print(text, file=sys.stderr, flush=True)
    except (AttributeError, ValueError, OSError):   # no usable standard error: stay silent
        pass


def _seconds(t: float) -> str:
    t = int(t)
    if t < 120:
        return f"{t} s"
    if t < 7200:
        return f"{t // 60} min {t % 60:02d} s"
    return f"{t // 3600} h {t % 3600 // 60:02d} min"


class Progress:
    """A counter of work done that becomes a tqdm bar (or, without a terminal, a periodic one-line note on
    standard error) once the work is slow (see the module docstring).

    >>> p = Progress("heaps", total=200)
    >>> p.tick(50); p.describe()
    '50/200 heaps (25%)'
    >>> p.close()
    """

    __slots__ = ("unit", "total", "count", "_start", "_next_check", "_bar", "_shown", "_next_note",
                 "_interactive")

    def __init__(self, unit: str, total: int | None = None) -> None:
        self.unit = unit
        self.total = total
        self.count = 0
        self._start = time.monotonic()
        self._next_check = min(_CHECK_EVERY, 64)
        self._bar = None
        self._shown = 0
        self._next_note = NOTE_DELAY
        self._interactive = None

    def tick(self, n: int = 1) -> None:
        """Record ``n`` units of work; may show or update the bar, or write a note."""
        self.count += n
        if self.count >= self._next_check:
            self._refresh()

    def poll(self) -> None:
        """Read the clock now, showing or updating the bar or writing a note when due: for a caller whose
        units of work are slow (a parallel job of minutes), so that a long wait is never silent."""
        self._refresh()

    def describe(self) -> str:
        """The work done so far in words: ``'1,200 positions'``, or ``'50/200 heaps (25%)'`` with a total."""
        if self.total:
            return f"{self.count:,}/{self.total:,} {self.unit} ({100 * self.count // self.total}%)"
        return f"{self.count:,} {self.unit}"

    def _refresh(self) -> None:
        elapsed = time.monotonic() - self._start
        # Adapt the clock-read interval to the speed of the work: about one read per _CHECK_SECONDS.
        rate = self.count / elapsed if elapsed > 0 else _CHECK_EVERY / _CHECK_SECONDS
        self._next_check = self.count + max(1, min(_CHECK_EVERY, int(rate * _CHECK_SECONDS)))
        if not ENABLED or elapsed < DELAY:
            return
        if self._interactive is None:
            self._interactive = _interactive()
        if not self._interactive:
            if elapsed >= self._next_note:
                self._next_note = elapsed + NOTE_EVERY
                _note(f"cgt: {self.describe()}, {_seconds(elapsed)}")
            return
        if self._bar is None:
            try:
                from tqdm.auto import tqdm
            except ImportError:  # pragma: no cover - tqdm is a dependency; stay silent without it
                return
            self._bar = tqdm(total=self.total, unit=" " + self.unit, leave=False, dynamic_ncols=True)
        self._bar.update(self.count - self._shown)
        self._shown = self.count

    def close(self) -> None:
        """Remove the bar, if one is shown."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
