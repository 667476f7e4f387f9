"""Take-away games with memory (games/heap/mem.py): GenMem, Mem, TakeAway, FibonacciNim.

Reference: ``reference_grundy`` is plain recursion over the rule ``(n, k) -> (n - a, a)`` for the allowed
``a``, independent of the coordinate-ruleset machinery.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings, strategies as st

from cgt.errors import InvalidPositionError
from cgt.games.heap.mem import FibonacciNim, GenMem, Mem, TakeAway


def reference_grundy(allowed, n, k):
    @cache
    def g(n, k):
        reach = {g(n - a, a) for a in range(1, n + 1) if allowed(k, a)}
        m = 0
        while m in reach:
            m += 1
        return m

    return g(n, k)


def fibonacci_upto(limit):
    fib, a, b = [], 1, 2
    while a <= limit:
        fib.append(a)
        a, b = b, a + b
    return fib


def smallest_zeckendorf_term(n):
    fib = fibonacci_upto(n)
    smallest = None
    for f in reversed(fib):
        if f <= n:
            n -= f
            smallest = f
    return smallest


def test_whinihan_fibonacci_numbers_are_the_losing_piles():
    # M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1 (1963): with a first move of anything but the
    # whole pile, and afterwards at most twice the previous move, the second player wins exactly when the
    # pile is a Fibonacci number.
    losing = [n for n in range(2, 90) if all(FibonacciNim((n - a, a)).grundy != 0 for a in range(1, n))]
    assert losing == [f for f in fibonacci_upto(89) if f >= 2]


@pytest.mark.parametrize("n", range(1, 60))
def test_whinihan_zeckendorf_rule(n):
    # Whinihan 1963: (n, k) is a P-position iff the smallest Zeckendorf term of n exceeds 2k.
    small = smallest_zeckendorf_term(n)
    for k in range(1, n + 1):
        assert (FibonacciNim((n, k)).grundy == 0) == (small > 2 * k), (n, k)


GOLDEN = [
    # Hand-derived from the rules: Mem (3,3) -> (0,3) only: *1; (1,2): no move (a >= 2 > 1): 0;
    # (2,1) -> (1,1) = *1, (0,2) = 0: *2; (3,0) -> (2,1) = *2, (1,2) = 0, (0,3) = 0: *1.
    ("Mem-3-3", Mem, (3, 3), 1), ("Mem-1-2", Mem, (1, 2), 0), ("Mem-2-1", Mem, (2, 1), 2), ("Mem-3-0", Mem, (3, 0), 1),
    # TakeAway(1): at most what was just taken. (2,2) -> (1,1) = *1, (0,2) = 0: *2.
    ("TakeAway1-2-2", TakeAway(1), (2, 2), 2),
    # Fibonacci nim with memory 0: no move at all.
    ("Fib-5-0", FibonacciNim, (5, 0), 0),
    # 8 is Fibonacci, 8 > 2*3: P (Whinihan).
    ("Fib-8-3", FibonacciNim, (8, 3), 0),
]


@pytest.mark.parametrize("ruleset, pos, value", [g[1:] for g in GOLDEN], ids=[g[0] for g in GOLDEN])
def test_golden(ruleset, pos, value):
    assert ruleset(pos).grundy == value
    assert reference_grundy(ruleset.predicate, *pos) == value


def test_takeaway_with_a_function_and_fraction():
    half = TakeAway(Fraction(3, 2))
    square = TakeAway(lambda k: k * k)
    for n in range(12):
        for k in range(6):
            assert half((n, k)).grundy == reference_grundy(lambda m, a: 2 * a <= 3 * m, n, k)
            assert square((n, k)).grundy == reference_grundy(lambda m, a: a <= m * m, n, k)
    assert TakeAway(2) == TakeAway(2) and TakeAway(2) != TakeAway(3)


def test_positions_and_moves():
    p = FibonacciNim((10, 3))
    assert str(p) == "(10,3)" and [str(m) for m in p.moves()] == [f"-{a} -> ({10 - a},{a})" for a in range(1, 7)]
    assert [str(m) for m in p.winning_moves] == ["-2 -> (8,2)"]            # 10 = 8 + 2 (Zeckendorf)
    assert FibonacciNim("(10,3) + (4,1)").grundy == FibonacciNim((10, 3)).grundy ^ FibonacciNim((4, 1)).grundy


def test_errors():
    with pytest.raises(InvalidPositionError, match="negative"):
        Mem((-1, 2))
    with pytest.raises(InvalidPositionError, match="must be positive"):
        TakeAway(0)
    with pytest.raises(InvalidPositionError, match="not a number or a function"):
        TakeAway("two")
    with pytest.raises(InvalidPositionError, match="not a function"):
        GenMem(3)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 25), st.integers(0, 10), st.integers(1, 3))
def test_gen_mem_matches_reference(n, k, c):
    game = GenMem(lambda m, a: a >= m - c)
    assert game((n, k)).grundy == reference_grundy(lambda m, a: a >= m - c, n, k)
