"""Domineering (cgt.games.Domineering): golden values, the bitboard solver against the generic engine and a
slow reference, symmetries, sums, labels, parsing errors.

Sources of the golden rows.  Values of small regions are the standard examples of
  [WW]  Berlekamp, Conway, Guy, *Winning Ways for your Mathematical Plays*, 2nd ed., vol. 1, ch. 1-2
        (Domineering: integers for one-way strips, the 2 x 2 square ``+-1``, the L tromino ``*``);
  [LIP] Albert, Nowakowski, Wolfe, *Lessons in Play*, ch. 1-2 and 5 (Domineering examples);
  [S]   Siegel, *Combinatorial Game Theory* (GSM 146), ch. I-II (Domineering as the running example);
  [LMR] Lachmann, Moore, Rapaport, "Who wins Domineering on rectangular boards?", More Games of No Chance
        (MSRI Publ. 42, 2002) -- outcome classes of rectangles (4 x 4 first-player win, 5 x 5 second-player
        win);
  [BUH] Breuker, Uiterwijk, van den Herik, "Solving 8 x 8 Domineering", Theoretical Computer Science 230
        (2000) -- the same small-board outcomes.
Every canonical form in the tables below was also computed by cgt-py 0.11.0 (Rust,
``cgt_py.Domineering(...).canonical_form``) and by pycgt 0.2.0 (``pycgt.rulesets.domineering.parse``); both
agree on every row.  Rows with at most 12 empty cells are also checked against ``reference`` below.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt import Player
from cgt.errors import InvalidPositionError
from cgt.games import Domineering
from cgt.games.engine import engine
from cgt.games.grid.board import FLIP, TRANSPOSING, Grid
from cgt.testing import board_texts, positions


# -- the slow reference: the rules, straight into cgt.kernel.game (no tables, no regions, no symmetry) --------------
def _ref(cells: frozenset):
    lefts = [_ref(cells - {(r, c), (r + 1, c)}) for (r, c) in cells if (r + 1, c) in cells]
    rights = [_ref(cells - {(r, c), (r, c + 1)}) for (r, c) in cells if (r, c + 1) in cells]
    return cgt.game(lefts, rights)


def reference(text: str):
    """Value of a board string by plain recursion over Domineering's rules."""
    return _ref(frozenset((r, c) for r, row in enumerate(text.split("|")) for c, ch in enumerate(row) if ch == "."))


REFERENCE_MAX_EMPTY = 12


