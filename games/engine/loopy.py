"""The loopy position engine: the game graph of a loopy ruleset position, and its value and outcome.

A ruleset is **loopy** (``ruleset.loopy`` is true) when play can return to an earlier position, as in Fox
and Geese or backsliding Toads and Frogs.  Such a position has no canonical short form; its value is a
loopy game in the sense of Winning Ways ch. 11 ("Games Infinite and Indefinite") and Siegel,
*Combinatorial Game Theory*, ch. VI: the finite graph of its followers, with Left's and Right's moves as
edges.  This module

* builds that graph **iteratively** (:func:`position_graph`): breadth first from the position, one node
  per position, a state limit raising :class:`~cgt.errors.TooLargeError` that names the count reached, a
  progress bar on long runs, and ``check_interrupt`` between positions (a ruleset may build the same graph
  faster with a ``compiled_graph(pos, max_states)`` method, returning None where it does not apply);
* lets a ruleset stop the search at positions whose value it knows: ``ruleset.known_stopper(pos)``
  returning ``"on"`` (``{pass|}``: Left can move for ever, Right not at all) or ``"off"`` (``{|pass}``),
  e.g. Fox and Geese once the fox has escaped;
* hands the graph to the loopy algebra (:func:`game_value`: ``cgt.loopy.LoopyGame.from_graph``; large graphs
  of stoppers component by component, in compiled code), with one value table per ruleset (emptied by
  ``cgt.clear_caches()``);
* gives the outcome class with draws (:func:`outcome`) by retrograde analysis (:func:`cgt.solve`) with each
  player moving first: a position never resolved is a draw (Zermelo's theorem for games with draws), so
  this works on graphs far too large for the algebra.

>>> from cgt.games.engine.ruleset import Ruleset
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

from cgt.errors import InvalidGameError, NotApplicableError, NotShortGameError, TooLargeError
from cgt.runtime.interrupt import check_interrupt
from cgt.kernel.player import Player
from cgt.runtime.progress import Progress

__all__ = ["PositionGraph", "position_graph", "graph_too_large", "game_value", "outcome", "winning_moves", "not_short_error",
           "MAX_STATES", "DIRECT_NODES"]

#: Default state limit of :func:`position_graph`.
MAX_STATES = 2_000_000
#: Graphs up to this size go to the algebra whole; larger ones layer by layer when the ruleset has a
#: ``depth_hint`` (the algebra compares pairs of nodes, so small graphs are much cheaper).
DIRECT_NODES = 1_500

_STOPPERS = ("on", "off")


class PositionGraph:
    """The game graph of a position: ``positions[i]`` with Left's options ``left[i]`` and Right's options
    ``right[i]`` (lists of node indices; a node listing itself is a pass).  Node 0 is the start.

    A graph built by compiled code may hold its moves as compressed rows instead (``rows``: four arrays of
    int32, ``(left pointers, left targets, right pointers, right targets)``, node ``i``'s Left options being
    ``left targets[left pointers[i]:left pointers[i + 1]]``); ``left``, ``right`` and ``index`` are then made
    from them when first asked for."""

    __slots__ = ("positions", "_index", "_left", "_right", "external", "rows")

    def __init__(self, positions: list | None = None, rows=None) -> None:
        self.external: list[int] = []
        self.positions: list = [] if positions is None else positions
        self.rows = rows
        self._index: dict | None = {} if rows is None else None
        self._left: list | None = [] if rows is None else None
        self._right: list | None = [] if rows is None else None

    @property
    def index(self) -> dict:
        """``{position: node}``."""
        if self._index is None:
            self._index = dict(zip(self.positions, range(len(self.positions))))
        return self._index

    @property
    def left(self) -> list[list[int]]:
        """Left's options of every node."""
        if self._left is None:
            self._left = _option_lists(self.rows[0], self.rows[1])
        return self._left

    @property
    def right(self) -> list[list[int]]:
        """Right's options of every node."""
        if self._right is None:
            self._right = _option_lists(self.rows[2], self.rows[3])
        return self._right

    def __len__(self) -> int:
        return len(self.positions)

    def edges(self) -> int:
        """The number of moves (edges) in the graph."""
        if self.rows is not None:
            return (len(self.rows[1]) + len(self.rows[3])) // 4
        return sum(map(len, self.left)) + sum(map(len, self.right))

    def __repr__(self) -> str:
        return f"<PositionGraph: {len(self)} positions, {self.edges()} moves>"


def _option_lists(pointers: bytes, targets: bytes) -> list[list[int]]:
    """Option lists from compressed rows of int32."""
    pointers = memoryview(pointers).cast("i").tolist()
    targets = memoryview(targets).cast("i").tolist()
    return [targets[a:b] for a, b in zip(pointers, pointers[1:])]


