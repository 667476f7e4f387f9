"""Compound games kept as forms: CGSuite's ``CompoundGame`` and ``NegativeGame``.

A *form* is a game given by its options and not simplified: a ruleset position, an explicit game (the shell's
``'{…}'``), or a compound of forms.  The protocol is three attributes: ``left_options`` and
``right_options`` (the options, forms or :class:`cgt.Game` values) and ``canonical_form`` (the normal-play
value); :func:`is_form` tests it.  A canonical :class:`cgt.Game` is a form too, with its canonical options.

The compounds, each with its own rule of play (Conway, *On Numbers and Games*, chs. 1, 12-15; Berlekamp,
Conway and Guy, *Winning Ways*, ch. 9):

* :class:`DisjunctiveSum` ``G + H + …``: the mover moves in exactly one component;
* :class:`CompoundGame` ``G : H`` (ordinal sum): a move in ``G`` (to ``G^L``, the ordinal sum is gone) or in
  ``H`` (to ``G : H^L``);
* ``G ConjunctiveSum H``: the mover moves in every component, so play stops as soon as one is over:
  ``{G^L ^ H^L | G^R ^ H^R}``;
* ``G SelectiveSum H``: the mover moves in any non-empty set of components;
* ``G ConwayProduct H`` (``n * G`` for an integer ``n``): Conway's product of forms,
  ``{G^L H + G H^L - G^L H^L, G^R H + G H^R - G^R H^R | G^L H + G H^R - G^L H^R, G^R H + G H^L - G^R H^L}``;
* :class:`NegativeGame` ``-G``: the players' options exchanged and negated.

None of these is a function of the values of the parts (misère play of sums, the base of an ordinal sum,
the conjunctive, selective and Conway compounds all depend on forms), so each keeps its parts.  Its
``canonical_form`` is the value of the form, computed bottom-up over the compound followers by the rule of
each compound (:func:`canonical_value`).  Options are built as the operators build games: a sum or product
of canonical games is their canonical sum or product, ``0 + G`` is ``G``; a compound otherwise.

The text is CGSuite's (its output rules for ``CompoundGame``): ``G + H``, ``G : H``, ``G ConjunctiveSum H``,
``G SelectiveSum H``, ``n * G`` (an integer on the left) or ``G ConwayProduct H``; with the levels
ConwayProduct 1, OrdinalSum 2, the three sums 3, a sub-compound is parenthesised iff its level exceeds its
parent's.  ``-G`` prints ``-G``, or ``-(…)`` around a compound.  Equality is structural.

>>> from cgt import game, integer, star, up
>>> c = conjunctive_sum(integer(2), star)
>>> str(c), str(c.canonical_form), [str(o) for o in c.left_options]
('2 ConjunctiveSum *', '1', ['1 ConjunctiveSum 0'])
>>> str(selective_sum(star, star).canonical_form), str(selective_sum(integer(1), integer(1)).canonical_form)
('*2', '2')
>>> s = disjunctive_sum(c, up)
>>> str(CompoundGame("OrdinalSum", s, star)), str(CompoundGame("OrdinalSum", s, star).canonical_form)
('(2 ConjunctiveSum * + ^) : *', '{1^|1*,1^}')
"""

from __future__ import annotations

from functools import reduce
from operator import xor

from cgt.errors import NotApplicableError
from cgt.kernel.game import Game, ZERO, as_game, game, register_cache
from cgt.runtime.caches import BoundedCache
from cgt.runtime.interrupt import check_interrupt
from cgt.runtime.progress import Progress
from cgt.runtime.walk import bottom_up

__all__ = ["CompoundGame", "DisjunctiveSum", "NegativeGame", "LEVELS", "KINDS", "is_form", "is_compound",
           "is_summand", "canonical_value", "options_of", "compound_text", "disjunctive_sum", "form_sum",
           "negative", "conjunctive_sum", "selective_sum", "ordinal_sum", "conway_product", "clear_caches"]

