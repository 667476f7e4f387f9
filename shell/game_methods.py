"""The methods of short games (CGSuite's ``CanonicalShortGame``), of compound
games and of thermographs, and the nim arithmetic of integers and nimbers.

Game methods call :class:`cgt.Game`; numbers and ruleset positions reach them through the registry's
coercions (:mod:`cgt.shell.methods`).  Besides the library's queries (stops, temperature, cooling,
atomic weight, ...) a short game answers the members CGSuite gives every game: the Boolean family
(``IsNumberish``, ``IsEvenTempered``, ...), ``UptimalExpansion``, ``Pow``/``PowTo``, ``Subordinate``,
``Tiny``/``Miny``, stops by player, and the stopper members a short game answers trivially (a short game
is its own onside and offside, its upsum with H is its sum with H).

>>> import cgt
>>> GAMES.methods["IsEvenTempered"].call(cgt.game([1], [0]), [])
False
>>> str(GAMES.methods["UptimalExpansion"].call(cgt.up_nth(2) + cgt.up, []))
'0.11'
>>> nim_sum(11, 5), str(nim_product(cgt.nimber(2), cgt.nimber(2)))
(14, '*3')
"""

from __future__ import annotations

from fractions import Fraction

import cgt
from cgt import Game
from cgt.errors import NotApplicableError
from cgt.impartial import grundy, nimarith
from cgt.kernel import constructors
from cgt.kernel.game import lefts_of, rights_of
from cgt.short import compound, conway_product as conway, infinitesimal, powers, predicates, products
from cgt.short.compound import CompoundGame, is_form
from cgt.short.uptimal import is_uptimal, uptimal_expansion
from cgt.thermo import cooling, temperature
from cgt.thermo.thermograph import Thermograph

from cgt.games.engine.ruleset import Position

from cgt.shell.enums import CompoundType
from cgt.shell.explicit import ExplicitGame
from cgt.shell.method_registry import Section
from cgt.shell.tower import is_tower, nim_arithmetic
from cgt.shell.values import HelpText, describe, game_form, is_number, normalise, number_of, player_of, to_game

__all__ = ["GAMES", "NIM_ARITHMETIC", "COMPOUND_GAMES", "EXPLICIT_GAMES", "THERMOGRAPHS", "nim_sum", "nim_product",
           "subordinate", "uptimal_expansion_of", "stop", "compound_of", "add_compound_methods"]

#: The members of short games; numbers and positions offer them through the registry's coercions.
GAMES = Section("games and numbers", Game, letter="G")
#: ``a NimSum b`` and ``a NimProduct b`` of integers (integers) and nimbers (nimbers).
NIM_ARITHMETIC = Section("integers and nimbers", int, Game, Position)
#: Members of compound games (CGSuite's ``CompoundGame(CompoundType, G, H)``; a disjunctive sum is a
#: :class:`cgt.short.compound.DisjunctiveSum`, whose members are with those of positions).
COMPOUND_GAMES = Section("compound games", CompoundGame, letter="C")
EXPLICIT_GAMES = Section("explicit games", ExplicitGame, letter="G")
#: Members of thermographs.
THERMOGRAPHS = Section("thermographs", Thermograph)


# ---------------------------------------------------------------- the library's queries

@GAMES.method("CanonicalForm")
def canonical_form(g: Game) -> Game:
    """The canonical form of G (games are always kept canonical)."""
    return g


GAMES.method("LeftOptions", lambda g: frozenset(g.left_options), doc=Game.left_options)
GAMES.method("RightOptions", lambda g: frozenset(g.right_options), doc=Game.right_options)


@GAMES.method("Options", arity=(0, 1), usage="G.Options, or G.Options(Left)")
def game_options(g: Game, player=None) -> frozenset:
    """G.Options: all options; G.Options(Left): Left's options."""
    if player is None:
        return frozenset(list(g.left_options) + list(g.right_options))
    return frozenset(g.left_options if player_of(player) is cgt.Player.Left else g.right_options)


def _parameter(t):
    """Cooling/heating parameters: numbers as Fractions, other games as games."""
    number = number_of(t)
    if number is not None:
        return Fraction(number)
    return to_game(t, "parameter")


def _called(value):
    """A library member that may be a method or a property (the compiled kernel's are properties)."""
    return value() if callable(value) else value


