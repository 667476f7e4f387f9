"""Redundant and forbidden moves of invariant two-heap rulesets (Mignoty, Renard, Rigo, Whiteland,
*Automatic proofs in combinatorial game theory*, §2.1-§2.2 and §3.1).

A move is *redundant* if removing it from the rules leaves the P-positions unchanged (Definition 2.11).
Removing moves keeps the P-set stable, so it stays the P-set iff it stays absorbing: a move is redundant
iff it is not the *only* winning move of some N-position.  A move is *forbidden* if adding it changes the
P-positions: adding keeps absorption, so iff it joins two P-positions (their equation (1)).

Within a bound ``N`` (positions with both heaps ``<= N``, a box closed under moves):

* a move reported **non-redundant** comes with an N-position of the box whose only winning move it is --
  a proof for the whole game;
* a move reported **redundant** is only redundant *for the box*: a witness may lie beyond ``N``, so moves
  that are large compared with ``N`` are often wrongly reported redundant.  Evidence, not proof.
* a move reported **forbidden** joins two P-positions of the box -- a proof; one reported allowed might
  still join two P-positions beyond the box.

>>> from cgt.experiments.rules import Rules
>>> class M2:      # Fraenkel's variant with m = 2: Nim moves, or k, l > 0 with |k - l| < 2
...     first_heap = second_heap = "all"
...     diagonals, has_extra, invariant, symmetric = (-1, 0, 1), False, True, True
...     def allows(self, a, b, k, l):
...         k, l = np.asarray(k), np.asarray(l)
...         return ((k == 0) != (l == 0)) | ((k > 0) & (l > 0) & (abs(k - l) < 2))
>>> sorted(redundant_moves(M2(), 60, 6))
[(3, 4), (4, 3), (4, 5), (5, 4), (5, 6), (6, 5)]
>>> sorted(forbidden_moves(M2(), 60, 4))
[(1, 3), (2, 4), (3, 1), (4, 2)]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cgt.runtime.interrupt import check_interrupt
from cgt.runtime.progress import Progress

from cgt.experiments.positions import bound_argument
from cgt.experiments.rules import Rules
from cgt.experiments.sweep import p_set

__all__ = ["redundant_moves", "forbidden_moves", "sole_winning_moves", "compare_redundant", "RedundancyReport"]


def redundant_moves(ruleset, bound: int, move_bound: int) -> set[tuple[int, int]]:
    """The moves ``(k, l)`` of ``ruleset`` with ``0 < k, l <= move_bound`` whose removal leaves the
    P-positions with both heaps ``<= bound`` unchanged (see the module docstring for what that proves)."""
    bound, move_bound = bound_argument(bound), bound_argument(move_bound, "move bound")
    rules = Rules(ruleset)
    table = rules.move_table(move_bound)
    needed = sole_winning_moves(ruleset, bound, move_bound)
    moves = {(int(k), int(l)) for k, l in np.argwhere(table) if k > 0 and l > 0}
    return moves - needed


def forbidden_moves(ruleset, bound: int, move_bound: int) -> set[tuple[int, int]]:
    """The pairs ``(k, l)`` with ``0 < k, l <= move_bound``, not moves of ``ruleset``, that join two
    P-positions with both heaps ``<= bound`` (so adding any of them changes the P-positions)."""
    bound, move_bound = bound_argument(bound), bound_argument(move_bound, "move bound")
    rules = Rules(ruleset)
    table = rules.move_table(move_bound)
    found = np.zeros((move_bound + 1, move_bound + 1), dtype=bool)
    pa, pb = (np.array(x, dtype=np.int64) for x in zip(*p_set(rules, bound, bound)))
    for a, b in zip(pa.tolist(), pb.tolist()):
        check_interrupt()
        k, l = pa - a, pb - b
        near = (k > 0) & (l > 0) & (k <= move_bound) & (l <= move_bound)
        found[k[near], l[near]] = True
    return {(int(k), int(l)) for k, l in np.argwhere(found & ~table)}


def sole_winning_moves(ruleset, bound: int, move_bound: int | None = None) -> set[tuple[int, int]]:
    """The two-heap moves ``(k, l)`` (``0 < k, l <= move_bound``, default ``bound``) that are the only
    winning move of some N-position with both heaps ``<= bound``: the moves proven non-redundant."""
    bound = bound_argument(bound)
    move_bound = bound if move_bound is None else min(bound_argument(move_bound, "move bound"), bound)
    rules = Rules(ruleset)
    positions = p_set(rules, bound, bound)
    if rules.first == rules.second == "all" and not rules.has_extra and 0 in rules.diagonals:
        found = _sole_structured(rules, positions, bound, move_bound)
    else:
        found = _sole_general(rules, positions, bound)
    return {(k, l) for k, l in found if k <= move_bound and l <= move_bound}


def _sole_structured(rules: Rules, positions, bound: int, move_bound: int) -> set[tuple[int, int]]:
    """Nim moves plus whole diagonals including ``(k, k)``: every row, column and line ``b - a`` holds at
    most one P-position (a second one would be a move away), so counting winning moves is a lookup per
    source, done a row at a time."""
    none = np.iinfo(np.int64).max // 4
    row_p = np.full(bound + 1, none, dtype=np.int64)      # b of the P-position in row a
    col_p = np.full(bound + 1, none, dtype=np.int64)      # a of the P-position in column b
    line_p = np.full(2 * bound + 1, none, dtype=np.int64)  # a of the P-position on line b - a
    for a, b in positions:
        row_p[a], col_p[b], line_p[b - a + bound] = b, a, a
    found = np.zeros((move_bound + 1, move_bound + 1), dtype=bool)
    bs = np.arange(bound + 1)
    with Progress("rows", total=bound + 1) as progress:
        for a in range(bound + 1):
            check_interrupt()
            progress.tick()
            count = (row_p[a] < bs).astype(np.int64) + (col_p < a)
            sources = []
            for d in rules.diagonals:
                keys = bs - a - d + bound
                inside = (keys >= 0) & (keys <= 2 * bound)
                p = np.full(bound + 1, none, dtype=np.int64)
                p[inside] = line_p[keys[inside]]
                hit = p <= a - max(1, 1 - d)
                count += hit
                sources.append((d, hit, p))
            sole = (count == 1) & (bs != row_p[a])
            for d, hit, p in sources:
                chosen = sole & hit
                if chosen.any():
                    k = a - p[chosen]
                    small = (k <= move_bound) & (k + d <= move_bound)
                    found[k[small], k[small] + d] = True
    return {(int(k), int(l)) for k, l in np.argwhere(found)}


def _sole_general(rules: Rules, positions, bound: int) -> set[tuple[int, int]]:
    """Any invariant ruleset: for each P-position add its attack region to counters (numpy, box-sized)."""
    table = rules.move_table(bound)
    count = np.zeros((bound + 1, bound + 1), dtype=np.int64)
    sum_a = np.zeros_like(count)
    sum_b = np.zeros_like(count)
    is_p = np.zeros((bound + 1, bound + 1), dtype=bool)
    with Progress("P-positions", total=len(positions)) as progress:
        for p, q in positions:
            check_interrupt()
            progress.tick()
            is_p[p, q] = True
            reach = table[: bound + 1 - p, : bound + 1 - q]
            count[p:, q:] += reach
            sum_a[p:, q:] += reach * p
            sum_b[p:, q:] += reach * q
    sole = (count == 1) & ~is_p
    a, b = np.nonzero(sole)
    k, l = a - sum_a[sole], b - sum_b[sole]
    both = (k > 0) & (l > 0)
    return set(zip(k[both].tolist(), l[both].tolist()))



@dataclass(frozen=True)
class RedundancyReport:
    """A conjectured set of redundant moves against the computation with heaps up to ``bound``.

    ``refuted`` -- conjectured moves that are the only winning move of some position of the box (so not
    redundant: the conjecture is false); ``confirmed_to`` -- every legal two-heap move outside the
    conjecture with both parts ``<= confirmed_to`` has such a witness (proven non-redundant).  That the
    conjectured moves are redundant is only known for the box (evidence, not proof).
    """

    bound: int
    refuted: tuple
    confirmed_to: int

    def __str__(self) -> str:
        if self.refuted:
            return f"refuted with heaps <= {self.bound}: {list(self.refuted)[:10]} are not redundant"
        return (f"consistent with heaps <= {self.bound}: no conjectured move is ever the only winning move, and "
                f"every other move with parts <= {self.confirmed_to} is proven non-redundant")


def compare_redundant(ruleset, bound: int, conjectured) -> RedundancyReport:
    """Check a conjecture ``conjectured(k, l) -> bool`` about which two-heap moves are redundant."""
    bound = bound_argument(bound)
    rules = Rules(ruleset)
    rules.move_table(0)                                  # a one-line error for rulesets that are not invariant
    sole = sole_winning_moves(ruleset, bound)
    refuted = tuple(sorted(m for m in sole if conjectured(*m)))
    confirmed_to = bound
    columns = np.arange(1, bound + 1)[None, :]
    for first in range(1, bound + 1, 256):               # the move table a slice at a time (memory)
        check_interrupt()
        rows = np.arange(first, min(first + 256, bound + 1))[:, None]
        for k, l in np.argwhere(rules.allows(bound, bound, rows, columns)).tolist():
            k, l = k + first, l + 1
            if max(k, l) <= confirmed_to and not conjectured(k, l) and (k, l) not in sole:
                confirmed_to = max(k, l) - 1
    return RedundancyReport(bound, refuted, confirmed_to)
