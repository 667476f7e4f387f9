"""Benchmarks for the heap and coordinate rulesets: cake tables, partizan heaps, memory games, and octal
codes through the full take-and-break grammar.

Run:  python benchmarks/bench_heaps.py        (a few seconds)

Each line prints what was computed and the best wall-clock time of three runs on fresh ruleset instances
(no cache shared between runs).
"""

from __future__ import annotations

import time

from cgt import clear_caches
from cgt.games.heap.cutcake import GenCutcake
from cgt.games.heap.mem import TakeAway
from cgt.games.heap.partizan_heap import PartizanSubtraction
from cgt.games.heap.take_and_break import TakeAndBreak
from cgt.games.heap.wythoff import GenWythoff


def timed(label: str, fn, runs: int = 3):
    best = None
    for _ in range(runs):
        clear_caches()
        start = time.perf_counter()
        fn()
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    print(f"{label:<62} {best:8.3f} s", flush=True)
    return best


def main() -> None:
    timed("Cutcake GameValueTable(12, 12), cold",
          lambda: GenCutcake(TakeAndBreak("4.0"), TakeAndBreak("4.0")).game_value_table(12, 12))
    timed("Eatcake GameValueTable(8, 8), cold",
          lambda: GenCutcake(TakeAndBreak("0.7"), TakeAndBreak("0.7")).game_value_table(8, 8))
    timed("MaundyCake GameValueTable(30, 30), cold",
          lambda: GenCutcake(TakeAndBreak("{2+}=.0"), TakeAndBreak("{2+}=.0")).game_value_table(30, 30))
    timed("PartizanSubtraction({1,2},{1,3}) GameValueSequence(200)",
          lambda: PartizanSubtraction([1, 2], [1, 3]).game_value_sequence(200))
    timed("FibonacciNim NimValueTable(60, 60)", lambda: TakeAway(2).nim_value_table(60, 60))
    timed("GenWythoff(k -> k + 2) nim values of 0..40 x 0..40",
          lambda: GenWythoff(lambda k: k + 2)((40, 40)).grundy)
    for code, n in (("0.77", 10_000), ("0.07", 10_000), ("0.137", 10_000), ("4!.0", 3_000)):
        timed(f"{code} to n = {n:,}, direct",
              lambda code=code, n=n: TakeAndBreak(code).grundy_sequence(n, method="direct"))
    timed("{2+}=.0 (Maundy heap, generic path) to n = 2,000",
          lambda: TakeAndBreak("{2+}=.0").grundy_sequence(2_000))


if __name__ == "__main__":
    main()
