"""The grid games from the shell, as a CGSuite user types them (CGSUITE.md §1.1, §5.2): values, options by player,
decompositions, Left/Right as cgt.Player, and clear one-line errors for bad boards."""

import pytest

from cgt.shell import ShellError, run


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
