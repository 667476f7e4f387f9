"""Two-heap rulesets given by a set of moves: Wythoff's variants of Mignoty, Renard, Rigo and Whiteland,
*Automatic proofs in combinatorial game theory* (§2.3-§5), and any user move set.

A *move* ``(k, l)`` removes ``k`` tokens from the first heap and ``l`` from the second (``k, l >= 0``, not
both 0).  A ruleset is *invariant* when the same moves are legal from every position that has enough
tokens (Mignoty et al., §2.3).  Positions are pairs ``(a, b)`` as in :mod:`cgt.games.heap.pair`.

* :class:`InvariantRuleset` -- any move set, given as a predicate ``(k, l) -> bool`` or a finite list;
* :class:`MWythoff` ``(m)`` -- Fraenkel's variant: Nim moves, or ``k > 0`` and ``l > 0`` with
  ``|k - l| < m`` (§3; ``m = 1`` is Wythoff's game);
* :class:`SMWythoff` ``(s, m)`` -- Fraenkel's generalisation: Nim moves, or ``0 < k <= l < s k + m`` (either
  heap first) (§4, Theorem 4.2);
* :data:`RWythoff` and :data:`EWythoff` -- Ho's restriction and extension of Wythoff (§2.3, §2.4); their
  moves depend on which heap is larger, so they are *not* invariant;
* :data:`Base2Wythoff` -- the game of §5 whose move set is everything that is not *forbidden* for the
  target P-positions ``(A, 2A)``, ``rep_2(A)`` ending in an even number of zeros.

Every ruleset here also describes its moves in the form :mod:`cgt.experiments` reads (``first_heap``,
``second_heap``, ``diagonals``, ``extra``, ``allows``; see :mod:`cgt.experiments.rules`), which is what makes
P-positions up to ``10^4`` a matter of seconds.

>>> MWythoff(2)((2, 2)).grundy, [p for p in MWythoff(2).p_positions(10)]
(4, [(0, 0), (1, 3), (2, 6), (4, 10)])
>>> RWythoff.p_positions(13) == EWythoff.p_positions(13) == [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
True
>>> T = InvariantRuleset([(1, 0), (0, 1), (2, 2)], name="T")
>>> T((2, 3)).grundy, T.p_positions(3)
(3, [(0, 0), (0, 2), (1, 1), (1, 3)])
"""

from __future__ import annotations

import numpy as np

from cgt.errors import InvalidPositionError, TooLargeError
from cgt.experiments import grundy_table, p_positions
from cgt.experiments.rules import MoveStructure

from cgt.games.heap.pair import HeapPairRuleset

__all__ = ["InvariantRuleset", "MWythoff", "SMWythoff", "RWythoff", "EWythoff", "Base2Wythoff",
           "TwoHeapMoveRuleset"]

CATALOGUE = {"InvariantRuleset": None, "MWythoff": None, "SMWythoff": None, "RWythoff": None,
             "EWythoff": None, "Base2Wythoff": None}

#: Largest side of the move table an :class:`InvariantRuleset` given by a predicate evaluates.
MAX_TABLE_SIDE = 8_000


class TwoHeapMoveRuleset(MoveStructure, HeapPairRuleset):
    """Base of the rulesets of this module: moves ``(k, l)`` described for :mod:`cgt.experiments`.

    Subclasses set ``first_heap`` / ``second_heap`` (``"all"``: any positive amount from that heap is a move
    from every position; ``"larger"``: only when that heap is at least the other; ``"none"``: decided by
    ``extra``), ``diagonals`` (offsets ``d`` such that every ``(k, k + d)`` with ``k, k + d >= 1`` is a move
    from everywhere) and ``extra(a, b, k, l)`` (vectorised: the remaining moves), and ``invariant``.
    """

    abstract = True

    def normal_form(self, pos):
        """The sorted pair when the move set is symmetric, else the pair itself."""
        if self.symmetric:
            return super().normal_form(pos)
        return tuple(pos), False

    def options(self, pos):
        """The positions one move reaches."""
        a, b = pos
        k, l = np.meshgrid(np.arange(a + 1), np.arange(b + 1), indexing="ij")
        legal = self.allows(a, b, k, l)
        return [(a - int(i), b - int(j)) for i, j in zip(k[legal], l[legal])]

    def moves(self, pos, player=None):
        """``(label, option)``: the label ``(-k,-l)`` says what the move removes."""
        a, b = pos
        return [(f"(-{a - c},-{b - d})", (c, d)) for c, d in self.options(pos)]

    def grundy(self, pos) -> int:
        """The Grundy value, read from an array-based table (:func:`cgt.experiments.grundy_table`)."""
        a, b = pos
        cache = self.table("grundy")
        table = cache.get("array")
        if table is None or table.shape[0] <= a or table.shape[1] <= b:
            side = max(a, b, 2 * (table.shape[0] - 1) if table is not None else 15) + 1
            table = cache["array"] = grundy_table(self, side - 1, side - 1).values
        return int(table[a, b])

    def p_positions(self, bound: int) -> list[tuple[int, int]]:
        """The P-positions ``(a, b)`` with ``a <= b <= bound`` (:func:`cgt.experiments.p_positions`)."""
        return p_positions(self, bound)


