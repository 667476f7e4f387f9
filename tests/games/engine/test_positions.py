"""Rulesets with structured positions: frogs, de Bruijn, Wythoff, KöMaL multiples, board cutting,
31st December; the Position API and the partizan Ruleset protocol."""

import pytest

import cgt
from cgt import Outcome
from cgt.errors import InvalidGameError, InvalidPositionError, NotApplicableError, NotShortGameError, TooLargeError
from cgt.impartial.grundy import grundy
from cgt.games import (BoardCutting, DeBruijn, December31, Frogs, Multiples, Nim, Position, Ruleset, Subtraction,
                       TwoHeapSubtraction, Wythoff)

# -- Faigle ch. 2 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(0, 16))
def test_faigle_ex_2_12_frogs_k3(n):
    # Faigle Ex. 2.12: G(0,3)=0, G(1,3)=1, G(2,3)=2 and G(n,3) = mex{G(n-1,3), G(n-2,3), G(n-3,3)}.
    expected = n if n < 3 else grundy(n, lambda m: [m - s for s in (1, 2, 3) if s <= m])
    assert Frogs(n, 3).grundy == expected == n % 4


@pytest.mark.parametrize("k", [1, 2, 3, 4, 7])
def test_frogs_grundy_is_n_mod_k_plus_1(k):
    assert [Frogs(n, k).grundy for n in range(30)] == [n % (k + 1) for n in range(30)]
    assert Subtraction(range(1, k + 1)).grundy_sequence(29) == [n % (k + 1) for n in range(30)]
    assert [Frogs.grundy((n, k)) for n in range(30)] == [grundy((n, k), Frogs.options) for n in range(30)]


def test_faigle_ex_2_14():
    # *1 + *3 + *5 + *7 is a second-player win; after 7 -> 4 the reply is to remove the heap of 3.
    assert Nim(1, 3, 5, 7).grundy == 0 and Nim(1, 3, 5, 7).outcome is Outcome.P
    assert [str(m) for m in Nim(1, 3, 5, 4).winning_moves] == ["3→0 -> 1 5 4"]
    assert [m.position for m in Nim(1, 3, 5, 4).winning_moves] == [(1, 5, 4)]


def test_faigle_ex_2_15():
    # 10 red pebbles (take 1-3) and 10 black (take 1-2): Grundy 10 mod 4 = 2 and 10 mod 3 = 1, XOR 3, so
    # the first player wins, by taking 1 red (9, 10) or 2 black (10, 8).
    game = TwoHeapSubtraction([1, 2, 3], [1, 2])
    assert game((10, 10)).grundy == 3 and game((10, 10)).outcome is Outcome.N
    assert [p.position for p in game((10, 10)).winning_moves] == [(9, 10), (10, 8)]


def test_frogs_errors():
    with pytest.raises(InvalidPositionError, match="longest leap k needs a positive integer, got 0"):
        Frogs(3, 0)
    with pytest.raises(InvalidPositionError, match="gap n needs a non-negative integer, got -1"):
        Frogs(-1, 2)


# -- de Bruijn's game (Faigle Ex. 2.7) ------------------------------------------------------------------

# Hand analysis: n=1 erase 1; n=2 erase 2 (and 1); n=3 erase 1, leaving {2},{3} (*1 + *1 = 0);
# n=4 erase 2, leaving {3},{4}.
@pytest.mark.parametrize("n, moves", [(1, [1]), (2, [2]), (3, [1]), (4, [2])])
def test_debruijn_small_by_hand(n, moves):
    assert DeBruijn.winning_first_moves(n) == moves
    assert [m.label for m in DeBruijn(n).winning_moves] == moves


def test_debruijn_first_player_wins_up_to_30():
    # Strategy stealing (Faigle Ex. 2.7): the first player wins for every n >= 1.
    for n in range(1, 31):
        moves = DeBruijn.winning_first_moves(n)
        assert moves, n
        assert DeBruijn(n).grundy != 0 and DeBruijn(n).outcome is Outcome.N
        assert len(DeBruijn(n).winning_moves) == len(moves)


