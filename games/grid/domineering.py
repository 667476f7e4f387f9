"""Domineering: players take turns placing dominoes on the empty cells of a board.

Rules (Göran Andersson; Winning Ways, 2nd ed., vol. 1, ch. 1-2): a position is a board of empty cells ``.``
and occupied cells ``#``.  **Left** places a **vertical** domino on two empty cells ``(r, c)``,
``(r + 1, c)``; **Right** places a **horizontal** one on ``(r, c)``, ``(r, c + 1)``.  Whoever cannot move
loses.  This is CGSuite's ``game.grid.Domineering`` (char map ``".#"``, rows separated by ``|``).

Moves are labelled by the two cells covered, 1-based as in CGSuite: ``"(1,1)-(2,1)"``.

A board is the disjunctive sum of its regions of empty cells, and a transposed board exchanges the
players, so its value is negated; the value tables use both (and the four flips, which keep the value).
A vertical strip of n cells is the integer ``n // 2``, a horizontal one ``-(n // 2)``; more generally a
region where one player can never move is an integer: the number of dominoes the other can still place
(by induction on the options: ``{0, 1, ..., n-1 | } = n``).

Known values (Berlekamp, Conway and Guy, Winning Ways, 2nd ed., vol. 1, ch. 1-2; Albert, Nowakowski and
Wolfe, Lessons in Play, ch. 1-2):

>>> str(Domineering("..|..").value)              # the 2 x 2 square is a hot switch
'+-1'
>>> str(Domineering(".|.|.|.").value), str(Domineering("....").value)
('2', '-2')
>>> str(Domineering("..|.#").value)               # the L tromino is a star
'*'
>>> [str(m) for m in Domineering("...").moves(Player.Right)]
['(1,1)-(1,2) -> ##.', '(1,2)-(1,3) -> .##']
"""

from __future__ import annotations

from cgt.runtime.compiled import optional_module
from cgt.runtime.interrupt import deep, interruptible
from cgt.kernel.game import ZERO, game, integer
from cgt.kernel.player import Player
from cgt.runtime.progress import Progress

from cgt.games.grid import bitboard as bits
from cgt.games.grid.board import FLIP, TRANSPOSING, Grid, Symmetry
from cgt.games.grid.ruleset import GridRuleset

__all__ = ["Domineering"]

CATALOGUE = {"Domineering": "game.grid.Domineering"}

Left, Right = Player.Left, Player.Right
_EMPTY, _FULL = 0, 1


def domino_moves(grid: Grid, dr: int, dc: int):
    """``(label, option)`` for each domino on two empty cells ``(r, c)``, ``(r + dr, c + dc)``."""
    rows, cols, cells = grid.row_count, grid.col_count, grid.cells
    step = dr * cols + dc
    out = []
    for r in range(rows - dr):
        for c in range(cols - dc):
            i = r * cols + c
            if cells[i] == _EMPTY and cells[i + step] == _EMPTY:
                new = bytearray(cells)
                new[i] = new[i + step] = _FULL
                out.append((f"({r + 1},{c + 1})-({r + dr + 1},{c + dc + 1})", Grid(rows, cols, bytes(new))))
    return out


class DomineeringRuleset(GridRuleset):
    """Domineering (see the module docstring); the only instance is :data:`Domineering`."""

    abstract = False
    name = "Domineering"
    char_map = ".#"
    boundary = _FULL
    symmetries = FLIP
    negating_symmetries = TRANSPOSING

    # -- the rules ------------------------------------------------------------------------------------------
    def moves(self, pos: Grid, player: Player):
        """``(label, option)`` pairs: Left's vertical dominoes, Right's horizontal ones."""
        return domino_moves(pos, 1, 0) if Player.parse(player) is Left else domino_moves(pos, 0, 1)

    def left_options(self, pos: Grid):
        """Boards after each vertical domino."""
        return [o for _, o in domino_moves(pos, 1, 0)]

    def right_options(self, pos: Grid):
        """Boards after each horizontal domino."""
        return [o for _, o in domino_moves(pos, 0, 1)]

    # -- the fast solver ------------------------------------------------------------------------------------
    def value(self, pos: Grid):
        """The canonical value of ``pos``, by a bitboard solver (same result as the generic engine).

        A board at most 7 wide goes to the byte-board solver (:class:`_Solver`); one over 7 wide but at most
        7 tall too, transposed (a transposed board exchanges the players: the value is negated); a board
        over 7 both ways is split into its regions (their sum is its value), each solved as above, or by
        the generic bitboard solver (:class:`_GenericSolver`) when it is itself over 7 both ways.

        >>> str(Domineering("...|...").value), str(Domineering("..........|..........").value)
        ('{2|-1/2}', '{3Miny(2)|1||1/2|-1|||-3/2}')
        """
        if pos.col_count <= bits.BYTE_WIDTH:
            return _solve_bytes(self, bits.byte_mask_of_grid(pos, _EMPTY))
        if pos.row_count <= bits.BYTE_WIDTH:        # the transposed board, Left and Right exchanged
            return -_solve_bytes(self, bits.byte_mask_of_grid(pos.permuted(Symmetry.Transpose), _EMPTY))
        parts = self.components(pos)
        if len(parts) == 1 and parts[0].row_count > bits.BYTE_WIDTH and parts[0].col_count > bits.BYTE_WIDTH:
            h, w, m = bits.mask_of_grid(parts[0], _EMPTY)
            return _solve_mask(self, w + 1, m)
        total = ZERO
        for part in parts:
            total = total + self.value(part)
        return total


