"""Variants of a ruleset (CGSuite's ``game.variant``): impartial, dicotic and twisted play of its positions.

Every ruleset ``R`` has three variants, each again a ruleset whose positions are ``R``'s positions
(``R.impartial_variant(x)`` is ``R(x).impartial_variant``):

* ``ImpartialVariantRuleset(R)`` -- either player may make any move of Left or of Right.  Impartial, so
  every value is a nimber.  ``Cram`` is Domineering's impartial variant; the library keeps ``Cram`` as a
  ruleset of its own (it has a much faster solver and its own name), and the tests check that the two
  agree on random boards.
* ``DicoticVariantRuleset(R)`` -- a player may move only if *both* players have a move in the position;
  otherwise it is terminal.  Every value is all-small (Siegel, *Combinatorial Game Theory*, II.4: a game
  in which both players can move from every non-terminal follower).
* ``TwistedVariantRuleset(R)`` -- after each move the roles of Left and Right swap: the options of
  ``T(G)`` are the negatives of the twisted options, ``T(G) = {-T(G^L) | -T(G^R)}``.  By induction on
  the game tree, ``T(-G) = -T(G)``; hence twisting twice gives the original game back, and an impartial
  game is its own twist.  A twisted position is stored as ``(position, negated)``: the option ``-T(G^L)``
  is ``(G^L, True)``; it prints ``-(...)``.

The rules of a variant are those of the whole position: the dicotic and twisted variants of a sum are not
the sums of the variants (whether both players can move, and whose turn as whom, is decided for the whole
board), so they do not split positions into components; the impartial variant does.  Table keys reuse the
base ruleset's ``normal_form``: its symmetries map positions to positions with the same moves (possibly
with the players exchanged, i.e. the conjugate ``-G``), and ``I(-G) = I(G)``, ``D(-G) = -D(G)``,
``T(-G) = -T(G)``.

Values below are worked by hand from the rules (Left places vertical dominoes).  Domineering ``..`` (only
Right can move: value -1) is, impartially, ``{0|0} = *``; twisted, ``{|-T(0)} = -1``; dicotic, terminal:
``0``.  The 2x2 board is ``{1|-1}``: Left's move leaves ``.|.`` (value 1, and ``T(1) = {-T(0)|} = 1``),
Right's leaves ``..`` (-1, ``T(-1) = -1``), so its twist is ``{-1|1} = 0``; impartially both options are
``*`` and it is ``0`` (as Cram's 2x2 board); dicotic, ``{0|0} = *``.

>>> from cgt.games import Domineering
>>> [str(Domineering("..").impartial_variant.value), str(Domineering("..").twisted_variant.value),
...  str(Domineering("..").dicotic_variant.value)]
['*', '-1', '0']
>>> str(Domineering.twisted_variant("..|..").value), str(Domineering.impartial_variant("..|..").value)
('0', '0')
>>> str(Domineering.dicotic_variant("..|..").value)
'*'
>>> Domineering.impartial_variant
ImpartialVariantRuleset(Domineering)
"""

from __future__ import annotations

from cgt.errors import InvalidPositionError
from cgt.kernel.player import Player

from cgt.games.engine.ruleset import ImpartialRuleset, Position, Ruleset

__all__ = ["ImpartialVariantRuleset", "DicoticVariantRuleset", "TwistedVariantRuleset", "VariantRuleset"]

CATALOGUE = {"ImpartialVariantRuleset": "game.variant.ImpartialVariantRuleset",
             "DicoticVariantRuleset": "game.variant.DicoticVariantRuleset",
             "TwistedVariantRuleset": "game.variant.TwistedVariantRuleset"}

Left, Right = Player.Left, Player.Right


class VariantRuleset(Ruleset):
    """Base of the three variants: positions, parsing and printing are the base ruleset's."""

    abstract = True
    #: CGSuite's name of a variant position (``ImpartialVariantGame``).
    game_name = ""

    def __init__(self, base: Ruleset) -> None:
        if not isinstance(base, Ruleset):
            raise InvalidPositionError(f"{type(self).__name__}: {base!r} is not a ruleset")
        self.base = base

    def params(self) -> tuple:
        return (self.base,)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.base!r})"

    def normalize(self, pos):
        """A position of the base ruleset."""
        return self.base.normalize(pos)

    def parse(self, text: str):
        """The base ruleset's position syntax."""
        return self.base.parse(text)

    def format(self, pos) -> str:
        """The base ruleset's text of the position."""
        return self.base.format(pos)

    def __call__(self, *args) -> Position:
        """``V(x)`` is ``base(x)`` played by the variant's rules (arguments as the base ruleset takes them)."""
        return self.position(self.base(*args).position)

    def base_position(self, pos) -> tuple[Position, bool]:
        """The base ruleset's position under ``pos`` and whether the variant negates it (twisted only)."""
        return Position(self.base, pos), False


class ImpartialVariantRuleset(VariantRuleset, ImpartialRuleset):
    """``R.impartial_variant``: either player may make any Left or Right move of ``R`` (values are nimbers).

    >>> from cgt.games import Domineering
    >>> Domineering.impartial_variant("...|...").nim_value      # Cram's 2x3 board is *1
    1
    """

    abstract = False
    game_name = "ImpartialVariantGame"

    def moves(self, pos, player=None):
        """Left's moves of the base, then Right's (once, if the base is impartial)."""
        base = self.base
        if isinstance(base, ImpartialRuleset):
            return list(base.moves(pos, Left))
        return list(base.moves(pos, Left)) + list(base.moves(pos, Right))

    def options(self, pos, player=None) -> list:
        """Every option of either player in the base ruleset."""
        base = self.base
        if isinstance(base, ImpartialRuleset):
            return list(base.left_options(pos))
        return list(base.left_options(pos)) + list(base.right_options(pos))

    def has_components(self) -> bool:
        """Components of the base, as ``I(G + H) = I(G) + I(H)``."""
        return self.base.has_components()

    def components(self, pos) -> list:
        """The base ruleset's components."""
        return self.base.components(pos)

    def normal_form(self, pos):
        """The base's table key; a swap of the players does not matter, since ``I(-G) = I(G)``."""
        return self.base.normal_form(pos)[0], False


