"""Exploring a GDL game: random probes for non-CGT features, then the whole state graph under a limit.

A combinatorial game in the sense of Conway has two players who alternate.  GDL is more general
(Edin, *Classification and solutions of general combinatorial games*, ch. 3), so before the full search
:func:`probe` plays a few random games (a fixed seed: repeatable) to spot what rules a game out cheaply:
a state where two roles both have a choice (**simultaneous moves**), or a role that has a choice in two
consecutive states while the others only idle (**a player moving twice in a row**).

:func:`explore` then builds the graph breadth-first from the initial state, also visiting every state
with the turn handed to the other player (the **turn fluent** -- the fluent naming the player to move,
whatever it is called -- swapped), which the classifier needs to compare the players' options.  More
than ``max_states`` states raise :class:`cgt.errors.TooLargeError` naming the limit.

>>> from cgt.games.gdl.reasoner import loads
>>> from cgt.games.gdl.analyse import SUBTRACTION_EXAMPLE      # one heap of 4, take 1 or 2
>>> graph = explore(loads(SUBTRACTION_EXAMPLE), progress=False)
>>> graph.turn, len(graph.states), graph.terminal.count(True)
(('control', 2, 1), 10, 2)
"""

from __future__ import annotations

import random
import time
from array import array
from collections import deque
from itertools import product

from cgt.errors import TooLargeError
from cgt.games.gdl.reasoner import GdlGame, brief_state
from cgt.runtime.interrupt import check_interrupt
from cgt.runtime.progress import Progress

__all__ = ["Probe", "probe", "GameGraph", "explore", "find_turn", "MAX_STATES"]

#: Default state limit of :func:`explore`.
MAX_STATES = 200_000
_NO_TARGETS = array("i")
_PROBES, _PROBE_LENGTH = 24, 400


class Probe:
    """What random play revealed: ``reason`` (None or why the game is outside alternating play)."""

    def __init__(self) -> None:
        self.reason = None
        self.states = 0
        self.samples = []             # (state, role index with a choice) from random play


def _choosers(game: GdlGame, view) -> list[int]:
    return [i for i, role in enumerate(game.roles) if len(view.legal[role]) > 1]


def probe(game: GdlGame, start=None, seed: int = 0, playouts: int = _PROBES,
          length: int = _PROBE_LENGTH) -> Probe:
    """Play ``playouts`` random games of at most ``length`` moves from ``start`` (default the initial
    state), looking for non-CGT features."""
    rng = random.Random(seed)
    found = Probe()
    for _ in range(playouts):
        state, previous = (game.initial if start is None else start), None
        for _ply in range(length):
            check_interrupt()
            view = game.view(state)
            found.states += 1
            if view.terminal:
                break
            choosers = _choosers(game, view)
            if len(choosers) > 1:
                names = " and ".join(game.roles[i] for i in choosers)
                found.reason = f"simultaneous moves: {names} both choose a move in state {brief_state(state)}"
                return found
            if len(choosers) == 1:
                found.samples.append((state, choosers[0]))
                if previous == choosers[0] and len(game.roles) > 1:
                    found.reason = (f"{game.roles[previous]} moves twice in a row (no alternation) "
                                    f"reaching state {brief_state(state)}")
                    return found
            previous = choosers[0] if len(choosers) == 1 else None
            if any(not view.legal[r] for r in game.roles):
                break
            moves = {r: rng.choice(view.sorted_legal(r)) for r in game.roles}
            state = game.next_state(view, moves)
    return found


def find_turn(game: GdlGame, samples, fallback=None):
    """The turn fluent ``(functor, arity, position)``: one fluent per state naming the player to move.

    ``samples`` are ``(state, role index)`` pairs where that role was the only one with a choice.  None
    when no fluent fits every sample.  Without samples, the one fluent of ``fallback`` (a state) that
    occurs once and names a role, if there is exactly one.
    """
    roles = set(game.roles)
    if not samples and fallback is not None:
        # no state with a choice (e.g. a terminal start): a lone fluent naming a role, if only one does
        counts = {}
        for term in fallback:
            if type(term) is tuple:
                counts[(term[0], len(term))] = counts.get((term[0], len(term)), 0) + 1
        lone = {(t[0], len(t), i) for t in fallback if type(t) is tuple and counts[(t[0], len(t))] == 1
                for i, arg in enumerate(t[1:], start=1) if arg in roles}
        return lone.pop() if len(lone) == 1 else None
    candidates = None
    for state, mover in samples:
        found = set()
        counts = {}
        for term in state:
            if type(term) is tuple:
                counts[(term[0], len(term))] = counts.get((term[0], len(term)), 0) + 1
        for term in state:
            if type(term) is tuple and counts[(term[0], len(term))] == 1:
                for i, arg in enumerate(term[1:], start=1):
                    if arg == game.roles[mover]:
                        found.add((term[0], len(term), i))
        candidates = found if candidates is None else candidates & found
        if not candidates:
            return None
    if not candidates:
        return None
    # the fluent must only ever name roles (a counter that happens to equal a role name is not it)
    for functor, arity, pos in sorted(candidates):
        if all(term[pos] in roles for state, _ in samples for term in state
               if type(term) is tuple and term[0] == functor and len(term) == arity):
            return (functor, arity, pos)
    return None


