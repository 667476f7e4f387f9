"""Birthdays of surreal quotients: finite normal forms (monomial denominators) and infinite ones (several-term
denominators).

    python benchmarks/bench_surreal_birthdays.py

Each row builds the quotient once and times ``x.birthday`` (best of 5 runs, each run on a fresh copy of the
value so that nothing is reused; birthdays are not cached).
"""

from __future__ import annotations

import time

from cgt import omega as w, omega_power as W
from cgt.transfinite.surreal import surreal_from_cnf, as_surreal_parts

CASES = [
    ("(ω+1)/ω^2", lambda: (w + 1) / W(2)),
    ("(ω+1)/(ω-1)", lambda: (w + 1) / (w - 1)),
    ("ω^3/(ω-1)", lambda: W(3) / (w - 1)),
    ("1/(ω^2+ω+1)", lambda: 1 / (W(2) + w + 1)),
    ("(ω^3×5+7)/(ω^3×3-ω+11)", lambda: (W(3) * 5 + 7) / (W(3) * 3 - w + 11)),
    ("ω^ω/(ω-1)", lambda: W(w) / (w - 1)),
    ("1/(ω^ω-ω)", lambda: 1 / (W(w) - w)),
    ("ω^5/(ω^ω×9-27)", lambda: W(5) / (W(w) * 9 - 27)),
    ("ω^5/(ω^ω×1000003+2000006)", lambda: W(5) / (W(w) * 1000003 + 2000006)),
    ("(ω^ω+1)/(ω-1)", lambda: (W(w) + 1) / (w - 1)),
    ("(ω^5+1)/(ω^ω+3)", lambda: (W(5) + 1) / (W(w) + 3)),
    ("(ω^1500+1)/(ω-1)", lambda: (W(1500) + 1) / (w - 1)),
]


def main() -> None:
    print(f"{'quotient':<30} {'ms':>8}  birthday")
    for name, build in CASES:
        x = build()
        parts = as_surreal_parts(x)
        best = float("inf")
        for _ in range(5):
            fresh = surreal_from_cnf(*parts)
            start = time.perf_counter()
            b = fresh.birthday
            best = min(best, time.perf_counter() - start)
        text = str(b)
        print(f"{name:<30} {best * 1000:8.2f}  {text if len(text) < 60 else text[:25] + ' ... ' + text[-25:]}")


if __name__ == "__main__":
    main()
