"""``Strip``: the immutable one-dimensional board of the strip games (CGSuite's ``cgsuite.util.Strip``).

A strip is a row of small non-negative integers (cell values).  Rulesets give each value a character (their
*char map*: the character at index ``k`` stands for value ``k``, index 0 is the empty cell) and read and
write strips as CGSuite does: characters looked up after lower-casing, no separators.  Indices are 0-based
in Python (the shell shows CGSuite's 1-based ones).

>>> s = Strip.parse("tt..ff", ".tf")
>>> len(s), s[0], s[4], s[9], s.find_all(2)
(6, 1, 2, None, [4, 5])
>>> s.to_string(".tf"), s.reversed().to_string(".tf"), s.updated(2, 1).to_string(".tf")
('tt..ff', 'ff..tt', 'ttt.ff')
>>> [part.to_string(".x") for part in Strip.parse("x..xx.x", ".x").decomposition(0)]
['x', 'xx', 'x']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cgt.runtime.arguments import is_integer_value
from cgt.errors import InvalidPositionError, TooLargeError

__all__ = ["Strip", "MAX_CELLS"]

#: Largest strip accepted (cells); a longer one is a typo or beyond any search.
MAX_CELLS = 1 << 20


def _cell_value(v) -> int:
    """``v`` checked as a cell value, an integer 0..255."""
    if not is_integer_value(v) or not 0 <= v <= 255:
        raise InvalidPositionError(f"cell value {v!r} is not an integer 0..255")
    return int(v)


class Strip:
    """An immutable row of cell values 0..255 (``bytes``); equal strips hash equal.

    >>> Strip.empty(3)
    Strip([0,0,0])
    >>> Strip.from_values([0, 1, 2]).updated({0: 2, 2: 0})
    Strip([2,1,0])
    """

    __slots__ = ("cells", "_hash")

    def __init__(self, cells: bytes | Iterable[int] = b"") -> None:
        cells = bytes(cells)
        if len(cells) > MAX_CELLS:
            raise TooLargeError(f"a strip of {len(cells)} cells is longer than {MAX_CELLS}")
        self.cells = cells
        self._hash = hash(cells)

    # -- construction -------------------------------------------------------------------------------
    @classmethod
    def empty(cls, length: int) -> "Strip":
        """An all-zero strip of ``length`` cells."""
        if not is_integer_value(length) or length < 0:
            raise InvalidPositionError(f"strip length {length!r} is not a non-negative integer")
        if length > MAX_CELLS:
            raise TooLargeError(f"a strip of {length} cells is longer than {MAX_CELLS}")
        return cls(bytes(length))

    @classmethod
    def from_values(cls, values: Iterable[int]) -> "Strip":
        """A strip from a list of cell values 0..255."""
        values = list(values)
        for i, v in enumerate(values):
            if not is_integer_value(v) or not 0 <= v <= 255:
                raise InvalidPositionError(f"strip cell {i + 1} = {v!r} is not an integer 0..255")
        return cls(bytes(values))

    @classmethod
    def parse(cls, text: str, char_map: str) -> "Strip":
        """Read a strip: each character's value is its index in ``char_map`` (after lower-casing).

        >>> Strip.parse("t.F", ".tf").cells
        b'\\x01\\x00\\x02'
        >>> Strip.parse("t.q", ".tf")
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidPositionError: 'q' at position 3 of 't.q' is not one of '.tf'
        """
        if not isinstance(text, str):
            raise InvalidPositionError(f"a strip is a string such as 'tt..ff', got {text!r}")
        if len(text) > 4 * MAX_CELLS:
            raise TooLargeError(f"a strip of {len(text)} characters is longer than {MAX_CELLS} cells")
        stripped = text.strip()
        lookup = {ch: i for i, ch in enumerate(char_map.lower())}
        cells = bytearray()
        for j, ch in enumerate(stripped):
            value = lookup.get(ch.lower())
            if value is None:
                raise InvalidPositionError(f"{ch!r} at position {j + 1} of {text!r} is not one of {char_map!r}")
            cells.append(value)
        return cls(bytes(cells))

    def to_string(self, char_map: str) -> str:
        """The strip as text (inverse of :meth:`parse`)."""
        return "".join(char_map[v] for v in self.cells)

    # -- access ---------------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.cells)

    @property
    def length(self) -> int:
        """The number of cells (CGSuite's ``Length``)."""
        return len(self.cells)

    def __getitem__(self, i: int) -> int | None:
        """``strip[i]``: the value at 0-based ``i``, or None outside the strip (negative indices too)."""
        if 0 <= i < len(self.cells):
            return self.cells[i]
        return None

    def values(self) -> list[int]:
        """The cell values, left to right."""
        return list(self.cells)

    def find_all(self, value: int) -> list[int]:
        """Indices of the cells holding ``value``, left to right."""
        return [i for i, v in enumerate(self.cells) if v == value]

    def _check_index(self, i) -> None:
        if not is_integer_value(i) or not 0 <= i < len(self.cells):
            raise InvalidPositionError(f"index {i!r} is outside this strip of {len(self.cells)} cells")

    def updated(self, index_or_changes, value: int | None = None) -> "Strip":
        """A copy with one cell (``updated(i, v)``) or several (``updated({i: v, ...})``) changed."""
        changes = index_or_changes if isinstance(index_or_changes, Mapping) else {index_or_changes: value}
        cells = bytearray(self.cells)
        for i, v in changes.items():
            self._check_index(i)
            cells[i] = _cell_value(v)
        return Strip(bytes(cells))

    def updated_range(self, first: int, last: int, value: int) -> "Strip":
        """A copy with cells ``first..last`` (inclusive, clipped to the strip) set to ``value``."""
        value = _cell_value(value)
        lo, hi = max(first, 0), min(last, len(self.cells) - 1)
        if lo > hi:
            return self
        return Strip(self.cells[:lo] + bytes([value]) * (hi - lo + 1) + self.cells[hi + 1:])

    def substrip(self, first: int, last: int) -> "Strip":
        """Cells ``first..last`` (inclusive, 0-based)."""
        if not (0 <= first <= len(self.cells) and -1 <= last < len(self.cells)):
            raise InvalidPositionError(f"substrip {first}..{last} is outside this strip of {len(self.cells)} cells")
        return Strip(self.cells[first:last + 1])

    def reversed(self) -> "Strip":
        """The strip read right to left."""
        return Strip(self.cells[::-1])

    def translated(self, table: bytes) -> "Strip":
        """Each cell value ``v`` replaced by ``table[v]`` (a 256-byte table, as ``bytes.translate``)."""
        return Strip(self.cells.translate(table))

    def cropped(self, boundary: int) -> "Strip":
        """The strip without its leading and trailing ``boundary`` cells.

        >>> Strip.parse("..x.x..", ".x").cropped(0).to_string(".x")
        'x.x'
        """
        b = bytes([boundary])
        cells = self.cells.strip(b)
        return self if len(cells) == len(self.cells) else Strip(cells)

    def decomposition(self, boundary: int) -> list["Strip"]:
        """The maximal runs of cells other than ``boundary``, left to right (``[]`` if there is none).

        >>> [str(s) for s in Strip(bytes([1, 0, 2, 2, 0])).decomposition(0)], len(Strip(bytes([1])).decomposition(300))
        (['Strip([1])', 'Strip([2,2])'], 1)
        """
        if not is_integer_value(boundary):
            raise InvalidPositionError(f"a boundary value is an integer, got {boundary}")
        if not 0 <= boundary <= 255:            # no cell holds it: the strip is one run
            return [self] if self.cells else []
        parts = self.cells.split(bytes([boundary]))
        return [Strip(p) for p in parts if p]

    # -- value semantics ----------------------------------------------------------------------------------
    def sort_key(self) -> tuple:
        """Strips compare by length, then cells left to right."""
        return (len(self.cells), self.cells)

    def __eq__(self, other):
        if not isinstance(other, Strip):
            return NotImplemented
        return self.cells == other.cells

    def __hash__(self):
        return self._hash

    def __repr__(self) -> str:
        return "Strip([" + ",".join(map(str, self.cells)) + "])"

    def __reduce__(self):
        """Pickle as ``cgt.games.by_name("Strip", (cells,))``: no module path recorded."""
        import cgt.games

        return cgt.games.by_name, ("Strip", (self.cells,))
