"""The members of short games from §6.1-6.7 of the CGSuite reference that the shell's first method table
did not have: the Boolean family, ``UptimalExpansion``, ``FollowerCount``, ``ConwayProduct``,
``ConjunctiveSum``, ``SelectiveSum``, ``Pow``/``PowTo``, ``Subordinate``, ``Tiny``/``Miny``, stops by
player, and the stopper members that a short game answers trivially (a short game is its own onside and
offside, its upsum with H is its sum with H).

Each entry names the library function it calls (its docstring is the help text).

>>> import cgt
>>> table = {}
>>> register_game_methods(lambda name, func, arity=(0, 0), doc="", usage="": table.setdefault(name, func))
>>> table["IsEvenTempered"](cgt.game([1], [0])), str(table["UptimalExpansion"](cgt.up_nth(2) + cgt.up))
(False, '0.11')
"""

from __future__ import annotations

from fractions import Fraction

import cgt
from cgt import Game
from cgt.short import predicates
from cgt.errors import NotApplicableError

__all__ = ["register_game_methods", "subordinate", "uptimal_expansion_of", "stop"]


def _game(x) -> Game:
    from cgt.shell.methods import to_game

    return to_game(x)


def uptimal_expansion_of(g: Game):
    """``G.UptimalExpansion``: the expansion (§5.6), or a clear error when G is not an uptimal.

    >>> str(uptimal_expansion_of(cgt.up + cgt.star))
    '*.1'
    >>> uptimal_expansion_of(cgt.game([1], [0]))
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: {1|0} is not an uptimal
    """
    from cgt.short.uptimal import uptimal_expansion

    expansion = uptimal_expansion(g)
    if expansion is None:
        raise NotApplicableError(f"{g} is not an uptimal")
    return expansion


def stop(g: Game, player, strong: bool = False):
    """``G.Stop(Left)``/``G.Stop(Right)``: the left or right stop (a short game has no ``over``/``under``
    parts, so ``StrongStop`` is the same).

    >>> stop(cgt.game([3], [1]), cgt.Player.Left), stop(cgt.game([3], [1]), cgt.Player.Right)
    (3, 1)
    """
    from cgt.shell.methods import normalise, player_of

    side = player_of(player)
    return normalise(g.left_stop if side is cgt.Player.Left else g.right_stop)


def subordinate(g: Game, base) -> Game:
    """``G.Subordinate(B)``: the game H with ``G = B : H`` (an error when G is not such an ordinal sum).

    G's options other than B's must be ordinal sums ``B : X``; H collects the subordinates of those options,
    and ``B : H = G`` is checked (Conway, *On Numbers and Games*, ch. 15; Siegel, CGT II.1).

    >>> str(subordinate(cgt.dyadic(1, 2), 1)), str(subordinate(cgt.star.ordinal_sum(cgt.up), cgt.star))
    ('-1', '^')
    >>> str(subordinate(cgt.integer(1) + cgt.star, 1))
    '*'

    >>> subordinate(cgt.game([1], [0]), 3)
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: {1|0} is not an ordinal sum 3 : H
    """
    from cgt.kernel.game import lefts_of, rights_of

    base = _game(base)
    memo: dict[Game, Game | None] = {}
    base_left, base_right = set(lefts_of(base)), set(rights_of(base))

    def find(x: Game, depth: int) -> Game | None:
        if x in memo:
            return memo[x]
        if depth > 10_000:
            return None
        cgt.runtime.interrupt.check_interrupt()
        result = None
        if x is base:
            result = cgt.zero
        else:      # base options may have been dominated away; B : H = G is checked at the end
            extra_left = [find(o, depth + 1) for o in lefts_of(x) if o not in base_left]
            extra_right = [find(o, depth + 1) for o in rights_of(x) if o not in base_right]
            if None not in extra_left and None not in extra_right:
                result = cgt.game(extra_left, extra_right)
        memo[x] = result
        return result

    h = find(g, 0)
    if h is None or base.ordinal_sum(h) is not g:
        raise NotApplicableError(f"{g} is not an ordinal sum {base} : H")
    return h


def _power(name):
    from cgt.short.powers import power, power_to

    function = power if name == "Pow" else power_to

    def call(g, n):
        from cgt.shell.methods import number_of

        value = number_of(n)
        if value is None or Fraction(value).denominator != 1:
            raise NotApplicableError(f"{name} needs a positive integer exponent, got {n}")
        return function(g, int(value))

    return call


