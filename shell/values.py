"""Shell values, how they convert into one another, and how the shell prints them.

Values are plain Python and cgt objects: ``bool``, ``int``, ``Fraction``, ``str``,
:class:`cgt.Game`, :class:`cgt.Outcome`, ``list``, ``tuple``, ``frozenset`` (sets),
``None`` (nil), ruleset positions from :mod:`cgt.games`, and the few shell-only kinds
defined here: :class:`Namespace` (``game``, ``game.heap``), :class:`Function`
(built-in functions and rulesets), :class:`BoundMethod`, :class:`Procedure` and :class:`HelpText`.

:func:`to_game`, :func:`number_of` and :func:`player_of` read a value as a game, a number or a player
(the coercions the evaluator and the methods share); :func:`format_value` prints values as CGSuite
does: games in CGSuite notation, numbers as ``9/4``, booleans ``true``/``false``, lists ``[1,2]``,
sets ``{1,3}``.

>>> from cgt import star, up
>>> format_value([Fraction(9, 4), True, star, frozenset({3, 1})])
'[9/4,true,*,{1,3}]'
"""

from __future__ import annotations

import dataclasses
import functools
import re
from fractions import Fraction
from typing import Callable

import cgt
from cgt import Game, MisereGame, Outcome, Player
from cgt.errors import InvalidGameError
from cgt.notation.print_order import option_key

from cgt.games.engine.catalogue import is_ruleset
from cgt.games.engine.ruleset import Move, Position
from cgt.games.engine.sums import NegativeGame, as_form, is_compound
from cgt.short.compound import compound_text, is_form
from cgt.games.engine.variants import VariantRuleset
from cgt.games.graph.board import Graph
from cgt.games.graph.ruleset import Color, GraphRuleset
from cgt.games.grid.ruleset import GridRuleset
from cgt.games.grid.board import Grid
from cgt.games.strip.board import Strip
from cgt.games.strip.ruleset import StripRuleset

from cgt.shell.errors import ShellError
from cgt.shell.registry import registry


class HelpText(str):
    """Text printed as it is (no quotes), e.g. what ``help`` returns."""


class MutableValue:
    """The base of the shell's mutable collections (``cgt.shell.mutable_values``), which print themselves
    (``MutableList(1, 2)``) where the collections they extend print as literals."""

    __slots__ = ()


class Namespace:
    """A dotted package of names, like CGSuite's ``game.heap``.

    >>> ns = Namespace("game")
    >>> ns.child("heap").path
    'game.heap'
    >>> format_value(ns)
    'game'
    """

    __slots__ = ("path", "entries", "doc", "constructor")

    def __init__(self, path: str, doc: str = ""):
        self.path = path
        self.entries: dict[str, object] = {}
        self.doc = doc
        #: What calling the namespace does (``Graph("--")``), or None when it cannot be called.
        self.constructor = None

    def child(self, name: str) -> "Namespace":
        """The sub-namespace ``name``, created when missing.

        >>> Namespace("game").child("grid").path
        'game.grid'
        """
        entry = self.entries.get(name)
        if entry is None:
            entry = self.entries[name] = Namespace(f"{self.path}.{name}")
        if not isinstance(entry, Namespace):
            raise ValueError(f"{self.path}.{name} is already a function")
        return entry

    def __repr__(self) -> str:
        return f"Namespace({self.path!r})"


class Function:
    """A callable shell value: a built-in function or a ruleset.

    ``call(args)`` receives the evaluated arguments as a list.  ``arity`` is
    ``(least, most)`` (``most`` None for any number).  ``doc`` is what ``help`` shows: the
    object whose docstring documents the function (the library function behind it), or the text itself.

    >>> f = Function("Double", lambda args: 2 * args[0], (1, 1), "Twice x.")
    >>> f([21]), format_value(f)
    (42, 'Double')
    """

    __slots__ = ("name", "call", "arity", "doc")

    def __init__(self, name: str, call: Callable, arity=(0, None), doc: object = ""):
        self.name = name
        self.call = call
        self.arity = arity
        self.doc = doc

    def __call__(self, args: list):
        check_arity(self.name, self.arity, len(args))
        return self.call(args)

    def __repr__(self) -> str:
        return f"Function({self.name!r})"


