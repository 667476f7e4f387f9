"""CGSuite's MutableList, MutableSet and MutableMap (CGSuite's documentation of cgsuite.lang: their methods
and printed forms): changed in place, otherwise lists, sets and maps."""

import pytest

from cgt.shell import run
from cgt.shell.errors import ShellError

GOLDEN = [
    ("MutableList()", "MutableList()"),
    ("MutableList([3,1,2])", "MutableList(3, 1, 2)"),
    ("MutableSet([3,1,2,1])", "MutableSet(1, 2, 3)"),
    ("MutableMap({2 => \"b\", 1 => \"a\"})", "MutableMap(1 => \"a\", 2 => \"b\")"),
    ("MutableMap()", "MutableMap()"),
    ("l := MutableList(); l.Add(3); l.Add(1); l.AddAll([5,2]); l", "MutableList(3, 1, 5, 2)"),
    ("l := MutableList([3,1,2]); l.Sort(); l", "MutableList(1, 2, 3)"),
    ("l := MutableList([3,1,2]); l.SortWith((a, b) -> b - a); l", "MutableList(3, 2, 1)"),
    ("l := MutableList([3,1,2,1]); l.Remove(1); l", "MutableList(3, 2, 1)"),
    ("l := MutableList([3,1,2,1]); l.RemoveAll([1,3]); l", "MutableList(2)"),
    ("l := MutableList([3,1,2]); [l.RemoveAt(1), l]", "[3,MutableList(1, 2)]"),
    ("l := MutableList([3,1,2]); l.Update(2, *); l", "MutableList(3, *, 2)"),
    ("l := MutableList([3,1]); l.Clear(); [l, l.IsEmpty]", "[MutableList(),true]"),
    ("l := MutableList([3,1,2]); [l[2], l.Head, l.Length, l.Contains(2), l.Filter(x -> x > 1)]",
     "[1,3,3,true,[3,2]]"),
    ("s := MutableSet(); s.Add(2); s.Add(1); s.Add(2); s", "MutableSet(1, 2)"),
    ("s := MutableSet([1,2,3]); s.Remove(2); s.Remove(7); s.RemoveAll([3]); s", "MutableSet(1)"),
    ("s := MutableSet([1]); s.AddAll({4,2}); [s, s.Contains(4)]", "[MutableSet(1, 2, 4),true]"),
    ("m := MutableMap(); m.Put(1, \"a\"); m.Put(0, \"b\"); m.Put(1, \"c\"); [m, m[1], m.Keys]",
     "[MutableMap(0 => \"b\", 1 => \"c\"),\"c\",{0,1}]"),
    ("m := MutableMap({1 => 2}); m.PutAll({3 => 4}); m.Remove(1); [m, m.ContainsKey(3)]",
     "[MutableMap(3 => 4),true]"),
    ("m := MutableMap({1 => 2, 3 => 4}); m.RemoveAll([1,3]); m", "MutableMap()"),
    # The same object is changed wherever it is referred to, as in CGSuite.
    ("f := x -> x.Add(1); l := MutableList(); f(l); f(l); l", "MutableList(1, 1)"),
    ("l := MutableList(); for i from 1 to 4 do l.Add(i^2) end; l", "MutableList(1, 4, 9, 16)"),
    ("l := MutableList([2, 1]); {l | 0}", "{2|0}"),             # spliced as options, like a list
    ("MutableList([1]).Class", "⟪cgsuite.lang.MutableList⟫"),
    ("[MutableList() is List, MutableSet() is Set, MutableMap() is Map]", "[true,true,true]"),
]


@pytest.mark.parametrize("expression, expected", GOLDEN, ids=[e for e, _ in GOLDEN])
def test_golden(expression, expected):
    assert run(expression) == expected


@pytest.mark.parametrize("expression, message", [
    ("MutableList(5)", "cannot loop over 5"),
    ("MutableMap([1])", "MutableMap needs a map"),
    ("s := MutableSet(); s.Add([1])", "a set can only hold"),
    ("l := MutableList([1]); l.Update(3, 0)", "index 3 out of range 1..1"),
    ("MutableList([1]).RemoveAt(0)", "index 0 out of range 1..1"),
    ("{MutableList()}", "a set can only hold"),
])
def test_errors(expression, message):
    with pytest.raises(ShellError, match=message):
        run(expression)
