"""Misère quotients of octal games (cgt.misere.quotient).

Sources.  The definition, the quotient R8 of 0.75 and the evenness of every quotient's order: Plambeck and
Siegel, "Misère quotients for impartial games", J. Combin. Theory A 115 (2008).  The classification (a
quotient with |P| = 2 has order 2^n + 2 or 2^n + 4, exactly one quotient has order 8, the tame quotients have
order 2^k + 2 with |P| = 2): Siegel, "The structure and classification of misère quotients",
arXiv:math/0703070.  The orders, P-portion and period of Kayles (0.77) and the partial orders of Dawson's
Kayles (0.07): computed with Siegel's MisereSolver, the misère quotient program bundled with CGSuite.

Independent checks.  Outcomes are compared with a memoised recursive search over sorted tuples of heaps written
here from the misère mex rule (a position is P iff it has a move and every move leads to an N-position), and
every pair of elements of a quotient is shown to be told apart by some element (the quotient is reduced, not
just a monoid that predicts outcomes).
"""

import random
from functools import lru_cache
from itertools import product

import numpy as np
import pytest

from cgt import Outcome
from cgt.errors import InvalidGameError, InvalidPositionError, TooLargeError
from cgt.misere.play import misere_nim_outcome
from cgt.misere.quotient import misere_quotient, octal_options
from cgt.runtime.deep import cancel_requested

_SEARCHERS: dict = {}


@lru_cache(maxsize=None)
def _quotient(code, n=None):
    """Quotients used by several tests, computed once per process."""
    return misere_quotient(code, n)


def _searcher(code):
    """The misère outcome (True for P) of a sum of heaps, by plain memoised search."""
    if code not in _SEARCHERS:
        heap = octal_options(code)

        @lru_cache(maxsize=None)
        def p_position(heaps):
            moves = {tuple(sorted(heaps[:i] + heaps[i + 1:] + o)) for i, h in enumerate(heaps) for o in heap(h)}
            return bool(moves) and not any(p_position(m) for m in moves)

        _SEARCHERS[code] = p_position
    return _SEARCHERS[code]


def _multisets(total, largest):
    """Every multiset of heaps (a sorted tuple) with sum ``total`` and no heap above ``largest``."""
    if total == 0:
        yield ()
        return
    for h in range(min(total, largest), 0, -1):
        for rest in _multisets(total - h, h):
            yield rest + (h,)


def _probes(n, size):
    """Every sum of heaps <= n with at most ``size`` tokens in all (the empty sum first)."""
    return [x for total in range(size + 1) for x in _multisets(total, n)]


def _joined(heaps, probe):
    return tuple(sorted(heaps + probe))


def _p_rows(q):
    """``rows[x, z]``: whether ``x·z`` is in the P-portion."""
    P = np.zeros(q.order, bool)
    P[list(q.p_portion)] = True
    return P[np.asarray(q.table)]


def _orders(growth, n):
    """The orders of the partial quotients of heaps 0..k, k = 0..n, from the heaps where they change."""
    orders, order = [], 1
    for k in range(n + 1):
        order = growth.get(k, order)
        orders.append(order)
    return tuple(orders)


# ---------------------------------------------------------------- cited values

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


def test_kayles_partial_orders():
    # MisereSolver: the quotients of Kayles heaps 0..n have orders 2 (n = 1), 6 (2), 12 (5), 18 (9), 24 (12),
    # 32 (25) and 40 from n = 27 on.
    q = misere_quotient("0.77", 30)
    assert q.sizes == _orders({1: 2, 2: 6, 5: 12, 9: 18, 12: 24, 25: 32, 27: 40}, 30)


def test_kayles_quotient_of_all_heaps():
    # MisereSolver: Kayles' quotient has order 40 with |P| = 9, and the pretending function is periodic with
    # period 12 from heap 71.  The criterion (m = 2, two digits) certifies it once 2·71 + 2·12 + 3 <= n + 1.
    q = misere_quotient("0.77")
    assert (q.order, len(q.p_portion), q.period, q.preperiod, q.is_full) == (40, 9, (71, 12), 71, True)
    assert (q.n, q.last_growth) == (168, 27)
    assert misere_quotient("0.77", 167).period is None
    phi = q.pretending
    assert all(phi[m] == phi[m - 12] for m in range(83, 169)) and phi[82] != phi[70]
    wide = misere_quotient("0.77", 400)                # 40 from n = 27 on, checked to n = 400
    assert wide.sizes[27:] == (40,) * 374 and wide.period == (71, 12)
    assert wide.pretending[:169] == q.pretending and wide.p_portion == q.p_portion


