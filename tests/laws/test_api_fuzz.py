"""Fuzz the public Python API: random objects into every public function of ``cgt`` and ``cgt.games``.

Whatever goes in, what comes out is a value or a :class:`cgt.CGTError` (whose subclasses also inherit the
matching builtin exception) -- never a raw ``TypeError``, ``AttributeError``, ``RecursionError``, ...
"""

from __future__ import annotations

import inspect
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
import cgt.games
from cgt.errors import CGTError

# Functions that only give back what they are given (or build a solver whose run is tested elsewhere).
SKIP = {"clear_caches", "solve", "solve_all", "outcome_grid"}

PUBLIC_FUNCTIONS = sorted(
    name for name in cgt.__all__
    if callable(getattr(cgt, name)) and not inspect.isclass(getattr(cgt, name)) and name not in SKIP
)

RULESET_NAMES = ["Nim", "Kayles", "Wythoff", "Domineering", "Clobber", "Hackenbush", "Cutcake", "Frogs",
                 "DeBruijn", "ToadsAndFrogs", "Subtraction", "TakeAndBreak", "Col", "Amazons"]

objects = st.one_of(
    st.integers(-5, 12),
    st.sampled_from([10**6, 10**30, -10**30]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.fractions(max_denominator=16),
    st.text(max_size=8),
    st.sampled_from(["{3|2}", "*", "^", "{|}", "1/3", "x", "", "((", "Tiny(2)", "+-1"]),
    st.none(),
    st.booleans(),
    st.lists(st.integers(-3, 5), max_size=3),
    st.tuples(st.integers(-3, 5), st.integers(-3, 5)),
    st.sampled_from([cgt.up, cgt.star, cgt.zero, cgt.integer(2), cgt.game("{1|-1}")]),
    st.just(object()),
)

FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _call_allowing_only_cgt_errors(function, args):
    try:
        function(*args)
    except CGTError:
        pass


def _arity(function) -> tuple[int, int]:
    """How many positional arguments ``function`` takes (a wrong count is Python's own TypeError)."""
    parameters = [p for p in inspect.signature(function).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)]
    required = sum(1 for p in parameters if p.default is p.empty and p.kind is not p.VAR_POSITIONAL)
    most = 3 if any(p.kind is p.VAR_POSITIONAL for p in parameters) else len(parameters)
    return required, most


@pytest.mark.parametrize("name", PUBLIC_FUNCTIONS)
@FUZZ
@given(data=st.data())
def test_public_functions(name, data):
    function = getattr(cgt, name)
    low, high = _arity(function)
    args = data.draw(st.lists(objects, min_size=low, max_size=max(low, high)))
    _call_allowing_only_cgt_errors(function, args)


@pytest.mark.parametrize("name", RULESET_NAMES)
@FUZZ
@given(args=st.lists(objects, min_size=1, max_size=2))
def test_ruleset_constructors(name, args):
    _call_allowing_only_cgt_errors(getattr(cgt.games, name), args)


BINARY = ["__add__", "__sub__", "__le__", "__lt__", "__eq__", "__mul__", "compare", "confused_with"]


@pytest.mark.parametrize("operation", BINARY)
@FUZZ
@given(g=st.sampled_from([cgt.up, cgt.star, cgt.integer(3), cgt.game("{3||2|1}")]), other=objects)
def test_game_operations(operation, g, other):
    try:
        result = getattr(g, operation)(other)
    except CGTError:
        return
    if result is NotImplemented and operation != "__eq__":   # == then falls back to identity: False
        # Python would try the other operand, then raise its own TypeError: only for foreign objects
        assert not isinstance(other, (int, Fraction, float, str, type(None), list, tuple, bool))
