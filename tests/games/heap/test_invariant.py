"""Two-heap rulesets given by move sets (cgt.games.heap.invariant), against the rules as stated by Mignoty,
Renard, Rigo and Whiteland, *Automatic proofs in combinatorial game theory* (their Walnut predicates
transcribed), against plain recursion, and against GenWythoff (an independent implementation)."""

from functools import lru_cache
from math import isqrt

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgt.errors import InvalidPositionError, NotApplicableError
from cgt.experiments import grundy_table, p_positions, redundant_moves
from cgt.games import Wythoff
from cgt.games.heap.invariant import (Base2Wythoff, EWythoff, InvariantRuleset, MWythoff, RWythoff, SMWythoff,
                                 even_valuation)
from cgt.games.heap.wythoff import GenWythoff


def plain_grundy(options, side):
    """Grundy values by memoised recursion over ``options(a, b)``: the definition, nothing else."""

    @lru_cache(maxsize=None)
    def g(a, b):
        seen = {g(c, d) for c, d in options(a, b)}
        v = 0
        while v in seen:
            v += 1
        return v

    return [[g(a, b) for b in range(side)] for a in range(side)]


def moves_options(moves):
    def options(a, b):
        return [(a - k, b - l) for k, l in moves if k <= a and l <= b]
    return options


