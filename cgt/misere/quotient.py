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
3. *verify*: every sum ``U`` of heaps ``<= k`` must satisfy ``Φ(U) ∈ P`` iff ``U`` has a move and
   ``Φ(U') ∉ P`` for all its moves ``U'``.  The pair (``Φ(U)``, the set of the ``Φ(U')``) evolves
   deterministically as heaps are added to ``U``, so the finitely many reachable pairs are enumerated
   and checked.  This proves by induction that the quotient gives every outcome correctly (and the
   reduced monoid is then the quotient itself);
4. if the check fails, the new heap *expands* the quotient (it separates sums of smaller heaps that were
   equal, e.g. Dawson's Kayles at heap 10, where ``b^3 = b`` stops holding): the quotient of heaps
   ``0..k`` is rebuilt by :func:`cgt.misere.learn.learn_quotient` and verified the same way.  When that
   search passes its budget, :class:`~cgt.errors.NotApplicableError` is raised rather than a wrong answer
   returned.

*Periodicity* (the misère analogue of the Guy–Smith theorem for octal games, Winning Ways ch. 4; for
quotients, Plambeck and Siegel 2008): if the pretending function satisfies ``Φ(m) = Φ(m - p)`` for
``n0 + p <= m <= n`` with ``n >= 2·n0 + 2·p + t - 1`` (``t`` the number of code digits), then every heap
``m > n`` acts on the verification states exactly as heap ``m - p`` does -- its options ``(a, b)`` map to
options of ``m - p`` by moving the larger heap down by ``p`` and back -- so the quotient of *all* heaps is
the quotient found, with ``Φ`` extended periodically.  :attr:`MisereQuotient.period` reports ``(n0, p)``
when this holds.

>>> q = misere_quotient("0.75", 24)
>>> q.order, q.p_names, q.presentation
(8, ['a', 'b^2'], '<a,b,c | a^2=1, bc=ab, c^2=b^2, b^3=b>')
>>> str(q.outcome([1, 1])), str(q.outcome([1, 2, 3, 4]))
('N', 'P')
>>> q.period                      # pretending function periodic from heap 8 with period 2: all heaps
(8, 2)
>>> str(q.outcome([1000, 998])), str(q.outcome([1000, 999]))   # b·b = b^2 is in P; b·ab^2 = ab is not
('P', 'N')
"""

from __future__ import annotations

import heapq
import re

from cgt.errors import InvalidGameError, InvalidPositionError, NotApplicableError, TooLargeError
from cgt.runtime.interrupt import check_interrupt
from cgt.misere.learn import learn_quotient, word_element
from cgt.runtime.progress import Progress

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
                 "sizes", "removal")

    def __init__(self, code, n, table, p_portion, pretending, sizes, removal=None):
        self.code = code
        self.removal = removal
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
    def period(self):
        """``(n0, p)`` when the periodicity theorem of the module docstring shows that the pretending
        function is periodic with period ``p`` from heap ``n0`` on *and* that this quotient is the quotient
        of all heaps; ``None`` when the bound ``n`` is too small to tell (or the game is not an octal game).
        The smallest period is reported, with the smallest ``n0 >= 1`` for it."""
        if self.removal is None:
            return None
        phi, n, t = self.pretending, self.n, self.removal
        for p in range(1, n + 1):
            m = n
            while m - p >= 1 and phi[m] == phi[m - p]:
                m -= 1
            n0 = max(m - p + 1, 1)                   # phi(m) = phi(m - p) for n0 + p <= m <= n
            if n >= 2 * n0 + 2 * p + t - 1:
                return (n0, p)
        return None

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
        """The element of a sum of heaps: the product of their pretending values (beyond ``n`` only when
        :attr:`period` is known)."""
        x = 0
        table, phi = self.table, self.pretending
        period = None
        for h in heaps:
            if isinstance(h, bool) or not isinstance(h, int) or h < 0:
                raise InvalidPositionError(f"heap size {h!r} is not a non-negative integer")
            if h > self.n:
                period = period or self.period
                if period is None:
                    raise InvalidPositionError(f"heap {h} is beyond the quotient's bound n = {self.n} and "
                                               f"no period is proven there")
                n0, p = period
                h = n0 + (h - n0) % p
            x = table[x][phi[h]]
        return x

    def outcome(self, heaps):
        """The misère outcome (``P`` or ``N``) of a sum of heaps, in constant time per heap."""
        from cgt.kernel.outcome import Outcome

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
                    max_positions: int = 1_000_000) -> MisereQuotient:
    """The misère quotient of the heaps ``0..n`` of an octal game (code ``"0.75"``) or of a heap game given
    by ``options(k)`` -> list of tuples of smaller heaps (see the module docstring for the method).

    ``max_positions`` bounds the searches that rebuild the quotient when a heap expands it.

    >>> q = misere_quotient("0.07", 9)                       # Dawson's Kayles, heaps 0..9
    >>> q.order, q.presentation, q.p_names
    (6, '<a,b | a^2=1, b^3=b>', ['a', 'b^2'])
    >>> q = misere_quotient("0.07", 10)                      # heap 10 expands it: b^3 = b fails
    >>> q.order, q.sizes[9:], q.p_names
    (12, (6, 12), ['a', 'ac', 'b^2'])
    """
    if isinstance(code_or_options, str):
        options = octal_options(code_or_options)
        code = code_or_options
        digits = _OCTAL.match(code.strip()).group(1).rstrip("0")
        removal = len(digits) if digits else None
    elif callable(code_or_options):
        options = code_or_options
        code = name or getattr(code_or_options, "__name__", "game")
        removal = None
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
    current = ([[0]], [False], [0], {(0, 0): ()})
    sizes = [1]
    tests: list = [()]
    with Progress("heaps", total=n) as progress:
        for k in range(1, n + 1):
            current = _step(current, k, heap_options, max_order, max_positions, tests, code)
            sizes.append(len(current[0]))
            progress.tick()
    table, p, phi, _ = current
    return MisereQuotient(code, n, table, [x for x in range(len(table)) if p[x]], phi, sizes, removal)


def _step(current, k, heap_options, max_order, max_positions, tests, code):
    """The verified quotient of heaps ``0..k`` from that of heaps ``< k`` (steps 1-4 of the module
    docstring)."""
    check_interrupt()
    table, p, phi, states = current
    options = heap_options[:k + 1]
    try:
        new_table, new_p, new_phi, embed = _adjoin(table, p, phi, k, heap_options, max_order)
    except TooLargeError:
        new_table = None
    if new_table is not None:
        # The states of the sums of smaller heaps carry over through the embedding; only heap k is new.
        carried = {(embed[x], _map_bits(moves, embed)): word for (x, moves), word in states.items()}
        witness, new_states = _verify(new_table, new_p, new_phi, options, carried, k)
        if witness is None:
            return new_table, new_p, new_phi, new_states
    try:
        learned = learn_quotient(k, heap_options, (table, p, phi),
                                 lambda t, q, f: _verify(t, q, f, options)[0], tests,
                                 max_order=max_order, max_positions=max_positions)
    except TooLargeError as error:
        raise NotApplicableError(f"misère quotient of {code}: heap {k} expands the quotient of the smaller "
                                 f"heaps and rebuilding it failed ({error}; raise max_positions)") from None
    return (*learned, _verify(*learned, options)[1])


def _map_bits(bits: int, embed) -> int:
    out = 0
    while bits:
        low = bits & -bits
        out |= 1 << embed[low.bit_length() - 1]
        bits ^= low
    return out


def _adjoin(table, p, phi, k, heap_options, max_order):
    """Steps 1 and 2 of the module docstring for heap ``k``: the new table, P-portion and pretending
    function, and the embedding of the old elements (no two of them merge: sums of smaller heaps told apart
    by a sum of smaller heaps stay apart)."""
    m = len(table)
    reps = _reps(table, phi, k - 1)
    images = [word_element(table, phi, o) for o in heap_options[k]]
    # Moves inside each representative: the elements of its options.
    inner = []
    for x in range(m):
        word = reps[x]
        found = set()
        for i, h in enumerate(word):
            rest = word_element(table, phi, word[:i] + word[i + 1:])
            for o in heap_options[h]:
                found.add(table[rest][word_element(table, phi, o)])
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
    if size > max_order * 64:
        raise TooLargeError(f"heap {k}: more than {max_order * 64} elements before reduction")
    gens = sorted(set(phi[1:k])) + [a]
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
    return new_table, new_p, new_phi, [number[cls[x]] for x in range(m)]


def _verify(table, p, phi, heap_options, states=None, first: int = 1):
    """Step 3 of the module docstring: ``(None, states)`` when the mex rule holds for every sum of heaps (so
    the quotient is right), else ``(word, states)`` with a sum of heaps whose state breaks it.

    ``states`` maps each reachable state to a sum reaching it; given the states of all sums of the heaps
    ``< first``, only heaps ``first, first+1, …`` are added (a sum adds its heaps in increasing order)."""
    pmask = 0
    for x, is_p in enumerate(p):
        if is_p:
            pmask |= 1 << x
    states = dict(states) if states is not None else {(0, 0): ()}
    for k in range(first, len(phi)):
        check_interrupt()
        a = phi[k]
        images = [word_element(table, phi, o) for o in heap_options[k]]
        row = [table[y][a] for y in range(len(table))]
        frontier = list(states)
        while frontier:
            state = frontier.pop()
            x, moves = state
            shifted = 0
            bits = moves
            while bits:
                low = bits & -bits
                shifted |= 1 << row[low.bit_length() - 1]
                bits ^= low
            for y in images:
                shifted |= 1 << table[x][y]
            after = (row[x], shifted)
            if after not in states:
                states[after] = states[state] + (k,)
                frontier.append(after)
    for (x, moves), word in states.items():
        if p[x] != (moves != 0 and moves & pmask == 0):
            return word, states
    return None, states
