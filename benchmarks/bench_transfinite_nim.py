"""Transfinite nim arithmetic: how long Lenstra's excesses α_p take, and the p-th-power test behind them.

    python benchmarks/bench_transfinite_nim.py            # excesses of the primes below 140
    python benchmarks/bench_transfinite_nim.py --limit 110

Each excess is computed from a cold cache (cgt.clear_caches) after the excesses of the smaller primes, so a
row is the cost of that prime alone.  The last block compares, for α_47's two candidates in GF(2^5060),
plain square-and-multiply with the Itoh–Tsujii norm chain the search uses.
"""

from __future__ import annotations

import argparse
import time

import cgt
from cgt.transfinite.binary_field import KummerField
from cgt.transfinite.nim import (
    _PolyBasis, _excess_poly, _least_candidate, _odd_prime, _odd_prime_index, _order_of_two, excess,
)
from cgt.errors import TooLargeError


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=140)
    args = parser.parse_args()
    cgt.clear_caches()
    print(f"{'p':>4} {'f(p)':>5}  {'seconds':>8}  alpha_p")
    j = 0
    while _odd_prime(j) < args.limit:
        p = _odd_prime(j)
        start = time.perf_counter()
        try:
            text = str(excess(p))
        except TooLargeError as error:
            text = f"TooLargeError: {error}"
        print(f"{p:>4} {_order_of_two(p):>5}  {time.perf_counter() - start:8.2f}  {text}")
        j += 1

    print("\nalpha_47's candidates in GF(2^5060) = GF(2^220)[z]/(z^23 - alpha_23):")
    basis = _PolyBasis([_excess_poly(7)], 7, 0, "benchmark")
    E = KummerField(basis.field, 23, basis.coordinates(_excess_poly(7)))
    start_poly = _least_candidate(_odd_prime_index(47), 23)
    assert set(start_poly) == {((),) * 7 + ((1,),)}
    for name, element in (("κ_23", [0, 1] + [0] * 21), ("κ_23+1", [1, 1] + [0] * 21)):
        t = time.perf_counter()
        plain = E.pow(element, (2 ** 5060 - 1) // 47) == E.one()
        t_plain = time.perf_counter() - t
        t = time.perf_counter()
        fast = E.is_power(element, 47, 23)
        t_fast = time.perf_counter() - t
        assert plain == fast
        print(f"  {name:8} 47th power: {plain!s:5}  square-and-multiply {t_plain:6.2f} s   norm chain {t_fast:6.2f} s")


if __name__ == "__main__":
    main()
