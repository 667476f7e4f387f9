"""Boolean properties of canonical short games under CGSuite's names.

* ``is_numberish`` -- infinitesimally close to a number: both stops equal (Siegel, *Combinatorial Game
  Theory*, II.3);
* ``is_number_tiny`` -- a number plus a tiny or a miny, in the shapes CGSuite prints as ``xTiny(d)`` and
  ``xMiny(d)``: ``{x||x|y}`` with mean(y) < x, or ``{{z|x}|x}`` with mean(z) > x;
* ``is_idempotent`` -- ``G + G = G`` (for short games only 0);
* ``is_ordinal`` -- a game with no Right options at any follower equals a non-negative integer, so the
  canonical ordinals are 0, 1, 2, ... (Conway, *On Numbers and Games*, ch. 0);
* ``is_even``/``is_odd`` -- Conway's parity of forms (*On Numbers and Games*, ch. 14): ``G`` is even when
  every option is odd, odd when it is not 0 and every option is even (0 is even); applied to the
  canonical form;
* ``is_even_tempered``/``is_odd_tempered`` -- Siegel, CGT II.6: ``G`` is even-tempered when it is
  numberish or every option is odd-tempered, odd-tempered when it is not numberish and every option is
  even-tempered;
* ``follower_count`` -- the number of distinct followers, ``G`` itself included.

>>> from cgt import game, star, up, integer, switch, tiny, dyadic
>>> [is_numberish(g) for g in (up, star, switch(integer(1)))]
[True, True, False]
>>> [is_even(g) for g in (integer(0), star, integer(2), dyadic(1, 2))], is_odd(integer(1))
([True, False, True, False], True)
>>> is_odd_tempered(switch(integer(1))), is_even_tempered(game([game([3], [2])], [game([-2], [-3])]))
(True, True)
>>> is_number_tiny(tiny(integer(1)) + 3), follower_count(up)
(True, 3)
"""

from __future__ import annotations

from cgt.runtime.caches import BoundedCache
from cgt.runtime.walk import bottom_up
from cgt.kernel.game import (Game, ZERO, as_game, closed_uptimal, lefts_of, register_cache, rights_of,
                             uptimal_follower_count)

__all__ = [
    "is_numberish", "is_number_tiny", "is_idempotent", "is_ordinal", "is_even", "is_odd",
    "is_even_tempered", "is_odd_tempered", "follower_count", "clear_caches",
]

# game -> (even, odd) and game -> (even-tempered, odd-tempered)
_parity: dict[Game, tuple] = BoundedCache("parities")
_temper: dict[Game, tuple] = BoundedCache("tempers")


def clear_caches() -> None:
    """Forget the memoised parities.

    >>> from cgt import star
    >>> clear_caches(); is_odd(star)
    True
    """
    _parity.clear()
    _temper.clear()


def _options(g: Game) -> tuple:
    return lefts_of(g) + rights_of(g)


def is_numberish(g) -> bool:
    """True when ``G`` is a number plus an infinitesimal (equal stops).

    >>> from cgt import game
    >>> is_numberish(game([1], [1])), is_numberish(game([1], [0]))
    (True, False)
    """
    g = as_game(g)
    return g.left_stop == g.right_stop


def is_number_tiny(g) -> bool:
    """True for ``x + Tiny(d)`` and ``x + Miny(d)`` in CGSuite's exact shapes (see the module docstring).

    >>> from cgt import miny, integer, up
    >>> is_number_tiny(miny(integer(2))), is_number_tiny(up)
    (True, False)
    """
    g = as_game(g)
    lefts, rights = lefts_of(g), rights_of(g)
    if len(lefts) != 1 or len(rights) != 1:
        return False
    (left,), (right,) = lefts, rights
    if left.is_number:
        inner = right
        return (lefts_of(inner) == (left,) and len(rights_of(inner)) == 1
                and rights_of(inner)[0].mean < left.number)
    if right.is_number:
        inner = left
        return (rights_of(inner) == (right,) and len(lefts_of(inner)) == 1
                and lefts_of(inner)[0].mean > right.number)
    return False


def is_idempotent(g) -> bool:
    """True when ``G + G = G``.

    >>> from cgt import star, zero
    >>> is_idempotent(zero), is_idempotent(star)
    (True, False)
    """
    g = as_game(g)
    return g + g is g


def is_ordinal(g) -> bool:
    """True for the ordinals among short games: 0, 1, 2, ...

    >>> from cgt import integer, dyadic
    >>> is_ordinal(integer(3)), is_ordinal(integer(-1)), is_ordinal(dyadic(1, 2))
    (True, False, False)
    """
    g = as_game(g)
    return g.is_integer and g.number >= 0


def _parity_of(g: Game) -> tuple:
    options = _options(g)
    even = all(_parity[o][1] for o in options)
    odd = g is not ZERO and all(_parity[o][0] for o in options)
    return (even, odd)


def is_even(g) -> bool:
    """Conway's even games: every option odd (0 is even).

    >>> from cgt import up
    >>> is_even(up)
    False
    """
    return bottom_up(as_game(g), _options, _parity_of, _parity)[0]


def is_odd(g) -> bool:
    """Conway's odd games: not 0, and every option even.

    >>> from cgt import star, nimber
    >>> is_odd(star), is_odd(nimber(2))
    (True, False)
    """
    return bottom_up(as_game(g), _options, _parity_of, _parity)[1]


def _temper_of(g: Game) -> tuple:
    if g.is_number:
        return (True, False)
    options = _options(g)
    return (all(_temper[o][1] for o in options), all(_temper[o][0] for o in options))


def _temper_children(g: Game) -> tuple:
    return () if g.is_number else _options(g)


def is_even_tempered(g) -> bool:
    """Even-tempered games: equal to a number, or not a number and every option odd-tempered.

    Siegel, *Combinatorial Game Theory*, §II.6 (Berlekamp's temper).  The base is *equal to* a number, not
    numberish: so tempers add like parities (even + even and odd + odd are even-tempered, even + odd is
    odd-tempered), and ``*`` is odd-tempered, as CGSuite says.

    >>> from cgt import game, star
    >>> is_even_tempered(game([1], [0])), is_even_tempered(game([game([3], [2])], [game([-2], [-3])]))
    (False, True)
    >>> is_even_tempered(star), is_even_tempered(star + star)
    (False, True)
    """
    return bottom_up(as_game(g), _temper_children, _temper_of, _temper)[0]


def is_odd_tempered(g) -> bool:
    """Odd-tempered games: not a number, and every option even-tempered (see :func:`is_even_tempered`).

    >>> from cgt import game, star
    >>> is_odd_tempered(game([1], [0])), is_odd_tempered(star)
    (True, True)
    """
    return bottom_up(as_game(g), _temper_children, _temper_of, _temper)[1]


def follower_count(g) -> int:
    """The number of distinct followers of ``G``, ``G`` itself included; for numbers, nimbers and uptimals
    ``x + u.^ + *n`` in closed form (no game is built), so ``-1823437481924`` answers at once.

    >>> from cgt import game, integer, nimber
    >>> follower_count(game([1], [0])), follower_count(nimber(3)), follower_count(integer(-1823437481924))
    (3, 4, 1823437481925)
    """
    g = as_game(g)
    closed = closed_uptimal(g)
    if closed is not None:
        return uptimal_follower_count(*closed)
    return len(g.followers())


register_cache(clear_caches)
