"""The large shell fuzz run, plus shell throughput timings.

    python benchmarks/bench_shell_fuzz.py            # 10^5 grammar derivations, 2000 examples per source
    python benchmarks/bench_shell_fuzz.py 10000      # more hypothesis examples
    python benchmarks/bench_shell_fuzz.py 0 100000   # only the 10^5 grammar derivations

First 10^5 programs derived at random from the grammar (``GrammarDeriver`` of ``tests/shell/test_fuzz.py``),
then draws from the grammar (``hypothesis.extra.lark.from_lark``), from the expression strategy of
``tests/shell/test_fuzz.py`` and from random text/bytes; each must evaluate or raise a non-internal
ShellError within the hang limit under ``cgt.shell.limits.STRICT``.  Prints counts, the slowest program
and the time per program, then times a few typical shell workloads under the default limits.
"""

from __future__ import annotations

import os
import sys
import time

from hypothesis import HealthCheck, given, settings

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from tests.shell import test_fuzz as fuzz  # noqa: E402  (the strategies live with the tests)

from cgt.shell import run  # noqa: E402


def fuzz_source(name: str, strategy, examples: int) -> None:
    stats = {"ok": 0, "error": 0, "slowest": (0.0, "")}

    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(strategy)
    def body(source):
        start = time.perf_counter()
        outcome = fuzz.check(source)
        elapsed = time.perf_counter() - start
        stats["ok" if outcome.startswith("ok:") else "error"] += 1
        if elapsed > stats["slowest"][0]:
            stats["slowest"] = (elapsed, source)

    start = time.perf_counter()
    body()
    total = time.perf_counter() - start
    runs = stats["ok"] + stats["error"]
    slowest, source = stats["slowest"]
    print(
        f"{name:12s} {runs:6d} programs  {stats['ok']:6d} values  {stats['error']:6d} shell errors  "
        f"{total:7.1f} s total  slowest {slowest * 1000:7.1f} ms: {source[:60]!r}"
    )


def fuzz_derived(count: int, seed: int = 0) -> None:
    """``count`` programs derived from the grammar by ``GrammarDeriver`` (fast: no hypothesis)."""
    import random

    deriver = fuzz.GrammarDeriver()
    rng = random.Random(seed)
    stats = {"ok": 0, "error": 0}
    slowest = (0.0, "")
    start = time.perf_counter()
    for _ in range(count):
        source = deriver.program(rng)
        begin = time.perf_counter()
        outcome = fuzz.check(source)
        elapsed = time.perf_counter() - begin
        stats["ok" if outcome.startswith("ok:") else "error"] += 1
        if elapsed > slowest[0]:
            slowest = (elapsed, source)
    total = time.perf_counter() - start
    print(
        f"{'derived':12s} {count:6d} programs  {stats['ok']:6d} values  {stats['error']:6d} shell errors  "
        f"{total:7.1f} s total  slowest {slowest[0] * 1000:7.1f} ms: {slowest[1][:60]!r}"
    )


def timed(label: str, source: str, repeat: int = 1) -> None:
    start = time.perf_counter()
    for _ in range(repeat):
        output = run(source)
    elapsed = (time.perf_counter() - start) / repeat
    print(f"{label:44s} {elapsed * 1000:9.2f} ms   -> {output[:40]}")


def main() -> None:
    examples = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    derived = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    print(f"fuzz: {derived} grammar derivations")
    fuzz_derived(derived)
    if examples == 0:
        return
    print(f"fuzz, {examples} examples per source (grammar draws: {max(1, examples // 10)})")
    fuzz_source("grammar", fuzz.GRAMMAR_PROGRAMS, max(1, examples // 10))
    fuzz_source("expressions", fuzz.EXPRESSIONS, examples)
    fuzz_source("text", fuzz.TEXT, examples)
    fuzz_source("bytes", fuzz.BYTES, examples)
    print("\nthroughput (default limits)")
    timed("parse + evaluate {3|2} + {2|0}", "{3|2} + {2|0}", repeat=2000)
    timed("{3||2|1}.Thermograph", "{3||2|1}.Thermograph", repeat=200)
    timed("Kayles nim values, 10^5 heaps (comprehension)", "[game.heap.Kayles(n).NimValue for n from 0 to 100000].Length")
    timed("loop of 10^5 additions", "s := 0; for n from 1 to 100000 do s := s + n end; s")


if __name__ == "__main__":
    main()
