"""Side-by-side timings of cgt and the public peer packages ``pycgt`` and ``cgt-py``.

    python benchmarks/bench_peers.py          # all workloads, seed 1
    python benchmarks/bench_peers.py --quick  # smaller sizes

The peers are optional: a peer that is not importable is skipped with a note,
so the script runs anywhere ``cgt`` is installed.  To time all three, use a
separate virtual environment (the peers are never project dependencies)::

    python3 -m venv /tmp/peers
    /tmp/peers/bin/pip install pycgt cgt-py anywidget   # cgt-py imports anywidget but does not declare it
    /tmp/peers/bin/pip install -e .
    /tmp/peers/bin/python benchmarks/bench_peers.py

Every workload gives the three libraries identical inputs, built from option
lists (``cgt-py`` builds games only from brace text, so it gets the same
option lists written as ``{a,b|c}``).  Building the inputs is not timed.
Before each timed run, ``cgt.clear_caches()`` is called, and so is
``cache_clear()`` of every public memoised function of ``pycgt``; ``cgt-py``
(Rust) offers no way to clear whatever it memoises internally.

Answers are checked: every peer result is converted back into a ``cgt`` game
by walking its options, and must equal ours; numbers (temperature, mean) and
booleans (comparisons) are compared directly.  Disagreements print a line
starting with ``MISMATCH`` and the inputs needed to reproduce it.
"""

from __future__ import annotations

import importlib
import random
import signal
import sys
import time
from fractions import Fraction
from importlib import metadata

import cgt

try:
    import pycgt
    import pycgt.census
except ImportError as exc:  # the peer is optional
    pycgt = None
    PYCGT_WHY = str(exc)

try:
    import cgt_py
except ImportError as exc:  # the peer is optional; it needs anywidget at import time
    cgt_py = None
    CGTPY_WHY = str(exc)

LIBS = ("cgt", "pycgt", "cgt-py")
ROWS: list[tuple[str, dict[str, str]]] = []
MISMATCHES: list[str] = []


# ----------------------------------------------------------------------------- inputs

def spec_of(g: cgt.Game, memo: dict | None = None) -> tuple:
    """The option-list tree ``(lefts, rights)`` of a cgt game (shared subtrees shared)."""
    memo = {} if memo is None else memo
    key = id(g)
    if key not in memo:
        memo[key] = (tuple(spec_of(x, memo) for x in g.left_options),
                     tuple(spec_of(x, memo) for x in g.right_options))
    return memo[key]


def switch_spec(a: int, b: int) -> tuple:
    return ((int_spec(a),), (int_spec(b),))


def int_spec(n: int) -> tuple:
    spec: tuple = ((), ())
    for _ in range(abs(n)):
        spec = ((spec,), ()) if n > 0 else ((), (spec,))
    return spec


class Builder:
    """Builds the same option-list trees in one library, memoised per tree."""

    def __init__(self, lib: str):
        self.lib = lib
        self.memo: dict = {}

    def __call__(self, spec: tuple):
        hit = self.memo.get(spec)
        if hit is not None:
            return hit
        lefts, rights = spec
        if self.lib == "cgt":
            g = cgt.game([self(x) for x in lefts], [self(x) for x in rights])
        elif self.lib == "pycgt":
            g = pycgt.game([self(x) for x in lefts], [self(x) for x in rights])
        else:
            g = "{" + ",".join(self(x) for x in lefts) + "|" + ",".join(self(x) for x in rights) + "}"
        self.memo[spec] = g
        return g

    def final(self, spec: tuple):
        g = self(spec)
        return cgt_py.CanonicalForm(g) if self.lib == "cgt-py" else g


def to_ours(g, lib: str, memo: dict | None = None) -> cgt.Game:
    """A peer's game, rebuilt as a cgt game from its options."""
    memo = {} if memo is None else memo
    if lib == "cgt":
        return g
    key = g if lib == "pycgt" else repr(g)
    if key not in memo:
        if lib == "pycgt":
            lefts, rights = g.left, g.right
        else:
            lefts, rights = g.left_options, g.right_options
        memo[key] = cgt.game([to_ours(x, lib, memo) for x in lefts],
                             [to_ours(x, lib, memo) for x in rights])
    return memo[key]


