"""Fox and Geese: a loopy ruleset, its values in the loopy algebra and the solver on its boards.

Rules: Berlekamp, Conway and Guy, *Winning Ways*, 2nd ed., ch. 20 "Fox and Geese" (geese move one step
diagonally forward, the fox one step diagonally either way; the geese win by trapping the fox), in
CGSuite's form (``game.grid.GenFoxAndGeese``: Left = geese moving down, Right = fox, row 1 at the bottom,
the escape shortcut).  Results of play that are derived here (not taken from a book) say so; each is
cross-checked against an independent minimax over the rules written out again in this file.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from hypothesis import given, settings, strategies as st

import cgt
from cgt.errors import InvalidPositionError, NotShortGameError, TooLargeError
from cgt.kernel.player import Player
from cgt.games.grid.fox_and_geese import CeyloneseFoxAndGeese, FoxAndGeese, GenFoxAndGeese
from cgt.games.engine import loopy as loopy_engine
from tests.support import long_check

Left, Right = Player.Left, Player.Right


# -- an independent statement of the rules: coordinates, sets, alternating play -----------------------------

def reference_moves(width, fox_range, geese, fox, player, ceiling_margin=4):
    """Moves over (row, col) sets; the fox may climb to ``max(T + ceiling_margin, its row)``."""
    occupied = set(geese) | {fox}
    if player is Left:
        out = []
        for (r, c) in sorted(geese):
            for dc in (-1, 1):
                t = (r - 1, c + dc)
                if t[0] >= 1 and 1 <= t[1] <= width and t not in occupied:
                    out.append((frozenset(set(geese) - {(r, c)} | {t}), fox))
        return out
    top = max((r for r, _ in geese), default=0)
    ceiling = max(top + ceiling_margin, fox[0])
    out = []
    for dr in (1, -1):
        for dc in (1, -1):
            for k in range(1, fox_range + 1):
                t = (fox[0] + k * dr, fox[1] + k * dc)
                if not (1 <= t[0] <= ceiling and 1 <= t[1] <= width) or t in geese:
                    break
                out.append((frozenset(geese), t))
    return out


def reference_winner(width, fox_range, geese, fox, player):
    """Who wins alternating play with ``player`` to move (finite: each goose move lowers the goose rows)."""

    @lru_cache(maxsize=None)
    def wins(geese, fox, player):          # does the player to move win?
        return any(not wins(g, f, player.opponent)
                   for g, f in reference_moves(width, fox_range, geese, fox, player))

    return player if wins(frozenset(geese), fox, player) else player.opponent


def solved_winner(position, player):
    result = cgt.solve(position, player).result
    return player if result == "first" else player.opponent


# -- rules, notation, errors ---------------------------------------------------------------------------------

def test_start_and_notation():
    p = FoxAndGeese.start()
    assert str(p) == ".x.x.x.x|........|........|........|........|........|........|....o..."
    assert FoxAndGeese(str(p)) == p
    assert p == FoxAndGeese([(8, 2), (8, 4), (8, 6), (8, 8)], (1, 5))
    assert FoxAndGeese.geese(p.position) == [(8, 2), (8, 4), (8, 6), (8, 8)]
    assert [m.label for m in p.moves(Right)] == ["(1,5)->(2,4)", "(1,5)->(2,6)"]
    assert [m.label for m in p.moves(Left)] == ["(8,2)->(7,1)", "(8,2)->(7,3)", "(8,4)->(7,3)", "(8,4)->(7,5)",
                                                "(8,6)->(7,5)", "(8,6)->(7,7)", "(8,8)->(7,7)"]
    assert FoxAndGeese.depth_hint(p.position) == 32
    assert repr(CeyloneseFoxAndGeese) == "CeyloneseFoxAndGeese"
    assert repr(GenFoxAndGeese(6, 2)) == "GenFoxAndGeese(board_width=6, fox_range=2)"


def test_fox_range_two_stops_at_geese_and_edges():
    p = CeyloneseFoxAndGeese("........|.x......|o.......")
    assert [m.label for m in p.moves(Right)] == []            # cornered: its only diagonal holds a goose
    p = CeyloneseFoxAndGeese("....x...|........|..o.....|........|........")
    assert [m.label for m in p.moves(Right)] == [
        "(3,3)->(4,2)", "(3,3)->(5,1)", "(3,3)->(4,4)",       # (5,5) holds a goose: the fox stops before it
        "(3,3)->(2,2)", "(3,3)->(1,1)", "(3,3)->(2,4)", "(3,3)->(1,5)"]


def test_fox_ceiling_two_rows_above_the_geese():
    p = FoxAndGeese("o.......|........|x.......")            # the top goose row is 1: the fox stops at row 3
    assert [m.label for m in p.moves(Right)] == ["(3,1)->(2,2)"]
    p = FoxAndGeese("..o.....|........|x.......")
    assert [m.label for m in p.moves(Right)] == ["(3,3)->(2,2)", "(3,3)->(2,4)"]
    p = FoxAndGeese("o.......|........|........|........|x.......")    # placed higher: it may only descend
    assert [m.label for m in p.moves(Right)] == ["(5,1)->(4,2)"]


def test_geese_only_move_down_onto_empty_squares():
    p = FoxAndGeese(".x.x....|..o.....")
    assert [m.label for m in p.moves(Left)] == ["(2,2)->(1,1)", "(2,4)->(1,5)"]
    assert [m.label for m in FoxAndGeese("x.o.....").moves(Left)] == []        # row 1: geese are stuck


def test_escape_shortcut():
    escaped = FoxAndGeese.escaped
    assert escaped(FoxAndGeese("x.o.....").position)                     # fox on the top goose row
    assert escaped(FoxAndGeese(".x......|..o.....").position)           # one row below, (2,4) free
    assert not escaped(FoxAndGeese(".x.x....|..o.....").position)       # both upward squares held
    assert not escaped(FoxAndGeese(".x......|o.......").position)       # (2,2) held, (2,0) off the board
    assert not escaped(FoxAndGeese.start().position)
    assert FoxAndGeese.known_stopper(FoxAndGeese("o.x.....").position) == "off"
    assert FoxAndGeese.known_stopper(FoxAndGeese.start().position) is None


@pytest.mark.parametrize("bad, message", [
    (".x.x....|.o.", "row 1 .* has 3 squares"),
    ("x.......|o.......", "light square"),
    ("x.......|........", "no fox"),
    ("o.o.....", "more than one fox"),
    (".xq.....|o.......", "unknown character 'q'"),
])
def test_bad_boards(bad, message):
    with pytest.raises(InvalidPositionError, match=message):
        FoxAndGeese(bad)


def test_bad_arguments():
    with pytest.raises(InvalidPositionError, match="fox_range"):
        GenFoxAndGeese(8, 0)
    with pytest.raises(InvalidPositionError, match="board_width"):
        GenFoxAndGeese(1)
    with pytest.raises(InvalidPositionError, match="share the square"):
        FoxAndGeese([(2, 2)], (2, 2))
    with pytest.raises(InvalidPositionError, match="two geese"):
        FoxAndGeese([(2, 2), (2, 2)], (1, 1))
    with pytest.raises(InvalidPositionError, match="off the board"):
        FoxAndGeese([(2, 10)], (1, 1))
    with pytest.raises(InvalidPositionError, match=r"\(row, col\) pair"):
        FoxAndGeese([(2, 2)], "fox")


def test_canonical_form_is_refused_with_a_hint():
    with pytest.raises(NotShortGameError, match="GameValue"):
        FoxAndGeese.start().canonical_form


# -- who wins: cgt.solve against the independent minimax ------------------------------------------------------

def test_small_boards_derived():
    # Derived here (retrograde analysis), cross-checked by the minimax above.  Width 4: geese (4,2),(4,4),
    # fox (1,3): the geese win whoever starts.  Width 6: geese on row 6, fox (1,3): whoever starts wins.
    four, six = GenFoxAndGeese(4).start(), GenFoxAndGeese(6).start()
    assert str(four) == ".x.x|....|....|..o." and str(six) == ".x.x.x|......|......|......|......|..o..."
    for p, winners in ((four, (Left, Left)), (six, (Left, Right))):
        for player, winner in zip((Left, Right), winners):
            assert solved_winner(p, player) is winner
            r = p.ruleset
            assert reference_winner(r.board_width, r.fox_range, r.geese(p.position),
                                    r.coordinates(p.position.fox), player) is winner
    assert str(four.outcome) == "L" and str(six.outcome) == "N"


def test_every_reachable_position_agrees_with_minimax_and_no_draws():
    # Alternating play always ends (each goose move lowers the sum of the goose rows), so there are no draws;
    # and the fox's ceiling (two rows above the geese) changes no result: the minimax allows four rows.
    ruleset = GenFoxAndGeese(4, 2)
    s = cgt.solve(ruleset.start(), Right)
    assert s.counts()["draw"] == 0
    for state, result, _ in s.positions():
        board, player = state.position.position, state.player
        winner = player if result == "first" else player.opponent
        assert reference_winner(4, 2, ruleset.geese(board), ruleset.coordinates(board.fox), player) is winner


def board_strategy(width: int, lowest_goose_row: int, geese: int):
    """Random (geese, fox) on the dark squares of rows and columns 1..width."""
    def dark(low):
        return st.tuples(st.integers(low, width), st.integers(1, width)).filter(lambda rc: (rc[0] + rc[1]) % 2 == 0)

    return st.tuples(st.sets(dark(lowest_goose_row), max_size=geese), dark(1)).filter(lambda gf: gf[1] not in gf[0])


boards = board_strategy(5, 2, 3)


@given(boards, st.sampled_from([Left, Right]), st.sampled_from([1, 2]))
def test_solver_agrees_with_minimax(board, player, fox_range):
    geese, fox = board
    ruleset = GenFoxAndGeese(5, fox_range)
    assert solved_winner(ruleset(sorted(geese), fox), player) is reference_winner(5, fox_range, geese, fox,
                                                                                   player)


def test_escaped_fox_wins():
    p = FoxAndGeese(".x.x.x..|......o.")
    assert str(p.outcome) == "R"


# -- loopy values -------------------------------------------------------------------------------------------------

# Values of the loopy algebra (cgt.loopy) on the position graph, escaped-fox positions being ``off`` (CGSuite's
# shortcut; ``off = {|off}``, ``over = {0|over}``: Winning Ways ch. 11, Siegel ch. VI).  Rows marked "by hand"
# follow from the rules at a glance; the others are derived here.  Every row's outcome class is checked
# against the solver (retrograde analysis of the plain rules, not the algebra).
VALUES = [
    (FoxAndGeese, ".x.x....|..o.....", "0"),       # by hand: the fox is stuck; either goose move frees it (off)
    (FoxAndGeese, ".x......|o.......", "0"),       # by hand: the same in the corner: {off|} = 0
    (FoxAndGeese, "..x.....|........|..o.....", "off"),   # by hand: one goose cannot guard both (2,2), (2,4)
    (FoxAndGeese, "x.x.....|........|o.......", "{2|off}"),
    (FoxAndGeese, "x.x.x...|........|..o.....", "{over|off}"),
    (GenFoxAndGeese(4), ".x.x|....|....|..o.", "over"),  # the 4-wide start
    (GenFoxAndGeese(4), "x.x.|....|..o.", "{over|0}"),
]


@pytest.mark.parametrize("ruleset, board, value", VALUES, ids=[b for _, b, _ in VALUES])
def test_value_golden(ruleset, board, value):
    p = ruleset(board)
    v = p.game_value
    assert str(v) == value and v.is_stopper
    assert str(v.outcome) == str(p.outcome)


def test_values_layer_by_layer_agree_with_the_whole_graph(monkeypatch):
    # The goose rows only fall, so the engine may solve one goose configuration at a time (depth_hint).
    boards = [(FoxAndGeese, b) for b in ("x.x.....|........|o.......", "x.x.x...|........|..o.....",
                                         ".x.x....|........|........|..o.....")]
    boards.append((GenFoxAndGeese(4), ".x.x|....|....|..o."))
    whole = [r(b).game_value for r, b in boards]
    cgt.clear_caches()
    monkeypatch.setattr(loopy_engine, "DIRECT_NODES", 1)
    assert [str(r(b).game_value) for r, b in boards] == [str(v) for v in whole]
    cgt.clear_caches()


@pytest.mark.slow
def test_larger_starts_layer_by_layer():
    # Derived here (layered evaluation; graphs of 1,875 and 8,069 positions): 5 wide, three geese: {1|over}, a
    # win for the geese whoever starts; 6 wide: *, a win for whoever starts (as the solver says above).
    cgt.clear_caches()
    five, six = GenFoxAndGeese(5).start(), GenFoxAndGeese(6).start()
    assert str(five.game_value) == "{1|over}" and str(five.outcome) == "L"
    assert str(six.game_value) == "*" and str(six.outcome) == "N"


@pytest.mark.slow
def test_standard_board_geese_win_with_the_fox_to_move():
    # The traditional start with the fox moving first (as in the GDL version of the game in Edin,
    # "Classification and solutions of general combinatorial games", App. A.5): the geese win.  Winning
    # Ways ch. 20 analyses the traditional game as a win for the geese.
    cgt.clear_caches()
    s = cgt.solve(FoxAndGeese.start(), Right, progress=False)
    assert s.result == "second" and s.counts()["draw"] == 0
    assert s.distance == 44            # derived here: moves to the capture under optimal play
    assert len(s) == 1_112_249


def test_state_limit():
    with pytest.raises(TooLargeError, match="more than 100 positions"):
        cgt.solve(FoxAndGeese.start(), Right, max_states=100)
    with pytest.raises(TooLargeError, match="more than 50 positions"):
        loopy_engine.position_graph(FoxAndGeese, FoxAndGeese.start().position, max_states=50)


# -- the shell ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("source, expected", [
    ('game.grid.FoxAndGeese({(8,2),(8,4),(8,6),(8,8)}, (1,5))',
     'FoxAndGeese.Position(".x.x.x.x|........|........|........|........|........|........|....o...")'),
    ('game.grid.FoxAndGeese([(3,1),(3,3)], (1,1)).GameValue', "{2|off}"),
    ('game.grid.GenFoxAndGeese(boardWidth => 4).Position(".x.x|....|....|..o.").GameValue', "over"),
    ('game.grid.FoxAndGeese(".x.x....|..o.....").Options(Left)',
     '[FoxAndGeese.Position("...x....|x.o....."),FoxAndGeese.Position(".x......|..o.x...")]'),
    ('game.grid.FoxAndGeese(".x.x....|..o.....").OutcomeClass', "P"),
])
def test_shell(source, expected):
    from cgt.shell import run

    assert run(source) == expected


def test_shell_errors():
    from cgt.shell import ShellError, run

    with pytest.raises(ShellError, match="fox_range needs a positive integer, got 0"):
        run("game.grid.GenFoxAndGeese(foxRange => 0)")
    with pytest.raises(ShellError, match="no canonical short form; use its loopy value"):
        run('game.grid.FoxAndGeese(".x.x....|..o.....").CanonicalForm')


def test_values_table_matches_single_positions():
    ruleset = GenFoxAndGeese(4)
    rows = ruleset.values_table([(4, 2), (4, 4)])
    assert len(rows) == 4 and all(len(row) == 4 for row in rows)
    assert rows[0] == [None, "X", None, "X"]
    assert rows[3][2] == ruleset.start().game_value           # fox on (1,3): the start, over
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            r, c = 4 - i, j + 1
            if (r + c) % 2:
                assert cell is None
            elif cell != "X":
                assert str(cell.outcome) == str(ruleset([(4, 2), (4, 4)], (r, c)).outcome)
    with pytest.raises(InvalidPositionError, match="light square"):
        ruleset.values_table([(4, 1)])


small_boards = board_strategy(4, 1, 2)


@given(small_boards, st.sampled_from([1, 2]))
def test_value_outcome_agrees_with_the_solver_and_layers(board, fox_range):
    geese, fox = board
    ruleset = GenFoxAndGeese(4, fox_range)
    p = ruleset(sorted(geese), fox)
    v = p.game_value
    assert v.is_stopper                       # alternating play ends, so every value is a stopper
    assert str(v.outcome) == str(p.outcome)
    old = loopy_engine.DIRECT_NODES
    try:
        loopy_engine.DIRECT_NODES = 1
        layered = GenFoxAndGeese(4, fox_range)    # a fresh ruleset: its own, empty value table
        assert str(layered(sorted(geese), fox).game_value) == str(v)
    finally:
        loopy_engine.DIRECT_NODES = old


def test_winning_moves():
    p = GenFoxAndGeese(4).start()
    assert [m.label for m in p.left_winning_moves] == ["(4,2)->(3,1)", "(4,4)->(3,3)"]
    assert p.right_winning_moves == []                   # the geese win whoever starts
    p = FoxAndGeese([(3, 1), (3, 3)], (1, 1))            # {2|off}: both win moving first
    assert [m.label for m in p.left_winning_moves] == ["(3,1)->(2,2)", "(3,3)->(2,2)"]
    assert [m.label for m in p.right_winning_moves] == ["(1,1)->(2,2)"]
    for m in p.left_winning_moves:
        assert cgt.solve(m.target, Right).result == "second"


@pytest.mark.slow
@long_check("about 20-30 s of CPU and 1 GB", "python -m pytest -m slow -k two_over")
def test_standard_start_is_two_over():
    # 2over (Winning Ways, 2nd ed., ch. 20, reporting J. Welton's proof), by a second route beside the
    # loopy algebra's (test_standard_start_value_by_components, which CI runs): a plain survival analysis
    # of the whole position graph, which is a stopper (every goose move lowers the goose rows, so
    # alternating play ends): G >= 2over and 2over >= G, while 2^[on] < G < 5/2.  (The comparisons run on
    # arrays, under survival.MAX_PAIRS.)
    from cgt.loopy import loopy_game
    from cgt.loopy.graph import Graph
    from cgt.loopy.survival import stopper_ge

    cgt.clear_caches()
    pg = loopy_engine.position_graph(FoxAndGeese, FoxAndGeese.start().position)
    g = Graph.build(pg.left, pg.right, 0)
    assert len(pg) == 721_696 and g.is_stopper()
    two_over, upon2, above = (loopy_game(t).sides()[0] for t in ("2over", "2^[on]", "5/2"))
    assert stopper_ge(g, two_over) and stopper_ge(two_over, g)
    assert stopper_ge(g, upon2) and not stopper_ge(upon2, g)
    assert stopper_ge(above, g) and not stopper_ge(g, above)
    cgt.clear_caches()


# -- the compiled routes: the game graph on 64-bit masks, the values component by component -------------------

def python_graph(ruleset, board, monkeypatch):
    """The loopy engine's graph by its Python search (the reference of the compiled graph)."""
    from cgt.games.grid import fox_and_geese

    with monkeypatch.context() as m:
        m.setattr(fox_and_geese, "_compiled", None)
        return loopy_engine.position_graph(ruleset, board)


