"""Fast Grundy sequences of take-and-break games whose moves leave at most two heaps.

A heap of ``m`` has three kinds of moves under such a code: take all ``j = m`` tokens (digit bit 1), take
``j`` and leave one heap ``m - j`` (bit 2), take ``j`` and split the rest into two non-empty heaps
``a + b = m - j`` (bit 4; with ``!`` the two heaps must differ).  By the Sprague-Grundy theorem (Winning
Ways ch. 4; Siegel, CGT IV.1) ``g(m)`` is the mex of ``0``, ``g(m - j)`` and ``g(a) XOR g(b)`` over those
moves.  The splits make the computation of ``g(0..n)`` quadratic; :class:`OctalSequence` makes each of its
steps cheap, by one of two methods:

* the values live in a numpy array and, reversed, in a second one, so the values of *all* splits
  ``a + b = r`` of a heap are one vectorised XOR of two contiguous slices (a *row*);
* while values fit a byte, a row is a byte string, and "is ``v`` reached?" is ``v in row`` -- a ``memchr``
  that stops at the first hit, so the mex costs one full pass over the row (for the value that is missing)
  plus short searches for the values below it, which turn up early;
* wider values (some codes pass 255 after a few thousand heaps) are counted (``numpy.bincount``), which is
  linear too, if slower per entry;
* the sparse-space technique of Gangolli-Plambeck and Flammenkamp: a bit mask splits values into *rare*
  (even parity of ``v & mask``) and *common* ones, chosen so that rare values are rare.  Common XOR common
  is rare, so a common value is only reached by splits with a rare part, and only those are enumerated;
  rare values below the candidate are confirmed by a short search from the smallest heaps.  That search is
  pure Python: it wins where rare heaps are very few (Kayles: ``g(0..10^6)`` in about 14 s of CPU), the
  vectorised rows win elsewhere (Grundy's game: ``g(0..100000)`` in about a second).  So at each doubling
  of the sequence, from heap 4096 on, the mask is chosen again and both methods are timed on a few heaps;
  the faster one computes the rest of the stretch.

>>> seq = [0]
>>> kayles = OctalSequence(leave0=[1, 2], leave1=[1, 2], split=[(1, False), (2, False)])      # 0.77
>>> kayles.extend(seq, 12)
>>> seq                                            # Winning Ways ch. 4, Kayles
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
>>> seq = [0]
>>> OctalSequence(leave0=[], leave1=[], split=[(0, True)]).extend(seq, 20)       # Grundy's game 4!.0
>>> seq                                            # Winning Ways ch. 4; OEIS A002188
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
"""

from __future__ import annotations

import time
from bisect import bisect_left
from collections import Counter
from operator import xor

import numpy as np

from cgt.runtime.compiled import optional_module
from cgt.runtime.interrupt import check_interrupt
from cgt.runtime.progress import Progress

__all__ = ["OctalSequence", "CompiledOctalSequence", "sequence_engine", "sparse_mask"]

_INTERRUPT_EVERY = 256       # heaps between two Ctrl-C polls
_FIRST_REVIEW = 4096         # first heap at which the sparse space is considered (then at each doubling)
_SAMPLE = 32                 # heaps timed with each method at a review


