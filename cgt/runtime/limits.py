"""The limits that keep a big computation from exhausting the machine, and the comparison memos' budget.

Every limit stops a computation with a one-line :class:`~cgt.errors.TooLargeError` naming the setter to
raise it; each setter returns the previous setting, so a block can lower or raise a limit and put it back.

* :func:`set_memory_cap` -- the resident memory (MB) past which computations stop (default: 80% of RAM);
* :func:`set_min_available` -- stop when the whole machine has less than this many MB available (512);
* :func:`set_max_interned` -- how many distinct games of each kind may be interned at once (10 million);
* :func:`set_memo_budget` -- how many comparison results all games together remember (a cache: a smaller
  budget saves memory and costs recomputation); :func:`memo_stats` shows it.

>>> from cgt import limits
>>> previous = limits.set_memory_cap(64_000)
>>> limits.memory_cap_mb()
64000
>>> limits.set_memory_cap(previous) == 64_000
True
>>> sorted(limits.memo_stats())
['budget', 'drops', 'entries', 'holders']
"""

from cgt.kernel.game import (check_memory, memo_stats, memory_cap_mb, resident_mb, set_max_interned, set_memo_budget,
                      set_memory_cap, set_min_available)

__all__ = ["check_memory", "memo_stats", "memory_cap_mb", "resident_mb", "set_max_interned", "set_memo_budget",
           "set_memory_cap", "set_min_available"]
