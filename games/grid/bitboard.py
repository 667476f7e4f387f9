"""Bitboards for the domino-placing games (Domineering, Cram) and Clobber: the shared fast core.

A region of empty cells is an ``int`` *mask*: cell ``(r, c)`` is bit ``r * S + c``, where the *stride*
``S`` is the board width plus one.  The extra column is always 0, so shifting by 1 never carries a cell
into the next row, and

* ``m & (m >> S)`` has a bit at each cell whose lower neighbour is empty too: the vertical dominoes;
* ``m & (m >> 1)`` likewise marks the horizontal dominoes;
* a connected region grows by ``(x << 1 | x >> 1 | x << S | x >> S) & m`` (flood fill, four at a time), and
  rightwards along whole runs of cells at once by ``((m + x) ^ m) & m`` (the carry of an addition runs to
  the end of a run of ones).

Regions are stored in the value tables under a *key* ``(h, w, mask)``: the region cropped to its bounding
box (``h`` rows, ``w`` columns, stride ``w + 1``), and the least of its images under the eight symmetries
of the rectangle, with a flag telling whether that image is transposed (Domineering: a transposed board
exchanges the players, so its value is negated; Cram, impartial, ignores the flag).

*Byte boards* (boards at most :data:`BYTE_WIDTH` = 7 wide) fix the stride at 8, so row ``r`` of a mask is
byte ``r`` of ``mask.to_bytes(h, "little")``: :func:`byte_offset` and :func:`byte_normalise` crop with a few
shifts, and :func:`byte_images` gives the eight images of a region with ``bytes`` operations (a mirror is
``translate`` through a bit-reversal table, upside down is ``[::-1]``, the transpose one table lookup per
row).  The Domineering and Clobber solvers key their regions by these images (as ``bytes``).

>>> g = from_rows([0b011, 0b110], 3)     # empty cells of "..#|#..": bit c of a row is column c
>>> [bin(r) for r in rows_of(g, 2, 4)], g == 0b011 | 0b110 << 4
(['0b11', '0b110'], True)
>>> canonical(*crop(g, 4))               # (h, w, mask) of the least image, and "not transposed"
((2, 3, 99), False)
>>> components(from_rows([0b101, 0b101], 3), 4) == [1 | 1 << 4, 1 << 2 | 1 << 6]   # ".#.|.#.": two columns
True
"""

from __future__ import annotations

from operator import lshift

from cgt.errors import TooLargeError
from cgt.kernel.game import game
from cgt.runtime.interrupt import check_interrupt
from cgt.runtime.limits import check_memory

from cgt.games.engine import results_cache

__all__ = ["from_rows", "rows_of", "components", "crop", "canonical", "pack", "max_matching_1d",
           "mask_of_grid", "RegionTables", "BYTE_WIDTH", "byte_mask_of_grid", "byte_offset", "byte_normalise",
           "byte_images", "byte_transpose", "FLIP"]

# rev[w][x]: the w-bit number x read backwards (column flip of one row).
_REVERSE: dict[int, list[int]] = {}


def _reverse_table(w: int) -> list[int]:
    table = _REVERSE.get(w)
    if table is None:
        if w > 16:
            return None
        table = [int(format(x, f"0{w}b")[::-1], 2) if w else 0 for x in range(1 << w)]
        _REVERSE[w] = table
    return table


def _reverse(x: int, w: int) -> int:
    return int(format(x, f"0{w}b")[::-1], 2)


def from_rows(rows, w: int) -> int:
    """The mask (stride ``w + 1``) of a region given row by row as ``w``-bit numbers (bit c = column c)."""
    s = w + 1
    m = 0
    for r, bits in enumerate(rows):
        m |= bits << (r * s)
    return m


pack = from_rows


def rows_of(m: int, h: int, s: int) -> list[int]:
    """The ``h`` rows of mask ``m`` (stride ``s``) as numbers of ``s - 1`` bits."""
    full = (1 << (s - 1)) - 1
    return [(m >> (r * s)) & full for r in range(h)]


def mask_of_grid(grid, empty: int = 0) -> tuple[int, int, int]:
    """``(h, w, mask)`` of the cells of ``grid`` holding ``empty`` (stride ``w + 1``)."""
    h, w = grid.row_count, grid.col_count
    s = w + 1
    cells = grid.cells
    m = 0
    for i, v in enumerate(cells):
        if v == empty:
            r, c = divmod(i, w)
            m |= 1 << (r * s + c)
    return h, w, m


