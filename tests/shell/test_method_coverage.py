"""Every method CGSuite's reference names in its §6 either works in the shell or is listed in docs/shell.md as
not yet supported -- no silent gaps, and the list only shrinks (a listed method that starts working fails
the test until its entry is removed).

The method names are read from §6 of the project's CGSuite reference itself, ``../shared/CGSUITE.md`` beside
the repository (where CI's clone has it too; in a checkout without it these tests skip, saying so).  Each type of
§6 has a probe value, written in the shell; a method *works* for the type when ``probe.Name`` is found
(it may still refuse a particular argument with its own one-line error, as ``AtomicWeight`` of a hot
game does).  Types without a probe (the loopy and mutable types) must be listed as a whole.
"""

from __future__ import annotations

import pathlib
import re

import pytest

from cgt.shell.session import Session

ROOT = pathlib.Path(__file__).resolve().parents[2]
REFERENCE = ROOT.parent / "shared" / "CGSUITE.md"
DOCS = ROOT / "docs" / "shell.md"
NO_REFERENCE = f"the CGSuite reference {REFERENCE} is not beside this checkout"

#: A shell expression for a value of each §6 type (or several: a method works when any of them has it).
PROBES = {
    "Object": "{3||2|1}",
    "Game": 'Domineering("..|..")',
    "ImpartialGame": "game.heap.Nim(3)",
    "NormalValue": "{3||2|1}",
    "CanonicalStopper": ("{3||2|1}", "upon"),         # a short game, and a stopper that is not short
    "StopperSidedValue": "1 & 0",
    "CanonicalShortGame": "{3||2|1}",
    "CompoundGame": "({1|0} ConjunctiveSum *)",
    "NegativeGame": '(-Domineering("..."))',
    "Uptimal": "^",
    "Nimber": "*3",
    "DyadicRational": "3/4",
    "Rational": "1/3",
    "SurrealNumber": "omega/2",
    "GeneralizedOrdinal": "omega",
    "Integer": "7",
    "Zero": "0",
    "TransfiniteNimber": "*omega",
    "MisereCanonicalGame": "*[[2],1]",
    "Genus": "*[2].Genus",
    "Collection": "[3,1,2]",
    "List": "[3,1,2]",
    "Range": "1..5",
    "Set": "{3,1,2}",
    "Map": "{1 => 2}",
    "MapEntry": "{1 => 2}.Entries.Head",
    "MutableList": "MutableList([3,1,2])",
    "MutableSet": "MutableSet([3,1,2])",
    "MutableMap": "MutableMap({1 => 2})",
    "String": '"abc"',
    "Class": "*3.Class",
    "Table": "Table([[1,2],[3,4]])",
    "Thermograph": "{3||2|1}.Thermograph",
    "Periodicity": "game.heap.Subtraction([1,2]).CheckPeriodicity(50)",
}

#: Names in §6 that are types, not methods.
TYPES = {
    "Object", "Game", "ImpartialGame", "NormalValue", "SidedValue", "StopperSidedValue", "CanonicalStopper",
    "CanonicalShortGame", "ExplicitGame", "CompoundGame", "NegativeGame", "Uptimal", "Nimber",
    "DyadicRational", "Rational", "SurrealNumber", "GeneralizedOrdinal", "Integer", "Zero", "Pseudonumber",
    "TransfiniteNimber", "MisereCanonicalGame", "Genus", "Collection", "List", "Range", "Set", "Map",
    "MapEntry", "MutableList", "MutableSet", "MutableMap", "String", "Boolean", "Class", "Table",
    "Thermograph", "Trajectory", "Periodicity", "Output", "Nothing",
}

_TOKEN = re.compile(r"`([^`]*)`")
_METHOD = re.compile(r"([A-Z][A-Za-z]*)(?:\(.*\))?$")
_STATIC = re.compile(r"([A-Z][A-Za-z]*)\.([A-Z][A-Za-z]*)(?:\(.*\))?$")


def _type_of(token: str) -> str | None:
    name = token.split("(")[0].strip()
    return name if name in TYPES else None


def reference_methods(text: str) -> dict[str, set[str]]:
    """``{type: {method names}}`` from §6 of the reference: a type is switched by a section header, a
    bullet ``* `Type` …:`` or an inline ``` `Type`: ```; static members are recorded as ``Type.Name``.

    >>> sample = "## 6. Methods\\n### 6.1 `Object` (all)\\n`Class` → class · `ToString` → text\\n" \\
    ...          "* `Integer`: static `Integer.Parse(str)` · `Div(n)` · `Isqrt`\\n## 7. End\\n"
    >>> sorted((t, sorted(m)) for t, m in reference_methods(sample).items())
    [('Integer', ['Div', 'Integer.Parse', 'Isqrt']), ('Object', ['Class', 'ToString'])]
    """
    section = text[text.index("## 6."):text.index("## 7.")]
    methods: dict[str, set[str]] = {}
    current = None
    for line in section.splitlines():
        if line.startswith("### "):
            tokens = _TOKEN.findall(line)
            current = _type_of(tokens[0]) if tokens else None
            continue
        for match in _TOKEN.finditer(line):
            token = match.group(1).strip()
            after = line[match.end():].lstrip()
            if line[:match.start()].rstrip().endswith("→"):
                continue                 # a result type or value, not a member
            kind = _type_of(token)
            if kind is not None and not after.startswith("→"):
                if after.startswith(":") or re.match(r"\([^)]*\):", after) or (
                        line.lstrip().startswith("* `" + token)):
                    current = kind
                continue
            static = _STATIC.match(token)
            if static and current is not None and static.group(1) in TYPES:
                methods.setdefault(current, set()).add(f"{static.group(1)}.{static.group(2)}")
                continue
            method = _METHOD.match(token)
            if method and current is not None and (method.group(1) not in TYPES or after.startswith("→")):
                methods.setdefault(current, set()).add(method.group(1))
    return methods


