"""Ctrl-C during cgt.solve stops the retrograde analysis at once; the next solve works."""

import os

import pytest

import cgt
from cgt.games import Domineering
from tests.support import interrupted_by_ctrl_c


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
# The Ctrl-C may land inside a weakref callback, where Python reports it as unraisable and swallows it;
# cgt.runtime.interrupt.interruptible then raises it at the next poll (tests/runtime/test_interrupt_flag.py), which is what
# this test checks.  The report itself is expected.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_ctrl_c_interrupts_solve_and_the_next_solve_works():
    # bounded, so that a lost interrupt fails the test in seconds (TooLargeError) instead of hanging the run
    assert interrupted_by_ctrl_c(lambda: cgt.solve(Domineering("......|......|......|......|......|......"),
                                                   progress=False, max_states=500_000), after=1.0)
    # Domineering 2x2: the first player wins (it is {1|-1}, a first-player win)
    assert cgt.solve(Domineering("..|.."), progress=False).result == "first"
