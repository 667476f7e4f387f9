"""Row sweeps over the box ``0 <= a <= rows``, ``0 <= b <= cols`` of two-heap positions.

Every move lowers at least one heap and raises none, so a position's options come before it in row-major
order.  The sweep keeps a set ``S`` of marked positions and asks, for each position, whether a move reaches
``S`` ("attacked").  With ``S`` the positions found unattacked it computes the P-positions (the kernel of
an acyclic game is unique: Mignoty et al., *Automatic proofs in combinatorial game theory*, Proposition
2.3); with ``S`` a candidate set it checks that ``S`` is stable (no move between two members) and
absorbing (every other position has a move into it), the proof method of the same paper.

Attacks are found a row at a time with numpy for the structured moves (a column already holding a marked
position, a diagonal line through one) and one position at a time for the rest.

>>> class Nim2:
...     first_heap = second_heap = "all"
...     diagonals, has_extra = (), False
...     def allows(self, a, b, k, l):
...         return (np.asarray(k) == 0) != (np.asarray(l) == 0)
>>> p_set(Rules(Nim2()), 3, 3)
[(0, 0), (1, 1), (2, 2), (3, 3)]
>>> print(check_set(Rules(Nim2()), np.eye(4, dtype=bool)[:, ::-1], "the anti-diagonal"))
(0, 0) is not in the anti-diagonal and has no move into it
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cgt.runtime.interrupt import check_interrupt
from cgt.runtime.progress import Progress

from cgt.experiments.rules import Rules

__all__ = ["Counterexample", "Sweep", "p_set", "check_set"]

_NONE = np.iinfo(np.int64).max // 4
_CHUNK = 256     # marks per numpy call
_BLOCK = 64      # candidates per numpy call
_TABLE_CELLS = 40_000_000   # largest move table a sweep builds


@dataclass(frozen=True)
class Counterexample:
    """Why a candidate set fails: ``position`` and, for a stability failure, the member ``target`` it moves to."""

    position: tuple[int, int]
    kind: str               # "stable" or "absorbing"
    target: tuple[int, int] | None
    message: str

    def __str__(self) -> str:
        return self.message


class Sweep:
    """Marked positions and the index that answers "does a move from ``(a, b)`` reach one of them"."""

    def __init__(self, rules: Rules, rows: int, cols: int) -> None:
        self.rules, self.rows, self.cols = rules, rows, cols
        self.col_min = np.full(cols + 1, _NONE, dtype=np.int64)       # least marked a in each column
        self.line_min = np.full(rows + cols + 1, _NONE, dtype=np.int64)  # least marked a on each line b - a
        self.b_index = np.arange(cols + 1)
        self._pa = np.zeros(64, dtype=np.int64)
        self._pb = np.zeros(64, dtype=np.int64)
        self.count = 0
        # A ruleset read through its options: look each option up in a grid of marked positions.
        self.grid = None if rules.structured else np.zeros((rows + 1, cols + 1), dtype=bool)
        # Invariant extra moves: one table lookup per (k, l) instead of the ruleset's arithmetic.
        side = max(rows, cols) + 1
        self.table = (rules.move_table(side - 1) if rules.has_extra and rules.invariant and rules.structured
                      and side * side <= _TABLE_CELLS else None)

    def structural(self, a: int) -> np.ndarray:
        """Positions of row ``a`` attacked from earlier rows by single-heap or diagonal moves."""
        rules = self.rules
        attacked = np.zeros(self.cols + 1, dtype=bool)
        if rules.first != "none":
            attacked |= (self.col_min < a) & rules.first_allowed(a, self.b_index)
        for d in rules.diagonals:
            # (a, b) -> (a - k, b - k - d): a marked (p, q) on line q - p = b - a - d with p <= a - max(1, 1 - d).
            top = a - max(1, 1 - d)
            if top < 0:
                continue
            keys = self.b_index - a - d + self.rows
            inside = (keys >= 0) & (keys < self.line_min.size)
            attacked[inside] |= self.line_min[keys[inside]] <= top
        return attacked

    def marked(self) -> tuple[np.ndarray, np.ndarray]:
        """The marked positions as two arrays."""
        return self._pa[: self.count], self._pb[: self.count]

    def extra_hits(self, a: int, b: int) -> bool:
        """Whether a move not covered by the structure reaches a marked position."""
        if not self.rules.has_extra or self.count == 0:
            return False
        if self.grid is not None:
            return any(self.grid[c, d] for c, d in self.rules.ruleset.options((a, b)))
        return bool(self.extra_hits_block(a, np.array([b]), b)[0])

    def extra_hits_block(self, a: int, bs: np.ndarray, b: int | None = None) -> np.ndarray:
        """:meth:`extra_hits` for many ``bs`` at once: for invariant rulesets (moves do not depend on the
        position), or with ``bs == [b]``.  Oldest marks first, in chunks: small positions lie below and
        left of every candidate, so a hit usually comes in the first chunk."""
        hit = np.zeros(bs.size, dtype=bool)
        if not self.rules.has_extra or self.count == 0:
            return hit
        pa, pb = self.marked()
        start, chunk = 0, 8
        todo = np.arange(bs.size)
        while start < self.count and todo.size:
            end = min(self.count, start + chunk)
            chunk = min(4 * chunk, _CHUNK)
            k = np.broadcast_to(a - pa[start:end], (todo.size, end - start))
            l = bs[todo, None] - pb[None, start:end]
            ok = (k >= 0) & (l >= 0)
            k, l = np.where(ok, k, 0), np.where(ok, l, 0)
            legal = self.table[k, l] if self.table is not None else self.rules.extra(a, a if b is None else b, k, l)
            found = (legal & ok).any(axis=1)
            hit[todo[found]] = True
            todo = todo[~found]
            start = end
        return hit

    def witness(self, a: int, b: int) -> tuple[int, int] | None:
        """A marked position one move from ``(a, b)``, or None."""
        if self.grid is not None:
            return next(((c, d) for c, d in self.rules.ruleset.options((a, b)) if self.grid[c, d]), None)
        pa, pb = self.marked()
        k, l = a - pa, b - pb
        ok = np.flatnonzero((k >= 0) & (l >= 0) & ((k > 0) | (l > 0)))
        if ok.size == 0:
            return None
        hits = ok[self.rules.allows(a, b, k[ok], l[ok])]
        return (int(pa[hits[0]]), int(pb[hits[0]])) if hits.size else None

    def add(self, a: int, b: int) -> None:
        """Mark ``(a, b)``."""
        if self.count == self._pa.size:
            self._pa = np.concatenate([self._pa, np.zeros_like(self._pa)])
            self._pb = np.concatenate([self._pb, np.zeros_like(self._pb)])
        self._pa[self.count], self._pb[self.count] = a, b
        self.count += 1
        if self.grid is not None:
            self.grid[a, b] = True
        if a < self.col_min[b]:
            self.col_min[b] = a
        key = b - a + self.rows
        if a < self.line_min[key]:
            self.line_min[key] = a


def p_set(rules: Rules, rows: int, cols: int, unit: str = "rows") -> list[tuple[int, int]]:
    """All P-positions ``(a, b)`` of the box, in row-major order."""
    if rules.structured and rules.first == rules.second == "all" and not rules.has_extra:
        return _p_set_by_mex(rules.diagonals, rows, cols, unit)
    sweep = Sweep(rules, rows, cols)
    result = []
    with Progress(unit, total=rows + 1) as progress:
        for a in range(rows + 1):
            check_interrupt()
            progress.tick()
            candidates = np.flatnonzero(~sweep.structural(a))
            if rules.has_extra and rules.invariant:
                _row_in_blocks(sweep, rules, a, candidates, result)
                continue
            first_in_row = None
            for b in candidates.tolist():
                if first_in_row is not None and rules.second_allowed(a, b):
                    if rules.second == "all":
                        break
                    continue
                if sweep.extra_hits(a, b):
                    continue
                sweep.add(a, b)
                result.append((a, b))
                if first_in_row is None:
                    first_in_row = b
    return result


def _p_set_by_mex(diagonals, rows: int, cols: int, unit: str = "rows") -> list[tuple[int, int]]:
    """:func:`p_set` for rulesets whose moves are Nim moves on either heap and whole diagonals
    ``(k, k + d)``, ``d`` in ``diagonals`` (Wythoff's game, Fraenkel's ``m``-Wythoff), in time about
    linear in ``rows + cols``.

    Each row and each column holds at most one P-position (a Nim move joins two in one line), and a
    position is attacked along diagonal ``d`` exactly when a P-position ``(p, q)`` with ``p <= a - max(1,
    1 - d)`` has ``q - p = b - a - d``.  So the P-position of row ``a`` is the least ``b`` whose column is
    still free and whose difference ``b - a`` is not forbidden: Wythoff's mex construction (Wythoff 1907;
    Fraenkel 1982 for ``m``-Wythoff), with "next free" pointers (union-find with path halving) over columns
    and over differences, so each row costs a few pointer steps instead of a pass over the row.

    >>> _p_set_by_mex((0,), 13, 13)             # Wythoff: (floor(n phi), floor(n phi^2)) and mirrors
    [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (6, 10), (7, 4), (8, 13), (10, 6), (13, 8)]
    """
    col_next = list(range(cols + 2))                  # col_next chains lead to the least free column >= c
    shift = rows + 1                                  # differences b - a lie in [-rows, cols]
    diff_next = list(range(rows + cols + 3))
    pending: dict[int, list[int]] = {}                # row -> differences forbidden from that row on

    def free(parent: list, x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    result = []
    with Progress(unit, total=rows + 1) as progress:
        for a in range(rows + 1):
            if not a & 1023:
                check_interrupt()
            progress.tick()
            for delta in pending.pop(a, ()):
                i = delta + shift
                if 0 <= i < len(diff_next) - 1 and diff_next[i] == i:
                    diff_next[i] = i + 1
            b = 0
            while True:
                b = free(col_next, b)
                if b > cols:
                    break
                b2 = a + free(diff_next, b - a + shift) - shift
                if b2 == b or b2 > cols:
                    b = b2
                    break
                b = b2
            if b > cols:
                continue
            result.append((a, b))
            col_next[b] = b + 1
            for d in diagonals:
                # (a, b) attacks (a + k, b + k + d) for k >= max(1, 1 - d): from row a + max(1, 1 - d) on.
                pending.setdefault(a + max(1, 1 - d), []).append(b - a + d)
    return result


def _row_in_blocks(sweep: Sweep, rules: Rules, a: int, candidates: np.ndarray, result: list) -> None:
    """Row ``a`` of :func:`p_set` for invariant rulesets with extra moves: candidates are tested a block at a
    time against the marks; after a new mark the rest is tested again (attacks only grow)."""
    first_in_row = None
    i = 0
    while i < candidates.size:
        block = candidates[i:i + _BLOCK]
        if first_in_row is not None:
            if rules.second == "all":
                return
            if rules.second == "larger":
                block = block[block < a]
                if block.size == 0:
                    i += _BLOCK
                    continue
        free = np.flatnonzero(~sweep.extra_hits_block(a, block))
        if free.size == 0:
            i += _BLOCK
            continue
        b = int(block[free[0]])
        sweep.add(a, b)
        result.append((a, b))
        if first_in_row is None:
            first_in_row = b
        i = int(np.searchsorted(candidates, b)) + 1


def check_set(rules: Rules, member: np.ndarray, name: str = "the set", ignore: np.ndarray | None = None):
    """The first position (row-major) where ``member`` (a boolean array over the box) is not stable or not
    absorbing, as a :class:`Counterexample`, or None.  Positions where ``ignore`` is true are left out of the
    game graph (Lemma 2.14 of Mignoty et al. uses this with the P-positions removed)."""
    rows, cols = member.shape[0] - 1, member.shape[1] - 1
    sweep = Sweep(rules, rows, cols)
    with Progress("rows", total=rows + 1) as progress:
        for a in range(rows + 1):
            check_interrupt()
            progress.tick()
            attacked = sweep.structural(a)
            row = member[a]
            members = np.flatnonzero(row)
            if members.size and rules.second != "none":
                later = sweep.b_index > members[0]
                if rules.second == "larger":
                    later &= sweep.b_index >= a
                attacked |= later
            todo = ~attacked if ignore is None else ~attacked & ~ignore[a]
            for b in np.union1d(members, np.flatnonzero(todo)).tolist():
                if row[b]:
                    if attacked[b] or sweep.extra_hits(a, b):
                        target = sweep.witness(a, b) or _same_row_target(members, a, b)
                        return Counterexample((a, b), "stable", target,
                                              f"not stable: ({a}, {b}) and {target} are both in {name}, and "
                                              f"({a}, {b}) moves to {target}")
                    sweep.add(a, b)
                elif not sweep.extra_hits(a, b):
                    return Counterexample((a, b), "absorbing", None,
                                          f"({a}, {b}) is not in {name} and has no move into it")
    return None


def _same_row_target(members, a: int, b: int) -> tuple[int, int]:
    """The member to the left of ``(a, b)`` in its row (a second-heap move not yet in the index)."""
    return (a, int(members[0]))
