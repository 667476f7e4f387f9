"""The loopy position engine: the game graph of a loopy ruleset position, and its value and outcome.

A ruleset is **loopy** (``ruleset.loopy`` is true) when play can return to an earlier position, as in Fox
and Geese or backsliding Toads and Frogs.  Such a position has no canonical short form; its value is a
loopy game in the sense of Winning Ways ch. 11 ("Games Infinite and Indefinite") and Siegel,
*Combinatorial Game Theory*, ch. VI: the finite graph of its followers, with Left's and Right's moves as
edges.  This module

* builds that graph **iteratively** (:func:`position_graph`): breadth first from the position, one node
  per position, a state limit raising :class:`~cgt.errors.TooLargeError` that names the count reached, a
  progress bar on long runs, and ``check_interrupt`` between positions;
* lets a ruleset stop the search at positions whose value it knows: ``ruleset.known_stopper(pos)``
  returning ``"on"`` (``{pass|}``: Left can move for ever, Right not at all) or ``"off"`` (``{|pass}``),
  e.g. Fox and Geese once the fox has escaped;
* hands the graph to the loopy algebra (:func:`game_value`: ``cgt.loopy.LoopyGame.from_graph``), with one
  value table per ruleset (emptied by ``cgt.clear_caches()``);
* gives the outcome class with draws (:func:`outcome`) by retrograde analysis (:func:`cgt.solve`) with each
  player moving first: a position never resolved is a draw (Zermelo's theorem for games with draws), so
  this works on graphs far too large for the algebra.

>>> from cgt.games.ruleset import Ruleset
>>> class Shuttle(Ruleset):
...     '''Toy: a counter 0..2; Left may step up (to at most 2), Right may step down, both from 1 only.'''
...     loopy = True
...     def left_options(self, n):
...         return [n + 1] if n == 1 else []
...     def right_options(self, n):
...         return [n - 1] if n >= 1 else []
>>> g = position_graph(Shuttle(), 2)
>>> g.positions, g.left, g.right
([2, 1, 0], [[], [0], []], [[1], [2], []])
>>> str(outcome(Shuttle(), 2)), str(outcome(Shuttle(), 1)), str(outcome(Shuttle(), 0))
('PCheck', 'NCheck', 'P')

(From 2, Left to move has no move and loses; Right to move must go to 1, from where Left must return to
2, for ever: a draw.)
"""

from __future__ import annotations

from cgt.errors import InvalidGameError, NotShortGameError, TooLargeError
from cgt.interrupt import check_interrupt
from cgt.outcome import Outcome
from cgt.player import Player
from cgt.progress import Progress

__all__ = ["PositionGraph", "position_graph", "game_value", "outcome", "outcome_name", "not_short_error",
           "MAX_STATES"]

#: Default state limit of :func:`position_graph`.
MAX_STATES = 2_000_000

_STOPPERS = ("on", "off")


class PositionGraph:
    """The game graph of a position: ``positions[i]`` with Left's options ``left[i]`` and Right's options
    ``right[i]`` (lists of node indices; a node listing itself is a pass).  Node 0 is the start."""

    __slots__ = ("positions", "index", "left", "right")

    def __init__(self) -> None:
        self.positions: list = []
        self.index: dict = {}
        self.left: list[list[int]] = []
        self.right: list[list[int]] = []

    def __len__(self) -> int:
        return len(self.positions)

    def edges(self) -> int:
        """The number of moves (edges) in the graph."""
        return sum(map(len, self.left)) + sum(map(len, self.right))

    def __repr__(self) -> str:
        return f"<PositionGraph: {len(self)} positions, {self.edges()} moves>"