GOLDEN = [
    # One-way strips are integers: n // 2 for a column, -(n // 2) for a row [WW ch. 1; LIP ch. 1].
    pytest.param(".", "0", id="1x1"),
    pytest.param("..", "-1", id="1x2"),
    pytest.param(".|.", "1", id="2x1"),
    pytest.param(".....", "-2", id="1x5"),
    pytest.param(".|.|.|.|.|.", "3", id="6x1"),
    # The 2 x 2 square is the switch +-1 [WW ch. 2; LIP ch. 2; S ch. I].
    pytest.param("..|..", "+-1", id="2x2"),
    # The L tromino: each player has one move, to 0, so it is * [WW ch. 2; LIP ch. 2].
    pytest.param("..|.#", "*", id="L-tromino"),
    # Rectangles 2 x n, 3 x n, 4 x 4 [LIP; LMR for the outcome classes; canonical forms cross-checked with
    # cgt-py and pycgt as stated in the module docstring].
    pytest.param("...|...", "{2|-1/2}", id="2x3"),
    pytest.param("..|..|..", "{1/2|-2}", id="3x2"),
    pytest.param("....|....", "Miny(2)", id="2x4"),
    pytest.param(".....|.....", "1/2", id="2x5"),
    pytest.param("......|......", "{1Miny(2)|-1}", id="2x6"),
    pytest.param(".......|.......", "{3/2|-1/2}", id="2x7"),
    pytest.param("........|........", "{2Miny(2)|0||-1/2|-2}", id="2x8"),
    pytest.param("...|...|...", "+-1", id="3x3"),
    pytest.param("....|....|....", "-3/2", id="3x4"),
    pytest.param("...|...|...|...", "3/2", id="4x3"),
    pytest.param(".....|.....|.....", "-1", id="3x5"),
    pytest.param("......|......|......", "{-1|-7/2}", id="3x6"),
    # 4 x 4 is a first-player win [LMR; BUH]; its canonical form (cgt-py, pycgt; options in CGSuite's order, §5.8):
    pytest.param("....|....|....|....", "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}", id="4x4"),
    # Irregular regions, holes, several regions [WW ch. 2 style examples; cross-checked with cgt-py, pycgt].
    pytest.param("...|#.#", "*", id="T-tetromino"),
    pytest.param("...|.#.|...", "0", id="3x3-ring"),
    pytest.param("..#.|....|.##.", "+-(1*)", id="cgsuite-example"),
    pytest.param(".#|..|#.", "{1|0}", id="S-tetromino"),
    pytest.param("#.#|...|#.#", "*", id="plus-pentomino"),
    pytest.param("..|..|.#", "+-1", id="P-pentomino"),
    pytest.param(".##|...|##.", "0", id="Z-pentomino"),
    pytest.param("....|.##.|....", "-1", id="3x4-ring"),
    pytest.param("..#|..#|...", "{1/2|-2}", id="3x3-notched"),
    pytest.param("#..|...|..#", "+-(1*)", id="3x3-two-corners"),
    pytest.param("..#|...", "+-1", id="2x3-corner"),
    pytest.param("..#..|..#..", "0", id="two-squares"),          # +-1 + +-1 = 0 (a switch is its own negative)
    pytest.param(".#.|...|.#.", "0", id="H-shape"),
    pytest.param("...#|....|#...", "{2|0||-1}", id="staircase"),
    pytest.param("..##|....|##..", "Miny(2)", id="3x4-zigzag"),
    pytest.param("....|#..#|....", "{-1|-4}", id="3x4-I-beam"),
]


@pytest.mark.parametrize("text, expected", GOLDEN)
def test_golden(text, expected):
    assert str(Domineering(text).value) == expected


@pytest.mark.parametrize("text, expected", [p for p in GOLDEN if p.values[0].count(".") <= REFERENCE_MAX_EMPTY])
def test_golden_reference(text, expected):
    assert str(reference(text)) == expected


@pytest.mark.parametrize("text, expected", [p for p in GOLDEN if p.values[0].count(".") <= 16])
def test_golden_generic_engine(text, expected):
    cgt.clear_caches()
    assert str(engine.canonical_value(Domineering, Domineering(text).position)) == expected


def test_outcomes_of_squares():
    # 2 x 2, 3 x 3, 4 x 4 are first-player wins [WW; LMR; BUH].
    for n in (2, 3, 4):
        assert str(Domineering("|".join(["." * n] * n)).outcome) == "N"


@pytest.mark.slow
def test_5x5_is_zero():
    # 5 x 5 is a second-player win [LMR; BUH]; its canonical form is 0 (cgt-py 0.11 gives 0 as well).
    cgt.clear_caches()
    p = Domineering("|".join(["....."] * 5))
    assert str(p.value) == "0" and str(p.outcome) == "P"


@pytest.mark.slow
def test_4x5_matches_generic_engine():
    cgt.clear_caches()
    text = "|".join(["....."] * 4)
    fast = Domineering(text).value
    cgt.clear_caches()
    assert engine.canonical_value(Domineering, Domineering(text).position) == fast
    assert str(fast) == "1"      # cgt-py 0.11: 1


