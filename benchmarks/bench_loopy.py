"""Loopy games: simplification of random game graphs of 10, 50 and 200 nodes.

Run: ``python benchmarks/bench_loopy.py`` (prints a Markdown table for docs/performance.md).

Each graph gives every node up to three Left and three Right options chosen at random among the nodes
(pseudo-random, fixed generator state, so runs are comparable).  Stoppers are made by cutting the Left
moves of positions on infinite alternating plays.  For each size the table reports the mean time of the
simplest form of a stopper and of both sides of a general graph (which may need move deletion), in CPU
time of this process (``time.process_time``), so that other jobs on the machine do not inflate it.
"""

from __future__ import annotations

import random
import statistics
import time

from cgt.errors import NotApplicableError
from cgt.loopy.graph import Graph
from cgt.loopy.sides import side
from cgt.loopy.simplify import simplest


def random_graph(rng: random.Random, n: int) -> Graph:
    left = [rng.sample(range(n), rng.randint(0, min(3, n))) for _ in range(n)]
    right = [rng.sample(range(n), rng.randint(0, min(3, n))) for _ in range(n)]
    return Graph.build(left, right, 0)


def make_stopper(g: Graph) -> Graph:
    left = list(g.left)
    while not Graph(tuple(left), g.right, 0).is_stopper():
        for k in Graph(tuple(left), g.right, 0).alternating_cycle_nodes():
            left[k] = ()
    return Graph(tuple(left), g.right, 0)


def run(n: int, count: int, rng: random.Random) -> tuple:
    stopper_times, found_times, failed_times, sizes = [], [], [], []
    for _ in range(count):
        g = random_graph(rng, n)
        s = make_stopper(g)
        t0 = time.process_time()
        c = simplest(s)
        stopper_times.append(time.process_time() - t0)
        sizes.append(c.size)
        t0 = time.process_time()
        try:
            side(g, True)
            side(g, False)
            found_times.append(time.process_time() - t0)
        except NotApplicableError:
            failed_times.append(time.process_time() - t0)
    return stopper_times, found_times, failed_times, max(sizes)


def _ms(times: list) -> str:
    return f"{statistics.mean(times) * 1000:.1f} ms" if times else "-"


def main() -> None:
    rng = random.Random(2026)
    print("| nodes | graphs | simplest form of a stopper (mean) | both sides of a graph (mean) | sides found: mean "
          "| sides not found: count, mean | largest simplest form |")
    print("|---|---|---|---|---|---|---|")
    for n, count in ((10, 20), (50, 10), (200, 3)):
        st, found, failed, size = run(n, count, rng)
        print(f"| {n} | {count} | {_ms(st)} | {_ms(found + failed)} | {_ms(found)} | {len(failed)}, {_ms(failed)} "
              f"| {size} nodes |")


if __name__ == "__main__":
    main()
