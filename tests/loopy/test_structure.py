"""Options, followers, predicates, ordinal sums, Tiny/Miny/switches and powers of loopy values.

Sources: Berlekamp, Conway and Guy, *Winning Ways*, ch. 11 (on, off, over, upon = {pass|*}); Siegel,
*Combinatorial Game Theory*, ch. VI (stoppers, simplest forms, stops, pseudonumbers) and II.4 (powers of a
base {0|H}); Conway, *On Numbers and Games*, ch. 15 (ordinal sums).  Rows marked "derived" are worked out
in the comment next to them.
"""

from fractions import Fraction

import pytest

from cgt import game, integer, star, up
from cgt.errors import NotApplicableError
from cgt.loopy import (LoopyGame, dud, from_options, loopy_game, miny, off, on, ordinal_sum, over, power, power_to,
                       switch, tiny, under, upon, uponth)
from cgt.short.powers import power as short_power, power_to as short_power_to


def texts(values):
    return sorted(str(v) for v in values)


@pytest.mark.parametrize("value, lefts, rights, followers", [
    (on, ["on"], [], ["on"]),                               # on = {pass|}: its Left option is itself
    (off, [], ["off"], ["off"]),
    (over, ["0"], ["over"], ["0", "over"]),                 # over = {0|pass}
    (upon, ["^[on]"], ["*"], ["*", "0", "^[on]"]),          # upon = {pass|*}
    (uponth, ["0"], ["v[on]*"], ["0", "^<on>", "v[on]*"]),  # ^<on> = {0|v[on]*}
    (loopy_game("{1|over}"), ["1"], ["over"], ["0", "1", "over", "{1|over}"]),
], ids=["on", "off", "over", "upon", "uponth", "{1|over}"])
def test_options_and_followers(value, lefts, rights, followers):
    assert texts(value.left_options) == lefts and texts(value.right_options) == rights
    assert texts(value.followers()) == followers and value.follower_count == len(followers)


def test_short_followers_are_short_games():
    from cgt import Game

    assert all(isinstance(x, Game) for x in over.left_options) and over.left_options[0] == 0


def test_sided_values_have_no_options():
    with pytest.raises(NotApplicableError, match="1 & 0 is not a stopper"):
        loopy_game("1 & 0").left_options


@pytest.mark.parametrize("text, pseudonumber, numberish, infinitesimal, all_small, idempotent", [
    ("on", True, False, False, False, True),       # on + on = on
    ("off", True, False, False, False, True),
    ("over", True, True, True, True, True),        # over + over = over (Siegel ch. VI, derived in test_golden)
    ("2over", True, True, False, False, False),
    ("-1/2under", True, True, False, False, False),
    ("^[on]", False, True, True, True, False),     # upon: both stops 0
    ("{1|over}", False, False, False, False, False),
    ("dud", False, False, False, False, True),     # dud absorbs everything, itself included
    ("1 & 0", False, False, False, False, False),
    ("3", True, True, False, False, False),
], ids=lambda x: x if isinstance(x, str) else None)
def test_predicates(text, pseudonumber, numberish, infinitesimal, all_small, idempotent):
    v = loopy_game(text)
    assert (v.is_pseudonumber, v.is_numberish, v.is_infinitesimal, v.is_all_small, v.is_idempotent) == (
        pseudonumber, numberish, infinitesimal, all_small, idempotent)


def test_number_tiny():
    assert tiny(over).is_number_tiny and (tiny(over) + 2).is_number_tiny and miny(on).is_number_tiny
    assert not over.is_number_tiny and not upon.is_number_tiny and not dud.is_number_tiny
    # short games answer as the short predicate does
    assert LoopyGame.from_game(game("{0||0|-1}")).is_number_tiny


def test_number_predicates():
    assert LoopyGame.from_game(0).is_zero and LoopyGame.from_game(2).is_integer
    assert LoopyGame.from_game(game("1/2")).is_number and LoopyGame.from_game(star).is_nimber
    assert not over.is_number and not on.is_zero


@pytest.mark.parametrize("g, h, expected", [
    (1, off, "over"),          # 1 : off = {0 | 1 : off} = {0 | pass} (derived)
    (0, on, "on"),             # 0 : H = H
    (up, on, "^[on]"),         # ^ : on = {0, pass | *} = {pass | *} = upon (WW ch. 11)
    (star, on, "^[on]*"),      # * : on = {0, pass | 0} = upon* (WW ch. 11: upon* = {0,pass|0})
    (over, 1, "over"),         # {0, over : 0 | over} = {0, over | over}; derived by the algebra: over
    (on, 1, "on"),
], ids=["1:off", "0:on", "^:on", "*:on", "over:1", "on:1"])
def test_ordinal_sums(g, h, expected):
    assert str(ordinal_sum(g, h)) == expected