def to_fraction(x) -> Fraction:
    """A cgt-py ``DyadicRationalNumber`` (its repr is ``DyadicRationalNumber('5/8')``) as a Fraction."""
    return Fraction(repr(x).split("'")[1])


# ----------------------------------------------------------------------------- running

def available() -> list[str]:
    libs = ["cgt"]
    if pycgt is not None:
        libs.append("pycgt")
    if cgt_py is not None:
        libs.append("cgt-py")
    return libs


def clear(lib: str) -> None:
    if lib == "cgt":
        cgt.clear_caches()
    elif lib == "pycgt":
        for modname in ("pycgt", "pycgt.values", "pycgt.census", "pycgt.notation",
                        "pycgt.stops", "pycgt.thermal", "pycgt.reduced"):
            mod = importlib.import_module(modname)
            for name in dir(mod):
                fn = getattr(mod, name)
                if callable(getattr(fn, "cache_clear", None)):
                    fn.cache_clear()


class OverBudget(BaseException):
    """Raised by the alarm when one library exceeds the per-workload budget (a BaseException,
    so that a library's own ``except Exception`` cannot swallow it)."""


def _alarm(signum, frame):
    raise OverBudget


def timed(fn, budget: float) -> tuple[float, object]:
    """Run ``fn`` under a wall-clock alarm (checked between Python bytecodes, so a long
    call inside a compiled extension finishes before it fires)."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, budget, 1.0)  # re-fire every second until it lands
    try:
        start = time.perf_counter()
        out = fn()
        return time.perf_counter() - start, out
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def fmt(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


BUDGET = [60.0]


def run(label: str, libs: list[str], prepare, work, check) -> None:
    """Time ``work(inputs)`` per library; ``check(lib, ours_out, their_out)`` returns a mismatch text or None."""
    cells: dict[str, str] = {}
    outs: dict[str, object] = {}
    for lib in libs:
        if lib not in available():
            cells[lib] = "not installed"
            continue
        try:
            clear(lib)
            inputs = prepare(lib)
            clear(lib)
            print(f"  {lib} ...", end=" ", flush=True)
            seconds, outs[lib] = timed(lambda: work(lib, inputs), BUDGET[0])
            print(fmt(seconds), flush=True)
            cells[lib] = fmt(seconds)
        except OverBudget:
            print(f"over {BUDGET[0]:.0f} s", flush=True)
            cells[lib] = f"> {BUDGET[0]:.0f} s (stopped)"
        except Exception as exc:  # a peer failing is a result to report, not a crash
            cells[lib] = f"error: {type(exc).__name__}"
            MISMATCHES.append(f"{label}: {lib} raised {type(exc).__name__}: {str(exc)[:200]}")
    for lib in libs:
        if lib != "cgt" and lib in outs and "cgt" in outs:
            problem = check(lib, outs["cgt"], outs[lib])
            if problem:
                cells[lib] += " (MISMATCH)"
                MISMATCHES.append(f"{label}: {lib}: {problem}")
                print(f"MISMATCH {label}: {lib}: {problem}", flush=True)
    for lib in LIBS:
        cells.setdefault(lib, "n/a")
    ROWS.append((label, cells))
    print(f"{label}: " + "; ".join(f"{lib} {cells[lib]}" for lib in LIBS), flush=True)


def check_games(lib, ours, theirs):
    """Both are lists of games; the peer's must rebuild to ours."""
    memo: dict = {}
    for i, (a, b) in enumerate(zip(ours, theirs)):
        back = to_ours(b, lib, memo)
        if back != a:
            return f"item {i}: cgt gives {a}, {lib} gives {back}"
    return None


def check_values(lib, ours, theirs):
    for i, (a, b) in enumerate(zip(ours, theirs)):
        if a != b:
            return f"item {i}: cgt gives {a}, {lib} gives {b}"
    return None


# ----------------------------------------------------------------------------- workloads

