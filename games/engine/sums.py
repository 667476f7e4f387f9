"""Disjunctive sums of ruleset positions, kept as compound games (CGSuite's ``CompoundGame`` of
``CompoundType`` ``DisjunctiveSum``).

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
in misère canonical form) and other sums (which are flattened).  Adding a sum or a position to a canonical
value (a :class:`cgt.Game` or a number) is arithmetic on values, as it is for a position; so are ``-`` and
negation.  Equality is structural (the same components in the same order): compare ``.value`` or
``.misere_canonical_form`` for equality of games.

>>> from cgt.games import Kayles, Nim
>>> s = Kayles(3) + Kayles(3)
>>> str(s.value), s.nim_value, str(s.misere_outcome), s.misere_nim_value, str(s.genus)
('0', 0, 'P', 0, '0^0')
>>> str(s.misere_canonical_form), str(Kayles(2) + Nim(2) + Kayles(1)), str((Kayles(3) + 1))
('*[32]', "Kayles('2') + Nim('2') + Kayles('1')", '1*3')
"""

from __future__ import annotations

from functools import reduce
from operator import xor

from cgt.errors import NotApplicableError

__all__ = ["DisjunctiveSum", "NegativeGame", "disjunctive_sum", "negative", "is_summand", "add_summand"]


def _ruleset():
    from cgt.games.engine import ruleset

    return ruleset


def is_summand(x) -> bool:
    """Whether ``x`` takes part in a sum of positions: a position, a sum, or a misère game.

    >>> from cgt.games import Kayles
    >>> from cgt import misere_nim, nimber
    >>> is_summand(Kayles(3)), is_summand(misere_nim(2)), is_summand(nimber(2)), is_summand(3)
    (True, True, False, False)
    """
    from cgt.misere.game import MisereGame

    return isinstance(x, (_ruleset().Position, DisjunctiveSum, NegativeGame, MisereGame))


def _component(x):
    """A summand as a component: a move becomes the position it reaches; sums are flattened."""
    ruleset = _ruleset()
    if isinstance(x, DisjunctiveSum):
        return x.components
    if isinstance(x, ruleset.Move):
        return (ruleset.Position(x.ruleset, x.position),)
    return (x,)


def add_summand(summand, other, summand_first: bool = True):
    """``summand + other`` (or ``other + summand``) for a position or sum of positions: a sum of positions
    with another summand, the summand itself with the integer 0, else the sum of its value with ``other``."""
    if is_summand(other):
        return disjunctive_sum(summand, other) if summand_first else disjunctive_sum(other, summand)
    if isinstance(other, int) and not isinstance(other, bool) and other == 0:
        return summand
    return summand.value + other if summand_first else other + summand.value


def disjunctive_sum(*summands) -> "DisjunctiveSum":
    """The disjunctive sum of positions, sums and misère games, as a :class:`DisjunctiveSum`.

    >>> from cgt.games import Kayles
    >>> str(disjunctive_sum(Kayles(3), Kayles(4), Kayles(5)))
    "Kayles('3') + Kayles('4') + Kayles('5')"
    """
    components: tuple = ()
    for x in summands:
        if not is_summand(x):
            raise NotApplicableError(f"{x!r} is not a position, a sum of positions or a misère game")
        components += _component(x)
    return DisjunctiveSum(components)


def _is_impartial(c) -> bool:
    from cgt.misere.game import MisereGame

    return isinstance(c, MisereGame) or getattr(c, "impartial", False) or (
        isinstance(c, DisjunctiveSum) and c.impartial)


class _Summand:
    """What a sum of positions and a negative position share: misère values read off the misère canonical form
    (which each class computes), and arithmetic with positions, sums and values."""

    @property
    def misere_outcome(self):
        """The misère outcome class (``N`` or ``P``) of an impartial game."""
        return self.misere_canonical_form.misere_outcome

    @property
    def misere_nim_value(self) -> int:
        """The misère Grundy value (0 exactly for misère P-positions) of an impartial game."""
        return self.misere_canonical_form.misere_nim_value

    misere_grundy = misere_nim_value

    @property
    def genus(self):
        """Conway's genus (a :class:`cgt.Genus`) of an impartial game."""
        return self.misere_canonical_form.genus

    def __add__(self, other):
        """X + Y: a sum of positions with a position, sum or misère game; with a value, the sum of values."""
        return add_summand(self, other)

    def __radd__(self, other):
        return add_summand(self, other, summand_first=False)

    def __sub__(self, other):
        """X - Y: arithmetic on values."""
        return self.value - (_value(other) if is_summand(other) else other)

    def __rsub__(self, other):
        return other - self.value


