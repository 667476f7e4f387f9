"""Compound games of explicit games and positions in the shell: CGSuite's ``CompoundGame`` and ``NegativeGame``.

The rules are CGSUITE.md's: §4.3 (a sum of games one of which is not canonical is an unsimplified
``CompoundGame``; ``G - H`` is ``G + (-H)``; negating a non-canonical game gives ``NegativeGame``; ``0 + G`` and
``G + 0`` are ``G``; ``Integer * Game`` is ``CompoundGame(ConwayProduct, …)``; ``:`` of other games
``CompoundGame(OrdinalSum)``), §5.2 (the texts ``G + H``, ``G : H``, ``G ConjunctiveSum H``, ``n * G``,
``G ConwayProduct H``, levels ConwayProduct 1, OrdinalSum 2, the three sums 3, a sub-compound parenthesised
iff its level exceeds its parent's; ``-G`` or ``-(…)``), §6.2 (``ConjunctiveSum(h)``, ``SelectiveSum(h)``,
``ConwayProduct(h)`` give compounds; ``CompoundType``, ``G``, ``H``).  Values are worked out by hand in the
comments (Conway, *On Numbers and Games* chs. 1 and 15; *Winning Ways* ch. 9).
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import cgt
import cgt.short.conway_product
from cgt.games import Domineering, Kayles
from cgt.shell import Session, ShellError, run
from cgt.shell.explicit import ExplicitGame
from cgt.shell.parser import input_form
from cgt.shell.values import format_value
from cgt.short.compound import (CompoundGame, DisjunctiveSum, NegativeGame, conjunctive_sum, form_sum, negative,
                                selective_sum)
from cgt.testing import games

PRINTING = [
    # §4.3 / §5.2: kept as written
    ("'{0|}' + 1", "'{0|}' + 1"),
    ("1 + '{0|}'", "1 + '{0|}'"),
    ("-'{0|}'", "-'{0|}'"),
    ("--'{0|}'", "'{0|}'"),
    ("'{-1|1}' : 1", "'{-1|1}' : 1"),
    ("'{0|}'.ConjunctiveSum('{|0}')", "'{0|}' ConjunctiveSum '{|0}'"),
    ("'{0|}' SelectiveSum '{|0}'", "'{0|}' SelectiveSum '{|0}'"),
    ("3 * '{0|}'", "3 * '{0|}'"),
    ("'{0|}' * 3", "3 * '{0|}'"),                             # the integer on the left (§5.2)
    ("'{0|}'.ConwayProduct('{|0}')", "'{0|}' ConwayProduct '{|0}'"),
    ("'{0|}' - 1", "'{0|}' + -1"),                            # G - H = G + (-H)
    ("1 - '{0|}'", "1 + -'{0|}'"),
    ("'{0|}' + 0", "'{0|}'"),                                 # 0 + G and G + 0 are G
    ("0 + '{0|}'", "'{0|}'"),
    ("'{0|}' + '{|0}' + *", "'{0|}' + '{|0}' + *"),
    # §5.2's parenthesisation: a sub-compound in parentheses iff its level exceeds its parent's
    ("('{0|}' + '{|0}') : '{*|*}'", "('{0|}' + '{|0}') : '{*|*}'"),
    ("'{0|}' + '{|0}' : '{*|*}'", "'{0|}' + '{|0}' : '{*|*}'"),
    ("-('{0|}' + 1)", "-('{0|}' + 1)"),
    ("3 * ('{0|}' + 1)", "3 * ('{0|}' + 1)"),
    ("(3 * '{0|}') : 1", "3 * '{0|}' : 1"),
    ("3 * ('{0|}' : 1)", "3 * ('{0|}' : 1)"),
    ("('{0|}' + 1) ConjunctiveSum '{|0}'", "'{0|}' + 1 ConjunctiveSum '{|0}'"),
    ("-(1 : '{0|}') + '{*|*}'", "-(1 : '{0|}') + '{*|*}'"),
    # a short game glued to its number is parenthesised, so that the text reads back (the shell reads 1* as 1 + *)
    ("'{0|}' + (1 + *)", "'{0|}' + (1*)"),
    # positions
    ("Kayles(3) + 1", "Kayles(3) + 1"),
    ("Kayles(3) : 1", "Kayles(3) : 1"),
    ("3 * Kayles(2)", "3 * Kayles(2)"),
    ("Kayles(3) ConjunctiveSum Kayles(2)", "Kayles(3) ConjunctiveSum Kayles(2)"),
    ("Kayles(3).SelectiveSum(Kayles(2))", "Kayles(3) SelectiveSum Kayles(2)"),
    ('-(Domineering("..") : Kayles(1))', '-(Domineering.Position("..") : Kayles(1))'),
    ("[Kayles(1), '{0|}', 1].Sum", "Kayles(1) + '{0|}' + 1"),
]


@pytest.mark.parametrize("source, printed", PRINTING, ids=[row[0] for row in PRINTING])
def test_printing(source, printed):
    assert run(source) == printed


VALUES = [
    # {0|} + 1 = 1 + 1
    ("('{0|}' + 1).CanonicalForm", "2"),
    ("(-'{0|}').CanonicalForm", "-1"),
    # {-1|1} : 1 = {-1, {-1|1} : 0 | 1} = {-1, {-1|1} | 1} = {0|1} = 1/2, where 0 : 1 = 1 (ONAG ch. 15)
    ("('{-1|1}' : 1).CanonicalForm", "1/2"),
    ("(0 : 1)", "1"),
    # {0|} ^ {|0}: Left cannot move in {|0}, Right not in {0|}: no moves, 0
    ("('{0|}' ConjunctiveSum '{|0}').CanonicalForm", "0"),
    # {*|*} ^ 2 = {* ^ 1|} and * ^ 1 = {0 ^ 0|} = {0|} = 1: 2, while 0 ^ 2 = 0 (the form matters)
    ("('{*|*}' ConjunctiveSum 2).CanonicalForm", "2"),
    ("(0 ConjunctiveSum 2).CanonicalForm", "0"),
    # {*|*} v *: each player's options * v * (= *2), {*|*} v 0 (= {* v 0 | * v 0} = {*|*} = 0) and * v 0 (= *),
    # so {0,*,*2|0,*,*2} = *3
    ("('{*|*}' SelectiveSum *).CanonicalForm", "*3"),
    # 3 . {0|} = {2 . {0|}|} = ... = 3, and {0|} . {|0} = {|0 . {|0} + {0|} . 0 - 0 . 0} = {|0} = -1 (ONAG ch. 1)
    ("(3 * '{0|}').CanonicalForm", "3"),
    ("('{0|}' ConwayProduct '{|0}').CanonicalForm", "-1"),
    # Kayles(3) : 1 = {Kayles(3)'s options (*2, 0, *), Kayles(3) (*3) | *2, 0, *}
    ("(Kayles(3) : 1).CanonicalForm", "{0,*,*2,*3|0,*,*2}"),
    ("(3 * Kayles(2)).CanonicalForm", "*2"),                   # *2 + *2 + *2
    # Kayles(3) ^ Kayles(2): every pair of options ends with an empty row (0) or is * (K2^K1, K11^K1, K1^K1):
    # {0,*|0,*} = *2
    ("(Kayles(3) ConjunctiveSum Kayles(2)).CanonicalForm", "*2"),
    ("(Kayles(3) + 1).CanonicalForm", "1*3"),
    ('(3 * Domineering("..")).CanonicalForm', "-3"),
    # outcome classes, of the values
    ("('{0|}' + 1).OutcomeClass", "L"),
    ("('{0|}' ConjunctiveSum '{|0}').OutcomeClass", "P"),
    ("(Kayles(3) ConjunctiveSum Kayles(2)).OutcomeClass", "N"),
    ("(-'{*|*}').OutcomeClass", "P"),
    # every other game method applies to the canonical form
    ("('{-1|1}' : 1).Temperature", "-1/2"),
    ("(3 * '{0|}').IsInteger", "true"),
    ("(-('{0|}' + 1)).LeftStop", "-2"),
    # comparisons are by value (CGSuite makes them errors on non-canonical games)
    ("'{0|}' + 1 == 2", "true"),
    ("'{-1|1}' : 1 > 0", "true"),
    ("-'{0|}' < 0", "true"),
]


@pytest.mark.parametrize("source, printed", VALUES, ids=[row[0] for row in VALUES])
def test_values(source, printed):
    assert run(source) == printed


MEMBERS = [
    # options, by each compound's rule (written out in the comments)
    ("('{0|}' + 1).LeftOptions", "[1,'{0|}']"),                # 0 + 1 = 1, {0|} + 0 = {0|}
    ("('{0|}' + 1).RightOptions", "[]"),
    ("('{0|}' + 1).Options", "[1,'{0|}']"),
    ("(-'{0|}').LeftOptions", "[]"),
    ("(-'{0|}').RightOptions", "[0]"),                         # -(Left's option 0)
    ("('{-1|1}' : 1).LeftOptions", "[-1,'{-1|1}']"),           # G^L, and G : 1^L = G : 0 = G
    ("('{-1|1}' : 1).RightOptions", "[1]"),
    ("(1 : '{0|}').LeftOptions", "[0,1]"),                     # 1^L = 0, and 1 : 0 = 1
    ("('{*|*}' ConjunctiveSum 2).LeftOptions", "[* ConjunctiveSum 1]"),
    ("('{*|*}' ConjunctiveSum 2).RightOptions", "[]"),
    ("('{1|}' SelectiveSum '{*|}').Options(Left)", "[1 SelectiveSum '{*|}','{1|}' SelectiveSum *,1 SelectiveSum *]"),
    ("(3 * '{0|}').LeftOptions", "[2 * '{0|}']"),              # 2 . H + 3 . 0 - 2 . 0
    ("(3 * '{0|}').RightOptions", "[]"),
    ("('{0|}' ConwayProduct '{|0}').RightOptions", "[0]"),     # 0 . H + G . 0 - 0 . 0
    ("(Kayles(3) : 1).RightOptions", '[Kayles(2),Kayles("1 1"),Kayles(1)]'),
    # G, H and CompoundType (§6.2)
    ("('{-1|1}' : 1).G", "'{-1|1}'"),
    ("('{-1|1}' : 1).H", "1"),
    ("('{-1|1}' : 1).CompoundType", "OrdinalSum"),
    ("('{0|}' + 1).CompoundType", "DisjunctiveSum"),
    ("('{0|}' + 1 + *).G", "'{0|}' + 1"),
    ("('{0|}' + 1 + *).H", "*"),
    ("(3 * '{0|}').CompoundType", "ConwayProduct"),
    ("(3 * '{0|}').G", "3"),
    ("('{0|}' ConjunctiveSum '{|0}').CompoundType", "ConjunctiveSum"),
    ("('{0|}' SelectiveSum '{|0}').H", "'{|0}'"),
    ("(-('{0|}' + 1)).G", "'{0|}' + 1"),
    ("('{0|}' : 1).Class", "⟪game.CompoundGame⟫"),
    ("('{0|}' + 1).Class", "⟪game.CompoundGame⟫"),
    ("(-'{0|}').Class", "⟪game.NegativeGame⟫"),
    ("'{0|}' : 1 is CompoundGame", "true"),
    ("'{0|}' : 1 is Game", "true"),
    # misère play of impartial compounds is of the compound's own options, not of its value:
    # {0,*} ^ *3 has the options 0 (a heap emptied) and * ^ * = * ^ *2 = {0} = *, so misère {0,*} = *[2];
    # '{*2|*2}' is 0 but misère {*2}: the only move goes to *2, which the mover wins in misère play, so P
    ("('{0,*|0,*}' ConjunctiveSum *3).MisereCanonicalForm", "*[2]"),
    ("'{*2|*2}'.MisereCanonicalForm", "*[2#]"),
    ("'{*2|*2}'.MisereOutcomeClass", "P"),
    # Kayles(3) ^ Kayles(2) can move to Kayles(2) ^ Kayles(1), whose options are all over (a misère win for the
    # player to move there): so that is P, and Kayles(3) ^ Kayles(2) is N
    ("(Kayles(3) ConjunctiveSum Kayles(2)).MisereOutcomeClass", "N"),
    # compounds of compounds, by method
    ("('{0|}' : 1).ConjunctiveSum(-'{0|}')", "'{0|}' : 1 ConjunctiveSum -'{0|}'"),
    ("(-'{0|}').OrdinalSum(1)", "-'{0|}' : 1"),
    ("(1).OrdinalSum('{0|}')", "1 : '{0|}'"),
    ("(2).ConwayProduct('{0|}')", "2 * '{0|}'"),
    ("(2).ConwayProduct(3)", "6"),                             # canonical when both are canonical
    ("(1 : 1)", "2"),
]


@pytest.mark.parametrize("source, printed", MEMBERS, ids=[row[0] for row in MEMBERS])
def test_members(source, printed):
    assert run(source) == printed


@pytest.mark.parametrize("source, message", [
    ("'{0|}' + 1/3", "not a dyadic rational"),
    ("'{0|}' ConjunctiveSum \"a\"", "is not a game"),
    ("'{0|}' : on", "not defined here"),
    ("('{0|}' : 1).MisereCanonicalForm", "'{0|}' : 1 is not impartial"),
    ("'{0|}' * 100000", "limited to"),
])
def test_errors(source, message):
    with pytest.raises(ShellError, match=message):
        run(source)


# ---------------------------------------------------------------- reading back what is printed

EXPLICIT = [ExplicitGame((cgt.zero,), ()), ExplicitGame((), (cgt.zero,)), ExplicitGame((cgt.integer(-1),), (1,)),
            ExplicitGame((cgt.star,), (cgt.star,)), ExplicitGame((ExplicitGame((cgt.zero,), ()),), (cgt.up,))]
POSITIONS = [Kayles(2), Kayles(1, 1), Domineering(".."), Domineering("..|..")]


def _level(x) -> int:
    if isinstance(x, DisjunctiveSum):
        return 3
    if isinstance(x, CompoundGame):
        return {"ConwayProduct": 1, "OrdinalSum": 2}.get(x.kind, 3)
    return 0


def _infix_product(x) -> bool:
    return isinstance(x, CompoundGame) and x.kind == "ConwayProduct" and not (
        isinstance(x.g, cgt.Game) and x.g.is_integer)


def faithful(x) -> bool:
    """Whether §5.2's text of ``x`` reads back as ``x`` itself.  By CGSuite's rule a sub-compound of its
    parent's level is not parenthesised, which the shell's precedences read differently in some places:
    ``(G ConjunctiveSum H) + K`` prints ``G ConjunctiveSum H + K`` (read as ``G ConjunctiveSum (H + K)``),
    ``G : (H : K)`` prints ``G : H : K``, ``* + (* + G)`` prints ``* + * + G`` (read as ``(* + *) + G``, which
    is ``G``); and ``G ConwayProduct H`` is an infix call, the loosest operator."""
    if isinstance(x, NegativeGame):
        return faithful(x.g)
    if isinstance(x, DisjunctiveSum):      # * + * + G is read as (* + *) + G = 0 + G = G
        leading = isinstance(x.components[0], cgt.Game) and isinstance(x.components[1], cgt.Game)
        return not leading and all(faithful(c) and not (_level(c) == 3 or _infix_product(c)) for c in x.components)
    if not isinstance(x, CompoundGame):
        return True
    g, h = x.g, x.h
    if isinstance(g, cgt.Game) and isinstance(h, cgt.Game) and x.kind in ("ConwayProduct", "OrdinalSum"):
        return False
    if not (faithful(g) and faithful(h)):
        return False
    if x.kind == "OrdinalSum":
        return not (_level(h) == 2 or _infix_product(g) or _infix_product(h))
    if x.kind in ("ConjunctiveSum", "SelectiveSum"):
        return not (isinstance(h, CompoundGame) and _level(h) == 3) and not _infix_product(h)
    if _infix_product(x):
        return not _infix_product(h)
    return _level(h) != 1


def _like_the_operator(kind):
    """A compound as the shell's operator builds it: of two short games the canonical value."""
    def build(g, h):
        if isinstance(g, cgt.Game) and isinstance(h, cgt.Game):
            return g.ordinal_sum(h) if kind == "OrdinalSum" else cgt.short.conway_product.conway_product(g, h)
        return CompoundGame(kind, g, h)
    return build


