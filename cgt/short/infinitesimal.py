"""Infinitesimals: atomic weight, reduced canonical form, companion.

**Atomic weight** (Winning Ways ch. 8; Siegel, CGT §II.7; Lessons in Play
ch. 9).  For an all-small game ``G`` the atomic weight ``aw(G)`` measures ``G``
in units of ``^``: ``aw(n.^) = n``, ``aw(G + H) = aw(G) + aw(H)``, and the
*two-ahead rule* says ``G > 0`` when ``aw(G) >= 2``.  It is computed by the
atomic weight calculus: with ``G' = {aw(G^L) - 2 | aw(G^R) + 2}``,

* ``aw(G) = G'`` unless ``G'`` is an integer;
* in the *eccentric* case (``G'`` an integer) compare ``G`` with a far star
  ``☆ = *N`` (N beyond every nimber in ``G``): if ``G > ☆``, ``aw(G)`` is the
  largest integer ``n`` with ``n ◁ aw(G^R) + 2`` for every ``G^R``; if
  ``G < ☆``, the least integer ``n`` with ``aw(G^L) - 2 ◁ n`` for every
  ``G^L``; otherwise ``aw(G) = 0``.  (``A ◁ B`` means "not ``A >= B``".)

The calculus applies to every all-small game.  A game that is not all-small is atomic, as in CGSuite,
when the far-star test finds an integer ``A`` with ``G - (A-1).^ > ☆ > G - (A+1).^``
(:func:`far_star_weight`); other games raise :class:`~cgt.errors.NotApplicableError`.

**Reduced canonical form** (Calistrate 1996; Grossman and Siegel 2009; Siegel,
CGT §II.6): the simplest game ``rcf(G)`` with ``G - rcf(G)`` infinitesimal.
Options are reduced first; then *Inf-dominated* options are deleted and
*Inf-reversible* options bypassed, where ``A <=_Inf B`` iff
``A <= B + e`` for some infinitesimal ``e`` iff ``R(B - A) >= 0`` (right stop).
A game infinitesimally close to a number ``x`` (``L(G) = R(G) = x``) reduces
to ``x``; in particular every infinitesimal reduces to 0.

**Companion** (CGSuite's ``Companion``): ``companion(0) = *``, and otherwise
``{companion(G^L) | companion(G^R)}`` with 0 added to Left's options when
``G > 0`` and to Right's when ``G < 0``.  Numbers and nimbers other than 0 and
``*`` are fixed; it swaps ``0`` and ``*``, ``^`` and ``^*``, ``^^`` and ``^^*``.

>>> from cgt import up, star, game, integer
>>> str(up.atomic_weight), str((up + up + star).atomic_weight), str(star.atomic_weight)
('1', '2', '0')
>>> str(game([2], [star]).reduced_canonical_form), str((up + star).reduced_canonical_form)
('{2|0}', '0')
>>> str(up.companion), str((up + star).companion), str(star.companion)
('^*', '^', '0')
"""

from __future__ import annotations

import math

from cgt.runtime.caches import BoundedCache
from cgt.runtime.walk import bottom_up
from cgt.errors import NotApplicableError
from cgt.kernel.game import Game, ZERO, as_game, game, integer, lefts_of, nimber, number, rights_of

__all__ = ["atomic_weight", "clear_caches", "companion", "far_star", "far_star_weight", "is_atomic",
           "reduced_canonical_form"]

_atomic_weights: dict[Game, Game] = BoundedCache("atomic weights")
_reduced: dict[Game, Game] = BoundedCache("reduced canonical forms")
_companions: dict[Game, Game] = BoundedCache("companions")


def clear_caches() -> None:
    """Forget memoised atomic weights, reduced canonical forms and companions.

    >>> from cgt import up
    >>> clear_caches(); str(up.atomic_weight)
    '1'
    """
    _atomic_weights.clear()
    _reduced.clear()
    _companions.clear()


def _options(g: Game):
    return lefts_of(g) + rights_of(g)


# ====================================================================== atomic weight

def is_atomic(g) -> bool:
    """True when ``G`` has an atomic weight: every all-small game, and a game that is not
    all-small when the far-star test finds an integer weight (see :func:`far_star_weight`).

    >>> from cgt import up, star, tiny, integer, switch
    >>> [is_atomic(x) for x in (up, star, tiny(integer(1)), switch(integer(1)), integer(0), integer(1))]
    [True, True, True, False, True, False]
    """
    g = as_game(g)
    return g.is_all_small or far_star_weight(g) is not None


