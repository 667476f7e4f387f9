"""The methods of ruleset positions (CGSuite's ``Game`` members, on :class:`cgt.games.Position`) and of
their sums (CGSuite's ``CompoundGame`` of type ``DisjunctiveSum``, :class:`cgt.games.engine.sums.DisjunctiveSum`)
and negatives (CGSuite's ``NegativeGame``, :class:`cgt.games.engine.sums.NegativeGame`).

A position answers from its ruleset: its options and moves as written (a list: options need not be
distinct), winning moves, decomposition, followers, misère outcome; ``P.CanonicalForm`` is its value.
Every method of short games also works on a position, on its value (the registry's coercion).

>>> from cgt.games import Domineering, Kayles
>>> from cgt.shell.values import format_value
>>> format_value(POSITIONS.methods["Options"].call(Kayles(3), []))
'[Kayles(2),Kayles("1 1"),Kayles(1)]'
>>> format_value(sensible_options(Domineering("...|..."), cgt.Player.Left))
'[Domineering.Position(".#.|.#.")]'
"""

from __future__ import annotations

import cgt
from cgt.errors import NotApplicableError
from cgt.runtime.interrupt import check_interrupt
from cgt.short.compound import canonical_value

from cgt.games.engine.ruleset import Move, Position
from cgt.games.engine.sums import DisjunctiveSum, NegativeGame
from cgt.games.heap.coordinate import CoordinateRuleset
from cgt.games.heap.pair import HeapPairRuleset

from cgt.shell.enums import CompoundType
from cgt.shell.method_registry import Section
from cgt.shell.values import describe, player_of

__all__ = ["POSITIONS", "SUMS", "NEGATIVES", "sensible_options", "sensible_lines"]

#: The members of ruleset positions (moves included).
POSITIONS = Section("ruleset positions", Position, letter="P")
#: The members of sums of positions: ``Kayles(3) + Kayles(4)`` keeps its components (CGSuite's ``CompoundGame``).
SUMS = Section("sums of positions", DisjunctiveSum, letter="C")
#: The members of negated positions and compounds: ``-Kayles(3)`` keeps its form (CGSuite's ``NegativeGame``).
NEGATIVES = Section("negative games", NegativeGame, letter="N")

POSITIONS.method("CanonicalForm", lambda p: p.value, doc=Position.value)
POSITIONS.method("GameValue", lambda p: p.game_value, doc=Position.game_value)
POSITIONS.method("OutcomeClass", lambda p: p.outcome, doc=Position.outcome)
POSITIONS.method("NimValue", lambda p: p.nim_value, doc=Position.grundy)


@POSITIONS.method("Options", arity=(0, 1), usage="P.Options, or P.Options(Left)")
def options(p: Position, player=None) -> list:
    """P.Options: every option (Left's then Right's); P.Options(Left): Left's."""
    if player is None:
        return list(p.options)
    return list(p.options_for(player_of(player)))


POSITIONS.method("LeftOptions", lambda p: list(p.left_options), doc=Position.left_options)
POSITIONS.method("RightOptions", lambda p: list(p.right_options), doc=Position.right_options)
POSITIONS.method("Moves", lambda p, player=None: list(p.moves(None if player is None else player_of(player))),
                 arity=(0, 1), doc=Position.moves, usage="P.Moves, or P.Moves(Left)")


@POSITIONS.method("WinningMoves", arity=(0, 1), usage="P.WinningMoves, or P.WinningMoves(Left)")
def winning_moves(p: Position, player=None) -> list:
    """The winning moves: to Grundy value 0 (impartial); WinningMoves(Left) for a partizan position."""
    if player is not None:
        return list(p.winning_moves_for(player_of(player)))
    return list(p.winning_moves)


POSITIONS.method("LeftWinningMoves", lambda p: list(p.left_winning_moves), doc=Position.left_winning_moves)
POSITIONS.method("RightWinningMoves", lambda p: list(p.right_winning_moves), doc=Position.right_winning_moves)
POSITIONS.method("Decomposition", lambda p: list(p.decomposition), doc=Position.decomposition)
POSITIONS.method("Followers", lambda p: frozenset(p.followers()), doc=Position.followers)


@POSITIONS.method("FollowerCount")
def follower_count(p: Position) -> int:
    """The number of positions reachable, itself included."""
    return len(p.followers())


