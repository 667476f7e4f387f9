"""Cooling, heating, freezing and overheating.

**Cooling** (Winning Ways ch. 6; Siegel, CGT §II.5): for ``t > -1``,
``G`` cooled by ``t`` is ``G_t = n`` when ``G`` is an integer ``n``; otherwise
``G_t = {G^L_t - t | G^R_t + t}``, unless that game is infinitesimally close
to a number ``x`` already for some ``t' < t`` — then ``G_t = x``, the mean of
``G``.  The least such ``t'`` is the temperature, so: ``G_t`` is the mean for
``t`` above the temperature, and at the temperature itself it is the mean plus
an infinitesimal (``+-1`` cooled by 1 is ``*``).  Cooling is additive,
``(G + H)_t = G_t + H_t`` (Siegel, CGT §II.5; tests/thermo/test_cooling.py checks it
as a property).

**Heating** (Winning Ways ch. 6; Siegel, CGT II.5): ``∫^t G = G`` for a number
``G``, else ``{∫^t G^L + t | ∫^t G^R - t}``; ``t`` may be any game.

**Overheating** (Berlekamp, "Blockbusting and Domineering", JCTA 49, 1988;
CGSuite's ``Overheat``):
``∫_s^t G = n.s`` (n copies of s) for an integer ``G = n``, else
``{∫_s^t G^L + t | ∫_s^t G^R - t}``.

All three act on the canonical form, as CGSuite does.

>>> from cgt import game, star, integer, switch
>>> g = game([3], [game([2 + star], [1 + star])])     # {3||2*|1*}
>>> str(g.cool(Fraction(1, 2)))
'{5/2|2*}'
>>> str(star.heat(2)), str(switch(integer(1)).cool(1)), str(switch(integer(1)).freeze())
('+-2', '*', '*')
"""

from __future__ import annotations

from fractions import Fraction

from cgt.runtime.caches import BoundedCache, PARAMETERS_KEPT, memo_for
from cgt.runtime.walk import bottom_up
from cgt.errors import InvalidGameError, NotApplicableError
from cgt.kernel.game import Game, as_game, game, lefts_of, number, rights_of
from cgt.thermo.temperature import temperature, thermograph

__all__ = ["clear_caches", "cool", "freeze", "heat", "overheat"]

#: Memo tables, keyed by the parameters, then by game.
_cooled: dict[Fraction, dict[Game, Game]] = BoundedCache("cooled games", budget=PARAMETERS_KEPT)
_heated: dict[Game, dict[Game, Game]] = BoundedCache("heated games", budget=PARAMETERS_KEPT)
_overheated: dict[tuple[Game, Game], dict[Game, Game]] = BoundedCache("overheated games", budget=PARAMETERS_KEPT)


def clear_caches() -> None:
    """Forget memoised cooled, heated and overheated games.

    >>> from cgt import star
    >>> clear_caches(); str(star.heat(1))
    '+-1'
    """
    _cooled.clear()
    _heated.clear()
    _overheated.clear()


def _parameter(value, what: str) -> Game:
    try:
        return as_game(value)
    except InvalidGameError:
        raise InvalidGameError(f"{what} must be a game or a dyadic number, got {value!r}") from None


def _cooling_temperature(t) -> Fraction:
    g = _parameter(t, "the cooling temperature")
    if not g.is_number:
        raise NotApplicableError(f"cannot cool by {g}: the cooling temperature must be a number")
    q = g.number
    if q <= -1:
        raise NotApplicableError(f"cannot cool by {g}: the cooling temperature must be greater than -1")
    return q


def cool(g, t) -> Game:
    """``G.cool(t)``: ``G`` cooled by the dyadic number ``t > -1``.

    >>> from cgt import game, switch, integer, dyadic
    >>> g = game([3], [game([2], [1])])       # {3||2|1}: mean 9/4, temperature 3/4
    >>> [str(g.cool(t)) for t in (0, Fraction(1, 2), Fraction(3, 4), 1)]
    ['{3||2|1}', '{5/2|2*}', '9/4*', '9/4']
    >>> str(dyadic(1, 2).cool(Fraction(-3, 4)))
    '{3/4|1/4}'
    >>> switch(integer(1)).cool(-1)
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: cannot cool by -1: the cooling temperature must be greater than -1
    """
    g = as_game(g)
    t = _cooling_temperature(t)
    thermograph(g)  # fills the thermograph memo for every follower first
    memo = memo_for(_cooled, t)

    def children(h: Game):
        if h.is_integer or t > temperature(h):
            return ()
        return lefts_of(h) + rights_of(h)

    def compute(h: Game) -> Game:
        if h.is_integer:
            return h
        if t > temperature(h):
            return number(thermograph(h).mast)
        return game([memo[o] - t for o in lefts_of(h)], [memo[o] + t for o in rights_of(h)])

    return bottom_up(g, children, compute, memo)


def heat(g, t) -> Game:
    """``G.heat(t)``: heating ``∫^t G`` (the inverse of cooling for most games); ``t`` is any game.

    >>> from cgt import star, up, integer, dyadic
    >>> str(star.heat(2)), str(up.heat(1)), str(dyadic(1, 2).heat(3))
    ('+-2', '{1||0|-2}', '1/2')
    >>> str(up.heat(1).cool(1))
    '^'
    """
    g = as_game(g)
    t = _parameter(t, "the heating temperature")
    memo = memo_for(_heated, t)

    def children(h: Game):
        return () if h.is_number else lefts_of(h) + rights_of(h)

    def compute(h: Game) -> Game:
        if h.is_number:
            return h
        return game([memo[o] + t for o in lefts_of(h)], [memo[o] - t for o in rights_of(h)])

    return bottom_up(g, children, compute, memo)


def overheat(g, s, t) -> Game:
    """``G.overheat(s, t)``: overheating ``∫_s^t G`` (integers ``n`` become ``n.s``).

    >>> from cgt import star, integer, dyadic, up
    >>> str(star.overheat(1, 1)), str(integer(2).overheat(1 + star, 1)), str(dyadic(1, 2).overheat(1, 1))
    ('+-1', '2', '{1|0}')
    >>> str(up.overheat(1, 1 + star))
    '{1*||0|-2}'
    """
    g = as_game(g)
    s = _parameter(s, "the overheating unit s")
    t = _parameter(t, "the overheating temperature t")
    memo = memo_for(_overheated, (s, t))

    def children(h: Game):
        return () if h.is_integer else lefts_of(h) + rights_of(h)

    def compute(h: Game) -> Game:
        if h.is_integer:
            return int(h.number) * s
        return game([memo[o] + t for o in lefts_of(h)], [memo[o] - t for o in rights_of(h)])

    return bottom_up(g, children, compute, memo)


def freeze(g) -> Game:
    """``G.freeze()``: ``G`` cooled by its own temperature — a number plus an infinitesimal.

    Numbers and uptimals are their own freeze, as in CGSuite (numbers are fixed by cooling, and a
    number's negative temperature is not a legal cooling temperature).

    >>> from cgt import game, switch, integer, dyadic, up_nth
    >>> str(game([3], [game([2], [1])]).freeze()), str(switch(integer(5)).freeze()), str(integer(7).freeze())
    ('9/4*', '*', '7')
    >>> str(dyadic(1, 2).freeze()), str(up_nth(2).freeze())
    ('1/2', '^<2>')
    """
    from cgt.short.uptimal import is_uptimal

    g = as_game(g)
    if g.is_number or is_uptimal(g):
        return g
    return cool(g, temperature(g))


from cgt.kernel.game import register_cache as _register_cache  # noqa: E402

_register_cache(clear_caches)
