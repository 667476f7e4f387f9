"""Shell methods of rulesets (CGSuite's ``HeapRuleset`` methods and the three variants), the variants of
positions and games, ``Periodicity`` values, and the table methods of lists.

* ``R.ImpartialVariant``, ``R.DicoticVariant``, ``R.TwistedVariant`` on a ruleset, a position or a game
  (:mod:`cgt.games.engine.variants`, :mod:`cgt.short.variants`);
* heap rulesets: ``R.NimValueSequence(n)`` (nim values of heaps ``1..n``; heap 0 is excluded, as in
  CGSuite), ``R.HeapNimValue(n)``, ``R.CheckPeriodicity(n)`` (a :class:`Periodicity`, or ``Nothing``);
* ``P.Period``, ``P.Preperiod``, ``P.Saltus`` of a periodicity;
* ``L.Grouped(n)`` and ``L.PeriodicTable(period)`` (``Table(L.Grouped(period))``) of a list.

>>> from cgt.games import Kayles
>>> m, r = find_heap_method(Kayles, "NimValueSequence")
>>> m.func(r, 10)
[1, 2, 3, 1, 4, 3, 2, 1, 4, 2]
>>> str(check_periodicity(Kayles, 300))
'Periodicity(Period => 12, Preperiod => 71, Saltus => 0)'
"""

from __future__ import annotations

from cgt.runtime.arguments import integer_argument
from cgt.errors import NotApplicableError

from cgt.shell.methods import Method, is_number, is_position, to_game
from cgt.shell.table import Table, grouped

__all__ = ["Periodicity", "check_periodicity", "find_heap_method", "HEAP_METHOD_NAMES"]


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


def _count(n, name: str) -> int:
    return integer_argument(n, name, minimum=0, error=NotApplicableError)


def _python_method(ruleset, python_name: str, shell_name: str, what: str):
    method = getattr(ruleset, python_name, None)
    if method is None:
        raise NotApplicableError(f"{shell_name} needs {what}; {ruleset!r} is not one")
    return method


def game_value_table(ruleset, max_row, max_col) -> Table:
    """``R.GameValueTable(maxRow, maxCol)`` of a cake or partizan coordinate ruleset: values of
    ``(m, n)`` for ``m = 1..maxRow``, ``n = 1..maxCol``, as a Table."""
    method = _python_method(ruleset, "game_value_table", "GameValueTable", "a cake or partizan coordinate ruleset")
    return Table(method(_count(max_row, "GameValueTable"), _count(max_col, "GameValueTable")))


def nim_value_table(ruleset, max_row, max_col) -> Table:
    """``R.NimValueTable(maxRow, maxCol)`` of a coordinate ruleset: nim values over ``0..maxRow x
    0..maxCol``, as a Table."""
    method = _python_method(ruleset, "nim_value_table", "NimValueTable", "a coordinate ruleset")
    return Table(method(_count(max_row, "NimValueTable"), _count(max_col, "NimValueTable")))


def game_value_sequence(ruleset, to_heap_size) -> list:
    """``R.GameValueSequence(n)`` of a partizan heap ruleset: the values of heaps ``1..n``."""
    method = _python_method(ruleset, "game_value_sequence", "GameValueSequence", "a partizan heap ruleset")
    return list(method(_count(to_heap_size, "GameValueSequence")))


def from_subtraction_set(family, subtset, code_digit="3", all_but=False):
    """``TakeAndBreak.FromSubtractionSet(subtset, codeDigit = "3", allbut = false)``."""
    if not isinstance(code_digit, str) or not isinstance(all_but, bool):
        raise NotApplicableError("FromSubtractionSet(subtset, codeDigit, allbut): codeDigit is a string such "
                                 "as \"3\", allbut true or false")
    if isinstance(subtset, (set, frozenset, tuple)):
        subtset = sorted(subtset)
    return family.from_subtraction_set(subtset, code_digit, all_but)


def _heap_ruleset(ruleset, name: str):
    from cgt.games.heap.ruleset import HeapRuleset

    if not isinstance(ruleset, HeapRuleset):
        raise NotApplicableError(f"{name} needs a heap ruleset; {ruleset!r} is not one")
    return ruleset