@POSITIONS.method("SensibleOptions", arity=(0, 1), usage="P.SensibleOptions(Left), or P.SensibleOptions")
def sensible_options(p: Position, player=None) -> list:
    """``P.SensibleOptions(Left)``: the options of that player whose values are canonical options of P's value
    (in CGSuite's words, "options that realize a canonical option"); without a player, Left's then Right's."""
    if player is None:
        return sensible_options(p, cgt.Player.Left) + sensible_options(p, cgt.Player.Right)
    side = player_of(player)
    value = p.value
    canonical = set(value.left_options if side is cgt.Player.Left else value.right_options)
    return [q for q in p.options_for(side) if q.value in canonical]


POSITIONS.method("SensibleLeftOptions", lambda p: sensible_options(p, cgt.Player.Left), doc=sensible_options)
POSITIONS.method("SensibleRightOptions", lambda p: sensible_options(p, cgt.Player.Right), doc=sensible_options)


@POSITIONS.method("Label")
def label(p: Position):
    """The name of a move (the number chosen, the heap and amount, ...)."""
    if not isinstance(p, Move):
        raise NotApplicableError(f"{describe(p)} is a position, not a move: it has no label")
    return p.label


@POSITIONS.method("DepthHint")
def depth_hint(p: Position) -> int:
    """The ruleset's depth hint of the position (CGSuite's ``DepthHint``: no follower has a larger one; the loopy
    engine values large game graphs layer by layer with it), 0 when the ruleset has none.

    >>> from cgt.games import BackslidingToadsAndFrogs, Domineering
    >>> depth_hint(BackslidingToadsAndFrogs("tt.ff")), depth_hint(Domineering("..|.."))
    (4, 0)
    """
    hint = getattr(p.ruleset, "depth_hint", None)
    return 0 if hint is None else hint(p.position)


@POSITIONS.method("Coord")
def coord(p: Position) -> tuple:
    """The pair (row, col) of a position of a coordinate ruleset (CGSuite's ``CoordinateRuleset.Position.Coord``).

    >>> from cgt.games import Wythoff
    >>> coord(Wythoff(3, 5))
    (3, 5)
    """
    pos = p.position
    if isinstance(p.ruleset, CoordinateRuleset) and len(pos) == 1:
        return pos[0]
    if isinstance(p.ruleset, HeapPairRuleset):
        return tuple(pos)
    why = "a sum of pairs" if isinstance(p.ruleset, CoordinateRuleset) else "not a position of a coordinate ruleset"
    raise NotApplicableError(f"{describe(p)} has no Coord: it is {why}")


POSITIONS.method("MisereOutcomeClass", lambda p: p.misere_outcome, doc=Position.misere_outcome)
POSITIONS.method("MisereNimValue", lambda p: p.misere_grundy, doc=Position.misere_grundy)


# ---------------------------------------------------------------- sums of positions

_D = DisjunctiveSum
SUMS.method("CanonicalForm", lambda c: c.value, doc=_D.value)
SUMS.method("GameValue", lambda c: c.game_value, doc=_D.game_value)
SUMS.method("OutcomeClass", lambda c: c.outcome, doc=_D.outcome)
SUMS.method("NimValue", lambda c: c.nim_value, doc=_D.nim_value)
SUMS.method("LeftOptions", lambda c: list(c.left_options), doc=_D.left_options)
SUMS.method("RightOptions", lambda c: list(c.right_options), doc=_D.right_options)
SUMS.method("Decomposition", lambda c: c.decomposition, doc=_D.decomposition)
SUMS.method("MisereCanonicalForm", lambda c: c.misere_canonical_form, doc=_D.misere_canonical_form)
SUMS.method("MisereOutcomeClass", lambda c: c.misere_outcome, doc=_D.misere_outcome)
SUMS.method("MisereNimValue", lambda c: c.misere_nim_value, doc=_D.misere_nim_value)
SUMS.method("Genus", lambda c: c.genus, doc=_D.genus)
SUMS.method("G", lambda c: c.g, doc=_D.g)
SUMS.method("H", lambda c: c.h, doc=_D.h)


@SUMS.method("Options", arity=(0, 1), usage="C.Options, or C.Options(Left)")
def sum_options(c: DisjunctiveSum, player=None) -> list:
    """C.Options: every option (an impartial sum's, or Left's then Right's); C.Options(Left): Left's."""
    if player is None:
        return c.options
    return list(c.left_options if player_of(player) is cgt.Player.Left else c.right_options)


