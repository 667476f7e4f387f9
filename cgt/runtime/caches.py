"""Bounded caches: the memo tables of derived values (thermographs, atomic weights, print keys, ...), each with
a budget of entries past which its older half goes.

A cache is only a cache: a missing entry is computed again, so no result depends on a budget.  Stores are a
dict's own (the hot walks store thousands of entries); the budget is kept where a cache is entered: a walk
that reads back the values it stores (:func:`cgt.runtime.walk.postorder` and ``bottom_up``) pins its cache,
which first makes room if the cache is past its budget, and keeps every entry until the walk ends; a single
store outside a walk goes through :meth:`BoundedCache.remember`, which makes room first.

The budget is :func:`cache_budget` (``cgt.limits.set_cache_budget``) unless a cache has one of its own.  Each
named cache is listed by :func:`cache_stats` and emptied by :func:`clear_all` (``cgt.clear_caches()``).

>>> squares = BoundedCache("squares (doctest)", budget=4)
>>> for n in range(6):
...     squares.remember(n, n * n)
>>> sorted(squares)              # at the budget, the older half went before 4 was stored
[2, 3, 4, 5]
>>> squares.get(5), squares.get(0)
(25, None)
"""

from __future__ import annotations

import itertools
import weakref

from cgt.runtime.arguments import integer_argument

__all__ = ["BoundedCache", "DEFAULT_CACHE_BUDGET", "PARAMETERS_KEPT", "memo_for", "cache_budget", "cache_stats", "clear_all", "set_cache_budget"]

#: Entries each cache of derived values keeps at most (outside a walk that pins it).
DEFAULT_CACHE_BUDGET = 200_000

_settings = {"budget": DEFAULT_CACHE_BUDGET}
_named: list = []   # weak references to the named caches


class BoundedCache(dict):
    """A dict kept within a budget of entries where it is entered (:meth:`pin`, :meth:`remember`): past it,
    the older half goes (first in, first out).  Reads and stores are a dict's own.

    ``name`` lists the cache in :func:`cache_stats` and lets :func:`clear_all` empty it (an unnamed cache is
    one that a named cache holds, and goes with it); ``budget`` overrides :func:`cache_budget`.
    """

    __slots__ = ("name", "budget", "pins", "__weakref__")

    def __init__(self, name: str | None = None, budget: int | None = None):
        super().__init__()
        self.name = name
        self.budget = budget
        self.pins = 0
        if name is not None:
            _named.append(weakref.ref(self))

    def remember(self, key, value) -> None:
        """Store one entry, making room first when the cache is at its budget (and no walk pins it)."""
        if not self.pins and len(self) >= (self.budget or _settings["budget"]) and key not in self:
            self.make_room()
        dict.__setitem__(self, key, value)

    def make_room(self) -> None:
        """Drop the older half of the entries."""
        drop = len(self) - len(self) // 2
        for key in list(itertools.islice(iter(self), drop)):
            dict.__delitem__(self, key)

    def pin(self) -> None:
        """A walk begins: room is made if the cache is past its budget, and then no entry leaves until the
        matching :meth:`unpin` (the walk reads back what it stores)."""
        if not self.pins and len(self) > (self.budget or _settings["budget"]):
            self.make_room()
        self.pins += 1

    def unpin(self) -> None:
        self.pins -= 1

    def __reduce__(self):
        return (BoundedCache, (None, self.budget))


def cache_budget() -> int:
    """How many entries each cache of derived values keeps (:func:`set_cache_budget`).

    >>> cache_budget() >= 1
    True
    """
    return _settings["budget"]


def set_cache_budget(entries: int) -> int:
    """Set how many entries each cache of derived values keeps (default :data:`DEFAULT_CACHE_BUDGET`); returns
    the previous setting.  Caches over the new budget shrink when they next store.

    >>> previous = set_cache_budget(1000)
    >>> set_cache_budget(previous)
    1000
    """
    entries = integer_argument(entries, "set_cache_budget()", minimum=1)
    previous = _settings["budget"]
    _settings["budget"] = entries
    return previous


def _live() -> list:
    caches = [ref() for ref in _named]
    _named[:] = [ref for ref, cache in zip(_named, caches) if cache is not None]
    return [cache for cache in caches if cache is not None]


def cache_stats() -> dict:
    """``{name: entries}`` for every named cache (several caches may share a name).

    >>> isinstance(cache_stats(), dict)
    True
    """
    stats: dict = {}
    for cache in _live():
        stats[cache.name] = stats.get(cache.name, 0) + len(cache)
    return stats


def clear_all() -> None:
    """Empty every named cache (``cgt.clear_caches()``)."""
    for cache in _live():
        cache.clear()


#: How many parameters (temperatures, units) a family of caches keeps a cache for (cooling by t, Norton
#: multiplication by U, ...): each is a cache within the budget.
PARAMETERS_KEPT = 32


def memo_for(family: BoundedCache, parameter) -> BoundedCache:
    """The cache for ``parameter`` in ``family`` (a cache of caches, one per parameter), made on first use.

    >>> cooled = BoundedCache("cooled (doctest)", budget=PARAMETERS_KEPT)
    >>> memo_for(cooled, 1) is memo_for(cooled, 1), len(cooled)
    (True, 1)
    """
    memo = family.get(parameter)
    if memo is None:
        memo = BoundedCache()
        family.remember(parameter, memo)
    return memo
