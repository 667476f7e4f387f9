"""The compiled Domineering search (``cgt.games.grid._domineering``) against the Python solver, the reference.

Both walk the positions of a byte board (at most 7 wide) and fill one key table (regions up to the
rectangle's symmetries, keyed by the least image as bytes; a transposed image negates the value: Winning
Ways, 2nd ed., vol. 1, ch. 2).  So on the same boards, from empty tables, they must give the same values
*and* the same key table, entry for entry -- which checks the C images (mirror, upside down, transpose) and
the choice of the least one, not only the final value.  The values themselves are checked against the
generic engine and the plain recursion over the rules in tests/games/grid/test_domineering.py, which runs the compiled
search whenever it is built.  Under ``CGT_PURE=1`` (or without a compiler) the compiled search is absent and
these tests skip.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt.games import Domineering
from cgt.games.grid import domineering
from cgt.testing import board_texts
from tests.support import compiled_and_python, interrupted_by_ctrl_c

compiled = domineering._search
pytestmark = pytest.mark.skipif(compiled is None, reason="the compiled Domineering search is not active")


def solve_both(text: str):
    """``(compiled value, its key table, Python value, its key table)`` of one board, each from empty tables."""
    return compiled_and_python(Domineering, domineering, text, "values_by_key")


BYTE_BOARDS = st.one_of(
    board_texts(st.tuples(st.integers(1, 5), st.integers(1, 5)), "...#"),
    board_texts(st.tuples(st.integers(6, 8), st.integers(1, 3)), "..#"),   # tall: 8 rows have no transpose
    board_texts(st.tuples(st.integers(1, 3), st.integers(5, 7)), "..#"),   # up to 7 wide
).filter(lambda text: 2 <= text.count(".") <= 16)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(BYTE_BOARDS)
def test_compiled_search_gives_the_python_solvers_values_and_key_table(text):
    fast, fast_keys, slow, slow_keys = solve_both(text)
    assert fast == slow, text
    assert fast_keys == slow_keys, text


@pytest.mark.parametrize("text", [
    "....|....|....|....",                      # 4 x 4: +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}
    ".....|.....|.....|.....",                  # 4 x 5
    "|".join(["......."] * 3),                  # 3 x 7: the widest byte board
    "|".join(["..."] * 8),                      # 8 x 3: the tallest mask of 64 bits
])
def test_rectangles_agree_entry_for_entry(text):
    fast, fast_keys, slow, slow_keys = solve_both(text)
    assert fast == slow and fast_keys == slow_keys and len(fast_keys) > 10


def test_boards_over_8_tall_take_the_python_solver_and_agree():
    # A 9 x 2 board's mask has 72 bits: the compiled search is skipped, and the value is that of the board
    # written wide (solved transposed, negated) -- a 2 x 9 board is over 7 wide.
    tall = "|".join([".."] * 9)
    cgt.clear_caches()
    assert Domineering(tall).value == -Domineering("." * 9 + "|" + "." * 9).value
    assert not Domineering.table("raw").get("c-whole")     # no compiled table was made for it
    cgt.clear_caches()


def test_mask_map_is_a_small_dict_of_masks():
    table = compiled.MaskMap()
    assert len(table) == 0 and table.get(5) is None and table.get(5, "none") == "none"
    for k in range(3000):
        table[k * 0x9E3779B97F4A7C15 % 2**64] = cgt.nimber(k % 7)
    assert len(table) == 3000 and table[0] is cgt.zero and (2**64 - 1 in table) is False
    table[0] = cgt.star                          # an update, not a new entry
    assert len(table) == 3000 and table[0] is cgt.star
    assert table.get(2**70) is None and table.get(-1, 0) == 0    # never keys: no error from get
    with pytest.raises(KeyError):
        table[12345]
    with pytest.raises(OverflowError):
        table[2**64] = cgt.zero
    with pytest.raises(TypeError, match="mask"):
        table["a"] = cgt.zero
    with pytest.raises(TypeError, match="only grows"):
        del table[0]
    table.clear()
    assert len(table) == 0 and table.get(0) is None


def test_solve_rejects_a_mask_that_is_not_a_byte_board():
    solver = domineering._Solver(Domineering)
    maps = solver.mask_map("c-whole"), solver.mask_map("c-regions")
    with pytest.raises(ValueError, match="column 7"):
        compiled.solve(solver, *maps, 0x80, cgt.game, cgt.integer, domineering._INTEGERS)
    with pytest.raises(TypeError, match="integers"):
        compiled.solve(solver, *maps, 3, cgt.game, cgt.integer, [])
    cgt.clear_caches()


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_ctrl_c_stops_the_compiled_search_and_the_next_search_works():
    assert interrupted_by_ctrl_c(lambda: Domineering("|".join(["......"] * 6)).value)   # 6 x 6: minutes of work
    assert str(Domineering("....|....|....|....").value) == "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
    cgt.clear_caches()