class KeywordFunction(Function):
    """A built-in function that also takes CGSuite's ``name => value`` keywords: ``call(args, kwargs)``.

    >>> f = KeywordFunction("Scale", lambda args, kwargs: args[0] * kwargs.get("by", 2), (1, 1))
    >>> f.call_with([3], {"by": 5}), f([4])
    (15, 8)
    """

    __slots__ = ("caller_aware",)

    def __init__(self, name: str, call: Callable, arity=(0, None), doc: object = "", caller_aware: bool = False):
        super().__init__(name, call, arity, doc)
        #: When True, ``call`` also receives the interpreter's ``call_value`` (to call shell functions).
        self.caller_aware = caller_aware

    def __call__(self, args: list):
        return self.call_with(args, {})

    def call_with(self, args: list, kwargs: dict | None, caller: Callable | None = None):
        """Call with positional arguments and keywords (and, if :attr:`caller_aware`, the caller)."""
        check_arity(self.name, self.arity, len(args))
        if self.caller_aware:
            return self.call(args, kwargs or {}, caller)
        return self.call(args, kwargs or {})


class BoundMethod:
    """``x.Name`` for a method that still needs its arguments, e.g. ``G.Cool`` before ``(1)``.

    >>> from cgt import star
    >>> format_value(BoundMethod(star, "Heat", None))
    '*.Heat'
    """

    __slots__ = ("receiver", "name", "method")

    def __init__(self, receiver, name: str, method):
        self.receiver = receiver
        self.name = name
        self.method = method

    def __repr__(self) -> str:
        return f"BoundMethod({self.name!r})"


@dataclasses.dataclass(eq=False)
class Procedure:
    """A shell procedure (``x -> x + 1``, ``def f(n) := ...``): parameters, body (a parse tree), closure
    scope, and its printed text.

    Calling it is the evaluator's job (``Interpreter.invoke``), so that it runs under the program's
    limits; :attr:`arity` is ``(least, most)`` arguments.  Procedures are equal only to themselves.
    The parameters are :class:`cgt.shell.procedures.Parameter` objects.
    """

    name: str | None
    parameters: list
    body: object
    closure: object
    source: str
    text: str

    @functools.cached_property
    def arity(self):
        least = sum(1 for p in self.parameters if p.default is None and not p.rest)
        most = None if any(p.rest for p in self.parameters) else len(self.parameters)
        return least, most

    @functools.cached_property
    def plain_names(self) -> tuple | None:
        """The parameters' names when none has a default or collects the rest (a call then binds them in
        order), else None."""
        if any(p.rest or p.default is not None for p in self.parameters):
            return None
        return tuple(p.name for p in self.parameters)

    def label(self) -> str:
        return self.name or f"the procedure {self.text}"

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Procedure({self.text!r})"


def check_arity(name: str, arity, count: int) -> None:
    """Raise a clear :class:`ShellError` when ``count`` arguments do not fit ``arity``.

    >>> check_arity("Cool", (1, 1), 2)
    Traceback (most recent call last):
    ...
    cgt.shell.errors.ShellError: Cool takes 1 argument, got 2
    """
    least, most = arity
    if count < least or (most is not None and count > most):
        if most == least:
            wanted = f"{least} argument" + ("" if least == 1 else "s")
        elif most is None:
            wanted = f"at least {least} argument" + ("" if least == 1 else "s")
        else:
            wanted = f"{least} to {most} arguments"
        raise ShellError(f"{name} takes {wanted}, got {count}")


