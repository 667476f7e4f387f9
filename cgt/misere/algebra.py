"""Misère algebra on canonical forms: mates, links, distinguishers, subtraction, parts and primes.

All from Conway, *On Numbers and Games*, ch. 12 (Siegel, *Combinatorial Game Theory*, §V.1):

* the *mate* ``G⁻`` (``0⁻ = *``, else ``{G'⁻}``) makes ``G + G⁻`` a P-position;
* ``G`` and ``H`` are *linked* iff ``G`` equals no ``H'`` and no ``G'`` equals ``H``; the proof builds the
  linking game ``T = {X_H', Y_G'}`` with ``H' + X`` and ``G' + Y`` P-positions, ``G + X`` and ``H + Y``
  N-positions;
* unequal games are told apart by ``0`` (different outcomes), or by a link of ``G`` with some ``H'`` or of
  some ``G'`` with ``H`` (the equality theorem);
* misère games cancel (``G + T = H + T`` implies ``G = H``), so ``G - H`` is unique when it exists.

>>> from cgt.misere.game import misere_nim
>>> g, h = misere_nim(2) + misere_nim(2), misere_nim(0)
>>> t = distinguisher(g, h)
>>> (g + t).misere_outcome != (h + t).misere_outcome
True
"""

from __future__ import annotations

from cgt.runtime.caches import BoundedCache
from cgt.runtime.walk import postorder
from cgt.errors import NotApplicableError
from cgt.kernel.game import register_cache
from cgt.misere.game import ZERO, MisereGame, canonical_misere, options_linked, misere_game, misere_nim, misere_sum

__all__ = ["mate", "link", "distinguisher", "misere_minus", "is_part", "parts", "partitions", "is_prime"]

_mate_memo: dict = BoundedCache("misère mates")
_minus_memo: dict = BoundedCache("misère differences")
_parts_memo: dict = BoundedCache("misère parts")


def mate(g: MisereGame) -> MisereGame:
    """Conway's mate ``G⁻``: ``*`` for 0, else ``{G'⁻}`` (iterative).

    >>> str(mate(misere_nim(2) + misere_nim(2))), str(mate(misere_game([2])))
    ('*[32]', '*[2#]')
    """
    star = misere_nim(1)
    return postorder(g, lambda x: (x is ZERO, x.options_by_id),
                     lambda is_zero, values: star if is_zero else canonical_misere(values), _mate_memo)


def distinguisher(g: MisereGame, h: MisereGame) -> MisereGame:
    """A game ``X`` such that ``G + X`` and ``H + X`` have different misère outcomes.

    >>> str(distinguisher(misere_nim(2), misere_nim(3)))
    '*[2]'
    """
    if g is h:
        raise NotApplicableError(f"{g} and {h} are equal: no game distinguishes them")
    if g.is_p_position != h.is_p_position:
        return ZERO
    for b in h.options_by_id:
        if options_linked(g.options_by_id, b):
            return link(g, b)
    for a in g.options_by_id:
        if options_linked(a.options_by_id, h):
            return link(a, h)
    raise AssertionError("equality theorem violated")  # pragma: no cover


def _p_distinguisher(a: MisereGame, b: MisereGame) -> MisereGame:
    """``X`` with ``A + X`` a P-position and ``B + X`` an N-position (``A != B``).

    From any distinguisher ``X0``: if ``A + X0`` is N then ``B + X0`` is P and ``{X0, A'⁻}`` works.
    """
    x0 = distinguisher(a, b)
    if misere_sum(a, x0).is_p_position:
        return x0
    return canonical_misere([x0] + [mate(o) for o in a.options_by_id])


def link(g: MisereGame, h: MisereGame) -> MisereGame:
    """A game ``T`` with ``G + T`` and ``H + T`` both misère P-positions.

    >>> t = link(misere_nim(2), misere_nim(2))
    >>> (misere_nim(2) + t).misere_outcome.value
    'P'
    """
    if not options_linked(g.options_by_id, h):
        raise NotApplicableError(f"{g} and {h} are not linked: one equals an option of the other")
    options = [_p_distinguisher(b, g) for b in h.options_by_id]
    options += [_p_distinguisher(a, h) for a in g.options_by_id]
    if not options:                       # G = H = 0: 0 + * is a P-position
        return misere_nim(1)
    return canonical_misere(options)


def _minus(g: MisereGame, h: MisereGame):
    """``G - H`` or None.  Candidate ``{G' - H}`` over the subtractable options, verified by adding."""
    if h is ZERO:
        return g
    star = misere_nim(1)
    if h is star:
        return misere_sum(g, star)
    key = (g.id, h.id)
    if key in _minus_memo:
        return _minus_memo[key]
    h_star = misere_sum(h, star)
    result = None
    if h_star.birthday < h.birthday:          # H = H0 + *, so G - H = (G + *) - H0
        result = _minus(misere_sum(g, star), h_star)
    else:
        target = g.nim_value ^ h.nim_value          # the normal-play value is a misère invariant
        result = next((x for x in _difference_candidates(g, h)
                       if x.nim_value == target and misere_sum(x, h) is g), None)
    _minus_memo.remember(key, result)
    return result


