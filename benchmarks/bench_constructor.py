"""The public constructors and the small sums, against fixed CPU-time targets.

    python benchmarks/bench_constructor.py            # best of 5 runs per row, CPU seconds
    python benchmarks/bench_constructor.py --runs 9

Rows:

* **explicit Domineering DAGs**: every position of the empty 4×4 (5,700 positions) and 4×5 (58,830) Domineering
  boards, with its Left and Right options as lists of the options' values, turned into canonical forms by
  the public constructor ``cgt.game(lefts, rights)`` from the leaves up -- what a user pays who writes a
  game of their own in Python.  The positions and option lists are built before the clock starts; the
  kernel's tables are emptied (``cgt.clear_caches()``) before each run.  A second row runs the same loop
  with a constructor that does nothing: what the loop itself costs (on Python 3.11, its two list
  comprehensions a position are most of it), so the difference is the constructor's.
* **sums of switches**: three rows of 10 and of 40 switches ``{a|b}`` (``a`` uniform in ``-10..10``,
  ``a - b`` in ``1..20``, as in ``bench_peers.py``), each row added up from its first element.
* **a hot multiple**: ``500 * {3||2|1}``, whose doublings sum large translates of one another (a check on
  any change to how sums of translates are made).
* **fresh nim sums**: 100,000 sums ``*a + *b`` with ``a, b < 2^20``, and the same loop without the sums.

Each row reports the best CPU time (``time.process_time``) of ``--runs`` runs in this process.
"""

from __future__ import annotations

import argparse
import random
import time

import cgt
from cgt.games import Domineering
from boards import empty_board


def domineering_dag(rows: int, cols: int):
    """``(order, lefts, rights)``: the positions of an empty board from the leaves up, and each one's option
    positions (indices into ``order``)."""
    start = Domineering(empty_board(rows, cols)).position
    ruleset = Domineering
    index: dict = {}
    order: list = []
    lefts: list = []
    rights: list = []
    stack = [(start, False)]
    while stack:
        pos, expanded = stack.pop()
        if pos in index:
            continue
        if not expanded:
            stack.append((pos, True))
            for option in list(ruleset.left_options(pos)) + list(ruleset.right_options(pos)):
                if option not in index:
                    stack.append((option, False))
            continue
        index[pos] = len(order)
        order.append(pos)
        lefts.append([index[o] for o in ruleset.left_options(pos)])
        rights.append([index[o] for o in ruleset.right_options(pos)])
    return order, lefts, rights


def build_dag(lefts, rights, game=None):
    """The values of the DAG's positions through the public constructor (or ``game``, any callable taking
    the two option lists)."""
    game = game or cgt.game
    values: list = []
    for ls, rs in zip(lefts, rights):
        values.append(game([values[i] for i in ls], [values[i] for i in rs]))
    return values[-1]


def nothing(lefts, rights):
    """A constructor that does no work: :func:`build_dag` with it is the floor set by the loop itself."""
    return cgt.zero


def switch_rows(count: int, k: int = 10):
    """Three rows of ``count`` switches ``{a|b}``: ``a`` uniform in ``-k..k``, ``a - b`` in ``1..2k``."""
    rng = random.Random(3)
    return [[cgt.game([a], [a - rng.randint(1, 2 * k)]) for a in (rng.randint(-k, k) for _ in range(count))]
            for _ in range(3)]


def add_rows(rows):
    out = []
    for row in rows:
        total = row[0]
        for g in row[1:]:
            total = total + g
        out.append(total)
    return out


def best_cpu(work, runs: int, prepare=None):
    best = float("inf")
    result = None
    for _ in range(runs):
        cgt.clear_caches()
        args = prepare() if prepare else ()
        began = time.process_time()
        result = work(*args)
        best = min(best, time.process_time() - began)
    return best, result


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"kernel: {cgt.kernel_info()}; best of {args.runs} runs, CPU seconds")
    print("| workload | result | CPU ms | target ms |")
    print("|---|---|---:|---:|")
    for rows, cols, target in ((4, 4, 6), (4, 5, 95)):
        _, lefts, rights = domineering_dag(rows, cols)
        t, value = best_cpu(build_dag, args.runs, lambda: (lefts, rights))
        print(f"| explicit Domineering {rows}x{cols} DAG through game() ({len(lefts):,} positions) | `{value}` "
              f"| {t * 1000:.1f} | {target} |")
        t, _ = best_cpu(build_dag, args.runs, lambda: (lefts, rights, nothing))
        print(f"| the same loop with a constructor that does nothing (the loop's own cost) | | {t * 1000:.1f} | |")
    for k, target in ((10, None), (40, 65)):
        t, totals = best_cpu(add_rows, args.runs, lambda k=k: (switch_rows(k),))
        shown = ", ".join(str(x)[:24] for x in totals)
        print(f"| sums of {k} switches (x3) | `{shown}` | {t * 1000:.1f} | {target or ''} |")
    chain = cgt.game([3], [cgt.game([2], [1])])
    t, multiple = best_cpu(lambda: 500 * chain, args.runs)
    print(f"| 500 * {{3||2|1}} (a hot multiple, by doublings; {len(multiple.followers()):,} followers) | | "
          f"{t * 1000:.1f} | |")
    rng = random.Random(5)
    pairs = [(rng.randrange(1 << 20), rng.randrange(1 << 20)) for _ in range(100_000)]

    def nim_items():
        return ([(cgt.nimber(a), cgt.nimber(b)) for a, b in pairs],)

    t, _ = best_cpu(lambda items: [g + h for g, h in items], args.runs, nim_items)
    print(f"| 100,000 fresh nim sums *a + *b | | {t * 1000:.1f} | |")
    t, _ = best_cpu(lambda items: [g for g, h in items], args.runs, nim_items)
    print(f"| the same loop without the sums (the loop's own cost) | | {t * 1000:.1f} | |")


if __name__ == "__main__":
    main()