def nim_value(g: Game) -> int:
    """The nim value of a nimber (an error for other games)."""
    value = g.nim_value
    if value is None:
        raise NotApplicableError(f"{g} is not a nimber, so it has no nim value")
    return value


GAMES.method("OutcomeClass", lambda g: g.outcome, doc=Game.outcome)
GAMES.method("Birthday", lambda g: g.birthday, doc=Game.birthday)
GAMES.method("LeftStop", lambda g: normalise(g.left_stop), doc=Game.left_stop)
GAMES.method("RightStop", lambda g: normalise(g.right_stop), doc=Game.right_stop)
GAMES.method("Mean", lambda g: normalise(g.mean), doc=temperature.mean)
GAMES.method("Temperature", lambda g: normalise(g.temperature), doc=temperature.temperature)
GAMES.method("Thermograph", lambda g: _called(g.thermograph), doc=temperature.thermograph)
# sets, as CGSuite's (the incentives of the options, which are sets): 3.LeftIncentives is {-1}
GAMES.method("Incentives", lambda g: frozenset(g.incentives), doc=temperature.incentives)
GAMES.method("LeftIncentives", lambda g: frozenset(g.left_incentives), doc=temperature.left_incentives)
GAMES.method("RightIncentives", lambda g: frozenset(g.right_incentives), doc=temperature.right_incentives)
GAMES.method("StopCount", lambda g: g.stop_count, doc=temperature.stop_count)
GAMES.method("Cool", lambda g, t: g.cool(_parameter(t)), arity=(1, 1), doc=cooling.cool, usage="G.Cool(t)")
GAMES.method("Heat", lambda g, t: g.heat(_parameter(t)), arity=(1, 1), doc=cooling.heat,
             usage="G.Heat(t), or G Heat t")
GAMES.method("Overheat", lambda g, s, t: g.overheat(_parameter(s), _parameter(t)), arity=(2, 2),
             doc=cooling.overheat, usage="G.Overheat(s, t)")
GAMES.method("Freeze", lambda g: _called(g.freeze), doc=cooling.freeze)
GAMES.method("AtomicWeight", lambda g: g.atomic_weight, doc=infinitesimal.atomic_weight)
GAMES.method("IsAtomic", lambda g: g.is_atomic, doc=infinitesimal.is_atomic)
GAMES.method("ReducedCanonicalForm", lambda g: g.reduced_canonical_form, doc=infinitesimal.reduced_canonical_form)
GAMES.method("Companion", lambda g: g.companion, doc=infinitesimal.companion)
GAMES.method("NortonMultiply", lambda g, u: g.norton_product(to_game(u)), arity=(1, 1),
             doc=products.norton_product, usage="G.NortonMultiply(U)")
GAMES.method("NortonProduct", lambda g, u: g.norton_product(to_game(u)), arity=(1, 1),
             doc=products.norton_product, usage="G.NortonProduct(U)")
def _ordinal_sum(g: Game, h):
    if is_form(game_form(h)):
        return compound_of("OrdinalSum", g, h)
    return g.ordinal_sum(to_game(h))


GAMES.method("OrdinalSum", _ordinal_sum, arity=(1, 1), doc=products.ordinal_sum, usage="G.OrdinalSum(H)")
GAMES.method("NimValue", nim_value)
GAMES.method("IsNumber", lambda g: g.is_number, doc=Game.is_number)
GAMES.method("IsInteger", lambda g: g.is_integer, doc=Game.is_integer)
GAMES.method("IsNimber", lambda g: g.is_nimber, doc=Game.is_nimber)
GAMES.method("IsUptimal", is_uptimal)
GAMES.method("IsImpartial", lambda g: g.is_impartial, doc=Game.is_impartial)
GAMES.method("IsInfinitesimal", lambda g: g.is_infinitesimal, doc=Game.is_infinitesimal)
GAMES.method("IsAllSmall", lambda g: g.is_all_small, doc=Game.is_all_small)
GAMES.method("Followers", lambda g: frozenset(g.followers()), doc=Game.followers)


# ---------------------------------------------------------------- the Boolean family and CGSuite's members

GAMES.method("IsNumberish", predicates.is_numberish)
GAMES.method("IsNumberTiny", predicates.is_number_tiny)
GAMES.method("IsIdempotent", predicates.is_idempotent)
GAMES.method("IsOrdinal", predicates.is_ordinal)
GAMES.method("IsEven", predicates.is_even)
GAMES.method("IsOdd", predicates.is_odd)
GAMES.method("IsEvenTempered", predicates.is_even_tempered)
GAMES.method("IsOddTempered", predicates.is_odd_tempered)
GAMES.method("FollowerCount", predicates.follower_count)


