"""Methods on shell values, under CGSuite's names (``G.LeftStop``, ``G.Cool(1)``, ``a NimSum b``).

Each :class:`Method` maps a CGSuite name onto the Python library: game methods
call :class:`cgt.Game` (numbers are coerced to games), position methods call the
ruleset position protocol of :mod:`cgt.games`, and a few methods act on lists,
sets and integers.  ``x.Name`` with no parentheses calls a method that needs no
argument; ``x.Name(a)`` and the infix form ``x Name a`` pass arguments.

>>> from cgt import game
>>> g = game([3], [game([2], [1])])
>>> [str(h) for h in call_method(g, "RightOptions", [])]
['{2|1}']
>>> call_method(11, "NimSum", [5])
14
"""

from __future__ import annotations

import importlib
import re
from fractions import Fraction
from typing import Callable

import cgt
from cgt import Game
from cgt.errors import NotApplicableError
from cgt.games.engine.ruleset import Position
from cgt.short.uptimal import is_uptimal

from cgt.shell.values import check_arity, describe


class Method:
    """A shell method: its CGSuite name, the Python function, arity and where its help comes from.

    ``doc`` is either the help text itself or a ``"module:attribute"`` reference whose
    docstring becomes the help text (so ``help`` shows the library's own documentation).

    >>> m = Method("Birthday", lambda g: g.birthday, doc="cgt.kernel.game:Game.birthday")
    >>> m.help().splitlines()[0]
    'The birthday: 0 for 0, else one more than the largest birthday of an option.'
    """

    __slots__ = ("name", "func", "arity", "doc", "usage")

    def __init__(self, name: str, func: Callable, arity=(0, 0), doc: str = "", usage: str = ""):
        self.name = name
        self.func = func
        self.arity = arity
        self.doc = doc
        self.usage = usage

    def needs_arguments(self) -> bool:
        """True when ``x.Name`` alone cannot be evaluated (the method needs arguments).

        >>> Method("Cool", None, (1, 1)).needs_arguments()
        True
        """
        return self.arity[0] > 0

    def help(self) -> str:
        """The help text: the referenced docstring (or the text given), with doctest lines removed.

        >>> Method("Size", len, doc="The number of elements.").help()
        'The number of elements.'
        """
        return docstring_text(self.doc)


def docstring_text(doc: str) -> str:
    """Resolve ``"module:Attr.attr"`` to that object's docstring; other text is returned as is.

    Doctest examples (``>>>`` lines and their output) are dropped.

    >>> docstring_text("cgt.kernel.game:Game.is_number")
    'True for numbers (dyadic rationals).'
    """
    if ":" in doc and " " not in doc:
        module_name, _, attribute = doc.partition(":")
        try:
            obj = importlib.import_module(module_name)
            for part in attribute.split("."):
                obj = getattr(obj, part)
            doc = obj.__doc__ or ""
        except (ImportError, AttributeError):
            return f"(documentation in {module_name} is not available)"
    doc = re.sub(r":\w+:`~?([^`]*)`", r"\1", doc).replace("``", "")
    lines = []
    skipping = False
    for line in doc.strip().splitlines():
        stripped = line.strip()
        if stripped.startswith(">>>"):
            skipping = True
            continue
        if skipping and stripped:
            continue
        skipping = False
        lines.append(stripped)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


# ---------------------------------------------------------------- coercions

def is_number(value) -> bool:
    """True for ints and Fractions (not bools).

    >>> is_number(3), is_number(True), is_number(Fraction(1, 3))
    (True, False, True)
    """
    return isinstance(value, (int, Fraction)) and not isinstance(value, bool)


def number_of(value):
    """The rational value of an int, Fraction or number-valued Game, else None.

    >>> from cgt import game
    >>> number_of(game([0], [1])), number_of(cgt.star)
    (Fraction(1, 2), None)
    """
    if is_number(value):
        return value
    if isinstance(value, Game) and value.is_number:
        return value.number
    return None


def normalise(value):
    """A Fraction with denominator 1 becomes an int; everything else is unchanged.

    >>> normalise(Fraction(4, 2)), normalise(Fraction(1, 2))
    (2, Fraction(1, 2))
    """
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


