"""Clobber and its generalisation ``GenClobber`` (CGSuite's ``game.grid.GenClobber`` and named instances).

**Rules** (Albert, Grossman, Nowakowski, Wolfe, "An introduction to Clobber", *INTEGERS* 5(2) (2005) #A1;
Albert, Nowakowski, Wolfe, *Lessons in Play*, 2007).  Black and white stones lie on a board.  Left owns the
black stones ``x``, Right the white stones ``o``.  A move takes one of your stones onto an orthogonally
adjacent stone of your opponent, which is removed ("clobbered"); the cell the stone left becomes empty.
The player who cannot move loses.  A move exists for Left exactly when some ``x`` touches some ``o``, which
is also the condition for Right, so every Clobber value is *all-small* (infinitesimal).

**The family** ``GenClobber(directions, clobbered, left_behind, max_distance)`` (CGSuite's
``GenClobber(directions, clobbered, leftBehind, maxDistance)``): a move by player ``p`` picks a stone of
``p`` and a direction ``d``; it walks along ``d`` through empty cells, at most ``max_distance`` steps; the
cell where it stops (the first non-empty cell, or the cell at distance ``max_distance``; off the board is
illegal) must hold a value in ``clobbered[p]``; the stone moves there and its old cell becomes
``left_behind[p]``.  ``max_distance`` may be ``math.inf``.  Named instances, as in CGSuite:

=============  ========================================================================================
``Clobber``     ``GenClobber()``
``AntiClobber`` ``GenClobber(clobbered={Left: {0}, Right: {0}}, left_behind={Left: 2, Right: 1})``: step
                onto an empty neighbour, leaving an enemy stone behind (Clobber played backwards)
``HotClobber``  ``GenClobber(clobbered={Left: {1, 2}, Right: {1, 2}})``: capture a stone of either colour
``Kings``       ``GenClobber(directions=COMPASS)``
``Knights``     ``GenClobber(directions=KNIGHTS_MOVE)``
``Rooks``       ``GenClobber(max_distance=math.inf)``
``Queens``      ``GenClobber(directions=COMPASS, max_distance=math.inf)``
=============  ========================================================================================

**Notation.** CGSuite's board strings: rows separated by ``|``, ``.`` empty (0), ``x`` Left/black (1),
``o`` Right/white (2), and ``#`` an inert cell (3) when a ``clobbered`` set contains 0 (or a parameter
mentions 3).  Moves are labelled with CGSuite's 1-based ``(row,col)`` coordinates: ``(1,1)->(1,2)``.

**How values are computed** (all of it only feeds the value tables; positions keep what the user wrote):

* Clobber's own rules (``Clobber``, or ``GenClobber()`` by any name) on a board at most 7 wide one way: each
  group of stones goes to a bitboard solver (two integer masks, moves by shifts, see ``_Solver``), which
  uses the decomposition and symmetries below on masks -- as compiled code (``games/grid/_clobber.c``, the same
  walk on 64-bit masks, boards at most 8 tall) when it is built and ``CGT_PURE`` is not set, else the Python
  solver, the reference; both fill one table of values.  Everything else uses the position engine.

* Decomposition.  With ``max_distance == 1`` and no move onto an empty cell, every move stays inside a
  connected group of stones (adjacency = the directions), so the position is the disjunctive sum of its
  groups (Siegel, *Combinatorial Game Theory*, II.1); a group where no player can move is 0 and is dropped
  (in Clobber: a single stone, or stones of one colour).  Otherwise regions are separated only by inert
  cells, through which no walk passes.
* Symmetry.  A board symmetry keeps the value when it maps the direction set onto itself (all eight for
  the orthogonal, diagonal, compass and knight's-move sets).  Exchanging ``x`` and ``o`` negates the value
  exactly when the rules are symmetric between the players: ``clobbered[Right]`` is ``clobbered[Left]``
  and ``left_behind[Right]`` is ``left_behind[Left]``, each with 1 and 2 exchanged (then the swapped board
  with the players' roles swapped is the same game, i.e. its negative).

Known values (Albert, Grossman, Nowakowski, Wolfe 2005; *Lessons in Play*; hand-checkable from the rules):

>>> str(Clobber("xo").value), str(Clobber("xxo").value), str(Clobber("xxxo").value)
('*', '^', '^^*')
>>> str(Clobber("xo|ox").value), str(Clobber("xoxo").value)
('*', '+-{*,^}')
>>> [str(m) for m in Clobber("xo.").moves("Left")]
['(1,1)->(1,2) -> .x.']
>>> Rooks, GenClobber(max_distance=2)
(Rooks, GenClobber(max_distance=2))
"""

