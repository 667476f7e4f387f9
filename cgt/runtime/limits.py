"""The limits that keep a big computation from exhausting the machine, and the budgets of the caches.

Every limit stops a computation with a one-line :class:`~cgt.errors.TooLargeError` naming the setter to
raise it; each setter returns the previous setting, so a block can lower or raise a limit and put it back.

* :func:`set_memory_cap` -- the resident memory (MB) past which computations stop (default: 80% of RAM);
* :func:`set_min_available` -- stop when the whole machine has less than this many MB available (512);
* :func:`set_max_interned` -- how many distinct games of each kind may be interned at once (10 million);
* :func:`set_memo_budget` -- how many comparison results all games together remember (a cache: a smaller
  budget saves memory and costs recomputation); :func:`memo_stats` shows it;
* :func:`set_sum_memo_budget` -- how many sums ``G + H`` the kernel remembers (1 million; past it the older
  half goes);
* :func:`set_cache_budget` -- how many entries each cache of derived values keeps (thermographs, atomic
  weights, print keys, misère tables, ...: 200,000 each; :func:`cache_stats` lists them); a ruleset's memo
  tables are emptied before a new search once they hold more than this.

Games themselves are collected: a game lives while something refers to it (a variable, a live game's
options, a cache), and :func:`collect` -- run by ``cgt.clear_caches()``, by the kernel as games are made, and before a full intern table or the memory cap refuses anything -- takes the others out
of the intern tables and gives their memory back (:func:`collection_stats`).  A refused or interrupted
computation therefore leaves nothing behind: the next command has the room the failed one took.  No result
depends on a budget or on when a collection runs.

This module holds the settings; Python code reads them here (:func:`max_interned`, :func:`memory_cap_mb`).  The
kernel of :class:`cgt.Game` enforces the last two, and the compiled kernel keeps its own copy in C: the kernel
binding (:mod:`cgt.kernel.binding`) hands its setters to :func:`attach_kernel`, and every change here is
passed on at once.  ``cgt.limits`` is this module.

>>> from cgt import limits
>>> previous = limits.set_memory_cap(64_000)
>>> limits.memory_cap_mb()
64000
>>> limits.set_memory_cap(previous) == 64_000
True
>>> sorted(limits.memo_stats())
['budget', 'drops', 'entries', 'holders']
"""

from __future__ import annotations

import os
import sys
from typing import Callable

from cgt.errors import TooLargeError
from cgt.runtime.arguments import integer_argument
from cgt.runtime.caches import cache_budget, cache_stats, set_cache_budget  # the caches' budget, re-exported

__all__ = ["cache_budget", "cache_stats", "check_memory", "collect", "collection_stats", "max_interned", "memo_stats",
           "memory_cap_mb", "resident_mb", "set_cache_budget", "set_max_interned", "set_memo_budget",
           "set_memory_cap", "set_min_available", "set_sum_memo_budget", "sum_memo_budget"]

#: Most games of each kind (general games; uptimals) kept interned at once: about 400 bytes each, so about
#: 4 GB.  Past it a computation stops with TooLargeError instead of exhausting the machine's memory.
DEFAULT_MAX_INTERNED = 10_000_000
#: Default budget of comparison-memo entries (about 40 bytes each in a dict, so about 80 MB; 8-11 bytes in the
#: compiled kernel's memo type).  Measured (docs/performance.md, "Bounded kernel memory"): hot chains G_n + G_n
#: (n = 200-400) ran 25-35% faster at 1-2 million than at 10 million (smaller dicts, fewer cache misses) and
#: thrash only far below (n = 200: 6x slower at 100,000); Domineering 6x6 runs as fast at 1 million as at 10
#: million; Clobber 4x4 stores 1.6 M.
DEFAULT_MEMO_BUDGET = 2_000_000
#: Default budget of the sums' memo (pairs of games -> their sum): each entry keeps its sum alive, so the budget
#: bounds the games a session of sums keeps (past it the older half goes).
DEFAULT_SUM_MEMO_BUDGET = 1_000_000
#: The default memory cap as a fraction of the machine's RAM.
MAX_MEMORY_FRACTION = 0.8
#: Default of :func:`set_min_available`: a machine shared with other jobs runs out before this process reaches
#: its own cap, so a computation also stops when the machine's available memory falls below this many MB.
DEFAULT_MIN_AVAILABLE_MB = 512
#: The kernel reads the process's memory each time an intern table's size is a multiple of this (the bitboard
#: searches every few thousand regions).  Measured on Domineering 6x6 (docs/performance.md, "Bounded kernel
#: memory"): an interned game with its options and intern key costs about 500 bytes and the comparison memos
#: are bounded by their budget, so the resident set grows with the games and the solvers' tables.
MEMORY_CHECK_EVERY = 65_536

