"""CGScript's collections and strings: ranges, maps, and the methods of lists,
sets, tuples, maps and strings (``Apply``, ``Filter``, ``SortedWith``, ``Substring``, ...).

Lists are Python lists, sets frozensets, strings str; this module adds :class:`Range` (``1..5``),
:class:`ShellMap` (``{1 => 2}``) and :class:`MapEntry`.  A range offers the methods of the list it stands
for (the registry's coercion).  Methods that take procedures (``Filter(p)``) are declared with
``caller=True``: they receive ``call(f, args)``, the evaluator's way of calling a shell procedure, so
predicates written in the shell run under the shell's limits.

>>> COLLECTION_MEMBERS.methods["Filter"].call([1, 2, 3], [lambda x: x > 1])
[2, 3]
>>> STRINGS.methods["ToUpperCase"].call("abc", []), COLLECTIONS.methods["Sum"].call([1, 2], [])
('ABC', 3)
>>> str(ShellMap({1: "a", 0: "b"})), str(Range(1, 10, 3)), list(Range(1, 10, 3))
('{0 => "b", 1 => "a"}', '1..10..3', [1, 4, 7, 10])
"""

from __future__ import annotations

import functools
import re

from cgt import Game
from cgt.errors import NotApplicableError
from cgt.impartial.grundy import mex
from cgt.runtime.interrupt import check_interrupt
from cgt.short.compound import form_sum, is_form

from cgt.games.engine.sums import is_summand

from cgt.shell.errors import ShellError
from cgt.shell.method_registry import Section
from cgt.shell.table import Table, grouped
from cgt.shell.values import HelpText, describe, format_value, game_form, is_number, normalise, sort_key, to_game

#: Most elements a range may have when its elements are needed one by one.
MAX_RANGE_SIZE = 10**7
#: Most elements of a list or set, and characters of a string, that concatenation may build.
MAX_COLLECTION_SIZE = 10**7


def bounded(a, b):
    """``a + b`` for two lists or two strings, refused beyond MAX_COLLECTION_SIZE elements.

    >>> bounded([1], [2]), bounded("a", "b")
    ([1, 2], 'ab')
    """
    size = len(a) + len(b)
    if size > MAX_COLLECTION_SIZE:
        raise ShellError(f"too large: {size} elements (the limit is {MAX_COLLECTION_SIZE})")
    return a + b


