"""Nim (Bouton; Faigle Ex. 2.3; Winning Ways ch. 2; CGSuite ``game.heap.Nim``).

Rules: a position is a collection of heaps; a move removes any positive number of tokens from one heap.
Impartial; normal play.  ``Nim`` is a ready-made ruleset instance: ``Nim(5)`` is one heap (value ``*5``),
``Nim(1, 3, 5, 7)`` or ``Nim([1, 3, 5, 7])`` four heaps.  Positions print as heap sizes separated by spaces.
As a take-and-break game Nim is ``"0.[3]"``; as a subtraction game it subtracts all-but-nothing.

>>> str(Nim(5).value), Nim(1, 3, 5, 7).grundy        # Faigle §6.1: *1 + *3 + *5 + *7 = 0
('*5', 0)
>>> [str(m) for m in Nim(1, 3, 5, 4).winning_moves]    # Faigle Ex. 2.14: take the whole heap of 3
['3→0 -> 1 5 4']
>>> str(Nim(1, 1, 1).misere_outcome), str(Nim(2, 2).misere_outcome)     # Bouton's misère rule
('P', 'P')
"""

from __future__ import annotations

from functools import reduce
from operator import xor

from cgt.misere.play import misere_nim_grundy

from cgt.games.heap.subtraction import Subtraction

__all__ = ["Nim"]

CATALOGUE = {"Nim": "game.heap.Nim"}


class _Nim(Subtraction):
    """Nim as a heap ruleset, with closed forms: ``g(n) = n`` and Bouton's rules."""

    name = "Nim"

    def __init__(self) -> None:
        super().__init__((), all_but=True)

    def params(self) -> tuple:
        return ()

    def heap_grundy(self, n: int) -> int:
        """A heap of ``n`` is ``*n``."""
        return n

    def grundy(self, pos) -> int:
        """The nim sum of the heaps (Bouton; Faigle Thm 2.5)."""
        return reduce(xor, pos, 0)

    def grundy_sequence(self, n: int) -> list[int]:
        """``[0, 1, ..., n]``."""
        return list(range(n + 1))

    def winning_moves(self, pos, player=None) -> list:
        """Reduce a heap ``h`` with ``h ^ s < h`` to ``h ^ s``, where ``s`` is the nim sum (Bouton)."""
        s = self.grundy(pos)
        moves = []
        for i, h in enumerate(pos):
            if h ^ s < h:
                rest = (h ^ s,) if h ^ s else ()
                moves.append((f"{h}→{h ^ s}", pos[:i] + rest + pos[i + 1:]))
        return moves

    def misere_grundy(self, pos) -> int:
        """Misère Grundy value by Bouton's misère rule (no search)."""
        return misere_nim_grundy(pos)


Nim = _Nim()