class InvariantRuleset(TwoHeapMoveRuleset):
    """An invariant two-heap ruleset given by its moves: a predicate ``moves(k, l) -> bool`` (asked only for
    ``k, l >= 0`` not both 0) or a finite collection of pairs ``(k, l)``.

    ``symmetric=True`` declares that ``(k, l)`` is a move iff ``(l, k)`` is (checked for finite lists, trusted
    for predicates); then the heaps are interchangeable.

    >>> S = InvariantRuleset(lambda k, l: k == l or k * l == 0, name="Wythoff by predicate", symmetric=True)
    >>> S.p_positions(13)
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
    >>> InvariantRuleset([(0, 0)])
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPositionError: InvariantRuleset: (0, 0) is not a move (a move removes at least one token)
    """

    first_heap = "none"
    second_heap = "none"
    has_extra = True

    def __init__(self, moves, name: str | None = None, symmetric: bool | None = None) -> None:
        if callable(moves):
            self.predicate, self.finite = moves, None
            self.symmetric = bool(symmetric)
        else:
            try:
                pairs = [tuple(m) for m in moves]
            except TypeError:
                raise InvalidPositionError(
                    f"InvariantRuleset: {moves!r} is neither a predicate (k, l) -> bool nor a list of moves") from None
            for m in pairs:
                if len(m) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in m):
                    raise InvalidPositionError(f"InvariantRuleset: {m!r} is not a move (k, l) with k, l >= 0")
                if m == (0, 0):
                    raise InvalidPositionError(
                        "InvariantRuleset: (0, 0) is not a move (a move removes at least one token)")
            self.predicate, self.finite = None, frozenset(pairs)
            mirror = all((l, k) in self.finite for k, l in self.finite)
            if symmetric and not mirror:
                raise InvalidPositionError("InvariantRuleset: symmetric=True but the move list is not symmetric")
            self.symmetric = mirror if symmetric is None else bool(symmetric)
        if name is not None:
            self.name = name

    def params(self) -> tuple:
        return (self.predicate, self.finite)

    def __repr__(self) -> str:
        if self.name is not None:
            return self.name
        if self.finite is not None:
            return f"InvariantRuleset({sorted(self.finite)})"
        return f"InvariantRuleset({getattr(self.predicate, '__name__', self.predicate)})"

    def _label(self) -> str:
        return repr(self)

    def move_table(self, n: int) -> np.ndarray:
        """``table[k, l]``: whether ``(k, l)`` is a move, for ``0 <= k, l <= n`` (grown and kept in the
        ruleset's tables, which ``cgt.clear_caches()`` empties)."""
        memo = self.table("moves")
        kept = memo.get("array", np.zeros((0, 0), dtype=bool))
        if kept.shape[0] <= n:
            if n >= MAX_TABLE_SIDE:
                raise TooLargeError(f"{self._label()}: a move table of side {n + 1} is over the limit of "
                                    f"{MAX_TABLE_SIDE}")
            side = max(n + 1, 2 * kept.shape[0], 16)
            table = np.zeros((side, side), dtype=bool)
            if self.finite is not None:
                for k, l in self.finite:
                    if k < side and l < side:
                        table[k, l] = True
            else:
                table = _evaluate(self.predicate, side)
                table[0, 0] = False
            kept = memo["array"] = table
        return kept[: n + 1, : n + 1]

    def extra(self, a, b, k, l):
        """Look the moves up in the move table."""
        k, l = np.asarray(k), np.asarray(l)
        if k.size == 0:
            return np.zeros(k.shape, dtype=bool)
        table = self.move_table(int(max(k.max(), l.max())))
        return table[k, l]

    def allows(self, a, b, k, l):
        """Which moves ``(k, l)`` are in the move set (the position does not matter: invariant)."""
        return self.extra(a, b, k, l) & ((np.asarray(k) > 0) | (np.asarray(l) > 0))