@GAMES.method("IsPseudonumber")
def is_pseudonumber(g: Game) -> bool:
    """True for pseudonumbers; among short games, the numbers."""
    return g.is_number


@GAMES.method("IsZero")
def is_zero(g: Game) -> bool:
    """True for the game 0."""
    return g is cgt.zero


def _always_true(what: str):
    def answer(g: Game) -> bool:
        return True

    answer.__doc__ = f"True: every short game is {what}."
    return answer


for _name, _what in (("IsFinite", "finite"), ("IsLoopfree", "loopfree"), ("IsStopper", "a stopper"),
                     ("IsStopperSided", "stopper-sided"), ("IsPlumtree", "a plumtree"), ("IsStable", "stable")):
    GAMES.method(_name, _always_true(_what))


@GAMES.method("UptimalExpansion")
def uptimal_expansion_of(g: Game):
    """``G.UptimalExpansion``: the uptimal expansion as CGSuite prints it, or a clear error when G is not an uptimal.

    >>> str(uptimal_expansion_of(cgt.up + cgt.star))
    '*.1'
    >>> uptimal_expansion_of(cgt.game([1], [0]))
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: {1|0} is not an uptimal
    """
    expansion = uptimal_expansion(g)
    if expansion is None:
        raise NotApplicableError(f"{g} is not an uptimal")
    return expansion


def compound_of(kind: str, g, h) -> CompoundGame:
    """CGSuite's ``CompoundGame(kind, G, H)`` of two games, each kept as a form (a position, an explicit game, a
    compound) or as a short game (numbers become games).

    >>> str(compound_of("ConjunctiveSum", 2, cgt.star)), str(compound_of("OrdinalSum", 1, 1).canonical_form)
    ('2 ConjunctiveSum *', '2')
    """
    return CompoundGame(kind, game_form(g), game_form(h))


def _conway_product(g: Game, h):
    if is_form(game_form(h)):       # CGSuite: canonical when H is canonical, else a compound
        return compound_of("ConwayProduct", g, h)
    return conway.conway_product(g, to_game(h))


GAMES.method("ConwayProduct", _conway_product, arity=(1, 1), doc=conway.conway_product, usage="G.ConwayProduct(H)")
GAMES.method("ConwayMultiply", _conway_product, arity=(1, 1), doc=conway.conway_product,
             usage="G.ConwayMultiply(H)")
GAMES.method("ConjunctiveSum", lambda g, h: compound_of("ConjunctiveSum", g, h), arity=(1, 1),
             doc=compound.conjunctive_sum, usage="G.ConjunctiveSum(H), or G ConjunctiveSum H")
GAMES.method("SelectiveSum", lambda g, h: compound_of("SelectiveSum", g, h), arity=(1, 1),
             doc=compound.selective_sum, usage="G.SelectiveSum(H), or G SelectiveSum H")


def add_compound_methods(section: Section) -> None:
    """Give the games of ``section`` (kept as forms) the members that build compounds of them as written:
    ``ConjunctiveSum(H)``, ``SelectiveSum(H)``, ``ConwayProduct(H)`` (and ``ConwayMultiply``), ``OrdinalSum(H)``."""
    letter = section.letter
    for name, kind, doc in (("ConjunctiveSum", "ConjunctiveSum", compound.conjunctive_sum),
                            ("SelectiveSum", "SelectiveSum", compound.selective_sum),
                            ("ConwayProduct", "ConwayProduct", compound.conway_product),
                            ("ConwayMultiply", "ConwayProduct", compound.conway_product),
                            ("OrdinalSum", "OrdinalSum", compound.ordinal_sum)):
        section.method(name, lambda g, h, kind=kind: compound_of(kind, g, h), arity=(1, 1), doc=doc,
                       usage=f"{letter}.{name}(H), or {letter} {name} H")


def _power(name: str, function):
    def call(g: Game, n):
        value = number_of(n)
        if value is None or Fraction(value).denominator != 1:
            # a number or stopper exponent: cgt.loopy's generalised powers (G^->x = G : (x - 1))
            from cgt.loopy import LoopyGame, power, power_to

            if isinstance(n, LoopyGame) or value is not None:
                return (power if name == "Pow" else power_to)(g, n if value is None else Fraction(value))
            raise NotApplicableError(f"{name} needs a positive integer, number or stopper exponent, got {n}")
        return function(g, int(value))

    return call


