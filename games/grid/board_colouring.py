"""The board-colouring game of Benny and Rebecca (R. Diaconescu, *Computational modelling for combinatorial
game strategies*, §2.1, Example 2; a problem posed to the author by T. Diaconescu).

Rules: an ``n × n`` board starts uncoloured.  Benny moves first and colours an uncoloured ``2 × 2`` square
blue; then Rebecca colours one uncoloured cell red; they alternate until the player to move cannot colour
(Benny: no uncoloured ``2 × 2`` square is left; Rebecca: no uncoloured cell).  The remaining cells turn
red.  More blue cells than red: Benny wins; more red: Rebecca wins; as many: a draw.

It is not a normal-play game (the end is scored), so it is a *turn-based* ruleset for :func:`cgt.solve`:
``to_move`` (``"Benny"`` or ``"Rebecca"``, read off the board: Benny moves when the blue squares and the
red cells are equally many), ``moves``, ``terminal_result``; ``value``/``outcome`` do not apply.

Notation: rows of ``.`` (uncoloured), ``B`` (blue), ``R`` (red) joined by ``|``; ``BoardColouring(n)()`` is
the empty board.  A move is labelled by the cell it colours (the top-left cell of Benny's square), row
and column from 1: ``B1,2`` or ``R3,3``.

The solver keys positions by what decides the rest of the game (:meth:`BoardColouring.state_key`): the
uncoloured cells that still lie in an uncoloured ``2 × 2`` square (*live* cells), reduced under the 8
symmetries of the square board; the number of blue squares; the number of other uncoloured cells (Rebecca
may colour them, nothing else happens to them); and who moves.

Known results (the paper's computation: "Rebecca has winning strategies iff the size of the board is
odd"), here for ``n <= 5``; ``n = 6`` is in ``tests/games/grid/test_board_colouring.py``.  On even boards the
solver finds no single answer: Benny wins on 2×2 and 6×6, the 4×4 board is a draw.

>>> from cgt import solve
>>> [solve(BoardColouring(n)()).result for n in range(1, 6)]
['second', 'first', 'second', 'draw', 'second']
>>> [str(m) for m in solve(BoardColouring(2)()).optimal_moves(BoardColouring(2)())]
['B1,1 -> BB|BB']
"""

from __future__ import annotations

from cgt.runtime.arguments import is_integer_value
from cgt.errors import InvalidPositionError, NotApplicableError

from cgt.games.engine.ruleset import Ruleset

__all__ = ["BoardColouring"]

CATALOGUE = {"BoardColouring": "BoardColouring"}

BENNY, REBECCA, DRAW = "Benny", "Rebecca", "draw"


