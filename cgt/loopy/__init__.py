"""Loopy games: stoppers and sided values (Siegel, *Combinatorial Game Theory*, ch. VI).

>>> from cgt.loopy import LoopyGame
>>> g = LoopyGame.from_graph([[0]], [[]])
>>> str(g), g.is_stopper, str(g.outcome)
('on', True, 'L')
"""

from cgt.loopy.builder import from_options, loopy_game
from cgt.loopy.named import dud, off, on, over, under, upon, uponth
from cgt.loopy.outcome import LoopyOutcome
from cgt.loopy.structure import miny, ordinal_sum, power, power_to, switch, tiny
from cgt.loopy.value import LoopyGame, as_loopy, sided

__all__ = ["LoopyGame", "LoopyOutcome", "as_loopy", "dud", "from_options", "loopy_game", "miny", "off", "on",
           "ordinal_sum", "over", "power", "power_to", "sided", "switch", "tiny", "under", "upon", "uponth"]
