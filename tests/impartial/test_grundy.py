"""The Sprague–Grundy reducer (cgt.impartial.grundy): mex, nim sums, iterative memoised grundy, winning moves."""

from functools import reduce
from operator import xor

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgt
from cgt.errors import CGTError, InvalidGameError, NotShortGameError
from cgt.impartial.grundy import grundy, mex, nim_sum, outcome_of_grundy, winning_moves
from cgt.testing import impartial_trees


def subtraction(s):
    return lambda n: [n - k for k in s if k <= n]


def nim_options(heaps):
    return [tuple(sorted(heaps[:i] + (k,) + heaps[i + 1:])) for i, h in enumerate(heaps) for k in range(h)]


def heaps_as_components(heaps):
    return [(h,) for h in heaps] if len(heaps) > 1 else [heaps]


@pytest.mark.parametrize("values, expected", [
    ([], 0), ([0], 1), ([1], 0), ([0, 1, 3], 2), ([0, 0, 1, 1, 2], 3), (range(100), 100), ({5, 6}, 0),
], ids=["empty", "zero", "one", "gap", "duplicates", "range", "set"])
def test_mex(values, expected):
    assert mex(values) == expected


@pytest.mark.parametrize("args, expected", [
    ((), 0), ((5,), 5), ((1, 3, 5, 7), 0), (([1, 3, 5, 4],), 3), ((2**70, 2**70 + 1), 1),
], ids=["none", "one", "faigle-1357", "iterable", "big"])
def test_nim_sum(args, expected):
    assert nim_sum(*args) == expected


@pytest.mark.parametrize("bad", [-1, 1.5, "3"])
def test_nim_sum_rejects_non_nim_values(bad):
    with pytest.raises(InvalidGameError, match="nim_sum: nim value needs a non-negative integer"):
        nim_sum(1, bad)


# Backhouse Table 4.1: subtraction set {1, 3, 4}; losing (L) positions are 0 and 2 mod 7.
@pytest.mark.parametrize("n", range(0, 14))
def test_backhouse_table_4_1_win_lose(n):
    g = grundy(n, subtraction((1, 3, 4)))
    assert (g == 0) == (n % 7 in (0, 2))


# Backhouse Table 4.1's winning moves: remove 1 if r = 1, 3 if r = 3 or 5, 4 if r = 4 or 6 (r = n mod 7).
@pytest.mark.parametrize("n, move", [(1, 1), (3, 3), (5, 3), (4, 4), (6, 4), (8, 1), (10, 3), (12, 3), (11, 4),
                                     (13, 4)])
def test_backhouse_table_4_1_winning_moves(n, move):
    assert n - move in winning_moves(n, subtraction((1, 3, 4)))


def test_grundy_is_iterative_no_recursion_limit():
    # A chain of 50,000 positions: a recursive reducer would overflow the stack.
    assert grundy(50_000, lambda n: [n - 1] if n else []) == 0
    assert grundy(50_001, lambda n: [n - 1] if n else []) == 1


def test_grundy_detects_loops():
    with pytest.raises(NotShortGameError, match="loopy"):
        grundy(0, lambda n: [(n + 1) % 3])
    with pytest.raises(CGTError):
        grundy("a", lambda p: ["a"])


def test_grundy_memo_is_shared_and_results_do_not_depend_on_it():
    cache = {}
    assert grundy(30, subtraction((2, 5, 6)), cache=cache) == grundy(30, subtraction((2, 5, 6)))
    assert 30 in cache and len(cache) > 10


def test_faigle_example_2_14_winning_reply():
    # *1 + *3 + *5 + *7, the first player takes 3 from the 7: the reply is to take the whole heap of 3.
    assert winning_moves((1, 3, 4, 5), nim_options, heaps_as_components) == [(0, 1, 4, 5)]


@given(st.lists(st.integers(0, 12), max_size=4))
def test_grundy_of_sum_is_xor_of_parts(heaps):
    sub = subtraction((1, 3, 4))
    single = [grundy(h, sub) for h in heaps]

    def options(pos):
        return [tuple(sorted(pos[:i] + (h - s,) + pos[i + 1:]))
                for i, h in enumerate(pos) for s in (1, 3, 4) if s <= h]

    pos = tuple(sorted(heaps))
    whole = grundy(pos, options)                       # searched as one game, no decomposition
    assert whole == reduce(xor, single, 0)
    assert grundy(pos, options, lambda p: [(h,) for h in p] if len(p) > 1 else [p]) == whole


def _as_game(tree):
    return cgt.game([_as_game(t) for t in tree], [_as_game(t) for t in tree])


@given(impartial_trees())
def test_nim_value_of_canonical_game_equals_grundy_from_options(tree):
    assert _as_game(tree).nim_value == grundy(tree, lambda t: t)


@given(impartial_trees(), impartial_trees())
def test_nim_value_of_sum_is_xor(a, b):
    assert (_as_game(a) + _as_game(b)).nim_value == grundy(a, lambda t: t) ^ grundy(b, lambda t: t)


def test_outcome_of_grundy():
    assert outcome_of_grundy(0) is cgt.Outcome.P and outcome_of_grundy(7) is cgt.Outcome.N