class _ReprAsPrinted:
    """A value whose ``repr`` is its printed text, so that a library message naming it shows it as the shell
    prints it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


class Range(_ReprAsPrinted):
    """``a..b`` or ``a..b..step``: the integers from ``a`` towards ``b`` (CGSuite's Range, a List).

    >>> r = Range(5, 1, -2)
    >>> str(r), list(r), len(r), r[2]
    ('5..1..-2', [5, 3, 1], 3, 3)
    >>> Range(1, 3, 0)
    Traceback (most recent call last):
    ...
    cgt.shell.errors.ShellError: a range step must not be 0
    """

    __slots__ = ("start", "end", "step")

    def __init__(self, start, end, step=1):
        for value, what in ((start, "start"), (end, "end"), (step, "step")):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ShellError(f"a range {what} must be an integer, got {describe(value)}")
        if step == 0:
            raise ShellError("a range step must not be 0")
        self.start, self.end, self.step = start, end, step

    def __len__(self) -> int:
        return max(0, (self.end - self.start) // self.step + 1)

    def __iter__(self):
        size = len(self)
        if size > MAX_RANGE_SIZE:
            raise ShellError(f"range too large: {size} values (the limit is {MAX_RANGE_SIZE})")
        return iter(range(self.start, self.start + size * self.step, self.step))

    def __getitem__(self, i: int):
        return self.start + (i - 1) * self.step

    def __eq__(self, other) -> bool:
        return isinstance(other, Range) and list(self) == list(other)

    def __hash__(self) -> int:
        return hash((self.start, self.end, self.step))

    def __str__(self) -> str:
        text = f"{format_value(self.start)}..{format_value(self.end)}"
        return text if self.step == 1 else f"{text}..{format_value(self.step)}"


class ShellMap(_ReprAsPrinted):
    """An immutable map ``{k => v}`` (CGSuite's Map; printed with its entries sorted by key).

    >>> m = ShellMap({"b": 2, "a": 1})
    >>> str(m), m["a"], len(m), str(ShellMap({}))
    ('{"a" => 1, "b" => 2}', 1, 2, '{=>}')
    """

    __slots__ = ("entries",)

    def __init__(self, entries: dict):
        self.entries = dict(entries)

    def __getitem__(self, key):
        try:
            return self.entries[key]
        except (KeyError, TypeError):
            raise ShellError(f"key not found: {describe(key)}") from None

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self):
        return iter(sorted(self.entries, key=sort_key))

    def __eq__(self, other) -> bool:
        return isinstance(other, ShellMap) and self.entries == other.entries

    def __hash__(self) -> int:
        return hash(frozenset(self.entries.items()))

    def __str__(self) -> str:
        if not self.entries:
            return "{=>}"
        return "{" + ", ".join(f"{format_value(k)} => {format_value(self.entries[k])}" for k in self) + "}"


class MapEntry(_ReprAsPrinted):
    """One ``k => v`` of a map (``Entries``), with ``Key`` and ``Value``.

    >>> str(MapEntry(1, "x"))
    '1 => "x"'
    """

    __slots__ = ("key", "value")

    def __init__(self, key, value):
        self.key, self.value = key, value

    def __eq__(self, other) -> bool:
        return isinstance(other, MapEntry) and (self.key, self.value) == (other.key, other.value)

    def __hash__(self) -> int:
        return hash((self.key, self.value))

    def __str__(self) -> str:
        return f"{format_value(self.key)} => {format_value(self.value)}"


def make_set(items) -> frozenset:
    """A shell set of ``items`` (a clear error for elements that cannot be in a set).

    >>> sorted(make_set([2, 1, 2]))
    [1, 2]
    """
    try:
        return frozenset(items)
    except TypeError:
        raise ShellError("a set can only hold numbers, games, strings, tuples, sets and maps (not lists)") from None


def make_map(pairs) -> ShellMap:
    """A shell map from ``(key, value)`` pairs; a later key replaces an earlier one.

    >>> str(make_map([(1, 2), (1, 3)]))
    '{1 => 3}'
    """
    entries = {}
    for key, value in pairs:
        try:
            entries[key] = value
        except TypeError:
            raise ShellError(f"{describe(key)} cannot be a map key (lists cannot)") from None
    return ShellMap(entries)


def elements(collection) -> list:
    """The elements of a collection in iteration order (sets and maps sorted, as CGSuite does).

    >>> elements(frozenset({3, 1})), elements("ab"), elements(Range(1, 3))
    ([1, 3], ['a', 'b'], [1, 2, 3])
    """
    if isinstance(collection, (frozenset, set)):
        return sorted(collection, key=sort_key)
    if isinstance(collection, ShellMap):
        return [MapEntry(k, collection.entries[k]) for k in collection]
    if isinstance(collection, (list, tuple, str, Range)):
        return list(collection)
    raise ShellError(f"cannot loop over {describe(collection)}")


# ---------------------------------------------------------------- helpers

def _same_kind(collection, items):
    """``items`` as the same kind of collection as ``collection`` (a set stays a set, a map a map).

    >>> str(_same_kind(ShellMap({}), [MapEntry(1, 2)])), _same_kind(frozenset(), [2, 1]) == {1, 2}
    ('{1 => 2}', True)
    """
    if isinstance(collection, (frozenset, set)):
        return make_set(items)
    if isinstance(collection, ShellMap):
        return _entries_map(items)
    return list(items)


def _entries_map(items) -> ShellMap:
    """The map of a collection of entries ``k => v`` (a later key replaces an earlier one)."""
    pairs = []
    for item in items:
        if not isinstance(item, MapEntry):
            raise ShellError(f"a map's elements are entries k => v, not {describe(item)}")
        pairs.append((item.key, item.value))
    return make_map(pairs)


def _predicate(call, fn, x) -> bool:
    result = call(fn, [x])
    if not isinstance(result, bool):
        raise ShellError(f"a predicate must return true or false, got {describe(result)}")
    return result


def _integer(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ShellError(f"{what} must be an integer, got {describe(value)}")
    return value


def list_position(value, size: int, what: str = "index") -> int:
    """``value`` checked as a 1-based position in a collection of ``size`` elements."""
    i = _integer(value, f"an {what}")
    if not 1 <= i <= size:
        raise ShellError(f"{what} {i} out of range 1..{size}")
    return i


def _head(items):
    if not items:
        raise ShellError("Head of an empty collection")
    return items[0]


def _flattened(items):
    result = []
    for item in items:
        if isinstance(item, (list, frozenset, set, Range)):
            result.extend(elements(item))
        else:
            result.append(item)
    return result


def sort_with_comparator(call, items, fn):
    """``items`` sorted by the shell procedure ``fn(a, b)`` (a negative, zero or positive integer), called
    through the evaluator's ``call``."""
    def compare(a, b):
        check_interrupt()
        answer = call(fn, [a, b])
        if isinstance(answer, bool) or not is_number(answer):
            raise ShellError(f"a comparator must return an integer, got {describe(answer)}")
        return (answer > 0) - (answer < 0)

    return sorted(items, key=functools.cmp_to_key(compare))


def _sublist(items, first, last):
    a, b = _integer(first, "Sublist's first index"), _integer(last, "Sublist's last index")
    if not (1 <= a <= len(items) + 1 and a - 1 <= b <= len(items)):
        raise ShellError(f"Sublist: {a} to {b} is out of range for a list of {len(items)} elements")
    return items[a - 1 : b]


def _updated_list(items, i, x):
    i = list_position(i, len(items))
    return items[: i - 1] + [x] + items[i:]


def _replaced(items: frozenset, mapping):
    """The set with each key of the map taken out and then each value added: S.Replaced({old => new})."""
    if not isinstance(mapping, ShellMap):
        raise ShellError(f"Replaced needs a map {{old => new}}, got {describe(mapping)}")
    return make_set([x for x in items if x not in mapping.entries] + list(mapping.entries.values()))


def _reversed_map(m: ShellMap):
    """The map with keys and values swapped (of keys with equal values, the last one stays)."""
    return make_map((v, k) for k, v in m.entries.items())


def _updated_map(m: ShellMap, key, value=None, *more):
    """A copy with key k mapped to v (Updated(k, v)), or with the entries of another map (Updated(map))."""
    if more:
        raise ShellError("Updated takes a key and a value, or a map")
    if value is None and isinstance(key, ShellMap):
        return ShellMap({**m.entries, **key.entries})
    return make_map([*m.entries.items(), (key, value)])


def _string_argument(value, what: str) -> str:
    if not isinstance(value, str):
        raise ShellError(f"{what} must be a string, got {describe(value)}")
    return value


def _regex(pattern: str):
    try:
        return re.compile(_string_argument(pattern, "a regular expression"))
    except re.error as error:
        raise ShellError(f"bad regular expression {pattern!r}: {error}") from None


def _substring(s: str, first, last):
    """The characters start..end (1-based, inclusive)."""
    a, b = _integer(first, "Substring's start"), _integer(last, "Substring's end")
    if not (1 <= a <= len(s) + 1 and a - 1 <= b <= len(s)):
        raise ShellError(f"Substring: {a} to {b} is out of range for a string of length {len(s)}")
    return s[a - 1 : b]


def _updated_string(s: str, i, ch):
    """A copy with character i (1-based) replaced by the string ch."""
    i = list_position(i, len(s))
    return s[: i - 1] + _string_argument(ch, "the new character") + s[i:]


def _contains_key(m: ShellMap, key) -> bool:
    """True when k is a key of the map."""
    try:
        return key in m.entries
    except TypeError:
        return False


# ---------------------------------------------------------------- the methods

#: Members of every collection and of strings and tuples.
COLLECTIONS = Section("lists, sets and strings", list, tuple, frozenset, set, str)
#: Members of lists, sets and maps (ranges too, as lists) that build collections or call procedures.  CGSuite's
#: Map is a Collection of its entries: these work on a map's entries ``k => v`` in key order
#: (``{1 => 2}.Head`` is ``1 => 2``), and what they build from a map's entries is a map.
COLLECTION_MEMBERS = Section("lists, sets and maps", list, frozenset, set, ShellMap, letter="C")
#: Members of lists and sets only (ranges too, as lists).
LIST_AND_SET_METHODS = Section("lists and sets", list, frozenset, set, letter="C")
LISTS = Section("lists", list, letter="L")
SETS = Section("sets", frozenset, set, letter="S")
#: A range's own members; the rest are those of the list it stands for.
RANGES = Section("ranges", Range, letter="r", secondary=True)
MAPS = Section("maps", ShellMap, letter="m")
MAP_ENTRIES = Section("map entries", MapEntry, letter="e")
STRINGS = Section("strings", str, letter="s")


@COLLECTIONS.method("Length")
@COLLECTIONS.method("Size")
def size(c) -> int:
    """The number of elements."""
    return len(c)


@COLLECTIONS.method("IsEmpty")
def is_empty(c) -> bool:
    """True when there are no elements."""
    return len(c) == 0


@COLLECTIONS.method("Contains", arity=(1, 1), usage="C.Contains(x)")
def contains(collection, x) -> bool:
    """True when x is an element."""
    if isinstance(collection, str):
        return isinstance(x, str) and x in collection
    try:
        return x in collection
    except TypeError:  # an unhashable element asked of a set
        return False


@COLLECTIONS.method("Sum")
def collection_sum(items):
    """The sum of the elements (numbers or games)."""
    values = list(items)
    if not values:
        raise NotApplicableError("Sum of an empty collection")     # as in CGSuite
    total, *rest = values
    for item in rest:
        if is_number(total) and is_number(item):
            total = total + item
        elif (is_form(total) or is_form(item)) and all(is_form(x) or isinstance(x, Game) or is_number(x)
                                                       for x in (total, item)):
            total = form_sum(game_form(total), game_form(item))    # as + does: a compound sum, 0 + G = G
        elif is_summand(total) and is_summand(item):
            total = total + item           # positions add to a compound sum, misère games to their sum
        else:
            total = to_game(_valued(total)) + to_game(_valued(item))
    return normalise(total) if is_number(total) else total


def _valued(x):
    """A form (a position, an explicit game, a compound) stands for its value where a short game is needed."""
    return x.canonical_form if is_form(x) else x


def _mex(items):
    """The least non-negative integer not among the items; items that are not integers are ignored, as in
    CGSuite (``[0, 1, *, 3].Mex`` is 2)."""
    return mex(v for v in items if isinstance(v, int) and not isinstance(v, bool) and v >= 0)


COLLECTIONS.method("Mex", _mex)


def _extreme(items, name, pick_max):
    values = list(items)
    if not values:
        raise NotApplicableError(f"{name} of an empty collection")
    best = values[0]
    for v in values[1:]:
        if not (is_number(best) and is_number(v)):
            raise NotApplicableError(f"{name} needs numbers, got {describe(v)}")
        if (v > best) if pick_max else (v < best):
            best = v
    return best


@COLLECTIONS.method("Max")
def collection_max(items):
    """The largest element (numbers only)."""
    return _extreme(items, "Max", True)


@COLLECTIONS.method("Min")
def collection_min(items):
    """The smallest element (numbers only)."""
    return _extreme(items, "Min", False)


# -- lists and sets: the members that build collections or call procedures

@COLLECTION_MEMBERS.method("Adjoin", arity=(1, 1), usage="C.Adjoin(x)")
def adjoin(c, x):
    """The collection with x added (at the end of a list; to a map, an entry k => v)."""
    return _same_kind(c, bounded(elements(c), [x]))


@LIST_AND_SET_METHODS.method("Apply", arity=(1, 1), usage="C.Apply(f)", caller=True)
def apply(c, f, *, call):
    """The collection of f(x) for each element x (a set stays a set)."""
    return _same_kind(c, [call(f, [x]) for x in elements(c)])


@COLLECTION_MEMBERS.method("Count", arity=(1, 1), usage="C.Count(p)", caller=True)
def count(c, f, *, call) -> int:
    """The number of elements x for which the predicate p(x) is true."""
    return sum(1 for x in elements(c) if _predicate(call, f, x))


@LIST_AND_SET_METHODS.method("Distinct")
def distinct(c):
    """The elements without repetitions, in their first order."""
    return _same_kind(c, list(dict.fromkeys(elements(c))))


@COLLECTION_MEMBERS.method("Exists", arity=(1, 1), usage="C.Exists(p)", caller=True)
def exists(c, f, *, call) -> bool:
    """True when the predicate p(x) is true for some element x."""
    return any(_predicate(call, f, x) for x in elements(c))


@COLLECTION_MEMBERS.method("Filter", arity=(1, 1), usage="C.Filter(p)", caller=True)
def filter_elements(c, f, *, call):
    """The elements x for which the predicate p(x) is true (a set stays a set, a map a map)."""
    return _same_kind(c, [x for x in elements(c) if _predicate(call, f, x)])


@COLLECTION_MEMBERS.method("Find", arity=(1, 1), usage="C.Find(p)", caller=True)
def find(c, f, *, call):
    """The first element x for which the predicate p(x) is true, or Nothing."""
    return next((x for x in elements(c) if _predicate(call, f, x)), None)


@COLLECTION_MEMBERS.method("Flattened")
def flattened(c):
    """The collection with its list and set elements replaced by their elements (one level)."""
    return _same_kind(c, _flattened(elements(c)))


@COLLECTION_MEMBERS.method("ForAll", arity=(1, 1), usage="C.ForAll(p)", caller=True)
def for_all(c, f, *, call) -> bool:
    """True when the predicate p(x) is true for every element x."""
    return all(_predicate(call, f, x) for x in elements(c))


@COLLECTION_MEMBERS.method("ForEach", arity=(1, 1), usage="C.ForEach(f)", caller=True)
def for_each(c, f, *, call) -> None:
    """Call f(x) for each element x; the value is Nothing."""
    for x in elements(c):
        call(f, [x])


@COLLECTION_MEMBERS.method("Head")
def head(c):
    """The first element (an error for an empty collection)."""
    return _head(elements(c))


@LIST_AND_SET_METHODS.method("IndexOf", arity=(1, 1), usage="L.IndexOf(x)")
def index_of(c, x) -> int:
    """The position of the first element equal to x (1-based), 0 when there is none."""
    return next((i for i, y in enumerate(elements(c), 1) if y == x), 0)


@LIST_AND_SET_METHODS.method("Sorted")
def sorted_elements(c) -> list:
    """The elements as a list in the shell's universal order (numbers ascending, then games, ...)."""
    return sorted(elements(c), key=sort_key)


@LIST_AND_SET_METHODS.method("SortedWith", arity=(1, 1), usage="L.SortedWith(cmp)", caller=True)
def sorted_with(c, f, *, call) -> list:
    """The elements as a list sorted by the comparator cmp(a, b): a negative, zero or positive integer."""
    return sort_with_comparator(call, elements(c), f)


@LIST_AND_SET_METHODS.method("Sublist", arity=(2, 2), usage="L.Sublist(first, last)")
def sublist(c, first, last) -> list:
    """The elements first..last (1-based, inclusive)."""
    return _sublist(elements(c), first, last)


@COLLECTION_MEMBERS.method("Tail")
def tail(c):
    """All elements but the first (a set stays a set, a map a map)."""
    return _same_kind(c, elements(c)[1:])


@LIST_AND_SET_METHODS.method("Take", arity=(1, 1), usage="L.Take(n)")
def take(c, n) -> list:
    """The first n elements."""
    return elements(c)[: max(0, _integer(n, "Take's count"))]


@COLLECTION_MEMBERS.method("ToList")
def to_list(c) -> list:
    """The elements as a list (a set's in the universal order)."""
    return elements(c)


@COLLECTION_MEMBERS.method("ToSet")
def to_set(c) -> frozenset:
    """The elements as a set."""
    return make_set(elements(c))


# -- lists

@LISTS.method("MkOutput", arity=(1, 1), usage="L.MkOutput(sep)")
def make_output(c, separator) -> HelpText:
    """Display output of the elements, each as it prints, with the string sep between them."""
    if not isinstance(separator, str):
        raise ShellError(f"MkOutput's separator must be a string, got {describe(separator)}")
    return HelpText(separator.join(format_value(x) for x in elements(c)))


@LISTS.method("Concat", arity=(1, 1), usage="L.Concat(c)")
def concat_list(c, d) -> list:
    """The list followed by the elements of c."""
    return bounded(elements(c), elements(d))


@LISTS.method("Updated", arity=(2, 2), usage="L.Updated(i, x)")
def updated_list(c, i, x) -> list:
    """A copy with element i (1-based) replaced by x."""
    return _updated_list(elements(c), i, x)


LISTS.method("Grouped", grouped, arity=(1, 1), usage="L.Grouped(n)")


@LISTS.method("PeriodicTable", arity=(1, 1), usage="L.PeriodicTable(period)")
def periodic_table(items, n) -> Table:
    """Table(L.Grouped(period)): the list in rows of length period."""
    return Table(grouped(items, n))


# -- sets

@SETS.method("Concat", arity=(1, 1), usage="S.Concat(c)")
def concat_set(s, d) -> frozenset:
    """The set with the elements of c added."""
    return make_set(bounded(elements(s), elements(d)))


@SETS.method("Intersection", arity=(1, 1), usage="S.Intersection(t)")
def intersection(s, t) -> frozenset:
    """The elements of the set that are also elements of t."""
    return make_set(x for x in s if x in make_set(elements(t)))


@SETS.method("Union", arity=(1, 1), usage="S.Union(c)")
def union(s, t) -> frozenset:
    """The elements of the set and those of c."""
    return make_set(bounded(elements(s), elements(t)))


SETS.method("Replaced", _replaced, arity=(1, 1), usage="S.Replaced({old => new})")


# -- ranges

@RANGES.method("Start")
def start(r: Range) -> int:
    """The first value of the range."""
    return r.start


@RANGES.method("End")
def end(r: Range) -> int:
    """The bound the range runs towards (its last value when the step reaches it)."""
    return r.end


@RANGES.method("Step")
def step(r: Range) -> int:
    """The difference between consecutive values."""
    return r.step


@RANGES.method("Length")
@RANGES.method("Size")
def range_size(r: Range) -> int:
    """The number of values (computed without listing them)."""
    return len(r)


# -- maps and their entries

MAPS.method("ContainsKey", _contains_key, arity=(1, 1), usage="m.ContainsKey(k)")


@MAPS.method("Entries")
def entries(m: ShellMap) -> frozenset:
    """The set of the entries k => v (each has Key and Value)."""
    return make_set(elements(m))


@MAPS.method("Keys")
def keys(m: ShellMap) -> frozenset:
    """The set of the keys."""
    return make_set(m.entries)


@MAPS.method("Values")
def values(m: ShellMap) -> frozenset:
    """The set of the values."""
    return make_set(m.entries.values())


@MAPS.method("Concat", arity=(1, 1), usage="m.Concat(c)")
def concat_map(m: ShellMap, c):
    """The map with the entries of the map (or collection of entries) c added; c's value wins for a key in both."""
    return _entries_map(bounded(elements(m), elements(c)))


MAPS.method("Reversed", _reversed_map)
MAPS.method("Updated", _updated_map, arity=(1, 2), usage="m.Updated(k, v), or m.Updated(map)")


@MAPS.method("Size")
def map_size(m: ShellMap) -> int:
    """The number of entries."""
    return len(m)


@MAPS.method("IsEmpty")
def map_is_empty(m: ShellMap) -> bool:
    """True when the map has no entries."""
    return len(m) == 0


@MAP_ENTRIES.method("Key")
def key(e: MapEntry):
    """The key of the entry."""
    return e.key


@MAP_ENTRIES.method("Value")
def value(e: MapEntry):
    """The value of the entry."""
    return e.value


#: A map's entries are the elements of its collection members (above).
for _name in ("Max", "Min", "Mex", "Sum"):
    _shared = COLLECTIONS.methods[_name]
    MAPS.method(_name, lambda m, _f=_shared.function: _f(elements(m)), doc=_shared.doc or _shared.function)


# -- strings

@STRINGS.method("Concat", arity=(1, 1), usage="s.Concat(t)")
def concat_string(s: str, t) -> str:
    """The string followed by the string t."""
    return bounded(s, _string_argument(t, "Concat's argument"))


@STRINGS.method("Matches", arity=(1, 1), usage="s.Matches(regex)")
def matches(s: str, pattern) -> bool:
    """True when the whole string matches the regular expression."""
    return _regex(pattern).fullmatch(s) is not None


@STRINGS.method("Replace", arity=(2, 2), usage="s.Replace(target, replacement)")
def replace(s: str, a, b) -> str:
    """The string with every occurrence of target replaced."""
    return s.replace(_string_argument(a, "the target"), _string_argument(b, "the replacement"))


@STRINGS.method("ReplaceRegex", arity=(2, 2), usage="s.ReplaceRegex(regex, replacement)")
def replace_regex(s: str, pattern, b) -> str:
    """The string with every match of the regular expression replaced."""
    return _regex(pattern).sub(_string_argument(b, "the replacement"), s)


STRINGS.method("Substring", _substring, arity=(2, 2), usage="s.Substring(start, end)")


@STRINGS.method("ToLowerCase")
def to_lower_case(s: str) -> str:
    """The string in lower case."""
    return s.lower()


@STRINGS.method("ToUpperCase")
def to_upper_case(s: str) -> str:
    """The string in upper case."""
    return s.upper()


STRINGS.method("Updated", _updated_string, arity=(2, 2), usage="s.Updated(i, ch)")


@STRINGS.method("ToUnquotedOutput")
def to_unquoted_output(s: str) -> HelpText:
    """The string printed without quotes."""
    return HelpText(s)