GAMES.method("Pow", _power("Pow", powers.power), arity=(1, 1), doc=powers.power, usage="G.Pow(n)")
GAMES.method("PowTo", _power("PowTo", powers.power_to), arity=(1, 1), doc=powers.power_to, usage="G.PowTo(n)")


@GAMES.method("Subordinate", arity=(1, 1), usage="G.Subordinate(B)")
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
    base = to_game(base)
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


GAMES.method("Tiny", lambda g: cgt.tiny(g), doc=constructors.tiny)
GAMES.method("Miny", lambda g: cgt.miny(g), doc=constructors.miny)


def stop(g: Game, player):
    """``G.Stop(Left)``/``G.Stop(Right)``: the left or right stop (a short game has no ``over``/``under``
    parts, so ``StrongStop`` is the same).

    >>> stop(cgt.game([3], [1]), cgt.Player.Left), stop(cgt.game([3], [1]), cgt.Player.Right)
    (3, 1)
    """
    side = player_of(player)
    return normalise(g.left_stop if side is cgt.Player.Left else g.right_stop)


GAMES.method("Stop", stop, arity=(1, 1), usage="G.Stop(Left)")
GAMES.method("StrongStop", stop, arity=(1, 1), usage="G.StrongStop(Left)")


@GAMES.method("GameValue")
def game_value(g: Game) -> Game:
    """A short game's value is its canonical form."""
    return g


@GAMES.method("Onside")
def onside(g: Game) -> Game:
    """A short game is its own onside."""
    return g


@GAMES.method("Offside")
def offside(g: Game) -> Game:
    """A short game is its own offside."""
    return g


@GAMES.method("Upsum", arity=(1, 1), usage="G.Upsum(H)")
def upsum(g: Game, h) -> Game:
    """For short games the upsum is the sum."""
    return g + to_game(h)


@GAMES.method("Downsum", arity=(1, 1), usage="G.Downsum(H)")
def downsum(g: Game, h) -> Game:
    """For short games the downsum is the sum."""
    return g + to_game(h)


@GAMES.method("Degree")
def degree(g: Game) -> Game:
    """G Upsum -G: 0 for every short game."""
    return cgt.zero


@GAMES.method("Decomposition")
def decomposition(g: Game) -> list:
    """The summands of G: [G] for a value."""
    return [g]


@GAMES.method("DepthHint")
def depth_hint(g: Game) -> int:
    """0 (CGSuite's default)."""
    return 0


@GAMES.method("EnclosingObject")
def enclosing_object(g: Game) -> None:
    """Nothing: a value has no enclosing object."""
    return None


# ---------------------------------------------------------------- nim arithmetic (ints and nimbers)

def _nim_operands(name: str, a, b):
    """Both ints (returned as ints, flag False) or both nimbers (nim values, flag True)."""
    if is_number(a) and is_number(b) and isinstance(a, int) and isinstance(b, int):
        if a < 0 or b < 0:
            raise NotApplicableError(f"{name} needs non-negative integers, got {a} and {b}")
        return a, b, False
    ga, gb = to_game(a), to_game(b)
    if ga.is_nimber and gb.is_nimber:
        return ga.nim_value, gb.nim_value, True
    raise NotApplicableError(f"{name} needs two non-negative integers or two nimbers, got {describe(a)} and "
                             f"{describe(b)}")


def _nim_operation(name: str, operation, a, b):
    """``a Name b`` for NimSum/NimProduct: ordinals go to the transfinite arithmetic, integers and nimbers
    to ``operation`` on their integer values (a nimber result for nimber operands)."""
    if is_tower(a) or is_tower(b):
        return nim_arithmetic(name, a, b)
    x, y, nimbers = _nim_operands(name, a, b)
    result = operation(x, y)
    return cgt.nimber(result) if nimbers else result


@NIM_ARITHMETIC.method("NimSum", arity=(1, 1), usage="a NimSum b, or a.NimSum(b)")
def nim_sum(a, b):
    """``a NimSum b``: XOR of integers, or the nimber sum of nimbers.

    >>> nim_sum(11, 5), str(nim_sum(cgt.nimber(2), cgt.nimber(3)))
    (14, '*')
    """
    return _nim_operation("NimSum", grundy.nim_sum, a, b)


