"""Conway's classes of misère games: tame, restive, restless, wild (CGSuite's ``Phylum``).

A game's *genus type* depends on ``(g⁺, g⁻) = (G⁺, G⁻)``, its normal and misère Grundy values (Conway, *On
Numbers and Games*, ch. 12; Winning Ways ch. 13): *tame* when ``g⁺ = g⁻`` or both are 0 or 1 (the genera of
misère Nim positions), else *restive* when ``g⁺ <= 1``, else *restless* when ``g⁻ <= 1``, else *wild*.
The phylum of a canonical game follows from its options' phyla, in this order (the classes and their
names -- "hereditarily", "reversibly", "generally", "tameable" -- are CGSuite's, after D. Hoey; the
order is CGSuite's ``Phylum`` enumeration, best first):

1. ``NIMHEAP`` -- every option is a nim heap, the genus type is tame and ``g⁺ >= 2`` or ``g⁺ != g⁻``
   (for a canonical form this is exactly a nim heap);
2. every option ``NIMHEAP`` or ``HEREDITARILY_TAME``: ``HEREDITARILY_TAME`` for a tame genus type,
   ``HEREDITARILY_RESTIVE`` for a restive one;
3. every option at worst ``REVERSIBLY_TAME`` in that order (so ``NIMHEAP``, ``HEREDITARILY_TAME``,
   ``HEREDITARILY_RESTIVE`` or ``REVERSIBLY_TAME``): ``REVERSIBLY_TAME``, ``REVERSIBLY_RESTIVE`` or
   ``RESTLESS`` for a tame, restive or restless genus type;
4. a tame or restive genus type, where the options that are not *generally tame* (``NIMHEAP``,
   ``HEREDITARILY_TAME``, ``REVERSIBLY_TAME``) are *reversible*: each has an option ``G''`` that can stand
   for ``G`` -- for a tame type a generally tame ``G''`` with ``G''`` 's ``(g⁺, g⁻)`` equal to ``G``'s (in
   the tame world a genus is determined by ``(g⁺, g⁻)``); for a restive type a generally tame or generally
   restive ``G''`` with the *same genus* as ``G`` (``g⁺`` and every ``γk``; CGSuite states this step with
   conditions on parities that we have not seen, and equality of the whole genus is what lets ``G''``
   stand for ``G`` against tame games; no tame game has a restive genus, so in effect ``G''`` is generally
   restive) -- and the generally tame options alone give back ``(g⁺, g⁻)``: the mex of their ``g⁺`` is
   ``g⁺`` and the mex of their ``g⁻`` is ``g⁻`` (a plain mex, 0 when every option is reversible: the game
   still has options, so the misère rule for a game without options does not apply).  Then
   ``REVERSIBLY_TAME`` or ``REVERSIBLY_RESTIVE``;
5. a tame genus type, as in 4 but with ``TAMEABLE`` options and ``G''`` accepted beside the generally
   tame ones: ``TAMEABLE``;
6. otherwise ``WILD``.

The predicates (CGSuite's ``IsTame`` …): tame is ``NIMHEAP`` or ``HEREDITARILY_TAME``; *generally tame*
adds ``REVERSIBLY_TAME`` and *tameable* adds ``TAMEABLE``; restive is ``HEREDITARILY_RESTIVE`` and
*generally restive* adds ``REVERSIBLY_RESTIVE``; restless is ``RESTLESS``.  ``G`` is *half-tame* when it
is not generally tame but ``G + G`` is generally tame of genus ``0^0``; *extraverted* when ``G`` is a part
of ``{G}`` (``{G} = G + X`` for some ``X``), *introverted* when ``G`` is a part of each of its options
(only 0 and ``*`` are); *odd* when ``G + *`` is one of its options, so that ``G = H + *`` for its option
``H = G + *`` born earlier (the form CGSuite prints with the mark ``[1]``), and *even* otherwise
(:func:`is_even`; ``*n`` is even for even ``n``).

>>> from cgt.misere.game import misere_game, misere_nim
>>> h = misere_nim(2)
>>> [str(phylum_of(x)) for x in (misere_nim(3), h + h, misere_game([[2], 1]), misere_game([[[2], 1], 1]))]
['NIMHEAP', 'HEREDITARILY_TAME', 'RESTLESS', 'WILD']
>>> restive = misere_game([[2], 0])                         # {{*2}, 0}: g⁺ = 1, g⁻ = 2
>>> str(restive.genus), str(phylum_of(restive)), str(phylum_of(restive + misere_nim(1)))
('1^20', 'HEREDITARILY_RESTIVE', 'REVERSIBLY_RESTIVE')
>>> str(phylum_of(misere_game([[[2], 1]])))                 # {{{*2}, *}}: {{*2}, *} reverses through {*2}
'REVERSIBLY_TAME'
"""

