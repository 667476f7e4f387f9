"""Retrograde solver benchmark: positions solved per second by ``cgt.solve``.

Workloads: the board-colouring game (Diaconescu's Example 2) on n x n boards, n = 1.. (stopping at the
state limit), and the KöMaL multiples game for all 1 <= k, n <= 100 in one table.  Positions are counted
as the solver's states (up to the ruleset's ``state_key``: board symmetry for board colouring).

    python benchmarks/bench_solve.py                  # n up to 7, limit 3 million positions
    python benchmarks/bench_solve.py --max-n 6 --limit 200000
"""

from __future__ import annotations

import argparse
import time

from cgt import solve
from cgt.errors import TooLargeError
from cgt.games import BoardColouring, Multiples
from cgt.search.solve import solve_all


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-n", type=int, default=7)
    parser.add_argument("--limit", type=int, default=3_000_000)
    args = parser.parse_args()
    print("| workload | result | positions | seconds | positions/s |")
    print("|---|---|---:|---:|---:|")
    for n in range(1, args.max_n + 1):
        began = time.perf_counter()
        try:
            s = solve(BoardColouring(n)(), max_states=args.limit, progress=False)
        except TooLargeError as error:
            print(f"| BoardColouring({n}) | stopped: {error} | >{args.limit} | "
                  f"{time.perf_counter() - began:.2f} | |")
            break
        t = time.perf_counter() - began
        print(f"| BoardColouring({n}) | {s.result} | {len(s)} | {t:.3f} | {len(s) / max(t, 1e-9):,.0f} |")
    began = time.perf_counter()
    s = solve_all([Multiples(k, n) for k in range(1, 101) for n in range(1, 101)], progress=False)
    t = time.perf_counter() - began
    print(f"| Multiples 1..100 x 1..100 | {s.counts()['second']} second-player wins (up to swapping heaps) "
          f"| {len(s)} | {t:.3f} | {len(s) / t:,.0f} |")


if __name__ == "__main__":
    main()
