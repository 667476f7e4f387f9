"""GDL benchmark: states per second while exploring Game Description Language files, and the whole
``cgt gdl`` analysis (load, explore, classify, solve) of nim3 (about 130k states) and chomp.

Times are CPU seconds of this process (``time.process_time``), so that a busy machine does not inflate
them; wall-clock seconds are shown too.

    python benchmarks/bench_gdl.py                          # nim3 and chomp from tests/games/gdl/shared
    python benchmarks/bench_gdl.py tests/games/gdl/kayles7.kif    # any files
    python benchmarks/bench_gdl.py --max-states 3000000 tests/games/gdl/fox_and_geese8.kif   # Edin's 8x8 board
"""

from __future__ import annotations

import argparse
import pathlib
import time

from cgt.games.gdl import MAX_STATES, analyse, explore, load

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEFAULT = [ROOT / "tests" / "games" / "gdl" / "shared" / "impartial" / name for name in ("nim3.kif", "chomp.kif")]


def measure(path, max_states: int) -> str:
    cpu, wall = time.process_time(), time.perf_counter()
    game = load(path)
    load_cpu = time.process_time() - cpu
    cpu = time.process_time()
    graph = explore(game, progress=False, max_states=max_states)
    explore_cpu = time.process_time() - cpu
    states = len(graph.states)
    edges = sum(len(t) for t in graph.targets)
    cpu = time.process_time()
    report = analyse(game, progress=False, max_states=max_states)
    total_cpu = load_cpu + time.process_time() - cpu
    solved = report.grundy if report.grundy is not None else report.value or report.outcome
    return (f"| {pathlib.Path(path).name} | {states:,} | {edges:,} | {load_cpu:.2f} | {explore_cpu:.1f} | "
            f"{states / explore_cpu:,.0f} | {edges / explore_cpu:,.0f} | {total_cpu:.1f} | "
            f"{time.perf_counter() - wall:.1f} | {report.play}, {report.result}, {solved} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", default=DEFAULT)
    parser.add_argument("--max-states", type=int, default=MAX_STATES, help="state limit of each exploration")
    args = parser.parse_args()
    print("| file | states | moves | load s | explore s | states/s | moves/s | analyse s (CPU) | wall s "
          "(both runs) | result |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for path in args.files:
        print(measure(path, args.max_states), flush=True)


if __name__ == "__main__":
    main()
