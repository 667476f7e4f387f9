"""Amazons (Walter Zamkauskas, 1988; CGSuite's ``game.grid.Amazons``).

Rules: the board holds Left's amazons ``x``, Right's amazons ``o``, burnt squares ``#`` and empty squares
``.``.  A move slides one of your own amazons like a chess queen (one or more steps in one of the eight
directions, through empty squares only), then the amazon, from its new square, shoots an arrow queen-wise
onto an empty square (the square it has just left counts as empty), which is burnt (``#``) for the rest of
the game.  A player who cannot move loses (normal play).  Left plays ``x``.

Notation: CGSuite's board strings, rows separated by ``|``.  A move is labelled
``(r,c)-(r',c')/(r'',c'')``: the amazon's square, where it lands and where the arrow falls, 1-based
(row 1 at the top), as CGSuite's coordinates.

Values below are worked out from the rules by hand (and agree with the independent program cgt-py): a lone
amazon at the end of a ``1 x n`` strip can make exactly ``n - 1`` moves, one square at a time, shooting
back; in ``x.o`` each side has one move (Left's reaches ``#xo``), after which nobody can move, so it is
``{0|0} = *``.

>>> from cgt.games import Amazons
>>> str(Amazons("x...").value), str(Amazons("x.o").value), str(Amazons("x..|..o").value)
('3', '*', '+-{1,{2|0}}')
>>> [str(m) for m in Amazons("x.|o#").moves("L")]
['(1,1)-(1,2)/(1,1) -> #x|o#']

The value tables use every symmetry of the board (queen moves look the same in all eight images), and
exchanging the colours of all amazons negates the value.  A position splits into independent regions:
the 8-connected regions of squares that are not burnt (an amazon never crosses a burnt square, and a
queen step between two diagonal neighbours is the only way across a corner); a region without amazons is
0 and is dropped, and so is a region without an empty square (its amazons can never move).  (An amazon
with no empty neighbour is *not* as good as a burnt square: a neighbouring amazon may move away and free
it.)

Boards at most 7 wide one way are valued by a bitboard search (:class:`_Solver`): three stride-8 masks (the
``x`` amazons, the ``o`` amazons, the empty squares), queen moves by shifts, regions by flood fill, and one
table of regions under their least image; the position engine (Grid positions) values the others.  The
same search runs in C (``games/grid/_amazons.c``, built when a compiler is present) on boards at most 8 tall
that way, filling the same key table; the Python search is the reference (``CGT_PURE=1``).
"""

from __future__ import annotations

from operator import itemgetter

from cgt.kernel.game import ZERO, game, integer, register_cache
from cgt.runtime.compiled import optional_module
from cgt.kernel.player import Player
from cgt.runtime.interrupt import deep, interruptible
from cgt.runtime.progress import Progress

from cgt.games.grid import bitboard as bits
from cgt.games.grid.board import COMPASS, EIGHT_WAY, Grid, Symmetry, cell_permutation
from cgt.games.grid.ruleset import GridRuleset

__all__ = ["Amazons"]

CATALOGUE = {"Amazons": "game.grid.Amazons"}

EMPTY, LEFT, RIGHT, BURNT = 0, 1, 2, 3

_RAYS: dict = {}
_NORMAL_FORM_MEMO = 1 << 18          # boards whose normal form is remembered (the memo restarts when full)
_IMAGES: dict = {}


def _clear_rays() -> None:
    _RAYS.clear()
    _IMAGES.clear()


register_cache(_clear_rays)


def rays(rows: int, cols: int) -> tuple:
    """For each cell index of a ``rows x cols`` board, its queen rays: per direction, the cell indices
    met walking away from the cell until the edge (empty rays left out).  Memoised per shape.

    >>> rays(2, 2)[0]
    ((1,), (3,), (2,))
    """
    key = (rows, cols)
    table = _RAYS.get(key)
    if table is None:
        table = []
        for r in range(rows):
            for c in range(cols):
                cell_rays = []
                for dr, dc in COMPASS:
                    ray = []
                    rr, cc = r + dr, c + dc
                    while 0 <= rr < rows and 0 <= cc < cols:
                        ray.append(rr * cols + cc)
                        rr += dr
                        cc += dc
                    if ray:
                        cell_rays.append(tuple(ray))
                table.append(tuple(cell_rays))
        table = _RAYS[key] = tuple(table)
    return table


