"""Tests of the one explicit-stack post-order search (cgt.runtime.walk.postorder) and the searches built on it."""

from __future__ import annotations

import pytest

from cgt.runtime.walk import bottom_up, postorder
from cgt.errors import NotShortGameError
from cgt.games.engine.ruleset import Ruleset
from cgt.impartial.grundy import grundy, mex
from cgt.misere.play import misere_grundy

_SUBTRACT_123 = lambda n: [n - s for s in (1, 2, 3) if s <= n]  # noqa: E731


def _count_calls(fn):
    calls = []

    def wrapped(x):
        calls.append(x)
        return fn(x)

    return wrapped, calls


def test_postorder_values_and_memo():
    # Fibonacci by the recursion F(n) = F(n-1) + F(n-2): F(30) = 832040 (OEIS A000045).
    memo = {0: 0, 1: 1}
    expand, calls = _count_calls(lambda n: (n, (n - 1, n - 2)))
    assert postorder(30, expand, lambda how, vs: vs[0] + vs[1], memo) == 832040
    assert memo[20] == 6765
    assert sorted(calls) == list(range(2, 31))          # each position expanded exactly once
    calls.clear()
    assert postorder(25, expand, lambda how, vs: vs[0] + vs[1], memo) == 75025
    assert calls == []                                   # a shared memo shares the work


def test_postorder_passes_note_and_child_order():
    # combine sees expand's note unchanged and the values in the order of the children.
    seen = []

    def combine(how, values):
        seen.append((how, values))
        return how

    postorder("r", lambda p: (p.upper(), ["a", "b"] if p == "r" else []), combine, {})
    assert seen[-1] == ("R", ["A", "B"])


def test_postorder_accepts_any_iterable_of_children():
    value = postorder(10, lambda n: (None, iter(_SUBTRACT_123(n))), lambda _, vs: mex(vs), {})
    assert value == 10 % 4                               # subtraction {1, 2, 3}: n mod 4


def test_postorder_is_not_limited_by_recursion_depth():
    # A chain 100,000 deep: far beyond Python's recursion limit.
    chain = lambda n: (None, [n - 1] if n else [])  # noqa: E731
    assert postorder(100_000, chain, lambda _, vs: 1 + sum(vs), {}) == 100_001


@pytest.mark.parametrize("edges, root", [
    ({0: [0]}, 0),                            # self-loop
    ({0: [1], 1: [0]}, 0),                    # 2-cycle
    ({0: [1, 2], 1: [3], 2: [3], 3: [1]}, 0),  # cycle below a diamond
], ids=["self-loop", "two-cycle", "cycle-below-diamond"])
def test_postorder_detects_cycles(edges, root):
    with pytest.raises(NotShortGameError, match="met again on the search stack: the game is loopy"):
        postorder(root, lambda p: (None, edges[p]), lambda _, vs: 0, {})


def test_postorder_diamond_is_not_a_cycle():
    # Two paths to the same position (a DAG, not a loop) must not be reported as loopy.
    edges = {0: [1, 2], 1: [3], 2: [3], 3: []}
    assert postorder(0, lambda p: (None, edges[p]), lambda _, vs: 1 + sum(vs), {}) == 5


def test_postorder_custom_on_cycle():
    class Loop(Exception):
        pass

    def on_cycle(pos):
        raise Loop(pos)

    with pytest.raises(Loop):
        postorder(0, lambda p: (None, [1 - p]), lambda _, vs: 0, {}, on_cycle)


def test_postorder_on_cycle_that_returns_still_raises():
    with pytest.raises(NotShortGameError):
        postorder(0, lambda p: (None, [1 - p]), lambda _, vs: 0, {}, lambda pos: None)


def test_bottom_up_computes_each_node_once():
    memo = {0: 0, 1: 1}
    compute, calls = _count_calls(lambda n: memo[n - 1] + memo[n - 2])
    assert bottom_up(40, lambda n: (n - 1, n - 2), compute, memo) == 102334155
    assert sorted(calls) == list(range(2, 41))


@pytest.mark.parametrize("n, expected", [(0, 0), (1, 1), (4, 0), (7, 3), (200_000, 0)],
                         ids=["0", "1", "4", "7", "200000"])
def test_grundy_subtraction_123_deep(n, expected):
    # Subtraction {1, 2, 3}: G(n) = n mod 4 (Winning Ways ch. 4).
    assert grundy(n, _SUBTRACT_123) == expected


@pytest.mark.parametrize("n, expected", [(0, 1), (1, 0), (2, 1), (5, 0), (100_001, 0)],
                         ids=["0", "1", "2", "5", "100001"])
def test_misere_grundy_subtraction_123_deep(n, expected):
    # Misère subtraction {1, 2, 3}: P-positions are n = 1 (mod 4) (Winning Ways ch. 13).
    assert (misere_grundy(n, _SUBTRACT_123) == 0) == (expected == 0)


def test_misere_grundy_loopy():
    with pytest.raises(NotShortGameError, match="position 0 is met again"):
        misere_grundy(0, lambda n: [1 - n])


class _Chain(Ruleset):
    """Left moves n -> n - 1, Right has no move: the value of n is the integer n."""

    def left_options(self, n):
        return [n - 1] if n else []

    def right_options(self, n):
        return []


class _Loop(Ruleset):
    def left_options(self, n):
        return [1 - n]

    def right_options(self, n):
        return []


def test_ruleset_value_deep_and_loopy():
    from cgt import integer

    assert _Chain().value(3000) == integer(3000)
    with pytest.raises(NotShortGameError, match=r"_Loop\(\): position 0 can be reached from itself.*not a short game"):
        _Loop().value(0)
