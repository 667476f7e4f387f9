"""The grid games from the shell, as a CGSuite user types them (CGSUITE.md §1.1, §5.2): values, options by player,
decompositions, Left/Right as cgt.Player, and clear one-line errors for bad boards."""

import pytest

from cgt.shell import Session, ShellError, run


@pytest.mark.parametrize("source, expected", [
    # Winning Ways ch. 2: the 2 x 2 square is +-1, one-way strips are integers, the L tromino is *
    ('game.grid.Domineering("..|..").CanonicalForm', "+-1"),
    ('game.grid.Domineering("....").CanonicalForm', "-2"),
    ('game.grid.Domineering("..|.#").CanonicalForm', "*"),
    ('game.grid.Domineering("..|..").OutcomeClass', "N"),
    ('game.grid.Domineering("..|..").Options(Left)', '[Domineering.Position("#.|#."),Domineering.Position(".#|.#")]'),
    ('game.grid.Domineering("..#..|..#..").Decomposition',
     '[Domineering.Position("..|.."),Domineering.Position("..|..")]'),
    ('game.grid.Clobber("xo").CanonicalForm', "*"),          # Albert et al., "An introduction to Clobber"
    ('game.grid.Clobber("xxo").CanonicalForm', "^"),
    ('game.grid.Cram("..|..").NimValue', "0"),                # even x even: second player wins by symmetry
    ('game.grid.Cram("...").NimValue', "1"),
    ('[Left.Opponent, Right.Sign, Left.Ordinal]', "[Right,-1,1]"),
])
def test_grid_games_in_the_shell(source, expected):
    assert run(source) == expected


def test_printed_positions_read_back():
    text = run('game.grid.Domineering("..#|...").LeftOptions')
    first = text[1:text.index(")") + 1]
    assert run(first + ".CanonicalForm") == run('game.grid.Domineering("#.#|#..").CanonicalForm')


@pytest.mark.parametrize("source, message", [
    ('game.grid.Domineering("..|.q")', "'q' at row 2, column 2"),
    ('game.grid.Domineering("..|...")', "row 2 of '..|...' has 3 cells, row 1 has 2"),
    ('game.grid.Clobber("xo|o")', "row 2"),
])
def test_bad_boards_name_the_problem(source, message):
    with pytest.raises(ShellError, match=message.replace("(", r"\(").replace("|", r"\|")) as info:
        run(source)
    assert "\n" not in str(info.value).strip() or "^" in str(info.value)


# CGSUITE.md §6.2 SensibleLines(player): lines of play ending at canonical options, each intermediate move
# reversing the one before.  Kayles(4) has the value * (Kayles' nim values 0,1,2,3,1,... -- Guy and Smith,
# "The G-values of various games"; Winning Ways ch. 4), whose canonical form {0|0} has the one Left option 0.
# Its options are Kayles(3) = *3, Kayles("1 2") = *1 + *2 = *3, Kayles(2) = *2 and Kayles("1 1") = 0.  Each
# of *3, *3, *2 reverses through its option Kayles(1) = * (the only option <= * among them: nimbers are
# confused with each other), whose option Kayles(0) = 0 is the canonical option; Kayles("1 1") is one itself.
@pytest.mark.parametrize("source, expected", [
    ("Kayles(4).SensibleLines(Left)", '[[Kayles(3),Kayles(1),Kayles(0)],[Kayles("1 2"),Kayles(1),Kayles(0)],'
                                      '[Kayles(2),Kayles(1),Kayles(0)],[Kayles("1 1")]]'),
    ("Kayles(4).SensibleLines(Right)", '[[Kayles(3),Kayles(1),Kayles(0)],[Kayles("1 2"),Kayles(1),Kayles(0)],'
                                       '[Kayles(2),Kayles(1),Kayles(0)],[Kayles("1 1")]]'),
    ("Kayles(4).SensibleOptions(Left)", '[Kayles("1 1")]'),
    # the lines of -G are those of G negated, with the players exchanged
    ("(-Kayles(4)).SensibleLines(Right)", '[[-Kayles(3),-Kayles(1),-Kayles(0)],[-Kayles("1 2"),-Kayles(1),'
                                          '-Kayles(0)],[-Kayles(2),-Kayles(1),-Kayles(0)],[-Kayles("1 1")]]'),
    # Kayles(2) = *2 = {0,*|0,*}: both options are canonical, lines of one move
    ("Kayles(2).SensibleLines(Left)", "[[Kayles(1)],[Kayles(0)]]"),
    # G + G = 0 has no canonical options, so no lines (every option reverses out to nothing)
    ("(Kayles(2) + Kayles(2)).SensibleLines(Left)", "[]"),
    # every line ends at a canonical option: the values of the last positions are the canonical options
    ('[l[l.Length].CanonicalForm for l in Domineering("...|...").SensibleLines(Left)].ToSet == '
     'Domineering("...|...").CanonicalForm.LeftOptions.ToSet', "true"),
])
def test_sensible_lines(source, expected):
    assert run(source) == expected


def test_sensible_lines_of_3x3_domineering_reverse_to_its_canonical_option():
    """3x3 Domineering is +-1 (Winning Ways ch. 2): Left's canonical option is 1, which the middle column
    reaches at once; the other vertical moves reverse (Right answers to a position <= +-1) until a position
    of value 1.  Each line alternates options of the players, reverses at each Right move, and ends at 1."""
    session = Session()
    session.run('g := Domineering("...|...|..."); lines := g.SensibleLines(Left)')
    assert session.run("g.CanonicalForm") == "+-1"
    assert session.run('lines.Contains([Domineering.Position(".#.|.#.|...")])') == "true"
    assert session.run("lines.ForAll(l -> l[l.Length].CanonicalForm == 1)") == "true"
    assert session.run("lines.Exists(l -> l.Length > 1)") == "true"
    assert session.run("lines.ForAll(l -> for i from 2 to l.Length by 2 yield l[i].CanonicalForm <= g "
                       "and l[i - 1].Options(Right).Contains(l[i]) and l[i].Options(Left).Contains(l[i + 1]) "
                       "end.ForAll(x -> x))") == "true"
    assert session.run("g.SensibleLines(Left)[1][1] == g.Options(Left)[1]") == "true"