@pytest.mark.parametrize("n", range(1, 13))
def test_strips_are_integers(n):
    # A row of n cells: only Right moves, n // 2 times [WW ch. 1].
    assert Domineering("." * n).value == cgt.integer(-(n // 2))
    assert Domineering("|".join("." * n)).value == cgt.integer(n // 2)


# -- the fast path against the generic engine and the reference, on random regions -----------------------
boards = positions(Domineering, max_cells=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards)
def test_fast_path_equals_generic_engine_and_reference(p):
    fast = p.value
    assert engine.canonical_value(Domineering, p.position) == fast
    if str(p).count(".") <= 10:
        assert reference(str(p)) == fast


@settings(max_examples=40, deadline=None)
@given(boards)
def test_fast_path_does_not_depend_on_tables(p):
    warm = p.value
    cgt.clear_caches()
    assert p.value == warm


@settings(max_examples=50, deadline=None)
@given(boards)
def test_value_is_canonical_form_of_options(p):
    lefts = [q.value for q in p.left_options]
    rights = [q.value for q in p.right_options]
    assert cgt.game(lefts, rights) == p.value


@settings(max_examples=50, deadline=None)
@given(boards)
def test_value_is_sum_of_components(p):
    total = cgt.zero
    for part in p.decomposition:
        total = total + part.value
    assert total == p.value


@settings(max_examples=50, deadline=None)
@given(boards)
def test_symmetries(p):
    # Flips keep the value; a transposition exchanges vertical and horizontal, so it negates the value.
    v = p.value
    for s in FLIP:
        assert Domineering(p.position.permuted(s)).value == v
    for s in TRANSPOSING:
        assert Domineering(p.position.permuted(s)).value == -v


@settings(max_examples=50, deadline=None)
@given(boards)
def test_str_round_trips(p):
    assert Domineering(str(p)) == p
    assert str(Domineering(str(p))) == str(p)


@given(st.integers(1, 5), st.integers(1, 5))
def test_disjoint_union_is_sum(a, b):
    left = "|".join(["." * a] * 2)
    right = "|".join(["." * b] * 2)
    both = "|".join([("." * a) + "#" + ("." * b)] * 2)
    assert Domineering(both).value == Domineering(left).value + Domineering(right).value


# -- moves and labels ------------------------------------------------------------------------------------------
def test_move_labels():
    p = Domineering("..|.#")
    assert [str(m) for m in p.moves(Player.Left)] == ["(1,1)-(2,1) -> #.|##"]
    assert [str(m) for m in p.moves(Player.Right)] == ["(1,1)-(1,2) -> ##|.#"]
    assert [m.label for m in Domineering("...|...").moves("L")] == ["(1,1)-(2,1)", "(1,2)-(2,2)", "(1,3)-(2,3)"]


def test_winning_moves():
    # 2 x 3 = {2|-1/2}: Left's middle domino leaves two 2 x 1 columns (1 + 1 = 2) and wins; a side domino
    # leaves the 2 x 2 square +-1, which loses.  Each of Right's four moves leaves a value <= 0.
    p = Domineering("...|...")
    assert [str(m) for m in p.left_winning_moves] == ["(1,2)-(2,2) -> .#.|.#."]
    assert len(p.right_winning_moves) == 4 and all(m.value <= 0 for m in p.right_winning_moves)


def test_catalogue_and_repr():
    import cgt.games
    from cgt.games.engine import catalogue

    assert cgt.games.Domineering is Domineering
    assert catalogue.find("Domineering").shell_name == "game.grid.Domineering"
    assert repr(Domineering) == "Domineering"
    assert repr(Domineering("..|.#")) == "Domineering('..|.#')"


# -- bad input -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, message", [
    ("..|.", "row 2 of '..|.' has 1 cells, row 1 has 2"),
    ("..|.x", "'x' at row 2, column 2 of '..|.x' is not one of '.#'"),
    ("o.", "'o' at row 1, column 1"),
])
def test_bad_boards(text, message):
    with pytest.raises(InvalidPositionError, match=message.replace("|", r"\|").replace(".", r"\.")):
        Domineering(text)


def test_bad_cell_value_in_grid():
    with pytest.raises(InvalidPositionError, match=r"cell \(1,2\) holds 2"):
        Domineering(Grid.from_rows([[0, 2]]))


def test_too_large_is_clear():
    from cgt.errors import TooLargeError
    from cgt.games.grid.domineering import DomineeringRuleset

    small = DomineeringRuleset()
    small.max_positions = 3
    with pytest.raises(TooLargeError, match="more than 3 regions"):
        small("....|....|....").value


def test_trimming_the_raw_tables_keeps_values(monkeypatch):
    from cgt.games.grid import domineering

    monkeypatch.setattr(domineering._Solver, "raw_limit", 50)
    monkeypatch.setattr(domineering._Solver, "trim_every", 16)
    cgt.clear_caches()
    assert str(Domineering("....|....|....|....").value) == "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
    assert sum(len(t) for t in Domineering.table("raw").values()) < 1000     # untrimmed: 2896 entries
    cgt.clear_caches()


# -- the solvers by board shape: byte boards (at most 7 wide), turned byte boards (over 7 wide, at most 7 tall)
# and the generic bitboard solver (over 7 both ways), with the tables shared between boards -----------------
SHAPED_BOARDS = st.one_of(
    board_texts(st.tuples(st.integers(1, 4), st.integers(1, 4)), "...#"),
    board_texts(st.tuples(st.integers(1, 3), st.integers(8, 11)), ".##"),     # over 7 wide: solved transposed
    board_texts(st.tuples(st.integers(8, 11), st.integers(1, 3)), ".##"),     # over 7 tall: no transposed images
    board_texts(st.tuples(st.integers(8, 9), st.integers(8, 9)), ".####"),    # over 7 both ways: generic solver
).filter(lambda text: text.count(".") <= 16)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.lists(SHAPED_BOARDS, min_size=1, max_size=3))
def test_every_solver_equals_generic_engine_and_reference(texts):
    # Several boards in a row, tables kept (a region stored from one board is reused on the next); the
    # position engine (Grid positions, its own normal form) and the plain recursion are independent of the
    # bitboard code.
    for text in texts:
        fast = Domineering(text).value
        assert engine.canonical_value(Domineering, Domineering(text).position) == fast, text
        if text.count(".") <= REFERENCE_MAX_EMPTY:
            assert reference(text) == fast, text