def test_debruijn_decomposition_agrees_with_plain_search():
    for n in range(1, 15):
        memo = {}
        full = set(range(1, n + 1))
        plain = [x for x in range(1, n + 1)
                 if grundy(frozenset(y for y in full if x % y), DeBruijn.options, None, memo) == 0]
        assert plain == DeBruijn.winning_first_moves(n)


def test_debruijn_positions():
    r = DeBruijn
    p = r({4, 5, 6})
    assert str(p) == "{4,5,6}" and r("{4,5,6}") == p and p.grundy == 1 and p.position == {4, 5, 6}
    assert str(r(set())) == "{}" and r("{}").grundy == 0 and r(0) == r(set())
    assert r(6) == r(range(1, 7)) == r("6") and str(r(3)) == "{1,2,3}" and repr(r(3)) == "DeBruijn('{1,2,3}')"
    with pytest.raises(InvalidPositionError, match="contains 2 but not its multiple 4"):
        r({2, 3, 5, 6})
    with pytest.raises(InvalidPositionError, match="DeBruijn: number needs a positive integer, got 0"):
        r({0, 7})
    with pytest.raises(TooLargeError, match="n = 1000"):
        DeBruijn(1000)


def test_debruijn_moves_name_the_number():
    # Faigle Ex. 2.7, n = 3: choose 1, leaving {2} + {3} = *1 + *1 = 0.
    assert [(m.label, str(m)) for m in DeBruijn(3).winning_moves] == [(1, "1 -> {2,3}")]
    assert [m.label for m in DeBruijn(4).moves()] == [1, 2, 3, 4]


# -- Wythoff (Mignoty, Renard, Rigo, Whiteland, "Automatic proofs in CGT") ------------------------------------------------------------------------------------

def _zeckendorf(n):
    fibs = [1, 2]
    while fibs[-1] <= n:
        fibs.append(fibs[-1] + fibs[-2])
    digits = []
    for f in reversed(fibs):
        if f <= n:
            digits.append("1")
            n -= f
        else:
            digits.append("0")
    return "".join(digits).lstrip("0")


def test_wythoff_table_2():
    # Mignoty et al., Table 2: A_n = 0 1 3 4 6 8, B_n = 0 2 5 7 10 13.
    assert Wythoff.p_positions(6) == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
    w = Wythoff
    found = [(a, b) for b in range(14) for a in range(b + 1) if w((a, b)).grundy == 0]
    assert found == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]


def test_wythoff_fraenkel_theorem_2_5():
    # Mignoty et al., Thm 2.5 (Fraenkel): (a, b), a <= b, is a P-position iff rep_F(a) ends in an even number of
    # zeros and rep_F(b) = rep_F(a)0.
    w = Wythoff
    table = w.grundy_table(120)
    for b in range(121):
        for a in range(b + 1):
            ra, rb = _zeckendorf(a), _zeckendorf(b)
            trailing = len(ra) - len(ra.rstrip("0"))
            fraenkel = (a == 0 and b == 0) or (a > 0 and trailing % 2 == 0 and rb == ra + "0")
            assert (table[a][b] == 0) == fraenkel, (a, b)


def test_wythoff_table_agrees_with_search():
    w = Wythoff
    for a in range(9):
        for b in range(9):
            assert w.grundy((a, b)) == grundy((a, b), w.options)
    assert w((2, 1)) != w((1, 2)) and w((2, 1)).value == w((1, 2)).value
    assert str(w(3, 5)) == "3 5" and w("3,5") == w((3, 5)) and str(w(5, 3)) == "5 3"