class DisjunctiveSum(_Summand):
    """``G + H + …``: a disjunctive sum of positions, kept as its components (see the module docstring).

    Build it with ``+`` on positions or with :func:`disjunctive_sum`.

    >>> from cgt.games import Kayles, Domineering
    >>> s = Kayles(2) + Kayles(2)
    >>> [str(o) for o in s.options][:2], s.kind, repr(s.g), s.h == Kayles(2)
    (["Kayles('1') + Kayles('2')", "Kayles('0') + Kayles('2')"], 'DisjunctiveSum', "Kayles('2')", True)
    >>> d = Domineering("..") + Domineering("..|..")
    >>> str(d.value), str(d.outcome), d.impartial
    ('{0|-2}', 'N', False)
    """

    __slots__ = ("components", "_hash")

    #: CGSuite's ``CompoundType`` of this compound.
    kind = "DisjunctiveSum"

    def __init__(self, components) -> None:
        self.components = tuple(components)
        if len(self.components) < 2:
            raise NotApplicableError("a disjunctive sum has at least two components")
        self._hash = hash(("DisjunctiveSum", self.components))

    # ------------------------------------------------------------------ structure
    @property
    def g(self):
        """CGSuite's ``G``: the sum of all components but the last (the first component of a sum of two)."""
        return self.components[0] if len(self.components) == 2 else DisjunctiveSum(self.components[:-1])

    @property
    def h(self):
        """CGSuite's ``H``: the last component."""
        return self.components[-1]

    @property
    def impartial(self) -> bool:
        """Whether every component is impartial."""
        return all(_is_impartial(c) for c in self.components)

    def _impartial(self, what: str) -> None:
        if not self.impartial:
            raise NotApplicableError(f"{self} is not impartial: {what}")

    def _replaced(self, options_of) -> list:
        result = []
        for i, c in enumerate(self.components):
            for o in options_of(c):
                result.append(DisjunctiveSum(self.components[:i] + _component(o) + self.components[i + 1:]))
        return result

    @property
    def left_options(self) -> list:
        """Left's options: the sums with one component replaced by one of Left's options in it."""
        return self._replaced(_left_options)

    @property
    def right_options(self) -> list:
        """Right's options."""
        return self._replaced(_right_options)

    @property
    def options(self) -> list:
        """The options of an impartial sum (of a partizan one: Left's, then Right's).

        >>> from cgt.games import Nim
        >>> [str(o) for o in (Nim(1) + Nim(1)).options]
        ["Nim('0') + Nim('1')", "Nim('1') + Nim('0')"]
        """
        if self.impartial:
            return self.left_options
        return self.left_options + self.right_options

    @property
    def decomposition(self) -> list:
        """The components."""
        return list(self.components)

    # ------------------------------------------------------------------ normal play
    @property
    def value(self):
        """The normal-play canonical form: the sum of the components' values (a :class:`cgt.Game`)."""
        return reduce(lambda a, b: a + b, (_value(c) for c in self.components))

    canonical_form = value

    @property
    def game_value(self):
        """The value, loopy values included (the sum of the components' ``game_value``)."""
        return reduce(lambda a, b: a + b, (_game_value(c) for c in self.components))

    @property
    def outcome(self):
        """The normal-play outcome class."""
        return self.game_value.outcome

    @property
    def nim_value(self) -> int:
        """The nim value of an impartial sum: the nim sum of the components' (Sprague–Grundy)."""
        self._impartial("it has no nim value")
        return reduce(xor, (_grundy(c) for c in self.components), 0)

    grundy = nim_value

    # ------------------------------------------------------------------ misère play
    @property
    def misere_canonical_form(self):
        """The misère canonical form: the misère sum of the components' forms (impartial sums only).

        >>> from cgt.games import Kayles
        >>> str((Kayles(3) + Kayles(4)).misere_canonical_form), str((Kayles(2) + Kayles(2)).misere_canonical_form)
        ('*[2]', '*[32]')
        """
        from cgt.misere.game import misere_canonical_form, misere_sum

        self._impartial("misère canonical forms are for impartial games")
        return reduce(misere_sum, (misere_canonical_form(c) for c in self.components))

    # ------------------------------------------------------------------ arithmetic (+ and - in _Summand)
    def __neg__(self):
        """-S: the negative of the value."""
        return -self.value

    def __eq__(self, other):
        """Structural equality: the same components in the same order."""
        return isinstance(other, DisjunctiveSum) and self.components == other.components

    def __hash__(self):
        return self._hash

    def __reduce__(self):
        return disjunctive_sum, self.components

    def __str__(self) -> str:
        return " + ".join(_text(c) for c in self.components)

    __repr__ = __str__

    def _repr_latex_(self) -> str:
        """Jupyter display: the components typeset, joined by ``+``."""
        parts = []
        for c in self.components:
            text = c._repr_latex_() if hasattr(c, "_repr_latex_") else f"${c}$"
            parts.append(text.strip("$"))
        return "$" + " + ".join(parts) + "$"


