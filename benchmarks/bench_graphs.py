"""Graph-game benchmark: Hackenbush stalks of length 30 and a 40-edge tree, Col/Snort paths and
cycles, side by side with the peers that have the same game.

Every cell runs in a fresh process (no table shared between rows or libraries) and times the canonical
value only (building the position excluded).  Peers, used only through their public functions and only
where they have the game: pycgt's ``nim.hackenbush_string`` (blue-red strings; no green edges, trees or
cycles) and ``graphs.value`` with ``COL``/``SNORT``; cgt-py's ``Col``/``Snort`` (no Hackenbush).  Each
peer value comes back as its tree of canonical options and is rebuilt with ``cgt.kernel.game``: the table says
``=`` when it equals our value (a mismatch would print ``DIFF``).

    python benchmarks/bench_graphs.py [--peer /tmp/peers/bin/python] [--budget 60]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

TREE = "lrllrlrrll(lrlrlrlrll;rrlrlrlllr;elrlrlrlre)"        # 10-edge trunk with three 10-edge branches

# (title, ruleset, our position, {peer: request}); a request is (kind, argument) as CHILD reads it.
WORKLOADS = [
    ("Hackenbush blue stalk, 30 edges", "Hackenbush", "l" * 30, {"pycgt": ("hack", "L" * 30)}),
    ("Hackenbush blue-red stalk `(lr)^10`", "Hackenbush", "lr" * 10, {"pycgt": ("hack", "LR" * 10)}),
    ("Hackenbush blue-red stalk `(lr)^12`", "Hackenbush", "lr" * 12, {"pycgt": ("hack", "LR" * 12)}),
    ("Hackenbush blue-red stalk `(lr)^15`", "Hackenbush", "lr" * 15, {"pycgt": ("hack", "LR" * 15)}),
    ("Hackenbush green stalk, 30 edges", "Hackenbush", "e" * 30, {}),
    ("Hackenbush 40-edge tree", "Hackenbush", TREE, {}),
    ("Col path, 12 vertices", "Col", ("path", 12), {"pycgt": ("col", ("path", 12)),
                                                      "cgt-py": ("col", ("path", 12))}),
    ("Col cycle, 12 vertices", "Col", ("cycle", 12), {"pycgt": ("col", ("cycle", 12)),
                                                        "cgt-py": ("col", ("cycle", 12))}),
    ("Snort path, 8 vertices", "Snort", ("path", 8), {"pycgt": ("snort", ("path", 8)),
                                                       "cgt-py": ("snort", ("path", 8))}),
    ("Snort path, 10 vertices", "Snort", ("path", 10), {"pycgt": ("snort", ("path", 10)),
                                                         "cgt-py": ("snort", ("path", 10))}),
    ("Snort cycle, 9 vertices", "Snort", ("cycle", 9), {"pycgt": ("snort", ("cycle", 9)),
                                                         "cgt-py": ("snort", ("cycle", 9))}),
]

CHILD = r"""
import json, sys, time
lib, kind, arg = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])

def tree(g, left, right, memo={}):
    # memo by id, keeping g alive so that its id is not reused by a temporary option object
    if id(g) not in memo:
        memo[id(g)] = (g, [[tree(x, left, right) for x in left(g)], [tree(x, left, right) for x in right(g)]])
    return memo[id(g)][1]

def edges(shape, n):
    return [(i, i + 1) for i in range(n - 1)] + ([(n - 1, 0)] if shape == "cycle" else [])

if lib == "cgt":
    import cgt
    from cgt.games.graph.col import Col, Snort
    from cgt.games.graph.board import Graph
    from cgt.games.graph.hackenbush import Hackenbush
    rules = {"Hackenbush": Hackenbush, "Col": Col, "Snort": Snort}[kind]
    p = rules(arg if isinstance(arg, str) else getattr(Graph, arg[0])(arg[1]))
    cgt.clear_caches()
    t = time.perf_counter(); v = p.value; dt = time.perf_counter() - t
    print(json.dumps([dt, str(v)]))
elif lib == "pycgt":
    from pycgt.rulesets import graphs, nim
    if kind == "hack":
        t = time.perf_counter(); g = nim.hackenbush_string(arg); dt = time.perf_counter() - t
    else:
        graph = getattr(graphs.Graph, arg[0])(arg[1])
        rule = graphs.COL if kind == "col" else graphs.SNORT
        t = time.perf_counter(); g = graphs.value(graphs.Colouring(graph), rule); dt = time.perf_counter() - t
    print(json.dumps([dt, tree(g, lambda x: x.left, lambda x: x.right)]))
else:
    import cgt_py
    game = (cgt_py.Col if kind == "col" else cgt_py.Snort)(cgt_py.Graph(arg[1], edges(*arg)))
    t = time.perf_counter(); g = game.canonical_form; dt = time.perf_counter() - t
    print(json.dumps([dt, tree(g, lambda x: x.left_options, lambda x: x.right_options)]))
"""


def cell(python: str, lib: str, kind: str, arg, budget: float):
    """(seconds, payload) of one fresh-process run, or (None, reason)."""
    try:
        out = subprocess.run([python, "-c", CHILD, lib, kind, json.dumps(arg)], capture_output=True, text=True,
                             timeout=budget)
    except subprocess.TimeoutExpired:
        return None, f"> {budget:.0f} s"
    if out.returncode:
        return None, (out.stderr.strip().splitlines() or ["failed"])[-1][:60]
    seconds, payload = json.loads(out.stdout)
    return seconds, payload


def build(tree):
    import cgt

    left, right = tree
    return cgt.game([build(t) for t in left], [build(t) for t in right])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", default="/tmp/peers/bin/python")
    ap.add_argument("--budget", type=float, default=60.0)
    args = ap.parse_args()
    peers = ["pycgt", "cgt-py"]
    print("| workload | value | cgt s | " + " | ".join(f"{p} s" for p in peers) + " |")
    print("|---|---|---:|" + "---:|" * len(peers))
    for title, rules, position, requests in WORKLOADS:
        ours_s, ours = cell(sys.executable, "cgt", rules, position, args.budget)
        shown = [f"{ours_s:.3f}" if ours_s is not None else ours]
        if ours_s is not None:
            import cgt
            from cgt.games.graph.col import Col, Snort
            from cgt.games.graph.board import Graph
            from cgt.games.graph.hackenbush import Hackenbush

            ruleset = {"Hackenbush": Hackenbush, "Col": Col, "Snort": Snort}[rules]
            value = ruleset(position if isinstance(position, str) else getattr(Graph, position[0])(position[1])).value
        for peer in peers:
            if peer not in requests:
                shown.append("n/a")
                continue
            kind, arg = requests[peer]
            seconds, payload = cell(args.peer, peer, kind, arg, args.budget)
            if seconds is None:
                shown.append(payload)
                continue
            agree = ours_s is not None and build(payload) == value
            shown.append(f"{seconds:.3f} {'=' if agree else 'DIFF'}")
        text = ours if ours_s is not None else "-"
        if len(text) > 40:
            text = text[:37] + "..."
        print(f"| {title} | `{text}` | " + " | ".join(shown) + " |", flush=True)


if __name__ == "__main__":
    main()
