"""Named games: up and down, switches, tinies and minies, up-nth and cumulative up.

>>> from cgt import up, down, switch, tiny, miny, up_nth, up_cumulative, integer
>>> str(up), str(down), str(switch(integer(1))), str(tiny(integer(1))), str(miny(integer(2)))
('^', 'v', '+-1', 'Tiny(1)', 'Miny(2)')
>>> str(up_nth(3)), str(up_cumulative(3))
('^<3>', '^[3]')
"""

from __future__ import annotations

from fractions import Fraction

from cgt.runtime.arguments import integer_argument
from cgt.errors import TooLargeError
from cgt.runtime.interrupt import check_interrupt, deep
from cgt.kernel.game import Game, ZERO, add, as_game, canonical_from_lists, intern_canonical, negate, trusted_uptimal

#: ^ = {0|*}
up: Game = trusted_uptimal(Fraction(0), 1, 0)
#: v = {*|0}
down: Game = trusted_uptimal(Fraction(0), -1, 0)
#: * = {0|0}
star: Game = trusted_uptimal(Fraction(0), 0, 1)


def switch(x) -> Game:
    """The switch ``+-x = {x | -x}``.

    >>> from cgt import integer, dyadic
    >>> str(switch(integer(3))), str(switch(dyadic(1, 2)))
    ('+-3', '+-1/2')
    """
    x = as_game(x)
    return canonical_from_lists([x], [negate(x)])


def tiny(x) -> Game:
    """``Tiny(x) = {0 || 0 | -x}``, a positive infinitesimal for positive x (Winning Ways ch. 5).

    >>> from cgt import integer, up
    >>> g = tiny(integer(2)); str(g), g > 0, g < up
    ('Tiny(2)', True, True)
    """
    x = as_game(x)
    return canonical_from_lists([ZERO], [canonical_from_lists([ZERO], [negate(x)])])


def miny(x) -> Game:
    """``Miny(x) = {x | 0 || 0} = -Tiny(x)``.

    >>> from cgt import integer
    >>> str(miny(integer(1)))
    'Miny(1)'
    """
    return negate(tiny(x))


#: Largest n for ^<n> and ^[n]: each step interns four new games (n = 10^5 takes ~15 s and 300 MB).
MAX_UP_ORDER = 100_000


def _positive_index(n, name: str) -> int:
    n = integer_argument(n, f"{name}()", minimum=1)
    if n > MAX_UP_ORDER:
        raise TooLargeError(f"{name}({n}): orders above {MAX_UP_ORDER} are refused (each is a new game of "
                            f"birthday about n; cgt.kernel.constructors.MAX_UP_ORDER)")
    return n


def up_family(n: int):
    """Yield ``(k, ^<k>, ^<k>*, ^[k], ^[k]*)`` for ``k = 1..n``, each game built from a closed form.

    ``^[k] = {^[k-1] | *}``, ``^[k]* = {0, ^[k-1]* | 0}``, ``^<k+1> = {0 | v[k]*}`` and
    ``^<k+1>* = {0, * | v[k]}`` (Siegel, *Combinatorial Game Theory*, II.4), so no sum is ever formed and
    each step costs a few options (``tests/short/test_infinitesimal.py`` checks the closed forms against sums).

    >>> [(k, str(a), str(b), str(c), str(d)) for k, a, b, c, d in up_family(2)]
    [(1, '^', '^*', '^', '^*'), (2, '^<2>', '^<2>*', '^[2]', '^[2]*')]
    """
    # From k = 2 on none of these is an uptimal, and the closed forms are canonical (the theorem), so
    # they are interned as they are, without re-checking dominated and reversible options.
    cumulative, cumulative_star = up, add(up, star)   # ^[1] = ^<1> = ^ and ^[1]* = ^<1>* = ^*
    yield 1, up, cumulative_star, up, cumulative_star
    for k in range(2, n + 1):
        if not k & 1023:
            check_interrupt()
        nth = intern_canonical((ZERO,), (negate(cumulative_star),))
        nth_star = intern_canonical((ZERO, star), (negate(cumulative),))
        cumulative = intern_canonical((cumulative,), (star,))
        cumulative_star = intern_canonical((ZERO, cumulative_star), (ZERO,))
        yield k, nth, nth_star, cumulative, cumulative_star


@deep
def up_nth(n: int) -> Game:
    """Up-nth ``^<n>``: ``^<1> = ^`` and ``^<n+1> = {0 | v[n]*}`` (Siegel, CGT II.4).

    >>> str(up_nth(1)), str(up_nth(2)), str(-up_nth(2))
    ('^', '^<2>', 'v<2>')
    >>> from cgt import game, down, star
    >>> up_nth(2) is game([0], [down + star])
    True
    """
    n = _positive_index(n, "up_nth")
    for _, g, _, _, _ in up_family(n):
        pass
    return g


@deep
def up_cumulative(n: int) -> Game:
    """Cumulative up ``^[n] = ^<1> + ^<2> + ... + ^<n>``; ``^[2] = {^|*}``.

    >>> from cgt import game
    >>> up_cumulative(2) is game([up], [star])
    True
    """
    n = _positive_index(n, "up_cumulative")
    for _, _, _, total, _ in up_family(n):
        pass
    return total