def _compound(kind):
    from cgt.short.selective import conjunctive_sum, selective_sum

    function = conjunctive_sum if kind == "ConjunctiveSum" else selective_sum
    return lambda g, h: function(g, _game(h))


def _conway_product(g, h):
    from cgt.short.conway_product import conway_product

    return conway_product(g, _game(h))


def _true(g) -> bool:
    return True


def register_game_methods(add) -> None:
    """Register the members with ``add(name, func, arity, doc, usage)`` (``_game_method`` of
    :mod:`cgt.shell.methods`)."""
    p = "cgt.short.predicates:"
    add("IsNumberish", predicates.is_numberish, doc=p + "is_numberish")
    add("IsNumberTiny", predicates.is_number_tiny, doc=p + "is_number_tiny")
    add("IsIdempotent", predicates.is_idempotent, doc=p + "is_idempotent")
    add("IsOrdinal", predicates.is_ordinal, doc=p + "is_ordinal")
    add("IsEven", predicates.is_even, doc=p + "is_even")
    add("IsOdd", predicates.is_odd, doc=p + "is_odd")
    add("IsEvenTempered", predicates.is_even_tempered, doc=p + "is_even_tempered")
    add("IsOddTempered", predicates.is_odd_tempered, doc=p + "is_odd_tempered")
    add("IsPseudonumber", lambda g: g.is_number, doc="True for pseudonumbers; among short games, the numbers.")
    add("IsZero", lambda g: g is cgt.zero, doc="True for the game 0.")
    for name, what in (("IsFinite", "finite"), ("IsLoopfree", "loopfree"), ("IsStopper", "a stopper"),
                       ("IsStopperSided", "stopper-sided"), ("IsPlumtree", "a plumtree"),
                       ("IsStable", "stable")):
        add(name, _true, doc=f"True: every short game is {what}.")
    add("FollowerCount", predicates.follower_count, doc=p + "follower_count")
    add("UptimalExpansion", uptimal_expansion_of, doc=__name__ + ":uptimal_expansion_of")
    add("ConwayProduct", _conway_product, (1, 1), "cgt.short.conway_product:conway_product", "G.ConwayProduct(H)")
    add("ConwayMultiply", _conway_product, (1, 1), "cgt.short.conway_product:conway_product", "G.ConwayMultiply(H)")
    add("ConjunctiveSum", _compound("ConjunctiveSum"), (1, 1), "cgt.short.selective:conjunctive_sum",
        "G.ConjunctiveSum(H), or G ConjunctiveSum H")
    add("SelectiveSum", _compound("SelectiveSum"), (1, 1), "cgt.short.selective:selective_sum",
        "G.SelectiveSum(H), or G SelectiveSum H")
    add("Pow", _power("Pow"), (1, 1), "cgt.short.powers:power", "G.Pow(n)")
    add("PowTo", _power("PowTo"), (1, 1), "cgt.short.powers:power_to", "G.PowTo(n)")
    add("Subordinate", subordinate, (1, 1), __name__ + ":subordinate", "G.Subordinate(B)")
    add("Tiny", lambda g: cgt.tiny(g), doc="cgt.kernel.constructors:tiny")
    add("Miny", lambda g: cgt.miny(g), doc="cgt.kernel.constructors:miny")
    add("Stop", stop, (1, 1), __name__ + ":stop", "G.Stop(Left)")
    add("StrongStop", stop, (1, 1), __name__ + ":stop", "G.StrongStop(Left)")
    add("GameValue", lambda g: g, doc="A short game's value is its canonical form.")
    add("Onside", lambda g: g, doc="A short game is its own onside.")
    add("Offside", lambda g: g, doc="A short game is its own offside.")
    add("Upsum", lambda g, h: g + _game(h), (1, 1), "For short games the upsum is the sum.", "G.Upsum(H)")
    add("Downsum", lambda g, h: g + _game(h), (1, 1), "For short games the downsum is the sum.", "G.Downsum(H)")
    add("Degree", lambda g: cgt.zero, doc="G Upsum -G: 0 for every short game.")
    add("Decomposition", lambda g: [g], doc="The summands of G: [G] for a value.")
    add("DepthHint", lambda g: 0, doc="0 (CGSuite's default).")
    add("EnclosingObject", lambda g: None, doc="Nothing: a value has no enclosing object.")
