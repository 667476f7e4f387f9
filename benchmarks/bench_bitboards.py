"""CPU time and memory of the bitboard solvers (Domineering, Clobber).

Each cell runs in a **fresh process**: ``cgt.clear_caches()``, then the value of the board, timed with
``time.process_time`` (CPU seconds, so a busy machine inflates it far less than wall-clock time); the best
of ``--repeat`` processes is printed with the growth of the process's peak resident set (``ru_maxrss``)
during the computation, and the regions (groups) the search solved (entries of its key table).

``--games DIR`` loads the ruleset modules from another copy of the ``games/`` folder (for a before/after
comparison: ``git archive <rev> games | tar -x -C /tmp/before`` then ``--games /tmp/before/games``); the
algebra kernel is the installed one either way.

    python benchmarks/bench_bitboards.py                       # Domineering 4x4, 4x5, 5x5; Clobber 4x4
    python benchmarks/bench_bitboards.py --only 6x6 --repeat 1 # Domineering 6x6 (minutes, gigabytes)
    python benchmarks/bench_bitboards.py --only 4x5\ xo --repeat 1  # Clobber 4x5 (minutes, a gigabyte)
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from boards import empty_board

WORKLOADS = {
    "Domineering 4x4": ("Domineering", empty_board(4, 4)),
    "Domineering 4x5": ("Domineering", empty_board(4, 5)),
    "Domineering 5x5": ("Domineering", empty_board(5, 5)),
    "Domineering 6x6": ("Domineering", empty_board(6, 6)),
    "Clobber 4x4 xoxo|oxox|xoxo|oxox": ("Clobber", "xoxo|oxox|xoxo|oxox"),
    "Clobber 4x5 xoxox|oxoxo|xoxox|oxoxo": ("Clobber", "xoxox|oxoxo|xoxox|oxoxo"),
}
DEFAULT = ["Domineering 4x4", "Domineering 4x5", "Domineering 5x5", "Clobber 4x4 xoxo|oxox|xoxo|oxox"]

CHILD = r"""
import json, resource, sys, time
import cgt, cgt.games
games_dir = sys.argv[3]
if games_dir:
    cgt.games.__path__[:] = [games_dir]
position = getattr(cgt.games, sys.argv[1])(sys.argv[2])
cgt.clear_caches()
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
cpu = time.process_time()
value = position.value
cpu = time.process_time() - cpu
mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss) / 1024
module = sys.modules[type(position.ruleset).__module__].__file__
regions = len(position.ruleset.table("values_by_key"))
text = str(value)
print(json.dumps({"cpu": cpu, "mb": mb, "value": text, "module": module, "regions": regions}))
"""


def run(name: str, repeat: int, games_dir: str) -> dict:
    game, board = WORKLOADS[name]
    best = None
    for _ in range(repeat):
        out = subprocess.run([sys.executable, "-c", CHILD, game, board, games_dir or ""], capture_output=True,
                             text=True, check=True)
        result = json.loads(out.stdout.strip().splitlines()[-1])
        if best is None or result["cpu"] < best["cpu"]:
            best = result
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="fresh processes per workload (best is shown)")
    parser.add_argument("--only", help="workloads whose name contains this")
    parser.add_argument("--games", default="", help="a games/ folder to load the rulesets from")
    args = parser.parse_args()
    names = [n for n in WORKLOADS if args.only in n] if args.only else DEFAULT
    print("| workload | CPU | peak RSS growth | regions solved | value |")
    print("|---|---:|---:|---:|---|")
    for name in names:
        r = run(name, args.repeat, args.games)
        cpu = f"{r['cpu'] * 1000:.1f} ms" if r["cpu"] < 1 else f"{r['cpu']:.2f} s"
        value = r["value"] if len(r["value"]) < 50 else r["value"][:47] + "..."
        print(f"| {name} | {cpu} | {r['mb']:.0f} MB | {r['regions']:,} | `{value}` |", flush=True)
    if args.games:
        print(f"(rulesets loaded from {args.games})")


if __name__ == "__main__":
    main()
