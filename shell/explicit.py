"""Explicit games: CGSuite's ``'{…}'``, a game tree kept exactly as written, not simplified.

Braces in single quotes build an :class:`ExplicitGame` whose options are the values written (short games,
numbers, or explicit games again); it prints as written, with each side's options in CGSuite's order, and
``CanonicalForm`` simplifies it.  An explicit game is a form (:mod:`cgt.short.compound`): sums, ordinal sums,
products, conjunctive and selective sums and negatives of it are compound games that keep it as written.
Comparisons and the methods of short games use its canonical form.

>>> from cgt import star
>>> g = ExplicitGame((star,), (star,))
>>> str(g), str(g.canonical_form)
("'{*|*}'", '0')
"""

from __future__ import annotations

from cgt.kernel.game import Game, game

__all__ = ["ExplicitGame"]


class ExplicitGame:
    """A game given by its Left and Right options, kept unsimplified (each option a short game or an
    :class:`ExplicitGame`)."""

    __slots__ = ("left", "right", "_canonical", "_misere")

    def __init__(self, left: tuple, right: tuple) -> None:
        self.left = tuple(left)
        self.right = tuple(right)
        self._canonical = None
        self._misere = None

    @property
    def canonical_form(self) -> Game:
        """The canonical form (iteratively: explicit games nested deeply are fine).

        >>> from cgt import integer
        >>> ExplicitGame((ExplicitGame((integer(0),), ()),), ()).canonical_form
        integer(2)
        """
        if self._canonical is None:
            stack = [self]
            while stack:
                top = stack[-1]
                pending = [o for o in top.left + top.right if isinstance(o, ExplicitGame) and o._canonical is None]
                if pending:
                    stack.extend(pending)
                    continue
                stack.pop()
                if top._canonical is None:
                    top._canonical = game([_canonical(o) for o in top.left], [_canonical(o) for o in top.right])
        return self._canonical

    def options(self, left: bool) -> tuple:
        """Left's (or Right's) options as written."""
        return self.left if left else self.right

    @property
    def impartial(self) -> bool:
        """Whether both players have the same options, all impartial (a short game option: a nimber).

        >>> from cgt import star, zero
        >>> ExplicitGame((zero, star), (star, zero)).impartial, ExplicitGame((zero,), ()).impartial
        (True, False)
        """
        if sorted(map(repr, self.left)) != sorted(map(repr, self.right)):
            return False
        return all(o.is_nimber if isinstance(o, Game) else o.impartial for o in self.left)

    @property
    def misere_canonical_form(self):
        """The misère canonical form of an impartial explicit game, from its options as written.

        >>> from cgt import nimber
        >>> star2 = nimber(2)
        >>> str(ExplicitGame((star2,), (star2,)).misere_canonical_form), str(ExplicitGame((star2,), (star2,)).canonical_form)
        ('*[2#]', '0')
        """
        from cgt.errors import NotApplicableError
        from cgt.misere.game import misere_canonical_form, misere_game

        if not self.impartial:
            raise NotApplicableError(f"{self} is not impartial: misère canonical forms are for impartial games")
        if self._misere is None:
            self._misere = misere_game([misere_canonical_form(o) for o in self.left])
        return self._misere

    @property
    def left_options(self) -> tuple:
        """Left's options as written (short games or explicit games)."""
        return self.left

    @property
    def right_options(self) -> tuple:
        """Right's options as written."""
        return self.right

    def __eq__(self, other) -> bool:
        return isinstance(other, ExplicitGame) and (self.left, self.right) == (other.left, other.right)

    def __hash__(self) -> int:
        return hash((ExplicitGame, self.left, self.right))

    def __str__(self) -> str:
        return "'" + self._braces() + "'"

    def _braces(self) -> str:
        return "{" + ",".join(_texts(self.left)) + "|" + ",".join(_texts(self.right)) + "}"

    __repr__ = __str__        # the text reads back in the shell (and stands for it in compounds' texts)


def _canonical(option) -> Game:
    return option._canonical if isinstance(option, ExplicitGame) else option


def _texts(options) -> list[str]:
    """The options' texts, short games first in CGSuite's order, then explicit games by their text."""
    from cgt.notation.print_order import option_key

    short = sorted((o for o in options if not isinstance(o, ExplicitGame)), key=option_key)
    explicit = sorted(str(o) for o in options if isinstance(o, ExplicitGame))
    return [str(o) for o in short] + explicit