class DicoticVariantRuleset(VariantRuleset):
    """``R.dicotic_variant``: a player may move only if both players have a move (values are all-small).

    >>> from cgt.games import Domineering
    >>> str(Domineering.dicotic_variant("..|..").value), str(Domineering.dicotic_variant("...|...").value)
    ('*', '^')
    """

    abstract = False
    game_name = "DicoticVariantGame"

    def _both(self, pos):
        base = self.base
        lefts, rights = list(base.moves(pos, Left)), list(base.moves(pos, Right))
        return (lefts, rights) if lefts and rights else ([], [])

    def moves(self, pos, player: Player):
        """The base's moves of ``player``, or none when either player has no move."""
        lefts, rights = self._both(pos)
        return lefts if Player.parse(player) is Left else rights

    def left_options(self, pos):
        """Left's options of the base, when both players have one."""
        return [o for _, o in self._both(pos)[0]]

    def right_options(self, pos):
        """Right's options of the base, when both players have one."""
        return [o for _, o in self._both(pos)[1]]

    def normal_form(self, pos):
        """The base's table key (``D(-G) = -D(G)``, so a swap of the players negates here too)."""
        return self.base.normal_form(pos)


class TwistedVariantRuleset(VariantRuleset):
    """``R.twisted_variant``: Left and Right swap roles after each move, ``T(G) = {-T(G^L) | -T(G^R)}``.

    Positions are pairs ``(base position, negated)``; ``R.twisted_variant(x)`` is ``(x, False)``.

    >>> from cgt.games import Domineering
    >>> p = Domineering.twisted_variant(".|.")            # T(1) = {-T(0)|} = 1
    >>> str(p.value), [str(o) for o in p.left_options]
    ('1', ['-(#|#)'])
    >>> str(Domineering.twisted_variant.twisted_variant("...").value), str(Domineering("...").value)
    ('-1', '-1')
    """

    abstract = False
    game_name = "TwistedVariantGame"

    def normalize(self, pos):
        """A base position, or a pair ``(base position, negated)`` as the options are."""
        if isinstance(pos, tuple) and len(pos) == 2 and isinstance(pos[1], bool):
            try:
                return self.base.normalize(pos[0]), pos[1]
            except InvalidPositionError:
                pass
        return self.base.normalize(pos), False

    def parse(self, text: str):
        """The base position's text, or ``-(text)`` for a negated one."""
        body = text.strip()
        if body.startswith("-(") and body.endswith(")"):
            return self.base.parse(body[2:-1]), True
        return self.base.parse(body), False

    def format(self, pos) -> str:
        """The base position's text; ``-(text)`` when negated."""
        text = self.base.format(pos[0])
        return f"-({text})" if pos[1] else text

    def __call__(self, *args) -> Position:
        """``T(x)``: the twisted base position ``base(x)`` (text ``-(x)``: its negative)."""
        if len(args) == 1 and isinstance(args[0], str):
            return self.position(self.parse(args[0]))
        return self.position((self.base(*args).position, False))

    def base_position(self, pos) -> tuple[Position, bool]:
        """The base ruleset's position and whether this twisted position is its negative."""
        return Position(self.base, pos[0]), pos[1]

    def moves(self, pos, player: Player):
        """``T(G)``: each base move of ``player`` to ``G'`` gives ``-T(G')``; ``-T(G)``: the other player's,
        to ``T(G')``."""
        p, negated = pos
        side = Player.parse(player)
        base_side = side.opponent if negated else side
        return [(label, (o, not negated)) for label, o in self.base.moves(p, base_side)]

    def left_options(self, pos):
        """Left's options (see :meth:`moves`)."""
        return [o for _, o in self.moves(pos, Left)]

    def right_options(self, pos):
        """Right's options (see :meth:`moves`)."""
        return [o for _, o in self.moves(pos, Right)]

    def normal_form(self, pos):
        """The base's key, un-negated; negated when the base swapped the players xor ``pos`` is negated
        (``T(-G) = -T(G)``)."""
        key, swapped = self.base.normal_form(pos[0])
        return (key, False), swapped != pos[1]


def variant_position(position: Position, kind: str) -> Position:
    """``position``'s variant ``kind`` (``"impartial"``, ``"dicotic"`` or ``"twisted"``), as a position of
    the base ruleset's variant (what :attr:`Position.impartial_variant` and the others return)."""
    ruleset = getattr(position.ruleset, f"{kind}_variant")
    if kind == "twisted":
        return ruleset.position((position.position, False))
    return ruleset.position(position.position)


def variant_of(ruleset: Ruleset, kind: str) -> VariantRuleset:
    """The (memoised) variant ``kind`` of ``ruleset``; the same object each time, so its tables are kept."""
    cache = ruleset.__dict__.setdefault("_variants", {})
    found = cache.get(kind)
    if found is None:
        cls = {"impartial": ImpartialVariantRuleset, "dicotic": DicoticVariantRuleset,
               "twisted": TwistedVariantRuleset}[kind]
        found = cache[kind] = cls(ruleset)
    return found