class GameGraph:
    """The explored graph: states, their views' summaries, and for each state its joint moves
    (``moves[sid]``, a list of tuples, one move per role) and their successors (``targets[sid]``, an
    array of state ids).  :meth:`edges` pairs them."""

    def __init__(self, game: GdlGame, turn) -> None:
        self.game = game
        self.turn = turn
        self.states = []
        self.index = {}
        self.terminal = []
        self.goals = []
        self.movers = []          # role index of the player to move (None if unknown)
        self.moves = []           # per state: list of joint moves (interned tuples)
        self.targets = []         # per state: array of successor ids, parallel to moves
        self.reason = None        # why the game is not alternating, if found while exploring
        self.terminal_movers = None   # movers, completed at terminal states by the classifier

    def edges(self, sid) -> list:
        """``(joint move, successor id)`` pairs of state ``sid``."""
        return list(zip(self.moves[sid], self.targets[sid]))

    def add(self, state) -> int:
        sid = self.index.get(state)
        if sid is None:
            sid = self.index[state] = len(self.states)
            self.states.append(state)
        return sid

    def turn_of(self, state):
        """Role index named by the turn fluent of ``state`` (None without a turn fluent)."""
        if self.turn is None:
            return None
        functor, arity, pos = self.turn
        for term in state:
            if type(term) is tuple and term[0] == functor and len(term) == arity:
                role = term[pos]
                return self.game.roles.index(role) if role in self.game.roles else None
        return None

    def swapped(self, state):
        """``state`` with the turn fluent naming the other of two players (None if not applicable)."""
        if self.turn is None or len(self.game.roles) != 2:
            return None
        functor, arity, pos = self.turn
        out = []
        changed = False
        for term in state:
            if type(term) is tuple and term[0] == functor and len(term) == arity and term[pos] in self.game.roles:
                other = self.game.roles[1 - self.game.roles.index(term[pos])]
                term = term[:pos] + (other,) + term[pos + 1:]
                changed = True
            out.append(term)
        return frozenset(out) if changed else None

    def board(self, sid):
        """The state without its turn fluent: the position in the combinatorial-game sense."""
        state = self.states[sid]
        if self.turn is None:
            return state
        functor, arity, _pos = self.turn
        return frozenset(t for t in state if not (type(t) is tuple and t[0] == functor and len(t) == arity))


def explore(game: GdlGame, start=None, max_states: int = MAX_STATES, samples=(), swap: bool = True,
            progress: bool = True, max_seconds: float | None = None) -> GameGraph:
    """Breadth-first search of the states reachable from ``start`` (default the initial state).

    Stops with :class:`~cgt.errors.TooLargeError` beyond ``max_states`` states or, when ``max_seconds`` is
    given, once the search has run that many seconds (checked every 256 states).
    """
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    start = game.initial if start is None else frozenset(start)
    samples = list(samples)
    if not samples:                       # random play from the start, then from the initial state
        samples = probe(game, start).samples or probe(game).samples
    graph = GameGraph(game, find_turn(game, samples, start))
    roles = game.roles
    queue = deque([graph.add(start)])
    if swap:
        other = graph.swapped(start)
        if other is not None:
            queue.append(graph.add(other))
    idle = set()
    index, states = graph.index, graph.states
    intern, fluent = {}.setdefault, {}.setdefault
    meter = Progress("states") if progress else None
    try:
        while queue:
            check_interrupt()
            sid = queue.popleft()
            while len(graph.terminal) <= sid:
                graph.terminal.append(False)
                graph.goals.append(None)
                graph.movers.append(None)
                graph.moves.append(())
                graph.targets.append(_NO_TARGETS)
            state = graph.states[sid]
            view = game.view(state)
            if meter is not None:
                meter.tick()
            mover = graph.turn_of(state)
            if view.terminal:
                graph.terminal[sid] = True
                graph.goals[sid] = tuple(view.goals[r] for r in roles)
                graph.movers[sid] = mover
                continue
            choosers = _choosers(game, view)
            if len(choosers) > 1:
                names = " and ".join(roles[i] for i in choosers)
                graph.reason = f"simultaneous moves: {names} both choose a move in state {brief_state(state)}"
                break
            if mover is None:
                if len(choosers) == 1:
                    mover = choosers[0]
                    for i, r in enumerate(roles):
                        if i != mover:
                            idle.update(view.legal[r])
                else:
                    active = [i for i, r in enumerate(roles) if view.legal[r] and view.legal[r][0] not in idle]
                    mover = active[0] if len(active) == 1 else None
            graph.movers[sid] = mover
            moves, targets = [], array("i")
            joints = list(product(*(view.legal[r] for r in roles)))
            for joint, successor in zip(joints, game.successors(view, joints)):
                nid = index.get(successor)
                if nid is None:
                    successor = frozenset([fluent(f, f) for f in successor])   # share equal fluents
                    nid = index[successor] = len(states)
                    states.append(successor)
                    queue.append(nid)
                    if swap:
                        other = graph.swapped(successor)
                        if other is not None and other not in index:
                            index[other] = len(states)
                            states.append(other)
                            queue.append(index[other])
                moves.append(intern(joint, joint))      # one tuple per distinct joint move
                targets.append(nid)
            graph.moves[sid] = moves
            graph.targets[sid] = targets
            if len(graph.states) > max_states:
                raise TooLargeError(f"{game.name}: more than {max_states:,} states (state limit reached after "
                                    f"exploring {sid + 1:,}); the game is too large to solve exhaustively")
            if deadline is not None and sid & 255 == 255 and time.monotonic() > deadline:
                raise TooLargeError(f"{game.name}: time limit of {max_seconds:g} s reached after exploring "
                                    f"{sid + 1:,} states ({len(graph.states):,} found); the game is too large "
                                    f"to solve in that time")
    finally:
        if meter is not None:
            meter.close()
    return graph