def keyword_arguments(name: str, parameters: tuple, args: list, kwargs: dict) -> dict:
    """CGSuite's ``name => value`` arguments of a call as Python keyword arguments.

    ``parameters`` are the call's parameters in order after the receiver, each a pair ``(CGSuite name, Python
    name)``; a keyword must name one of them that no positional argument filled already.

    >>> keyword_arguments("Decomposition", (("boundaryValue", "boundary"), ("directions", "directions")),
    ...                   [0], {"directions": 4})
    {'directions': 4}
    >>> keyword_arguments("Decomposition", (("boundaryValue", "boundary"),), [0], {"boundaryValue": 1})
    Traceback (most recent call last):
    ...
    cgt.shell.errors.ShellError: Decomposition: boundaryValue is given twice (by position and by name)
    """
    if not kwargs:
        return {}
    names = [cgs for cgs, _ in parameters]
    result = {}
    for key, value in kwargs.items():
        if key not in names:
            takes = f"its parameters are {', '.join(names)}" if names else "it takes no keyword arguments"
            raise ShellError(f"{name} has no parameter {key}: {takes}")
        index = names.index(key)
        if index < len(args):
            raise ShellError(f"{name}: {key} is given twice (by position and by name)")
        result[parameters[index][1]] = value
    return result


# ---------------------------------------------------------------- coercions

def is_number(value) -> bool:
    """True for ints and Fractions (not bools).

    >>> is_number(3), is_number(True), is_number(Fraction(1, 3))
    (True, False, True)
    """
    return isinstance(value, (int, Fraction)) and not isinstance(value, bool)


def number_of(value):
    """The rational value of an int, Fraction or number-valued Game, else None.

    >>> number_of(cgt.game([0], [1])), number_of(cgt.star)
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
    if is_form(value):                  # positions, explicit games, compounds: their canonical forms
        return value.canonical_form
    raise InvalidGameError(f"{describe(value)} is not a game")


def game_form(value, what: str = "value"):
    """A game as a part of a compound: a form (a position -- a move stands for the position it reaches --, an
    explicit game, a compound or a negative) as it is, a number or short game as a canonical game.

    >>> from cgt.games import Kayles
    >>> game_form(Kayles(3)) == Kayles(3), str(game_form(Fraction(1, 2)))
    (True, '1/2')
    """
    value = as_form(value)
    return value if is_form(value) else to_game(value, what)


def player_of(value) -> Player:
    """``Left``/``Right`` (a :class:`cgt.Player`), or the strings ``"L"``/``"R"``/``"Left"``/``"Right"``.

    >>> str(player_of("Left"))
    'Left'
    """
    if isinstance(value, Player):
        return value
    if isinstance(value, str):
        return Player.parse(value)
    raise InvalidGameError(f"{describe(value)} is not a player: use Left or Right")


# ---------------------------------------------------------------- printing

def format_number(x) -> str:
    """``9/4``, ``-3``, ``0``: a rational as CGSuite prints it.

    >>> format_number(Fraction(9, 4)), format_number(Fraction(-6, 2)), format_number(7)
    ('9/4', '-3', '7')
    """
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    return f"{x.numerator}/{x.denominator}"


class _NumberKey:
    """Orders the shell's numbers (ints, Fractions, number-valued games and library surreals such as
    ``inf`` and ordinals) by value."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __lt__(self, other):
        # ints, Fractions and library surreals compare with each other by value
        return self.value < other.value

    def __eq__(self, other):
        return not (self < other or other < self)


def _number_value(value):
    """The value of a number (int, Fraction, number game or surreal), else None."""
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return value
    if isinstance(value, Game) and value.is_number:
        return Fraction(value.number)
    if isinstance(value, cgt.Surreal):
        return value
    return None


