"""Konane (games/grid/konane.py): golden values, a slow reference solver, properties, errors.

Rules: M. D. Ernst, "Playing Konane mathematically: a combinatorial game-theoretic analysis", UMAP Journal
16(2) (1995) 95-121; Albert, Nowakowski, Wolfe, *Lessons in Play* (2007).  The golden values are derived in
the comments from those rules, recomputed by ``reference_value`` (plain recursion into ``cgt.kernel.game``: no
tables, no symmetry, no decomposition) and were cross-checked once against cgt-py's independent Konane
(``cgt_py.Konane(board).canonical_form``): these rows and 400 random boards of <= 20 cells all agree.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import cgt
from cgt import Player
from cgt.errors import InvalidPositionError
from cgt.games.grid.board import Symmetry
from cgt.games.grid.konane import Konane, KonaneRuleset
from cgt.testing import positions

L, R = Player.Left, Player.Right


def reference_value(text: str):
    """Konane's rules, straight into cgt.kernel.game."""
    board = [list(row) for row in text.split("|")] if text else []
    rows = len(board)
    cols = len(board[0]) if board else 0

    def options(b, me, enemy):
        for r in range(rows):
            for c in range(cols):
                if b[r][c] != me:
                    continue
                for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
                    new = [list(row) for row in b]
                    rr, cc = r, c
                    while (0 <= rr + 2 * dr < rows and 0 <= cc + 2 * dc < cols
                           and new[rr + dr][cc + dc] == enemy and new[rr + 2 * dr][cc + 2 * dc] == "."):
                        new[rr][cc] = new[rr + dr][cc + dc] = "."
                        rr, cc = rr + 2 * dr, cc + 2 * dc
                        new[rr][cc] = me
                        yield [list(row) for row in new]

    def value(b):
        return cgt.game([value(o) for o in options(b, "x", "o")], [value(o) for o in options(b, "o", "x")])

    return value(board)


GOLDEN = [
    # L = Left's options, R = Right's.
    ("xo.", "1"),                  # L: ..x = 0; R: none (o cannot jump x off the board); {0|} = 1
    ("ox.", "-1"),                 # the colour swap of xo.
    (".xo.", "*"),                 # L: ...x = 0; R: o... = 0; {0|0} = *
    ("xoo.", "0"),                 # nobody can jump: x faces two o, o faces x at the edge
    ("xoxo.", "2"),                # L: xo..x = {0|} = 1 only; R: none; {1|} = 2
    ("oxox.", "-2"),
    ("xo.o.", "1"),                # L: ..xo. = {0|0} = * or (double jump) ....x = 0; R: none; {0,*|} = 1
    ("xo.o.o.", "1"),              # L: ..xo.o. = {1|0}, ....xo. = *, ......x = 0; R: none; so 1
    (".ox.x", "1/2"),              # L: x...x = 0; R: ...ox = {0|} = 1; {0|1} = 1/2
    ("x.|o.|..", "1"),             # vertical jump
    (".xo.|.ox.", "0"),            # colour swap + top-bottom flip map it onto itself (G = -G)
    ("xox.|.o..", "-1"),
    ("o.x|.xo|.o.", "v"),
    ("x.x|xo.|.xo", "1/2"),
    ("...o|o.ox|....", "-1/2"),
    ("....|xo..|.ox.|x.o.", "{1|0}"),
    ("..o.|...o|...x", "2"),
    ("", "0"),
]


@pytest.mark.parametrize("text, value", GOLDEN, ids=[t or "empty" for t, _ in GOLDEN])
def test_konane_golden(text, value):
    assert str(Konane(text).value) == value
    assert str(reference_value(text)) == value


def test_multiple_jumps_are_separate_moves():
    p = Konane("xo.o.o.")
    assert [m.label for m in p.moves(L)] == ["(1,1)->(1,3)", "(1,1)->(1,5)", "(1,1)->(1,7)"]
    assert [str(q) for q in p.left_options] == ["..xo.o.", "....xo.", "......x"]
    # no turning: the second jump must continue in the same direction
    assert [m.label for m in Konane("xo.|..o|...").moves(L)] == ["(1,1)->(1,3)"]
    assert [m.label for m in Konane("x..|o..|.x.|o..|...").moves(L)] == ["(1,1)->(3,1)", "(1,1)->(5,1)"]


def test_vertical_double_jump_and_right_moves():
    p = Konane("x|o|.|o|.")
    assert [m.label for m in p.moves(L)] == ["(1,1)->(3,1)", "(1,1)->(5,1)"]
    assert [str(m) for m in Konane(".|x|o").moves("Right")] == ["(3,1)->(1,1) -> o|.|."]


def test_blocked_cells_separate_regions():
    p = Konane("xo.#.xo|...#...")
    assert [str(q) for q in p.decomposition] == ["xo.|...", ".xo|..."]
    assert p.value == 0                        # 1 + (-1)
    assert Konane("xo#").value == 0            # the jump would land on a cell off the board


def test_catalogue_and_repr():
    from cgt.games.engine import catalogue

    entry = catalogue.find("Konane")
    assert entry.shell_name == "game.grid.Konane" and catalogue.load("Konane") is Konane
    assert repr(Konane) == "Konane" and repr(Konane("xo.")) == "Konane('xo.')"
    assert isinstance(Konane, KonaneRuleset) and Konane == KonaneRuleset()


@pytest.mark.parametrize("text, message", [
    ("xo|q.", r"'q' at row 2, column 1 of 'xo\|q\.' is not one of '\.xo#'"),
    ("xo.|..", "row 2 of 'xo.|..' has 2 cells, row 1 has 3"),
    (42, "a position is a board string"),
])
def test_bad_boards(text, message):
    with pytest.raises(InvalidPositionError, match=message):
        Konane(text)


def test_symmetries_and_colour_swap_declared():
    assert set(Konane.symmetries) == set(Symmetry)
    assert bytes([0, 1, 2, 3]).translate(Konane.colour_swap) == bytes([0, 2, 1, 3])


# -- properties -------------------------------------------------------------------------------------------

def _swap(text: str) -> str:
    return text.translate(str.maketrans("xo", "ox"))


@settings(max_examples=50)
@given(positions(Konane, max_cells=12))
def test_value_is_canonical_form_of_options(p):
    assert p.value == cgt.game([q.value for q in p.left_options], [q.value for q in p.right_options])


@settings(max_examples=50)
@given(positions(Konane, max_cells=9))
def test_value_equals_reference(p):
    assert p.value == reference_value(str(p))


@settings(max_examples=50)
@given(positions(Konane, max_cells=14))
def test_value_is_sum_of_components(p):
    total = cgt.integer(0)
    for part in p.decomposition:
        total = total + part.value
    assert p.value == total


@settings(max_examples=50)
@given(positions(Konane, max_cells=12))
def test_symmetric_images_and_colour_swap(p):
    for symmetry in Symmetry:
        image = Konane(p.position.permuted(symmetry))
        assert image.value == p.value, symmetry
        assert Konane(_swap(str(image))).value == -p.value


@settings(max_examples=50)
@given(positions(Konane, max_cells=14))
def test_str_round_trips_and_moves_match_options(p):
    assert Konane(str(p)) == p
    for side in (L, R):
        assert [m.position for m in p.moves(side)] == [q.position for q in p.options_for(side)]
