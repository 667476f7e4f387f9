"""Canonical short partizan games: the value type and its kernel.

A :class:`Game` is immutable, always in canonical form and interned: two
games with the same value are the same object, so ``==`` and ``hash`` cost
O(1).  Each game carries a small integer id; comparisons and sums are memoised
on pairs of ids.

Three families have closed-form arithmetic behind the same API ("fast
paths"): numbers (dyadic rationals), and more generally *uptimals* (also
called NUS values) ``x + u.^ + *n`` — a number plus a multiple of up plus a
nimber.  Everything else is handled by the general recursive definitions:

* ``G <= H`` iff no ``G^L >= H`` and no ``H^R <= G`` (Conway, ONAG ch. 1);
* ``G + H = {G^L + H, G + H^L | G^R + H, G + H^R}``;
* canonical form: delete dominated options, bypass reversible ones
  (Siegel, CGT Thm II.2.9: the result is the unique simplest form).

>>> from cgt import game, star, up
>>> str(game([0], [1, 2]))
'1/2'
>>> game([0, star], [0, star]) is game([0, star], [0, star])
True
>>> str(up + up + up), str(up + star)
('^3', '^*')
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import numbers
import operator
import sys
from fractions import Fraction
from typing import Iterable

from cgt.errors import InvalidGameError, NotApplicableError, NotDyadicError, TooDeepError, TooLargeError
from cgt.kernel import binding
from cgt.kernel.numbers import number_birthday, simplest_between, to_dyadic
from cgt.kernel.outcome import Outcome
from cgt.notation.printing import format_uptimal
from cgt.runtime import limits
from cgt.runtime.arguments import integer_argument, is_integer_value
from cgt.runtime.deep import cancel_requested, deep, raise_if_cancelled

# The module in four parts: the Game type on its base (the pure operators or the compiled ones, chosen once);
# the pure-Python kernel, the reference (interning, order, canonical form, sum); ``kernel``, the active kernel's
# operations as one object (cgt.kernel.binding), which everything here calls; the public constructors and the
# named internal interface other modules use.


def kernel_info() -> str:
    """Which kernel is active: ``'compiled (...)'`` (the C extension ``cgt.kernel._kernel``) or ``'pure (why)'``.

    Both kernels give the same results; the compiled one runs sums and comparisons of games several times
    faster.  Set ``CGT_PURE=1`` in the environment before importing cgt to use the pure-Python kernel.

    >>> kernel_info().split()[0] in ("compiled", "pure")
    True
    """
    return kernel.description


def _delegate(module: str, function: str, doc: str, is_property: bool = True):
    """A Game member that calls ``cgt.<module>.<function>(game, *args)`` (imported on first use).

    The hot-game modules import this one, so they are reached lazily to keep imports one-way; the function
    is looked up once, on the first call (a warm ``g.temperature`` went from 0.35 to 0.30 µs).
    """
    resolved = []

    def member(self, *args):
        if not resolved:
            resolved.append(getattr(importlib.import_module("cgt." + module), function))
        return resolved[0](self, *args)

    member.__name__ = function
    member.__doc__ = doc
    return property(member, doc=doc) if is_property else member


class PureGameBase:
    """The pure kernel's base of :class:`Game`: its fields and operators (the reference).

    With the compiled kernel ``Game`` derives from ``cgt.kernel._kernel.GameBase`` instead, which holds the same
    fields in a C struct and implements the same operators (tp_richcompare, tp_hash, nb_add) with the same fast
    paths and the same fallbacks for other operands (:func:`_compare_other`, :func:`_add_other`).

    Fields: ``_id`` (small integer, creation order); ``_left``/``_right`` (canonical options sorted by id, None
    until materialised for an uptimal); ``_nus`` (``(x, u, n)`` for the uptimal ``x + u.^ + *n``, else None);
    ``_hash``; ``_neg`` (the negative, once known); ``_birthday``; ``_ls``/``_rs`` (stops) and ``_lsf``/``_rsf``
    (their float shadows); ``_le_memo`` (other id -> ``self <= other``); ``_extra`` (per-game cache dict).
    """

    __slots__ = ("_id", "_left", "_right", "_nus", "_hash", "_neg", "_birthday", "_ls", "_rs", "_lsf", "_rsf",
                 "_le_memo", "_extra", "__weakref__")

    def __le__(self, other):
        """G <= H: Left does at least as well in G as in H, in every context."""
        if type(other) is not Game:
            other = _coerce(other)
            if other is NotImplemented:
                return NotImplemented
        # Fast paths before the deep-recursion wrapper: uptimals in closed form, then the memo.
        a = self._nus
        if a is not None:
            b = other._nus
            if b is not None:
                return uptimal_le(a, b)
        memo = self._le_memo
        if memo is not None:
            result = memo.get(other._id)
            if result is not None:
                return result
        return _le_deep(self, other)

    def __ge__(self, other):
        """G >= H: the game order, reversed."""
        if type(other) is not Game:
            other = _coerce(other)
            if other is NotImplemented:
                return NotImplemented
        return other.__le__(self)

    def __lt__(self, other):
        """G < H: G <= H and not H <= G."""
        other = _coerce(other)
        if other is NotImplemented:
            return NotImplemented
        return self is not other and _le_deep(self, other) and not _le_deep(other, self)

    def __gt__(self, other):
        """G > H: H <= G and not G <= H."""
        other = _coerce(other)
        if other is NotImplemented:
            return NotImplemented
        return self is not other and _le_deep(other, self) and not _le_deep(self, other)

    def __eq__(self, other):
        """G == H: equal values (identity, since games are interned); ints and dyadic Fractions compare as numbers."""
        if isinstance(other, Game):
            return self is other
        return _equals_other(self, other)

    def __ne__(self, other):
        """G != H: not equal values."""
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        """Hash: a number hashes like its Fraction, so ``hash(integer(2)) == hash(2)``."""
        return self._hash

    def __add__(self, other):
        """G + H: disjunctive sum."""
        if type(other) is Game:
            a, b = self._nus, other._nus
            if a is not None and b is not None:
                # Numbers, nimbers and uptimals never pay for games: closed form, no wrapper.
                return uptimal_sum(a, b)
            return _add_deep(self, other)
        return _add_other(self, other)

    __radd__ = __add__


#: The base of Game, chosen once: the compiled kernel's C struct and operators, or the pure reference's.
GameBase = PureGameBase if binding.COMPILED_GAME_BASE is None else binding.COMPILED_GAME_BASE


class Game(GameBase):
    """A short partizan game in canonical form (build with :func:`cgt.kernel.game` and friends).

    ``_nus`` is ``(x, u, n)`` when the game is the uptimal ``x + u.^ + *n``
    (numbers and nimbers included), else None.  ``_left``/``_right`` hold the
    canonical options (sorted by id) once materialised; uptimals compute them
    lazily from their formula.  The fields live in the base (:class:`PureGameBase`'s slots, or the C struct).
    """

    __slots__ = ()

    _id: int
    _left: tuple | None
    _right: tuple | None
    _nus: tuple | None

    def __new__(cls, *args, **kwargs):
        raise TypeError("Game values are built with cgt.game(lefts, rights) and the other constructors")

    def __delattr__(self, name):
        """Interned games are shared by every holder: no field of one can be deleted (in either kernel).

        >>> from cgt import star
        >>> del star._extra
        Traceback (most recent call last):
        ...
        AttributeError: cannot delete '_extra' of a game: games are interned and shared
        """
        raise AttributeError(f"cannot delete {name!r} of a game: games are interned and shared")

    # ------------------------------------------------------------------ options
    @property
    @deep
    def left_options(self) -> tuple["Game", ...]:
        """Left's canonical options, in print order.

        >>> from cgt import game
        >>> [str(g) for g in game([0, 1], [3]).left_options]
        ['1']
        """
        return _print_ordered(self, True)

    @property
    @deep
    def right_options(self) -> tuple["Game", ...]:
        """Right's canonical options, in print order.

        >>> from cgt import switch
        >>> [str(g) for g in switch(2).right_options]
        ['-2']
        """
        return _print_ordered(self, False)

    # ------------------------------------------------------------------ kinds
    @property
    def is_number(self) -> bool:
        """True for numbers (dyadic rationals).

        >>> from cgt import game, star
        >>> game([0], [1]).is_number, star.is_number
        (True, False)
        """
        nus = self._nus
        return nus is not None and nus[1] == 0 and nus[2] == 0

    @property
    def number(self) -> Fraction | None:
        """The value as a :class:`~fractions.Fraction` when the game is a number, else None.

        >>> from cgt import game
        >>> game([1], [2]).number
        Fraction(3, 2)
        """
        return _public(self._nus[0]) if self.is_number else None

    @property
    def is_integer(self) -> bool:
        """True for integers.

        >>> from cgt import integer, dyadic
        >>> integer(-4).is_integer, dyadic(1, 2).is_integer
        (True, False)
        """
        return self.is_number and type(self._nus[0]) is int

    @property
    def is_nimber(self) -> bool:
        """True for nimbers ``*n`` (including 0).

        >>> from cgt import nimber, up
        >>> nimber(5).is_nimber, up.is_nimber
        (True, False)
        """
        nus = self._nus
        return nus is not None and nus[0] == 0 and nus[1] == 0

    @property
    def nim_value(self) -> int | None:
        """``n`` when the game is the nimber ``*n``, else None.

        >>> from cgt import nimber
        >>> (nimber(2) + nimber(3)).nim_value
        1
        """
        return self._nus[2] if self.is_nimber else None

    @property
    def is_uptimal(self) -> bool:
        """True for uptimals ``x + a1.^ + a2.^<2> + ... + *n`` (CGSuite's ``IsUptimal``; see :mod:`cgt.short.uptimal`).

        >>> from cgt import up, star, switch, up_nth
        >>> (up + star).is_uptimal, up_nth(3).is_uptimal, switch(1).is_uptimal
        (True, True, False)
        """
        if self._nus is not None:
            return True
        from cgt.short.uptimal import is_uptimal

        return is_uptimal(self)

    @property
    def is_impartial(self) -> bool:
        """True when Left and Right have the same options at every follower.

        A canonical impartial game is a nimber (Sprague-Grundy theorem).

        >>> from cgt import game, star
        >>> game([0, star], [0, star]).is_impartial
        True
        """
        return self.is_nimber

    @property
    @deep
    def is_infinitesimal(self) -> bool:
        """True when ``-x < G < x`` for every positive number ``x`` (0 included).

        Equivalent to both stops being 0.

        >>> from cgt import up, star, switch, tiny, integer
        >>> [g.is_infinitesimal for g in (up, star, tiny(integer(1)), switch(1))]
        [True, True, True, False]
        """
        return _left_stop(self) == 0 and _right_stop(self) == 0

    @property
    @deep
    def is_all_small(self) -> bool:
        """True when every follower with a move for one player has a move for both (dicotic).

        >>> from cgt import up, star, integer, tiny
        >>> up.is_all_small, star.is_all_small, tiny(integer(1)).is_all_small
        (True, True, False)
        """
        return _all_small(self)

    # ------------------------------------------------------------------ measures
    @property
    @deep
    def birthday(self) -> int:
        """The birthday: 0 for 0, else one more than the largest birthday of an option.

        >>> from cgt import integer, nimber, up, dyadic
        >>> integer(7).birthday, nimber(3).birthday, up.birthday, dyadic(3, 4).birthday
        (7, 3, 2, 3)
        """
        return _birthday(self)

    @property
    @deep
    def left_stop(self) -> Fraction:
        """Left's stop: the number reached when Left moves first and both play to stop early.

        >>> from cgt import game
        >>> game([3], [game([2], [1])]).left_stop
        Fraction(3, 1)
        """
        return _public(_left_stop(self))

    @property
    @deep
    def right_stop(self) -> Fraction:
        """Right's stop: the number reached when Right moves first.

        >>> from cgt import game
        >>> game([3], [game([2], [1])]).right_stop
        Fraction(2, 1)
        """
        return _public(_right_stop(self))

    @property
    @deep
    def outcome(self) -> Outcome:
        """The outcome class: ``L``, ``R``, ``N`` (first player wins) or ``P`` (second player wins).

        >>> from cgt import game, up, star
        >>> [str(g.outcome) for g in (up, -up, star, up - up)]
        ['L', 'R', 'N', 'P']
        """
        zero = ZERO
        ge0 = kernel.le(zero, self)
        le0 = kernel.le(self, zero)
        if ge0:
            return Outcome.P if le0 else Outcome.L
        return Outcome.R if le0 else Outcome.N

    @deep
    def followers(self) -> frozenset["Game"]:
        """Every game reachable by any sequence of moves (including the game itself).

        >>> from cgt import up
        >>> sorted(str(g) for g in up.followers())
        ['*', '0', '^']
        """
        nus = self._nus
        if nus is not None:
            count = uptimal_follower_count(*nus)
            if count > MAX_LISTED_OPTIONS:
                raise TooLargeError(f"{self} has {count:,} followers, too many to list (limit {MAX_LISTED_OPTIONS:,}); "
                                    f"follower_count (FollowerCount) gives their number")
        seen = {self._id: self}
        stack = [self]
        while stack:
            g = stack.pop()
            for option in itertools.chain(_lefts(g), _rights(g)):
                if option._id not in seen:
                    seen[option._id] = option
                    stack.append(option)
        return frozenset(seen.values())

    # ------------------------------------------------------------------ order
    @deep
    def compare(self, other) -> str:
        """Compare in the game order: ``'<'``, ``'>'``, ``'='`` or ``'||'`` (confused).

        >>> from cgt import up, star, zero
        >>> up.compare(zero), up.compare(star), star.compare(star)
        ('>', '||', '=')
        """
        other = as_game(other)
        if self is other:
            return "="
        le = kernel.le(self, other)
        ge = kernel.le(other, self)
        if le:
            return "=" if ge else "<"
        return ">" if ge else "||"

    def confused_with(self, other) -> bool:
        """True when the two games are incomparable (``G || H``).

        >>> from cgt import star, zero
        >>> star.confused_with(zero)
        True
        """
        return self.compare(other) == "||"

    # ------------------------------------------------------------------ arithmetic
    def __neg__(self):
        """-G: the game with the roles of Left and Right exchanged."""
        return _neg_deep(self)

    def __pos__(self):
        """+G: G itself."""
        return self

    def __sub__(self, other):
        """G - H: G + (-H)."""
        other = _coerce(other)
        if other is NotImplemented:
            return NotImplemented
        return kernel.add_deep(self, _neg_deep(other))

    def __rsub__(self, other):
        """H - G for a number H."""
        other = _coerce(other)
        if other is NotImplemented:
            return NotImplemented
        return kernel.add_deep(other, _neg_deep(self))

    def __mul__(self, n):
        """n * G: the sum of n copies of G (n an integer; negative n gives copies of -G); two numbers multiply."""
        if isinstance(n, Game):
            if n.is_number and self.is_number:
                return _number(self._nus[0] * n._nus[0])
            if n.is_integer:
                n = int(n._nus[0])
            elif self.is_integer:
                return _multiple(n, int(self._nus[0]))
        if not is_integer_value(n):
            if isinstance(n, numbers.Rational) and not isinstance(n, bool):
                if self.is_number:
                    return _number(self._nus[0] * to_dyadic(n))
                raise NotApplicableError(f"{self} * {n}: only whole multiples n * G of a game are defined")
            if isinstance(n, _NOT_GAMES):
                raise InvalidGameError(_not_a_game_message(n))
            return NotImplemented
        return _multiple(self, operator.index(n))

    __rmul__ = __mul__

    def __truediv__(self, other):
        """x / y for numbers: the exact quotient (a Game when dyadic, else a ``cgt.Rational``/``cgt.Surreal``)."""
        from cgt.transfinite.surreal import Surreal

        return Surreal(self, other) if self.is_number else NotImplemented

    def __rtruediv__(self, other):
        """y / x for a number x."""
        from cgt.transfinite.surreal import Surreal

        return Surreal(other, self) if self.is_number else NotImplemented

    def __bool__(self):
        """Truth value: only the game 0 is false."""
        return self is not ZERO

    # ------------------------------------------------------------------ conversions of numbers
    def as_integer_ratio(self) -> tuple[int, int]:
        """``(numerator, denominator)`` of a number, as ``int.as_integer_ratio`` gives them.

        ``Fraction(*g.as_integer_ratio())`` is the exact value (Python 3.14's ``Fraction(g)`` uses this too).

        >>> from cgt import dyadic
        >>> dyadic(-3, 4).as_integer_ratio()
        (-3, 4)
        """
        q = _number_value(self, "as_integer_ratio()")
        return q.numerator, q.denominator

    def __int__(self) -> int:
        """``int(g)`` for an integer game ``g``; other numbers and other games raise.

        >>> from cgt import integer
        >>> int(integer(-7))
        -7
        """
        q = _number_value(self, "int()")
        if q.denominator != 1:
            raise NotApplicableError(f"int(): {self} is not an integer (use float() or as_integer_ratio())")
        return q.numerator

    def __float__(self) -> float:
        """``float(g)`` for a number ``g`` (exact for dyadics of moderate size).

        >>> from cgt import dyadic
        >>> float(dyadic(5, 8))
        0.625
        """
        return float(_number_value(self, "float()"))

    # ------------------------------------------------------------------ text
    @deep
    def __str__(self) -> str:
        """CGSuite plain-text notation, e.g. ``{3||2|1}``, ``^*``, ``+-1``."""
        from cgt.notation.printing import format_game

        return format_game(self)

    @deep
    def __repr__(self) -> str:
        """An expression that rebuilds the game from ``cgt``'s constructors."""
        from cgt.notation.printing import repr_game

        return repr_game(self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        """Pickle as a call of a public constructor, never of a kernel module's function (so moving modules breaks
        no pickle): a number as ``cgt.dyadic(num, den)`` (exact ints), a nimber as ``cgt.nimber(n)``, another
        closed-form uptimal as ``cgt.game`` of its text (its options may be many), any other game as ``cgt.game``
        of its options.

        >>> import pickle
        >>> from cgt import integer, nimber, up, star, switch
        >>> [pickle.loads(pickle.dumps(g)) is g for g in (integer(10**5000), nimber(9), up + star, switch(up))]
        [True, True, True, True]
        """
        nus = self._nus
        if nus is None:
            return (game, (list(_lefts(self)), list(_rights(self))))
        x, u, n = nus
        if u == 0 and n == 0:
            x = Fraction(x)
            return (dyadic, (x.numerator, x.denominator))
        if u == 0 and x == 0:
            return (nimber, (n,))
        return (game, (str(self),))

    # ------------------------------------------------------------------ hot games and infinitesimals
    # Implemented in their own modules (cgt.thermo.temperature, cgt.thermo.cooling, cgt.short.infinitesimal, cgt.short.products).
    mean = _delegate("thermo.temperature", "mean", "The mean value (see :mod:`cgt.thermo.temperature`).")
    temperature = _delegate("thermo.temperature", "temperature", "The temperature (see :mod:`cgt.thermo.temperature`).")
    thermograph = _delegate("thermo.temperature", "thermograph", "The thermograph (see :mod:`cgt.thermo.temperature`).", False)
    left_incentives = _delegate("thermo.temperature", "left_incentives", "Left's incentives ``G^L - G``.")
    right_incentives = _delegate("thermo.temperature", "right_incentives", "Right's incentives ``G - G^R``.")
    incentives = _delegate("thermo.temperature", "incentives", "All incentives (see :mod:`cgt.thermo.temperature`).")
    stop_count = _delegate("thermo.temperature", "stop_count", "CGSuite's StopCount (see :mod:`cgt.thermo.temperature`).")
    cool = _delegate("thermo.cooling", "cool", "G cooled by t: ``G.cool(t)`` (see :mod:`cgt.thermo.cooling`).", False)
    heat = _delegate("thermo.cooling", "heat", "G heated by t: ``G.heat(t)`` (see :mod:`cgt.thermo.cooling`).", False)
    freeze = _delegate("thermo.cooling", "freeze", "G cooled by its own temperature (see :mod:`cgt.thermo.cooling`).", False)
    overheat = _delegate("thermo.cooling", "overheat", "G overheated: ``G.overheat(s, t)`` (see :mod:`cgt.thermo.cooling`).", False)
    atomic_weight = _delegate("short.infinitesimal", "atomic_weight", "The atomic weight of an atomic all-small game.")
    is_atomic = _delegate("short.infinitesimal", "is_atomic", "True when the atomic weight is defined.")
    reduced_canonical_form = _delegate("short.infinitesimal", "reduced_canonical_form", "The reduced canonical form.")
    companion = _delegate("short.infinitesimal", "companion", "The companion (see :mod:`cgt.short.infinitesimal`).")
    norton_product = _delegate("short.products", "norton_product", "Norton's product ``G.U``: ``G.norton_product(U)``.", False)
    ordinal_sum = _delegate("short.products", "ordinal_sum", "The ordinal sum ``G : H``: ``G.ordinal_sum(H)``.", False)
    # CGSuite's predicates, uptimal members, powers and conjunctive and selective sums (their modules: cgt.short.predicates, cgt.short.uptimal, cgt.short.powers, cgt.short.compound).
    is_numberish = _delegate("short.predicates", "is_numberish", "CGSuite's IsNumberish: equal stops.")
    is_number_tiny = _delegate("short.predicates", "is_number_tiny", "CGSuite's IsNumberTiny (see :mod:`cgt.short.predicates`).")
    is_idempotent = _delegate("short.predicates", "is_idempotent", "CGSuite's IsIdempotent: ``G + G = G``.")
    is_ordinal = _delegate("short.predicates", "is_ordinal", "CGSuite's IsOrdinal: 0, 1, 2, ...")
    is_even = _delegate("short.predicates", "is_even", "CGSuite's IsEven (Conway's parity; see :mod:`cgt.short.predicates`).")
    is_odd = _delegate("short.predicates", "is_odd", "CGSuite's IsOdd (Conway's parity; see :mod:`cgt.short.predicates`).")
    is_even_tempered = _delegate("short.predicates", "is_even_tempered", "CGSuite's IsEvenTempered (Siegel).")
    is_odd_tempered = _delegate("short.predicates", "is_odd_tempered", "CGSuite's IsOddTempered (Siegel).")
    follower_count = _delegate("short.predicates", "follower_count", "CGSuite's FollowerCount.")
    uptimal_expansion = _delegate("short.uptimal", "uptimal_expansion", "CGSuite's UptimalExpansion, or None.")
    pow = _delegate("short.powers", "power", "CGSuite's Pow: ``G.pow(n)`` for ``G = {0|H}``.", False)
    pow_to = _delegate("short.powers", "power_to", "CGSuite's PowTo: ``G.pow_to(n)`` for ``G = {0|H}``.", False)
    conjunctive_sum = _delegate("short.compound", "conjunctive_sum", "CGSuite's ConjunctiveSum (a compound form).", False)
    selective_sum = _delegate("short.compound", "selective_sum", "CGSuite's SelectiveSum (a compound form).", False)

    def conway_product(self, other):
        """Conway's nim product of two nimbers: ``*a . *b = *(a (x) b)`` (see :mod:`cgt.impartial.nimarith`)."""
        other = as_game(other)
        if not (self.is_nimber and other.is_nimber):
            raise NotApplicableError(f"conway_product needs two nimbers, got {self} and {other}")
        from cgt.impartial import nimarith

        return nimber(nimarith.nim_product(self._nus[2], other._nus[2]))

    def _repr_latex_(self) -> str:
        from cgt.notation import latex

        return latex.latex(self)


# ====================================================================== the pure kernel: interning
# The pure-Python kernel, the reference.  Its functions work on the active kernel's store (``kernel.by_options``,
# ``kernel.by_uptimal``, ``kernel.new_game``, ...: the C kernel's tables when it is loaded, so that under
# pure_kernel() both kernels intern into the same tables), and call each other directly: the reference is
# self-contained.

_next_id = itertools.count()


def _new(left, right, nus) -> Game:
    """A new game with its fields initialised (the pure kernel's ``new_game``)."""
    g = object.__new__(Game)
    g._id = next(_next_id)
    g._left = left
    g._right = right
    g._nus = nus
    g._neg = None
    g._birthday = None
    g._le_memo = None
    if nus is None:
        g._ls = g._rs = g._lsf = g._rsf = None
    else:
        g._ls = g._rs = nus[0]
        g._lsf = g._rsf = float_shadow(nus[0])
    g._extra = None
    if nus is not None and nus[1] == 0 and nus[2] == 0:
        g._hash = hash(nus[0])
    else:
        g._hash = hash(("cgt.Game", g._id))
    return g


def float_shadow(x: Fraction) -> float:
    """The float shadow of a number part, as the kernels keep it with the stops: rounding is monotone, so
    ``float_shadow(a) > float_shadow(b)`` proves ``a > b``; too large for a float is an infinity.

    >>> float_shadow(Fraction(3, 4)), float_shadow(-(2**2000))
    (0.75, -inf)
    """
    try:
        return float(x)
    except OverflowError:
        return float("inf") if x > 0 else float("-inf")


def _public(x) -> Fraction:
    """A kernel number part (an int for integers, else a Fraction) as the public :class:`Fraction`."""
    return Fraction(x) if type(x) is int else x


def _uptimal(x, u: int, n: int) -> Game:
    """The interned uptimal ``x + u.^ + *n`` (options built lazily; the pure kernel's ``uptimal``).

    The kernel keeps number parts exact and cheap: an ``int`` for integers (fast to hash, add and compare;
    ``hash(2) == hash(Fraction(2))``, so dictionary keys agree) and a Fraction only for proper dyadics.
    """
    if type(x) is not int:
        if x.denominator == 1:
            x = x.numerator
    key = (x, u, n)
    table = kernel.by_uptimal
    g = table.get(key)
    if g is None:
        _check_room(table)
        g = table[key] = kernel.new_game(None, None, key)
    return g


def _number(x: Fraction) -> Game:
    return kernel.uptimal(x, 0, 0)


def _option_key(options) -> tuple:
    return tuple(sorted(o._id for o in options))


def _check_room(table) -> None:
    """TooLargeError when ``table`` holds the most games the limits allow and is still more than seven eighths
    full after a collection (the games nothing refers to leave first; a table that stays nearly full would
    be collected again every few new games); now and then, an automatic collection and the memory check."""
    size = len(table)
    cap = limits.max_interned()
    if size >= cap:
        kernel.collect()
        if len(table) >= cap - cap // 8:
            _collection["next"] = 0            # what the refused computation built goes at the next check
            _refuse_room(table)
    if not size % limits.MEMORY_CHECK_EVERY:
        kernel.collect_if_due()
        limits.check_memory()


def _refuse_room(table) -> None:
    """The TooLargeError of a full intern table (the compiled kernel raises it through this function)."""
    raise TooLargeError(f"more than {limits.max_interned():,} distinct games are in memory: the computation is "
                        f"too large (raise the limit with cgt.limits.set_max_interned)")


def _intern_general(left: tuple, right: tuple) -> Game:
    """Intern a canonical game that is known not to be an uptimal.

    The key is the pair of option tuples sorted by id, the very tuples the game keeps as its options (no
    second copy as ids: about 100 bytes a game less).  Interned games are equal only when identical, and a tuple
    compares its items by identity first, so a key matches exactly the same options.
    """
    left = tuple(sorted(left, key=_id_of))
    right = tuple(sorted(right, key=_id_of))
    key = (left, right)
    table = kernel.by_options
    g = table.get(key)
    if g is None:
        _check_room(table)
        g = table[key] = kernel.new_game(left, right, None)
    return g


def _id_of(g: Game) -> int:
    return g._id


# ====================================================================== options of uptimals

def _lefts(g: Game) -> tuple:
    left = g._left
    if left is None:
        kernel.materialise(g)
        left = g._left
    return left


def _rights(g: Game) -> tuple:
    right = g._right
    if right is None:
        kernel.materialise(g)
        right = g._right
    return right


def lefts_of(g: Game) -> tuple:
    """Left's canonical options in the kernel's order (cheap): the interface for walks over followers.

    The public :attr:`Game.left_options` sorts into print order, which formats options as text; walks that
    only combine the options' values (thermographs, cooling, atomic weights) use this instead.

    >>> from cgt import up, star
    >>> sorted(str(o) for o in lefts_of(up + star))
    ['*', '0']
    """
    return _lefts(g)


def closed_uptimal(g: Game) -> tuple | None:
    """``(x, u, n)`` when the kernel holds ``g`` in the closed form ``x + u.^ + *n``, else None (other
    uptimals, such as ``^<2>``, are recognised by :mod:`cgt.short.uptimal`).

    >>> from cgt import up, star, up_nth
    >>> closed_uptimal(up + star), closed_uptimal(up_nth(2))
    ((Fraction(0, 1), 1, 1), None)
    """
    nus = g._nus
    return None if nus is None else (_public(nus[0]), nus[1], nus[2])


def rights_of(g: Game) -> tuple:
    """Right's canonical options in the kernel's order (see :func:`lefts_of`)."""
    return _rights(g)


#: Largest option list an uptimal's closed form is expanded into (``*n`` has n options a side).
MAX_LISTED_OPTIONS = 1 << 20


def _materialise(g: Game) -> None:
    """Fill in the canonical options of an uptimal from their closed form."""
    x, u, n = g._nus
    if u == 0 and n == 0:
        left, right = _number_options(x)
    elif u == 0:
        # x + *n = {x + *k | x + *k : k < n}: nimbers by mex, shifted by number translation.
        if n > MAX_LISTED_OPTIONS:
            raise TooLargeError(
                f"{format_uptimal(x, u, n)} has {n} options on each side, too many to list "
                f"(limit {MAX_LISTED_OPTIONS}); only sums and comparisons with numbers and uptimals avoid listing them"
            )
        left = right = tuple(kernel.uptimal(x, 0, k) for k in range(n))
    elif u < 0:
        mirror = kernel.uptimal(-x, -u, n)
        left = tuple(_neg(o) for o in _rights(mirror))
        right = tuple(_neg(o) for o in _lefts(mirror))
    else:
        left, right = _positive_uptimal_options(x, u, n)
    g._left = tuple(sorted(left, key=_id_of))
    g._right = tuple(sorted(right, key=_id_of))


def _number_options(x: Fraction) -> tuple[tuple, tuple]:
    if x.denominator == 1:
        if x > 0:
            return (_number(x - 1),), ()
        if x < 0:
            return (), (_number(x + 1),)
        return (), ()
    step = Fraction(1, x.denominator)
    return (_number(x - step),), (_number(x + step),)


def _positive_uptimal_options(x: Fraction, u: int, n: int) -> tuple[tuple, tuple]:
    """Canonical options of ``x + u.^ + *n`` for u >= 1.

    ``u.^ + *n = {0 | (u-1).^ + *(n^1)}``, except ``^* = {0, * | 0}``; shifted
    by x through number translation.  (Derived from the general algorithm and
    checked against it by tests/laws/test_game_laws.py; cf. Winning Ways ch. 3,
    ``^ = {0|*}``, ``^^* = {0|^}``.)
    """
    left = [_number(x)]
    if u == 1 and n == 1:
        left.append(kernel.uptimal(x, 0, 1))
    return tuple(left), (kernel.uptimal(x, u - 1, n ^ 1),)


def uptimal_follower_count(x, u: int, n: int) -> int:
    """How many followers ``x + u.^ + *n`` has, from its closed form.

    The followers of a number are its ancestors in the tree of numbers, itself and 0 included (its canonical
    options are its nearest simpler neighbours): birthday + 1 of them.  ``x + *n`` adds ``x + *k`` for
    ``1 <= k <= n``.  For ``u >= 1``, ``x + u.^ + *n = {x | x + (u-1).^ + *(n^1)}`` (with ``x + *`` also a left
    option of ``x + ^*``), a chain of ``u`` uptimals down to ``x + *n'`` (``n' = n ^ (u mod 2)``), plus
    ``x + *`` when the chain's last link is ``x + ^*`` and ``n' = 0``; ``u <= -1`` mirrors ``u >= 1``.

    >>> from fractions import Fraction
    >>> uptimal_follower_count(Fraction(5, 8), 0, 0), uptimal_follower_count(0, 2, 1)   # 5/8; ^^* = {0|^}
    (5, 4)
    """
    count = number_birthday(Fraction(x)) + 1
    u = abs(u)
    if u == 0:
        return count + n
    bottom = n ^ (u & 1)                        # the nimber part of x + 0.^ + *n' at the chain's end
    last = bottom ^ 1                           # the nimber part of the chain's last link, x + ^ + *last
    return count + u + bottom + (1 if last == 1 else 0)


# ====================================================================== order

_SHIFT = 40


def uptimal_le(a: tuple, b: tuple) -> bool:
    """``x + u.^ + *n <= y + v.^ + *m`` in closed form.

    The difference is ``d + k.^ + *j``.  A nonzero number part decides; else
    ``k.^ + *j`` is 0 when k = 0 = j, fuzzy when k = 0 < j, positive when
    k >= 2, and for k = 1 positive unless j = 1 (``^*`` is fuzzy with 0).
    """
    d = b[0] - a[0]
    if d:
        return d > 0
    k = b[1] - a[1]
    j = a[2] ^ b[2]
    if k == 0:
        return j == 0
    if k < 0:
        return False
    return k >= 2 or j != 1


# ---------------------------------------------------------------- the comparison memos' budget
# Each game keeps a memo of its comparisons (``_le_memo``: other id -> bool; a dict in the pure kernel, a
# ``LeMemo`` of the compiled one -- a table of machine words that reads like that dict), a cache only: every
# answer is recomputed when missing.  Left alone they grow faster than the search (Domineering 6x6: about 27
# entries, 1 KB, per solved region after 600,000 regions, over half the process's memory), so the entries are
# counted, all games together, and past the budget (cgt.limits.set_memo_budget) the memos of the games that
# got theirs longest ago are dropped until at most half the budget remains (each drop frees at least half the
# budget: amortised O(1) per entry).  Below, the pure kernel's count and drop; the compiled kernel has its own.

_memo_holders: list = []     # games holding a memo dict, in the order their dicts were made (each once)
_held: set = set()           # the ids of the games in _memo_holders
_memo_state = {"entries": 0, "budget": limits.DEFAULT_MEMO_BUDGET, "drops": 0}


def _memo_new_holder(g: Game) -> None:
    """``g`` has a new comparison memo: it joins the holders (once)."""
    if g._id not in _held:
        _held.add(g._id)
        _memo_holders.append(g)


def _memo_stored() -> None:
    """One entry was stored in a memo held by a game of ``_memo_holders``: count it, drop past the budget."""
    state = _memo_state
    state["entries"] += 1
    if state["entries"] > state["budget"]:
        _drop_memos()


def _drop_memos() -> None:
    """Drop the memos of the oldest holders until at most half the budget remains."""
    state = _memo_state
    holders = _memo_holders
    target = state["budget"] // 2
    count = state["entries"]
    i = 0
    while i < len(holders) and count > target:
        g = holders[i]
        i += 1
        memo = g._le_memo
        if memo is not None:
            count -= len(memo)
            g._le_memo = None
        _held.discard(g._id)
    del holders[:i]
    state["entries"] = count if holders else 0
    state["drops"] += 1


def _forget_memos() -> None:
    """Drop every comparison memo (clear_caches)."""
    for g in _memo_holders:
        g._le_memo = None
    _memo_holders.clear()
    _held.clear()
    _memo_state["entries"] = 0


def _set_memo_budget(entries: int) -> None:
    _memo_state["budget"] = entries
    if _memo_state["entries"] > entries:
        _drop_memos()


def _memo_stats() -> dict:
    return {"entries": _memo_state["entries"], "holders": len(_memo_holders), "budget": _memo_state["budget"],
            "drops": _memo_state["drops"]}


def _le(g: Game, h: Game) -> bool:
    """g <= h for canonical games (memoised per game on the other's id, within the memo budget)."""
    if g is h:
        return True
    memo = g._le_memo
    if memo is None:
        memo = g._le_memo = {}
        kernel.memo_new_holder(g)
    else:
        result = memo.get(h._id)
        if result is not None:
            return result
    a = g._nus
    b = h._nus
    if a is not None and b is not None:
        result = uptimal_le(a, b)
    else:
        # G <= H forces LS(G) <= LS(H) and RS(G) <= RS(H) (Siegel, CGT II.3): a cheap refutation,
        # tested on float shadows of the stops (rounding is monotone, so ">" on floats is exact).
        if g._rsf is None or g._lsf is None:
            _fill_stops(g)
        if h._rsf is None or h._lsf is None:
            _fill_stops(h)
        if g._lsf > h._lsf or g._rsf > h._rsf:
            result = False
        else:
            if cancel_requested[0]:
                raise_if_cancelled()
            result = True
            # Number avoidance: when one side is a number and the other is not, the
            # number's own options never decide the comparison (Siegel, CGT Thm II.3.19).
            # The memo tables are read inline before recursing: about half of these lookups hit.
            if a is None or a[1] or a[2]:
                h_memo = h._le_memo
                for gl in g._left if g._left is not None else _lefts(g):
                    known = None if h_memo is None else h_memo.get(gl._id)
                    if known is None:
                        known = _le(h, gl)
                        h_memo = h._le_memo
                    if known:
                        result = False
                        break
            if result and (b is None or b[1] or b[2]):
                g_id = g._id
                for hr in h._right if h._right is not None else _rights(h):
                    hr_memo = hr._le_memo
                    known = None if hr_memo is None else hr_memo.get(g_id)
                    if known is None:
                        known = _le(hr, g)
                    if known:
                        result = False
                        break
    if g._le_memo is memo:      # else the memo was dropped meanwhile: keep the answer out of the count
        memo[h._id] = result
        kernel.memo_stored()
    return result


def _fill_stops(g: Game) -> None:
    _left_stop(g)
    _right_stop(g)


def _le_raw_canon(left, right, h: Game) -> bool:
    """{left | right} <= h, where the options are canonical but the game itself may not be."""
    for gl in left:
        if _le(h, gl):
            return False
    for hr in _rights(h):
        if _le_canon_raw(hr, left, right):
            return False
    return True


def _le_canon_raw(g: Game, left, right) -> bool:
    """g <= {left | right}, where the options are canonical but the game itself may not be."""
    for hr in right:
        if _le(hr, g):
            return False
    for gl in _lefts(g):
        if _le_raw_canon(left, right, gl):
            return False
    return True


_le_deep = deep(_le)


# ====================================================================== canonical form

def _canonical(left: list, right: list, left_split: int = 0, right_split: int = 0) -> Game:
    """The canonical form of ``{left | right}`` for lists of canonical games.

    A nonzero ``left_split`` promises that ``left[:left_split]`` and
    ``left[left_split:]`` are each antichains (as for ``G^L + H`` and
    ``G + H^L`` in a sum), so only pairs across the split are tested for
    domination; likewise ``right_split``.
    """
    if cancel_requested[0]:
        raise_if_cancelled()
    number = _as_number(left, right)
    if number is not None:
        return number
    left = _maximal(left, left_split)
    right = _minimal(right, right_split)
    while True:
        changed = False
        new_left = []
        for a in left:
            # a is reversible through a^R when a^R <= G: replace a by a^R's left options.
            for ar in _rights(a):
                if _le_canon_raw(ar, left, right):
                    new_left.extend(_lefts(ar))
                    changed = True
                    break
            else:
                new_left.append(a)
        new_right = []
        for b in right:
            for bl in _lefts(b):
                if _le_raw_canon(left, right, bl):
                    new_right.extend(_rights(bl))
                    changed = True
                    break
            else:
                new_right.append(b)
        if not changed:
            break
        left = _maximal(new_left)
        right = _minimal(new_right)
    number = _as_number(left, right)
    if number is not None:
        return number
    special = _recognise_uptimal(left, right)
    if special is not None:
        return special
    return _intern_general(tuple(left), tuple(right))


def _maximal(options: list, split: int = 0) -> list:
    """Left options not dominated by (nor equal to an earlier) other left option."""
    if len(options) < 2:
        return options
    kept = []
    for i, a in enumerate(options):
        for j, b in enumerate(options):
            if a is b:
                if j < i:
                    break  # a duplicate: keep the first copy only
                continue
            if split and (i < split) == (j < split):
                continue  # same antichain: never comparable
            if _le(a, b):
                break
        else:
            kept.append(a)
    return kept


def _minimal(options: list, split: int = 0) -> list:
    """Right options not dominated by (nor equal to an earlier) other right option."""
    if len(options) < 2:
        return options
    kept = []
    for i, a in enumerate(options):
        for j, b in enumerate(options):
            if a is b:
                if j < i:
                    break
                continue
            if split and (i < split) == (j < split):
                continue
            if _le(b, a):
                break
        else:
            kept.append(a)
    return kept


def _as_number(left: list, right: list) -> Game | None:
    """Apply the simplicity theorem when every option is a number and lefts < rights."""
    low = high = None
    for o in left:
        nus = o._nus
        if nus is None or nus[1] or nus[2]:
            return None
        if low is None or nus[0] > low:
            low = nus[0]
    for o in right:
        nus = o._nus
        if nus is None or nus[1] or nus[2]:
            return None
        if high is None or nus[0] < high:
            high = nus[0]
    if low is not None and high is not None and low >= high:
        return None
    return _number(simplest_between(low, high))


def _recognise_uptimal(left: list, right: list) -> Game | None:
    """Return the interned uptimal whose canonical options are exactly these, if any."""
    for o in left:
        if o._nus is None:
            return None
    for o in right:
        if o._nus is None:
            return None
    for candidate in _uptimal_candidates(left, right):
        if (_option_key(_lefts(candidate)) == _option_key(left)
                and _option_key(_rights(candidate)) == _option_key(right)):
            return candidate
    return None


def _uptimal_candidates(left: list, right: list):
    """The uptimals that could have these options (each is then verified).

    Inverts the closed forms above: ``x + *n`` has equal option sets
    ``{x + *k : k < n}``; for u >= 1 the single right option is
    ``x + (u-1).^ + *(n^1)``; for u <= -1, mirror-wise, the single left option.
    """
    if _option_key(left) == _option_key(right):
        x = left[0]._nus[0]
        if all(o._nus[0] == x and o._nus[1] == 0 for o in left):
            yield kernel.uptimal(x, 0, len(left))
        return
    if len(right) == 1:
        x, u, n = right[0]._nus
        if u >= 0:
            yield kernel.uptimal(x, u + 1, n ^ 1)
    if len(left) == 1:
        x, u, n = left[0]._nus
        if u <= 0:
            yield kernel.uptimal(x, u - 1, n ^ 1)


# ====================================================================== negation and sum

def _neg(g: Game) -> Game:
    result = g._neg
    if result is not None:
        return result
    nus = g._nus
    if nus is not None:
        result = kernel.uptimal(-nus[0], -nus[1], nus[2])
    else:
        # The negative of a canonical game is canonical.
        result = kernel.intern_general(
            tuple(_neg(o) for o in g._right), tuple(_neg(o) for o in g._left)
        )
    g._neg = result
    result._neg = g
    return result


_neg_deep = deep(_neg)

def _add(g: Game, h: Game) -> Game:
    """g + h for canonical games (memoised on the unordered pair of ids)."""
    a = g._nus
    b = h._nus
    if a is not None and b is not None:
        return uptimal_sum(a, b)
    if g._id > h._id:
        g, h = h, g
        a, b = b, a
    key = (g._id << _SHIFT) | h._id
    memo = kernel.add_memo
    result = memo.get(key)
    if result is not None:
        return result
    if a is not None and a[1] == 0 and a[2] == 0:
        result = _translate(h, a[0])
    elif b is not None and b[1] == 0 and b[2] == 0:
        result = _translate(g, b[0])
    else:
        left = [_add(gl, h) for gl in _lefts(g)]
        left_split = len(left)
        left.extend(_add(g, hl) for hl in _lefts(h))
        right = [_add(gr, h) for gr in _rights(g)]
        right_split = len(right)
        right.extend(_add(g, hr) for hr in _rights(h))
        # G^L + H are pairwise incomparable since G's options are (order is translation-invariant).
        result = _canonical(left, right, left_split, right_split)
    memo[key] = result
    if len(memo) > _sum_memo["budget"]:
        _make_room(memo)
    return result


_sum_memo = {"budget": limits.DEFAULT_SUM_MEMO_BUDGET}


def _set_sum_memo_budget(entries: int) -> None:
    _sum_memo["budget"] = entries          # the memo makes room at its next store


def _make_room(memo: dict) -> None:
    """The sums' memo past its budget: the older half goes (at least down to the budget)."""
    keep = min(len(memo) // 2, _sum_memo["budget"])
    for key in list(itertools.islice(iter(memo), len(memo) - keep)):
        del memo[key]


def uptimal_sum(a: tuple, b: tuple) -> Game:
    """``(x + u.^ + *n) + (y + v.^ + *m)``: uptimals add componentwise (numbers and ups add, nimbers XOR)."""
    x = a[0]
    y = b[0]
    return kernel.uptimal(x + y if x and y else x or y, a[1] + b[1], a[2] ^ b[2])


def _translate(g: Game, x: Fraction) -> Game:
    """x + g for a number x and a non-number g.

    Number translation (Siegel, CGT Thm II.3.21): x + G = {x + G^L | x + G^R},
    and the right-hand side is already canonical when G is.
    """
    if x == 0:
        return g
    if cancel_requested[0]:
        raise_if_cancelled()
    shift = _number(x)
    return _intern_general(
        tuple(_add(shift, o) for o in g._left), tuple(_add(shift, o) for o in g._right)
    )


_add_deep = deep(_add)

#: Refuse ``n * G`` at once when ``n / 2`` times the birthday of ``2.G`` (not an uptimal) passes this: the
#: canonical form of ``n.G`` can grow with ``n`` (birthday up to ``n.birthday(G)``).
MAX_MULTIPLE_BIRTHDAY = 2_000_000

#: Refuse a step of ``n * G`` that adds two games ``A + B`` with ``size(A) * size(B) * (birthday(A) +
#: birthday(B))`` above this (``size``: :func:`_general_size`).  The canonical form of a sum is built from the
#: sums of the pairs of followers, and the comparisons each needs go as deep as the games: for multiples of
#: ``{3||2|1}``, 256.G + 256.G (513 x 513 pairs, days 643 + 643: 338 million) takes about 2 s, 256.G + 512.G
#: (1.01 billion) about 14 s (docs/performance.md, "Parsing, nesting and multiples").
MAX_SUM_WORK = 600_000_000


def _general_size(g: Game) -> int:
    """The followers of ``g`` met through games that are not uptimals, each uptimal counted once and not
    opened (1 for an uptimal): the sizes that :data:`MAX_SUM_WORK` bounds."""
    if g._nus is not None:
        return 1
    seen = {g._id}
    stack = [g]
    while stack:
        for option in itertools.chain(_lefts(h := stack.pop()), _rights(h)):
            if option._id not in seen:
                seen.add(option._id)
                if option._nus is None:
                    stack.append(option)
    return len(seen)


def _multiple(g: Game, n: int) -> Game:
    """n copies of g: uptimals in closed form, other games by doubling, n.G = 2.((n // 2).G) + (n % 2).G, so
    that a multiple that is an uptimal again (2.{3|2} = 5) keeps every later step small.

    >>> str(_multiple(game([3], [2]), 10**9)), str(_multiple(game([1], [-1]), 10**9 + 1))
    ('2500000000', '+-1')

    A multiple whose canonical form is too large to compute promptly is refused with one line, before the
    sum that would take long (see :data:`MAX_SUM_WORK`; reaching the refusal takes a few seconds, so this example
    is not run here: tests/runtime/test_api_limits.py checks it):

    >>> _multiple(game([3], [game([2], [1])]), 2000)        # doctest: +SKIP
    Traceback (most recent call last):
    ...
    cgt.errors.TooLargeError: 2000 * {3||2|1}: too large to compute: 500 copies + 500 copies pair 1,001 x 1,001 followers born by day 2,506 (more than the limit 600,000,000 of pairs x day); use fewer copies
    """
    if g._nus is not None:
        # n.(x + u.^ + *m) = nx + nu.^ + *m if n is odd, else + 0 (nimbers are their own negatives)
        x, u, m = g._nus
        return kernel.uptimal(x * n, u * n, m if n % 2 else 0)
    if n < 0:
        return _multiple(_neg_deep(g), -n)

    def add(a: Game, ka: int, b: Game, kb: int) -> Game:
        if a._nus is None and b._nus is None:
            size_a, size_b, day = _general_size(a), _general_size(b), _birthday(a) + _birthday(b)
            if size_a * size_b * day > MAX_SUM_WORK:
                raise TooLargeError(f"{n} * {g}: too large to compute: {ka} copies + {kb} copies pair {size_a:,} x "
                                    f"{size_b:,} followers born by day {day:,} (more than the limit "
                                    f"{MAX_SUM_WORK:,} of pairs x day); use fewer copies")
        return kernel.add_deep(a, b)

    if n > 1:
        double = add(g, 1, g, 1)
        if double._nus is not None:     # 2.G is an uptimal (2.{3|2} = 5): n.G = (n // 2).(2.G) + (n % 2).G
            return kernel.add_deep(_multiple(double, n // 2), g if n % 2 else ZERO)
        reach = n // 2 * _birthday(double)
        if reach > MAX_MULTIPLE_BIRTHDAY:
            raise TooLargeError(f"{n} * {g}: the sum of so many copies could reach birthday {reach:,} "
                                f"(limit {MAX_MULTIPLE_BIRTHDAY:,}); use fewer copies")
    result, k = ZERO, 0                 # result = k.g, k the leading bits of n read so far
    for bit in bin(n)[2:]:
        if k:
            result, k = add(result, k, result, k), 2 * k
        if bit == "1":
            result, k = (add(result, k, g, 1) if k else g), k + 1
    return result


# ====================================================================== measures

def _birthday(g: Game) -> int:
    """The birthday, stored on each game on the way; an explicit stack, so games born on any day have one."""
    b = g._birthday
    if b is not None:
        return b
    stack = [g]
    while stack:
        h = stack[-1]
        if h._birthday is not None:
            stack.pop()
            continue
        nus = h._nus
        if nus is not None:
            # x + u.^ + *n: b(x) + n when u = 0, else b(x) + |u| + max(1, n XOR (|u| mod 2)) -- read off the
            # canonical forms of u.^ + *n (odd multiples of ^ carry a star); checked against the recursive
            # definition in tests/runtime/test_api_limits.py.
            x, u, n = nus
            u = abs(u)
            h._birthday = number_birthday(x) + (n if u == 0 else u + max(1, n ^ (u & 1)))
            stack.pop()
            continue
        options = tuple(itertools.chain(_lefts(h), _rights(h)))
        waiting = [o for o in options if o._birthday is None]
        if waiting:                     # the options first; h is met again once they are done
            stack.extend(waiting)
            continue
        h._birthday = max((o._birthday for o in options), default=-1) + 1
        stack.pop()
    return g._birthday


def _extra(g: Game) -> dict:
    extra = g._extra
    if extra is None:
        extra = g._extra = {}
    return extra


def _left_stop(g: Game) -> Fraction:
    """Left stop: a number's value, else the largest right stop of a left option."""
    stop = g._ls
    if stop is None:
        stop = g._ls = max(_right_stop(o) for o in g._left)
        g._lsf = float_shadow(stop)
    return stop


def _right_stop(g: Game) -> Fraction:
    """Right stop: a number's value, else the smallest left stop of a right option."""
    stop = g._rs
    if stop is None:
        stop = g._rs = min(_left_stop(o) for o in g._right)
        g._rsf = float_shadow(stop)
    return stop


def _all_small(g: Game) -> bool:
    nus = g._nus
    if nus is not None:
        return nus[0] == 0
    extra = _extra(g)
    result = extra.get("all_small")
    if result is None:
        result = bool(g._left) == bool(g._right) and all(
            _all_small(o) for o in itertools.chain(g._left, g._right)
        )
        extra["all_small"] = result
    return result


def _print_ordered(g: Game, left: bool) -> tuple:
    extra = _extra(g)
    key = "print_left" if left else "print_right"
    ordered = extra.get(key)
    if ordered is None:
        from cgt.notation.printing import print_key

        ordered = tuple(sorted(_lefts(g) if left else _rights(g), key=print_key))
        extra[key] = ordered
    return ordered


# ====================================================================== constructors

def as_game(value) -> Game:
    """Coerce a Game, int or dyadic Fraction to a Game; anything else is a clear error.

    >>> str(as_game(3)), str(as_game(Fraction(-3, 4)))
    ('3', '-3/4')
    >>> as_game("x")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidGameError: 'x' is not a game, an integer or a dyadic rational
    """
    if isinstance(value, Game):
        return value
    return _number(to_dyadic(value))


def _number_value(g: Game, what: str) -> Fraction:
    if not g.is_number:
        raise NotApplicableError(f"{what}: {g} is not a number")
    return g._nus[0]


_ORDER_OPERATORS = (operator.lt, operator.le, operator.eq, operator.ne, operator.gt, operator.ge)


def _compare_other(g: Game, other, op: int):
    """``g <op> other`` for a non-Game ``other`` (the compiled kernel's fallback; ``op`` is Py_LT..Py_GE).

    Exactly the pure operators: ints and dyadic Fractions compare as numbers, floats are a clear error,
    other types get NotImplemented.
    """
    if op == 2 or op == 3:
        equal = _equals_other(g, other)
        return equal if op == 2 or equal is NotImplemented else not equal
    other = _coerce(other)
    if other is NotImplemented:
        return NotImplemented
    return _ORDER_OPERATORS[op](g, other)


def _equals_other(g: Game, other):
    """``g == other`` for a non-Game ``other``: ints and dyadic Fractions compare as numbers, floats are a
    clear error, other types get NotImplemented."""
    if isinstance(other, numbers.Rational) and not isinstance(other, bool):
        return g.is_number and g._nus[0] == other
    if isinstance(other, (float, complex)):
        raise InvalidGameError(_not_a_game_message(other))
    return NotImplemented


def _add_other(g: Game, other):
    """``g + other`` for a non-Game ``other`` (the compiled kernel's fallback): ints and dyadics coerce."""
    other = _coerce(other)
    return NotImplemented if other is NotImplemented else g + other


# Operands that are never games: a clear error instead of Python's "unsupported operand" or a silent False.
_NOT_GAMES = (float, complex, str, bytes, bool, type(None), list, tuple, set, frozenset, dict)


def _coerce(value):
    """A Game for a game, an int or a dyadic rational; NotImplemented for other types (they may know us)."""
    if isinstance(value, Game):
        return value
    if type(value) is int:
        return _number(value)
    if isinstance(value, numbers.Rational) and not isinstance(value, bool):
        return _number(to_dyadic(value))
    if isinstance(value, _NOT_GAMES):
        raise InvalidGameError(_not_a_game_message(value))
    return NotImplemented


def _not_a_game_message(value) -> str:
    if isinstance(value, float):
        return (f"{value!r} is a float; games are exact: write an int, a dyadic Fraction such as "
                f"Fraction(3, 4), or dyadic(3, 4)")
    return f"{value!r} is not a game, an integer or a dyadic rational"


def game(lefts: Iterable = (), rights: Iterable = ()) -> Game:
    """The canonical form of ``{lefts | rights}``; ``game(text)`` reads CGSuite's notation (:mod:`cgt.notation.parse`).

    Options may be Games, ints or dyadic Fractions.

    >>> game("{3||2|1}") is game([3], [game([2], [1])])
    True

    >>> str(game([0], [1, 2])), str(game([1], [-1])), str(game([3], [game([2], [1])]))
    ('1/2', '+-1', '{3||2|1}')
    >>> game([0], ["x"])
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidGameError: 'x' is not a game, an integer or a dyadic rational
    """
    try:
        fast = from_options(lefts, rights)         # lists or tuples of games: one kernel call
    except RecursionError as error:                # too deep for this stack: the general path reruns it
        if isinstance(error, TooDeepError):
            raise
        fast = None
    if fast is not None:
        return fast
    return _game(lefts, rights)


@deep
def _game(lefts, rights) -> Game:
    """:func:`game` past its fast path, through the deep-recursion wrapper (a recursion too deep for this
    thread's stack reruns on a big stack)."""
    if isinstance(lefts, str) and isinstance(rights, tuple) and not rights:
        from cgt.notation.parse import parse_game

        return parse_game(lefts)
    return kernel.canonical(game_list(lefts, "lefts"), game_list(rights, "rights"))




def game_list(values, what: str) -> list[Game]:
    """``values`` (a collection of games, ints or dyadic Fractions) as a list of Games, or a clear error.

    >>> [str(g) for g in game_list([1, Fraction(1, 2)], "options")]
    ['1', '1/2']
    """
    return [as_game(o) for o in _option_collection(values, what)]


def _not_a_collection(side: str, options) -> str:
    shown = str(options) if isinstance(options, Game) else repr(options)
    if side in ("lefts", "rights"):
        return f"game(lefts, rights) takes two collections of options, e.g. game([0], [1]): {side} is {shown}"
    return f"{side} must be a collection of games, got {shown}"


def _option_collection(options, side: str):
    """``options`` as an iterable of options, or InvalidGameError naming what was passed instead.

    >>> game(None, [])
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidGameError: game(lefts, rights) takes two collections of options, e.g. game([0], [1]): lefts is None
    """
    if isinstance(options, (str, bytes, Game, int, Fraction)) or options is None:
        raise InvalidGameError(_not_a_collection(side, options))
    try:
        return iter(options)
    except TypeError:
        raise InvalidGameError(_not_a_collection(side, options)) from None


def integer(n: int) -> Game:
    """The integer ``n``.

    >>> str(integer(-3)), integer(2000).birthday
    ('-3', 2000)
    """
    return _number(integer_argument(n, "integer()"))


def dyadic(num: int, den: int = 1) -> Game:
    """The number ``num/den``; ``den`` must be a power of two.

    >>> str(dyadic(73, 16)), str(dyadic(6, 4))
    ('73/16', '3/2')
    >>> dyadic(1, 3)
    Traceback (most recent call last):
    ...
    cgt.errors.NotDyadicError: 1/3 is not a dyadic rational (its denominator is not a power of 2)
    """
    num, den = (integer_argument(v, "dyadic()") for v in (num, den))
    if den == 0:
        raise NotDyadicError(f"{num}/{den} has a zero denominator")
    return _number(to_dyadic(Fraction(num, den)))


def number(x) -> Game:
    """The number ``x`` (an int or a dyadic Fraction).

    >>> str(number(Fraction(5, 8)))
    '5/8'
    """
    return _number(to_dyadic(x))


def nimber(n: int) -> Game:
    """The nimber ``*n`` (``*0`` is 0).

    >>> str(nimber(0)), str(nimber(1)), str(nimber(5))
    ('0', '*', '*5')
    """
    n = integer_argument(n, "nimber()", minimum=0)
    return kernel.uptimal(0, 0, n)


# A pickle of a game is a call of one of these (Game.__reduce__) and records the path it finds it by: the public
# one, cgt.game, cgt.dyadic or cgt.nimber, which no move of the kernel's modules changes.
game.__module__ = dyadic.__module__ = nimber.__module__ = "cgt"

_cache_clearers: list = []


def register_cache(clear) -> None:
    """Register a function that empties a module's own memo tables; :func:`clear_caches` calls it.

    >>> register_cache(lambda: None)
    """
    _cache_clearers.append(clear)


def clear_caches() -> None:
    """Empty the operation caches (comparison and sum memos, per-game cached measures), then collect: the
    games nothing refers to any more leave the intern tables and their memory goes back.

    Games still referred to stay, with their identity (equal games are one object); results never depend on
    caches.

    >>> from cgt import up, star
    >>> clear_caches(); str(up + star)
    '^*'
    """
    kernel.add_memo.clear()
    for table in (kernel.by_options, kernel.by_uptimal):
        for g in table.values():
            g._extra = None
            g._le_memo = None
    kernel.memo_forget()
    for clear in _cache_clearers:
        clear()
    kernel.collect()


# ====================================================================== collection
# The pure kernel's collection, the reference of the compiled one (its comment in cgt/kernel/_kernel.c says it
# in full): a game whose only references are the kernel's own -- its intern table's, the memo holders' and the
# link from its negative -- leaves its table, which frees it; its options are examined after it (a pass visits
# every game before its options), and passes repeat until one finds nothing.  Ids are never reused.

#: An automatic collection runs each time the games made since the last one number half the games it left, or
#: this many, whichever is more.
COLLECT_FLOOR = 1 << 18
_collection = {"running": False, "next": COLLECT_FLOOR, "collections": 0, "collected": 0}


def _interned_total() -> int:
    return len(kernel.by_options) + len(kernel.by_uptimal)


def _kernel_references(g: Game) -> int:
    refs = 1 + (g._id in _held)
    neg = g._neg
    if neg is not None and (neg is g or neg._neg is g):
        refs += 1
    return refs


def _unlink_negative(g: Game) -> None:
    neg = g._neg
    if neg is not None:
        if neg is not g and neg._neg is g:
            neg._neg = None
        g._neg = None


def _uninterned(g: Game) -> bool:
    """Take ``g`` out of its intern table (which may free it); whether it was there."""
    if g._nus is not None:
        table, key = kernel.by_uptimal, g._nus
    else:
        table, key = kernel.by_options, (g._left, g._right)
    if table.get(key) is not g:
        return False
    del table[key]
    return True


def _compact(table: dict) -> None:
    """Rebuild a dict after many deletions (a dict never shrinks by itself)."""
    survivors = dict(table)
    table.clear()
    table.update(survivors)


def _collect() -> int:
    """One collection of the pure kernel's store; returns how many games left the intern tables."""
    state = _collection
    if state["running"]:
        return 0
    state["running"] = True
    try:
        sizes = len(kernel.by_options), len(kernel.by_uptimal)
        # every game before its options: general games newest first (made after their options), then the
        # uptimals tallest first (their options, made on demand, may be newer but are always younger by birth)
        games = sorted(kernel.by_options.values(), key=_id_of, reverse=True)
        games += sorted(kernel.by_uptimal.values(), key=_birthday, reverse=True)
        total = 0
        for _ in range(64):
            found = 0
            unheld = False
            for i in range(len(games)):
                g = games[i]
                if g is None:
                    continue
                games[i] = None
                refs = _kernel_references(g)
                # the references counted: this frame's g, getrefcount's argument, and the kernel's own
                if sys.getrefcount(g) != 2 + refs:
                    games[i] = g
                    continue
                _unlink_negative(g)
                if g._id in _held:
                    memo = g._le_memo
                    if memo is not None:
                        _memo_state["entries"] -= len(memo)
                        g._le_memo = None
                    _held.discard(g._id)
                    unheld = True
                found += _uninterned(g)
            g = None
            if unheld:
                _memo_holders[:] = [h for h in _memo_holders if h._id in _held]
            total += found
            if not found:
                break
        for table, before in zip((kernel.by_options, kernel.by_uptimal), sizes):
            if type(table) is dict and len(table) < before // 2:
                _compact(table)
        if total >= 1024:
            limits.release_free_memory()
        state["collections"] += 1
        state["collected"] += total
        live = _interned_total()
        state["next"] = live + max(COLLECT_FLOOR, live // 2)
        return total
    finally:
        state["running"] = False


def _collect_if_due() -> None:
    if not _collection["running"] and _interned_total() >= _collection["next"]:
        _collect()


def _collect_stats() -> dict:
    return {"collections": _collection["collections"], "collected": _collection["collected"],
            "interned": _interned_total(), "next": _collection["next"]}


# ====================================================================== the active kernel
#: The pure-Python kernel, the reference: its algorithms, and a store of its own (used when it is the active
#: kernel; with the compiled kernel its functions work on the compiled kernel's store, see above).
def _from_options(lefts, rights):
    """The canonical form of ``{lefts | rights}`` when both are lists or tuples of games, else None: the
    public constructor's fast path (the compiled kernel's ``from_options`` does the same in one call)."""
    if type(lefts) not in _SEQUENCES or type(rights) not in _SEQUENCES:
        return None
    for side in (lefts, rights):
        for option in side:
            if not isinstance(option, Game):
                return None
    return _canonical(list(lefts), list(rights))


_SEQUENCES = (list, tuple)


reference = binding.Kernel(
    le=_le, add=_add, canonical=_canonical, from_options=_from_options, intern_general=_intern_general,
    le_deep=_le_deep, add_deep=_add_deep,
    new_game=_new, uptimal=_uptimal, materialise=_materialise, by_options={}, by_uptimal={}, add_memo={},
    memo_holders=_memo_holders, memo_new_holder=_memo_new_holder, collect=_collect, collect_if_due=_collect_if_due,
    collect_stats=_collect_stats, set_sum_memo_budget=_set_sum_memo_budget, memo_stored=_memo_stored, memo_forget=_forget_memos, set_memo_budget=_set_memo_budget,
    memo_stats=_memo_stats, memo_type=dict, set_max_interned=None, block_stats=None, translate_base=None,
    description=binding.kernel_description(), compiled=False)

#: The active kernel's operations and tables (:class:`cgt.kernel.binding.Kernel`), chosen once, here: the
#: compiled kernel bound to Game and to the pure functions it calls back for everything unusual, or the
#: reference.  Every function of this module reaches the kernel through it.
kernel = binding.bind(Game, reference, {
    "uptimal": _uptimal, "uptimal_le": uptimal_le, "uptimal_sum": uptimal_sum, "materialise": _materialise,
    "fill_stops": _fill_stops, "compare_other": _compare_other, "add_other": _add_other, "as_number": _as_number,
    "recognise_uptimal": _recognise_uptimal, "refuse_room": _refuse_room})


@contextlib.contextmanager
def pure_kernel():
    """Within the block, the active kernel's comparison, sum, canonical form and interning of general games are
    the pure reference's (``reference.le``, ...); the store (tables, new games, uptimals) stays the active one.

    The operators of games stay compiled; what this module computes through ``kernel`` (``game()``,
    ``compare``, ``outcome``, subtraction, multiples) uses the reference.  The tests compare the two kernels
    with it: compute under it, ``clear_caches()``, compute again outside (the memo tables are shared, so they
    must be emptied in between).  A no-op with the pure kernel.

    >>> from cgt import up, star
    >>> with pure_kernel():
    ...     kernel.le(star, up), kernel.add(up, star) is up + star
    (False, True)
    """
    names = binding.Kernel.ALGORITHMS
    saved = [getattr(kernel, name) for name in names]
    for name in names:
        setattr(kernel, name, getattr(reference, name))
    try:
        yield reference
    finally:
        for name, value in zip(names, saved):
            setattr(kernel, name, value)


ZERO = _number(0)


# ====================================================================== the kernel's internal interface
# Named entry points for the modules of ``cgt`` that work below the public API (notation, constructors,
# the enumeration of days, the number tower) and for the kernel's tests and benchmarks; nothing outside this
# module uses the kernel's underscore names or a game's fields.  The first ones trust their arguments (options
# already canonical games; number parts ints or dyadic Fractions) and skip the deep-recursion wrapper, so
# callers must already be inside one (``cgt.runtime.deep.deep``).  They are the active kernel's functions
# (pure_kernel() does not swap them).
#
#   negate(g)                     -g
#   add(g, h)                     g + h
#   leq(g, h)                     g <= h
#   canonical_from_lists(L, R)    the canonical form of {L | R} for lists of canonical games
#   intern_canonical(L, R)        the interned {L | R} for options known to form a canonical game that is
#                                 not a closed-form uptimal (those come from trusted_uptimal)
#   trusted_uptimal(x, u, n)      x + u.^ + *n
#   birthday_of(g)                g.birthday
negate = _neg
add = kernel.add
leq = kernel.le
canonical_from_lists = kernel.canonical
from_options = kernel.from_options
intern_canonical = kernel.intern_general
trusted_uptimal = kernel.uptimal
birthday_of = _birthday


def game_id(g: Game) -> int:
    """The game's small integer id (ids follow creation order; equal games share one).

    >>> from cgt import up
    >>> game_id(up) == game_id(-(-up))
    True
    """
    return g._id


def game_cache(g: Game) -> dict:
    """The per-game dictionary where modules keep derived facts (printed text, flags); emptied by
    :func:`clear_caches`.

    >>> from cgt import up
    >>> isinstance(game_cache(up), dict)
    True
    """
    return _extra(g)


def stops_of(g: Game) -> tuple:
    """``(left stop, right stop)`` in the kernel's number types (an int for integers, else a Fraction).

    >>> stops_of(game([3], [game([2], [1])]))
    (3, 2)
    """
    return _left_stop(g), _right_stop(g)


#: The fields of a game, by the names :func:`game_fields` gives them.
FIELDS = ("id", "left", "right", "nus", "hash", "neg", "birthday", "ls", "rs", "lsf", "rsf", "le_memo", "extra")


@deep
def game_fields(g: Game) -> dict:
    """The kernel's fields of ``g`` by name (see :class:`PureGameBase`): for the kernel's tests and memory
    measurements. A field not computed yet is None, except the stops, which the compiled kernel computes when
    read (a game nested thousands deep reads them on the big stack).

    >>> from cgt import up
    >>> fields = game_fields(up)
    >>> fields["nus"], fields["id"] == game_id(up)
    ((0, 1, 0), True)
    """
    return {name: getattr(g, "_" + name) for name in FIELDS}


def interned_counts() -> dict:
    """How many games the kernel holds interned: ``general`` games and ``uptimals`` (each kind has the limit
    :func:`cgt.limits.set_max_interned`).

    >>> sorted(interned_counts())
    ['general', 'uptimals']
    """
    return {"general": len(kernel.by_options), "uptimals": len(kernel.by_uptimal)}
