"""Outcome classes of loopy games, where play may go on forever (a draw).

Each starting player either wins, loses or draws, so there are nine classes; CGSuite's names
(Siegel, *Combinatorial Game Theory*, ch. VI, the outcome classes of loopy games): ``L``, ``R``,
``N``, ``P``, ``D`` (a draw whoever starts) and the four mixed ones ``PHat`` (Left wins when Right
starts, a draw when Left starts), ``PCheck`` (Right wins when Left starts, draw otherwise), ``NHat``
(Left wins moving first, draw when Right starts) and ``NCheck`` (Right wins moving first, draw when
Left starts).

>>> str(LoopyOutcome.from_results("L", "D")), str(LoopyOutcome.from_results("D", "D"))
('NHat', 'D')
"""

from __future__ import annotations

import enum

__all__ = ["LoopyOutcome"]


class LoopyOutcome(enum.Enum):
    """A loopy outcome class; the value is the pair (result when Left starts, result when Right starts)."""

    L = ("L", "L")
    R = ("R", "R")
    N = ("L", "R")
    P = ("R", "L")
    D = ("D", "D")
    PHat = ("D", "L")
    PCheck = ("R", "D")
    NHat = ("L", "D")
    NCheck = ("D", "R")

    def __str__(self) -> str:
        return self.name

    @classmethod
    def from_results(cls, left_first: str, right_first: str) -> "LoopyOutcome":
        """The class from the winners (``"L"``, ``"R"`` or ``"D"`` for a draw) for each starting player."""
        return cls((left_first, right_first))

    @property
    def left_first(self) -> str:
        """``"L"``, ``"R"`` or ``"D"``: the result when Left moves first."""
        return self.value[0]

    @property
    def right_first(self) -> str:
        """``"L"``, ``"R"`` or ``"D"``: the result when Right moves first."""
        return self.value[1]
