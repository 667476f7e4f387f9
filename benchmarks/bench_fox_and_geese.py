"""Fox and Geese benchmark: who wins the traditional start (``cgt.solve``), the size of its game graph, and
loopy values (``game_value``) as far as the loopy algebra goes.

Workloads, for board widths 4, 6, 8 (``GenFoxAndGeese(w).start()``: a goose on every dark square of row w,
the fox in the middle of row 1):

* ``solve``: retrograde analysis with the fox moving first and with the geese moving first (positions =
  the solver's states, a board plus the player to move);
* ``graph``: the loopy engine's position graph (no player to move; escaped-fox positions are ``off``
  leaves), nodes and moves (built on 64-bit masks in C when ``cgt.games.grid._fox_and_geese`` is built);
* ``value``: the loopy value of positions (graphs of more than ``DIRECT_NODES`` positions are simplified
  component by component in C, or layer by layer in Python).

Times are CPU seconds of this process.

    python benchmarks/bench_fox_and_geese.py                 # widths 4, 6, 8
    python benchmarks/bench_fox_and_geese.py --max-width 6
    python benchmarks/bench_fox_and_geese.py --values-only
    python benchmarks/bench_fox_and_geese.py --standard-value   # the 8x8 start's loopy value
    CGT_PURE=1 python benchmarks/bench_fox_and_geese.py --standard-value   # the same in Python (CPU minutes)
"""

from __future__ import annotations

import argparse
import time

from cgt import solve
from cgt.errors import TooLargeError
from cgt.games.grid.fox_and_geese import FoxAndGeese, GenFoxAndGeese
from cgt.games.engine.loopy import position_graph
from cgt.kernel.player import Player

VALUE_POSITIONS = [
    (GenFoxAndGeese(4), ".x.x|....|....|..o."),                     # the 4-wide start
    (FoxAndGeese, "x.x.....|........|o......."),
    (FoxAndGeese, "x.x.x...|........|..o....."),
    (GenFoxAndGeese(5), "x.x.x|.....|.....|.....|..o.."),             # the 5-wide start
    (FoxAndGeese, ".x.x.x..|........|........|..o....."),
    (GenFoxAndGeese(6), ".x.x.x|......|......|......|......|..o..."),  # the 6-wide start
    (FoxAndGeese, ".x.x.x.x|........|........|....o..."),          # four geese, four rows
]


def _cell(text: str) -> str:
    """``text`` for a markdown table cell (board rows and game sides are separated by ``|``)."""
    return text.replace("|", "\\|")


def _timed(f):
    """``(f(), CPU seconds)``."""
    began = time.process_time()
    out = f()
    return out, time.process_time() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-width", type=int, default=8)
    parser.add_argument("--limit", type=int, default=5_000_000)
    parser.add_argument("--values-only", action="store_true", help="skip the solver and graph rows")
    parser.add_argument("--standard-value", action="store_true",
                        help="only the graph and the loopy value of the standard 8x8 start (see docs/performance.md)")
    args = parser.parse_args()
    if args.standard_value:
        standard_value()
        return
    print("| workload | result | positions | seconds | positions/s |")
    print("|---|---|---:|---:|---:|")
    for width in range(4, args.max_width + 1, 2) if not args.values_only else ():
        ruleset = GenFoxAndGeese(width)
        start = ruleset.start()
        for player, who in ((Player.Right, "fox"), (Player.Left, "geese")):
            try:
                s, t = _timed(lambda: solve(start, player, max_states=args.limit, progress=False))
            except TooLargeError as error:
                print(f"| solve width {width}, {who} first | stopped: {error} | >{args.limit:,} | | |")
                continue
            winner = who if s.result == "first" else ("geese" if who == "fox" else "fox")
            verb = "wins" if winner == "fox" else "win"
            print(f"| solve width {width}, {who} first | the {winner} {verb} in {s.distance} moves | {len(s):,} "
                  f"| {t:.2f} | {len(s) / max(t, 1e-9):,.0f} |")
        g, t = _timed(lambda: position_graph(ruleset, start.position, max_states=args.limit))
        print(f"| graph width {width} | {g.edges():,} moves | {len(g):,} | {t:.2f} | {len(g) / max(t, 1e-9):,.0f} |")
    for ruleset, board in VALUE_POSITIONS:
        p = ruleset(board)
        nodes = len(position_graph(ruleset, p.position))
        try:
            text, t = _timed(lambda: str(p.game_value))     # the algebra simplifies lazily: time the printing
            shown = f"`{text}`"
        except TooLargeError as error:
            shown, t = f"stopped: {error}", float("nan")
        print(f"| value {_cell(f'{ruleset!r} {board}')} | {_cell(shown)} | {nodes:,} | {t:.2f} | "
              f"{nodes / t:,.0f} |")

def standard_value() -> None:
    """The loopy value of the traditional 8x8 start: first its game graph alone (positions a CPU second), then
    the value with every position below it (the graph again, then the simplification), CPU time and the growth
    of the peak memory; which routes ran (compiled or Python)."""
    import resource

    import cgt
    from cgt.games.grid import fox_and_geese
    from cgt.loopy.simplify import compiled_stoppers

    start = FoxAndGeese.start()
    routes = (f"graph {'compiled' if fox_and_geese._compiled is not None else 'Python'}, values "
              f"{'by components, compiled' if compiled_stoppers() else 'layer by layer, Python'}")
    cpu = time.process_time()
    graph = position_graph(FoxAndGeese, start.position)
    cpu = time.process_time() - cpu
    print(f"| graph FoxAndGeese.start() | {graph.edges():,} moves | {len(graph):,} | {cpu:.2f} CPU | "
          f"{len(graph) / max(cpu, 1e-9):,.0f}/s |")
    del graph
    cgt.clear_caches()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    began, cpu = time.perf_counter(), time.process_time()
    value = start.game_value
    wall, cpu = time.perf_counter() - began, time.process_time() - cpu
    valued = len(FoxAndGeese.table("loopy values"))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"| value FoxAndGeese.start() | `{value}` | {valued:,} valued | {cpu:.1f} CPU ({wall:.0f} wall) | "
          f"{valued / max(cpu, 1e-9):,.0f}/s | peak {peak:,.0f} MB (+{peak - before:,.0f}) | {routes} |")


if __name__ == "__main__":
    main()
