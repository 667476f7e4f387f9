"""Fuzzing the shell: every input either evaluates or raises ShellError — nothing else, and no hang.

Three sources of input: programs drawn from the grammar itself (``hypothesis.extra.lark.from_lark``),
expression trees built from the shell's own vocabulary (deeper than the grammar draws get), and random
bytes / random text over the shell's alphabet.  Programs run under :data:`cgt.shell.limits.STRICT`, and
each one under an alarm, so a hang fails the test instead of stalling CI.  The bounded runs are here;
``@pytest.mark.slow`` and ``benchmarks/bench_shell_fuzz.py`` run many more examples.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from cgt.shell import ShellError, run
from cgt.shell.limits import STRICT
from cgt.shell.methods import REGISTRY
from cgt.shell.parser import build_parser

GRAMMAR = build_parser()  # with its rules and terminals, which the generators read

#: Seconds one fuzzed program may take before it counts as a hang.
HANG_SECONDS = 20

NAMES = [
    "x", "n", "g", "game", "heap", "grid", "Kayles", "Nim", "GrundysGame", "TakeAndBreak", "Subtraction",
    "Frogs", "DeBruijn", "Wythoff", "Tiny", "Miny", "BornBy", "help", "v2", "foo",
] + REGISTRY.names()

UPTIMALS = [
    "*", "*2", "*0", "*64", "*65", "^", "v", "^^", "vv*", "^^*", "^3", "v4*2", "^<2>", "v<3>*", "^[2]",
    "v[3]*", "^<9>", "^99",
]
#: Printed forms that are not input (CGSUITE.md §7.5: 2*3 is 6, 2^3 is 8, 3* is unfinished): atoms only.
GLUED = ["3*", "2*3", "-1/2v*", "73/16v9*8", "1/3^", "5/0*", "2^3", "2^^", "1^*"]

KEYWORDS = {
    name: st.just(f" {name.lower()} ")
    for name in (
        "OR", "AND", "NOT", "ELSE", "WHERE", "TRUE", "FALSE", "NIL", "IF", "THEN", "END", "FOR", "DO",
        "WHILE", "ELSEIF", "BY", "FROM", "TO", "IN", "VAR", "DEF", "BEGIN", "YIELD", "CLASS", "EXTENDS", "ENUM",
        "THIS", "SUPER", "SINGLETON", "MUTABLE", "OVERRIDE", "STATIC", "PRIVATE", "EXTERNAL", "SYSTEM", "AS",
    )
}


def _grammar_programs():
    explicit = {
        "UPTIMAL": st.sampled_from(UPTIMALS),
        "NUMPREFIX": st.sampled_from(["2", "-1", "1/2", "3/3"]),
        "STAROF": st.just("*"),
        "NAME": st.sampled_from(NAMES) | st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,5}", fullmatch=True),
        "INT": st.integers(0, 40).map(str) | st.integers(0, 10**30).map(str),
        "STRING": st.sampled_from(['"0.77"', '"0.07"', '""', '"4!.0"', '"x\\"y"']),
        "WS": st.sampled_from([" ", "\n"]),
        "CLASS_NAME": st.sampled_from(["P", "Position", "Foo"]),
        "COMMENT": st.just("// c\n"),
        **KEYWORDS,
    }
    return st.one_of(
        from_lark(GRAMMAR, explicit=explicit),
        from_lark(GRAMMAR, start="expr", explicit=explicit),
    )


GRAMMAR_PROGRAMS = _grammar_programs()

#: Sample texts of the named terminals for random_program (the anonymous ones are their own text).
TERMINAL_SAMPLES = {
    "UPTIMAL": UPTIMALS,
    "NUMPREFIX": ["2", "-1", "1/2"],
    "STAROF": ["*"],
    "MISERE": ["*[42]", "*[2]", "*[]", "*[(42)31]"],
    "NAME": NAMES[:20] + ["Mean", "Cool", "Heat", "Apply", "Filter", "Size", "Sorted", "NimSum", "Left", "Nothing"],
    "INT": ["0", "1", "2", "3", "7", "40", "1000000000000"],
    "STRING": ['"0.77"', '""', '"abc"', '"x\\"y"'],
    "BARS": ["|", "||", "|||"],
    "LABEL": ["a", "b"],
    "CLASS_NAME": ["P", "Position"],
    "OP_NAME": ["op+", "op*", "op^"],
    "COMPARE": ["==", "!=", "<=", ">=", "<>", "<|", "|>", "<", ">", "===", "!==", "<=>"],
}


class GrammarDeriver:
    """Fast random derivations of the shell grammar (no hypothesis): a random rule at each step, and
    once past ``max_depth`` only rules that finish soonest, so every derivation is short.

    >>> program = GrammarDeriver().program(__import__("random").Random(1))
    >>> isinstance(program, str)
    True
    """

    def __init__(self, max_depth: int = 9):
        from collections import defaultdict

        self.max_depth = max_depth
        self.rules = defaultdict(list)
        for rule in GRAMMAR.rules:
            self.rules[rule.origin.name].append([symbol for symbol in rule.expansion])
        self.texts = {t.name: t.pattern.value for t in GRAMMAR.terminals if t.pattern.type == "str"}
        self.height = self._heights()

    def _heights(self) -> dict:
        """Least derivation height of each nonterminal (a fixed point)."""
        height: dict = {}
        changed = True
        while changed:
            changed = False
            for name, expansions in self.rules.items():
                for expansion in expansions:
                    parts = [0 if s.is_term else height.get(s.name) for s in expansion]
                    if None in parts:
                        continue
                    h = 1 + max(parts, default=0)
                    if h < height.get(name, 10**9):
                        height[name] = h
                        changed = True
        return height

    def _cost(self, expansion) -> int:
        return max((0 if s.is_term else self.height[s.name] for s in expansion), default=0)

    def derive(self, rng, name: str, depth: int, out: list) -> None:
        expansions = self.rules[name]
        if depth >= self.max_depth:
            least = min(self._cost(e) for e in expansions)
            expansions = [e for e in expansions if self._cost(e) == least]
        for symbol in rng.choice(expansions):
            if symbol.is_term:
                samples = TERMINAL_SAMPLES.get(symbol.name)
                out.append(rng.choice(samples) if samples else self.texts[symbol.name])
            else:
                self.derive(rng, symbol.name, depth + 1, out)

    def program(self, rng) -> str:
        out: list = []
        self.derive(rng, "start", 0, out)
        return " ".join(out)


def _atoms():
    return st.one_of(
        st.integers(-20, 40).map(str),
        st.sampled_from(UPTIMALS + GLUED),
        st.sampled_from(["x", "n", "true", "false", "nil", '"0.77"', "{}", "{|}", "[]", "game.heap", "{=>}",
                         "1..5", "Left", "Nothing", "x -> x", '"abc"', "{1 => *}"]),
        st.integers(0, 30).map(lambda n: f"game.heap.Kayles({n})"),
        st.integers(0, 30).map(lambda n: f"game.heap.Nim({n})"),
        st.integers(0, 30).map(lambda n: f'game.heap.TakeAndBreak("0.07")({n})'),
        st.integers(0, 30).map(lambda n: f"game.heap.Subtraction([1,3,4])({n})"),
        st.tuples(st.integers(0, 9), st.integers(0, 9)).map(lambda t: f"Wythoff(({t[0]},{t[1]}))"),
        st.tuples(st.integers(0, 12), st.integers(1, 4)).map(lambda t: f"Frogs({t[0]},{t[1]})"),
        st.integers(1, 8).map(lambda n: f"DeBruijn({n})"),
    )


def _combine(children):
    binary = st.sampled_from(
        [" + ", " - ", " * ", " / ", " % ", "+-", " == ", " <= ", " < ", " <> ", " |> ", " NimSum ",
         " Heat ", " Cool ", " and ", " or "]
    )
    method = st.sampled_from(REGISTRY.names())
    return st.one_of(
        st.tuples(children, binary, children).map(lambda t: f"({t[0]}{t[1]}{t[2]})"),
        st.tuples(st.sampled_from(["-", "+-", "not ", "*"]), children).map(lambda t: f"{t[0]}({t[1]})"),
        st.tuples(children, method).map(lambda t: f"({t[0]}).{t[1]}"),
        st.tuples(children, method, children).map(lambda t: f"({t[0]}).{t[1]}({t[2]})"),
        st.tuples(st.lists(children, max_size=3), st.sampled_from(["|", "||", "|||"]), st.lists(children, max_size=3))
        .map(lambda t: "{" + ",".join(t[0]) + t[1] + ",".join(t[2]) + "}"),
        st.lists(children, max_size=4).map(lambda xs: "[" + ",".join(xs) + "]"),
        st.tuples(children, st.integers(-3, 6), st.integers(-3, 12)).map(
            lambda t: f"[{t[0]} for n from {t[1]} to {t[2]}]"
        ),
        st.tuples(children, children, children).map(lambda t: f"if {t[0]} then {t[1]} else {t[2]} end"),
        st.tuples(children, children).map(lambda t: f"x := {t[0]}; {t[1]}"),
        st.sampled_from(["Tiny", "Miny", "help", "BornBy"]).flatmap(lambda f: children.map(lambda c: f"{f}({c})")),
        # the language of CGSUITE.md §4: procedures, loops, maps, ranges, collection methods
        st.tuples(children, children).map(lambda t: f"(x -> {t[0]})({t[1]})"),
        st.tuples(children, children).map(lambda t: f"def f(n) := if n < 1 then {t[0]} else f(n - 1) end; f({t[1]})"),
        st.tuples(children, children).map(lambda t: f"for x in {t[0]} yield {t[1]} end"),
        st.tuples(children, children).map(lambda t: f"x := 0; while x < 3 do x := x + 1 end; {t[0]} : {t[1]}"),
        st.tuples(children, children).map(lambda t: f"{{{t[0]} => {t[1]}}}"),
        st.tuples(children, children).map(lambda t: f"{t[0]}..{t[1]}"),
        st.tuples(children, st.sampled_from(["Apply", "Filter", "Count", "Find", "SortedWith", "ForAll"]))
        .map(lambda t: f"({t[0]}).{t[1]}(y -> y)"),
        st.tuples(children, children).map(lambda t: f"begin var y := {t[0]}; [y, {t[1]}] end"),
        st.tuples(children, children).map(lambda t: f"{t[0]} === {t[1]}"),
    )


EXPRESSIONS = st.recursive(_atoms(), _combine, max_leaves=12)

ALPHABET = "{}|^v*0123456789/+-.,;:=<>()[]\" \nabcxyzNimSumHeatKaylesgamehpfortodoifthenelseend"
TEXT = st.text(alphabet=ALPHABET, max_size=60)
BYTES = st.binary(max_size=80).map(lambda b: b.decode("utf-8", errors="replace"))


class Hang(Exception):
    pass


@contextlib.contextmanager
def alarm(seconds: int):
    """Raise Hang in the main thread after ``seconds`` (SIGALRM; a no-op where it does not exist)."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def handler(signum, frame):
        raise Hang(f"no answer after {seconds} s")

    previous = signal.signal(signal.SIGALRM, handler)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def check(source: str) -> str:
    """Run one fuzzed program: a value or a non-internal ShellError; anything else fails."""
    start = time.perf_counter()
    with alarm(HANG_SECONDS):
        try:
            outcome = "ok:" + run(source, limits=STRICT)
        except ShellError as error:
            assert not error.internal, f"internal error for {source!r}: {error}"
            assert error.message, source
            outcome = "error:" + str(error)
    assert time.perf_counter() - start < HANG_SECONDS
    return outcome