def sort_key(value):
    """CGSuite's universal order: ``Nothing``, numbers ascending (``inf`` included), other short
    games in the order of options, misère games, strings, coordinates, lists (lexicographically), sets
    (by their sorted elements), booleans (``true`` first), players (``Left`` first), then the rest.

    >>> from cgt import star, up, inf
    >>> [format_value(v) for v in sorted([up, 2, star, Fraction(-1, 2), None, "a", inf, [1], True], key=sort_key)]
    ['Nothing', '-1/2', '2', 'inf', '*', '^', '"a"', '[1]', 'true']
    """
    if value is None:
        return (0,)
    if isinstance(value, bool):
        return (9, 0 if value else 1)
    number = _number_value(value)
    if number is not None:
        return (1, _NumberKey(number))
    if isinstance(value, Game):
        return (2, option_key(value))
    if isinstance(value, MisereGame):
        return (4, str(value))
    if isinstance(value, str) and not isinstance(value, HelpText):
        return (5, value)
    if isinstance(value, tuple):
        return (6, tuple(sort_key(v) for v in value))
    if isinstance(value, list):
        return (7, tuple(sort_key(v) for v in value))
    if isinstance(value, (set, frozenset)):
        return (8, tuple(sorted(sort_key(v) for v in value)))
    if isinstance(value, Player):
        return (10, 0 if value is Player.Left else 1)
    return (11, type(value).__name__, format_value(value))


def _format_string(text: str) -> str:
    # As in CGSuite, a string prints in double quotes with its contents verbatim (no escapes added).
    return '"' + text + '"'


def format_value(value) -> str:
    """The text the shell prints for ``value`` (CGSuite's conventions).

    >>> from cgt import game, Outcome
    >>> format_value(game([3], [game([2], [1])])), format_value(Outcome.N), format_value(False)
    ('{3||2|1}', 'N', 'false')
    >>> format_value((3, 5)), format_value("0.77"), format_value(None)
    ('(3,5)', '"0.77"', 'Nothing')
    """
    if value is None:
        return "Nothing"           # as in CGSuite (the shell also reads the literal nil)
    if isinstance(value, MutableValue):
        return str(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, Fraction)):
        return format_number(value)
    if isinstance(value, Game):
        return str(value)
    if isinstance(value, HelpText):
        return str(value)
    if isinstance(value, (Outcome, Player)):  # before str: an Outcome is also its letter
        return str(value)
    if isinstance(value, str):
        return _format_string(value)
    if isinstance(value, list):
        return "[" + ",".join(format_value(v) for v in value) + "]"
    if isinstance(value, tuple):
        return "(" + ",".join(format_value(v) for v in value) + ")"
    if isinstance(value, (set, frozenset)):
        ordered = sorted(value, key=sort_key) if len(value) > 1 else value    # no keys to make for one element
        return "{" + ",".join(format_value(v) for v in ordered) + "}"
    if isinstance(value, Namespace):
        return value.path
    if isinstance(value, Function):
        return value.name
    if isinstance(value, BoundMethod):
        return f"{format_value(value.receiver)}.{value.name}"
    if isinstance(value, Move):
        text = position_text(value)
        return text if value.label is None else f"{value.label} -> {text}"
    if isinstance(value, Position):
        return position_text(value)
    if is_compound(value) or isinstance(value, NegativeGame):
        return compound_text(value, part_text)     # CGSuite's CompoundGame (G + H, G : H, ...) and NegativeGame
    if is_ruleset(value):
        return ruleset_text(value)
    if isinstance(value, Graph):                  # plain graphs print as Graph("...")
        return graph_text(value)
    if isinstance(value, (Strip, Grid)):          # Strip([0,1,2]), Grid([[0,1],[2,0]])
        return repr(value)
    return str(value)


def part_text(part) -> str:
    """The text of a part of a compound: its own, except that a short game printed with a number glued to its
    uptimal part (``1*``, ``-1/2^``) is parenthesised, ``'{0|}' + (1*)``, since ``'{0|}' + 1*`` reads as a sum
    of three parts (the shell reads ``1*`` as ``1 + *``, as CGSuite reads ``3+*``).

    >>> part_text(cgt.integer(1) + cgt.star), part_text(cgt.up + cgt.star), part_text(cgt.integer(-2))
    ('(1*)', '^*', '-2')
    """
    text = format_value(part)
    if isinstance(part, Game) and not part.is_number and part.is_uptimal and part.left_stop != 0:
        return f"({text})"
    return text


