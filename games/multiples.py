"""The KöMaL two-heap "multiples" game (seed 000: Diaconescu, Example 1; KöMaL, December 2021).

Rules: two heaps of sizes ``A`` and ``B``; a move takes from one heap a positive multiple of ``A`` or of
``B`` (the current sizes; a multiple of 0 is never positive).  The player who takes the last token wins
(normal play).  Impartial.  Positions are sorted pairs; ``Multiples()((3, 5))``.

The seed proves that the second player (Benny) wins exactly when ``n/phi < k < phi*n`` (or both heaps are
empty), phi the golden ratio (Proposition 5.1, Corollary 5.2); :meth:`Multiples.golden_p_position` tests
this with exact integer arithmetic.

>>> M = Multiples()
>>> str(M((3, 4)).outcome), str(M((3, 5)).outcome), M.golden_p_position(3, 4), M.golden_p_position(3, 5)
('P', 'N', True, False)
>>> [str(p) for p in M((3, 5)).winning_moves]
['2 3']
"""

from __future__ import annotations


from cgt.errors import InvalidPositionError

from cgt.games.ruleset import ImpartialRuleset

__all__ = ["Multiples"]


class Multiples(ImpartialRuleset):
    """Take a multiple of either heap's size from one heap."""

    def normalize(self, pos) -> tuple[int, int]:
        """A sorted pair of non-negative heap sizes."""
        try:
            a, b = pos
        except (TypeError, ValueError):
            raise InvalidPositionError(f"Multiples: {pos!r} is not a pair of heap sizes") from None
        for h in (a, b):
            if not isinstance(h, int) or isinstance(h, bool) or h < 0:
                raise InvalidPositionError(f"Multiples: heap size {h!r} is not a non-negative integer")
        return (a, b) if a <= b else (b, a)

    def format(self, pos) -> str:
        """``"a b"``."""
        return f"{pos[0]} {pos[1]}"

    def parse(self, text: str) -> tuple[int, int]:
        """``"3 5"`` or ``"(3, 5)"``."""
        parts = text.strip().strip("()[]").replace(",", " ").split()
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise InvalidPositionError(f"Multiples: cannot parse {text!r} (want two heap sizes, e.g. '3 5')")
        return self.normalize((int(parts[0]), int(parts[1])))

    def options(self, pos):
        """From either heap, remove ``t*A`` or ``t*B`` (``t >= 1``) tokens."""
        a, b = pos
        units = {u for u in (a, b) if u}
        result = {}
        for i, h in enumerate(pos):
            other = pos[1 - i]
            for u in units:
                for left in range(h - u, -1, -u):
                    result.setdefault(self.normalize((left, other)), None)
        return list(result)

    @staticmethod
    def golden_p_position(n: int, k: int) -> bool:
        """The seed's law: ``(n, k)`` is a P-position iff both are 0 or ``n/phi < k < phi*n``.

        With ``phi = (1 + sqrt 5)/2``: ``k < phi n`` iff ``2k - n < n sqrt 5`` and ``k > n/phi`` iff
        ``n < phi k``; both are decided exactly in integers.
        """
        if n == 0 and k == 0:
            return True

        def less_than_phi_times(x: int, y: int) -> bool:     # x < phi * y, for x, y >= 0
            d = 2 * x - y
            return d < 0 or d * d < 5 * y * y

        return less_than_phi_times(k, n) and less_than_phi_times(n, k)