def nim_value_sequence(ruleset, n) -> list[int]:
    """``R.NimValueSequence(n)``: the nim values of single heaps ``1..n`` (heap 0 excluded, §3.2)."""
    r = _heap_ruleset(ruleset, "NimValueSequence")
    return list(r.grundy_sequence(_count(n, "NimValueSequence"))[1:])


def heap_nim_value(ruleset, n) -> int:
    """``R.HeapNimValue(n)``: the nim value of a single heap of ``n``."""
    return _heap_ruleset(ruleset, "HeapNimValue").heap_grundy(_count(n, "HeapNimValue"))


def _code_bounds(ruleset):
    """``(h, D)`` of CGSuite's test: the most heaps a move can leave, the index of the last code digit;
    None when the ruleset is not a take-and-break game with finitely many digits."""
    from cgt.games.heap.subtraction import Subtraction
    from cgt.games.heap.take_and_break import TakeAndBreak

    if isinstance(ruleset, TakeAndBreak):
        h, d = ruleset.code.max_parts, ruleset.code.max_take
        return None if h is None or d is None else (h, d)
    if isinstance(ruleset, Subtraction) and not ruleset.all_but:
        # CGSuite's Subtraction(set) is TakeAndBreak.FromSubtractionSet(set, "3"): digit 3 leaves at most
        # one heap, and the last digit is the largest element of the set.
        return 1, max(ruleset.subtraction_set)
    return None


def check_periodicity(ruleset, n) -> Periodicity | None:
    """``R.CheckPeriodicity(n)`` as CGSuite computes it (§3.2): the nim values of heaps ``0..n-1``; the
    least period ``q`` (with its least preperiod ``p``) such that ``h*p + h*q + (D + h) <= n``, where ``h``
    is the most heaps a code digit can leave and ``D`` the index of the last code digit (for octal games
    the usual ``2(p + q) + D + 2`` test of the octal periodicity theorem).  ``Nothing`` (None) when no
    period passes, or the ruleset is not a finite take-and-break code (as in CGSuite).

    >>> from cgt.games import DawsonsKayles, Nim
    >>> check_periodicity(DawsonsKayles, 200), check_periodicity(DawsonsKayles, 100), check_periodicity(Nim, 50)
    (Periodicity(Period => 34, Preperiod => 53, Saltus => 0), None, None)
    """
    from cgt.games.heap.periodicity import run_start

    n = _count(n, "CheckPeriodicity")
    _heap_ruleset(ruleset, "CheckPeriodicity")
    bounds = _code_bounds(ruleset)
    if bounds is None or n < 1:
        return None
    h, d = bounds
    seq = ruleset.grundy_sequence(n - 1)
    q = 1
    while h * q + d + h <= n and q < n:
        p = run_start(seq, q)
        if h * p + h * q + d + h <= n:
            return Periodicity(q, p, 0)
        q += 1
    return None


def _ruleset_of(value):
    """The ruleset behind a shell value (a catalogued name or a ruleset object), or None."""
    from cgt.games.engine.ruleset import Ruleset
    from cgt.shell.values import Function

    if isinstance(value, Function) and hasattr(value, "entry"):
        value = value.entry.resolve()
    return value if isinstance(value, Ruleset) else None


def _variant(kind: str):
    def of_ruleset(r, *args):
        variant = getattr(r, f"{kind}_variant")
        return variant(*args) if args else variant      # R.ImpartialVariant(x) = R(x).ImpartialVariant

    return of_ruleset


def _game_variant(kind: str):
    def of_game(g):
        from cgt.short import variants

        return getattr(variants, kind)(to_game(g))

    return of_game


_KINDS = {"ImpartialVariant": "impartial", "DicoticVariant": "dicotic", "TwistedVariant": "twisted"}
_VARIANT_DOC = {
    "impartial": "Either player may make any Left or Right move (an impartial game).",
    "dicotic": "A player may move only if both players have a move; otherwise the game is over.",
    "twisted": "Left and Right swap roles after each move: the options are the negatives of the twisted options.",
}

