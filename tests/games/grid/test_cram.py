"""Cram (cgt.games.Cram): golden nim values, the bitboard solver against the generic Grundy engine and a slow
reference, symmetries, labels, errors.

Sources of the golden rows.
  [WW]  Berlekamp, Conway, Guy, *Winning Ways for your Mathematical Plays*, 2nd ed. (Cram; the symmetry
        strategy: on an even x even board the second player copies each domino under the half turn, so the
        board is a P-position; on an even x odd board the first player covers the two central cells and then
        copies, so it is an N-position).  Gardner, "Mathematical Games", Scientific American, Feb. 1974,
        introduced Cram with the same strategy.
  [DK]  A 1 x n strip is Dawson's Kayles, octal game 0.07 ([WW] vol. 1, ch. 4 "Taking and Breaking"): a
        domino removes two adjacent cells of a row, leaving up to two shorter rows.  Its Grundy values are
        also checked against this project's octal solver, ``TakeAndBreak("0.07")``.
  Odd x odd boards and irregular regions have no such strategy; their rows give values computed here by
  three independent solvers (this bitboard solver, the generic engine, the slow reference) and by pycgt --
  no published source is claimed for them (Uiterwijk, "Solving Cram using combinatorial game theory",
  ACG 2019, LNCS 12516, solves larger boards with the same decomposition ideas).
Every nim value below was also computed by pycgt 0.2.0 (``pycgt.rulesets.cram.parse``),
which agrees on every row (cgt-py 0.11 has no Cram).  Rows with at most 12 empty cells are also checked
against ``reference`` below.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

import cgt
from cgt.errors import InvalidPositionError
from cgt.games import Cram, Domineering, TakeAndBreak
from cgt.games.engine import engine
from cgt.games.grid.board import EIGHT_WAY
from cgt.testing import positions


# -- the slow reference: the rules, straight into cgt.kernel.game (no tables, no regions, no symmetry) --------------
def _ref(cells: frozenset):
    options = [_ref(cells - {(r, c), (r + dr, c + dc)})
               for (r, c) in cells for dr, dc in ((1, 0), (0, 1)) if (r + dr, c + dc) in cells]
    return cgt.game(options, options)


def reference(text: str):
    """Value of a board string by plain recursion over Cram's rules."""
    return _ref(frozenset((r, c) for r, row in enumerate(text.split("|")) for c, ch in enumerate(row) if ch == "."))


REFERENCE_MAX_EMPTY = 12

GOLDEN = [
    # 1 x n strips: Dawson's Kayles 0.07 values 0, 1, 1, 2, 0, 3, 1, 1 for n = 1..8 [DK].
    pytest.param(".", 0, id="1x1"),
    pytest.param("..", 1, id="1x2"),
    pytest.param("...", 1, id="1x3"),
    pytest.param("....", 2, id="1x4"),
    pytest.param(".....", 0, id="1x5"),
    pytest.param("......", 3, id="1x6"),
    pytest.param(".......", 1, id="1x7"),
    pytest.param("........", 1, id="1x8"),
    # even x even: second player wins by symmetry [WW; Gardner 1974].
    pytest.param("..|..", 0, id="2x2"),
    pytest.param("....|....", 0, id="2x4"),
    pytest.param("......|......", 0, id="2x6"),
    pytest.param("....|....|....|....", 0, id="4x4"),
    # even x odd: first player wins by symmetry [WW]; the nim values (pycgt agrees) are *1:
    pytest.param("...|...", 1, id="2x3"),
    pytest.param("..|..|..", 1, id="3x2"),
    pytest.param(".....|.....", 1, id="2x5"),
    pytest.param("....|....|....", 1, id="3x4"),
    pytest.param("...|...|...|...", 1, id="4x3"),
    # odd x odd (computed, see the module docstring):
    pytest.param("...|...|...", 0, id="3x3"),
    # irregular regions (pycgt agrees):
    pytest.param("..|.#", 1, id="L-tromino"),
    pytest.param("...|.#.|...", 0, id="3x3-ring"),
]


@pytest.mark.parametrize("text, expected", GOLDEN)
def test_golden(text, expected):
    p = Cram(text)
    assert p.nim_value == expected
    assert p.value == cgt.nimber(expected)
    assert str(p.outcome) == ("P" if expected == 0 else "N")