def is_position(value) -> bool:
    """True for ruleset positions (:class:`cgt.games.Position`, moves included).

    >>> from cgt.games import Kayles
    >>> is_position(3), is_position(Kayles(3))
    (False, True)
    """
    return isinstance(value, Position)


def to_game(value, what: str = "value") -> Game:
    """Coerce an int, dyadic Fraction, Game or ruleset position to a Game, or raise a clear error.

    >>> str(to_game(Fraction(-3, 4)))
    '-3/4'
    >>> to_game([1])
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidGameError: [1] is not a game
    """
    if isinstance(value, Game):
        return value
    if is_number(value):
        return cgt.as_game(value)
    if is_position(value):
        return value.value
    raise cgt.errors.InvalidGameError(f"{describe(value)} is not a game")


# ---------------------------------------------------------------- game methods

def player_of(value):
    """``Left``/``Right`` (a :class:`cgt.Player`), or the strings ``"L"``/``"R"``/``"Left"``/``"Right"``.

    >>> str(player_of("Left"))
    'Left'
    """
    from cgt.errors import InvalidGameError

    if isinstance(value, cgt.Player):
        return value
    if isinstance(value, str):
        return cgt.Player.parse(value)
    raise InvalidGameError(f"{describe(value)} is not a player: use Left or Right")


def _collection(items):
    """Positions as a list (in move order: they need not be distinct, and a list keeps them as written)."""
    return list(items)


def _options(p, player=None):
    if player is None:
        return _collection(p.options)
    return _collection(p.options_for(player_of(player)))


def _game_options(g, player=None):
    if player is None:
        return _set(list(g.left_options) + list(g.right_options))
    return _set(g.left_options if player_of(player) is cgt.Player.Left else g.right_options)



def _set(items) -> frozenset:
    return frozenset(items)


def _ordered(games) -> list:
    """Games as a list in CGSuite's order (§5.8)."""
    from cgt.notation.print_order import sorted_options

    return list(sorted_options(games))


def _nim_value(g: Game):
    value = g.nim_value
    if value is None:
        raise NotApplicableError(f"{g} is not a nimber, so it has no nim value")
    return value


def _parameter(t):
    """Cooling/heating parameters: numbers as Fractions, other games as games."""
    number = number_of(t)
    if number is not None:
        return Fraction(number)
    return to_game(t, "parameter")


def _freeze(g: Game):
    freeze = g.freeze
    return freeze() if callable(freeze) else freeze


def _thermograph(g: Game):
    thermograph = g.thermograph
    return thermograph() if callable(thermograph) else thermograph


def _g(name):
    return f"cgt.kernel.game:Game.{name}"


GAME_METHODS: dict[str, Method] = {}


def _game_method(name, func, arity=(0, 0), doc="", usage=""):
    GAME_METHODS[name] = Method(name, func, arity, doc, usage or (f"G.{name}" if arity == (0, 0) else ""))


_game_method("CanonicalForm", lambda g: g, doc="The canonical form of G (games are always kept canonical).")
_game_method("LeftOptions", lambda g: _set(g.left_options), doc=_g("left_options"))
_game_method("RightOptions", lambda g: _set(g.right_options), doc=_g("right_options"))
_game_method("Options", _game_options, (0, 1), "G.Options: all options; G.Options(Left): Left's options.",
             "G.Options, or G.Options(Left)")
