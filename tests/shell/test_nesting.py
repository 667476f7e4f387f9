"""Long and deeply nested programs: chains of operators are evaluated in a loop (no length limit), redundant
parentheses nest to any depth, and nesting past ``MAX_NESTING`` is refused before the program runs, with a
one-line error naming the limit (the limits docs/shell.md states).  Timings are in benchmarks/bench_parsing.py."""

from __future__ import annotations

import pytest

from cgt import game
from cgt.shell import Session, ShellError, run
from cgt.shell.parser import MAX_NESTING, nesting_depth, parse

TOO_DEEP = f"expression nested too deeply (more than {MAX_NESTING:,} levels)"


def test_the_documented_limit():
    assert MAX_NESTING == 2000


@pytest.mark.parametrize("source, value", [
    ("+".join(["1"] * 10_000), "10000"),                           # docs: 1+1+…+1 with 10,000 terms and more
    ("-" * 20_000 + "1", "1"),                                     # 20,000 minus signs (100,000: the slow run)
    ("(" * 10_000 + "1" + ")" * 10_000, "1"),                     # redundant parentheses: any depth
    ("+".join(["*"] * 5001) + "-" + "-".join(["*"] * 4999), "0"),
    ("*".join(["2"] * 50) + "/" + "/".join(["2"] * 49), "2"),
    (" or ".join(["false"] * 5000) + " or true", "true"),
    (" and ".join(["true"] * 5000), "true"),
    ("not " * 5001 + "true", "false"),
    ("+-" * 3 + "1", "*"),                                          # +-(+-(+-1)) = +-0 = *
    ("1 NimSum " * 3000 + "1", "1"),
])
def test_chains_have_no_length_limit(source, value):
    assert run(source) == value


@pytest.mark.slow
def test_a_hundred_thousand_minus_signs():
    # docs/shell.md: 100,000 minus signs read and evaluate (about 2 s)
    assert run("-" * 100_000 + "1") == "1"


@pytest.mark.parametrize("make", [
    lambda n: "[" * n + "]" * n,                                   # lists
    lambda n: "{" * (n - 1) + "{|}" + "|}" * (n - 1),              # braces in braces, a game
    lambda n: "1+(" * (n - 1) + "1" + ")" * (n - 1),              # sums inside sums
    lambda n: "f := x -> x; " + "f(" * (n - 1) + "1" + ")" * (n - 1),   # calls inside calls
])
def test_nesting_up_to_the_limit_runs_and_past_it_is_refused(make):
    source = make(MAX_NESTING)
    assert nesting_depth(parse(source))[0] == MAX_NESTING
    Session().run(source)                                            # no RecursionError, no "nested too deeply"
    with pytest.raises(ShellError) as refused:
        run(make(MAX_NESTING + 5))
    assert refused.value.message == TOO_DEEP and refused.value.line == 1


def test_the_refusal_says_where():
    with pytest.raises(ShellError) as refused:
        run("x := 1;\n" + "[" * 100_000 + "]" * 100_000)        # refused before parsing: brackets are counted
    assert str(refused.value) == f"line 2, column {MAX_NESTING + 1}: {TOO_DEEP}"
    with pytest.raises(ShellError) as refused:
        run("1+(" * 3000 + "1" + ")" * 3000)
    assert str(refused.value) == f"line 1, column {3 * MAX_NESTING + 1}: {TOO_DEEP}"
    # brackets in strings and comments are not counted
    assert run('"' + "[" * 3000 + '" // ' + "{" * 3000) == '"' + "[" * 3000 + '"'


def test_a_printed_deep_game_reads_back():
    g = game("0")
    for k in range(1500):
        g = game([k + 1], [g])                                    # {k+1 | G_k}, born on day 1501
    text = str(-g)
    assert text.startswith("{" * 300)                             # its negative prints with nested braces
    assert run(text) == text


def test_errors_inside_a_chain_are_located_at_their_link():
    with pytest.raises(ShellError) as failure:
        run("1 + 2 +\n {1/3|} + 4")
    assert (failure.value.line, failure.value.column) == (2, 3)
    with pytest.raises(ShellError, match=r"^line 1, column 1: cannot add \"a\""):
        run("1 + 2 + \"a\" + 4")


def test_chains_inside_recursive_procedures():
    session = Session()
    session.run("def f(n) := if n == 0 then 0 else 1 + 2 + f(n - 1) - 0 end")
    assert session.run("f(50)") == "150"
    assert session.run("true or 1/0 == 1") == "true"                # still short-circuits


def test_a_long_program_with_a_power_mistake_is_answered_in_linear_time():
    with pytest.raises(ShellError, match=r"line 1, column 100002: \*\* is not an operator: write 2\^3"):
        run("1+" * 50_000 + "2**3")
