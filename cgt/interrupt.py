"""The interface long searches use to stay interruptible and to survive deep recursion.

* :func:`check_interrupt` -- call it between units of work: when the user pressed Ctrl-C while the
  search runs in a deep worker thread (see :func:`deep`), it raises ``KeyboardInterrupt`` there; in the
  main thread Ctrl-C raises by itself and this is a no-op;
* :func:`deep` -- decorate a recursive entry point so that a ``RecursionError`` reruns it on a big stack.

>>> check_interrupt()
>>> @deep
... def depth(n):
...     return 0 if n == 0 else 1 + depth(n - 1)
>>> depth(5000)
5000
"""

from __future__ import annotations

from cgt._deep import cancel_requested, deep, raise_if_cancelled

__all__ = ["check_interrupt", "deep"]


def check_interrupt() -> None:
    """Raise KeyboardInterrupt if the caller of a deep worker asked it to stop (Ctrl-C)."""
    if cancel_requested[0]:
        raise_if_cancelled()