_game_method("OutcomeClass", lambda g: g.outcome, doc=_g("outcome"))
_game_method("Birthday", lambda g: g.birthday, doc=_g("birthday"))
_game_method("LeftStop", lambda g: normalise(g.left_stop), doc=_g("left_stop"))
_game_method("RightStop", lambda g: normalise(g.right_stop), doc=_g("right_stop"))
_game_method("Mean", lambda g: normalise(g.mean), doc="cgt.thermo.temperature:mean")
_game_method("Temperature", lambda g: normalise(g.temperature), doc="cgt.thermo.temperature:temperature")
_game_method("Thermograph", _thermograph, doc="cgt.thermo.temperature:thermograph")
_game_method("Incentives", lambda g: _ordered(g.incentives), doc="cgt.thermo.temperature:incentives")
_game_method("LeftIncentives", lambda g: _ordered(g.left_incentives), doc="cgt.thermo.temperature:left_incentives")
_game_method("RightIncentives", lambda g: _ordered(g.right_incentives), doc="cgt.thermo.temperature:right_incentives")
_game_method("StopCount", lambda g: g.stop_count, doc="cgt.thermo.temperature:stop_count")
_game_method("Cool", lambda g, t: g.cool(_parameter(t)), (1, 1), "cgt.thermo.cooling:cool", "G.Cool(t)")
_game_method("Heat", lambda g, t: g.heat(_parameter(t)), (1, 1), "cgt.thermo.cooling:heat", "G.Heat(t), or G Heat t")
_game_method(
    "Overheat", lambda g, s, t: g.overheat(_parameter(s), _parameter(t)), (2, 2), "cgt.thermo.cooling:overheat",
    "G.Overheat(s, t)",
)
_game_method("Freeze", _freeze, doc="cgt.thermo.cooling:freeze")
_game_method("AtomicWeight", lambda g: g.atomic_weight, doc="cgt.short.infinitesimal:atomic_weight")
_game_method("IsAtomic", lambda g: g.is_atomic, doc="cgt.short.infinitesimal:is_atomic")
_game_method(
    "ReducedCanonicalForm", lambda g: g.reduced_canonical_form, doc="cgt.short.infinitesimal:reduced_canonical_form"
)
_game_method("Companion", lambda g: g.companion, doc="cgt.short.infinitesimal:companion")
_game_method(
    "NortonMultiply", lambda g, u: g.norton_product(to_game(u)), (1, 1), "cgt.short.products:norton_product",
    "G.NortonMultiply(U)",
)
_game_method(
    "OrdinalSum", lambda g, h: g.ordinal_sum(to_game(h)), (1, 1), "cgt.short.products:ordinal_sum", "G.OrdinalSum(H)"
)
_game_method(
    "ConwayMultiply", lambda g, h: g.conway_product(to_game(h)), (1, 1), _g("conway_product"),
    "G.ConwayMultiply(H)",
)
_game_method("NimValue", _nim_value, doc=_g("nim_value"))
_game_method("IsNumber", lambda g: g.is_number, doc=_g("is_number"))
_game_method("IsInteger", lambda g: g.is_integer, doc=_g("is_integer"))
_game_method("IsNimber", lambda g: g.is_nimber, doc=_g("is_nimber"))
_game_method("IsUptimal", lambda g: is_uptimal(g), doc="cgt.short.uptimal:is_uptimal")
_game_method("IsImpartial", lambda g: g.is_impartial, doc=_g("is_impartial"))
_game_method("IsInfinitesimal", lambda g: g.is_infinitesimal, doc=_g("is_infinitesimal"))
_game_method("IsAllSmall", lambda g: g.is_all_small, doc=_g("is_all_small"))
_game_method("Followers", lambda g: _set(g.followers()), doc=_g("followers"))
_game_method("NortonProduct", lambda g, u: g.norton_product(to_game(u)), (1, 1), "cgt.short.products:norton_product",
             "G.NortonProduct(U)")
from cgt.shell.game_methods import register_game_methods  # noqa: E402  (the §6.4-6.7 members)

register_game_methods(_game_method)


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
    raise NotApplicableError(f"{name} needs two non-negative integers or two nimbers, got {describe(a)} and {describe(b)}")


def _nim_operation(name: str, operation, a, b):
    """``a Name b`` for NimSum/NimProduct: ordinals go to the transfinite arithmetic, integers and nimbers
    to ``operation`` on their integer values (a nimber result for nimber operands)."""
    from cgt.shell.tower import is_tower, nim_arithmetic

    if is_tower(a) or is_tower(b):
        return nim_arithmetic(name, a, b)
    x, y, nimbers = _nim_operands(name, a, b)
    result = operation(x, y)
    return cgt.nimber(result) if nimbers else result


