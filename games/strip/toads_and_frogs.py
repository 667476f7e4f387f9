"""Toads and Frogs and its family (CGSuite's ``game.strip.GenToadsAndFrogs``).

Rules (Berlekamp, Conway and Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 1; J. Erickson, "New Toads and
Frogs results", *Games of No Chance*, MSRI Publ. 29 (1996)): a strip of cells holds toads ``t`` and frogs
``f``; empty cells are ``.``.  **Left** moves a **toad**, which travels **right**; **Right** moves a
**frog**, which travels **left**.  A unit may *slide* forward into an empty cell, or *jump* over a single
enemy unit onto the empty cell just beyond it.  Whoever cannot move loses.

``GenToadsAndFrogs(min_slide=1, max_slide=1, max_jump=1, allow_friendly_jump=False)`` is CGSuite's schema:
a unit slides forward ``k`` cells for each ``k`` with ``max(1, min_slide) <= k <= max_slide`` through empty
cells; slides *backwards* ``1..-min_slide`` cells through empty cells when ``min_slide < 0`` (then the
game is loopy); jumps over ``k = 1..max_jump`` consecutive enemy units (also friendly ones with
``allow_friendly_jump``) onto the empty cell right after them.  Options come unit by unit, left to right,
each unit's slides, then backslides, then jumps.  Moves are labelled ``from→to`` with CGSuite's 1-based
cells.

* ``ToadsAndFrogs = GenToadsAndFrogs()``;
* ``ElephantsAndRhinos = GenToadsAndFrogs(max_jump=0)`` (no jumps);
* ``BackslidingToadsAndFrogs = GenToadsAndFrogs(min_slide=-1)``: **loopy** (a toad may step back left, a
  frog back right, so play can cycle): its positions have loopy values (``position.game_value``, computed
  by :mod:`cgt.games.engine.loopy`), outcome classes with draws (``position.outcome``, by retrograde
  analysis) and no canonical short form (``position.value`` raises :class:`~cgt.errors.NotShortGameError`).

Value tables: the strip read right to left with toads and frogs exchanged is the same game with the players
exchanged (value negated); frogs at the left end and toads at the right end can never move and are
cropped; and (without friendly jumps) ``max_jump + 1`` toads followed by as many frogs form a wall no unit
can ever cross or leave, splitting the strip into independent parts.

Values (derived from the rules; Winning Ways vol. 1 ch. 1 tabulates small positions):

>>> str(ToadsAndFrogs("t.").value), str(ToadsAndFrogs("t.f").value), str(ToadsAndFrogs("tf").value)
('1', '*', '0')
>>> str(ToadsAndFrogs("t..f").value), str(ToadsAndFrogs("tt.f").value)   # {*|*} = 0; {t.tf | ttf.}
('0', '{1/2|0}')
>>> [str(m) for m in ToadsAndFrogs("tf.").moves("L")]
['1→3 -> .ft']
"""

from __future__ import annotations

from cgt.errors import InvalidPositionError
from cgt.kernel.player import Player

from cgt.games.strip.board import Strip
from cgt.games.strip.ruleset import StripRuleset, swap_table

__all__ = ["GenToadsAndFrogs", "ToadsAndFrogs", "ElephantsAndRhinos", "BackslidingToadsAndFrogs"]

CATALOGUE = {
    "GenToadsAndFrogs": "game.strip.GenToadsAndFrogs",
    "ToadsAndFrogs": "game.strip.ToadsAndFrogs",
    "ElephantsAndRhinos": "game.strip.ElephantsAndRhinos",
    "BackslidingToadsAndFrogs": "game.strip.BackslidingToadsAndFrogs",
}

Left, Right = Player.Left, Player.Right
EMPTY, TOAD, FROG = 0, 1, 2
_CHARS = ".tf"


