"""How :mod:`cgt.experiments` reads a two-heap ruleset (duck-typed; this package never imports the games).

A *move* ``(k, l)`` takes ``k`` tokens from the first heap and ``l`` from the second.  A ruleset that
describes its moves structurally (the rulesets of ``cgt.games.heap.invariant`` do) has:

* ``first_heap``, ``second_heap`` -- ``"all"`` (any positive amount from that heap is a move everywhere),
  ``"larger"`` (only when that heap is at least the other) or ``"none"`` (left to ``extra``);
* ``diagonals`` -- offsets ``d`` such that every ``(k, k + d)`` with ``k, k + d >= 1`` is a move everywhere;
* ``has_extra`` and ``extra(a, b, k, l)`` -- the remaining moves from ``(a, b)``, vectorised over arrays
  ``k, l``;
* ``allows(a, b, k, l)`` -- all moves, vectorised; ``invariant`` and ``move_table(n)`` when moves do not
  depend on the position; ``symmetric`` when the heaps are interchangeable.

Any other ruleset whose positions are pairs and which has ``options((a, b))`` is read through its options
(slower, and fine for small bounds).

>>> class TakeOne:
...     def options(self, pos):
...         a, b = pos
...         return [(a - 1, b)] * (a > 0) + [(a, b - 1)] * (b > 0)
>>> r = Rules(TakeOne())
>>> r.structured, r.allows(2, 2, [1, 0, 1], [0, 1, 1]).tolist()
(False, [True, True, False])
"""

from __future__ import annotations

import numpy as np

from cgt.errors import NotApplicableError

__all__ = ["Rules", "MoveStructure", "WythoffMoves"]

_MODES = ("all", "larger", "none")


class Rules:
    """The move structure of ``ruleset`` in the form the sweeps of :mod:`cgt.experiments` use."""

    def __init__(self, ruleset) -> None:
        self.ruleset = ruleset
        self.name = str(getattr(ruleset, "name", None) or ruleset)
        self.structured = all(hasattr(ruleset, x) for x in ("allows", "diagonals", "first_heap", "second_heap"))
        if self.structured:
            self.first = ruleset.first_heap
            self.second = ruleset.second_heap
            if self.first not in _MODES or self.second not in _MODES:
                raise NotApplicableError(f"{self.name}: first_heap/second_heap must be one of {_MODES}")
            self.diagonals = tuple(ruleset.diagonals)
            self.has_extra = bool(getattr(ruleset, "has_extra", False))
            self.invariant = bool(getattr(ruleset, "invariant", False))
            self.symmetric = bool(getattr(ruleset, "symmetric", False))
        elif hasattr(ruleset, "options"):
            self.first = self.second = "none"
            self.diagonals = ()
            self.has_extra = True
            self.invariant = False
            self.symmetric = False
            self._options_cache: dict = {}
        else:
            raise NotApplicableError(f"{self.name} is not a two-heap ruleset (it has no options)")

    def first_allowed(self, a: int, b) -> np.ndarray | bool:
        """Whether taking from the first heap is a move at ``(a, b)`` (``b`` may be an array)."""
        if self.first == "all":
            return True
        if self.first == "larger":
            return np.asarray(b) <= a
        return False

    def second_allowed(self, a: int, b: int) -> bool:
        """Whether taking from the second heap is a move at ``(a, b)``."""
        return self.second == "all" or (self.second == "larger" and b >= a)

    def extra(self, a: int, b: int, k, l) -> np.ndarray:
        """The moves ``(k, l)`` from ``(a, b)`` that the structure does not cover."""
        if self.structured:
            return np.asarray(self.ruleset.extra(a, b, k, l), dtype=bool)
        return self.allows(a, b, k, l)

    def allows(self, a: int, b: int, k, l) -> np.ndarray:
        """Which moves ``(k, l)`` (arrays, ``k <= a``, ``l <= b``) are legal from ``(a, b)``."""
        if self.structured:
            return np.asarray(self.ruleset.allows(a, b, np.asarray(k), np.asarray(l)), dtype=bool)
        key = (a, b)
        moves = self._options_cache.get(key)
        if moves is None:
            if len(self._options_cache) > 100_000:
                self._options_cache.clear()
            moves = self._options_cache[key] = {(a - c, b - d) for c, d in self.ruleset.options((a, b))}
        k, l = np.broadcast_arrays(np.asarray(k), np.asarray(l))
        return np.fromiter(((int(x), int(y)) in moves for x, y in zip(k.ravel(), l.ravel())),
                           dtype=bool, count=k.size).reshape(k.shape)

    def move_table(self, n: int) -> np.ndarray:
        """``table[k, l]`` for ``0 <= k, l <= n``: the moves of an invariant ruleset."""
        if not self.invariant:
            raise NotApplicableError(f"{self.name} is not invariant: its moves depend on the position")
        if hasattr(self.ruleset, "move_table"):
            return np.asarray(self.ruleset.move_table(n), dtype=bool)
        k, l = np.meshgrid(np.arange(n + 1), np.arange(n + 1), indexing="ij")
        return self.allows(n, n, k, l)


class MoveStructure:
    """The structural description above with its defaults (Nim moves, nothing else), and ``allows`` and
    ``move_table`` derived from it: a base for rulesets that describe their moves this way
    (``cgt.games.heap.invariant`` builds on it)."""

    first_heap = "all"
    second_heap = "all"
    diagonals: tuple = ()
    has_extra = False
    invariant = True
    symmetric = True

    def extra(self, a, b, k, l):
        """Which of the moves ``(k, l)`` (arrays) not covered by heaps and diagonals are legal at ``(a, b)``."""
        return np.zeros(np.shape(k), dtype=bool)

    def allows(self, a, b, k, l):
        """Which moves ``(k, l)`` (arrays; ``k <= a``, ``l <= b``) are legal from ``(a, b)``."""
        k, l = np.asarray(k), np.asarray(l)
        result = np.zeros(np.broadcast(k, l).shape, dtype=bool)
        if self.first_heap == "all" or (self.first_heap == "larger" and a >= b):
            result |= (k > 0) & (l == 0)
        if self.second_heap == "all" or (self.second_heap == "larger" and b >= a):
            result |= (k == 0) & (l > 0)
        both = (k > 0) & (l > 0)
        for d in self.diagonals:
            result |= both & (l - k == d)
        if self.has_extra:
            result |= self.extra(a, b, k, l) & ((k > 0) | (l > 0))
        return result

    def move_table(self, n: int) -> np.ndarray:
        """``table[k, l]``: whether ``(k, l)`` is a move (``0 <= k, l <= n``); invariant rulesets only."""
        k, l = np.arange(n + 1)[:, None], np.arange(n + 1)[None, :]
        return np.broadcast_to(self.allows(n, n, k, l), (n + 1, n + 1))


class WythoffMoves(MoveStructure):
    """Wythoff's game written in the structural form above: the reference example of the protocol (the
    rulesets of ``cgt.games.heap.invariant`` are the full ones).

    >>> Rules(WythoffMoves()).allows(3, 3, [1, 1, 0], [1, 2, 3]).tolist()
    [True, False, True]
    """

    name = "Wythoff"
    diagonals = (0,)