def components(m: int, s: int):
    """The connected regions (orthogonal adjacency) of mask ``m`` (stride ``s``), by bit flood fill."""
    parts = []
    while m:
        x = m & -m
        while True:
            y = (x | x >> 1 | x << s | x >> s) & m
            # Rightwards a whole run at once: adding y to m carries from each cell of y to the end of its
            # run of m (the always-empty last column stops every carry inside its row).
            y |= ((m + y) ^ m) & m
            if y == x:
                break
            x = y
        parts.append(x)
        m ^= x
    return parts


def crop(m: int, s: int) -> tuple[list[int], int]:
    """``(rows, w)``: the non-empty mask ``m`` (stride ``s``) cut to its bounding box, rows as w-bit numbers."""
    r0 = ((m & -m).bit_length() - 1) // s
    r1 = (m.bit_length() - 1) // s
    full = (1 << (s - 1)) - 1
    rows = [(m >> (r * s)) & full for r in range(r0, r1 + 1)]
    cols = 0
    for x in rows:
        cols |= x
    c0 = (cols & -cols).bit_length() - 1
    if c0:
        rows = [x >> c0 for x in rows]
    return rows, cols.bit_length() - c0


def _transpose(rows: list[int], w: int) -> list[int]:
    out = []
    for c in range(w):
        col = 0
        for r, x in enumerate(rows):
            if x >> c & 1:
                col |= 1 << r
        out.append(col)
    return out


def canonical(rows: list[int], w: int, transposing: bool = True):
    """``((h, w, mask), transposed)``: the least image of a cropped region under the rectangle's symmetries.

    Images are compared by ``(h, w, rows)``, so the key has ``h <= w`` when ``transposing`` is allowed.
    ``transposed`` says whether the chosen image is a transposition of the region (which negates a
    Domineering value).
    """
    h = len(rows)
    rev = _reverse_table(w)
    flipped = [rev[x] for x in rows] if rev is not None else [_reverse(x, w) for x in rows]
    best = min(rows, rows[::-1], flipped, flipped[::-1])
    best_h, best_w, negated = h, w, False
    if transposing and h >= w:
        t = _transpose(rows, w)
        rev = _reverse_table(h)
        tf = [rev[x] for x in t] if rev is not None else [_reverse(x, h) for x in t]
        other = min(t, t[::-1], tf, tf[::-1])
        if h > w or other < best:
            best, best_h, best_w, negated = other, w, h, True
    return (best_h, best_w, from_rows(best, best_w)), negated


# -- byte boards: stride 8 ---------------------------------------------------------------------------------------
#: The widest board a *byte board* holds.  With stride 8, row r of a mask is byte r of ``mask.to_bytes``, so
#: cropping, flipping and transposing a region are a few C-level ``int``/``bytes`` operations instead of a
#: Python loop over rows; column 7 stays empty (the separator that keeps ``m >> 1`` inside a row).
BYTE_WIDTH = 7

_REV8 = [int(f"{x:08b}"[::-1], 2) for x in range(256)]
# _FLIP[w]: a bytes.translate table reversing the low w bits of a byte (a row of a region w wide, flipped).
_FLIP = [bytes(_REV8[x] >> (8 - w) & 0xFF for x in range(256)) for w in range(9)]
#: ``FLIP[w]``: the ``bytes.translate`` table mirroring a row ``w`` columns wide.
FLIP = _FLIP
# _SPREAD[x]: bit c of x moved to bit 8c (a row made into a column: the transpose, one row at a time).
_SPREAD = tuple(sum(1 << 8 * c for c in range(8) if x >> c & 1) for x in range(256))
_spread = _SPREAD.__getitem__


def byte_mask_of_grid(grid, empty: int = 0) -> int:
    """The stride-8 mask of the cells of ``grid`` (at most :data:`BYTE_WIDTH` columns) holding ``empty``.

    >>> from cgt.games.grid.board import Grid
    >>> bin(byte_mask_of_grid(Grid.from_rows([[0, 1], [0, 0]])))
    '0b1100000001'
    """
    w = grid.col_count
    cells = grid.cells
    m = 0
    for r in range(grid.row_count):
        row = cells[r * w:(r + 1) * w]
        x = 0
        for c in range(w - 1, -1, -1):
            x = x << 1 | (row[c] == empty)
        m |= x << 8 * r
    return m


