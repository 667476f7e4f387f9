"""The compiled Clobber search (``cgt.games.grid._clobber``) against the Python solver, the reference.

Both walk the positions of a byte board (at most 7 wide, 8 tall) and fill one key table (groups of stones up to
the board's eight symmetries and the colour exchange, keyed by the least image as bytes, the rows of x then of
o; an image with the colours exchanged stands for the negative: Albert, Grossman, Nowakowski, Wolfe, "An
introduction to Clobber", INTEGERS 5(2) (2005)).  So on the same boards, from empty tables, they must give the
same values *and* the same key table, entry for entry -- which checks the C images (mirror, upside down,
transpose, colour exchange) and the choice of the least one, not only the final value.  The values themselves
are checked against the plain recursion over the rules and the position engine in
tests/games/grid/test_clobber.py, which runs the compiled search whenever it is built.  Under ``CGT_PURE=1``
(or without a compiler) the compiled search is absent and these tests skip.
"""

from __future__ import annotations

import hashlib
import os
import pathlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt.games import Clobber
from cgt.games.grid import bitboard, clobber
from cgt.testing import board_texts
from tests.support import compiled_and_python, interrupted_by_ctrl_c, long_check

compiled = clobber._search
pytestmark = pytest.mark.skipif(compiled is None, reason="the compiled Clobber search is not active")

VALUE_4X5 = pathlib.Path(__file__).resolve().parents[3] / "benchmarks" / "clobber_4x5_value.txt"


def solve_both(text: str):
    """``(compiled value, its key table, Python value, its key table)`` of one board, each from empty tables."""
    return compiled_and_python(Clobber, clobber, text, "values_by_key")


BYTE_BOARDS = st.one_of(
    board_texts(st.tuples(st.integers(1, 4), st.integers(1, 4)), "xxoo."),
    board_texts(st.tuples(st.integers(2, 4), st.integers(3, 4)), "xxxooo."),     # squares and near-squares
    board_texts(st.tuples(st.integers(6, 8), st.integers(1, 2)), "xxoo."),       # tall: 8 rows have no transpose
    board_texts(st.tuples(st.integers(1, 2), st.integers(5, 7)), "xxoo."),       # up to 7 wide
).filter(lambda text: 2 <= sum(ch in "xo" for ch in text) <= 14)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(BYTE_BOARDS)
def test_compiled_search_gives_the_python_solvers_values_and_key_table(text):
    fast, fast_keys, slow, slow_keys = solve_both(text)
    assert fast == slow, text
    assert fast_keys == slow_keys, text


@pytest.mark.parametrize("text, value", [
    # Checkerboards (every cell a stone, the colours alternating), as in test_clobber.py: cross-checked there
    # with pycgt's independent Clobber.
    ("xoxo|oxox", "*"),
    ("xoxo|oxox|xoxo", "0"),
    ("xox|oxo|xox", "*"),
    ("xoxoxo", "0"),
    ("xoxox", "v[2]"),
])
def test_checkerboards_agree_entry_for_entry(text, value):
    fast, fast_keys, slow, slow_keys = solve_both(text)
    assert fast == slow and fast_keys == slow_keys
    assert str(fast) == value


@pytest.mark.parametrize("text", [
    "xoxx|ooxo|x.ox|oxxo",                      # 4 x 4 with a hole
    "|".join(["xo"] * 7),                       # 7 x 2
    "|".join(["ox", "xo"] * 4),                 # 8 x 2: the tallest board, whose groups 8 tall have no transpose
    "xoxoxox|oxoxoxo",                          # 2 x 7: the widest byte board
])
def test_shapes_agree_entry_for_entry(text):
    fast, fast_keys, slow, slow_keys = solve_both(text)
    assert fast == slow and fast_keys == slow_keys and len(fast_keys) > 10


def test_tables_emptied_mid_search_give_the_same_values(monkeypatch):
    # RegionTables.trim() empties the compiled search's tables in place (they are raw tables) while the search
    # holds them; with a tiny limit it does so many times per search.
    cgt.clear_caches()
    expected = Clobber("xoxo|oxox|xoxo").value
    cgt.clear_caches()
    monkeypatch.setattr(bitboard.RegionTables, "raw_limit", 50)
    monkeypatch.setattr(bitboard.RegionTables, "trim_every", 16)
    assert Clobber("xoxo|oxox|xoxo").value == expected
    raw = Clobber.table("raw")
    assert sum(len(table) for table in raw.values()) < 50 + 16 * 40
    cgt.clear_caches()


