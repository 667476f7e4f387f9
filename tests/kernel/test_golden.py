"""Golden table for canonical forms and their CGSuite plain-text printing.

Sources:
  [CGS]    CGSuite's printing of canonical short games (CGSUITE.md §5.3; DESIGN §3)
  [WW]     Berlekamp, Conway, Guy, Winning Ways, 2nd ed., vol. 1 (ch. 2-5)
  [ONAG]   Conway, On Numbers and Games, 2nd ed. (ch. 1-2, 7)
  [LIP]    Albert, Nowakowski, Wolfe, Lessons in Play (ch. 4-6)
  [CGT]    Siegel, Combinatorial Game Theory (ch. II)
Every row is checked with warm caches and again after clear_caches().
"""

from fractions import Fraction

import pytest

import cgt
from cgt import (
    clear_caches, down, dyadic, game, integer, miny, nimber, number, star, switch, tiny, up,
    up_cumulative, up_nth, zero,
)


def _rows():
    g = game
    return [
        # --- the shapes of CGSuite's notation [CGS], each value from the theory cited
        ("half", lambda: g([0], [1, 2]), "1/2", "CGS; ONAG ch.1 simplicity"),
        ("star2", lambda: g([0, star], [0, star]), "*2", "CGS; WW ch.3"),
        ("up3", lambda: up + up + up, "^3", "CGS: k ups print ^k"),
        ("upstar", lambda: up + star, "^*", "CGS; WW ch.3"),
        ("pm1", lambda: g([1], [-1]), "+-1", "CGS; WW ch.1 switches"),
        ("3||2|1", lambda: g([3], [g([2], [1])]), "{3||2|1}", "CGS; CGSuite docs"),
        ("sum_hot", lambda: g([3], [2]) + g([2], [0]), "{5|4||3|2}", "CGS; CGSuite docs"),
        ("tiny1", lambda: g([0], [g([0], [-1])]), "Tiny(1)", "CGS; WW ch.5"),
        ("nim_xor", lambda: nimber(2) + nimber(3), "*", "CGS; WW ch.3 nim addition"),
        ("uptimal", lambda: dyadic(73, 16) + 9 * down + nimber(8), "73/16v9*8", "CGS: number part, then v9, then *8"),
        ("up_nth2", lambda: g([0], [down + star]), "^<2>", "CGS; CGT II.4"),
        ("up_cum2", lambda: g([up], [star]), "^[2]", "CGS; CGT II.4"),
        # --- numbers [ONAG ch.1-2, WW ch.2]
        ("empty", lambda: g([], []), "0", "ONAG: 0 = { | }"),
        ("one", lambda: g([0], []), "1", "ONAG: 1 = {0|}"),
        ("minus_one", lambda: g([], [0]), "-1", "ONAG: -1 = {|0}"),
        ("two", lambda: g([1], []), "2", "ONAG"),
        ("three_quarters", lambda: g([dyadic(1, 2)], [1]), "3/4", "ONAG ch.1"),
        ("three_halves", lambda: g([1], [2]), "3/2", "WW ch.2"),
        ("simplest_0", lambda: g([-1], [1]), "0", "WW ch.2 simplicity rule"),
        ("simplest_int", lambda: g([Fraction(1, 2)], [Fraction(7, 2)]), "1", "WW ch.2 simplicity rule"),
        ("simplest_eighth", lambda: g([0], [dyadic(1, 4)]), "1/8", "WW ch.2"),
        ("left_only", lambda: g([-3, 5], []), "6", "ONAG"),
        ("right_only", lambda: g([], [-2, Fraction(-5, 2)]), "-3", "ONAG"),
        ("left_neg", lambda: g([-1], []), "0", "ONAG"),
        ("halves", lambda: dyadic(1, 2) + dyadic(1, 2), "1", "ONAG ch.1: 1/2 + 1/2 = 1"),
        ("neg_frac", lambda: -dyadic(25, 16), "-25/16", "CGSuite notation"),
        ("frac_sum", lambda: dyadic(3, 8) + dyadic(5, 8), "1", "ONAG"),
        # --- nimbers and uptimals [WW ch.3, LIP ch.5]
        ("star", lambda: g([0], [0]), "*", "WW ch.3"),
        ("star_star", lambda: star + star, "0", "WW ch.3"),
        ("nim_4_7", lambda: nimber(4) + nimber(7), "*3", "WW ch.3 nim addition"),
        ("star3_mex", lambda: g([0, star, nimber(2)], [0, star, nimber(2)]), "*3", "WW ch.3 mex rule"),
        ("mex_gap", lambda: g([0, nimber(2)], [0, nimber(2)]), "*", "WW ch.3 mex rule"),
        ("up", lambda: g([0], [star]), "^", "WW ch.3"),
        ("down", lambda: g([star], [0]), "v", "WW ch.3"),
        ("up_star", lambda: g([0, star], [0]), "^*", "WW ch.3"),
        ("down_star", lambda: g([0], [0, star]), "v*", "WW ch.3"),
        ("double_up", lambda: g([0], [up + star]), "^^", "WW ch.3: ^^ = {0|^*}"),
        ("double_up_star", lambda: g([0], [up]), "^^*", "WW ch.3: ^^* = {0|^}"),
        ("up_down", lambda: up + down, "0", "WW ch.3"),
        ("four_down", lambda: 4 * down, "v4", "CGSuite notation"),
        ("vv", lambda: down + down, "vv", "CGSuite notation"),
        ("uptimal_mix", lambda: 2 * up + nimber(4), "^^*4", "CGSuite notation"),
        ("six_up_star", lambda: 6 + up + star, "6^*", "CGSuite notation"),
        ("nine_eighths_star", lambda: dyadic(9, 8) + star, "9/8*", "CGSuite notation"),
        ("one_star", lambda: g([1], [1]), "1*", "WW ch.3 number translation"),
        # --- switches [WW ch.1, LIP ch.4]
        ("pm2", lambda: switch(2), "+-2", "WW ch.1"),
        ("pm_half", lambda: g([dyadic(1, 2)], [dyadic(-1, 2)]), "+-1/2", "CGSuite notation"),
        ("pm_onestar", lambda: g([1 + star], [-1 + star]), "+-(1*)", "DESIGN §3 grouping"),
        ("pm_set", lambda: g([1, 1 + star], [-1, -1 + star]), "+-{1,1*}", "DESIGN §3"),
        ("pm_game", lambda: switch(g([2], [1])), "+-{2|1}", "CGSuite notation"),
        ("hot_10", lambda: g([1], [0]), "{1|0}", "WW ch.1"),
        ("three_plus_minus_one", lambda: g([4], [2]), "{4|2}", "DESIGN §3: input 3+-1 is {4|2}"),
        # --- tinies and minies [WW ch.5]
        ("tiny2", lambda: tiny(2), "Tiny(2)", "WW ch.5"),
        ("miny1", lambda: g([g([1], [0])], [0]), "Miny(1)", "WW ch.5"),
        ("two_tiny_two", lambda: 2 + tiny(2), "2Tiny(2)", "DESIGN §3"),
        ("tiny_game", lambda: tiny(g([2], [1])), "Tiny({2|1})", "WW ch.5 tiny-G"),
        # --- general braces [CGSuite docs]
        ("four_levels", lambda: g([3], [g([2], [g([1], [0])])]), "{3|||2||1|0}", "DESIGN §3"),
        ("two_lefts", lambda: g([0, g([2], [-1])], [-5]), "{0,{2|-1}|-5}", "CGSuite notation"),
        ("dominated", lambda: g([0, g([2], [1])], [-1]), "{2|1||-1}", "WW ch.2 dominated options"),
        ("switch_option", lambda: g([0, switch(1)], [-5]), "{0,+-1|-5}", "CGSuite notation"),
        ("two_options", lambda: g([0, star], [-1]), "{0,*|-1}", "CGT II.1 day 2"),
        ("up_nth3", lambda: up_nth(3), "^<3>", "CGT II.4"),
        ("down_nth3", lambda: -up_nth(3), "v<3>", "CGT II.4"),
        ("up_cum3", lambda: up_cumulative(3), "^[3]", "CGT II.4"),
        ("up_nth2_star", lambda: up_nth(2) + star, "^<2>*", "CGT II.4"),
        ("one_up_nth2", lambda: 1 + up_nth(2), "1^<2>", "number translation"),
    ]


