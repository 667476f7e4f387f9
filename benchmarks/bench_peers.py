"""Side-by-side timings of cgt and the public peer packages ``cgt-py`` (Rust) and ``pycgt`` (pure Python).

    /tmp/peers/bin/python benchmarks/bench_peers.py                 # every workload, 3 fresh processes per cell
    /tmp/peers/bin/python benchmarks/bench_peers.py --quick         # smaller sizes, one process per cell
    /tmp/peers/bin/python benchmarks/bench_peers.py --only nim --only Domineering

The peers are optional and never project dependencies; to time all three, use a separate virtual
environment that also has this checkout installed (so that its compiled parts, ``cgt.games``'s too, are
built)::

    python3 -m venv /tmp/peers && /tmp/peers/bin/pip install pycgt cgt-py anywidget && /tmp/peers/bin/pip install -e .
    /tmp/peers/bin/python benchmarks/bench_peers.py

Method.  Every cell (one library, one workload) runs in a **fresh process**, ``--repeat`` times (default 3),
and the table shows the fastest run's wall-clock time.  The machine may be shared: the ``load`` column is
the ratio of wall-clock to CPU time (``time.process_time``) of our fastest run, about 1 when the row ran
undisturbed.  (CPU time itself is not the measure: in this sandbox the process CPU clock of a short
compiled computation may not advance at all, which would flatter the Rust peer's absence of cost.)  Fresh processes mean that no library profits from tables filled by an earlier row, and the
Rust peer -- which offers no way to clear what it memoises -- starts as cold as we do.  Inputs are built
before the clock starts, from the same option lists for all libraries (``cgt-py`` reads games only from
brace text, so it gets the same lists written as ``{a,b|c}``).  ``MB`` is the growth of the process's peak
resident set during the timed work (``ru_maxrss`` after, minus the resident set before), which also sees
memory allocated by compiled code.  A cell that passes its budget of CPU seconds (``--budget``, default 60;
Domineering 6x6, which takes minutes, gets ``ROW_BUDGET``'s 1500 unless ``--budget`` is given) is stopped; a
library without the ruleset shows ``n/a``.  ``cgt/x`` is our time divided by the peer's (below 1: we are faster).

Answers are checked: every result (games, temperatures, Grundy values, truth values) is turned into text
through ``cgt`` -- a peer's games are rebuilt as ``cgt`` games from their options -- and the texts of all
libraries must agree; a disagreement is reported as ``MISMATCH``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pickle
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

from boards import empty_board

LIBRARIES = ("cgt", "cgt-py", "pycgt")


class Unavailable(Exception):
    """The library is not installed or has no such ruleset."""


# ----------------------------------------------------------------------------------------------- inputs
def spec_of(g, memo: dict) -> tuple:
    """The option-list tree ``(lefts, rights)`` of a cgt game (shared subtrees shared)."""
    from cgt.kernel.game import lefts_of, rights_of

    key = id(g)
    if key not in memo:
        memo[key] = (tuple(spec_of(x, memo) for x in lefts_of(g)), tuple(spec_of(x, memo) for x in rights_of(g)))
    return memo[key]


def int_spec(n: int) -> tuple:
    spec: tuple = ((), ())
    for _ in range(abs(n)):
        spec = ((spec,), ()) if n > 0 else ((), (spec,))
    return spec


def day_specs(day: int) -> list[tuple]:
    """The values born by ``day`` as option-list trees, in a reproducible order.

    Every cell is a fresh process, so the lists are computed once per run and handed to the children in a
    pickle file (``CENSUS_FILE``, written by the parent).
    """
    path = os.environ.get(CENSUS_FILE)
    if path:
        with open(path, "rb") as f:
            return pickle.load(f)[day]
    import cgt

    memo: dict = {}
    return [spec_of(g, memo) for g in sorted(cgt.born_by(day), key=lambda g: (g.birthday, str(g)))]


def hot_specs() -> list[tuple]:
    """The values born by day 3 with left stop above right stop, in the order of :func:`day_specs`."""
    path = os.environ.get(CENSUS_FILE)
    if path:
        with open(path, "rb") as f:
            return pickle.load(f)["hot"]
    import cgt

    return [spec_of(g, {}) for g in sorted(cgt.born_by(3), key=lambda g: (g.birthday, str(g)))
            if g.left_stop > g.right_stop]


#: Environment variable naming the pickle of the census lists shared with the cell processes.
CENSUS_FILE = "CGT_BENCH_CENSUS"


def write_census(path: str) -> None:
    with open(path, "wb") as f:
        pickle.dump({2: day_specs(2), 3: day_specs(3), "hot": hot_specs()}, f)


def random_trees(rng: random.Random, count: int) -> list[tuple]:
    """Game trees of depth 3: each side 0-3 options drawn from the 22 values born by day 2."""
    day2 = day_specs(2)
    return [(tuple(rng.sample(day2, rng.randint(0, 3))), tuple(rng.sample(day2, rng.randint(0, 3))))
            for _ in range(count)]


def chain_spec(n: int) -> tuple:
    """``G_n = {n | G_(n-1)}``, ``G_0 = 0``: the hot chain ``{n || n-1 | ... | 0}``."""
    spec = int_spec(0)
    for k in range(1, n + 1):
        spec = ((int_spec(k),), (spec,))
    return spec


class Builder:
    """Builds option-list trees in one library (memoised per tree)."""

    def __init__(self, lib: str):
        self.lib = lib
        self.memo: dict = {}
        if lib == "cgt":
            import cgt

            self.make = cgt.game
        elif lib == "pycgt":
            import pycgt

            self.make = pycgt.game
        else:
            self.make = lambda lefts, rights: "{" + ",".join(lefts) + "|" + ",".join(rights) + "}"

    def __call__(self, spec: tuple):
        hit = self.memo.get(spec)
        if hit is None:
            hit = self.memo[spec] = self.make([self(x) for x in spec[0]], [self(x) for x in spec[1]])
        return hit

    def final(self, spec: tuple):
        g = self(spec)
        if self.lib == "cgt-py":
            import cgt_py

            return cgt_py.CanonicalForm(g)
        return g


def adder(lib: str):
    if lib == "pycgt":
        import pycgt

        return pycgt.add
    return lambda g, h: g + h


def as_cgt(lib: str, g, memo: dict):
    """A result of ``lib`` as a cgt value (games rebuilt from their options; numbers as Fractions)."""
    import cgt

    if lib == "cgt" or isinstance(g, (bool, int, Fraction)):
        return g
    if lib == "cgt-py":
        # Its repr is ``CanonicalForm('{2|0}')`` or ``DyadicRationalNumber('5/8')``: CGSuite text, which we read.
        text = repr(g).split("'")[1]
        return Fraction(text) if type(g).__name__ == "DyadicRationalNumber" else cgt.game(text)
    if g not in memo:
        memo[g] = cgt.game([as_cgt(lib, x, memo) for x in g.left], [as_cgt(lib, x, memo) for x in g.right])
    return memo[g]


# ----------------------------------------------------------------------------------------------- workloads
# Each workload is a function (lib, quick) -> zero-argument callable doing the timed work and returning a
# list of results.  Input preparation happens in the function body, before the callable is returned.

def sums_of(rows_of_specs):
    def prepare(lib, quick):
        build = Builder(lib)
        rows = [[build.final(s) for s in row] for row in rows_of_specs(quick)]
        add = adder(lib)

        def work():
            out = []
            for row in rows:
                total = row[0]
                for g in row[1:]:
                    total = add(total, g)
                out.append(total)
            return out
        return work
    return prepare


def _uniform_rows(k: int):
    def rows(quick):
        rng = random.Random(1)
        day3 = day_specs(3)
        return [[rng.choice(day3) for _ in range(k)] for _ in range(3)]
    return rows


def _tree_rows(k: int):
    def rows(quick):
        rng = random.Random(2)
        return [random_trees(rng, k) for _ in range(3)]
    return rows


def _switch_rows(quick):
    rng = random.Random(3)
    k = 10
    return [[((int_spec(a),), (int_spec(a - rng.randint(1, 2 * k)),)) for a in
             (rng.randint(-k, k) for _ in range(k))] for _ in range(3)]


def comparisons(lib, quick):
    rng = random.Random(4)
    day3 = day_specs(3)
    n = 10_000 if quick else 100_000
    build = Builder(lib)
    pairs = [(build.final(rng.choice(day3)), build.final(rng.choice(day3))) for _ in range(n)]
    if lib == "pycgt":
        import pycgt

        leq = pycgt.leq
        return lambda: [leq(g, h) for g, h in pairs]
    return lambda: [g <= h for g, h in pairs]


def nim_sums(lib, quick):
    rng = random.Random(5)
    n = 10_000 if quick else 100_000
    pairs = [(rng.randrange(1 << 20), rng.randrange(1 << 20)) for _ in range(n)]
    if lib == "cgt":
        import cgt

        make = cgt.nimber
    elif lib == "pycgt":
        import pycgt

        make = pycgt.nimber
    else:
        import cgt_py

        def make(k):
            return cgt_py.CanonicalForm(f"*{k}" if k else "0")
    items = [(make(a), make(b)) for a, b in pairs]
    add = adder(lib)
    return lambda: [add(g, h) for g, h in items]


def _temperature(lib):
    if lib == "cgt":
        import cgt.thermo.temperature  # noqa: F401  (imported by the first use otherwise: keep imports out of the clock)

        return lambda g: g.temperature
    if lib == "pycgt":
        import pycgt

        return lambda g: Fraction(pycgt.temperature(g))
    return lambda g: g.temperature


def temperatures(lib, quick):
    rng = random.Random(6)
    hot = hot_specs()
    build = Builder(lib)
    games = [build.final(rng.choice(hot)) for _ in range(100 if quick else 500)]
    temp = _temperature(lib)
    return lambda: [temp(g) for g in games]


def hot_sums(lib, quick):
    rng = random.Random(7)
    hot = hot_specs()
    build = Builder(lib)
    rows = [[build.final(rng.choice(hot)) for _ in range(3)] for _ in range(20 if quick else 100)]
    add, temp = adder(lib), _temperature(lib)

    def work():
        out = []
        for a, b, c in rows:
            total = add(add(a, b), c)
            out.append((total, temp(total)))
        return out
    return work


def chain_double(n: int):
    def prepare(lib, quick):
        g = Builder(lib).final(chain_spec(n))
        add = adder(lib)
        return lambda: [add(g, g)]
    return prepare


def ruleset(game: str, board: str):
    """A position's canonical value by each library's own ruleset (pycgt: ``pycgt.rulesets.<game>.parse``)."""
    def prepare(lib, quick):
        import importlib

        if lib == "cgt":
            import cgt.games

            position = getattr(cgt.games, game)(board)
            return lambda: [position.value]
        if lib == "cgt-py":
            import cgt_py

            cls = getattr(cgt_py, game, None)
            if cls is None:
                raise Unavailable(f"cgt-py has no {game}")
            position = cls(board)
            return lambda: [position.canonical_form]
        name = {"ToadsAndFrogs": "toads_and_frogs"}.get(game, game.lower())
        try:
            module = importlib.import_module(f"pycgt.rulesets.{name}")
        except ImportError:
            raise Unavailable(f"pycgt has no {game}") from None
        rows = board.replace("|", "\n")
        return lambda: [module.parse(rows)]
    return prepare


def kayles(lib, quick):
    if lib != "cgt":
        raise Unavailable(f"{lib} has no Kayles (octal 0.77)")
    from cgt.games import Kayles

    top = 1000 if quick else 10_000
    return lambda: [Kayles(n).nim_value for n in range(top + 1)]


WORKLOADS = {
    "100,000 comparisons G <= H, uniform day-3 values": comparisons,
    "sums of 5 random day-3 trees (x3)": sums_of(_tree_rows(5)),
    "sums of 10 switches {a|b} (x3)": sums_of(_switch_rows),
    "temperature of 500 hot games": temperatures,
    "sum + temperature of 100 hot sums": hot_sums,
    "100,000 nim sums *a + *b, a, b < 2^20": nim_sums,
    "sums of 20 random day-3 trees (x3)": sums_of(_tree_rows(20)),
    "sums of 8 uniform day-3 values (x3)": sums_of(_uniform_rows(8)),
    "G_n + G_n, hot chain, n = 12": chain_double(12),
    "G_n + G_n, hot chain, n = 25": chain_double(25),
    "Domineering 4x4": ruleset("Domineering", empty_board(4, 4)),
    "Domineering 4x5": ruleset("Domineering", empty_board(4, 5)),
    "Domineering 5x5": ruleset("Domineering", empty_board(5, 5)),
    "Domineering 6x6": ruleset("Domineering", empty_board(6, 6)),
    "Clobber 4x4 xoxo|oxox|xoxo|oxox": ruleset("Clobber", "xoxo|oxox|xoxo|oxox"),
    "Toads and Frogs tttt...ffff": ruleset("ToadsAndFrogs", "tttt...ffff"),
    "Kayles Grundy values to 10^4": kayles,
}
QUICK = ("sums of 10 switches", "temperature of 500", "nim sums", "comparisons", "Domineering 4x4",
         "Toads", "Kayles")
#: Rows that need more than the default budget to finish at all, with the CPU seconds they get unless
#: ``--budget`` is given: Domineering 6x6 takes cgt about four minutes (docs/performance.md, "Peers"), so within
#: 60 s neither library would show a time and the row would compare nothing; cgt-py gets 25 minutes (it does not
#: finish within them, and holds over 10 GB by then).
ROW_BUDGET = {"Domineering 6x6": 1500.0}
DEFAULT_BUDGET = 60.0


def row_budget(name: str, budget: float | None) -> float:
    """The CPU seconds a cell of row ``name`` may take: ``--budget`` when given, else the row's own or 60."""
    return budget if budget is not None else ROW_BUDGET.get(name, DEFAULT_BUDGET)


