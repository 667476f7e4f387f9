"""CGSuite's ``cgsuite.util.Grid``, ``Coordinates`` and ``Symmetry`` in the shell: the board of the grid games.

``Grid([[0,1],[2,0]])`` (the printed form, which reads back), ``Grid.Empty(rows, cols)`` and
``Grid.Parse(str, charMap)`` build grids; members ``RowCount``, ``ColCount``, ``IsInBounds(coord)``,
``FindAll(v)``, ``Updated(coord, v)`` / ``Updated({coord => v})``, ``Decomposition(boundary[, directions])``,
``Subgrid(northwest, southeast)``, ``Permuted(symmetry)``, ``SymmetryInvariant(symmetries)``,
``ToString(charMap)``, and ``g[(r,c)]`` (``Nothing`` outside the grid).  Coordinates are the shell's pairs
``(row, col)``, 1-based with row 1 on top, as in CGSuite; ``Coordinates.North`` ... ``Coordinates.KnightsMove``
are its direction lists, and a pair has ``Row``, ``Col``, ``IsUnit`` and ``Swap``.  ``Symmetry.Transpose``
and the other seven symmetries of a rectangle, with the groups ``Symmetry.Flip``, ``Rotational`` and
``EightWay``.  A grid ruleset takes a grid as a position: ``game.grid.Domineering(Grid.Empty(2, 3))``.

>>> from cgt.shell import run
>>> run('Grid.Parse("x.|.o", ".xo")'), run('Grid.Parse("x.|.o", ".xo")[(2,2)]')
('Grid([[1,0],[0,2]])', '2')
>>> run('Grid.Parse("..#|.x.", ".x#").Permuted(Symmetry.Transpose).ToString(".x#")')
'"..|.x|#."'
>>> run('game.grid.Domineering(Grid.Empty(2, 2)).CanonicalForm'), run('(1,2) + Coordinates.South * 2')
('+-1', '(3,2)')
"""

from __future__ import annotations

from cgt.errors import InvalidPositionError

from cgt.games.grid import board
from cgt.games.grid.board import Grid, Symmetry

from cgt.shell.containers import ShellMap
from cgt.shell.method_registry import Section
from cgt.shell.strip_values import board_parser
from cgt.shell.values import KeywordFunction, Namespace, format_value

__all__ = ["grid_namespace", "coordinates_namespace", "symmetry_namespace", "GRIDS", "COORDINATE_PAIRS",
           "SYMMETRIES", "grid_index", "is_coordinates", "coordinate_arithmetic", "coordinate_relation"]


# ---------------------------------------------------------------- coordinates: the shell's 1-based pairs

def is_coordinates(value) -> bool:
    """Whether a shell value is a pair of integers ``(row, col)`` (CGSuite's ``Coordinates``)."""
    return (isinstance(value, tuple) and len(value) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in value))


def coordinate_relation(a: tuple, b: tuple) -> str:
    """How two coordinates compare in CGSuite's componentwise order (a partial order): ``"="``, ``"<"``,
    ``">"``, or ``"||"`` when neither is below the other.

    >>> coordinate_relation((1, 2), (2, 2)), coordinate_relation((1, 2), (2, 1)), coordinate_relation((3, 3), (3, 3))
    ('<', '||', '=')
    """
    if a == b:
        return "="
    if a[0] <= b[0] and a[1] <= b[1]:
        return "<"
    if a[0] >= b[0] and a[1] >= b[1]:
        return ">"
    return "||"


def _pair(value, what: str = "coordinates") -> tuple[int, int]:
    if not is_coordinates(value):
        raise InvalidPositionError(f"{what} must be a pair of integers (row, col), got {format_value(value)}")
    return value


def _cell(grid: Grid, coord) -> tuple[int, int]:
    """A 1-based pair that must lie on the grid, as a 0-based one."""
    r, c = _pair(coord)
    if not grid.in_bounds((r - 1, c - 1)):
        raise InvalidPositionError(f"({r},{c}) is outside this {grid.row_count} x {grid.col_count} grid "
                                   f"(rows 1..{grid.row_count}, columns 1..{grid.col_count})")
    return r - 1, c - 1


