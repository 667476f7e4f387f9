"""Certified periodicity of Grundy sequences of heap games.

A Grundy sequence ``g(0), g(1), ...`` is *(arithmetic-)periodic* with period ``p``, preperiod ``n0`` and
saltus ``s`` if ``g(n + p) = g(n) + s`` for every ``n >= n0`` (``s = 0``: plain periodicity).  Seeing the
pattern repeat for a while proves nothing; a result here is only ``certified`` when a theorem turns a
finite check into a statement about all ``n``:

* **Subtraction games** with a finite subtraction set of largest element ``M`` (Backhouse §4.3, the
  repeated-window argument): ``g(n)`` depends only on the ``M`` values before it, so if the windows of
  ``M`` values starting at ``n0`` and ``n0 + p`` agree, the sequence repeats from ``n0`` on forever.
* **Octal (take-and-break) games** whose moves remove at most ``k`` tokens and leave at most ``m`` heaps
  (the octal periodicity theorem, Winning Ways ch. 4; Siegel, CGT IV.2): if ``g(n + p) = g(n)`` for all
  ``n0 <= n < m*n0 + (m-1)*p + k`` (``n0 >= 1``), then for all ``n >= n0``.  For ``m = 2`` this is the
  classical bound ``2*n0 + p + k``.
* **All-but subtraction games** (subtract any number except those in a finite set ``E``): the value at
  ``n`` is determined by the *state* (set of values seen before ``n - max E``, and the last ``max E``
  values), normalised by the mex of that set; a repeated state proves arithmetic periodicity.

>>> r = find_certified_period(lambda n: [i % 3 for i in range(n + 1)], lambda n0, p: n0 + p + 1, limit=100,
...                           method="test")
>>> r.found, r.period, r.preperiod, r.certified
(True, 3, 0, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Periodicity", "find_certified_period", "run_start", "state_period"]


@dataclass(frozen=True)
class Periodicity:
    """The outcome of a periodicity search.

    ``found`` -- a period was established; ``certified`` -- by the theorem named in ``method``, whose
    finite check needed the values up to ``bound`` (``checked_to`` is how far values were compared).
    ``message`` says it all in one sentence; ``str()`` prints it.
    """

    found: bool
    period: int | None
    preperiod: int | None
    saltus: int
    certified: bool
    method: str
    checked_to: int
    bound: int | None
    message: str

    def __str__(self) -> str:
        return self.message

    @property
    def last_exceptional(self) -> int | None:
        """The last ``n`` not in the periodic part (``preperiod - 1``), or None if purely periodic."""
        if not self.found or not self.preperiod:
            return None
        return self.preperiod - 1


def run_start(seq: Sequence[int], p: int, saltus: int = 0) -> int:
    """The least ``n0`` with ``seq[n + p] == seq[n] + saltus`` for all ``n0 <= n <= len(seq) - 1 - p``.

    >>> run_start([5, 0, 1, 0, 1, 0, 1], 2), run_start([0, 1, 2, 3], 1, saltus=1)
    (1, 0)
    """
    last = len(seq) - 1 - p
    n = last
    # Walk back a little; long runs are then located by binary search on slice equality (C speed).
    steps = 0
    while n >= 0 and seq[n + p] == seq[n] + saltus and steps < 64:
        n -= 1
        steps += 1
    if n < 0 or steps < 64 or saltus:
        if saltus:
            while n >= 0 and seq[n + p] == seq[n] + saltus:
                n -= 1
        return n + 1
    lo, hi = 0, n + 1          # invariant: the property holds from hi on; we look for the least such start
    if seq[0:last + 1] == seq[p:last + 1 + p]:
        return 0
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if seq[mid:last + 1] == seq[mid + p:last + 1 + p]:
            hi = mid
        else:
            lo = mid
    return hi


def find_certified_period(sequence: Callable[[int], Sequence[int]], required: Callable[[int, int], int],
                          limit: int, method: str, start: int = 128, min_start: int = 0,
                          name: str = "the sequence") -> Periodicity:
    """Search for the least period whose repetition a theorem certifies.

    ``sequence(N)`` returns ``g(0..N)``.  ``required(n0, p)`` is the largest index whose value the
    theorem needs compared (``g(n + p) == g(n)`` for ``n0 <= n`` and ``n + p`` up to that index) to certify
    period ``p`` from ``n0``.  The search doubles ``N`` up to ``limit``; periods are tried in increasing
    order, and a period is taken as a candidate once its repetition has been observed at least twice.
    """
    n_max = max(8, min(start, limit))
    candidate = None
    while True:
        seq = sequence(n_max)
        top = len(seq) - 1
        candidate = None
        for p in range(1, top // 2 + 1):
            n0 = run_start(seq, p)
            if top - p - n0 + 1 < 2 * p:
                continue
            cert_from = max(n0, min_start)
            need = required(cert_from, p)
            if need <= top:
                pre = n0
                msg = (f"{name}: period {p}, preperiod {pre}"
                       + (f" (last exceptional value at n = {pre - 1})" if pre else " (purely periodic)")
                       + f"; certified by {method}: values compared up to n = {need}")
                return Periodicity(True, p, pre, 0, True, method, top, need, msg)
            candidate = (p, n0, need)
            break
        if top >= limit:
            if candidate:
                p, n0, need = candidate
                msg = (f"{name}: no certified period up to n = {top}; period {p} from {n0} is observed but "
                       f"{method} needs values up to n = {need} (raise limit)")
            else:
                msg = f"{name}: no period found up to n = {top} (limit {limit})"
            return Periodicity(False, None, None, 0, False, method, top, None, msg)
        grow = 2 * n_max if candidate is None else max(2 * n_max, candidate[2] + 1)
        n_max = min(limit, grow)


def state_period(sequence: Callable[[int], Sequence[int]], excluded: frozenset[int], limit: int,
                 name: str = "the sequence", start: int = 128) -> Periodicity:
    """Certified arithmetic periodicity of an all-but subtraction game (subtract any ``s >= 1`` not in
    ``excluded``) by a repeated normalised state; see the module docstring.

    >>> r = state_period(lambda n: list(range(n + 1)), frozenset(), 100)   # Nim: g(n) = n
    >>> r.period, r.preperiod, r.saltus, r.certified
    (1, 0, 1, True)
    """
    e = max(excluded, default=0)
    method = "the repeated-state argument for all-but subtraction games"
    n_max = max(8, min(start, limit))
    while True:
        seq = sequence(n_max)
        top = len(seq) - 1
        seen: dict = {}
        present: set = set()
        mu = 0
        for n in range(e, top + 1):
            # State at n: values of g on [0, n - e) (normalised by their mex mu) and the window g[n-e:n].
            while mu in present:
                mu += 1
            high = frozenset(v - mu for v in present if v > mu)
            window = tuple(v - mu if v >= mu else -1 for v in seq[n - e:n])
            state = (high, window)
            if state in seen:
                n1, mu1 = seen[state]
                big_p, saltus = n - n1, mu - mu1
                return _minimal_arithmetic(seq, n1, big_p, saltus, top, name, method)
            seen[state] = (n, mu)
            present.add(seq[n - e])
        if top >= limit:
            return Periodicity(False, None, None, 0, False, method, top, None,
                               f"{name}: no repeated state up to n = {top} (limit {limit})")
        n_max = min(limit, 2 * n_max)


def _minimal_arithmetic(seq, n1: int, big_p: int, saltus: int, top: int, name: str, method: str) -> Periodicity:
    """From a certified arithmetic period (big_p, saltus) valid from n1, the least period and preperiod.

    Every eventual arithmetic period divides ``big_p`` (Bezout), and ``g(n + d) - g(n)`` is periodic with
    period ``big_p`` from ``n1``, so checking one full period of ``n`` decides each divisor ``d``.
    """
    for d in range(1, big_p + 1):
        if big_p % d:
            continue
        if d * saltus % big_p:
            continue
        s = saltus * d // big_p
        if n1 + big_p + d > len(seq) - 1:
            continue
        if all(seq[n + d] - seq[n] == s for n in range(n1, n1 + big_p)):
            n0 = n1
            while n0 > 0 and seq[n0 - 1 + d] - seq[n0 - 1] == s:
                n0 -= 1
            msg = (f"{name}: arithmetic period {d}, saltus {s}, preperiod {n0}; certified by {method} "
                   f"(state at n = {n1} recurs at n = {n1 + big_p})")
            return Periodicity(True, d, n0, s, True, method, top, n1 + big_p, msg)
    raise AssertionError("unreachable: big_p itself is a period")  # pragma: no cover