def _images(rows: int, cols: int) -> tuple:
    """``(shape, getters)``: the shape of the least images of a ``rows x cols`` board and, for each symmetry
    giving that shape, a function from cells to the image's cells (as a tuple).  Only images of the least
    shape can be least in the grid order (rows, cols, cells), so the others are never built."""
    key = (rows, cols)
    entry = _IMAGES.get(key)
    if entry is None:
        chosen = [s for s in EIGHT_WAY if (s.transposes if rows > cols else
                                          (rows == cols or not s.transposes))]
        getters = tuple(itemgetter(*cell_permutation(rows, cols, s)) if s is not Symmetry.Identity else tuple
                        for s in chosen)
        shape = (cols, rows) if rows > cols else (rows, cols)
        entry = _IMAGES[key] = (shape, getters)
    return entry


def _cropped(grid: Grid) -> Grid:
    """``grid.cropped(BURNT)``, with the rows and columns tested as byte strings."""
    rows, cols, cells = grid.row_count, grid.col_count, grid.cells
    if not cells:
        return grid
    full_row = b"\x03" * cols
    top = 0
    while top < rows and cells[top * cols:(top + 1) * cols] == full_row:
        top += 1
    if top == rows:
        return Grid(0, 0, b"")
    bottom = rows
    while cells[(bottom - 1) * cols:bottom * cols] == full_row:
        bottom -= 1
    if top or bottom < rows:
        cells = cells[top * cols:bottom * cols]
        rows = bottom - top
    full_col = b"\x03" * rows
    left = 0
    while cells[left::cols] == full_col:
        left += 1
    right = cols
    while cells[right - 1::cols] == full_col:
        right -= 1
    if left or right < cols:
        cells = b"".join(cells[r * cols + left:r * cols + right] for r in range(rows))
        cols = right - left
    if rows == grid.row_count and cols == grid.col_count:
        return grid
    return Grid(rows, cols, cells)


def _most_moves(cells: bytes, rows: int, cols: int, piece: int, memo: dict) -> int:
    """The largest number of moves ``piece`` can make in a row on ``cells`` (no opponent to interfere).

    Each move turns one empty square into a burnt one, so the number of empty squares bounds the answer, and
    the search over a position stops as soon as one option reaches that bound.  Memoised on the exact cells.
    """
    known = memo.get(cells)
    if known is not None:
        return known
    bound = cells.count(EMPTY)
    best = 0
    all_rays = rays(rows, cols)
    board = bytearray(cells)
    start = cells.find(piece)
    while start >= 0 and best < bound:
        board[start] = EMPTY
        for ray in all_rays[start]:
            for to in ray:
                if board[to] or best == bound:
                    break
                board[to] = piece
                for arrow_ray in all_rays[to]:
                    for arrow in arrow_ray:
                        if board[arrow]:
                            break
                        board[arrow] = BURNT
                        n = 1 + _most_moves(bytes(board), rows, cols, piece, memo)
                        board[arrow] = EMPTY
                        if n > best:
                            best = n
                            if best == bound:
                                break
                    if best == bound:
                        break
                board[to] = EMPTY
            if best == bound:
                break
        board[start] = piece
        start = cells.find(piece, start + 1)
    memo[cells] = best
    return best


