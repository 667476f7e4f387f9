"""Fission (CGSuite's ``game.grid.Fission``).

Rules: the board holds neutral stones ``x``, blocked squares ``#`` and empty squares ``.``.  Left picks a
stone whose squares directly above and directly below are both empty (and on the board): the stone is
removed and two stones appear on those two squares -- it splits vertically.  Right does the same
sideways, onto the empty squares to the stone's left and right.  A player who cannot move loses.

Notation: CGSuite's board strings, rows separated by ``|``; a move is labelled by the square of the stone
that splits, ``(r,c)``, 1-based with row 1 at the top.

Values worked out from the rules by hand: a stone in a ``3 x 1`` column splits once, for Left, so
``.|x|.`` is 1 and its transpose ``.x.`` is -1; in ``...|.x.|...`` Left's split leaves two stones on the
edge rows that only Right can split (-2), and Right's split leaves two that only Left can split (2), so
it is ``{-2|2} = 0``.

>>> from cgt.games import Fission
>>> str(Fission(".|x|.").value), str(Fission(".x.").value), str(Fission("...|.x.|...").value)
('1', '-1', '0')
>>> [str(m) for m in Fission("...|.x.|...").moves("R")]
['(2,2) -> ...|x.x|...']

The value tables use the four flips (they keep up as up and sideways as sideways); the four symmetries
that transpose the board turn Left's vertical splits into Right's sideways ones, so they negate the value.
A move only touches a stone and two empty squares next to it, so regions of non-blocked squares
(orthogonally connected) are independent; a region without stones is 0 and is dropped.  A stone with a
blocked square or the edge both above-or-below and left-or-right can never split, and stays a stone for
ever, so for everyone else it is a blocked square: the components block such stones (repeatedly, as
blocking one may trap a neighbour), which can separate regions.
"""

from __future__ import annotations

from cgt.kernel.player import Player

from cgt.games.grid.board import FLIP, ORTHOGONAL, TRANSPOSING, Grid
from cgt.games.grid.ruleset import GridRuleset

__all__ = ["Fission"]

CATALOGUE = {"Fission": "game.grid.Fission"}

EMPTY, STONE, BLOCKED = 0, 1, 2


class FissionRuleset(GridRuleset):
    """The game of Fission (see the module docstring); ``Fission`` is its one instance."""

    abstract = False
    name = "Fission"
    char_map = ".x#"
    #: Random boards for property tests: mostly empty cells (cgt.testing.positions).
    sample_alphabet = "....x#"
    symmetries = FLIP
    negating_symmetries = TRANSPOSING
    boundary = BLOCKED
    directions = ORTHOGONAL

    def _options(self, grid: Grid, vertical: bool, labelled: bool) -> list:
        rows, cols, cells = grid.row_count, grid.col_count, grid.cells
        result = []
        start = cells.find(STONE)
        while start >= 0:
            r, c = divmod(start, cols)
            if vertical:
                ok = 0 < r < rows - 1
                before, after = start - cols, start + cols
            else:
                ok = 0 < c < cols - 1
                before, after = start - 1, start + 1
            if ok and cells[before] == EMPTY and cells[after] == EMPTY:
                board = bytearray(cells)
                board[before] = board[after] = STONE
                board[start] = EMPTY
                option = Grid(rows, cols, bytes(board))
                result.append((f"({r + 1},{c + 1})", option) if labelled else option)
            start = cells.find(STONE, start + 1)
        return result

    def left_options(self, grid: Grid) -> list:
        """Left's options: each stone with empty squares above and below splits vertically."""
        return self._options(grid, True, False)

    def right_options(self, grid: Grid) -> list:
        """Right's options: each stone with empty squares left and right splits sideways."""
        return self._options(grid, False, False)

    def moves(self, grid: Grid, player) -> list:
        """``(label, option)`` pairs labelled by the splitting stone's square ``(r,c)`` (1-based).

        >>> [label for label, _ in Fission.moves(Fission.parse("...|x.x|..."), "L")]
        ['(2,1)', '(2,3)']
        """
        return self._options(grid, Player.parse(player) is Player.Left, True)

    def components(self, grid: Grid) -> list:
        """Independent regions holding stones (orthogonally connected non-blocked squares; stones that can
        never split become blocked squares).

        >>> [Fission.format(g) for g in Fission.components(Fission.parse(".x.#.x.|##x####|.x.#..."))]
        ['.x.|##x|.x.', '.x.']
        >>> Fission.components(Fission.parse("x.x|###|..."))      # corner stones never split
        []
        """
        cells = grid.cells
        if STONE not in cells:
            return []
        rows, cols = grid.row_count, grid.col_count
        board = bytearray(cells)
        changed = True
        blocked_any = False
        while changed:
            changed = False
            for i, v in enumerate(board):
                if v == STONE:
                    r, c = divmod(i, cols)
                    if (r == 0 or r == rows - 1 or board[i - cols] == BLOCKED or board[i + cols] == BLOCKED) and \
                            (c == 0 or c == cols - 1 or board[i - 1] == BLOCKED or board[i + 1] == BLOCKED):
                        board[i] = BLOCKED
                        changed = blocked_any = True
        if blocked_any:
            grid = Grid(rows, cols, bytes(board))
        return [part for part in grid.decomposition(BLOCKED, ORTHOGONAL) if STONE in part.cells]


#: The ruleset (CGSuite's singleton ``game.grid.Fission``).
Fission = FissionRuleset()
