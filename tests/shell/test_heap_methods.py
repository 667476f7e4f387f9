"""Shell: heap-ruleset methods (NimValueSequence, HeapNimValue, CheckPeriodicity, Periodicity), Table and
List.PeriodicTable, Nothing, and the variants on rulesets, positions and games.

Sources.
  [WW]  Berlekamp, Conway, Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 4 ("Taking and Breaking"): the nim values
        of Kayles (0.77), 1 2 3 1 4 3 2 1 4 2 6 4 for heaps 1..12, periodic with period 12 from heap 71 on
        (last exceptional value at 70; Guy and Smith, "The G-values of various games", Proc. Cambridge
        Philos. Soc. 52 (1956)); Dawson's Kayles (0.07): period 34.  Its last exceptional heap, 52 in the
        0.07 numbering (51 for Dawson's chess, 0.137, whose heaps are shifted by one), is also what this
        library's certified check (``DawsonsKayles.periodicity()``) finds.
  [CG]  CGSUITE.md §3.2 (CheckPeriodicity's acceptance test h*p + h*q + (D + h) <= n), §5.1, §5.7 (printing).
  Rows marked "by hand" are derived from the rules in their comment.  Every nim value is also checked by
  the slow reference ``kayles_ref`` (the rules, mex over the options, no library tables).
"""

from __future__ import annotations

import re

import pytest

from cgt.games import DawsonsKayles, Kayles

# The golden rows below that are Nothing also say why, in one line (checked by its own test further down).
pytestmark = pytest.mark.filterwarnings(r"ignore:.*CheckPeriodicity\(\d+\) is Nothing")
from cgt.impartial.grundy import mex
from cgt.shell import run
from cgt.shell.errors import ShellError


def kayles_ref(n: int, take=(1, 2)) -> list[int]:
    """Nim values of heaps 0..n of an octal game that removes ``take`` tokens, leaving up to two heaps."""
    g = [0]
    for m in range(1, n + 1):
        g.append(mex(g[a] ^ g[m - t - a] for t in take if t <= m for a in range(m - t + 1)))
    return g


def dawson_ref(n: int) -> list[int]:
    """0.07: remove exactly 2 tokens, leaving 0, 1 or 2 heaps."""
    return kayles_ref(n, take=(2,))


GOLDEN = [
    # [WW] Kayles table.
    pytest.param("Kayles.NimValueSequence(12)", "[1,2,3,1,4,3,2,1,4,2,6,4]", id="kayles-sequence"),
    pytest.param("game.heap.Kayles.NimValueSequence(0)", "[]", id="empty-sequence"),
    # [WW]: Kayles period 12 from heap 71.  [CG] test with h = 2, D = 2: 2*71 + 2*12 + 4 = 170 <= n.
    pytest.param("Kayles.CheckPeriodicity(300)", "Periodicity(Period => 12, Preperiod => 71, Saltus => 0)",
                 id="kayles-periodicity"),
    pytest.param("Kayles.CheckPeriodicity(170)", "Periodicity(Period => 12, Preperiod => 71, Saltus => 0)",
                 id="kayles-periodicity-threshold"),
    pytest.param("[Kayles.CheckPeriodicity(169)]", "[Nothing]", id="kayles-below-threshold"),
    pytest.param("Kayles.CheckPeriodicity(300).Period", "12", id="period"),
    pytest.param("Kayles.CheckPeriodicity(300).Preperiod", "71", id="preperiod"),
    pytest.param("Kayles.CheckPeriodicity(300).Saltus", "0", id="saltus"),
    # [WW] period 34; 2*53 + 2*34 + 4 = 178.
    pytest.param("DawsonsKayles.CheckPeriodicity(178)", "Periodicity(Period => 34, Preperiod => 53, Saltus => 0)",
                 id="dawson-periodicity"),
    # By hand: subtraction {1,2,3} has g(n) = n mod 4 from n = 0; h = 1 (digit 3 leaves at most one heap),
    # D = 3, so the test 0 + 4 + 3 + 1 <= n first passes at n = 8.
    pytest.param("game.heap.Subtraction([1,2,3]).CheckPeriodicity(8)",
                 "Periodicity(Period => 4, Preperiod => 0, Saltus => 0)", id="subtraction-periodicity"),
    pytest.param("[game.heap.Subtraction([1,2,3]).CheckPeriodicity(7)]", "[Nothing]", id="subtraction-too-short"),
    # [CG] CheckPeriodicity needs a finite code: Nim is 0.[3].
    pytest.param("[game.heap.Nim.CheckPeriodicity(100)]", "[Nothing]", id="nim-nothing"),
    pytest.param("Kayles.HeapNimValue(70)", str(kayles_ref(70)[70]), id="heap-nim-value"),
    # By hand (misère Nim): a heap of 1 in misère play: the mover must take it and loses, so 0; a heap of 2 is 2.
    pytest.param("[game.heap.Nim(1).MisereNimValue, game.heap.Nim(2).MisereNimValue]", "[0,2]", id="misere-nim"),
]


