"""CGScript's collections and strings (CGSUITE.md §6.10, §6.11): ranges, maps, and the methods of lists,
sets, maps and strings that take procedures (``Apply``, ``Filter``, ``SortedWith``, ...).

Lists are Python lists, sets frozensets, strings str; this module adds :class:`Range` (``1..5``),
:class:`ShellMap` (``{1 => 2}``) and :class:`MapEntry`.  A method here is called as
``method(call, receiver, *args)``, where ``call(f, args)`` calls a shell procedure or function (the
evaluator passes its own), so predicates written in the shell run under the shell's limits.

>>> call = lambda f, args: f(*args)
>>> find_language_method([3, 1, 2], "Sorted")(call, [3, 1, 2])
[1, 2, 3]
>>> find_language_method([1, 2, 3], "Filter")(call, [1, 2, 3], lambda x: x > 1)
[2, 3]
>>> str(ShellMap({1: "a", 0: "b"})), str(Range(1, 10, 3)), list(Range(1, 10, 3))
('{0 => "b", 1 => "a"}', '1..10..3', [1, 4, 7, 10])
"""

from __future__ import annotations

import functools
import re

from cgt.runtime.interrupt import check_interrupt

from cgt.shell.errors import ShellError
from cgt.shell.methods import is_number
from cgt.shell.values import describe, format_value, sort_key

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


class Range:
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


class ShellMap:
    """An immutable map ``{k => v}`` (CGSuite's Map; printed with its entries sorted by key, §5.1).

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


class MapEntry:
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
    """The elements of a collection in iteration order (sets and maps sorted, §5.8).

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
    """``items`` as the same kind of collection as ``collection`` (a set stays a set)."""
    if isinstance(collection, (frozenset, set)):
        return make_set(items)
    return list(items)


def _predicate(call, fn, x) -> bool:
    result = call(fn, [x])
    if not isinstance(result, bool):
        raise ShellError(f"a predicate must return true or false, got {describe(result)}")
    return result