def byte_offset(p: int) -> tuple[int, int]:
    """``(shift, w)``: ``p >> shift`` moves the non-empty stride-8 mask ``p`` to touch row 0 and column 0,
    and ``w`` is its width (see :func:`byte_normalise`).

    >>> byte_offset(0b110 << 16 | 0b010 << 24)        # rows 2-3, columns 1-2
    (17, 2)
    """
    r0 = (p & -p).bit_length() - 1 & ~7
    x = _columns_in_use(p >> r0)
    c0 = (x & -x).bit_length() - 1
    return r0 + c0, x.bit_length() - c0


def _columns_in_use(x: int) -> int:
    """The byte of columns that some row of the stride-8 mask ``x`` occupies (every row OR-ed onto row 0)."""
    if x >> 64:
        k = 64
        while x >> k:
            k <<= 1
        while k > 8:
            k >>= 1
            x |= x >> k
    else:
        x |= x >> 32
        x |= x >> 16
        x |= x >> 8
    return x & 0xFF


def byte_normalise(p: int) -> tuple[int, int]:
    """``(t, w)``: the non-empty stride-8 mask ``p`` moved to touch row 0 and column 0, and its width.

    Translation keeps every value, so ``t`` keys a table of regions (Siegel, *Combinatorial Game Theory*,
    II.1: a position is its set of cells; where it lies on the board does not matter).

    >>> byte_normalise(0b110 << 16 | 0b010 << 24)     # rows 2-3, columns 1-2
    (259, 2)
    """
    q = p >> ((p & -p).bit_length() - 1 & ~7)          # first non-empty row to row 0
    x = _columns_in_use(q)
    c0 = (x & -x).bit_length() - 1
    return q >> c0, x.bit_length() - c0


def byte_images(t: int, w: int, h: int = 0) -> tuple[tuple[bytes, ...], tuple[bytes, ...]]:
    """``(flips, transposes)``: the images of a normalised byte-board region under the rectangle's symmetries.

    ``flips`` are the region, upside down, mirrored, and both (rows as bytes); ``transposes`` the same four
    of its transpose, or ``()`` when the region is over :data:`BYTE_WIDTH` rows (its transpose would not fit).
    Every image is normalised (``int.from_bytes(image, "little")`` is its mask).  ``h`` (default: the rows of
    ``t``) and ``w`` may be those of a larger region holding ``t``, to move several masks (the stones of each
    colour) the same way.

    >>> flips, transposes = byte_images(0b011 | 0b110 << 8, 3)       # "..#|#..", an S tetromino
    >>> [list(image) for image in flips], [list(image) for image in transposes]
    ([[3, 6], [6, 3], [6, 3], [3, 6]], [[1, 3, 2], [2, 3, 1], [2, 3, 1], [1, 3, 2]])
    """
    if not h:
        h = (t.bit_length() + 7) >> 3
    rows = t.to_bytes(h, "little")
    flipped = rows.translate(_FLIP[w])
    flips = (rows, rows[::-1], flipped, flipped[::-1])
    if h > BYTE_WIDTH:
        return flips, ()
    cols = sum(map(lshift, map(_spread, rows), range(h))).to_bytes(w, "little")
    flipped = cols.translate(_FLIP[h])
    return flips, (cols, cols[::-1], flipped, flipped[::-1])


def byte_transpose(rows: bytes, w: int) -> bytes:
    """The transpose of a byte-board region given as its rows (``h <= BYTE_WIDTH`` bytes, ``w`` columns used):
    its ``w`` columns as rows.

    >>> list(byte_transpose(bytes([0b011, 0b110]), 3))       # "..#|#.." turned: ".#|..|#."
    [1, 3, 2]
    """
    return sum(map(lshift, map(_spread, rows), range(len(rows)))).to_bytes(w, "little")