def test_wythoff_positions_keep_every_move():
    # CGSuite counts one option per move: (4, 4) has 4 + 4 + 4 = 12 options, 8 of them up to swapping heaps.
    p = Wythoff(4, 4)
    assert len(p.options) == len(set(p.options)) == 12
    assert len({Wythoff.normal_form(q.position) for q in p.options}) == 8
    assert [str(m) for m in Wythoff(4, 8).winning_moves] == ["(0,-1) -> 4 7"]
    assert [m.label for m in Wythoff(1, 1).moves()] == ["(-1,0)", "(0,-1)", "(-1,-1)"]


# -- the KöMaL multiples game (Diaconescu, "Computational modelling ...") -------------------------------------------------------------------

def test_komal_golden_ratio_law():
    # Diaconescu, Corollary 5.2: Benny (second player) wins iff n/phi < k < phi*n.
    m = Multiples
    for n in range(0, 61):
        for k in range(n, 61):
            assert (m((n, k)).grundy == 0) == Multiples.golden_p_position(n, k), (n, k)


def test_komal_a_n_b_n_sequences():
    # Diaconescu §5: for each n, Benny wins (k, n) iff a_n <= k <= b_n, with these initial segments.
    a_seq = [0, 1, 2, 2, 3, 4, 4, 5, 5, 6, 7, 7, 8, 9, 9, 10, 10, 11, 12, 12, 13, 13, 14, 15]
    b_seq = [0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21, 22, 24, 25, 27, 29, 30, 32, 33, 35, 37]
    m = Multiples
    for n in range(1, len(a_seq)):
        wins = [k for k in range(0, 3 * n + 2) if m((k, n)).grundy == 0]
        assert (wins[0], wins[-1]) == (a_seq[n], b_seq[n]) and len(wins) == b_seq[n] - a_seq[n] + 1


# -- Backhouse Ex. 4.7 and 4.1 -----------------------------------------------------------------------------

def test_board_cutting_ex_4_7():
    # (a) losing positions of the component game are 2^k - 1; (b) the mex table of positions 1..15.
    seq = BoardCutting.grundy_sequence(64)
    assert [m for m in range(1, 65) if seq[m] == 0] == [1, 3, 7, 15, 31, 63]
    assert seq[1:16] == [0, 1, 0, 2, 1, 3, 0, 4, 2, 5, 1, 6, 3, 7, 0]
    # The pattern Backhouse asks for: g(2j) = j, g(2j + 1) = g(j).
    assert all(seq[2 * j] == j and seq[2 * j + 1] == seq[j] for j in range(1, 32))
    # The exercise's example moves and a square board.
    assert sorted(p.position for p in BoardCutting(4, 5).options) == [(2, 5), (3, 5), (4, 3), (4, 4)]
    assert sorted(p.position for p in BoardCutting(4, 4).options) == [(2, 4), (3, 4), (4, 2), (4, 3)]
    assert BoardCutting(4, 4).grundy == 0 and BoardCutting(1, 1).grundy == 0
    assert [p.position for p in BoardCutting(5, 4).winning_moves] == [(4, 4), (5, 2)]   # 2^2 and 1^1
    with pytest.raises(InvalidPositionError, match="side length needs a positive integer, got 0"):
        BoardCutting(0, 3)


def test_december31_a():
    # (a): the losing dates are the last days of the months; the first player names 31 January.
    game = December31("a")
    losing = [(m, d) for m in range(1, 13) for d in range(1, game.days_in(m) + 1) if game.grundy((m, d)) == 0]
    assert losing == [(m, game.days_in(m)) for m in range(1, 13)]
    assert [str(p) for p in game((1, 1)).winning_moves] == ["31 Jan"]
    assert December31("a", leap=True)((1, 1)).outcome is Outcome.N