#: CGSuite's compound levels: a sub-compound is parenthesised iff its level exceeds its parent's.
LEVELS = {"ConwayProduct": 1, "OrdinalSum": 2, "DisjunctiveSum": 3, "ConjunctiveSum": 3, "SelectiveSum": 3,
          "OrdinalProduct": 4}
#: The kinds of binary :class:`CompoundGame` (the disjunctive sum is :class:`DisjunctiveSum`).
KINDS = ("ConjunctiveSum", "SelectiveSum", "OrdinalSum", "ConwayProduct")

_canonical: dict = BoundedCache("compound canonical forms")
_misere: dict = BoundedCache("compound misère forms")


def clear_caches() -> None:
    """Forget the memoised canonical forms (normal and misère) of compounds.

    >>> from cgt import star
    >>> clear_caches(); str(conjunctive_sum(star, star).canonical_form)
    '*'
    """
    _canonical.clear()
    _misere.clear()


# ---------------------------------------------------------------- forms


def is_form(x) -> bool:
    """Whether ``x`` is a game kept as a form (not a canonical :class:`cgt.Game`): it has ``left_options``,
    ``right_options`` and ``canonical_form``.  Positions, explicit games and compounds are.

    >>> from cgt import star
    >>> is_form(conjunctive_sum(star, star)), is_form(star), is_form(3)
    (True, False, False)
    """
    kind = type(x)
    return (hasattr(kind, "canonical_form") and hasattr(kind, "left_options") and hasattr(kind, "right_options")
            and not isinstance(x, Game))


def is_summand(x) -> bool:
    """Whether ``x`` takes part in a disjunctive sum of forms: a form or a misère game.

    >>> from cgt import misere_nim, nimber
    >>> is_summand(misere_nim(2)), is_summand(nimber(2)), is_summand(3)
    (True, False, False)
    """
    from cgt.misere.game import MisereGame

    return isinstance(x, MisereGame) or is_form(x)


def is_compound(x) -> bool:
    """Whether ``x`` is a compound (a disjunctive sum or a :class:`CompoundGame`), which ``-(…)`` and the
    levels parenthesise.

    >>> from cgt import star
    >>> is_compound(conjunctive_sum(star, star)), is_compound(negative(conjunctive_sum(star, star)))
    (True, False)
    """
    return isinstance(x, (DisjunctiveSum, CompoundGame))


def _level(x) -> int:
    return LEVELS[x.kind] if is_compound(x) else 0


def _part(x):
    """A part of a compound: a form, a misère game or a canonical game (numbers become games)."""
    if isinstance(x, Game) or is_summand(x):
        return x
    if isinstance(x, bool):
        raise NotApplicableError(f"{x!r} is not a game")
    try:
        return as_game(x)
    except (TypeError, ValueError) as error:
        raise NotApplicableError(f"{x!r} is not a game") from error


def options_of(x, left: bool) -> tuple:
    """Left's (``left``) or Right's options of a form, misère game or canonical game.

    >>> from cgt import integer
    >>> [str(o) for o in options_of(integer(2), True)], options_of(integer(2), False)
    (['1'], ())
    """
    from cgt.misere.game import MisereGame

    if isinstance(x, MisereGame):
        return tuple(x.options_by_id)
    return tuple(x.left_options if left else x.right_options)


def _leaf_value(x) -> Game:
    """The canonical value of a part that is not a compound (a position answers from its ruleset)."""
    from cgt import nimber
    from cgt.misere.game import MisereGame

    if isinstance(x, Game):
        return x
    if isinstance(x, MisereGame):
        return nimber(x.nim_value)
    value = getattr(type(x), "value", None)
    return x.value if value is not None else x.canonical_form


def _inner(x) -> tuple:
    """The parts whose values the value of ``x`` is made of: a compound's options, a sum's components, the
    game a negative negates; nothing for any other form (its value is its own)."""
    if isinstance(x, CompoundGame):
        return x.left_options + x.right_options
    if isinstance(x, DisjunctiveSum):
        return x.components
    if isinstance(x, NegativeGame):
        return (x.g,)
    return ()


