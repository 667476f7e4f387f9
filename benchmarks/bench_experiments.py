"""How far each check of ``cgt.experiments`` goes in a time budget (default 60 s), and Conjecture 3.4.

First two fixed-size runs are timed (Wythoff's P-positions to ``10^5`` by the mex construction).  Then,
for each workload, the bound ``N`` (heaps up to ``N``) grows while the runs stay inside the budget (or up to
``cgt.experiments.positions.MAX_BOUND``): the next ``N`` is predicted from the quadratic cost of the last run, so the largest ``N`` reported is one that
was actually run within the budget.  The Conjecture 3.4 rows (Mignoty, Renard, Rigo, Whiteland, *Automatic
proofs in combinatorial game theory*) run ``compare_redundant`` on Fraenkel's game for m = 2..6.

    python benchmarks/bench_experiments.py                 # 60 s per workload (about half an hour)
    python benchmarks/bench_experiments.py --budget 5      # a quick look
    python benchmarks/bench_experiments.py --only conjecture,RWythoff
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cgt.errors import TooLargeError
from cgt.experiments import (check_stable_absorbing, compare_redundant, fraenkel_pairs, grundy_table,
                             p_positions, redundant_moves)
from cgt.games.heap.invariant import Base2Wythoff, EWythoff, MWythoff, RWythoff, SMWythoff


def wythoff_member(bound):
    grid = np.zeros((bound + 1, bound + 1), dtype=bool)
    for a, b in fraenkel_pairs(bound):
        grid[a, b] = grid[b, a] = True
    return lambda a, b: grid[a, b]


def conjecture(m):
    """Conjecture 3.4: the redundant moves are (n, n + i), (n + i, n), 1 <= i < m, n >= m - i + 2."""
    return lambda k, l: 1 <= abs(k - l) < m and min(k, l) >= m - abs(k - l) + 2


#: Fixed-size runs, timed once each before the budgeted ones (the mex construction: linear in N).
FIXED = {
    "p_positions(MWythoff(1), 10**5)": lambda: len(p_positions(MWythoff(1), 10**5)),
    "p_positions(MWythoff(5), 10**5)": lambda: len(p_positions(MWythoff(5), 10**5)),
}

WORKLOADS = {
    "p_positions Wythoff": (lambda n: len(p_positions(MWythoff(1), n)), 2000),
    "p_positions MWythoff(5)": (lambda n: len(p_positions(MWythoff(5), n)), 2000),
    "p_positions SMWythoff(2, 3)": (lambda n: len(p_positions(SMWythoff(2, 3), n)), 500),
    "p_positions RWythoff": (lambda n: len(p_positions(RWythoff, n)), 1000),
    "p_positions EWythoff": (lambda n: len(p_positions(EWythoff, n)), 1000),
    "p_positions Base2Wythoff": (lambda n: len(p_positions(Base2Wythoff, n)), 500),
    "stable+absorbing EWythoff": (lambda n: check_stable_absorbing(EWythoff, wythoff_member(n), n), 1000),
    "redundant_moves MWythoff(2)": (lambda n: len(redundant_moves(MWythoff(2), n, 40)), 1000),
    "grundy_table Wythoff": (lambda n: int(grundy_table(MWythoff(1), n, n).values.max()), 200),
}
WORKLOADS.update({f"conjecture 3.4, m = {m}": (lambda n, m=m: compare_redundant(MWythoff(m), n, conjecture(m)), 1000)
                  for m in range(2, 7)})


def reach(work, start: int, budget: float):
    """Run ``work(n)`` for growing ``n``; the last run within the budget: (n, seconds, result)."""
    n, best = start, None
    while True:
        began = time.perf_counter()
        try:
            result = work(n)
        except TooLargeError as error:                  # a size limit of the library comes first
            return best or (n, 0.0, f"stopped: {error}")
        seconds = time.perf_counter() - began
        if seconds > budget:
            return best or (n, seconds, result)
        best = (n, seconds, result)
        grow = min(2.0, 0.85 * (budget / max(seconds, 1e-3)) ** 0.5)
        if grow < 1.15:
            return best
        n = int(n * grow)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=60.0)
    parser.add_argument("--only", default="", help="comma-separated: run the workloads whose name contains one")
    args = parser.parse_args()
    for name, work in FIXED.items():
        if any(part in name for part in args.only.split(",")):
            began = time.perf_counter()
            result = work()
            print(f"{name}: {result} P-positions in {time.perf_counter() - began:.2f} s", flush=True)
    print(f"| workload | largest N within {args.budget:g} s | seconds | result |")
    print("|---|---:|---:|---|")
    for name, (work, start) in WORKLOADS.items():
        if not any(part in name for part in args.only.split(",")):
            continue
        n, seconds, result = reach(work, start, args.budget)
        print(f"| {name} | {n} | {seconds:.1f} | {result} |", flush=True)


if __name__ == "__main__":
    main()
