"""Amazons (``cgt.games.Amazons``, CGSuite's ``game.grid.Amazons``): golden values, a slow reference solver,
properties over random small boards, and bad boards."""

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.errors import InvalidPositionError
from cgt.games import Amazons
from cgt.games.grid.board import EIGHT_WAY, Grid

# -- the slow reference: the rules, read off a list of strings, straight into cgt.kernel.game -----------------------
# No table of the engine, no symmetry, no decomposition.  The only memo is on the exact board string (a pure
# function of it), so that the reference can reach the 2 x 5 board in seconds.

QUEEN = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def reference_options(text, me):
    board = [list(row) for row in text.split("|")]
    rows, cols = len(board), len(board[0])
    found = []
    for r in range(rows):
        for c in range(cols):
            if board[r][c] != me:
                continue
            board[r][c] = "."                      # the square left behind is empty for the arrow
            for dr, dc in QUEEN:
                r2, c2 = r + dr, c + dc
                while 0 <= r2 < rows and 0 <= c2 < cols and board[r2][c2] == ".":
                    board[r2][c2] = me
                    for er, ec in QUEEN:
                        r3, c3 = r2 + er, c2 + ec
                        while 0 <= r3 < rows and 0 <= c3 < cols and board[r3][c3] == ".":
                            board[r3][c3] = "#"
                            found.append("|".join("".join(row) for row in board))
                            board[r3][c3] = "."
                            r3, c3 = r3 + er, c3 + ec
                    board[r2][c2] = "."
                    r2, c2 = r2 + dr, c2 + dc
            board[r][c] = me
    return found


def reference_value(text):
    @functools.cache
    def value(t):
        return cgt.game([value(o) for o in reference_options(t, "x")], [value(o) for o in reference_options(t, "o")])

    return value(text)


# -- golden values ------------------------------------------------------------------------------------------
# No published table of small Amazons values could be consulted while writing this file, so none is claimed.
# HAND rows are worked out from the rules (the reasoning is in the comment); CGT_PY rows were computed here and
# agree with the independent program cgt-py (its Amazons, run side by side).  Every row is also checked
# against the reference solver above.

HAND = [
    # A lone amazon with no empty square: no move.
    ("x", "0"),
    # One move (to the right, shooting back), then none: {0|} = 1.
    ("x.", "1"),
    # Only Left can ever move, each move burns a square, and stepping one square and shooting back uses
    # exactly one of the 3 empty squares per move: 3 moves, value 3.
    ("x...", "3"),
    # Same in a 2 x 2 box: x steps right shooting back, steps down shooting up, steps left shooting right.
    ("x.|..", "3"),
    # Each player's only move is onto the middle square shooting back, which leaves no move: {0|0} = *.
    ("x.o", "*"),
    # Adjacent amazons with nothing empty: 0.
    ("xo", "0"),
    # Each side's one-move region: Left's is 1, Right's is -1 (mirror image with colours swapped); their sum 0.
    ("x.#.o", "0"),
]

CGT_PY = [
    ("x.|.o", "0"),
    ("x..|.o.", "{1/4|-1,{0|-2}}"),
    ("x..|..o", "+-{1,{2|0}}"),
    ("x...o", "+-2"),
    ("x.|..|.o", "+-{1,{2|0}}"),
    (".x.|...|.o.", "*"),
    (".o.|#.#|..x", "{2,{3|-2,+-2}|-3}"),
    ("...|#o#|.#x", "-3"),
    ("x...|...o", "+-{3,{4|0,{1|0,*}}}"),
    ("x..|...|..o", "+-{5|{2|-1/4},{1*|0,{1/2|0}}}"),  # cgt-py's value; options in CGSuite's order (§5.8)
]

SLOW_CGT_PY = [
    # The 2 x 5 board of benchmarks/bench_rulesets.py.
    ("x....|....o", "+-{5,{6|2,{3|*,+-{1,{2|0}}}}}"),
    ("x.o..|.....", "{{0|-1/2},{1*|-2}|-5,{-2,{*,+-{1,{2|0}}|-3}|-6}}"),
]


