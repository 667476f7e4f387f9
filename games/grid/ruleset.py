"""``GridRuleset``: the base of rulesets played on a :class:`~cgt.games.grid.board.Grid` (CGSuite's ``game.grid``).

A grid ruleset names its cells with a *char map* (``char_map[k]`` is the character of cell value ``k``;
index 0 is the empty cell), and may declare

* ``symmetries``: board symmetries that keep the value (Domineering: the four flips);
* ``negating_symmetries``: board symmetries that exchange the players, negating the value (Domineering:
  the four that transpose, since a vertical domino turns horizontal);
* ``colour_swap``: a cell translation that exchanges the players' pieces (Clobber: ``x`` <-> ``o``);
  combined with each of ``symmetries`` it negates the value;
* ``boundary``: a cell value that no move touches or crosses, so that the regions it separates are
  independent components (Domineering: occupied cells; Clobber: empty cells) and outer rows and columns
  made only of it can be cropped;
* ``directions``: the adjacency that connects a region (default orthogonal).

These only feed the value tables (:meth:`normal_form`, :meth:`components`); positions keep the board the
user wrote.  Subclasses define the moves (``left_options``/``right_options`` or ``moves``) on grids.

>>> from cgt.games.grid.board import Symmetry
>>> class Dots(GridRuleset):
...     '''Toy: Left fills an empty cell whose right neighbour is empty; Right any empty cell.'''
...     char_map = ".#"
...     boundary = 1
...     def left_options(self, g):
...         return [g.updated((r, c), 1) for r, c in g.find_all(0) if g[r, c + 1] == 0]
...     def right_options(self, g):
...         return [g.updated((r, c), 1) for r, c in g.find_all(0)]
>>> p = Dots()("..#.")      # '.' = {|0} = -1 and '..' = {-1|-1} = -1*
>>> str(p), str(p.value), [str(q) for q in p.decomposition]
('..#.', '-2*', ['..', '.'])
"""

from __future__ import annotations

from cgt.errors import InvalidPositionError

from cgt.games.grid.board import ORTHOGONAL, Grid, Symmetry
from cgt.games.engine.ruleset import Ruleset

__all__ = ["GridRuleset"]


class GridRuleset(Ruleset):
    """Base class of grid rulesets (see the module docstring)."""

    abstract = True
    #: Tells ``cgt.testing.positions`` how to draw random positions.
    board_kind = "grid"
    char_map: str = "."
    symmetries: tuple = (Symmetry.Identity,)
    negating_symmetries: tuple = ()
    colour_swap: bytes | None = None
    boundary: int | None = None
    directions: tuple = ORTHOGONAL

    # -- positions --------------------------------------------------------------------------------------
    def parse(self, text: str) -> Grid:
        """A board string (rows separated by ``|``, characters from :attr:`char_map`)."""
        return self.normalize(Grid.parse(text, self.char_map))

    def normalize(self, pos) -> Grid:
        """A :class:`Grid` (or a board string) whose cell values all have a character in the char map."""
        if isinstance(pos, str):
            return self.parse(pos)
        if not isinstance(pos, Grid):
            raise InvalidPositionError(f"{self!r}: a position is a board string such as '..|..' or a Grid, "
                                       f"got {pos!r}")
        limit = len(self.char_map)
        for i, v in enumerate(pos.cells):
            if v >= limit:
                r, c = divmod(i, pos.col_count)
                raise InvalidPositionError(f"{self!r}: cell ({r + 1},{c + 1}) holds {v}, which has no character "
                                           f"in {self.char_map!r}")
        self.check(pos)
        return pos

    def check(self, grid: Grid) -> None:
        """Raise InvalidPositionError if ``grid`` cannot occur (default: every board is fine)."""

    def format(self, pos: Grid) -> str:
        """The board string."""
        return pos.to_string(self.char_map)

    # -- value tables -----------------------------------------------------------------------------------
    def has_components(self) -> bool:
        return self.boundary is not None or type(self).components is not GridRuleset.components

    def components(self, grid: Grid) -> list:
        """The regions separated by :attr:`boundary` cells (the whole grid when there is no boundary)."""
        if self.boundary is None:
            return [grid]
        return grid.decomposition(self.boundary, self.directions)

    def normal_form(self, grid: Grid) -> tuple[Grid, bool]:
        """The least image of the (cropped) grid under the declared symmetries, and whether it negates."""
        if self.boundary is not None:
            grid = grid.cropped(self.boundary)
        best, best_key, negated = grid, grid.sort_key(), False
        for symmetry in self.symmetries:
            if symmetry is not Symmetry.Identity:
                image = grid.permuted(symmetry)
                key = image.sort_key()
                if key < best_key:
                    best, best_key, negated = image, key, False
        swapped = []
        for symmetry in self.negating_symmetries:
            swapped.append(grid.permuted(symmetry))
        if self.colour_swap is not None:
            for symmetry in self.symmetries:
                image = grid.permuted(symmetry)
                swapped.append(Grid(image.row_count, image.col_count, image.cells.translate(self.colour_swap)))
        for image in swapped:
            key = image.sort_key()
            if key < best_key:
                best, best_key, negated = image, key, True
        return best, negated
