"""Misère quotients of octal games (cgt.misere.quotient).

Sources.  The definition and the quotient of 0.75 (R8): Plambeck and Siegel, "Misère quotients for impartial
games", J. Combin. Theory A 115 (2008).  The classification: Siegel, "The structure and classification of
misère quotients" (arXiv:math/0703070).  The orders of the partial quotients of Kayles (0.77) and Dawson's
Kayles (0.07): Siegel's MisereSolver, the misère quotient program bundled with CGSuite.  Where no source
gives a number, the test derives it by plain search from the definition: two sums of heaps are equivalent
when no third sum (a probe) tells their misère outcomes apart.
"""

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


def _probes(n, size):
    """Every sum of heaps <= n with at most ``size`` tokens in all (the empty sum first)."""
    return [x for total in range(size + 1) for x in _multisets(total, n)]


def _joined(heaps, probe):
    return tuple(sorted(heaps + probe))


def _told_apart(code, n, size=10, probe=10):
    """``(classes, P-classes)`` among the sums of heaps <= n with at most ``size`` tokens, by plain search:
    two sums fall in one class when every probe of at most ``probe`` tokens gives both the same misère
    outcome.  Sums in different classes are inequivalent by the definition, so these are lower bounds on the
    order of the quotient and on its P-portion, found without the quotient."""
    search = _searcher(code)
    probes = _probes(n, probe)
    signatures = {tuple(search(_joined(heaps, x)) for x in probes) for heaps in _probes(n, size)}
    return len(signatures), sum(1 for signature in signatures if signature[0])   # probes[0] is the empty sum


def test_quotient_of_075_is_r8():
    # Plambeck and Siegel: the misère quotient of 0.75 is the monoid R8 of order 8, with a P-portion of two
    # elements; Siegel's classification: it is the only misère quotient of order 8.
    q = misere_quotient("0.75", 60)
    assert q.order == 8 and len(q.p_portion) == 2
    assert q.presentation == "<a,b,c | a^2=1, bc=ab, c^2=b^2, b^3=b>" and q.p_names == ["a", "b^2"]
    # The presentation against the definition, by search: the generators a, b, c are heaps 1, 2 and 5; no
    # probe tells the two sides of a relation apart; the P-portion is the words whose sums are P-positions;
    # and probes tell the eight words apart.
    assert q.generators == (1, 2, 5)
    search, probes = _searcher("0.75"), _probes(30, 12)
    for lhs, rhs in [((1, 1), ()), ((2, 5), (1, 2)), ((5, 5), (2, 2)), ((2, 2, 2), (2,))]:
        assert all(search(_joined(lhs, x)) == search(_joined(rhs, x)) for x in probes), (lhs, rhs)
    words = {"1": (), "a": (1,), "b": (2,), "ab": (1, 2), "b^2": (2, 2), "ab^2": (1, 2, 2), "c": (5,), "ac": (1, 5)}
    assert sorted(q.names) == sorted(words)
    assert [word for word, heaps in words.items() if search(heaps)] == ["a", "b^2"]
    assert len({tuple(search(_joined(heaps, x)) for x in probes) for heaps in words.values()}) == 8
    # It grows at heaps 1, 2 and 5 (the generators) and is complete from heap 5 on: the classes search tells
    # apart among the heaps up to k, k = 0..5, are as many as the partial quotients' elements.
    assert q.last_growth == 5
    assert [_told_apart("0.75", k) for k in range(6)] == [(size, len(misere_quotient("0.75", k).p_portion))
                                                          for k, size in enumerate(q.sizes[:6])]


@pytest.mark.parametrize("code, n", [("0.07", 9), ("0.77", 8), ("0.77", 2), ("0.07", 4)])
def test_small_quotients_have_the_classes_search_tells_apart(code, n):
    q = misere_quotient(code, n)
    assert (q.order, len(q.p_portion)) == _told_apart(code, n, size=14, probe=12)


