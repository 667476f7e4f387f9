"""Cram: Domineering's impartial variant -- either player places a domino either way.

Rules (Martin Gardner, "Mathematical Games", Scientific American, February 1974; Winning Ways, 2nd ed.,
vol. 3, "Cram"): a position is a board of empty cells ``.`` and occupied cells ``#``; a move covers two
orthogonally adjacent empty cells with a domino, vertical or horizontal, and both players have the same
moves.  Whoever cannot move loses, so every position is a nimber ``*g``; ``g`` is its Grundy value.  This
is CGSuite's ``game.grid.Cram`` (char map ``".#"``, rows separated by ``|``).

Moves are labelled by the two cells covered, 1-based as in CGSuite: ``"(1,1)-(1,2)"``.

A board is the sum of its regions of empty cells (Grundy values add by XOR: Sprague–Grundy theorem), and
all eight symmetries of a rectangle keep the value.  A 1 x n strip is Dawson's Kayles in the octal form
``0.07`` (a move removes two adjacent cells of a row, leaving up to two rows).  Symmetry strategy
(Winning Ways, "Cram"; Gardner 1974): on an even x even board the second player answers each domino by
its image under the half turn, so the value is 0; on an even x odd board the first player covers the two
middle cells and then does the same, so the board is a first-player win.

>>> str(Cram("..|..").value), Cram("..|..").nim_value          # even x even: a second-player win
('0', 0)
>>> Cram("...").nim_value, Cram("....").nim_value, Cram("...|...").nim_value
(1, 2, 1)
>>> [str(m) for m in Cram("..|.#").moves()]
['(1,1)-(2,1) -> #.|##', '(1,1)-(1,2) -> ##|.#']
"""

from __future__ import annotations

from cgt.runtime.interrupt import deep
from cgt.kernel.player import Player
from cgt.runtime.progress import Progress

from cgt.games.grid import bitboard as bits
from cgt.games.grid.domineering import domino_moves
from cgt.games.grid.board import EIGHT_WAY, Grid
from cgt.games.grid.ruleset import GridRuleset
from cgt.games.engine.ruleset import ImpartialRuleset

__all__ = ["Cram"]

CATALOGUE = {"Cram": "game.grid.Cram"}

_EMPTY, _FULL = 0, 1


class CramRuleset(ImpartialRuleset, GridRuleset):
    """Cram (see the module docstring); the only instance is :data:`Cram`.

    Impartial play comes from :class:`ImpartialRuleset`, the board (parsing, printing, regions,
    symmetry keys) from :class:`GridRuleset`; the two bases define disjoint hooks.
    """

    abstract = False
    name = "Cram"
    char_map = ".#"
    boundary = _FULL
    symmetries = EIGHT_WAY

    def moves(self, pos: Grid, player: Player = Player.Left):
        """``(label, option)`` for every domino, vertical ones first (the same for both players)."""
        return domino_moves(pos, 1, 0) + domino_moves(pos, 0, 1)

    def options(self, pos: Grid, player: Player | None = None):
        """Boards after each domino, vertical or horizontal."""
        return [o for _, o in self.moves(pos)]

    def grundy(self, pos: Grid) -> int:
        """The Grundy value of ``pos``, by the bitboard solver (same result as the generic engine).

        >>> Cram("...|...|...").grundy, Cram("..|..|..").grundy
        (0, 1)
        """
        h, w, m = bits.mask_of_grid(pos, _EMPTY)
        return _grundy_mask(self, w + 1, m)


@deep
def _grundy_mask(ruleset, s: int, m: int) -> int:
    solver = _Solver(ruleset)
    with Progress("positions") as solver.progress:
        return solver.value(solver.frame(s), s, m)


class _Solver(bits.RegionTables):
    """Grundy values of bitboard regions: mex over options, XOR over regions, 8-way symmetry keys."""

    keyed_name = "grundy_by_key"

    def value(self, raw: dict, s: int, m: int) -> int:
        """The Grundy value of the empty cells ``m`` (stride ``s``; ``raw`` is the frame's table)."""
        g = raw.get(m)
        if g is not None:
            return g
        g = 0
        if m & (m >> s) or m & (m >> 1):
            keyed = self.keyed
            for part in bits.components(m, s):
                if not (part & (part >> s) or part & (part >> 1)):
                    continue                    # no room for a domino: value 0
                pg = raw.get(part) if part != m else None
                if pg is None:
                    rows, w = bits.crop(part, s)
                    key, _ = bits.canonical(rows, w)
                    pg = keyed.get(key)
                    if pg is None:
                        pg = self.solve(key)
                    raw[part] = pg
                g ^= pg
        raw[m] = g
        return g

    def solve(self, key) -> int:
        """The Grundy value of one canonical region (mex of its options' values)."""
        h, w, m = key
        s = w + 1
        raw = self.frame(s)
        value = self.value

        def solve_raw(o):
            return value(raw, s, o)
        seen = bits.domino_options(m, s, raw.get, solve_raw) | bits.domino_options(m, 1, raw.get, solve_raw)
        g = 0
        while g in seen:
            g += 1
        return self.store(key, g)


#: The Cram ruleset (CGSuite's ``game.grid.Cram``).
Cram = CramRuleset()
