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
theorem, :func:`cgt.impartial.grundy.grundy`) and winning moves; impartial misère -> misère outcome
(:func:`cgt.misere.play.misere_outcome`); partizan normal play -> canonical value (:func:`cgt.kernel.game`; Left is
the player who moves first); everything else that is two-player and alternating (misère partizan,
draws, scores, cycles) -> who wins, by retrograde analysis (:func:`cgt.solve`).

>>> from cgt.games.gdl.reasoner import loads
>>> report = analyse(loads(SUBTRACTION_EXAMPLE), progress=False)
>>> report.play, report.impartial, report.grundy, report.result
('normal', True, 1, 'first')
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

from cgt.errors import NotShortGameError
from cgt.games.gdl.errors import GdlError
from cgt.games.gdl.graph import MAX_STATES, explore, probe
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

    def to_json(self) -> str:
        """One JSON object (the ``--json`` output)."""
        return json.dumps(asdict(self), sort_keys=True)

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
        return "\n".join(lines)


def analyse(game: GdlGame, max_states: int = MAX_STATES, start=None, progress: bool = True,
            max_seconds: float | None = None) -> Report:
    """Classify and solve ``game`` from ``start`` (default: its initial state); the exploration stops with
    :class:`~cgt.errors.TooLargeError` beyond ``max_states`` states or ``max_seconds`` seconds."""
    with interruptible():
        return _analyse(game, max_states, start, progress, max_seconds)


def _analyse(game: GdlGame, max_states: int, start, progress: bool, max_seconds: float | None) -> Report:
    start = game.initial if start is None else frozenset(start)
    roles = list(game.roles)
    base = dict(name=game.name, roles=roles, players=len(roles))
    found = probe(game, start=start)
    if not found.samples and start != game.initial:      # e.g. a terminal start: learn the turn fluent
        found.samples = probe(game).samples

    def outside(reason, states, turn=None):
        return Report(**base, alternating=False, play="other", impartial=None, all_small=None, draws=False,
                      scores=False, states=states, result=None, reason=reason, turn_fluent=turn)

    if found.reason:
        return outside(found.reason, found.states)
    graph = explore(game, start, max_states=max_states, samples=found.samples, progress=progress,
                    max_seconds=max_seconds)
    turn = f"{graph.turn[0]} (argument {graph.turn[2]})" if graph.turn else None
    states = len(graph.states)
    if graph.reason:
        return outside(graph.reason, states, turn)
    if len(roles) != 2:
        return outside(f"{len(roles)} player{'s' if len(roles) != 1 else ''}, not two", states, turn)
    reason = _alternation(graph)
    if reason:
        return outside(reason, states, turn)
    reach = _reachable(graph)
    labels, scores = _terminal_labels(graph, reach)
    real = {labels.get(sid, "unknown") for sid in range(len(graph.terminal)) if reach[sid] and graph.terminal[sid]}
    draws = _DRAW in real
    play = real.pop() if len(real) == 1 and not scores and not draws else "other"
    play = play if play in (_NORMAL, _MISERE) else "other"
    boards = _Boards(graph) if graph.turn else None
    impartial = boards.impartial(labels) if boards else None
    all_small = boards.all_small() if boards else None
    first = graph.terminal_movers[0]
    report = Report(**base, alternating=True, play=play, impartial=impartial, all_small=all_small, draws=draws,
                    scores=scores, states=states, result=None, turn_fluent=turn,
                    first_player=None if first is None else roles[first])
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
            _solve_impartial(graph, report, misere=False)
            return report
        if play == _MISERE and impartial:
            _solve_impartial(graph, report, misere=True)
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


def _alternation(graph) -> str | None:
    roles = graph.game.roles
    for sid, targets in enumerate(graph.targets):
        mover = graph.movers[sid]
        if graph.terminal[sid] or mover is None:
            continue
        for nid in targets:
            if not graph.terminal[nid] and graph.movers[nid] == mover and graph.targets[nid]:
                return (f"{roles[mover]} moves twice in a row (no alternation) reaching state "
                        f"{brief_state(graph.states[nid])}")
    return None


def _reachable(graph) -> list:
    """Which states real play reaches from the start (the others were only reached by swapping turns)."""
    seen = [False] * len(graph.states)
    seen[0] = True
    stack = [0]
    while stack:
        sid = stack.pop()
        for nid in graph.targets[sid]:
            if not seen[nid]:
                seen[nid] = True
                stack.append(nid)
    return seen


def _terminal_labels(graph, reach):
    """{state id: "normal" | "misere" | "draw"} for terminal states, and whether real play scores.

    The player to move at a terminal state is named by the turn fluent, else it is the opponent of
    whoever moved into it.
    """
    roles = graph.game.roles
    movers = list(graph.movers)
    for sid, targets in enumerate(graph.targets):
        if movers[sid] is not None:
            for nid in targets:
                if graph.terminal[nid] and movers[nid] is None:
                    movers[nid] = 1 - movers[sid]
    graph.terminal_movers = movers
    labels, scores = {}, False
    for sid, is_terminal in enumerate(graph.terminal):
        if not is_terminal:
            continue
        goals = graph.goals[sid]
        if None in goals:
            if reach[sid]:
                role = roles[goals.index(None)]
                raise GdlError(f"{graph.game.name}: role {role} has no goal in the terminal state "
                               f"{brief_state(graph.states[sid])}")
            continue
        if reach[sid] and sorted(goals) not in ([0, 100], [50, 50]):
            scores = True
        mover = movers[sid]
        if mover is not None:
            mine, theirs = goals[mover], goals[1 - mover]
            labels[sid] = _DRAW if mine == theirs else _MISERE if mine > theirs else _NORMAL
    return labels, scores