def test_dawsons_kayles_partial_orders():
    # MisereSolver: the quotients of Dawson's Kayles heaps 0..n have orders 2, 6, 12, 24 at n = 2, 4, 10, 14;
    # 144 at 25; 176 at 27; 360 at 30 (Siegel's published order of heaps 0..30).
    q = _quotient("0.07", 30)
    assert [q.sizes[k] for k in (2, 4, 10, 14, 25, 27, 30)] == [2, 6, 12, 24, 144, 176, 360]
    assert q.sizes[:25] == _orders({2: 2, 4: 6, 10: 12, 14: 24}, 24)
    assert not q.is_full and q.period is None


@pytest.mark.slow
def test_dawsons_kayles_partial_orders_31_to_33():
    # MisereSolver: 520, 552 and 638 at n = 31, 32, 33.
    assert misere_quotient("0.07", 33).sizes[31:] == (520, 552, 638)


def test_every_quotient_has_even_order():
    # Plambeck and Siegel: every misère quotient has even order -- once a heap with a move is present (the
    # quotient of heaps without moves is the trivial one).
    for code in ["0.1", "0.4", "0.14", "0.15", "0.26", "0.34", "0.36", "0.45", "0.53", "0.54", "0.57", "0.71",
                 "0.72", "0.75", "0.77", "0.07"]:
        q = misere_quotient(code, 20)
        first = next(k for k in range(1, 21) if octal_options(code)(k))
        assert all(size % 2 == 0 for size in q.sizes[first:]), (code, q.sizes)


def _isomorphic(q, r):
    """Whether two quotients are isomorphic as monoids with a P-portion: some images of q's generators in r
    extend to a bijective homomorphism that maps P onto P.  Only elements of r with the same profile (in P,
    which powers are in P, size of the principal ideal) are tried as images."""
    if (q.order, len(q.p_portion)) != (r.order, len(r.p_portion)):
        return False

    def profile(s, x):
        powers, y = [], x
        for _ in range(4):
            powers.append(y in s.p_portion)
            y = int(s.table[y][x])
        return (x in s.p_portion, tuple(powers), len({int(s.table[x][z]) for z in range(s.order)}))

    gens = [q.pretending[h] for h in q.generators]
    words = {0: ()}                                    # each element of q as a word in the generators
    frontier = [0]
    while frontier:
        x = frontier.pop()
        for i, g in enumerate(gens):
            y = int(q.table[x][g])
            if y not in words:
                words[y] = words[x] + (i,)
                frontier.append(y)
    choices = [[y for y in range(r.order) if profile(r, y) == profile(q, g)] for g in gens]
    for images in product(*choices):
        f = {}
        for x, word in words.items():
            y = 0
            for i in word:
                y = int(r.table[y][images[i]])
            f[x] = y
        if len(set(f.values())) == q.order and all((x in q.p_portion) == (f[x] in r.p_portion) for x in f) and \
                all(f[int(q.table[x][y])] == int(r.table[f[x]][f[y]]) for x in f for y in f):
            return True
    return False


