"""Games written in the Game Description Language (GDL): load, classify and solve them.

GDL (Love, Hinrichs, Haley, Schkufza, Genesereth, *General Game Playing: Game Description Language
Specification*) describes a game by logic rules over a state of fluents.  This package reads the
KIF syntax (:mod:`~cgt.games.gdl.syntax`), checks the restrictions of the language
(:mod:`~cgt.games.gdl.validate`), compiles the rules into a propositional network
(:mod:`~cgt.games.gdl.ground`, :mod:`~cgt.games.gdl.propnet`, :mod:`~cgt.games.gdl.bits`) and into join
plans for the rule interpreter (:mod:`~cgt.games.gdl.compile`, :mod:`~cgt.games.gdl.reasoner`), explores
the state graph under a limit (:mod:`~cgt.games.gdl.graph`) and classifies and solves the game with cgt
(:mod:`~cgt.games.gdl.analyse`), as Edin, *Classification and solutions of general combinatorial games*,
set out to do.

>>> from cgt.games.gdl import analyse, loads, SUBTRACTION_EXAMPLE
>>> report = analyse(loads(SUBTRACTION_EXAMPLE, "sub12"), progress=False)
>>> print(report)
sub12: 2 players (left, right), alternating (turn fluent: control (argument 1))
classification: normal play, impartial, all-small, no draws
states explored: 10
result: the first player (left) wins
Grundy value: 1
outcome class: N
winning moves: (take 3)
"""

from cgt.games.gdl.analyse import SUBTRACTION_EXAMPLE, Report, analyse, nim_sequence
from cgt.games.gdl.errors import GdlError, GdlRuleError, GdlSyntaxError
from cgt.games.gdl.graph import ENGINES, MAX_STATES, GameGraph, explore
from cgt.games.gdl.ground import GroundingTooLargeError
from cgt.games.gdl.propnet import Machine, compile_machine
from cgt.games.gdl.reasoner import GdlGame, load, loads

__all__ = ["GdlGame", "GdlError", "GdlRuleError", "GdlSyntaxError", "GroundingTooLargeError", "Report",
           "MAX_STATES", "ENGINES", "GameGraph", "Machine", "analyse", "compile_machine", "explore", "load", "loads",
           "nim_sequence", "SUBTRACTION_EXAMPLE"]