def canonical_value(x) -> Game:
    """The normal-play canonical form of a game or form, bottom-up over its compound followers (an explicit
    stack, so deep compounds are fine): a compound's value is ``{values of Left's options | …}`` (its
    options by its own rule), a sum's the sum of its components', ``-G``'s the negative of ``G``'s.

    >>> from cgt import integer, star
    >>> str(canonical_value(conjunctive_sum(integer(3), integer(-2)))), str(canonical_value(star))
    ('0', '*')
    """
    if isinstance(x, Game):
        return x
    if not isinstance(x, (CompoundGame, DisjunctiveSum, NegativeGame)):
        return _leaf_value(x)
    if isinstance(x, CompoundGame) and x in _canonical:
        return _canonical[x]
    memo: dict = {}
    split: dict = {}

    def children(node) -> tuple:
        if isinstance(node, CompoundGame):
            lefts, rights = node.left_options, node.right_options
            split[node] = (lefts, rights)
            kids = lefts + rights
        else:
            kids = _inner(node)
        for kid in kids:
            if kid not in memo:
                if isinstance(kid, Game):
                    memo[kid] = kid
                elif isinstance(kid, CompoundGame) and kid in _canonical:
                    memo[kid] = _canonical[kid]
        return kids

    def compute(node) -> Game:
        check_interrupt()
        progress.tick()
        if isinstance(node, CompoundGame):
            lefts, rights = split.pop(node)
            value = game([memo[o] for o in lefts], [memo[o] for o in rights])
            _canonical.remember(node, value)
            return value
        if isinstance(node, DisjunctiveSum):
            return reduce(lambda a, b: a + b, (memo[c] for c in node.components))
        if isinstance(node, NegativeGame):
            return -memo[node.g]
        return _leaf_value(node)

    with Progress("compound followers") as progress:       # shown when a large compound takes a while
        return bottom_up(x, children, compute, memo)


# ---------------------------------------------------------------- building forms as the operators do


def _flat(x) -> tuple:
    return x.components if isinstance(x, DisjunctiveSum) else (x,)


def _sum_of(components):
    """The sum of parts as ``+`` forms it: zeros dropped, all canonical games added, one part itself."""
    parts = [c for c in components if c is not ZERO]
    if not parts:
        return ZERO
    if len(parts) == 1:
        return parts[0]
    if all(isinstance(c, Game) for c in parts):
        return reduce(lambda a, b: a + b, parts)
    return DisjunctiveSum(parts)


def form_sum(a, b):
    """``a + b`` as CGSuite's ``+`` forms it: ``0 + G`` and ``G + 0`` are ``G``, two canonical games their
    canonical sum, anything else a :class:`DisjunctiveSum` (sums flattened).

    >>> from cgt import integer, star, up
    >>> c = conjunctive_sum(star, star)
    >>> str(form_sum(c, integer(1))), str(form_sum(integer(0), c)), str(form_sum(up, star))
    ('* ConjunctiveSum * + 1', '* ConjunctiveSum *', '^*')
    """
    a, b = _part(a), _part(b)
    return _sum_of(_flat(a) + _flat(b))


def disjunctive_sum(*summands) -> "DisjunctiveSum":
    """The disjunctive sum of forms, misère games and canonical games, kept as written (sums flattened).

    >>> from cgt import star
    >>> str(disjunctive_sum(conjunctive_sum(star, star), star, 0))
    '* ConjunctiveSum * + * + 0'
    """
    components: tuple = ()
    for x in summands:
        components += _flat(_part(x))
    return DisjunctiveSum(components)


def negative(x):
    """``-x`` as CGSuite forms it: a canonical game's negative, ``G`` for ``-G``, else ``NegativeGame(x)``.

    >>> from cgt import up, star
    >>> c = conjunctive_sum(star, up)
    >>> str(negative(up)), str(negative(c)), negative(negative(c)) == c
    ('v', '-(* ConjunctiveSum ^)', True)
    """
    if isinstance(x, NegativeGame):
        return x.g
    if is_form(x):
        return NegativeGame(x)
    return -x


