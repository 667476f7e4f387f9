"""CGSuite's deterministic order of canonical games (options inside braces, set elements, as CGSuite
sorts them when it prints).

Numbers come first (ascending), then nimbers (by nim value), then the other uptimals (by number part,
then their coefficients ``a1, a2, ...`` lexicographically, a shorter expansion first on a tie, then the
nimber part), then every other game, compared by its sorted list of Left options lexicographically (a
proper prefix first), ties broken by the sorted Right options.

>>> from cgt import game, star, up, up_nth, nimber, integer, dyadic
>>> options = [game([1], [0]), up, nimber(2), star, integer(-1), dyadic(1, 2), up_nth(2), up + star]
>>> [str(g) for g in sorted(options, key=option_key)]
['-1', '1/2', '*', '*2', '^<2>', '^', '^*', '{1|0}']
"""

from __future__ import annotations

from cgt.runtime.caches import BoundedCache
from cgt.runtime.walk import bottom_up
from cgt.kernel.game import Game, lefts_of, register_cache, rights_of
from cgt.short.uptimal import uptimal_expansion

__all__ = ["option_key", "sorted_options", "clear_caches"]

_keys: dict[Game, tuple] = BoundedCache("print keys")


def clear_caches() -> None:
    """Forget the memoised sort keys.

    >>> from cgt import star
    >>> clear_caches(); option_key(star)
    (1, 1)
    """
    _keys.clear()


def _key_of(g: Game) -> tuple:
    expansion = uptimal_expansion(g)
    if expansion is not None:
        if not expansion.coefficients:
            if not expansion.nimber:
                return (0, expansion.number)
            if not expansion.number:
                return (1, expansion.nimber)
        return (2,) + expansion.sort_key()
    lefts = tuple(sorted(_keys[o] for o in lefts_of(g)))
    rights = tuple(sorted(_keys[o] for o in rights_of(g)))
    return (3, lefts, rights)


def _children(g: Game):
    if uptimal_expansion(g) is not None:
        return ()
    return lefts_of(g) + rights_of(g)


def option_key(g: Game) -> tuple:
    """The sort key of ``g`` in CGSuite's order (memoised; iterative over the followers).

    >>> from cgt import game
    >>> option_key(game([1], [0]))
    (3, ((0, Fraction(1, 1)),), ((0, Fraction(0, 1)),))
    """
    key = _keys.get(g)
    if key is None:
        key = bottom_up(g, _children, _key_of, _keys)
    return key


def sorted_options(options) -> tuple:
    """The games in CGSuite's order.

    >>> from cgt import star, integer
    >>> [str(g) for g in sorted_options([star, integer(3), integer(-2)])]
    ['-2', '3', '*']
    """
    return tuple(sorted(options, key=option_key))


register_cache(clear_caches)