class _Boards:
    """Positions in the CGT sense: states without the turn fluent, with the state for each player to move."""

    def __init__(self, graph) -> None:
        self.graph = graph
        ids = {}
        self.of_state = []
        self.state_of = {}        # (board, player index) -> state id
        movers = graph.terminal_movers
        for sid in range(len(graph.terminal)):
            bid = ids.setdefault(graph.board(sid), len(ids))
            self.of_state.append(bid)
            if movers[sid] is not None:
                self.state_of[(bid, movers[sid])] = sid
        self.count = len(ids)

    def both(self):
        for bid in range(self.count):
            left, right = self.state_of.get((bid, 0)), self.state_of.get((bid, 1))
            if left is not None and right is not None:
                yield left, right

    def targets(self, bid, player) -> list:
        sid = self.state_of.get((bid, player))
        if sid is None:
            return []
        return sorted({self.of_state[nid] for nid in self.graph.targets[sid]})

    def impartial(self, labels) -> bool:
        """Both players have the same options everywhere (a quick test on positions; if it fails, a test
        up to identical game trees, where terminal states count only by their outcome for the mover)."""
        graph, of_state = self.graph, self.of_state
        quick = True
        for left, right in self.both():
            if graph.terminal[left] and graph.terminal[right]:
                if labels.get(left) != labels.get(right):
                    quick = False
                    break
                continue
            if ({of_state[n] for n in graph.targets[left]} != {of_state[n] for n in graph.targets[right]}
                    or graph.terminal[left] != graph.terminal[right]):
                quick = False
                break
        if quick:
            return True
        try:
            shape = _shapes(graph, labels)
        except NotShortGameError:
            return False
        return all(shape[left] == shape[right] for left, right in self.both()
                   if not (graph.terminal[left] and graph.terminal[right]))

    def all_small(self) -> bool:
        graph = self.graph
        return all(bool(graph.targets[left]) == bool(graph.targets[right]) for left, right in self.both())


def _shapes(graph, labels) -> dict:
    """An id per state, equal for states whose impartial game trees are identical (hash-consing)."""
    table, values = {}, {}

    def children(sid):
        return graph.targets[sid]

    def combine(sid, done):
        key = ("end", labels.get(sid)) if graph.terminal[sid] else frozenset(done[n] for n in children(sid))
        return table.setdefault(key, len(table))

    for sid in range(len(graph.states)):
        if sid not in values:
            _postorder(sid, children, combine, values)
    return values


def _move_text(joint, mover) -> str:
    return term_text(joint[mover])


def _solve_impartial(graph, report, misere: bool) -> None:
    """Grundy value (normal play) or misère outcome of the start state, on the state graph itself:
    an impartial game's value does not depend on who is to move."""
    from cgt.impartial.grundy import grundy
    from cgt.misere.play import misere_grundy

    evaluate = misere_grundy if misere else grundy
    targets = graph.targets
    options = lambda sid: targets[sid]
    cache = {}
    value = evaluate(0, options, cache=cache)
    if not misere:
        report.grundy = value
    report.result = "first" if value else "second"
    report.outcome = "N" if value else "P"
    mover = graph.movers[0]
    report.winning_moves = sorted(_move_text(joint, mover) for joint, nid in graph.edges(0)
                                  if evaluate(nid, options, cache=cache) == 0)


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

    left = graph.movers[0]
    right = 1 - left
    bid = boards.of_state[0]

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
                                  if str(values[boards.of_state[nid]].outcome) in ("L", "P"))


class _GraphRules:
    """The explored graph as a turn-based ruleset for :func:`cgt.solve`."""

    def __init__(self, graph) -> None:
        self.graph = graph

    def to_move(self, sid):
        mover = self.graph.terminal_movers[sid]
        return -1 if mover is None else mover

    def moves(self, sid, player):
        if self.graph.terminal[sid]:
            return []
        return [(term_text(joint[player]) if player >= 0 else str(joint), nid)
                for joint, nid in self.graph.edges(sid)]

    def terminal_result(self, sid):
        if not self.graph.terminal[sid]:
            return None
        goals = self.graph.goals[sid]
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

    return solve(_GraphPosition(_GraphRules(graph), sid), max_states=len(graph.states) + 1, progress=False)


def _solve_retrograde(graph, report) -> None:
    solution = _retrograde(graph, 0)
    report.result = solution.result
    report.draws = report.draws or solution.result == "draw"
    if solution.result == "first":
        report.winning_moves = sorted(str(m.label) for m in solution.optimal_moves(solution.start))


def _misere_partizan_outcome(graph, result) -> str | None:
    """Outcome class (L, R, N, P) of the start position, Left being the first player, from both turns."""
    other = graph.swapped(graph.states[0])
    if other is None or other not in graph.index:
        return None
    second = _retrograde(graph, graph.index[other]).result
    if "draw" in (result, second):
        return None
    return {(True, True): "N", (True, False): "L", (False, True): "R",
            (False, False): "P"}[(result == "first", second == "first")]


def nim_sequence(game: GdlGame, template: str, sizes, max_states: int = MAX_STATES) -> list:
    """Grundy values of the positions ``template.format(n)`` for ``n`` in ``sizes`` (each a state text).

    Reproduces the per-heap Nim sequences of Edin's tables: the other heaps are written empty in the
    template.

    >>> from cgt.games.gdl.reasoner import loads
    >>> nim_sequence(loads(SUBTRACTION_EXAMPLE), "(heap {}) (control left)", range(5))
    [0, 1, 2, 0, 1]
    """
    out = []
    for n in sizes:
        report = analyse(game, max_states=max_states, start=game.state(template.format(n)), progress=False)
        out.append(report.grundy)
    return out
