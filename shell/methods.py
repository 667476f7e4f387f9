"""The shell's methods: :data:`REGISTRY`, the one :class:`~cgt.shell.method_registry.MethodRegistry` of
every section of methods, and the coercions between value types.

Each kind of value declares its methods next to the code that describes it (one section per kind,
:mod:`cgt.shell.method_registry` explains sections and the lookup order):

* short games, compound games, thermographs and nim arithmetic: :mod:`cgt.shell.game_methods`;
* ruleset positions and their sums: :mod:`cgt.shell.position_methods`; integers and rationals:
  :mod:`cgt.shell.integer_methods`;
* surreal numbers, transfinite nimbers and misère play: :mod:`cgt.shell.tower`; loopy games:
  :mod:`cgt.shell.loopy_values`;
* lists, sets, ranges, maps and strings: :mod:`cgt.shell.containers`;
* rulesets, ruleset families, periodicities and the variants: :mod:`cgt.shell.ruleset_methods`;
* graphs, vertices and edges: :mod:`cgt.shell.graph_values`; strips: :mod:`cgt.shell.strip_values`; grids,
  coordinates and symmetries: :mod:`cgt.shell.grid_values`;
* classes: :mod:`cgt.shell.classes`; players and the members every value has: here.

:data:`SECTIONS` lists them in the order ``help`` shows them; :data:`COERCIONS` is the short table of what
one type of value also offers, in lookup order.

>>> from cgt import game, star
>>> g = game([3], [game([2], [1])])
>>> [str(h) for h in REGISTRY.call(g, "RightOptions", [])], REGISTRY.call(11, "NimSum", [5])
(['{2|1}'], 14)
>>> REGISTRY.call(3, "LeftStop", []), REGISTRY.call(star, "Class", []).name
(3, 'Nimber')
>>> REGISTRY.call([1, 2], "Cool", [1])
Traceback (most recent call last):
...
cgt.errors.NotApplicableError: [1,2] has no method Cool
"""

from __future__ import annotations

from fractions import Fraction

import cgt
from cgt import Game, Player, Surreal
from cgt.short.compound import CompoundGame

from cgt.games.engine.ruleset import Position
from cgt.games.engine.sums import DisjunctiveSum, NegativeGame

from cgt.shell.builtins import RulesetFunction
from cgt.shell.classes import CLASS_METHODS, class_of
from cgt.shell.explicit import ExplicitGame
from cgt.shell.containers import (COLLECTION_MEMBERS, COLLECTIONS, LIST_AND_SET_METHODS, LISTS, MAP_ENTRIES, MAPS,
                                  RANGES, SETS, STRINGS, Range)
from cgt.shell.game_methods import (COMPOUND_GAMES, EXPLICIT_GAMES, GAMES, NIM_ARITHMETIC, THERMOGRAPHS,
                                   add_compound_methods)
from cgt.shell.graph_values import EDGES, GRAPHS, VERTICES
from cgt.shell.integer_methods import INTEGERS, NUMBERS
from cgt.shell.loopy_values import LOOPY_GAMES
from cgt.shell.method_registry import Coercion, MethodRegistry, Section
from cgt.shell.position_methods import NEGATIVES, POSITIONS, SUMS, sensible_lines
from cgt.shell.ruleset_methods import (BOARD_RULESETS, GAME_VARIANTS, GRAPH_RULESETS, GRID_AND_STRIP_RULESETS,
                                       PERIODICITIES, POSITION_VARIANTS, RULESET_FAMILIES, RULESETS)
from cgt.shell.grid_values import COORDINATE_PAIRS, GRIDS, SYMMETRIES
from cgt.shell.enums import ENUM_VALUES
from cgt.shell.mutable_values import MUTABLE_LISTS, MUTABLE_MAPS, MUTABLE_SETS
from cgt.shell.output_values import OUTPUTS
from cgt.shell.random_values import RANDOMS
from cgt.shell.strip_values import STRIPS
from cgt.shell.tower import GAME_MISERE, MISERE, POSITION_MISERE, TOWER_NUMBERS, TRANSFINITE
from cgt.shell.values import HelpText, format_value

__all__ = ["REGISTRY", "SECTIONS", "COERCIONS", "EVERY_VALUE", "PLAYERS"]