class BoardColouring(Ruleset):
    """Benny colours 2×2 squares blue, Rebecca single cells red, on an ``n × n`` board (module docstring).

    Positions are pairs ``(blue, red)`` of cell bitmasks (cell ``(r, c)`` is bit ``r*n + c``), written as
    boards.

    >>> G = BoardColouring(3)
    >>> p = G("BB.|BB.|..R")
    >>> G.to_move(p.position), G.terminal_result(p.position), G.format(p.position)
    ('Benny', 'Rebecca', 'BB.|BB.|..R')
    >>> G("B..|...|...")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPositionError: BoardColouring(3): blue cell at row 1, column 1 is not in a whole blue 2x2 square
    """

    abstract = False

    def __init__(self, n: int) -> None:
        if not is_integer_value(n) or n < 1:
            raise InvalidPositionError(f"BoardColouring: board size {n!r} is not a positive integer")
        self.n = n
        self.full = (1 << (n * n)) - 1
        corner = 0
        for r in range(n - 1):
            for c in range(n - 1):
                corner |= 1 << (r * n + c)
        self._corners = corner                       # cells that are the top-left cell of a 2x2 square
        self._maps = self._symmetry_tables()

    def params(self) -> tuple:
        return (self.n,)

    # -- positions ---------------------------------------------------------------------------------------
    def normalize(self, pos):
        if pos == ():
            return (0, 0)
        try:
            blue, red = pos
        except (TypeError, ValueError):
            raise InvalidPositionError(f"{self!r}: {pos!r} is not a pair (blue, red) of cell masks") from None
        for name, mask in (("blue", blue), ("red", red)):
            if not is_integer_value(mask) or mask < 0 or mask & ~self.full:
                raise InvalidPositionError(f"{self!r}: {name} mask {mask!r} is not a set of cells of the board")
        if blue & red:
            raise InvalidPositionError(f"{self!r}: {self._cell(blue & red)} is both blue and red")
        squares = self._squares(blue)
        reds = bin(red).count("1")
        if reds not in (squares, squares - 1):
            raise InvalidPositionError(f"{self!r}: {squares} blue squares and {reds} red cells cannot occur "
                                       f"(Benny moves first, then they alternate)")
        return (blue, red)

    def _cell(self, mask: int) -> str:
        i = (mask & -mask).bit_length() - 1
        return f"cell at row {i // self.n + 1}, column {i % self.n + 1}"

    def _squares(self, blue: int) -> int:
        """The number of 2x2 squares the blue cells form (InvalidPositionError if they do not)."""
        n, count = self.n, 0
        while blue:
            low = blue & -blue
            square = low | low << 1 | low << n | low << (n + 1)
            if not low & self._corners or blue & square != square:
                raise InvalidPositionError(f"{self!r}: blue {self._cell(low)} is not in a whole blue 2x2 square")
            blue &= ~square
            count += 1
        return count

    def parse(self, text: str):
        rows = text.strip().split("|") if text.strip() else []
        if len(rows) != self.n or any(len(row) != self.n for row in rows):
            raise InvalidPositionError(f"{self!r}: board {text!r} is not {self.n} rows of {self.n} cells")
        blue = red = 0
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                bit = 1 << (r * self.n + c)
                if ch in "Bb":
                    blue |= bit
                elif ch in "Rr":
                    red |= bit
                elif ch != ".":
                    raise InvalidPositionError(f"{self!r}: {ch!r} at row {r + 1}, column {c + 1} is not "
                                               f"'.', 'B' or 'R'")
        return self.normalize((blue, red))

    def format(self, pos) -> str:
        blue, red = pos
        n = self.n
        return "|".join("".join("B" if blue >> (r * n + c) & 1 else "R" if red >> (r * n + c) & 1 else "."
                                for c in range(n)) for r in range(n))

    # -- the turn-based protocol of cgt.solve ------------------------------------------------------------
    def to_move(self, pos) -> str:
        """``"Benny"`` when the blue squares and red cells are equally many, else ``"Rebecca"``."""
        blue, red = pos
        return BENNY if bin(blue).count("1") == 4 * bin(red).count("1") else REBECCA

    def _free_squares(self, free: int) -> int:
        n = self.n
        return free & free >> 1 & free >> n & free >> (n + 1) & self._corners

    def _live(self, free: int) -> int:
        n = self.n
        sq = self._free_squares(free)
        return sq | sq << 1 | sq << n | sq << (n + 1)

    def moves(self, pos, player=None):
        """Benny's squares (by top-left cell) or Rebecca's cells, for the player to move."""
        blue, red = pos
        n = self.n
        free = self.full & ~(blue | red)
        mover = self.to_move(pos)
        if player is not None and str(player) != mover:
            return []
        result = []
        if mover == BENNY:
            sq = self._free_squares(free)
            while sq:
                low = sq & -sq
                sq ^= low
                i = low.bit_length() - 1
                result.append((f"B{i // n + 1},{i % n + 1}",
                               (blue | low | low << 1 | low << n | low << (n + 1), red)))
        else:
            cells = free
            while cells:
                low = cells & -cells
                cells ^= low
                i = low.bit_length() - 1
                result.append((f"R{i // n + 1},{i % n + 1}", (blue, red | low)))
        return result

    def terminal_result(self, pos):
        """None while the player to move can colour; else the winner by majority, or ``"draw"``."""
        blue, red = pos
        free = self.full & ~(blue | red)
        if self.to_move(pos) == BENNY:
            if self._free_squares(free):
                return None
        elif free:
            return None
        blues = bin(blue).count("1")
        reds = self.n * self.n - blues
        return BENNY if blues > reds else REBECCA if reds > blues else DRAW

    def state_key(self, pos):
        """``(live cells up to symmetry, blue squares, other uncoloured cells, Benny to move)``."""
        blue, red = pos
        free = self.full & ~(blue | red)
        live = self._live(free)
        dead = bin(free & ~live).count("1")
        blues = bin(blue).count("1")
        return (self._canonical(live), blues // 4, dead, blues == 4 * bin(red).count("1"))

    # -- symmetry ----------------------------------------------------------------------------------------
    def _symmetry_tables(self):
        """For each of the 8 symmetries of the square, per-byte tables mapping a mask to its image."""
        n = self.n
        cells = n * n
        transforms = []
        for t in range(8):
            perm = []
            for i in range(cells):
                r, c = divmod(i, n)
                if t & 4:
                    r, c = c, r
                if t & 1:
                    r = n - 1 - r
                if t & 2:
                    c = n - 1 - c
                perm.append(r * n + c)
            if perm == list(range(cells)):
                continue
            tables = []
            for chunk in range(0, cells, 8):
                table = []
                for byte in range(256):
                    image = 0
                    for b in range(8):
                        if byte >> b & 1 and chunk + b < cells:
                            image |= 1 << perm[chunk + b]
                    table.append(image)
                tables.append(table)
            transforms.append(tables)
        return transforms

    def _canonical(self, mask: int) -> int:
        best = mask
        for tables in self._maps:
            image = 0
            m = mask
            for table in tables:
                image |= table[m & 255]
                m >>= 8
            if image < best:
                best = image
        return best

    # -- not a normal-play game ----------------------------------------------------------------------------
    def value(self, pos):
        raise NotApplicableError(f"{self!r} is scored, not a normal-play game: use cgt.solve")

    def outcome(self, pos):
        raise NotApplicableError(f"{self!r} is scored, not a normal-play game: use cgt.solve")
