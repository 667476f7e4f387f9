"""The interface long searches use to stay interruptible and to survive deep recursion.

* :func:`check_interrupt` -- call it between units of work: when the user pressed Ctrl-C while the
  search runs in a deep worker thread (see :func:`deep`), it raises ``KeyboardInterrupt`` there; in the
  main thread Ctrl-C raises by itself and this is a no-op;
* :func:`interruptible` -- wrap a long computation so that Ctrl-C stops it even when Python would lose
  the ``KeyboardInterrupt`` (raised inside a garbage-collector or weak-reference callback, where Python only
  reports it as "ignored"; Hypothesis installs such a callback);
* :func:`deep` -- decorate a recursive entry point so that a ``RecursionError`` reruns it on a big stack.

>>> check_interrupt()
>>> @deep
... def depth(n):
...     return 0 if n == 0 else 1 + depth(n - 1)
>>> depth(5000)
5000
"""

from __future__ import annotations

import contextlib
import signal
import threading

from cgt.runtime.deep import cancel_requested, deep, raise_if_cancelled

__all__ = ["check_interrupt", "deep", "interruptible"]


def check_interrupt() -> None:
    """Raise KeyboardInterrupt if the caller of a deep worker asked it to stop (Ctrl-C)."""
    if cancel_requested[0]:
        raise_if_cancelled()


def _remembering_handler(signum, frame):
    cancel_requested[0] = True        # kept even if the exception below is swallowed by a callback
    raise KeyboardInterrupt


@contextlib.contextmanager
def interruptible():
    """Run a long computation so that a Ctrl-C is never lost.

    In the main thread, with Python's default Ctrl-C handler in place, a handler is installed for the
    duration that raises ``KeyboardInterrupt`` as usual and also sets the flag that
    :func:`check_interrupt` polls: if the exception lands in a callback that swallows it, the next poll
    raises it again, and a computation that ends before any poll raises it on exit.  Elsewhere (worker
    threads, a caller's own handler) it does nothing.

    >>> with interruptible():
    ...     check_interrupt()
    """
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        yield
        return
    previous = signal.signal(signal.SIGINT, _remembering_handler)
    try:
        yield
    except KeyboardInterrupt:
        raise
    else:
        if cancel_requested[0]:
            raise KeyboardInterrupt("computation cancelled")
    finally:
        signal.signal(signal.SIGINT, previous)
        cancel_requested[0] = False