def nim_sum(a, b):
    """``a NimSum b``: XOR of integers, or the nimber sum of nimbers.

    >>> nim_sum(11, 5), str(nim_sum(cgt.nimber(2), cgt.nimber(3)))
    (14, '*')
    """
    from cgt.impartial.grundy import nim_sum as xor

    return _nim_operation("NimSum", xor, a, b)


def nim_product(a, b):
    """``a NimProduct b``: Conway's nim product of integers, or of nimbers.

    >>> nim_product(2, 3), str(nim_product(cgt.nimber(2), cgt.nimber(2)))
    (1, '*3')
    """
    from cgt.impartial.nimarith import nim_product as product

    return _nim_operation("NimProduct", product, a, b)


NIM_METHODS: dict[str, Method] = {
    "NimSum": Method("NimSum", nim_sum, (1, 1), __name__ + ":nim_sum", "a NimSum b, or a.NimSum(b)"),
    "NimProduct": Method(
        "NimProduct", nim_product, (1, 1), __name__ + ":nim_product", "a NimProduct b, or a.NimProduct(b)"
    ),
}


# ---------------------------------------------------------------- numbers

NUMBER_METHODS: dict[str, Method] = {
    "Numerator": Method("Numerator", lambda x: Fraction(x).numerator, doc="The numerator of a rational number."),
    "Denominator": Method(
        "Denominator", lambda x: Fraction(x).denominator, doc="The denominator of a rational number."
    ),
}


# ---------------------------------------------------------------- collections

def _contains(collection, x) -> bool:
    if isinstance(collection, str):
        return isinstance(x, str) and x in collection
    try:
        return x in collection
    except TypeError:  # an unhashable element asked of a set
        return False


def _mex(items):
    from cgt.impartial.grundy import mex

    values = list(items)
    for v in values:
        if not (isinstance(v, int) and not isinstance(v, bool)) or v < 0:
            raise NotApplicableError(f"Mex needs non-negative integers, got {describe(v)}")
    return mex(values)


def _sum(items):
    values = list(items)
    if not values:
        raise NotApplicableError("Sum of an empty collection")     # CGSUITE.md §6.10
    total, *rest = values
    for item in rest:
        if is_number(total) and is_number(item):
            total = total + item
        else:
            total = to_game(total) + to_game(item)
    return normalise(total) if is_number(total) else total


def _extreme(items, name, pick_max):
    values = list(items)
    if not values:
        raise NotApplicableError(f"{name} of an empty collection")
    best = values[0]
    for v in values[1:]:
        if not (is_number(best) and is_number(v)):
            raise NotApplicableError(f"{name} needs numbers, got {describe(v)}")
        if (v > best) if pick_max else (v < best):
            best = v
    return best


COLLECTION_METHODS: dict[str, Method] = {
    "Length": Method("Length", len, doc="The number of elements."),
    "Size": Method("Size", len, doc="The number of elements."),
    "IsEmpty": Method("IsEmpty", lambda c: len(c) == 0, doc="True when there are no elements."),
    "Contains": Method("Contains", lambda c, x: _contains(c, x), (1, 1), "True when x is an element.", "C.Contains(x)"),
    "Sum": Method("Sum", _sum, doc="The sum of the elements (numbers or games)."),
    "Mex": Method("Mex", _mex, doc="cgt.impartial.grundy:mex"),
    "Max": Method("Max", lambda c: _extreme(c, "Max", True), doc="The largest element (numbers only)."),
    "Min": Method("Min", lambda c: _extreme(c, "Min", False), doc="The smallest element (numbers only)."),
}


# ---------------------------------------------------------------- ruleset positions

def _label(p):
    from cgt.games.engine.ruleset import Move

    if not isinstance(p, Move):
        raise NotApplicableError(f"{describe(p)} is a position, not a move: it has no label")
    return p.label


def _winning_moves(p, player=None):
    if player is not None:
        return _collection(p.winning_moves_for(player_of(player)))
    return _collection(p.winning_moves)


def _pos(name, func, arity=(0, 0), doc="", usage=""):
    POSITION_METHODS[name] = Method(name, func, arity, doc, usage or (f"P.{name}" if arity == (0, 0) else ""))


