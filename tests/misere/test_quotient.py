"""Misère quotients of octal games (cgt.misere.quotient)."""

import random
from functools import lru_cache

import pytest

from cgt import Outcome
from cgt.errors import InvalidGameError, InvalidPositionError, NotApplicableError
from cgt.misere.play import misere_nim_outcome
from cgt.misere.quotient import misere_quotient, octal_options


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
    ("0.75", 30, 8, 2), ("0.07", 9, 6, 2), ("0.07", 24, 24, 5), ("0.77", 8, 12, 3), ("0.77", 30, 40, 9),
], ids=["0.75", "0.07-to-9", "0.07-to-24", "0.77-to-8", "0.77-to-30"])
def test_quotient_answers_equal_search(code, n, order, p_size):
    # Orders as computed here (Dawson's Kayles 0.07 and Kayles 0.77 expand at heaps 10 and 9, so these
    # pass through the rebuilding step); every answer is checked against direct search on random sums of
    # heaps small enough to search, including heaps on both sides of the expansions.
    q = misere_quotient(code, n)
    assert (q.order, len(q.p_portion)) == (order, p_size)
    search = _searcher(code)
    rng = random.Random(7)
    for _ in range(300):
        heaps = tuple(sorted(rng.randint(1, min(n, 13)) for _ in range(rng.randint(0, 4))))
        if sum(heaps) <= 24:
            assert (q.outcome(heaps) is Outcome.P) == search(heaps), heaps


def test_every_sum_of_small_heaps_agrees_with_search_across_the_expansion():
    # Dawson's Kayles, heaps 0..12: all sums of at most four heaps, against plain search.
    q = misere_quotient("0.07", 12)
    search = _searcher("0.07")
    for a in range(13):
        for b in range(a, 13):
            for c in range(b, 13):
                for d in (0, 1, 2, 10, 12):
                    heaps = tuple(sorted(h for h in (a, b, c, d) if h))
                    assert (q.outcome(heaps) is Outcome.P) == search(heaps), heaps


def _multisets(total, largest):
    """Every multiset of heaps (a sorted tuple) with sum ``total`` and no heap above ``largest``."""
    if total == 0:
        yield ()
        return
    for h in range(min(total, largest), 0, -1):
        for rest in _multisets(total - h, h):
            yield rest + (h,)


@pytest.mark.parametrize("code, n, total", [("0.77", 30, 30), ("0.07", 24, 28), ("0.75", 30, 28)])
def test_every_position_up_to_a_total_size_agrees_with_search(code, n, total):
    # Exhaustive: every sum of heaps with at most ``total`` tokens in all, across the expansions (Kayles at
    # heap 9, Dawson's Kayles at 10 and 14).  A quotient that merged two classes which some such sum
    # distinguishes would mispredict it; the count proves the enumeration missed no multiset.
    q = misere_quotient(code, n)
    search = _searcher(code)
    count = 0
    for size in range(total + 1):
        for heaps in _multisets(size, n):
            count += 1
            assert (q.outcome(heaps) is Outcome.P) == search(heaps), heaps
    assert count == sum(_partition_count(k, n) for k in range(total + 1))


def _partition_count(k, largest):
    # Partitions of k into parts <= largest, by the recurrence p(k, m) = p(k, m - 1) + p(k - m, m).
    table = [1] + [0] * k
    for m in range(1, largest + 1):
        for j in range(m, k + 1):
            table[j] += table[j - m]
    return table[k]


def test_growth_of_dawsons_kayles_and_kayles():
    # The orders of the quotients of heaps 0..k, k = 0, 1, 2, ...: Dawson's Kayles expands at heap 10
    # (b^3 = b fails: 6 -> 12) and grows again at 14; Kayles expands at heap 9.
    assert misere_quotient("0.07", 24).sizes == (1, 1, 2, 2, 6, 6, 6, 6, 6, 6, 12, 12, 12, 12) + (24,) * 11
    assert misere_quotient("0.77", 12).sizes == (1, 2, 6, 6, 6, 12, 12, 12, 12, 18, 18, 18, 24)


@pytest.mark.slow
def test_kayles_quotient_of_all_heaps():
    # Kayles (0.77), computed here: no growth after heap 27, and the pretending function is periodic with
    # period 12 from heap 71 on; 200 >= 2*71 + 2*12 + 2 - 1, so by the periodicity theorem this 40-element
    # quotient with 9 P-positions is the misère quotient of all Kayles heaps (about 12 s).
    q = misere_quotient("0.77", 200)
    assert (q.order, len(q.p_portion), q.last_growth, q.period) == (40, 9, 27, (71, 12))
    assert all(q.pretending[m] == q.pretending[m - 12] for m in range(83, 201))
    assert q.pretending[82] != q.pretending[70]
    search = _searcher("0.77")
    for heaps in [(1, 1), (2, 3), (4, 4), (5, 6, 7), (8, 8, 1), (3, 9, 10), (12, 11), (13, 2, 2, 1)]:
        assert (q.outcome(heaps) is Outcome.P) == search(heaps), heaps


def test_periodicity_extends_the_quotient_to_all_heaps():
    # 0.75: the pretending function is periodic (period 2 from heap 8) and n = 40 is past the bound of the
    # periodicity theorem, so heaps beyond 40 are answered; they agree with a quotient computed to 70.
    q, wide = misere_quotient("0.75", 40), misere_quotient("0.75", 70)
    assert q.period == (8, 2) and wide.period == (8, 2)
    assert wide.order == q.order and wide.p_portion == q.p_portion
    rng = random.Random(11)
    for _ in range(300):
        heaps = [rng.randint(1, 70) for _ in range(rng.randint(1, 4))]
        assert q.outcome(heaps) is wide.outcome(heaps), heaps
    assert misere_quotient("0.75", 20).period is None           # 20 < 2*8 + 2*2 + 2 - 1: not proven yet
    with pytest.raises(InvalidPositionError, match="no period is proven"):
        misere_quotient("0.75", 20).outcome([21])


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
    with pytest.raises(NotApplicableError, match="heap 10 expands the quotient.*raise max_positions"):
        misere_quotient("0.07", 10, max_positions=20)
    with pytest.raises(InvalidGameError, match="octal code"):
        misere_quotient("0.7x", 5)
    with pytest.raises(InvalidPositionError, match="beyond the quotient's bound"):
        misere_quotient("0.75", 5).outcome([6])
    assert misere_quotient(lambda k: [(j,) if j else () for j in range(k)], 3, name="nim").period is None
    with pytest.raises(InvalidGameError, match="not a sum of smaller"):
        misere_quotient(lambda k: [(k,)], 2)


def test_octal_options():
    assert octal_options("0.77")(4) == [(1, 1), (1, 2), (2,), (3,)]
    assert octal_options("0.07")(2) == [()]
    assert octal_options(".137")(3) == [(), (1,)]
