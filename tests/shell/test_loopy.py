"""Loopy values in the shell: CGSuite's literals, printing and the members of its NormalValue,
CanonicalStopper and SidedValue classes.

Values: Winning Ways ch. 11 ("on", "off", "over", "upon", "dud" and their sums) and Siegel, *Combinatorial
Game Theory*, ch. VI (stoppers, onsides and offsides, sided values); the Python algebra behind them is
tested in tests/loopy.  The tutorial rows follow the examples of CGSuite's loopy-games tutorial (labelled
literals, the named values, ``&`` and sums of sided values), written as its shell reads them.
"""

import pytest

from cgt.shell import run
from cgt.shell.errors import ShellError

GOLDEN = [
    ("on", "on"),                                   # on = {pass|}
    ("off", "off"),
    ("{pass|}", "on"),
    ("{0|pass}", "over"),                           # over = {0|pass} (WW ch. 11)
    ("{pass|*}", "^[on]"),                          # upon = {pass|*}, printed ^[on] (§5.4)
    ("upon", "^[on]"),
    ("on + off", "dud"),                            # dud = on & off absorbs (WW ch. 11)
    ("dud + 5", "dud"),
    ("on - on", "dud"),
    ("-over", "under"),
    ("a{0|{1|a}}", "1"),                            # a labelled cycle that is a number
    ("on > 5", "true"),                             # on exceeds every short game
    ("over > ^", "true"),
    ("(on + *).OutcomeClass", "L"),
    ("dud.OutcomeClass", "D"),
    ("1 & 0", "1 & 0"),                             # a sided value that is not a stopper
    ("(1 & 0).Offside", "0"),
    ("(over + under).Onside", "over"),
    ("(over + under).IsStopper", "false"),
    ("on.IsStopper", "true"),
    ("{over|0} == {over|0}", "true"),
    ("x := on; x + 1", "on"),
]


@pytest.mark.parametrize("source, expected", GOLDEN, ids=[s for s, _ in GOLDEN])
def test_loopy_golden(source, expected):
    assert run(source) == expected


@pytest.mark.parametrize("source, message", [
    ("pass", "pass is an option of braces only"),
    ("a{0|b}", "unknown name 'b'"),
    ("0 & 1", "the onside 0 is not >= the offside 1"),
])
def test_loopy_errors_are_one_line(source, message):
    with pytest.raises(ShellError, match=message):
        run(source)


# CGSuite's loopy tutorial, as far as it runs without a GUI: labelled literals for the named values, sums,
# sides and sided values.
TUTORIAL = [
    ("a{a|}", "on"),                                # on: Left may pass for ever
    ("a{|a}", "off"),
    ("a{0|a}", "over"),
    ("a{a|0}", "under"),
    ("a{a|a}", "dud"),                              # dud: either player may pass
    ("a{a|*}", "^[on]"),                            # upon
    ("on := a{a|}; off := a{|a}; on + off", "dud"),
    ("on & off", "dud"),
    ("over + under", "over & under"),               # a sum of stoppers need not be a stopper
    ("(over + under).Onside", "over"),
    ("(over + under).Offside", "under"),
    ("(over + under).IsStopper", "false"),
    ("over - over == over + under", "true"),
    ("(1 & 0) + (1 & 0)", "2 & 0"),                 # sided sums: onside + onside & offside + offside
    ("(1 & 0) - (1 & 0)", "1 & -1"),
    ("(on & 0) + (1 & off)", "dud"),
    ("(on & 0).OutcomeClass", "PHat"),              # Left wins moving second, a draw moving first
    ("(over & under).OutcomeClass", "D"),
    ("upon + *", "^[on]*"),
    ("upon.Onside == upon", "true"),
    ("dud.Onside", "on"),
    ("dud.Offside", "off"),
    ("over.Degree", "over"),
    ("on.Degree", "on"),
    # a carousel: Left goes round a -> b -> c -> a, Right may leave at each stop (value derived in
    # test_carousel_against_sidling)
    ("a{b{c{a|1}|0}|-1}", "{*|-1}"),
]


@pytest.mark.parametrize("source, expected", TUTORIAL, ids=[s for s, _ in TUTORIAL])
def test_tutorial(source, expected):
    assert run(source) == expected


def test_carousel_against_sidling():
    # a = {b | -1}, b = {c | 0}, c = {a | 1}: both sides by Conway's sidling (the test oracle), both {*|-1}
    from cgt.loopy import LoopyGame, loopy_game
    from cgt.loopy.printing import format_stopper
    from tests.loopy.sidling import sidle_side

    carousel = LoopyGame.from_graph([[1], [2], [0], [], [], []], [[5], [4], [3], [], [], []],
                                    leaves={3: 1, 4: 0, 5: -1})
    assert carousel == loopy_game("a{b{c{a|1}|0}|-1}")
    for onside in (True, False):
        assert format_stopper(sidle_side(carousel._graph, onside)) == "{*|-1}"


