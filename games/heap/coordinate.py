"""Coordinate rulesets: impartial games on integer pairs (CGSuite ``game.heap.CoordinateRuleset``).

A position is a pair ``(a, b)`` -- or a sum of pairs, each a separate component.  Subclasses define
``coordinate_options((a, b))``: the options of one pair, each a pair or a collection of pairs (their
disjunctive sum; an empty collection is the game 0).  Values come from a memoised depth-first search that
follows options wherever they lead (they need not be smaller); a cycle raises ``NotShortGameError``.
Positions print as ``(a,b)``, sums as ``(a,b) + (c,d)``.

>>> class Diagonal(CoordinateRuleset):
...     '''Move one step down, one step left, or both.'''
...     def coordinate_options(self, coord):
...         a, b = coord
...         return [p for p in ((a - 1, b), (a, b - 1), (a - 1, b - 1)) if min(p) >= 0]
>>> d = Diagonal()
>>> d.nim_value_table(2, 2)
[[0, 1, 0], [1, 2, 3], [0, 3, 0]]
>>> str(d((1, 1))), d((1, 1), (2, 2)).grundy, d.parse("(1,2) + (0,1)")
('(1,1)', 2, ((1, 2), (0, 1)))
"""

from __future__ import annotations

import re
from functools import reduce
from operator import xor

from cgt.runtime.arguments import is_integer_value
from cgt.errors import InvalidPositionError, NotApplicableError, NotShortGameError
from cgt.impartial.grundy import mex
from cgt.runtime.interrupt import check_interrupt

from cgt.games.engine.ruleset import ImpartialRuleset

__all__ = ["CoordinateRuleset", "FunctionalCoordinateRuleset", "as_pair", "memo_values"]

CATALOGUE = {"FunctionalCoordinateRuleset": "game.heap.CoordinateRuleset"}

_PAIR = re.compile(r"\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)")


def as_pair(value, where: str) -> tuple[int, int]:
    """``value`` as an integer pair, or a one-line InvalidPositionError naming ``where``."""
    try:
        a, b = value
    except (TypeError, ValueError):
        raise InvalidPositionError(f"{where}: {value!r} is not a coordinate pair (a, b)") from None
    for x in (a, b):
        if not is_integer_value(x):
            raise InvalidPositionError(f"{where}: coordinate {x!r} in {value!r} is not an integer")
    return (a, b)


def memo_values(start, options, combine, memo: dict, what: str):
    """The value of ``start`` by a memoised depth-first search without recursion.

    ``options(x)`` lists the options of ``x``, each a tuple of sub-positions (a sum); ``combine(x, vals)``
    turns the list of option values (each a list of sub-position values) into the value of ``x``.  A
    position met again while its own value is being computed is a cycle: ``NotShortGameError``.
    """
    if start in memo:
        return memo[start]
    stack = [start]
    on_stack = {start}
    cache: dict = {}
    while stack:
        check_interrupt()
        x = stack[-1]
        opts = cache.get(x)
        if opts is None:
            opts = cache[x] = options(x)
        pending = None
        for opt in opts:
            for y in opt:
                if y not in memo:
                    if y in on_stack:
                        raise NotShortGameError(f"{what}: {y!r} can be reached again from itself (a cycle), so "
                                                f"the game is not short")
                    pending = y
                    break
            if pending is not None:
                break
        if pending is not None:
            stack.append(pending)
            on_stack.add(pending)
            continue
        memo[x] = combine(x, [[memo[y] for y in opt] for opt in opts])
        stack.pop()
        on_stack.discard(x)
        del cache[x]
    return memo[start]


def _nim_combine(_x, values) -> int:
    return mex(reduce(xor, vals, 0) for vals in values)


class FunctionRuleset:
    """Mixin for a ruleset given by one Python function ``fn``: checked to be callable, compared and printed
    by it (``FunctionalHeapRuleset(fn)``, ``FunctionalCoordinateRuleset(fn)``, ``GenMem(predicate)``).

    Subclasses name themselves for errors (``family_name``) and say what the function maps
    (``function_signature``).
    """

    family_name = "Ruleset"
    function_signature = "a function"

    def __init__(self, fn, name: str | None = None) -> None:
        if not callable(fn):
            raise InvalidPositionError(f"{self.family_name}: {fn!r} is not {self.function_signature}")
        self.fn = fn
        if name is not None:
            self.name = name

    def params(self) -> tuple:
        return (self.fn,)

    def __repr__(self) -> str:
        if self.name is not None:
            return self.name
        return f"{type(self).__name__}({getattr(self.fn, '__name__', self.fn)})"


