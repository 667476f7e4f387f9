"""CGSuite's ``cgsuite.util.Strip`` in the shell: the board of the strip games.

``Strip([0,1,2])`` (the printed form, which reads back), ``Strip.Empty(n)`` and ``Strip.Parse(str,
charMap)`` build strips; members ``Length``, ``FindAll(v)``, ``Decomposition(boundary)``,
``Substrip(first, last)``, ``Updated(i, v)`` / ``Updated({i => v})``, ``UpdatedRange(first, last, v)``,
``ToString(charMap)``, and ``s[i]`` (``Nothing`` outside the strip).  Indices are 1-based, as in CGSuite.
A strip ruleset takes a strip as a position: ``game.strip.ToadsAndFrogs(Strip.Parse("tt.ff", ".tf"))``.

>>> from cgt.shell import run
>>> run('Strip.Parse("tt.ff", ".tf")'), run('Strip.Parse("tt.ff", ".tf").FindAll(2)')
('Strip([1,1,0,2,2])', '[4,5]')
>>> run('game.strip.ToadsAndFrogs(Strip([1,1,0,2])).CanonicalForm'), run('Strip([3,4])[2]')
('{1/2|0}', '4')
"""

from __future__ import annotations

from cgt.errors import InvalidPositionError

from cgt.games.strip.board import Strip

from cgt.shell.containers import ShellMap
from cgt.shell.method_registry import Section
from cgt.shell.values import KeywordFunction, Namespace, format_value

__all__ = ["strip_namespace", "STRIPS", "strip_index", "board_parser"]

_LIMIT = 1 << 16


def _index(i, strip: Strip, what: str = "index") -> int:
    """A 1-based shell index as a 0-based one (a clear error when it is not an integer)."""
    if isinstance(i, bool) or not isinstance(i, int):
        raise InvalidPositionError(f"a strip {what} must be an integer, got {i!r}")
    return i - 1


def _cell(i, strip: Strip) -> int:
    """A 1-based cell index that must lie in the strip, as a 0-based one."""
    k = _index(i, strip)
    if not 0 <= k < strip.length:
        raise InvalidPositionError(f"cell {i} is outside this strip of {strip.length} cells (1..{strip.length})")
    return k


def _values(values) -> Strip:
    if not isinstance(values, (list, tuple)):
        raise InvalidPositionError(f"Strip needs a list of cell values such as [0,1,2], got {values!r}")
    if len(values) > _LIMIT:
        raise InvalidPositionError(f"Strip: {len(values)} cells is more than the {_LIMIT} the shell builds")
    for k, v in enumerate(values, 1):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 255:
            raise InvalidPositionError(f"Strip: cell {k} is {v!r}, not an integer 0..255")
    return Strip.from_values(values)


def _empty(args, kwargs=None):
    (n,) = args
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= _LIMIT:
        raise InvalidPositionError(f"Strip.Empty needs a length 0..{_LIMIT}, got {n!r}")
    return Strip.empty(n)


def board_parser(kind: str, parse, example: str):
    """The shell's ``Kind.Parse(str, charMap)`` for a board type (strips, grids): both arguments strings,
    else a one-line error showing ``example``."""
    def parse_board(args, kwargs=None):
        text, char_map = args
        if not isinstance(text, str) or not isinstance(char_map, str):
            raise InvalidPositionError(f"{kind}.Parse needs a string and a char map string, e.g. {example}")
        return parse(text, char_map)

    return parse_board


_parse = board_parser("Strip", Strip.parse, 'Strip.Parse("t.f", ".tf")')


def strip_namespace() -> Namespace:
    """``Strip``: called on a list it builds the strip; ``Strip.Empty(n)``, ``Strip.Parse(str, charMap)``.

    >>> sorted(strip_namespace().entries)
    ['Empty', 'Parse']
    """
    space = Namespace("Strip", "cgsuite.util.Strip: Strip([0,1,2]), Strip.Empty(n), Strip.Parse(str, charMap).")
    space.constructor = KeywordFunction("Strip", lambda args, kwargs=None: _values(args[0]), (1, 1),
                                        Strip.from_values)
    space.entries.update({
        "Empty": KeywordFunction("Strip.Empty", _empty, (1, 1), Strip.empty),
        "Parse": KeywordFunction("Strip.Parse", _parse, (2, 2), Strip.parse),
    })
    return space


def strip_index(strip: Strip, i):
    """``s[i]``: the value of 1-based cell ``i``, ``None`` (Nothing) outside the strip."""
    k = _index(i, strip)
    return strip[k] if k >= 0 else None


# ---------------------------------------------------------------- the methods (CGSuite's), 1-based

STRIPS = Section("strips", Strip, letter="s")

STRIPS.method("Length", lambda s: s.length, doc=Strip.length)


@STRIPS.method("FindAll", arity=(1, 1), usage="s.FindAll(v)")
def find_all(s: Strip, v) -> list:
    """The (1-based) indices of the cells holding a value, left to right."""
    return [i + 1 for i in s.find_all(v)]


@STRIPS.method("Decomposition", arity=(1, 1), usage="s.Decomposition(boundaryValue)")
def decomposition(s: Strip, boundary) -> list:
    """The maximal runs of cells other than the boundary value."""
    return s.decomposition(boundary)


@STRIPS.method("Substrip", arity=(2, 2), usage="s.Substrip(first, last)")
def substrip(s: Strip, first, last) -> Strip:
    """Cells first..last (1-based, inclusive)."""
    return s.substrip(_index(first, s), _index(last, s))


@STRIPS.method("Updated", arity=(1, 2), usage="s.Updated(i, v), or s.Updated({i => v})")
def updated(s: Strip, where, value=None) -> Strip:
    """A copy with cell i set to v (Updated(i, v) or Updated({i => v}))."""
    if isinstance(where, ShellMap):
        if value is not None:
            raise InvalidPositionError("Updated takes a map {i => v} or an index and a value, not both")
        return s.updated({_cell(i, s): v for i, v in where.entries.items()})
    if value is None:
        raise InvalidPositionError("Updated needs an index and a value: s.Updated(i, v) or s.Updated({i => v})")
    return s.updated(_cell(where, s), value)


@STRIPS.method("UpdatedRange", arity=(3, 3), usage="s.UpdatedRange(first, last, v)")
def updated_range(s: Strip, first, last, v) -> Strip:
    """A copy with cells first..last (1-based, clipped to the strip) set to v."""
    return s.updated_range(_index(first, s), _index(last, s), v)


@STRIPS.method("ToString", arity=(0, 1), usage="s.ToString, or s.ToString(charMap)")
def to_string(s: Strip, *char_map) -> str:
    """The strip written with a char map (the inverse of Strip.Parse); without one, the text the shell
    prints for the strip."""
    if not char_map:
        return format_value(s)
    (chars,) = char_map
    if not isinstance(chars, str):
        raise InvalidPositionError(f"ToString needs a char map string, got {chars!r}")
    return s.to_string(chars)
