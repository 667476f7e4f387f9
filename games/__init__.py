"""cgt.games: rulesets (DESIGN §5).  Each ruleset lives in its own module, whose docstring gives the rules.

How to make positions (the shell builds on exactly these):

* ready-made ruleset **instances**, called with a position: ``Nim(5)``, ``Nim(1, 3, 5, 7)``,
  ``Kayles(20)``, ``DawsonsKayles(20)``, ``DawsonsChess(9)``, ``GrundysGame(7)``, ``BoardCutting(4, 5)``;
* ruleset **classes** with parameters, whose instances are called with a position:
  ``Subtraction([1, 3, 4])(10)``, ``Subtraction([1, 2], all_but=True)(9)``, ``TakeAndBreak("0.77")(20)``,
  ``Wythoff()((3, 5))``, ``Multiples()((3, 5))``, ``December31("b")((1, 1))``,
  ``TwoHeapSubtraction([1, 2], [1, 5])((7, 11))``;
* **functions** returning a position: ``Frogs(n, k)``, ``DeBruijn(n)``.

Every call returns a :class:`~cgt.games.ruleset.Position` with ``.value``, ``.grundy``/``.nim_value``,
``.outcome``, ``.options``, ``.winning_moves`` (lists of Positions); heap rulesets also have
``grundy_sequence(n)`` and ``periodicity()``.  A string argument is parsed: ``Kayles("3 4")``.

>>> from cgt.games import Kayles, Subtraction, Frogs
>>> Kayles(20).nim_value, Subtraction([1, 3, 4])(9).grundy, Frogs(10, 3).grundy
(1, 0, 2)
"""

from cgt.games.board_cutting import BoardCutting, BoardCuttingRuleset
from cgt.games.debruijn import DeBruijn, DeBruijnRuleset
from cgt.games.december31 import December31
from cgt.games.frogs import Frogs, FrogsRuleset
from cgt.games.grundys_game import GrundysGame
from cgt.games.heap import HeapRuleset
from cgt.games.kayles import DawsonsChess, DawsonsKayles, Kayles
from cgt.games.multiples import Multiples
from cgt.games.nim import Nim, NimRuleset
from cgt.games.periodicity import Periodicity
from cgt.games.ruleset import ImpartialRuleset, Position, Ruleset
from cgt.games.subtraction import Subtraction
from cgt.games.take_and_break import TakeAndBreak
from cgt.games.two_heap_subtraction import TwoHeapSubtraction
from cgt.games.wythoff import Wythoff

__all__ = [
    "BoardCutting",
    "BoardCuttingRuleset",
    "DawsonsChess",
    "DawsonsKayles",
    "DeBruijn",
    "DeBruijnRuleset",
    "December31",
    "Frogs",
    "FrogsRuleset",
    "GrundysGame",
    "HeapRuleset",
    "ImpartialRuleset",
    "Kayles",
    "Multiples",
    "Nim",
    "NimRuleset",
    "Periodicity",
    "Position",
    "Ruleset",
    "Subtraction",
    "TakeAndBreak",
    "TwoHeapSubtraction",
    "Wythoff",
]