def _integer(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ShellError(f"{what} must be an integer, got {describe(value)}")
    return value


def _position(value, size: int, what: str = "index") -> int:
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


def _sorted_with(call, items, fn):
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
    i = _position(i, len(items))
    return items[: i - 1] + [x] + items[i:]


def _replaced(items: frozenset, mapping):
    """§7.11: every key of the map leaves the set, then every value is added."""
    if not isinstance(mapping, ShellMap):
        raise ShellError(f"Replaced needs a map {{old => new}}, got {describe(mapping)}")
    return make_set([x for x in items if x not in mapping.entries] + list(mapping.entries.values()))


def _reversed_map(m: ShellMap):
    return make_map((v, k) for k, v in m.entries.items())


def _updated_map(m: ShellMap, key, value=None, *more):
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
    a, b = _integer(first, "Substring's start"), _integer(last, "Substring's end")
    if not (1 <= a <= len(s) + 1 and a - 1 <= b <= len(s)):
        raise ShellError(f"Substring: {a} to {b} is out of range for a string of length {len(s)}")
    return s[a - 1 : b]


def _updated_string(s: str, i, ch):
    i = _position(i, len(s))
    return s[: i - 1] + _string_argument(ch, "the new character") + s[i:]


def _unquoted(s: str):
    from cgt.shell.values import HelpText

    return HelpText(s)


# ---------------------------------------------------------------- the tables
# Each entry: name -> (least, most, function(call, receiver, *args)).

_SEQUENCE = (list, Range, frozenset, set)

COLLECTION_TABLE = {
    "Adjoin": (1, 1, lambda call, c, x: _same_kind(c, bounded(elements(c), [x]))),
    "Apply": (1, 1, lambda call, c, f: _same_kind(c, [call(f, [x]) for x in elements(c)])),
    "Count": (1, 1, lambda call, c, f: sum(1 for x in elements(c) if _predicate(call, f, x))),
    "Distinct": (0, 0, lambda call, c: _same_kind(c, list(dict.fromkeys(elements(c))))),
    "Exists": (1, 1, lambda call, c, f: any(_predicate(call, f, x) for x in elements(c))),
    "Filter": (1, 1, lambda call, c, f: _same_kind(c, [x for x in elements(c) if _predicate(call, f, x)])),
    "Find": (1, 1, lambda call, c, f: next((x for x in elements(c) if _predicate(call, f, x)), None)),
    "Flattened": (0, 0, lambda call, c: _same_kind(c, _flattened(elements(c)))),
    "ForAll": (1, 1, lambda call, c, f: all(_predicate(call, f, x) for x in elements(c))),
    "ForEach": (1, 1, lambda call, c, f: [call(f, [x]) for x in elements(c)] and None),
    "Head": (0, 0, lambda call, c: _head(elements(c))),
    "IndexOf": (1, 1, lambda call, c, x: next((i for i, y in enumerate(elements(c), 1) if y == x), 0)),
    "Sorted": (0, 0, lambda call, c: sorted(elements(c), key=sort_key)),
    "SortedWith": (1, 1, lambda call, c, f: _sorted_with(call, elements(c), f)),
    "Sublist": (2, 2, lambda call, c, a, b: _sublist(elements(c), a, b)),
    "Tail": (0, 0, lambda call, c: _same_kind(c, elements(c)[1:])),
    "Take": (1, 1, lambda call, c, n: elements(c)[: max(0, _integer(n, "Take's count"))]),
    "ToList": (0, 0, lambda call, c: elements(c)),
    "ToSet": (0, 0, lambda call, c: make_set(elements(c))),
}

LIST_TABLE = {
    "Concat": (1, 1, lambda call, c, d: bounded(elements(c), elements(d))),
    "Updated": (2, 2, lambda call, c, i, x: _updated_list(elements(c), i, x)),
}

SET_TABLE = {
    "Concat": (1, 1, lambda call, s, d: make_set(bounded(elements(s), elements(d)))),
    "Intersection": (1, 1, lambda call, s, t: make_set(x for x in s if x in make_set(elements(t)))),
    "Union": (1, 1, lambda call, s, t: make_set(bounded(elements(s), elements(t)))),
    "Replaced": (1, 1, lambda call, s, m: _replaced(s, m)),
}

RANGE_TABLE = {
    "Start": (0, 0, lambda call, r: r.start),
    "End": (0, 0, lambda call, r: r.end),
    "Step": (0, 0, lambda call, r: r.step),
    "Size": (0, 0, lambda call, r: len(r)),
    "Length": (0, 0, lambda call, r: len(r)),
}

MAP_TABLE = {
    "ContainsKey": (1, 1, lambda call, m, k: _contains_key(m, k)),
    "Entries": (0, 0, lambda call, m: make_set(elements(m))),
    "Keys": (0, 0, lambda call, m: make_set(m.entries)),
    "Values": (0, 0, lambda call, m: make_set(m.entries.values())),
    "Reversed": (0, 0, lambda call, m: _reversed_map(m)),
    "Updated": (1, 2, lambda call, m, *args: _updated_map(m, *args)),
    "Size": (0, 0, lambda call, m: len(m)),
    "IsEmpty": (0, 0, lambda call, m: len(m) == 0),
}

ENTRY_TABLE = {
    "Key": (0, 0, lambda call, e: e.key),
    "Value": (0, 0, lambda call, e: e.value),
}

STRING_TABLE = {
    "Concat": (1, 1, lambda call, s, t: bounded(s, _string_argument(t, "Concat's argument"))),
    "Matches": (1, 1, lambda call, s, p: _regex(p).fullmatch(s) is not None),
    "Replace": (2, 2, lambda call, s, a, b: s.replace(_string_argument(a, "the target"),
                                                      _string_argument(b, "the replacement"))),
    "ReplaceRegex": (2, 2, lambda call, s, p, b: _regex(p).sub(_string_argument(b, "the replacement"), s)),
    "Substring": (2, 2, lambda call, s, a, b: _substring(s, a, b)),
    "ToLowerCase": (0, 0, lambda call, s: s.lower()),
    "ToUpperCase": (0, 0, lambda call, s: s.upper()),
    "Updated": (2, 2, lambda call, s, i, ch: _updated_string(s, i, ch)),
    "ToUnquotedOutput": (0, 0, lambda call, s: _unquoted(s)),
}


def _contains_key(m: ShellMap, key) -> bool:
    try:
        return key in m.entries
    except TypeError:
        return False


def _tables(value):
    if isinstance(value, bool):
        return ()
    if isinstance(value, str):
        return (STRING_TABLE,)
    if isinstance(value, ShellMap):
        return (MAP_TABLE,)
    if isinstance(value, MapEntry):
        return (ENTRY_TABLE,)
    if isinstance(value, Range):
        return (RANGE_TABLE, LIST_TABLE, COLLECTION_TABLE)
    if isinstance(value, list):
        return (LIST_TABLE, COLLECTION_TABLE)
    if isinstance(value, (frozenset, set)):
        return (SET_TABLE, COLLECTION_TABLE)
    return ()


def language_method_names() -> set:
    """Every method name this module adds (for completion and help).

    >>> "SortedWith" in language_method_names()
    True
    """
    names = set()
    for table in (COLLECTION_TABLE, LIST_TABLE, SET_TABLE, RANGE_TABLE, MAP_TABLE, ENTRY_TABLE, STRING_TABLE):
        names.update(table)
    return names


def find_language_method(value, name: str):
    """The method ``name`` of a collection or string as ``f(call, receiver, *args)``, or None.

    A method that needs arguments but gets none is reported by :func:`arity_of`.

    >>> find_language_method("abc", "ToUpperCase")(None, "abc")
    'ABC'
    >>> find_language_method(3, "Filter") is None
    True
    """
    for table in _tables(value):
        if name in table:
            least, most, function = table[name]

            def method(call, receiver, *args, _f=function, _least=least, _most=most):
                from cgt.shell.values import check_arity

                check_arity(name, (_least, _most), len(args))
                return _f(call, receiver, *args)

            method.arity = (least, most)
            return method
    return None


def as_plain(value):
    """A range as the list it stands for (for the library's list methods); anything else unchanged.

    >>> as_plain(Range(1, 3)), as_plain(5)
    ([1, 2, 3], 5)
    """
    return list(value) if isinstance(value, Range) else value

