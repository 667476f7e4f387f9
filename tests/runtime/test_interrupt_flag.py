"""cgt.runtime.interrupt.interruptible: a Ctrl-C that Python swallows (inside a gc or weakref callback, where an
exception is only reported as "ignored") still stops the computation."""

import signal
import threading

import pytest

from cgt.runtime.deep import cancel_requested
from cgt.runtime.interrupt import check_interrupt, interruptible


def press_ctrl_c_and_lose_it():
    """Run the installed SIGINT handler as Python would, inside a callback that swallows the exception."""
    try:
        signal.getsignal(signal.SIGINT)(signal.SIGINT, None)
    except KeyboardInterrupt:
        pass


def test_a_swallowed_ctrl_c_is_raised_at_the_next_poll():
    polled = []
    with pytest.raises(KeyboardInterrupt):
        with interruptible():
            press_ctrl_c_and_lose_it()
            polled.append(True)
            check_interrupt()
            polled.append(False)          # never reached
    assert polled == [True] and not cancel_requested[0]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_swallowed_ctrl_c_is_raised_on_exit_when_no_poll_came():
    with pytest.raises(KeyboardInterrupt):
        with interruptible():
            press_ctrl_c_and_lose_it()
    assert not cancel_requested[0]


def test_no_interrupt_no_change():
    with interruptible():
        check_interrupt()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler and not cancel_requested[0]


def test_outside_the_main_thread_it_installs_nothing():
    seen = []

    def worker():
        with interruptible():
            seen.append(signal.getsignal(signal.SIGINT))

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert seen == [signal.default_int_handler]