_settings: dict = {"memory_cap_mb": None, "min_available_mb": DEFAULT_MIN_AVAILABLE_MB,
                   "max_interned": DEFAULT_MAX_INTERNED, "memo_budget": DEFAULT_MEMO_BUDGET,
                   "sum_memo_budget": DEFAULT_SUM_MEMO_BUDGET}
#: The active kernel's functions (attach_kernel): its copies of the limits it enforces, and its memo counters.
_kernel: dict = {}


def attach_kernel(*, set_memo_budget: Callable[[int], None], memo_stats: Callable[[], dict],
                  set_sum_memo_budget: Callable[[int], None], collect: Callable[[], int],
                  collect_stats: Callable[[], dict], set_max_interned: Callable[[int], None] | None = None) -> None:
    """Hand the limits to the kernel that enforces them (called once, by :func:`cgt.kernel.binding.bind`).

    ``set_memo_budget``, ``set_sum_memo_budget`` (and ``set_max_interned``, for a kernel that keeps its own copy
    of the intern limit) receive the current settings now and every later change; :func:`memo_stats`,
    :func:`collect` and :func:`collection_stats` call the kernel's.
    """
    _kernel.update(set_memo_budget=set_memo_budget, memo_stats=memo_stats, set_max_interned=set_max_interned,
                   set_sum_memo_budget=set_sum_memo_budget, collect=collect, collect_stats=collect_stats)
    set_memo_budget(_settings["memo_budget"])
    set_sum_memo_budget(_settings["sum_memo_budget"])
    if set_max_interned is not None:
        set_max_interned(_settings["max_interned"])


# ---------------------------------------------------------------- interning and the comparison memos

def max_interned() -> int:
    """How many distinct games of each kind may be interned at once (:func:`set_max_interned`).

    >>> max_interned() >= 1
    True
    """
    return _settings["max_interned"]


def set_max_interned(count: int) -> int:
    """Set how many distinct games of each kind (general games; uptimals) may be interned at once (default
    :data:`DEFAULT_MAX_INTERNED`); returns the previous setting.

    >>> previous = set_max_interned(20_000_000)
    >>> set_max_interned(previous)
    20000000
    """
    return _replace_setting("max_interned", integer_argument(count, "set_max_interned()", minimum=1))


def set_memo_budget(entries: int) -> int:
    """Set how many comparison-memo entries all games together may keep; returns the previous budget.

    Each game remembers the answers of its comparisons ``G <= H`` (a cache: results never depend on it).
    Past the budget the memos of the games that made theirs longest ago are dropped until half the budget
    remains.  Each entry costs about 40 bytes, so the default (:data:`DEFAULT_MEMO_BUDGET`, 2 million) is
    about 80 MB; a much smaller budget saves memory at the cost of recomputed comparisons.

    >>> from cgt import up, star
    >>> previous = set_memo_budget(2)
    >>> up <= star, star <= up, up + star <= up, memo_stats()["entries"] <= 2
    (False, False, False, True)
    >>> set_memo_budget(previous)
    2
    """
    return _replace_setting("memo_budget", integer_argument(entries, "set_memo_budget()", minimum=0))


def sum_memo_budget() -> int:
    """How many sums the kernel remembers (:func:`set_sum_memo_budget`).

    >>> sum_memo_budget() >= 0
    True
    """
    return _settings["sum_memo_budget"]


def set_sum_memo_budget(entries: int) -> int:
    """Set how many sums ``G + H`` the kernel remembers (default :data:`DEFAULT_SUM_MEMO_BUDGET`); returns the
    previous budget.  Past it the older half of the memo goes; each entry keeps its sum (and that sum's
    options) alive, so the budget also bounds the games a long session of sums keeps.

    >>> from cgt import game
    >>> previous = set_sum_memo_budget(4)
    >>> str(game("{3|2}") + game("{3|2}") + game("{1|0}"))
    '{6|5}'
    >>> set_sum_memo_budget(previous)
    4
    """
    return _replace_setting("sum_memo_budget", integer_argument(entries, "set_sum_memo_budget()", minimum=0))


def release_free_memory() -> None:
    """Give the memory the C library holds free back to the system (glibc's ``malloc_trim``; elsewhere
    nothing): after a large collection, freed memory would otherwise stay in the process for reuse.

    >>> release_free_memory()
    """
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def _malloc_trim():
    if "malloc_trim" not in _trim:
        function = None
        try:
            import ctypes
            import platform

            if platform.libc_ver()[0] == "glibc":
                function = ctypes.CDLL(None).malloc_trim
        except (ImportError, OSError, AttributeError):
            function = None
        _trim["malloc_trim"] = function
    return _trim["malloc_trim"]


_trim: dict = {}


