"""Konane (Hawaiian checkers) as a partizan grid game.

**Rules** (M. D. Ernst, "Playing Konane mathematically: a combinatorial game-theoretic analysis", *UMAP
Journal* 16(2) (1995) 95-121; also in Albert, Nowakowski, Wolfe, *Lessons in Play* (2007), and mentioned in
Berlekamp, Conway, Guy, *Winning Ways*).  Black and white stones lie on a board.  Left owns the black
stones ``x``, Right the white stones ``o``.  A move jumps one of your stones orthogonally over an adjacent
enemy stone onto the empty cell just beyond it, removing the jumped stone.  The same stone may go on
jumping in the same straight line (over another enemy stone onto the next empty cell, and so on); stopping
after 1, 2, ... jumps are different moves.  It may not turn.  The player who cannot move loses.  (The
opening removals of the traditional game are not modelled: a position is any board.)

**Notation.** Rows separated by ``|``: ``.`` empty, ``x`` Left (black), ``o`` Right (white), ``#`` a cell
that is not part of the board.  Moves are labelled with 1-based ``(row,col)`` coordinates of the start
and the landing cell, e.g. ``(1,1)->(1,3)``.  CGSuite's snapshot has no Konane; our shell name is
``game.grid.Konane``.

**Values** (each follows from the rules in a line or two; the same values are computed by cgt-py's
independent Konane):  ``xo.`` is 1 (Left has one jump, Right none), ``.xo.`` is ``*`` (each side has a
jump to a lone stone), ``xoxo.`` is 2 (Left's only jump leaves ``xo..x``, which is 1).

>>> str(Konane("xo.").value), str(Konane(".xo.").value), str(Konane("xoxo.").value)
('1', '*', '2')
>>> [str(m) for m in Konane("xo.o.").moves("Left")]
['(1,1)->(1,3) -> ..xo.', '(1,1)->(1,5) -> ....x']
"""

from __future__ import annotations

from cgt.kernel.player import Player

from cgt.games.grid.board import EIGHT_WAY, ORTHOGONAL, Grid
from cgt.games.grid.ruleset import GridRuleset

__all__ = ["Konane"]

CATALOGUE = {"Konane": "game.grid.Konane"}

EMPTY, BLACK, WHITE, BLOCKED = 0, 1, 2, 3


class KonaneRuleset(GridRuleset):
    """Konane (see the module docstring); use the instance :data:`Konane`.

    >>> [label for label, _ in Konane.moves(Konane("o...|x...|.xo.").position, "Right")]
    ['(1,1)->(3,1)', '(3,3)->(3,1)']
    """

    name = "Konane"
    char_map = ".xo#"
    symmetries = EIGHT_WAY               # orthogonal jumps look the same after any symmetry of the board
    colour_swap = bytes([0, 2, 1] + list(range(3, 256)))   # x <-> o with Left <-> Right: the negative
    boundary = BLOCKED                   # no jump crosses a cell that is not on the board
    directions = ORTHOGONAL

    def _jumps(self, grid: Grid, stone: int):
        """``(origin, landing)`` cell indices of the jumps of the player owning ``stone``."""
        R, C, cells = grid.row_count, grid.col_count, grid.cells
        enemy = 3 - stone
        i = cells.find(stone)
        while i >= 0:
            r, c = divmod(i, C)
            for dr, dc in ORTHOGONAL:
                rr, cc = r, c
                while True:
                    r1, c1, r2, c2 = rr + dr, cc + dc, rr + 2 * dr, cc + 2 * dc
                    if not (0 <= r2 < R and 0 <= c2 < C):
                        break
                    if cells[r1 * C + c1] != enemy or cells[r2 * C + c2] != EMPTY:
                        break
                    yield i, r2 * C + c2, (dr, dc)
                    rr, cc = r2, c2
            i = cells.find(stone, i + 1)

    def _jump(self, grid: Grid, stone: int, i: int, t: int, step) -> Grid:
        C = grid.col_count
        cells = bytearray(grid.cells)
        shift = step[0] * C + step[1]
        j = i
        while j != t:                    # empty every jumped cell, then land
            cells[j] = EMPTY
            j += shift
        cells[t] = stone
        return Grid(grid.row_count, C, bytes(cells))

    def moves(self, grid: Grid, player) -> list:
        """``(label, option)`` for each jump sequence of ``player`` (labels ``(row,col)->(row,col)``, 1-based)."""
        stone = Player.parse(player).ordinal
        C = grid.col_count
        result = []
        for i, t, step in self._jumps(grid, stone):
            (r0, c0), (r1, c1) = divmod(i, C), divmod(t, C)
            result.append((f"({r0 + 1},{c0 + 1})->({r1 + 1},{c1 + 1})", self._jump(grid, stone, i, t, step)))
        return result

    def left_options(self, grid: Grid) -> list:
        return [self._jump(grid, BLACK, i, t, s) for i, t, s in self._jumps(grid, BLACK)]

    def right_options(self, grid: Grid) -> list:
        return [self._jump(grid, WHITE, i, t, s) for i, t, s in self._jumps(grid, WHITE)]

    def components(self, grid: Grid) -> list:
        """Regions of on-board cells (``#`` separates them); a region where nobody can jump is 0 and dropped.

        >>> [Konane.format(g) for g in Konane.components(Konane("xo.#xo|...#..").position)]
        ['xo.|...']
        """
        return [part for part in grid.decomposition(BLOCKED, ORTHOGONAL)
                if any(True for _ in self._jumps(part, BLACK)) or any(True for _ in self._jumps(part, WHITE))]


Konane = KonaneRuleset()
