"""Benchmarks for impartial games: Grundy sequences of octal games, de Bruijn's game, nim products.

Run:  python benchmarks/bench_impartial.py            (about a minute compiled; CGT_PURE=1: the Python engine)
      python benchmarks/bench_impartial.py --quick    (skips the slow direct runs)

Each line prints what was computed, its CPU time (``time.process_time``: what the work costs, whatever else
runs on the machine) and its wall-clock time.  Fresh ruleset instances are used, so no
cache is shared between measurements.
"""

from __future__ import annotations

import random
import sys
import time

from cgt.games import DeBruijn, TakeAndBreak
from cgt.impartial.nimarith import nim_inverse, nim_product


def timed(label: str, fn):
    start, cpu = time.perf_counter(), time.process_time()
    result = fn()
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"{label:<68} {cpu:8.3f} s CPU {elapsed:8.3f} s wall", flush=True)
    return result, elapsed


def sequences(quick: bool) -> None:
    timed("Kayles 0.77 to n = 40,000, direct",
          lambda: TakeAndBreak("0.77").grundy_sequence(40_000, method="direct"))
    for code in ("0.77", "0.07", "0.137"):
        timed(f"{code} to n = 10^6, auto (certify period, then fill)",
              lambda code=code: TakeAndBreak(code).grundy_sequence(10**6))
    timed("Grundy's game 4!.0 to n = 100,000 (GrundysGame(100000).NimValue)",
          lambda: TakeAndBreak("4!.0").grundy_sequence(100_000))
    timed("0.106 periodicity(limit=10^5) (no period: 10^5 values)",
          lambda: TakeAndBreak("0.106").periodicity(limit=10**5))
    timed("0.16 periodicity(limit=10^5)", lambda: TakeAndBreak("0.16").periodicity(limit=10**5))
    if not quick:
        timed("0.77 to n = 10^6, direct",
              lambda: TakeAndBreak("0.77").grundy_sequence(10**6, method="direct"))
        for code in ("0.07", "0.137"):
            timed(f"{code} to n = 100,000, direct",
                  lambda code=code: TakeAndBreak(code).grundy_sequence(100_000, method="direct"))
        timed("0.164 to n = 30,000, direct (values past 255: counted)",
              lambda: TakeAndBreak("0.164").grundy_sequence(30_000, method="direct"))
        timed("0.6 to n = 100,000, direct (Officers; values past 255)",
              lambda: TakeAndBreak("0.6").grundy_sequence(100_000, method="direct"))
        timed("0.106 to n = 10^6, direct (no sparse space; values fit a byte)",
              lambda: TakeAndBreak("0.106").grundy_sequence(10**6, method="direct"))
        timed("0.04 to n = 262,144, direct (no sparse space; values past 255)",
              lambda: TakeAndBreak("0.04").grundy_sequence(262_144, method="direct"))
        timed("0.764 to n = 131,072, direct (three split rules; values past 255)",
              lambda: TakeAndBreak("0.764").grundy_sequence(131_072, method="direct"))
    timed("Kayles periodicity() (octal periodicity theorem)", lambda: TakeAndBreak("0.77").periodicity())


def debruijn(budget: float) -> None:
    start = time.perf_counter()
    n = 0
    while time.perf_counter() - start < budget:
        n += 1
        t = time.perf_counter()
        moves = DeBruijn.winning_first_moves(n)
        if n in (10, 20, 30, 40) or n % 10 == 0:
            print(f"  de Bruijn n = {n:3d}: winning first moves {moves}  ({time.perf_counter() - t:.2f} s)",
                  flush=True)
    print(f"de Bruijn's game solved for n = 1..{n} in {time.perf_counter() - start:.1f} s "
          f"(budget {budget:.0f} s)", flush=True)


def nimbers() -> None:
    rng = random.Random(1)
    pairs = [(rng.getrandbits(128), rng.getrandbits(128)) for _ in range(2000)]
    timed("2,000 nim products of 128-bit nimbers", lambda: [nim_product(a, b) for a, b in pairs])
    timed("2,000 nim inverses of 128-bit nimbers", lambda: [nim_inverse(a or 1) for a, _ in pairs])


if __name__ == "__main__":
    quick = "--quick" in sys.argv
    sequences(quick)
    nimbers()
    debruijn(10.0 if quick else 60.0)
