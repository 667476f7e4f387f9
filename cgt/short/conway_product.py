"""Conway's product of short games (CGSuite's ``G.ConwayProduct(H)``), computed on canonical forms.

Conway, *On Numbers and Games*, ch. 1 (the product of numbers, taken over to all games)::

    G.H = { G^L.H + G.H^L - G^L.H^L,  G^R.H + G.H^R - G^R.H^R
          | G^L.H + G.H^R - G^L.H^R,  G^R.H + G.H^L - G^R.H^L }

On numbers it is the ordinary product, on nimbers the nim product (ONAG ch. 6); for other games it
depends on the forms, and like CGSuite we use the canonical forms of both factors.  The product is built
bottom-up over the pairs of followers, iteratively (:func:`cgt.runtime.walk.bottom_up`).

>>> from cgt import nimber, dyadic, integer, game, up
>>> str(conway_product(nimber(2), nimber(3))), str(conway_product(dyadic(3, 4), integer(-2)))
('*', '-3/2')
>>> str(conway_product(game([1], [0]), integer(2))), str(conway_product(game([1], [0]), integer(-1)))
('1', '{0|-1}')
"""

from __future__ import annotations

from cgt.runtime.caches import BoundedCache
from cgt.runtime.walk import bottom_up
from cgt.errors import TooLargeError
from cgt.kernel.game import Game, ZERO, as_game, game, lefts_of, register_cache, rights_of
from cgt.runtime.interrupt import check_interrupt

__all__ = ["conway_product", "MAX_PAIRS", "clear_caches"]

#: Most pairs of followers a product may visit.
MAX_PAIRS = 250_000

_products: dict[tuple, Game] = BoundedCache("Conway products")


def clear_caches() -> None:
    """Forget memoised products.

    >>> from cgt import nimber
    >>> clear_caches(); str(conway_product(nimber(2), nimber(2)))
    '*3'
    """
    _products.clear()


def _children(pair: tuple) -> tuple:
    g, h = pair
    options_g = lefts_of(g) + rights_of(g)
    options_h = lefts_of(h) + rights_of(h)
    return tuple((a, h) for a in options_g) + tuple((g, b) for b in options_h) + tuple(
        (a, b) for a in options_g for b in options_h)


def _compute(pair: tuple) -> Game:
    check_interrupt()
    g, h = pair
    if g is ZERO or h is ZERO:
        return ZERO
    if g.is_number and h.is_number:
        return as_game(g.number * h.number)
    p = _products

    def term(a, b):
        return p[(a, h)] + p[(g, b)] - p[(a, b)]

    gl, gr, hl, hr = lefts_of(g), rights_of(g), lefts_of(h), rights_of(h)
    lefts = [term(a, b) for a in gl for b in hl] + [term(a, b) for a in gr for b in hr]
    rights = [term(a, b) for a in gl for b in hr] + [term(a, b) for a in gr for b in hl]
    return game(lefts, rights)


def conway_product(g, h) -> Game:
    """``G.H``, Conway's product of the canonical forms of ``G`` and ``H``.

    >>> from cgt import star, up, integer
    >>> str(conway_product(star, star)), str(conway_product(up, integer(1))), str(conway_product(up, star))
    ('*', '^', '*2')
    """
    g, h = as_game(g), as_game(h)
    if (g, h) in _products:
        return _products[(g, h)]
    if g.is_nimber and h.is_nimber:
        from cgt.impartial import nimarith
        from cgt.kernel.game import nimber

        return nimber(nimarith.nim_product(g.nim_value, h.nim_value))
    size = len(g.followers()) * len(h.followers())
    if size > MAX_PAIRS:
        raise TooLargeError(f"ConwayProduct of {g} and {h} needs {size} pairs of followers, more than {MAX_PAIRS}")
    return bottom_up((g, h), _children, _compute, _products)


register_cache(clear_caches)
