"""The shell's numbers beyond the short games and its misère games.

The shell keeps rationals as ``int``/``Fraction`` (dyadic or not) and hands everything above them to the
library: ``inf`` and quotients of ordinals are :class:`cgt.Surreal` values, ``*omega`` a
:class:`cgt.TransfiniteNimber`, ``*[4,2]`` a :class:`cgt.MisereGame`.  This module holds the arithmetic
the evaluator routes to them (``/``, ``^``, mixed ``+``/``-``/``*``, comparisons), the ``*x`` and ``*[…]``
literals, and CGSuite's methods of numbers and misère games: those of surreal numbers (which ints and
Fractions also offer, through the registry's coercions), transfinite nimbers, misère games, and the misère
members of short games and impartial positions.  They extend methods of short games of the same names, so
their sections are secondary (``help(Birthday)`` shows the short games' first).

>>> from fractions import Fraction
>>> import cgt
>>> divide(3, 0), divide(5, 7), str(power(cgt.omega, 2)), str(power(Fraction(2, 3), -2))
(Rational('inf'), Fraction(5, 7), 'ω^2', '9/4')
>>> str(misere_literal([[4, 2], 4, 3, 1])), str(nimber_of(cgt.omega + 1))
('*[(42)431]', '*(ω+1)')
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

import cgt
from cgt import Game, MisereGame, Surreal, TransfiniteNimber
from cgt.errors import InvalidGameError, NotApplicableError
from cgt.transfinite import nim as transfinite_nim

from cgt.games.engine.ruleset import Position
from cgt.games.engine.sums import DisjunctiveSum, NegativeGame, is_summand

from cgt.shell.method_registry import Section
from cgt.shell.values import check_arity, describe, keyword_arguments

__all__ = [
    "divide", "power", "is_tower", "needs_tower", "tower_operand", "from_tower", "tower_arithmetic",
    "compare_tower", "nimber_of", "misere_literal", "misere_text", "misere_add", "day_n", "nim_arithmetic",
    "TOWER_NUMBERS", "TRANSFINITE", "MISERE", "GAME_MISERE", "POSITION_MISERE",
]

#: Members of numbers: library surreals, and the shell's ints and Fractions (coerced as they are).
TOWER_NUMBERS = Section("numbers, ordinals and surreals", Surreal, secondary=True)
TRANSFINITE = Section("transfinite nimbers", TransfiniteNimber, secondary=True)
#: Members of misère canonical games.
MISERE = Section("misère games", MisereGame, secondary=True)
#: Misère members of normal-play games (``MisereOutcomeClass`` on any short game).
GAME_MISERE = Section("games, in misère play", Game, secondary=True)
POSITION_MISERE = Section("impartial positions, in misère play", Position, secondary=True)


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_rational(x) -> bool:
    return isinstance(x, (int, Fraction)) and not isinstance(x, bool)


def is_tower(x) -> bool:
    """True for the values above the short games: surreal numbers (``inf``, ordinals, quotients) and
    transfinite nimbers.

    >>> is_tower(cgt.omega), is_tower(cgt.inf), is_tower(3), is_tower(cgt.star)
    (True, True, False, False)
    """
    return isinstance(x, (Surreal, TransfiniteNimber))


def _is_dyadic(x: Fraction) -> bool:
    d = Fraction(x).denominator
    return d & (d - 1) == 0


def needs_tower(a, b) -> bool:
    """Whether ``a op b`` must go to the library's number tower: either side is a surreal or transfinite
    nimber, or a non-dyadic rational meets a game (so the library's clear error is raised).

    >>> needs_tower(Fraction(1, 3), cgt.star), needs_tower(Fraction(1, 3), 2), needs_tower(cgt.omega, 1)
    (True, False, True)
    """
    if is_tower(a) or is_tower(b):
        return True
    for x, y in ((a, b), (b, a)):
        if isinstance(x, Fraction) and not _is_dyadic(x) and not _is_rational(y):
            return True
    return False


def tower_operand(x):
    """A shell value as an operand of the tower's arithmetic (number-valued games become Fractions,
    positions their values).

    >>> tower_operand(cgt.dyadic(1, 2)), tower_operand(4)
    (Fraction(1, 2), 4)
    """
    if isinstance(x, Position):
        x = x.value
    if isinstance(x, Game) and x.is_number:
        return _norm(Fraction(x.number))
    if isinstance(x, bool) or not isinstance(x, (int, Fraction, Game, Surreal, TransfiniteNimber)):
        raise InvalidGameError(f"{describe(x)} is not a number or a game")
    return x


def _norm(x: Fraction):
    return x.numerator if x.denominator == 1 else x


def from_tower(x):
    """A library result as a shell value: finite rationals (``Rational``, number-valued ``Game``) become
    ``int``/``Fraction``; everything else is kept.

    >>> from_tower(cgt.Rational(5, 7)), from_tower(cgt.omega - cgt.omega), from_tower(cgt.inf)
    (Fraction(5, 7), 0, Rational('inf'))
    """
    if isinstance(x, cgt.Rational) and not x.is_infinite:
        return _norm(x.fraction)
    if isinstance(x, Game) and x.is_number:
        return _norm(Fraction(x.number))
    return x


def tower_arithmetic(op: str, a, b):
    """``a op b`` for ``op`` in ``+ - *`` on tower values (and the numbers and games they meet).

    >>> str(tower_arithmetic("+", cgt.omega, 2)), tower_arithmetic("-", cgt.omega, cgt.omega)
    ('ω+2', 0)
    """
    x, y = tower_operand(a), tower_operand(b)
    if isinstance(x, Fraction) and not _is_dyadic(x) and not _is_rational(y):
        x = cgt.Rational(x.numerator, x.denominator)
    if isinstance(y, Fraction) and not _is_dyadic(y) and not _is_rational(x):
        y = cgt.Rational(y.numerator, y.denominator)
    if op == "+":
        result = x + y
    elif op == "-":
        result = x - y
    else:
        for p, q in ((x, y), (y, x)):
            if isinstance(p, TransfiniteNimber) or isinstance(q, TransfiniteNimber):
                raise NotApplicableError(
                    f"cannot multiply {x} by {y}: use ConwayProduct or NimProduct for nimbers")
            if isinstance(p, Game) or isinstance(q, Game):
                raise NotApplicableError(f"cannot multiply {x} by {y}: '*' multiplies numbers")
        result = x * y
    return from_tower(result)


def divide(a, b):
    """``a / b`` on numbers (CGSuite: ``x/0`` is ``inf`` or ``-inf``, ``0/0`` an error).

    >>> divide(6, 8), divide(-3, 0), str(divide(cgt.omega + 1, cgt.omega - 1))
    (Fraction(3, 4), Rational('-inf'), '(ω+1)/(ω-1)')
    >>> divide(0, 0)
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: 0/0 is undefined
    """
    x, y = tower_operand(a), tower_operand(b)
    for v in (x, y):
        if isinstance(v, (Game, TransfiniteNimber)):
                raise NotApplicableError(f"cannot divide {describe(a)} by {describe(b)}: '/' divides numbers")
    if _is_rational(x) and _is_rational(y):
        if y == 0:
            if x == 0:
                raise NotApplicableError("0/0 is undefined")
            return cgt.inf if x > 0 else -cgt.inf
        return _norm(Fraction(x) / Fraction(y))
    if _is_rational(y) and y == 0 and x == 0:
        raise NotApplicableError("0/0 is undefined")
    return from_tower(cgt.transfinite.surreal.surreal(x, y))


def power(a, b, max_bits: int = 1 << 20):
    """``a ^ b``: a rational or surreal to an integer power; ``omega ^ x`` the ω-power of an ordinal ``x``.

    >>> power(2, 10), power(Fraction(1, 2), -3), str(power(cgt.omega, cgt.omega + 1))
    (1024, 8, 'ω^(ω+1)')
    """
    x, y = tower_operand(a), tower_operand(b)
    if isinstance(x, Surreal) and x == cgt.omega:
        if isinstance(y, Fraction):
            raise NotApplicableError(f"omega ^ x needs an ordinal x, got {y}")
        return from_tower(cgt.omega_power(y))
    if not _is_int(y):
        raise NotApplicableError(f"cannot raise {a} to the power {b}: the exponent must be an integer "
                                 "(or the base omega)")
    if _is_rational(x):
        x = Fraction(x)
        if x == 0 and y < 0:
            raise NotApplicableError("0 cannot be raised to a negative power")
        size = max(x.numerator.bit_length(), x.denominator.bit_length())
        if size * abs(y) > max_bits + 1 and size > 1:
            raise NotApplicableError(f"number too large: more than {max_bits} bits")
        return _norm(x ** y)
    if isinstance(x, Surreal):
        if abs(y) > 64:
            raise NotApplicableError(f"{x} ^ {y}: exponents of surreal numbers are limited to 64")
        return from_tower(x ** y)
    raise NotApplicableError(f"cannot raise {a} to a power: '^' raises numbers (an up is written ^ before "
                             "an operand, e.g. ^ or 2^3)")


_ORDER = {
    "<=": ("<", "="), ">=": (">", "="), "<": ("<",), ">": (">",), "<>": ("||",), "<|": ("<", "||"),
    "|>": (">", "||"),
}


def compare_tower(a, op: str, b) -> bool:
    """``a op b`` when a surreal or transfinite nimber is involved.

    >>> compare_tower(cgt.omega, ">", 1000), compare_tower(Fraction(1, 3), "==", cgt.Rational(1, 3))
    (True, True)
    """
    x, y = tower_operand(a), tower_operand(b)
    if op in ("==", "!="):
        return (x == y) == (op == "==")
    if isinstance(x, TransfiniteNimber) or isinstance(y, TransfiniteNimber):
        raise NotApplicableError(f"cannot compare {x} and {y} with {op}: transfinite nimbers only compare with ==")
    if isinstance(x, Fraction) and not _is_dyadic(x) and isinstance(y, Game):
        x = cgt.Rational(x.numerator, x.denominator)
    if isinstance(y, Fraction) and not _is_dyadic(y) and isinstance(x, Game):
        y = cgt.Rational(y.numerator, y.denominator)
    if x < y:
        relation = "<"
    elif x > y:
        relation = ">"
    elif x == y:
        relation = "="
    else:
        relation = "||"
    return relation in _ORDER[op]


# ---------------------------------------------------------------- literals

def nimber_of(n, max_nimber: int = 1 << 20):
    """``*x``: the nimber of a non-negative integer, the transfinite nimber of an ordinal, or (for a list)
    the misère game of CGSuite's entry notation ``*[4,2]`` (:func:`misere_literal`).

    >>> str(nimber_of(3)), str(nimber_of(cgt.omega * 2)), str(nimber_of([4, 2])), str(nimber_of([2]))
    ('*3', '*(ω×2)', '*[42]', '*[2]')
    """
    if isinstance(n, list):
        return misere_literal(n, min(max_nimber, MISERE_HEAP_LIMIT))
    if _is_int(n):
        if n < 0:
            raise NotApplicableError(f"*n needs a non-negative integer n, got {n}")
        if n > max_nimber:
            raise NotApplicableError(f"nimbers *n are limited to n <= {max_nimber}")
        return cgt.nimber(n)
    if isinstance(n, Surreal) and n.is_ordinal:
        return cgt.transfinite_nimber(n)
    raise NotApplicableError(f"*x needs a non-negative integer or an ordinal x, got {describe(n)}")


#: The largest misère nim heap a literal may name: *n is interned with all its options, so building it
#: costs about n²/2 set entries (*[&1000;] takes under a second, *[&3000;] about 8 s).
MISERE_HEAP_LIMIT = 1000


def _misere_option(x, limit: int = MISERE_HEAP_LIMIT):
    """An element of ``*[…]`` as a game: an integer is a nim heap, a list the game with those options, a
    misère game itself, an impartial position (or sum of positions) its misère canonical form."""
    if isinstance(x, MisereGame):
        return x
    if _is_int(x):
        if x < 0:
            raise InvalidGameError(f"a misère nim heap must be non-negative, got {x}")
        if x > limit:
            raise InvalidGameError(f"misère nim heaps are limited to {limit}, got {x}")
        return cgt.misere_nim(x)
    if isinstance(x, list):
        return cgt.misere_game([_misere_option(y, limit) for y in x])
    if isinstance(x, (Position, DisjunctiveSum, NegativeGame)):
        return cgt.misere_canonical_form(x)
    raise InvalidGameError(f"{describe(x)} cannot be an option of a misère game: use integers (nim heaps), "
                           "lists of options or misère games")


def misere_literal(items: list, limit: int = MISERE_HEAP_LIMIT) -> MisereGame:
    """CGSuite's entry notation ``*[a, b, …]`` (tutorial "Misère Theory"): a single element is a game -- an
    integer the nim heap, a list the game with those options, a misère game itself -- and two or more
    elements (or none) are the options of the game.  So ``*[2]`` is ``*2``, ``*[[2]]`` the game ``{*2}``
    whose only option is ``*2``, and ``*[4,2]`` is ``{*4, *2}``.

    >>> str(misere_literal([2])), str(misere_literal([[2]])), str(misere_literal([4, 2])), str(misere_literal([]))
    ('*[2]', '*[2#]', '*[42]', '*[0]')
    >>> str(misere_literal([[4, 2], 4, 3, 1])), str(misere_literal([[2], 2, 1, 0]))
    ('*[(42)431]', '*[2#210]')
    """
    if len(items) == 1:
        return _misere_option(items[0], limit)
    return cgt.misere_game([_misere_option(x, limit) for x in items])


def misere_text(text: str, limit: int = MISERE_HEAP_LIMIT) -> MisereGame:
    """CGSuite's printed form ``*[2#]``, ``*[(42)31]``, ``*[2[#1]]``, ``*[&12;]`` read back (the shell's
    ``MISERE`` token).  A printed form of digits only, such as ``*[42]`` (CGSuite's print of ``{*4, *2}``),
    is also entry notation, and the shell reads it as entry notation (the heap ``*42``), as CGSuite does:
    it never reaches this function.

    >>> misere_text("*[2#]") is cgt.misere_game([2]), str(misere_text("*[(42)31]"))
    (True, '*[(42)31]')
    >>> misere_text("*[&5000;]")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidGameError: misère nim heaps are limited to 1000, got 5000
    """
    for digits in re.findall(r"&(\d+);", text):
        if len(digits) > 9 or int(digits) > limit:
            raise InvalidGameError(f"misère nim heaps are limited to {limit}, got {digits}")
    return cgt.parse_misere(text)


def misere_add(a, b, verb: str = "add"):
    """``G + H`` (or ``G - H``: an impartial game is its own negative) of misère games; ``0 + G`` is ``G``.
    A misère game plus a ruleset position (or a sum of positions) is their compound sum.

    >>> h = cgt.misere_nim(2)
    >>> str(misere_add(h, h)), misere_add(0, h) is h
    ('*[32]', True)
    >>> from cgt.games import Kayles
    >>> str(misere_add(h, Kayles(3))), str(misere_add(h, Kayles(3)).misere_canonical_form)
    ("*[2] + Kayles('3')", '*[2[3]]')
    """
    if verb == "add" and all(is_summand(x) for x in (a, b)):
        return a + b
    operands = []
    for x in (a, b):
        if isinstance(x, MisereGame):
            operands.append(x)
        elif _is_int(x) and x == 0:
            operands.append(cgt.misere_nim(0))
        else:
            raise NotApplicableError(f"cannot {verb} {describe(a)} and {describe(b)}: a misère game only adds "
                                     "to misère games, ruleset positions and their sums (use G.MisereCanonicalForm)")
    return operands[0] + operands[1]


#: DayN's parameters, by CGSuite name and by position.
DAY_N_PARAMETERS = (("maxBirthday", "n"), ("maxGames", "max_games"), ("maxOptions", "max_options"))


def day_n(args, kwargs=None):
    """``MisereCanonicalGame.DayN(maxBirthday, maxGames => 1000000, maxOptions => 1000000)``: the misère
    games born by that day (a list; day 5 has 4171780 games, too many to list here)."""
    named = keyword_arguments("DayN", DAY_N_PARAMETERS, args, kwargs or {})
    check_arity("DayN", (1, 3), len(args) + len(named))
    values = dict(zip((python for _, python in DAY_N_PARAMETERS), args)) | named
    if "n" not in values:
        raise ShellError("DayN needs maxBirthday, the day")
    for x in values.values():
        if not _is_int(x) or x < 0:
            raise NotApplicableError(f"DayN needs non-negative integers, got {x!r}")
    n = values["n"]
    max_games = values.get("max_games", 1_000_000)
    max_options = values.get("max_options", 1_000_000)
    if n >= 5:
        count = cgt.count_born_by_misere(5) if n == 5 else None
        if count is not None and count > max_games:
            raise NotApplicableError(f"DayN({n}): {count} games, more than maxGames = {max_games}")
        raise NotApplicableError(f"DayN({n}): too many games to list (day 5 alone has 4171780)")
    games = cgt.born_by_misere(n)
    games = [g for g in games if len(g.options) <= max_options]
    if len(games) > max_games:
        raise NotApplicableError(f"DayN({n}): {len(games)} games, more than maxGames = {max_games}")
    return games


# ---------------------------------------------------------------- methods

def _fraction(x) -> Fraction | None:
    """The rational value of a shell number or a finite library rational, else None."""
    if _is_rational(x):
        return Fraction(x)
    if isinstance(x, cgt.Rational) and not x.is_infinite:
        return x.fraction
    return None


def _surreal(x):
    """A shell number as a library value with CGSuite's members of numbers (``Rational`` for non-dyadic ones)."""
    f = _fraction(x)
    if f is not None and not isinstance(x, Surreal):
        return cgt.Rational(f.numerator, f.denominator)
    return x


def _abs(x):
    f = _fraction(x)
    return _norm(abs(f)) if f is not None else from_tower(x.abs)


def _sign(x):
    f = _fraction(x)
    return (f > 0) - (f < 0) if f is not None else x.sign


def _floor(x):
    f = _fraction(x)
    return math.floor(f) if f is not None else from_tower(x.floor)


def _ceiling(x):
    f = _fraction(x)
    return math.ceil(f) if f is not None else from_tower(x.ceiling)


def _numerator(x):
    f = _fraction(x)
    return f.numerator if f is not None else from_tower(x.numerator)


def _denominator(x):
    f = _fraction(x)
    return f.denominator if f is not None else from_tower(x.denominator)


def _reciprocal(x):
    f = _fraction(x)
    if f is not None:
        return divide(1, _norm(f))
    return from_tower(x.reciprocal)


def _is_ordinal(x):
    f = _fraction(x)
    if f is not None:
        return f.denominator == 1 and f >= 0
    return bool(getattr(x, "is_ordinal", False))


def _is_dyadic_value(x):
    f = _fraction(x)
    if f is not None:
        return _is_dyadic(f)
    return bool(getattr(x, "is_dyadic", False))


def _birthday(x):
    f = _fraction(x)
    if f is not None and _is_dyadic(f):
        return cgt.as_game(_norm(f)).birthday
    if isinstance(x, cgt.Rational) and x.is_infinite:
        raise NotApplicableError(f"{x} has no birthday")
    return from_tower(_surreal(x).birthday)


def _outcome(x):
    f = _fraction(x)
    if f is not None:
        return cgt.Outcome.L if f > 0 else cgt.Outcome.R if f < 0 else cgt.Outcome.P
    return x.outcome


def _omega_power(x):
    return from_tower(cgt.omega_power(tower_operand(x)))


def _ordinal_arg(x, name):
    x = tower_operand(x)
    if isinstance(x, TransfiniteNimber):
        return x.nim_value
    if _is_int(x) or (isinstance(x, Surreal) and x.is_ordinal):
        return x
    raise NotApplicableError(f"{name} needs ordinals, got {describe(x)}")


def nim_arithmetic(name: str, a, b):
    """``NimSum``/``NimProduct`` when an ordinal or a transfinite nimber is involved (nimbers give nimbers).

    >>> str(nim_arithmetic("NimProduct", cgt.omega, cgt.omega)), str(nim_arithmetic("NimSum", cgt.omega, 3))
    ('ω^2', 'ω+3')
    """
    nimbers = isinstance(a, TransfiniteNimber) or isinstance(b, TransfiniteNimber)
    if nimbers:
        values = []
        for x in (a, b):
            if isinstance(x, TransfiniteNimber):
                values.append(x.nim_value)
            elif isinstance(x, Game) and x.is_nimber:
                values.append(x.nim_value)
            else:
                raise NotApplicableError(f"{name} needs two ordinals or two nimbers, got {describe(a)} and "
                                         f"{describe(b)}")
    else:
        values = [_ordinal_arg(a, name), _ordinal_arg(b, name)]
    f = transfinite_nim.nim_sum if name == "NimSum" else transfinite_nim.nim_product
    result = f(*values)
    return cgt.transfinite_nimber(result) if nimbers else from_tower(result)


def _nim_exp(x, n):
    if not _is_int(n):
        raise NotApplicableError(f"NimExp needs an integer exponent, got {n!r}")
    if abs(n) > 1 << 20:
        raise NotApplicableError("NimExp: the exponent is limited to 2^20")
    return from_tower(transfinite_nim.nim_power(_ordinal_arg(x, "NimExp"), n))


_S = Surreal
_T = TransfiniteNimber
_M = MisereGame

TOWER_NUMBERS.method("Abs", _abs, doc=_S.abs)
TOWER_NUMBERS.method("Sign", _sign, doc=_S.sign)
TOWER_NUMBERS.method("Floor", _floor, doc=_S.floor)
TOWER_NUMBERS.method("Ceiling", _ceiling, doc=_S.ceiling)
TOWER_NUMBERS.method("Numerator", _numerator, doc=_S.numerator)
TOWER_NUMBERS.method("Denominator", _denominator, doc=_S.denominator)
TOWER_NUMBERS.method("Reciprocal", _reciprocal, doc=_S.reciprocal)
TOWER_NUMBERS.method("IsOrdinal", _is_ordinal, doc=_S.is_ordinal)
TOWER_NUMBERS.method("IsDyadic", _is_dyadic_value, doc=_S.is_dyadic)


@TOWER_NUMBERS.method("IsInteger")
def _is_integer(x) -> bool:
    """True for integers."""
    return _fraction(x) is not None and _fraction(x).denominator == 1


@TOWER_NUMBERS.method("IsNumber")
def _is_number(x) -> bool:
    """True: every surreal is a number."""
    return True


TOWER_NUMBERS.method("Birthday", _birthday, doc=_S.birthday)
TOWER_NUMBERS.method("OutcomeClass", _outcome, doc=_S.outcome)
TOWER_NUMBERS.method("OmegaPower", _omega_power, doc=cgt.omega_power)
TOWER_NUMBERS.method("NimSum", lambda a, b: nim_arithmetic("NimSum", a, b), arity=(1, 1), doc=transfinite_nim.nim_sum,
                     usage="a NimSum b")
TOWER_NUMBERS.method("NimProduct", lambda a, b: nim_arithmetic("NimProduct", a, b), arity=(1, 1),
                     doc=transfinite_nim.nim_product, usage="a NimProduct b")
TOWER_NUMBERS.method("NimExp", _nim_exp, arity=(1, 1), doc=transfinite_nim.nim_power, usage="a.NimExp(n)")


@TOWER_NUMBERS.method("Max", arity=(1, 1), usage="x.Max(y)")
def _max(x, y):
    """The larger of two numbers."""
    return x if compare_tower(x, ">=", y) else y


@TOWER_NUMBERS.method("Min", arity=(1, 1), usage="x.Min(y)")
def _min(x, y):
    """The smaller of two numbers."""
    return x if compare_tower(x, "<=", y) else y


TRANSFINITE.method("ConwayProduct", lambda a, b: a.conway_product(tower_operand(b)), arity=(1, 1),
                   doc=_T.conway_product, usage="G.ConwayProduct(H)")
TRANSFINITE.method("NimValue", lambda a: from_tower(a.nim_value), doc=_T.nim_value)
TRANSFINITE.method("Birthday", lambda a: from_tower(a.birthday), doc=_T.birthday)
TRANSFINITE.method("OutcomeClass", lambda a: a.outcome, doc=_T.outcome)


@TRANSFINITE.method("IsNimber")
def _is_nimber(a) -> bool:
    """True: a transfinite nimber is a nimber."""
    return True


@TRANSFINITE.method("IsNumber")
def _is_not_number(a) -> bool:
    """False: a transfinite nimber is not a number."""
    return False


TRANSFINITE.method("NimSum", lambda a, b: nim_arithmetic("NimSum", a, b), arity=(1, 1), doc=transfinite_nim.nim_sum,
                   usage="a NimSum b")
TRANSFINITE.method("NimProduct", lambda a, b: nim_arithmetic("NimProduct", a, b), arity=(1, 1),
                   doc=transfinite_nim.nim_product, usage="a NimProduct b")


def _misere_arg(h, name):
    if isinstance(h, MisereGame):
        return h
    raise NotApplicableError(f"{name} needs a misère game, got {describe(h)}")


@MISERE.method("MisereCanonicalForm")
def _misere_canonical_form(g: MisereGame) -> MisereGame:
    """A misère game is kept in its canonical form."""
    return g




@MISERE.method("Birthday")
def _misere_birthday(g: MisereGame) -> int:
    """The birthday: 0 without options, else one more than the largest option's."""
    return g.birthday


MISERE.method("Options", lambda g: list(g.options), doc=_M.options)
MISERE.method("Mate", lambda g: g.mate, doc=_M.mate)
MISERE.method("Parts", lambda g: list(g.parts), doc=_M.parts)
MISERE.method("Partitions", lambda g: [list(p) for p in g.partitions], doc=_M.partitions)
MISERE.method("Genus", lambda g: g.genus, doc=_M.genus)
MISERE.method("MisereOutcomeClass", lambda g: g.misere_outcome, doc=_M.misere_outcome)
MISERE.method("MisereNimValue", lambda g: g.misere_nim_value, doc=_M.misere_nim_value)
MISERE.method("NimValue", lambda g: g.nim_value, doc=_M.nim_value)
MISERE.method("IsTame", lambda g: g.is_tame, doc=_M.is_tame)
MISERE.method("IsGenerallyTame", lambda g: g.is_generally_tame, doc=_M.is_generally_tame)
MISERE.method("IsTameable", lambda g: g.is_tameable, doc=_M.is_tameable)
MISERE.method("IsRestive", lambda g: g.is_restive, doc=_M.is_restive)
MISERE.method("IsGenerallyRestive", lambda g: g.is_generally_restive, doc=_M.is_generally_restive)
MISERE.method("IsRestless", lambda g: g.is_restless, doc=_M.is_restless)
MISERE.method("IsHalfTame", lambda g: g.is_half_tame, doc=_M.is_half_tame)
MISERE.method("IsExtraverted", lambda g: g.is_extraverted, doc=_M.is_extraverted)
MISERE.method("IsIntroverted", lambda g: g.is_introverted, doc=_M.is_introverted)
MISERE.method("IsEven", lambda g: g.is_even, doc=_M.is_even)
MISERE.method("IsNimHeap", lambda g: g.is_nim_heap, doc=_M.is_nim_heap)
MISERE.method("IsPrime", lambda g: g.is_prime, doc=_M.is_prime)
MISERE.method("Distinguisher", lambda g, h: g.distinguisher(_misere_arg(h, "Distinguisher")), arity=(1, 1),
              doc=_M.distinguisher, usage="G.Distinguisher(H)")
MISERE.method("Link", lambda g, h: g.link(_misere_arg(h, "Link")), arity=(1, 1), doc=_M.link, usage="G.Link(H)")
MISERE.method("IsLinkedTo", lambda g, h: g.is_linked_to(_misere_arg(h, "IsLinkedTo")), arity=(1, 1),
              doc=_M.is_linked_to, usage="G.IsLinkedTo(H)")
MISERE.method("MisereMinus", lambda g, h: g.misere_minus(_misere_arg(h, "MisereMinus")), arity=(1, 1),
              doc=_M.misere_minus, usage="G.MisereMinus(H)")


def _game_misere_form(g: Game):
    return cgt.misere_canonical_form(g)


GAME_MISERE.method("MisereCanonicalForm", _game_misere_form, doc=cgt.misere_canonical_form)
GAME_MISERE.method("Genus", lambda g: _game_misere_form(g).genus, doc=_M.genus)
GAME_MISERE.method("MisereOutcomeClass", cgt.partizan_misere_outcome)


POSITION_MISERE.method("MisereCanonicalForm", lambda p: p.misere_canonical_form, doc=Position.misere_canonical_form)
POSITION_MISERE.method("Genus", lambda p: p.genus, doc=Position.genus)
