"""Toppling Dominoes (games/strip/toppling_dominoes.py).

Rules: A. Fink, R. J. Nowakowski, A. N. Siegel, D. Wolfe, "Toppling Dominoes", Games of No Chance 4
(MSRI Publ. 63, 2015), as CGSuite's ``game.strip.TopplingDominoes`` (../shared/CGSUITE.md §1.2).  The
values below are derived by hand from the rules (shown in the comments) and recomputed by
``reference_value``, a memoised plain recursion over the rules (no gap removal, no symmetry).  Neither peer
has Toppling Dominoes.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings

import cgt
from cgt.errors import InvalidPositionError
from cgt.games.strip.toppling_dominoes import TopplingDominoes
from cgt.testing import positions


@functools.lru_cache(maxsize=None)
def reference_value(row: str):
    def options(colour):
        for i, c in enumerate(row):
            if c in (colour, "e"):
                yield "." * (i + 1) + row[i + 1:]
                yield row[:i] + "." * (len(row) - i)
    return cgt.game([reference_value(o) for o in options("l")], [reference_value(o) for o in options("r")])


GOLDEN = [
    ("l", "1"),          # L: topple it (either way) -> empty = 0; R: none; {0|} = 1
    ("ll", "2"),         # L: -> l (=1) or empty; {0,1|} = 2 (a blue row of n is n)
    ("lll", "3"),
    ("e", "*"),          # both topple it: {0|0} = *
    ("lr", "*"),         # L: .r = -1 or .. = 0; R: .. = 0 or l. = 1; {-1,0|0,1} = {0|0} = *
    ("lrl", "1/2"),      # L: rl = *, 0, 0, lr = *; R: r either way leaves l = 1; {0,*|1} = 1/2
    ("llrr", "+-1"),     # L's best is l2> leaving l = 1; symmetric for R; {1|-1}
    ("le", "{1|0}"),     # L: e>, l< -> 0... l<: .e = *, l>: 0, e<: 0, e>: l = 1; R: e< -> 0, e> -> l = 1: {1|0}
    ("l.r", "*"),        # gaps never matter: same as lr
    ("lre", "*2"),
]


@pytest.mark.parametrize("row,expected", GOLDEN, ids=[r for r, _ in GOLDEN])
def test_golden(row, expected):
    value = TopplingDominoes(row).value
    assert str(value) == expected
    assert value == reference_value(row)


@settings(max_examples=30, deadline=None)
@given(p=positions(TopplingDominoes, max_cells=9))
def test_reference_reversal_and_colour_swap(p):
    row = str(p)
    assert p.value == reference_value(row)
    assert TopplingDominoes(row[::-1]).value == p.value
    assert TopplingDominoes(row.translate(str.maketrans("lr", "rl"))).value == -p.value


def test_monochrome_rows_are_integers():
    for n in range(1, 12):
        assert TopplingDominoes("l" * n).value == cgt.integer(n)
        assert TopplingDominoes("r" * n).value == cgt.integer(-n)


def test_moves_and_errors():
    assert [str(m) for m in TopplingDominoes("lr").moves("L")] == ["<1 -> .r", "1> -> .."]
    assert [m.label for m in TopplingDominoes("ler").moves("R")] == ["<2", "2>", "<3", "3>"]
    with pytest.raises(InvalidPositionError, match="'x' at position 3"):
        TopplingDominoes("lrx")
