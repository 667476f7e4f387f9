"""Toads and Frogs family, Strip and StripRuleset (games/strip/toads_and_frogs.py, games/strip/board.py).

Rules: Winning Ways (Berlekamp, Conway, Guy), 2nd ed., vol. 1, ch. 1; J. Erickson, "New Toads and Frogs
results", Games of No Chance (MSRI Publ. 29, 1996); the family as CGSuite's ``game.strip.GenToadsAndFrogs``
(../shared/CGSUITE.md §1.2).  Published tables are not reproduced here from memory: every golden value is
recomputed by ``reference_value`` (plain recursion over the rules of §1.2 into ``cgt.kernel.game``: no tables,
cropping, symmetry or walls), is computed and checked against pycgt's independent Toads and Frogs
(``pycgt.rulesets.toads_and_frogs.value``) by ``python benchmarks/check_golden_peers.py`` (all 20 rows of
``TF_GOLDEN`` agree), and the small ones are derived by hand in their comments.  No row cites a page of a
book: the values are computed, checked against pycgt and the reference.  Elephants and Rhinos values come
from the reference alone.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Player
from cgt.errors import InvalidPositionError, NotShortGameError
from cgt.games.strip.board import Strip
from cgt.games.strip.toads_and_frogs import (BackslidingToadsAndFrogs, ElephantsAndRhinos, GenToadsAndFrogs,
                                        ToadsAndFrogs)
from cgt.testing import positions


def reference_value(text: str, max_jump: int = 1, max_slide: int = 1, min_slide: int = 1, friendly=False):
    """Plain recursion over the rules: toads 't' move right (Left), frogs 'f' left (Right)."""

    def options(b, unit, step):
        n = len(b)
        for i in range(n):
            if b[i] != unit:
                continue
            for k in range(max(1, min_slide), max_slide + 1):
                if all(0 <= i + step * d < n and b[i + step * d] == "." for d in range(1, k + 1)):
                    yield _move(b, i, i + step * k, unit)
            for k in range(1, max_jump + 1):
                over = [i + step * d for d in range(1, k + 1)]
                land = i + step * (k + 1)
                if (0 <= land < n and b[land] == "." and all(0 <= j < n for j in over)
                        and all(b[j] != "." and (friendly or b[j] != unit) for j in over)):
                    yield _move(b, i, land, unit)

    @functools.lru_cache(maxsize=None)         # memoised recursion (exponential without it)
    def value(b):
        return cgt.game([value(o) for o in options(b, "t", 1)], [value(o) for o in options(b, "f", -1)])

    return value(text)


def _move(b, i, j, unit):
    cells = list(b)
    cells[i], cells[j] = ".", unit
    return "".join(cells)


TF_GOLDEN = [
    ("t.", "1"),               # L: .t = 0 (a toad at the right end is dead); R: none; {0|} = 1
    (".f", "-1"),              # the mirror image with colours swapped of t.
    ("tf", "0"),               # no slide, no landing cell for a jump
    ("t.f", "*"),              # L: .tf = 0; R: tf. = 0; {0|0} = *
    ("t..f", "0"),             # L: .t.f = *; R: t.f. = *; {*|*} = 0
    ("tt.f", "{1/2|0}"),       # L: t.tf = {0|tft.} = {0|1} = 1/2; R: ttf. = {t.ft|} = {*|} = 0
    ("t.ff", "{0|-1/2}"),      # negative of tt.f (reverse, swap t<->f)
    ("t.tf", "1/2"),           # L: .ttf = 0; R: tft. = {tf.t|} = {0|} = 1; {0|1} = 1/2
    ("tft.", "1"),             # L: tf.t = tf. = {.ft|} = {-1|} = 0; R: none
    ("t...f", "*"),            # cross-checked (pycgt) and reference
    ("tt..ff", "*"),
    ("ttt..fff", "+-1/8"),
    ("t.t.f.f", "*"),
    ("tt.ff", "*"),
    ("ttt.fff", "*"),
    ("ttf.f", "v"),
    ("tf.tf", "0"),
    ("t.f.tf", "*"),
    ("tt.t.f", "2*"),
    ("ft.tf.", "1"),
]


@pytest.mark.parametrize("text,expected", TF_GOLDEN, ids=[t for t, _ in TF_GOLDEN])
def test_toads_and_frogs_golden(text, expected):
    value = ToadsAndFrogs(text).value
    assert str(value) == expected
    assert value == reference_value(text)


ER_GOLDEN = [
    ("tt.f", "{1|0}"),         # L: t.tf = {.ttf|} = 1 (no jumps); R: ttf. = 0; {1|0}
    ("tt.ff", "+-1"),          # L: t.tff = 1; R: ttf.f = -1
    ("ttt.fff", "+-2"),
    ("tt..ff", "0"),
    ("t.t.f.f", "+-1"),
    ("tt.t.f", "{4|2}"),
]


@pytest.mark.parametrize("text,expected", ER_GOLDEN, ids=[t for t, _ in ER_GOLDEN])
def test_elephants_and_rhinos_golden(text, expected):
    value = ElephantsAndRhinos(text).value
    assert str(value) == expected
    assert value == reference_value(text, max_jump=0)


@pytest.mark.parametrize("params", [dict(max_slide=2), dict(max_jump=2), dict(max_jump=2, friendly=True),
                                    dict(min_slide=2, max_slide=3)], ids=str)
@settings(max_examples=30, deadline=None)
@given(text=st.text(alphabet="..tf", max_size=7))
def test_family_matches_reference(params, text):
    friendly = params.get("friendly", False)
    ruleset = GenToadsAndFrogs(min_slide=params.get("min_slide", 1), max_slide=params.get("max_slide", 1),
                               max_jump=params.get("max_jump", 1), allow_friendly_jump=friendly)
    ref = reference_value(text, max_jump=ruleset.max_jump, max_slide=ruleset.max_slide,
                          min_slide=ruleset.min_slide, friendly=friendly)
    assert ruleset(text).value == ref


@settings(max_examples=40, deadline=None)
@given(p=positions(ToadsAndFrogs, max_cells=10))
def test_reverse_and_swap_negates_and_walls_split(p):
    text = str(p)
    mirrored = text[::-1].translate(str.maketrans("tf", "ft"))
    assert ToadsAndFrogs(mirrored).value == -p.value
    walled = text + "ttff" + text
    assert ToadsAndFrogs(walled).value == p.value + p.value
    assert len(ToadsAndFrogs(walled).decomposition) >= 2


def test_moves_labels_and_order():
    assert [str(m) for m in ToadsAndFrogs("tf.").moves(Player.Left)] == ["1→3 -> .ft"]
    # slides before jumps, unit by unit: the frog at 4 slides to 3 and 2, then jumps nothing
    assert [str(m) for m in GenToadsAndFrogs(max_slide=2)(".t.f").moves("R")] == ["4→3 -> .tf."]
    assert [m.label for m in GenToadsAndFrogs(max_slide=2)("t..f").moves("L")] == ["1→2", "1→3"]


def test_backsliding_is_loopy():
    p = BackslidingToadsAndFrogs("t.f")
    assert {str(q) for q in p.left_options} == {".tf"}      # moves exist: forward slide; no room behind
    assert {str(q) for q in BackslidingToadsAndFrogs(".t.f").left_options} == {"..tf", "t..f"}
    with pytest.raises(NotShortGameError, match="GameValue"):
        p.value
    assert str(p.outcome) == "P"          # tests/games/strip/test_backsliding.py has its outcomes and values


def test_bad_input():
    with pytest.raises(InvalidPositionError, match="'x' at position 2"):
        ToadsAndFrogs("tx.f")
    with pytest.raises(InvalidPositionError, match="max_jump"):
        GenToadsAndFrogs(max_jump=-1)
    with pytest.raises(InvalidPositionError, match="allow_friendly_jump"):
        GenToadsAndFrogs(allow_friendly_jump="yes")


def test_strip_type():
    s = Strip.parse("TT..ff", ".tf")
    assert repr(s) == "Strip([1,1,0,0,2,2])" and s.to_string(".tf") == "tt..ff"
    assert s.substrip(1, 3) == Strip([1, 0, 0]) and s[-1] is None and s[6] is None
    assert s.updated_range(4, 9, 0) == Strip([1, 1, 0, 0, 0, 0])
    assert s.decomposition(0) == [Strip([1, 1]), Strip([2, 2])] and Strip.empty(3).decomposition(0) == []
    with pytest.raises(InvalidPositionError, match="index 6"):
        s.updated(6, 1)
    assert ToadsAndFrogs(s) == ToadsAndFrogs("tt..ff")
    assert repr(ToadsAndFrogs("t.f")) == "ToadsAndFrogs('t.f')"