def compounds(depth: int = 2):
    leaves = st.one_of(games(max_birthday=2), st.sampled_from(EXPLICIT), st.sampled_from(POSITIONS))
    if depth == 0:
        return leaves
    sub = compounds(depth - 1)
    return st.one_of(
        leaves,
        st.builds(form_sum, sub, sub),
        st.builds(negative, sub),
        st.builds(_like_the_operator("OrdinalSum"), sub, sub),
        st.builds(conjunctive_sum, sub, sub),
        st.builds(selective_sum, sub, sub),
        st.builds(_like_the_operator("ConwayProduct"), st.integers(-2, 3).map(cgt.integer), sub),
        st.builds(_like_the_operator("ConwayProduct"), sub, sub),
    )


@given(compounds())
def test_printed_compounds_read_back(c):
    # the shell's promise, with CGSuite's printed forms as input (test_roundtrip.py's input_form): where §5.2's
    # text is unambiguous it reads back as the same compound (the other texts: the test below)
    assume(faithful(c))
    text = format_value(c)
    again, _ = Session().evaluate(input_form(text))
    assert again == c, text
    assert format_value(again) == text


@pytest.mark.parametrize("source, read_as", [
    # §5.2's texts that the shell's precedences read as another compound of the same text
    ("('{0|}' ConjunctiveSum '{|0}') + 1", "'{0|}' ConjunctiveSum ('{|0}' + 1)"),
    ("'{0|}' : ('{|0}' : 1)", "('{0|}' : '{|0}') : 1"),
])
def test_same_level_texts_read_as_cgsuite_parses_them(source, read_as):
    session = Session()
    printed = session.run(source)
    assert session.run(printed) == printed and session.run(f"({printed}) === ({read_as})") == "true"