def position_text(position) -> str:
    """The shell text of a ruleset position, which the shell reads back (CGSuite's form).

    Grid, strip and graph positions print as ``Domineering.Position("..|..")``,
    ``ToadsAndFrogs.Position("tt..ff")``, ``Hackenbush.Position("lrl")``; other positions as the ruleset
    called with the position's text: ``Kayles(7)``, ``Wythoff("3 5")``, ``DeBruijn("{2,3}")``.  CGSuite
    names the declaring class (``GenHackenbush.Position``), which loses a family's parameters
    (``ChildishHackenbush`` would read back as plain Hackenbush); the shell names the ruleset itself, so
    every printed position reads back as the same position.

    >>> from cgt.games import Kayles, Wythoff
    >>> position_text(Kayles(7)), position_text(Wythoff(3, 5))
    ('Kayles(7)', 'Wythoff("3 5")')
    """
    ruleset = position.ruleset
    own = getattr(ruleset, "position_text", None)     # the positions of script classes print themselves
    if own is not None:
        return own(position.position)
    if isinstance(ruleset, VariantRuleset):       # ImpartialVariantGame(<base position>)
        base, negated = ruleset.base_position(position.position)
        return f"{'-' if negated else ''}{ruleset.game_name}({position_text(base)})"
    text = ruleset.format(position.position)
    name = ruleset_text(ruleset)
    if isinstance(ruleset, (GridRuleset, StripRuleset, GraphRuleset)):
        return f"{name}.Position({_format_string(text)})"
    if text.isdigit():
        return f"{name}({text})"
    return f"{name}({_format_string(text)})"


def graph_text(graph: Graph) -> str:
    """``Graph("…")`` or ``DirectedGraph("…")``: how the shell prints a plain graph, as text that reads back
    as this very graph (vertex numbers and edge order included).

    CGSuite writes a label by its plain text (``{Red}``), which its ``Graph("…")`` cannot read back; so a
    graph with labels prints with the label maps that read it (``vertexLabels => {…}``,
    ``edgeLabels => {…}``), tokens being the labels' plain text where that is a usable token.

    >>> from cgt.games.graph.ruleset import Color
    >>> graph_text(Graph.path(3)), graph_text(Graph.path(3, None, Color.Red))
    ('Graph("--")', 'Graph("{Red}{Red}", edgeLabels => {"Red" => Color.Red})')
    >>> graph_text(Graph.path(2, 5))
    'Graph("5-5", vertexLabels => {"5" => 5})'
    """
    name = type(graph).__name__
    vertex_labels = _graph_tokens(graph.vertex_labels, graph.directed)
    edge_labels = _graph_tokens([x for _, _, x in graph.edges], graph.directed)
    if not vertex_labels and not edge_labels:
        return f"{name}({_format_string(graph.exact_string())})"
    if edge_labels and any(x is None for _, _, x in graph.edges):
        edge_labels[""] = None
    text = graph.exact_string(vertex_labels or None, edge_labels or None)
    maps = [f"{what} => {{{', '.join(f'{_format_string(t)} => {_label_text(x)}' for t, x in sorted(m.items()))}}}"
            for what, m in (("vertexLabels", vertex_labels), ("edgeLabels", edge_labels)) if m]
    return f"{name}({_format_string(text)}, {', '.join(maps)})"