from __future__ import annotations

import math
from operator import itemgetter
from collections.abc import Iterable, Mapping

from cgt.runtime.arguments import is_integer_value
from cgt.errors import InvalidPositionError
from cgt.kernel.player import Player

from cgt.kernel.game import ZERO, game
from cgt.runtime.compiled import optional_module
from cgt.runtime.interrupt import deep, interruptible
from cgt.runtime.progress import Progress

from cgt.games.grid import bitboard as bits
from cgt.games.grid.board import COMPASS, KNIGHTS_MOVE, ORTHOGONAL, Grid, Symmetry, cell_permutation
from cgt.games.grid.ruleset import GridRuleset

__all__ = ["GenClobber", "Clobber", "AntiClobber", "HotClobber", "Kings", "Knights", "Rooks", "Queens"]

CATALOGUE = {
    "GenClobber": "game.grid.GenClobber",
    "Clobber": "game.grid.Clobber",
    "AntiClobber": "game.grid.AntiClobber",
    "HotClobber": "game.grid.HotClobber",
    "Kings": "game.grid.Kings",
    "Knights": "game.grid.Knights",
    "Rooks": "game.grid.Rooks",
    "Queens": "game.grid.Queens",
}

Left, Right = Player.Left, Player.Right

EMPTY, BLACK, WHITE, INERT = 0, 1, 2, 3
#: x <-> o, everything else fixed (a ``bytes.translate`` table).
_SWAP = bytes([0, 2, 1] + list(range(3, 256)))
_SWAP_VALUE = {0: 0, 1: 2, 2: 1, 3: 3}
_DEFAULT_CLOBBERED = {Left: frozenset({WHITE}), Right: frozenset({BLACK})}
_DEFAULT_LEFT_BEHIND = {Left: EMPTY, Right: EMPTY}
#: The normal-form cache is emptied when it grows beyond this many boards.
_NORMAL_CACHE_LIMIT = 2_000_000


def _error(message: str) -> InvalidPositionError:
    return InvalidPositionError(f"GenClobber: {message}")


def _directions(directions) -> tuple:
    if isinstance(directions, (str, bytes)) or not isinstance(directions, Iterable):
        raise _error(f"directions must be a list of (row, col) steps, got {directions!r}")
    result = []
    for d in directions:
        try:
            dr, dc = d
        except (TypeError, ValueError):
            raise _error(f"direction {d!r} is not a (row, col) pair") from None
        for x in (dr, dc):
            if not is_integer_value(x):
                raise _error(f"direction {d!r} is not a pair of integers")
        if (dr, dc) == (0, 0):
            raise _error("direction (0, 0) does not move")
        if (dr, dc) not in result:
            result.append((dr, dc))
    if not result:
        raise _error("directions must not be empty")
    return tuple(result)


def _per_player(mapping, what: str, convert) -> dict:
    if not isinstance(mapping, Mapping):
        raise _error(f"{what} must map Left and Right to values, one each (a map or dict keyed by the players)")
    result = {}
    for key, value in mapping.items():
        try:
            player = Player.parse(key)
        except Exception:
            raise _error(f"{what}: {key!r} is not a player (use Left or Right)") from None
        result[player] = convert(value)
    for player in (Left, Right):
        if player not in result:
            raise _error(f"{what} has no entry for {player}")
    return result


def _cell_value(v, what: str) -> int:
    if not is_integer_value(v) or not 0 <= v <= 3:
        raise _error(f"{what}: cell value {v!r} is not one of 0 (empty), 1 (x), 2 (o), 3 (#)")
    return v


def _value_set(values) -> frozenset:
    if isinstance(values, int) and not isinstance(values, bool):
        values = (values,)
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise _error(f"clobbered: {values!r} is not a set of cell values")
    return frozenset(_cell_value(v, "clobbered") for v in values)


def _max_distance(d):
    if isinstance(d, float) and d == math.inf:
        return math.inf
    if not is_integer_value(d) or d < 1:
        raise _error(f"max_distance must be a positive integer or math.inf, got {d!r}")
    return d