@pytest.mark.parametrize("board, value", HAND + CGT_PY, ids=[b for b, _ in HAND + CGT_PY])
def test_golden(board, value):
    assert str(Amazons(board).value) == value
    assert reference_value(board) == Amazons(board).value


@pytest.mark.slow
@pytest.mark.parametrize("board, value", SLOW_CGT_PY, ids=[b for b, _ in SLOW_CGT_PY])
def test_golden_slow(board, value):
    cgt.clear_caches()
    assert str(Amazons(board).value) == value
    assert reference_value(board) == Amazons(board).value


def test_one_row_strip_with_one_amazon_is_its_empty_squares():
    # By hand, as for "x..." above: n - 1 moves, never more (each move burns one square).
    for n in range(1, 9):
        assert Amazons("x" + "." * (n - 1)).value == n - 1
        assert Amazons("." * (n - 1) + "o").value == -(n - 1)


# -- moves, labels, printing ---------------------------------------------------------------------------------

def test_move_labels_are_from_to_arrow_one_based():
    moves = Amazons("x.|o#").moves("L")
    assert [m.label for m in moves] == ["(1,1)-(1,2)/(1,1)"]
    assert str(moves[0]) == "(1,1)-(1,2)/(1,1) -> #x|o#"
    right = {m.label for m in Amazons("x.|o#").moves("R")}
    # o at (2,1) moves to (1,2) diagonally, then shoots at (2,1) (vacated) -- (1,1) is x.
    assert right == {"(2,1)-(1,2)/(2,1)"}


def test_moves_agree_with_reference_options():
    for board in ["x..|.o.", "x.#|..o|#..", "xx.|.oo", "x...|.#..|..o."]:
        for player, piece in (("L", "x"), ("R", "o")):
            ours = sorted(str(m) for m in Amazons(board).options_for(player))
            assert ours == sorted(reference_options(board, piece))
            assert len(Amazons(board).moves(player)) == len(ours)


def test_str_and_repr():
    p = Amazons("X..|..O")
    assert str(p) == "x..|..o" and repr(p) == "Amazons('x..|..o')" and repr(Amazons) == "Amazons"


def test_decomposition_drops_dead_regions():
    p = Amazons("x.#.o|###.#|..#ox")
    assert [str(q) for q in p.decomposition] == ["x.", ".o|.#|ox"]
    assert sum((q.value for q in p.decomposition), cgt.game([], [])) == p.value == reference_value(str(p))


def test_blocked_in_amazon_is_not_a_burnt_square():
    # x at the corner has no empty neighbour, but o can move away and free it: -3, not the -4 of a burnt x.
    assert Amazons("...|#o#|.#x").value == -3
    assert Amazons("...|#o#|.##").value == -4


def test_catalogue_name():
    from cgt.games.engine import catalogue

    entry = catalogue.find("Amazons")
    assert entry.shell_name == "game.grid.Amazons" and entry.load() is Amazons


# -- bad boards ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("board, message", [
    ("x.|.q", r"'q' at row 2, column 2 of 'x.|.q' is not one of '.xo#'"),
    ("x..|.o", r"row 2 of 'x..|.o' has 2 cells, row 1 has 3"),
    ("x*o", r"'\*' at row 1, column 2"),
])
def test_bad_boards(board, message):
    with pytest.raises(InvalidPositionError, match=message):
        Amazons(board)


def test_bad_position_types():
    with pytest.raises(InvalidPositionError, match="board string"):
        Amazons(17)
    with pytest.raises(InvalidPositionError, match=r"cell \(1,2\) holds 4"):
        Amazons(Grid.from_rows([[1, 4]]))


# -- properties over random small boards -----------------------------------------------------------------------

