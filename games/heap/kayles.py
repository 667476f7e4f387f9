"""Kayles and Dawson's Kayles (Winning Ways ch. 4; CGSuite ``game.heap.Kayles``).

Rules (Kayles, code ``0.77``): a position is a collection of rows of pins; a move knocks down one pin or
two adjacent pins, possibly splitting a row in two.  Dawson's Kayles (``0.07``): a move must knock down two
adjacent pins.  Impartial; normal play.  ``Kayles`` and ``DawsonsKayles`` are ruleset instances:
``Kayles(20)`` is a row of 20 pins, ``Kayles(3, 4)`` two rows.

>>> Kayles(20).grundy, DawsonsKayles(20).grundy
(1, 3)
>>> r = Kayles.periodicity()                # Winning Ways: period 12, last exceptional value at n = 70
>>> r.period, r.preperiod, r.certified
(12, 71, True)
>>> DawsonsKayles.periodicity().period      # Winning Ways: period 34
34
"""

from __future__ import annotations

from cgt.games.heap.take_and_break import TakeAndBreak

__all__ = ["Kayles", "DawsonsKayles", "DawsonsChess"]

CATALOGUE = {"Kayles": "game.heap.Kayles", "DawsonsKayles": "game.heap.DawsonsKayles",
             "DawsonsChess": "DawsonsChess"}

Kayles = TakeAndBreak("0.77", name="Kayles")
DawsonsKayles = TakeAndBreak("0.07", name="DawsonsKayles")
DawsonsChess = TakeAndBreak("0.137", name="DawsonsChess")