def sums(label: str, terms: list[list[tuple]], libs: list[str]) -> None:
    """Canonical form of each sum of the given option-list trees."""

    def prepare(lib):
        build = Builder(lib)
        return [[build.final(s) for s in row] for row in terms]

    def work(lib, rows):
        out = []
        for row in rows:
            total = row[0]
            for g in row[1:]:
                total = pycgt.add(total, g) if lib == "pycgt" else total + g
            out.append(total)
        return out

    run(label, libs, prepare, work, check_games)


def comparisons(label: str, pairs: list[tuple[tuple, tuple]], libs: list[str]) -> None:
    def prepare(lib):
        build = Builder(lib)
        return [(build.final(a), build.final(b)) for a, b in pairs]

    def work(lib, items):
        if lib == "pycgt":
            leq = pycgt.leq
            return [leq(g, h) for g, h in items]
        return [g <= h for g, h in items]

    run(label, libs, prepare, work, check_values)


def nim_sums(label: str, pairs: list[tuple[int, int]], libs: list[str]) -> None:
    def prepare(lib):
        if lib == "cgt":
            make = cgt.nimber
        elif lib == "pycgt":
            make = pycgt.nimber
        else:
            cache: dict[int, object] = {}

            def make(n):
                if n not in cache:
                    cache[n] = cgt_py.CanonicalForm(f"*{n}" if n else "0")
                return cache[n]
        return [(make(a), make(b)) for a, b in pairs]

    def work(lib, items):
        if lib == "pycgt":
            return [pycgt.add(g, h) for g, h in items]
        return [g + h for g, h in items]

    run(label, libs, prepare, work, check_games)


def thermal(label: str, specs: list[tuple], libs: list[str], with_mean: bool) -> None:
    def prepare(lib):
        build = Builder(lib)
        return [build.final(s) for s in specs]

    def work(lib, games):
        if lib == "cgt":
            return [(g.temperature, g.mean) if with_mean else g.temperature for g in games]
        if lib == "pycgt":
            return [(pycgt.temperature(g), pycgt.mean(g)) if with_mean else pycgt.temperature(g)
                    for g in games]
        return [to_fraction(g.temperature) for g in games]

    def check(lib, ours, theirs):
        for i, (a, b) in enumerate(zip(ours, theirs)):
            if a != b:
                return f"item {i} {cgt_game(specs[i])}: cgt gives {a}, {lib} gives {b}"
        return None

    run(label, libs, prepare, work, check)


def cgt_game(spec):
    return Builder("cgt")(spec)


def census(label: str, day: int, libs: list[str]) -> None:
    def work(lib, _):
        if lib == "cgt":
            return sorted(cgt.born_by(day), key=str)
        return list(pycgt.census.born_by(day))

    def check(lib, ours, theirs):
        back = {to_ours(g, lib) for g in theirs}
        if back != set(ours):
            return f"cgt has {len(ours)} values, {lib} has {len(back)}; differ by {set(ours) ^ back}"
        return None

    run(label, libs, lambda lib: None, work, check)


def cross_check_day3(day3: list[cgt.Game]) -> None:
    """Untimed: stops, reduced canonical form, negation and birthday of all 1474 values born by day 3."""
    fields = ("left stop", "right stop", "reduced canonical form", "negative", "birthday")
    for lib in available()[1:]:
        build = Builder(lib)
        bad = dict.fromkeys(fields, 0)
        for g in day3:
            theirs = build.final(spec_of(g))
            if lib == "pycgt":
                got = (Fraction(pycgt.left_stop(theirs)), Fraction(pycgt.right_stop(theirs)),
                       to_ours(pycgt.reduced_canonical_form(theirs), lib), to_ours(pycgt.negate(theirs), lib),
                       pycgt.birthday(theirs))
            else:
                got = (to_fraction(theirs.left_stop), to_fraction(theirs.right_stop),
                       to_ours(theirs.reduced, lib), to_ours(-theirs, lib), theirs.birthday)
            want = (Fraction(g.left_stop), Fraction(g.right_stop), g.reduced_canonical_form, -g, g.birthday)
            for field, a, b in zip(fields, want, got):
                if a != b:
                    bad[field] += 1
                    if bad[field] <= 3:
                        print(f"MISMATCH day-3 value {g}: {field}: cgt gives {a}, {lib} gives {b}", flush=True)
        summary = ", ".join(f"{field} {n}" for field, n in bad.items())
        print(f"cross-check of all {len(day3)} day-3 values vs {lib}, disagreements: {summary}", flush=True)
        for field, n in bad.items():
            if n:
                MISMATCHES.append(f"day-3 cross-check: {lib}: {field} differs on {n} of {len(day3)} values")


