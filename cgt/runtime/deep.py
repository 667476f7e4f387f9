"""Running deeply recursive computations without ``RecursionError``.

The kernel's algorithms recurse on the game tree, so their depth is bounded by
birthdays.  Ordinary games stay far below Python's default recursion limit and
take the fast path: a plain call.  When a computation does overflow, the
:func:`deep` wrapper reruns it in a helper thread with a large C stack and a
raised recursion limit.  Memo tables only ever receive finished results, so the
work done before the overflow is reused, not repeated.

>>> @deep
... def depth(n):
...     return 0 if n == 0 else 1 + depth(n - 1)
>>> depth(20000)
20000
"""

from __future__ import annotations

import functools
import sys
import threading

from cgt.errors import TooDeepError

#: Stack size (bytes) of the helper thread; virtual memory only, touched as used.
DEEP_STACK_BYTES = 1 << 29
#: Recursion limit inside the helper thread.
DEEP_RECURSION_LIMIT = 400_000

_state = threading.local()
#: Set by the waiting thread when Ctrl-C arrives; hot kernel loops poll ``cancel_requested[0]``.
cancel_requested = [False]
_limit_lock = threading.Lock()


def _in_deep_thread() -> bool:
    return getattr(_state, "deep", False)


def _run_in_deep_thread(fn, args, kwargs):
    outcome: dict = {}
    finished = threading.Event()

    def target():
        _state.deep = True
        try:
            outcome["value"] = fn(*args, **kwargs)
        except BaseException as exc:  # handed back to the calling thread below
            outcome["error"] = exc
        finally:
            finished.set()

    with _limit_lock:
        cancel_requested[0] = False
        old_limit = sys.getrecursionlimit()
        old_stack = threading.stack_size()
        worker = None
        # Everything from here on is inside one try: Ctrl-C may land at any bytecode, also while the
        # worker is being started, and a worker left running unsupervised would meet the recursion
        # limit restored below (a fatal "cannot recover from stack overflow").
        try:
            sys.setrecursionlimit(max(old_limit, DEEP_RECURSION_LIMIT))
            try:
                threading.stack_size(DEEP_STACK_BYTES)
                worker = threading.Thread(target=target, name="cgt-deep", daemon=True)
                worker.start()
            finally:
                threading.stack_size(old_stack)
            while not finished.wait(0.05):
                pass
        except KeyboardInterrupt:
            # Ctrl-C reaches only the main thread.  Ask the worker to stop (the kernel polls
            # the flag at every new canonical form, translation and full comparison) and wait:
            # lowering the recursion limit under a still-deep worker would be fatal.
            _stop(worker, finished)
            raise
        finally:
            cancel_requested[0] = False
            sys.setrecursionlimit(old_limit)
    if "error" in outcome:
        error = outcome["error"]
        if isinstance(error, RecursionError) and not isinstance(error, TooDeepError):
            raise TooDeepError(
                f"game too deeply nested: recursion exceeded {DEEP_RECURSION_LIMIT} levels"
            ) from None
        raise error
    return outcome["value"]


def _stop(worker, finished: threading.Event) -> None:
    """Make a worker stop at its next poll and wait until it has, whatever more Ctrl-C presses come."""
    cancel_requested[0] = True
    if worker is None or worker.ident is None:
        return  # the thread was never created: nothing runs
    while True:
        try:
            if finished.wait(0.05):
                return
        except KeyboardInterrupt:
            continue


def raise_if_cancelled() -> None:
    """Raise KeyboardInterrupt in a deep worker whose caller pressed Ctrl-C."""
    raise KeyboardInterrupt("computation cancelled")


def deep(fn):
    """Decorate a public entry point so deep recursion reruns on a big stack."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except RecursionError as error:
            if _in_deep_thread() or isinstance(error, TooDeepError):
                raise
        return _run_in_deep_thread(fn, args, kwargs)

    return wrapper
