"""GDL benchmark: states per second when solving Game Description Language files, with the propositional
network (``propnet``, :mod:`cgt.games.gdl.propnet`) and with the rule interpreter (``reasoner``).

For each file and engine: the states and moves of the explored graph, the CPU seconds of exploring alone,
and of the whole ``cgt gdl`` analysis -- load, compile, probe, explore, classify, solve -- with *solved
states/s* = states / those seconds.  Times are CPU seconds of this process (``time.process_time``), the
least of ``--repeat`` runs (each from a freshly loaded file), so that a busy machine does not inflate them.
Every run's report must be the same, whichever engine made it; the script stops if one differs.

    python benchmarks/bench_gdl.py                                  # the GDL fixtures, both engines
    python benchmarks/bench_gdl.py --engine propnet tests/games/gdl/shared/impartial/nim4.kif
    python benchmarks/bench_gdl.py --engine propnet --max-states 3000000 tests/games/gdl/fox_and_geese8.kif
"""

from __future__ import annotations

import argparse
import json
import pathlib
import time

from cgt.errors import CGTError
from cgt.games.gdl import MAX_STATES, analyse, explore, load

ROOT = pathlib.Path(__file__).resolve().parent.parent
SUITE = ROOT / "tests" / "games" / "gdl"
#: The default files: every fixture that is solved (or stopped) in seconds, the biggest last.
DEFAULT = [SUITE / name for name in (
    "kayles7.kif", "sg123_normal.kif", "sg123_misere.kif", "sg125.kif", "sg157.kif", "sg357.kif", "sg12_15.kif",
    "sg157_nonzero.kif", "domineering3x4.kif", "clobber_normal.kif", "clobber_misere.kif", "fox_and_geese6.kif",
    "turning_turtles13.kif", "shared/impartial/nim1.kif", "shared/impartial/nim2.kif",
    "shared/impartial/nim_s_2006_obfuscated.kif", "shared/partizan/ticTacToe.kif", "shared/partizan/sum15.kif",
    "shared/partizan/eotcatcit.kif", "shared/impartial/chomp.kif", "shared/impartial/nim3.kif",
    "shared/impartial/nim4.kif")]


def run(path, engine: str, max_states: int):
    """(states, moves, explore CPU s, solve CPU s, report as a dict) of one run."""
    cpu = time.process_time()
    game = load(path)
    report = analyse(game, progress=False, max_states=max_states, engine=engine)
    solve_cpu = time.process_time() - cpu
    cpu = time.process_time()
    graph = explore(game, progress=False, max_states=max_states, engine=engine)
    explore_cpu = time.process_time() - cpu
    data = json.loads(report.to_json())
    for key in ("engine", "note"):
        data.pop(key, None)
    return len(graph), len(graph.targets), explore_cpu, solve_cpu, data


def measure(path, engine: str, max_states: int, repeat: int, reference: dict) -> str:
    name = pathlib.Path(path).name
    try:
        runs = [run(path, engine, max_states) for _ in range(repeat)]
    except CGTError as error:
        return f"| {name} | {engine} | {error} |"
    states, moves, _e, _s, data = runs[0]
    if reference.setdefault(name, data) != data:
        raise SystemExit(f"{name}: the {engine} report differs from the other engine's: {data}")
    explore_cpu = min(r[2] for r in runs)
    solve_cpu = min(r[3] for r in runs)
    result = data["grundy"] if data["grundy"] is not None else data["value"] or data["outcome"]
    return (f"| {name} | {engine} | {states:,} | {moves:,} | {explore_cpu:.2f} | {states / explore_cpu:,.0f} | "
            f"{solve_cpu:.2f} | {states / solve_cpu:,.0f} | {data['play']}, {data['result']}, {result} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", default=DEFAULT)
    parser.add_argument("--engine", choices=("propnet", "reasoner", "both"), default="both")
    parser.add_argument("--max-states", type=int, default=MAX_STATES, help="state limit of each exploration")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each file with the propnet (least CPU "
                                                              "time kept; the reasoner runs once)")
    args = parser.parse_args()
    engines = ["propnet", "reasoner"] if args.engine == "both" else [args.engine]
    print("| file | engine | states | moves | explore s | explore states/s | solve s | solved states/s | result |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---|")
    reference = {}
    for path in args.files:
        for engine in engines:
            repeat = args.repeat if engine == "propnet" else 1
            print(measure(path, engine, args.max_states, repeat, reference), flush=True)


if __name__ == "__main__":
    main()