from __future__ import annotations

import enum

from cgt.impartial.grundy import mex
from cgt.runtime.walk import postorder

__all__ = ["Phylum", "phylum_of", "genus_type", "is_tame", "is_generally_tame", "is_tameable", "is_restive",
           "is_generally_restive", "is_restless", "is_half_tame", "is_extraverted", "is_introverted",
           "is_even"]


class Phylum(enum.IntEnum):
    """CGSuite's phyla of misère games, best first (see the module docstring).

    >>> Phylum.NIMHEAP < Phylum.REVERSIBLY_TAME < Phylum.WILD, str(Phylum.RESTLESS)
    (True, 'RESTLESS')
    """

    NIMHEAP = 0
    HEREDITARILY_TAME = 1
    HEREDITARILY_RESTIVE = 2
    REVERSIBLY_TAME = 3
    REVERSIBLY_RESTIVE = 4
    RESTLESS = 5
    TAMEABLE = 6
    WILD = 7

    def __str__(self) -> str:
        return self.name


_GENERALLY_TAME = frozenset({Phylum.NIMHEAP, Phylum.HEREDITARILY_TAME, Phylum.REVERSIBLY_TAME})
_GENERALLY_RESTIVE = frozenset({Phylum.HEREDITARILY_RESTIVE, Phylum.REVERSIBLY_RESTIVE})
_TAMEABLE = _GENERALLY_TAME | {Phylum.TAMEABLE}


def genus_type(game) -> str:
    """``"tame"``, ``"restive"``, ``"restless"`` or ``"wild"`` from ``(g⁺, g⁻)`` (see the module docstring).

    >>> from cgt.misere.game import misere_game, misere_nim
    >>> [genus_type(g) for g in (misere_nim(5), misere_game([[2], 0]), misere_game([[2], 1]))]
    ['tame', 'restive', 'restless']
    >>> wild = misere_game([0, 1, [[2], 0]])             # {0, *, {{*2}, 0}}: g⁺ = 2, g⁻ = 3
    >>> genus_type(wild), str(phylum_of(wild))
    ('wild', 'WILD')
    """
    plus, minus = game.nim_value, game.misere_nim_value
    if plus == minus or (plus <= 1 and minus <= 1):
        return "tame"
    if plus <= 1:
        return "restive"
    if minus <= 1:
        return "restless"
    return "wild"


def _gives_back(game, options) -> bool:
    return (mex(o.nim_value for o in options) == game.nim_value
            and mex(o.misere_nim_value for o in options) == game.misere_nim_value)


