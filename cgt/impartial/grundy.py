"""The Sprague–Grundy reducer for impartial games.

An impartial game is given by any hashable *position* and a move function ``options(position)`` that
returns the positions reachable in one move.  The Sprague–Grundy theorem (Faigle, Thm 2.4; Winning Ways
ch. 3) says every such (short) game equals a single nimber ``*g``; ``g`` is the *Grundy value* and is the
mex (minimal excludant) of the Grundy values of the options.  The Grundy value of a disjunctive sum is the
nim sum (XOR) of the values of its components (Faigle, Thm 2.5), so a position that splits into independent
components is evaluated component by component.

>>> heaps = lambda n: range(n)                      # Nim: a heap of n may be reduced to any smaller heap
>>> grundy(5, heaps)
5
>>> subtract_134 = lambda n: [n - s for s in (1, 3, 4) if s <= n]
>>> [grundy(n, subtract_134) for n in range(14)]    # Backhouse Table 4.1: losing at 0, 2 (mod 7)
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
>>> winning_moves(9, subtract_134)
[]
>>> winning_moves(10, subtract_134)       # 10 -> 9 or 10 -> 7, both losing positions
[9, 7]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from functools import reduce
from operator import xor

from cgt.runtime.walk import postorder
from cgt.runtime.arguments import integer_argument, is_integer_value

__all__ = ["mex", "nim_sum", "grundy", "winning_moves", "outcome_of_grundy"]

OptionsFn = Callable[[Hashable], Iterable[Hashable]]
ComponentsFn = Callable[[Hashable], Iterable[Hashable]]


def mex(values: Iterable[int]) -> int:
    """The minimal excludant: the least non-negative integer not among ``values``.

    >>> mex([0, 1, 3]), mex([]), mex([2, 5])
    (2, 0, 0)
    """
    seen = set(values)
    g = 0
    while g in seen:
        g += 1
    return g


def nim_sum(*values) -> int:
    """The nim sum (bitwise XOR) of non-negative integers; also accepts one iterable.

    This is the Grundy value of a sum of games with the given Grundy values (Faigle, Thm 2.5).

    >>> nim_sum(1, 3, 5, 7), nim_sum([1, 3, 5, 4]), nim_sum()
    (0, 3, 0)
    """
    if len(values) == 1 and not is_integer_value(values[0]):
        values = tuple(values[0])
    return reduce(xor, (integer_argument(v, "nim_sum: nim value", minimum=0) for v in values), 0)


def grundy(position, options: OptionsFn, components: ComponentsFn | None = None,
           cache: dict | None = None) -> int:
    """The Grundy value of ``position`` under the move function ``options``.

    Iterative depth-first search (:func:`cgt.runtime.walk.postorder`: no recursion limit) with a memo table.
    ``components(pos)``, if given, returns the independent parts whose disjunctive sum is ``pos`` (returning
    ``[pos]`` itself means "indivisible"); their values are XORed (Faigle, Thm 2.5).  ``cache`` is an
    optional dict to share the memo between calls.  A position met again on the search stack means the game
    is loopy and raises :class:`~cgt.errors.NotShortGameError`.

    >>> def kayles(rows):    # rows of pins; knock down 1 or 2 adjacent pins (Kayles, 0.77)
    ...     return [tuple(sorted(rows[:i] + rows[i + 1:] + tuple(x for x in (a, r - k - a) if x)))
    ...             for i, r in enumerate(rows) for k in (1, 2) for a in range(r - k + 1)]
    >>> [grundy((n,), kayles, lambda rows: [(r,) for r in rows]) for n in range(8)]
    [0, 1, 2, 3, 1, 4, 3, 2]
    >>> grundy(0, lambda n: [1 - n])
    Traceback (most recent call last):
    ...
    cgt.errors.NotShortGameError: position 0 is met again on the search stack: the game is loopy (not short)
    """
    memo = {} if cache is None else cache
    if position in memo:                    # fast path for the many repeated look-ups of a shared cache
        return memo[position]

    def expand(pos):
        # (True, parts) for a position that splits into components (XOR their values, Faigle Thm 2.5),
        # else (False, options) (mex of their values, Sprague-Grundy).
        if components is not None:
            parts = list(components(pos))
            if len(parts) != 1 or parts[0] != pos:
                return True, parts
        return False, options(pos)

    def combine(is_sum, values):
        return reduce(xor, values, 0) if is_sum else mex(values)

    return postorder(position, expand, combine, memo)


def winning_moves(position, options: OptionsFn, components: ComponentsFn | None = None,
                  cache: dict | None = None) -> list:
    """The options of ``position`` whose Grundy value is 0: the moves that win in normal play.

    Empty exactly when ``position`` is a P-position (Grundy value 0).

    >>> nim = lambda heaps: [tuple(sorted(heaps[:i] + (k,) + heaps[i + 1:]))
    ...                      for i, h in enumerate(heaps) for k in range(h)]
    >>> winning_moves((1, 3, 5, 4), nim, lambda hs: [(h,) for h in hs])   # Faigle Ex. 2.14
    [(0, 1, 4, 5)]
    """
    memo = {} if cache is None else cache
    result = []
    for option in options(position):
        if grundy(option, options, components, memo) == 0:
            result.append(option)
    return result


def outcome_of_grundy(g: int):
    """The normal-play outcome class of a position with Grundy value ``g``: ``P`` if 0, else ``N``.

    >>> str(outcome_of_grundy(0)), str(outcome_of_grundy(3))
    ('P', 'N')
    """
    from cgt.kernel.outcome import Outcome

    return Outcome.P if g == 0 else Outcome.N
