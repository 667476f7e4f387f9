"""Misère quotients of octal games (cgt.misere_quotient)."""

import random
from functools import lru_cache

import pytest

from cgt import Outcome
from cgt.errors import InvalidGameError, InvalidPositionError, NotApplicableError
from cgt.misere import misere_nim_outcome
from cgt.misere_quotient import misere_quotient, octal_options


def _searcher(code):
    heap = octal_options(code)

    @lru_cache(maxsize=None)
    def p_position(heaps):
        moves = [tuple(sorted(heaps[:i] + heaps[i + 1:] + o)) for i, h in enumerate(heaps) for o in heap(h)]
        return bool(moves) and not any(p_position(m) for m in moves)

    return p_position


def test_quotient_of_075_is_r8():
    # Plambeck & Siegel, "Misère quotients for impartial games", JCTA 115 (2008): the misère quotient of
    # 0.75 is the 8-element monoid R8 with a two-element P-portion {a, b^2}.
    q = misere_quotient("0.75", 60)
    assert q.order == 8
    assert len(q.p_portion) == 2 and q.p_names == ["a", "b^2"]
    assert q.presentation == "<a,b,c | a^2=1, bc=ab, c^2=b^2, b^3=b>"
    assert q.last_growth == 5


@pytest.mark.parametrize("code, n, order, p_size", [
    ("0.75", 30, 8, 2), ("0.07", 9, 6, 2), ("0.77", 8, 12, 3),
], ids=["0.75", "0.07-to-9", "0.77-to-8"])
def test_quotient_answers_equal_search(code, n, order, p_size):
    # Sizes as computed (0.07 and 0.77 only to the bound this construction reaches); each answer is
    # checked against direct search on random sums of small heaps.
    q = misere_quotient(code, n)
    assert (q.order, len(q.p_portion)) == (order, p_size)
    search = _searcher(code)
    rng = random.Random(7)
    for _ in range(300):
        heaps = tuple(sorted(rng.randint(1, min(n, 9)) for _ in range(rng.randint(0, 4))))
        assert (q.outcome(heaps) is Outcome.P) == search(heaps), heaps


def test_nim_quotient_follows_bouton():
    # Heaps 0..3 of Nim (every heap may be reduced to any smaller one): quotient answers = Bouton's rule.
    def nim(k):
        return [(j,) if j else () for j in range(k)]
    q = misere_quotient(nim, 3, name="nim")
    rng = random.Random(3)
    for _ in range(200):
        heaps = [rng.randint(0, 3) for _ in range(rng.randint(0, 6))]
        assert q.outcome(heaps) is misere_nim_outcome(heaps)


def test_refusals():
    with pytest.raises(NotApplicableError, match="heap 10 could not be adjoined"):
        misere_quotient("0.07", 10)
    with pytest.raises(InvalidGameError, match="octal code"):
        misere_quotient("0.7x", 5)
    with pytest.raises(InvalidPositionError, match="beyond the quotient's bound"):
        misere_quotient("0.75", 5).outcome([6])
    with pytest.raises(InvalidGameError, match="not a sum of smaller"):
        misere_quotient(lambda k: [(k,)], 2)


def test_octal_options():
    assert octal_options("0.77")(4) == [(1, 1), (1, 2), (2,), (3,)]
    assert octal_options("0.07")(2) == [()]
    assert octal_options(".137")(3) == [(), (1,)]
