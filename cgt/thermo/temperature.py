"""Hot games: mean, temperature, thermograph, incentives, stop count.

Temperature theory (Winning Ways ch. 6; Siegel, CGT II.5; Lessons in Play
ch. 6).  Everything is derived from the thermograph, computed bottom-up from
the thermographs of the options by the scaffold construction (see
:mod:`cgt.thermo.thermograph`):

* the **mean** ``m(G)`` is the mast value; it is additive
  (``m(G + H) = m(G) + m(H)``, the mean value theorem);
* the **temperature** ``t(G)`` is where the mast starts.  CGSuite's
  convention for numbers: an integer has temperature -1 and ``m/2^n``
  (m odd, n >= 1) has temperature ``-1/2^n``; every non-number has
  temperature >= 0 and infinitesimals have temperature 0.

>>> from cgt import game, switch, integer, up
>>> g = game([3], [game([2], [1])])        # {3||2|1}
>>> g.left_stop, g.right_stop, g.mean, g.temperature
(Fraction(3, 1), Fraction(2, 1), Fraction(9, 4), Fraction(3, 4))
>>> switch(integer(3)).mean, switch(integer(3)).temperature, up.temperature
(Fraction(0, 1), Fraction(3, 1), Fraction(0, 1))
"""

from __future__ import annotations

from fractions import Fraction

from cgt.runtime.caches import BoundedCache
from cgt.runtime.walk import bottom_up
from cgt.kernel.game import Game, as_game, closed_uptimal, lefts_of, rights_of
from cgt.thermo.thermograph import Thermograph, Trajectory

__all__ = [
    "Thermograph",
    "Trajectory",
    "clear_caches",
    "incentives",
    "left_incentives",
    "mean",
    "right_incentives",
    "stop_count",
    "temperature",
    "thermograph",
]

_thermographs: dict[Game, Thermograph] = BoundedCache("thermographs")
_stop_counts: dict[Game, int] = BoundedCache("stop counts")
#: The public temperatures (Fractions), so that asking again costs one lookup.
_temperatures: dict[Game, Fraction] = BoundedCache("temperatures")
#: Temperatures in the thermographs' stored number type (floats or Fractions) -> public Fractions.
_fractions: dict = BoundedCache("temperature fractions")


def clear_caches() -> None:
    """Forget memoised thermographs and stop counts (results never depend on them).

    >>> from cgt import up
    >>> clear_caches(); up.temperature
    Fraction(0, 1)
    """
    _thermographs.clear()
    _stop_counts.clear()
    _temperatures.clear()
    _fractions.clear()


def thermograph(g) -> Thermograph:
    """The thermograph of ``g`` (``G.thermograph()``).

    >>> from cgt import game, star
    >>> print(game([3], [game([2], [1])]).thermograph())
    Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])
    >>> print(star.thermograph())
    Thermograph(0,[0],[0,-1],0,[0],[0,1])
    """
    g = as_game(g)
    known = _thermographs.get(g)
    return known if known is not None else _new_thermograph(g)


def _new_thermograph(g: Game) -> Thermograph:
    """The thermograph of a game not in the memo, after those of all its followers not in the memo.

    An explicit stack, not recursion (games can be born on day 2000); a game is revisited once its
    options are done.  Games are interned canonical short games, so the option graph is finite and
    acyclic and the walk ends.  Every follower's thermograph lands in the memo: it is what
    :mod:`cgt.thermo.cooling` reads.
    """
    memo = _thermographs
    memo.pin()              # the walk reads back what it stores: nothing leaves the cache until it ends
    try:
        return _walk_thermographs(g, memo)
    finally:
        memo.unpin()


def _walk_thermographs(g: Game, memo: dict) -> Thermograph:
    stack = [g]
    while stack:
        h = stack[-1]
        if h in memo:
            stack.pop()
            continue
        if h.is_integer:
            memo[h] = Thermograph.of_integer(h.number)
            stack.pop()
            continue
        los, ros = lefts_of(h), rights_of(h)
        try:
            lefts = [memo[o] for o in los]
            rights = [memo[o] for o in ros]
        except KeyError:
            stack.extend(o for o in los + ros if o not in memo)
            continue
        memo[h] = Thermograph.of_options(lefts, rights)
        stack.pop()
    return memo[g]


