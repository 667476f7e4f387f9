"""Parsing and evaluating long and deeply nested shell programs, and multiples of a hot game.

    python benchmarks/bench_parsing.py            # every row
    python benchmarks/bench_parsing.py 100000     # the long rows with this many terms

Each row is one program run by ``cgt.shell.run`` in a fresh :class:`~cgt.shell.Session` (the grammar is
built before the first row), timed in CPU time (``time.process_time``), with what the shell answered: its
value, or its one-line error.  Flat chains (``1+1+…+1``, ``-(-(…))``, redundant parentheses) are evaluated
in a loop and cost linear time; nesting deeper than ``cgt.shell.parser.MAX_NESTING`` is refused (brackets
before parsing, the rest right after).  The last rows time reading a deeply nested game with ``cgt.game`` and
``n * {3||2|1}`` in the library (refused past ``cgt.kernel.game.MAX_SUM_WORK``), with the multiple's birthday.
"""

from __future__ import annotations

import sys
import time

import cgt
from cgt.errors import TooLargeError
from cgt.shell import Session, ShellError
from cgt.shell.parser import parser


def timed(label: str, source: str) -> None:
    start = time.process_time()
    try:
        answer = Session().run(source)
    except ShellError as error:
        answer = f"error: {error}"
    elapsed = time.process_time() - start
    answer = answer if len(answer) <= 60 else answer[:57] + "..."
    print(f"| {label:<42} | {elapsed:8.3f} | {answer} |", flush=True)


def multiples(counts) -> None:
    g = cgt.game("{3||2|1}")
    largest = None
    for n in counts:
        cgt.clear_caches()
        start = time.process_time()
        try:
            largest = n * g
            answer = f"birthday {largest.birthday}"
        except TooLargeError as error:
            answer = f"refused: {str(error)[:50]}..."
        elapsed = time.process_time() - start
        print(f"| {f'{n} * {{3||2|1}} (Python)':<42} | {elapsed:8.3f} | {answer} |", flush=True)


def read_back(depth: int = 3000) -> None:
    """``cgt.game(text)`` of braces nested ``depth`` deep (the library's reader of printed games)."""
    text = "0"
    for k in range(depth):
        text = f"{{{k + 1}|{text}}}"
    start = time.process_time()
    g = cgt.game(text)
    elapsed = time.process_time() - start
    print(f"| {f'game(text), braces nested {depth:,} deep (Python)':<42} | {elapsed:8.3f} | birthday {g.birthday} |")


def main(long: int = 100_000) -> None:
    parser()
    print("| program | CPU s | answer |")
    print("|---|---:|---|")
    for n in (1000, 10_000, long):
        timed(f"sum of {n:,} ones", "+".join(["1"] * n))
    timed(f"{long:,} minus signs, then 1", "-" * long + "1")
    timed(f"1 inside {10_000:,} parentheses", "(" * 10_000 + "1" + ")" * 10_000)
    timed(f"1 inside {long:,} parentheses", "(" * long + "1" + ")" * long)
    timed(f"{10_000:,} alternating + and - of *", "+".join(["*"] * 5000) + "-" + "-".join(["*"] * 5000))
    timed("lists nested 2,000 deep", "[" * 2000 + "]" * 2000)
    timed("lists nested 100,000 deep (refused)", "[" * long + "]" * long)
    timed("1+(1+(...)) nested 100,000 deep (refused)", "1+(" * long + "1" + ")" * long)
    read_back()
    multiples((100, 300, 600, 1000, 2000))


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
