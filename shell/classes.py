"""``x.Class``: the CGSuite class of a shell value, printed ``⟪game.Nimber⟫`` as in CGSuite.

The class is the most specific CGSuite class the value belongs to: ``0`` is ``game.Zero`` (both an
Integer and a Nimber), ``3`` ``game.Integer``, ``1/2`` ``game.DyadicRational``, ``1/3`` ``game.Rational``,
``*2`` ``game.Nimber``, ``^`` and ``^<2>*`` ``game.Uptimal``, other short games
``game.CanonicalShortGame``; collections and strings are in ``cgsuite.lang``.  A class has ``Name``
(short) and ``QualifiedName``; :meth:`ClassValue.includes` answers CGSuite's ``x is C`` for the classes
listed here (ancestors included: ``0 is Nimber``).

>>> str(class_of(cgt.nimber(3))), str(class_of(0)), class_of(Fraction(1, 3)).name
('⟪game.Nimber⟫', '⟪game.Zero⟫', 'Rational')
>>> CLASSES["Integer"].includes(0), CLASSES["Nimber"].includes(0), CLASSES["Integer"].includes(cgt.star)
(True, True, False)
"""

from __future__ import annotations

import re
from fractions import Fraction

from cgt.kernel.game import register_cache
import cgt
from cgt import Game, MisereGame, Outcome, Player, Surreal, TransfiniteNimber
from cgt.loopy import LoopyGame
from cgt.short.compound import CompoundGame
from cgt.short.uptimal import is_uptimal
from cgt.thermo.thermograph import Thermograph, Trajectory
from cgt.errors import NotApplicableError

from cgt.games.engine.ruleset import Position
from cgt.games.engine.sums import DisjunctiveSum, NegativeGame
from cgt.games.graph.board import Graph
from cgt.games.graph.ruleset import Color
from cgt.games.grid.board import Grid, Symmetry
from cgt.games.strip.board import Strip

from cgt.shell.containers import Range, ShellMap
from cgt.shell.explicit import ExplicitGame
from cgt.shell.graph_values import Edge, Vertex
from cgt.shell.method_registry import Section
from cgt.shell.mutable_values import MutableList, MutableMap, MutableSet
from cgt.shell.output_values import TextOutput
from cgt.shell.registry import entry_of
from cgt.shell.values import HelpText, describe, ruleset_text

__all__ = ["ClassValue", "class_of", "CLASSES", "CLASS_METHODS"]


class ClassValue:
    """A CGSuite class: its qualified name and its parents (for ``is``)."""

    __slots__ = ("qualified_name", "parents")

    def __init__(self, qualified_name: str, parents: tuple = ()):
        self.qualified_name = qualified_name
        self.parents = parents

    @property
    def name(self) -> str:
        """The short name (``Nimber`` for ``game.Nimber``)."""
        return self.qualified_name.rsplit(".", 1)[-1]

    def ancestors(self) -> set:
        """This class's qualified name and those of all its ancestors.

        >>> sorted(CLASSES["Integer"].ancestors())[:4]
        ['cgsuite.lang.Object', 'game.CanonicalShortGame', 'game.CanonicalStopper', 'game.DyadicRational']
        """
        known = _ANCESTORS.get(self)
        if known is None:
            known = {self.qualified_name}
            for parent in self.parents:
                known |= CLASSES[parent].ancestors()
            _ANCESTORS[self] = known
        return known

    def includes(self, value) -> bool:
        """CGSuite's ``value is C``: the value's class is this class or one of its descendants."""
        return self.qualified_name in class_of(value).ancestors()

    def __eq__(self, other):
        return isinstance(other, ClassValue) and other.qualified_name == self.qualified_name

    def __hash__(self):
        return hash(self.qualified_name)

    def __str__(self) -> str:
        return f"⟪{self.qualified_name}⟫"

    def __repr__(self) -> str:
        return f"ClassValue({self.qualified_name!r})"