def mean(g) -> Fraction:
    """The mean value ``G.mean``: the mast of the thermograph.

    >>> from cgt import game, switch, integer
    >>> mean(game([3], [game([2], [1])])), mean(switch(integer(3)) + 5)
    (Fraction(9, 4), Fraction(5, 1))
    """
    g = as_game(g)
    if closed_uptimal(g) is not None:
        # x + u.^ + *n is infinitesimally close to x.
        return g.left_stop
    return thermograph(g).mast


def temperature(g) -> Fraction:
    """The temperature ``G.temperature`` (CGSuite's convention for numbers, see the module docstring).

    >>> from cgt import integer, dyadic, switch, star
    >>> [temperature(x) for x in (integer(5), dyadic(3, 4), star, switch(integer(2)))]
    [Fraction(-1, 1), Fraction(-1, 4), Fraction(0, 1), Fraction(2, 1)]
    """
    g = as_game(g)
    known = _temperatures.get(g)
    if known is not None:
        return known
    if g.is_number:
        x = g.number
        known = Fraction(-1, x.denominator) if x.denominator > 1 else Fraction(-1)
    elif closed_uptimal(g) is not None:
        known = Fraction(0)
    else:
        raw = thermograph(g).raw_temperature()
        # Temperatures repeat (1, 1/2, 3/4, ...): one Fraction per distinct value.
        known = _fractions.get(raw)
        if known is None:
            known = Fraction(raw)
            _fractions.remember(raw, known)
    _temperatures.remember(g, known)
    return known


def left_incentives(g) -> tuple[Game, ...]:
    """Left's incentives ``G^L - G``, one per left option (duplicates removed), in option order.

    >>> from cgt import switch, integer, up
    >>> [str(x) for x in left_incentives(switch(integer(1)))], [str(x) for x in left_incentives(up)]
    (['{2|0}'], ['v'])
    """
    g = as_game(g)
    return _distinct(o - g for o in g.left_options)


def right_incentives(g) -> tuple[Game, ...]:
    """Right's incentives ``G - G^R``, one per right option (duplicates removed), in option order.

    >>> from cgt import up, integer
    >>> [str(x) for x in right_incentives(up)], right_incentives(integer(3))
    (['^*'], ())
    """
    g = as_game(g)
    return _distinct(g - o for o in g.right_options)


def incentives(g) -> tuple[Game, ...]:
    """The undominated incentives: Left's then Right's, each value once, without those below another
    incentive (Winning Ways ch. 4; Siegel, CGT II.5: each player prefers a larger incentive, so a
    dominated incentive is never the best move; CGSuite's ``Incentives`` drops them too).

    Every incentive of a number is negative ("numbers are cold", Siegel, CGT
    §II.3); Norton multiplication :func:`cgt.short.products.norton_product` uses them (dominated incentives would
    only add dominated options).

    >>> from cgt import switch, integer, dyadic, up, game
    >>> [str(x) for x in incentives(switch(integer(1)))], [str(x) for x in incentives(dyadic(1, 2))]
    (['{2|0}'], ['-1/2'])
    >>> [str(x) for x in incentives(up)], [str(x) for x in incentives(game([3], [0]))]
    (['^*'], ['{3|0}'])
    """
    g = as_game(g)
    every = _distinct(left_incentives(g) + right_incentives(g))
    return tuple(a for a in every if not any(a < b for b in every))


def _distinct(games) -> tuple[Game, ...]:
    """The games in order, each once (dicts keep insertion order)."""
    return tuple(dict.fromkeys(games))


def _stop_children(g: Game):
    return () if g.is_number else lefts_of(g) + rights_of(g)


def _stop_count_of(g: Game) -> int:
    if g.is_number:
        return 1
    return sum(_stop_counts[o] for o in lefts_of(g) + rights_of(g))


def stop_count(g) -> int:
    """CGSuite's ``StopCount``: the number of leaves of the game tree played until a number is reached.

    A number counts 1; otherwise the counts of all left and right options add
    (a path that meets the same follower twice counts twice).

    >>> from cgt import game, star, up, integer
    >>> stop_count(integer(4)), stop_count(star), stop_count(up), stop_count(game([3], [game([2], [1])]))
    (1, 2, 3, 3)
    """
    return bottom_up(as_game(g), _stop_children, _stop_count_of, _stop_counts)


from cgt.kernel.game import register_cache as _register_cache  # noqa: E402

_register_cache(clear_caches)