@pytest.mark.parametrize("code, n, order", [
    ("0.75", 30, 8),     # Plambeck and Siegel: R8
    ("0.07", 9, 6),      # MisereSolver: Dawson's Kayles has order 6 from heap 4, 12 from heap 10
    ("0.07", 24, 24),    # ... 24 from heap 14, 144 at heap 25
    ("0.77", 8, 12),     # MisereSolver: Kayles has order 12 from heap 5, 18 from heap 9
    ("0.77", 30, 40),    # ... 40 from heap 27 on
], ids=["0.75", "0.07-to-9", "0.07-to-24", "0.77-to-8", "0.77-to-30"])
def test_quotient_answers_equal_search(code, n, order):
    # Dawson's Kayles and Kayles expand at heaps 10 and 9, so these pass through the rebuilding step; every
    # answer is checked against direct search on random sums of heaps small enough to search, including
    # heaps on both sides of the expansions.
    q = misere_quotient(code, n)
    assert q.order == order
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


def _orders(growth, n):
    """The orders of the partial quotients of heaps 0..k, k = 0..n, from the heaps where they change."""
    orders, order = [], 1
    for k in range(n + 1):
        order = growth.get(k, order)
        orders.append(order)
    return tuple(orders)


def test_growth_of_dawsons_kayles_and_kayles():
    # The orders of the quotients of heaps 0..k (MisereSolver): Dawson's Kayles 2, 6, 12, 24 from heaps 2, 4,
    # 10, 14 (heap 1 has no move, so it is the identity), 144 at 25; Kayles 2, 6, 12, 18, 24, 32, 40 from
    # heaps 1, 2, 5, 9, 12, 25, 27.
    assert misere_quotient("0.07", 24).sizes == _orders({2: 2, 4: 6, 10: 12, 14: 24}, 24)
    assert misere_quotient("0.77", 30).sizes == _orders({1: 2, 2: 6, 5: 12, 9: 18, 12: 24, 25: 32, 27: 40}, 30)


@pytest.mark.slow
def test_kayles_quotient_of_all_heaps():
    # Kayles (0.77), MisereSolver: the quotient of all heaps has order 40 with 9 P-positions, reached at heap
    # 27, and the pretending function is periodic with period 12 from heap 71 on; 200 >= 2*71 + 2*12 + 2 - 1,
    # so by the periodicity criterion the quotient of heaps to 200 is that of all Kayles heaps.
    # test_quotient_answers_equal_search checks the same order on heaps to 30 in the default run.
    q = misere_quotient("0.77", 200)
    assert (q.order, len(q.p_portion), q.last_growth, q.period) == (40, 9, 27, (71, 12))
    assert all(q.pretending[m] == q.pretending[m - 12] for m in range(83, 201))
    assert q.pretending[82] != q.pretending[70]
    search = _searcher("0.77")
    for heaps in [(1, 1), (2, 3), (4, 4), (5, 6, 7), (8, 8, 1), (3, 9, 10), (12, 11), (13, 2, 2, 1)]:
        assert (q.outcome(heaps) is Outcome.P) == search(heaps), heaps


def test_periodicity_extends_the_quotient_to_all_heaps():
    # 0.75: the pretending function is periodic with period 2 from heap 8 (by search: heap h and heap h - 2
    # are told apart by no probe for h = 10..20, heaps 9 and 7 are), and n = 40 is past the bound of the
    # periodicity criterion, so heaps beyond 40 are answered; they agree with a quotient computed to 70.
    search, probes = _searcher("0.75"), _probes(30, 12)

    def equivalent(a, b):
        return all(search(_joined((a,), x)) == search(_joined((b,), x)) for x in probes)
    assert all(equivalent(h, h - 2) for h in range(10, 21)) and not equivalent(9, 7)
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
    # The octal code's digit d_k says how many heaps may be left after taking k tokens from one heap: 0 if
    # bit 1 of d_k is set, 1 if bit 2, 2 if bit 4 (Winning Ways ch. 4).  0.77, heap 4: take 1 (leave 3 or
    # 1 + 2) or 2 (leave 2 or 1 + 1); 0.07, heap 2: take both; .137, heap 3: take 2 (leave 1) or all 3.
    assert octal_options("0.77")(4) == [(1, 1), (1, 2), (2,), (3,)]
    assert octal_options("0.07")(2) == [()]
    assert octal_options(".137")(3) == [(), (1,)]