def position_graph(ruleset, pos, max_states: int = MAX_STATES, within=None) -> PositionGraph:
    """The graph of every position reachable from ``pos`` (breadth first; see the module docstring).

    Positions where ``ruleset.known_stopper`` answers ``"on"``/``"off"`` become a single node with a pass
    for the player who can move for ever and no move for the other.  With ``within`` (a predicate), a
    position failing it is not expanded: it stays a node without options, listed in ``graph.external``.
    More than ``max_states`` positions raise :class:`~cgt.errors.TooLargeError`.
    """
    compiled = getattr(ruleset, "compiled_graph", None)
    if compiled is not None and within is None:
        graph = compiled(pos, max_states)
        if graph is not None:
            return graph
    known = getattr(ruleset, "known_stopper", None)
    left_options, right_options = ruleset.left_options, ruleset.right_options
    graph = PositionGraph()
    positions, index, lefts, rights = graph.positions, graph.index, graph.left, graph.right
    external = graph.external

    def node(p) -> int:
        i = index.get(p)
        if i is None:
            i = len(positions)
            if i >= max_states:
                raise graph_too_large(ruleset, pos, max_states)
            index[p] = i
            positions.append(p)
        return i

    node(pos)
    with Progress("positions") as progress:
        i = 0
        while i < len(positions):
            p = positions[i]
            stopper = known(p) if known is not None else None
            if within is not None and i and not within(p):
                external.append(i)
                lefts.append([])
                rights.append([])
            elif stopper is None:
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


def graph_too_large(ruleset, pos, max_states: int) -> TooLargeError:
    """The error for a game graph of ``pos`` with more than ``max_states`` positions."""
    return TooLargeError(f"{ruleset!r}: the game graph of {ruleset.format(pos)} has more than {max_states:,} "
                         f"positions (stopped at {max_states + 1:,}); pass a larger max_states")


def game_value(ruleset, pos, max_states: int = MAX_STATES):
    """The loopy value (``cgt.loopy.LoopyGame``) of ``pos``: its game graph, simplified by the algebra.

    When the ruleset has a ``depth_hint(pos)`` (CGSuite's ``DepthHint``: no option has a larger hint, and
    a position is never reached again from an option with a smaller one) and the graph has more than
    :data:`DIRECT_NODES` positions, every position below ``pos`` is valued: when all are stoppers, by the
    compiled simplification of the whole graph one strongly connected component at a time
    (:func:`cgt.loopy.simplify.simplest_all_compressed`); otherwise, or without the compiled code, the graph
    is cut into layers of equal hint, solved from the bottom up:
    each layer's graph gets the (simplified) values of the lower positions it reaches as leaves, so the
    algebra only ever sees small graphs.  (Replacing a follower by an equal stopper keeps the value; a
    lower value that is not a stopper cannot be a leaf, and then the whole graph is used.)
    """
    from cgt.loopy import LoopyGame

    table = ruleset.table("loopy values")
    value = table.get(pos)
    if value is None:
        layered = getattr(ruleset, "depth_hint", None) is not None
        try:
            graph = position_graph(ruleset, pos, min(max_states, DIRECT_NODES) if layered else max_states)
        except TooLargeError:
            if not layered:
                raise
            if not _component_values(ruleset, pos, table, max_states):
                _layered_values(ruleset, pos, table, max_states)
            return table[pos]
        value = table[pos] = LoopyGame.from_graph(graph.left, graph.right, start=0)
    return value


def _component_values(ruleset, root, table, max_states) -> bool:
    """Fill ``table`` with the values of ``root`` and of every position below it at once, when they are all
    stoppers: the whole game graph is simplified one strongly connected component at a time by the compiled
    :func:`cgt.loopy.simplify.simplest_all_components` (in Fox and Geese a component is a goose arrangement
    with the squares its fox moves between).  False, with ``table`` unchanged, when that code is not built
    (``CGT_PURE=1``, no compiler), some position is not a stopper or a component is too large: then the layers
    are valued one by one."""
    from cgt.loopy import LoopyGame
    from cgt.loopy.graph import Graph
    from cgt.loopy.simplify import (canonical_numbering, compiled_stoppers, simplest_all_components,
                                    simplest_all_compressed)

    if not compiled_stoppers():
        return False
    whole = position_graph(ruleset, root, max_states)
    try:
        if whole.rows is not None:
            fused, index = simplest_all_compressed(whole.rows)
        else:
            fused, index = simplest_all_components(Graph(whole.left, whole.right, 0))
    except (NotApplicableError, TooLargeError):       # not all stoppers, or a component too large to compare
        return False
    values: dict = {}
    for p, u in zip(whole.positions, index):
        value = values.get(u)
        if value is None:
            form = canonical_numbering(Graph(fused.left, fused.right, u).restricted())
            value = values[u] = LoopyGame(form, form, form)
        table.setdefault(p, value)
    return True