@SUMS.method("CompoundType")
def sum_compound_type(c: DisjunctiveSum):
    """DisjunctiveSum: how the compound combines its components."""
    return CompoundType[c.kind]


# ---------------------------------------------------------------- negatives of positions and compounds

_N = NegativeGame
NEGATIVES.method("CanonicalForm", lambda n: n.value, doc=_N.value)
NEGATIVES.method("GameValue", lambda n: n.game_value, doc=_N.game_value)
NEGATIVES.method("OutcomeClass", lambda n: n.outcome, doc=_N.outcome)
NEGATIVES.method("NimValue", lambda n: n.nim_value, doc=_N.nim_value)
NEGATIVES.method("LeftOptions", lambda n: list(n.left_options), doc=_N.left_options)
NEGATIVES.method("RightOptions", lambda n: list(n.right_options), doc=_N.right_options)
NEGATIVES.method("Decomposition", lambda n: n.decomposition, doc=_N.decomposition)
NEGATIVES.method("MisereCanonicalForm", lambda n: n.misere_canonical_form, doc=_N.misere_canonical_form)
NEGATIVES.method("MisereOutcomeClass", lambda n: n.misere_outcome, doc=_N.misere_outcome)
NEGATIVES.method("MisereNimValue", lambda n: n.misere_nim_value, doc=_N.misere_nim_value)
NEGATIVES.method("Genus", lambda n: n.genus, doc=_N.genus)


@NEGATIVES.method("G")
def negated(n: NegativeGame):
    """The game negated: (-G).G is G."""
    return n.g


@NEGATIVES.method("Options", arity=(0, 1), usage="N.Options, or N.Options(Left)")
def negative_options(n: NegativeGame, player=None) -> list:
    """N.Options: every option (an impartial game's, or Left's then Right's); N.Options(Left): Left's."""
    if player is None:
        return n.options
    return list(n.left_options if player_of(player) is cgt.Player.Left else n.right_options)


# ---------------------------------------------------------------- sensible lines of play

def _moves_of(x, left: bool) -> list:
    """The options of a position, sum or negative for one player (positions, not moves)."""
    if isinstance(x, Position):
        return list(x.options_for(cgt.Player.Left if left else cgt.Player.Right))
    return list(x.left_options if left else x.right_options)


def sensible_lines(g, player) -> list:
    """``G.SensibleLines(Left)``: the lines of play by which that player's options realise the canonical
    options of G's value (CGSuite's ``SensibleLines``).

    A line is ``[X1, Y1, X2, Y2, …, Xk]``: ``X1`` is an option of G, each ``Yi`` an opponent's option of
    ``Xi`` that reverses it (``Yi <= G`` for Left, ``Yi >= G`` for Right), each ``Xi+1`` an option of ``Yi``,
    and the value of ``Xk`` is a canonical option of G.  By the reversible-move theorem (Conway, *On Numbers
    and Games*, ch. 10; Siegel, *Combinatorial Game Theory*, II.2) replacing a reversible option by the
    options of its reversing option leaves G's value unchanged, and repeating this (against G each time)
    reaches the canonical options; so every canonical option ends some line, and a line
    of one position is a sensible option.  Options that are dominated and not reversible end no line.

    >>> from cgt.games import Kayles
    >>> from cgt.shell.values import format_value
    >>> format_value(sensible_lines(Kayles(2), cgt.Player.Left))
    '[[Kayles(1)],[Kayles(0)]]'
    """
    left = player_of(player) is cgt.Player.Left
    value = canonical_value(g)
    canonical = set(value.left_options if left else value.right_options)
    lines: list = []

    def extend(prefix: list, x) -> None:
        check_interrupt()
        if canonical_value(x) in canonical:
            lines.append(prefix + [x])
            return
        for y in _moves_of(x, not left):
            y_value = canonical_value(y)
            if (y_value <= value) if left else (y_value >= value):
                for z in _moves_of(y, left):
                    extend(prefix + [x, y], z)

    for x in _moves_of(g, left):
        extend([], x)
    return lines


for _section in (POSITIONS, SUMS, NEGATIVES):
    _section.method("SensibleLines", sensible_lines, arity=(1, 1), usage=f"{_section.letter}.SensibleLines(Left)")
