"""Kernel micro-benchmarks: small operations, timed in one process against any checkout.

    python benchmarks/bench_kernel.py                      # pure-Python and compiled kernel, side by side
    python benchmarks/bench_kernel.py --single             # only the kernel this process imports
    git archive REV cgt | tar -x -C /tmp/base              # another revision's kernel, for a before/after table
    PYTHONPATH=/tmp/base python benchmarks/bench_kernel.py --single
    python benchmarks/bench_kernel.py --nim-row --processes 7   # bench_peers' nim-sum row, CPU time

By default the rows run twice, each in a fresh process: with ``CGT_PURE=1`` (the pure-Python kernel, the
reference) and without (the compiled kernel ``cgt.kernel._kernel`` when it is built; see ``cgt.kernel_info()``).

Each row is timed ``--repeat`` times (default 5) from cleared operation caches (``cgt.clear_caches()``;
interned games stay, so a repeat measures the operations, not first-time creation of their results) and
the fastest CPU time (``time.process_time``) is printed: the machine may be shared, and CPU time of a
single-threaded loop is what stays stable under load.  The last two rows create their results fresh in
every repeat (new nimbers, new thermographs of games never seen before).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys

import cgt
from cpu_timing import best
from cgt import game, integer, nimber




def chain(n: int) -> cgt.Game:
    """``G_n = {n | G_(n-1)}``, ``G_0 = 0``."""
    g = integer(0)
    for k in range(1, n + 1):
        g = game([k], [g])
    return g


def sums(rows):
    for row in rows:
        total = row[0]
        for g in row[1:]:
            total = total + g


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--single", action="store_true", help="time only the kernel this process imports")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # one kernel, rows as JSON
    parser.add_argument("--nim-row", action="store_true",
                        help="bench_peers' row (200,000 nimbers made, then 100,000 sums timed once) in fresh "
                             "processes: min and median CPU time")
    parser.add_argument("--processes", type=int, default=7, help="fresh processes for --nim-row")
    parser.add_argument("--nim-row-cell", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.nim_row_cell:
        nim_row_cell()
        return
    if args.nim_row:
        nim_row(args.processes)
        return
    if not (args.single or args.json):
        compare_kernels(args.repeat)
        return
    rng = random.Random(1)
    day3 = sorted(cgt.born_by(3), key=lambda g: (g.birthday, str(g)))
    hot = [g for g in day3 if g.left_stop > g.right_stop]
    day2 = sorted(cgt.born_by(2), key=str)
    pairs = [(rng.choice(day3), rng.choice(day3)) for _ in range(100_000)]
    nims = [(nimber(rng.randrange(1 << 20)), nimber(rng.randrange(1 << 20))) for _ in range(100_000)]
    nums = [(cgt.dyadic(rng.randrange(-999, 999), 1 << rng.randrange(6)),
             cgt.dyadic(rng.randrange(-999, 999), 1 << rng.randrange(6))) for _ in range(100_000)]
    ints = [(integer(rng.randrange(-999, 999)), integer(rng.randrange(-999, 999))) for _ in range(100_000)]
    switches = [[game([a], [a - rng.randint(1, 20)]) for a in (rng.randint(-10, 10) for _ in range(10))]
                for _ in range(3)]
    trees = [[game(rng.sample(day2, rng.randint(0, 3)), rng.sample(day2, rng.randint(0, 3))) for _ in range(5)]
             for _ in range(3)]
    some_hot = [rng.choice(hot) for _ in range(500)]
    hot_sums = [rng.choice(hot) + rng.choice(hot) + rng.choice(hot) for _ in range(100)]
    g25 = chain(25)
    fresh_nimbers = iter(range(1 << 21, 1 << 40, 1 << 20))
    fresh_shifts = iter(range(1000, 1 << 19, 1000))  # inside the exact float range of cgt.thermo.thermograph

    def fresh_nim_sums():
        shift = next(fresh_nimbers)
        for g, h in nims[:20_000]:
            nimber(shift ^ g.nim_value) + h

    def fresh_thermographs():
        shift = next(fresh_shifts)
        for g in hot_sums:
            (g + shift).temperature

    rows = [
        ("100,000 comparisons G <= H, day-3 values", lambda: [g <= h for g, h in pairs]),
        ("100,000 nim sums *a + *b, a, b < 2^20", lambda: [g + h for g, h in nims]),
        ("100,000 sums of integers", lambda: [g + h for g, h in ints]),
        ("100,000 sums of dyadics m/2^k, k < 6", lambda: [g + h for g, h in nums]),
        ("sums of 10 switches {a|b} (x3)", lambda: sums(switches)),
        ("sums of 5 random day-3 trees (x3)", lambda: sums(trees)),
        ("temperature of 500 hot day-3 values", lambda: [g.temperature for g in some_hot]),
        ("temperature of 100 sums of 3 hot day-3 values", lambda: [g.temperature for g in hot_sums]),
        ("G_25 + G_25, hot chain", lambda: g25 + g25),
        ("20,000 nim sums, every result new", fresh_nim_sums),
        ("100 thermographs of games never seen", fresh_thermographs),
    ]
    if args.json:
        print(json.dumps({"kernel": kernel_name(), "rows": [(label, best(fn, args.repeat)) for label, fn in rows]}))
        return
    print(f"cgt from {cgt.__file__}; {kernel_name()}; best of {args.repeat}, CPU time")
    print("| workload | time |")
    print("|---|---:|")
    for label, fn in rows:
        seconds = best(fn, args.repeat)
        print(f"| {label.replace('|', chr(92) + '|')} | {seconds * 1e3:.1f} ms |", flush=True)


def nim_row_cell() -> None:
    """One process of --nim-row: bench_peers' setup, then the sums timed once with every result new to the
    process except those equal to an operand (about 20%), then again with every result interned."""
    import time

    rng = random.Random(5)
    pairs = [(rng.randrange(1 << 20), rng.randrange(1 << 20)) for _ in range(100_000)]
    items = [(nimber(a), nimber(b)) for a, b in pairs]
    add = lambda g, h: g + h  # noqa: E731  (bench_peers' adder)
    cgt.clear_caches()
    times = []
    for _ in range(2):
        start = time.process_time()
        results = [add(g, h) for g, h in items]
        times.append(time.process_time() - start)
        del results
    print(json.dumps(times))


def nim_row(processes: int) -> None:
    import statistics

    runs = []
    for _ in range(processes):
        out = subprocess.run([sys.executable, os.path.abspath(__file__), "--nim-row-cell"], capture_output=True,
                             text=True, check=True)
        runs.append(json.loads(out.stdout))
    fresh, again = [r[0] * 1e3 for r in runs], [r[1] * 1e3 for r in runs]
    print(f"cgt from {cgt.__file__}; {kernel_name()}; {processes} fresh processes, CPU time")
    print(f"100,000 nim sums, results new: min {min(fresh):.1f} ms, median {statistics.median(fresh):.1f} ms; "
          f"the same sums again: min {min(again):.1f} ms, median {statistics.median(again):.1f} ms")


def kernel_name() -> str:
    info = getattr(cgt, "kernel_info", None)
    return info() if info else "pure (a kernel without cgt.kernel_info(): pure Python only)"


def compare_kernels(repeat: int) -> None:
    """Run the rows on the pure kernel (CGT_PURE=1) and on the compiled one, each in a fresh process."""
    results = []
    for pure in (True, False):
        env = dict(os.environ)
        if pure:
            env["CGT_PURE"] = "1"
        else:
            env.pop("CGT_PURE", None)
        out = subprocess.run([sys.executable, __file__, "--json", "--repeat", str(repeat)], env=env, check=True,
                             capture_output=True, text=True).stdout
        results.append(json.loads(out.strip().splitlines()[-1]))
    pure, compiled = results
    print(f"cgt from {cgt.__file__}; best of {repeat}, CPU time")
    print(f"pure: {pure['kernel']}; compiled: {compiled['kernel']}")
    print("| workload | pure kernel | compiled kernel | speed-up |")
    print("|---|---:|---:|---:|")
    for (label, a), (_, b) in zip(pure["rows"], compiled["rows"]):
        ratio = f"{a / b:.1f}×" if b > 0 else "-"
        print(f"| {label.replace('|', chr(92) + '|')} | {a * 1e3:.1f} ms | {b * 1e3:.1f} ms | {ratio} |")


if __name__ == "__main__":
    main()