#: Cells known to run past any budget (pycgt's nimbers are built as game trees): skipped with a note.
HOPELESS = {("pycgt", "100,000 nim sums *a + *b, a, b < 2^20"): "pycgt builds *n as a tree of n options"}


# ----------------------------------------------------------------------------------------------- one cell
def _resident_kb() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def run_cell(lib: str, workload: str, quick: bool) -> dict:
    """Prepare, time and digest one cell (in a fresh process)."""
    try:
        if lib == "cgt-py":
            import cgt_py  # noqa: F401
        elif lib == "pycgt":
            import pycgt  # noqa: F401
        work = WORKLOADS[workload](lib, quick)
    except (ImportError, Unavailable) as why:
        return {"status": "n/a", "note": str(why)}
    import cgt

    cgt.clear_caches()
    before = _resident_kb()
    cpu, start = time.process_time(), time.perf_counter()
    results = work()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    memo: dict = {}
    text = repr([str(as_cgt(lib, r, memo)) if not isinstance(r, tuple) else
                 str(tuple(str(as_cgt(lib, x, memo)) for x in r)) for r in results])
    return {"status": "ok", "seconds": seconds, "cpu": cpu, "mb": max(peak - before, 0) / 1024,
            "digest": hashlib.sha256(text.encode()).hexdigest()[:12], "sample": text[:120]}


