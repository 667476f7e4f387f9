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

Two engines compute the states: the game's **propositional network** (:mod:`cgt.games.gdl.propnet`),
which expands a whole batch of states at once (bit-sliced, see :mod:`cgt.games.gdl.bits`), and the
**rule interpreter** (:mod:`cgt.games.gdl.reasoner`), one state at a time, used when the rules are too big
to ground (``engine="auto"``, the default, says so in :attr:`GameGraph.note`) or on request.  Both give the
same graph, with the states numbered in the same breadth-first order.

The graph is stored in arrays (numpy): the states as rows of bits, and the moves in compressed sparse
row form -- the successors of state ``s`` are ``targets[offsets[s]:offsets[s + 1]]``.

>>> from cgt.games.gdl.reasoner import loads
>>> from cgt.games.gdl.analyse import SUBTRACTION_EXAMPLE      # one heap of 4, take 1 or 2
>>> graph = explore(loads(SUBTRACTION_EXAMPLE), progress=False)
>>> graph.turn, len(graph), int(graph.terminal.sum()), graph.engine
(('control', 2, 1), 10, 2, 'propnet')
>>> sorted((term_text(joint[0]), brief_state(graph.states[target])) for joint, target in graph.edges(0))
[('(take 2)', '(control right) (heap 2)'), ('(take 3)', '(control right) (heap 3)')]
>>> explore(loads(SUBTRACTION_EXAMPLE), progress=False, engine="reasoner").edges(0) == graph.edges(0)
True
"""

from __future__ import annotations

import random
import time
from collections import deque
from itertools import product

import numpy as np

from cgt.errors import TooLargeError
from cgt.games.gdl.bits import pack_rows, unpack_rows
from cgt.games.gdl.errors import GdlError
from cgt.games.gdl.ground import GroundingTooLargeError
from cgt.games.gdl.propnet import compile_machine
from cgt.games.gdl.reasoner import GdlGame, brief_state
from cgt.games.gdl.syntax import term_text
from cgt.runtime.arguments import is_digits
from cgt.runtime.interrupt import check_interrupt
from cgt.runtime.progress import Progress

__all__ = ["Probe", "probe", "GameGraph", "explore", "find_turn", "select_machine", "MAX_STATES", "ENGINES"]

#: Default state limit of :func:`explore`.
MAX_STATES = 200_000
#: The engines :func:`explore` and :func:`cgt.games.gdl.analyse` accept.
ENGINES = ("auto", "propnet", "reasoner")
_PROBES, _PROBE_LENGTH = 24, 400
_EDGE_BATCH = 1 << 17          # (state, move) pairs evaluated at once by the network ...
_BATCH_BYTES = 1 << 25         # ... fewer for wide states: at most this many bytes of rows at once
_STATE_BATCH = 1 << 14         # states evaluated at once (at most; sized for the edge batch)
_JOINT_TABLE = 1 << 22         # joint moves numbered through a table up to this many (inputs + 1) ** roles


class Probe:
    """What random play revealed: ``reason`` (None or why the game is outside alternating play)."""

    def __init__(self) -> None:
        self.reason = None
        self.states = 0
        self.samples = []             # (state, role index with a choice) from random play


def _choosers(game: GdlGame, view) -> list[int]:
    return [i for i, role in enumerate(game.roles) if len(view.legal[role]) > 1]


def probe(game: GdlGame, start=None, seed: int = 0, playouts: int = _PROBES,
          length: int = _PROBE_LENGTH, machine=None) -> Probe:
    """Play ``playouts`` random games of at most ``length`` moves from ``start`` (default the initial
    state), looking for non-CGT features; with the compiled ``machine`` of the game if given (the same
    games, faster)."""
    engine = game if machine is None else machine
    rng = random.Random(seed)
    found = Probe()
    for _ in range(playouts):
        state, previous = (game.initial if start is None else start), None
        for _ply in range(length):
            check_interrupt()
            view = engine.view(state)
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
            state = engine.next_state(view, moves)
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


def _is_turn(term, turn) -> bool:
    functor, arity, _pos = turn
    return type(term) is tuple and term[0] == functor and len(term) == arity


def _swap_term(game, term, turn):
    """``term`` with the role it names handed to the other of two roles (None if it names no role)."""
    pos = turn[2]
    if not _is_turn(term, turn) or term[pos] not in game.roles:
        return None
    other = game.roles[1 - game.roles.index(term[pos])]
    return term[:pos] + (other,) + term[pos + 1:]


class _States:
    """The states of a :class:`GameGraph` as a read-only sequence of frozensets (decoded on access)."""

    __slots__ = ("graph",)

    def __init__(self, graph) -> None:
        self.graph = graph

    def __len__(self) -> int:
        return len(self.graph)

    def __getitem__(self, sid):
        return self.graph.state(sid)

    def __iter__(self):
        return (self.graph.state(sid) for sid in range(len(self.graph)))


class GameGraph:
    """The explored graph, in arrays (numpy), the states numbered in breadth-first order from 0 (the start):

    * ``fluents`` -- the fluent of each bit; ``rows[s]`` the bits of state ``s`` (``states[s]``, a
      frozenset of fluents, decodes them);
    * ``terminal[s]``, ``goals[s]`` (one per role; -1 for none, and for non-terminal states) and
      ``movers[s]`` (role index of the player to move; -1 if unknown);
    * ``offsets`` and ``targets``: the successors of ``s`` are ``targets[offsets[s]:offsets[s + 1]]``, reached
      by the joint moves ``joints[j]`` (one move per role) for ``j`` in ``joint[offsets[s]:offsets[s + 1]]``;
    * ``turn`` the turn fluent ``(functor, arity, position)`` or None, ``reason`` why the game is not
      alternating (if found while exploring), ``engine`` (``"propnet"`` or ``"reasoner"``) and ``note``
      (why the rule interpreter was used, if it was chosen automatically).
    """

    def __init__(self, game: GdlGame, turn, fluents, rows, terminal, goals, movers, degrees, targets, joint,
                 joints, engine: str, reason=None, note=None) -> None:
        self.game = game
        self.turn = turn
        self.fluents = tuple(fluents)
        self.rows = rows
        n = len(rows)
        self.terminal = _pad(terminal, n, False, bool)
        self.goals = _pad(goals, n, -1, np.int64, (len(game.roles),))
        self.movers = _pad(movers, n, -1, np.int8)
        self.offsets = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(_pad(degrees, n, 0, np.int64), out=self.offsets[1:])
        self.targets = targets
        self.joint = joint
        self.joints = joints
        self.engine = engine
        self.reason = reason
        self.note = note
        self.terminal_movers = None   # movers, completed at terminal states by the classifier
        self._index = None
        self._sources = None

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def states(self) -> _States:
        """The states as a sequence of frozensets of fluents."""
        return _States(self)

    def state(self, sid: int) -> frozenset:
        """The fluents of state ``sid``."""
        bits = unpack_rows(self.rows[sid:sid + 1], len(self.fluents))[0]
        return frozenset(self.fluents[i] for i in np.flatnonzero(bits))

    def find(self, state):
        """The id of ``state`` (a set of fluents), or None if it was not reached."""
        if self._index is None:
            self._index = {f: i for i, f in enumerate(self.fluents)}
        bits = np.zeros((1, len(self.fluents)), dtype=bool)
        for f in state:
            i = self._index.get(f)
            if i is None:
                return None
            bits[0, i] = True
        key = pack_rows(bits, self.rows.shape[1])[0]
        hits = np.flatnonzero((self.rows == key).all(axis=1))
        return int(hits[0]) if len(hits) else None

    @property
    def degrees(self) -> np.ndarray:
        """Number of moves of each state."""
        return np.diff(self.offsets)

    @property
    def sources(self) -> np.ndarray:
        """The state each move leaves (parallel to ``targets``)."""
        if self._sources is None:
            self._sources = np.repeat(np.arange(len(self), dtype=np.int64), self.degrees)
        return self._sources

    def targets_of(self, sid: int) -> np.ndarray:
        """The successors of state ``sid``, one per joint move."""
        return self.targets[self.offsets[sid]:self.offsets[sid + 1]]

    def edges(self, sid: int) -> list:
        """``(joint move, successor id)`` pairs of state ``sid``."""
        lo, hi = self.offsets[sid], self.offsets[sid + 1]
        joints = self.joints
        return [(joints[j], int(t)) for j, t in zip(self.joint[lo:hi].tolist(), self.targets[lo:hi].tolist())]

    def turn_of(self, state):
        """Role index named by the turn fluent of ``state`` (None without a turn fluent)."""
        if self.turn is None:
            return None
        for term in state:
            if _is_turn(term, self.turn):
                role = term[self.turn[2]]
                return self.game.roles.index(role) if role in self.game.roles else None
        return None

    def swapped(self, state):
        """``state`` with the turn fluent naming the other of two players (None if not applicable)."""
        if self.turn is None or len(self.game.roles) != 2:
            return None
        out, changed = [], False
        for term in state:
            other = _swap_term(self.game, term, self.turn)
            if other is not None:
                term, changed = other, True
            out.append(term)
        return frozenset(out) if changed else None

    def board(self, sid):
        """The state without its turn fluent: the position in the combinatorial-game sense."""
        state = self.state(sid)
        if self.turn is None:
            return state
        return frozenset(t for t in state if not _is_turn(t, self.turn))

    def board_ids(self) -> tuple[np.ndarray, int]:
        """A board id per state (equal for states that differ only in the turn fluent, numbered in order of
        first appearance) and the number of boards."""
        rows = self.rows
        if self.turn is not None:
            mask = np.array([not _is_turn(f, self.turn) for f in self.fluents], dtype=bool)
            rows = pack_rows(unpack_rows(rows, len(self.fluents)) & mask, rows.shape[1])
        _keys, first, inverse = _unique_rows(rows)
        rank = np.empty(len(first), dtype=np.int64)
        rank[np.argsort(first, kind="stable")] = np.arange(len(first))
        return rank[inverse], len(first)


def _pad(values, n, fill, dtype, shape=()):
    values = np.asarray(values, dtype=dtype).reshape((-1,) + shape)
    if len(values) >= n:
        return values[:n]
    return np.concatenate([values, np.full((n - len(values),) + shape, fill, dtype=dtype)])


def _unique_rows(rows: np.ndarray):
    """Keys, index of first occurrence and inverse of the distinct rows of a ``uint8`` matrix."""
    width = rows.shape[1]
    if width <= 8:
        padded = np.zeros((len(rows), 8), dtype=np.uint8)
        padded[:, :width] = rows
        keys = padded.view(np.uint64).ravel()
    else:
        keys = np.ascontiguousarray(rows).view(np.dtype((np.void, width))).ravel()
    unique, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return unique, first, inverse.ravel()


def select_machine(game: GdlGame, engine: str, seeds=()):
    """The compiled machine for ``engine`` (None for the rule interpreter) and a note when ``"auto"``
    falls back to the interpreter because the rules are too big to ground."""
    if engine not in ENGINES:
        raise GdlError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    if engine == "reasoner":
        return None, None
    try:
        return compile_machine(game, seeds), None
    except GroundingTooLargeError as error:
        if engine == "propnet":
            raise
        return None, _fallback_note(error)


def _fallback_note(error) -> str:
    return f"{getattr(error, 'reason', '') or error}: explored with the rule interpreter instead"


def explore(game: GdlGame, start=None, max_states: int = MAX_STATES, samples=(), swap: bool = True,
            progress: bool = True, max_seconds: float | None = None, engine: str = "auto") -> GameGraph:
    """Breadth-first search of the states reachable from ``start`` (default the initial state).

    Stops with :class:`~cgt.errors.TooLargeError` beyond ``max_states`` states or, when ``max_seconds`` is
    given, once the search has run that many seconds.  ``engine`` is ``"auto"`` (the propositional
    network, or the rule interpreter when the rules are too big to ground), ``"propnet"`` or ``"reasoner"``.
    """
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    start = game.initial if start is None else frozenset(start)
    machine, note = select_machine(game, engine, start)
    samples = list(samples)
    if not samples:                       # random play from the start, then from the initial state
        samples = probe(game, start, machine=machine).samples or probe(game, machine=machine).samples
    turn = find_turn(game, samples, start)
    meter = Progress("states") if progress else None
    limits = (max_states, deadline, max_seconds)
    try:
        if machine is not None:
            try:
                machine = _machine_with_swaps(game, machine, start, turn, swap)
            except GroundingTooLargeError as error:
                if engine == "propnet":
                    raise
                machine, note = None, _fallback_note(error)
        if machine is None:
            graph = _explore_reasoner(game, start, turn, swap, limits, meter)
        else:
            graph = _Explorer(game, machine, start, turn, swap, limits, meter).run()
    finally:
        if meter is not None:
            meter.close()
    graph.note = note
    return graph


def _machine_with_swaps(game, machine, start, turn, swap):
    """The machine, rebuilt if needed so that its fluents include every turn fluent swapped (the search
    visits each state with the turn handed to the other player)."""
    if not swap or turn is None or len(game.roles) != 2:
        return machine
    seeds = set(start)
    while True:
        missing = {other for other in (_swap_term(game, f, turn) for f in machine.fluents)
                   if other is not None and other not in machine.fluent_index}
        if not missing:
            return machine
        seeds |= missing
        machine = compile_machine(game, seeds)


def _too_many(game, max_states, explored):
    return TooLargeError(f"{game.name}: more than {max_states:,} states (state limit reached after "
                         f"exploring {explored:,}); the game is too large to solve exhaustively")


def _too_slow(game, max_seconds, explored, found):
    return TooLargeError(f"{game.name}: time limit of {max_seconds:g} s reached after exploring "
                         f"{explored:,} states ({found:,} found); the game is too large to solve in that time")


class _Explorer:
    """Breadth-first search with the propositional network, a batch of states at a time.

    The queue of the search is the table of states itself: states are numbered as they are found and
    expanded in that order, so batch after batch reproduces the first-in first-out order of a queue.
    Each batch evaluates the state layer on its states, lists the joint moves (the product of the roles'
    legal moves, in the machine's order), evaluates the move layer on every (state, move) pair and looks
    the successors up in the table: the new ones are numbered in order of first appearance, each
    followed by its turn-swapped twin.
    """

    def __init__(self, game, machine, start, turn, swap, limits, meter) -> None:
        self.game, self.machine, self.turn, self.meter = game, machine, turn, meter
        self.max_states, self.deadline, self.max_seconds = limits
        self.roles = game.roles
        self.nfluents = len(machine.fluents)
        self.width = machine.width
        self.edge_batch = max(1024, min(_EDGE_BATCH, _BATCH_BYTES // self.width))
        self.rows = np.zeros((1024, self.width), dtype=np.uint8)
        self.count = 0
        self.index = {}
        self.swap = swap and turn is not None and len(self.roles) == 2
        fluents = machine.fluents
        self.turn_role = np.full(self.nfluents, -1, dtype=np.int8)
        self.perm = np.arange(self.nfluents)
        if turn is not None:
            for i, f in enumerate(fluents):
                if _is_turn(f, turn) and f[turn[2]] in self.roles:
                    self.turn_role[i] = self.roles.index(f[turn[2]])
                    other = _swap_term(game, f, turn)
                    if self.swap:
                        self.perm[i] = machine.fluent_index[other]
        self.swappable = self.turn_role >= 0
        self.pairs = [(i, int(self.perm[i])) for i in range(self.nfluents) if self.perm[i] > i]
        self.table = _HashTable(self.width)
        self.idle = set()
        self.joint_ids, self.joints, self.joint_table = {}, [], None
        bits = np.zeros((1, self.nfluents), dtype=bool)
        for f in start:
            bits[0, machine.fluent_index[f]] = True
        first = pack_rows(bits, self.width)
        self._add_rows(first)
        if self.swap and bits[0, self.swappable].any():
            other = pack_rows(bits[:, self.perm], self.width)
            if not (other == first).all():
                self._add_rows(other)
        self.terminal, self.goals, self.movers, self.degrees, self.targets, self.joint = [], [], [], [], [], []
        self.reason = None

    # -- the state table -------------------------------------------------------------------------------
    def _keys(self, rows) -> list:
        if self.width <= 8:
            padded = np.zeros((len(rows), 8), dtype=np.uint8)
            padded[:, :self.width] = rows
            return padded.view(np.uint64).ravel().tolist()
        data = rows.tobytes()
        w = self.width
        return [data[i:i + w] for i in range(0, len(data), w)]

    def _add_rows(self, rows) -> None:
        self._grow(self.count + len(rows))
        self.rows[self.count:self.count + len(rows)] = rows
        self.table.insert(self.table.hash(rows), np.arange(self.count, self.count + len(rows), dtype=np.int64))
        self.count += len(rows)

    # -- the search ----------------------------------------------------------------------------------------
    def run(self) -> GameGraph:
        done, batch = 0, 64
        while done < self.count and self.reason is None:
            check_interrupt()
            hi = min(self.count, done + batch)
            degrees = self._expand(done, hi)
            if self.meter is not None:
                self.meter.tick(hi - done)
            done = hi
            mean = max(1.0, float(degrees.mean())) if len(degrees) else 1.0
            batch = int(min(_STATE_BATCH, max(64, self.edge_batch / mean)))
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise _too_slow(self.game, self.max_seconds, done, self.count)
        machine = self.machine
        return GameGraph(self.game, self.turn, machine.fluents, self.rows[:self.count].copy(),
                         _concat(self.terminal, bool), _concat(self.goals, np.int64, (len(self.roles),)),
                         _concat(self.movers, np.int8), _concat(self.degrees, np.int64),
                         _concat(self.targets, np.int32), _concat(self.joint, np.int32), self.joints, "propnet",
                         reason=self.reason)

    def _expand(self, lo, hi) -> np.ndarray:
        machine, roles = self.machine, self.roles
        rows = self.rows[lo:hi].copy()
        n = hi - lo
        terminal, legal, goal_bits, handover = machine.evaluate_states(rows)
        bits = unpack_rows(rows, self.nfluents)
        movers = np.full(n, -1, dtype=np.int8)          # from the turn fluent
        for r in range(len(roles)):
            movers[(bits & (self.turn_role == r)).any(axis=1)] = r
        counts = np.stack([legal[:, lo_k:hi_k].sum(axis=1) for lo_k, hi_k in machine.role_slices], axis=1)
        live = ~terminal
        simultaneous = np.flatnonzero(live & ((counts > 1).sum(axis=1) > 1))
        if len(simultaneous):                        # stop before that state, as the search would
            k = int(simultaneous[0])
            choosers = [roles[i] for i in np.flatnonzero(counts[k] > 1)]
            self.reason = (f"simultaneous moves: {' and '.join(choosers)} both choose a move in state "
                           f"{brief_state(machine.decode(int.from_bytes(rows[k].tobytes(), 'little')))}")
            n, rows, terminal, legal, goal_bits = k, rows[:k], terminal[:k], legal[:k], goal_bits[:k]
            handover, movers, counts, live = handover[:k], movers[:k], counts[:k], live[:k]
        self._unknown_movers(movers, live, counts, legal)
        goals = self._goals(terminal, goal_bits, rows)
        degrees = np.where(live, counts.prod(axis=1), 0)
        ends = np.cumsum(degrees)
        targets = np.empty(int(ends[-1]) if n else 0, dtype=np.int32)
        joint = np.empty(len(targets), dtype=np.int32)
        parent = np.repeat(np.arange(n, dtype=np.int64), degrees)
        found_by = np.zeros(n, dtype=np.int64)        # new states found from each state of the batch
        s0 = 0
        while s0 < n:                                  # states whose moves number at most edge_batch
            a = int(ends[s0 - 1]) if s0 else 0
            s1 = max(s0 + 1, int(np.searchsorted(ends, a + self.edge_batch, side="right")))
            b = int(ends[s1 - 1])
            state, choices, position = self._lanes(legal, counts, degrees, s0, s1)
            evaluated = machine.evaluate_moves(np.take(rows, state, axis=0), np.take(handover, state, axis=0),
                                               choices)
            joint[a + position] = self._joint_ids(choices)
            targets[a:b] = self._number(evaluated, position, parent[a:b], found_by)
            check_interrupt()
            s0 = s1
        before = self.count - int(found_by.sum())      # the limit is checked after each non-terminal state
        over = np.flatnonzero(live & (before + np.cumsum(found_by) > self.max_states))
        if len(over):
            raise _too_many(self.game, self.max_states, lo + int(over[0]) + 1)
        self.terminal.append(terminal)
        self.goals.append(goals)
        self.movers.append(movers)
        self.degrees.append(degrees)
        self.targets.append(targets)
        self.joint.append(joint)
        return degrees

    def _lanes(self, legal, counts, degrees, lo, hi):
        """The (state, joint move) pairs of the batch states ``lo`` to ``hi - 1``: the product of the roles'
        legal moves.  At most one role has a choice in a state (the search stops at simultaneous moves), so
        a state's joint moves are its chooser's moves, in order, with the others' single moves.  The pairs
        come ordered by the chooser's move -- each input proposition is then a few runs of pairs, cheap to
        build (:func:`cgt.games.gdl.bits.run_columns`) -- with the batch index of each pair's state, per
        role the input it plays, and the pair's position among the moves of those states (state by
        state, each state's moves in order)."""
        machine = self.machine
        counts, degrees = counts[lo:hi], degrees[lo:hi]
        first = np.cumsum(degrees) - degrees
        singles = []                                 # each role's move where it has only one
        for r, (a, b) in enumerate(machine.role_slices):
            moves = legal[lo:hi, a:b]
            singles.append(np.where(counts[:, r] == 1, moves.argmax(axis=1) + a if b > a else -1, -1))
        states, positions = [], []
        choices = [[] for _ in machine.role_slices]
        groups = [(r, (counts[:, r] > 1) & (degrees > 0)) for r in range(len(machine.role_slices))]
        groups.append((None, degrees == 1))          # a single joint move
        for r, chooses in groups:
            which = np.flatnonzero(chooses)
            if not len(which):
                continue
            if r is None:
                move, state, rank = None, which, np.zeros(len(which), dtype=np.int64)
            else:
                a, b = machine.role_slices[r]
                by_move = np.ascontiguousarray(legal[lo:hi, a:b][which].T)      # move x state
                flat = np.flatnonzero(by_move)                                 # by move, then by state
                move = np.repeat(np.arange(b - a), by_move.sum(axis=1))
                row = flat - move * len(which)
                rank = (np.cumsum(by_move, axis=0, dtype=np.int32).ravel() - 1)[flat]   # among the state's moves
                state = which[row]
            states.append(state)
            positions.append(first[state] + rank)
            for q in range(len(choices)):
                choices[q].append(move + machine.role_slices[q][0] if q == r else singles[q][state])
        if not states:
            none = np.zeros(0, dtype=np.int64)
            return none, [none for _ in choices], none
        return (np.concatenate(states) + lo, [np.concatenate(c).astype(np.int64) for c in choices],
                np.concatenate(positions))

    def _unknown_movers(self, movers, live, counts, legal) -> None:
        """The mover of states without a turn fluent naming one: the one role with a choice, else the
        one role whose move is not a known idle move (sequential: idle moves are learnt on the way)."""
        machine = self.machine
        for k in np.flatnonzero(live & (movers < 0)).tolist():
            choosers = np.flatnonzero(counts[k] > 1).tolist()
            moves = [[machine.inputs[i][1] for i in ks if legal[k, i]] for ks in machine.role_inputs]
            if len(choosers) == 1:
                movers[k] = choosers[0]
                for i, ms in enumerate(moves):
                    if i != choosers[0]:
                        self.idle.update(ms)
            else:
                active = [i for i, ms in enumerate(moves) if ms and ms[0] not in self.idle]
                if len(active) == 1:
                    movers[k] = active[0]

    def _goals(self, terminal, goal_bits, rows) -> np.ndarray:
        machine = self.machine
        goals = np.full((len(terminal), len(self.roles)), -1, dtype=np.int64)
        ends = np.flatnonzero(terminal)
        if not len(ends) or not machine.goal_atoms:
            return goals
        values = [int(v) if type(v) is str and is_digits(v) else None for _r, v, _n in machine.goal_atoms]
        true = goal_bits[ends]
        for r in range(len(self.roles)):
            mine = [g for g, (role, _v, _n) in enumerate(machine.goal_atoms) if role == r]
            if not mine:
                continue
            sub = true[:, mine]
            numbers = np.array([-1 if values[g] is None else values[g] for g in mine], dtype=np.int64)
            bad = sub.sum(axis=1) > 1
            bad |= (sub & (numbers < 0)).any(axis=1)
            for k in np.flatnonzero(bad).tolist():         # the machine names the error
                state = machine.decode(int.from_bytes(rows[ends[k]].tobytes(), "little"))
                machine.goal_values(np.flatnonzero(goal_bits[ends[k]]).tolist(), state)
            has = sub.any(axis=1)
            goals[ends[has], r] = numbers[sub[has].argmax(axis=1)]
        return goals

    def _joint_ids(self, choices) -> np.ndarray:
        """The joint move id of each pair (one array of inputs per role), new joint moves numbered on the way."""
        total = len(choices[0]) if choices else 0
        base = len(self.machine.inputs) + 1
        if base ** len(choices) <= _JOINT_TABLE:        # a table indexed by the joint move's number
            code = np.zeros(total, dtype=np.int64)
            for c in choices:
                code = code * base + c
            if self.joint_table is None:
                self.joint_table = np.full(base ** len(choices), -1, dtype=np.int32)
            ids = self.joint_table[code]
            if (ids < 0).any():
                for u in np.unique(code[ids < 0]).tolist():
                    self.joint_table[u] = self._joint_id(tuple(c[np.argmax(code == u)] for c in choices))
                ids = self.joint_table[code]
            return ids
        unique, inverse = np.unique(np.stack(choices, axis=1), axis=0, return_inverse=True)
        ids = np.array([self._joint_id(tuple(row)) for row in unique.tolist()], dtype=np.int32)
        return ids[inverse.ravel()]

    def _joint_id(self, inputs) -> int:
        key = tuple(int(k) for k in inputs)
        j = self.joint_ids.get(key)
        if j is None:
            j = self.joint_ids[key] = len(self.joints)
            self.joints.append(tuple(self.machine.inputs[k][1] for k in key))
        return j

    def _number(self, evaluated, order, parent, found_by) -> np.ndarray:
        """State ids of the successors ``evaluated[i]`` (packed rows) of the pairs ``order[i]``, numbering
        the new ones (each followed by its swapped twin) in order of first appearance in pair order;
        ``found_by[p]`` counts the new states found from batch state ``p``."""
        if self.table is None:
            successors = np.empty_like(evaluated)
            successors[order] = evaluated
            return self._number_exact(successors, parent, found_by)
        try:
            return self._number_hashed(evaluated, order, parent, found_by)
        except _Collision:                   # two states with one hash: go on with exact keys
            self._to_exact()
            return self._number(evaluated, order, parent, found_by)

    def _number_hashed(self, evaluated, order, parent, found_by) -> np.ndarray:
        table = self.table
        keys = table.hash(evaluated)
        ids = table.lookup(keys)
        self._check(ids, evaluated)
        missed = np.flatnonzero(ids < 0)
        if len(missed):                     # new states: numbered in order of first appearance
            lane, first, new_keys, group = _group(keys[missed], evaluated[missed], order[missed], table.exact)
            by_first = np.argsort(first, kind="stable")
            rows = np.take(evaluated, missed[lane[by_first]], axis=0)
            owner = parent[first[by_first]]
            new_keys = new_keys[by_first]
            if self.swap:                   # each new state followed by its turn-swapped twin
                twins, swappable = self._twins(rows)
                twin_keys = table.hash(twins)
                twin_ids = table.lookup(twin_keys)
                self._check(twin_ids, twins)
                keep = np.stack([np.ones(len(rows), dtype=bool), swappable & (twin_ids < 0)], axis=1).ravel()
                rows = np.stack([rows, twins], axis=1).reshape(-1, self.width)[keep]
                owner = np.repeat(owner, 2)[keep]
                new_keys = np.stack([new_keys, twin_keys], axis=1).ravel()[keep]
                _lane, once, _keys, _group_of = _group(new_keys, rows, np.arange(len(rows)), table.exact)
                once = np.sort(once)
                rows, owner, new_keys = np.take(rows, once, axis=0), owner[once], new_keys[once]
            np.add.at(found_by, owner, 1)
            self._grow(self.count + len(rows))
            self.rows[self.count:self.count + len(rows)] = rows
            table.insert(new_keys, np.arange(self.count, self.count + len(rows), dtype=np.int64))
            self.count += len(rows)
            ids[missed] = table.lookup(keys[missed])
        out = np.empty(len(order), dtype=np.int64)
        out[order] = ids
        return out

    def _check(self, ids, rows) -> None:
        """Hashed keys: the rows found must be the rows looked up."""
        if self.table.exact:
            return
        hit = np.flatnonzero(ids >= 0)
        if len(hit) and not (np.take(self.rows, ids[hit], axis=0) == np.take(rows, hit, axis=0)).all():
            raise _Collision

    def _twins(self, rows):
        """The rows with the turn fluent handed to the other player, and which rows have one to hand."""
        twins = rows.copy()
        swappable = np.zeros(len(rows), dtype=bool)
        for i, j in self.pairs:
            bi = (rows[:, i >> 3] >> (i & 7)) & 1
            bj = (rows[:, j >> 3] >> (j & 7)) & 1
            swappable |= (bi | bj).astype(bool)
            twins[:, i >> 3] &= np.uint8(~(1 << (i & 7)) & 255)
            twins[:, j >> 3] &= np.uint8(~(1 << (j & 7)) & 255)
        for i, j in self.pairs:
            bi = (rows[:, i >> 3] >> (i & 7)) & 1
            bj = (rows[:, j >> 3] >> (j & 7)) & 1
            twins[:, j >> 3] |= (bi << (j & 7)).astype(np.uint8)
            twins[:, i >> 3] |= (bj << (i & 7)).astype(np.uint8)
        return twins, swappable

    def _to_exact(self) -> None:
        self.table = None
        self.index = {key: sid for sid, key in enumerate(self._keys(self.rows[:self.count]))}

    def _number_exact(self, successors, parent, found_by) -> np.ndarray:
        """:meth:`_number` with a dict of exact keys (bytes): the fallback after a hash collision."""
        _keys, first, inverse = _unique_rows(successors)
        order = np.argsort(first, kind="stable")
        distinct = successors[first[order]]
        keys = self._keys(distinct)
        if self.swap:
            twins, swappable = self._twins(distinct)
            swappable = swappable.tolist()
            twin_keys = self._keys(twins)
        index = self.index
        ids = np.empty(len(distinct), dtype=np.int64)
        new = []
        count = self.count
        for u, key in enumerate(keys):
            sid = index.get(key)
            if sid is None:
                sid = index[key] = count
                count += 1
                new.append(distinct[u])
                found_by[parent[first[order[u]]]] += 1
                if self.swap and swappable[u]:
                    twin = twin_keys[u]
                    if twin not in index:
                        index[twin] = count
                        count += 1
                        new.append(twins[u])
                        found_by[parent[first[order[u]]]] += 1
            ids[u] = sid
        if new:
            self._grow(count)
            self.rows[self.count:count] = np.stack(new)
            self.count = count
        result = np.empty(len(first), dtype=np.int64)
        result[order] = ids
        return result[inverse]

    def _grow(self, need) -> None:
        if need > len(self.rows):
            grown = np.zeros((max(need, 2 * len(self.rows)), self.width), dtype=np.uint8)
            grown[:self.count] = self.rows[:self.count]
            self.rows = grown


class _Collision(Exception):
    """Two different states with the same 64-bit key."""


class _HashTable:
    """The state table of the search: an open-addressing hash table (linear probing) of 64-bit keys and
    state ids in numpy arrays, looked up and filled a whole batch at a time (each probe round is a few
    array operations over the keys still unresolved).  Rows of at most 8 bytes are their own key; longer
    rows are hashed, and the search checks every match against the stored row (:class:`_Collision` if two
    rows share a key)."""

    #: Keys are masked with this (tests narrow it to force collisions).
    mask = np.uint64(0xFFFFFFFFFFFFFFFF)
    _SPREAD = np.uint64(0x9E3779B97F4A7C15)       # Fibonacci hashing of keys to slots (Knuth, TAOCP 6.4)

    def __init__(self, width: int) -> None:
        self.width = width
        self.words = (width + 7) // 8
        self.exact = width <= 8 and self.mask == np.uint64(0xFFFFFFFFFFFFFFFF)
        self._allocate(1 << 12)
        self.size = 0

    def _allocate(self, capacity: int) -> None:
        self.bits = capacity.bit_length() - 1
        self.slot_keys = np.zeros(capacity, dtype=np.uint64)
        self.slot_ids = np.full(capacity, -1, dtype=np.int64)

    def hash(self, rows) -> np.ndarray:
        """The keys of ``rows``."""
        n, width = rows.shape
        padded = np.zeros((n, 8 * self.words), dtype=np.uint8)
        padded[:, :width] = rows
        words = padded.view(np.uint64)
        if self.words == 1:
            h = words[:, 0].copy()
        else:                                  # multiply-xorshift mixing of the 64-bit words
            h = np.full(n, 0x9E3779B97F4A7C15, dtype=np.uint64)
            for j in range(self.words):
                h ^= words[:, j]
                h *= np.uint64(0xBF58476D1CE4E5B9)
                h ^= h >> np.uint64(31)
        return h & self.mask

    def _slots(self, keys) -> np.ndarray:
        return ((keys * self._SPREAD) >> np.uint64(64 - self.bits)).astype(np.int64)

    def lookup(self, keys) -> np.ndarray:
        """The id stored with each key, -1 if absent."""
        ids = np.full(len(keys), -1, dtype=np.int64)
        slot = self._slots(keys)
        active = np.arange(len(keys))
        last = len(self.slot_ids) - 1
        while len(active):
            at = slot[active]
            found = self.slot_ids[at]
            hit = (found >= 0) & (self.slot_keys[at] == keys[active])
            ids[active[hit]] = found[hit]
            active = active[(found >= 0) & ~hit]           # a slot taken by another key: probe the next
            slot[active] = (slot[active] + 1) & last
        return ids

    def insert(self, keys, ids) -> None:
        """Store ``ids`` under ``keys`` (distinct keys, none stored yet)."""
        if 2 * (self.size + len(keys)) > len(self.slot_ids):      # keep the table at most half full
            taken = self.slot_ids >= 0
            old_keys, old_ids = self.slot_keys[taken], self.slot_ids[taken]
            capacity = len(self.slot_ids)
            while 2 * (self.size + len(keys)) > capacity:
                capacity *= 2
            self._allocate(capacity)
            self.size = 0
            self.insert(old_keys, old_ids)
        slot = self._slots(keys)
        active = np.arange(len(keys))
        last = len(self.slot_ids) - 1
        while len(active):
            at = slot[active]
            free = self.slot_ids[at] < 0
            claims, first = np.unique(at[free], return_index=True)      # one key per free slot
            winners = active[free][first]
            self.slot_keys[claims] = keys[winners]
            self.slot_ids[claims] = ids[winners]
            placed = np.zeros(len(keys), dtype=bool)
            placed[winners] = True
            active = active[~placed[active]]
            slot[active] = (slot[active] + 1) & last
        self.size += len(keys)


def _group(keys, rows, rank, exact: bool):
    """The distinct keys among ``keys`` (the rows with equal keys checked equal unless ``exact``): for each,
    a position holding it, the least ``rank`` among its positions and its key; and the group of each
    position."""
    order = np.argsort(keys)
    ordered = keys[order]
    head = np.ones(len(keys), dtype=bool)
    head[1:] = ordered[1:] != ordered[:-1]
    if not exact and not head.all():
        sorted_rows = np.take(rows, order, axis=0)
        if not ((sorted_rows[1:] == sorted_rows[:-1]).all(axis=1) | head[1:]).all():
            raise _Collision
    starts = np.flatnonzero(head)
    first = np.minimum.reduceat(rank[order], starts) if len(order) else rank[:0]
    group = np.empty(len(keys), dtype=np.int64)
    group[order] = np.cumsum(head) - 1
    return order[starts], first, ordered[starts], group


def _concat(parts, dtype, shape=()):
    if not parts:
        return np.zeros((0,) + shape, dtype=dtype)
    return np.concatenate([np.asarray(p, dtype=dtype).reshape((-1,) + shape) for p in parts])


def _explore_reasoner(game, start, turn, swap, limits, meter) -> GameGraph:
    """Breadth-first search with the rule interpreter, one state at a time."""
    max_states, deadline, max_seconds = limits
    roles = game.roles
    swap = swap and turn is not None and len(roles) == 2

    def swapped(state):
        out, changed = [], False
        for term in state:
            other = _swap_term(game, term, turn)
            if other is not None:
                term, changed = other, True
            out.append(term)
        return frozenset(out) if changed else None

    states, index = [start], {start: 0}
    queue = deque([0])
    if swap:
        other = swapped(start)
        if other is not None and other not in index:
            index[other] = len(states)
            states.append(other)
            queue.append(index[other])
    terminal, goals, movers, degrees, targets, joint = [], [], [], [], [], []
    joint_ids, joints, idle = {}, [], set()
    reason = None
    while queue:
        check_interrupt()
        sid = queue.popleft()
        state = states[sid]
        view = game.view(state)
        if meter is not None:
            meter.tick()
        mover = None
        if turn is not None:
            for term in state:
                if _is_turn(term, turn):
                    mover = roles.index(term[turn[2]]) if term[turn[2]] in roles else None
                    break
        if view.terminal:
            terminal.append(True)
            goals.append([-1 if g is None else g for g in (view.goals[r] for r in roles)])
            movers.append(-1 if mover is None else mover)
            degrees.append(0)
            continue
        choosers = _choosers(game, view)
        if len(choosers) > 1:
            names = " and ".join(roles[i] for i in choosers)
            reason = f"simultaneous moves: {names} both choose a move in state {brief_state(state)}"
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
        terminal.append(False)
        goals.append([-1] * len(roles))
        movers.append(-1 if mover is None else mover)
        joints_here = list(product(*(view.sorted_legal(r) for r in roles)))
        degrees.append(len(joints_here))
        for move, successor in zip(joints_here, game.successors(view, joints_here)):
            nid = index.get(successor)
            if nid is None:
                nid = index[successor] = len(states)
                states.append(successor)
                queue.append(nid)
                if swap:
                    other = swapped(successor)
                    if other is not None and other not in index:
                        index[other] = len(states)
                        states.append(other)
                        queue.append(index[other])
            targets.append(nid)
            j = joint_ids.get(move)
            if j is None:
                j = joint_ids[move] = len(joints)
                joints.append(move)
            joint.append(j)
        if len(states) > max_states:
            raise _too_many(game, max_states, sid + 1)
        if deadline is not None and sid & 255 == 255 and time.monotonic() > deadline:
            raise _too_slow(game, max_seconds, sid + 1, len(states))
    fluents = sorted({f for state in states for f in state}, key=term_text)
    position = {f: i for i, f in enumerate(fluents)}
    bits = np.zeros((len(states), max(1, len(fluents))), dtype=bool)
    for sid, state in enumerate(states):
        for f in state:
            bits[sid, position[f]] = True
    rows = pack_rows(bits, max(1, (len(fluents) + 7) // 8))
    return GameGraph(game, turn, fluents, rows, terminal, goals, movers, degrees,
                     np.asarray(targets, dtype=np.int32), np.asarray(joint, dtype=np.int32), joints, "reasoner",
                     reason=reason)
