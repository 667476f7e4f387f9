"""Pattern discovery: periods of sequences, Beatty pairs with a closed-form ratio, cone laws.

* :func:`find_period` -- the least period (and preperiod, and saltus for arithmetic periodicity) that a
  finite sequence shows at least twice over; what repeats in a finite window need not repeat forever
  (Backhouse, *Algorithmic Problem Solving*, §4.3, explains when a subtraction game's pattern must);
* :func:`find_beatty` -- ``alpha`` in closed form when pairs are ``(floor(n alpha), floor(n beta))`` with
  ``1/alpha + 1/beta = 1`` (Wythoff: ``GoldenRatio``; Mignoty, Renard, Rigo, Whiteland, *Automatic proofs in
  combinatorial game theory*, §2);
* :func:`find_cone` -- the law ``c a < b < C a`` of a P-grid (Diaconescu, *Computational modelling for
  combinatorial game strategies*, §5: the KöMaL game's ``n/phi < k < phi n``).

Closed forms come from exact arithmetic: the data confine the constant to an interval with rational
ends; the continued fractions of the two ends agree on a prefix, and when that prefix is eventually periodic
(two periods at least) the quadratic irrational with that periodic expansion is proposed, and kept only if
it lies in the interval.

>>> find_period([1, 0, 1, 2, 0, 1, 2, 0, 1, 2])
Period(preperiod=1, period=3, saltus=0)
>>> find_beatty([(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20), (14, 23)])
GoldenRatio
>>> find_beatty([(1, 2), (2, 4)]) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import sympy

from cgt.errors import InvalidPositionError

__all__ = ["Period", "find_period", "find_beatty", "beatty_interval", "closed_form_in", "ConeLaw",
           "find_cone"]


@dataclass(frozen=True)
class Period:
    """``s[n + period] == s[n] + saltus`` for every ``n >= preperiod`` of the sequence examined."""

    preperiod: int
    period: int
    saltus: int


def find_period(sequence, arithmetic: bool = False, repeats: int = 2) -> Period | None:
    """The period ``p`` and preperiod with ``s[n + p] == s[n] + saltus`` for all ``n`` from the preperiod
    on, the periodic part at least ``repeats`` periods long, and ``preperiod + period`` least (then ``p``
    least); ``saltus`` is 0 unless ``arithmetic``.  None if there is none.

    >>> find_period([0, 1, 2, 3, 4, 5, 6, 7], arithmetic=True)
    Period(preperiod=0, period=1, saltus=1)
    >>> find_period([0, 1, 2, 3, 4, 5, 6, 7]) is None
    True
    """
    s = np.asarray(list(sequence), dtype=np.int64)
    n = s.size
    best = None
    for p in range(1, n // repeats + 1):
        diff = s[p:] - s[:-p]
        saltus = int(diff[-1]) if arithmetic else 0
        bad = np.flatnonzero(diff != saltus)
        start = int(bad[-1]) + 1 if bad.size else 0
        if n - start >= repeats * p and (best is None or start + p < best.preperiod + best.period):
            best = Period(start, p, saltus)
    return best


#: How many times the period must show in the common prefix before a quadratic irrational is proposed.
_REPEATS = 2


# -- closed forms from intervals --------------------------------------------------------------------------
@dataclass(frozen=True)
class Interval:
    """Rational bounds ``lo < x < hi`` (``<=`` where not open)."""

    lo: Fraction
    hi: Fraction
    lo_open: bool
    hi_open: bool

    def contains(self, x) -> bool:
        """Exact membership of a sympy number."""
        lo, hi = sympy.Rational(self.lo.numerator, self.lo.denominator), sympy.Rational(self.hi.numerator,
                                                                                        self.hi.denominator)
        above = bool(x > lo) if self.lo_open else bool(x >= lo)
        below = bool(x < hi) if self.hi_open else bool(x <= hi)
        return above and below


def _cf(x: Fraction) -> list[int]:
    terms = []
    while True:
        q = x.numerator // x.denominator
        terms.append(q)
        x -= q
        if x == 0:
            return terms
        x = 1 / x


def closed_form_in(interval: Interval, evidence: int):
    """The simplest closed form in the interval: a quadratic irrational whose continued fraction is the
    periodic pattern of the ends' common prefix, else a rational with denominator at most
    ``sqrt(evidence)``; None when neither exists."""
    left, right = _cf(interval.lo), _cf(interval.hi)
    prefix = []
    for x, y in zip(left, right):
        if x != y:
            break
        prefix.append(x)
    best = None
    for p in range(1, len(prefix) // _REPEATS + 1):
        for t in range(1, len(prefix) - _REPEATS * p + 1):
            tail = prefix[t:]
            if all(tail[i] == tail[i % p] for i in range(len(tail))):
                best = (t, p)
                break
        if best:
            break
    if best:
        t, p = best
        value = sympy.nsimplify(sympy.continued_fraction_reduce(prefix[:t] + [prefix[t:t + p]]))
        if sympy.simplify(value - sympy.GoldenRatio) == 0:
            value = sympy.GoldenRatio
        if interval.contains(value):
            return value
    rational = _simplest_rational(interval)
    if rational is not None and rational.denominator ** 2 <= evidence:
        return sympy.Rational(rational.numerator, rational.denominator)
    return None


def _simplest_rational(interval: Interval) -> Fraction | None:
    """The rational with least denominator in the interval (Stern-Brocot descent)."""
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 0
    for _ in range(10_000):
        n, d = lo_n + hi_n, lo_d + hi_d
        x = Fraction(n, d)
        if x < interval.lo or (x == interval.lo and interval.lo_open):
            lo_n, lo_d = n, d
        elif x > interval.hi or (x == interval.hi and interval.hi_open):
            hi_n, hi_d = n, d
        else:
            return x
    return None


# -- Beatty pairs ------------------------------------------------------------------------------------------
def beatty_interval(pairs) -> Interval | None:
    """The ``alpha`` with ``a_n = floor(n alpha)`` and ``b_n = floor(n alpha / (alpha - 1))`` for every pair
    (indexed from 0 when the first pair is ``(0, 0)``, else from 1), as an interval; None if empty."""
    pairs = sorted(tuple(p) for p in pairs)
    if not pairs:
        raise InvalidPositionError("find_beatty: no pairs")
    start = 0 if pairs[0] == (0, 0) else 1
    lo, lo_open, hi, hi_open = Fraction(1), True, Fraction(10 ** 18), True
    for n, (a, b) in enumerate(pairs, start):
        if n == 0:
            continue
        x = Fraction(a, n)
        if x > lo:
            lo, lo_open = x, False
        x = Fraction(a + 1, n)
        if x < hi or x == hi:
            hi, hi_open = x, True
        # beta = alpha/(alpha - 1) is decreasing: b/n <= beta < (b + 1)/n bounds alpha the other way.
        low_beta, high_beta = Fraction(b, n), Fraction(b + 1, n)
        if low_beta > 1:
            x = low_beta / (low_beta - 1)
            if x < hi:
                hi, hi_open = x, False
        if high_beta <= 1:
            return None
        x = high_beta / (high_beta - 1)
        if x >= lo:
            lo, lo_open = x, True
    if lo > hi or (lo == hi and (lo_open or hi_open)):
        return None
    return Interval(lo, hi, lo_open, hi_open)


def find_beatty(pairs):
    """``alpha`` as a sympy number when the pairs are ``(floor(n alpha), floor(n beta))``,
    ``1/alpha + 1/beta = 1`` (``GoldenRatio`` for Wythoff's P-positions), else None."""
    interval = beatty_interval(pairs)
    if interval is None:
        return None
    return closed_form_in(interval, len(pairs))


# -- cone laws --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ConeLaw:
    """On the grid ``1 <= a, b <= bound``: ``(a, b)`` is a P-position iff ``low a < b < high a``."""

    low: object
    high: object
    bound: int
    axis_p_positions: tuple

    def __str__(self) -> str:
        def show(x):
            if x == sympy.GoldenRatio:
                return "phi"
            if x == 1 / sympy.GoldenRatio or sympy.simplify(x * sympy.GoldenRatio - 1) == 0:
                return "1/phi"
            return str(x)

        axes = ", ".join(str(p) for p in self.axis_p_positions) or "none"
        low = "a/phi" if show(self.low) == "1/phi" else f"{show(self.low)} a"
        law = f"{low} < b < {show(self.high)} a"
        if "phi" in law:
            law += " (phi = GoldenRatio, the golden ratio)"
        return (f"P-positions (a, b) with 1 <= a, b <= {self.bound}: exactly those with {law}; "
                f"P-positions on the axes: {axes}")


def find_cone(grid) -> ConeLaw | None:
    """The law ``low a < b < high a`` (closed forms) that a boolean P-grid ``grid[a, b]`` obeys off the
    axes, or None."""
    grid = np.asarray(grid, dtype=bool)
    bound = min(grid.shape) - 1
    grid = grid[: bound + 1, : bound + 1]
    inner = np.argwhere(grid[1:, 1:]) + 1
    outer = np.argwhere(~grid[1:, 1:]) + 1
    if inner.size == 0:
        return None
    p_ratios = [Fraction(int(b), int(a)) for a, b in inner]
    low_p, high_p = min(p_ratios), max(p_ratios)
    above, below = None, None
    for a, b in outer:
        r = Fraction(int(b), int(a))
        if low_p <= r <= high_p:
            return None
        if r > high_p and (above is None or r < above):
            above = r
        if r < low_p and (below is None or r > below):
            below = r
    if above is None or below is None:
        return None
    evidence = grid.size
    high = closed_form_in(Interval(high_p, above, True, False), evidence)
    low = closed_form_in(Interval(below, low_p, False, True), evidence)
    if high is None or low is None:
        return None
    axes = tuple((int(a), int(b)) for a, b in np.argwhere(grid) if a == 0 or b == 0)
    return ConeLaw(low, high, bound, axes)