def _r(name):
    return f"cgt.games.engine.ruleset:Position.{name}"


POSITION_METHODS: dict[str, Method] = {}
_pos("CanonicalForm", lambda p: p.value, doc=_r("value"))
_pos("GameValue", lambda p: p.game_value, doc=_r("game_value"))
_pos("OutcomeClass", lambda p: p.outcome, doc=_r("outcome"))
_pos("NimValue", lambda p: p.nim_value, doc=_r("grundy"))
_pos("Options", _options, (0, 1), "P.Options: every option (Left's then Right's); P.Options(Left): Left's.",
     "P.Options, or P.Options(Left)")
_pos("LeftOptions", lambda p: _collection(p.left_options), doc=_r("left_options"))
_pos("RightOptions", lambda p: _collection(p.right_options), doc=_r("right_options"))
_pos("Moves", lambda p, player=None: _collection(p.moves(None if player is None else player_of(player))), (0, 1),
     _r("moves"), "P.Moves, or P.Moves(Left)")
_pos("WinningMoves", _winning_moves, (0, 1),
     "The winning moves: to Grundy value 0 (impartial); WinningMoves(Left) for a partizan position.",
     "P.WinningMoves, or P.WinningMoves(Left)")
_pos("LeftWinningMoves", lambda p: _collection(p.left_winning_moves), doc=_r("left_winning_moves"))
_pos("RightWinningMoves", lambda p: _collection(p.right_winning_moves), doc=_r("right_winning_moves"))
_pos("Decomposition", lambda p: _collection(p.decomposition), doc=_r("decomposition"))
_pos("Followers", lambda p: _set(p.followers()), doc=_r("followers"))
_pos("FollowerCount", lambda p: len(p.followers()), doc="The number of positions reachable, itself included.")


def sensible_options(p, player=None) -> list:
    """``P.SensibleOptions(Left)``: the options of that player whose values are canonical options of P's value
    (CGSuite §6.2: "options that realize a canonical option"); without a player, Left's then Right's.

    >>> from cgt.games import Domineering
    >>> from cgt.shell.values import format_value
    >>> format_value(sensible_options(Domineering("...|..."), cgt.Player.Left))
    '[Domineering.Position(".#.|.#.")]'
    """
    if player is None:
        return sensible_options(p, cgt.Player.Left) + sensible_options(p, cgt.Player.Right)
    side = player_of(player)
    value = p.value
    canonical = set(value.left_options if side is cgt.Player.Left else value.right_options)
    return [q for q in p.options_for(side) if q.value in canonical]


_pos("SensibleOptions", sensible_options, (0, 1), __name__ + ":sensible_options",
     "P.SensibleOptions(Left), or P.SensibleOptions")
_pos("SensibleLeftOptions", lambda p: sensible_options(p, cgt.Player.Left), doc=__name__ + ":sensible_options")
_pos("SensibleRightOptions", lambda p: sensible_options(p, cgt.Player.Right), doc=__name__ + ":sensible_options")
_pos("Label", lambda p: _label(p), doc="The name of a move (the number chosen, the heap and amount, ...).")
_pos("MisereOutcomeClass", lambda p: p.misere_outcome, doc=_r("misere_outcome"))
_pos("MisereNimValue", lambda p: p.misere_grundy, doc=_r("misere_grundy"))


# ---------------------------------------------------------------- dispatch

PLAYER_METHODS: dict[str, Method] = {
    "Opponent": Method("Opponent", lambda p: p.opponent, doc="The other player: Left.Opponent is Right."),
    "Sign": Method("Sign", lambda p: p.sign, doc="1 for Left, -1 for Right."),
    "Ordinal": Method("Ordinal", lambda p: p.ordinal, doc="1 for Left, 2 for Right (CGSuite's ordinal)."),
}


def _class_method(value):
    from cgt.shell.classes import class_of

    return class_of(value)


#: Members every value has (§6.1).
UNIVERSAL_METHODS: dict[str, Method] = {
    "Class": Method("Class", _class_method, doc="cgt.shell.classes:class_of"),
    "ToOutput": Method("ToOutput", lambda x: _output_text(x), doc="The value's display text (printed as it is)."),
}


