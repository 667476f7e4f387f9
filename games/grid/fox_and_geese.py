"""Fox and Geese (CGSuite's ``game.grid.GenFoxAndGeese``, ``FoxAndGeese``, ``CeyloneseFoxAndGeese``).

**Rules** (Berlekamp, Conway and Guy, *Winning Ways*, 2nd ed., ch. 20 "Fox and Geese"; CGSuite's
``GenFoxAndGeese``).  The dark squares of a board ``board_width`` columns wide are used: square
``(row, col)`` with ``row >= 1``, ``1 <= col <= board_width`` and ``row + col`` even; row 1 is the
**bottom** row and the board has no upper edge.  **Left** plays the **geese**: a move takes one goose one
step diagonally **down** onto an empty square.  **Right** plays the **fox**: a move takes it diagonally in
any of the four directions, ``1..fox_range`` steps through empty squares (it never passes a goose and
never captures).  Whoever cannot move loses: the geese win by trapping the fox, and the fox wins once it
is past them, since the geese then run out of moves while it can always move.

* ``FoxAndGeese = GenFoxAndGeese()``: 8 columns; the traditional start has geese on ``(8,2), (8,4), (8,6),
  (8,8)`` and the fox on ``(1,5)`` (:meth:`GenFoxAndGeese.start`);
* ``CeyloneseFoxAndGeese = GenFoxAndGeese(fox_range=2)``: the fox moves up to two squares.

The game is **loopy**: the fox can move back and forth, so the game graph has cycles (of fox moves) and
positions have loopy values (:mod:`cgt.games.engine.loopy`, ``position.game_value``); they have no
canonical short form.  Alternating play always ends, though: every goose move lowers the sum of the goose
rows, so ``cgt.solve`` finds wins and losses only, never a draw.

**The escape shortcut** (CGSuite): once the fox stands on or above the highest goose row, or one row below
it with an unblocked upward diagonal, no goose can ever get above it again (geese move only down), so the
fox can move for ever while the geese have finitely many moves: the position's value is ``off``.  The
value engine stops there (:meth:`GenFoxAndGeese.known_stopper`).  For the same reason the fox never needs
to climb more than two rows above the highest goose: on row ``T + 1`` (``T`` the highest goose row) its
downward squares of row ``T`` might be blocked, but from row ``T + 2`` it can always step to row ``T + 1``
and back, and no goose can reach those rows.  So fox moves stop at row ``max(T + 2, its row)``: this keeps
every position's set of followers finite without changing who wins any position.

**Speed.**  The loopy engine's game graph is built on 64-bit masks in C (:meth:`GenFoxAndGeese.compiled_graph`,
``games/grid/_fox_and_geese.c``; the Python search is the reference) when the geese fit in 64 squares, and
the values of large graphs come from the compiled component-by-component simplification of stoppers
(every Fox and Geese position is one): the standard start's 721,696 positions in seconds
(``docs/performance.md``).

**Notation.**  ``FoxAndGeese(geese, fox)`` with CGSuite's 1-based ``(row, col)`` coordinates, or a board
string, rows separated by ``|`` with the **top row first** (the highest row holding a piece): ``x`` a
goose, ``o`` the fox, ``.`` any other square.

>>> p = FoxAndGeese([(3, 1), (3, 3)], (1, 1))
>>> str(p)
'x.x.....|........|o.......'
>>> for m in p.moves("Left"):
...     print(m)
(3,1)->(2,2) -> ..x.....|.x......|o.......
(3,3)->(2,2) -> x.......|.x......|o.......
(3,3)->(2,4) -> x.......|...x....|o.......
>>> [m.label for m in p.moves("Right")]
['(1,1)->(2,2)']
>>> FoxAndGeese.escaped(p.position), FoxAndGeese.escaped(FoxAndGeese("...o....|x.x.....").position)
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from cgt.runtime.arguments import integer_argument, is_integer_value
from cgt.runtime.compiled import optional_module
from cgt.errors import InvalidPositionError
from cgt.kernel.player import Player

from cgt.games.grid.ruleset import GridRuleset

__all__ = ["GenFoxAndGeese", "FoxAndGeese", "CeyloneseFoxAndGeese", "Board"]

CATALOGUE = {
    "GenFoxAndGeese": "game.grid.GenFoxAndGeese",
    "FoxAndGeese": "game.grid.FoxAndGeese",
    "CeyloneseFoxAndGeese": "game.grid.CeyloneseFoxAndGeese",
}

Left, Right = Player.Left, Player.Right

#: The compiled game graph (``games/grid/_fox_and_geese.c``), None for the loopy engine's Python search.
_compiled = optional_module("cgt.games.grid._fox_and_geese", "Fox and Geese graph")

#: Highest row a piece may be placed on (rows are bits of an integer; a bigger board is a typo).
MAX_ROW = 200
#: Widest board accepted.
MAX_WIDTH = 64


class Board(NamedTuple):
    """A Fox and Geese position: ``geese`` a bit mask of squares and ``fox`` a square, where square
    ``(row, col)`` is bit ``(row - 1) * board_width + (col - 1)`` (see :meth:`GenFoxAndGeese.square`)."""

    geese: int
    fox: int


class GenFoxAndGeese(GridRuleset):
    """The Fox and Geese family ``GenFoxAndGeese(board_width=8, fox_range=1)`` (see the module docstring)."""

    abstract = False
    loopy = True
    board_kind = "loopy grid"          # keeps it out of the short-game laws of tests/laws/test_ruleset_laws.py
    char_map = ".xo"

    def __init__(self, board_width: int = 8, fox_range: int = 1, name: str | None = None) -> None:
        if not is_integer_value(board_width) or not 2 <= board_width <= MAX_WIDTH:
            raise InvalidPositionError(f"GenFoxAndGeese: board_width = {board_width!r} must be an integer "
                                       f"from 2 to {MAX_WIDTH}")
        self.board_width = int(board_width)
        self.fox_range = integer_argument(fox_range, "GenFoxAndGeese: fox_range", minimum=1,
                                          error=InvalidPositionError)
        if name is not None:
            self.name = name

    def params(self) -> tuple:
        return (self.board_width, self.fox_range)

    def __repr__(self) -> str:
        if self.name is not None:
            return self.name
        return f"GenFoxAndGeese(board_width={self.board_width}, fox_range={self.fox_range})"

    # -- squares ---------------------------------------------------------------------------------------
    def square(self, row: int, col: int) -> int:
        """The bit index of square ``(row, col)`` (1-based, row 1 at the bottom)."""
        return (row - 1) * self.board_width + (col - 1)

    def coordinates(self, square: int) -> tuple[int, int]:
        """The ``(row, col)`` of a bit index."""
        r, c = divmod(square, self.board_width)
        return r + 1, c + 1

    def geese(self, board: Board) -> list[tuple[int, int]]:
        """The goose squares of ``board`` as ``(row, col)``, bottom row first."""
        out, mask, s = [], board.geese, 0
        while mask:
            if mask & 1:
                out.append(self.coordinates(s))
            mask >>= 1
            s += 1
        return out

    def top_goose_row(self, board: Board) -> int:
        """The highest row holding a goose (0 without geese)."""
        return (board.geese.bit_length() - 1) // self.board_width + 1 if board.geese else 0

    # -- positions --------------------------------------------------------------------------------------
    def start(self) -> "Position":
        """The traditional start: a goose on every dark square of row ``board_width``, the fox in the middle
        of row 1 (for the 8-wide board: geese ``(8,2), (8,4), (8,6), (8,8)``, fox ``(1,5)``)."""
        w = self.board_width
        geese = [(w, c) for c in range(1, w + 1) if (w + c) % 2 == 0]
        middle = w // 2 + 1
        fox = (1, middle if middle % 2 == 1 else middle - 1)
        return self(geese, fox)

    def _coordinate(self, value, what: str) -> tuple[int, int]:
        if (not isinstance(value, (tuple, list)) or len(value) != 2
                or not all(is_integer_value(v) for v in value)):
            raise InvalidPositionError(f"{self!r}: {what} must be a (row, col) pair of integers, got {value!r}")
        row, col = value
        if not 1 <= row <= MAX_ROW or not 1 <= col <= self.board_width:
            raise InvalidPositionError(f"{self!r}: {what} ({row},{col}) is off the board (rows 1..{MAX_ROW}, "
                                       f"columns 1..{self.board_width})")
        if (row + col) % 2:
            raise InvalidPositionError(f"{self!r}: {what} ({row},{col}) is a light square (row + col must be "
                                       f"even)")
        return row, col

    def normalize(self, pos) -> Board:
        """A :class:`Board`, a board string, or a pair ``(geese, fox)`` of CGSuite coordinates."""
        if isinstance(pos, str):
            return self.parse(pos)
        if isinstance(pos, Board):
            return self._checked(pos)
        if not isinstance(pos, (tuple, list)) or len(pos) != 2 or not isinstance(pos[0], Iterable):
            raise InvalidPositionError(f"{self!r}: a position is (geese, fox), e.g. [(8,2),(8,4)], (1,5), or "
                                       f"a board string, got {pos!r}")
        geese_given, fox = pos
        mask = 0
        for goose in geese_given:
            s = self.square(*self._coordinate(goose, "goose"))
            if mask >> s & 1:
                raise InvalidPositionError(f"{self!r}: two geese on {self.coordinates(s)}")
            mask |= 1 << s
        f = self.square(*self._coordinate(fox, "fox"))
        if mask >> f & 1:
            raise InvalidPositionError(f"{self!r}: the fox and a goose share the square {self.coordinates(f)}")
        return Board(mask, f)

    def _checked(self, board: Board) -> Board:
        geese = self.geese(board) if board.geese >= 0 else None
        fox = self.coordinates(board.fox) if board.fox >= 0 else None
        if geese is None or fox is None:
            raise InvalidPositionError(f"{self!r}: {board!r} is not a board")
        return self.normalize((geese, fox))

    def parse(self, text: str) -> Board:
        """A board string: rows top first, separated by ``|``; ``x`` goose, ``o`` fox, ``.`` other squares."""
        rows = text.strip().lower().split("|")
        height = len(rows)
        geese, fox = [], None
        for i, line in enumerate(rows):
            row = height - i
            if len(line) != self.board_width:
                raise InvalidPositionError(f"{self!r}: row {row} of {text!r} has {len(line)} squares, "
                                           f"not {self.board_width}")
            for col, ch in enumerate(line, 1):
                if ch == "x":
                    geese.append((row, col))
                elif ch == "o":
                    if fox is not None:
                        raise InvalidPositionError(f"{self!r}: {text!r} has more than one fox 'o'")
                    fox = (row, col)
                elif ch != ".":
                    raise InvalidPositionError(f"{self!r}: unknown character {ch!r} in {text!r} "
                                               f"(use '.', 'x' goose, 'o' fox)")
        if fox is None:
            raise InvalidPositionError(f"{self!r}: {text!r} has no fox 'o'")
        return self.normalize((geese, fox))

    def format(self, board: Board) -> str:
        """The board string, from the highest row holding a piece down to row 1."""
        w = self.board_width
        fox_row, fox_col = self.coordinates(board.fox)
        height = max(self.top_goose_row(board), fox_row)
        lines = []
        for row in range(height, 0, -1):
            base = (row - 1) * w
            cells = ["x" if board.geese >> (base + c) & 1 else "." for c in range(w)]
            if row == fox_row:
                cells[fox_col - 1] = "o"
            lines.append("".join(cells))
        return "|".join(lines)

    # -- value tables: no symmetry (a mirror maps dark squares to light ones on even widths), no parts --
    def normal_form(self, board: Board) -> tuple[Board, bool]:
        """The board itself."""
        return board, False

    def has_components(self) -> bool:
        return False

    def components(self, board: Board) -> list:
        """Indivisible: ``[board]``."""
        return [board]

    # -- the rules ------------------------------------------------------------------------------------
    def moves(self, board: Board, player):
        """``(label, board)`` pairs: Left moves a goose one step diagonally down; Right moves the fox."""
        label = self._label
        return [(label(s, t), option) for s, t, option in self._steps(board, Player.parse(player) is Left)]

    def left_options(self, board: Board) -> list[Board]:
        """The boards after each goose move (as :meth:`moves`, without the labels)."""
        return [option for _, _, option in self._steps(board, True)]

    def right_options(self, board: Board) -> list[Board]:
        """The boards after each fox move (as :meth:`moves`, without the labels)."""
        return [option for _, _, option in self._steps(board, False)]

    def _steps(self, board: Board, geese_move: bool) -> list[tuple[int, int, Board]]:
        """``(from, to, board)`` for each move of the geese (``geese_move``) or of the fox."""
        w = self.board_width
        out = []
        geese, fox = board
        occupied = geese | 1 << fox
        if geese_move:
            mask = geese >> w << w                          # the geese above row 1
            while mask:
                low = mask & -mask
                s = low.bit_length() - 1
                col = s % w
                for dc in (-1, 1):
                    if 0 <= col + dc < w:
                        t = s - w + dc
                        if not occupied >> t & 1:
                            out.append((s, t, Board(geese ^ low | 1 << t, fox)))
                mask ^= low
            return out
        top = max(self.top_goose_row(board) + 2, fox // w + 1)     # the fox's ceiling (module docstring)
        row, col = divmod(fox, w)
        for dr in (1, -1):
            for dc in (-1, 1):
                r, c = row, col
                for _ in range(self.fox_range):
                    r, c = r + dr, c + dc
                    if not (0 <= r < top and 0 <= c < w):
                        break
                    t = r * w + c
                    if geese >> t & 1:
                        break
                    out.append((fox, t, Board(geese, t)))
        return out

    def compiled_graph(self, board: Board, max_states: int):
        """The loopy engine's game graph of ``board`` (a ``PositionGraph``, as
        :func:`cgt.games.engine.loopy.position_graph` builds it: the same positions in the same order) built on
        64-bit masks by the compiled ``cgt.games.grid._fox_and_geese``; None when that is not built
        (``CGT_PURE=1``) or the geese do not fit in 64 squares."""
        from cgt.games.engine.loopy import PositionGraph, graph_too_large

        if (_compiled is None or self.top_goose_row(board) * self.board_width > 64 or self.fox_range > 60
                or not _own_rules(type(self))):
            return None
        out = _compiled.graph(self.board_width, self.fox_range, board.geese, board.fox, max_states)
        if isinstance(out, int):
            raise graph_too_large(self, board, max_states)
        geese, foxes, rows = out
        return PositionGraph(list(map(Board, memoryview(geese).cast("Q").tolist(), memoryview(foxes).cast("i").tolist())),
                             rows)

    def _label(self, s: int, t: int) -> str:
        (r1, c1), (r2, c2) = self.coordinates(s), self.coordinates(t)
        return f"({r1},{c1})->({r2},{c2})"

    def escaped(self, board: Board) -> bool:
        """Whether the fox has escaped (CGSuite's shortcut): it stands on or above the highest goose row,
        or one row below it with an empty square diagonally above it."""
        top = self.top_goose_row(board)
        row, col = self.coordinates(board.fox)
        if row >= top:
            return True
        if row != top - 1:
            return False
        w = self.board_width
        return any(1 <= c <= w and not board.geese >> self.square(top, c) & 1 for c in (col - 1, col + 1))

    def known_stopper(self, board: Board):
        """``"off"`` when the fox has escaped (see :meth:`escaped`), else None: the loopy engine's shortcut."""
        return "off" if self.escaped(board) else None

    def values_table(self, geese) -> list[list]:
        """CGSuite's ``ValuesTable(geese)``: one row per board row, from the highest goose row down to row 1,
        and ``board_width`` columns, holding ``"X"`` on a goose, the loopy value (``game_value``) with the fox
        on each other dark square, and None on light squares.

        >>> rows = GenFoxAndGeese(4).values_table([(3, 1), (3, 3)])
        >>> [[v if v is None or v == "X" else str(v) for v in row] for row in rows]
        [['X', None, 'X', None], [None, '0', None, 'over'], ['{2|0}', None, '{over|0}', None]]
        """
        positions = [self._coordinate(g, "goose") for g in geese]
        top = max((r for r, _ in positions), default=1)
        table = []
        for row in range(top, 0, -1):
            cells = []
            for col in range(1, self.board_width + 1):
                if (row, col) in positions:
                    cells.append("X")
                elif (row + col) % 2:
                    cells.append(None)
                else:
                    cells.append(self(positions, (row, col)).game_value)
            table.append(cells)
        return table

    def depth_hint(self, board: Board) -> int:
        """CGSuite's ``DepthHint``: the sum of the goose rows (every goose move lowers it by one)."""
        return sum(r for r, _ in self.geese(board))


def _own_rules(cls) -> bool:
    """Whether ``cls`` moves as :class:`GenFoxAndGeese` does (a subclass with moves of its own gets no compiled
    graph)."""
    return all(getattr(cls, name) is getattr(GenFoxAndGeese, name)
               for name in ("left_options", "right_options", "known_stopper", "escaped", "_steps"))


FoxAndGeese = GenFoxAndGeese(name="FoxAndGeese")
CeyloneseFoxAndGeese = GenFoxAndGeese(fox_range=2, name="CeyloneseFoxAndGeese")
GenFoxAndGeese.examples = (".x.x.x.x|........|........|........|........|........|........|....o...",
                           "........|........|........|.x.x.x.x|........|........|..o.....|........")
