"""Powers of games ``G = {0|H}`` (CGSuite's ``G.Pow(n)`` and ``G.PowTo(n)``).

Siegel, *Combinatorial Game Theory*, II.4 (the up-nth construction, generalised to any base ``{0|H}``)::

    G^1 = G,     G^(n+1) = {0 | H - G^->n},     G^->n = G^1 + G^2 + ... + G^n.

For ``G = ^ = {0|*}`` this gives ``^<n+1> = {0 | v[n]*}`` and ``^[n]``, which the kernel builds from their
closed forms (:func:`cgt.up_nth`, :func:`cgt.up_cumulative`); other bases are built step by step.

>>> from cgt import up, game, integer
>>> str(power(up, 3)), str(power_to(up, 3))
('^<3>', '^[3]')
>>> g = game([0], [integer(-1)])
>>> str(power(g, 2)), str(power_to(g, 2))
('Tiny(1)', '{0,{0|-1}|-1}')
"""

from __future__ import annotations

from cgt.kernel.constructors import up, up_cumulative, up_nth
from cgt.errors import NotApplicableError, TooLargeError
from cgt.kernel.game import Game, ZERO, as_game, game, lefts_of, rights_of
from cgt.runtime.interrupt import check_interrupt

__all__ = ["power", "power_to", "MAX_EXPONENT"]

#: Largest exponent built step by step for a base other than ^ (each step is a sum of growing games).
MAX_EXPONENT = 2000


def _base(g) -> Game:
    """``H`` for a base ``G = {0|H}``, or a clear error."""
    g = as_game(g)
    lefts, rights = lefts_of(g), rights_of(g)
    if lefts != (ZERO,) or len(rights) != 1:
        raise NotApplicableError(f"powers are defined for games of the form {{0|H}}, and {g} is not one")
    return rights[0]


def _exponent(n, what: str) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise NotApplicableError(f"{what} needs a positive integer exponent, got {n!r}")
    return n


def _powers(g: Game, n: int):
    """Yield ``(G^k, G^->k)`` for k = 1..n."""
    h = _base(g)
    if n > MAX_EXPONENT:
        raise TooLargeError(f"powers of {g} are built step by step: exponent {n} is above {MAX_EXPONENT}")
    current, total = g, g
    yield current, total
    for _ in range(2, n + 1):
        check_interrupt()
        current = game([ZERO], [h - total])
        total = total + current
        yield current, total


def power(g, n) -> Game:
    """``G^n`` for ``G = {0|H}`` (CGSuite's ``G.Pow(n)``).

    >>> from cgt import star, up, switch, integer
    >>> str(power(up, 2)), str(power(star, 2))
    ('^<2>', '^')
    >>> power(switch(integer(1)), 2)
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: powers are defined for games of the form {0|H}, and +-1 is not one
    """
    return _last(g, n, "Pow", up_nth, 0)


def power_to(g, n) -> Game:
    """``G^->n = G^1 + ... + G^n`` for ``G = {0|H}`` (CGSuite's ``G.PowTo(n)``).

    >>> from cgt import up
    >>> str(power_to(up, 1)), str(power_to(up, 4))
    ('^', '^[4]')
    """
    return _last(g, n, "PowTo", up_cumulative, 1)


def _last(g, n, name: str, closed_form, index: int) -> Game:
    """The n-th power (``index`` 0) or cumulative power (1); the closed form for the base ^."""
    g = as_game(g)
    n = _exponent(n, name)
    if g is up:
        return closed_form(n)
    for pair in _powers(g, n):
        pass
    return pair[index]