def test_ordinal_sums_of_short_games_are_the_short_ones():
    for g, h in ((integer(1), integer(1)), (up, star), (game("{1|0}"), game("1/2")), (star, up)):
        assert ordinal_sum(g, h) == g.ordinal_sum(h)


def test_ordinal_sum_needs_stoppers():
    with pytest.raises(NotApplicableError, match="ordinal sum: dud is not a stopper"):
        ordinal_sum(dud, 1)


def test_subordinate():
    assert str(over.subordinate(1)) == "off" and ordinal_sum(up, on).subordinate(up) == on
    with pytest.raises(NotApplicableError, match="over is not an ordinal sum with base 2"):
        over.subordinate(2)


def test_tiny_miny_switch_print_and_read_back():
    values = {"Tiny(over)": tiny(over), "Miny(over)": miny(over), "+-over": switch(over), "+-on": switch(on),
              "Tiny(on)": tiny(on), "Miny(on)": miny(on)}
    for text, v in values.items():
        assert str(v) == text and loopy_game(text) == v
    assert tiny(over) == from_options([0], [from_options([0], [under])])
    assert switch(upon) == star              # {upon | v[on]}: upon is reversible through * (derived by the algebra)


def test_options_that_are_sided_values():
    # each side of {dud | 0} takes that side of dud = on & off: {on|0} & {off|0}, and {off|0} = -1 (off reverses)
    v = from_options([dud], [0])
    assert str(v) == "{on|0} & -1" and v.onside == loopy_game("{on|0}") and v.offside == -1
    assert loopy_game("{dud|0}") == v


# ---------------------------------------------------------------- powers of {0|H}

BASES = [up, game("{0|-1}"), game("{0|{0|-2}}"), game("{0|*2}")]


@pytest.mark.parametrize("base", BASES, ids=str)
def test_powers_agree_with_the_short_recursion_at_integers(base):
    # G^->n = G : (n - 1) and G^n = {0 | H - G^->(n-1)} (Siegel II.4): the ordinal sum used for stopper
    # exponents gives the short powers back
    for n in range(1, 6):
        assert ordinal_sum(base, n - 1) == short_power_to(base, n)
        assert power(base, LoopyGame.from_game(n)) == short_power(base, n)


def test_powers_of_up_at_on_are_the_upon_family():
    # the limits of ^[n] and ^<n>: upon = ^[on] = {pass | *} and ^<on> = {0 | v[on]*}
    assert power_to(up, on) == upon and power(up, on) == uponth
    assert all(upon > short_power_to(up, n) for n in range(1, 6))
    assert all(0 < uponth < short_power(up, n) for n in range(1, 6))


def test_powers_at_stoppers_and_numbers():
    assert str(power_to(up, Fraction(7, 4))) == "{^|*,^[2]||*,^[2]}"            # ^ : (3/4)
    assert power_to(up, loopy_game("{1|pass}")) == ordinal_sum(up, over)       # 1over - 1 = over
    assert power(up, Fraction(9, 4)) == from_options([0], [star - ordinal_sum(up, Fraction(1, 4))])


@pytest.mark.parametrize("call, message", [
    (lambda: power(up, Fraction(7, 4)), r"Pow\(7/4\): exponents between 1 and 2 are not defined"),
    (lambda: power(up, loopy_game("{1|pass}")), r"Pow\(1over\): exponents between 1 and 2"),
    (lambda: power_to(up, Fraction(1, 2)), r"PowTo\(1/2\): exponents below 1 are not defined"),
    (lambda: power(up, dud), "dud is not a stopper"),
    (lambda: power(game("{1|-1}"), on), r"powers are defined for games of the form \{0\|H\}"),
])
def test_power_refusals(call, message):
    with pytest.raises(NotApplicableError, match=message):
        call()


def test_hash_agrees_with_equality():
    # a loopy literal equal to a short game, and equal values built by different routes
    assert hash(loopy_game("a{0|{1|a}}")) == hash(LoopyGame.from_game(1))
    a, b = over + over, loopy_game("{0|pass}")
    assert a == b and hash(a) == hash(b) and len({a, b, over}) == 1
