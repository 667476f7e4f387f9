"""Subtraction games (Backhouse §4.3; Winning Ways ch. 4; CGSuite ``Subtraction``).

Rules: a position is a collection of heaps; a move removes ``s`` tokens from one heap, where ``s`` belongs
to the *subtraction set* ``S`` -- or, with ``all_but=True``, where ``s >= 1`` is *not* in ``S``.  Impartial;
normal play (the player who cannot move loses).  Positions print as heap sizes separated by spaces.

>>> Subtraction([1, 3, 4]).grundy_sequence(13)      # Backhouse Table 4.1: L at 0, 2 (mod 7)
[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
>>> r = Subtraction([1, 3, 4]).periodicity()
>>> r.period, r.preperiod, r.certified
(7, 0, True)
>>> [str(m) for m in Subtraction([1, 3, 4])(10).winning_moves]     # remove 1 or 3
['10→9 -> 9', '10→7 -> 7']
>>> Subtraction([1, 2], all_but=True).grundy_sequence(8)            # remove 3 or more only
[0, 0, 0, 1, 1, 1, 2, 2, 2]
"""

from __future__ import annotations

from cgt.runtime.arguments import integer_argument
from cgt.errors import InvalidPositionError

from cgt.games.heap.ruleset import HeapRuleset
from cgt.games.heap.periodicity import Periodicity, find_certified_period, state_period

__all__ = ["Subtraction"]

CATALOGUE = {"Subtraction": "game.heap.Subtraction"}


def _subtraction_set(values, all_but: bool) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)):
        raise InvalidPositionError(f"subtraction set {values!r} must be a collection of positive integers")
    try:
        items = tuple(values)
    except TypeError:
        raise InvalidPositionError(f"subtraction set {values!r} must be a collection of positive integers") from None
    items = tuple(integer_argument(s, "subtraction set element", minimum=1, error=InvalidPositionError)
                  for s in items)
    result = tuple(sorted(set(items)))
    if not result and not all_but:
        raise InvalidPositionError("the subtraction set is empty: no move would ever be possible")
    return result


class Subtraction(HeapRuleset):
    """The subtraction game with subtraction set ``subtraction_set`` (or all but it).

    >>> Subtraction([2, 5, 6])(7).grundy, Subtraction([0])
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPositionError: subtraction set element needs a positive integer, got 0
    """

    def __init__(self, subtraction_set, all_but: bool = False) -> None:
        self.all_but = bool(all_but)
        self.subtraction_set = _subtraction_set(subtraction_set, self.all_but)
        self._members = frozenset(self.subtraction_set)

    def params(self) -> tuple:
        return (list(self.subtraction_set), self.all_but) if self.all_but else (list(self.subtraction_set),)

    def __repr__(self) -> str:
        if self.name is not None:
            return self.name
        extra = ", all_but=True" if self.all_but else ""
        return f"{type(self).__name__}({list(self.subtraction_set)!r}{extra})"

    def allowed(self, s: int) -> bool:
        """Whether removing ``s`` tokens is a legal move (given a heap of at least ``s``)."""
        return s >= 1 and ((s not in self._members) if self.all_but else (s in self._members))

    def heap_options(self, n: int):
        """``(n - s,)`` for each allowed ``s <= n``, largest remaining heap first."""
        if self.all_but:
            return [(n - s,) for s in range(1, n + 1) if s not in self._members]
        return [(n - s,) for s in self.subtraction_set if s <= n]

    def _extend(self, n: int) -> None:
        seq = self.known_grundy_values()
        if not self.all_but:
            subs = self.subtraction_set
            for m in range(len(seq), n + 1):
                seen = 0
                for s in subs:
                    if s > m:
                        break
                    seen |= 1 << seq[m - s]
                seq.append((~seen & (seen + 1)).bit_length() - 1)      # mex of a bit set
            return
        # All-but: every heap below m - e is an option (e = max excluded), so keep the set of values seen
        # before m - e and its mex, and add the few options in the last e positions.
        e = self.subtraction_set[-1] if self.subtraction_set else 0
        state = self.__dict__.setdefault("_allbut", {"present": set(), "mu": 0, "upto": 0})
        present = state["present"]
        for m in range(len(seq), n + 1):
            while state["upto"] < m - e:
                present.add(seq[state["upto"]])
                state["upto"] += 1
            while state["mu"] in present:
                state["mu"] += 1
            recent = {seq[m - s] for s in range(1, min(e, m) + 1) if s not in self._members}
            g = state["mu"]
            while g in present or g in recent:
                g += 1
            seq.append(g)

    def clear_cache(self) -> None:
        """Forget memoised values and sequences."""
        super().clear_cache()
        self.__dict__.pop("_allbut", None)

    def periodicity(self, limit: int = 100_000) -> Periodicity:
        """Period and preperiod, certified by the repeated-window argument (Backhouse §4.3) for a finite
        set, or by a repeated state for an all-but set (with saltus: arithmetic periodicity).

        >>> print(Subtraction([2, 5, 6]).periodicity())
        Subtraction([2, 5, 6]): period 11, preperiod 0 (purely periodic); certified by the repeated-window argument (Backhouse §4.3): values compared up to n = 16
        """
        if self.all_but:
            return state_period(self.grundy_sequence, frozenset(self.subtraction_set), limit, name=repr(self))
        big_m = self.subtraction_set[-1]

        def required(n0: int, p: int) -> int:
            # g(n) depends only on g(n-M..n-1): equal windows of M values at n0 and n0 + p repeat forever.
            return n0 + big_m - 1 + p

        return find_certified_period(self.grundy_sequence, required, limit,
                                     "the repeated-window argument (Backhouse §4.3)", name=repr(self))
