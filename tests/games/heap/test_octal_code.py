"""The complete take-and-break code grammar (CGSUITE.md §1.3): digits to V, ``&n;``, ``{...}`` heap-count lists,
``*``, the ``!``/``?``/``=`` modifiers, ``[...]`` repeats, digits before the point; FromSubtractionSet, Splittles.

Every code is checked against a slow reference that enumerates moves straight from the rules (all k-tuples
of positive heaps with the right sum, filtered by the modifier) from a hand-written description of the code,
not from the parser.
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from hypothesis import given, settings, strategies as st

from cgt.errors import InvalidPositionError, NotShortGameError
from cgt.games.heap.octal_code import parse_code
from cgt.games.heap.take_and_break import Splittles, TakeAndBreak


# -- slow reference ------------------------------------------------------------------------------------------
def _ok(parts, mod):
    if len(parts) < 2 or not mod:
        return True
    if mod == "!":
        return len(set(parts)) == len(parts)
    if mod == "?":
        return len(set(parts)) > 1
    return len(set(parts)) == 1                     # "="


def reference_sequence(spec, n):
    """Grundy values of heaps 0..n; ``spec`` maps tokens removed (negative: added) to a list of
    ``(count, modifier)`` pairs, or to a function ``count -> modifier or None`` for open lists."""

    def allowed(j, k):
        rule = spec.get(j)
        if rule is None:
            return None
        if callable(rule):
            return rule(k)
        return dict(rule).get(k)

    @cache
    def g(h):
        if h == 0:
            return 0
        reach = set()
        for j in sorted(spec):
            rest = h - j
            if rest < 0:
                continue
            for k in range(0, rest + 1):
                mod = allowed(j, k)
                if mod is None:
                    continue
                if k == 0:
                    if rest == 0:
                        reach.add(0)
                    continue
                if k == 1 and j == 0:
                    continue
                for parts in itertools.combinations_with_replacement(range(1, rest + 1), k):
                    if sum(parts) == rest and _ok(parts, mod):
                        v = 0
                        for p in parts:
                            v ^= g(p)
                        reach.add(v)
        m = 0
        while m in reach:
            m += 1
        return m

    return [g(h) for h in range(n + 1)]


def digit(mask, mod=""):
    """A reference rule from a digit value (bit i: leave i heaps)."""
    return [(k, mod) for k in range(mask.bit_length()) if mask >> k & 1]


# -- golden rows ---------------------------------------------------------------------------------------------
GOLDEN = [
    # Winning Ways ch. 4 (Kayles, code 0.77): nim values 0 1 2 3 1 4 3 2 1 4 2 6 4.
    ("0.77", {1: digit(7), 2: digit(7)}, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]),
    # Winning Ways ch. 4 (Grundy's game, 4!.0): 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0.
    ("4!.0", {0: digit(4, "!")}, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]),
    # Winning Ways ch. 4 (Dawson's Kayles, 0.07): 0 0 1 1 2 0 3 1 1 0 3.
    ("0.07", {2: digit(7)}, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]),
    # The same game written with &n; and an explicit heap-count list (0.07 = 0.0{0,1,2}).
    ("0.0&7;", {2: digit(7)}, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]),
    ("0.0{0,1,2}", {2: digit(7)}, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]),
    # Maundy's heap (split into >= 2 equal heaps), derived by hand: p equal heaps of n/p are worth 0 for
    # even p and g(n/p) for odd p, so g(1)=0, g(2)=mex{0}=1, g(3)=mex{g(1)}=1, g(4)=mex{0,0}=1,
    # g(5)=mex{g(1)}=1, g(6)=mex{0 (p=2,6), g(2)=1 (p=3)}=2, g(9)=mex{g(3)=1, g(1)=0}=2.
    ("{2+}=.0", {0: lambda k: "=" if k >= 2 else None}, [0, 0, 1, 1, 1, 1, 2, 1, 1, 2]),
    # Nim by a repeating group: every heap's value is its size (Bouton).
    ("0.[3]", {j: digit(3) for j in range(1, 13)}, list(range(13))),
    # Case-insensitive letters: 'a' = 'A' = 10 = leave 1 or 3 heaps.
    ("0.a", {1: digit(10)}, None),
    ("0.V", {1: digit(31)}, None),
    ("0.4=", {1: digit(4, "=")}, None),
    ("0.4?", {1: digit(4, "?")}, None),
    ("0.{1,3?}", {1: [(1, ""), (3, "?")]}, None),
    ("0.*", {1: lambda k: ""}, None),
    ("0.{2+}!", {1: lambda k: "!" if k >= 2 else None}, None),
    ("0.{1,3+=}", {1: lambda k: "" if k == 1 else ("=" if k >= 3 else None)}, None),
    # A digit before d0: add one token and leave three heaps (d-1 = 8).
    ("80.6", {-1: digit(8), 1: digit(6)}, None),
    ("0.770", {1: digit(7), 2: digit(7)}, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]),
]


@pytest.mark.parametrize("code, spec, expected", GOLDEN, ids=[g[0] for g in GOLDEN])
def test_golden_and_reference(code, spec, expected):
    n = 12 if expected is None else len(expected) - 1
    got = TakeAndBreak(code).grundy_sequence(n)
    assert got == reference_sequence(spec, n)
    if expected is not None:
        assert got == expected


@pytest.mark.parametrize("code, text", [
    ("0.770", "0.77"), ("0.7[0]", "0.7"), ("4.", "4.0"), ("{2+}=.0", "{2+}=.0"), ("0.a", "0.A"),
    ("0.&40;", "0.&40;"), ("0.{1,3?}", "0.{1,3?}"), ("0.*", "0.*"), ("80.6", "80.6"), ("0.[33]", "0.[33]"),
    ("8{3+}.0", "8{3+}.0"), (" 0.77 ", "0.77"), ("0.{0,1}", "0.3"),
])
def test_normalised_text(code, text):
    assert TakeAndBreak(code).code_text == text
    assert TakeAndBreak(text).code_text == text


@pytest.mark.parametrize("bad, fragment", [
    ("0.7x", "index 3 ('x')"),
    ("0.{2,", "index 5 (end of code)"),
    ("0.&3", "expected ';' closing '&n;' at index 4"),
    ("0.[", "index 3"),
    ("0.[7", "expected ']'"),
    ("4.0]", "index 3 (']')"),
    ("0.{64}", "heap count 64 is over the maximum 63 at index 3"),
    ("", "missing the point"),
    ("77", "missing the point '.' at index 2"),
    ("0.W", "index 2 ('W')"),
    ("2.0", "d0 = 2"),
    ("*.0", "d0 = *"),
    ("0.{2+,3+}", "a second 'c+' entry"),
    ("0.7!!", "index 4 ('!')"),
], ids=lambda x: x if isinstance(x, str) and len(x) < 12 else None)
def test_malformed_codes(bad, fragment):
    with pytest.raises(InvalidPositionError) as info:
        TakeAndBreak(bad)
    message = str(info.value)
    assert fragment in message and "\n" not in message


@pytest.mark.parametrize("bad", ["20.0", "40.0", "*0.0", "{2+}0.0"])
def test_growing_codes_are_not_short(bad):
    # Adding a tokens and leaving fewer than a + 2 heaps can keep a heap as large as before: no end.
    with pytest.raises(NotShortGameError, match="d-1"):
        TakeAndBreak(bad)


# -- FromSubtractionSet and Splittles ------------------------------------------------------------------------
@pytest.mark.parametrize("subtset, digit_, all_but, text", [
    ([1, 3], "3", False, "0.303"),
    ([2], "7", True, "0.70[7]"),
    ([], "3", True, "0.[3]"),
    ([1, 2], "7", False, "0.77"),
    ([-1, 0], "8", False, "88.0"),
    ([0, 2], "4", False, "4.04"),
])
def test_from_subtraction_set(subtset, digit_, all_but, text):
    assert TakeAndBreak.from_subtraction_set(subtset, digit_, all_but).code_text == text


def test_from_subtraction_set_errors():
    with pytest.raises(InvalidPositionError, match="not a positive integer"):
        TakeAndBreak.from_subtraction_set([0, 2], "3", True)
    with pytest.raises(InvalidPositionError, match="d0 = 3"):
        TakeAndBreak.from_subtraction_set([0, 2])
    with pytest.raises(InvalidPositionError, match="not an integer"):
        TakeAndBreak.from_subtraction_set([1.5])


def test_subtraction_set_code_agrees_with_subtraction():
    from cgt.games.heap.subtraction import Subtraction

    for subtset in ([1, 3, 4], [2, 5, 6], [1, 2, 3]):
        assert (TakeAndBreak.from_subtraction_set(subtset).grundy_sequence(40)
                == Subtraction(subtset).grundy_sequence(40))
    assert (TakeAndBreak.from_subtraction_set([1, 2], all_but=True).grundy_sequence(40)
            == Subtraction([1, 2], all_but=True).grundy_sequence(40))


def test_splittles():
    # Splittles {1,2} is Kayles (digit 7 at 1 and 2; Winning Ways ch. 4).
    assert Splittles([1, 2]).grundy_sequence(12) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
    assert Splittles([2, 3]).grundy_sequence(14) == reference_sequence({2: digit(7), 3: digit(7)}, 14)
    allbut = Splittles([1], all_but=True)
    assert allbut.code_text == "0.0[7]"
    assert allbut.grundy_sequence(12) == reference_sequence({j: digit(7) for j in range(2, 13)}, 12)
    assert Splittles([1, 2]) == Splittles([2, 1]) and Splittles([1, 2]) != Splittles([1, 2], all_but=True)


# -- random codes --------------------------------------------------------------------------------------------
_MODS = ["", "!", "?", "="]


@st.composite
def codes(draw):
    """A random code text with its reference description (after the point only, plus an optional d0)."""
    spec, parts = {}, []
    length = draw(st.integers(1, 3))
    for j in range(1, length + 1):
        kind = draw(st.sampled_from(["digit", "amp", "list", "star", "zero"]))
        mod = draw(st.sampled_from(_MODS))
        if kind == "zero":
            parts.append("0")
            continue
        if kind in ("digit", "amp"):
            mask = draw(st.integers(1, 31))
            parts.append(("0123456789ABCDEFGHIJKLMNOPQRSTUV"[mask] if kind == "digit" else f"&{mask};") + mod)
            spec[j] = digit(mask, mod)
        elif kind == "star":
            parts.append("*" + mod)
            spec[j] = (lambda m: (lambda k: m))(mod)
        else:
            counts = sorted(draw(st.sets(st.integers(0, 4), min_size=1, max_size=3)))
            inner = [(k, draw(st.sampled_from(_MODS))) for k in counts]
            parts.append("{" + ",".join(f"{k}{m}" for k, m in inner) + "}" + mod)
            spec[j] = [(k, m or mod) for k, m in inner]
    d0 = draw(st.sampled_from(["0", "4", "8", "4!", "C", "{2+}=", "{3}"]))
    if d0 == "{2+}=":
        spec[0] = lambda k: "=" if k >= 2 else None
    elif d0 != "0":
        spec[0] = digit({"4": 4, "8": 8, "4!": 4, "C": 12, "{3}": 8}[d0], "!" if d0 == "4!" else "")
    return d0 + "." + "".join(parts), spec


@settings(max_examples=30, deadline=None)
@given(codes())
def test_random_codes_match_reference(pair):
    code, spec = pair
    game = TakeAndBreak(code)
    assert game.grundy_sequence(10) == reference_sequence(spec, 10)
    assert parse_code(game.code_text) == game.code                    # the normal text reads back
    assert TakeAndBreak(game.code_text) == game


def test_octal_speed_path_kept():
    # Plain octal codes still take the sparse-space engine (not the generic per-option path).
    assert parse_code("0.77").is_octal_like and parse_code("4!.0").is_octal_like
    assert not parse_code("0.4=").is_octal_like and not parse_code("{2+}=.0").is_octal_like
    # Kayles, Winning Ways ch. 4: period 12 from n = 71; the 10^4th value follows the period.
    seq = TakeAndBreak("0.77").grundy_sequence(10_000, method="direct")
    assert seq[10_000] == seq[10_000 - 12 * 700]