class AmazonsRuleset(GridRuleset):
    """The game of Amazons (see the module docstring); ``Amazons`` is its one instance."""

    abstract = False
    name = "Amazons"
    char_map = ".xo#"
    #: Random boards for property tests: mostly empty cells (cgt.testing.positions).
    sample_alphabet = ".....xo##"
    symmetries = EIGHT_WAY
    colour_swap = bytes.maketrans(b"\x01\x02", b"\x02\x01")
    boundary = BURNT
    directions = COMPASS

    # -- moves -------------------------------------------------------------------------------------------
    def _options(self, grid: Grid, piece: int, labelled: bool) -> list:
        rows, cols, cells = grid.row_count, grid.col_count, grid.cells
        if not cells:
            return []
        all_rays = rays(rows, cols)
        result = []
        start = cells.find(piece)
        while start >= 0:
            board = bytearray(cells)
            board[start] = EMPTY                    # the square just left counts as empty for the arrow
            for ray in all_rays[start]:
                for to in ray:
                    if board[to]:
                        break
                    board[to] = piece
                    for arrow_ray in all_rays[to]:
                        for arrow in arrow_ray:
                            if board[arrow]:
                                break
                            board[arrow] = BURNT
                            option = Grid(rows, cols, bytes(board))
                            board[arrow] = EMPTY
                            if labelled:
                                result.append((f"({start // cols + 1},{start % cols + 1})-"
                                               f"({to // cols + 1},{to % cols + 1})/"
                                               f"({arrow // cols + 1},{arrow % cols + 1})", option))
                            else:
                                result.append(option)
                    board[to] = EMPTY
            start = cells.find(piece, start + 1)
        return result

    def left_options(self, grid: Grid) -> list:
        """Left's options: every slide of an ``x`` followed by every arrow from its new square."""
        return self._options(grid, LEFT, False)

    def right_options(self, grid: Grid) -> list:
        """Right's options: the same for the ``o`` amazons."""
        return self._options(grid, RIGHT, False)

    def moves(self, grid: Grid, player) -> list:
        """``(label, option)`` pairs, labelled ``(r,c)-(r',c')/(r'',c'')`` (from, to, arrow; 1-based).

        >>> [label for label, _ in Amazons.moves(Amazons.parse("x.."), "L")]
        ['(1,1)-(1,2)/(1,3)', '(1,1)-(1,2)/(1,1)', '(1,1)-(1,3)/(1,2)', '(1,1)-(1,3)/(1,1)']
        """
        piece = LEFT if Player.parse(player) is Player.Left else RIGHT
        return self._options(grid, piece, True)

    # -- one-sided regions ---------------------------------------------------------------------------------
    def value_hint(self, grid: Grid):
        """The value of a region by the bitboard search (:class:`_Solver`) when the board is at most 7 wide one
        way; else, for a region where only one player has amazons, that player's most moves; else None.

        Only one player can ever move in a one-sided region, so its value is the integer counting the most
        moves that player can make (a game in which only Left can move is a non-negative integer: Siegel,
        *Combinatorial Game Theory*, II.3), found by a plain search for the longest sequence of moves, cut off
        as soon as a sequence uses every empty square (each move burns exactly one).

        >>> str(Amazons.value_hint(Amazons.parse("x..|.#.|..."))), str(Amazons.value_hint(Amazons.parse("x.o")))
        ('7', '*')
        """
        if grid.col_count > bits.BYTE_WIDTH:
            if grid.row_count <= bits.BYTE_WIDTH:
                grid = grid.permuted(Symmetry.Transpose)        # queen moves look the same turned
        if grid.col_count <= bits.BYTE_WIDTH:
            return _solve_bytes(self, bits.byte_mask_of_grid(grid, LEFT), bits.byte_mask_of_grid(grid, RIGHT),
                                bits.byte_mask_of_grid(grid, EMPTY), 8 * max(grid.row_count, grid.col_count))
        cells = grid.cells
        if RIGHT not in cells:
            piece, sign = LEFT, 1
        elif LEFT not in cells:
            piece, sign = RIGHT, -1
        else:
            return None
        # The memo is keyed by the cells alone, so it is one per board shape: the same bytes on a board of
        # another width are another position.
        memo = self.table("one-sided").setdefault((grid.row_count, grid.col_count), {})
        moves = _most_moves(cells, grid.row_count, grid.col_count, piece, memo)
        return integer(sign * moves)

    # -- value tables ------------------------------------------------------------------------------------
    def normal_form(self, grid: Grid) -> tuple[Grid, bool]:
        """The least of the 16 images of the cropped board (8 symmetries, with or without the colours
        swapped) and whether the colours were swapped (same result as GridRuleset's, computed faster).

        >>> [(Amazons.format(g), swapped) for g, swapped in map(Amazons.normal_form, [Amazons.parse("#o|.x")])]
        [('.x|#o', False)]
        """
        memo = self.table("normal forms")          # the same board is often reached by several move orders
        known = memo.get(grid)
        if known is not None:
            return known
        if len(memo) >= _NORMAL_FORM_MEMO:
            memo.clear()
        result = memo[grid] = self._normal_form(grid)
        return result

    def _normal_form(self, grid: Grid) -> tuple[Grid, bool]:
        grid = _cropped(grid)
        cells = grid.cells
        if len(cells) <= 1:
            if cells == b"\x02":
                return Grid(1, 1, b"\x01"), True
            return grid, False
        (rows, cols), getters = _images(grid.row_count, grid.col_count)
        swapped_cells = cells.translate(self.colour_swap)
        best, negated = None, False
        for getter in getters:
            image = getter(cells)
            if best is None or image < best or (negated and image == best):   # ties: unswapped wins
                best, negated = image, False
            image = getter(swapped_cells)
            if image < best:
                best, negated = image, True
        return Grid(rows, cols, bytes(best)), negated

    # -- components ----------------------------------------------------------------------------------------
    def components(self, grid: Grid) -> list:
        """The independent regions (8-connected squares that are not burnt) holding an amazon and an empty
        square; any other region is 0, as nobody can ever move there.

        >>> [Amazons.format(g) for g in Amazons.components(Amazons.parse("x.#.o|###.#|..#ox"))]
        ['x.', '.o|.#|ox']
        >>> Amazons.components(Amazons.parse("xo#|###|..."))     # amazons without a square to go to
        []
        """
        cells = grid.cells
        if EMPTY not in cells or (LEFT not in cells and RIGHT not in cells):
            return []
        return [part for part in grid.decomposition(BURNT, COMPASS)
                if EMPTY in part.cells and (LEFT in part.cells or RIGHT in part.cells)]