def _layered_values(ruleset, root, table, max_states) -> None:
    """Fill ``table`` with the values of ``root`` and of the positions below it, layer by layer."""
    from cgt.errors import NotApplicableError
    from cgt.loopy import LoopyGame

    depth = ruleset.depth_hint
    stack = [root]
    solved = 0
    with Progress("positions") as progress:
        while stack:
            p = stack[-1]
            if p in table:
                stack.pop()
                continue
            d = depth(p)

            def same_layer(q, d=d):
                e = depth(q)
                if e > d:
                    raise InvalidGameError(f"{ruleset!r}: depth_hint of {ruleset.format(q)} ({e}) exceeds that of "
                                           f"{ruleset.format(p)} ({d}), a position it is reached from")
                return e == d

            layer = position_graph(ruleset, p, max_states, within=same_layer)
            missing = [layer.positions[i] for i in layer.external if layer.positions[i] not in table]
            if missing:
                stack.extend(missing)
                continue
            left, right, leaves = _merged_leaves(layer, table)
            nodes = [i for i in range(len(layer)) if i not in leaves and layer.positions[i] not in table]
            try:
                # one reduction of the layer's graph serves all its positions
                for i, value in zip(nodes, LoopyGame.from_graph_nodes(left, right, nodes, leaves=leaves)):
                    table[layer.positions[i]] = value
            except NotApplicableError:           # a leaf that is not a stopper: use the whole graph
                whole = position_graph(ruleset, p, max_states)
                table[p] = LoopyGame.from_graph(whole.left, whole.right, start=0)
                nodes = [p]
            stack.pop()
            solved += len(nodes)
            if solved > max_states:
                raise TooLargeError(f"{ruleset!r}: the value of {ruleset.format(root)} needs more than "
                                    f"{max_states:,} positions (stopped at {solved:,}); pass a larger max_states")
            progress.tick(len(nodes))
            check_interrupt()


def _merged_leaves(layer: PositionGraph, table) -> tuple[list, list, dict]:
    """The layer's option lists with external positions of equal value merged into one leaf node each,
    and the leaves ``{node: value}`` for ``LoopyGame.from_graph``."""
    first: dict = {}
    redirect: dict = {}
    leaves: dict = {}
    for i in layer.external:
        value = table[layer.positions[i]]
        j = first.setdefault(_form(value), i)
        redirect[i] = j
        if j == i:
            leaves[i] = value

    def remap(options):
        return [redirect.get(j, j) for j in options]

    return [remap(o) for o in layer.left], [remap(o) for o in layer.right], leaves


def _form(value) -> tuple:
    """A key equal for equal loopy values: both sides in simplest form (canonically numbered graphs)."""
    return tuple((g.left, g.right, g.root) for g in value.sides())


def outcome(ruleset, pos, max_states: int | None = None):
    """The loopy outcome class (``cgt.loopy.LoopyOutcome``: ``L R N P D PHat PCheck NHat NCheck``) of
    ``pos``, by :func:`cgt.solve` with each player moving first."""
    from cgt.loopy import LoopyOutcome
    from cgt.search.solve import MAX_STATES as SOLVE_STATES, solve

    bound = SOLVE_STATES if max_states is None else max_states
    position = ruleset.position(pos)
    winners = []
    for first in (Player.Left, Player.Right):
        result = solve(position, first, max_states=bound).result
        winner = None if result == "draw" else first if result == "first" else first.opponent
        winners.append("D" if winner is None else "L" if winner is Player.Left else "R")
    return LoopyOutcome.from_results(*winners)


def winning_moves(ruleset, pos, player: Player) -> list:
    """``(label, option)`` for each move of ``player`` to a position that the opponent, moving next, loses
    (by :func:`cgt.solve`; a move to a draw does not count)."""
    from cgt.search.solve import NormalPlay, solve

    moves = list(ruleset.moves(pos, player))
    if not moves:
        return []
    solution = solve(ruleset.position(pos), player)
    return [(label, option) for label, option in moves
            if solution.result_of(NormalPlay(ruleset.position(option), player.opponent)) == "second"]


def not_short_error(ruleset, pos) -> NotShortGameError:
    """The error for asking a loopy ruleset position for its canonical (short) form."""
    return NotShortGameError(
        f"{ruleset!r}: play can cycle in {ruleset.format(pos)}, so it has no canonical short form; "
        f"use its loopy value (.GameValue in the shell, position.game_value in Python)")