def spawn(lib: str, workload: str, quick: bool, budget: float) -> dict:
    """Run one cell in a child process limited to ``budget`` seconds of CPU (wall clock: three times that)."""
    command = [sys.executable, os.path.abspath(__file__), "--cell", lib, workload] + (["--quick"] if quick else [])
    seconds = max(1, int(budget))

    def limit_cpu():
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))

    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=3 * budget, preexec_fn=limit_cpu)
    except subprocess.TimeoutExpired:
        return {"status": "timeout"}
    if done.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        return {"status": "timeout"}
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return {"status": "error", "note": last}
    return json.loads(done.stdout.strip().splitlines()[-1])


#: Seconds past which a cell is timed once (see :func:`best_of`).
LONG_RUN = 5.0


def best_of(lib: str, workload: str, quick: bool, budget: float, repeat: int) -> dict:
    """The fastest of ``repeat`` fresh-process runs (largest memory growth among them).

    A run longer than ``LONG_RUN`` seconds is not repeated: its noise is small against its length.
    """
    if (lib, workload) in HOPELESS:
        return {"status": "skipped", "note": HOPELESS[lib, workload]}
    best: dict | None = None
    for _ in range(repeat):
        cell = spawn(lib, workload, quick, budget)
        if cell["status"] != "ok":
            return cell
        if cell["seconds"] > LONG_RUN:
            return cell
        if best is None or cell["seconds"] < best["seconds"]:
            cell["mb"] = max(cell["mb"], best["mb"]) if best else cell["mb"]
            best = cell
        else:
            best["mb"] = max(best["mb"], cell["mb"])
    return best


