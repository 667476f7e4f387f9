"""Strip benchmark: Toads and Frogs rows ``t^k .^k f^k`` (as far as a time budget allows) and Mock Turtles.

Each Toads and Frogs row runs in a fresh process (no table shared between rows) and is compared with
pycgt's ``toads_and_frogs`` when that peer is importable (run with ``/tmp/peers/bin/python``).  Mock
Turtles: ``Spawning("1-3").grundy_sequence(10**5)`` (closed form: the odious numbers, Winning Ways ch. 14)
and the generic mex over coin sets as far as the budget allows.

    python benchmarks/bench_strips.py [--budget 60]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

CHILD = r"""
import sys, time
which, text = sys.argv[1], sys.argv[2]
if which == "cgt":
    from cgt.games import ToadsAndFrogs
    t = time.perf_counter(); v = str(ToadsAndFrogs(text).value); dt = time.perf_counter() - t
else:
    import pycgt.rulesets.toads_and_frogs as m
    t = time.perf_counter(); v = str(m.value(text)); dt = time.perf_counter() - t
print(f"{dt:.3f}\t{v}")
"""


def run(which: str, text: str, budget: float):
    try:
        out = subprocess.run([sys.executable, "-c", CHILD, which, text], capture_output=True, text=True,
                             timeout=budget)
    except subprocess.TimeoutExpired:
        return None, f"> {budget:.0f} s"
    if out.returncode:
        return None, out.stderr.strip().splitlines()[-1][:60]
    seconds, value = out.stdout.strip().split("\t")
    return float(seconds), value


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=60.0)
    ap.add_argument("--max-k", type=int, default=12)
    args = ap.parse_args()
    try:
        import pycgt  # noqa: F401
        peers = ["pycgt"]
    except ImportError:
        peers = []
    print("| row | value | cgt s | " + " | ".join(f"{p} s" for p in peers) + " |")
    print("|---|---|---:|" + "---:|" * len(peers))
    for k in range(1, args.max_k + 1):
        for gap in (1, 2):
            text = "t" * k + "." * gap + "f" * k
            seconds, value = run("cgt", text, args.budget)
            cells = [f"{p_s:.2f}" if p_s is not None else p_v for p_s, p_v in (run(p, text, args.budget) for p in peers)]
            shown = f"{seconds:.2f}" if seconds is not None else value
            print(f"| `{text}` | {value if seconds is not None else '-'} | {shown} | " + " | ".join(cells) + " |",
                  flush=True)
            if seconds is None:
                return_after = True
                break
        else:
            continue
        break
    from cgt.games.turning import Spawning, generic_sequence
    t = time.perf_counter()
    seq = Spawning("1-3").grundy_sequence(10 ** 5)
    print(f"\nMock Turtles, closed form, heaps 1..10^5: {time.perf_counter() - t:.3f} s (last value {seq[-1]})")
    n = 50
    while True:
        t = time.perf_counter()
        generic_sequence("1-3", n)
        dt = time.perf_counter() - t
        print(f"Mock Turtles, generic mex over coin sets, heaps 1..{n}: {dt:.2f} s")
        if dt * 8 > args.budget:
            break
        n *= 2


if __name__ == "__main__":
    main()
