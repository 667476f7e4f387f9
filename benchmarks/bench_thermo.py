"""Thermograph and temperature workloads in one process, on the compiled walls or the pure-Python route.

    python benchmarks/bench_thermo.py                    # compiled walls (cgt.thermo._thermo) when built
    CGT_PURE=1 python benchmarks/bench_thermo.py         # the pure-Python route
    git archive main cgt | tar -x -C /tmp/base           # an older checkout, for the "before" column
    PYTHONPATH=/tmp/base python benchmarks/bench_thermo.py

Each row is timed ``--repeat`` times (default 7) from cleared caches (``cgt.clear_caches()``: every
thermograph of the games and of their followers is recomputed; the games themselves are built before the
clock starts) and the fastest CPU time (``time.process_time``) is printed.  The first two rows are the
thermograph parts of the peer rows "temperature of 500 hot games" and "sum + temperature of 100 hot sums"
of ``benchmarks/bench_peers.py`` (same inputs: the hot values born by day 3, seeds 6 and 7).
"""

from __future__ import annotations

import argparse
import random

import cgt
from cpu_timing import best
from cgt import game, integer, switch




def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    day3 = sorted(cgt.born_by(3), key=lambda g: (g.birthday, str(g)))
    hot = [g for g in day3 if g.left_stop > g.right_stop]
    rng = random.Random(6)
    some_hot = [rng.choice(hot) for _ in range(500)]
    rng = random.Random(7)
    rows = [[rng.choice(hot) for _ in range(3)] for _ in range(100)]
    hot_sums = [a + b + c for a, b, c in rows]
    # Walls with many corners: sums of switches {a | -a} plus a hot day-3 value.
    rng = random.Random(8)
    wide = []
    for _ in range(20):
        g = rng.choice(hot)
        for a in rng.sample(range(1, 40), 6):
            g = g + switch(integer(a))
        wide.append(g)
    # Games past the float bounds: every wall takes the Fraction route.
    huge = [g + (1 << 30) for g in some_hot[:100]]
    chain = integer(0)
    for k in range(1, 301):
        chain = game([k], [chain])

    def thermographs_and_sums():
        for a, b, c in rows:
            (a + b + c).temperature

    workloads = [
        ("temperature of 500 hot day-3 values", lambda: [g.temperature for g in some_hot]),
        ("temperature of 100 sums of 3 hot day-3 values (sums built)", lambda: [g.temperature for g in hot_sums]),
        ("sum + temperature of 100 hot sums (sums in the clock)", thermographs_and_sums),
        ("thermograph of 20 sums of 6 switches + a hot value", lambda: [g.thermograph() for g in wide]),
        ("temperature of 100 hot values + 2^30 (Fraction route)", lambda: [g.temperature for g in huge]),
        ("thermograph of the chain {n || n-1 | ... | 0}, n = 300", lambda: chain.thermograph()),
    ]
    try:
        from cgt.thermo.thermograph import COMPILED
    except ImportError:
        COMPILED = None
    print(f"cgt.thermo.thermograph.COMPILED = {COMPILED}; best of {args.repeat}, CPU time")
    for name, fn in workloads:
        print(f"| {name} | {best(fn, args.repeat) * 1e3:.1f} ms |")


if __name__ == "__main__":
    main()
