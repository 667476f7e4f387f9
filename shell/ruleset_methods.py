"""Shell methods of rulesets (CGSuite's ``HeapRuleset`` methods, the board rulesets' members and the three
variants), of ruleset families, of ``Periodicity`` values, and the variants of positions and games.

* ``R.ImpartialVariant``, ``R.DicoticVariant``, ``R.TwistedVariant`` on a ruleset, a position or a game
  (:mod:`cgt.games.engine.variants`, :mod:`cgt.short.variants`);
* heap rulesets: ``R.NimValueSequence(n)`` (nim values of heaps ``1..n``; heap 0 is excluded, as in
  CGSuite), ``R.HeapNimValue(n)``, ``R.CheckPeriodicity(n)`` (a :class:`Periodicity`, or ``Nothing``);
* board rulesets: ``R.Eval(x)`` is ``R(x)``; ``CharMap`` of grids and strips; the label
  maps of graph rulesets and their reverses;
* ``TakeAndBreak.FromSubtractionSet(subtset, codeDigit, allbut)``, a static method of the family;
* ``P.Period``, ``P.Preperiod``, ``P.Saltus`` of a periodicity.

>>> from cgt.games import Kayles
>>> nim_value_sequence(Kayles, 10)
[1, 2, 3, 1, 4, 3, 2, 1, 4, 2]
>>> str(check_periodicity(Kayles, 300))
'Periodicity(Period => 12, Preperiod => 71, Saltus => 0)'
"""

from __future__ import annotations

import warnings
from fractions import Fraction

from cgt import Game
from cgt.errors import InvalidGameError, NotApplicableError
from cgt.runtime.arguments import integer_argument
from cgt.short import variants as game_variants

from cgt.games.engine.ruleset import Position, Ruleset
from cgt.games.graph.ruleset import GraphRuleset
from cgt.games.grid.ruleset import GridRuleset
from cgt.games.heap.periodicity import run_start
from cgt.games.heap.ruleset import HeapRuleset
from cgt.games.heap.subtraction import Subtraction
from cgt.games.heap.take_and_break import TakeAndBreak
from cgt.games.strip.ruleset import StripRuleset

from cgt.shell.containers import ShellMap, elements
from cgt.shell.method_registry import Section
from cgt.shell.registry import named_ruleset
from cgt.shell.table import Table
from cgt.shell.values import HelpText, describe, is_number, is_position, to_game

__all__ = ["Periodicity", "check_periodicity", "variant_game", "RULESETS", "BOARD_RULESETS",
           "GRID_AND_STRIP_RULESETS", "GRAPH_RULESETS", "RULESET_FAMILIES", "PERIODICITIES",
           "POSITION_VARIANTS", "GAME_VARIANTS"]

RULESETS = Section("rulesets", Ruleset, letter="R")
BOARD_RULESETS = Section("board rulesets", GridRuleset, StripRuleset, GraphRuleset, letter="R")
GRID_AND_STRIP_RULESETS = Section("grid and strip rulesets", GridRuleset, StripRuleset, letter="R")
GRAPH_RULESETS = Section("graph rulesets", GraphRuleset, letter="R")
#: Static methods of ruleset families (the receiver is the family class, ``game.heap.TakeAndBreak``).
RULESET_FAMILIES = Section("ruleset families", TakeAndBreak, static=True)
POSITION_VARIANTS = Section("ruleset positions", Position, letter="P")
GAME_VARIANTS = Section("games and numbers", Game, int, Fraction, letter="G")


class Periodicity:
    """CGSuite's ``game.heap.Periodicity``: ``Period``, ``Preperiod`` (the first heap size from which the
    nim values repeat) and ``Saltus`` (0 here: CGSuite's check looks for plain periodicity).

    >>> Periodicity(12, 71, 0)
    Periodicity(Period => 12, Preperiod => 71, Saltus => 0)
    """

    __slots__ = ("period", "preperiod", "saltus")

    def __init__(self, period: int, preperiod: int, saltus: int = 0) -> None:
        self.period, self.preperiod, self.saltus = period, preperiod, saltus

    def __str__(self) -> str:
        return f"Periodicity(Period => {self.period}, Preperiod => {self.preperiod}, Saltus => {self.saltus})"

    __repr__ = __str__

    def __eq__(self, other):
        if not isinstance(other, Periodicity):
            return NotImplemented
        return (self.period, self.preperiod, self.saltus) == (other.period, other.preperiod, other.saltus)

    def __hash__(self):
        return hash((self.period, self.preperiod, self.saltus))


PERIODICITIES = Section("periodicities", Periodicity, letter="P")


@PERIODICITIES.method("Period")
def period(p: Periodicity) -> int:
    """The period."""
    return p.period


@PERIODICITIES.method("Preperiod")
def preperiod(p: Periodicity) -> int:
    """The first heap size from which the values repeat."""
    return p.preperiod