def far_star_weight(g) -> Game | None:
    """The integer ``A`` with ``G - (A-1).^ > ☆`` and ``G - (A+1).^ < ☆`` (☆ a far star), or None.

    This is how CGSuite decides atomic weights of games that are not all-small: the comparisons with a far
    star that settle the eccentric case of the calculus (Winning Ways ch. 8; Siegel, CGT §II.7), applied to
    ``G`` itself.  For all-small games it agrees with the calculus whenever the weight is an integer
    (``tests/shell/test_methods.py`` checks every all-small game born by day 3).  Since ``G > ☆`` when
    ``aw(G) >= 1``, the first test holds exactly for ``A <= aw(G)`` and the second for ``A >= aw(G)``.

    >>> from cgt import tiny, integer, up, game
    >>> str(far_star_weight(tiny(integer(1)))), str(far_star_weight(tiny(integer(1)) + up + up))
    ('0', '2')
    >>> far_star_weight(integer(1)) is None, far_star_weight(game([1], [0])) is None
    (True, True)
    """
    from cgt.kernel.constructors import up

    g = as_game(g)
    if g.left_stop != 0 or g.right_stop != 0:      # an atomic game is infinitesimal
        return None
    bound = g.birthday + 2
    star_far = far_star(g + bound * up)
    for a in range(-bound, bound + 1):
        if not g - (a - 1) * up > star_far:
            return None
        if g - (a + 1) * up < star_far:
            return integer(a)
    return None


def far_star(g) -> Game:
    """A far star ``☆`` for ``G``: the nimber ``*2^k`` with ``2^k`` above ``G``'s birthday.

    Every nimber follower of ``G`` is ``*m`` with ``m <= birthday(G)``, so ``G``
    compares with every such remote star alike (Winning Ways ch. 8; Siegel, CGT §II.7).

    >>> from cgt import up, star
    >>> str(far_star(up)), str(far_star(up + up + star))
    ('*4', '*4')
    """
    b = as_game(g).birthday
    return nimber(1 << b.bit_length()) if b else nimber(1)


def _largest_integer_below_all(games) -> Game:
    """The largest integer n with n ◁ h (not n >= h) for every h in ``games``."""
    # n > L(h) forces n > h, so n <= L(h); n < R(h) forces n < h, so n ◁ h.
    n = math.floor(min(h.left_stop for h in games))
    while not all(not integer(n) >= h for h in games):
        n -= 1
    return integer(n)


def _least_integer_above_all(games) -> Game:
    """The least integer n with h ◁ n (not h >= n) for every h in ``games``."""
    n = math.ceil(max(h.right_stop for h in games))
    while not all(not h >= integer(n) for h in games):
        n += 1
    return integer(n)


def _atomic_weight_of(g: Game) -> Game:
    if g is ZERO:
        return ZERO
    lefts = [_atomic_weights[o] - 2 for o in lefts_of(g)]
    rights = [_atomic_weights[o] + 2 for o in rights_of(g)]
    candidate = game(lefts, rights)
    if not candidate.is_integer:
        return candidate
    # The eccentric case of the atomic weight calculus (Winning Ways ch. 8; Siegel,
    # CGT §II.7): decided by comparing G with a far star.
    star_far = far_star(g)
    if g > star_far:
        return _largest_integer_below_all(rights)
    if g < star_far:
        return _least_integer_above_all(lefts)
    return ZERO


def atomic_weight(g) -> Game:
    """``G.atomic_weight`` of an all-small game, by the atomic weight calculus.

    >>> from cgt import up, star, up_nth, game, nimber
    >>> [str(atomic_weight(x)) for x in (up, -up + star, up_nth(2), game([0], [up]), game([up + up + star], [-up - up + star]))]
    ['1', '-1', '0', '2', '*']
    >>> atomic_weight(game([1], [0]))
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: {1|0} is not atomic: no atomic weight passes the far-star test
    """
    g = as_game(g)
    if not g.is_all_small:
        weight = far_star_weight(g)
        if weight is None:
            raise NotApplicableError(f"{g} is not atomic: no atomic weight passes the far-star test")
        return weight
    return bottom_up(g, _options, _atomic_weight_of, _atomic_weights)


