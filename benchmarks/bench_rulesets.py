"""Ruleset benchmark: canonical values of game positions, side by side with cgt-py and pycgt.

Workloads: empty Domineering rectangles 4x4, 4x5, 5x5, 4x6, 3x8, 6x6, Clobber ``xoxo|oxox|xoxo|oxox`` and
the alternating 4x5 board, Amazons on a 2x5 board (``x....|....o``), on a 4x4 board with the amazons in
opposite corners (``x...|....|....|...o``) and on a 5x5 board with nine burnt squares
(``x.#.#|.#...|#...#|..##.|#.#.o``, 14 empty squares as on the 4x4 board).  Each cell of the table (one library, one workload) runs in a
**fresh process**, so no library profits from tables filled by an earlier row; the time is the computation
only (imports and board parsing excluded), as wall-clock time and as the process's CPU time
(``time.process_time``, the figure to compare on a loaded machine), the memory is the growth of the
process's peak resident set during the computation (``ru_maxrss`` after, minus the resident set before),
which also sees memory allocated by compiled code.  A cell that passes ``--budget`` seconds (wall-clock; a
workload may set a smaller budget of its own) is stopped.

Every peer answer is parsed back into a ``cgt`` value (cgt-py prints CGSuite notation, pycgt its own
rendering, which the ``cgt`` shell reads) and compared with ours: the ``agree`` column.

Libraries: ``cgt`` (this project), ``cgt-py`` (``cgt_py``, Rust; has Domineering and Amazons, no Clobber),
``pycgt`` (pure Python; has Domineering and Clobber, no Amazons).  A library or ruleset that is not
importable is skipped with a note.  Run with the interpreter that has the peers to get all three::

    /tmp/peers/bin/python benchmarks/bench_rulesets.py            # all workloads, 60 s budget per cell
    /tmp/peers/bin/python benchmarks/bench_rulesets.py --budget 300 --only 6x6
    python benchmarks/bench_rulesets.py --quick                   # ours only, small boards
    python benchmarks/bench_rulesets.py --libs cgt --only Clobber --only Amazons --budget 900
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

from boards import empty_board

LIBRARIES = ("cgt", "cgt-py", "pycgt")


#: name -> (game, board string)
WORKLOADS = {
    "Domineering 4x4": ("Domineering", empty_board(4, 4)),
    "Domineering 4x5": ("Domineering", empty_board(4, 5)),
    "Domineering 5x5": ("Domineering", empty_board(5, 5)),
    "Domineering 4x6": ("Domineering", empty_board(4, 6)),
    "Domineering 3x8": ("Domineering", empty_board(3, 8)),
    "Domineering 6x6": ("Domineering", empty_board(6, 6)),
    "Clobber xoxo|oxox|xoxo|oxox": ("Clobber", "xoxo|oxox|xoxo|oxox"),
    "Clobber 4x5 xoxox|oxoxo|xoxox|oxoxo": ("Clobber", "xoxox|oxoxo|xoxox|oxoxo"),
    "Amazons 2x5 x....|....o": ("Amazons", "x....|....o"),
    "Amazons 4x4 x...|....|....|...o": ("Amazons", "x...|....|....|...o"),
    "Amazons 5x5 x.#.#|.#...|#...#|..##.|#.#.o": ("Amazons", "x.#.#|.#...|#...#|..##.|#.#.o"),
}
QUICK = ("Domineering 4x4", "Domineering 4x5", "Domineering 5x5")
#: Wall-clock seconds a workload may take at most, whatever ``--budget`` says (the long rows stay bounded).
BUDGETS = {
    "Clobber 4x5 xoxox|oxoxo|xoxox|oxoxo": 900.0,
    "Amazons 4x4 x...|....|....|...o": 600.0,
}


class Unavailable(Exception):
    """This library has no such ruleset (or is not installed)."""


# -- one cell, in the child process ----------------------------------------------------------------------------
def _prepare(library: str, game: str, board: str):
    """A zero-argument function computing the value, and one turning its result into text."""
    if library == "cgt":
        import cgt.games

        try:
            ruleset = getattr(cgt.games, game)
        except Exception as error:  # the catalogue raises its own error for a missing module
            raise Unavailable(f"cgt.games.{game} is not available ({error})") from None
        position = ruleset(board)
        return (lambda: position.value), str
    if library == "cgt-py":
        try:
            import cgt_py
        except ImportError:
            raise Unavailable("cgt_py is not installed") from None
        cls = getattr(cgt_py, game, None)
        if cls is None:
            raise Unavailable(f"cgt-py has no {game}")
        position = cls(board)

        def text(value):
            s = str(value)
            return s[len("CanonicalForm('"):-2] if s.startswith("CanonicalForm('") else s

        return (lambda: position.canonical_form), text
    if library == "pycgt":
        import importlib

        try:
            from pycgt.notation import render
        except ImportError:
            raise Unavailable("pycgt is not installed") from None
        try:
            module = importlib.import_module(f"pycgt.rulesets.{game.lower()}")
        except ImportError:
            raise Unavailable(f"pycgt has no {game}") from None
        rows = board.replace("|", "\n")
        return (lambda: module.parse(rows)), render
    raise ValueError(library)


def _rss_kb() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def run_cell(library: str, workload: str) -> dict:
    game, board = WORKLOADS[workload]
    try:
        compute, text = _prepare(library, game, board)
    except Unavailable as why:
        return {"status": "n/a", "note": str(why)}
    before = _rss_kb()
    start, cpu = time.perf_counter(), time.process_time()
    value = compute()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"status": "ok", "seconds": seconds, "cpu": cpu, "mb": max(peak - before, 0) / 1024,
            "value": text(value)}


# -- the table, in the parent ----------------------------------------------------------------------------------
def spawn(library: str, workload: str, budget: float) -> dict:
    command = [sys.executable, os.path.abspath(__file__), "--cell", library, workload]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=budget)
    except subprocess.TimeoutExpired:
        return {"status": "timeout"}
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"status": "error", "note": last}
    return json.loads(done.stdout.strip().splitlines()[-1])


def _parse_value(text: str):
    from cgt.shell.session import Session

    return Session().evaluate(text)[0]


def _seconds(s: float) -> str:
    return f"{s * 1000:.0f} ms" if s < 1 else f"{s:.2f} s"


def _time(cell: dict, budget: float) -> str:
    status = cell["status"]
    if status == "ok":
        return _seconds(cell["seconds"])
    return {"timeout": f"> {budget:g} s", "n/a": "n/a", "error": "error"}[status]


def _cpu(cell: dict) -> str:
    return _seconds(cell["cpu"]) if cell["status"] == "ok" else "-"


def _memory(cell: dict) -> str:
    return f"{cell['mb']:.0f}" if cell["status"] == "ok" else "-"


def _ratio(ours: dict, theirs: dict, budget: float) -> str:
    if ours["status"] != "ok":
        return "-"
    if theirs["status"] == "ok":
        return f"{theirs['seconds'] / ours['seconds']:.2f}x"
    if theirs["status"] == "timeout":
        return f"> {budget / ours['seconds']:.1f}x"
    return "-"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per cell before it is stopped")
    parser.add_argument("--only", action="append", default=[], help="run workloads whose name contains this")
    parser.add_argument("--libs", default=",".join(LIBRARIES), help="comma-separated subset of " + ", ".join(LIBRARIES))
    parser.add_argument("--quick", action="store_true", help="only Domineering 4x4, 4x5, 5x5")
    parser.add_argument("--cell", nargs=2, metavar=("LIBRARY", "WORKLOAD"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.cell:
        print(json.dumps(run_cell(*args.cell)))
        return 0

    libraries = [lib for lib in args.libs.split(",") if lib]
    names = [n for n in WORKLOADS if (not args.quick or n in QUICK) and
             (not args.only or any(o in n for o in args.only))]
    print(f"python {sys.version.split()[0]}, budget {args.budget:g} s per cell, fresh process per cell")
    header = ["workload", *libraries, *[f"{lib} CPU" for lib in libraries],
              *[f"{lib}/cgt" for lib in libraries if lib != "cgt"],
              *[f"{lib} MB" for lib in libraries], "agree", "value (cgt)"]
    rows = []
    notes = []
    for name in names:
        cells = {}
        budget = min(args.budget, BUDGETS.get(name, args.budget))
        for lib in libraries:
            cells[lib] = spawn(lib, name, budget)
            if cells[lib].get("note"):
                notes.append(f"{name}, {lib}: {cells[lib]['note']}")
            print(f"  {name:32} {lib:7} {_time(cells[lib], budget)}", file=sys.stderr, flush=True)
        ours = cells.get("cgt", {"status": "n/a"})
        agree = []
        if ours["status"] == "ok":
            mine = _parse_value(ours["value"])
            for lib in libraries:
                if lib != "cgt" and cells[lib]["status"] == "ok":
                    same = _parse_value(cells[lib]["value"]) == mine
                    agree.append(f"{lib} {'yes' if same else 'NO'}")
        value = ours.get("value", "")
        rows.append([name, *[_time(cells[lib], budget) for lib in libraries], *[_cpu(cells[lib]) for lib in libraries],
                     *[_ratio(ours, cells[lib], budget) for lib in libraries if lib != "cgt"],
                     *[_memory(cells[lib]) for lib in libraries], ", ".join(agree) or "-",
                     value if len(value) <= 40 else value[:37] + "..."])
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |")
    print(f"\n`lib/cgt` is the peer's time divided by ours (above 1: we are faster). MB: growth of peak RSS.")
    for note in notes:
        print(f"- {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