def _product(a, b):
    """``a`` times ``b`` inside a Conway product: 0 when either is the canonical 0 (the product has no
    options), the canonical product of two canonical games, else a compound."""
    if a is ZERO or b is ZERO:
        return ZERO
    if isinstance(a, Game) and isinstance(b, Game):
        from cgt.short.conway_product import conway_product as canonical_product

        return canonical_product(a, b)
    return CompoundGame("ConwayProduct", a, b)


def _ordinal(a, b):
    """``a : b`` inside an ordinal sum: ``G : 0`` is ``G`` (no options of its own beyond G's), two canonical
    games their canonical ordinal sum, else a compound."""
    if b is ZERO:
        return a
    if isinstance(a, Game) and isinstance(b, Game):
        return a.ordinal_sum(b)
    return CompoundGame("OrdinalSum", a, b)


# ---------------------------------------------------------------- the compounds


class _Summand:
    """What the compounds share: the value, the outcome, and arithmetic with values in Python (``+`` of two
    forms is a disjunctive sum, with a canonical value a sum of values)."""

    __slots__ = ()

    @property
    def value(self) -> Game:
        """The normal-play canonical form (:func:`canonical_value`)."""
        return canonical_value(self)

    @property
    def canonical_form(self) -> Game:
        """The normal-play canonical form (:func:`canonical_value`)."""
        return canonical_value(self)

    @property
    def game_value(self):
        """The value, loopy values included."""
        return self.value

    @property
    def outcome(self):
        """The normal-play outcome class."""
        return self.game_value.outcome

    @property
    def decomposition(self) -> list:
        """The summands (the compound itself)."""
        return [self]

    @property
    def left_options(self) -> tuple:
        """Left's options, by the compound's own rule of play (``_options``)."""
        return self._options(True)

    @property
    def right_options(self) -> tuple:
        """Right's options, by the compound's own rule of play."""
        return self._options(False)

    def __add__(self, other):
        """X + Y: with a form or misère game the disjunctive sum, with 0 X itself, with a value the sum of values."""
        if is_summand(other):
            return disjunctive_sum(self, other)
        if isinstance(other, int) and not isinstance(other, bool) and other == 0:
            return self
        return self.value + other

    def __radd__(self, other):
        if isinstance(other, int) and not isinstance(other, bool) and other == 0:
            return self
        return other + self.value

    def __sub__(self, other):
        """X - Y: arithmetic on values."""
        return self.value - (canonical_value(other) if is_summand(other) else other)

    def __rsub__(self, other):
        return other - self.value

    def __neg__(self):
        """-X: the negative of the value (:func:`negative` keeps the form)."""
        return -self.value

    @property
    def options(self) -> list:
        """The options of an impartial game (of a partizan one: Left's, then Right's)."""
        if getattr(self, "impartial", False):
            return list(self.left_options)
        return list(self.left_options) + list(self.right_options)

    def __repr__(self) -> str:
        return compound_text(self)

    __str__ = __repr__


class _MisereSummand(_Summand):
    """Misère values read off the misère canonical form, for sums and negatives of impartial games."""

    __slots__ = ()

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


def _is_impartial(c) -> bool:
    from cgt.misere.game import MisereGame

    if isinstance(c, Game):
        return c.is_nimber
    return isinstance(c, MisereGame) or bool(getattr(c, "impartial", False))


def _grundy(c) -> int:
    from cgt.misere.game import MisereGame

    return c.nim_value if isinstance(c, (MisereGame, Game)) else c.grundy


def _game_value(c):
    from cgt.misere.game import MisereGame

    if isinstance(c, MisereGame) or not hasattr(c, "game_value"):
        return canonical_value(c)
    return c.game_value


