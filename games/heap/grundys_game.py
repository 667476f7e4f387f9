"""Grundy's game (Winning Ways ch. 4; CGSuite ``game.heap.GrundysGame``).

Rules: a position is a collection of heaps; a move splits one heap into two non-empty heaps of *different*
sizes.  Impartial; normal play.  As a take-and-break code it is ``"4!.0"`` (split without removing, ``!``:
the heaps left must be unequal).  ``GrundysGame(7)`` is a heap of 7.  No period is known (Winning Ways).

>>> GrundysGame.grundy_sequence(20)         # Winning Ways ch. 4 / OEIS A002188
[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
>>> [str(p) for p in GrundysGame(7).options]
['1 6', '2 5', '3 4']
"""

from __future__ import annotations

from cgt.games.heap.take_and_break import TakeAndBreak

__all__ = ["GrundysGame"]

CATALOGUE = {"GrundysGame": "game.heap.GrundysGame"}

GrundysGame = TakeAndBreak("4!.0", name="GrundysGame")
