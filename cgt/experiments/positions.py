"""P-positions of two-heap rulesets, and conjecture checking by the stable-and-absorbing criterion.

A set ``S`` of positions is the set of P-positions of an acyclic impartial game iff it is *stable* (no move
joins two members) and *absorbing* (every other position has a move into ``S``): Mignoty, Renard, Rigo and
Whiteland, *Automatic proofs in combinatorial game theory*, Proposition 2.3.  Positions with both heaps at
most ``N`` form a box closed under moves, so a check over the box proves that ``S`` and the P-positions
agree *inside the box* -- no more: beyond ``N`` it is evidence, not proof.  Grundy-value-1 positions are
checked the same way after removing the P-positions (their Lemma 2.14).

>>> from cgt.experiments.rules import WythoffMoves
>>> p_positions(WythoffMoves(), 13)
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
>>> print(check_stable_absorbing(WythoffMoves(), lambda a, b: a == b, 5))
not stable: (1, 1) and (0, 0) are both in the candidate set, and (1, 1) moves to (0, 0)
"""

from __future__ import annotations

import numpy as np

from cgt.errors import InvalidPositionError, TooLargeError

from cgt.experiments.rules import Rules
from cgt.experiments.sweep import Counterexample, check_set, p_set

__all__ = ["p_positions", "p_grid", "check_stable_absorbing", "check_grundy_one", "candidate_grid",
           "MAX_BOUND", "Counterexample", "bound_argument"]

#: Largest bound accepted (the sweeps keep a few arrays of this length per row).
MAX_BOUND = 200_000
#: Largest box (cells) that a candidate-set check builds as an array.
MAX_CELLS = 60_000_000


def bound_argument(bound, what: str = "bound") -> int:
    """``bound`` checked: a non-negative integer up to :data:`MAX_BOUND`, else a one-line error."""
    if not isinstance(bound, int) or isinstance(bound, bool) or bound < 0:
        raise InvalidPositionError(f"{what} {bound!r} is not a non-negative integer")
    if bound > MAX_BOUND:
        raise TooLargeError(f"{what} {bound} is over the limit of {MAX_BOUND}")
    return bound


def p_positions(ruleset, bound: int) -> list[tuple[int, int]]:
    """The P-positions ``(a, b)`` with ``a <= b <= bound``, sorted.

    For rulesets whose moves are not symmetric the box ``a, b <= bound`` is searched and only the pairs
    with ``a <= b`` are listed (:func:`p_grid` has them all).
    """
    bound = bound_argument(bound)
    return sorted((a, b) for a, b in p_set(Rules(ruleset), bound, bound) if a <= b)


def p_grid(ruleset, rows: int, cols: int) -> np.ndarray:
    """A boolean array: ``grid[a, b]`` is true iff ``(a, b)`` is a P-position."""
    rows, cols = bound_argument(rows, "rows"), bound_argument(cols, "cols")
    grid = np.zeros((rows + 1, cols + 1), dtype=bool)
    for a, b in p_set(Rules(ruleset), rows, cols):
        grid[a, b] = True
    return grid


def candidate_grid(predicate, bound: int) -> np.ndarray:
    """``predicate(a, b)`` on the box ``0 <= a, b <= bound`` (vectorised when it accepts numpy arrays)."""
    bound = bound_argument(bound)
    if (bound + 1) ** 2 > MAX_CELLS:
        raise TooLargeError(f"a candidate set over a box of side {bound + 1} is over the limit of "
                            f"{MAX_CELLS} cells")
    a, b = np.arange(bound + 1)[:, None], np.arange(bound + 1)[None, :]   # broadcast: no index arrays kept
    try:
        values = np.asarray(predicate(a, b))
        if values.shape == (bound + 1, bound + 1) and values.dtype == bool:
            return values
    except (TypeError, ValueError, IndexError):
        pass
    return np.array([[bool(predicate(i, j)) for j in range(bound + 1)] for i in range(bound + 1)], dtype=bool)


def check_stable_absorbing(ruleset, predicate, bound: int, name: str = "the candidate set"):
    """``None`` if ``{(a, b) : predicate(a, b)}`` is stable and absorbing on the positions with both heaps
    at most ``bound`` (so it *is* the set of P-positions there), else the first
    :class:`~cgt.experiments.sweep.Counterexample` in row-major order, whose ``str`` says why."""
    return check_set(Rules(ruleset), candidate_grid(predicate, bound), name)


def check_grundy_one(ruleset, predicate, bound: int, p_predicate=None, name: str = "the candidate set"):
    """``None`` if ``{(a, b) : predicate(a, b)}`` is exactly the set of positions of Grundy value 1 among
    those with both heaps at most ``bound``, else a :class:`~cgt.experiments.sweep.Counterexample`.

    The method of Mignoty et al., Lemma 2.14: remove the P-positions (given by ``p_predicate``, else
    computed); the Grundy-1 positions are the P-positions of what remains, so the candidate must avoid the
    P-positions, be stable, and absorb every position outside it and the P-positions.
    """
    member = candidate_grid(predicate, bound)
    if p_predicate is None:
        ppos = p_grid(ruleset, bound, bound)
    else:
        ppos = candidate_grid(p_predicate, bound)
    clash = np.argwhere(member & ppos)
    if clash.size:
        a, b = (int(x) for x in clash[0])
        return Counterexample((a, b), "P-position", None,
                              f"({a}, {b}) is in {name} but is a P-position (Grundy value 0)")
    return check_set(Rules(ruleset), member, name, ignore=ppos)