def wythoff_pairs(count):
    return [((n + isqrt(5 * n * n)) // 2, (n + isqrt(5 * n * n)) // 2 + n) for n in range(count)]


# -- the user-defined move sets ----------------------------------------------------------------------------
@given(st.sets(st.tuples(st.integers(0, 4), st.integers(0, 4)).filter(lambda m: m != (0, 0)), min_size=1,
               max_size=8))
def test_finite_move_set_grundy_matches_recursion(moves):
    ruleset = InvariantRuleset(sorted(moves))
    expected = plain_grundy(moves_options(moves), 9)
    assert grundy_table(ruleset, 8, 8).values.tolist() == expected
    assert ruleset((7, 5)).grundy == expected[7][5]
    assert sorted((a, b) for a in range(9) for b in range(a, 9) if expected[a][b] == 0) == p_positions(ruleset, 8)


def test_predicate_and_list_give_the_same_game():
    moves = [(k, l) for k in range(6) for l in range(6) if (k, l) != (0, 0) and (k * l == 0 or abs(k - l) < 2)]
    by_list = InvariantRuleset(moves)
    by_predicate = InvariantRuleset(lambda k, l: k <= 5 and l <= 5 and (k * l == 0 or abs(k - l) < 2),
                                    symmetric=True)
    assert grundy_table(by_list, 20, 20).values.tolist() == grundy_table(by_predicate, 20, 20).values.tolist()
    assert by_list.symmetric and by_list.normal_form((5, 2)) == ((2, 5), False)
    asymmetric = InvariantRuleset([(1, 0), (0, 2)])
    assert not asymmetric.symmetric and asymmetric.normal_form((5, 2)) == ((5, 2), False)
    # (0, 1) is a P-position of the asymmetric game but (1, 0) is not.
    assert asymmetric((0, 1)).grundy == 0 and asymmetric((1, 0)).grundy == 1


def test_move_set_errors():
    with pytest.raises(InvalidPositionError, match="removes at least one token"):
        InvariantRuleset([(0, 0), (1, 0)])
    with pytest.raises(InvalidPositionError, match="is not a move"):
        InvariantRuleset([(1, -1)])
    with pytest.raises(InvalidPositionError, match="neither a predicate"):
        InvariantRuleset(5)
    with pytest.raises(InvalidPositionError, match="not symmetric"):
        InvariantRuleset([(1, 0)], symmetric=True)
    for bad in (0, -1, 1.5, True):
        with pytest.raises(InvalidPositionError, match="MWythoff"):
            MWythoff(bad)
    with pytest.raises(InvalidPositionError, match="s = 0"):
        SMWythoff(0, 1)
    with pytest.raises(NotApplicableError, match="not invariant"):
        redundant_moves(RWythoff, 20, 5)


# -- Fraenkel's variants -------------------------------------------------------------------------------------
@pytest.mark.parametrize("m", [1, 2, 3, 4])
def test_mwythoff_is_genwythoff(m):
    """GenWythoff(k -> k + m) (cgt.games.heap.wythoff) is the same rule written independently."""
    other = GenWythoff(lambda k: k + m)
    table = grundy_table(MWythoff(m), 18, 18)
    assert all(table[a, b] == other((a, b)).grundy for a in range(19) for b in range(19))


@pytest.mark.parametrize("m", [1, 2, 3, 5])
def test_mwythoff_p_positions_closed_form(m):
    """Fraenkel (1982): (floor(n a), floor(n a) + m n), a = (2 - m + sqrt(m^2 + 4)) / 2."""
    def floor_na(n):  # floor(n (2 - m + sqrt(m^2 + 4)) / 2), exactly
        return (n * (2 - m) + isqrt(n * n * (m * m + 4))) // 2
    expected = [(floor_na(n), floor_na(n) + m * n) for n in range(2000) if floor_na(n) + m * n <= 3000]
    assert p_positions(MWythoff(m), 3000) == expected


def test_mwythoff_one_is_wythoff():
    assert grundy_table(MWythoff(1), 40, 40).values.tolist() == Wythoff.grundy_table(40)
    assert p_positions(MWythoff(1), 3000) == [p for p in wythoff_pairs(2000) if p[1] <= 3000]


@pytest.mark.parametrize("s, m", [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2)])
def test_smwythoff_rule_and_fraenkel_law(s, m):
    """Moves 0 < k <= l < s k + m either way (Mignoty et al., §4); B_n = s A_n + m n with
    A_n = mex{A_i, B_i : i < n} (Fraenkel, "Heap games, numeration systems and sequences", 1998)."""
    def options(a, b):
        result = [(a - t, b) for t in range(1, a + 1)] + [(a, b - t) for t in range(1, b + 1)]
        for k in range(1, max(a, b) + 1):
            for l in range(k, s * k + m):
                for kk, ll in ((k, l), (l, k)):
                    if kk <= a and ll <= b:
                        result.append((a - kk, b - ll))
        return result
    assert grundy_table(SMWythoff(s, m), 12, 12).values.tolist() == plain_grundy(options, 13)
    pairs, used = [], set()
    for n in range(400):
        a = min(set(range(len(used) + 1)) - used)
        b = s * a + m * n
        used.update((a, b))
        if b <= 600:
            pairs.append((a, b))
    assert p_positions(SMWythoff(s, m), 600) == pairs


# -- Ho's R-Wythoff and E-Wythoff ------------------------------------------------------------------------
def rwythoff_walnut(a, b, c, d):
    """``options_rwythoff`` of Mignoty et al., §2.3, transcribed."""
    ex = [x for x in range(1, max(a, b) + 1)]
    if b < a:
        return any((a == c + x and b == d + x) or (a == c + x and b == d) for x in ex)
    if a < b:
        return any((a == c + x and b == d + x) or (a == c and b == d + x) for x in ex)
    return any((a == c + x and b == d + x) or (a == c and b == d + x) or (a == c + x and b == d) for x in ex)


def ewythoff_walnut(a, b, c, d):
    """``options_ewythoff`` of Mignoty et al., §2.4, transcribed."""
    return ((a == c and d < b) or (b == d and c < a) or (a + d == b + c and c < a and d < b)
            or (b <= a and c < a and d < b and b + c > a + d) or (a <= b and c < a and d < b and a + d > b + c))


@pytest.mark.parametrize("ruleset, walnut", [(RWythoff, rwythoff_walnut), (EWythoff, ewythoff_walnut)])
def test_options_are_the_papers(ruleset, walnut):
    for a in range(10):
        for b in range(10):
            expected = sorted((c, d) for c in range(a + 1) for d in range(b + 1) if walnut(a, b, c, d))
            assert sorted(ruleset((a, b)).ruleset.options((a, b))) == expected, (a, b)


@pytest.mark.parametrize("ruleset, walnut", [(RWythoff, rwythoff_walnut), (EWythoff, ewythoff_walnut)])
def test_ho_variants_grundy_tables_match_recursion(ruleset, walnut):
    def options(a, b):
        return [(c, d) for c in range(a + 1) for d in range(b + 1) if walnut(a, b, c, d)]
    assert grundy_table(ruleset, 14, 14).values.tolist() == plain_grundy(options, 15)


@pytest.mark.parametrize("ruleset", [RWythoff, EWythoff])
def test_ho_variants_keep_wythoffs_p_positions(ruleset):
    """Theorems 2.12 and 2.17 (Ho), checked to N = 2000."""
    wythoff = [p for p in wythoff_pairs(1300) if p[1] <= 2000]
    assert p_positions(ruleset, 2000) == wythoff
    assert not ruleset.invariant


# -- the base-2 game of §5 -------------------------------------------------------------------------------
def a003159(limit):
    """Numbers whose binary expansion ends in an even number of zeros (OEIS A003159), with 0."""
    return [0] + [x for x in range(1, limit + 1) if ((x & -x).bit_length() - 1) % 2 == 0]


def test_base2_forbidden_set_is_the_papers_definition():
    """Moves = N^2 minus the differences of two target positions (``g_forbidden``, Mignoty et al., §5);
    targets with A <= 300 contain a witness of every forbidden move up to 40 (one with A <= 4 max(k, l) exists)."""
    targets = [(x, 2 * x) for x in a003159(300)] + [(2 * x, x) for x in a003159(300)]
    forbidden = {(s - p, t - q) for p, q in targets for s, t in targets if s >= p and t >= q} - {(0, 0)}
    for k in range(41):
        for l in range(41):
            if (k, l) != (0, 0):
                assert Base2Wythoff.allows(0, 0, k, l) == ((k, l) not in forbidden), (k, l)


def test_base2_remark_5_2():
    """Wythoff's moves are moves; moves (1, n), n <= 50, are all but the twelve listed; (1, 4) is a move."""
    assert all(Base2Wythoff.allows(0, 0, a, 0) and Base2Wythoff.allows(0, 0, a, a) for a in range(1, 500))
    assert [n for n in range(1, 51) if not Base2Wythoff.allows(0, 0, 1, n)] == [2, 5, 11, 14, 17, 23, 29, 35,
                                                                                 38, 41, 47, 50]
    assert Base2Wythoff.allows(0, 0, 1, 4)


def test_base2_p_positions():
    """The P-positions are (A, 2A), A in A003159 (the aim of §5, proved by Fraenkel's Theorem 2)."""
    assert p_positions(Base2Wythoff, 2000) == [(x, 2 * x) for x in a003159(1000)]
    assert even_valuation(np.array([12, 24])).tolist() == [True, False]


def test_positions_and_moves():
    assert [str(m) for m in MWythoff(2)((1, 2)).moves()] == [
        "(-0,-1) -> 1 1", "(-0,-2) -> 1 0", "(-1,-0) -> 0 2", "(-1,-1) -> 0 1", "(-1,-2) -> 0 0"]
    assert str(MWythoff(2)((1, 3)).outcome) == "P"
    assert repr(SMWythoff(2, 3)) == "SMWythoff(2, 3)" and SMWythoff(2, 3) == SMWythoff(2, 3)
