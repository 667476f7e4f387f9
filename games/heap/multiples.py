"""The KöMaL two-heap "multiples" game (Diaconescu, *Computational modelling for combinatorial game strategies*, Example 1; KöMaL, December 2021).

Rules: two heaps of sizes ``A`` and ``B``; a move takes from one heap a positive multiple of ``A`` or of
``B`` (the current sizes; a multiple of 0 is never positive).  The player who takes the last token wins
(normal play).  Impartial.  ``Multiples`` is a ruleset instance; ``Multiples(3, 5)`` is the position with
heaps 3 and 5, as written.  A move is labelled by what it removes: ``(-3,0)`` takes 3 from the first heap.

Diaconescu proves (Corollary 5.2) that the second player (Benny) wins exactly when ``n/phi < k < phi*n`` (or both heaps are
empty), phi the golden ratio (Proposition 5.1, Corollary 5.2); :meth:`Multiples.golden_p_position` tests
this with exact integer arithmetic.

>>> M = Multiples
>>> str(M(3, 4).outcome), str(M(3, 5).outcome), M.golden_p_position(3, 4), M.golden_p_position(3, 5)
('P', 'N', True, False)
>>> [str(m) for m in M(3, 5).winning_moves]
['(0,-3) -> 3 2']
"""

from __future__ import annotations

from cgt.games.heap.pair import HeapPairRuleset

__all__ = ["Multiples"]

CATALOGUE = {"Multiples": "Multiples"}


class _Multiples(HeapPairRuleset):
    """Take a multiple of either heap's size from one heap."""

    name = "Multiples"

    def _label(self) -> str:
        return "Multiples"

    def moves(self, pos, player=None):
        """From either heap, remove ``t*A`` or ``t*B`` (``t >= 1``) tokens: one move per heap and amount."""
        a, b = pos
        units = [u for u in {a, b} if u]
        result = []
        for i, h in enumerate(pos):
            amounts = sorted({m for u in units for m in range(u, h + 1, u)})
            for m in amounts:
                label = f"(-{m},0)" if i == 0 else f"(0,-{m})"
                result.append((label, (a - m, b) if i == 0 else (a, b - m)))
        return result

    def options(self, pos):
        """The positions one move reaches, one per move."""
        return [option for _, option in self.moves(pos)]

    @staticmethod
    def golden_p_position(n: int, k: int) -> bool:
        """Diaconescu's law (Corollary 5.2): ``(n, k)`` is a P-position iff both are 0 or ``n/phi < k < phi*n``.

        With ``phi = (1 + sqrt 5)/2``: ``k < phi n`` iff ``2k - n < n sqrt 5`` and ``k > n/phi`` iff
        ``n < phi k``; both are decided exactly in integers.
        """
        if n == 0 and k == 0:
            return True

        def less_than_phi_times(x: int, y: int) -> bool:     # x < phi * y, for x, y >= 0
            d = 2 * x - y
            return d < 0 or d * d < 5 * y * y

        return less_than_phi_times(k, n) and less_than_phi_times(n, k)


Multiples = _Multiples()
Multiples.examples = ((3, 10), (2, 7), (5, 12))
