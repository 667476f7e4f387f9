"""Misère quotients of take-and-break (octal) games (Plambeck and Siegel, "Misère quotients for impartial
games", J. Combin. Theory Ser. A 115 (2008)).

Fix a game and the set ``A`` of all sums of its heaps of sizes ``0..n``.  Two sums ``U`` and ``V`` are
*indistinguishable* when ``U + W`` and ``V + W`` have the same misère outcome for every ``W`` in ``A``; the
classes form a commutative monoid ``Q``, the *misère quotient*.  Its *P-portion* is the set of classes of
P-positions and the *pretending function* sends heap ``k`` to its class, so the outcome of any sum of heaps
is read off in constant time per heap: multiply the classes, look the product up in the P-portion.

How it is computed (heaps are added one at a time, as in Plambeck–Siegel's algorithm):

1. given the quotient ``Q`` of heaps ``< n``, with a shortest representative sum ``W_x`` for each
   element ``x``, adjoin a generator ``a`` for heap ``n``: the outcome of ``W_x + j·(heap n)`` follows the
   mex rule -- a P-position iff it has a move and every move is to an N-position -- whose moves go to
   ``x·(option of heap n)·a^(j-1)`` or to ``(option of W_x)·a^j``; the columns ``j = 0, 1, 2, …`` repeat
   after an index ``m`` with a period ``p``, giving the monoid ``Q × ⟨a | a^(m+p) = a^m⟩``;
2. reduce it by indistinguishability (coarsest congruence that respects the P-portion, by partition
   refinement over the generators);
3. at the end, *verify*: every sum ``U`` of heaps ``<= n`` must satisfy ``Φ(U) ∈ P`` iff ``U`` has a move
   and ``Φ(U') ∉ P`` for all its moves ``U'``.  The pair (``Φ(U)``, the set of the ``Φ(U')``) evolves
   deterministically as heaps are added to ``U``, so the finitely many reachable pairs are enumerated
   and checked.  This proves by induction that the quotient gives every outcome correctly (and the
   reduced monoid is then the quotient itself).  If the check fails, heaps ``k-1, k-2, …`` are
   re-adjoined without reducing in between (up to ``max_lookahead`` of them); if that fails too,
   :class:`~cgt.errors.NotApplicableError` is raised rather than a wrong answer returned.

Limitation: when a new heap breaks a relation of an *earlier* generator (the quotient of the smaller heaps
is too coarse, e.g. Dawson's Kayles at heap 10, where ``b^3 = b`` stops holding), this construction cannot
recover and refuses; Plambeck–Siegel's MisereSolver handles such expansions.

>>> q = misere_quotient("0.75", 12)
>>> q.order, q.p_names, q.presentation
(8, ['a', 'b^2'], '<a,b,c | a^2=1, bc=ab, c^2=b^2, b^3=b>')
>>> str(q.outcome([1, 1])), str(q.outcome([1, 2, 3, 4]))
('N', 'P')
"""

from __future__ import annotations

import heapq
import re

from cgt.errors import InvalidGameError, InvalidPositionError, NotApplicableError, TooLargeError
from cgt.progress import Progress

__all__ = ["MisereQuotient", "misere_quotient", "octal_options"]

_OCTAL = re.compile(r"^0?\.([0-7]+)$")


