"""Benchmarks for misère play: canonical forms of Kayles heaps, games born by day n, misère quotients.

Run:  python benchmarks/bench_misere.py                 (everything, the octal sweep included)
      python benchmarks/bench_misere.py --no-sweep      (without the sweep of the 63 octal codes)
      python benchmarks/bench_misere.py --sweep-only --limit 60

Each line prints what was computed, the wall-clock time and the CPU time of this process; caches are cleared
before each measurement.  The sweep runs every octal code with one or two digits after the point (0.1 .. 0.7,
0.01 .. 0.77) until its periodicity criterion certifies the quotient of all heaps, or for at most ``--limit``
seconds; a code that does not finish is listed with the heaps it finished and why it stopped.
"""

from __future__ import annotations

import argparse
import time

import cgt
from cgt.misere.game import born_by_misere, count_born_by_misere, misere_canonical_form_of
from cgt.misere.quotient import misere_quotient, octal_options


def timed(label: str, fn):
    cgt.clear_caches()
    start, cpu = time.perf_counter(), time.process_time()
    result = fn()
    elapsed, used = time.perf_counter() - start, time.process_time() - cpu
    print(f"{label:<66} {elapsed:8.3f} s  (cpu {used:.3f} s)", flush=True)
    return result, elapsed


def kayles_forms(limit: int = 20):
    heap = octal_options("0.77")

    def options(heaps):
        return [tuple(sorted(heaps[:i] + o + heaps[i + 1:])) for i, h in enumerate(heaps) for o in heap(h)]

    def split(heaps):
        return [(h,) for h in heaps] if len(heaps) > 1 else [heaps]

    cache: dict = {}
    return [misere_canonical_form_of((n,), options, split, cache) for n in range(1, limit + 1)]


def describe(q) -> str:
    period = f"period {q.period[1]} from heap {q.period[0]}" if q.period else "no period certified"
    return f"order {q.order}, |P| = {len(q.p_portion)}, last growth at heap {q.last_growth}, {period}"


def forms() -> None:
    found, _ = timed("misère canonical forms of Kayles heaps 1..20 (one shared table)", kayles_forms)
    print("   birthdays:", [g.birthday for g in found])
    print("   genera 1..11:", [str(g.genus) for g in found[:11]])
    timed("genus of Kayles heaps 1..20", lambda: [g.genus for g in found])
    timed("born_by_misere(4): the 22 games (from scratch)", lambda: born_by_misere(4))
    timed("count_born_by_misere(5) = 4171780 (counting argument)", lambda: count_born_by_misere(5))


def quotients() -> None:
    for code, n, what in (("0.75", None, "until certified"), ("0.77", None, "Kayles, until certified"),
                          ("0.77", 400, "Kayles, heaps 0..400"), ("0.07", 30, "Dawson's Kayles, heaps 0..30"),
                          ("0.07", 33, "Dawson's Kayles, heaps 0..33")):
        q, _ = timed(f"misère quotient of {code} ({what})", lambda code=code, n=n: misere_quotient(code, n))
        print(f"   heaps 0..{q.n}: {describe(q)}")
        if q.order <= 64:
            print(f"   {q.presentation}")
    print("   Dawson's Kayles, orders of heaps 0..k, k = 24..33:", q.sizes[24:])


def sweep(limit: float) -> None:
    codes = [f"0.{a}" for a in range(1, 8)] + [f"0.{a}{b}" for a in range(8) for b in range(1, 8)]
    print(f"\nOctal games 0.1 .. 0.77: the misère quotient of all heaps, at most {limit:g} s each")
    print(f"{'code':<6} {'order':>6} {'|P|':>5} {'period':>7} {'preperiod':>9} {'certified at':>12} {'seconds':>8}"
          f"  notes")
    unfinished = []
    for code in codes:
        cgt.clear_caches()
        start = time.perf_counter()
        try:
            q = misere_quotient(code, time_limit=limit)
            note = "" if q.is_full else f"not finished in {limit:g} s: heaps 0..{q.n} have order {q.order}"
        except cgt.CGTError as error:
            q = error.partial
            note = f"stopped: {str(error).split(': ', 1)[1]}"
            if f"heaps 0..{q.n}" not in note:
                note += f"; heaps 0..{q.n} have order {q.order}"
        elapsed = time.perf_counter() - start
        if q.is_full:
            n0, p = q.period
            print(f"{code:<6} {q.order:>6} {len(q.p_portion):>5} {p:>7} {n0:>9} {q.n:>12} {elapsed:8.2f}", flush=True)
        else:
            unfinished.append(code)
            print(f"{code:<6} {'-':>6} {'-':>5} {'-':>7} {'-':>9} {'-':>12} {elapsed:8.2f}  {note}", flush=True)
    print(f"{len(codes) - len(unfinished)} of {len(codes)} codes certified; not finished: {', '.join(unfinished)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-sweep", action="store_true", help="skip the sweep of the octal codes")
    parser.add_argument("--sweep-only", action="store_true", help="only the sweep of the octal codes")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per octal code in the sweep")
    args = parser.parse_args()
    if not args.sweep_only:
        forms()
        quotients()
    if not args.no_sweep:
        sweep(args.limit)


if __name__ == "__main__":
    main()