def test_tame_quotients_have_order_two_to_the_k_plus_two():
    # Siegel's classification: the tame quotients (those of misère Nim) have order 2^k + 2 and |P| = 2.  The
    # quotients of Nim heaps below 4, 8 and 16 have orders 6, 10 and 18; octal games whose quotients are
    # isomorphic to them are tame: the quotients of all heaps of 0.22, 0.31, 0.33, 0.52, 0.73, and of heaps
    # 0..18 and 0..59 of 0.56 (whose quotient keeps growing, through 34 elements at heap 60).
    def nim(k):
        return [(j,) if j else () for j in range(k)]

    nims = {t.order: t for t in (misere_quotient(nim, n, name="nim") for n in (3, 7, 15))}
    assert sorted((t.order, len(t.p_portion)) for t in nims.values()) == [(6, 2), (10, 2), (18, 2)]
    tame = [misere_quotient(code) for code in ["0.22", "0.31", "0.33", "0.52", "0.73"]]
    assert all(q.is_full for q in tame)
    tame += [misere_quotient("0.56", 18), misere_quotient("0.56", 59)]
    assert [q.order for q in tame] == [6, 6, 6, 6, 6, 10, 18] and misere_quotient("0.56", 60).order == 34
    for q in tame:
        assert _isomorphic(q, nims[q.order]), q.code
        k = q.order.bit_length() - 1
        assert q.order == 2 ** k + 2 and len(q.p_portion) == 2, q.code


# ---------------------------------------------------------------- independent checks

@pytest.mark.parametrize("code, n, largest, total", [
    ("0.75", None, 40, 26), ("0.77", None, 200, 26), ("0.07", 30, 30, 30), ("0.14", 18, 18, 24),
    ("0.26", 20, 20, 24), ("0.45", 18, 18, 24), ("0.54", 18, 18, 24), ("0.36", 18, 18, 24),
    ("0.15", None, 200, 26), ("0.44", None, 400, 26), ("0.53", None, 100, 26), ("0.72", None, 100, 26),
], ids=["0.75", "0.77", "0.07-to-30", "0.14", "0.26", "0.45", "0.54", "0.36", "0.15", "0.44", "0.53", "0.72"])
def test_random_sums_agree_with_search(code, n, largest, total):
    # Random sums of heaps, against plain search; heaps above n are answered through the certified period.
    q = _quotient(code, n)
    search = _searcher(code)
    rng = random.Random(7)
    checked = 0
    while checked < 300:
        heaps = tuple(sorted(rng.randint(1, min(largest, total)) for _ in range(rng.randint(0, 5))))
        if sum(heaps) <= total:
            checked += 1
            assert (q.outcome(heaps) is Outcome.P) == search(heaps), heaps


@pytest.mark.parametrize("code, n, total", [("0.77", 30, 30), ("0.07", 30, 28), ("0.75", 30, 28)])
def test_every_position_up_to_a_total_size_agrees_with_search(code, n, total):
    # Exhaustive: every sum of heaps with at most ``total`` tokens in all, across the expansions (Kayles at
    # heap 9, Dawson's Kayles at 10 and 25).  A quotient that merged two classes which some such sum
    # distinguishes would mispredict it.
    q = _quotient(code, n)
    search = _searcher(code)
    for size in range(total + 1):
        for heaps in _multisets(size, n):
            assert (q.outcome(heaps) is Outcome.P) == search(heaps), heaps


@pytest.mark.parametrize("code, n", [("0.75", None), ("0.77", None), ("0.07", 30), ("0.14", 20), ("0.54", 20),
                                     ("0.15", None), ("0.44", None)])
def test_quotients_are_reduced_commutative_monoids(code, n):
    # Every pair of distinct elements x, y is told apart by some z (xz in P xor yz in P): the rows of P(x·z)
    # are pairwise different.  The table is commutative with identity 0, and associative.
    q = _quotient(code, n)
    rows = _p_rows(q)
    assert len(np.unique(rows, axis=0)) == q.order
    table = np.asarray(q.table)
    assert (table == table.T).all() and (table[0] == np.arange(q.order)).all()
    sample = np.random.default_rng(1).integers(0, q.order, (3, 2000))
    x, y, z = sample
    assert (table[table[x, y], z] == table[x, table[y, z]]).all()


def test_nim_quotient_follows_bouton():
    # Heaps 0..3 of Nim (every heap may be reduced to any smaller one): quotient answers = Bouton's rule.
    def nim(k):
        return [(j,) if j else () for j in range(k)]
    q = misere_quotient(nim, 3, name="nim")
    rng = random.Random(3)
    for _ in range(200):
        heaps = [rng.randint(0, 3) for _ in range(rng.randint(0, 6))]
        assert q.outcome(heaps) is misere_nim_outcome(heaps)


# ---------------------------------------------------------------- periodicity and the interface

