"""Progress bars for long searches: silent for short runs, a tqdm bar in terminals and notebooks.

A search calls :meth:`Progress.tick` as it works (cheap: a counter and, every few thousand ticks, a
clock read).  Nothing is shown until the search has run for :data:`DELAY` seconds, and only when standard
error is a terminal or the code runs in a notebook, so tests, pipes and quick answers stay quiet.
``cgt.runtime.progress.ENABLED = False`` turns bars off altogether.

>>> with Progress("positions") as progress:
...     for _ in range(10):
...         progress.tick()
>>> progress.count
10
"""

from __future__ import annotations

import sys
import time

__all__ = ["Progress", "ENABLED", "DELAY"]

#: Master switch for progress bars.
ENABLED = True
#: Seconds a search runs before its bar appears.
DELAY = 1.5
_CHECK_EVERY = 4096


def _interactive() -> bool:
    if "ipykernel" in sys.modules:
        return True
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


class Progress:
    """A counter of work done that becomes a tqdm bar once the work is slow (see the module docstring)."""

    __slots__ = ("unit", "total", "count", "_start", "_next_check", "_bar", "_shown")

    def __init__(self, unit: str, total: int | None = None) -> None:
        self.unit = unit
        self.total = total
        self.count = 0
        self._start = time.monotonic()
        self._next_check = _CHECK_EVERY
        self._bar = None
        self._shown = 0

    def tick(self, n: int = 1) -> None:
        """Record ``n`` units of work; may show or update the bar."""
        self.count += n
        if self.count >= self._next_check:
            self._next_check = self.count + _CHECK_EVERY
            self._refresh()

    def _refresh(self) -> None:
        if self._bar is None:
            if not ENABLED or time.monotonic() - self._start < DELAY or not _interactive():
                return
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
