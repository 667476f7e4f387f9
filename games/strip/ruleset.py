"""``StripRuleset``: the base of rulesets played on a :class:`~cgt.games.strip.board.Strip` (CGSuite's ``game.strip``).

A strip ruleset names its cells with a *char map* (``char_map[k]`` is the character of cell value ``k``;
index 0 is the empty cell), and may declare

* ``reversal``: reading the strip right to left keeps the value (Toppling Dominoes);
* ``colour_swap``: a cell translation that exchanges the players' pieces.  With ``swap_reverses`` the
  swap negates the value only together with a reversal (Toads and Frogs: toads move right, frogs left, so
  ``tt.f`` mirrored and recoloured is ``t.ff`` with the players exchanged); without it the swap alone
  negates (Toppling Dominoes: ``l`` <-> ``r``);
* ``boundary``: a cell value that no move touches or crosses, so the runs it separates are independent
  components and leading/trailing boundary cells can be cropped.

These only feed the value tables (:meth:`normal_form`, :meth:`components`); positions keep the strip the
user wrote.  Subclasses define the moves (``left_options``/``right_options``, ``options`` or ``moves``).

>>> class Hop(StripRuleset):
...     '''Toy: Left turns a '.' into '#' when its right neighbour is '.'; Right any '.'.'''
...     char_map = ".#"
...     boundary = 1
...     reversal = False
...     def left_options(self, s):
...         return [s.updated(i, 1) for i in s.find_all(0) if s[i + 1] == 0]
...     def right_options(self, s):
...         return [s.updated(i, 1) for i in s.find_all(0)]
>>> p = Hop()("..#.")
>>> str(p), str(p.value), [str(q) for q in p.decomposition]
('..#.', '-2*', ['..', '.'])
"""

from __future__ import annotations

from cgt.errors import InvalidPositionError

from cgt.games.engine.ruleset import Ruleset
from cgt.games.strip.board import Strip

__all__ = ["StripRuleset", "swap_table"]


def swap_table(char_map: str, a: str, b: str) -> bytes:
    """A 256-byte translation exchanging the cell values of characters ``a`` and ``b`` of ``char_map``."""
    table = bytearray(range(256))
    i, j = char_map.index(a), char_map.index(b)
    table[i], table[j] = j, i
    return bytes(table)


class StripRuleset(Ruleset):
    """Base class of strip rulesets (see the module docstring)."""

    abstract = True
    #: Tells ``cgt.testing.positions`` how to draw random positions.
    board_kind = "strip"
    char_map: str = "."
    reversal: bool = False
    colour_swap: bytes | None = None
    swap_reverses: bool = False
    boundary: int | None = None

    # -- positions --------------------------------------------------------------------------------------
    def parse(self, text: str) -> Strip:
        """A strip string (characters from :attr:`char_map`)."""
        return self.normalize(Strip.parse(text, self.char_map))

    def normalize(self, pos) -> Strip:
        """A :class:`Strip` (or a strip string) whose cell values all have a character in the char map."""
        if isinstance(pos, str):
            return self.parse(pos)
        if not isinstance(pos, Strip):
            raise InvalidPositionError(f"{self!r}: a position is a strip string such as "
                                       f"{self.char_map[:2] * 2!r} or a Strip, got {pos!r}")
        limit = len(self.char_map)
        for i, v in enumerate(pos.cells):
            if v >= limit:
                raise InvalidPositionError(f"{self!r}: cell {i + 1} holds {v}, which has no character "
                                           f"in {self.char_map!r}")
        self.check(pos)
        return pos

    def check(self, strip: Strip) -> None:
        """Raise InvalidPositionError if ``strip`` cannot occur (default: every strip is fine)."""

    def format(self, pos: Strip) -> str:
        """The strip string."""
        return pos.to_string(self.char_map)

    # -- value tables -----------------------------------------------------------------------------------
    def has_components(self) -> bool:
        return self.boundary is not None or type(self).components is not StripRuleset.components

    def components(self, strip: Strip) -> list:
        """The runs separated by :attr:`boundary` cells (the whole strip when there is no boundary)."""
        if self.boundary is None:
            return [strip]
        parts = strip.decomposition(self.boundary)
        return parts if len(parts) != 1 else [strip.cropped(self.boundary)]

    def crop(self, strip: Strip) -> Strip:
        """A strip of the same value without cells that cannot matter (default: boundary cells at the ends)."""
        return strip.cropped(self.boundary) if self.boundary is not None else strip

    def normal_form(self, strip: Strip) -> tuple[Strip, bool]:
        """The least of the strip's images under the declared symmetries, and whether it negates."""
        strip = self.crop(strip)
        best, best_key, negated = strip, strip.sort_key(), False
        images = []
        if self.reversal:
            images.append((strip.reversed(), False))
        if self.colour_swap is not None:
            swapped = strip.translated(self.colour_swap)
            if self.swap_reverses:
                images.append((swapped.reversed(), True))
            else:
                images.append((swapped, True))
                if self.reversal:
                    images.append((swapped.reversed(), True))
        for image, neg in images:
            key = image.sort_key()
            if key < best_key:
                best, best_key, negated = image, key, neg
        return best, negated