#: Members every value has.
EVERY_VALUE = Section("every value", object)
#: Members of ``Left`` and ``Right``.
PLAYERS = Section("players", Player, letter="p")


EVERY_VALUE.method("Class", class_of)


@EVERY_VALUE.method("ToOutput")
def to_output(value) -> HelpText:
    """The value's display text (printed as it is)."""
    return HelpText(format_value(value))


@EVERY_VALUE.method("ToString")
def to_string(value) -> str:
    """The text the shell prints for the value, as a string."""
    return format_value(value)


@PLAYERS.method("Opponent")
def opponent(player: Player) -> Player:
    """The other player: Left.Opponent is Right."""
    return player.opponent


@PLAYERS.method("Sign")
def sign(player: Player) -> int:
    """1 for Left, -1 for Right."""
    return player.sign


@PLAYERS.method("Ordinal")
def ordinal(player: Player) -> int:
    """1 for Left, 2 for Right (CGSuite's ordinal)."""
    return player.ordinal


# Games kept as forms build compounds of themselves as written (CGSuite's CompoundGame).
for _section in (POSITIONS, SUMS, NEGATIVES, COMPOUND_GAMES, EXPLICIT_GAMES):
    add_compound_methods(_section)
for _section in (COMPOUND_GAMES, EXPLICIT_GAMES):
    _section.method("SensibleLines", sensible_lines, arity=(1, 1), usage=f"{_section.letter}.SensibleLines(Left)")

#: Every section, in the order ``help(Name)`` lists the methods called Name.
SECTIONS = (
    GAMES, POSITIONS, SUMS, NEGATIVES, NIM_ARITHMETIC, NUMBERS, COLLECTIONS, INTEGERS, EVERY_VALUE, CLASS_METHODS,
    COMPOUND_GAMES, EXPLICIT_GAMES, THERMOGRAPHS, PLAYERS, GAME_VARIANTS, POSITION_VARIANTS, RULESETS,
    BOARD_RULESETS, GRID_AND_STRIP_RULESETS, GRAPH_RULESETS, RULESET_FAMILIES, PERIODICITIES, COLLECTION_MEMBERS,
    LIST_AND_SET_METHODS, LISTS, SETS, MAPS, MAP_ENTRIES, STRINGS, GRAPHS, VERTICES, EDGES, STRIPS, GRIDS, COORDINATE_PAIRS, SYMMETRIES,
    TOWER_NUMBERS, TRANSFINITE, MISERE, GAME_MISERE, POSITION_MISERE, LOOPY_GAMES, RANGES, RANDOMS,
    MUTABLE_LISTS, MUTABLE_SETS, MUTABLE_MAPS, ENUM_VALUES, OUTPUTS,
)


def _number_of_game(g: Game):
    """The rational value of a number-valued game, as the shell keeps rationals (an int when whole)."""
    value = Fraction(g.number)
    return value.numerator if value.denominator == 1 else value


#: What a value of one type also offers, tried in this order after its own types' methods.
COERCIONS = (
    Coercion(int, Game, cgt.as_game),                       # an integer is a short game,
    Coercion(int, Surreal),                                 # and a surreal number (as it is)
    Coercion(Fraction, Surreal),                            # a rational is a surreal number,
    Coercion(Fraction, Game, cgt.as_game),                  # and a short game when dyadic (else an error)
    Coercion(Game, Surreal, _number_of_game, when=lambda g: g.is_number),
    Coercion(Position, Game, lambda p: p.value),            # a position offers its value's methods
    Coercion(Range, list, list),                 # a range is the list of its values
    Coercion(RulesetFunction, None, lambda f: f.entry.resolve()),    # a catalogued name is its ruleset
    Coercion(CompoundGame, Game, lambda c: c.canonical_form),
    Coercion(ExplicitGame, Game, lambda g: g.canonical_form),   # an explicit game offers its value's methods
    Coercion(DisjunctiveSum, Game, lambda c: c.value),      # a sum of positions offers its value's methods
    Coercion(NegativeGame, Game, lambda n: n.value),        # and so does a negative
)

#: The methods of every shell value.  Python's ``bool`` subclasses ``int``, but true and false are no
#: integers in the shell (CGSuite's Boolean is not a number).
REGISTRY = MethodRegistry(SECTIONS, COERCIONS, not_subtypes={bool: (int,)})
