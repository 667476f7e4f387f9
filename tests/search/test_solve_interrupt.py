"""Ctrl-C during cgt.solve stops the retrograde analysis at once; the next solve works."""

import os
import signal
import threading
import time

import pytest

import cgt
from cgt.games import Domineering


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
# The Ctrl-C may land inside a weakref callback, where Python reports it as unraisable and swallows it;
# cgt.runtime.interrupt.interruptible then raises it at the next poll (tests/runtime/test_interrupt_flag.py), which is what
# this test checks.  The report itself is expected.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_ctrl_c_interrupts_solve_and_the_next_solve_works():
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    interrupted = False
    try:
        # bounded, so that a lost interrupt fails the test in seconds (TooLargeError) instead of hanging the run
        cgt.solve(Domineering("......|......|......|......|......|......"), progress=False, max_states=500_000)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        timer.cancel()
    assert interrupted and time.monotonic() - start < 15
    # Domineering 2x2: the first player wins (it is {1|-1}, a first-player win)
    assert cgt.solve(Domineering("..|.."), progress=False).result == "first"