def _int_param(name: str, value, low: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or (low is not None and value < low):
        bound = "" if low is None else f" >= {low}"
        raise InvalidPositionError(f"GenToadsAndFrogs: {name} = {value!r} must be an integer{bound}")
    return value


class GenToadsAndFrogs(StripRuleset):
    """The Toads and Frogs family (see the module docstring)."""

    abstract = False
    char_map = _CHARS
    colour_swap = swap_table(_CHARS, "t", "f")
    swap_reverses = True
    sample_alphabet = "...ttff"

    def __init__(self, min_slide: int = 1, max_slide: int = 1, max_jump: int = 1,
                 allow_friendly_jump: bool = False, name: str | None = None) -> None:
        self.min_slide = _int_param("min_slide", min_slide)
        self.max_slide = _int_param("max_slide", max_slide, 0)
        self.max_jump = _int_param("max_jump", max_jump, 0)
        if not isinstance(allow_friendly_jump, bool):
            raise InvalidPositionError(f"GenToadsAndFrogs: allow_friendly_jump = {allow_friendly_jump!r} "
                                       f"must be true or false")
        self.allow_friendly_jump = allow_friendly_jump
        if self.loopy:
            # Not a short game: keep it out of the short-game laws of tests/laws/test_ruleset_laws.py.
            self.board_kind = "loopy strip"
        if name is not None:
            self.name = name

    def params(self) -> tuple:
        return (self.min_slide, self.max_slide, self.max_jump, self.allow_friendly_jump)

    def __repr__(self) -> str:
        if self.name is not None:
            return self.name
        return (f"GenToadsAndFrogs(min_slide={self.min_slide}, max_slide={self.max_slide}, "
                f"max_jump={self.max_jump}, allow_friendly_jump={self.allow_friendly_jump})")

    @property
    def loopy(self) -> bool:
        """Whether units may slide backwards (then play can cycle)."""
        return self.min_slide < 0

    # -- the rules ------------------------------------------------------------------------------------------
    def moves(self, pos: Strip, player):
        """``(label, option)`` pairs: Left's toads moving right, or Right's frogs moving left."""
        side = Player.parse(player)
        unit, enemy, step = (TOAD, FROG, 1) if side is Left else (FROG, TOAD, -1)
        cells = pos.cells
        n = len(cells)
        out = []

        def go(i, j):
            new = bytearray(cells)
            new[i], new[j] = EMPTY, unit
            out.append((f"{i + 1}→{j + 1}", Strip(bytes(new))))

        for i in range(n):
            if cells[i] != unit:
                continue
            for k in range(1, self.max_slide + 1):             # forward slides
                j = i + step * k
                if not 0 <= j < n or cells[j] != EMPTY:
                    break
                if k >= self.min_slide:
                    go(i, j)
            for k in range(1, -self.min_slide + 1):             # backslides
                j = i - step * k
                if not 0 <= j < n or cells[j] != EMPTY:
                    break
                go(i, j)
            for k in range(1, self.max_jump + 1):               # jumps over k units
                j = i + step * k
                if not 0 <= j < n:
                    break
                c = cells[j]
                if c == EMPTY or (c == unit and not self.allow_friendly_jump):
                    break
                land = j + step
                if 0 <= land < n and cells[land] == EMPTY:
                    go(i, land)
        return out

    def left_options(self, pos: Strip):
        """Strips after each toad move."""
        return [o for _, o in self.moves(pos, Left)]

    def right_options(self, pos: Strip):
        """Strips after each frog move."""
        return [o for _, o in self.moves(pos, Right)]

    def depth_hint(self, pos: Strip) -> int:
        """CGSuite's ``DepthHint``: the number of (toad, frog) pairs with the toad left of the frog.  Slides
        and backslides keep it, a jump lowers it, so play can only cycle among positions of equal hint
        (the loopy engine solves them layer by layer)."""
        toads = pairs = 0
        for c in pos.cells:
            if c == TOAD:
                toads += 1
            elif c == FROG:
                pairs += toads
        return pairs

    # -- value tables -----------------------------------------------------------------------------------
    def _wall(self) -> bytes:
        return bytes([TOAD]) * (self.max_jump + 1) + bytes([FROG]) * (self.max_jump + 1)

    def crop(self, strip: Strip) -> Strip:
        """Without the frogs at the left end and the toads at the right end (they can never move)."""
        if self.loopy:
            return strip
        cells = strip.cells.lstrip(bytes([FROG])).rstrip(bytes([TOAD]))
        return strip if len(cells) == len(strip.cells) else Strip(cells)

    def has_components(self) -> bool:
        return not self.loopy and not self.allow_friendly_jump

    def components(self, strip: Strip) -> list:
        """The parts separated by walls of ``max_jump + 1`` toads followed by as many frogs."""
        if self.loopy or self.allow_friendly_jump:
            return [strip]
        wall = self._wall()
        cells = strip.cells
        if wall not in cells:
            return [strip]
        half = self.max_jump + 1
        parts, start = [], 0
        i = cells.find(wall)
        while i >= 0:
            parts.append(cells[start:i + half])            # the toads of the wall end the left part
            start = i + half                               # its frogs begin the right part
            i = cells.find(wall, i + half)
        parts.append(cells[start:])
        return [Strip(p) for p in parts]

ToadsAndFrogs = GenToadsAndFrogs(name="ToadsAndFrogs")
ElephantsAndRhinos = GenToadsAndFrogs(max_jump=0, name="ElephantsAndRhinos")
BackslidingToadsAndFrogs = GenToadsAndFrogs(min_slide=-1, name="BackslidingToadsAndFrogs")
BackslidingToadsAndFrogs.examples = ("tt..ff", "t.tf.f", "tf.t.f")