# (short name, qualified name, parents by short name): the part of CGSuite's hierarchy the shell has.
_HIERARCHY = [
    ("Object", "cgsuite.lang.Object", ()),
    ("Game", "game.Game", ("Object",)),
    ("NormalValue", "game.NormalValue", ("Object",)),
    ("SidedValue", "game.SidedValue", ("NormalValue",)),
    ("StopperSidedValue", "game.StopperSidedValue", ("SidedValue",)),
    ("CanonicalStopper", "game.CanonicalStopper", ("StopperSidedValue",)),
    ("CanonicalShortGame", "game.CanonicalShortGame", ("CanonicalStopper", "Game")),
    ("ImpartialGame", "game.ImpartialGame", ("Game",)),
    ("Uptimal", "game.Uptimal", ("CanonicalShortGame",)),
    ("Nimber", "game.Nimber", ("Uptimal", "ImpartialGame")),
    ("SurrealNumber", "game.SurrealNumber", ("NormalValue",)),
    ("GeneralizedOrdinal", "game.GeneralizedOrdinal", ("SurrealNumber",)),
    ("Rational", "game.Rational", ("SurrealNumber",)),
    ("DyadicRational", "game.DyadicRational", ("Rational", "Uptimal")),
    ("Integer", "game.Integer", ("DyadicRational", "GeneralizedOrdinal")),
    ("Zero", "game.Zero", ("Integer", "Nimber")),
    ("TransfiniteNimber", "game.TransfiniteNimber", ("NormalValue",)),
    ("MisereCanonicalGame", "game.MisereCanonicalGame", ("ImpartialGame",)),
    ("Player", "game.Player", ("Object",)),
    ("OutcomeClass", "game.OutcomeClass", ("Object",)),
    ("Thermograph", "game.Thermograph", ("Object",)),
    ("Trajectory", "game.Trajectory", ("Object",)),
    ("CompoundGame", "game.CompoundGame", ("Game",)),
    ("NegativeGame", "game.NegativeGame", ("Game",)),
    ("ExplicitGame", "game.ExplicitGame", ("Game",)),
    ("Boolean", "cgsuite.lang.Boolean", ("Object",)),
    ("String", "cgsuite.lang.String", ("Object",)),
    ("Nothing", "cgsuite.lang.Nothing", ("Object",)),
    ("Collection", "cgsuite.lang.Collection", ("Object",)),
    ("List", "cgsuite.lang.List", ("Collection",)),
    ("Set", "cgsuite.lang.Set", ("Collection",)),
    ("Map", "cgsuite.lang.Map", ("Object",)),
    ("MutableList", "cgsuite.lang.MutableList", ("List",)),
    ("MutableSet", "cgsuite.lang.MutableSet", ("Set",)),
    ("MutableMap", "cgsuite.lang.MutableMap", ("Map",)),
    ("Coordinates", "cgsuite.util.Coordinates", ("Object",)),
    ("Class", "cgsuite.lang.Class", ("Object",)),
    ("Color", "game.graph.Color", ("Object",)),
    ("Graph", "cgsuite.util.Graph", ("Object",)),
    ("DirectedGraph", "cgsuite.util.DirectedGraph", ("Object",)),
    ("Strip", "cgsuite.util.Strip", ("Object",)),
    ("Grid", "cgsuite.util.Grid", ("Object",)),
    ("Symmetry", "cgsuite.util.Symmetry", ("Object",)),
    ("Vertex", "cgsuite.util.Vertex", ("Object",)),
    ("Edge", "cgsuite.util.Edge", ("Object",)),
    ("Enum", "cgsuite.lang.Enum", ("Object",)),
    ("Ruleset", "game.Ruleset", ("Object",)),
    ("GridRuleset", "game.grid.GridRuleset", ("Ruleset",)),
    ("StripRuleset", "game.strip.StripRuleset", ("Ruleset",)),
    ("GraphRuleset", "game.graph.GraphRuleset", ("Ruleset",)),
    ("HeapRuleset", "game.heap.HeapRuleset", ("Ruleset",)),
    ("CoordinateRuleset", "game.heap.CoordinateRuleset", ("Ruleset",)),
    ("Output", "cgsuite.util.output.Output", ("Object",)),
    ("TextOutput", "cgsuite.util.output.TextOutput", ("Output",)),
]

#: The ancestors of each class (the hierarchy is fixed).
_ANCESTORS: dict = {}

#: The classes by short name.
CLASSES: dict[str, ClassValue] = {short: ClassValue(qualified, parents) for short, qualified, parents in _HIERARCHY}


def _number_class(x: Fraction) -> str:
    if x == 0:
        return "Zero"
    if x.denominator == 1:
        return "Integer"
    d = x.denominator
    return "DyadicRational" if d & (d - 1) == 0 else "Rational"


def _game_class(g: Game) -> str:
    if g.is_number:
        return _number_class(Fraction(g.number))
    if g.is_nimber:
        return "Nimber"
    return "Uptimal" if is_uptimal(g) else "CanonicalShortGame"


def _loopy_class(g: LoopyGame) -> str:
    """A stopper is a CanonicalStopper; other loopy values are sided values, StopperSidedValue when both sides
    are stoppers (CGSuite's classes of loopy values)."""
    if g.is_stopper:
        return "CanonicalStopper"
    on, off = g.sides()
    return "StopperSidedValue" if on.is_stopper() and off.is_stopper() else "SidedValue"


def _short_name(value) -> str | None:
    if value is None:
        return "Nothing"
    if isinstance(value, bool):
        return "Boolean"
    if isinstance(value, (int, Fraction)):
        return _number_class(Fraction(value))
    kind_type = type(value)
    try:
        name = _NAME_OF_TYPE[kind_type]
    except KeyError:
        name = _NAME_OF_TYPE[kind_type] = next((name for kind, name in _KINDS if issubclass(kind_type, kind)),
                                               None)
    return None if name is None else name(value)


