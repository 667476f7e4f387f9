"""Helpers shared by the tests of several packages."""

from __future__ import annotations

import contextlib

from cgt.kernel.game import interned_counts, kernel
from cgt.runtime import limits


@contextlib.contextmanager
def full_intern_table(kind: str, room: int = 0):
    """The intern limit lowered to the number of games of ``kind`` (``"general"`` or ``"uptimals"``) interned now,
    plus ``room``, for the block.  Every interned game is held meanwhile, so that no collection can make room
    (the cap refuses only what the games still referred to fill); yields the list holding them."""
    kernel.collect()
    held = list(kernel.by_options.values()) + list(kernel.by_uptimal.values())
    previous = limits.set_max_interned(interned_counts()[kind] + room)
    try:
        yield held
    finally:
        limits.set_max_interned(previous)


def compiled_and_python(ruleset, module, text: str, table: str):
    """``(value, key table)`` of the board ``text`` by the compiled search of ``module`` (its ``_search``) and
    by the Python solver, each from empty tables: ``(fast, fast_keys, slow, slow_keys)``.  ``table`` names the
    ruleset's key table (``"values_by_key"``)."""
    import cgt

    cgt.clear_caches()
    fast = ruleset(text).value
    fast_keys = dict(ruleset.table(table))
    cgt.clear_caches()
    saved, module._search = module._search, None
    try:
        slow = ruleset(text).value
    finally:
        module._search = saved
    slow_keys = dict(ruleset.table(table))
    cgt.clear_caches()
    return fast, fast_keys, slow, slow_keys


def interrupted_by_ctrl_c(compute, after: float = 0.5, within: float = 15.0) -> bool:
    """Whether ``compute()``, a computation far longer than a test, stops with KeyboardInterrupt when SIGINT
    arrives ``after`` seconds in, and within ``within`` seconds of its start (caches emptied before)."""
    import os
    import signal
    import threading
    import time

    import cgt

    cgt.clear_caches()
    timer = threading.Timer(after, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    interrupted = False
    try:
        compute()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        timer.cancel()
        elapsed = time.monotonic() - start
        # a timer that fired just as compute() ended sends its SIGINT after the block above: take it here, where
        # it belongs, not in whatever code runs next (a stray KeyboardInterrupt would end the whole test run)
        try:
            timer.join()
            time.sleep(0.01)
        except KeyboardInterrupt:
            pass
    return interrupted and elapsed < within


def cgt_command() -> list[str]:
    """The ``cgt`` command of the environment running the tests: the console script installed beside this
    Python (README's install puts it there), else ``python -m cgt.shell.cli``.  Not the first ``cgt`` on
    PATH, which may belong to another installation."""
    import pathlib
    import sys

    script = pathlib.Path(sys.executable).with_name("cgt")
    return [str(script)] if script.exists() else [sys.executable, "-m", "cgt.shell.cli"]


def long_check(cpu: str, how: str):
    """Mark a slow test that CI leaves out for its length: it runs only with ``CGT_LONG_CHECKS=1`` (``cpu``: what
    it costs; ``how``: the command that runs it)."""
    import os

    import pytest

    return pytest.mark.skipif(not os.environ.get("CGT_LONG_CHECKS"), reason=f"{cpu}: run with CGT_LONG_CHECKS=1 {how}")