class DisjunctiveSum(_MisereSummand):
    """``G + H + …``: a disjunctive sum kept as its components (CGSuite's ``CompoundGame`` of ``CompoundType``
    ``DisjunctiveSum``).

    Components are forms (positions, explicit games, compounds), misère games and canonical games.  Its
    normal-play value is the sum of the components' values; misère play is not a function of those values
    (Conway, *On Numbers and Games*, ch. 12), which is why a sum of positions keeps its components.  For
    impartial sums: :attr:`nim_value` (the nim sum) and :attr:`misere_canonical_form` (the misère sum).

    >>> from cgt import integer, star
    >>> s = disjunctive_sum(conjunctive_sum(integer(1), star), integer(1))
    >>> str(s), str(s.value), s.kind, str(s.g), str(s.h)
    ('1 ConjunctiveSum * + 1', '2', 'DisjunctiveSum', '1 ConjunctiveSum *', '1')
    >>> [str(o) for o in s.left_options]
    ['0 ConjunctiveSum 0 + 1', '1 ConjunctiveSum *']
    """

    __slots__ = ("components", "_hash")

    #: CGSuite's ``CompoundType`` of this compound.
    kind = "DisjunctiveSum"

    def __init__(self, components) -> None:
        self.components = tuple(components)
        if len(self.components) < 2:
            raise NotApplicableError("a disjunctive sum has at least two components")
        self._hash = hash(("DisjunctiveSum", self.components))

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

    def _options(self, left: bool) -> tuple:
        """The sums with one component replaced by one of that player's options in it."""
        result = []
        for i, c in enumerate(self.components):
            for o in options_of(c, left):
                result.append(_sum_of(self.components[:i] + _flat(o) + self.components[i + 1:]))
        return tuple(result)

    @property
    def decomposition(self) -> list:
        """The components."""
        return list(self.components)

    @property
    def game_value(self):
        """The value, loopy values included (the sum of the components' ``game_value``)."""
        return reduce(lambda a, b: a + b, (_game_value(c) for c in self.components))

    @property
    def nim_value(self) -> int:
        """The nim value of an impartial sum: the nim sum of the components' (Sprague–Grundy)."""
        self._impartial("it has no nim value")
        return reduce(xor, (_grundy(c) for c in self.components), 0)

    grundy = nim_value

    @property
    def misere_canonical_form(self):
        """The misère canonical form: the misère sum of the components' forms (impartial sums only)."""
        from cgt.misere.game import misere_canonical_form, misere_sum

        self._impartial("misère canonical forms are for impartial games")
        return reduce(misere_sum, (misere_canonical_form(c) for c in self.components))

    def __eq__(self, other):
        """Structural equality: the same components in the same order."""
        return isinstance(other, DisjunctiveSum) and self.components == other.components

    def __hash__(self):
        return self._hash

    def __reduce__(self):
        return disjunctive_sum, self.components

    def _repr_latex_(self) -> str:
        """Jupyter display: the components typeset, joined by ``+``."""
        parts = []
        for c in self.components:
            text = c._repr_latex_() if hasattr(c, "_repr_latex_") else f"${c}$"
            parts.append(text.strip("$"))
        return "$" + " + ".join(parts) + "$"


class NegativeGame(_MisereSummand):
    """``-G`` of a form, kept as a form (CGSuite's ``NegativeGame(G)``).

    Left's options are the negatives of ``G``'s Right options and Right's those of its Left options; the
    value is the negative of ``G``'s.  An impartial ``-G`` is the same game tree as ``G`` with the players'
    names exchanged, so its nim value and misère form are ``G``'s.  It prints ``-G``, or ``-(…)`` around a
    compound.

    >>> from cgt import integer
    >>> n = negative(ordinal_sum(integer(1), conjunctive_sum(integer(1), integer(1))))
    >>> str(n), str(n.value), [str(o) for o in n.right_options]
    ('-(1 : (1 ConjunctiveSum 1))', '-2', ['0', '-(1 : (0 ConjunctiveSum 0))'])
    """

    __slots__ = ("g", "_hash")

    def __init__(self, g) -> None:
        self.g = g
        self._hash = hash(("NegativeGame", g))

    @property
    def impartial(self) -> bool:
        """Whether ``G`` is impartial."""
        return _is_impartial(self.g)

    def _options(self, left: bool) -> tuple:
        """One player's options: the negatives of the other player's options in ``G``."""
        return tuple(negative(o) for o in options_of(self.g, not left))

    @property
    def decomposition(self) -> list:
        """The negatives of ``G``'s components (itself when ``G`` has no decomposition)."""
        parts = getattr(self.g, "decomposition", None)
        if parts is None or parts == [self.g]:
            return [self]
        return [negative(c) for c in parts]

    @property
    def game_value(self):
        """The value, loopy values included."""
        return -_game_value(self.g)

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