RULESET_METHODS: dict[str, Method] = {
    name: Method(name, _variant(kind), (0, None), _VARIANT_DOC[kind], f"R.{name}, or R.{name}(position)")
    for name, kind in _KINDS.items()
}
RULESET_METHODS.update({
    "NimValueSequence": Method("NimValueSequence", nim_value_sequence, (1, 1), __name__ + ":nim_value_sequence",
                               "R.NimValueSequence(n)"),
    "HeapNimValue": Method("HeapNimValue", heap_nim_value, (1, 1), __name__ + ":heap_nim_value",
                           "R.HeapNimValue(n)"),
    "CheckPeriodicity": Method("CheckPeriodicity", check_periodicity, (1, 1), __name__ + ":check_periodicity",
                               "R.CheckPeriodicity(n)"),
    "GameValueTable": Method("GameValueTable", game_value_table, (2, 2), __name__ + ":game_value_table",
                             "R.GameValueTable(maxRow, maxCol)"),
    "NimValueTable": Method("NimValueTable", nim_value_table, (2, 2), __name__ + ":nim_value_table",
                            "R.NimValueTable(maxRow, maxCol)"),
    "GameValueSequence": Method("GameValueSequence", game_value_sequence, (1, 1),
                                __name__ + ":game_value_sequence", "R.GameValueSequence(toHeapSize)"),
})

#: Static methods of ruleset families (the receiver is the family class, e.g. ``game.heap.TakeAndBreak``).
FAMILY_METHODS: dict[str, Method] = {
    "FromSubtractionSet": Method("FromSubtractionSet", from_subtraction_set, (1, 3),
                                 __name__ + ":from_subtraction_set",
                                 "TakeAndBreak.FromSubtractionSet(subtset, codeDigit, allbut)"),
}

POSITION_VARIANTS: dict[str, Method] = {
    name: Method(name, _variant(kind), doc=_VARIANT_DOC[kind], usage=f"P.{name}") for name, kind in _KINDS.items()
}
GAME_VARIANTS: dict[str, Method] = {
    name: Method(name, _game_variant(kind), doc=_VARIANT_DOC[kind] + " (On a game: on its canonical form.)",
                 usage=f"G.{name}") for name, kind in _KINDS.items()
}

PERIODICITY_METHODS: dict[str, Method] = {
    "Period": Method("Period", lambda p: p.period, doc="The period."),
    "Preperiod": Method("Preperiod", lambda p: p.preperiod, doc="The first heap size from which the values repeat."),
    "Saltus": Method("Saltus", lambda p: p.saltus, doc="What the values gain each period (0: plain periodicity)."),
}

LIST_METHODS: dict[str, Method] = {
    "Grouped": Method("Grouped", grouped, (1, 1), __name__ + ":grouped", "L.Grouped(n)"),
    "PeriodicTable": Method("PeriodicTable", lambda items, n: Table(grouped(items, n)), (1, 1),
                            "Table(L.Grouped(period)): the list in rows of length period.", "L.PeriodicTable(period)"),
}

HEAP_METHOD_NAMES = sorted(set(RULESET_METHODS) | set(PERIODICITY_METHODS) | set(LIST_METHODS)
                           | set(FAMILY_METHODS))


def find_heap_method(value, name: str):
    """The method ``name`` of ``value`` from this module's tables, or ``(None, None)``.

    >>> from cgt import star
    >>> m, r = find_heap_method(star, "TwistedVariant")
    >>> str(m.func(r)), find_heap_method(star, "NimValueSequence")
    ('*', (None, None))
    """
    if isinstance(value, bool):
        return None, None
    if isinstance(value, Periodicity):
        method = PERIODICITY_METHODS.get(name)
        return (method, value) if method else (None, None)
    if isinstance(value, list):
        method = LIST_METHODS.get(name)
        return (method, value) if method else (None, None)
    if name in _KINDS:
        if is_position(value):
            return POSITION_VARIANTS[name], value
        from cgt import Game

        if isinstance(value, Game) or is_number(value):
            return GAME_VARIANTS[name], value
    if name in RULESET_METHODS:
        ruleset = _ruleset_of(value)
        if ruleset is not None:
            return RULESET_METHODS[name], ruleset
    if name in FAMILY_METHODS:
        family = _family_of(value)
        if family is not None and hasattr(family, "from_subtraction_set"):
            return FAMILY_METHODS[name], family
    return None, None


def _family_of(value):
    """The ruleset family class behind a shell value (``game.heap.TakeAndBreak``), or None."""
    from cgt.games.engine.catalogue import is_ruleset
    from cgt.shell.values import Function

    if isinstance(value, Function) and hasattr(value, "entry"):
        value = value.entry.resolve()
    return value if isinstance(value, type) and is_ruleset(value) else None