@pytest.mark.parametrize("source, expected", GOLDEN)
def test_golden(source, expected):
    assert run(source) == expected


def test_sequences_match_the_slow_reference():
    assert run("Kayles.NimValueSequence(80)") == "[" + ",".join(map(str, kayles_ref(80)[1:])) + "]"
    assert run("DawsonsKayles.NimValueSequence(60)") == "[" + ",".join(map(str, dawson_ref(60)[1:])) + "]"


def test_check_periodicity_agrees_with_the_certified_library_check():
    for ruleset, name, n in ((Kayles, "Kayles", 400), (DawsonsKayles, "DawsonsKayles", 400)):
        certified = ruleset.periodicity()
        assert run(f"{name}.CheckPeriodicity({n})") == (
            f"Periodicity(Period => {certified.period}, Preperiod => {certified.preperiod}, Saltus => 0)")


def test_no_period_is_nothing_said_in_one_line():
    # The value stays CGSuite's Nothing (which the shell does not print); the reason is one warning line.
    with pytest.warns(UserWarning) as caught:
        assert run("Kayles.CheckPeriodicity(169)") == ""
    (message,) = [str(w.message) for w in caught]
    assert message == ("Kayles.CheckPeriodicity(169) is Nothing: no period q, with its preperiod p, of the nim "
                       "values of heaps 0..168 passes 2p + 2q + 4 <= 169")
    with pytest.warns(UserWarning, match="finitely many digits"):
        assert run("game.heap.Nim.CheckPeriodicity(100)") == ""


def test_the_period_really_holds_in_the_reference():
    g = kayles_ref(400)
    assert all(g[n + 12] == g[n] for n in range(71, 388)) and g[70 + 12] != g[70]


# -- tables (§5.7) -------------------------------------------------------------------------------------------
def test_table_prints_as_cgsuite():
    assert run("Table([[1, 10, *2], [300, Nothing]])") == (
        "  1 | 10 | *2\n"
        "----+----+---\n"
        "300 |    |   ")


def test_periodic_table_of_kayles():
    assert run("Kayles.NimValueSequence(24).PeriodicTable(12)") == (
        "1 | 2 | 3 | 1 | 4 | 3 | 2 | 1 | 4 | 2 | 6 | 4\n"
        "--+---+---+---+---+---+---+---+---+---+---+--\n"
        "1 | 2 | 7 | 1 | 4 | 3 | 2 | 1 | 4 | 6 | 7 | 4")
    assert run("[1,2,3,4,5].Grouped(2)") == "[[1,2],[3,4],[5]]"
    assert run("[1,2,3,4,5].PeriodicTable(2)") == "1 | 2\n--+--\n3 | 4\n--+--\n5 |  "


def test_table_in_comprehension():
    assert run("Table([[n, n * n] for n from 1 to 3])") == "1 | 1\n--+--\n2 | 4\n--+--\n3 | 9"


# -- variants in the shell -----------------------------------------------------------------------------------
VARIANTS = [
    pytest.param("game.grid.Domineering.ImpartialVariant", "ImpartialVariantRuleset(Domineering)", id="ruleset"),
    pytest.param("Domineering.TwistedVariant.DicoticVariant",
                 "DicoticVariantRuleset(TwistedVariantRuleset(Domineering))", id="nested"),
    pytest.param('Domineering.ImpartialVariant("..|..")', 'ImpartialVariantGame(Domineering.Position("..|.."))',
                 id="ruleset-forwards-argument"),
    pytest.param('Domineering("...").TwistedVariant', 'TwistedVariantGame(Domineering.Position("..."))',
                 id="position"),
    pytest.param('Domineering(".|.").TwistedVariant.LeftOptions', '[-TwistedVariantGame(Domineering.Position("#|#"))]',
                 id="twisted-option"),
    # Values by hand (see tests/games/engine/test_variants.py): ".." is -1, * impartially, 0 dicotic, -1 twisted.
    pytest.param('[Domineering("..").ImpartialVariant.CanonicalForm, Domineering("..").DicoticVariant.CanonicalForm,'
                 ' Domineering("..").TwistedVariant.CanonicalForm]', "[*,0,-1]", id="values"),
    pytest.param('Domineering.ImpartialVariant("...|...").NimValue', "1", id="nim-value"),
    # On games: T(3) = {-T(2)|} = {-0|} = 1 (T(2) = {-T(1)|} = {-1|} = 0); I(^) = *2; D({1|*}) = {0|*} = ^.
    pytest.param("[3.TwistedVariant, ^.ImpartialVariant, {1|*}.DicoticVariant]", "[1,*2,^]", id="games"),
    pytest.param("TwistedVariantGame(3)", "1", id="game-function"),
    pytest.param("Kayles.TwistedVariant(4)", "TwistedVariantGame(Kayles(4))", id="heap"),
]