def _directions(directions) -> tuple:
    if not isinstance(directions, (list, tuple)) or is_coordinates(directions) or not all(
            is_coordinates(d) and d != (0, 0) for d in directions):
        raise InvalidPositionError(f"directions must be a list of steps such as Coordinates.Orthogonal, got "
                                   f"{format_value(directions)}")
    return tuple(directions)


def coordinate_arithmetic(op: str, a, b):
    """``a op b`` for coordinates: ``+`` and ``-`` componentwise, ``*`` by an integer (either side); None
    when the operands are not coordinates (the caller then tries its other cases).

    >>> coordinate_arithmetic("+", (1, 2), (3, -4)), coordinate_arithmetic("*", 3, (1, -1))
    ((4, -2), (3, -3))
    """
    if op in "+-" and is_coordinates(a) and is_coordinates(b):
        sign = 1 if op == "+" else -1
        return a[0] + sign * b[0], a[1] + sign * b[1]
    if op == "*":
        for pair, k in ((a, b), (b, a)):
            if is_coordinates(pair) and isinstance(k, int) and not isinstance(k, bool):
                return pair[0] * k, pair[1] * k
    return None


_DIRECTIONS = {"North": board.NORTH, "Northeast": board.NORTHEAST, "East": board.EAST,
               "Southeast": board.SOUTHEAST, "South": board.SOUTH, "Southwest": board.SOUTHWEST,
               "West": board.WEST, "Northwest": board.NORTHWEST}
_DIRECTION_LISTS = {"Orthogonal": board.ORTHOGONAL, "Diagonal": board.DIAGONAL, "Compass": board.COMPASS,
                    "Hexagonal": board.HEXAGONAL, "KnightsMove": board.KNIGHTS_MOVE}


def coordinates_namespace() -> Namespace:
    """``Coordinates``: the eight compass steps and CGSuite's direction lists.

    >>> sorted(coordinates_namespace().entries)[:4]
    ['Compass', 'Diagonal', 'East', 'Hexagonal']
    """
    space = Namespace("Coordinates", "cgsuite.util.Coordinates: pairs (row, col); North = (-1,0) ... "
                                     "and the lists Orthogonal, Diagonal, Compass, Hexagonal, KnightsMove.")
    space.entries.update(_DIRECTIONS)
    space.entries.update({name: list(steps) for name, steps in _DIRECTION_LISTS.items()})
    return space


COORDINATE_PAIRS = Section("coordinates", tuple, letter="c")


@COORDINATE_PAIRS.method("Row")
def row(c) -> int:
    """The row of a pair (row, col)."""
    return _pair(c)[0]


@COORDINATE_PAIRS.method("Col")
def col(c) -> int:
    """The column of a pair (row, col)."""
    return _pair(c)[1]


@COORDINATE_PAIRS.method("IsUnit")
def is_unit(c) -> bool:
    """Whether both parts lie in -1..1 (a step to a neighbouring cell, or no step)."""
    r, k = _pair(c)
    return -1 <= r <= 1 and -1 <= k <= 1


@COORDINATE_PAIRS.method("Swap")
def swap(c) -> tuple:
    """The pair (col, row)."""
    r, k = _pair(c)
    return k, r


# ---------------------------------------------------------------- symmetries

def symmetry_namespace() -> Namespace:
    """``Symmetry``: the eight symmetries of a rectangle and the groups ``Flip``, ``Rotational``, ``EightWay``.

    >>> sorted(symmetry_namespace().entries)[:3]
    ['AntiTranspose', 'AnticlockwiseRotation', 'ClockwiseRotation']
    """
    space = Namespace("Symmetry", "cgsuite.util.Symmetry: Identity, Inversion, HorizontalFlip, VerticalFlip, "
                                  "Transpose, AntiTranspose, ClockwiseRotation, AnticlockwiseRotation; the "
                                  "lists Flip, Rotational, EightWay.")
    space.entries.update({s.name: s for s in Symmetry})
    space.entries.update({"Flip": list(board.FLIP), "Rotational": list(board.ROTATIONAL),
                          "EightWay": list(board.EIGHT_WAY)})
    return space