class CompoundGame(_MisereSummand):
    """``G : H``, ``G ConjunctiveSum H``, ``G SelectiveSum H`` or ``G ConwayProduct H`` of two parts (forms,
    canonical games or misère games), kept as written (see the module docstring for each rule).

    >>> from cgt import integer, star
    >>> p = conway_product(integer(2), conjunctive_sum(star, star))
    >>> str(p), [str(o) for o in p.left_options], str(p.value)
    ('2 * (* ConjunctiveSum *)', ['1 * (* ConjunctiveSum *) + 2 * (0 ConjunctiveSum 0) + -(1 * (0 ConjunctiveSum 0))'], '0')
    """

    __slots__ = ("kind", "g", "h", "_hash")

    def __init__(self, kind: str, g, h):
        if kind not in KINDS:
            raise NotApplicableError(f"unknown compound {kind}: one of {', '.join(KINDS)}")
        self.kind = kind
        self.g = _part(g)
        self.h = _part(h)
        self._hash = hash((kind, self.g, self.h))

    def __eq__(self, other):
        return (isinstance(other, CompoundGame) and self.kind == other.kind and self.g == other.g
                and self.h == other.h)

    def __hash__(self):
        return self._hash

    def __reduce__(self):
        return CompoundGame, (self.kind, self.g, self.h)

    def _options(self, left: bool) -> tuple:
        g, h, kind = self.g, self.h, self.kind
        gs, hs = options_of(g, left), options_of(h, left)
        if kind == "ConjunctiveSum":          # move in both; over when either is over
            return tuple(CompoundGame(kind, a, b) for a in gs for b in hs)
        if kind == "SelectiveSum":            # move in any non-empty set of the components
            return (tuple(CompoundGame(kind, a, h) for a in gs) + tuple(CompoundGame(kind, g, b) for b in hs)
                    + tuple(CompoundGame(kind, a, b) for a in gs for b in hs))
        if kind == "OrdinalSum":              # G's options (H is gone), or G : H' for H's options
            return gs + tuple(_ordinal(g, b) for b in hs)
        # Conway's product (On Numbers and Games, ch. 1): Left's options pair like options, Right's unlike.
        g_left, g_right = options_of(g, True), options_of(g, False)
        h_left, h_right = options_of(h, True), options_of(h, False)
        if left:
            pairs = [(a, b) for a in g_left for b in h_left] + [(a, b) for a in g_right for b in h_right]
        else:
            pairs = [(a, b) for a in g_left for b in h_right] + [(a, b) for a in g_right for b in h_left]
        return tuple(_sum_of(_flat(_product(a, h)) + _flat(_product(g, b)) + _flat(negative(_product(a, b))))
                     for a, b in pairs)

    @property
    def impartial(self) -> bool:
        """Whether both parts are impartial (then so is the compound)."""
        return _is_impartial(self.g) and _is_impartial(self.h)

    @property
    def misere_canonical_form(self):
        """The misère canonical form of an impartial compound: that of the game whose options are its options'
        (the compound's own rule of play, not its normal-play value).

        >>> from cgt import nimber
        >>> str(conjunctive_sum(nimber(2), nimber(3)).misere_canonical_form)   # options 0 and * ^ * = *: {0, *}
        '*[2]'
        >>> str(selective_sum(nimber(1), nimber(1)).misere_canonical_form)         # {0 v *, * v 0, 0 v 0}
        '*[2]'
        """
        if not self.impartial:
            raise NotApplicableError(f"{self} is not impartial: misère canonical forms are for impartial games")
        return _misere_value(self)

    @property
    def nim_value(self) -> int:
        """The nim value of an impartial compound (of its canonical form, a nimber)."""
        if not self.impartial:
            raise NotApplicableError(f"{self} is not impartial: it has no nim value")
        return self.value.nim_value

    grundy = nim_value