def assert_same_graph(ruleset, board, monkeypatch):
    fast = ruleset.compiled_graph(board, loopy_engine.MAX_STATES)
    assert fast is not None
    slow = python_graph(ruleset, board, monkeypatch)
    assert fast.positions == slow.positions and fast.index == slow.index
    assert fast.left == slow.left and fast.right == slow.right


needs_compiled_graph = pytest.mark.skipif(FoxAndGeese.compiled_graph(FoxAndGeese("o.......").position, 10) is None,
                                          reason="the compiled Fox and Geese graph is not active")


@needs_compiled_graph
@settings(max_examples=8, deadline=None)
@given(board_strategy(8, 2, 4), st.sampled_from([1, 2, 3]))
def test_compiled_graph_is_the_python_graph(board, fox_range):
    geese, fox = board
    ruleset = GenFoxAndGeese(8, fox_range)
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert_same_graph(ruleset, ruleset.normalize((sorted(geese), fox)), monkeypatch)


@needs_compiled_graph
@pytest.mark.slow
@long_check("about 20 s of CPU (the Python search of 800,396 positions)", "python -m pytest -m slow -k large_starts")
def test_compiled_graph_of_large_starts(monkeypatch):
    assert_same_graph(CeyloneseFoxAndGeese, CeyloneseFoxAndGeese.start().position, monkeypatch)


