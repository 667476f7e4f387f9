"""Golden values of loopy games.

Sources: Berlekamp, Conway and Guy, *Winning Ways*, ch. 11 "Games Infinite and Indefinite" (on, off, over,
upon, dud, sums with on/off, outcomes with draws, sidling); Siegel, *Combinatorial Game Theory*, ch. VI
"Loopy Games" (stoppers, survival order, onsides and offsides, upsums and degrees, simplest forms);
Conway, *On Numbers and Games*, ch. 16 (onsides and offsides).  Rows marked "derived" are worked out by
hand in the comment next to them from the definitions in those chapters.
"""

import pytest

from cgt import game, integer, star, up, up_cumulative
from cgt.loopy import LoopyGame, LoopyOutcome, dud, loopy_game, off, on, over, sided, under, upon

DOWN = -up


def lg(text):
    return loopy_game(text)


# (description, value thunk, expected text, source)
VALUES = [
    ("on", lambda: on, "on", "WW ch. 11: on = {pass|}"),
    ("off", lambda: off, "off", "WW ch. 11: off = {|pass}"),
    ("over", lambda: lg("{0|pass}"), "over", "WW ch. 11: over = {0|pass}"),
    ("under", lambda: lg("{pass|0}"), "under", "WW ch. 11: under = -over"),
    ("upon", lambda: lg("{pass|*}"), "^[on]", "WW ch. 11: upon = {pass|*}; CGSuite prints ^[on]"),
    ("upon*", lambda: upon + star, "^[on]*", "WW ch. 11: upon* = {0,pass|0}"),
    ("upon* literal", lambda: lg("{0,pass|0}"), "^[on]*", "WW ch. 11: upon* = {0,pass|0}"),
    ("-upon", lambda: -upon, "v[on]", "negation swaps sides"),
    ("on + off", lambda: on + off, "dud", "WW ch. 11: on + off = dud"),
    ("on & off", lambda: on & off, "dud", "WW ch. 11: dud = on & off"),
    ("{pass|pass}", lambda: lg("{pass|pass}"), "dud", "WW ch. 11: dud = {pass|pass}"),
    ("dud + 1", lambda: dud + 1, "dud", "WW ch. 11: dud is absorbing"),
    ("dud + on", lambda: dud + on, "dud", "WW ch. 11: dud is absorbing"),
    ("dud + off", lambda: dud + off, "dud", "WW ch. 11: dud is absorbing"),
    ("dud + over", lambda: dud + over, "dud", "WW ch. 11: dud is absorbing"),
    ("dud + upon", lambda: dud + upon, "dud", "WW ch. 11: dud is absorbing"),
    ("dud + *", lambda: dud + star, "dud", "WW ch. 11: dud is absorbing"),
    ("on + *", lambda: on + star, "on", "WW ch. 11: on absorbs every short game"),
    ("on + 5", lambda: on + 5, "on", "WW ch. 11: on exceeds every number"),
    ("on - 100", lambda: on - 100, "on", "WW ch. 11"),
    ("on + over", lambda: on + over, "on", "WW ch. 11"),
    ("on + upon", lambda: on + upon, "on", "WW ch. 11"),
    ("off + over", lambda: off + over, "off", "WW ch. 11 (negative of on + under)"),
    ("on + under", lambda: on + under, "on", "WW ch. 11"),
    ("over + 2", lambda: over + 2, "2over", "CGSuite's printing: number prefix"),
    ("{2|pass}", lambda: lg("{2|pass}"), "2over", "number translation of over"),
    ("over - 3", lambda: over - 3, "-3over", "number translation"),
    ("upon + 1", lambda: upon + 1, "1^[on]", "CGSuite's printing: 1^[on]"),
    # over + over = over: Left's answer 0 in either copy leaves over, and Right's passes gain nothing
    ("over + over", lambda: over + over, "over", "Siegel ch. VI (derived)"),
    # over + * = over: in over + under + *, Right moving * -> 0 leaves over + under, where Left passes in
    # under as long as Right passes in over (infinite play: Left survives) and wins once he stops
    ("over + *", lambda: over + star, "over", "Siegel ch. VI (derived by survival)"),
    # over - over is self-negative; its onside is over (Siegel ch. VI, degree of over)
    ("over + under", lambda: over + under, "over & under", "Siegel ch. VI: G - G = d & -d, d the degree"),
    ("degree of over", lambda: over.degree, "over", "Siegel ch. VI: degree of loopiness"),
    ("degree of on", lambda: on.degree, "on", "Siegel ch. VI: on - on = dud"),
    ("onside of dud", lambda: dud.onside, "on", "WW ch. 11: sides of dud"),
    ("offside of dud", lambda: dud.offside, "off", "WW ch. 11: sides of dud"),
    ("1 & 0", lambda: sided(1, 0), "1 & 0", "CGSuite's printing of sided values"),
    # a = {{a|a}|}: onside, Right must return to a, so Left never runs out: on; offside, Left's move
    # is answered by Right's return and she gains nothing, so a = {|} = 0
    ("a{{a|a}|}", lambda: lg("a{{a|a}|}"), "on & 0", "ONAG ch. 16 sidling (derived)"),
    # a = {1|b}, b = {a|-1}: onside Right's move to b is answered by Left's return: a = {1|} = 2,
    # b = {2|-1}; offside Left's move back to a is answered by Right's: b = {|-1} = -2, a = {1|-2}
    ("a{1|{a|-1}}", lambda: lg("a{1|{a|-1}}"), "2 & {1|-2}", "ONAG ch. 16 sidling (derived)"),
    ("onside of a{1|{a|-1}}", lambda: lg("a{1|{a|-1}}").onside, "2", "derived as above"),
    ("offside of a{1|{a|-1}}", lambda: lg("a{1|{a|-1}}").offside, "{1|-2}", "derived as above"),
    # a = {0|{1|a}}: Right's move to {1|a} reverses through 1 >= a (Right cannot move in 1 - a but
    # to 1 + 0), so a = {0|} = 1 (a loopy fixed point, unlike the short {0|{1|1/2}} = 1/2)
    ("a{0|{1|a}}", lambda: lg("a{0|{1|a}}"), "1", "Siegel ch. VI: reversible options (derived)"),
    ("short {3||2|1}", lambda: lg("{3||2|1}"), "{3||2|1}", "short games keep their canonical form"),
    ("short +-1", lambda: lg("{1|-1}"), "+-1", "short games keep their canonical form"),
    ("short ^*", lambda: lg("{0,*|0}"), "^*", "short games keep their canonical form"),
]


