"""Loopy games: onsides and offsides of random game graphs and of Backsliding Toads and Frogs positions.

Run: ``python benchmarks/bench_loopy.py`` (prints Markdown tables for docs/performance.md).

Each random graph gives every node up to three Left and three Right options chosen at random among the
nodes, itself included (a pass), from a fixed generator state, so runs are comparable.  Both sides of each
graph are computed twice: by the library's finite simplification (:mod:`cgt.loopy.sides`) and by Conway's
sidling, the previous method, kept as the test oracle ``tests/loopy/sidling.py``.  The tables report the
mean CPU time of this process (``time.process_time``, so other jobs on the machine do not inflate it), the
sides sidling does not find, and the sides the finite simplification leaves cyclic.  Stoppers (the
Left moves of positions on infinite alternating plays cut) also time the simplest form.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from cgt.errors import NotApplicableError  # noqa: E402
from cgt.loopy.graph import Graph  # noqa: E402
from cgt.loopy.sides import side  # noqa: E402
from cgt.loopy.simplify import simplest  # noqa: E402
from tests.loopy.sidling import sidle_side  # noqa: E402


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


def both_sides(method, g: Graph) -> tuple[float, int, int]:
    """(CPU seconds, sides not found, sides left cyclic) for both sides of ``g``."""
    t0 = time.process_time()
    failed = cyclic = 0
    for onside in (True, False):
        try:
            result = method(g, onside)
            cyclic += not result.is_stopper()
        except NotApplicableError:
            failed += 1
    return time.process_time() - t0, failed, cyclic


def _ms(times: list) -> str:
    return f"{statistics.mean(times) * 1000:.1f} ms" if times else "-"


def random_table() -> None:
    print("| graphs | nodes | method | both sides (mean) | sides not found | sides left cyclic |")
    print("|---|---|---|---|---|---|")
    for label, count, sizes in (("up to 12", 2000, (1, 12)), ("10", 20, (10, 10)), ("50", 10, (50, 50)),
                                ("200", 3, (200, 200))):
        rng = random.Random(2026)
        graphs = [random_graph(rng, rng.randint(*sizes)) for _ in range(count)]
        for name, method in (("finite simplification", side), ("sidling (before)", sidle_side)):
            results = [both_sides(method, g) for g in graphs]
            print(f"| {count} | {label} | {name} | {_ms([r[0] for r in results])} | {sum(r[1] for r in results)} "
                  f"| {sum(r[2] for r in results)} |")


def stopper_table() -> None:
    print("| nodes | stoppers | simplest form (mean) | largest simplest form |")
    print("|---|---|---|---|")
    for n, count in ((10, 20), (50, 10), (200, 3)):
        rng = random.Random(2026)
        times, sizes = [], []
        for _ in range(count):
            s = make_stopper(random_graph(rng, n))
            t0 = time.process_time()
            sizes.append(simplest(s).size)
            times.append(time.process_time() - t0)
        print(f"| {n} | {count} | {_ms(times)} | {max(sizes)} nodes |")


def toads_table() -> None:
    """Both sides of whole Backsliding Toads and Frogs position graphs (not layered)."""
    from cgt.games import BackslidingToadsAndFrogs
    from cgt.games.engine.loopy import position_graph

    print("| position | nodes | method | both sides | sides not found |")
    print("|---|---|---|---|---|")
    for text in ("tt..ff", "t.t.f.f", "tt...ff", "tt.f.tf", "t.tf..f", "t..t.ff"):
        p = BackslidingToadsAndFrogs(text)
        graph = position_graph(p.ruleset, p.position, 100_000)
        g = Graph.build(graph.left, graph.right, 0)
        for name, method in (("finite simplification", side), ("sidling (before)", sidle_side)):
            seconds, failed, _ = both_sides(method, g)
            print(f"| {text} | {g.size} | {name} | {seconds:.2f} s | {failed} |")


def main() -> None:
    random_table()
    print()
    stopper_table()
    print()
    toads_table()


if __name__ == "__main__":
    main()