def _image(direction, symmetry: Symmetry) -> tuple:
    """Where a step ``(dr, dc)`` goes under ``symmetry`` (see :class:`~cgt.games.grid.board.Symmetry`)."""
    flip_rows, flip_cols, transpose = symmetry.value
    dr, dc = direction
    dr, dc = (-dr if flip_rows else dr), (-dc if flip_cols else dc)
    return (dc, dr) if transpose else (dr, dc)


class GenClobber(GridRuleset):
    """The Clobber family (see the module docstring); instances are rulesets.

    ``GenClobber(directions=ORTHOGONAL, clobbered={Left: {2}, Right: {1}}, left_behind={Left: 0, Right: 0},
    max_distance=1)``: ``clobbered`` gives each player the cell values a stone may land on, ``left_behind``
    the value its old cell takes, and ``max_distance`` the longest walk (``math.inf``: no limit).  The keys
    are the players ``Left`` and ``Right`` (or the strings ``"Left"`` and ``"Right"``).

    >>> g = GenClobber(clobbered={"Left": {1, 2}, "Right": {1, 2}})
    >>> g == HotClobber, str(g("xx").value), str(HotClobber("xo").value)
    (True, '1', '*')
    >>> GenClobber(directions=[(0, 1)])("ox").moves("Right")
    [Move('(1,1)->(1,2)', GenClobber(directions=((0, 1),))('.o'))]
    >>> GenClobber(max_distance=0)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPositionError: GenClobber: max_distance must be a positive integer or math.inf, got 0
    """

    def __init__(self, directions=ORTHOGONAL, clobbered=None, left_behind=None, max_distance=1, *,
                 name: str | None = None) -> None:
        self.directions = _directions(directions)
        self.clobbered = _per_player(_DEFAULT_CLOBBERED if clobbered is None else clobbered,
                                     "clobbered", _value_set)
        self.left_behind = _per_player(_DEFAULT_LEFT_BEHIND if left_behind is None else left_behind,
                                       "left_behind", lambda v: _cell_value(v, "left_behind"))
        self.max_distance = _max_distance(max_distance)
        self.name = name
        cl_l, cl_r = self.clobbered[Left], self.clobbered[Right]
        lb_l, lb_r = self.left_behind[Left], self.left_behind[Right]
        targets = cl_l | cl_r
        needs_inert = EMPTY in targets or INERT in targets or INERT in (lb_l, lb_r)
        self.char_map = ".xo#" if needs_inert else ".xo"
        # A board symmetry preserves the rules iff it maps the direction set onto itself.
        dirs = set(self.directions)
        self.symmetries = tuple(s for s in Symmetry if {_image(d, s) for d in dirs} == dirs)
        # Exchanging x and o (and the players' roles) gives the same rules iff they are symmetric.
        swap = lambda values: frozenset(_SWAP_VALUE[v] for v in values)  # noqa: E731
        symmetric = swap(cl_l) == cl_r and _SWAP_VALUE[lb_l] == lb_r
        self.colour_swap = _SWAP if symmetric else None
        # With max_distance 1 and no move onto an empty cell, empty and unclobberable inert cells are
        # interchangeable and every move stays within a group of stones: such cells separate components.
        self._stones_only = self.max_distance == 1 and EMPTY not in targets
        # Cell values a stone can stop on / that can move.
        self._live = frozenset({BLACK, WHITE}) | targets
        # Walls: non-empty cells that are never entered and never move; no walk crosses them.
        self._walls = frozenset(v for v in (INERT,) if v not in self._live)
        if self._stones_only:
            self.boundary = EMPTY
            self._dead = bytes(v if v in self._live else EMPTY for v in range(256))
            self._croppable = frozenset(range(256)) - self._live
        else:
            self.boundary = INERT if self._walls else None
            self._dead = None
            # An outer line holding no stone can be cropped when no stone may stop on an empty cell:
            # a walk entering it can only leave the board or stop on an inert cell, both illegal.
            self._croppable = self._walls | (frozenset() if EMPTY in targets else {EMPTY})
        self._mask = bytes(0 if v in self._croppable else 1 for v in range(256))
        # Translation tables to '0'/'1' text: region members, and each value that matters for moves.
        members = self._live if self._stones_only else frozenset(range(256)) - self._walls
        self._member = bytes(49 if v in members else 48 for v in range(256))
        self._present = sorted(self._live | {EMPTY}) if not self._stones_only else sorted(self._live)
        self._bits = {v: bytes(49 if u == v else 48 for u in range(256)) for v in self._present}
        self._cl = {1: cl_l, 2: cl_r}
        self._lb = {1: lb_l, 2: lb_r}
        self._rays: dict = {}
        # Clobber's own rules (whatever the instance is called): values by the bitboard solver below.
        self._bitboard = (set(self.directions) == set(ORTHOGONAL) and self.max_distance == 1
                          and self.clobbered == _DEFAULT_CLOBBERED and self.left_behind == _DEFAULT_LEFT_BEHIND)
        if self._bitboard:
            self.value_hint = self._bitboard_value
        self._normal_cache = self.table("normal")       # emptied in place by cgt.clear_caches()
        self._regions_cache = self.table("regions")

    # -- identity ----------------------------------------------------------------------------------------
    def params(self) -> tuple:
        """The constructor's arguments, in a canonical form.

        >>> AntiClobber.params()
        (((-1, 0), (0, -1), (0, 1), (1, 0)), {'Left': (0,), 'Right': (0,)}, {'Left': 2, 'Right': 1}, 1)
        """
        return (tuple(sorted(self.directions)), {p.name: tuple(sorted(self.clobbered[p])) for p in (Left, Right)},
                {p.name: self.left_behind[p] for p in (Left, Right)}, self.max_distance)

    def __repr__(self) -> str:
        if self.name is not None:
            return self.name
        parts = []
        if set(self.directions) != set(ORTHOGONAL):
            parts.append(f"directions={self.directions!r}")
        if self.clobbered != _DEFAULT_CLOBBERED:
            parts.append("clobbered={'Left': %s, 'Right': %s}" % tuple(
                "{" + ", ".join(map(str, sorted(self.clobbered[p]))) + "}" for p in (Left, Right)))
        if self.left_behind != _DEFAULT_LEFT_BEHIND:
            parts.append(f"left_behind={{'Left': {self.left_behind[Left]}, 'Right': {self.left_behind[Right]}}}")
        if self.max_distance != 1:
            parts.append("max_distance=math.inf" if self.max_distance == math.inf
                         else f"max_distance={self.max_distance}")
        return f"GenClobber({', '.join(parts)})"

    # -- moves -------------------------------------------------------------------------------------------
    def _rays_for(self, rows: int, cols: int) -> tuple:
        """Per cell: ``(direction, cells along it up to max_distance, stops at max_distance)`` triples."""
        key = (rows, cols)
        rays = self._rays.get(key)
        if rays is None:
            rays = []
            md = self.max_distance
            for r in range(rows):
                for c in range(cols):
                    cell = []
                    for dr, dc in self.directions:
                        ray = []
                        rr, cc = r + dr, c + dc
                        while 0 <= rr < rows and 0 <= cc < cols and len(ray) < md:
                            ray.append(rr * cols + cc)
                            rr, cc = rr + dr, cc + dc
                        if ray:
                            cell.append((tuple(ray), len(ray) == md))
                    rays.append(tuple(cell))
            rays = self._rays[key] = tuple(rays)
        return rays

    def _targets(self, grid: Grid, stone: int):
        """``(origin, target)`` cell indices of the moves of the player owning ``stone`` (1 or 2)."""
        cells = grid.cells
        clobbered = self._cl[stone]
        rays = self._rays_for(grid.row_count, grid.col_count)
        i = cells.find(stone)
        while i >= 0:
            for ray, at_max in rays[i]:
                for t in ray:
                    if cells[t]:
                        break
                else:           # every cell on the ray is empty
                    if not at_max:
                        continue                 # the walk leaves the board
                if cells[t] in clobbered:
                    yield i, t
            i = cells.find(stone, i + 1)

    def _move(self, grid: Grid, stone: int, i: int, t: int) -> Grid:
        cells = bytearray(grid.cells)
        cells[t] = stone
        cells[i] = self._lb[stone]
        return Grid(grid.row_count, grid.col_count, bytes(cells))

    def moves(self, grid: Grid, player) -> list:
        """``(label, option)`` for each move of ``player``; labels are 1-based ``(row,col)->(row,col)``.

        >>> [label for label, _ in Clobber.moves(Clobber("xo|ox").position, "Left")]
        ['(1,1)->(1,2)', '(1,1)->(2,1)', '(2,2)->(1,2)', '(2,2)->(2,1)']
        """
        stone = Player.parse(player).ordinal
        cols = grid.col_count
        result = []
        for i, t in self._targets(grid, stone):
            (r0, c0), (r1, c1) = divmod(i, cols), divmod(t, cols)
            result.append((f"({r0 + 1},{c0 + 1})->({r1 + 1},{c1 + 1})", self._move(grid, stone, i, t)))
        return result

    def left_options(self, grid: Grid) -> list:
        return [self._move(grid, 1, i, t) for i, t in self._targets(grid, 1)]

    def right_options(self, grid: Grid) -> list:
        return [self._move(grid, 2, i, t) for i, t in self._targets(grid, 2)]

    # -- value tables ------------------------------------------------------------------------------------
    def _crop(self, grid: Grid) -> Grid:
        """Without outer rows and columns of croppable cells (``_dead`` cells made empty first)."""
        cells = grid.cells
        if self._dead is not None:
            cells = cells.translate(self._dead)
        R, C = grid.row_count, grid.col_count
        mask = cells.translate(self._mask)          # 1 where a cell must be kept, else 0
        first = mask.find(1)
        if first < 0:
            return Grid(0, 0, b"")
        r0, r1 = first // C, mask.rfind(1) // C
        c0 = 0
        while 1 not in mask[c0::C]:
            c0 += 1
        c1 = C - 1
        while 1 not in mask[c1::C]:
            c1 -= 1
        if (r0, c0, r1, c1) == (0, 0, R - 1, C - 1):
            return grid if cells == grid.cells else Grid(R, C, cells)
        width = c1 - c0 + 1
        return Grid(r1 - r0 + 1, width, b"".join(cells[r * C + c0:r * C + c0 + width] for r in range(r0, r1 + 1)))

    def _symmetries_for(self, rows: int, cols: int) -> tuple:
        """``(shape, permutations)``: the least shape the symmetries reach, and the cell permutations
        (None for the identity) of the symmetries reaching it."""
        key = ("shape", rows, cols)
        found = self._rays.get(key)
        if found is None:
            images = [((cols, rows) if s.transposes else (rows, cols), s) for s in self.symmetries]
            shape = min(image for image, _ in images)
            perms = tuple(None if s is Symmetry.Identity or rows * cols < 2
                          else itemgetter(*cell_permutation(rows, cols, s))
                          for image, s in images if image == shape)
            found = self._rays[key] = (shape, perms)
        return found

    def normal_form(self, grid: Grid) -> tuple[Grid, bool]:
        """The least image of the cropped board under the rules' symmetries (and colour swap, negating).

        Images are ordered as :meth:`Grid.sort_key` orders grids: fewer rows first, then cells.  A board that
        is its own colour swap (``ox``, up to symmetry) is never negated.

        >>> [(Clobber.format(g), negated) for g, negated in map(Clobber.normal_form,
        ...      [Clobber("..|ox").position, Clobber("o.|x.").position, Clobber("x|x").position,
        ...       Clobber("oox").position, Clobber("x|x|o").position])]
        [('xo', False), ('xo', False), ('xx', False), ('xxo', True), ('xxo', False)]
        """
        cache = self._normal_cache
        found = cache.get(grid)
        if found is not None:
            return found
        cropped = self._crop(grid)
        R, C, cells = cropped.row_count, cropped.col_count, cropped.cells
        swap = self.colour_swap
        shape, perms = self._symmetries_for(R, C)
        best, negated = None, False
        for perm in perms:
            image = cells if perm is None else bytes(perm(cells))
            # On a tie the unswapped image wins, so a board equal to its own colour swap is never "negated"
            # (whichever symmetry came first): the solver's keys of such a board must not depend on the order.
            if best is None or image < best or (negated and image == best):
                best, negated = image, False
            if swap is not None:
                image = image.translate(swap)
                if image < best:
                    best, negated = image, True
        if best == cells and shape == (R, C) and not negated:
            result = (cropped, False)
        else:
            result = (Grid(shape[0], shape[1], best), negated)
        if len(cache) >= _NORMAL_CACHE_LIMIT:
            cache.clear()
        cache[grid] = result
        return result

    def _bitboard_value(self, grid: Grid):
        """The value of ``grid`` by the bitboard solver (:class:`_Solver`), or None for a board over 7 wide
        both ways.  Clobber's own rules only: it is their ``value_hint``, which the position engine asks for
        each group of stones it meets (so the engine's tables and the parallel jobs keep working as for any
        ruleset).

        >>> p = Clobber("xxo|oxo")
        >>> str(p.value), Clobber._bitboard_value(p.position) == p.value
        ('{^^*|*,^||v|vv*}', True)
        """
        if grid.col_count > bits.BYTE_WIDTH:
            if grid.row_count > bits.BYTE_WIDTH:
                return None
            grid = grid.permuted(Symmetry.Transpose)            # Clobber's rules are the same turned
        return _solve_bytes(self, bits.byte_mask_of_grid(grid, BLACK), bits.byte_mask_of_grid(grid, WHITE),
                            8 * grid.row_count)

    def has_components(self) -> bool:
        return True

    def components(self, grid: Grid) -> list:
        """The independent regions of the board (see the module docstring), without those worth 0.

        >>> [Clobber.format(g) for g in Clobber.components(Clobber("xo.x|...o|oo..").position)]
        ['xo', 'x|o']
        """
        R, C, cells = grid.row_count, grid.col_count, grid.cells
        if not cells:
            return []
        if not self._stones_only and not self._walls:
            return [grid] if self._may_move(set(cells), len(cells)) else []
        # Connected regions by bit-parallel flood fill: bit i of a mask is cell i.
        member = self._member
        live = int(cells.translate(member)[::-1], 2)
        shifts = self._shifts_for(R, C)
        groups = self._regions_cache
        key = (R, C, live)
        found = groups.get(key)
        if found is None:
            found = []
            rest = live
            while rest:
                region = rest & -rest
                while True:
                    grown = region
                    for source, shift in shifts:
                        moved = region & source
                        grown |= (moved << shift) if shift >= 0 else (moved >> -shift)
                    grown &= live
                    if grown == region:
                        break
                    region = grown
                rest &= ~region
                found.append(region)
            if len(groups) >= _NORMAL_CACHE_LIMIT:
                groups.clear()
            groups[key] = found
        if len(found) == 1:          # one region: its values are the board's (the usual case)
            values = set(cells)
            values.intersection_update(self._present)
            regions = found if self._may_move(values, live.bit_count()) else []
        else:
            masks = {v: int(cells.translate(self._bits[v])[::-1], 2) for v in self._present}
            regions = []
            for region in found:
                values = {v for v, m in masks.items() if m & region}
                if self._may_move(values, region.bit_count()):
                    regions.append(region)
        if len(regions) == 1 and regions[0] == live:
            edges = self._edges_for(R, C)
            if self._stones_only and all(live & edge for edge in edges) and cells.translate(self._dead) == cells:
                return [grid]                  # already cropped (the usual case: a table key)
            return [self._crop(grid)]
        fill = EMPTY if self._stones_only else next(iter(self._walls))
        parts = []
        for region in regions:
            index = []
            m = region
            while m:
                low = m & -m
                index.append(low.bit_length() - 1)
                m ^= low
            rows = [i // C for i in index]
            cols = [i % C for i in index]
            r0, c0 = min(rows), min(cols)
            width = max(cols) - c0 + 1
            height = rows[-1] - r0 + 1
            new = bytearray([fill]) * (width * height)
            for i, r, c in zip(index, rows, cols):
                new[(r - r0) * width + c - c0] = cells[i]
            parts.append(Grid(height, width, bytes(new)))
        return parts

    def _edges_for(self, rows: int, cols: int) -> tuple:
        """Bit masks of the first and last row and column."""
        key = ("edges", rows, cols)
        found = self._rays.get(key)
        if found is None:
            bit = lambda r, c: 1 << (r * cols + c)  # noqa: E731
            found = self._rays[key] = (sum(bit(0, c) for c in range(cols)), sum(bit(rows - 1, c) for c in range(cols)),
                                       sum(bit(r, 0) for r in range(rows)), sum(bit(r, cols - 1) for r in range(rows)))
        return found

    def _shifts_for(self, rows: int, cols: int) -> tuple:
        """``(source mask, shift)`` per direction: cells with an on-board neighbour that way, and the bit shift."""
        key = ("shifts", rows, cols)
        found = self._rays.get(key)
        if found is None:
            found = []
            for dr, dc in self.directions:
                source = 0
                for r in range(rows):
                    for c in range(cols):
                        if 0 <= r + dr < rows and 0 <= c + dc < cols:
                            source |= 1 << (r * cols + c)
                if source:
                    found.append((source, dr * cols + dc))
            found = self._rays[key] = tuple(found)
        return found

    def _may_move(self, values: set, size: int) -> bool:
        """False when no player can move in a region holding ``values`` (its value is then 0)."""
        if size < 2:
            return False
        return any(stone in values and not self._cl[stone].isdisjoint(values) for stone in (1, 2))


# -- the bitboard solver of Clobber's own rules -------------------------------------------------------------
#: The byte-board search in C (``games/grid/_clobber.c``), or None: not built, or ``CGT_PURE=1``.  It walks the
#: positions as :class:`_Solver` does, on pairs of 64-bit masks (boards at most 8 tall), and shares its key table.
_search = optional_module("cgt.games.grid._clobber", "Clobber search")


@deep
def _solve_bytes(ruleset, x: int, o: int, n: int):
    solver = _Solver(ruleset, n)
    try:
        # interruptible(): a Ctrl-C that lands in a garbage-collector callback (where Python drops the
        # KeyboardInterrupt) still stops the search at the next solved region.
        with interruptible(), Progress("positions") as solver.progress:
            if _search is not None and n <= 64:
                return _search.solve(solver, solver.pair_map("c-whole"), solver.pair_map("c-keys"), x, o, game,
                                     ZERO)
            return solver.value(x, o)
    finally:
        solver.flush()                  # the opt-in results cache: one transaction per search


class _Solver(bits.RegionTables):
    """One search of a Clobber board held as two stride-8 masks (:mod:`cgt.games.grid.bitboard`): ``x`` the black
    stones (Left's), ``o`` the white ones (Right's).

    A move of Left: a black stone steps onto an orthogonally adjacent white one, which goes; the stones of
    ``x & (o >> 1)`` step right, ``x & (o << 1)`` left, ``x & (o >> 8)`` down, ``x & (o << 8)`` up.  Moves stay
    inside a group of stones, so a position is the sum of its groups (Siegel, *Combinatorial Game Theory*,
    II.1), and a group where no black stone touches a white one is 0 (neither player can move).  The eight
    board symmetries keep a value; exchanging the colours negates it (the same game with Left and Right
    exchanged).  Two tables:

    * ``whole``: values of positions as met, keyed ``x | o << n``.  A group is also entered moved to row 0 and
      column 0 (a translation keeps the value), so a group met again anywhere on the board costs one shift
      and one lookup;
    * the key table: values of groups under their canonical key, the least of the images under the eight
      symmetries and the colour exchange (the rows of ``x`` then of ``o`` as ``bytes``; an image with the
      colours exchanged stands for the negative).  The key is computed once, when a group is first met.
    """

    keyed_name = "values_by_key"
    disk_cached = True

    def __init__(self, ruleset, n: int) -> None:
        super().__init__(ruleset)
        self.n = n                      # x | o << n keys the positions: n bits hold every board mask
        self.whole = self.frame(("whole", n))

    def pair_map(self, name: str):
        """The compiled search's table ``name`` (a ``PairMap``: pairs of masks below 2^64 to values), kept with
        the raw tables so that :meth:`~bitboard.RegionTables.trim` and ``clear_caches`` reach it."""
        table = self.raw.get(name)
        if table is None:
            table = self.raw[name] = _search.PairMap()
        return table

    def value(self, x: int, o: int):
        """The value of the position with black stones ``x`` and white stones ``o``."""
        whole = self.whole
        n = self.n
        k = x | o << n
        v = whole.get(k)
        if v is not None:
            return v
        if not ((x << 1 | x >> 1 | x << 8 | x >> 8) & o):
            v = ZERO                    # no black stone touches a white one: nobody can move
        else:
            parts = bits.components(x | o, 8)
            if len(parts) == 1:
                v = self.region(x, o, parts[0])
            else:
                v = None
                for part in parts:
                    px = x & part
                    po = o & part
                    if not ((px << 1 | px >> 1 | px << 8 | px >> 8) & po):
                        continue
                    pval = whole.get(px | po << n)
                    if pval is None:
                        pval = self.region(px, po, part)
                    v = pval if v is None else v + pval
                if v is None:
                    v = ZERO
        whole[k] = v
        return v

    def region(self, x: int, o: int, stones: int):
        """The value of one connected group of stones (``stones == x | o``) where both players can move,
        entered in ``whole`` as met and moved to row 0 and column 0."""
        shift, w = bits.byte_offset(stones)
        whole = self.whole
        n = self.n
        if shift:
            k = x | o << n
            x >>= shift
            o >>= shift
            t = x | o << n
            v = whole.get(t)
            if v is not None:
                whole[k] = v
                return v
        else:
            k = t = x | o << n
        key, negated = self.key(x, o, w)
        v = self.keyed.get(key)
        if v is None:
            v = self.solve(key)
        if negated:
            v = -v
        whole[t] = whole[k] = v
        return v

    @staticmethod
    def key(x: int, o: int, w: int) -> tuple[bytes, bool]:
        """``(key, negated)``: the canonical key of a group moved to row 0 and column 0 (``w`` columns wide),
        and whether it is an image with the colours exchanged (whose value is the negative).

        Only images of the least shape (fewer rows first) can be least, so a group taller than wide is
        transposed first and one wider than tall is not: then four images per colour order suffice.
        """
        h = ((x | o).bit_length() + 7) >> 3
        xs = x.to_bytes(h, "little")
        os = o.to_bytes(h, "little")
        if h > w and h <= bits.BYTE_WIDTH:
            xs, os = bits.byte_transpose(xs, w), bits.byte_transpose(os, w)
            h, w = w, h
        flip = bits.FLIP[w]
        xm, om = xs.translate(flip), os.translate(flip)
        key = min(xs + os, xs[::-1] + os[::-1], xm + om, xm[::-1] + om[::-1])
        other = min(os + xs, os[::-1] + xs[::-1], om + xm, om[::-1] + xm[::-1])
        if h == w:
            xs, os = bits.byte_transpose(xs, w), bits.byte_transpose(os, w)
            xm, om = xs.translate(flip), os.translate(flip)
            key = min(key, xs + os, xs[::-1] + os[::-1], xm + om, xm[::-1] + om[::-1])
            other = min(other, os + xs, os[::-1] + xs[::-1], om + xm, om[::-1] + xm[::-1])
        # On a tie the unswapped image wins: a group that is its own colour swap is never "negated".
        if other < key:
            return other, True
        return key, False

    def options(self, key: bytes) -> tuple:
        """The option values of one canonical group."""
        h = len(key) >> 1
        x = int.from_bytes(key[:h], "little")
        o = int.from_bytes(key[h:], "little")
        n = self.n
        get = self.whole.get
        value = self.value
        lefts = set()
        rights = set()
        for step in (1, 8):
            for src, dst in ((x & (o >> step), step), (x & (o << step), -step)):
                while src:
                    b = src & -src
                    src ^= b
                    t = b << dst if dst > 0 else b >> -dst
                    nx, no = x ^ b ^ t, o ^ t
                    v = get(nx | no << n)
                    lefts.add(v if v is not None else value(nx, no))
            for src, dst in ((o & (x >> step), step), (o & (x << step), -step)):
                while src:
                    b = src & -src
                    src ^= b
                    t = b << dst if dst > 0 else b >> -dst
                    nx, no = x ^ t, o ^ b ^ t
                    v = get(nx | no << n)
                    rights.add(v if v is not None else value(nx, no))
        return lefts, rights


Clobber = GenClobber(name="Clobber")
AntiClobber = GenClobber(clobbered={Left: {EMPTY}, Right: {EMPTY}}, left_behind={Left: WHITE, Right: BLACK},
                         name="AntiClobber")
HotClobber = GenClobber(clobbered={Left: {BLACK, WHITE}, Right: {BLACK, WHITE}}, name="HotClobber")
Kings = GenClobber(directions=COMPASS, name="Kings")
Knights = GenClobber(directions=KNIGHTS_MOVE, name="Knights")
Rooks = GenClobber(max_distance=math.inf, name="Rooks")
Queens = GenClobber(directions=COMPASS, max_distance=math.inf, name="Queens")
