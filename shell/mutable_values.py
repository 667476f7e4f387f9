"""CGSuite's mutable collections: ``MutableList``, ``MutableSet`` and ``MutableMap``.

The shell's lists, sets and maps are values: ``L.Adjoin(x)`` makes a new list.  A mutable collection is
changed in place by its methods (``Add``, ``Remove``, ``Put``, ``Sort()``, ...), so a procedure can collect
results into one, as CGSuite's programs do.  Everything else a list, set or map offers (``Head``,
``Filter``, ``Keys``, loops, ``m[k]``, splicing as options) works on them too: a mutable list *is* a list
to the rest of the shell, and reading methods return ordinary (immutable) values.

They print as CGSuite prints them: ``MutableList(1, 2)``, ``MutableSet(1, 2)`` (sorted),
``MutableMap(1 => "a")``.

>>> l = MutableList([3, 1])
>>> l.append(2); str(l)
'MutableList(3, 1, 2)'
>>> str(MutableSet([2, 1])), str(MutableMap({1: "a"}))
('MutableSet(1, 2)', 'MutableMap(1 => "a")')
"""

from __future__ import annotations

from cgt.shell.containers import ShellMap, elements, list_position, make_map, make_set, sort_with_comparator
from cgt.shell.errors import ShellError
from cgt.shell.method_registry import Section
from cgt.shell.values import MutableValue, describe, format_value, sort_key

__all__ = ["MutableList", "MutableSet", "MutableMap", "MUTABLE_LISTS", "MUTABLE_SETS", "MUTABLE_MAPS",
           "make_mutable_list", "make_mutable_set", "make_mutable_map"]


class MutableList(MutableValue, list):
    """CGSuite's ``MutableList``: a list changed in place by its methods."""

    __slots__ = ()

    def __str__(self) -> str:
        return "MutableList(" + ", ".join(format_value(v) for v in self) + ")"


class MutableSet(MutableValue, set):
    """CGSuite's ``MutableSet``: a set changed in place by its methods (printed sorted)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "MutableSet(" + ", ".join(format_value(v) for v in sorted(self, key=sort_key)) + ")"


class MutableMap(MutableValue, ShellMap):
    """CGSuite's ``MutableMap``: a map changed in place by its methods (printed sorted by key)."""

    __slots__ = ()
    __hash__ = None          # mutable: not a set element or a map key

    def __str__(self) -> str:
        return "MutableMap(" + ", ".join(f"{format_value(k)} => {format_value(self.entries[k])}" for k in self) + ")"


def _collection(value, what: str) -> list:
    if isinstance(value, str):
        raise ShellError(f"{what} needs a collection, got {describe(value)}")
    return elements(value)


def make_mutable_list(args) -> MutableList:
    """``MutableList()`` or ``MutableList(collection)``: a mutable list (of the collection's elements)."""
    return MutableList(_collection(args[0], "MutableList") if args else [])


def make_mutable_set(args) -> MutableSet:
    """``MutableSet()`` or ``MutableSet(collection)``: a mutable set (of the collection's elements)."""
    return MutableSet(make_set(_collection(args[0], "MutableSet")) if args else ())


def make_mutable_map(args) -> MutableMap:
    """``MutableMap()`` or ``MutableMap(map)``: a mutable map (with the map's entries)."""
    if not args:
        return MutableMap({})
    if not isinstance(args[0], ShellMap):
        raise ShellError(f"MutableMap needs a map, got {describe(args[0])}")
    return MutableMap(args[0].entries)


def _element(value):
    """``value`` checked as a set element (lists and mutable collections cannot be)."""
    return next(iter(make_set([value])))


MUTABLE_LISTS = Section("mutable lists", MutableList, letter="L")
MUTABLE_SETS = Section("mutable sets", MutableSet, letter="S")
MUTABLE_MAPS = Section("mutable maps", MutableMap, letter="m")


@MUTABLE_LISTS.method("Add", arity=(1, 1), usage="L.Add(x)")
def list_add(items: MutableList, x) -> None:
    """Appends x at the end."""
    items.append(x)


@MUTABLE_LISTS.method("AddAll", arity=(1, 1), usage="L.AddAll(collection)")
def list_add_all(items: MutableList, collection) -> None:
    """Appends the elements of the collection, in its order."""
    items.extend(_collection(collection, "AddAll"))


@MUTABLE_LISTS.method("Clear")
def list_clear(items: MutableList) -> None:
    """Removes every element."""
    items.clear()


