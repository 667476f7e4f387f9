"""Sums of ruleset positions, kept as compound games (CGSuite's ``CompoundGame`` of ``CompoundType``
``DisjunctiveSum``), and negated positions (CGSuite's ``NegativeGame``).

The compounds are :mod:`cgt.short.compound`'s (a position is a form: it has ``left_options``,
``right_options`` and ``canonical_form``); this module adds what knows positions and moves: a move stands
for the position it reaches, and ``+`` on positions.

``Kayles(3) + Kayles(3)`` is the game in which a player moves in exactly one component.  Its normal-play
value is the sum of the components' values, but its misère play is not a function of those values
(``Kayles(3) + Kayles(3)`` has value 0, as the empty game has, yet the player to move loses it in misère
play and wins the empty game: Conway, *On Numbers and Games*, ch. 12), so a sum of positions keeps its
components.  It offers:

* normal play -- :attr:`~DisjunctiveSum.value` (the canonical form, the sum of the values),
  :attr:`~DisjunctiveSum.outcome`, and for impartial sums :attr:`~DisjunctiveSum.nim_value` (the nim sum);
* misère play, impartial sums only -- :attr:`~DisjunctiveSum.misere_canonical_form` (the misère sum of the
  components' forms), :attr:`~DisjunctiveSum.misere_outcome`, :attr:`~DisjunctiveSum.misere_nim_value`,
  :attr:`~DisjunctiveSum.genus`; and since it has a ``misere_canonical_form``, every function of
  :mod:`cgt.misere` accepts it;
* the game tree -- :attr:`~DisjunctiveSum.options`, :attr:`~DisjunctiveSum.left_options`,
  :attr:`~DisjunctiveSum.right_options`, :attr:`~DisjunctiveSum.components`.

Components may be positions of different rulesets, misère games (:class:`cgt.MisereGame`, an impartial game
in misère canonical form), other compounds and other sums (which are flattened).  In Python, adding a sum or
a position to a canonical value (a :class:`cgt.Game` or a number) is arithmetic on values, as it is for a
position; so are ``-`` and negation (the shell keeps CGSuite's compounds: ``Kayles(3) + 1``).  Equality is
structural (the same components in the same order): compare ``.value`` or ``.misere_canonical_form`` for
equality of games.

>>> from cgt.games import Kayles, Nim
>>> s = Kayles(3) + Kayles(3)
>>> str(s.value), s.nim_value, str(s.misere_outcome), s.misere_nim_value, str(s.genus)
('0', 0, 'P', 0, '0^0')
>>> str(s.misere_canonical_form), str(Kayles(2) + Nim(2) + Kayles(1)), str((Kayles(3) + 1))
('*[32]', "Kayles('2') + Nim('2') + Kayles('1')", '1*3')
"""

from __future__ import annotations

from cgt.errors import NotApplicableError
from cgt.short import compound
from cgt.short.compound import DisjunctiveSum, NegativeGame, is_compound

__all__ = ["DisjunctiveSum", "NegativeGame", "disjunctive_sum", "negative", "is_summand", "add_summand",
           "is_compound", "as_form"]


def as_form(x):
    """A move as the position it reaches; anything else unchanged.

    >>> from cgt.games import Nim
    >>> [repr(as_form(m)) for m in Nim(2).moves()][:1]
    ["Nim('1')"]
    """
    from cgt.games.engine.ruleset import Move, Position

    return Position(x.ruleset, x.position) if isinstance(x, Move) else x


def is_summand(x) -> bool:
    """Whether ``x`` takes part in a sum of positions: a position, a compound, a negative or a misère game.

    >>> from cgt.games import Kayles
    >>> from cgt import misere_nim, nimber
    >>> is_summand(Kayles(3)), is_summand(misere_nim(2)), is_summand(nimber(2)), is_summand(3)
    (True, True, False, False)
    """
    return compound.is_summand(x)


def add_summand(summand, other, summand_first: bool = True):
    """``summand + other`` (or ``other + summand``) for a position or compound: a sum with another summand,
    the summand itself with the integer 0, else the sum of its value with ``other``."""
    if is_summand(other):
        return disjunctive_sum(summand, other) if summand_first else disjunctive_sum(other, summand)
    if isinstance(other, int) and not isinstance(other, bool) and other == 0:
        return summand
    return summand.value + other if summand_first else other + summand.value


def disjunctive_sum(*summands) -> DisjunctiveSum:
    """The disjunctive sum of positions, compounds, misère games and canonical games, as a
    :class:`DisjunctiveSum` (a move stands for the position it reaches; sums are flattened).

    >>> from cgt.games import Kayles
    >>> str(disjunctive_sum(Kayles(3), Kayles(4), Kayles(5)))
    "Kayles('3') + Kayles('4') + Kayles('5')"
    """
    for x in summands:
        if not (is_summand(x) or _is_value(x)):
            raise NotApplicableError(f"{x!r} is not a position, a sum of positions or a misère game")
    return compound.disjunctive_sum(*(as_form(x) for x in summands))


def _is_value(x) -> bool:
    from cgt.kernel.game import Game

    return isinstance(x, Game)


def negative(x):
    """``-x`` as CGSuite forms it: a canonical value's negative, ``G`` for ``-G``, else ``NegativeGame(x)``
    (a move stands for the position it reaches).

    >>> from cgt import up
    >>> from cgt.games import Kayles
    >>> str(negative(up)), str(negative(Kayles(2))), repr(negative(negative(Kayles(2))))
    ('v', "-Kayles('2')", "Kayles('2')")
    """
    return compound.negative(as_form(x))
