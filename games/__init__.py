"""cgt.games: the ruleset catalogue.  Each ruleset lives in its own module, whose docstring
gives the rules; ``cgt.games.<Name>`` imports that module on first use (PEP 562), so ``import cgt.games``
is cheap.  :mod:`cgt.games.engine.catalogue` lists them all; :func:`register` adds rulesets written elsewhere.

A ruleset is a :class:`Ruleset` (or :class:`ImpartialRuleset`) instance; a parametrised family is a class
whose instances are rulesets.  Calling a ruleset with a position gives a :class:`Position`:

>>> from cgt.games import Kayles, Subtraction, Frogs, Nim
>>> Kayles(20).nim_value, Subtraction([1, 3, 4])(9).grundy, Frogs(10, 3).grundy, Nim(1, 3, 5, 7).grundy
(1, 0, 2, 0)

Positions have ``value`` (canonical :class:`cgt.Game`), ``outcome``, ``left_options``, ``right_options``,
``moves(player)``, ``left_winning_moves``/``right_winning_moves`` (and for impartial rulesets
``grundy``/``nim_value``, ``options``, ``winning_moves``); a string argument is parsed: ``Kayles("3 4")``.
"""

from cgt.kernel.player import Player

from cgt.games.engine import catalogue
from cgt.games.engine.catalogue import register, unregister
from cgt.games.engine.ruleset import ImpartialRuleset, Move, Position, Ruleset

_CORE = ["ImpartialRuleset", "Move", "Player", "Position", "Ruleset", "by_name", "catalogue", "register",
         "unregister"]

#: The board types and colours of the grid, strip and graph games (CGSuite's ``cgsuite.util.Grid``,
#: ``cgsuite.util.Strip``, ``cgsuite.util.Graph``, ``cgsuite.util.DirectedGraph``, ``game.graph.Color``), loaded on first use like the rulesets.
_BOARDS = {"Color": "cgt.games.graph.ruleset", "DirectedGraph": "cgt.games.graph.board", "Graph": "cgt.games.graph.board", "Grid": "cgt.games.grid.board",
           "Strip": "cgt.games.strip.board"}


def __getattr__(name: str):
    """Load a catalogued ruleset, or a board type, on first use (PEP 562); ``__all__`` lists them.

    >>> from cgt.games import Color, Graph, Hackenbush
    >>> str(Hackenbush(Graph.path(3, None, Color.Blue)).value)
    '2'
    """
    if name == "__all__":
        return _CORE + sorted(_BOARDS) + [e.name for e in catalogue.entries()]
    if name in _BOARDS:
        import importlib

        return getattr(importlib.import_module(_BOARDS[name]), name)
    try:
        entry = catalogue.find(name)
    except catalogue.CatalogueError:
        raise AttributeError(f"module 'cgt.games' has no attribute {name!r}") from None
    return entry.load()


def by_name(name: str, args: tuple | None = None):
    """``cgt.games.<name>`` -- a ruleset or family of the catalogue, or a board type -- called with ``args``
    when they are given.

    Rulesets, positions and boards pickle as calls of this function with their public name and constructor
    arguments, so a pickle records no module path of the library and survives any move of its modules.

    >>> from cgt.games import Kayles, Subtraction
    >>> by_name("Kayles") is Kayles, by_name("Subtraction", ([1, 3, 4],)) == Subtraction([1, 3, 4])
    (True, True)
    >>> by_name("Grid", (1, 2, b"\\x01\\x00"))
    Grid([[1,0]])
    """
    obj = _BOARD_TYPES.get(name)
    if obj is None:
        if name in _BOARDS:
            import importlib

            obj = _BOARD_TYPES[name] = getattr(importlib.import_module(_BOARDS[name]), name)
        else:
            obj = catalogue.load(name)
    return obj if args is None else obj(*args)


_BOARD_TYPES = {}          # board name -> type, once looked up (pickles of boards go through by_name)


def __dir__() -> list[str]:
    return sorted(set(_CORE) | set(_BOARDS) | {e.name for e in catalogue.entries()} | set(globals()))