# -- the bitboard search ---------------------------------------------------------------------------------------
#: Bit shifts of the eight queen directions on a stride-8 board.  A step off the left or right edge lands in
#: column 7, which never holds a square (boards are at most 7 wide), so it is blocked like a burnt square.
_SHIFTS = (1, 8, 7, 9)


_INTEGERS = [integer(n) for n in range(-64, 65)]  # the compiled search reads this list as it is

#: The byte-board search in C (``games/grid/_amazons.c``), or None: not built, or ``CGT_PURE=1``.  It walks the
#: positions as :class:`_Solver` does, on 64-bit masks (boards at most 8 tall), and shares its key table.
_search = optional_module("cgt.games.grid._amazons", "Amazons search")


@deep
def _solve_bytes(ruleset, x: int, o: int, e: int, n: int):
    solver = _Solver(ruleset, n)
    try:
        # interruptible(): a Ctrl-C that lands in a garbage-collector callback (where Python drops the
        # KeyboardInterrupt) still stops the search at the next solved region.
        with interruptible(), Progress("positions") as solver.progress:
            if _search is not None and (x | o | e) >> 64 == 0:
                return _search.solve(solver, solver.position_map("c-whole"), solver.position_map("c-longest"),
                                     solver.position_map("c-negatives"), x, o, e, game, _INTEGERS)
            return solver.value(x, o, e)
    finally:
        solver.flush()                  # the opt-in results cache: one transaction per search


