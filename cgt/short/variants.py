"""CGSuite's three variants of a game (``game.variant``), on the game tree of a short game.

Each variant rewrites every node of a game tree, so it depends on the *form* of the game, not only on its
value: applied to a :class:`~cgt.Game` (a value) it rewrites the canonical form.  For rulesets and their
positions, :mod:`cgt.games.engine.variants` applies the same rules to the positions' own moves.

* :func:`impartial` -- either player may make any Left or Right move:
  ``I(G) = {I(G^L), I(G^R) | I(G^L), I(G^R)}``; always a nimber.
* :func:`dicotic` -- a player may move only when *both* players have a move:
  ``D(G) = {D(G^L) | D(G^R)}`` if ``G`` has options on both sides, else ``0``; always all-small (dicotic).
* :func:`twisted` -- the options are the negatives of the twisted options, i.e. the roles of Left and Right
  swap after each move: ``T(G) = {-T(G^L) | -T(G^R)}``.  By induction on the tree, ``T(-G) = -T(G)``,
  hence ``T(T(G)) = G`` as trees (twisting twice is the identity), and ``T(G) = G`` for impartial ``G``.

None of the three respects equality: ``2 = {1|}`` twists to ``{-1|} = 0`` but ``0`` twists to ``0``.  So
twisting the *canonical form* of ``T(G)`` need not give ``G`` back; twisting a ruleset twice does
(:mod:`cgt.games.engine.variants`), because there the tree is kept.

>>> from cgt import game, up, star, switch, integer
>>> str(impartial(up)), str(impartial(integer(2))), str(impartial(switch(1)))
('*2', '0', '0')
>>> str(dicotic(integer(1))), str(dicotic(switch(1))), str(dicotic(game([1], [star])))
('0', '*', '^')
>>> str(twisted(integer(1))), str(twisted(integer(2))), str(twisted(switch(1))), str(twisted(up))
('1', '0', '0', '^')
>>> str(twisted(twisted(integer(2))))        # T(2) = {-1|} = 0, whose twist is 0
'0'
"""

from __future__ import annotations

from cgt.runtime.caches import BoundedCache
from cgt.runtime.walk import bottom_up
from cgt.kernel.game import ZERO, Game, game, lefts_of, nimber, register_cache, rights_of

__all__ = ["impartial", "dicotic", "twisted"]

_IMPARTIAL: dict = BoundedCache("impartial variants")      # Game -> nim value of I(G)
_DICOTIC: dict = BoundedCache("dicotic variants")        # Game -> D(G)
_TWISTED: dict = BoundedCache("twisted variants")        # Game -> T(G)


def _clear() -> None:
    _IMPARTIAL.clear()
    _DICOTIC.clear()
    _TWISTED.clear()


register_cache(_clear)


def _options(g: Game):
    # The kernel's option tuples: the public lists sort into print order, which formats every option.
    return lefts_of(g) + rights_of(g)


def impartial(g: Game) -> Game:
    """The impartial variant of (the canonical form of) ``g``: the nimber ``*mex`` of its options' variants.

    >>> from cgt import up, game
    >>> str(impartial(up)), str(impartial(game([0, up], [])))
    ('*2', '*')
    """
    from cgt.impartial.grundy import mex

    memo = _IMPARTIAL

    def compute(h: Game) -> int:
        return mex(memo[o] for o in _options(h))

    return nimber(bottom_up(g, _options, compute, memo))


def dicotic(g: Game) -> Game:
    """The dicotic variant of (the canonical form of) ``g``: moves only where both players can move.

    >>> from cgt import game, star
    >>> str(dicotic(game([game([1], [star])], [star])))    # {{1|*}|*}: Left's option becomes {0|*}
    '^[2]'
    """
    memo = _DICOTIC

    def compute(h: Game) -> Game:
        if not lefts_of(h) or not rights_of(h):
            return ZERO
        return game([memo[o] for o in lefts_of(h)], [memo[o] for o in rights_of(h)])

    return bottom_up(g, _options, compute, memo)


def twisted(g: Game) -> Game:
    """The twisted variant of (the canonical form of) ``g``: ``{-T(G^L) | -T(G^R)}``.

    >>> from cgt import integer, dyadic
    >>> str(twisted(integer(-1))), str(twisted(dyadic(1, 2)))
    ('-1', '{0|-1}')
    """
    memo = _TWISTED

    def compute(h: Game) -> Game:
        return game([-memo[o] for o in lefts_of(h)], [-memo[o] for o in rights_of(h)])

    return bottom_up(g, _options, compute, memo)