# ----------------------------------------------------------------------------- main

def version(dist: str) -> str:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def main(quick: bool = False, seed: int = 1) -> None:
    rng = random.Random(seed)
    BUDGET[0] = 20.0 if quick else 60.0
    print(f"python {sys.version.split()[0]}; cgt {version('cgt')}, pycgt {version('pycgt')}, "
          f"cgt-py {version('cgt-py')}")
    if pycgt is None:
        print(f"pycgt skipped: {PYCGT_WHY}")
    if cgt_py is None:
        print(f"cgt-py skipped: {CGTPY_WHY}")
    all3 = list(LIBS)

    sums("`{3|2} + {2|0}`", [[switch_spec(3, 2), switch_spec(2, 0)]], all3)
    for k in ((6,) if quick else (6, 8, 10)):
        rows = [[switch_spec(a, a - rng.randint(1, 2 * k)) for a in (rng.randint(-k, k) for _ in range(k))]]
        sums(f"sum of {k} switches {{a|b}}, a-b ≤ {2 * k}", rows, all3)

    day3 = sorted(cgt.born_by(3), key=lambda g: (g.birthday, str(g)))
    specs3 = [spec_of(g) for g in day3]
    for k in ((4,) if quick else (4, 6, 8)):
        rows = [[rng.choice(specs3) for _ in range(k)] for _ in range(3)]
        sums(f"3 sums of {k} values uniform from the 1474 born by day 3", rows, all3)

    trees: list[tuple] = []
    day2 = [spec_of(g) for g in cgt.born_by(2)]
    for _ in range(3):
        rows = [[(tuple(rng.sample(day2, rng.randint(0, 3))), tuple(rng.sample(day2, rng.randint(0, 3))))
                 for _ in range(30)]]
        trees.extend(rows)
    sums("3 sums of 30 random game trees of depth 3", trees, all3)

    n = 2000 if quick else 10000
    pairs = [(rng.choice(specs3), rng.choice(specs3)) for _ in range(n)]
    comparisons(f"{n:,} comparisons G <= H, values born by day 3", pairs, all3)

    n = 2000 if quick else 10000
    for top in (16, 64):
        nims = [(rng.randrange(top), rng.randrange(top)) for _ in range(n)]
        # pycgt already needs > 60 s below 16, and below 64 it sits in one call the alarm cannot interrupt
        libs = all3 if top == 16 else ["cgt", "cgt-py"]
        nim_sums(f"{n:,} nim sums *a + *b, a, b < {top}", nims, libs)

    hot = [s for g, s in zip(day3, specs3) if g.left_stop > g.right_stop]
    thermal(f"temperature + mean of the {len(hot)} hot day-3 values", hot, ["cgt", "pycgt"], True)
    thermal(f"temperature of the {len(hot)} hot day-3 values", hot, all3, False)

    census("born_by(2): the 22 values", 2, ["cgt", "pycgt"])

    cross_check_day3(day3)

    print()
    print("| workload | cgt | pycgt | cgt-py |")
    print("|---|---:|---:|---:|")
    for label, cells in ROWS:
        print(f"| {label.replace('|', chr(92) + '|')} | " + " | ".join(cells[lib] for lib in LIBS) + " |")
    print()
    print(f"{len(MISMATCHES)} mismatches" + (":" if MISMATCHES else ""))
    for text in MISMATCHES:
        print("  " + text)


if __name__ == "__main__":
    main(quick="--quick" in sys.argv[1:])