ROWS = _rows()


@pytest.mark.parametrize("cold", [False, True], ids=["warm", "cold"])
@pytest.mark.parametrize("build,expected,source", [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_printed_canonical_form(build, expected, source, cold):
    if cold:
        clear_caches()
    assert str(build()) == expected, source


@pytest.mark.parametrize(
    "value,outcome",
    [
        (zero, "P"), (star, "N"), (up, "L"), (down, "R"), (up + star, "N"), (switch(1), "N"),
        (game([3], [game([2], [1])]), "L"), (integer(-2), "R"), (tiny(1), "L"), (miny(1), "R"),
        (nimber(2) + nimber(2), "P"), (2 * up + star, "L"),
    ],
    ids=lambda v: str(v),
)
def test_outcome_classes(value, outcome):
    """WW ch.1-3: outcome classes of the standard small games."""
    assert str(value.outcome) == outcome


@pytest.mark.parametrize(
    "value,birthday",
    [
        (zero, 0), (star, 1), (integer(1), 1), (dyadic(1, 2), 2), (up, 2), (up + star, 2),
        (nimber(2), 2), (dyadic(3, 4), 3), (game([3], [game([2], [1])]), 4), (tiny(1), 3),
        (integer(2000), 2000), (switch(1), 2),
    ],
    ids=lambda v: str(v),
)
def test_birthdays(value, birthday):
    """ONAG ch.1 / CGT II.1: birthdays."""
    assert value.birthday == birthday


@pytest.mark.parametrize("day,count", [(0, 1), (1, 4), (2, 22), (3, 1474)])
def test_number_of_games_born_by_day(day, count):
    """Faigle ch.2 (games created day by day); CGT II.1: 1, 4, 22, 1474 values."""
    assert len(cgt.born_by(day)) == count


def test_day_one_values():
    assert sorted(str(g) for g in cgt.born_by(1)) == ["*", "-1", "0", "1"]


def test_day_two_contains_the_known_values():
    names = {str(g) for g in cgt.born_by(2)}
    expected = {"0", "*", "1", "-1", "2", "-2", "1/2", "-1/2", "^", "v", "^*", "v*", "*2", "1*",
                "-1*", "+-1", "{1|0}", "{0|-1}", "{1|*}", "{*|-1}", "{1|0,*}", "{0,*|-1}"}
    assert names == expected


def test_born_by_rejects_day_four():
    with pytest.raises(cgt.errors.TooLargeError, match="born_by\\(4\\)"):
        cgt.born_by(4)


def test_queries():
    g = game([3], [game([2], [1])])
    assert (g.left_stop, g.right_stop) == (3, 2)
    assert dyadic(5, 8).number == Fraction(5, 8) and up.number is None
    assert nimber(6).nim_value == 6 and up.nim_value is None and zero.nim_value == 0
    assert up.is_infinitesimal and not switch(1).is_infinitesimal and zero.is_infinitesimal
    assert (up + star).is_all_small and not tiny(1).is_all_small and not integer(1).is_all_small
    assert nimber(3).is_impartial and not up.is_impartial
    assert [str(o) for o in game([0, up, 1, star], [3]).left_options] == ["1"]  # 1 dominates
    assert [str(o) for o in game([star, 0], [-1]).left_options] == ["0", "*"]
    assert [str(o) for o in switch(game([1, 1 + star], [])).left_options] == ["2"]


def test_option_order_numbers_first():
    g = game([1, 1 + star], [-1, -1 + star])
    assert [str(o) for o in g.left_options] == ["1", "1*"]
    assert [str(o) for o in g.right_options] == ["-1", "-1*"]


def test_comparisons_and_confusion():
    assert up > 0 and not up > star and not up < star and up.confused_with(star)
    assert (up + star).compare(0) == "||" and up.compare(0) == ">" and down.compare(0) == "<"
    assert star.compare(star) == "="
    assert not (switch(1) <= 0) and not (switch(1) >= 0)
    assert integer(2) == 2 and 2 == integer(2) and dyadic(1, 2) == Fraction(1, 2)
    assert hash(integer(2)) == hash(2) and hash(dyadic(1, 2)) == hash(Fraction(1, 2))
    assert len({integer(2), 2, Fraction(2)}) == 1
    assert star != 1 and up != 0 and not (star == 0)
    assert 1 + up == up + 1 and (3 - up) == -(up - 3)


def test_integer_multiples():
    assert 3 * up is up + up + up and up * -2 is down + down and 0 * switch(3) is zero
    assert 1000 * star is zero and 1001 * star is star


@pytest.mark.parametrize(
    "call,error,message",
    [
        (lambda: dyadic(1, 3), cgt.errors.NotDyadicError, "1/3 is not a dyadic rational"),
        (lambda: number(Fraction(2, 6)), cgt.errors.NotDyadicError, "1/3 is not a dyadic rational"),
        (lambda: game([0], ["x"]), cgt.errors.InvalidGameError, "'x' is not a game"),
        (lambda: game([0.5], []), cgt.errors.InvalidGameError, "0.5 is not a game"),
        (lambda: game(1, 2), cgt.errors.InvalidGameError, "two collections of options"),
        (lambda: nimber(-1), cgt.errors.InvalidGameError, "nimber\\(\\) needs a non-negative integer, got -1"),
        (lambda: up + Fraction(1, 3), cgt.errors.NotDyadicError, "1/3"),
        (lambda: integer("7"), cgt.errors.InvalidGameError, "integer\\(\\) needs an integer, got '7'"),
        (lambda: up_nth(0), cgt.errors.InvalidGameError, "up_nth\\(\\) needs a positive integer, got 0"),
    ],
    ids=["dyadic_1_3", "number_1_3", "bad_option", "float_option", "not_lists", "neg_nimber",
         "add_non_dyadic", "integer_str", "up_nth_0"],
)
def test_errors_name_the_value(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_errors_inherit_builtins():
    assert issubclass(cgt.errors.NotDyadicError, ValueError)
    assert issubclass(cgt.errors.InvalidGameError, TypeError)
    assert issubclass(cgt.errors.NotDyadicError, cgt.CGTError)


def test_unsupported_operands_are_type_errors():
    with pytest.raises(TypeError):
        up + "x"
    with pytest.raises(TypeError):
        up * up
    with pytest.raises(TypeError):
        up < "x"


def test_games_are_immutable_and_copy_to_themselves():
    import copy
    import pickle

    g = game([3], [game([2], [1])])
    assert copy.copy(g) is g and copy.deepcopy(g) is g
    assert pickle.loads(pickle.dumps(g)) is g and pickle.loads(pickle.dumps(up + star)) is up + star
    with pytest.raises(AttributeError):
        g.foo = 1
    with pytest.raises(TypeError):
        cgt.Game()


def test_repr_rebuilds():
    namespace = {name: getattr(cgt, name) for name in cgt.__all__}
    for g in [game([3], [game([2], [1])]), dyadic(73, 16) + 9 * down + nimber(8), tiny(2), up_nth(3),
              switch(game([1, 1 + star], [])), integer(-5), zero, star]:
        assert eval(repr(g), namespace) is g