def position_graph(ruleset, pos, max_states: int = MAX_STATES) -> PositionGraph:
    """The graph of every position reachable from ``pos`` (breadth first; see the module docstring).

    Positions where ``ruleset.known_stopper`` answers ``"on"``/``"off"`` become a single node with a pass
    for the player who can move for ever and no move for the other.  More than ``max_states`` positions
    raise :class:`~cgt.errors.TooLargeError`.
    """
    known = getattr(ruleset, "known_stopper", None)
    left_options, right_options = ruleset.left_options, ruleset.right_options
    graph = PositionGraph()
    positions, index, lefts, rights = graph.positions, graph.index, graph.left, graph.right

    def node(p) -> int:
        i = index.get(p)
        if i is None:
            i = len(positions)
            if i >= max_states:
                raise TooLargeError(
                    f"{ruleset!r}: the game graph of {ruleset.format(pos)} has more than {max_states:,} "
                    f"positions (stopped at {i + 1:,}); pass a larger max_states")
            index[p] = i
            positions.append(p)
        return i

    node(pos)
    with Progress("positions") as progress:
        i = 0
        while i < len(positions):
            p = positions[i]
            stopper = known(p) if known is not None else None
            if stopper is None:
                lefts.append([node(q) for q in left_options(p)])
                rights.append([node(q) for q in right_options(p)])
            elif stopper in _STOPPERS:
                lefts.append([i] if stopper == "on" else [])
                rights.append([i] if stopper == "off" else [])
            else:
                raise InvalidGameError(f"{ruleset!r}.known_stopper returned {stopper!r}; want None, 'on' or 'off'")
            i += 1
            progress.tick()
            if i & 1023 == 0:
                check_interrupt()
    return graph


def game_value(ruleset, pos, max_states: int = MAX_STATES):
    """The loopy value (``cgt.loopy.LoopyGame``) of ``pos``: its game graph, simplified by the algebra."""
    from cgt.loopy import LoopyGame

    table = ruleset.table("loopy values")
    value = table.get(pos)
    if value is None:
        graph = position_graph(ruleset, pos, max_states)
        value = table[pos] = LoopyGame.from_graph(graph.left, graph.right, start=0)
    return value


def outcome_name(left_first: str, right_first: str) -> str:
    """The loopy outcome class (CGSuite's names) from who wins with each player moving first.

    ``left_first``/``right_first`` are ``"Left"``, ``"Right"`` or ``"draw"``: the result of best play when
    Left (resp. Right) moves first.

    >>> outcome_name("Left", "Right"), outcome_name("draw", "Left"), outcome_name("draw", "draw")
    ('N', 'PHat', 'D')
    """
    return _OUTCOMES[left_first, right_first]


_OUTCOMES = {
    ("Left", "Left"): "L", ("Right", "Right"): "R", ("Left", "Right"): "N", ("Right", "Left"): "P",
    ("draw", "draw"): "D",
    ("draw", "Left"): "PHat",     # Left wins moving second, draw if Left moves first
    ("Right", "draw"): "PCheck",  # Right wins moving second, draw if Right moves first
    ("Left", "draw"): "NHat",     # Left wins moving first, draw if Right moves first
    ("draw", "Right"): "NCheck",  # Right wins moving first, draw if Left moves first
}


def outcome(ruleset, pos, max_states: int | None = None):
    """The outcome class (:class:`cgt.Outcome`, with the loopy classes ``D PHat PCheck NHat NCheck``) of
    ``pos``, by :func:`cgt.solve` with each player moving first."""
    from cgt.solve import MAX_STATES as SOLVE_STATES, solve

    bound = SOLVE_STATES if max_states is None else max_states
    position = ruleset.position(pos)
    winners = []
    for first in (Player.Left, Player.Right):
        result = solve(position, first, max_states=bound).result
        winners.append("draw" if result == "draw" else
                       first.name if result == "first" else first.opponent.name)
    return Outcome[outcome_name(*winners)]


def not_short_error(ruleset, pos) -> NotShortGameError:
    """The error for asking a loopy ruleset position for its canonical (short) form."""
    return NotShortGameError(
        f"{ruleset!r}: play can cycle in {ruleset.format(pos)}, so it has no canonical short form; "
        f"use its loopy value (.GameValue in the shell, position.game_value in Python)")
