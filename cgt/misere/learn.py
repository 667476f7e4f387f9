"""Rebuilding a misère quotient when a new heap *expands* it (used by :mod:`cgt.misere.quotient`).

Adding heap ``k`` to the heaps ``< k`` can split classes of the smaller quotient: two sums that no sum of
smaller heaps tells apart may be told apart once heap ``k`` is available (Plambeck and Siegel, "Misère
quotients for impartial games", JCTA 115 (2008), where such a step is called an *expansion*; Dawson's
Kayles expands at heap 10: ``b^3 = b`` holds for the heaps ``<= 9`` and fails with heap 10).  The quotient
of the heaps ``<= k`` is then rebuilt from scratch as the *syntactic monoid* of the outcome function:

* sums are compared by their misère outcomes against a growing list of test sums (two sums with the same
  outcome row are provisionally the same element), which gives a candidate monoid whose elements are
  least-weight representative sums -- Angluin's table method for learning finite automata (Angluin,
  "Learning regular sets from queries and counterexamples", Inform. and Comput. 75 (1987)), for a
  commutative monoid;
* a candidate is accepted only when its generators commute and it passes the mex-rule verification of
  :mod:`cgt.misere.quotient` over *all* sums of heaps ``<= k``; a failed check yields a sum whose outcome
  the candidate gets wrong, and the point where the guess goes wrong along that sum gives a new test
  (Rivest and Schapire, "Inference of finite automata using homing sequences", Inform. and Comput. 103
  (1993)).

Outcomes of sums with heap ``k`` are found by search; the parts without heap ``k`` are read off the
verified quotient of the smaller heaps.  To keep the searches small, a heap is first replaced by the
smallest heap with the same element of the smaller quotient; when the verification shows that this
stand-in is wrong for some heap, that heap is searched as itself.  The stand-ins only steer the search
for a candidate: the answer is always the verified one.

>>> from cgt.misere.quotient import misere_quotient
>>> misere_quotient("0.07", 10).order           # Dawson's Kayles: 6 elements at heap 9, 12 at heap 10
12
"""

from __future__ import annotations

import heapq

from cgt.runtime.walk import postorder
from cgt.errors import TooLargeError
from cgt.runtime.interrupt import check_interrupt

__all__ = ["learn_quotient"]


def _sorted(heaps) -> tuple:
    return tuple(sorted(heaps))


def word_element(table, phi, word) -> int:
    """The element of a sum of heaps: the product of the heaps' elements."""
    x = 0
    for h in word:
        x = table[x][phi[h]]
    return x


class _Oracle:
    """Misère outcomes (True for P) of sums of heaps ``<= k``: the quotient ``base`` of the heaps ``< k``
    for sums without heap ``k``, search for the others, with ``alias`` standing in for heaps ``< k``."""

    def __init__(self, k, heap_options, base, alias, budget):
        self.k = k
        self.alias = alias
        self.table, self.p, self.phi = base
        self.options = [[_sorted(alias[h] for h in o) for o in heap_options[g]] for g in range(k + 1)]
        self.memo: dict = {}
        self.budget = budget                  # [positions left], shared by the oracles of one heap

    def _lookup(self, word) -> bool:
        return self.p[word_element(self.table, self.phi, word)]

    def _expand(self, word):
        if not word or word[-1] < self.k:
            return (False, word), ()
        children = []
        done = set()
        for i, h in enumerate(word):
            if h in done:
                continue
            done.add(h)
            rest = word[:i] + word[i + 1:]
            children.extend(_sorted(rest + o) for o in self.options[h])
        return (True, word), children

    def _combine(self, how, values) -> bool:
        searched, word = how
        self.budget[0] -= 1
        if self.budget[0] < 0:
            raise TooLargeError(f"the search for outcomes with heap {self.k} passed {self.budget[1]} positions")
        if not searched:
            return self._lookup(word)
        return bool(values) and not any(values)       # misère: P iff a move exists and all go to N

    def __call__(self, word) -> bool:
        word = _sorted(self.alias[h] for h in word if h)
        if not word or word[-1] < self.k:
            return self._lookup(word)
        check_interrupt()
        return postorder(word, self._expand, self._combine, self.memo)


