"""Named games: up and down, switches, tinies and minies, up-nth and cumulative up.

>>> from cgt import up, down, switch, tiny, miny, up_nth, up_cumulative, integer
>>> str(up), str(down), str(switch(integer(1))), str(tiny(integer(1))), str(miny(integer(2)))
('^', 'v', '+-1', 'Tiny(1)', 'Miny(2)')
>>> str(up_nth(3)), str(up_cumulative(3))
('^<3>', '^[3]')
"""

from __future__ import annotations

from fractions import Fraction

from cgt.errors import InvalidGameError
from cgt.game import Game, _add, _canonical, _neg, _uptimal, as_game, ZERO

#: ^ = {0|*}
up: Game = _uptimal(Fraction(0), 1, 0)
#: v = {*|0}
down: Game = _uptimal(Fraction(0), -1, 0)
#: * = {0|0}
star: Game = _uptimal(Fraction(0), 0, 1)


def switch(x) -> Game:
    """The switch ``+-x = {x | -x}``.

    >>> from cgt import integer, dyadic
    >>> str(switch(integer(3))), str(switch(dyadic(1, 2)))
    ('+-3', '+-1/2')
    """
    x = as_game(x)
    return _canonical([x], [_neg(x)])


def tiny(x) -> Game:
    """``Tiny(x) = {0 || 0 | -x}``, a positive infinitesimal for positive x (Winning Ways ch. 5).

    >>> from cgt import integer, up
    >>> g = tiny(integer(2)); str(g), g > 0, g < up
    ('Tiny(2)', True, True)
    """
    x = as_game(x)
    return _canonical([ZERO], [_canonical([ZERO], [_neg(x)])])


def miny(x) -> Game:
    """``Miny(x) = {x | 0 || 0} = -Tiny(x)``.

    >>> from cgt import integer
    >>> str(miny(integer(1)))
    'Miny(1)'
    """
    return _neg(tiny(x))


def _positive_index(n, name: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidGameError(f"{name}() needs a positive int, got {n!r}")
    return n


def _up_nths(n: int):
    """Yield ``^<1>, ..., ^<n>`` using ``^<k+1> = {0 | v[k]*}`` (Siegel, CGT II.4)."""
    cumulative = ZERO
    g = up
    for k in range(1, n + 1):
        if k > 1:
            g = _canonical([ZERO], [_add(_neg(cumulative), star)])
        cumulative = _add(cumulative, g)
        yield g, cumulative


def up_nth(n: int) -> Game:
    """Up-nth ``^<n>``: ``^<1> = ^`` and ``^<n+1> = {0 | v[n]*}`` (Siegel, CGT II.4).

    >>> str(up_nth(1)), str(up_nth(2)), str(-up_nth(2))
    ('^', '^<2>', 'v<2>')
    >>> from cgt import game, down, star
    >>> up_nth(2) is game([0], [down + star])
    True
    """
    n = _positive_index(n, "up_nth")
    for g, _ in _up_nths(n):
        pass
    return g


def up_cumulative(n: int) -> Game:
    """Cumulative up ``^[n] = ^<1> + ^<2> + ... + ^<n>``; ``^[2] = {^|*}``.

    >>> from cgt import game
    >>> up_cumulative(2) is game([up], [star])
    True
    """
    n = _positive_index(n, "up_cumulative")
    for _, total in _up_nths(n):
        pass
    return total