_INTEGERS = [integer(n) for n in range(-64, 65)]  # the compiled search reads this list as it is


def _integer(n: int):
    return _INTEGERS[n + 64] if -64 <= n <= 64 else integer(n)


#: The byte-board search in C (``games/grid/_domineering.c``), or None: not built, or ``CGT_PURE=1``.  It walks the
#: positions as :class:`_Solver` does, on 64-bit masks (boards at most 8 tall), and shares its key table.
_search = optional_module("cgt.games.grid._domineering", "Domineering search")


@deep
def _solve_bytes(ruleset, m: int):
    solver = _Solver(ruleset)
    try:
        # interruptible(): a Ctrl-C that lands in a garbage-collector callback (where Python drops the
        # KeyboardInterrupt) still stops the search at the next solved region.
        with interruptible(), Progress("positions") as solver.progress:
            if _search is not None and m >> 64 == 0:
                return _search.solve(solver, solver.mask_map("c-whole"), solver.mask_map("c-regions"), m, game,
                                     integer, _INTEGERS)
            return solver.value(m)
    finally:
        solver.flush()                  # the opt-in results cache: one transaction per search


class _Solver(bits.RegionTables):
    """One search on byte boards (stride 8, at most 7 columns: see :mod:`cgt.games.grid.bitboard`).

    Three tables: ``whole`` (positions as met, keyed by their mask), ``regions`` (connected regions where
    both players can move, keyed by their mask moved to row 0 and column 0: when a region is first met, its
    value is entered under all eight of its images, so a flipped, turned or moved copy met later costs a
    translation and a dict lookup) -- both emptied by :meth:`~bitboard.RegionTables.trim` -- and the key
    table (one entry per region up to symmetry, the least image as ``bytes``, solved once).  Flips keep a
    Domineering value and a transposition exchanges the players, negating it (Winning Ways ch. 2; Lessons in
    Play ch. 2); a position is the disjunctive sum of its regions (Siegel, *Combinatorial Game Theory*, II.1).
    """

    keyed_name = "values_by_key"
    disk_cached = True

    def __init__(self, ruleset) -> None:
        super().__init__(ruleset)
        self.whole = self.frame(8)
        self.regions = self.frame("regions")

    def mask_map(self, name: str):
        """The compiled search's table ``name`` (a ``MaskMap``: masks below 2^64 to values), kept with the raw
        tables so that :meth:`~bitboard.RegionTables.trim` and ``clear_caches`` reach it."""
        table = self.raw.get(name)
        if table is None:
            table = self.raw[name] = _search.MaskMap()
        return table

    def value(self, m: int):
        """The value of the empty cells ``m`` (a stride-8 mask)."""
        whole = self.whole
        v = whole.get(m)
        if v is not None:
            return v
        vert = m & (m >> 8)
        hor = m & (m >> 1)
        if not hor:         # Right can never move: an integer, Left's dominoes still to place
            v = _integer(bits.max_matching_1d(vert, 8))
        elif not vert:
            v = _integer(-bits.max_matching_1d(hor, 1))
        else:
            parts = bits.components(m, 8)
            if len(parts) == 1:
                v = self.region(m)
            else:
                n = 0           # integer parts, added once at the end
                v = None
                for part in parts:
                    pval = whole.get(part)      # the same region met before at the same place
                    if pval is None:
                        pv = part & (part >> 8)
                        ph = part & (part >> 1)
                        if not ph:
                            n += bits.max_matching_1d(pv, 8)
                            continue
                        if not pv:
                            n -= bits.max_matching_1d(ph, 1)
                            continue
                        pval = whole[part] = self.region(part)
                    v = pval if v is None else v + pval
                if n:
                    v = _integer(n) if v is None else v + _integer(n)
                elif v is None:
                    v = ZERO
        whole[m] = v
        return v

    def region(self, p: int):
        """The value of a connected region ``p`` where both players can move."""
        t, w = bits.byte_normalise(p)
        regions = self.regions
        v = regions.get(t)
        if v is not None:
            return v
        flips, transposes = bits.byte_images(t, w)
        key = min(flips)
        negated = False
        if transposes:
            other = min(transposes)
            h = len(key)
            if h > w or (h == w and other < key):
                key, negated = other, True
        v = self.keyed.get(key)
        if v is None:
            v = self.solve(key)
        if negated:
            v = -v
        for image in flips:
            regions[int.from_bytes(image, "little")] = v
        if transposes:
            nv = -v
            for image in transposes:
                regions[int.from_bytes(image, "little")] = nv
        return v

    def options(self, key: bytes) -> tuple:
        """The option values of one canonical region (both players have moves): Left's vertical dominoes
        join a cell to the one a row (8 bits) below, Right's horizontal ones to its right neighbour."""
        m = int.from_bytes(key, "little")
        get, value = self.whole.get, self.value
        return bits.domino_options(m, 8, get, value), bits.domino_options(m, 1, get, value)