@NIM_ARITHMETIC.method("NimProduct", arity=(1, 1), usage="a NimProduct b, or a.NimProduct(b)")
def nim_product(a, b):
    """``a NimProduct b``: Conway's nim product of integers, or of nimbers.

    >>> nim_product(2, 3), str(nim_product(cgt.nimber(2), cgt.nimber(2)))
    (1, '*3')
    """
    return _nim_operation("NimProduct", nimarith.nim_product, a, b)


# ---------------------------------------------------------------- compound games and thermographs

COMPOUND_GAMES.method("CanonicalForm", lambda c: c.canonical_form, doc=CompoundGame.canonical_form)
COMPOUND_GAMES.method("LeftOptions", lambda c: list(c.left_options), doc=CompoundGame.left_options)
COMPOUND_GAMES.method("RightOptions", lambda c: list(c.right_options), doc=CompoundGame.right_options)


EXPLICIT_GAMES.method("CanonicalForm", lambda g: g.canonical_form, doc=ExplicitGame.canonical_form)


@EXPLICIT_GAMES.method("LeftOptions")
def explicit_left_options(g: ExplicitGame) -> list:
    """The Left options as written."""
    return list(g.left)


@EXPLICIT_GAMES.method("RightOptions")
def explicit_right_options(g: ExplicitGame) -> list:
    """The Right options as written."""
    return list(g.right)


@EXPLICIT_GAMES.method("Options", arity=(0, 1), usage="G.Options, or G.Options(Left)")
def explicit_options(g: ExplicitGame, player=None) -> list:
    """The options as written: all of them, or one player's (Options(Left))."""
    if player is None:
        return list(g.left + g.right)
    return list(g.options(player_of(player) is cgt.Player.Left))


@COMPOUND_GAMES.method("Options", arity=(0, 1), usage="C.Options, or C.Options(Left)")
def compound_options(c: CompoundGame, player=None) -> list:
    """The options: all of them, or one player's (Options(Left))."""
    if player is None:
        return list(c.left_options + c.right_options)
    return list(c.left_options if player_of(player) is cgt.Player.Left else c.right_options)


@COMPOUND_GAMES.method("G")
def first_component(c: CompoundGame):
    """The first component."""
    return c.g


@COMPOUND_GAMES.method("H")
def second_component(c: CompoundGame):
    """The second component."""
    return c.h


@COMPOUND_GAMES.method("CompoundType")
def compound_type(c: CompoundGame) -> CompoundType:
    """How the compound combines G and H: ConjunctiveSum, SelectiveSum, OrdinalSum or ConwayProduct."""
    return CompoundType[c.kind]


@THERMOGRAPHS.method("Plot", arity=(0, 1), usage='T.Plot or T.Plot("file.png")')
def plot(t: Thermograph, path=None) -> HelpText:
    """Draw the thermograph into a PNG file (default: thermograph.png, or the next free
    thermograph-2.png, ...) and say where it went."""
    if path is not None and not isinstance(path, str):
        raise NotApplicableError(f"Plot takes a file name (a string), not {describe(path)}")
    try:
        return HelpText(f"thermograph drawn in {t.save_png(path)}")
    except (ImportError, OSError) as error:
        raise NotApplicableError(str(error)) from None


@THERMOGRAPHS.method("Wall", arity=(1, 1), usage="T.Wall(Left)")
def wall(t: Thermograph, player):
    """Thermograph.Wall(Left): the left wall as a Trajectory; Wall(Right) the right one."""
    return t.left_wall if player_of(player) is cgt.Player.Left else t.right_wall


def misere_form(g):
    """The misère canonical form of an impartial game kept as a form, from its options (not its value)."""
    return g.misere_canonical_form


def misere_outcome(g):
    """The misère outcome class (N or P) of an impartial game kept as a form."""
    return g.misere_canonical_form.misere_outcome


def misere_nim_value(g) -> int:
    """The misère Grundy value of an impartial game kept as a form."""
    return g.misere_canonical_form.misere_nim_value


def genus(g):
    """Conway's genus of an impartial game kept as a form."""
    return g.misere_canonical_form.genus


for _section in (COMPOUND_GAMES, EXPLICIT_GAMES):
    _section.method("MisereCanonicalForm", misere_form)
    _section.method("MisereOutcomeClass", misere_outcome)
    _section.method("MisereNimValue", misere_nim_value)
    _section.method("Genus", genus)
