"""CGSuite's explicit games ``'{…}'``: game trees kept as written (CGSuite's language reference: quoted
braces force an unsimplified ExplicitGame, printed with each side's options in order)."""

import pytest

from cgt.shell import Session, ShellError


@pytest.mark.parametrize("source, printed", [
    ("'{*|*}'", "'{*|*}'"),                              # kept as written, though it is 0
    ("'{*|*}'.CanonicalForm", "0"),
    ("'{*|*}' == 0", "true"),                            # compared by value
    ("'{1,0,*|}'", "'{0,1,*|}'"),                        # each side's options in CGSuite's order
    ("'{3||2|1}'", "'{3|'{2|1}'}'"),                     # bars nest explicit games
    ("'{'{0|}'|*}'.LeftOptions", "['{0|}']"),
    ("'{3||2|1}'.Options(Right)", "['{2|1}']"),
    ("'{*|*}'.Class", "⟪game.ExplicitGame⟫"),
    # CGSUITE.md §4.3: a sum of games one of which is not canonical is an unsimplified CompoundGame, printed
    # G + H (§5.2); its canonical form is the sum of the values, {0|} + 1 = 1 + 1 = 2.
    ("'{0|}' + 1", "'{0|}' + 1"),
    ("('{0|}' + 1).CanonicalForm", "2"),
    ("'{*|*}'.Temperature", "-1"),                       # methods of short games take the value
    ("{'{*|*}'|}", "1"),                                 # inside plain braces: its value
    # The ordinal sum depends on the form: {-1|1} is 0, but {-1|1} : 1 = {-1, {-1|1} | 1} = 1/2, while 0 : 1 = 1.
    ("'{-1|1}' : 1", "'{-1|1}' : 1"),                    # CGSUITE.md §4.3: other games -> CompoundGame(OrdinalSum)
    ("('{-1|1}' : 1).CanonicalForm", "1/2"),
    ("{-1|1} : 1", "1"),
    ("('{|}' : 1).CanonicalForm", "1"),
])
def test_explicit_games(source, printed):
    assert Session().run(source) == printed


@pytest.mark.parametrize("source", ["'{*|*}'", "'{0,1,*|-1}'", "'{3||2|1}'", "'{'{0|}'|*}'", "'{|}'"])
def test_explicit_games_read_back(source):
    session = Session()
    printed = session.run(source)
    assert session.run(printed) == printed


def test_an_explicit_game_needs_a_bar():
    with pytest.raises(ShellError, match="an explicit game needs a bar"):
        Session().run("'{0}'")
