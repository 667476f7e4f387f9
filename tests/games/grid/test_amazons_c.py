"""The compiled Amazons search (``cgt.games.grid._amazons``) against the Python solver, the reference.

Both walk the positions of a byte board (at most 7 wide) and fill one key table (regions up to the eight
symmetries and the colour exchange, keyed by the least image as bytes; an image with the colours exchanged
negates the value).  So on the same boards, from empty tables, they must give the same values *and* the same
key table, entry for entry -- which checks the C images (mirror, upside down, transpose), the choice of the
least one and the queen moves, not only the final value.  The values themselves are checked against the
generic engine and the plain recursion over the rules in tests/games/grid/test_amazons.py, which runs the
compiled search whenever it is built.  Under ``CGT_PURE=1`` (or without a compiler) the compiled search is
absent and these tests skip.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt.games import Amazons
from cgt.games.grid import amazons
from cgt.testing import board_texts
from tests.support import compiled_and_python, interrupted_by_ctrl_c

compiled = amazons._search
pytestmark = pytest.mark.skipif(compiled is None, reason="the compiled Amazons search is not active")


def solve_both(text: str):
    """``(compiled value, its key table, Python value, its key table)`` of one board, each from empty tables."""
    return compiled_and_python(Amazons, amazons, text, "regions_by_key")


BYTE_BOARDS = st.one_of(
    board_texts(st.tuples(st.integers(1, 4), st.integers(1, 4)), "....xo#"),
    board_texts(st.tuples(st.integers(5, 8), st.integers(1, 2)), "....xo#"),   # tall: 8 rows have no transpose
    board_texts(st.tuples(st.integers(1, 2), st.integers(5, 7)), "....xo#"),   # up to 7 wide
).filter(lambda text: text.count(".") <= 7)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(BYTE_BOARDS)
def test_compiled_search_gives_the_python_solvers_values_and_key_table(text):
    fast, fast_keys, slow, slow_keys = solve_both(text)
    assert fast == slow, text
    assert fast_keys == slow_keys, text


@pytest.mark.parametrize("text", [
    "x..|...|..o",                              # square: eight images
    "x...|...o",                                # wider than tall
    "x.|..|..|.o",                              # taller than wide: transposed first
    "x.o.|.#..|o.#x",                           # two amazons a side
    "|".join(["x.", "#.", "..", "#.", ".#", "..", "#.", ".o"]),     # 8 x 2: the tallest mask of 64 bits
    "x..#..o|.#...#.",                          # 7 wide: the widest byte board
])
def test_boards_agree_entry_for_entry(text):
    fast, fast_keys, slow, slow_keys = solve_both(text)
    assert fast == slow and fast_keys == slow_keys and len(fast_keys) > 3


def test_boards_over_8_tall_take_the_python_solver_and_agree():
    # A 9 x 1 board's masks have 72 bits: the compiled search is skipped, and the value is that of the board
    # written wide (solved transposed: queen moves look the same turned).
    cgt.clear_caches()
    tall = Amazons("|".join("x.......o"))
    assert tall.value == Amazons("x.......o").value
    cgt.clear_caches()
    assert tall.value == Amazons("x.......o").value
    cgt.clear_caches()


def test_position_map_is_emptied_with_the_caches():
    cgt.clear_caches()
    Amazons("x..|...|..o").value
    raw = Amazons.table("raw")
    assert len(raw["c-whole"]) > 10 and len(raw["c-longest"]) > 0
    table = raw["c-whole"]
    assert table.__sizeof__() > 1024 * 24
    cgt.clear_caches()
    assert "c-whole" not in Amazons.table("raw")
    table.clear()
    assert len(table) == 0


def test_solve_rejects_masks_that_are_not_a_byte_board():
    solver = amazons._Solver(Amazons, 64)
    maps = solver.position_map("c-whole"), solver.position_map("c-longest"), solver.position_map("c-negatives")
    with pytest.raises(ValueError, match="column 7"):
        compiled.solve(solver, *maps, 0x80, 0, 1, cgt.game, amazons._INTEGERS)
    with pytest.raises(ValueError, match="disjoint"):
        compiled.solve(solver, *maps, 1, 1, 2, cgt.game, amazons._INTEGERS)
    with pytest.raises(OverflowError):
        compiled.solve(solver, *maps, 1 << 64, 0, 2, cgt.game, amazons._INTEGERS)
    with pytest.raises(TypeError, match="integers"):
        compiled.solve(solver, *maps, 1, 4, 2, cgt.game, [])
    with pytest.raises(TypeError, match="PositionMaps"):
        compiled.solve(solver, {}, {}, {}, 1, 4, 2, cgt.game, amazons._INTEGERS)
    cgt.clear_caches()


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_ctrl_c_stops_the_compiled_search_and_the_next_search_works():
    assert interrupted_by_ctrl_c(lambda: Amazons("x....|.....|.....|.....|....o").value)   # 5 x 5: far more than a test's time
    assert str(Amazons("x..|..o").value) == "+-{1,{2|0}}"
    cgt.clear_caches()


@pytest.mark.slow
def test_a_3_by_4_board_agrees_entry_for_entry():
    # Twelve empty squares: thousands of regions, each solved once by each search.
    fast, fast_keys, slow, slow_keys = solve_both("x...|....|...o")
    assert fast == slow and fast_keys == slow_keys and len(fast_keys) > 1000