class OctalSequence:
    """The state of one fast Grundy-sequence computation (see the module docstring).

    ``leave0``: the ``j`` for which taking a whole heap of ``j`` is a move; ``leave1``: the ``j`` for
    which taking ``j`` and leaving one heap is; ``split``: ``(j, unequal)`` pairs, taking ``j`` and leaving
    two heaps (``unequal``: they must differ).  :meth:`extend` appends to a caller's list of values and
    keeps its own arrays in step with it (values appended to the list by someone else, e.g. from a
    certified period, are taken over on the next call).

    >>> from cgt.games import TakeAndBreak
    >>> s = OctalSequence(leave0=[1], leave1=[], split=[(2, False)])      # 0.14
    >>> seq = [0]; s.extend(seq, 10); seq == TakeAndBreak("0.14").grundy_sequence(10)
    True
    """

    def __init__(self, leave0, leave1, split) -> None:
        self.leave0 = frozenset(leave0)
        self.leave1 = tuple(leave1)
        self.split = tuple((j, bool(u)) for j, u in split)
        self.n = 0                                   # values held in the arrays
        self.cap = 0
        self.values = np.zeros(0, dtype=np.uint8)    # values[i] = g(i)
        self.reversed = np.zeros(0, dtype=np.uint8)  # reversed[cap - 1 - i] = g(i)
        self.scratch = np.zeros(0, dtype=np.uint8)   # where a row is computed
        # The sparse space (see the module docstring): value histogram, mask, rare heaps, method in use.
        self.hist: dict[int, int] = {}
        self.mask = 0
        self.rare: list[int] = []
        self.next_review = _FIRST_REVIEW
        self.sparse = False

    # -- storage -----------------------------------------------------------------------------------------
    def _reserve(self, size: int) -> None:
        if size <= self.cap:
            return
        cap = max(size, 2 * self.cap, 1024)
        n, dtype = self.n, self.values.dtype
        values = np.zeros(cap, dtype=dtype)
        values[:n] = self.values[:n]
        rev = np.zeros(cap, dtype=dtype)
        rev[cap - n:] = self.reversed[self.cap - n:]
        self.values, self.reversed, self.cap = values, rev, cap
        self.scratch = np.zeros(cap, dtype=dtype)

    def _append(self, g: int) -> None:
        n = self.n
        if n >= self.cap:
            self._reserve(n + 1)
        self._widen(g)
        self.values[n] = g
        self.reversed[self.cap - 1 - n] = g
        self.n = n + 1
        self.hist[g] = self.hist.get(g, 0) + 1
        if self.mask and n and not _parity(g & self.mask):
            self.rare.append(n)

    def _widen(self, g: int) -> None:
        """Store values in a wider type from now on if ``g`` does not fit the present one."""
        if g > 255 and self.values.dtype == np.uint8 or g > 65535 and self.values.dtype == np.uint16:
            dtype = np.uint16 if g <= 65535 else np.int64
            self.values = self.values.astype(dtype)
            self.reversed = self.reversed.astype(dtype)
            self.scratch = self.scratch.astype(dtype)

    def _sync(self, seq: list[int]) -> None:
        """Take over values the caller's list has and the arrays do not (or restart if it shrank)."""
        if len(seq) < self.n:
            self.__init__(self.leave0, self.leave1, self.split)
        if len(seq) > self.n:
            n, top = self.n, len(seq)
            self._reserve(top)
            tail = seq[n:]
            biggest = max(tail)
            if biggest > 255 and self.values.dtype == np.uint8 or biggest > 65535:
                self._widen(biggest)
            self.values[n:top] = tail
            self.reversed[self.cap - top:self.cap - n] = tail[::-1]
            self.n = top
            for v, c in Counter(tail).items():
                self.hist[v] = self.hist.get(v, 0) + c
            if self.mask:
                self.rare.extend(a for a in range(max(n, 1), top) if not _parity(seq[a] & self.mask))

    # -- one heap ------------------------------------------------------------------------------------------
    def _rows(self, m: int) -> list:
        """For each split digit, the array ``g(a) XOR g(r - a)``, ``a = 1..half``, ``r = m - j``."""
        rows = []
        cap, values, rev = self.cap, self.values, self.reversed
        for j, unequal in self.split:
            rest = m - j
            if rest >= 2:
                half = (rest - 1) // 2 if unequal else rest // 2
                start = cap - rest
                rows.append(np.bitwise_xor(values[1:half + 1], rev[start:start + half],
                                           out=self.scratch[:half] if len(self.split) == 1 else None))
        return rows

    def _take_reach(self, m: int) -> set[int]:
        values = self.values
        reach = {int(values[m - j]) for j in self.leave1 if j < m}
        if m in self.leave0:
            reach.add(0)
        return reach

    def grundy(self, m: int) -> int:
        """``g(m)`` from the values of the heaps below ``m`` (which must be held).

        >>> s = OctalSequence(leave0=[1, 2], leave1=[1, 2], split=[(1, False), (2, False)])     # Kayles
        >>> seq = [0]; s.extend(seq, 10); s.grundy(11)
        6
        """
        reach = self._take_reach(m)
        rows = self._rows(m)
        if self.values.dtype == np.uint8:
            hay = bytes(sorted(reach)) + b"".join(row.tobytes() for row in rows)
            g = 0
            while g < 256 and g in hay:
                g += 1
            return g
        # Wide values: count them (linear, like the XOR itself, if some twenty times slower per entry).
        counts = np.bincount(np.concatenate(rows) if len(rows) > 1 else rows[0]) if rows else np.zeros(0)
        g = next((v for v in np.flatnonzero(counts == 0).tolist() if v not in reach), counts.size)
        while g in reach:
            g += 1
        return g

    # -- the sparse space ----------------------------------------------------------------------------------
    def _choose_mask(self, seq: list[int]) -> None:
        """Pick the mask with the fewest rare heaps (Gangolli-Plambeck sparse space), or 0 if none helps."""
        best_mask = sparse_mask(self.hist)
        if best_mask != self.mask:
            self.mask = best_mask
            self.rare = [a for a in range(1, len(seq)) if not _parity(seq[a] & best_mask)] if best_mask else []

    def sparse_grundy(self, seq: list[int], m: int) -> int:
        """``g(m)`` by the sparse space (pure Python, on the caller's list ``seq`` of ``g(0..m-1)``): only
        the splits with a rare heap are enumerated; rare values below the least common value not reached
        are looked for among all splits, from the smallest heaps on, stopping at the first witnesses.

        >>> s = OctalSequence(leave0=[1, 2], leave1=[1, 2], split=[(1, False), (2, False)])     # Kayles
        >>> seq = [0]; s.extend(seq, 300); s._choose_mask(seq); s.sparse_grundy(seq, 301) == s.grundy(301)
        True
        """
        mask, rare = self.mask, self.rare
        reach = {seq[m - j] for j in self.leave1 if j < m}
        if m in self.leave0:
            reach.add(0)
        for j, unequal in self.split:
            rest = m - j
            if rest < 2:
                continue
            count = bisect_left(rare, rest)
            if unequal and not rest & 1:
                reach.update([seq[a] ^ seq[rest - a] for a in rare[:count] if 2 * a != rest])
            else:
                reach.update([seq[a] ^ seq[rest - a] for a in rare[:count]])
        # The least common value not reached is not reachable at all (common XOR common is rare).
        c = 0
        while not _parity(c & mask) or c in reach:
            c += 1
        needed = {r for r in range(c) if not _parity(r & mask) and r not in reach}
        if needed:
            missing = _split_missing(seq, m, needed, self.split)
            if missing:
                return min(missing)
        return c

    def _review(self, seq: list[int], m: int, n: int, progress) -> int:
        """At each doubling of the sequence: choose the mask again, then time both methods on a few heaps
        and keep the faster for the rest of the stretch.  Returns the next heap to compute.  With too few
        heaps left to time, the present method goes on and the review waits for the next call."""
        if m + 2 * _SAMPLE > n:
            return m
        self._choose_mask(seq)
        self.next_review = 2 * m
        self.sparse = False
        if not self.mask:
            return m
        times = []
        for sparse in (False, True):
            start = time.perf_counter()
            for m in range(m, m + _SAMPLE):
                g = self.sparse_grundy(seq, m) if sparse else self.grundy(m)
                self._append(g)
                seq.append(g)
                progress.tick()
            m += 1
            times.append(time.perf_counter() - start)
        self.sparse = times[1] < times[0]
        return m

    # -- the driver ----------------------------------------------------------------------------------------
    def extend(self, seq: list[int], n: int) -> None:
        """Append ``g(len(seq)), ..., g(n)`` to ``seq`` (which holds ``g(0), g(1), ...``).

        Shows progress on long runs (:class:`~cgt.runtime.progress.Progress`) and stops on Ctrl-C between
        two heaps, keeping the values computed so far.
        """
        if len(seq) > n:
            return
        self._sync(seq)
        m = self.n
        self._reserve(n + 1)
        with Progress("heaps", total=n + 1 - m) as progress:
            while m <= n:
                if m >= self.next_review:
                    m = self._review(seq, m, n, progress)
                stop = n if self.next_review <= m else min(n, self.next_review - 1)
                for m in range(m, stop + 1):
                    g = self.sparse_grundy(seq, m) if self.sparse else self.grundy(m)
                    self._append(g)
                    seq.append(g)
                    progress.tick()
                    if not m % _INTERRUPT_EVERY:
                        check_interrupt()
                m = stop + 1