# ----------------------------------------------------------------------------------------------- cross-check
def cross_check_day3(peers: list[str]) -> list[str]:
    """Untimed: stops, reduced canonical form, negative and birthday of all 1474 values born by day 3."""
    import cgt

    day3 = sorted(cgt.born_by(3), key=lambda g: (g.birthday, str(g)))
    memo: dict = {}
    specs = [spec_of(g, memo) for g in day3]
    fields = ("left stop", "right stop", "reduced canonical form", "negative", "birthday")
    lines = []
    for lib in peers:
        try:
            build = Builder(lib)
            build.final(specs[0])
        except ImportError:
            continue
        back: dict = {}
        bad = dict.fromkeys(fields, 0)
        for g, spec in zip(day3, specs):
            theirs = build.final(spec)
            if lib == "pycgt":
                import pycgt

                got = (Fraction(pycgt.left_stop(theirs)), Fraction(pycgt.right_stop(theirs)),
                       as_cgt(lib, pycgt.reduced_canonical_form(theirs), back), as_cgt(lib, pycgt.negate(theirs), back),
                       pycgt.birthday(theirs))
            else:
                got = (as_cgt(lib, theirs.left_stop, back), as_cgt(lib, theirs.right_stop, back),
                       as_cgt(lib, theirs.reduced, back), as_cgt(lib, -theirs, back), theirs.birthday)
            want = (g.left_stop, g.right_stop, g.reduced_canonical_form, -g, g.birthday)
            for field, a, b in zip(fields, want, got):
                bad[field] += a != b
        lines.append(f"cross-check of the {len(day3)} values born by day 3 against {lib}, disagreements: "
                     + ", ".join(f"{field} {n}" for field, n in bad.items()))
    return lines