@pytest.mark.parametrize("leap", [False, True], ids=["common", "leap"])
def test_december31_b(leap):
    # (b): in Dec, Oct, Aug, May, Mar, Jan the odd days lose (in June the even days); the other months are
    # all winning; 1 January is losing, so the second player wins -- leap year or not.
    game = December31("b", leap=leap)
    assert game((1, 1)).outcome is Outcome.P
    for m in range(1, 13):
        losing = [d for d in range(1, game.days_in(m) + 1) if game.grundy((m, d)) == 0]
        if m in (12, 10, 8, 5, 3, 1):
            assert losing == list(range(1, game.days_in(m) + 1, 2)), m
        elif m == 6:
            assert losing == list(range(2, 31, 2))
        else:
            assert losing == [], m
    assert game("31 Dec").options == [] and game("Dec 31") == game("12/31")


def test_december31_errors():
    with pytest.raises(InvalidPositionError, match="not a date"):
        December31("a")((2, 30))
    with pytest.raises(InvalidPositionError, match="variant 'c'"):
        December31("c")
    with pytest.raises(InvalidPositionError, match="cannot parse"):
        December31("a")("someday")


# -- the protocol -------------------------------------------------------------------------------------------

class _Cutcake(Ruleset):
    """A toy partizan ruleset: Left cuts a strip vertically (n -> a + b), Right may only remove 1 or 2."""

    def left_options(self, n):
        return [(a, n - a) if a != n - a else (a, a) for a in range(1, n // 2 + 1)] if isinstance(n, int) else []

    def right_options(self, n):
        return [n - k for k in (1, 2) if k <= n] if isinstance(n, int) else []

    def components(self, pos):
        return list(pos) if isinstance(pos, tuple) else [pos]


def test_partizan_value_uses_components_and_canonical_forms():
    r = _Cutcake()
    # By hand: 0 -> 0; 1 = {|0} = -1; 2 = {1 + 1 | 1, 0} = {-2 | -1, 0} = -1.
    assert r.value(0) == 0 and r.value(1) == -1
    assert r.value(2) == cgt.game([r.value(1) + r.value(1)], [r.value(1), r.value(0)])
    assert r.value((2, 1)) == r.value(2) + r.value(1)
    p = r(3)
    assert p.value == r.value(3) and p.outcome is r.value(3).outcome
    assert all(q.value >= 0 for q in p.left_winning_moves)
    assert p.options == p.left_options + p.right_options
    assert p.options_for(cgt.Player.Left) == p.options_for("L") == p.left_options
    with pytest.raises(NotApplicableError, match="partizan"):
        p.winning_moves
    with pytest.raises(NotApplicableError, match="not impartial"):
        p.grundy


def test_partizan_value_detects_loops():
    class Loop(Ruleset):
        def left_options(self, pos):
            return [1 - pos]

        def right_options(self, pos):
            return []

    with pytest.raises(NotShortGameError, match="not a short game"):
        Loop().value(0)


def test_position_protocol():
    p = Subtraction([1, 3, 4])(10)
    assert isinstance(p, Position) and p.nim_value == p.grundy == 1
    assert p.value == cgt.nimber(1) and p.outcome is Outcome.N
    assert [q.position for q in p.options] == [(9,), (7,), (6,)]
    assert p.left_options == p.right_options == p.options
    assert {p, Subtraction([1, 3, 4])(10)} == {p} and p != Subtraction([1, 3])(10)
    assert repr(p) == "Subtraction([1, 3, 4])('10')"
    assert Subtraction([1, 3, 4]) == Subtraction([4, 3, 1])
    s = Subtraction([1, 3, 4])
    s.grundy_sequence(50)
    s.clear_cache()
    assert s(10).grundy == 1


def test_player_names():
    r = _Cutcake()
    assert r.winning_moves(3, "Left") == r.winning_moves(3, "L") == r.winning_moves(3, Outcome.L)
    assert r.winning_moves(3, cgt.Player.Left) == r.winning_moves(3, "L")
    assert r(3).moves("R") == r(3).moves(cgt.Player.Right)
    assert all(m.player is cgt.Player.Right for m in r(3).moves("Right"))
    with pytest.raises(InvalidGameError, match="'X' is not a player"):
        r.winning_moves(3, "X")