def _graph_tokens(labels, directed: bool) -> dict:
    """Tokens for the labels other than Nothing: each label's plain text where that is a token the graph
    reader takes back (no braces, quotes, spaces or graph punctuation, and not already used), else ``#1``,
    ``#2``, ...; ``{token: label}``."""
    special = set("-();:.{}") | ({">", "<"} if directed else set())
    tokens: dict = {}
    seen: list = []
    for x in labels:
        if x is None or any(x is y or (type(x) is type(y) and x == y) for y in seen):
            continue
        seen.append(x)
        text = x.name if isinstance(x, Color) else format_value(x)
        if (not text or text in tokens or text in special or text.startswith("#")
                or any(c in text for c in '{}"\\') or any(c.isspace() for c in text)):
            k = 1
            while f"#{k}" in tokens:
                k += 1
            text = f"#{k}"
        tokens[text] = x
    return tokens


def _label_text(label) -> str:
    """A graph label as shell input: ``Color.Red``, a game in input form, else its printed text."""
    if isinstance(label, Color):
        return f"Color.{label.name}"
    if isinstance(label, Game):
        from cgt.shell.parser import input_form
        return input_form(format_value(label))
    return format_value(label)


def ruleset_text(ruleset) -> str:
    """How the shell names a ruleset: its shell alias (or dotted name), a catalogued family called with
    its parameters, else its repr.

    >>> from cgt.games import Kayles, TakeAndBreak, Subtraction
    >>> ruleset_text(Kayles), ruleset_text(TakeAndBreak("0.07")), ruleset_text(Subtraction([1, 2], all_but=True))
    ('Kayles', 'TakeAndBreak("0.07")', 'Subtraction([1, 2], allbut => true)')
    >>> ruleset_text(object.__new__(type("Plain", (), {"__repr__": lambda self: "Plain()"})))
    'Plain()'
    """
    if isinstance(ruleset, VariantRuleset):       # ImpartialVariantRuleset(Domineering)
        return f"{type(ruleset).__name__}({ruleset_text(ruleset.base)})"
    entries = registry().values()
    for entry in entries:
        if entry.resolved() is ruleset:
            return entry.name if entry.alias else entry.path
    family = type(ruleset)
    text = repr(ruleset)
    for entry in entries:
        if entry.resolved() is family and text.startswith(family.__name__ + "("):
            name = entry.name if entry.alias else entry.path
            return name + _shell_syntax(text[len(family.__name__):])
    return text


def _shell_syntax(text: str) -> str:
    """A Python call's argument text in the shell's syntax: ``"..."`` strings, ``true``, ``inf``,
    ``name => value``, and dicts as maps ``{key => value}`` (the keys ``'Left'`` and ``'Right'`` as players).

    >>> _shell_syntax("('0.77', all_but=True, max_distance=2)")
    '("0.77", allbut => true, maxDistance => 2)'
    >>> _shell_syntax("(clobbered={'Left': {0}, 'Right': {1}}, max_distance=math.inf)")
    '(clobbered => {Left => {0}, Right => {1}}, maxDistance => inf)'
    """
    def token(match):
        string, key, word, keyword = match.group(1), match.group(2), match.group(3), match.group(4)
        if string is not None:
            return _format_string(string[1:-1])
        if key is not None:           # a dict key: the map's k => v
            return (key[1:-1] if key in ("'Left'", "'Right'") else _format_string(key[1:-1])) + " => "
        if keyword is not None:       # CGSuite's parameter names: max_distance -> maxDistance
            first, *rest = keyword.split("_")
            return ("allbut" if keyword == "all_but" else first + "".join(w.title() for w in rest)) + " => "
        return {"True": "true", "False": "false", "None": "Nothing", "math.inf": "inf"}.get(word, word)

    return re.sub(r"('(?:[^'\\]|\\.)*')(?!\s*:)|('(?:[^'\\]|\\.)*')\s*:\s*|\b(True|False|None|math\.inf)\b"
                  r"|\b([a-z_][a-z0-9_]*)=(?!=)", token, text)


def describe(value, width: int = 60) -> str:
    """``format_value`` cut to ``width`` characters, for error messages.

    >>> describe(list(range(100)), width=12)
    '[0,1,2,3,...'
    """
    text = format_value(value)
    if len(text) > width:
        text = text[: width - 3] + "..."
    return text