# ----------------------------------------------------------------------------------------------- the table
def fmt_time(cell: dict, budget: float) -> str:
    status = cell["status"]
    if status == "ok":
        s = cell["seconds"]
        return f"{s * 1e6:.0f} µs" if s < 1e-3 else f"{s * 1e3:.1f} ms" if s < 1 else f"{s:.2f} s"
    return {"timeout": f"> {budget:g} s", "n/a": "n/a", "skipped": "skipped", "error": "error"}[status]


def ratio(ours: dict, theirs: dict, budget: float) -> str:
    """Our time over the peer's; against a stopped peer, an upper bound."""
    statuses = (ours["status"], theirs["status"])
    if statuses == ("ok", "ok"):
        return f"{ours['seconds'] / max(theirs['seconds'], 1e-9):.2f}"
    return f"< {ours['seconds'] / budget:.2f}" if statuses == ("ok", "timeout") else "-"


def load_ratio(cell: dict) -> str:
    """Wall-clock over CPU time of a finished cell (about 1 when the machine was quiet)."""
    return f"{cell['seconds'] / cell['cpu']:.1f}" if cell["status"] == "ok" and cell["cpu"] > 0 else "-"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=None,
                        help="CPU seconds per run of a cell before it is stopped (default 60; rows in ROW_BUDGET more)")
    parser.add_argument("--repeat", type=int, default=None, help="fresh processes per cell (default 3; 1 with --quick)")
    parser.add_argument("--only", action="append", default=[], help="run workloads whose name contains this")
    parser.add_argument("--libs", default=",".join(LIBRARIES), help="comma-separated subset of " + ", ".join(LIBRARIES))
    parser.add_argument("--quick", action="store_true", help="smaller inputs, fewer workloads, one run per cell")
    parser.add_argument("--no-cross-check", action="store_true", help="skip the untimed day-3 cross-check")
    parser.add_argument("--cell", nargs=2, metavar=("LIBRARY", "WORKLOAD"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.cell:
        print(json.dumps(run_cell(*args.cell, args.quick)))
        return 0
    repeat = args.repeat or (1 if args.quick else 3)
    census = tempfile.NamedTemporaryFile(prefix="cgt-bench-census-", suffix=".pickle", delete=False)
    census.close()
    write_census(census.name)
    os.environ[CENSUS_FILE] = census.name
    try:
        return table(args, repeat)
    finally:
        os.unlink(census.name)


def table(args, repeat: int) -> int:
    libraries = [lib for lib in args.libs.split(",") if lib]
    peers = [lib for lib in libraries if lib != "cgt"]
    names = [n for n in WORKLOADS if (not args.quick or any(q in n for q in QUICK))
             and (not args.only or any(o in n for o in args.only))]
    longer = {n: b for n, b in ROW_BUDGET.items() if n in names and args.budget is None}
    default = args.budget if args.budget is not None else DEFAULT_BUDGET
    budgets = f"budget {default:g} s per run" + "".join(f", {n} {b:g} s" for n, b in longer.items())
    print(f"python {sys.version.split()[0]}; {budgets}; best of {repeat} fresh processes"
          f"{'; quick sizes' if args.quick else ''}")
    header = ["workload", *libraries, *[f"cgt/{lib}" for lib in peers], *[f"{lib} MB" for lib in libraries], "load",
              "agree"]
    rows, notes = [], []
    for name in names:
        cells = {}
        budget = row_budget(name, args.budget)
        for lib in libraries:
            cells[lib] = best_of(lib, name, args.quick, budget, repeat)
            if cells[lib].get("note"):
                notes.append(f"{name}, {lib}: {cells[lib]['note']}")
            print(f"  {name:50} {lib:7} {fmt_time(cells[lib], budget)}", file=sys.stderr, flush=True)
        ours = cells.get("cgt", {"status": "n/a"})
        agree = []
        for lib in peers:
            if ours["status"] == "ok" and cells[lib]["status"] == "ok":
                same = cells[lib]["digest"] == ours["digest"]
                agree.append(f"{lib} {'yes' if same else 'MISMATCH'}")
                if not same:
                    notes.append(f"MISMATCH {name}: cgt {ours['sample']!r}, {lib} {cells[lib]['sample']!r}")
        rows.append([name, *[fmt_time(cells[lib], budget) for lib in libraries],
                     *[ratio(ours, cells[lib], budget) for lib in peers],
                     *[f"{cells[lib]['mb']:.0f}" if cells[lib]["status"] == "ok" else "-" for lib in libraries],
                     load_ratio(ours), ", ".join(agree) or "-"])
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join(["---"] + ["---:"] * (len(header) - 2) + ["---"]) + "|")
    for row in rows:
        print("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |")
    print("\n`cgt/x`: our time divided by the peer's (below 1: cgt is faster).  MB: growth of peak RSS.")
    for note in notes:
        print(f"- {note}")
    if not args.no_cross_check:
        for line in cross_check_day3(peers):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