def _phylum_from_options(game, phyla: list) -> Phylum:
    kind = genus_type(game)
    options = game.options_by_id
    if all(p is Phylum.NIMHEAP for p in phyla) and kind == "tame" and (
            game.nim_value >= 2 or game.nim_value != game.misere_nim_value):
        return Phylum.NIMHEAP
    if all(p <= Phylum.HEREDITARILY_TAME for p in phyla):
        if kind == "tame":
            return Phylum.HEREDITARILY_TAME
        if kind == "restive":
            return Phylum.HEREDITARILY_RESTIVE
    if all(p <= Phylum.REVERSIBLY_TAME for p in phyla):
        if kind == "tame":
            return Phylum.REVERSIBLY_TAME
        if kind == "restive":
            return Phylum.REVERSIBLY_RESTIVE
        if kind == "restless":
            return Phylum.RESTLESS
    if kind == "tame":
        if _reversible(game, options, phyla, _GENERALLY_TAME, _same_values):
            return Phylum.REVERSIBLY_TAME
        if _reversible(game, options, phyla, _TAMEABLE, _same_values):
            return Phylum.TAMEABLE
    elif kind == "restive":
        if _reversible(game, options, phyla, _GENERALLY_TAME, _same_genus,
                       _GENERALLY_TAME | _GENERALLY_RESTIVE):
            return Phylum.REVERSIBLY_RESTIVE
    return Phylum.WILD


def _same_values(a, b) -> bool:
    return a.nim_value == b.nim_value and a.misere_nim_value == b.misere_nim_value


def _same_genus(a, b) -> bool:
    return _same_values(a, b) and a.genus == b.genus


def _reversible(game, options, phyla, good: frozenset, stands_for, reversers: frozenset | None = None) -> bool:
    """Whether every option outside ``good`` has an option in ``reversers`` (default ``good``) that
    ``stands_for`` the game, and the options in ``good`` give back the game's ``(g⁺, g⁻)``."""
    reversers = good if reversers is None else reversers
    kept = []
    for option, p in zip(options, phyla):
        if p in good:
            kept.append(option)
            continue
        if not any(phylum_of(r) in reversers and stands_for(r, game) for r in option.options_by_id):
            return False
    return _gives_back(game, kept)


def phylum_of(game) -> Phylum:
    """The :class:`Phylum` of a misère game (or of anything with a misère canonical form), computed once
    per interned game, bottom-up over its followers.

    >>> from cgt.misere.game import misere_nim
    >>> phylum_of(misere_nim(0)), phylum_of(misere_nim(2) + misere_nim(3))
    (<Phylum.NIMHEAP: 0>, <Phylum.HEREDITARILY_TAME: 1>)
    """
    from cgt.misere.game import MisereGame, misere_canonical_form

    if not isinstance(game, MisereGame):
        game = misere_canonical_form(game)
    if game._phylum is not None:
        return game._phylum

    def expand(x):
        return x, (() if x._phylum is not None else x.options_by_id)

    def combine(x, values):
        if x._phylum is None:
            x._phylum = _phylum_from_options(x, values)
        return x._phylum

    return postorder(game, expand, combine, {})


def is_tame(game) -> bool:
    """Tame: ``NIMHEAP`` or ``HEREDITARILY_TAME`` -- every follower has a tame genus type.

    >>> from cgt.misere.game import misere_game, misere_nim
    >>> is_tame(misere_nim(4) + misere_nim(2) + misere_nim(2)), is_tame(misere_game([[2], 1]))
    (True, False)
    """
    return phylum_of(game) <= Phylum.HEREDITARILY_TAME


def is_generally_tame(game) -> bool:
    """Generally tame: tame, or ``REVERSIBLY_TAME``.

    >>> from cgt.misere.game import misere_nim
    >>> is_generally_tame(misere_nim(2) + misere_nim(2))
    True
    """
    return phylum_of(game) in _GENERALLY_TAME


def is_tameable(game) -> bool:
    """Tameable: generally tame, or ``TAMEABLE``.

    >>> from cgt.misere.game import misere_game
    >>> is_tameable(misere_game([[[2], 1]])), is_tameable(misere_game([[[2], 1], 1]))
    (True, False)
    """
    return phylum_of(game) in _TAMEABLE


def is_restive(game) -> bool:
    """Restive: ``HEREDITARILY_RESTIVE`` -- a restive genus type (``g⁺ <= 1 < g⁻``), every option tame.

    >>> from cgt.misere.game import misere_game, misere_nim
    >>> is_restive(misere_game([[2], 0])), is_restive(misere_nim(2))
    (True, False)
    """
    return phylum_of(game) is Phylum.HEREDITARILY_RESTIVE


