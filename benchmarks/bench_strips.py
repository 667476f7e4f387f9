"""Strip benchmark: Toads and Frogs rows ``t^k .^k f^k`` (as far as a time budget allows) and Mock Turtles.

Each Toads and Frogs row runs in a fresh process (no table shared between rows) and is compared with
pycgt's ``toads_and_frogs`` when ``/tmp/peers/bin/python`` exists (its value rebuilt here with ``cgt.kernel.game``
from its tree of canonical options; ``DIFF`` would mark a disagreement).  Mock
Turtles: ``Spawning("1-3").grundy_sequence(10**5)`` (closed form: the odious numbers, Winning Ways ch. 14)
and the generic mex over coin sets as far as the budget allows.

    python benchmarks/bench_strips.py [--budget 60] [--max-k 12] [--gaps 1,2,5]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

CHILD = r"""
import json, sys, time
which, text = sys.argv[1], sys.argv[2]

def tree(g, memo={}):
    # memo by id, keeping g alive so that its id is not reused by a temporary option object
    if id(g) not in memo:
        memo[id(g)] = (g, [[tree(x) for x in g.left], [tree(x) for x in g.right]])
    return memo[id(g)][1]

if which == "cgt":
    from cgt.games import ToadsAndFrogs
    t = time.perf_counter(); v = str(ToadsAndFrogs(text).value); dt = time.perf_counter() - t
else:
    import pycgt.rulesets.toads_and_frogs as m
    t = time.perf_counter(); g = m.value(text); dt = time.perf_counter() - t
    v = tree(g)
print(json.dumps([dt, v]))
"""

PEER_PYTHON = "/tmp/peers/bin/python"


def run(which: str, text: str, budget: float):
    """(seconds, value) of one fresh-process run -- our value's text, or the peer's value rebuilt with
    ``cgt.kernel.game`` from its tree of canonical options -- or (None, reason)."""
    python = sys.executable if which == "cgt" else PEER_PYTHON
    try:
        out = subprocess.run([python, "-c", CHILD, which, text], capture_output=True, text=True,
                             timeout=budget)
    except subprocess.TimeoutExpired:
        return None, f"> {budget:.0f} s"
    if out.returncode:
        return None, out.stderr.strip().splitlines()[-1][:60]
    seconds, value = json.loads(out.stdout)
    if which != "cgt":
        value = str(_build(value))
    return float(seconds), value


def _build(tree):
    import cgt

    left, right = tree
    return cgt.game([_build(t) for t in left], [_build(t) for t in right])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=60.0)
    ap.add_argument("--max-k", type=int, default=12)
    ap.add_argument("--gaps", default="1,2,5", help="gap widths of the rows t^k .^gap f^k (default 1,2,5)")
    args = ap.parse_args()
    import os

    peers = ["pycgt"] if os.path.exists(PEER_PYTHON) else []
    print("| row | value | cgt s | " + " | ".join(f"{p} s" for p in peers) + " |")
    print("|---|---|---:|" + "---:|" * len(peers))
    for gap in (int(g) for g in args.gaps.split(",")):
        stopped: set = set()             # peers past the budget on a smaller row of this gap
        for k in range(1, args.max_k + 1):
            text = "t" * k + "." * gap + "f" * k
            seconds, value = run("cgt", text, args.budget)
            cells = []
            for p in peers:
                if p in stopped:
                    cells.append("-")
                    continue
                p_s, p_v = run(p, text, args.budget)
                if p_s is None:
                    stopped.add(p)
                cells.append(f"{p_s:.3f}" + ("" if seconds is None or p_v == value else " DIFF")
                             if p_s is not None else p_v)
            shown = f"{seconds:.3f}" if seconds is not None else value
            short = value if seconds is not None else "-"
            short = short if len(short) <= 40 else short[:37] + "..."
            print(f"| `{text}` | `{short}` | {shown} | " + " | ".join(cells) + " |", flush=True)
            if seconds is None:
                break
    from cgt.games.strip.turning import Spawning, generic_sequence
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