@pytest.mark.parametrize("text, expected", [p for p in GOLDEN if p.values[0].count(".") <= REFERENCE_MAX_EMPTY])
def test_golden_reference(text, expected):
    assert reference(text) == cgt.nimber(expected)


@pytest.mark.parametrize("text, expected", GOLDEN)
def test_golden_generic_engine(text, expected):
    cgt.clear_caches()
    assert engine.grundy_value(Cram, Cram(text).position) == expected


@pytest.mark.parametrize("n", range(1, 41))
def test_strips_are_dawsons_kayles(n):
    assert Cram("." * n).grundy == TakeAndBreak("0.07")(n).grundy
    assert Cram("|".join("." * n)).grundy == TakeAndBreak("0.07")(n).grundy


@pytest.mark.parametrize("rows, cols", [(2, 8), (4, 6), (2, 10)])
def test_even_by_even_is_zero(rows, cols):
    # The half-turn copying strategy [WW; Gardner 1974].
    assert Cram("|".join(["." * cols] * rows)).grundy == 0


@pytest.mark.parametrize("rows, cols", [(2, 7), (4, 5), (2, 9)])
def test_even_by_odd_is_first_player_win(rows, cols):
    assert Cram("|".join(["." * cols] * rows)).grundy != 0
    assert Cram("|".join(["." * rows] * cols)).grundy != 0


# -- the fast path against the generic engine and the reference, on random regions -----------------------
boards = positions(Cram, max_cells=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards)
def test_fast_path_equals_generic_engine_and_reference(p):
    fast = p.grundy
    assert engine.grundy_value(Cram, p.position) == fast
    if str(p).count(".") <= 10:
        assert reference(str(p)) == cgt.nimber(fast)


@settings(max_examples=50, deadline=None)
@given(boards)
def test_nim_value_is_mex_of_options_and_xor_of_components(p):
    g = p.grundy
    seen = {q.grundy for q in p.options}
    assert g not in seen and all(k in seen for k in range(g))
    total = 0
    for part in p.decomposition:
        total ^= part.grundy
    assert total == g


@settings(max_examples=50, deadline=None)
@given(boards)
def test_all_eight_symmetries_keep_the_value(p):
    g = p.grundy
    for s in EIGHT_WAY:
        assert Cram(p.position.permuted(s)).grundy == g


@settings(max_examples=30, deadline=None)
@given(positions(Cram, max_cells=9))
def test_cram_options_are_both_players_domineering_options(p):
    d = Domineering(str(p))
    assert sorted(map(str, p.options)) == sorted(map(str, d.left_options + d.right_options))


@settings(max_examples=50, deadline=None)
@given(boards)
def test_str_round_trips(p):
    assert str(Cram(str(p))) == str(p)


def test_moves_and_labels():
    p = Cram("..|.#")
    assert [str(m) for m in p.moves()] == ["(1,1)-(2,1) -> #.|##", "(1,1)-(1,2) -> ##|.#"]
    assert [str(m) for m in Cram("...").winning_moves] == ["(1,1)-(1,2) -> ##.", "(1,2)-(1,3) -> .##"]
    assert Cram("..|..").winning_moves == []


def test_catalogue_and_repr():
    import cgt.games
    from cgt.games import ImpartialRuleset
    from cgt.games.engine import catalogue
    from cgt.games.grid.ruleset import GridRuleset

    assert cgt.games.Cram is Cram
    assert isinstance(Cram, ImpartialRuleset) and isinstance(Cram, GridRuleset)
    assert catalogue.find("Cram").shell_name == "game.grid.Cram"
    assert repr(Cram("..")) == "Cram('..')"


@pytest.mark.parametrize("text, message", [
    ("...|..", "row 2 of '...|..' has 2 cells, row 1 has 3"),
    ("..|#x", "'x' at row 2, column 2"),
])
def test_bad_boards(text, message):
    with pytest.raises(InvalidPositionError, match=message.replace("|", r"\|").replace(".", r"\.")):
        Cram(text)


def test_trimming_the_raw_tables_keeps_values(monkeypatch):
    from cgt.games.grid import cram

    monkeypatch.setattr(cram._Solver, "raw_limit", 50)
    monkeypatch.setattr(cram._Solver, "trim_every", 16)
    cgt.clear_caches()
    assert Cram("....|....|....").grundy == 1 and Cram("....|....|....|....").grundy == 0
    assert sum(len(t) for t in Cram.table("raw").values()) < 1000            # untrimmed: 1634 entries
    cgt.clear_caches()