@PERIODICITIES.method("Saltus")
def saltus(p: Periodicity) -> int:
    """What the values gain each period (0: plain periodicity)."""
    return p.saltus

def _count(n, name: str) -> int:
    return integer_argument(n, name, minimum=0, error=NotApplicableError)


def _python_method(ruleset, python_name: str, shell_name: str, what: str):
    method = getattr(ruleset, python_name, None)
    if method is None:
        raise NotApplicableError(f"{shell_name} needs {what}; {ruleset!r} is not one")
    return method


@RULESETS.method("GameValueTable", arity=(2, 2), usage="R.GameValueTable(maxRow, maxCol)")
def game_value_table(ruleset, max_row, max_col) -> Table:
    """``R.GameValueTable(maxRow, maxCol)`` of a cake or partizan coordinate ruleset: values of
    ``(m, n)`` for ``m = 1..maxRow``, ``n = 1..maxCol``, as a Table."""
    method = _python_method(ruleset, "game_value_table", "GameValueTable", "a cake or partizan coordinate ruleset")
    return Table(method(_count(max_row, "GameValueTable"), _count(max_col, "GameValueTable")))


@RULESETS.method("NimValueTable", arity=(2, 2), usage="R.NimValueTable(maxRow, maxCol)")
def nim_value_table(ruleset, max_row, max_col) -> Table:
    """``R.NimValueTable(maxRow, maxCol)`` of a coordinate ruleset: nim values over ``0..maxRow x
    0..maxCol``, as a Table."""
    method = _python_method(ruleset, "nim_value_table", "NimValueTable", "a coordinate ruleset")
    return Table(method(_count(max_row, "NimValueTable"), _count(max_col, "NimValueTable")))


@RULESETS.method("ValuesTable", arity=(1, 1), usage="R.ValuesTable(geese)")
def values_table(ruleset, geese) -> Table:
    """``R.ValuesTable(geese)`` of Fox and Geese: the value with the fox on each free dark square, one row
    per board row from the highest goose down to row 1; ``X`` marks a goose, light squares are blank."""
    method = _python_method(ruleset, "values_table", "ValuesTable", "a Fox and Geese ruleset")
    rows = method(list(elements(geese)))
    return Table([[HelpText(v) if v == "X" else v for v in row] for row in rows])


@RULESETS.method("GameValueSequence", arity=(1, 1), usage="R.GameValueSequence(toHeapSize)")
def game_value_sequence(ruleset, to_heap_size) -> list:
    """``R.GameValueSequence(n)`` of a partizan heap ruleset: the values of heaps ``1..n``."""
    method = _python_method(ruleset, "game_value_sequence", "GameValueSequence", "a partizan heap ruleset")
    return list(method(_count(to_heap_size, "GameValueSequence")))


@RULESET_FAMILIES.method("FromSubtractionSet", arity=(1, 3),
                         usage="TakeAndBreak.FromSubtractionSet(subtset, codeDigit, allbut)",
                         parameters=(("subtset", "subtset"), ("codeDigit", "code_digit"), ("allbut", "all_but")))
def from_subtraction_set(family, subtset, code_digit="3", all_but=False):
    """``TakeAndBreak.FromSubtractionSet(subtset, codeDigit = "3", allbut = false)``."""
    if not isinstance(code_digit, str) or not isinstance(all_but, bool):
        raise NotApplicableError("FromSubtractionSet(subtset, codeDigit, allbut): codeDigit is a string such "
                                 "as \"3\", allbut true or false")
    if isinstance(subtset, (set, frozenset, tuple)):
        subtset = sorted(subtset)
    return family.from_subtraction_set(subtset, code_digit, all_but)


def _heap_ruleset(ruleset, name: str):
    if not isinstance(ruleset, HeapRuleset):
        raise NotApplicableError(f"{name} needs a heap ruleset; {ruleset!r} is not one")
    return ruleset


@RULESETS.method("NimValueSequence", arity=(1, 1), usage="R.NimValueSequence(n)")
def nim_value_sequence(ruleset, n) -> list[int]:
    """``R.NimValueSequence(n)``: the nim values of single heaps ``1..n`` (heap 0 excluded, as in CGSuite)."""
    r = _heap_ruleset(ruleset, "NimValueSequence")
    return list(r.grundy_sequence(_count(n, "NimValueSequence"))[1:])


@RULESETS.method("HeapNimValue", arity=(1, 1), usage="R.HeapNimValue(n)")
def heap_nim_value(ruleset, n) -> int:
    """``R.HeapNimValue(n)``: the nim value of a single heap of ``n``."""
    return _heap_ruleset(ruleset, "HeapNimValue").heap_grundy(_count(n, "HeapNimValue"))


