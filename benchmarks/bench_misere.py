"""Benchmarks for misère play: canonical forms of Kayles heaps, games born by day n, misère quotients.

Run:  python benchmarks/bench_misere.py

Each line prints what was computed and the wall-clock time; caches are cleared before each measurement.
"""

from __future__ import annotations

import time

import cgt
from cgt.misere.game import born_by_misere, count_born_by_misere, misere_canonical_form_of
from cgt.misere.quotient import misere_quotient, octal_options


def timed(label: str, fn):
    cgt.clear_caches()
    start = time.perf_counter()
    result = fn()
    elapsed = time.perf_counter() - start
    print(f"{label:<66} {elapsed:8.3f} s", flush=True)
    return result, elapsed


def kayles_forms(limit: int = 20):
    heap = octal_options("0.77")

    def options(heaps):
        return [tuple(sorted(heaps[:i] + o + heaps[i + 1:])) for i, h in enumerate(heaps) for o in heap(h)]

    def split(heaps):
        return [(h,) for h in heaps] if len(heaps) > 1 else [heaps]

    cache: dict = {}
    return [misere_canonical_form_of((n,), options, split, cache) for n in range(1, limit + 1)]


def main() -> None:
    forms, _ = timed("misère canonical forms of Kayles heaps 1..20 (one shared table)", kayles_forms)
    print("   birthdays:", [g.birthday for g in forms])
    print("   genera 1..11:", [str(g.genus) for g in forms[:11]])
    timed("genus of Kayles heaps 1..20", lambda: [g.genus for g in forms])
    timed("born_by_misere(4): the 22 games (from scratch)", lambda: born_by_misere(4))
    timed("count_born_by_misere(5) = 4171780 (counting argument)", lambda: count_born_by_misere(5))
    for code, n in (("0.75", 30), ("0.75", 100), ("0.75", 300), ("0.07", 9), ("0.07", 10), ("0.07", 24),
                    ("0.77", 8), ("0.77", 9), ("0.77", 30), ("0.77", 100), ("0.77", 200)):
        q, _ = timed(f"misère quotient of {code}, heaps 0..{n}", lambda code=code, n=n: misere_quotient(code, n))
        print(f"   order {q.order}, |P| = {len(q.p_portion)}, last growth at heap {q.last_growth}, "
              f"period {q.period}")
    for code, n in (("0.07", 25),):
        start = time.perf_counter()
        try:
            misere_quotient(code, n)
        except cgt.CGTError as error:
            print(f"   {code} to {n} ({time.perf_counter() - start:.1f} s): {error}")

if __name__ == "__main__":
    main()