@pytest.mark.parametrize("description, thunk, expected, source", VALUES, ids=[v[0] for v in VALUES])
def test_golden_values(description, thunk, expected, source):
    assert str(thunk()) == expected


def graph(left, right):
    return LoopyGame.from_graph(left, right)


OUTCOMES = [
    ("on", lambda: on, "L", "WW ch. 11"),
    ("off", lambda: off, "R", "WW ch. 11"),
    ("over", lambda: over, "L", "WW ch. 11: Left wins over whoever starts"),
    ("under", lambda: under, "R", "WW ch. 11"),
    ("upon", lambda: upon, "L", "WW ch. 11"),
    ("dud", lambda: dud, "D", "WW ch. 11: deathless universal draw"),
    ("on + off", lambda: on + off, "D", "WW ch. 11"),
    ("upon*", lambda: upon + star, "N", "WW ch. 11"),
    ("0", lambda: LoopyGame.from_game(0), "P", "short games"),
    # {0 | dud}: Left moving first wins by moving to 0; Right moving first moves to dud: a draw
    ("{0|dud}", lambda: graph([[1], [], [2]], [[2], [], [2]]), "NHat", "Siegel ch. VI outcome classes"),
    # {dud |}: Right moving first has no move; Left moving first can only enter dud
    ("{dud|}", lambda: graph([[1], [1]], [[], [1]]), "PHat", "Siegel ch. VI outcome classes"),
    ("{|dud}", lambda: graph([[], [1]], [[1], [1]]), "PCheck", "Siegel ch. VI outcome classes"),
    ("{dud|0}", lambda: graph([[1], [1], []], [[2], [1], []]), "NCheck", "Siegel ch. VI outcome classes"),
]


@pytest.mark.parametrize("description, thunk, expected, source", OUTCOMES, ids=[v[0] for v in OUTCOMES])
def test_golden_outcomes(description, thunk, expected, source):
    value = thunk()
    assert value.outcome is LoopyOutcome[expected]
    # the outcome from the sides agrees with the one from the graph
    assert LoopyGame(None, *value.sides()).outcome is LoopyOutcome[expected]


ORDER = [
    ("over > 0", lambda: over > 0, "WW ch. 11: over is positive"),
    ("over < 1/64", lambda: over < integer(1) / 64, "WW ch. 11: over is less than every positive number"),
    ("over > ^", lambda: over > up, "WW ch. 11: over exceeds up"),
    ("over > 7^", lambda: over > up * 7, "WW ch. 11: over exceeds every multiple of up"),
    ("over > *", lambda: over > star, "derived: over + * = over > 0"),
    ("under < v", lambda: under < DOWN, "negative of over > ^"),
    ("upon > ^", lambda: upon > up, "WW ch. 11: upon exceeds up"),
    ("upon > ^[3]", lambda: upon > up_cumulative(3), "Siegel ch. VI: upon = ^[on] exceeds every ^[n]"),
    ("upon < ^^", lambda: upon < up * 2, "Siegel ch. VI: upon = ^[on], the limit of ^[n] < ^^"),
    ("on >= over", lambda: on >= over, "WW ch. 11: on is the largest game"),
    ("off <= under", lambda: off <= under, "WW ch. 11: off is the smallest game"),
    ("on > 1000", lambda: on > 1000, "WW ch. 11"),
    ("dud not comparable to 0", lambda: not dud >= 0 and not dud <= 0, "WW ch. 11: dud is confused with everything"),
    ("{3||2|1} equals the short game", lambda: lg("{3||2|1}") == game("{3||2|1}"), "short games"),
]


@pytest.mark.parametrize("description, thunk, source", ORDER, ids=[v[0] for v in ORDER])
def test_golden_order(description, thunk, source):
    assert thunk() is True
