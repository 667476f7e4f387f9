"""Classifying and solving a GDL game: the report ``cgt gdl FILE`` prints.

Classification follows Edin, *Classification and solutions of general combinatorial games* (ch. 4),
but decides every property on the explored game graph instead of on the syntax of the rules, which
is where that thesis's tool went wrong (it called Clobber impartial and gave both heaps of
SG{1,2}{1,5} the subtraction set {1,2,5}):

* **players** and **alternation** -- two roles, and in every state exactly one of them has a real
  choice, never the same one twice in a row (:mod:`cgt.games.gdl.graph` finds the turn fluent);
* **normal / misère** -- at each terminal state, compare the goals of the player to move with the
  other's: the player to move losing is normal play (Conway's convention: who cannot move loses),
  winning is misère; equal goals are a **draw**; goals other than 0/100 and 50/50 are **scores**;
* **impartial** -- every position (the state without its turn fluent) has the same options whoever
  is to move, and its terminal outcome is the same for both movers;
* **all-small** -- in every position, one player can move exactly when the other can (Siegel,
  *Combinatorial Game Theory*, ch. II.7: all-small games are infinitesimal).

Solving dispatches on the classification: impartial normal play -> Grundy value (Sprague-Grundy
theorem) and winning moves; impartial misère -> misère outcome (the misère Grundy value of Winning Ways,
ch. 13, as :func:`cgt.misere.play.misere_grundy` defines it); partizan normal play -> canonical value
(:func:`cgt.kernel.game`; Left is the player who moves first); everything else that is two-player and
alternating (misère partizan, draws, scores, cycles) -> who wins, by retrograde analysis (:func:`cgt.solve`).

The graph is held in numpy arrays (:class:`cgt.games.gdl.graph.GameGraph`), and every pass over it --
alternation, reachability, terminal labels, the comparison of the players' options, the Grundy values
(Kahn's topological sort run backwards, a batch of finished states at a time, with the mex of each batch
from bit masks) -- is a few array operations over all states or all moves; the tests check the Grundy
values against :func:`cgt.impartial.grundy.grundy` and :func:`cgt.misere.play.misere_grundy`.

>>> from cgt.games.gdl.reasoner import loads
>>> report = analyse(loads(SUBTRACTION_EXAMPLE), progress=False)
>>> report.play, report.impartial, report.grundy, report.result
('normal', True, 1, 'first')
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

import numpy as np

from cgt.errors import NotShortGameError
from cgt.games.gdl.errors import GdlError
from cgt.games.gdl.graph import MAX_STATES, explore, probe, select_machine
from cgt.games.gdl.reasoner import GdlGame, brief_state
from cgt.games.gdl.syntax import term_text
from cgt.runtime.interrupt import check_interrupt, interruptible

__all__ = ["Report", "analyse", "nim_sequence", "SUBTRACTION_EXAMPLE"]

#: A one-heap subtraction game {1, 2} from 4 (used in the examples): Grundy value 4 mod 3 = 1.
SUBTRACTION_EXAMPLE = """
(role left) (role right) (init (heap 4)) (init (control left))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
(<= (legal ?p (take ?n)) (true (control ?p)) (true (heap ?m)) (succ ?n ?m))
(<= (legal ?p (take ?n)) (true (control ?p)) (true (heap ?m)) (succ ?n ?k) (succ ?k ?m))
(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (heap ?n)) (does ?p (take ?n)))
(<= (next (control left)) (true (control right)))
(<= (next (control right)) (true (control left)))
(<= terminal (true (heap 0)))
(<= (goal ?p 0) (true (control ?p)))
(<= (goal ?p 100) (role ?p) (not (true (control ?p))))
"""

_NORMAL, _MISERE, _DRAW = "normal", "misere", "draw"


@dataclass
class Report:
    """The classification and solution of a GDL game (see the module docstring)."""

    name: str
    roles: list
    players: int
    alternating: bool
    play: str                          # "normal", "misere" or "other"
    impartial: bool | None
    all_small: bool | None
    draws: bool
    scores: bool
    states: int
    result: str | None                 # "first", "second", "draw" or None
    grundy: int | None = None
    value: str | None = None
    outcome: str | None = None         # outcome class: P or N (impartial), L, R, N, P (partizan)
    first_player: str | None = None    # the role to move at the start (Left, for values)
    turn_fluent: str | None = None
    reason: str | None = None          # why the game is outside normal-play CGT
    winning_moves: list = field(default_factory=list)
    engine: str = "propnet"            # what computed the states: "propnet" or "reasoner"
    note: str | None = None            # why the rule interpreter ran instead of the network, if it did

    def to_json(self) -> str:
        """One JSON object (the ``--json`` output); ``engine`` and ``note`` only when the rule interpreter
        stood in for the propositional network."""
        data = asdict(self)
        if data["note"] is None:
            del data["engine"], data["note"]
        return json.dumps(data, sort_keys=True)

    def __str__(self) -> str:
        lines = [f"{self.name}: {self.players} player{'s' if self.players != 1 else ''} "
                 f"({', '.join(self.roles)})"
                 + (f", alternating (turn fluent: {self.turn_fluent})" if self.alternating and self.turn_fluent
                    else ", alternating" if self.alternating else ", not alternating")]
        if self.reason:
            lines.append(f"outside normal-play combinatorial game theory: {self.reason}")
        kinds = [{"normal": "normal play", "misere": "misère play", "other": "neither normal nor misère play"}
                 [self.play]]
        if self.impartial is not None:
            kinds.append("impartial" if self.impartial else "partizan")
        if self.all_small is not None:
            kinds.append("all-small" if self.all_small else "not all-small")
        kinds.append("draws possible" if self.draws else "no draws")
        if self.scores:
            kinds.append("scored (goals other than win/lose)")
        lines.append("classification: " + ", ".join(kinds))
        lines.append(f"states explored: {self.states:,}")
        if self.result is not None:
            first = self.first_player or self.roles[0]
            second = next((r for r in self.roles if r != first), "?")
            lines.append("result: " + {"first": f"the first player ({first}) wins",
                                       "second": f"the second player ({second}) wins",
                                       "draw": "a draw with best play"}[self.result])
        if self.grundy is not None:
            lines.append(f"Grundy value: {self.grundy}")
        if self.value is not None:
            lines.append(f"value: {self.value} (Left = {self.first_player})")
        if self.outcome is not None:
            lines.append(f"outcome class: {self.outcome}")
        if self.winning_moves:
            lines.append("winning moves: " + ", ".join(self.winning_moves))
        if self.note:
            lines.append(f"note: {self.note}")
        return "\n".join(lines)


def analyse(game: GdlGame, max_states: int = MAX_STATES, start=None, progress: bool = True,
            max_seconds: float | None = None, engine: str = "auto") -> Report:
    """Classify and solve ``game`` from ``start`` (default: its initial state); the exploration stops with
    :class:`~cgt.errors.TooLargeError` beyond ``max_states`` states or ``max_seconds`` seconds.

    ``engine`` computes the states: ``"auto"`` (the propositional network of
    :mod:`cgt.games.gdl.propnet`, or the rule interpreter when the rules are too big to ground -- the
    report's ``note`` then says so), ``"propnet"`` or ``"reasoner"``.  The report is the same whichever
    engine runs (``report.engine`` says which did).
    """
    with interruptible():
        return _analyse(game, max_states, start, progress, max_seconds, engine)


def _analyse(game: GdlGame, max_states: int, start, progress: bool, max_seconds: float | None,
             engine: str) -> Report:
    start = game.initial if start is None else frozenset(start)
    roles = list(game.roles)
    machine, note = select_machine(game, engine, start)
    base = dict(name=game.name, roles=roles, players=len(roles), engine="reasoner" if machine is None else "propnet",
                note=note)
    found = probe(game, start=start, machine=machine)
    if not found.samples and start != game.initial:      # e.g. a terminal start: learn the turn fluent
        found.samples = probe(game, machine=machine).samples

    def outside(reason, states, turn=None):
        return Report(**base, alternating=False, play="other", impartial=None, all_small=None, draws=False,
                      scores=False, states=states, result=None, reason=reason, turn_fluent=turn)

    if found.reason:
        return outside(found.reason, found.states)
    graph = explore(game, start, max_states=max_states, samples=found.samples, progress=progress,
                    max_seconds=max_seconds, engine="reasoner" if machine is None else engine)
    base.update(engine=graph.engine, note=note or graph.note)
    turn = f"{graph.turn[0]} (argument {graph.turn[2]})" if graph.turn else None
    states = len(graph)
    if graph.reason:
        return outside(graph.reason, states, turn)
    if len(roles) != 2:
        return outside(f"{len(roles)} player{'s' if len(roles) != 1 else ''}, not two", states, turn)
    reason = _alternation(graph)
    if reason:
        return outside(reason, states, turn)
    reach = _reachable(graph)
    labels, scores = _terminal_labels(graph, reach)
    real = {_LABELS[code] for code in set(labels[reach & graph.terminal].tolist())}
    draws = _DRAW in real
    play = real.pop() if len(real) == 1 and not scores and not draws else "other"
    play = play if play in (_NORMAL, _MISERE) else "other"
    boards = _Boards(graph) if graph.turn else None
    impartial = boards.impartial(labels) if boards else None
    all_small = boards.all_small() if boards else None
    first = int(graph.terminal_movers[0])
    report = Report(**base, alternating=True, play=play, impartial=impartial, all_small=all_small, draws=draws,
                    scores=scores, states=states, result=None, turn_fluent=turn,
                    first_player=None if first < 0 else roles[first])
    if scores:
        report.reason = "the goals are scores, not a win and a loss"
    elif draws:
        report.reason = "some terminal states are draws"
    elif "unknown" in real:
        report.reason = "the player to move at some terminal states is unknown (no turn fluent)"
    elif play == "other":
        report.reason = "some terminal states give the win to the player to move, others to the other player"
    try:
        if play == _NORMAL and impartial:
            _solve_impartial(graph, report, reach, misere=False)
            return report
        if play == _MISERE and impartial:
            _solve_impartial(graph, report, reach, misere=True)
            return report
        if boards and play == _NORMAL and not impartial:
            _solve_value(graph, boards, report)
            return report
    except NotShortGameError:
        report.reason = "the game graph has cycles (a loopy game)"
    _solve_retrograde(graph, report)
    if boards and play == _MISERE and not impartial:
        report.outcome = _misere_partizan_outcome(graph, report.result)
    return report


# -- the graph in arrays: every pass below is a few numpy operations over all states or all moves ------------
_LABELS = {-1: "unknown", 0: _NORMAL, 1: _MISERE, 2: _DRAW}


def _edge_slots(offsets, nodes) -> np.ndarray:
    """The positions in ``targets`` of the moves of ``nodes`` (in order)."""
    starts = offsets[nodes]
    lengths = offsets[nodes + 1] - starts
    total = int(lengths.sum())
    shift = np.repeat(starts - (np.cumsum(lengths) - lengths), lengths)
    return shift + np.arange(total, dtype=np.int64)


def _source(graph, moves) -> np.ndarray:
    """The state each of the moves ``moves`` (positions in ``targets``) leaves."""
    return np.searchsorted(graph.offsets, moves, side="right") - 1


def _alternation(graph) -> str | None:
    """The first move (in state order) from a state of one player to a non-terminal state of the same
    player that has moves: the game does not alternate."""
    movers, terminal = graph.movers, graph.terminal
    leaving = np.where(~terminal & (movers >= 0), movers, -2).astype(np.int8)
    arriving = np.where(~terminal & (graph.degrees > 0), movers, -3).astype(np.int8)
    bad = np.repeat(leaving, graph.degrees) == arriving[graph.targets]
    if not bad.any():
        return None
    e = int(np.argmax(bad))
    mover = int(leaving[_source(graph, e)])
    return (f"{graph.game.roles[mover]} moves twice in a row (no alternation) reaching state "
            f"{brief_state(graph.states[int(graph.targets[e])])}")


def _reachable(graph) -> np.ndarray:
    """Which states real play reaches from the start (the others were only reached by swapping turns):
    breadth-first, one frontier at a time."""
    seen = np.zeros(len(graph), dtype=bool)
    if not len(graph):
        return seen
    seen[0] = True
    frontier = np.zeros(1, dtype=np.int64)
    while len(frontier):
        check_interrupt()
        new = np.zeros(len(graph), dtype=bool)
        new[graph.targets[_edge_slots(graph.offsets, frontier)]] = True
        new &= ~seen
        seen |= new
        frontier = np.flatnonzero(new)
    return seen


def _terminal_labels(graph, reach):
    """Label codes (-1 none, 0 normal, 1 misère, 2 draw; see ``_LABELS``) of the terminal states, and
    whether real play scores.

    The player to move at a terminal state is named by the turn fluent, else it is the opponent of
    whoever moved into it first (in state order).
    """
    roles = graph.game.roles
    tgt, terminal = graph.targets, graph.terminal
    movers = graph.movers.copy()
    into = np.flatnonzero(np.repeat(movers >= 0, graph.degrees) & (terminal & (movers < 0))[tgt])
    src = np.zeros(len(tgt), dtype=np.int64)
    src[into] = _source(graph, into)
    order = np.argsort(tgt[into], kind="stable")
    ends = tgt[into][order]
    head = np.ones(len(ends), dtype=bool)
    head[1:] = ends[1:] != ends[:-1]
    first = into[order[head]]                   # the first move (in state order) into each terminal state
    movers[tgt[first]] = 1 - movers[src[first]]
    graph.terminal_movers = movers
    labels = np.full(len(graph), -1, dtype=np.int8)
    goals = graph.goals
    missing = terminal & (goals < 0).any(axis=1)
    unscored = missing & reach
    if unscored.any():
        sid = int(np.argmax(unscored))
        role = roles[int(np.argmax(goals[sid] < 0))]
        raise GdlError(f"{graph.game.name}: role {role} has no goal in the terminal state "
                       f"{brief_state(graph.states[sid])}")
    scored = terminal & ~missing
    ordered = np.sort(goals, axis=1)
    win_loss = ((ordered[:, 0] == 0) & (ordered[:, 1] == 100)) | ((ordered[:, 0] == 50) & (ordered[:, 1] == 50))
    scores = bool((scored & reach & ~win_loss).any())
    labelled = np.flatnonzero(scored & (movers >= 0))
    mine = goals[labelled, movers[labelled].astype(np.int64)]
    theirs = goals[labelled, 1 - movers[labelled].astype(np.int64)]
    labels[labelled] = np.where(mine == theirs, 2, np.where(mine > theirs, 1, 0))
    return labels, scores


class _Boards:
    """Positions in the CGT sense: states without the turn fluent, with the state for each player to move."""

    def __init__(self, graph) -> None:
        self.graph = graph
        self.of_state, self.count = graph.board_ids()
        movers = graph.terminal_movers
        self.state_of = []                # per player: board id -> state id (-1 none; the last state wins)
        for player in (0, 1):
            table = np.full(self.count, -1, dtype=np.int64)
            sids = np.flatnonzero(movers == player)
            np.maximum.at(table, self.of_state[sids], sids)
            self.state_of.append(table)
        has = (self.state_of[0] >= 0) & (self.state_of[1] >= 0)
        self.left = self.state_of[0][has]          # the pairs (left state, right state) of each board
        self.right = self.state_of[1][has]

    def targets(self, bid, player) -> list:
        sid = int(self.state_of[player][bid])
        if sid < 0:
            return []
        return sorted(set(self.of_state[self.graph.targets_of(sid)].tolist()))

    def _option_sets(self, states):
        """The options of ``states`` as sorted distinct board ids, concatenated, and their numbers."""
        graph = self.graph
        degrees = graph.degrees[states]
        owner = np.repeat(np.arange(len(states), dtype=np.int64), degrees)
        keys = _distinct(owner * self.count + self.of_state[graph.targets[_segments(graph.offsets[states], degrees)]])
        return keys % self.count, np.bincount(keys // self.count, minlength=len(states))

    def _same_options(self, left, right) -> bool:
        """Whether each state of ``left`` has the same set of options (boards) as its partner in ``right``:
        first compared move by move (the usual case: both players' moves listed in the same order), the
        rest as sorted sets."""
        graph = self.graph
        degrees, board = graph.degrees, self.of_state
        same = degrees[left] == degrees[right]
        l, r = left[same], right[same]
        slots_l = _segments(graph.offsets[l], degrees[l])
        slots_r = _segments(graph.offsets[r], degrees[r])
        differ = board[graph.targets[slots_l]] != board[graph.targets[slots_r]]
        pair = np.repeat(np.arange(len(l)), degrees[l])
        unsure = np.zeros(len(left), dtype=bool)
        unsure[np.flatnonzero(same)[np.unique(pair[differ])]] = True
        unsure |= ~same
        if not unsure.any():
            return True
        l, r = left[unsure], right[unsure]
        boards_l, lengths_l = self._option_sets(l)
        boards_r, lengths_r = self._option_sets(r)
        return bool(np.array_equal(lengths_l, lengths_r) and np.array_equal(boards_l, boards_r))

    def impartial(self, labels) -> bool:
        """Both players have the same options everywhere (a quick test on positions; if it fails, a test
        up to identical game trees, where terminal states count only by their outcome for the mover)."""
        graph, left, right = self.graph, self.left, self.right
        terminal = graph.terminal
        both_end = terminal[left] & terminal[right]
        quick = not (both_end & (labels[left] != labels[right])).any()
        others = ~both_end
        if quick and (others & (terminal[left] != terminal[right])).any():
            quick = False
        if quick:
            quick = self._same_options(left[others], right[others])
        if quick:
            return True
        try:
            shape = _shapes(graph, labels)
        except NotShortGameError:
            return False
        return bool((shape[left[others]] == shape[right[others]]).all())

    def all_small(self) -> bool:
        degrees = self.graph.degrees
        return bool(((degrees[self.left] > 0) == (degrees[self.right] > 0)).all())


def _distinct(values) -> np.ndarray:
    """The distinct values, sorted (by sorting: ``np.unique`` may hash, which is slow on such keys)."""
    values = np.sort(values)
    head = np.ones(len(values), dtype=bool)
    head[1:] = values[1:] != values[:-1]
    return values[head]


def _segments(starts, lengths) -> np.ndarray:
    shift = np.repeat(starts - (np.cumsum(lengths) - lengths), lengths)
    return shift + np.arange(int(lengths.sum()), dtype=np.int64)


def _rounds(graph, nodes):
    """The states ``nodes`` (a boolean mask closed under moves) in batches, each after every state its
    members move to: Kahn's topological sort run backwards, one batch of finished states at a time.
    A state left over sits on a cycle: :class:`~cgt.errors.NotShortGameError`."""
    inside = np.repeat(nodes, graph.degrees)
    back_src = np.repeat(np.flatnonzero(nodes).astype(np.int32), graph.degrees[nodes])
    back_tgt = graph.targets[inside]
    order = np.argsort(back_tgt)                          # the moves by target: each state's predecessors
    back_src = back_src[order]
    back_offsets = np.zeros(len(graph) + 1, dtype=np.int64)
    np.cumsum(np.bincount(back_tgt, minlength=len(graph)), out=back_offsets[1:])
    waiting = graph.degrees.copy()
    ready = np.flatnonzero(nodes & (waiting == 0))
    finished = 0
    while len(ready):
        check_interrupt()
        yield ready
        finished += len(ready)
        parents = back_src[_edge_slots(back_offsets, ready)]
        if len(parents) * 8 > len(graph):          # many: count them with one pass over all states
            drop = np.bincount(parents, minlength=len(graph))
            touched = np.flatnonzero(drop)
            waiting[touched] -= drop[touched]
            ready = touched[waiting[touched] == 0]
        else:
            parents = np.sort(parents)
            head = np.ones(len(parents), dtype=bool)
            head[1:] = parents[1:] != parents[:-1]
            starts = np.flatnonzero(head)
            counts = np.diff(np.append(starts, len(parents)))
            parents = parents[starts]
            waiting[parents] -= counts
            ready = parents[waiting[parents] == 0]
    if finished < int(nodes.sum()):
        stuck = int(np.flatnonzero(nodes & (waiting > 0))[0])
        raise NotShortGameError(f"position {stuck} is met again on the search stack: the game is loopy")


def _mex(values, lengths) -> np.ndarray:
    """The mex (least excluded non-negative integer) of each consecutive group of ``values`` (group
    sizes ``lengths``, all positive): the Sprague-Grundy rule."""
    groups = len(lengths)
    starts = np.cumsum(lengths) - lengths
    if not len(values):
        return np.zeros(groups, dtype=np.int64)
    if int(values.max()) < 62:             # a bit mask per group; the mex is its lowest clear bit
        masks = np.bitwise_or.reduceat(np.left_shift(np.int64(1), values), starts)
        low = ~masks & (masks + 1)
        return np.round(np.log2(low.astype(np.float64))).astype(np.int64)
    group = np.repeat(np.arange(groups, dtype=np.int64), lengths)
    keys = _distinct(group * (int(values.max()) + 2) + values)
    group, values = keys // (int(values.max()) + 2), keys % (int(values.max()) + 2)
    counts = np.bincount(group, minlength=groups)
    position = np.arange(len(keys)) - np.repeat(np.cumsum(counts) - counts, counts)
    out = counts.astype(np.int64)
    gaps = np.flatnonzero(values != position)
    if len(gaps):
        g, first = np.unique(group[gaps], return_index=True)
        out[g] = position[gaps[first]]
    return out


def _grundy_values(graph, nodes, misere: bool) -> np.ndarray:
    """Grundy values (normal play) or misère Grundy values -- 1 at a position without moves, else the mex
    of the options (Winning Ways, ch. 13) -- of the states ``nodes``, children first (:func:`_rounds`)."""
    value = np.full(len(graph), -1, dtype=np.int64)
    for ready in _rounds(graph, nodes):
        degrees = graph.degrees[ready]
        leaves = degrees == 0
        value[ready[leaves]] = 1 if misere else 0
        inner = ready[~leaves]
        if len(inner):
            value[inner] = _mex(value[graph.targets[_edge_slots(graph.offsets, inner)]], degrees[~leaves])
    return value


def _shapes(graph, labels) -> np.ndarray:
    """An id per state, equal for states whose impartial game trees are identical (hash-consing, children
    first); terminal states count by their label."""
    table = {}
    shape = np.full(len(graph), -1, dtype=np.int64)
    for ready in _rounds(graph, np.ones(len(graph), dtype=bool)):
        ends = ready[graph.terminal[ready]]
        for sid, label in zip(ends.tolist(), labels[ends].tolist()):
            shape[sid] = table.setdefault(("end", label), len(table))
        inner = ready[~graph.terminal[ready]]
        if not len(inner):
            continue
        degrees = graph.degrees[inner]
        kids = shape[graph.targets[_edge_slots(graph.offsets, inner)]]
        split = np.split(kids, np.cumsum(degrees)[:-1])
        for sid, options in zip(inner.tolist(), split):
            shape[sid] = table.setdefault(frozenset(options.tolist()), len(table))
    return shape


def _move_text(joint, mover) -> str:
    return term_text(joint[mover])


def _solve_impartial(graph, report, reach, misere: bool) -> None:
    """Grundy value (normal play) or misère outcome of the start state, on the state graph itself:
    an impartial game's value does not depend on who is to move."""
    value = _grundy_values(graph, reach, misere)
    start = int(value[0])
    if not misere:
        report.grundy = start
    report.result = "first" if start else "second"
    report.outcome = "N" if start else "P"
    mover = int(graph.movers[0])
    report.winning_moves = sorted(_move_text(joint, mover) for joint, nid in graph.edges(0) if value[nid] == 0)


def _postorder(root, children, combine, values=None):
    """Values of every position below ``root``, children first (iterative; a cycle is not short)."""
    values = {} if values is None else values
    on_path = {root}
    stack = [(root, iter(children(root)))]
    while stack:
        check_interrupt()
        node, it = stack[-1]
        for child in it:
            if child in values:
                continue
            if child in on_path:
                raise NotShortGameError(f"position {child} is met again on the search stack: the game is loopy")
            on_path.add(child)
            stack.append((child, iter(children(child))))
            break
        else:
            stack.pop()
            on_path.discard(node)
            values[node] = combine(node, values)
    return values


def _solve_value(graph, boards, report) -> None:
    from cgt import game as make_game

    left = int(graph.movers[0])
    right = 1 - left
    bid = int(boards.of_state[0])

    def children(b):
        return boards.targets(b, left) + boards.targets(b, right)

    def combine(b, values):
        return make_game([values[x] for x in boards.targets(b, left)],
                         [values[x] for x in boards.targets(b, right)])

    values = _postorder(bid, children, combine)
    value = values[bid]
    report.value = str(value)
    outcome = str(value.outcome)
    report.outcome = outcome
    report.result = "first" if outcome in ("L", "N") else "second"
    report.winning_moves = sorted(_move_text(joint, left) for joint, nid in graph.edges(0)
                                  if str(values[int(boards.of_state[nid])].outcome) in ("L", "P"))


class _GraphRules:
    """The explored graph as a turn-based ruleset for :func:`cgt.solve`."""

    def __init__(self, graph) -> None:
        self.graph = graph

    def to_move(self, sid):
        return int(self.graph.terminal_movers[sid])

    def moves(self, sid, player):
        if self.graph.terminal[sid]:
            return []
        return [(term_text(joint[player]) if player >= 0 else str(joint), nid)
                for joint, nid in self.graph.edges(sid)]

    def terminal_result(self, sid):
        if not self.graph.terminal[sid]:
            return None
        goals = self.graph.goals[sid].tolist()
        if goals[0] == goals[1]:
            return "draw"
        return 0 if goals[0] > goals[1] else 1


class _GraphPosition:
    __slots__ = ("ruleset", "position")

    def __init__(self, ruleset, position) -> None:
        self.ruleset = ruleset
        self.position = position

    def __repr__(self) -> str:
        return f"state {self.position}"


def _retrograde(graph, sid: int):
    """:func:`cgt.solve` of the explored graph from state ``sid``."""
    from cgt.search.solve import solve

    return solve(_GraphPosition(_GraphRules(graph), sid), max_states=len(graph) + 1, progress=False)


def _solve_retrograde(graph, report) -> None:
    solution = _retrograde(graph, 0)
    report.result = solution.result
    report.draws = report.draws or solution.result == "draw"
    if solution.result == "first":
        report.winning_moves = sorted(str(m.label) for m in solution.optimal_moves(solution.start))


def _misere_partizan_outcome(graph, result) -> str | None:
    """Outcome class (L, R, N, P) of the start position, Left being the first player, from both turns."""
    other = graph.swapped(graph.states[0])
    sid = None if other is None else graph.find(other)
    if sid is None:
        return None
    second = _retrograde(graph, sid).result
    if "draw" in (result, second):
        return None
    return {(True, True): "N", (True, False): "L", (False, True): "R",
            (False, False): "P"}[(result == "first", second == "first")]


def nim_sequence(game: GdlGame, template: str, sizes, max_states: int = MAX_STATES, engine: str = "auto") -> list:
    """Grundy values of the positions ``template.format(n)`` for ``n`` in ``sizes`` (each a state text).

    Reproduces the per-heap Nim sequences of Edin's tables: the other heaps are written empty in the
    template.

    >>> from cgt.games.gdl.reasoner import loads
    >>> nim_sequence(loads(SUBTRACTION_EXAMPLE), "(heap {}) (control left)", range(5))
    [0, 1, 2, 0, 1]
    """
    out = []
    for n in sizes:
        report = analyse(game, max_states=max_states, start=game.state(template.format(n)), progress=False,
                         engine=engine)
        out.append(report.grundy)
    return out