class CompiledOctalSequence:
    """:class:`OctalSequence`'s two methods in C (``games/heap/_octal.c``), with the same :meth:`extend`.

    The values live in one int32 array; the C loop computes a stretch of heaps at a time, by the plain
    method (every split marked) or the sparse space, and Python in between shows progress, polls Ctrl-C and,
    at each doubling of the sequence, chooses the mask again and times both methods on a few heaps.

    >>> from cgt.games.heap.octal_sequence import compiled_engine
    >>> engine = compiled_engine()
    >>> if engine is not None:                      # the C extension is built and CGT_PURE is not set
    ...     seq = [0]
    ...     CompiledOctalSequence(engine, leave0=[1, 2], leave1=[1, 2], split=[(1, False), (2, False)]).extend(seq, 12)
    ...     print(seq)
    ... else:
    ...     print([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4])
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    """

    _SAMPLE = 256              # heaps timed with each method at a review
    _FIRST_STRETCH = 256       # heaps in the first call to C; doubled while a call takes under a tenth of a second

    def __init__(self, engine, leave0, leave1, split) -> None:
        self.engine = engine
        self.leave0 = tuple(leave0)
        self.leave1 = tuple(leave1)
        self.split = tuple((j, bool(u)) for j, u in split)
        self.values = np.zeros(1, dtype=np.int32)   # values[i] = g(i); values[0] = 0
        self.n = 1
        self.mask = 0
        self.rare = np.zeros(0, dtype=np.int32)
        self.rare_count = 0
        self.sparse = False
        self.next_review = _FIRST_REVIEW
        self.stretch = self._FIRST_STRETCH

    def _reserve(self, size: int) -> None:
        if size > self.values.size:
            grown = np.zeros(max(size, 2 * self.values.size), dtype=np.int32)
            grown[:self.n] = self.values[:self.n]
            self.values = grown

    def _sync(self, seq: list[int]) -> None:
        """Take over values the caller's list has and the array does not (or restart if it shrank)."""
        if len(seq) < self.n:
            self.__init__(self.engine, self.leave0, self.leave1, self.split)
        if len(seq) > self.n:
            self._reserve(len(seq))
            self.values[self.n:len(seq)] = seq[self.n:]
            self.n = len(seq)
            self._find_rare()

    def _find_rare(self) -> None:
        """The rare heaps (``a >= 1``, even parity of ``g(a) & mask``) below ``n``, for the present mask."""
        if not self.mask:
            self.rare_count = 0
            return
        held = self.values[1:self.n] & self.mask
        parity = np.zeros(held.shape, dtype=np.int32)
        while held.any():
            parity ^= held & 1
            held = held >> 1
        rare = np.flatnonzero(parity == 0).astype(np.int32) + 1
        self.rare = np.zeros(max(1024, 2 * rare.size), dtype=np.int32)
        self.rare[:rare.size] = rare
        self.rare_count = rare.size

    def _run(self, stop: int, sparse: bool) -> None:
        """Compute ``g(n .. stop - 1)`` by one call to C."""
        start = self.n
        if sparse:
            need = self.rare_count + stop - start
            if need > self.rare.size:
                grown = np.zeros(2 * need, dtype=np.int32)
                grown[:self.rare_count] = self.rare[:self.rare_count]
                self.rare = grown
            self.rare_count = self.engine.run(self.values, start, stop, self.leave0, self.leave1, self.split,
                                              self.mask, self.rare, self.rare_count)
        else:
            self.engine.run(self.values, start, stop, self.leave0, self.leave1, self.split, 0, self.rare, 0)
        self.n = stop

    def _review(self, stop: int) -> None:
        """At a doubling of the sequence: the mask again, then the faster method on a sample of heaps.  With
        too few heaps left before ``stop`` to time them, the present method goes on and the review waits for
        the next call."""
        if self.n + 2 * self._SAMPLE > stop:
            return
        self.next_review = 2 * self.n
        hist = np.bincount(self.values[:self.n])
        self.mask = sparse_mask({v: int(c) for v, c in enumerate(hist.tolist()) if c})
        self.sparse = False
        if not self.mask:
            return
        times = []
        for sparse in (False, True):
            if sparse:
                self._find_rare()
            begin = time.perf_counter()
            self._run(self.n + self._SAMPLE, sparse)
            times.append(time.perf_counter() - begin)
        self.sparse = times[1] < times[0]

    def extend(self, seq: list[int], n: int) -> None:
        """Append ``g(len(seq)), ..., g(n)`` to ``seq``, as :meth:`OctalSequence.extend` does."""
        if len(seq) > n:
            return
        self._sync(seq)
        self._reserve(n + 1)
        with Progress("heaps", total=n + 1 - len(seq)) as progress:
            while self.n <= n:
                before = self.n
                if self.n >= self.next_review:
                    self._review(n + 1)
                if self.n <= n:
                    review = self.next_review if self.next_review > self.n else n + 1
                    stop = min(n + 1, self.n + self.stretch, review)
                    begin = time.perf_counter()
                    self._run(stop, self.sparse and self.mask != 0)
                    if time.perf_counter() - begin < 0.1:
                        self.stretch *= 2
                seq.extend(self.values[before:self.n].tolist())
                progress.tick(self.n - before)
                check_interrupt()