# ====================================================================== reduced canonical form

def _inf_le(a: Game, b: Game) -> bool:
    """a <=_Inf b: a <= b + e for some infinitesimal e; equivalently R(b - a) >= 0 (Siegel, CGT §II.6)."""
    return (b - a).right_stop >= 0


def _reduced_of(g: Game) -> Game:
    left_stop, right_stop = g.left_stop, g.right_stop
    if left_stop == right_stop:
        # G - x is infinitesimal exactly when both stops of G equal x.
        return number(left_stop)
    lefts = _distinct(_reduced[o] for o in lefts_of(g))
    rights = _distinct(_reduced[o] for o in rights_of(g))
    while True:
        # Delete Inf-dominated options (for reduced games, mutual Inf-domination means equality).
        lefts = [a for a in lefts if not any(b is not a and _inf_le(a, b) for b in lefts)]
        rights = [a for a in rights if not any(b is not a and _inf_le(b, a) for b in rights)]
        new_lefts, left_changed = _bypass_inf_reversible(g, lefts, left=True)
        new_rights, right_changed = _bypass_inf_reversible(g, rights, left=False)
        lefts, rights = _distinct(new_lefts), _distinct(new_rights)
        if not (left_changed or right_changed):
            break
    return game(lefts, rights)


def _bypass_inf_reversible(g: Game, options: list, left: bool) -> tuple[list, bool]:
    """One pass of Inf-reversal bypassing over ``g``'s Left (``left``) or Right options; also says whether
    anything was bypassed.  A Left option A is Inf-reversible through A^R when A^R <=_Inf G, and is
    replaced by the Left options of A^R; mirror-wise for Right (Siegel, CGT §II.6)."""
    out = []
    changed = False
    for a in options:
        if left:
            through = next((ar for ar in rights_of(a) if _inf_le(ar, g)), None)
        else:
            through = next((al for al in lefts_of(a) if _inf_le(g, al)), None)
        if through is None:
            out.append(a)
        else:
            out.extend(lefts_of(through) if left else rights_of(through))
            changed = True
    return out, changed


def _distinct(games) -> list:
    """The games in order, each once (dicts keep insertion order)."""
    return list(dict.fromkeys(games))


def reduced_canonical_form(g) -> Game:
    """``G.reduced_canonical_form``: the simplest game infinitesimally close to ``G``.

    >>> from cgt import game, up, star, switch, integer, tiny
    >>> [str(reduced_canonical_form(x)) for x in (up, tiny(integer(2)) + 3, switch(integer(1)) + star)]
    ['0', '3', '+-1']
    >>> str(reduced_canonical_form(game([1], [up]))), str(reduced_canonical_form(game([game([2], [star])], [0])))
    ('{1|0}', '0')
    >>> str(reduced_canonical_form(integer(10 ** 6) + up))
    '1000000'
    """
    g = as_game(g)
    if g.left_stop == g.right_stop:      # numberish: the closed form, without walking the followers
        return number(g.left_stop)
    return bottom_up(g, _options, _reduced_of, _reduced)


# ====================================================================== companion

def _companion_of(g: Game) -> Game:
    if g is ZERO:
        return nimber(1)
    lefts = [_companions[o] for o in lefts_of(g)]
    rights = [_companions[o] for o in rights_of(g)]
    if g > ZERO:
        lefts.append(ZERO)
    elif g < ZERO:
        rights.append(ZERO)
    return game(lefts, rights)


def companion(g) -> Game:
    """``G.companion`` (see the module docstring for the definition).

    >>> from cgt import up, star, nimber, dyadic
    >>> [str(companion(x)) for x in (up, up + up, nimber(3), dyadic(3, 4), -up, integer(10 ** 6))]
    ['^*', '^^*', '*3', '3/4', 'v*', '1000000']
    """
    g = as_game(g)
    if g.is_number and g is not ZERO:    # numbers other than 0 are fixed: the closed form, at once
        return g
    return bottom_up(g, _options, _companion_of, _companions)


from cgt.kernel.game import register_cache as _register_cache  # noqa: E402

_register_cache(clear_caches)
