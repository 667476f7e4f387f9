"""Graph-game benchmark (issue 9): Hackenbush stalks of length 30 and a 40-edge tree, plus Col/Snort paths.

Each workload starts from empty tables (``cgt.clear_caches()``) and times the canonical value only
(parsing excluded).  Neither peer has Hackenbush (cgt-py ships Col and Snort only among graph games, pycgt
Col and Snort); so there are no peer columns for the Hackenbush rows.

    python benchmarks/bench_graphs.py
"""

from __future__ import annotations

import time

import cgt
from cgt.games.col import Col, Snort
from cgt.games.graph import Graph
from cgt.games.hackenbush import Hackenbush

TREE = "lrllrlrrll(lrlrlrlrll;rrlrlrlllr;elrlrlrlre)"        # 10-edge trunk with three 10-edge branches

WORKLOADS = [
    ("Hackenbush blue stalk, 30 edges", Hackenbush, "l" * 30),
    ("Hackenbush blue-red stalk, 30 edges", Hackenbush, "lr" * 15),
    ("Hackenbush green stalk, 30 edges", Hackenbush, "e" * 30),
    ("Hackenbush 40-edge tree " + TREE, Hackenbush, TREE),
    ("Col path, 12 vertices", Col, Graph.path(12)),
    ("Snort path, 8 vertices", Snort, Graph.path(8)),
]


def main() -> None:
    for title, ruleset, position in WORKLOADS:
        p = ruleset(position)
        cgt.clear_caches()
        start = time.perf_counter()
        value = p.value
        elapsed = time.perf_counter() - start
        text = str(value)
        print(f"{title:70s} {elapsed:8.3f} s   {text[:40]}")


if __name__ == "__main__":
    main()