def _hypothesis(oracle, gens, tests, max_order):
    """Representatives (least total size first), the generator action ``delta``, or a new test when two
    generators fail to commute.  Returns ``("ok", reps, delta)`` or ``("test", word)``."""
    reps = [()]

    def row(w):
        return tuple(oracle(w + t) for t in tests)

    rows = {row(()): 0}
    delta = [[0] * len(gens)]
    queue = [(g, (g,), 0, i) for i, g in enumerate(gens)]
    heapq.heapify(queue)
    while queue:
        weight, w, source, i = heapq.heappop(queue)
        r = row(w)
        if r not in rows:
            rows[r] = len(reps)
            reps.append(w)
            delta.append([0] * len(gens))
            if len(reps) > max_order:
                raise TooLargeError(f"more than {max_order} elements")
            for j, g in enumerate(gens):
                heapq.heappush(queue, (weight + g, _sorted(w + (g,)), rows[r], j))
        delta[source][i] = rows[r]
    for e in range(len(reps)):
        check_interrupt()
        for a in range(len(gens)):
            for b in range(a + 1, len(gens)):
                if delta[delta[e][a]][b] == delta[delta[e][b]][a]:
                    continue
                # rep(delta[e][x]) and reps[e] + g_x agree on every test, but not after adding g_y:
                # g_y plus the test where they differ is a new test.
                whole = row(_sorted(reps[e] + (gens[a], gens[b])))
                for x, y in ((a, b), (b, a)):
                    part = row(_sorted(reps[delta[e][x]] + (gens[y],)))
                    if part != whole:
                        j = next(j for j in range(len(tests)) if part[j] != whole[j])
                        return ("test", _sorted((gens[y],) + tests[j]))
    return ("ok", reps, delta)


def learn_quotient(k, heap_options, base, verify, tests, max_order=4096, max_positions=1_000_000,
                   max_rounds=400):
    """The verified quotient ``(table, p, phi)`` of the heaps ``0..k``, given the verified quotient ``base``
    of the heaps ``< k`` (see the module docstring).  ``verify(table, p, phi)`` returns ``None`` or a sum
    whose state breaks the mex rule; ``tests`` (a list of sums) is extended in place and can be reused for
    the next heap.  Raises :class:`~cgt.errors.TooLargeError` past ``max_positions`` searched positions,
    ``max_order`` elements or ``max_rounds`` refinements.
    """
    phi0 = base[2]
    alias = list(range(k + 1))
    first: dict = {}
    for g in range(1, k):
        alias[g] = first.setdefault(phi0[g], g)
    budget = [max_positions, max_positions]
    oracle = _Oracle(k, heap_options, base, alias, budget)
    for _ in range(max_rounds):
        check_interrupt()
        gens = [g for g in range(1, k + 1) if alias[g] == g]
        found = _hypothesis(oracle, gens, tests, max_order)
        if found[0] == "test":
            tests.append(found[1])
            continue
        reps, delta = found[1], found[2]
        place = {g: i for i, g in enumerate(gens)}
        m = len(reps)
        table = [[0] * m for _ in range(m)]
        for e in range(m):
            for f in range(m):
                x = e
                for h in reps[f]:
                    x = delta[x][place[h]]
                table[e][f] = x
        p = [oracle(r) for r in reps]
        phi = [0] + [delta[0][place[alias[g]]] for g in range(1, k + 1)]
        witness = verify(table, p, phi)
        if witness is None:
            return table, p, phi
        wrong = _mispredicted(witness, table, p, phi, heap_options, oracle)
        if wrong is None:
            # The stand-ins agree with the candidate where the verification disagrees: search the heaps
            # of this sum (and of its heaps' options) as themselves.
            heaps = set(witness) | {x for h in witness for o in heap_options[h] for x in o}
            changed = [h for h in heaps if alias[h] != h]
            if not changed:
                raise TooLargeError("the stand-in heaps cannot be refined further")
            for h in changed:
                alias[h] = h
            oracle = _Oracle(k, heap_options, base, alias, budget)
            continue
        tests.append(_split_test(wrong, reps, table, phi, alias, oracle))
    raise TooLargeError(f"no verified quotient after {max_rounds} refinements")


def _mispredicted(word, table, p, phi, heap_options, oracle):
    """``word`` or one of its options whose outcome the candidate gets wrong, or None."""
    if oracle(word) != p[word_element(table, phi, word)]:
        return word
    for i, h in enumerate(word):
        for o in heap_options[h]:
            option = _sorted(word[:i] + word[i + 1:] + o)
            if oracle(option) != p[word_element(table, phi, option)]:
                return option
    return None


def _split_test(word, reps, table, phi, alias, oracle):
    """Rivest–Schapire: replace growing prefixes of ``word`` by their representatives; where the outcome
    changes, the remaining suffix separates two sums the candidate merged."""
    heaps = sorted(alias[h] for h in word)
    outcomes = []
    for i in range(len(heaps) + 1):
        x = word_element(table, phi, heaps[:i])
        outcomes.append(oracle(reps[x] + tuple(heaps[i:])))
    i = next(i for i in range(len(heaps)) if outcomes[i] != outcomes[i + 1])
    return tuple(heaps[i + 1:])