@deep
def _solve_mask(ruleset, s: int, m: int):
    solver = _GenericSolver(ruleset)
    try:
        # interruptible(): a Ctrl-C that lands in a garbage-collector callback (where Python drops the
        # KeyboardInterrupt) still stops the search at the next solved region.
        with interruptible(), Progress("positions") as solver.progress:
            return solver.value(solver.frame(s), s, m)
    finally:
        solver.flush()                  # the opt-in results cache: one transaction per search


class _GenericSolver(bits.RegionTables):
    """One search on boards over 7 wide both ways: recursion over regions with two tables (raw masks per
    frame, and symmetry keys).

    The raw tables (one per stride) let a position met again in the same frame skip splitting and
    normalising; the key table (regions cropped and reduced by the 8 symmetries, negated under
    transposition) shares work between frames.  Values are sums over regions (a disjunctive sum:
    Siegel, *Combinatorial Game Theory*, II.1).
    """

    keyed_name = "values_by_key"
    disk_cached = True

    def value(self, raw: dict, s: int, m: int):
        """The value of the empty cells ``m`` in a frame of stride ``s`` (``raw`` is its table)."""
        v = raw.get(m)
        if v is not None:
            return v
        vert = m & (m >> s)
        hor = m & (m >> 1)
        if not hor:         # Right can never move: an integer, Left's dominoes still to place
            v = _integer(bits.max_matching_1d(vert, s))
        elif not vert:
            v = _integer(-bits.max_matching_1d(hor, 1))
        else:
            n = 0           # integer parts, added once at the end
            v = None
            keyed = self.keyed
            for part in bits.components(m, s):
                pv = part & (part >> s)
                ph = part & (part >> 1)
                if not ph:
                    n += bits.max_matching_1d(pv, s)
                    continue
                if not pv:
                    n -= bits.max_matching_1d(ph, 1)
                    continue
                pval = raw.get(part) if part != m else None    # the same region met before in this frame
                if pval is None:
                    rows, w = bits.crop(part, s)
                    key, negated = bits.canonical(rows, w)
                    pval = keyed.get(key)
                    if pval is None:
                        pval = self.solve(key)
                    if negated:
                        pval = -pval
                    raw[part] = pval
                v = pval if v is None else v + pval
            if n:
                v = _integer(n) if v is None else v + _integer(n)
            elif v is None:
                v = ZERO
        raw[m] = v
        return v

    def options(self, key) -> tuple:
        """The option values of one canonical region (both players have moves); rows are ``w + 1`` bits apart."""
        h, w, m = key
        s = w + 1
        raw = self.frame(s)
        value = self.value

        def solve_raw(o):
            return value(raw, s, o)
        return bits.domino_options(m, s, raw.get, solve_raw), bits.domino_options(m, 1, raw.get, solve_raw)


#: The Domineering ruleset (CGSuite's ``game.grid.Domineering``).
Domineering = DomineeringRuleset()
