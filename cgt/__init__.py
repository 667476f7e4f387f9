"""cgt: combinatorial game theory in Python.

Canonical short partizan games, always in canonical form and interned:

>>> from cgt import game, up, star, integer
>>> g = game([3], [game([2], [1])])
>>> str(g), str(g.outcome), g.left_stop
('{3||2|1}', 'L', Fraction(3, 1))
>>> str(up + up + up), up + star > 0, (up + star).confused_with(0)
('^3', False, True)
"""

from cgt.constructors import down, miny, star, switch, tiny, up, up_cumulative, up_nth
from cgt.days import antichains, born_by
from cgt.errors import CGTError
from cgt.game import ZERO as zero
from cgt.game import Game, as_game, clear_caches, dyadic, game, integer, nimber, number
from cgt.outcome import Outcome
from cgt.player import Player

__version__ = "0.1.0"

__all__ = [
    "CGTError",
    "Game",
    "Outcome",
    "Player",
    "antichains",
    "as_game",
    "born_by",
    "clear_caches",
    "down",
    "dyadic",
    "game",
    "integer",
    "miny",
    "nimber",
    "number",
    "star",
    "switch",
    "tiny",
    "up",
    "up_cumulative",
    "up_nth",
    "zero",
]