@pytest.mark.parametrize("text", ["..........|..........", "|".join(["." * 9] * 2), "|".join(["..#....#.."] * 3)])
def test_wide_boards_are_transposed_tall_ones(text):
    # Over 7 wide: solved as the transposed board with the value negated; both must agree with the board
    # written tall (which is at most 7 wide) and with the generic engine.
    cgt.clear_caches()
    wide = Domineering(text)
    tall = Domineering(wide.position.permuted(TRANSPOSING[0]))
    assert wide.value == -tall.value
    cgt.clear_caches()
    assert engine.canonical_value(Domineering, wide.position) == wide.value


@pytest.mark.parametrize("text", [
    "|".join(["....####"] * 2 + ["#...####", "...#####"] + ["########"] * 3 + ["##...#.."]),  # small regions
    "|".join(["........", "#......#"] + ["########"] * 6),                 # a region over 7 wide, 2 tall
    "|".join(["." * 8] + ["#" * 7 + "."] * 7),                             # an L over 7 both ways: generic
    "|".join(["." * 8] + ["#" * 7 + "."] * 7 + ["..#....."]),              # the same and a small region
])
def test_boards_over_7_both_ways_are_split(text):
    cgt.clear_caches()
    fast = Domineering(text).value
    cgt.clear_caches()
    assert engine.canonical_value(Domineering, Domineering(text).position) == fast


@pytest.mark.parametrize("text, expected", [
    # Over 7 wide (the transposed path); also computed by cgt-py 0.11 (Domineering(text).canonical_form).
    ("..........|..........", "{{{{{5|3}|3}|1}|{1/2|-1}}|-3/2}"),
    (".........|.........", "{{5/2|1/2}|{0|-3/2}}"),
])
def test_2xn_wide_golden(text, expected):
    assert Domineering(text).value == cgt.game(expected)