_engine_module: list = []


def compiled_engine():
    """The C engine (``cgt.games.heap._octal``), or None: not built, or ``CGT_PURE=1``."""
    if not _engine_module:
        _engine_module.append(optional_module("cgt.games.heap._octal", "octal-sequence engine"))
    return _engine_module[0]


def sequence_engine(leave0, leave1, split):
    """The fastest engine available for these moves: :class:`CompiledOctalSequence` when the C extension is
    there, else :class:`OctalSequence`."""
    engine = compiled_engine()
    if engine is not None:
        return CompiledOctalSequence(engine, leave0, leave1, split)
    return OctalSequence(leave0, leave1, split)


def _parity(v: int) -> int:
    return v.bit_count() & 1


def sparse_mask(hist: dict[int, int]) -> int:
    """The mask whose rare values (even parity of ``v & mask``) occur least often in the value histogram
    ``hist`` (value -> count), or 0 when every mask leaves over a third of the heaps rare (no sparse space
    worth having).

    >>> sparse_mask({0: 1, 1: 40, 2: 40, 4: 40, 7: 40})     # 1, 2, 4, 7 all have odd parity
    7
    >>> sparse_mask({0: 10, 1: 10, 2: 10, 3: 10})
    0
    """
    total = sum(hist.values())
    size = 1 << max(1, max(hist, default=0).bit_length())
    counts = np.zeros(size, dtype=np.int64)
    for v, c in hist.items():
        counts[v] = c
    # rare(mask) = (total + sum_v counts[v] (-1)^parity(v & mask)) / 2, and that sum over all masks at once is
    # the Walsh-Hadamard transform of the histogram.
    h = 1
    while h < size:
        pairs = counts.reshape(-1, 2, h)
        counts = np.concatenate((pairs[:, 0] + pairs[:, 1], pairs[:, 0] - pairs[:, 1]), axis=1).reshape(-1)
        h *= 2
    rare = (total + counts[1:]) // 2
    best = int(np.argmin(rare))          # the first, i.e. smallest, mask of the fewest rare heaps
    return 0 if rare[best] * 3 > total else best + 1


def _split_missing(seq: list[int], m: int, needed: set[int], split) -> set[int]:
    """The values of ``needed`` that no split move from a heap of ``m`` reaches (``a + b = m - j``).

    All split digits are searched together, in chunks of growing size from ``a = 1`` on, and the search
    stops as soon as every needed value has been seen, so the cost is set by the earliest witnesses.
    """
    ranges = []
    for j, unequal in split:
        rest = m - j
        if rest >= 2:
            ranges.append((rest, (rest - 1) // 2 if unequal else rest // 2))
    start, size = 1, 8
    while ranges:
        end = start + size - 1
        alive = []
        for rest, half in ranges:
            stop = min(half, end)
            needed.difference_update(map(xor, seq[start:stop + 1], reversed(seq[rest - stop:rest - start + 1])))
            if not needed:
                return needed
            if stop < half:
                alive.append((rest, half))
        ranges = alive
        start, size = end + 1, size * 2
    return needed