class NegativeGame(_Summand):
    """``-G`` of a position or a compound, kept as a form (CGSuite's ``NegativeGame(G)``).

    Left's options are the negatives of ``G``'s Right options and Right's those of its Left options; the
    value is the negative of ``G``'s.  An impartial ``-G`` is the same game tree as ``G`` with the players'
    names exchanged, so its nim value and misère form are ``G``'s.  It prints ``-G``, or ``-(…)`` around a
    compound (CGSuite's text), and takes part in sums like a position.  Equality is structural.

    >>> from cgt.games import Kayles, Domineering
    >>> n = negative(Domineering("..."))
    >>> str(n.value), str(n.g.value), [str(o) for o in n.left_options], n.right_options
    ('1', '-1', ["-Domineering('##.')", "-Domineering('.##')"], [])
    >>> str(negative(Kayles(3) + Kayles(2))), negative(n) == Domineering("..."), negative(Kayles(3)).nim_value
    ("-(Kayles('3') + Kayles('2'))", True, 3)
    """

    __slots__ = ("g", "_hash")

    def __init__(self, g) -> None:
        self.g = g
        self._hash = hash(("NegativeGame", g))

    @property
    def impartial(self) -> bool:
        """Whether ``G`` is impartial."""
        return _is_impartial(self.g)

    @property
    def left_options(self) -> list:
        """Left's options: the negatives of ``G``'s Right options."""
        return [negative(o) for o in _right_options(self.g)]

    @property
    def right_options(self) -> list:
        """Right's options: the negatives of ``G``'s Left options."""
        return [negative(o) for o in _left_options(self.g)]

    @property
    def options(self) -> list:
        """The options of an impartial ``-G`` (of a partizan one: Left's, then Right's)."""
        if self.impartial:
            return self.left_options
        return self.left_options + self.right_options

    @property
    def decomposition(self) -> list:
        """The negatives of ``G``'s components (itself when ``G`` has no decomposition)."""
        parts = getattr(self.g, "decomposition", None)
        if parts is None:
            return [self]
        return [negative(c) for c in parts]

    @property
    def value(self):
        """The normal-play canonical form: the negative of ``G``'s."""
        return -_value(self.g)

    canonical_form = value

    @property
    def game_value(self):
        """The value, loopy values included."""
        return -_game_value(self.g)

    @property
    def outcome(self):
        """The normal-play outcome class."""
        return self.game_value.outcome

    @property
    def nim_value(self) -> int:
        """The nim value of an impartial ``-G``: ``G``'s."""
        if not self.impartial:
            raise NotApplicableError(f"{self} is not impartial: it has no nim value")
        return _grundy(self.g)

    grundy = nim_value

    @property
    def misere_canonical_form(self):
        """The misère canonical form of an impartial ``-G``: ``G``'s."""
        from cgt.misere.game import misere_canonical_form

        if not self.impartial:
            raise NotApplicableError(f"{self} is not impartial: misère canonical forms are for impartial games")
        return misere_canonical_form(self.g)

    def __neg__(self):
        """-(-G) is G."""
        return self.g

    def __eq__(self, other):
        return isinstance(other, NegativeGame) and self.g == other.g

    def __hash__(self):
        return self._hash

    def __reduce__(self):
        return negative, (self.g,)

    def __str__(self) -> str:
        text = _text(self.g)
        return f"-({text})" if is_compound(self.g) else f"-{text}"

    __repr__ = __str__


def is_compound(x) -> bool:
    """Whether ``x`` is a compound game (a sum of positions, or any form with a ``CompoundType``), which
    ``-(…)`` parenthesises.

    >>> from cgt.games import Kayles
    >>> is_compound(Kayles(1) + Kayles(2)), is_compound(Kayles(1))
    (True, False)
    """
    return isinstance(x, DisjunctiveSum) or (not isinstance(x, NegativeGame) and hasattr(x, "kind")
                                             and hasattr(x, "canonical_form"))


def negative(x):
    """``-x`` as CGSuite forms it: a canonical value's negative, ``G`` for ``-G``, else ``NegativeGame(x)``
    (a move stands for the position it reaches).

    >>> from cgt import up
    >>> from cgt.games import Kayles
    >>> str(negative(up)), str(negative(Kayles(2))), repr(negative(negative(Kayles(2))))
    ('v', "-Kayles('2')", "Kayles('2')")
    """
    from cgt.kernel.game import Game

    ruleset = _ruleset()
    if isinstance(x, NegativeGame):
        return x.g
    if isinstance(x, ruleset.Move):
        return NegativeGame(ruleset.Position(x.ruleset, x.position))
    if isinstance(x, Game) or not hasattr(x, "left_options"):
        return -x
    return NegativeGame(x)


def _text(c) -> str:
    from cgt.misere.game import MisereGame

    return str(c) if isinstance(c, MisereGame) else repr(c)


def _value(c):
    from cgt import nimber
    from cgt.misere.game import MisereGame

    if isinstance(c, MisereGame):
        return nimber(c.nim_value)
    value = getattr(c, "value", None)
    return c.canonical_form if value is None else value


def _game_value(c):
    from cgt.misere.game import MisereGame

    if isinstance(c, MisereGame) or not hasattr(c, "game_value"):
        return _value(c)
    return c.game_value


def _grundy(c) -> int:
    from cgt.misere.game import MisereGame

    return c.nim_value if isinstance(c, MisereGame) else c.grundy


def _left_options(c):
    from cgt.misere.game import MisereGame

    return c.options_by_id if isinstance(c, MisereGame) else c.left_options


def _right_options(c):
    from cgt.misere.game import MisereGame

    return c.options_by_id if isinstance(c, MisereGame) else c.right_options
