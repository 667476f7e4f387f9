"""Outcome classes of short games.

>>> from cgt import star, up, zero, integer
>>> [str(g.outcome) for g in (integer(1), integer(-1), star, zero)]
['L', 'R', 'N', 'P']
"""

from __future__ import annotations

import enum


class Outcome(str, enum.Enum):
    """Who wins: ``L`` (Left, whoever starts), ``R`` (Right), ``N`` (the next player), ``P`` (the previous).

    An outcome is also its letter, so it compares equal to it:

    >>> from cgt import star
    >>> star.outcome == "N", star.outcome is Outcome.N
    (True, True)
    """

    L = "L"
    R = "R"
    N = "N"
    P = "P"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def from_wins(cls, left_wins_moving_first: bool, right_wins_moving_first: bool) -> "Outcome":
        """The outcome class from who wins when moving first.

        >>> str(Outcome.from_wins(True, False))
        'L'
        """
        if left_wins_moving_first:
            return cls.N if right_wins_moving_first else cls.L
        return cls.R if right_wins_moving_first else cls.P


# A pickle of an outcome records the path it finds the class by: the public cgt.Outcome (see Player).
Outcome.__module__ = "cgt"