def unsupported_entries(text: str) -> set[str]:
    """The ``Type.Name`` (or ``Type`` alone) entries of docs/shell.md's "Not yet supported" list.

    >>> sorted(unsupported_entries("#### Not yet supported\\n- `Object.JavaClass`: debug, `x`\\n- `A.B`, `C`\\n\\n## Next"))
    ['A.B', 'C', 'Object.JavaClass']
    """
    start = text.index("#### Not yet supported")
    body = text[start:].split("\n\n", 2)
    entries = set()
    for line in "\n".join(body[:2]).splitlines():
        if line.startswith("- "):
            entries.update(re.findall(r"`([A-Za-z.]+)`", line.split(": ")[0]))
    return entries


_MISSING = ("has no method", "has no member", "unknown name", "syntax error")


def _works(session: Session, probe: str, name: str) -> bool:
    """``probe.Name`` is found: it gives a value, or the method's own error (not "has no method")."""
    try:
        session.run(f"({probe}).{name}")
    except Exception as error:          # the shell's one-line errors
        return not any(text in str(error) for text in _MISSING)
    return True


@pytest.mark.parametrize("kind", sorted(PROBES))
def test_every_probe_is_a_value_of_its_type(kind):
    from cgt.shell.classes import CLASSES

    from cgt.shell.classes import class_of

    for probe in _probes(kind):
        value, _ = Session().evaluate(probe)
        if kind in CLASSES:
            assert CLASSES[kind].qualified_name in class_of(value).ancestors()


def _probes(kind: str) -> tuple[str, ...]:
    probe = PROBES.get(kind, ())
    return (probe,) if isinstance(probe, str) else probe


def _coverage():
    methods = reference_methods(REFERENCE.read_text(encoding="utf-8"))
    listed = unsupported_entries(DOCS.read_text(encoding="utf-8"))
    session = Session()
    rows = []
    for kind, names in sorted(methods.items()):
        probes = _probes(kind)
        for name in sorted(names):
            if "." in name:              # static members written Integer.Parse
                entry = name
                works = _works(session, *name.split("."))
            else:                        # members of values, or static ones called on the class
                entry = f"{kind}.{name}"
                works = bool(probes) and (any(_works(session, probe, name) for probe in probes)
                                          or _works(session, kind, name))
            rows.append((kind, entry, works, entry in listed or kind in listed))
    return rows, listed


@pytest.mark.skipif(not REFERENCE.exists(), reason=NO_REFERENCE)
def test_every_reference_method_works_or_is_listed():
    rows, _ = _coverage()
    silent = [entry for kind, entry, works, listed in rows if not works and not listed]
    assert not silent, f"methods neither working nor listed in docs/shell.md: {silent}"


@pytest.mark.skipif(not REFERENCE.exists(), reason=NO_REFERENCE)
def test_the_unsupported_list_only_names_missing_methods():
    rows, listed = _coverage()
    stale = [entry for kind, entry, works, _ in rows if works and entry in listed]
    known = {entry for _, entry, _, _ in rows} | TYPES
    unknown = sorted(entry for entry in listed if entry not in known)
    assert not stale, f"these work now: remove them from docs/shell.md's list: {stale}"
    assert not unknown, f"docs/shell.md lists names §6 does not have: {unknown}"


@pytest.mark.skipif(not REFERENCE.exists(), reason=NO_REFERENCE)
def test_the_reference_is_read():
    methods = reference_methods(REFERENCE.read_text(encoding="utf-8"))
    assert {"IsNumberish", "IsEvenTempered", "IsOrdinal"} <= methods["NormalValue"] | methods["CanonicalShortGame"]
    assert {"Div", "Isqrt", "Lb", "NimInverse", "Integer.Parse"} <= methods["Integer"]
    assert {"Pow", "PowTo", "ConwayProduct", "AtomicWeight"} <= methods["CanonicalShortGame"]
    assert sum(len(v) for v in methods.values()) > 150


def test_the_parsers_examples():
    import doctest
    import sys

    failures, _ = doctest.testmod(sys.modules[__name__])
    assert failures == 0


#: §6.10: "Collection (lists, sets, maps, ranges, mutable collections)", and "Range (a List)".
INHERITED = {
    "Collection": ("List", "Range", "Set", "Map", "MutableList", "MutableSet", "MutableMap"),
    "List": ("Range",),
}


@pytest.mark.skipif(not REFERENCE.exists(), reason=NO_REFERENCE)
@pytest.mark.parametrize("parent", sorted(INHERITED))
def test_members_of_a_collection_type_work_on_its_subtypes(parent):
    methods = reference_methods(REFERENCE.read_text(encoding="utf-8"))[parent]
    listed = unsupported_entries(DOCS.read_text(encoding="utf-8"))
    session = Session()
    missing = [f"{kind}.{name}" for kind in INHERITED[parent] for name in sorted(methods)
               if f"{parent}.{name}" not in listed and not _works(session, PROBES[kind], name)]
    assert not missing, f"{parent} members missing on its subtypes: {missing}"