def octal_options(code: str):
    """The heap-options function of the octal game with ``code`` (Winning Ways ch. 4): digit ``d_k``
    says a move may remove ``k`` tokens leaving no heap (bit 1), one heap (bit 2) or two heaps (bit 4).

    Options are sorted tuples of the heaps left (sizes 0 dropped).

    >>> kayles = octal_options("0.77")
    >>> kayles(3)
    [(1,), (1, 1), (2,)]
    >>> octal_options("0.07")(1), octal_options("0.07")(4)
    ([], [(1, 1), (2,)])
    """
    if not isinstance(code, str) or not _OCTAL.match(code.strip()):
        raise InvalidGameError(f"octal code {code!r} is not of the form 0.d1d2... with digits 0-7")
    digits = [int(c) for c in _OCTAL.match(code.strip()).group(1)]

    def options(h: int) -> list:
        found = set()
        for k, d in enumerate(digits, start=1):
            if d & 1 and h == k:
                found.add(())
            if d & 2 and h > k:
                found.add((h - k,))
            if d & 4 and h - k >= 2:
                for a in range(1, (h - k) // 2 + 1):
                    found.add((a, h - k - a))
        return sorted(found)

    return options


class MisereQuotient:
    """The misère quotient of the heaps ``0..n`` of a game (see :func:`misere_quotient`).

    ``order`` elements numbered from 0 (the identity, the class of the empty sum); ``table[x][y]`` is the
    product; ``p_portion`` a frozenset of element numbers; ``pretending[k]`` the element of heap ``k``;
    ``names[x]`` its normal-form word in the generators; ``sizes[k]`` the order of the quotient of heaps
    ``0..k``.
    """

    __slots__ = ("code", "n", "table", "p_portion", "pretending", "names", "generators", "relations",
                 "sizes")

    def __init__(self, code, n, table, p_portion, pretending, sizes):
        self.code = code
        self.n = n
        self.table = table
        self.p_portion = frozenset(p_portion)
        self.pretending = tuple(pretending)
        self.sizes = tuple(sizes)
        self.generators, self.names, self.relations = _presentation(table, pretending)

    @property
    def order(self) -> int:
        """The number of elements."""
        return len(self.table)

    @property
    def last_growth(self) -> int:
        """The largest heap size ``k <= n`` at which the quotient of heaps ``0..k`` became larger than that of
        heaps ``0..k-1``; when it is close to ``n`` the quotient may still be growing."""
        for k in range(len(self.sizes) - 1, 0, -1):
            if self.sizes[k] != self.sizes[k - 1]:
                return k
        return 0

    @property
    def presentation(self) -> str:
        """``<generators | relations>`` as Plambeck–Siegel print it."""
        gens = ",".join(_letter(i) for i in range(len(self.generators)))
        rels = ", ".join(f"{lhs}={rhs}" for lhs, rhs in self.relations)
        return f"<{gens} | {rels}>" if rels else f"<{gens}>"

    def element_name(self, x: int) -> str:
        """The normal-form word of element ``x`` (``1`` for the identity)."""
        return self.names[x]

    @property
    def p_names(self) -> list[str]:
        """The P-portion as normal-form words, in normal-form order."""
        return [self.names[x] for x in sorted(self.p_portion, key=lambda x: _name_key(self.names[x]))]

    def element(self, heaps) -> int:
        """The element of a sum of heaps: the product of their pretending values."""
        x = 0
        table, phi = self.table, self.pretending
        for h in heaps:
            if isinstance(h, bool) or not isinstance(h, int) or h < 0:
                raise InvalidPositionError(f"heap size {h!r} is not a non-negative integer")
            if h > self.n:
                raise InvalidPositionError(f"heap {h} is beyond the quotient's bound n = {self.n}")
            x = table[x][phi[h]]
        return x

    def outcome(self, heaps):
        """The misère outcome (``P`` or ``N``) of a sum of heaps, in constant time per heap."""
        from cgt.outcome import Outcome

        return Outcome.P if self.element(heaps) in self.p_portion else Outcome.N

    def pretending_text(self) -> str:
        """The pretending function as ``k:word`` pairs."""
        return " ".join(f"{k}:{self.names[x]}" for k, x in enumerate(self.pretending))

    def __str__(self) -> str:
        return (f"Q({self.code}, n={self.n}) = {self.presentation}, order {self.order}, "
                f"P = {{{','.join(self.p_names)}}}")

    def __repr__(self) -> str:
        return f"misere_quotient({self.code!r}, {self.n})"


def _letter(i: int) -> str:
    return chr(ord("a") + i) if i < 26 else f"g{i}"


def _monomial(exps) -> str:
    parts = []
    for i, e in enumerate(exps):
        if e == 1:
            parts.append(_letter(i))
        elif e > 1:
            parts.append(f"{_letter(i)}^{e}")
    return "".join(parts) or "1"


def _name_key(name: str):
    return (len(name), name)


def _presentation(table, pretending):
    """Generators (heap sizes), normal-form names and minimal relations, by a graded walk of monomials."""
    order = len(table)
    gens_heaps: list[int] = []
    gens: list[int] = []
    reach = {0}
    for k, x in enumerate(pretending):
        if x in reach:
            continue
        gens_heaps.append(k)
        gens.append(x)
        frontier = list(reach)
        while frontier:
            y = frontier.pop()
            for g in gens:
                z = table[y][g]
                if z not in reach:
                    reach.add(z)
                    frontier.append(z)
    r = len(gens)
    names: dict[int, str] = {0: "1"}
    normal = {(0,) * r: 0}
    relations = []
    degree = [(0,) * r]
    while degree and len(names) < order + 1:
        candidates = sorted({m[:i] + (m[i] + 1,) + m[i + 1:] for m in degree for i in range(r)},
                            key=lambda m: tuple(-e for e in m))
        degree = []
        for m in candidates:
            divisors = [m[:i] + (m[i] - 1,) + m[i + 1:] for i in range(r) if m[i]]
            if not all(d in normal for d in divisors):
                continue
            i = next(i for i in range(r) if m[i])
            value = table[normal[m[:i] + (m[i] - 1,) + m[i + 1:]]][gens[i]]
            if value in names:
                relations.append((_monomial(m), names[value]))
            else:
                names[value] = _monomial(m)
                normal[m] = value
                degree.append(m)
    return tuple(gens_heaps), tuple(names[x] for x in range(order)), tuple(relations)


# ====================================================================== construction

def _reps(table, phi, max_heap):
    """A shortest (least total heap size) representative sum for every element (Dijkstra)."""
    best = {0: (0, ())}
    queue = [(0, 0, ())]
    while queue:
        size, x, word = heapq.heappop(queue)
        if best[x][0] < size:
            continue
        for k in range(1, max_heap + 1):
            y = table[x][phi[k]]
            cand = (size + k, tuple(sorted(word + (k,))))
            if y not in best or cand < best[y]:
                best[y] = cand
                heapq.heappush(queue, (cand[0], y, cand[1]))
    return {x: w for x, (_, w) in best.items()}


def _reduce(elements_p, mul, gens):
    """Coarsest congruence refining the P split and respecting multiplication by each generator."""
    m = len(elements_p)
    cls = [1 if p else 0 for p in elements_p]
    while True:
        sig = {}
        new = []
        for x in range(m):
            key = (cls[x],) + tuple(cls[mul(x, g)] for g in gens)
            new.append(sig.setdefault(key, len(sig)))
        if len(sig) == len(set(cls)):
            return new
        cls = new


def misere_quotient(code_or_options, n: int, name: str | None = None, max_order: int = 4096,
                    max_lookahead: int = 4) -> MisereQuotient:
    """The misère quotient of the heaps ``0..n`` of an octal game (code ``"0.75"``) or of a heap game given
    by ``options(k)`` -> list of tuples of smaller heaps (see the module docstring for the method).

    >>> q = misere_quotient("0.07", 9)                       # Dawson's Kayles, heaps 0..9
    >>> q.order, q.presentation, q.p_names
    (6, '<a,b | a^2=1, b^3=b>', ['a', 'b^2'])
    >>> misere_quotient("0.07", 10)
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: misère quotient of 0.07: heap 10 could not be adjoined with a lookahead of 4 heaps (raise max_lookahead)
    """
    if isinstance(code_or_options, str):
        options = octal_options(code_or_options)
        code = code_or_options
    elif callable(code_or_options):
        options = code_or_options
        code = name or getattr(code_or_options, "__name__", "game")
    else:
        raise InvalidGameError(f"misere_quotient() needs an octal code or an options function, "
                               f"got {code_or_options!r}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidGameError(f"misere_quotient(): n = {n!r} must be a non-negative int")
    if n > 5000:
        raise TooLargeError(f"misere_quotient(): n = {n} is above the supported 5000 heaps")
    heap_options = [[tuple(o) for o in options(k)] for k in range(n + 1)]
    for k, opts in enumerate(heap_options):
        for o in opts:
            if sum(o) >= k or any(h <= 0 for h in o):
                raise InvalidGameError(f"heap {k}: option {o!r} is not a sum of smaller non-empty heaps")
    history = [([[0]], [False], [0])]
    sizes = [1]
    with Progress("heaps", total=n) as progress:
        for k in range(1, n + 1):
            history.append(_step(history, k, heap_options, max_order, max_lookahead, code))
            sizes.append(len(history[-1][0]))
            progress.tick()
    table, p, phi = history[-1]
    return MisereQuotient(code, n, table, [x for x in range(len(table)) if p[x]], phi, sizes)


def _word_element(table, phi, word):
    x = 0
    for h in word:
        x = table[x][phi[h]]
    return x


def _step(history, k, heap_options, max_order, max_lookahead, code):
    """The verified quotient of heaps ``0..k``.

    First from the quotient of heaps ``< k``; if verification fails, the quotient of heaps ``< k`` was too
    coarse (heap ``k`` separates sums that the smaller heaps cannot), so heaps ``k-1``, ``k-2``, … are
    re-adjoined to an earlier quotient without reducing in between, up to ``max_lookahead`` heaps.
    """
    for back in range(1, min(max_lookahead, k) + 1):
        table, p, phi = history[k - back]
        for h in range(k - back + 1, k + 1):
            table, p, phi = _adjoin(table, p, phi, h, heap_options, max_order * 64, reduce=(h == k))
        if _verify(table, p, phi, heap_options):
            return table, p, phi
    raise NotApplicableError(f"misère quotient of {code}: heap {k} could not be adjoined with a lookahead of "
                             f"{max_lookahead} heaps (raise max_lookahead)")


def _adjoin(table, p, phi, k, heap_options, max_order, reduce=True):
    """Step 1 and 2 of the module docstring for heap ``k`` (step 2 only when ``reduce``)."""
    m = len(table)
    reps = _reps(table, phi, k - 1)
    images = [_word_element(table, phi, o) for o in heap_options[k]]
    # Moves inside each representative: the elements of its options.
    inner = []
    for x in range(m):
        word = reps[x]
        found = set()
        for i, h in enumerate(word):
            rest = _word_element(table, phi, word[:i] + word[i + 1:])
            for o in heap_options[h]:
                found.add(table[rest][_word_element(table, phi, o)])
        inner.append((bool(word), sorted(found)))
    order_by_size = sorted(range(m), key=lambda x: sum(reps[x]))
    columns = [tuple(p)]
    seen = {columns[0]: 0}
    while True:
        prev = columns[-1]
        col = [False] * m
        for x in order_by_size:                    # options of W_x are smaller, so already computed
            has_move, moves = inner[x]
            has_move = has_move or bool(images)
            ok = has_move and not any(prev[table[x][y]] for y in images) and not any(col[y] for y in moves)
            col[x] = ok
        col = tuple(col)
        if col in seen:
            start = seen[col]
            period = len(columns) - start
            break
        seen[col] = len(columns)
        columns.append(col)
        if len(columns) * m > max_order * 64:
            raise TooLargeError(f"heap {k}: the new generator has no period within {len(columns)} copies")
    span = start + period

    def red(t):
        return t if t < span else start + (t - start) % period

    size = m * span
    elements_p = [columns[j][x] for j in range(span) for x in range(m)]

    def mul(e, f):
        j, x = divmod(e, m)
        i, y = divmod(f, m)
        return red(j + i) * m + table[x][y]

    a = red(1) * m                                         # the element a = (identity, a^1)
    if size > max_order:
        raise TooLargeError(f"heap {k}: more than {max_order} elements before reduction")
    if not reduce:
        return ([[mul(e, f) for f in range(size)] for e in range(size)], elements_p,
                [phi[h] for h in range(k)] + [a])
    gens = [phi[h] for h in range(1, k)] + [a]
    cls = _reduce(elements_p, mul, gens)
    count = max(cls) + 1
    if count > max_order:
        raise TooLargeError(f"heap {k}: the quotient has more than {max_order} elements")
    new_table = [[0] * count for _ in range(count)]
    new_p = [False] * count
    rep_of = {}
    for e in range(size):
        rep_of.setdefault(cls[e], e)
    # Renumber so that the identity (element 0) stays 0.
    order = sorted(rep_of, key=lambda c: rep_of[c])
    number = {c: i for i, c in enumerate(order)}
    for c in order:
        e = rep_of[c]
        new_p[number[c]] = elements_p[e]
        for d in order:
            new_table[number[c]][number[d]] = number[cls[mul(e, rep_of[d])]]
    new_phi = [number[cls[phi[h]]] for h in range(k)] + [number[cls[a]]]
    return new_table, new_p, new_phi


def _verify(table, p, phi, heap_options) -> bool:
    """Step 3 of the module docstring: the mex rule holds for every sum of heaps, so the quotient is right."""
    pmask = 0
    for x, is_p in enumerate(p):
        if is_p:
            pmask |= 1 << x
    states = {(0, 0)}
    for k in range(1, len(phi)):
        a = phi[k]
        images = [_word_element(table, phi, o) for o in heap_options[k]]
        row = [table[y][a] for y in range(len(table))]
        frontier = list(states)
        while frontier:
            x, moves = frontier.pop()
            shifted = 0
            bits = moves
            while bits:
                low = bits & -bits
                shifted |= 1 << row[low.bit_length() - 1]
                bits ^= low
            for y in images:
                shifted |= 1 << table[x][y]
            state = (row[x], shifted)
            if state not in states:
                states.add(state)
                frontier.append(state)
    return all(p[x] == (moves != 0 and moves & pmask == 0) for x, moves in states)
