"""Rulesets and methods given arguments of the wrong kind answer with a one-line error in the shell's words:
not an internal error, and no Python spelling of the argument (``frozenset({1, 2})``, ``Fraction(1, 2)``,
``<… object at 0x…>``, ``'int' object``)."""

from __future__ import annotations

import re

import pytest

from cgt.shell import ShellError
from cgt.shell.methods import REGISTRY
from cgt.shell.registry import registry
from cgt.shell.session import Session

#: Arguments of every kind the shell has: a set, a map, strings, nested and flat lists, a tuple, numbers
#: that are not small non-negative integers, a game and a Boolean.
WRONG_ARGUMENTS = ['{1, 2}', '{1 => 2}', '"x"', '""', '[[1]]', '[1, 2]', '(1, 2)', '-3', '1/2', '*', 'true',
                   '10^9']

PYTHON_SPELLINGS = re.compile(r"frozenset|ShellMap|MapEntry|Fraction\(|<[\w.]+ object|'\w+' object|"
                              r"\bNone\b|internal error")


def _failures(name: str) -> list[str]:
    session = Session()
    found = []
    for argument in WRONG_ARGUMENTS:
        for source in (f"{name}({argument})", f"{name}({argument})(3)"):
            try:
                session.run(source)
            except ShellError as error:
                message = str(error)
                if "\n" in message or PYTHON_SPELLINGS.search(message):
                    found.append(f"{source}: {message}")
    return found


@pytest.mark.parametrize("name", sorted(registry()))
def test_wrong_arguments_get_errors_in_the_shells_words(name):
    assert not _failures(name)


#: A value of each kind whose methods take arguments.
RECEIVERS = ["{3||2|1}", "*3", "^", "3/4", "7", "omega", "upon", "[3,1,2]", "{1,2}", '"abc"', "{1 => 2}",
             "game.heap.Nim(3)", 'game.grid.Domineering("..|..")', "game.heap.Kayles", "game.grid.Domineering"]


def _is_python_spelling(message: str) -> bool:
    return "\n" in message or (bool(PYTHON_SPELLINGS.search(message)) and "has no method" not in message)


@pytest.mark.parametrize("receiver", RECEIVERS)
def test_methods_given_a_map_or_a_set_name_it_as_the_shell_prints_it(receiver):
    session = Session()
    found = []
    for name in REGISTRY.names():
        for argument in ("{1 => 2}", "{1, 2}"):
            source = f"({receiver}).{name}({argument})"
            try:
                session.run(source)
            except ShellError as error:
                if _is_python_spelling(str(error)):
                    found.append(f"{source}: {error}")
    assert not found


#: Values of every kind the shell has, for the long sweep below.
EVERY_KIND = RECEIVERS + [
    "0", "-2", "1/3", "on", "over", "1 & 0", "*[[2],1]", "*omega", "1..5", "(1,2)", "true", "Left",
    'game.grid.Domineering("..|..") + game.grid.Domineering("...")', "Grid.Empty(2,2)", "Strip.Empty(3)",
    "Graph.Path(3)", "Graph.Path(3)[1]", "{3||2|1}.Thermograph", "Table([[1,2]])", "MutableList([1])", "'{1|0}'",
    "({1|0} ConjunctiveSum *)", '-game.grid.Domineering("...")', "game.heap.Subtraction([1,2]).CheckPeriodicity(50)",
    "Symmetry.Transpose", "Color.Blue", "Random(3)", "*3.Class", "*[2].Genus", "x -> x"]
#: Argument lists of the usual kinds.
ARGUMENT_LISTS = ["", "(*)", "(1, 2)", '("x")']


@pytest.mark.slow
@pytest.mark.parametrize("receiver", EVERY_KIND)
def test_every_method_of_every_kind_of_value_answers_without_an_internal_error(receiver):
    session = Session()
    found = []
    for name in REGISTRY.names():
        for arguments in ARGUMENT_LISTS:
            source = f"({receiver}).{name}{arguments}"
            try:
                session.run(source)
            except ShellError as error:
                if "internal error" in str(error) or "\n" in str(error):
                    found.append(f"{source}: {error}")
    assert not found
