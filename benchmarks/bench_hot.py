"""Timings for hot-game computations: temperature and thermograph of 500 hot games.

    python benchmarks/bench_hot.py            # 500 hot games born by day 3, seed 3
    python benchmarks/bench_hot.py 1000 7     # count, seed

The games are drawn (with a fixed seed) from the hot games born by day 3
(``left_stop > right_stop``; 1474 values are born by day 3).  Each workload
runs twice: *cold* right after clearing every cache (``cgt.clear_caches()``
and the hot-game modules' own memo tables), then *warm*.  It also times
cooling, freezing, reduced canonical forms, atomic weights of the all-small
games born by day 3, and the thermograph of a game born on day 2001.
"""

from __future__ import annotations

import random
import sys
import time
from fractions import Fraction

import cgt
from cgt.thermo import cooling
from cgt.short import infinitesimal
from cgt.short import products
from cgt.thermo import temperature


def clear_all() -> None:
    cgt.clear_caches()
    for module in (temperature, cooling, infinitesimal, products):
        module.clear_caches()


def timed(label: str, work, games) -> float:
    start = time.perf_counter()
    for g in games:
        work(g)
    elapsed = time.perf_counter() - start
    per = elapsed / max(len(games), 1) * 1e6
    print(f"| {label:<44} | {len(games):>5} | {elapsed * 1e3:>8.1f} | {per:>9.1f} |")
    return elapsed


def main(count: int = 500, seed: int = 3) -> None:
    day3 = sorted(cgt.born_by(3), key=lambda g: (g.birthday, str(g)))
    hot = [g for g in day3 if g.left_stop > g.right_stop]
    sample = random.Random(seed).sample(hot, min(count, len(hot)))
    small = [g for g in day3 if g.is_all_small]
    print(f"python {sys.version.split()[0]}; {len(day3)} games born by day 3, {len(hot)} hot, "
          f"sample {len(sample)} (seed {seed}); {len(small)} all-small")
    print()
    print("| workload                                     | games | total ms | µs / game |")
    print("|----------------------------------------------|------:|---------:|----------:|")

    def both(g):
        g.temperature
        g.thermograph()

    clear_all()
    timed("temperature + thermograph, cold caches", both, sample)
    timed("temperature + thermograph, warm", both, sample)
    clear_all()
    timed("str(thermograph), cold caches", lambda g: str(g.thermograph()), sample)
    clear_all()
    timed("cool by 1/2, cold caches", lambda g: g.cool(Fraction(1, 2)), sample)
    timed("freeze (cool by own temperature)", lambda g: g.freeze(), sample)
    clear_all()
    timed("reduced canonical form, cold caches", lambda g: g.reduced_canonical_form, sample)
    clear_all()
    timed("atomic weight (all-small, day 3), cold", lambda g: g.atomic_weight, small)
    deep = 2000 * cgt.up + cgt.star
    clear_all()
    timed("thermograph of 2000.^ + * (birthday 2001)", lambda g: g.thermograph(), [deep])


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)