def test_pair_map_is_a_small_dict_of_mask_pairs():
    table = compiled.PairMap()
    assert len(table) == 0 and table.get((5, 6)) is None and table.get((5, 6), "none") == "none"
    for k in range(3000):
        table[k * 0x9E3779B97F4A7C15 % 2**64, k % 5] = cgt.nimber(k % 7)
    assert len(table) == 3000 and table[0, 0] is cgt.zero and ((2**64 - 1, 0) in table) is False
    table[0, 0] = cgt.star                      # an update, not a new entry
    assert len(table) == 3000 and table[0, 0] is cgt.star
    assert table.get((2**70, 0)) is None and table.get((-1, 0), 0) == 0    # never keys: no error from get
    with pytest.raises(KeyError):
        table[12345, 0]
    with pytest.raises(OverflowError):
        table[2**64, 0] = cgt.zero
    with pytest.raises(TypeError, match="pair"):
        table[3] = cgt.zero
    with pytest.raises(TypeError, match="only grows"):
        del table[0, 0]
    table.clear()
    assert len(table) == 0 and table.get((0, 0)) is None


def test_solve_rejects_masks_that_are_not_a_byte_board():
    solver = clobber._Solver(Clobber, 64)
    maps = solver.pair_map("c-whole"), solver.pair_map("c-keys")
    with pytest.raises(ValueError, match="column 7"):
        compiled.solve(solver, *maps, 0x80, 0, cgt.game, cgt.zero)
    with pytest.raises(ValueError, match="one stone"):
        compiled.solve(solver, *maps, 3, 1, cgt.game, cgt.zero)
    with pytest.raises(TypeError, match="PairMaps"):
        compiled.solve(solver, {}, {}, 1, 2, cgt.game, cgt.zero)
    cgt.clear_caches()


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_ctrl_c_stops_the_compiled_search_and_the_next_search_works():
    assert interrupted_by_ctrl_c(lambda: Clobber("xoxox|oxoxo|xoxox|oxoxo").value)   # 4 x 5: minutes of work
    assert str(Clobber("xoxo|oxox").value) == "*"
    cgt.clear_caches()


def recorded_4x5() -> dict:
    """The fingerprint of the 4 x 5 value kept in benchmarks/clobber_4x5_value.txt (``name value`` lines)."""
    fields = {}
    for line in VALUE_4X5.read_text().splitlines():
        if line and not line.startswith("#"):
            name, value = line.split(None, 1)
            fields[name] = value
    return fields


@pytest.mark.slow
def test_3x5_checkerboard_both_searches_fill_the_same_table():
    # The bounded sibling of the 4x5 check below (about 2 s): 3x5 alternating, compiled and Python, value and
    # key table entry for entry.  Its value is * (as the 4x4 checkerboard's).
    fast, fast_keys, slow, slow_keys = solve_both("xoxox|oxoxo|xoxox")
    assert fast == slow and str(fast) == "*"
    assert fast_keys == slow_keys


@pytest.mark.slow
@long_check("about 200 s of CPU", "python -m pytest -m slow -k 4x5")
def test_4x5_checkerboard_value():
    # The printed value has 81 million characters, so the file keeps its length and SHA-256 (and a few
    # measures), recorded once from the compiled search and from the Python solver, which printed the same text.
    cgt.clear_caches()
    value = Clobber("xoxox|oxoxo|xoxox|oxoxo").value
    recorded = recorded_4x5()
    text = str(value)
    assert len(text) == int(recorded["characters"])
    assert hashlib.sha256(text.encode()).hexdigest() == recorded["sha256"]
    assert str(value.outcome) == recorded["outcome"] and value.birthday == int(recorded["birthday"])
    assert len(value.left_options) == int(recorded["left_options"])
    assert len(value.right_options) == int(recorded["right_options"])
    assert value.is_all_small                   # every Clobber value is all-small [Albert et al.]
    cgt.clear_caches()