@needs_compiled_graph
def test_compiled_graph_of_starts(monkeypatch):
    for ruleset in (GenFoxAndGeese(4), GenFoxAndGeese(5, 2), GenFoxAndGeese(6)):
        assert_same_graph(ruleset, ruleset.start().position, monkeypatch)
    # geese beyond 64 squares, and rules of a subclass's own: the Python search
    assert GenFoxAndGeese(9).compiled_graph(GenFoxAndGeese(9).start().position, 10) is None

    class Tame(GenFoxAndGeese):
        def right_options(self, board):
            return []

    assert Tame(4).compiled_graph(Tame(4).start().position, 10) is None
    with pytest.raises(TooLargeError, match="more than 50 positions"):
        FoxAndGeese.compiled_graph(FoxAndGeese.start().position, 50)


def test_values_by_components_are_the_layered_values(monkeypatch):
    # every position below each board: one value table from the layers one by one (the Python reference),
    # one from the compiled component-by-component simplification when it is built
    from cgt.loopy import simplify

    boards = [(FoxAndGeese, "x.x.x...|........|..o....."), (GenFoxAndGeese(5), "x.x.x|.....|.....|.....|..o.."),
              (CeyloneseFoxAndGeese, "x.x.x...|........|....o..."), (GenFoxAndGeese(4, 2), ".x.x|....|....|..o.")]
    monkeypatch.setattr(loopy_engine, "DIRECT_NODES", 1)
    for ruleset, board in boards:
        cgt.clear_caches()
        value = str(ruleset(board).game_value)
        fast = {p: (str(v), v.sides()[0].left, v.sides()[0].right) for p, v in ruleset.table("loopy values").items()}
        cgt.clear_caches()
        with monkeypatch.context() as m:
            m.setattr(simplify, "_stoppers", None)
            assert str(ruleset(board).game_value) == value
            slow = {p: (str(v), v.sides()[0].left, v.sides()[0].right)
                    for p, v in ruleset.table("loopy values").items()}
        assert fast == slow
    cgt.clear_caches()


@pytest.mark.slow
def test_standard_start_value_by_components():
    # 2over (Winning Ways, 2nd ed., ch. 20, after J. Welton) as the loopy algebra gives it: every one of the
    # 721,696 positions valued, one strongly connected component (a goose arrangement and its fox's squares)
    # at a time -- about 10 s of CPU compiled (benchmarks/bench_fox_and_geese.py --standard-value).
    from cgt.loopy.simplify import compiled_stoppers

    if not compiled_stoppers():
        pytest.skip("the compiled stopper simplification is not active (the Python layers take CPU minutes)")
    cgt.clear_caches()
    start = FoxAndGeese.start()
    assert str(start.game_value) == "2over"
    table = FoxAndGeese.table("loopy values")
    assert len(table) == 721_696
    assert str(table[FoxAndGeese(".x.x.x.x|........|........|....o...").position]) == "{7/2|2}"
    cgt.clear_caches()