def _code_bounds(ruleset):
    """``(h, D)`` of CGSuite's test: the most heaps a move can leave, the index of the last code digit;
    None when the ruleset is not a take-and-break game with finitely many digits."""
    if isinstance(ruleset, TakeAndBreak):
        h, d = ruleset.code.max_parts, ruleset.code.max_take
        return None if h is None or d is None else (h, d)
    if isinstance(ruleset, Subtraction) and not ruleset.all_but:
        # CGSuite's Subtraction(set) is TakeAndBreak.FromSubtractionSet(set, "3"): digit 3 leaves at most
        # one heap, and the last digit is the largest element of the set.
        return 1, max(ruleset.subtraction_set)
    return None


def _combined(ruleset, that, name: str, method: str, *extra):
    """``ruleset.method(that, *extra)`` for two heap rulesets (``that`` may be a catalogued name)."""
    a, b = _heap_ruleset(ruleset, name), _heap_ruleset(named_ruleset(that), name)
    return getattr(a, method)(b, *extra)


@RULESETS.method("Join", arity=(1, 1), usage="R.Join(S)")
def join(ruleset, that):
    """``R.Join(S)``: the heap ruleset whose moves are R's and S's (both heap rulesets)."""
    return _combined(ruleset, that, "Join", "join")


@RULESETS.method("PartizanJoin", arity=(1, 1), usage="R.PartizanJoin(S)")
def partizan_join(ruleset, that):
    """``R.PartizanJoin(S)``: the partizan heap game where Left moves by R and Right by S
    (game.heap.PartizanHeapRuleset(R, S))."""
    return _combined(ruleset, that, "PartizanJoin", "partizan_join")


@RULESETS.method("CakeProduct", arity=(1, 2), usage="R.CakeProduct(S[, twisted])",
                 parameters=(("that", "that"), ("twisted", "twisted")))
def cake_product(ruleset, that, twisted=False):
    """``R.CakeProduct(S, twisted)``: the cake game game.heap.GenCutcake(R, S, twisted): Left plays R on a
    cake's second coordinate, Right plays S on the first."""
    if not isinstance(twisted, bool):
        raise NotApplicableError(f"CakeProduct: twisted must be true or false, got {twisted!r}")
    return _combined(ruleset, that, "CakeProduct", "cake_product", twisted)


@RULESETS.method("AcrosticProduct", arity=(1, 1), usage="R.AcrosticProduct(S)")
def acrostic_product(ruleset, that):
    """``R.AcrosticProduct(S)``: a coordinate ruleset on pairs (m, n) where a move plays R on m or S on n."""
    return _combined(ruleset, that, "AcrosticProduct", "acrostic_product")


@RULESETS.method("DirectProduct", arity=(1, 1), usage="R.DirectProduct(S)")
def direct_product(ruleset, that):
    """``R.DirectProduct(S)``: the Tartan product, a coordinate ruleset on pairs (m, n) whose move takes m
    to m' by R and n to n' by S at once, leaving (m',n) + (m,n') + (m',n'); its nim values are the nim
    products of R's and S's (the Tartan theorem, Winning Ways ch. 14)."""
    return _combined(ruleset, that, "DirectProduct", "direct_product")


@RULESETS.method("CheckPeriodicity", arity=(1, 1), usage="R.CheckPeriodicity(n)")
def check_periodicity(ruleset, n) -> Periodicity | None:
    """``R.CheckPeriodicity(n)`` as CGSuite computes it: the nim values of heaps ``0..n-1``; the
    least period ``q`` (with its least preperiod ``p``) such that ``h*p + h*q + (D + h) <= n``, where ``h``
    is the most heaps a code digit can leave and ``D`` the index of the last code digit (for octal games
    the usual ``2(p + q) + D + 2`` test of the octal periodicity theorem).  ``Nothing`` (None) when no
    period passes, or the ruleset is not a finite take-and-break code (as in CGSuite).

    >>> import warnings
    >>> from cgt.games import DawsonsKayles, Nim
    >>> with warnings.catch_warnings(record=True) as said:
    ...     check_periodicity(DawsonsKayles, 200), check_periodicity(DawsonsKayles, 100), check_periodicity(Nim, 50)
    (Periodicity(Period => 34, Preperiod => 53, Saltus => 0), None, None)
    >>> print(said[-1].message)
    Nim.CheckPeriodicity(50) is Nothing: the test needs a take-and-break code with finitely many digits
    """
    n = _count(n, "CheckPeriodicity")
    _heap_ruleset(ruleset, "CheckPeriodicity")
    bounds = _code_bounds(ruleset)
    call = f"{ruleset!r}.CheckPeriodicity({n})"
    if bounds is None or n < 1:
        why = ("it needs n >= 1" if bounds is not None else
               "the test needs a take-and-break code with finitely many digits")
        _say(f"{call} is Nothing: {why}")
        return None
    h, d = bounds
    seq = ruleset.grundy_sequence(n - 1)
    q = 1
    while h * q + d + h <= n and q < n:
        p = run_start(seq, q)
        if h * p + h * q + d + h <= n:
            return Periodicity(q, p, 0)
        q += 1
    # Nothing, as in CGSuite; said in one line, as the shell prints no value for Nothing.
    _say(f"{call} is Nothing: no period q, with its preperiod p, of the nim values of heaps 0..{n - 1} passes "
         f"{h}p + {h}q + {d + h} <= {n}")
    return None