def collect() -> int:
    """Take the games nothing refers to any more out of the intern tables and give their memory back; returns
    how many went.  ``cgt.clear_caches()`` calls it after emptying the caches (which refer to many games).

    >>> collect() >= 0
    True
    """
    return _kernel["collect"]()


def collection_stats() -> dict:
    """``collections`` run so far, games ``collected``, games ``interned`` now, and the count (``next``) at which
    the kernel collects on its own.

    >>> sorted(collection_stats())
    ['collected', 'collections', 'interned', 'next']
    """
    return _kernel["collect_stats"]()


def _replace_setting(name: str, value: int) -> int:
    """Store a kernel limit here and hand it to the attached kernel's setter ``set_<name>``; the previous value."""
    previous = _settings[name]
    setter = _kernel.get("set_" + name)
    if setter is not None:
        setter(value)
    _settings[name] = value
    return previous


def memo_stats() -> dict:
    """The comparison memos now: ``entries`` held, ``holders`` (games holding a memo), the ``budget`` (see
    :func:`set_memo_budget`) and ``drops`` (how many times the budget was reached so far).

    >>> sorted(memo_stats())
    ['budget', 'drops', 'entries', 'holders']
    """
    stats = _kernel.get("memo_stats")
    if stats is None:
        return {"entries": 0, "holders": 0, "budget": _settings["memo_budget"], "drops": 0}
    return stats()


# ---------------------------------------------------------------- the memory cap
# A big search holds every game it has built until it ends, so it can grow the process until the machine runs
# out.  Now and then (MEMORY_CHECK_EVERY) the process's resident memory is read; past the cap the games nothing
# refers to are collected, and if the process is still past it the computation stops with TooLargeError.

def _meminfo_mb(field: str) -> float | None:
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith(field):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def resident_mb() -> float | None:
    """This process's resident memory in MB (None where the platform does not tell).

    >>> resident_mb() is None or resident_mb() > 1
    True
    """
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, AttributeError, IndexError):
        pass
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss       # the peak: KB on Linux, bytes on macOS
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def memory_cap_mb() -> float | None:
    """The resident memory (MB) past which computations stop: the setting of :func:`set_memory_cap`, or by
    default :data:`MAX_MEMORY_FRACTION` of the machine's RAM (None when neither is known).

    >>> memory_cap_mb() is None or memory_cap_mb() > 0
    True
    """
    cap = _settings["memory_cap_mb"]
    if cap is not None:
        return cap
    total = _meminfo_mb("MemTotal:")
    if total is None:
        try:
            total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") / 2**20
        except (ValueError, OSError, AttributeError):
            return None
    return total * MAX_MEMORY_FRACTION


def set_memory_cap(mb: int | None) -> int | None:
    """Set the resident memory (MB) past which computations stop with TooLargeError (None: the default,
    :data:`MAX_MEMORY_FRACTION` of the machine's RAM); returns the previous setting.

    >>> previous = set_memory_cap(100_000)
    >>> memory_cap_mb()
    100000
    >>> set_memory_cap(previous)
    100000
    """
    if mb is not None:
        mb = integer_argument(mb, "set_memory_cap()", minimum=1)
    previous, _settings["memory_cap_mb"] = _settings["memory_cap_mb"], mb
    return previous


def set_min_available(mb: int) -> int:
    """Set how many MB the machine must keep available (all processes together) for a computation to go on
    (default :data:`DEFAULT_MIN_AVAILABLE_MB`); returns the previous setting.  0 turns the check off.

    >>> previous = set_min_available(0)
    >>> set_min_available(previous)
    0
    """
    mb = integer_argument(mb, "set_min_available()", minimum=0)
    previous, _settings["min_available_mb"] = _settings["min_available_mb"], mb
    return previous


def check_memory() -> None:
    """Raise TooLargeError when this process holds more than :func:`memory_cap_mb` or the machine has less
    available than :func:`set_min_available` asks.  Long searches call it now and then (the kernel every
    :data:`MEMORY_CHECK_EVERY` new games; the bitboard solvers every few thousand regions).

    >>> check_memory()
    """
    cap = memory_cap_mb()
    rss = resident_mb()
    if cap is not None and rss is not None and rss > cap and "collect" in _kernel:
        _kernel["collect"]()                     # what nothing refers to goes first
        rss = resident_mb()
    if cap is not None and rss is not None and rss > cap:
        raise TooLargeError(f"the computation holds {rss:,.0f} MB, past the memory cap of {cap:,.0f} MB "
                            f"(cgt.limits.set_memory_cap): it is too large for this machine")
    available = _meminfo_mb("MemAvailable:")
    if available is not None and available < _settings["min_available_mb"]:
        raise TooLargeError(f"the machine has only {available:,.0f} MB of memory left (this computation holds "
                            f"{rss or 0:,.0f} MB): stopped before it runs out (cgt.limits.set_min_available)")
