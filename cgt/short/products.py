"""Norton's product ``G.U`` and the ordinal sum ``G : H``.

**Norton multiplication** (Winning Ways ch. 8; Siegel, CGT §II.7; Lessons in
Play ch. 9).  For a positive game ``U`` with incentives ``Δ`` (Left's
``U^L - U`` and Right's ``U - U^R``)::

    G.U = n copies of U                        if G is an integer n,
    G.U = {G^L.U + U + Δ | G^R.U - U - Δ}      otherwise (Δ over all incentives of U).

For fixed ``U > 0`` it is additive and order-preserving in ``G`` (Norton's
lemma), it depends on the *form* of ``U`` (we use the canonical form), and
``n * U`` for an integer ``n`` agrees with ``integer(n).norton_product(U)``.

**Ordinal sum** (Winning Ways ch. 7 "Hackenbush"; Siegel, CGT §II.1;
CGSuite's ``G : H``): ``G : H = {G^L, G : H^L | G^R, G : H^R}`` — a move in
``G`` wipes out ``H``, a move in ``H`` leaves ``G`` alone.  It depends on the
form of ``G`` (we use the canonical form) but only on the value of ``H``.

>>> from cgt import integer, dyadic, up, star
>>> str(dyadic(1, 2).norton_product(up)), str(integer(3).norton_product(up))
('{^^*|v*}', '^3')
>>> str(integer(1).ordinal_sum(-1)), str(star.ordinal_sum(star)), str(star.ordinal_sum(1))
('1/2', '*2', '^*')
"""

from __future__ import annotations

from cgt.runtime.caches import BoundedCache, PARAMETERS_KEPT, memo_for
from cgt.runtime.walk import bottom_up
from cgt.kernel.game import Game, ZERO, as_game, game, lefts_of, rights_of
from cgt.thermo.temperature import incentives

__all__ = ["clear_caches", "norton_product", "ordinal_sum", "ordinal_sum_of_form"]

_norton: dict[Game, dict[Game, Game]] = BoundedCache("Norton products", budget=PARAMETERS_KEPT)
_ordinal: dict[Game, dict[Game, Game]] = BoundedCache("ordinal sums", budget=PARAMETERS_KEPT)


def clear_caches() -> None:
    """Forget memoised Norton products and ordinal sums.

    >>> from cgt import star
    >>> clear_caches(); str(star.ordinal_sum(star))
    '*2'
    """
    _norton.clear()
    _ordinal.clear()


def norton_product(g, unit) -> Game:
    """``G.norton_product(U)``: Norton's product ``G.U``: ``n.U`` for an integer ``n``, else
    ``{G^L.U + U + Δ | G^R.U - U - Δ}`` over the incentives ``Δ`` of ``U``, on ``G``'s canonical form.

    For ``U > 0`` the product depends only on the value of ``G`` and is linear and order-preserving in it
    (Norton's theorem; Winning Ways ch. 8, Siegel, *Combinatorial Game Theory*, §II.5).  For other units the
    same formula is taken, as CGSuite takes it: ``(1/2).U`` with ``U = *`` is ``{0|*} = ^``.

    >>> from cgt import star, up, dyadic, integer, game
    >>> str(star.norton_product(up)), str(dyadic(3, 4).norton_product(integer(1)))
    ('+-(^^*)', '3/4')
    >>> str(integer(-2).norton_product(dyadic(1, 2))), str(dyadic(1, 2).norton_product(star))
    ('-1', '^')
    """
    g = as_game(g)
    unit = as_game(unit)
    deltas = [unit + d for d in incentives(unit)]  # U + Δ, for each incentive Δ of U
    memo = memo_for(_norton, unit)

    def children(h: Game):
        return () if h.is_integer else lefts_of(h) + rights_of(h)

    def compute(h: Game) -> Game:
        if h.is_integer:
            return int(h.number) * unit
        lefts = [memo[o] + d for o in lefts_of(h) for d in deltas]
        rights = [memo[o] - d for o in rights_of(h) for d in deltas]
        return game(lefts, rights)

    return bottom_up(g, children, compute, memo)


def ordinal_sum(g, h) -> Game:
    """``G.ordinal_sum(H)``: the ordinal sum ``G : H`` (CGSuite's ``G : H``).

    >>> from cgt import integer, star, up
    >>> str(integer(1).ordinal_sum(1)), str(integer(1).ordinal_sum(star)), str(up.ordinal_sum(0))
    ('2', '1*', '^')
    >>> str(integer(1).ordinal_sum(-1).ordinal_sum(1))
    '3/4'
    """
    g = as_game(g)
    return _ordinal_sum(g, list(lefts_of(g)), list(rights_of(g)), as_game(h), memo_for(_ordinal, g))


def ordinal_sum_of_form(left, right, h) -> Game:
    """The ordinal sum ``G : H`` of the game ``G = {left | right}`` *as written* (not simplified) and ``H``.

    ``G : H = {G^L, G : H^L | G^R, G : H^R}`` depends on the form of ``G``, not only on its value (Siegel,
    *Combinatorial Game Theory*, ch. II, ordinal sums; CGSuite's explicit games ``'{…}'`` keep the form):
    ``{-1|1}`` and ``{|}`` are both 0, but ``{-1|1} : 1`` is ``{-1, {-1|1} | 1} = 1/2`` while ``0 : 1`` is 1.

    >>> from cgt import integer
    >>> str(ordinal_sum_of_form([integer(-1)], [integer(1)], integer(1))), str(ordinal_sum(0, 1))
    ('1/2', '1')
    """
    left, right, h = [as_game(x) for x in left], [as_game(x) for x in right], as_game(h)
    return _ordinal_sum(game(left, right), left, right, h, {})


def _ordinal_sum(g: Game, base_left: list, base_right: list, h: Game, memo) -> Game:
    """``G : H`` for ``G`` with the options ``base_left | base_right`` (its value ``g``)."""

    def children(k: Game):
        return lefts_of(k) + rights_of(k)

    def compute(k: Game) -> Game:
        if k is ZERO:
            return g
        return game(
            base_left + [memo[o] for o in lefts_of(k)],
            base_right + [memo[o] for o in rights_of(k)],
        )

    return bottom_up(h, children, compute, memo)


from cgt.kernel.game import register_cache as _register_cache  # noqa: E402

_register_cache(clear_caches)