#: Examples per bounded run; drawing from the grammar is slow (about 0.25 s a program), so fewer there.
FUZZ = settings(max_examples=75, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
FUZZ_GRAMMAR = settings(FUZZ, max_examples=25)
#: The slow run: set CGT_FUZZ_EXAMPLES for more (benchmarks/bench_shell_fuzz.py runs thousands).
FUZZ_SLOW = settings(
    max_examples=int(os.environ.get("CGT_FUZZ_EXAMPLES", "400")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


@FUZZ_GRAMMAR
@given(GRAMMAR_PROGRAMS)
def test_grammar_programs(source):
    check(source)


def test_fast_grammar_derivations():
    """300 programs derived from the grammar by GrammarDeriver (benchmarks/bench_shell_fuzz.py runs 10^5)."""
    import random

    deriver = GrammarDeriver()
    rng = random.Random(12)
    outcomes = [check(deriver.program(rng)) for _ in range(300)]
    assert any(o.startswith("ok:") for o in outcomes) and any(o.startswith("error:") for o in outcomes)


@FUZZ
@given(EXPRESSIONS)
def test_expressions(source):
    check(source)


@FUZZ
@given(st.one_of(TEXT, BYTES))
def test_random_text_and_bytes(source):
    check(source)


@pytest.mark.parametrize(
    "source",
    [
        "(" * 3000 + "1" + ")" * 3000,
        "{" * 400 + "|" + "}" * 400,
        "-" * 5000 + "1",
        "[" * 2000 + "]" * 2000,
        "x := 1; " * 2000 + "x",
        "while true do end",
        "def f(n) := f(n + 1); f(1)",
        "for n from 1 do end",
        "x := [1]; while true do x := x + x end",
        "f := x -> x(x); f(f)",
        "[n for n from 1 to 1000000]",
        "*1000000",
        "99999999999999999999 * 99999999999999999999 * 99999999999999999999 * 99999999999999999999",
        "1000 * {3||2|1}",
        "^<1000>",
        "game.heap.Kayles(1000000).NimValue",
        "BornBy(4)",
        "\x00",
        "1" * 5000,
    ],
    ids=lambda s: repr(s)[:30],
)
def test_resource_guards(source):
    assert check(source).startswith(("ok:", "error:"))


@pytest.mark.slow
@FUZZ_SLOW
@given(st.one_of(EXPRESSIONS, EXPRESSIONS, TEXT, BYTES))
def test_fuzz_many(source):
    check(source)