def _evaluate(predicate, side: int) -> np.ndarray:
    """The predicate on every ``(k, l)`` with ``0 <= k, l < side``: vectorised when it accepts arrays."""
    k, l = np.meshgrid(np.arange(side), np.arange(side), indexing="ij")
    try:
        values = np.asarray(predicate(k, l))
        if values.shape == k.shape and values.dtype == bool:
            return values.copy()
    except (TypeError, ValueError):
        pass
    table = np.zeros((side, side), dtype=bool)
    for i in range(side):
        for j in range(side):
            if i or j:
                table[i, j] = bool(predicate(i, j))
    return table


class MWythoff(TwoHeapMoveRuleset):
    """Fraenkel's variant of Wythoff's game (Mignoty et al., §3; A. S. Fraenkel, "How to beat your Wythoff
    games' opponent on three fronts", 1982): take any positive amount from one heap, or ``k > 0`` from one
    and ``l > 0`` from the other with ``|k - l| < m``.  ``MWythoff(1)`` is Wythoff's game.  The
    P-positions are ``(floor(n a), floor(n a) + m n)``, ``a = (2 - m + sqrt(m^2 + 4)) / 2 = [1; m, m, ...]``.

    >>> MWythoff(3).p_positions(20)
    [(0, 0), (1, 4), (2, 8), (3, 12), (5, 17)]
    """

    def __init__(self, m: int) -> None:
        if not isinstance(m, int) or isinstance(m, bool) or m < 1:
            raise InvalidPositionError(f"MWythoff: m = {m!r} is not a positive integer")
        self.m = m
        self.diagonals = tuple(range(1 - m, m))

    def params(self) -> tuple:
        return (self.m,)

    def __repr__(self) -> str:
        return f"MWythoff({self.m})"

    def _label(self) -> str:
        return repr(self)


class SMWythoff(TwoHeapMoveRuleset):
    """Fraenkel's ``(s, m)`` generalisation (Mignoty et al., §4, Theorem 4.2): take any positive amount from
    one heap, or ``k`` from one and ``l`` from the other with ``0 < k <= l < s k + m``.  ``SMWythoff(1, m)``
    is :class:`MWythoff` ``(m)``.  The P-positions satisfy ``B_n = s A_n + m n``.

    >>> SMWythoff(2, 1).p_positions(20)
    [(0, 0), (1, 3), (2, 6), (4, 11), (5, 14), (7, 19)]
    """

    def __init__(self, s: int, m: int) -> None:
        for name, x in (("s", s), ("m", m)):
            if not isinstance(x, int) or isinstance(x, bool) or x < 1:
                raise InvalidPositionError(f"SMWythoff: {name} = {x!r} is not a positive integer")
        self.s, self.m = s, m
        # (k, k + d) with d >= 0 is a move for every k >= 1 iff d < (s - 1) + m: those are whole diagonals.
        width = s + m - 2
        self.diagonals = tuple(range(-width, width + 1))
        self.has_extra = s > 1

    def params(self) -> tuple:
        return (self.s, self.m)

    def __repr__(self) -> str:
        return f"SMWythoff({self.s}, {self.m})"

    def _label(self) -> str:
        return repr(self)

    def extra(self, a, b, k, l):
        """``0 < k <= l < s k + m`` either way round."""
        k, l = np.asarray(k), np.asarray(l)
        small, large = np.minimum(k, l), np.maximum(k, l)
        return (small > 0) & (large < self.s * small + self.m)


class _RWythoff(TwoHeapMoveRuleset):
    """R-Wythoff (N. B. Ho; Mignoty et al., §2.3): remove any positive amount from the larger heap (either
    heap when they are equal), or the same amount from both.  Not invariant.  Its P-positions are
    Wythoff's (Theorem 2.12); its Grundy-value-1 positions are ``(2, 2)``, ``(4, 6)`` and
    ``(floor(n phi) - 1, floor(n phi) + n - 1)``, ``n >= 1``, ``n != 2`` (Theorem 2.15).

    >>> [str(m) for m in RWythoff((2, 3)).moves()]
    ['(-0,-1) -> 2 2', '(-0,-2) -> 2 1', '(-0,-3) -> 2 0', '(-1,-1) -> 1 2', '(-2,-2) -> 0 1']
    """

    name = "RWythoff"
    first_heap = "larger"
    second_heap = "larger"
    diagonals = (0,)
    invariant = False

    def _label(self) -> str:
        return "RWythoff"


