"""Grid, Coordinates and Symmetry in the shell, as CGSuite's reference describes cgsuite.util (§2.1, §2.3,
§2.4 of ../shared/CGSUITE.md): 1-based coordinates, the symmetries' exact cell mapping (its
ClockwiseRotation turns a picture drawn with row 1 on top anticlockwise), SymmetryInvariant's order of
work, Decomposition's three cases, and grids as positions of the grid rulesets."""

import pytest

from cgt.games import Domineering
from cgt.shell import ShellError, run
from cgt.shell.session import Session


@pytest.mark.parametrize("source, expected", [
    ("Grid.Empty(2, 3)", "Grid([[0,0,0],[0,0,0]])"),
    ('Grid.Parse("X.|.o", ".xo")', "Grid([[1,0],[0,2]])"),                    # characters lower-cased
    ('Grid.Parse("x.|.o", ".xo")[(1,1)]', "1"),
    ('Grid.Parse("x.|.o", ".xo")[(0,1)] == Nothing', "true"),                # outside: Nothing
    ('Grid.Parse("x.|.o", ".xo").RowCount + 10 * Grid.Empty(3, 5).ColCount', "52"),
    ('[Grid.Empty(2, 2).IsInBounds((2,2)), Grid.Empty(2, 2).IsInBounds((2,3))]', "[true,false]"),
    ('Grid.Parse("x.x|..x", ".x").FindAll(1)', "[(1,1),(1,3),(2,3)]"),          # row by row
    ('Grid.Empty(2, 2).Updated((1,2), 3)', "Grid([[0,3],[0,0]])"),
    ('Grid.Empty(2, 2).Updated({(1,1) => 1, (2,2) => 2})', "Grid([[1,0],[0,2]])"),
    ('Grid.Parse("abc|def", "abcdef").Subgrid((1,2), (2,3))', "Grid([[1,2],[4,5]])"),
    ('Grid.Parse("x.o|o.x", ".xo").ToString(".xo")', '"x.o|o.x"'),
    ("Grid([[0,1],[2,0]])", "Grid([[0,1],[2,0]])"),                           # the printed form reads back
    ("Coordinates.Compass", "[(-1,0),(-1,1),(0,1),(1,1),(1,0),(1,-1),(0,-1),(-1,-1)]"),
    ("Coordinates.KnightsMove.Length", "8"),
    ("(2,3).Row * 10 + (2,3).Col", "23"),
    ("(2,3).Swap", "(3,2)"),
    ("[(1,1).IsUnit, (-1,0).IsUnit, (2,0).IsUnit]", "[true,true,false]"),
    ("(1,2) + Coordinates.East * 3 - (1,1)", "(0,4)"),
    # CGSUITE.md §2.3: <= on coordinates is componentwise, a partial order
    ("[(1,2) <= (2,2), (1,2) <= (2,1), (2,1) <= (1,2), (1,2) < (1,2), (2,2) >= (1,2), (1,2) <> (2,1)]",
     "[true,false,false,false,true,true]"),
    ("3 * (1,2)", "(3,6)"),
    ("Symmetry.EightWay.Length", "8"),
    ("Symmetry.Rotational", "[Identity,Inversion,ClockwiseRotation,AnticlockwiseRotation]"),
])
def test_golden(source, expected):
    assert run(source) == expected


# The reference's exact mapping: cell (r, c) of an R x C grid, 0-based; rows flip, columns flip, then transpose.
PICTURE = 'Grid.Parse("ab.|...", "ab.")'        # a = 0 at (1,1), b = 1 at (1,2), every other cell 2


@pytest.mark.parametrize("symmetry, expected", [
    ("Identity", "ab.|..."),
    ("Inversion", "...|.ba"),
    ("HorizontalFlip", "...|ab."),             # rows reversed, top to bottom
    ("VerticalFlip", ".ba|..."),               # columns reversed
    ("Transpose", "a.|b.|.."),
    ("AntiTranspose", "..|.b|.a"),
    ("ClockwiseRotation", "..|b.|a."),         # flip columns, then transpose: the picture turns anticlockwise
    ("AnticlockwiseRotation", ".a|.b|.."),
])
def test_each_symmetry_moves_cells_as_the_reference_says(symmetry, expected):
    assert run(f'{PICTURE}.Permuted(Symmetry.{symmetry}).ToString("ab.")') == f'"{expected}"'


def test_symmetry_invariant_moves_the_best_so_far_and_keeps_the_smaller():
    session = Session()
    session.run('g := Grid.Parse("..x|...", ".x")')
    # Inversion of g is smaller ("...|x.."), HorizontalFlip of that is not, VerticalFlip of that is
    # ("...|..x"); the transposed images are 3 x 2, larger by their row count
    assert session.run('g.SymmetryInvariant(Symmetry.EightWay).ToString(".x")') == '"...|..x"'
    assert session.run('g.SymmetryInvariant(Symmetry.Flip).ToString(".x")') == '"...|..x"'
    # the order of the list matters: VerticalFlip alone from g gives "x..|...", which is larger than g
    assert session.run('g.SymmetryInvariant([Symmetry.VerticalFlip]).ToString(".x")') == '"..x|..."'
    assert session.run('g.SymmetryInvariant([Symmetry.HorizontalFlip]).ToString(".x")') == '"...|..x"'
    assert session.run('g.SymmetryInvariant([Symmetry.Identity]) == g') == "true"


def test_decomposition_none_one_and_several_regions():
    session = Session()
    assert session.run('Grid.Parse("##|##", ".#").Decomposition(1)') == "[]"
    assert session.run('g := Grid.Parse("#.|#.", ".#"); g.Decomposition(1) == [g]') == "true"   # one: itself
    assert session.run('Grid.Parse(".#.|##.", ".#").Decomposition(1)') == "[Grid([[0]]),Grid([[0],[0]])]"
    # diagonal neighbours join the regions when the directions say so
    assert session.run('Grid.Parse(".#|#.", ".#").Decomposition(1).Length') == "2"
    assert session.run('Grid.Parse(".#|#.", ".#").Decomposition(1, Coordinates.Compass).Length') == "1"


def test_grids_are_positions_of_the_grid_rulesets():
    session = Session()
    assert session.run('game.grid.Domineering(Grid.Parse("..|..|..", ".#")).CanonicalForm') == str(
        Domineering.value(Domineering.parse("..|..|..")))
    assert session.run('game.grid.Domineering(Grid.Empty(2, 2)).CanonicalForm') == "+-1"
    assert session.run("Grid.Empty(2, 2).Class") == "\u27eacgsuite.util.Grid\u27eb"


@pytest.mark.parametrize("source, message", [
    ("Grid.Empty(2, 2).Updated((3,1), 1)", "(3,1) is outside this 2 x 2 grid"),
    ("Grid.Empty(2, 2)[3]", "a grid index must be a pair of integers"),
    ("Grid([[0,1],[2]])", "grid row 2 has 1 cells, row 1 has 2"),
    ('Grid.Parse("x?", ".x")', "'?' at row 1, column 2"),
    ("Grid.Empty(2, 2).Permuted(3)", "expected a symmetry"),
    ("Grid.Empty(2, 2).Decomposition(0, [(0,0)])", "directions must be a list of steps"),
    ("Grid.Empty(3, 3).Subgrid((2,2), (1,1))", "is not south-east of"),
    ('Grid.Empty(1, 2).Updated((1,1), 5).ToString(".x")', "holds 5, which has no character"),
])
def test_bad_input_is_one_line(source, message):
    with pytest.raises(ShellError) as caught:
        run(source)
    text = str(caught.value)
    assert message in text and "\n" not in text