def _most_moves_masks(p: int, e: int, n: int, memo: dict) -> int:
    """The largest number of moves the amazons ``p`` can make in a row with empty squares ``e`` (masks of
    ``n`` bits; no opponent to interfere), cut off when a sequence uses every empty square; memoised on
    ``p | e << n``."""
    k = p | e << n
    known = memo.get(k)
    if known is not None:
        return known
    bound = e.bit_count()
    best = 0
    rest = p
    while rest and best < bound:
        b = rest & -rest
        rest ^= b
        e1 = e | b
        for s in _SHIFTS:
            for up in (False, True):
                t = b >> s if up else b << s
                while t & e and best < bound:
                    e2 = e1 ^ t
                    q = p ^ b ^ t
                    for s2 in _SHIFTS:
                        for up2 in (False, True):
                            a = t >> s2 if up2 else t << s2
                            while a & e2:
                                m = 1 + _most_moves_masks(q, e2 ^ a, n, memo)
                                if m > best:
                                    best = m
                                    if best == bound:
                                        break
                                a = a >> s2 if up2 else a << s2
                            if best == bound:
                                break
                        if best == bound:
                            break
                    t = t >> s if up else t << s
    memo[k] = best
    return best


class _Solver(bits.RegionTables):
    """One search of an Amazons board held as three stride-8 masks (:mod:`cgt.games.grid.bitboard`): ``x``
    Left's amazons, ``o`` Right's, ``e`` the empty squares (every other square of the board is burnt).

    A move slides an amazon from ``b`` along a direction while the next square is empty (``t`` walks by a
    shift), then shoots along a direction from ``t`` through the squares empty after the slide (``e | b``
    without ``t``).  A position is the sum of its 8-connected regions of squares that are not burnt (Siegel,
    *Combinatorial Game Theory*, II.1); a region without amazons or without an empty square is 0, and one
    where only one player has amazons is the integer counting that player's most moves in a row.  The
    eight board symmetries keep a value, exchanging the colours negates it.  Tables: ``whole`` (positions
    as met, and regions moved to row 0 and column 0, keyed ``x | o << n | e << 2n``) and the key table
    (regions under their least image: the rows of ``x``, ``o`` and ``e`` as ``bytes``).
    """

    keyed_name = "regions_by_key"
    disk_cached = True

    def __init__(self, ruleset, n: int) -> None:
        super().__init__(ruleset)
        self.n = n
        self.whole = self.frame(("whole", n))
        self.one_sided = ruleset.table("one-sided masks").setdefault(n, {})

    def position_map(self, name: str):
        """The compiled search's table ``name`` (a ``PositionMap``: positions as three masks below 2^64 to
        values), kept with the raw tables so that :meth:`~bitboard.RegionTables.trim` and ``clear_caches`` reach
        it."""
        table = self.raw.get(name)
        if table is None:
            table = self.raw[name] = _search.PositionMap()
        return table

    def value(self, x: int, o: int, e: int):
        """The value of the position with amazons ``x`` (Left's) and ``o`` (Right's) and empty squares ``e``."""
        whole = self.whole
        n = self.n
        k = x | o << n | e << 2 * n
        v = whole.get(k)
        if v is not None:
            return v
        live = x | o | e
        if not e or not (x or o):
            v = ZERO
        else:
            # 8-connected regions of the squares that are not burnt, by flood fill.
            v = None
            rest = live
            while rest:
                part = rest & -rest
                while True:
                    grown = (part | part << 1 | part >> 1 | part << 8 | part >> 8 | part << 7 | part >> 7
                             | part << 9 | part >> 9) & rest
                    if grown == part:
                        break
                    part = grown
                rest ^= part
                pe = e & part
                if not pe:
                    continue
                px, po = x & part, o & part
                if not (px or po):
                    continue
                if part == live:
                    pval = self.region(px, po, pe, part)
                else:
                    pval = whole.get(px | po << n | pe << 2 * n)
                    if pval is None:
                        pval = self.region(px, po, pe, part)
                v = pval if v is None else v + pval
            if v is None:
                v = ZERO
        whole[k] = v
        return v

    def region(self, x: int, o: int, e: int, live: int):
        """The value of one region (``live == x | o | e``, holding an amazon and an empty square), entered in
        ``whole`` as met and moved to row 0 and column 0."""
        if not o:
            return integer(_most_moves_masks(x, e, self.n, self.one_sided))
        if not x:
            return integer(-_most_moves_masks(o, e, self.n, self.one_sided))
        shift, w = bits.byte_offset(live)
        whole = self.whole
        n = self.n
        k = x | o << n | e << 2 * n
        if shift:
            x >>= shift
            o >>= shift
            e >>= shift
            t = x | o << n | e << 2 * n
            v = whole.get(t)
            if v is not None:
                whole[k] = v
                return v
        else:
            t = k
        key, negated = self.key(x, o, e, w)
        v = self.keyed.get(key)
        if v is None:
            v = self.solve(key)
        if negated:
            v = -v
        whole[t] = whole[k] = v
        return v

    @staticmethod
    def key(x: int, o: int, e: int, w: int) -> tuple[bytes, bool]:
        """``(key, negated)``: the least image of a region moved to row 0 and column 0 (``w`` columns wide)
        under the eight symmetries and the colour exchange, as the rows of ``x``, ``o``, ``e``; ``negated``
        when it is an image with the colours exchanged.  Only images of the least shape (fewer rows first)
        can be least, so a region taller than wide is transposed first."""
        h = ((x | o | e).bit_length() + 7) >> 3
        xs, os, es = x.to_bytes(h, "little"), o.to_bytes(h, "little"), e.to_bytes(h, "little")
        if h > w and h <= bits.BYTE_WIDTH:
            t = bits.byte_transpose
            xs, os, es, h, w = t(xs, w), t(os, w), t(es, w), w, h
        flip = bits.FLIP[w]
        images = []
        for _ in range(2 if h == w else 1):
            xm, om, em = xs.translate(flip), os.translate(flip), es.translate(flip)
            images += [(xs, os, es), (xs[::-1], os[::-1], es[::-1]), (xm, om, em), (xm[::-1], om[::-1], em[::-1])]
            if h == w:
                t = bits.byte_transpose
                xs, os, es = t(xs, w), t(os, w), t(es, w)
        key = min(a + b + c for a, b, c in images)
        other = min(b + a + c for a, b, c in images)
        # On a tie the unswapped image wins: a region that is its own colour swap is never "negated".
        if other < key:
            return other, True
        return key, False

    def options(self, key: bytes) -> tuple:
        """The option values of one canonical region."""
        h = len(key) // 3
        x = int.from_bytes(key[:h], "little")
        o = int.from_bytes(key[h:2 * h], "little")
        e = int.from_bytes(key[2 * h:], "little")
        return self.moves_of(x, o, e, True), self.moves_of(x, o, e, False)

    def moves_of(self, x: int, o: int, e: int, left: bool) -> set:
        """The values of the options of Left (``left``) or Right."""
        n = self.n
        get = self.whole.get
        value = self.value
        out = set()
        p = x if left else o
        rest = p
        while rest:
            b = rest & -rest
            rest ^= b
            e1 = e | b                  # the square just left counts as empty for the arrow
            for s in _SHIFTS:
                for up in (False, True):
                    t = b >> s if up else b << s
                    while t & e:
                        e2 = e1 ^ t
                        if left:
                            nx, no = x ^ b ^ t, o
                        else:
                            nx, no = x, o ^ b ^ t
                        base = nx | no << n
                        for s2 in _SHIFTS:
                            a = t << s2
                            while a & e2:
                                ne = e2 ^ a
                                v = get(base | ne << 2 * n)
                                out.add(v if v is not None else value(nx, no, ne))
                                a <<= s2
                            a = t >> s2
                            while a & e2:
                                ne = e2 ^ a
                                v = get(base | ne << 2 * n)
                                out.add(v if v is not None else value(nx, no, ne))
                                a >>= s2
                        t = t >> s if up else t << s
        return out


#: The ruleset (CGSuite's singleton ``game.grid.Amazons``).
Amazons = AmazonsRuleset()