@MUTABLE_LISTS.method("Remove", arity=(1, 1), usage="L.Remove(x)")
def list_remove(items: MutableList, x) -> None:
    """Removes the first element equal to x (nothing if there is none)."""
    for i, y in enumerate(items):
        if y == x:
            del items[i]
            return


@MUTABLE_LISTS.method("RemoveAll", arity=(1, 1), usage="L.RemoveAll(collection)")
def list_remove_all(items: MutableList, collection) -> None:
    """Removes every element equal to one of the collection's."""
    gone = _collection(collection, "RemoveAll")
    items[:] = [y for y in items if not any(y == x for x in gone)]


@MUTABLE_LISTS.method("RemoveAt", arity=(1, 1), usage="L.RemoveAt(i)")
def list_remove_at(items: MutableList, i):
    """Removes the element at position i (1 is the first) and returns it."""
    return items.pop(list_position(i, len(items)) - 1)


@MUTABLE_LISTS.method("Sort")
def list_sort(items: MutableList) -> None:
    """Sorts the list in place, in the shell's universal order (numbers ascending, then games, ...)."""
    items.sort(key=sort_key)


@MUTABLE_LISTS.method("SortWith", arity=(1, 1), usage="L.SortWith(cmp)", caller=True)
def list_sort_with(items: MutableList, f, *, call) -> None:
    """Sorts the list in place by the comparator cmp(a, b): a negative, zero or positive integer."""
    items[:] = sort_with_comparator(call, list(items), f)


@MUTABLE_LISTS.method("Update", arity=(2, 2), usage="L.Update(i, x)")
def list_update(items: MutableList, i, x) -> None:
    """Puts x at position i (1 is the first) in place of what was there."""
    items[list_position(i, len(items)) - 1] = x


@MUTABLE_SETS.method("Add", arity=(1, 1), usage="S.Add(x)")
def set_add(items: MutableSet, x) -> None:
    """Adds x (nothing changes if it is there)."""
    items.add(_element(x))


@MUTABLE_SETS.method("AddAll", arity=(1, 1), usage="S.AddAll(collection)")
def set_add_all(items: MutableSet, collection) -> None:
    """Adds the elements of the collection."""
    items.update(make_set(_collection(collection, "AddAll")))


@MUTABLE_SETS.method("Clear")
def set_clear(items: MutableSet) -> None:
    """Removes every element."""
    items.clear()


@MUTABLE_SETS.method("Remove", arity=(1, 1), usage="S.Remove(x)")
def set_remove(items: MutableSet, x) -> None:
    """Removes x (nothing if it is not there)."""
    try:
        items.discard(x)
    except TypeError:        # an unhashable x is in no set
        pass


@MUTABLE_SETS.method("RemoveAll", arity=(1, 1), usage="S.RemoveAll(collection)")
def set_remove_all(items: MutableSet, collection) -> None:
    """Removes the elements of the collection."""
    for x in _collection(collection, "RemoveAll"):
        set_remove(items, x)


@MUTABLE_MAPS.method("Clear")
def map_clear(m: MutableMap) -> None:
    """Removes every entry."""
    m.entries.clear()


@MUTABLE_MAPS.method("Put", arity=(2, 2), usage="m.Put(key, value)")
def map_put(m: MutableMap, key, value) -> None:
    """Maps key to value (in place of what it was mapped to)."""
    m.entries.update(make_map([(key, value)]).entries)


@MUTABLE_MAPS.method("PutAll", arity=(1, 1), usage="m.PutAll(map)")
def map_put_all(m: MutableMap, other) -> None:
    """Puts every entry of the map."""
    if not isinstance(other, ShellMap):
        raise ShellError(f"PutAll needs a map, got {describe(other)}")
    m.entries.update(other.entries)


@MUTABLE_MAPS.method("Remove", arity=(1, 1), usage="m.Remove(key)")
def map_remove(m: MutableMap, key) -> None:
    """Removes the entry of key (nothing if there is none)."""
    try:
        m.entries.pop(key, None)
    except TypeError:
        pass


@MUTABLE_MAPS.method("RemoveAll", arity=(1, 1), usage="m.RemoveAll(keys)")
def map_remove_all(m: MutableMap, keys) -> None:
    """Removes the entries of the keys in the collection."""
    for key in _collection(keys, "RemoveAll"):
        map_remove(m, key)
