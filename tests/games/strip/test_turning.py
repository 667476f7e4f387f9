"""Coin-turning games: Spawning(code) heap rulesets and Turning(code) strips (games/strip/turning.py).

Sources: Winning Ways (Berlekamp, Conway, Guy), 2nd ed., vol. 3, ch. 14 (Turning Turtles, Mock Turtles and
the odious numbers, Ruler, Motley, Twins, Grunt = Grundy's game); CGSuite's code grammar and 1-based
indexing (../shared/CGSUITE.md §1.2-§1.3: ``NimValueSequence`` index k is heap k = a heads at position k).
Every sequence is recomputed by ``generic_sequence`` (plain mex over the enumerated coin sets) and the
strip values by a plain recursion over the coin moves.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.errors import InvalidPositionError
from cgt.games import TakeAndBreak
from cgt.games.strip.turning import Spawning, Turning, generic_sequence, parse_turning_code


def odious(count):
    return [m for m in range(4 * count) if bin(m).count("1") % 2][:count]


GOLDEN = [
    # code, first values for heaps 1.., source
    ("1-2", list(range(1, 13))),                                  # Turning Turtles = Nim: heads at n is *n
    ("1-3", odious(12)),                                          # Mock Turtles: 1,2,4,7,8,11,... (WW ch. 14)
    ("1+C", [n & -n for n in range(1, 13)]),                      # Ruler: largest power of 2 dividing n
    ("1+", [1 << (n - 1) for n in range(1, 11)]),                 # Motley: any set -> 2^(n-1)
    ("2", list(range(0, 12))),                                    # Twins: Turning Turtles shifted by one
    ("3", [0, 0] + odious(10)),                                   # Triplets: Mock Turtles shifted by two
    ("4FS", TakeAndBreak("4!.0").grundy_sequence(14)[:14]),       # Grunt = Grundy's game, heap n - 1
    ("1-5C", [1, 2, 1, 4] * 3),                                   # Ruler Fives: ruler with period 4 (by hand)
]


@pytest.mark.parametrize("code,values", GOLDEN, ids=[c for c, _ in GOLDEN])
def test_sequences(code, values):
    n = len(values)
    assert Spawning(code).grundy_sequence(n)[1:] == values
    assert generic_sequence(code, n)[1:] == values


@pytest.mark.parametrize("code", ["1-2", "1-3", "1+C", "1+"])
def test_closed_forms_match_the_rules(code):
    assert Spawning(code).grundy_sequence(16) == generic_sequence(code, 16)


def test_mock_turtles_large():
    seq = Spawning("1-3").grundy_sequence(100_000)
    assert all(bin(v).count("1") % 2 for v in seq[1:]) and seq[1:] == sorted(set(seq[1:]))
    assert seq[100_000] == odious(100_000)[-1]


@functools.lru_cache(maxsize=None)
def reference_value(code: str, coins: str):
    rules = Spawning(code)
    options = []
    for i, c in enumerate(coins):
        if c == "h":
            for others in rules.heap_options(i + 1):
                new = list(coins)
                new[i] = "t"
                for a in others:
                    new[a - 1] = "h" if new[a - 1] == "t" else "t"
                options.append(reference_value(code, "".join(new)))
    return cgt.game(options, options)


@settings(max_examples=40, deadline=None)
@given(code=st.sampled_from(["1-2", "1-3", "1+C", "2", "3E", "1-3C(5)", "1+S", "4FS"]),
       coins=st.text(alphabet="th", max_size=7))
def test_strip_value_is_xor_of_heads(code, coins):
    p = Turning(code)(coins)
    assert p.value == reference_value(code, coins)
    assert p.value == cgt.nimber(p.grundy)


def test_turning_strips():
    p = Turning("1-3")("htthh")                    # heads at 1, 4, 5: 1 ^ 7 ^ 8 = 14
    assert p.grundy == 14
    assert [m.label for m in p.winning_moves] == ["1,4,5", "2,3,5"]
    assert Turning(TakeAndBreak("0.[3]"))("hhh").grundy == 1 ^ 2 ^ 3   # Turning(Nim) is Turning Turtles
    assert Turning("1-2") == Turning(Spawning("1-2")) and str(Turning("1-3")("Htt")) == "htt"


def test_grammar():
    (a,) = parse_turning_code("1-3c(5)")
    assert (a.low, a.high, a.window, a.consecutive) == (1, 3, 5, False)
    b, c = parse_turning_code("2+EF, 4s")
    assert (b.low, b.high, b.equal, b.first, c.low, c.high, c.symmetric) == (2, None, True, True, 4, 4, True)
    for bad, where in [("1-3X", "'X'"), ("", "string"), ("0", "count >= 1"), ("3-1", "count >= 1"),
                       ("1,,2", "alternative 2")]:
        with pytest.raises(InvalidPositionError, match=where):
            Spawning(bad)
    with pytest.raises(InvalidPositionError, match="neither a turning code"):
        Turning(3)
    assert sorted(Spawning("3E").heap_options(5)) == [(1, 3), (3, 4)]
    assert sorted(Spawning("1-3C(2)").heap_options(4)) == [(), (3,)]