SYMMETRIES = Section("symmetries", Symmetry, letter="s")


@SYMMETRIES.method("IsTranspose")
def is_transpose(s: Symmetry) -> bool:
    """Whether the symmetry turns rows into columns (an m x n grid into an n x m one)."""
    return s.transposes


def _symmetry(value) -> Symmetry:
    if not isinstance(value, Symmetry):
        raise InvalidPositionError(f"expected a symmetry such as Symmetry.Transpose, got {format_value(value)}")
    return value


# ---------------------------------------------------------------- grids

def _rows(values) -> Grid:
    if not isinstance(values, (list, tuple)) or not all(isinstance(r, (list, tuple)) for r in values):
        raise InvalidPositionError(f"Grid needs a list of rows such as [[0,1],[2,0]], got {format_value(values)}")
    cells = sum(len(r) for r in values)
    if cells > board.MAX_CELLS:
        raise InvalidPositionError(f"Grid: {cells} cells is more than the {board.MAX_CELLS} the shell builds")
    for row_values in values:
        for v in row_values:
            if isinstance(v, bool):
                raise InvalidPositionError(f"Grid: cell values are integers 0..255, got {format_value(v)}")
    return Grid.from_rows(values)


def _empty(args, kwargs=None):
    rows, cols = args
    for n in (rows, cols):
        if isinstance(n, bool) or not isinstance(n, int):
            raise InvalidPositionError(f"Grid.Empty needs two integers (rows, columns), got {format_value(n)}")
    return Grid.empty(rows, cols)


_parse = board_parser("Grid", Grid.parse, 'Grid.Parse("x.|.o", ".xo")')


def grid_namespace() -> Namespace:
    """``Grid``: called on a list of rows it builds the grid; ``Grid.Empty(rows, cols)``,
    ``Grid.Parse(str, charMap)``.

    >>> sorted(grid_namespace().entries)
    ['Empty', 'Parse']
    """
    space = Namespace("Grid", "cgsuite.util.Grid: Grid([[0,1],[2,0]]), Grid.Empty(rows, cols), "
                              "Grid.Parse(str, charMap).")
    space.constructor = KeywordFunction("Grid", lambda args, kwargs=None: _rows(args[0]), (1, 1), Grid.from_rows)
    space.entries.update({
        "Empty": KeywordFunction("Grid.Empty", _empty, (2, 2), Grid.empty),
        "Parse": KeywordFunction("Grid.Parse", _parse, (2, 2), Grid.parse),
    })
    return space


def grid_index(grid: Grid, coord):
    """``g[(r,c)]``: the value of the 1-based cell, ``None`` (Nothing) outside the grid."""
    r, c = _pair(coord, "a grid index")
    return grid[r - 1, c - 1]


GRIDS = Section("grids", Grid, letter="g")

@GRIDS.method("RowCount")
def row_count(g: Grid) -> int:
    """The number of rows."""
    return g.row_count


@GRIDS.method("ColCount")
def col_count(g: Grid) -> int:
    """The number of columns."""
    return g.col_count


@GRIDS.method("IsInBounds", arity=(1, 1), usage="g.IsInBounds(coord)")
def is_in_bounds(g: Grid, coord) -> bool:
    """Whether the (1-based) coordinates are a cell of the grid."""
    r, c = _pair(coord)
    return g.in_bounds((r - 1, c - 1))