def _misere_value(x):
    """The misère canonical form of an impartial compound, bottom-up over its compound followers."""
    from cgt.misere.game import misere_canonical_form, misere_game

    if x in _misere:
        return _misere[x]
    memo: dict = {}

    def children(node) -> tuple:
        if not isinstance(node, CompoundGame):
            return ()
        kids = node.left_options
        for kid in kids:
            if isinstance(kid, CompoundGame) and kid not in memo and kid in _misere:
                memo[kid] = _misere[kid]
        return kids

    def compute(node):
        check_interrupt()
        progress.tick()
        if not isinstance(node, CompoundGame):
            return misere_canonical_form(node)
        value = misere_game([memo[o] for o in node.left_options])
        _misere.remember(node, value)
        return value

    with Progress("compound followers") as progress:
        return bottom_up(x, children, compute, memo)


# ---------------------------------------------------------------- text


def _part_text(x) -> str:
    from cgt.misere.game import MisereGame

    return str(x) if isinstance(x, (MisereGame, Game)) else repr(x)


def compound_text(x, text=_part_text) -> str:
    """CGSuite's text of a form: compounds by their operators (see the module docstring), negatives ``-G`` or
    ``-(…)``; any other part by ``text`` (the library's ``repr``, or the shell's own texts).

    >>> from cgt import integer, star
    >>> s = disjunctive_sum(integer(1), star)
    >>> compound_text(ordinal_sum(s, integer(1))), compound_text(disjunctive_sum(integer(1), ordinal_sum(star, 1)))
    ('(1 + *) : 1', '1 + * : 1')
    """
    if isinstance(x, NegativeGame):
        inner = compound_text(x.g, text)
        return f"-({inner})" if is_compound(x.g) else f"-{inner}"
    if not is_compound(x):
        return text(x)
    level = LEVELS[x.kind]

    def part(y) -> str:
        inner = compound_text(y, text)
        return f"({inner})" if _level(y) > level else inner

    if isinstance(x, DisjunctiveSum):
        return " + ".join(part(c) for c in x.components)
    if x.kind == "OrdinalSum":
        operator = " : "
    elif x.kind == "ConwayProduct":
        operator = " * " if isinstance(x.g, Game) and x.g.is_integer else " ConwayProduct "
    else:
        operator = f" {x.kind} "
    return part(x.g) + operator + part(x.h)


# ---------------------------------------------------------------- the compounds by name


def conjunctive_sum(g, h) -> CompoundGame:
    """``G ConjunctiveSum H``: the mover moves in both components.

    >>> from cgt import integer
    >>> str(conjunctive_sum(integer(3), integer(-2)).canonical_form)
    '0'
    """
    return CompoundGame("ConjunctiveSum", g, h)


def selective_sum(g, h) -> CompoundGame:
    """``G SelectiveSum H``: the mover moves in any non-empty set of components.

    >>> from cgt import nimber
    >>> str(selective_sum(nimber(2), nimber(3)).canonical_form)
    '*5'
    """
    return CompoundGame("SelectiveSum", g, h)


def ordinal_sum(g, h) -> CompoundGame:
    """``G : H`` kept as a compound (the canonical ordinal sum of canonical games is ``Game.ordinal_sum``).

    >>> from cgt import integer
    >>> c = ordinal_sum(disjunctive_sum(integer(-1), conjunctive_sum(1, 1)), integer(1))
    >>> str(c), [str(o) for o in c.left_options], str(c.canonical_form)
    ('(-1 + 1 ConjunctiveSum 1) : 1', ['-1 + 0 ConjunctiveSum 0', '-1 + 1 ConjunctiveSum 1'], '1/2')
    """
    return CompoundGame("OrdinalSum", g, h)


def conway_product(g, h) -> CompoundGame:
    """``G ConwayProduct H`` (``n * G`` for an integer ``n``) kept as a compound.

    >>> from cgt import integer, star
    >>> str(conway_product(integer(3), conjunctive_sum(star, 1)).canonical_form)    # 3 . {0|} = 3
    '3'
    """
    return CompoundGame("ConwayProduct", g, h)


register_cache(clear_caches)