def _difference_candidates(g: MisereGame, h: MisereGame):
    """Games that may be ``G - H`` (``H`` not 0 or ``*``), each to be verified by adding ``H``.

    The sum ``X + H`` is ``{X' + H, X + H'}`` before simplification.  If that form is canonical, every option
    of ``G`` is ``X' + H`` or ``X + H'``: so ``X`` is ``{G' - H}`` unless some ``G' - H`` that exists is not an
    option of ``X``, and in any case ``X = G' - H0`` for the option ``G' = X + H0`` (``H0`` any option of
    ``H``).  Otherwise the form collapses to a second option equal to it (Conway's simplification theorem,
    ONAG ch. 12), which can only be some ``X' + H'``, so that ``G = X' + H'``: then the ``G - H'`` are options
    of ``X``, and ``X`` may be born after ``G``.
    """
    diffs = [d for d in (_minus(o, h) for o in g.options_by_id) if d is not None]
    yield canonical_misere(diffs)
    h0 = h.options_by_id[0]
    for o in g.options_by_id:
        x = _minus(o, h0)
        if x is not None:
            yield x
    collapsed = [d for d in (_minus(g, b) for b in h.options_by_id) if d is not None]
    if collapsed:
        yield canonical_misere(diffs + collapsed)
        yield canonical_misere(collapsed)


def misere_minus(g: MisereGame, h: MisereGame) -> MisereGame:
    """The game ``X`` with ``X + H = G``; :class:`~cgt.errors.NotApplicableError` when there is none.

    >>> str(misere_minus(misere_nim(2) + misere_nim(2), misere_nim(2)))
    '*[2]'
    >>> misere_minus(misere_nim(2), misere_nim(4))
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: *[4] is not a part of *[2]: no X has X + *[4] = *[2]
    """
    x = _minus(g, h)
    if x is None:
        raise NotApplicableError(f"{h} is not a part of {g}: no X has X + {h} = {g}")
    return x


def is_part(h: MisereGame, g: MisereGame) -> bool:
    """Whether ``H`` is a part of ``G``: ``G = H + X`` for some ``X`` (ONAG ch. 12).

    >>> is_part(misere_nim(2), misere_nim(3)), is_part(misere_nim(3), misere_nim(2)), is_part(misere_nim(4), misere_nim(2))
    (True, True, False)
    """
    return _minus(g, h) is not None


def parts(g: MisereGame) -> tuple[MisereGame, ...]:
    """The parts of ``G``: games ``H`` with ``G = H + X`` for some ``X`` (sorted by birthday, then id).

    Candidates are 0, ``*``, ``G``, ``G + *`` and the parts of the options (with and without ``+ *``);
    each is verified by subtraction, and with a part ``H`` its complement ``G - H`` is a part too (it may be
    born after ``G``).

    >>> [str(p) for p in parts(misere_nim(3))]         # *3 = *2 + *
    ['*[0]', '*[1]', '*[2]', '*[3]']
    """
    star = misere_nim(1)

    # Post-order over the followers so that each follower's parts are known before its parents'.
    order: list = []
    postorder(g, lambda x: (x, x.options_by_id), lambda x, values: order.append(x), {})
    _parts_memo.pin()       # the followers' parts are read back below: none leaves before the end
    try:
        for x in order:
            if x.id in _parts_memo:
                continue
            candidates = {ZERO, star, x, misere_sum(x, star)}
            for o in x.options_by_id:
                for p in _parts_memo[o.id]:
                    candidates.add(p)
                    candidates.add(misere_sum(p, star))
            complements = {p: _minus(x, p) for p in candidates}
            found = {p for p, rest in complements.items() if rest is not None}
            found |= {complements[p] for p in found}       # G = H + X makes X a part too
            _parts_memo[x.id] = tuple(sorted(found, key=lambda p: (p.birthday, p.id)))
        return _parts_memo[g.id]
    finally:
        _parts_memo.unpin()


def is_prime(g: MisereGame) -> bool:
    """True when ``G`` is not 0 or ``*`` and its only parts are 0, ``*``, ``G`` and ``G + *``.

    >>> is_prime(misere_nim(3)), is_prime(misere_nim(2) + misere_nim(3))
    (True, False)
    """
    star = misere_nim(1)
    if g is ZERO or g is star:
        return False
    trivial = {ZERO, star, g, misere_sum(g, star)}
    return all(p in trivial for p in parts(g))


def _normal(p: MisereGame) -> MisereGame:
    """Of ``p`` and ``p + *``, the one born first (then the smaller id)."""
    q = misere_sum(p, misere_nim(1))
    return min(p, q, key=lambda x: (x.birthday, x.id))


def partitions(g: MisereGame) -> tuple[tuple[MisereGame, ...], ...]:
    """The partitions of ``G`` into primes.

    Since ``*`` is its own inverse, a prime ``p`` and ``p + *`` are interchangeable; each partition lists
    primes of the form born first (of ``p`` and ``p + *``), in increasing order, followed by ``*`` when
    their sum is ``G + *``.  ``0`` has the empty partition.

    >>> [[str(p) for p in ps] for ps in partitions(misere_nim(2) + misere_nim(3))]
    [['*[2]', '*[2]', '*[1]']]
    >>> partitions(misere_nim(1))
    ((parse_misere('*[1]'),),)
    """
    star = misere_nim(1)
    primes = sorted({_normal(p) for p in parts(g) if is_prime(p)}, key=lambda p: (p.birthday, p.id))
    memo: dict = {}

    def split(r: MisereGame, start: int) -> set:
        key = (r.id, start)
        if key in memo:
            return memo[key]
        found: set = set()
        if r is ZERO:
            found.add(((), 0))
        elif r is star:
            found.add(((), 1))
        for i in range(start, len(primes)):
            p = primes[i]
            for flag, q in ((0, p), (1, misere_sum(p, star))):
                rest = _minus(r, q)
                if rest is None:
                    continue
                for tail, f in split(rest, i):
                    found.add(((p,) + tail, f ^ flag))
        memo[key] = found
        return found

    result = [ps + ((star,) if flag else ()) for ps, flag in split(g, 0)]
    return tuple(sorted(result, key=lambda ps: [(p.birthday, p.id) for p in ps]))


def _clear() -> None:
    _mate_memo.clear()
    _minus_memo.clear()
    _parts_memo.clear()


register_cache(_clear)