#: The class name of each kind of shell value, by isinstance, first match wins (see _short_name).
_KINDS = (
    (Game, _game_class), (LoopyGame, _loopy_class), (cgt.Rational, lambda x: "Rational"),
    (Surreal, lambda x: "GeneralizedOrdinal" if getattr(x, "is_ordinal", False) else "SurrealNumber"),
    (TransfiniteNimber, lambda x: "TransfiniteNimber"), (MisereGame, lambda x: "MisereCanonicalGame"),
    (Player, lambda x: "Player"), (Outcome, lambda x: "OutcomeClass"),
    (Thermograph, lambda x: "Thermograph"), (Trajectory, lambda x: "Trajectory"),
    (CompoundGame, lambda x: "CompoundGame"), (DisjunctiveSum, lambda x: "CompoundGame"),
    (NegativeGame, lambda x: "NegativeGame"), (ExplicitGame, lambda x: "ExplicitGame"),
    (MutableList, lambda x: "MutableList"), (MutableSet, lambda x: "MutableSet"),
    (MutableMap, lambda x: "MutableMap"), (ShellMap, lambda x: "Map"),
    (TextOutput, lambda x: "TextOutput"), (HelpText, lambda x: "Output"), (str, lambda x: "String"), (list, lambda x: "List"),
    (frozenset, lambda x: "Set"), (set, lambda x: "Set"), (tuple, lambda x: "Coordinates"),
    (ClassValue, lambda x: "Class"), (Range, lambda x: "List"),
    (Color, lambda x: "Color"), (Graph, lambda x: type(x).__name__), (Strip, lambda x: "Strip"),
    (Grid, lambda x: "Grid"), (Symmetry, lambda x: "Symmetry"), (Vertex, lambda x: "Vertex"),
    (Edge, lambda x: "Edge"),
)

#: The entry of _KINDS each Python type meets first, found once per type (a type's place in the table never
#: changes: its classes are fixed when it is defined).
_NAME_OF_TYPE: dict = {}
register_cache(_NAME_OF_TYPE.clear)


def class_of(value) -> ClassValue:
    """The CGSuite class of a shell value (``Object`` for kinds this table does not name).

    >>> str(class_of(cgt.up)), str(class_of(cgt.game([1], [0]))), str(class_of([1]))
    ('⟪game.Uptimal⟫', '⟪game.CanonicalShortGame⟫', '⟪cgsuite.lang.List⟫')
    """
    own = getattr(value, "cgs_class", None)
    if own is not None:
        return own()
    if isinstance(value, Position):
        entry = entry_of(value.ruleset)
        name = entry.path if entry is not None else ruleset_text(value.ruleset)
        return ClassValue(f"{name}.Position", ("ImpartialGame",) if value.impartial else ("Game",))
    return CLASSES[_short_name(value) or "Object"]


#: Members of class objects.
CLASS_METHODS = Section("classes", ClassValue)


@CLASS_METHODS.method("Name")
def class_name(c: ClassValue) -> str:
    """The short name of the class (Nimber)."""
    return c.name


@CLASS_METHODS.method("QualifiedName")
def class_qualified_name(c: ClassValue) -> str:
    """The qualified name of the class (game.Nimber)."""
    return c.qualified_name


#: Each class's number, in the order this session met it: the built-in hierarchy first, in its declaration
#: order, then ruleset position classes and script classes as they are first asked for.
_ORDINALS: dict[str, int] = {qualified: i for i, (_, qualified, _) in enumerate(_HIERARCHY, 1)}


@CLASS_METHODS.method("Ordinal")
def class_ordinal(c: ClassValue) -> int:
    """The class's number in this session: distinct classes have distinct numbers, and a class keeps its own
    (CGSuite calls it unstable: it numbers classes in the order they are loaded, so it may differ between
    sessions and between CGSuite and this shell; compare ordinals, do not store them).

    >>> class_ordinal(CLASSES["Object"]), class_ordinal(CLASSES["Integer"]) == class_ordinal(CLASSES["Integer"])
    (1, True)
    """
    return _ORDINALS.setdefault(c.qualified_name, len(_ORDINALS) + 1)


_INTEGER_TEXT = re.compile(r"[+-]?[0-9]+")


@CLASS_METHODS.method("Parse", arity=(1, 1), usage="Integer.Parse(str)")
def class_parse(c: ClassValue, text) -> int:
    """``Integer.Parse(str)``: the integer written in decimal (an optional sign, then digits), CGSuite's static
    ``Integer.Parse``; the other built-in classes have no ``Parse``.

    >>> class_parse(CLASSES["Integer"], "-0042"), class_parse(CLASSES["Integer"], "+7")
    (-42, 7)
    """
    if c != CLASSES["Integer"]:
        raise NotApplicableError(f"{c} has no method Parse (Integer.Parse reads an integer)")
    if not isinstance(text, str):
        raise NotApplicableError(f"Integer.Parse needs a string, got {describe(text)}")
    if not _INTEGER_TEXT.fullmatch(text):
        raise NotApplicableError(f"Integer.Parse: {describe(text)} is not an integer (digits with an optional sign)")
    if len(text) > 4200:
        raise NotApplicableError(f"Integer.Parse: {len(text)} digits is more than the 4200 the shell reads")
    return int(text)
