"""Every public GDL file of tests/games/gdl/shared/ (copied unchanged from ../shared/gdl_games/) handled as its
README says: classification and result, unsafe rules rejected with the rule named, non-CGT games
reported without exploring everything, breakthroughSmall stopped by the state limit.

The Grundy values of the Nim files are the nim sums of their heaps (Bouton's theorem; Faigle,
*Mathematical Game Theory*, Thm 2.5): 1^5^4^2 = 2, 2^2^10^10 = 0, 11^12^15^25 = 17.  Misère Nim with a
heap of two or more is won by the player to move exactly when the nim sum is non-zero (Bouton; Winning
Ways ch. 13): 12^12^20^20 = 0, so the second player wins nim4.  One heap of 21 with moves 1-3 in misère
play is lost by the player to move (21 = 1 mod 4).
"""

import pathlib
from functools import reduce
from operator import xor

import pytest

from cgt.errors import TooLargeError
from cgt.games.gdl import GdlRuleError, analyse, load
from cgt.misere.play import misere_nim_outcome

SHARED = pathlib.Path(__file__).parent / "shared"


def report_of(folder, name, **kwargs):
    return analyse(load(SHARED / folder / name), progress=False, **kwargs)


def test_fixtures_are_the_public_files_unchanged():
    for path in SHARED.rglob("*.kif"):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("; source: github.com/"), path.name


@pytest.mark.parametrize("name, heaps", [("nim1.kif", (1, 5, 4, 2)), ("nim2.kif", (2, 2, 10, 10))])
def test_small_nim(name, heaps):
    report = report_of("impartial", name)
    grundy = reduce(xor, heaps)
    assert (report.players, report.alternating, report.play, report.impartial) == (2, True, "normal", True)
    assert report.grundy == grundy and report.result == ("first" if grundy else "second")
    assert report.all_small is True and report.draws is False
    states = 2
    for h in heaps:
        states *= h + 1
    assert report.states == states


def test_nim1_winning_move_reaches_nim_sum_zero():
    report = report_of("impartial", "nim1.kif")
    # heaps a=1 b=5 c=4 d=2, nim sum 2: the winning moves reduce a heap h to h^2 < h
    assert report.winning_moves == ["(reduce d 0)"]


@pytest.mark.slow
def test_nim3_about_130k_states():
    report = report_of("impartial", "nim3.kif")
    assert report.states == 2 * 12 * 13 * 16 * 26 == 129_792
    assert (report.play, report.impartial, report.grundy, report.result) == ("normal", True, 17, "first")


@pytest.mark.slow
def test_nim4_is_misere():
    report = report_of("impartial", "nim4.kif")
    assert (report.play, report.impartial, report.result, report.outcome) == ("misere", True, "second", "P")
    assert str(misere_nim_outcome((12, 12, 20, 20))) == "P"


def test_obfuscated_misere_subtraction():
    report = report_of("impartial", "nim_s_2006_obfuscated.kif")
    assert (report.play, report.impartial, report.result) == ("misere", True, "second")
    assert report.turn_fluent.startswith("gonfassic") and report.roles == ["susbasigh", "inevervand"]
    assert report.states == 2 * 22


def chomp_wins(heights, memo):
    """Plain recursion over chomp boards (column heights, non-increasing): does the player to move win?
    Biting the poisoned square (1, 1) loses, so it is never a winning move."""
    if heights not in memo:
        memo[heights] = any(not chomp_wins(after, memo) for _bite, after in chomp_bites(heights))
    return memo[heights]


def chomp_bites(heights):
    for x, height in enumerate(heights):
        for y in range(height):
            if (x, y) != (0, 0):
                yield (x + 1, y + 1), tuple(min(h, y) if i >= x else h for i, h in enumerate(heights))


def test_chomp_raw_graph_is_misere_first_player_wins():
    report = report_of("impartial", "chomp.kif")
    assert (report.play, report.impartial, report.result) == ("misere", True, "first")
    # Young diagrams inside 8x7 (C(15, 7)) plus the poisoned end states, for each player to move
    assert report.states > 6435
    memo, board = {}, (7,) * 8
    assert chomp_wins(board, memo)
    winning = [f"(bite {x} {y})" for (x, y), after in chomp_bites(board) if not chomp_wins(after, memo)]
    assert report.winning_moves == winning == ["(bite 3 3)"]


@pytest.mark.parametrize("name", ["ticTacToe.kif", "sum15.kif", "eotcatcit.kif"])
def test_draw_games(name):
    report = report_of("partizan", name)
    assert report.alternating is True and report.draws is True and report.play == "other"
    assert report.result == "draw" and report.impartial is False and report.grundy is None
    assert "draws" in report.reason


def test_tic_tac_toe_classic_is_rejected_naming_the_rule():
    with pytest.raises(GdlRuleError, match=r"unsafe rule at line 76: .*\(distinctcell \?x \?y \?m \?n\)"):
        load(SHARED / "partizan" / "ticTacToeClassic.kif")


def test_breakthrough_small_stops_at_the_state_limit():
    with pytest.raises(TooLargeError, match=r"breakthroughSmall.kif: more than 2,000 states"):
        report_of("partizan", "breakthroughSmall.kif", max_states=2000)


def test_blocker_has_simultaneous_moves():
    report = report_of("non_cgt", "blocker.kif")
    assert report.alternating is False and report.result is None and report.play == "other"
    assert report.reason.startswith("simultaneous moves: crosser and blocker") and report.states < 10


def test_dots_and_boxes_lets_a_player_move_twice():
    report = report_of("non_cgt", "dotsAndBoxes.kif")
    assert report.alternating is False and report.result is None
    assert "moves twice in a row" in report.reason and report.states < 10_000


def test_onestep_is_scored():
    report = report_of("non_cgt", "onestep.kif")
    assert report.scores is True and report.play == "other" and "scores" in report.reason
    assert report.result == "first" and report.winning_moves == ["b"]     # white takes 90 against 10


@pytest.mark.parametrize("name", sorted(p.name for p in (SHARED / "reasoner_tests").glob("*.kif")))
def test_reasoner_cases_are_one_player_games(name):
    report = report_of("reasoner_tests", name)
    assert report.players == 1 and report.result is None and report.reason == "1 player, not two"