def max_matching_1d(anchors: int, step: int) -> int:
    """Most disjoint dominoes among ``anchors`` (bit i: cells i and i + step), all in one direction.

    Dominoes in one direction only interact along their line, where taking the first free one is
    optimal, so the greedy count is the maximum (a run of n cells holds floor(n / 2)).

    >>> max_matching_1d(0b111, 1)     # a row of 4 cells
    2
    """
    count = 0
    while anchors:
        low = anchors & -anchors
        count += 1
        anchors &= ~(low | low << step)
    return count


class RegionTables:
    """The two tables of a bitboard solver, kept in its ruleset's tables (so ``clear_caches`` reaches them).

    * ``raw``: one dict per stride, keyed by the mask as met -- a cache in front of the key table, emptied
      by :meth:`trim` when it outgrows :attr:`raw_limit` (it only saves work);
    * ``keyed``: values of regions under their canonical key (see :func:`canonical`).
    """

    #: Entries the raw tables may hold (all strides together) before :meth:`trim` empties them.
    raw_limit = 4_000_000
    #: How often (in solved regions) the raw tables' size is checked.
    trim_every = 4096
    #: Name of the key table in the ruleset's tables (subclasses set it).
    keyed_name = "values_by_key"

    #: Whether the key table is kept in the opt-in on-disk results cache (:mod:`cgt.games.engine.results_cache`)
    #: when it is enabled; values must then be games (stored as text).
    disk_cached = False

    def __init__(self, ruleset) -> None:
        self.raw = ruleset.table("raw")
        self.keyed = ruleset.table(self.keyed_name)
        self.cap = ruleset.max_positions
        self.ruleset = ruleset
        self.progress = None
        cache = results_cache.ACTIVE
        self.disk = cache.table(ruleset, self.keyed_name) if cache is not None and self.disk_cached else None

    def recall(self, key):
        """The value of a canonical region from the on-disk results cache (entered in the key table), or None."""
        value = self.disk.get_game(key)
        if value is not None:
            self.keyed[key] = value
        return value

    def flush(self) -> None:
        """Write the regions solved since the last flush to the results cache, if it is enabled."""
        if self.disk is not None:
            self.disk.flush()

    def trim(self) -> None:
        """Empty the raw tables when they outgrow :attr:`raw_limit`."""
        if sum(len(raw) for raw in self.raw.values()) > self.raw_limit:
            for raw in self.raw.values():
                raw.clear()                     # in place: callers up the stack hold these dicts

    def frame(self, s: int) -> dict:
        """The raw table of stride ``s``."""
        raw = self.raw.get(s)
        if raw is None:
            raw = self.raw[s] = {}
        return raw

    def solve(self, key):
        """The value of one canonical region ``{lefts | rights}``: from the on-disk results cache when it has
        it, else from the option values :meth:`options` gives, entered by :meth:`store`."""
        if self.disk is not None:
            known = self.recall(key)
            if known is not None:
                return known
        lefts, rights = self.options(key)
        return self.store(key, game(lefts, rights))

    def options(self, key) -> tuple:
        """``(lefts, rights)``: the values of the options of the region with canonical key ``key``."""
        raise NotImplementedError(f"{type(self).__name__} must define options(key)")

    def store(self, key, value):
        """Enter a solved region in the key table (TooLargeError past the ruleset's ``max_positions``);
        now and then trim the raw tables and check the memory cap; tick the progress bar; stop here on
        Ctrl-C."""
        keyed = self.keyed
        if len(keyed) >= self.cap:
            raise TooLargeError(f"{self.ruleset!r}: the search needs more than {self.cap:,} regions in its table "
                                f"(raise max_positions, or call cgt.clear_caches())")
        keyed[key] = value
        if self.disk is not None:
            self.disk.put_game(key, value)
        if not len(keyed) % self.trim_every:
            self.trim()
            check_memory()              # TooLargeError past the memory cap (cgt.limits.set_memory_cap)
        if self.progress is not None:
            self.progress.tick()
        check_interrupt()
        return value


def domino_options(m: int, step: int, known, solve) -> set:
    """The values of the positions left by one domino on two cells ``step`` bits apart in the region mask
    ``m`` (Domineering's dominoes of one player, Cram's of either): ``known(o)`` (a table's ``get``) or else
    ``solve(o)``."""
    out = set()
    x = m & (m >> step)
    while x:
        low = x & -x
        x ^= low
        o = m ^ (low | low << step)
        v = known(o)
        out.add(v if v is not None else solve(o))
    return out
