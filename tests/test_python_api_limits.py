"""Issue 17 regressions in the Python API: clear CGTErrors and no size limits of Python's own."""

import sys

import pytest

import cgt
from cgt.errors import CGTError, InvalidGameError
from cgt.numbers import integer_text


@pytest.mark.parametrize("n", [10 ** 5000, -(3 ** 20000) + 1, 2 ** 100_000, 10 ** 4000 - 1, 0, -7],
                         ids=["10^5000", "-3^20000+1", "2^100000", "10^4000-1", "0", "-7"])
def test_huge_integers_print_in_full(n):
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        expected = str(n)
    finally:
        sys.set_int_max_str_digits(old)
    assert integer_text(n) == expected
    assert str(cgt.integer(n)) == expected


@pytest.mark.parametrize("lefts, rights, named", [
    (None, None, "lefts is None"),
    ("{3|2}", [], "lefts is '{3|2}'"),
    ([0], 5, "rights is 5"),
    ([0], cgt.star, "rights is *"),
])
def test_game_needs_collections_of_options(lefts, rights, named):
    with pytest.raises(InvalidGameError, match=named.replace("|", r"\|").replace("*", r"\*")) as info:
        cgt.game(lefts, rights)
    assert isinstance(info.value, CGTError)


def test_huge_multiples_of_hot_games_are_refused_up_front():
    # issue 17: (10**9) * G for a hot G grew to 15 GB; now a TooLargeError at once
    from cgt.errors import TooLargeError

    g = cgt.game([3], [cgt.game([2], [1])])
    with pytest.raises(TooLargeError, match=r"1000000000 \* \{3\|\|2\|1\}.*limit 2,000,000"):
        (10 ** 9) * g
    assert str(5 * g) == str(g + g + g + g + g)
    # sums that collapse stay computable for any n: a switch is its own negative; uptimals in closed form
    assert (10 ** 9) * cgt.switch(1) == 0 and (10 ** 9 + 1) * cgt.switch(1) == cgt.switch(1)
    assert str((10 ** 30) * (cgt.up + cgt.star)) == "^" + str(10 ** 30)


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from cgt.testing import games, uptimals  # noqa: E402


@settings(max_examples=80, deadline=None)
@given(st.one_of(uptimals(), games(max_birthday=2)), st.integers(-6, 6))
def test_multiple_equals_repeated_sum(g, n):
    total = cgt.zero
    for _ in range(abs(n)):
        total = total + (g if n > 0 else -g)
    assert n * g is total


def test_interned_games_are_capped(monkeypatch):
    # issue 17: a 40-term sum of day-3 values died with MemoryError; the intern table now has a cap
    kernel = sys.modules["cgt.game"]
    from cgt.errors import TooLargeError

    monkeypatch.setattr(kernel, "MAX_INTERNED", len(kernel._by_options) + 5)
    with pytest.raises(TooLargeError, match="distinct games are in memory"):
        g = cgt.zero
        for k in range(50):
            g = cgt.game([k + 1000], [g])


def test_frogs_of_any_size_answer_from_closed_forms():
    # issue 17: Frogs(3, 10**8).grundy allocated memory in proportion to k; 10**100 overflowed
    from cgt.errors import TooLargeError
    from cgt.games import Frogs

    assert Frogs(3, 10 ** 8).grundy == 3 and Frogs(3, 10 ** 100).grundy == 3
    assert Frogs(10 ** 100 + 5, 7).grundy == (10 ** 100 + 5) % 8
    (move,) = Frogs(10 ** 100, 10 ** 99).winning_moves
    assert move.grundy == 0 and move.label == f"leap {10 ** 100 % (10 ** 99 + 1)}"
    with pytest.raises(TooLargeError, match="too many to list"):
        Frogs(10 ** 7, 10 ** 7).options


def test_de_bruijn_limits_come_from_measured_cost():
    # issue 17: DeBruijn(100).WinningMoves grew past 1 GB without finishing
    from cgt.errors import TooLargeError
    from cgt.games import DeBruijn

    with pytest.raises(TooLargeError, match="100 is larger than 70: the search would take hours"):
        DeBruijn(100)
    assert [m.label for m in DeBruijn(30).winning_moves] == [12, 15]