def _say(text: str) -> None:
    """One line on why a result is Nothing (which the shell does not print), every time it happens."""
    # A registry of its own each time: the default filter shows the line every time, not once per place,
    # while a filter that ignores it (a test's) still does.
    warnings.warn_explicit(text, UserWarning, __file__, 0, module=__name__, registry={})


# ---------------------------------------------------------------- the variants

def _variant(r, kind: str, args):
    variant = getattr(r, f"{kind}_variant")
    return variant(*args) if args else variant      # R.ImpartialVariant(x) = R(x).ImpartialVariant


def impartial_variant(r, *position):
    """Either player may make any Left or Right move (an impartial game)."""
    return _variant(r, "impartial", position)


def dicotic_variant(r, *position):
    """A player may move only if both players have a move; otherwise the game is over."""
    return _variant(r, "dicotic", position)


def twisted_variant(r, *position):
    """Left and Right swap roles after each move: the options are the negatives of the twisted options."""
    return _variant(r, "twisted", position)


def impartial_variant_of_game(g):
    """Either player may make any Left or Right move (an impartial game). (On a game: on its canonical form.)"""
    return game_variants.impartial(to_game(g))


def dicotic_variant_of_game(g):
    """A player may move only if both players have a move; otherwise the game is over. (On a game: on its
    canonical form.)"""
    return game_variants.dicotic(to_game(g))


def twisted_variant_of_game(g):
    """Left and Right swap roles after each move: the options are the negatives of the twisted options.
    (On a game: on its canonical form.)"""
    return game_variants.twisted(to_game(g))


_VARIANTS = {"impartial": (impartial_variant, impartial_variant_of_game),
             "dicotic": (dicotic_variant, dicotic_variant_of_game),
             "twisted": (twisted_variant, twisted_variant_of_game)}

for _kind, (_of_ruleset, _of_game) in _VARIANTS.items():
    _name = _kind.capitalize() + "Variant"
    RULESETS.method(_name, _of_ruleset, arity=(0, None), usage=f"R.{_name}, or R.{_name}(position)")
    POSITION_VARIANTS.method(_name, _of_ruleset)
    GAME_VARIANTS.method(_name, _of_game)


def variant_game(kind: str, value):
    """``ImpartialVariantGame(x)`` and its siblings: the variant of a position, or of a game's canonical form.

    >>> import cgt
    >>> str(variant_game("twisted", cgt.star))
    '*'
    >>> variant_game("impartial", [1])
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidGameError: ImpartialVariantGame needs a position or a game, got [1]
    """
    if is_position(value):
        return _variant(value, kind, ())
    if isinstance(value, Game) or is_number(value):
        return _VARIANTS[kind][1](value)
    raise InvalidGameError(f"{kind.capitalize()}VariantGame needs a position or a game, got {describe(value)}")


# ---------------------------------------------------------------- board rulesets

@BOARD_RULESETS.method("Eval", arity=(1, 1), usage="R.Eval(x)")
def evaluate(r, x):
    """R.Eval(x) is R(x): the position x (a string, Strip, Grid or Graph)."""
    return r(x)


@GRID_AND_STRIP_RULESETS.method("CharMap")
def char_map(r) -> str:
    """The characters of the cell values: the k-th is value k."""
    return r.char_map


def _reversed_labels(labels: dict) -> ShellMap:
    reverse: dict = {}
    for token, label in labels.items():
        reverse.setdefault(label, token)
    return ShellMap(reverse)


@GRAPH_RULESETS.method("VertexLabels")
def vertex_labels(r) -> ShellMap:
    """The map from tokens of the graph strings to vertex labels."""
    return ShellMap(dict(r.vertex_labels))


@GRAPH_RULESETS.method("EdgeLabels")
def edge_labels(r) -> ShellMap:
    """The map from tokens of the graph strings to edge labels."""
    return ShellMap(dict(r.edge_labels))


@GRAPH_RULESETS.method("VertexToString")
def vertex_to_string(r) -> ShellMap:
    """The map from vertex labels to the tokens that write them."""
    return _reversed_labels(r.vertex_labels)


@GRAPH_RULESETS.method("EdgeToString")
def edge_to_string(r) -> ShellMap:
    """The map from edge labels to the tokens that write them."""
    return _reversed_labels(r.edge_labels)
