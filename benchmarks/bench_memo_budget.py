"""CPU time of hot-chain sums under several comparison-memo budgets (bounded kernel memory).

The chain ``G_0 = 0``, ``G_{k+1} = {k+1 | G_k}`` (tests/runtime/test_deep.py's chain) is built, then ``G_n + G_n``
is timed with ``time.process_time`` after ``cgt.limits.set_memo_budget(b)``, each cell in a fresh process.

    python benchmarks/bench_memo_budget.py                          # n = 200, 300; budgets 10M, 2M, 1M
    python benchmarks/bench_memo_budget.py --n 200 --budgets 10000000,100000
"""

from __future__ import annotations

import argparse
import subprocess
import sys

CHILD = r"""
import sys, time
from cgt import game, zero
from cgt import limits
n, budget = int(sys.argv[1]), int(sys.argv[2])
limits.set_memo_budget(budget)
g = zero
for k in range(n):
    g = game([k + 1], [g])
t = time.process_time()
g + g
print(time.process_time() - t, limits.memo_stats()["drops"])
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", default="200,300", help="chain lengths, comma-separated")
    parser.add_argument("--budgets", default="10000000,2000000,1000000", help="memo budgets, comma-separated")
    args = parser.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    print("| G_n + G_n | " + " | ".join(f"budget {b:,}" for b in budgets) + " |")
    print("|---|" + "---:|" * len(budgets))
    for n in (int(x) for x in args.n.split(",")):
        cells = []
        for b in budgets:
            out = subprocess.run([sys.executable, "-c", CHILD, str(n), str(b)], capture_output=True, text=True,
                                 check=True).stdout.split()
            cells.append(f"{float(out[0]):.2f} s ({out[1]} drops)")
        print(f"| n = {n} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