# CGSuite's members of loopy values (NormalValue, CanonicalStopper, SidedValue) and loopy values where short
# games go
MEMBERS = [
    ("{over|0}", "{over|0}"),
    ("{5 + over|*}", "{5over|*}"),
    ("{dud|0}", "{on|0} & -1"),                     # an option that is a sided value: a sided value
    ("1 : off", "over"),                            # ordinal sums with stoppers
    ("^ : on", "^[on]"),
    ("+-over", "+-over"),
    ("1 +- over", "{1over|1under}"),
    ("+-{over, on}", "+-on"),
    ("5 * over", "over"),
    ("3 * (1 & 0)", "3 & 0"),
    ("over.Tiny", "Tiny(over)"),
    ("Tiny(over)", "Tiny(over)"),
    ("on.Miny", "Miny(on)"),
    ("over.Tiny.IsNumberTiny", "true"),
    ("^.Pow(on)", "^<on>"),
    ("^.PowTo(on)", "^[on]"),
    ("^.PowTo(7/4)", "{^|*,^[2]||*,^[2]}"),
    ("on.LeftOptions", "{on}"),
    ("off.RightOptions", "{off}"),
    ("over.Options", "{0,over}"),
    ("over.Options(Right)", "{over}"),
    ("on.Followers", "{on}"),
    ("upon.Followers", "{0,*,^[on]}"),
    ("on.FollowerCount", "1"),
    ("on.IsPseudonumber", "true"),
    ("(2 + over).IsPseudonumber", "true"),
    ("upon.IsPseudonumber", "false"),
    ("over.IsNumberish", "true"),
    ("{1|over}.IsNumberish", "false"),
    ("over.IsInfinitesimal", "true"),
    ("on.IsInfinitesimal", "false"),
    ("over.IsAllSmall", "true"),
    ("over.IsIdempotent", "true"),
    ("upon.IsIdempotent", "false"),
    ("over.IsNumber", "false"),
    ("on.IsLoopfree", "false"),
    ("on.IsFinite", "true"),
    ("dud.IsStopperSided", "true"),
    ("dud.IsPlumtree", "false"),
    ("over.IsPlumtree", "true"),
    ("over.Subordinate(1)", "off"),
    ("over.OrdinalSum(1)", "over"),
    ("{1|over}.Degree", "{1under|over||0|-1over}"),
    ("{1|over}.LeftStop", "1"),
    ("{1|over}.RightStop", "over"),
    ("{1|over}.IsStable", "false"),                 # its degree is not idempotent: it has no variety
    ("upon.IsStable", "true"),
    ("over.GameValue", "over"),
]


@pytest.mark.parametrize("source, expected", MEMBERS, ids=[s for s, _ in MEMBERS])
def test_members(source, expected):
    assert run(source) == expected


@pytest.mark.parametrize("source, message", [
    ("(1 & 0).LeftOptions", "1 & 0 is not a stopper"),
    ("^.Pow(7/4)", r"Pow\(7/4\): exponents between 1 and 2 are not defined"),
    ("^.Pow({1|pass})", r"Pow\(1over\): exponents between 1 and 2 are not defined"),
    ("{1|over}.Variety", r"variety: \{1\|over\} is not stable: its degree \{1under\|over\|\|0\|-1over\} is not "
                         r"idempotent \(its upsum with itself is over\), so it has no variety"),
    ("(1 + over).CanonicalForm", "1over is loopy, so it has no canonical"),
    ("dud : 1", "ordinal sum: dud is not a stopper"),
])
def test_member_errors_are_one_line(source, message):
    with pytest.raises(ShellError, match=message):
        run(source)


def test_printed_loopy_values_read_back():
    # (the upon family's ^[on] is not yet read by the shell's uptimal token; docs/shell.md lists it)
    for source, _ in [row for row in GOLDEN[:13] if "^[on]" not in row[1]]:
        text = run(source)
        assert run(f"({text}) == ({source})") == "true"


def test_fox_and_geese_values_table():
    # CGSuite's GenFoxAndGeese.ValuesTable(geese): rows from the highest goose down to row 1, X on a goose,
    # the value with the fox on each free dark square, light squares blank.  The values are those of
    # games/grid/fox_and_geese.py's values_table, whose own tests compare them with the loopy solver.
    text = run("game.grid.GenFoxAndGeese(4).ValuesTable([(3,1),(3,3)])")
    assert text.splitlines() == [
        "    X |   |        X |     ",
        "------+---+----------+-----",
        "      | 0 |          | over",
        "------+---+----------+-----",
        "{2|0} |   | {over|0} |     ",
    ]


@pytest.mark.parametrize("expression, message", [
    ("game.grid.GenFoxAndGeese(4).ValuesTable(5)", "cannot loop over 5"),
    ("game.heap.Kayles.ValuesTable([(1,1)])", "ValuesTable needs a Fox and Geese ruleset"),
])
def test_values_table_errors(expression, message):
    with pytest.raises(ShellError, match=message):
        run(expression)
