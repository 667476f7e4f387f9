"""Toppling Dominoes (CGSuite's ``game.strip.TopplingDominoes``).

Rules (A. Fink, R. J. Nowakowski, A. N. Siegel, D. Wolfe, "Toppling Dominoes", *Games of No Chance 4*,
MSRI Publ. 63 (2015); Albert, Nowakowski and Wolfe, *Lessons in Play*): a row of dominoes, each blue ``l``
(Left's), red ``r`` (Right's) or green ``e`` (either player's); ``.`` is an empty cell.  A move picks a
domino of your colour (or a green one) and topples it left or right: it and every cell on that side
become empty (CGSuite empties cells ``1..i`` or ``i..n``).  Whoever cannot move loses.  Moves are
labelled ``<i`` (toppled left) and ``i>`` (toppled right), 1-based.

Empty cells never matter (a toppling empties everything on its side), so the value tables drop them; the
row read right to left is the same game, and exchanging blue and red exchanges the players (negates).

Values (derived from the rules): one blue domino is ``{0|} = 1``; a blue-red pair is ``{-1, 0 | 0, 1} = *``;
a green domino is ``{0|0} = *``; ``n`` blue dominoes are the integer ``n`` (Fink et al.: a monochrome row).

>>> [str(TopplingDominoes(s).value) for s in ("l", "lr", "e", "lll", "r.r")]
['1', '*', '*', '3', '-2']
>>> [str(m) for m in TopplingDominoes("lr").moves("L")]
['<1 -> .r', '1> -> ..']
"""

from __future__ import annotations

from cgt.kernel.player import Player

from cgt.games.strip.board import Strip
from cgt.games.strip.ruleset import StripRuleset, swap_table

__all__ = ["TopplingDominoes"]

CATALOGUE = {"TopplingDominoes": "game.strip.TopplingDominoes"}

Left, Right = Player.Left, Player.Right
EMPTY, BLUE, RED, GREEN = 0, 1, 2, 3
_CHARS = ".lre"


class TopplingDominoesRuleset(StripRuleset):
    """Toppling Dominoes (see the module docstring); the only instance is :data:`TopplingDominoes`."""

    abstract = False
    name = "TopplingDominoes"
    char_map = _CHARS
    reversal = True
    colour_swap = swap_table(_CHARS, "l", "r")
    sample_alphabet = ".lllrrre"

    def moves(self, pos: Strip, player):
        """``(label, option)`` pairs: each own or green domino toppled left, then right."""
        own = BLUE if Player.parse(player) is Left else RED
        cells = pos.cells
        n = len(cells)
        out = []
        for i, c in enumerate(cells):
            if c == own or c == GREEN:
                out.append((f"<{i + 1}", Strip(bytes(i + 1) + cells[i + 1:])))
                out.append((f"{i + 1}>", Strip(cells[:i] + bytes(n - i))))
        return out

    def left_options(self, pos: Strip):
        """Rows after each blue or green domino toppled."""
        return [o for _, o in self.moves(pos, Left)]

    def right_options(self, pos: Strip):
        """Rows after each red or green domino toppled."""
        return [o for _, o in self.moves(pos, Right)]

    def crop(self, strip: Strip) -> Strip:
        """The dominoes without the empty cells (which never matter)."""
        if EMPTY not in strip.cells:
            return strip
        return Strip(strip.cells.replace(b"\x00", b""))


TopplingDominoes = TopplingDominoesRuleset()