class CoordinateRuleset(ImpartialRuleset):
    """Base class of impartial games on integer pairs; subclasses define :meth:`coordinate_options`."""

    abstract = True

    def coordinate_options(self, coord: tuple[int, int]):
        """The options of one pair: pairs, or collections of pairs (sums).  Subclasses override."""
        raise NotApplicableError(f"{self!r} does not define coordinate_options")

    @classmethod
    def from_function(cls, fn, name: str | None = None) -> "FunctionalCoordinateRuleset":
        """A coordinate ruleset whose options are ``fn(row, col)`` (CGSuite ``CoordinateRuleset(fn)``)."""
        return FunctionalCoordinateRuleset(fn, name=name)

    # -- positions -------------------------------------------------------------------------------------
    def normalize(self, pos) -> tuple[tuple[int, int], ...]:
        """A pair ``(a, b)`` or a collection of pairs -> the tuple of pairs, as written."""
        if isinstance(pos, (tuple, list)) and len(pos) == 2 and all(isinstance(x, int) for x in pos):
            return (as_pair(pos, repr(self)),)
        if isinstance(pos, (str, bytes, int)):
            raise InvalidPositionError(f"{self!r}: {pos!r} is not a pair (a, b) or a collection of pairs")
        try:
            items = tuple(pos)
        except TypeError:
            raise InvalidPositionError(f"{self!r}: {pos!r} is not a pair (a, b) or a collection of pairs") from None
        return tuple(as_pair(p, repr(self)) for p in items)

    def parse(self, text: str):
        """``"(3,5)"`` or ``"(1,2) + (3,4)"``."""
        body = text.strip()
        pairs = [(int(a), int(b)) for a, b in _PAIR.findall(body)]
        rest = _PAIR.sub("", body).replace("+", "").strip()
        if rest or not pairs:
            bad = rest[:20] if rest else body
            raise InvalidPositionError(f"{self!r}: cannot parse {bad!r} in {text!r} (want e.g. '(3,5)' or "
                                       f"'(1,2) + (3,4)')")
        return self.normalize(pairs)

    def format(self, pos) -> str:
        """``(a,b)``; a sum as ``(a,b) + (c,d)``; the empty sum as ``0``."""
        return " + ".join(f"({a},{b})" for a, b in pos) if pos else "0"

    def components(self, pos):
        """Each pair is a component."""
        return [(p,) for p in pos] if len(pos) > 1 else [pos]

    def normal_form(self, pos):
        return tuple(sorted(pos)), False

    # -- moves -----------------------------------------------------------------------------------------
    def pair_options(self, coord) -> list[tuple[tuple[int, int], ...]]:
        """``coordinate_options(coord)``, validated: each option a tuple of pairs."""
        where = f"{self!r}: option of {coord}"
        result = []
        for opt in self.coordinate_options(coord):
            if isinstance(opt, (tuple, list)) and len(opt) == 2 and all(isinstance(x, int) for x in opt):
                result.append((as_pair(opt, where),))
            else:
                try:
                    items = tuple(opt)
                except TypeError:
                    raise InvalidPositionError(f"{where}: {opt!r} is not a pair or a collection of pairs") from None
                result.append(tuple(as_pair(p, where) for p in items))
        return result

    def moves(self, pos, player=None):
        """One pair replaced (in place) by one of its options."""
        result = []
        for i, coord in enumerate(pos):
            for opt in self.pair_options(coord):
                result.append((None, pos[:i] + opt + pos[i + 1:]))
        return result

    def options(self, pos):
        return [o for _, o in self.moves(pos)]

    # -- values ----------------------------------------------------------------------------------------
    def coordinate_grundy(self, coord) -> int:
        """The nim value of one pair."""
        return memo_values(tuple(coord), self.pair_options, _nim_combine, self.table("coord"), repr(self))

    def grundy(self, pos) -> int:
        """XOR of the pairs' nim values."""
        return reduce(xor, (self.coordinate_grundy(c) for c in pos), 0)

    def nim_value_table(self, max_row: int, max_col: int) -> list[list[int]]:
        """Nim values over ``0..max_row x 0..max_col`` (CGSuite ``NimValueTable``)."""
        for x in (max_row, max_col):
            if not is_integer_value(x) or x < 0:
                raise InvalidPositionError(f"{self!r}: nim_value_table needs non-negative ints, got {x!r}")
        return [[self.coordinate_grundy((r, c)) for c in range(max_col + 1)] for r in range(max_row + 1)]


class FunctionalCoordinateRuleset(FunctionRuleset, CoordinateRuleset):
    """The coordinate ruleset whose options of ``(row, col)`` are ``fn(row, col)`` (CGSuite's
    ``game.heap.CoordinateRuleset(fn)``; note the two arguments).

    >>> R = FunctionalCoordinateRuleset(lambda a, b: [(a - 1, b + 1)] if a > 0 else [])
    >>> R.nim_value_table(2, 1)
    [[0, 0], [1, 1], [0, 0]]
    >>> FunctionalCoordinateRuleset(lambda a, b: [(b, a)])((1, 2)).grundy
    Traceback (most recent call last):
    ...
    cgt.errors.NotShortGameError: FunctionalCoordinateRuleset(<lambda>): (1, 2) can be reached again from itself (a cycle), so the game is not short
    """

    family_name = "CoordinateRuleset"
    function_signature = "a function (row, col) -> options"

    def coordinate_options(self, coord):
        return self.fn(*coord)
