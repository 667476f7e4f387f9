"""State the law of a ruleset's P-positions from computed data alone.

:func:`guess_law` tries, in order: Beatty pairs ``(floor(n alpha), floor(n beta))`` with a closed-form
``alpha`` (Wythoff and Fraenkel's variants: Mignoty, Renard, Rigo, Whiteland, *Automatic proofs in
combinatorial game theory*, §2-§3); Fraenkel's linear law ``A_n = mex{A_i, B_i : i < n}``,
``B_n = s A_n + m n`` (their §4); a cone ``c a < b < C a`` (Diaconescu, *Computational modelling for
combinatorial game strategies*, §5).  What it states holds for the data up to the bound; it is a
conjecture beyond.

>>> from cgt.experiments.rules import WythoffMoves
>>> print(guess_law(WythoffMoves(), 200))
P-positions (a, b), a <= b <= 200: (floor(n alpha), floor(n beta)), n >= 0, with alpha = GoldenRatio, beta = 1 + GoldenRatio
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from cgt.experiments.patterns import find_beatty, find_cone
from cgt.experiments.positions import p_grid, p_positions

__all__ = ["Law", "guess_law", "linear_law"]


@dataclass(frozen=True)
class Law:
    """A law the P-positions obey up to ``bound``: ``kind`` is ``"beatty"``, ``"linear"`` or ``"cone"``."""

    kind: str
    bound: int
    parameters: dict = field(default_factory=dict)
    text: str = ""

    def __str__(self) -> str:
        return self.text


def linear_law(pairs) -> tuple[int, int] | None:
    """``(s, m)`` when the pairs (sorted, from ``(0, 0)``) are ``A_n = mex{A_i, B_i : i < n}``,
    ``B_n = s A_n + m n``; None otherwise.

    >>> linear_law([(0, 0), (1, 3), (2, 6), (4, 11), (5, 14), (7, 19)])
    (2, 1)
    """
    pairs = sorted(pairs)
    if len(pairs) < 3 or pairs[0] != (0, 0):
        return None
    (a1, b1) = pairs[1]
    for j, (aj, bj) in enumerate(pairs[2:], 2):
        # b1 = s a1 + m and bj = s aj + m j: two equations for s and m.
        det = a1 * j - aj
        if det:
            break
    else:
        return None
    if (b1 * j - bj) % det:
        return None
    s = (b1 * j - bj) // det
    m = b1 - s * a1
    if s < 1 or m < 1:
        return None
    used = set()
    for n, (a, b) in enumerate(pairs):
        mex = 0
        while mex in used:
            mex += 1
        if a != mex or b != s * a + m * n:
            return None
        used.update((a, b))
    return s, m


def guess_law(ruleset, bound: int) -> Law | None:
    """The first of the laws of the module docstring that the P-positions up to ``bound`` obey, or None."""
    pairs = p_positions(ruleset, bound)
    first = [a for a, _ in pairs]
    if len(set(first)) == len(first) and len(pairs) >= 3:
        alpha = find_beatty(pairs)
        if alpha is not None:
            beta = sympy.simplify(alpha / (alpha - 1))
            if sympy.simplify(beta - 1 - alpha) == 0:
                beta = 1 + alpha
            return Law("beatty", bound, {"alpha": alpha, "beta": beta},
                       f"P-positions (a, b), a <= b <= {bound}: (floor(n alpha), floor(n beta)), n >= 0, with "
                       f"alpha = {alpha}, beta = {beta}")
        linear = linear_law(pairs)
        if linear is not None:
            s, m = linear
            return Law("linear", bound, {"s": s, "m": m},
                       f"P-positions (a, b), a <= b <= {bound}: (A_n, B_n) with A_n = mex{{A_i, B_i : i < n}} "
                       f"and B_n = {s} A_n + {m} n")
    cone = find_cone(p_grid(ruleset, bound, bound))
    if cone is not None:
        return Law("cone", bound, {"low": cone.low, "high": cone.high}, str(cone))
    return None
