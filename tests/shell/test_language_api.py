"""The shell and the Python API agree: random expressions are evaluated both ways and printed alike.

Each drawn expression is a pair (value computed with :mod:`cgt`, the same expression as shell text);
games enter the shell text in their printed form (through ``input_form``, CGSUITE.md §7.5) or as
session variables, and the operators are the shell's: ``+ - * : ^`` on games and numbers, integer
multiples, comparisons, and methods with Python twins (``Mean``, ``Temperature``, ``LeftStop``,
``Cool``, ``Heat``, ``NimSum``).
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt.shell import Session
from cgt.shell.parser import input_form
from cgt.shell.values import format_value
from cgt.testing import games, nimbers, numbers, uptimals

SETTINGS = settings(max_examples=75, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


def _leaf():
    return st.one_of(games(max_birthday=2), numbers(max_abs=4, max_denominator_exponent=2), nimbers(max_value=4),
                     uptimals(max_ups=3)).map(lambda g: (g, "(" + input_form(str(g)) + ")"))


def _branch(children):
    def binary(op):
        return st.tuples(children, children).map(lambda t: (op[1](t[0][0], t[1][0]), f"({t[0][1]} {op[0]} {t[1][1]})"))

    small = st.integers(-3, 3)
    return st.one_of(
        binary(("+", lambda a, b: a + b)),
        binary(("-", lambda a, b: a - b)),
        children.map(lambda t: (-t[0], f"-{t[1]}")),
        st.tuples(small, children).map(lambda t: (t[0] * t[1][0], f"{t[0]} * {t[1][1]}")),
        st.tuples(children, small).map(lambda t: (t[1] * t[0][0], f"{t[0][1]} * {t[1]}")),
    )


EXPRESSIONS = st.recursive(_leaf(), _branch, max_leaves=4)


def _shell(text: str, **variables) -> str:
    session = Session()
    session.variables.update(variables)
    return session.run(text)


def _printed(value) -> str:
    """How the shell prints a library value (numbers as numbers, as the shell's arithmetic gives them)."""
    if isinstance(value, cgt.Game) and value.is_number:
        return format_value(Fraction(value.number))
    return format_value(value)


@SETTINGS
@given(EXPRESSIONS)
def test_game_arithmetic_agrees(pair):
    value, text = pair
    assert _shell(text) == _printed(value)


@SETTINGS
@given(EXPRESSIONS, EXPRESSIONS, st.sampled_from(["<=", ">=", "<", ">", "==", "<>", "<|", "|>"]))
def test_comparisons_agree(left, right, op):
    g, h = left[0], right[0]
    relation = g.compare(h)
    expected = {
        "<=": relation in ("<", "="), ">=": relation in (">", "="), "<": relation == "<", ">": relation == ">",
        "==": relation == "=", "<>": relation == "||", "<|": relation in ("<", "||"), "|>": relation in (">", "||"),
    }[op]
    assert _shell(f"{left[1]} {op} {right[1]}") == format_value(expected)


@SETTINGS
@given(games(max_birthday=3), games(max_birthday=2))
def test_ordinal_sum_agrees(g, h):
    assert _shell("g : h", g=g, h=h) == _printed(g.ordinal_sum(h))


@SETTINGS
@given(games(max_birthday=3), st.sampled_from(["Mean", "Temperature", "LeftStop", "RightStop"]))
def test_properties_agree(g, name):
    python = {"Mean": g.mean, "Temperature": g.temperature, "LeftStop": g.left_stop, "RightStop": g.right_stop}[name]
    assert _shell(f"g.{name}", g=g) == format_value(Fraction(python))


@SETTINGS
@given(games(max_birthday=3), st.sampled_from([0, Fraction(1, 2), 1, 2]))
def test_cooling_and_heating_agree(g, t):
    assert _shell(f"g.Cool({format_value(t)})", g=g) == _printed(g.cool(t))
    assert _shell(f"g Heat {format_value(t)}", g=g) == _printed(g.heat(t))


@SETTINGS
@given(st.lists(st.integers(0, 40), min_size=1, max_size=6))
def test_procedures_and_loops_agree_with_python(heaps):
    # Bouton (Winning Ways ch. 4): the nim value of a sum of heaps is their xor; the shell computes it
    # with a procedure, a loop and a collection method, Python with the library.
    expected = cgt.zero
    for n in heaps:
        expected = expected + cgt.nimber(n)
    program = (
        "def total(hs) begin var g := 0; for h in hs do g := g + *h end; g end;"
        f"[total({format_value(heaps)}), {format_value(heaps)}.Apply(h -> *h).Sum]"
    )
    printed = _printed(expected)
    assert _shell(program) == f"[{printed},{printed}]"