def is_generally_restive(game) -> bool:
    """Generally restive: restive, or ``REVERSIBLY_RESTIVE``.

    >>> from cgt.misere.game import misere_game, misere_nim
    >>> is_generally_restive(misere_game([[2], 0]) + misere_nim(1)), is_restive(misere_game([[2], 0]) + misere_nim(1))
    (True, False)
    """
    return phylum_of(game) in _GENERALLY_RESTIVE


def is_restless(game) -> bool:
    """Restless: ``RESTLESS`` -- a restless genus type (``g⁻ <= 1 < g⁺``), every option at worst reversibly
    tame.

    >>> from cgt.misere.game import misere_game, misere_nim
    >>> is_restless(misere_game([[2], 1])), is_restless(misere_nim(2))      # {{*2}, *}: g⁺ = 2, g⁻ = 1
    (True, False)
    """
    return phylum_of(game) is Phylum.RESTLESS


def is_half_tame(game) -> bool:
    """Half-tame: not generally tame, while ``G + G`` is generally tame of genus ``0^0`` (``g⁺ = g⁻ = 0``).

    >>> from cgt.misere.game import misere_game, misere_nim
    >>> g = misere_game([[2], 0])                         # {{*2}, 0}, restive
    >>> is_half_tame(g), str((g + g).genus), is_half_tame(misere_nim(2))
    (True, '0^0', False)
    """
    from cgt.misere.game import misere_canonical_form, misere_sum

    game = misere_canonical_form(game)
    if is_generally_tame(game):
        return False
    double = misere_sum(game, game)
    return is_generally_tame(double) and double.nim_value == 0 and double.misere_nim_value == 0


def is_extraverted(game) -> bool:
    """Extraverted: ``G`` is a part of ``{G}``, the game whose only option is ``G``.

    >>> from cgt.misere.game import misere_nim
    >>> [is_extraverted(misere_nim(n)) for n in range(6)]
    [True, True, True, True, False, False]
    """
    from cgt.misere.algebra import is_part
    from cgt.misere.game import canonical_misere, misere_canonical_form

    game = misere_canonical_form(game)
    return is_part(game, canonical_misere([game]))


def is_introverted(game) -> bool:
    """Introverted: ``G`` is a part of each of its options (true of 0 and ``*`` only).

    >>> from cgt.misere.game import misere_nim
    >>> [is_introverted(misere_nim(n)) for n in range(4)]
    [True, True, False, False]
    """
    from cgt.misere.algebra import is_part
    from cgt.misere.game import misere_canonical_form

    game = misere_canonical_form(game)
    return all(is_part(game, option) for option in game.options_by_id)


def is_even(game) -> bool:
    """Even: ``G + *`` is not an option of ``G``; odd: it is (see the module docstring).

    An odd ``G`` is born after ``G + *``, its option.  Conversely, when ``H = G + *`` is born before ``G``,
    ``G = H + *`` is the canonical form of ``{H' + *, H}``, which cannot collapse to an option of an option
    (that would be born before ``H``), so ``H`` is an option of ``G``: odd means born after ``G + *``.  At
    most one of ``G`` and ``G + *`` is odd; exactly one is whenever their birthdays differ (they differ by
    one in every case the tests try), and then the parity of a sum is the sum of the parities.  On nim
    heaps ``*n`` it is the parity of ``n``; in general it is not the parity of the nim value
    (``{{*2}, *2, *, 0}`` has nim value 3 and is even).

    >>> from cgt.misere.game import misere_game, misere_nim
    >>> [is_even(misere_nim(n)) for n in range(4)], is_even(misere_game([2])), is_even(misere_game([2]) + misere_nim(1))
    ([True, False, True, False], True, False)
    >>> is_even(misere_game([[2], 2, 1, 0]))
    True
    """
    from cgt.misere.game import misere_canonical_form, misere_nim, misere_sum

    game = misere_canonical_form(game)
    return misere_sum(game, misere_nim(1)) not in game.options_by_id
