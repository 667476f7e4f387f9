"""``Grid``: the immutable board of the grid games, and the eight symmetries of a rectangle.

A grid is a rectangle of small non-negative integers (cell values).  Rulesets give each value a character
(their *char map*: the character at index ``k`` stands for value ``k``, index 0 is the empty cell) and
read and write boards as CGSuite does: rows separated by ``|``, characters looked up after lower-casing.
Coordinates are 0-based ``(row, col)`` pairs in Python, row 0 at the top (the shell shows CGSuite's
1-based ones).

>>> g = Grid.parse("..#|.x.", ".x#")
>>> g.row_count, g.col_count, g[0, 2], g[1, 1], g[5, 5]
(2, 3, 2, 1, None)
>>> g.to_string(".x#"), str(g.permuted(Symmetry.Transpose).to_string(".x#"))
('..#|.x.', '..|.x|#.')
>>> [part.to_string(".x#") for part in Grid.parse("..#.|#.#.", ".x#").decomposition(2)]
['..|#.', '.|.']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping

from cgt.runtime.arguments import is_integer_value
from cgt.errors import InvalidPositionError, TooLargeError
from cgt.kernel.game import register_cache

__all__ = [
    "Grid",
    "Symmetry",
    "NORTH", "NORTHEAST", "EAST", "SOUTHEAST", "SOUTH", "SOUTHWEST", "WEST", "NORTHWEST",
    "ORTHOGONAL", "DIAGONAL", "COMPASS", "HEXAGONAL", "KNIGHTS_MOVE",
]

# Directions as (row step, column step), in CGSuite's order (row 0 at the top, so North is (-1, 0)).
NORTH, NORTHEAST, EAST, SOUTHEAST = (-1, 0), (-1, 1), (0, 1), (1, 1)
SOUTH, SOUTHWEST, WEST, NORTHWEST = (1, 0), (1, -1), (0, -1), (-1, -1)
ORTHOGONAL = (NORTH, EAST, SOUTH, WEST)
DIAGONAL = (NORTHEAST, SOUTHEAST, SOUTHWEST, NORTHWEST)
COMPASS = (NORTH, NORTHEAST, EAST, SOUTHEAST, SOUTH, SOUTHWEST, WEST, NORTHWEST)
HEXAGONAL = (NORTH, NORTHEAST, EAST, SOUTH, SOUTHWEST, WEST)
KNIGHTS_MOVE = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))

#: Largest board accepted (cells); a bigger one is a typo or beyond any search.
MAX_CELLS = 1 << 16


class Symmetry(enum.Enum):
    """The symmetries of a rectangle, as CGSuite names them: (flip rows, flip columns, transpose).

    A cell ``(r, c)`` of an ``R x C`` grid first has ``r -> R-1-r`` if rows flip and ``c -> C-1-c`` if
    columns flip, then lands at ``(c, r)`` if the symmetry transposes.  (CGSuite's names are kept, so
    ``ClockwiseRotation`` turns a picture drawn with row 0 on top anticlockwise.)

    >>> Symmetry.Transpose.transposes, Symmetry.Inversion.transposes
    (True, False)
    """

    Identity = (False, False, False)
    Inversion = (True, True, False)
    HorizontalFlip = (True, False, False)
    VerticalFlip = (False, True, False)
    Transpose = (False, False, True)
    AntiTranspose = (True, True, True)
    ClockwiseRotation = (False, True, True)
    AnticlockwiseRotation = (True, False, True)

    @property
    def transposes(self) -> bool:
        """Whether rows become columns (an ``R x C`` grid becomes ``C x R``)."""
        return self.value[2]

    def __str__(self) -> str:
        return self.name


#: CGSuite's symmetry groups.
FLIP = (Symmetry.Identity, Symmetry.Inversion, Symmetry.HorizontalFlip, Symmetry.VerticalFlip)
ROTATIONAL = (Symmetry.Identity, Symmetry.Inversion, Symmetry.ClockwiseRotation, Symmetry.AnticlockwiseRotation)
EIGHT_WAY = tuple(Symmetry)
TRANSPOSING = tuple(s for s in Symmetry if s.transposes)

_PERMUTATIONS: dict = {}
_NEIGHBOURS: dict = {}


def _clear_geometry() -> None:
    _PERMUTATIONS.clear()
    _NEIGHBOURS.clear()


register_cache(_clear_geometry)


def cell_permutation(rows: int, cols: int, symmetry: Symmetry) -> tuple[int, ...]:
    """Source cell index for each cell of the permuted grid (row-major), memoised per shape."""
    key = (rows, cols, symmetry)
    perm = _PERMUTATIONS.get(key)
    if perm is None:
        flip_rows, flip_cols, transpose = symmetry.value
        new_rows, new_cols = (cols, rows) if transpose else (rows, cols)
        source = [0] * (rows * cols)
        for r in range(rows):
            for c in range(cols):
                r2 = rows - 1 - r if flip_rows else r
                c2 = cols - 1 - c if flip_cols else c
                target = c2 * new_cols + r2 if transpose else r2 * new_cols + c2
                source[target] = r * cols + c
        perm = _PERMUTATIONS[key] = tuple(source)
    return perm


def neighbours(rows: int, cols: int, directions: tuple) -> tuple[tuple[int, ...], ...]:
    """For each cell index of an ``rows x cols`` grid, the indices one step away in ``directions``.

    >>> neighbours(2, 2, ORTHOGONAL)
    ((1, 2), (3, 0), (0, 3), (1, 2))
    """
    key = (rows, cols, directions)
    table = _NEIGHBOURS.get(key)
    if table is None:
        table = []
        for r in range(rows):
            for c in range(cols):
                table.append(tuple((r + dr) * cols + c + dc for dr, dc in directions
                                   if 0 <= r + dr < rows and 0 <= c + dc < cols))
        table = _NEIGHBOURS[key] = tuple(table)
    return table


class Grid:
    """An immutable rectangle of cell values 0..255 (``bytes`` row-major); equal grids hash equal.

    >>> Grid.empty(2, 3)
    Grid([[0,0,0],[0,0,0]])
    >>> Grid.from_rows([[0, 1], [2, 0]]).updated((0, 0), 2)
    Grid([[2,1],[2,0]])
    """

    __slots__ = ("row_count", "col_count", "cells", "_hash")

    def __init__(self, row_count: int, col_count: int, cells: bytes) -> None:
        if row_count * col_count != len(cells):
            raise InvalidPositionError(f"a {row_count} x {col_count} grid needs {row_count * col_count} cells, "
                                       f"got {len(cells)}")
        if row_count * col_count > MAX_CELLS:
            raise TooLargeError(f"a {row_count} x {col_count} grid has more than {MAX_CELLS} cells")
        if not row_count or not col_count:
            row_count = col_count = 0
        self.row_count = row_count
        self.col_count = col_count
        self.cells = bytes(cells)
        self._hash = hash((row_count, col_count, self.cells))

    # -- construction -------------------------------------------------------------------------------
    @classmethod
    def empty(cls, row_count: int, col_count: int) -> "Grid":
        """An all-zero grid."""
        for n in (row_count, col_count):
            if not is_integer_value(n) or n < 0:
                raise InvalidPositionError(f"grid size {n!r} is not a non-negative integer")
        if row_count * col_count > MAX_CELLS:
            raise TooLargeError(f"a {row_count} x {col_count} grid has more than {MAX_CELLS} cells")
        return cls(row_count, col_count, bytes(row_count * col_count))

    @classmethod
    def from_rows(cls, rows: Iterable[Iterable[int]]) -> "Grid":
        """A grid from a list of equal-length rows of cell values."""
        rows = [list(r) for r in rows]
        width = len(rows[0]) if rows else 0
        for i, row in enumerate(rows):
            if len(row) != width:
                raise InvalidPositionError(f"grid row {i + 1} has {len(row)} cells, row 1 has {width}")
            for j, v in enumerate(row):
                if not is_integer_value(v) or not 0 <= v <= 255:
                    raise InvalidPositionError(f"grid cell ({i + 1},{j + 1}) = {v!r} is not an integer 0..255")
        return cls(len(rows), width, bytes(v for row in rows for v in row))

    @classmethod
    def parse(cls, text: str, char_map: str) -> "Grid":
        """Read a board: rows separated by ``|``, each character's value its index in ``char_map``.

        Characters are lower-cased before the lookup (as CGSuite does); spaces around rows are ignored.

        >>> Grid.parse("x.|.o", ".xo").cells
        b'\\x01\\x00\\x00\\x02'
        >>> Grid.parse("x.|.q", ".xo")
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidPositionError: 'q' at row 2, column 2 of 'x.|.q' is not one of '.xo'
        >>> Grid.parse("x.|.", ".xo")
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidPositionError: row 2 of 'x.|.' has 1 cells, row 1 has 2 (rows must have equal length)
        """
        if not isinstance(text, str):
            raise InvalidPositionError(f"a board is a string such as '..|..', got {text!r}")
        if len(text) > 4 * MAX_CELLS:
            raise TooLargeError(f"a board of {len(text)} characters is larger than {MAX_CELLS} cells")
        stripped = text.strip()
        if not stripped:
            return cls(0, 0, b"")
        lookup = {ch: i for i, ch in enumerate(char_map.lower())}
        rows = [row.strip() for row in stripped.split("|")]
        width = len(rows[0])
        cells = bytearray()
        for i, row in enumerate(rows):
            if len(row) != width:
                raise InvalidPositionError(f"row {i + 1} of {text!r} has {len(row)} cells, row 1 has {width} "
                                           f"(rows must have equal length)")
            for j, ch in enumerate(row):
                value = lookup.get(ch.lower())
                if value is None:
                    raise InvalidPositionError(f"{ch!r} at row {i + 1}, column {j + 1} of {text!r} "
                                               f"is not one of {char_map!r}")
                cells.append(value)
        return cls(len(rows), width, bytes(cells))

    def to_string(self, char_map: str) -> str:
        """The board as text (inverse of :meth:`parse`)."""
        c = self.col_count
        return "|".join("".join(char_map[v] for v in self.cells[r * c:(r + 1) * c]) for r in range(self.row_count))

    # -- access ---------------------------------------------------------------------------------------
    def __getitem__(self, coord) -> int | None:
        """``grid[r, c]``: the value at 0-based ``(r, c)``, or None outside the board."""
        r, c = coord
        if 0 <= r < self.row_count and 0 <= c < self.col_count:
            return self.cells[r * self.col_count + c]
        return None

    def in_bounds(self, coord) -> bool:
        """Whether ``(r, c)`` is on the board."""
        r, c = coord
        return 0 <= r < self.row_count and 0 <= c < self.col_count

    def rows(self) -> list[list[int]]:
        """The cell values, row by row."""
        c = self.col_count
        return [list(self.cells[r * c:(r + 1) * c]) for r in range(self.row_count)]

    def find_all(self, value: int) -> list[tuple[int, int]]:
        """Coordinates of the cells holding ``value``, row-major."""
        c = self.col_count
        return [divmod(i, c) for i, v in enumerate(self.cells) if v == value]

    def updated(self, coord_or_changes, value: int | None = None) -> "Grid":
        """A copy with one cell (``updated((r, c), v)``) or several (``updated({(r, c): v, ...})``) changed."""
        changes = coord_or_changes if isinstance(coord_or_changes, Mapping) else {coord_or_changes: value}
        cells = bytearray(self.cells)
        for (r, c), v in changes.items():
            if not self.in_bounds((r, c)):
                raise InvalidPositionError(f"({r},{c}) is outside this {self.row_count} x {self.col_count} grid")
            if not is_integer_value(v) or not 0 <= v <= 255:
                raise InvalidPositionError(f"cell value {v!r} is not an integer 0..255")
            cells[r * self.col_count + c] = v
        return Grid(self.row_count, self.col_count, bytes(cells))

    def subgrid(self, northwest, southeast) -> "Grid":
        """The rectangle between two corners (inclusive)."""
        (r0, c0), (r1, c1) = northwest, southeast
        c = self.col_count
        cells = b"".join(self.cells[r * c + c0:r * c + c1 + 1] for r in range(r0, r1 + 1))
        return Grid(r1 - r0 + 1, c1 - c0 + 1, cells)

    # -- symmetry and decomposition --------------------------------------------------------------------------
    def permuted(self, symmetry: Symmetry) -> "Grid":
        """The grid moved by ``symmetry`` (see :class:`Symmetry`)."""
        if symmetry is Symmetry.Identity or not self.cells:
            return self
        perm = cell_permutation(self.row_count, self.col_count, symmetry)
        cells = bytes(map(self.cells.__getitem__, perm))
        if symmetry.transposes:
            return Grid(self.col_count, self.row_count, cells)
        return Grid(self.row_count, self.col_count, cells)

    def sort_key(self) -> tuple:
        """CGSuite's order of grids: row count, column count, then cells row-major."""
        return (self.row_count, self.col_count, self.cells)

    def symmetry_invariant(self, symmetries: Iterable[Symmetry]) -> "Grid":
        """The least of this grid's images under ``symmetries`` (a canonical representative of its class)."""
        best = self
        for s in symmetries:
            image = self.permuted(s)
            if image.sort_key() < best.sort_key():
                best = image
        return best

    def cropped(self, boundary: int) -> "Grid":
        """The grid without its outer rows and columns made only of ``boundary`` cells.

        >>> Grid.parse("##|#.|##", ".#").cropped(1).to_string(".#")
        '.'
        """
        R, C, cells = self.row_count, self.col_count, self.cells
        live_rows = [r for r in range(R) if any(v != boundary for v in cells[r * C:(r + 1) * C])]
        if not live_rows:
            return Grid(0, 0, b"")
        live_cols = [c for c in range(C) if any(cells[r * C + c] != boundary for r in live_rows)]
        r0, r1, c0, c1 = live_rows[0], live_rows[-1], live_cols[0], live_cols[-1]
        if (r0, c0, r1, c1) == (0, 0, R - 1, C - 1):
            return self
        return self.subgrid((r0, c0), (r1, c1))

    def decomposition(self, boundary: int, directions: tuple = ORTHOGONAL) -> list["Grid"]:
        """One grid per connected region of non-``boundary`` cells, cropped, other cells set to ``boundary``.

        ``[]`` when every cell is ``boundary``; ``[self cropped]`` when there is one region.

        >>> [g.to_string(".#") for g in Grid.parse(".#.|##.", ".#").decomposition(1)]
        ['.', '.|.']
        """
        R, C, cells = self.row_count, self.col_count, self.cells
        adjacent = neighbours(R, C, directions)
        unseen = {i for i, v in enumerate(cells) if v != boundary}
        regions = []
        while unseen:
            start = unseen.pop()
            region = [start]
            frontier = [start]
            while frontier:
                i = frontier.pop()
                for j in adjacent[i]:
                    if j in unseen:
                        unseen.discard(j)
                        region.append(j)
                        frontier.append(j)
            regions.append(region)
        if len(regions) <= 1:
            return [self.cropped(boundary)] if regions else []
        parts = []
        regions.sort()
        for region in regions:
            rows = [i // C for i in region]
            cols = [i % C for i in region]
            r0, c0 = min(rows), min(cols)
            width = max(cols) - c0 + 1
            height = max(rows) - r0 + 1
            new = bytearray([boundary]) * (width * height)
            for i in region:
                new[(i // C - r0) * width + i % C - c0] = cells[i]
            parts.append(Grid(height, width, bytes(new)))
        return parts

    # -- value semantics ----------------------------------------------------------------------------------
    def __eq__(self, other):
        if not isinstance(other, Grid):
            return NotImplemented
        return self.row_count == other.row_count and self.col_count == other.col_count and self.cells == other.cells

    def __hash__(self):
        return self._hash

    def __repr__(self) -> str:
        return "Grid([" + ",".join("[" + ",".join(map(str, row)) + "]" for row in self.rows()) + "])"

    def __reduce__(self):
        """Pickle as ``cgt.games.by_name("Grid", (rows, columns, cells))``: no module path recorded."""
        import cgt.games

        return cgt.games.by_name, ("Grid", (self.row_count, self.col_count, self.cells))