@pytest.mark.parametrize("source, expected", VARIANTS)
def test_variants(source, expected):
    assert run(source) == expected


@pytest.mark.parametrize("source", [
    "Domineering.ImpartialVariant", 'Domineering.DicoticVariant("..|..")', 'Clobber.TwistedVariant("xo.|.ox")',
    'Domineering("..|..").ImpartialVariant', "Kayles.ImpartialVariant(5)",
])
def test_variants_read_back(source):
    text = run(source)
    assert run(text) == text
    if "(" in source and not source.endswith("Variant"):
        assert run(f"({text}).CanonicalForm") == run(f"({source}).CanonicalForm")


@pytest.mark.parametrize("source, message", [
    ("Domineering.NimValueSequence(3)", "NimValueSequence needs a heap ruleset; Domineering is not one"),
    ("Kayles.NimValueSequence(-1)", "NimValueSequence needs a non-negative integer, got -1"),
    ("Table([1, 2])", "Table needs a list of rows (lists), but row 1 is 1"),
    ("[1,2].PeriodicTable(0)", "Grouped needs a positive integer, got 0"),
    ("TwistedVariantGame([3])", "TwistedVariantGame needs a position or a game, got [3]"),
])
def test_errors(source, message):
    with pytest.raises(ShellError, match=re.escape(message)):
        run(source)


# CGSuite §1.3: GameValueTable over 1..maxRow x 1..maxCol, NimValueTable over 0..maxRow x 0..maxCol,
# GameValueSequence over heaps 1..n, and TakeAndBreak.FromSubtractionSet building codes.
@pytest.mark.parametrize("source, expected", [
    ("game.heap.PartizanEuclid.GameValueTable(3,3)", "0 | * | ^\n--+---+--\n0 | 0 | v\n--+---+--\n0 | * | 0"),
    ("game.heap.Wythoff.NimValueTable(2,3)", "0 | 1 | 2 | 3\n--+---+---+--\n1 | 2 | 0 | 4\n--+---+---+--\n2 | 0 | 1 | 5"),
    ("game.heap.PartizanSubtraction([1],[2]).GameValueSequence(6)", "[1,{1|0},0,1,{1|0},0]"),
    ("game.heap.TakeAndBreak.FromSubtractionSet([1,2,3])", 'TakeAndBreak("0.333")'),
    ("game.heap.TakeAndBreak.FromSubtractionSet([2], \"7\", true).NimValueSequence(8)", "[1,0,1,2,3,2,3,4]"),
    ("game.heap.Cutcake.GameValueTable(2,2)", " 0 | 1\n---+--\n-1 | 0"),
])
def test_value_tables_and_family_methods(source, expected):
    assert run(source) == expected


def test_value_table_methods_name_what_they_need():
    with pytest.raises(ShellError, match="GameValueTable needs a cake or partizan coordinate ruleset; Kayles"):
        run("game.heap.Kayles.GameValueTable(2,2)")


def test_rulesets_take_shell_procedures_where_python_takes_functions():
    """``game.heap.GenWythoff(k -> k + 2)`` is Fraenkel's 2-Wythoff, whose P-positions start (0,0), (1,3),
    (2,6), (4,10) (A. S. Fraenkel, "How to beat your Wythoff games' opponent on three fronts", Amer. Math.
    Monthly 89 (1982)); the procedure runs in the shell, prints as written, and errors inside it are the
    shell's one-line errors."""
    assert run("W := game.heap.GenWythoff(k -> k + 2); [W(1,3).OutcomeClass, W(2,6).OutcomeClass, "
               "W(4,10).OutcomeClass, W(1,2).OutcomeClass, W(3,4).OutcomeClass]") == "[P,P,P,N,N]"
    assert run("game.heap.GenWythoff(k -> k + 2)") == "GenWythoff(k -> k + 2)"
    with pytest.raises(ShellError, match="unknown name"):
        run("game.heap.GenWythoff(k -> k + nothing_here)(3,5).NimValue")