@st.composite
def boards(draw, max_cells=8):
    rows = draw(st.integers(1, 3))
    cols = draw(st.integers(1, max(1, max_cells // rows)))
    cell = st.sampled_from(".....xo##")
    text = "|".join("".join(draw(st.lists(cell, min_size=cols, max_size=cols))) for _ in range(rows))
    return text



@settings(max_examples=40, deadline=None)
@given(boards(max_cells=7))
def test_value_matches_reference(board):
    assert Amazons(board).value == reference_value(board)



@settings(max_examples=30, deadline=None)
@given(boards())
def test_symmetric_images(board):
    p = Amazons(board)
    swapped = str(p).translate(str.maketrans("xo", "ox"))
    assert Amazons(swapped).value == -p.value
    for symmetry in EIGHT_WAY:
        image = Amazons(p.position.permuted(symmetry))
        assert image.value == p.value, symmetry


@settings(max_examples=30, deadline=None)
@given(boards())
def test_str_round_trips(board):
    p = Amazons(board)
    assert str(p) == board and Amazons(str(p)) == p


@settings(max_examples=40, deadline=None)
@given(boards(), st.sampled_from("xo"))
def test_one_colour_region_is_an_integer(board, piece):
    # With amazons of one colour only, just that player can move: the value is the integer counting the most
    # moves the player can make (0 <= it <= the number of empty squares).
    board = board.replace("x" if piece == "o" else "o", "#")
    v = Amazons(board).value
    assert v.is_integer
    n = board.count(".")
    assert (0 <= v <= n) if piece == "x" else (-n <= v <= 0)
    assert v == reference_value(board)            # the longest-move search of value_hint, against the rules


@settings(max_examples=30, deadline=None)
@given(boards(max_cells=12))
def test_fast_normal_form_agrees_with_grid_ruleset(board):
    from cgt.games.grid.ruleset import GridRuleset

    grid = Amazons.parse(board)
    key, negated = Amazons.normal_form(grid)
    generic_key, generic_negated = GridRuleset.normal_form(Amazons, grid)
    assert key == generic_key
    if negated != generic_negated:     # then the key is also an image of its own colour swap: value = -value
        assert Amazons.value(key) == -Amazons.value(key)


def test_one_sided_memo_is_per_board_shape():
    # The longest-move search of one-colour boards memoises sub-boards by their cells; a 1 x 8 board's
    # sub-board once had the same bytes as a sub-board of "...|#o#" (2 x 3), and the latter read the former's
    # answer (0 instead of -3: o steps and shoots three times, as the reference search over the rules says).
    cgt.clear_caches()
    assert Amazons("....x.o.").value == reference_value("....x.o.")
    assert Amazons("...|#o#").value == reference_value("...|#o#") == cgt.integer(-3)


# -- the bitboard search against the reference, board by board ------------------------------------------------------
def _sample_boards(shapes, alphabet, count, seed):
    import random

    rng = random.Random(seed)
    found = set()
    for rows, cols in shapes:
        for _ in range(count):
            found.add("|".join("".join(rng.choice(alphabet) for _ in range(cols)) for _ in range(rows)))
    return sorted(found)


SOLVER_BOARDS = _sample_boards([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (1, 6), (4, 2)], "....xo#", 30, 11)


def test_bitboard_search_matches_reference_on_small_boards():
    """A fixed sample of boards up to 3 x 3 and 2 x 4: the search (tables shared along the way) against plain
    recursion over the rules, and against the position engine without the search."""
    from cgt.games.grid.amazons import AmazonsRuleset, _most_moves

    class Engine(AmazonsRuleset):
        """Amazons valued by the position engine alone (the one-sided closed form kept)."""

        def value_hint(self, grid):
            cells = grid.cells
            if 1 in cells and 2 in cells:
                return None
            piece, sign = (1, 1) if 2 not in cells else (2, -1)
            return cgt.integer(sign * _most_moves(cells, grid.row_count, grid.col_count, piece, {}))

    engine = Engine()
    cgt.clear_caches()
    for text in SOLVER_BOARDS:
        fast = Amazons(text).value
        assert fast == reference_value(text), text
        assert fast == engine(text).value, text


def test_bitboard_search_on_a_wide_board_is_transposed():
    """A board over 7 wide (and at most 7 tall) is searched turned; its value is unchanged."""
    cgt.clear_caches()
    assert str(Amazons("x.......").value) == "7"
    assert Amazons("x.......o|#########").value == Amazons("x|.|.|.|.|.|.|.|o").value