def _output_text(value):
    from cgt.shell.values import HelpText, format_value

    return HelpText(format_value(value))


#: Members of class objects (§6.11).
CLASS_METHODS: dict[str, Method] = {
    "Name": Method("Name", lambda c: c.name, doc="The short name of the class (Nimber)."),
    "QualifiedName": Method("QualifiedName", lambda c: c.qualified_name,
                            doc="The qualified name of the class (game.Nimber)."),
}

#: Members of thermographs (§6.11).
THERMOGRAPH_METHODS: dict[str, Method] = {
    "Wall": Method("Wall", lambda t, player: t.left_wall if player_of(player) is cgt.Player.Left else t.right_wall,
                   (1, 1), "Thermograph.Wall(Left): the left wall as a Trajectory; Wall(Right) the right one.",
                   "T.Wall(Left)"),
}

#: Members of compound games (§6.2: ``CompoundGame(CompoundType, G, H)``).
COMPOUND_METHODS: dict[str, Method] = {
    "CanonicalForm": Method("CanonicalForm", lambda c: c.canonical_form, doc="cgt.short.selective:CompoundGame.canonical_form"),
    "LeftOptions": Method("LeftOptions", lambda c: list(c.left_options), doc="cgt.short.selective:CompoundGame.left_options"),
    "RightOptions": Method("RightOptions", lambda c: list(c.right_options),
                           doc="cgt.short.selective:CompoundGame.right_options"),
    "Options": Method("Options", lambda c, player=None: list(
        c.left_options + c.right_options if player is None
        else c.left_options if player_of(player) is cgt.Player.Left else c.right_options), (0, 1),
        "The options: all of them, or one player's (Options(Left)).", "C.Options, or C.Options(Left)"),
    "G": Method("G", lambda c: c.g, doc="The first component."),
    "H": Method("H", lambda c: c.h, doc="The second component."),
    "CompoundType": Method("CompoundType", lambda c: _output_text_of(c.kind), doc="ConjunctiveSum or SelectiveSum."),
}


def _output_text_of(text: str):
    from cgt.shell.values import HelpText

    return HelpText(text)


def all_method_names() -> list[str]:
    """Every method name the shell knows, sorted (for completion and help).

    >>> "Cool" in all_method_names()
    True
    """
    names = set()
    from cgt.shell.integer_methods import INTEGER_METHODS

    for table in (GAME_METHODS, NIM_METHODS, NUMBER_METHODS, COLLECTION_METHODS, POSITION_METHODS,
                  PLAYER_METHODS, INTEGER_METHODS, UNIVERSAL_METHODS, CLASS_METHODS, COMPOUND_METHODS,
                  THERMOGRAPH_METHODS):
        names.update(table)
    from cgt.shell.tower import TOWER_METHOD_NAMES

    names.update(TOWER_METHOD_NAMES)
    from cgt.shell.heap_methods import HEAP_METHOD_NAMES

    names.update(HEAP_METHOD_NAMES)
    return sorted(names)


def no_method_error(value, name: str) -> NotApplicableError:
    """The error for a method ``value`` does not have, with the nearest real name when there is one
    (the shell's names are CGSuite's capitalised ones: ``.mean`` is ``.Mean``).

    >>> str(no_method_error(cgt.star, "mean"))
    '* has no method mean (did you mean Mean?)'
    >>> str(no_method_error(cgt.star, "Zorglub"))
    '* has no method Zorglub'
    """
    import difflib

    names = [n for n in all_method_names() if find_method(value, n)[0] is not None] or all_method_names()
    exact_case = [n for n in names if n.lower() == name.lower()]
    close = exact_case or difflib.get_close_matches(name, names, n=1, cutoff=0.8)
    hint = f" (did you mean {close[0]}?)" if close else ""
    return NotApplicableError(f"{describe(value)} has no method {name}{hint}")