@GRIDS.method("FindAll", arity=(1, 1), usage="g.FindAll(v)")
def find_all(g: Grid, v) -> list:
    """The (1-based) coordinates of the cells holding a value, row by row."""
    return [(r + 1, c + 1) for r, c in g.find_all(v)]


@GRIDS.method("Updated", arity=(1, 2), usage="g.Updated(coord, v), or g.Updated({coord => v})")
def updated(g: Grid, where, value=None) -> Grid:
    """A copy with one cell (Updated(coord, v)) or several (Updated({coord => v, ...})) changed."""
    if isinstance(where, ShellMap):
        if value is not None:
            raise InvalidPositionError("Updated takes a map {coord => v} or coordinates and a value, not both")
        return g.updated({_cell(g, coord): v for coord, v in where.entries.items()})
    if value is None:
        raise InvalidPositionError("Updated needs coordinates and a value: g.Updated((r,c), v) or "
                                   "g.Updated({(r,c) => v})")
    return g.updated(_cell(g, where), value)


@GRIDS.method("Decomposition", arity=(1, 2), usage="g.Decomposition(boundaryValue[, directions])",
              parameters=(("boundaryValue", "boundary"), ("directions", "directions")))
def decomposition(g: Grid, boundary, directions=None) -> list:
    """One grid per connected region of cells other than the boundary value (neighbours by directions,
    default Coordinates.Orthogonal), each cropped to its bounding box with its other cells set to the
    boundary value: [] when there is none, [g] itself when there is one."""
    steps = board.ORTHOGONAL if directions is None else _directions(directions)
    parts = g.decomposition(boundary, steps)
    return [g] if len(parts) == 1 else parts


@GRIDS.method("Subgrid", arity=(2, 2), usage="g.Subgrid(northwest, southeast)")
def subgrid(g: Grid, northwest, southeast) -> Grid:
    """The rectangle between two corner cells (1-based, inclusive)."""
    (r0, c0), (r1, c1) = _cell(g, northwest), _cell(g, southeast)
    if r1 < r0 or c1 < c0:
        raise InvalidPositionError(f"Subgrid: {format_value(southeast)} is not south-east of "
                                   f"{format_value(northwest)}")
    return g.subgrid((r0, c0), (r1, c1))


@GRIDS.method("Permuted", arity=(1, 1), usage="g.Permuted(symmetry)")
def permuted(g: Grid, symmetry) -> Grid:
    """The grid moved by a symmetry (Symmetry.Transpose, ...)."""
    return g.permuted(_symmetry(symmetry))


@GRIDS.method("SymmetryInvariant", arity=(1, 1), usage="g.SymmetryInvariant(symmetries)")
def symmetry_invariant(g: Grid, symmetries) -> Grid:
    """A canonical representative of the grid's class under a list of symmetries (Symmetry.Flip, ...):
    starting from the grid, each listed symmetry in turn moves the best so far, kept when smaller (grids
    compare by row count, column count, then cells row by row)."""
    if not isinstance(symmetries, (list, tuple)):
        raise InvalidPositionError(f"SymmetryInvariant needs a list of symmetries such as Symmetry.Flip, got "
                                   f"{format_value(symmetries)}")
    best = g
    for s in map(_symmetry, symmetries):
        if s is not Symmetry.Identity:
            image = best.permuted(s)
            if image.sort_key() < best.sort_key():
                best = image
    return best


@GRIDS.method("ToString", arity=(0, 1), usage="g.ToString, or g.ToString(charMap)")
def to_string(g: Grid, *char_map) -> str:
    """The grid written with a char map (the inverse of Grid.Parse); without one, the text the shell prints
    for the grid."""
    if not char_map:
        return format_value(g)
    (chars,) = char_map
    if not isinstance(chars, str):
        raise InvalidPositionError(f"ToString needs a char map string, got {format_value(chars)}")
    largest = max(g.cells, default=0)
    if largest >= len(chars):
        raise InvalidPositionError(f"ToString: the grid holds {largest}, which has no character in {chars!r}")
    return g.to_string(chars)