class _EWythoff(TwoHeapMoveRuleset):
    """E-Wythoff (N. B. Ho; Mignoty et al., §2.4): Wythoff's moves, and removing ``k`` from the smaller heap
    (either heap when they are equal) and ``0 < l < k`` from the other.  Not invariant.  Its P-positions are
    Wythoff's (Theorem 2.17); its Grundy-value-1 positions are ``(floor(n phi) - 1, floor(n phi) + n - 1)``,
    ``n >= 1`` (Theorem 2.18).

    >>> len(EWythoff((3, 3)).options), len(EWythoff((2, 3)).options)
    (15, 8)
    """

    name = "EWythoff"
    diagonals = (0,)
    has_extra = True
    invariant = False

    def _label(self) -> str:
        return "EWythoff"

    def extra(self, a, b, k, l):
        """More from the smaller heap than from the larger (``k != l`` when the heaps are equal)."""
        k, l = np.asarray(k), np.asarray(l)
        both = (k > 0) & (l > 0)
        if a < b:
            return both & (k > l)
        if a > b:
            return both & (l > k)
        return both & (k != l)


def even_valuation(x):
    """Whether each ``x`` (array or int, ``x >= 1``) has an even 2-adic valuation (``rep_2`` ends in an even
    number of zeros); ``x = 0`` counts as yes (the P-position ``(0, 0)``).

    >>> even_valuation(np.array([0, 1, 2, 3, 4, 8, 12, 16]))
    array([ True,  True, False,  True,  True, False,  True,  True])
    """
    x = np.asarray(x, dtype=np.int64)
    low = x & -x
    return (x == 0) | ((low & 0x5555555555555555) != 0)


class _Base2Wythoff(TwoHeapMoveRuleset):
    """The base-2 Wythoff-like game of Mignoty et al., §5: the target P-positions are ``(A, 2A)`` and
    ``(2A, A)`` with ``rep_2(A)`` ending in an even number of zeros (``A`` in OEIS A003159), and the moves
    are all pairs that are not *forbidden*, i.e. not the difference of two target positions.

    The forbidden set in closed form (our derivation, checked against the paper's list in the tests):
    two targets of the same kind differ by ``(d, 2d)`` or ``(2d, d)``, and every ``d >= 1`` occurs
    (``A = 4^j`` with ``4^j`` above ``d`` when ``v_2(d)`` is even, ``A = 2^(v_2(d) - 1)`` when it is odd);
    ``(2B, B) - (A, 2A) = (k, l)`` forces ``B = 2A + l`` and ``3A = k - 2l``, so ``A`` is determined.  The
    move set contains all of Wythoff's moves (Remark 5.2), which makes it a Nim-extension.

    >>> [n for n in range(1, 51) if not Base2Wythoff.allows(9, 99, 1, n)]
    [2, 5, 11, 14, 17, 23, 29, 35, 38, 41, 47, 50]
    >>> Base2Wythoff.p_positions(16)
    [(0, 0), (1, 2), (3, 6), (4, 8), (5, 10), (7, 14)]
    """

    name = "Base2Wythoff"
    diagonals = (0,)
    has_extra = True

    def _label(self) -> str:
        return "Base2Wythoff"

    def extra(self, a, b, k, l):
        """Not forbidden (see the class docstring)."""
        k, l = np.asarray(k, dtype=np.int64), np.asarray(l, dtype=np.int64)
        return (k > 0) & (l > 0) & ~forbidden_base2(k, l) & ~forbidden_base2(l, k)

    def allows(self, a, b, k, l):
        """Vectorised; a scalar in, a bool out."""
        result = super().allows(a, b, k, l)
        return bool(result) if np.ndim(result) == 0 else result


def forbidden_base2(k, l):
    """One half of the forbidden set of :data:`Base2Wythoff`: ``l == 2k``, or ``(2B, B) - (A, 2A) = (k, l)``
    for targets ``A``, ``B = 2A + l`` with ``3A = k - 2l``.

    >>> forbidden_base2(np.array([1, 7, 1]), np.array([2, 2, 3]))
    array([ True,  True, False])
    """
    k, l = np.asarray(k, dtype=np.int64), np.asarray(l, dtype=np.int64)
    r = k - 2 * l
    small = np.where(r >= 0, r // 3, 0)
    mixed = (r >= 0) & (r % 3 == 0) & even_valuation(small) & even_valuation(2 * small + l)
    return ((l == 2 * k) & (k > 0)) | mixed


RWythoff = _RWythoff()
EWythoff = _EWythoff()
Base2Wythoff = _Base2Wythoff()
for _ruleset in (RWythoff, EWythoff, Base2Wythoff):
    _ruleset.examples = ((3, 5), (6, 4), (7, 9))
