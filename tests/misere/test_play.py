"""Misère play (cgt.misere.play): search, Bouton's misère Nim rule, misère Grundy values, genus."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgt import Outcome
from cgt.errors import InvalidPositionError
from cgt.games import Kayles, Nim, Subtraction
from cgt.misere.play import (format_genus, genus, misere_grundy, misere_nim_grundy, misere_nim_outcome,
                        misere_nim_winning_moves, misere_outcome, misere_winning_moves)


def nim_options(heaps):
    return [tuple(sorted(heaps[:i] + (k,) + heaps[i + 1:])) for i, h in enumerate(heaps) for k in range(h)]


def subtract(s):
    return lambda n: [n - k for k in s if k <= n]


@given(st.lists(st.integers(0, 5), max_size=4))
def test_bouton_misere_rule_agrees_with_search(heaps):
    pos = tuple(sorted(heaps))
    assert misere_nim_outcome(pos) is misere_outcome(pos, nim_options)
    assert misere_nim_grundy(pos) == misere_grundy(pos, nim_options)
    expected = sorted({tuple(x for x in o if x) for o in misere_winning_moves(pos, nim_options)})
    assert misere_nim_winning_moves(pos) == expected


@pytest.mark.parametrize("heaps, outcome", [
    ((), Outcome.N), ((1,), Outcome.P), ((1, 1), Outcome.N), ((1, 1, 1), Outcome.P), ((2,), Outcome.N),
    ((2, 2), Outcome.P), ((1, 2, 3), Outcome.P), ((1, 3, 5, 7), Outcome.P), ((1, 1, 2), Outcome.N),
], ids=["empty", "1", "1+1", "1+1+1", "2", "2+2", "1+2+3", "1+3+5+7", "1+1+2"])
def test_misere_nim_golden(heaps, outcome):
    # Winning Ways ch. 13 (Bouton's misère rule).
    assert misere_nim_outcome(heaps) is outcome


def test_edin_sg123_misere_form():
    # Edin §6.2: SG{1,2,3} in misère form, one heap of 21.  Misère P-positions of subtract-{1,2,3} are
    # n = 1 (mod 4), so the second player wins; in normal form (21 = 1 mod 4 != 0) the first player wins.
    game = Subtraction([1, 2, 3])
    assert str(game(21).misere_outcome) == "P" and str(game(21).outcome) == "N"
    assert [misere_grundy(n, subtract((1, 2, 3))) for n in range(8)] == [1, 0, 2, 3, 1, 0, 2, 3]
    assert game.misere_grundy_sequence(7) == [1, 0, 2, 3, 1, 0, 2, 3]
    assert [str(p) for p in game(20).misere_winning_moves] == ["20→17 -> 17"]
    assert game(21).misere_winning_moves == []


@pytest.mark.parametrize("heap, full, text", [
    (0, (1, 2, 0), "0^1"), (1, (0, 3, 1), "1^0"), (2, (2, 0), "2^2"), (3, (3, 1), "3^3"), (4, (4, 6), "4^4"),
    (5, (5, 7), "5^5"),
], ids=["*0", "*1", "*2", "*3", "*4", "*5"])
def test_genus_of_nim_heaps(heap, full, text):
    # Winning Ways ch. 13: 0^120, 1^031, and n^(n, n xor 2) for n >= 2.  format_genus prints CGSuite's text,
    # which stops a tame superscript after its first term, and shows only g for a nim heap.
    g, gammas = genus((heap,) if heap else (), nim_options)
    assert g == heap and gammas[:len(full)] == full
    assert all(gammas[k] == gammas[k - 2] for k in range(len(full), len(gammas)))
    assert format_genus((g, gammas)) == text
    assert format_genus(Nim.genus(Nim.normalize(heap))) == text
    assert format_genus((g, gammas), nim_heap=True) == str(heap)


def test_genus_sequence_and_misere_kayles_consistency():
    seq = Kayles.genus_sequence(6, terms=4)
    for n, (g, gammas) in enumerate(seq):
        assert g == Kayles.grundy((n,) if n else ())
        assert gammas[0] == Kayles.misere_grundy((n,) if n else ())


def test_genus_bad_terms():
    with pytest.raises(InvalidPositionError, match="terms=0"):
        genus((), nim_options, terms=0)


def test_misere_nim_bad_heap():
    with pytest.raises(InvalidPositionError, match="heap size -1"):
        misere_nim_outcome([3, -1])