def find_method(value, name: str):
    """The :class:`Method` ``name`` for ``value`` and the receiver to pass to it, or ``(None, None)``:
    the number tower's and misère tables (:mod:`cgt.shell.tower`) first for their own values, then the
    tables here, then theirs again as a fallback (``3.OmegaPower``, ``G.MisereOutcomeClass``).

    >>> find_method(cgt.omega, "OmegaPower")[0].name, find_method(cgt.star, "Genus")[0].name
    ('OmegaPower', 'Genus')
    """
    from cgt.shell.loopy_values import find_loopy_method
    from cgt.shell.tower import find_tower_method

    method, receiver = find_loopy_method(value, name)
    if method is not None:
        return method, receiver
    method, receiver = find_tower_method(value, name, False)
    if method is None:
        method, receiver = _find_method(value, name)
    if method is None:
        method, receiver = find_tower_method(value, name, True)
    return method, receiver


def _find_method(value, name: str):
    """The :class:`Method` ``name`` for ``value`` in this module's tables, or ``(None, None)``.

    >>> m, receiver = find_method(3, "LeftOptions")
    >>> m.name, str(receiver)
    ('LeftOptions', '3')
    """
    if name in UNIVERSAL_METHODS:
        return UNIVERSAL_METHODS[name], value
    if isinstance(value, bool):
        return None, None
    from cgt.short.selective import CompoundGame
    from cgt.shell.classes import ClassValue

    if isinstance(value, ClassValue):
        return CLASS_METHODS.get(name), value
    from cgt.thermo.thermograph import Thermograph

    if isinstance(value, Thermograph):
        return THERMOGRAPH_METHODS.get(name), value
    if isinstance(value, CompoundGame):
        if name in COMPOUND_METHODS:
            return COMPOUND_METHODS[name], value
        if name in GAME_METHODS:
            return GAME_METHODS[name], value.canonical_form
        return None, None
    from cgt.shell.graph_values import Edge, Vertex, find_graph_method
    from cgt.games.graph.board import Graph

    if isinstance(value, (Graph, Vertex, Edge)):
        return find_graph_method(value, name)
    from cgt.games.strip.board import Strip

    if isinstance(value, Strip):
        from cgt.shell.strip_values import STRIP_METHODS

        return STRIP_METHODS.get(name), value
    from cgt.shell.graph_values import find_board_ruleset_method

    method, receiver = find_board_ruleset_method(value, name)
    if method is not None:
        return method, receiver
    from cgt.shell.heap_methods import find_heap_method     # rulesets, variants, periodicity, tables

    method, receiver = find_heap_method(value, name)
    if method is not None:
        return method, receiver
    if name in NIM_METHODS and (isinstance(value, (int, Game)) or is_position(value)):
        return NIM_METHODS[name], value
    if is_position(value):
        if name in POSITION_METHODS:
            return POSITION_METHODS[name], value
        if name in GAME_METHODS:
            return GAME_METHODS[name], to_game(value)
        return None, None
    if is_number(value):
        if name in NUMBER_METHODS:
            return NUMBER_METHODS[name], value
        from cgt.shell.integer_methods import INTEGER_METHODS

        if isinstance(value, int) and name in INTEGER_METHODS:
            return INTEGER_METHODS[name], value
        if name in GAME_METHODS:
            return GAME_METHODS[name], to_game(value)
        return None, None
    if isinstance(value, Game):
        if name in GAME_METHODS:
            return GAME_METHODS[name], value
        return None, None
    if isinstance(value, cgt.Player):
        return PLAYER_METHODS.get(name), (value if name in PLAYER_METHODS else None)
    if isinstance(value, (list, tuple, frozenset, set, str)):
        if name in COLLECTION_METHODS:
            return COLLECTION_METHODS[name], value
    return None, None


def call_method(value, name: str, args: list):
    """Call method ``name`` of ``value`` with ``args`` (a clear error when there is none).

    >>> from cgt import game
    >>> call_method(game([3], [game([2], [1])]), "LeftStop", [])
    3
    >>> call_method([1, 2], "Cool", [1])
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: [1,2] has no method Cool
    """
    method, receiver = find_method(value, name)
    if method is None:
        raise no_method_error(value, name)
    check_arity(name, method.arity, len(args))
    return method.func(receiver, *args)
