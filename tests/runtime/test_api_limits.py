"""Regressions in the Python API: clear CGTErrors and no size limits of Python's own."""

import sys
from fractions import Fraction

import pytest

from tests.support import full_intern_table
import cgt
from cgt.errors import CGTError, InvalidGameError
from cgt.kernel.numbers import integer_text


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
    # n * G for a hot G grows with n (a billion copies of {3||2|1} would take about 15 GB): past the limit it is
    # refused with a TooLargeError before any work
    from cgt.errors import TooLargeError

    g = cgt.game([3], [cgt.game([2], [1])])
    with pytest.raises(TooLargeError, match=r"1000000000 \* \{3\|\|2\|1\}.*limit 2,000,000"):
        (10 ** 9) * g
    assert str(5 * g) == str(g + g + g + g + g)
    # sums that collapse stay computable for any n: a switch is its own negative; uptimals in closed form
    assert (10 ** 9) * cgt.switch(1) == 0 and (10 ** 9 + 1) * cgt.switch(1) == cgt.switch(1)
    assert str((10 ** 30) * (cgt.up + cgt.star)) == "^" + str(10 ** 30)


def test_multiples_double_and_refuse_what_would_take_long(monkeypatch):
    from cgt.errors import TooLargeError
    import cgt.kernel.game

    g = cgt.game([3], [cgt.game([2], [1])])
    assert (100 * g).birthday == 253 and 100 * g is 64 * g + 32 * g + 4 * g
    # a multiple that is a number + ups + star keeps every step small
    assert str((10 ** 9) * cgt.game([3], [2])) == "2500000000"
    assert str(3 * cgt.game([3], [2])) == "{8|7}"
    # the refusal, under a smaller limit: 100.G + 100.G pairs 201 x 201 followers born by day 253 + 253
    monkeypatch.setattr(cgt.kernel.game, "MAX_SUM_WORK", 5_000_000)
    with pytest.raises(TooLargeError, match=r"^400 \* \{3\|\|2\|1\}: too large to compute: 100 copies \+ 100 "
                                            r"copies pair 201 x 201 followers born by day 506 .*limit 5,000,000"):
        400 * g


@pytest.mark.skipif(not cgt.kernel_info().startswith("compiled"),
                    reason="the doublings up to 500.G take half a minute on the pure kernel; the refusal itself is "
                           "checked on both kernels above")
def test_the_documented_multiple_is_refused_at_the_real_limit():
    from cgt.errors import TooLargeError

    g = cgt.game([3], [cgt.game([2], [1])])
    # 1000.G would have some 3,500 followers: the sum of two copies of 500.G is refused before it starts
    # (docs/hot-games.md, "Multiples")
    with pytest.raises(TooLargeError, match=r"^2000 \* \{3\|\|2\|1\}: too large to compute: 500 copies \+ 500 "
                                            r"copies pair 1,001 x 1,001 followers .*limit 600,000,000"):
        2000 * g


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from cgt.testing import games, uptimals  # noqa: E402


@settings(max_examples=40, deadline=None)
@given(st.one_of(uptimals(), games(max_birthday=2)), st.integers(-6, 6))
def test_multiple_equals_repeated_sum(g, n):
    total = cgt.zero
    for _ in range(abs(n)):
        total = total + (g if n > 0 else -g)
    assert n * g is total


def test_interned_games_are_capped():
    # the intern table has a cap (cgt.limits): a computation that would fill the memory with new games stops
    # with a TooLargeError, not a MemoryError
    from cgt.errors import TooLargeError

    with full_intern_table("general", room=5), pytest.raises(TooLargeError, match="distinct games are in memory"):
        g = cgt.zero
        for k in range(50):
            g = cgt.game([k + 1000], [g])


def test_frogs_of_any_size_answer_from_closed_forms():
    # Grundy values and winning moves of Frogs come from closed forms: any size answers at once, in constant memory
    from cgt.errors import TooLargeError
    from cgt.games import Frogs

    assert Frogs(3, 10 ** 8).grundy == 3 and Frogs(3, 10 ** 100).grundy == 3
    assert Frogs(10 ** 100 + 5, 7).grundy == (10 ** 100 + 5) % 8
    (move,) = Frogs(10 ** 100, 10 ** 99).winning_moves
    assert move.grundy == 0 and move.label == f"leap {10 ** 100 % (10 ** 99 + 1)}"
    with pytest.raises(TooLargeError, match="too many to list"):
        Frogs(10 ** 7, 10 ** 7).options


def test_de_bruijn_limits_come_from_measured_cost():
    # sizes whose search would take hours (and gigabytes) are refused up front, saying why
    from cgt.errors import TooLargeError
    from cgt.games import DeBruijn

    with pytest.raises(TooLargeError, match="100 is larger than 70: the search would take hours"):
        DeBruijn(100)
    assert [m.label for m in DeBruijn(30).winning_moves] == [12, 15]


def test_birthday_of_uptimals_is_closed_form_and_matches_the_recursion():
    from cgt.kernel.numbers import number_birthday

    def recursive(g):
        return max([recursive(o) + 1 for o in g.left_options + g.right_options], default=0)

    for x in (Fraction(0), Fraction(5, 4), Fraction(-3), Fraction(-7, 8)):
        for u in range(-5, 6):
            for n in range(0, 8):
                g = cgt.number(x) + u * cgt.up + cgt.nimber(n)
                assert g.birthday == recursive(g) == number_birthday(x) + (
                    n if u == 0 else abs(u) + max(1, n ^ (abs(u) & 1)))
    assert (1_000_000 * cgt.up).birthday == 1_000_001
    assert (10**30 * cgt.up + cgt.star).birthday == 10**30 + 1


def test_huge_kayles_heaps_answer_from_the_certified_period():
    from cgt.games import DawsonsKayles, GrundysGame, Kayles

    # Kayles: period 12 from n = 71 on (Guy and Smith; Winning Ways ch. 4): g(10**12) = g(76) = 1.
    assert Kayles(10**12).grundy == Kayles(76).grundy == 1
    assert Kayles(10**12).outcome == "N"
    assert Kayles(10**100 + 7).grundy == Kayles(72 + (10**100 + 7 - 72) % 12).grundy
    # Dawson's Kayles: period 34 from n = 52 on.
    assert DawsonsKayles(10**15).grundy == DawsonsKayles(52 + (10**15 - 52) % 34).grundy
    with pytest.raises(CGTError, match="no certified period"):
        GrundysGame(10**9).grundy


def test_huge_wythoff_positions_answer_from_the_closed_form():
    from cgt.games import Wythoff

    # P-positions are (floor(n phi), floor(n phi^2)) (Wythoff 1907).
    n = 10**18
    a = (n + __import__("math").isqrt(5 * n * n)) // 2
    assert Wythoff(a, a + n).outcome == "P"
    assert Wythoff(a, a + n + 1).outcome == "N"
    moves = Wythoff(a + 5, a + n + 5).winning_moves
    targets = [m.position for m in moves]
    assert (a, a + n) in targets and all(Wythoff.is_p_position(*t) for t in targets)
    small = [(x, y) for x in range(40) for y in range(40)]
    assert all((Wythoff.grundy(p) == 0) == Wythoff.is_p_position(*p) for p in small)