def test_periodicity_extends_the_quotient_to_all_heaps():
    # 0.75: the pretending function is periodic with period 2 from heap 8 (by search: heap h and heap h - 2
    # are told apart by no probe for h = 10..20, heaps 9 and 7 are); the criterion 2·8 + 2·2 + 3 <= n + 1
    # certifies it at n = 22, and heaps beyond n are then answered.
    search, probes = _searcher("0.75"), _probes(30, 12)

    def equivalent(a, b):
        return all(search(_joined((a,), x)) == search(_joined((b,), x)) for x in probes)
    assert all(equivalent(h, h - 2) for h in range(10, 21)) and not equivalent(9, 7)
    q, wide = misere_quotient("0.75"), misere_quotient("0.75", 70)
    assert (q.n, q.period, wide.period) == (22, (8, 2), (8, 2))
    assert misere_quotient("0.75", 21).period is None
    assert wide.order == q.order and wide.p_portion == q.p_portion
    rng = random.Random(11)
    for _ in range(300):
        heaps = [rng.randint(1, 70) for _ in range(rng.randint(1, 4))]
        assert q.outcome(heaps) is wide.outcome(heaps), heaps
    with pytest.raises(InvalidPositionError, match="no period is certified"):
        misere_quotient("0.75", 20).outcome([21])


def test_summary():
    q = misere_quotient("0.75")
    assert str(q) == ("misère quotient of 0.75, heaps 0..22: order 8, |P| = 2, period 2 from heap 8: the quotient "
                      "of all heaps\n<a,b,c | a^2=1, bc=ab, c^2=b^2, b^3=b>\nP = {a, b^2}")
    assert repr(q) == "misere_quotient('0.75', 22)"
    assert q.pretending_text().startswith("0:1 1:a 2:b 3:a 4:b 5:c 6:b 7:c 8:b 9:ab")


def test_size_limit_is_one_clear_error_with_the_partial_quotient():
    with pytest.raises(TooLargeError) as caught:
        misere_quotient("0.07", 40, max_order=100)
    assert str(caught.value) == ("misère quotient of 0.07: heap 25 makes the quotient larger than max_order = 100 "
                                 "(order 144; heaps 0..24 have order 24)")
    partial = caught.value.partial
    assert (partial.n, partial.order, partial.is_full) == (24, 24, False)
    assert partial.outcome([10, 14]) is misere_quotient("0.07", 24).outcome([10, 14])


def test_time_limit_and_ctrl_c():
    assert misere_quotient("0.07", 30, time_limit=0).n == 0       # nothing finished: the empty quotient
    cancel_requested[0] = True                                     # what Ctrl-C sets for a worker
    try:
        with pytest.raises(KeyboardInterrupt):
            misere_quotient("0.07", 30)
    finally:
        cancel_requested[0] = False


def test_refusals():
    with pytest.raises(InvalidGameError, match="octal code"):
        misere_quotient("0.7x", 5)
    with pytest.raises(InvalidPositionError, match="beyond the quotient's bound"):
        misere_quotient("0.07", 5).outcome([6])
    with pytest.raises(InvalidGameError, match="needs n"):
        misere_quotient(lambda k: [()], name="nim")
    assert misere_quotient(lambda k: [(j,) if j else () for j in range(k)], 3, name="nim").period is None
    with pytest.raises(InvalidGameError, match="not a sum of smaller"):
        misere_quotient(lambda k: [(k,)], 2)
    with pytest.raises(InvalidGameError, match="max_order"):
        misere_quotient("0.07", 5, max_order=-1)


def test_octal_options():
    # The octal code's digit d_k says how many heaps may be left after taking k tokens from one heap: 0 if
    # bit 1 of d_k is set, 1 if bit 2, 2 if bit 4 (Winning Ways ch. 4).  0.77, heap 4: take 1 (leave 3 or
    # 1 + 2) or 2 (leave 2 or 1 + 1); 0.07, heap 2: take both; .137, heap 3: take 2 (leave 1) or all 3.
    assert octal_options("0.77")(4) == [(1, 1), (1, 2), (2,), (3,)]
    assert octal_options("0.07")(2) == [()]
    assert octal_options(".137")(3) == [(), (1,)]
