"""Who wins with best play: retrograde (Zermelo) analysis of finite games with wins, losses and draws.

:func:`solve` takes a position and labels every position reachable from it, exactly as Backhouse labels
the positions of a game graph (*Algorithmic Problem Solving*, §4.2.2), starting from the terminals and
never by recursion, so it also handles games whose play can cycle: a position is **won** for the player
to move when some move reaches a position lost for the player then to move, **lost** when every move
reaches a position won for the opponent, and a position that this labelling never reaches is a
**draw** (neither player can force a win; Zermelo's theorem for games with draws, in the form of
R. Diaconescu, *Computational modelling for combinatorial game strategies*, Theorem 2.1).

Two kinds of game are accepted, both by duck typing (``cgt`` never imports :mod:`cgt.games`):

* a **turn-based** game: the position's ``ruleset`` offers ``to_move(pos)`` (a hashable player token,
  the player to move), ``moves(pos, player)`` (``(label, position)`` pairs), ``terminal_result(pos)``
  (``None`` while play goes on, else the winner's token or ``"draw"``; a game scored by points turns the
  score into the winner), and optionally ``state_key(pos)`` (a hashable key, equal for positions with the
  same future, e.g. up to a symmetry of the board).  A position with no moves and no terminal result is
  lost by the player to move.  Two players; they need not alternate.
* an ordinary **normal-play** ruleset (the player to move is not part of the position: ``moves(pos,
  player)`` or ``options(pos)`` when impartial): ``solve(position, player)`` (default ``Player.Left``)
  solves the pair, wrapped as a :class:`NormalPlay` state; the player who cannot move loses.  Positions
  are keyed by the ruleset's ``normal_form`` (impartial ones without the player: moves always pass the
  turn).

``solution.result`` is ``"first"`` (the player to move wins), ``"second"`` or ``"draw"``.  For every
reachable position the solution gives the result, the **distance** (moves to the end under optimal play:
the winner wins fastest, the loser loses slowest; ``None`` for a draw) and the optimal moves; a strategy
(:meth:`Solution.strategy`) picks one of them, and :func:`check_strategy` verifies, independently of the
labelling, that a strategy wins (or holds the draw) against every reply.

>>> from cgt.games import Multiples
>>> s = solve(Multiples(3, 5))
>>> s.result, s.distance, [str(m) for m in s.optimal_moves(s.start)]
('first', 5, ['(0,-3) -> 3 2 (Right to move)'])
>>> s.result_of(NormalPlay(Multiples(3, 2), "Right")), bool(s.check())
('second', True)
"""

from __future__ import annotations

import time
from array import array
from collections import Counter, deque

from cgt.errors import CGTError, InvalidGameError, NotApplicableError, TooLargeError
from cgt.runtime.interrupt import check_interrupt, interruptible
from cgt.kernel.player import Player
from cgt.runtime.progress import Progress

__all__ = ["solve", "solve_all", "Solution", "SolvedMove", "NormalPlay", "StrategyCheck", "check_strategy",
           "FIRST", "SECOND", "DRAW", "MAX_STATES"]

FIRST, SECOND, DRAW = "first", "second", "draw"
#: Default state limit of :func:`solve`.
MAX_STATES = 5_000_000

_UNKNOWN, _WIN, _LOSS, _DRAWN = 0, 1, 2, 3       # the labels, relative to the player to move
_NAMES = {_WIN: FIRST, _LOSS: SECOND, _DRAWN: DRAW, _UNKNOWN: DRAW}


class NormalPlay:
    """A position of a normal-play ruleset together with the player to move.

    >>> from cgt.games import Multiples
    >>> str(NormalPlay(Multiples(1, 2), "L"))
    '1 2 (Left to move)'
    """

    __slots__ = ("position", "player")

    def __init__(self, position, player=Player.Left) -> None:
        self.position = position
        self.player = Player.parse(player)

    def __str__(self) -> str:
        return f"{self.position} ({self.player} to move)"

    def __repr__(self) -> str:
        return f"NormalPlay({self.position!r}, {self.player})"

    def __eq__(self, other):
        if not isinstance(other, NormalPlay):
            return NotImplemented
        return self.position == other.position and self.player is other.player

    def __hash__(self):
        return hash((self.position, self.player))


class SolvedMove:
    """A move: its ``label`` (None when the game names no moves) and the ``position`` it reaches."""

    __slots__ = ("label", "position")

    def __init__(self, label, position) -> None:
        self.label = label
        self.position = position

    def __str__(self) -> str:
        return str(self.position) if self.label is None else f"{self.label} -> {self.position}"

    def __repr__(self) -> str:
        return f"SolvedMove({self.label!r}, {self.position!r})"

    def __eq__(self, other):
        if not isinstance(other, SolvedMove):
            return NotImplemented
        return self.label == other.label and self.position == other.position

    def __hash__(self):
        return hash((self.label, self.position))


# -- adapters: one shape (key, mover, moves, result, bind, raw) for both kinds of game -------------------
class _TurnBased:
    alternating = False

    def __init__(self, ruleset) -> None:
        self.ruleset = ruleset
        self._key = getattr(ruleset, "state_key", None)

    def key(self, raw):
        return raw if self._key is None else self._key(raw)

    def mover(self, raw):
        return self.ruleset.to_move(raw)

    def moves(self, raw):
        return self.ruleset.moves(raw, self.ruleset.to_move(raw))

    def result(self, raw):
        return self.ruleset.terminal_result(raw)

    def bind(self, raw):
        bind = getattr(self.ruleset, "position", None)
        return bind(raw) if callable(bind) else raw

    def raw(self, state, player=None):
        if getattr(state, "ruleset", self.ruleset) != self.ruleset:
            raise NotApplicableError(f"{state!r} is not a position of {self.ruleset!r}")
        return getattr(state, "position", state)


class _NormalPlay:
    def __init__(self, ruleset) -> None:
        self.ruleset = ruleset
        self.alternating = hasattr(ruleset, "grundy")          # impartial: the player is not in the key
        self._moves = ruleset.moves

    def key(self, raw):
        pos, player = raw
        rep, swapped = self.ruleset.normal_form(pos)
        if self.alternating:
            return rep
        return rep, (player.opponent if swapped else player)

    def mover(self, raw):
        return raw[1]

    def moves(self, raw):
        pos, player = raw
        other = player.opponent
        return [(label, (option, other)) for label, option in self._moves(pos, player)]

    def result(self, raw):
        return None

    def bind(self, raw):
        return NormalPlay(self.ruleset.position(raw[0]), raw[1])

    def raw(self, state, player=None):
        if isinstance(state, NormalPlay):
            pos, player = state.position, state.player
        else:
            pos = state
            player = Player.Left if player is None else Player.parse(player)
        if getattr(pos, "ruleset", self.ruleset) != self.ruleset:
            raise NotApplicableError(f"{pos!r} is not a position of {self.ruleset!r}")
        return getattr(pos, "position", pos), player


def _adapter(position, player):
    """The adapter and raw start state of ``position`` (see the module docstring)."""
    if isinstance(position, NormalPlay):
        position, player = position.position, position.player
    ruleset = getattr(position, "ruleset", None)
    if ruleset is None or not hasattr(position, "position"):
        raise InvalidGameError(f"cannot solve {position!r}: want a ruleset position such as Kayles(5)")
    if hasattr(ruleset, "to_move"):
        if player is not None:
            raise NotApplicableError(f"{ruleset!r}: the player to move is part of the position; "
                                     f"do not pass a player")
        game = _TurnBased(ruleset)
    elif hasattr(ruleset, "moves"):
        game = _NormalPlay(ruleset)
    else:
        raise InvalidGameError(f"cannot solve {position!r}: its ruleset has no moves(pos, player)")
    return game, game.raw(position, player)


# -- the solver -------------------------------------------------------------------------------------------
def solve(position, player=None, *, max_states: int = MAX_STATES, progress: bool = True) -> "Solution":
    """Solve ``position`` by retrograde analysis (see the module docstring).

    ``player`` is the player to move, for normal-play rulesets only (default Left).  More than
    ``max_states`` reachable positions raise :class:`~cgt.errors.TooLargeError`.

    >>> from cgt.games import Kayles
    >>> solve(Kayles(4)).result, solve(Kayles(3, 3)).result
    ('first', 'second')
    >>> solve(Kayles(30), max_states=100)
    Traceback (most recent call last):
    ...
    cgt.errors.TooLargeError: solve: more than 100 positions reachable from Kayles position 30 (Left to move) (stopped at 101); pass a larger max_states
    """
    return solve_all([position], player, max_states=max_states, progress=progress)


def solve_all(positions, player=None, *, max_states: int = MAX_STATES, progress: bool = True) -> "Solution":
    """Solve several positions of one game at once, sharing one table; ``start`` is the first of them.

    >>> from cgt.games import Multiples
    >>> s = solve_all([Multiples(k, 5) for k in range(1, 9)])
    >>> [s.result_of(Multiples(k, 5)) for k in range(1, 9)]
    ['first', 'first', 'first', 'second', 'second', 'second', 'second', 'second']
    """
    positions = list(positions)
    if not positions:
        raise InvalidGameError("solve_all: no positions given")
    game, start = _adapter(positions[0], player)
    roots = [start] + [game.raw(p.position if isinstance(p, NormalPlay) else p,
                                p.player if isinstance(p, NormalPlay) else player) for p in positions[1:]]
    with interruptible():
        return _Solver(game, roots, max_states, progress).run()


class _Solver:
    def __init__(self, game, roots, max_states, progress) -> None:
        self.game, self.roots, self.max_states, self.progress = game, roots, max_states, progress

    def run(self) -> "Solution":
        began = time.perf_counter()
        game = self.game
        index: dict = {}
        raws: list = []
        movers: list = []
        for root in self.roots:
            k = game.key(root)
            if k not in index:
                index[k] = len(raws)
                raws.append(root)
                movers.append(game.mover(root))
        label = array("b")
        children: list = []
        limit = self.max_states
        with Progress("positions") as bar:
            i = 0
            while i < len(raws):                           # forward: every reachable position, once per key
                if i & 1023 == 0:
                    check_interrupt()
                raw = raws[i]
                result = game.result(raw)
                if result is not None:
                    label.append(_DRAWN if result == DRAW else _WIN if result == movers[i] else _LOSS)
                    children.append(())
                else:
                    kids = set()
                    for _, child in game.moves(raw):
                        k = game.key(child)
                        j = index.get(k)
                        if j is None:
                            j = len(raws)
                            if j >= limit:
                                start = game.bind(self.roots[0])
                                raise TooLargeError(
                                    f"solve: more than {limit} positions reachable from "
                                    f"{_describe(start)} (stopped at {j + 1}); pass a larger max_states")
                            index[k] = j
                            raws.append(child)
                            movers.append(game.mover(child))
                        kids.add(j)
                    children.append(tuple(kids))
                    label.append(_UNKNOWN if kids else _LOSS)   # no move: the player to move loses
                i += 1
                if self.progress:
                    bar.tick()
            n = len(raws)
            # reverse edges, compressed (CSR)
            start_of = array("q", bytes(8 * (n + 1)))
            for kids in children:
                for j in kids:
                    start_of[j + 1] += 1
            for j in range(n):
                start_of[j + 1] += start_of[j]
            fill = array("q", start_of)
            parents = array("q", bytes(8 * max(start_of[n], 1)))
            for p, kids in enumerate(children):
                for j in kids:
                    parents[fill[j]] = p
                    fill[j] += 1
            del fill
            pending = array("q", (len(kids) for kids in children))
            del children
            distance = array("q", [-1]) * n
            queue = deque()
            for j in range(n):
                if label[j] == _WIN or label[j] == _LOSS:
                    distance[j] = 0
                    queue.append(j)
            alternating = game.alternating
            # backward: breadth first from the terminals, so distances come out in increasing order; the
            # first winning child found gives the fastest win, the last child to resolve the slowest loss
            while queue:
                c = queue.popleft()
                if self.progress:
                    bar.tick()
                if c & 1023 == 0:
                    check_interrupt()
                won_c = label[c] == _WIN
                d = distance[c] + 1
                mover_c = movers[c]
                for t in range(start_of[c], start_of[c + 1]):
                    p = parents[t]
                    if label[p] != _UNKNOWN:
                        continue
                    same = False if alternating else movers[p] == mover_c
                    if won_c == same:                      # good for the player to move at p
                        label[p] = _WIN
                        distance[p] = d
                        queue.append(p)
                    else:
                        pending[p] -= 1
                        if pending[p] == 0:
                            label[p] = _LOSS
                            distance[p] = d
                            queue.append(p)
        return Solution(game, self.roots[0], index, raws, movers, label, distance,
                        time.perf_counter() - began)


def _describe(position) -> str:
    ruleset = getattr(position, "ruleset", None)
    if isinstance(position, NormalPlay):
        return f"{position.position.ruleset!r} position {position}"
    return f"{ruleset!r} position {position}" if ruleset is not None else str(position)


class Solution:
    """The solved game: results, distances and optimal moves of every reachable position.

    Positions are given as the ruleset's positions (``Kayles(3)``), as :class:`NormalPlay` states, or for
    normal-play rulesets as a position plus ``player=``.  ``len(solution)`` is the number of positions
    solved (up to the ruleset's ``state_key``/``normal_form``) and ``elapsed`` the seconds it took.
    """

    def __init__(self, game, start, index, raws, movers, label, distance, elapsed) -> None:
        self._game = game
        self._start = start
        self._index = index
        self._raws = raws
        self._movers = movers
        self._label = label
        self._distance = distance
        self.elapsed = elapsed

    # -- the start position -----------------------------------------------------------------------------
    @property
    def start(self):
        """The (first) position solved."""
        return self._game.bind(self._start)

    @property
    def result(self) -> str:
        """``"first"``, ``"second"`` or ``"draw"``: who wins the start position with best play."""
        return _NAMES[self._label[0]]

    @property
    def distance(self):
        """Moves to the end of the start position under optimal play (None for a draw)."""
        return self._distance_at(0)

    def __len__(self) -> int:
        return len(self._raws)

    def __repr__(self) -> str:
        return f"<Solution of {_describe(self.start)}: {self.result}, {len(self)} positions>"

    # -- any reachable position ------------------------------------------------------------------------
    def _find(self, state, player=None) -> int:
        raw = self._game.raw(state, player)
        j = self._index.get(self._game.key(raw))
        if j is None:
            raise NotApplicableError(f"{state} is not reachable from the solved position {self.start}")
        return j

    def _distance_at(self, j):
        return None if self._label[j] in (_UNKNOWN, _DRAWN) and self._distance[j] < 0 else self._distance[j]

    def result_of(self, state, player=None) -> str:
        """``"first"``, ``"second"`` or ``"draw"`` for ``state`` (its player to move is "first")."""
        return _NAMES[self._label[self._find(state, player)]]

    def distance_of(self, state, player=None):
        """Moves to the end from ``state`` under optimal play, or None for a draw."""
        return self._distance_at(self._find(state, player))

    def _classified(self, state, player):
        """``(label, distance, [(move, child label for the mover, child distance)])`` of ``state``."""
        game = self._game
        raw = game.raw(state, player)
        j = self._find(state, player)
        if game.result(raw) is not None:
            return self._label[j], self._distance[j], []
        mover = game.mover(raw)
        rows = []
        for lab, child in game.moves(raw):
            c = self._index[game.key(child)]
            lc = self._label[c]
            same = False if game.alternating else game.mover(child) == mover
            if lc == _WIN or lc == _LOSS:
                lc = _WIN if (lc == _WIN) == same else _LOSS
            rows.append((SolvedMove(lab, game.bind(child)), lc, self._distance[c]))
        return self._label[j], self._distance[j], rows

    def optimal_moves(self, state, player=None) -> list:
        """The moves of best play from ``state``: the fastest wins, else the slowest losses, else the moves
        that keep the draw (empty at the end of the game)."""
        lab, d, rows = self._classified(state, player)
        if lab == _WIN or lab == _LOSS:
            return [m for m, lc, dc in rows if lc == lab and dc == d - 1]
        return [m for m, lc, dc in rows if lc not in (_WIN, _LOSS)]

    def winning_moves(self, state, player=None) -> list:
        """Every move from ``state`` to a position lost for the opponent (not only the fastest)."""
        return [m for m, lc, _ in self._classified(state, player)[2] if lc == _WIN]

    def strategy(self, state, player=None):
        """The move to play from ``state`` (the first optimal move), or None when the game is over.

        Following it wins every won position: each move lowers the distance by one.
        """
        moves = self.optimal_moves(state, player)
        return moves[0] if moves else None

    def counts(self) -> Counter:
        """How many solved positions are first-player wins, second-player wins and draws."""
        return Counter(_NAMES[x] for x in self._label)

    def positions(self):
        """Yield ``(position, result, distance)`` for every solved position (one per key)."""
        for j, raw in enumerate(self._raws):
            yield self._game.bind(raw), _NAMES[self._label[j]], self._distance_at(j)

    def check(self, state=None, player=None, *, max_states: int = MAX_STATES) -> "StrategyCheck":
        """Check :meth:`strategy` from ``state`` (default the start) with :func:`check_strategy`: for the
        winner when someone wins, for each player in turn on a draw."""
        raw = self._start if state is None else self._game.raw(state, player)
        result = self.result_of(self._game.bind(raw))
        goal = "draw" if result == DRAW else "win"
        sides = [FIRST, SECOND] if result == DRAW else [result]
        check = None
        for side in sides:
            check = _check(self._game, raw, self.strategy, side, goal, max_states)
            if not check:
                return check
        return check


# -- the strategy checker ---------------------------------------------------------------------------------
class StrategyCheck:
    """The verdict of :func:`check_strategy`: true when the strategy passed; else ``reason`` and the
    ``line`` of play (positions) that refutes it."""

    __slots__ = ("ok", "reason", "line", "positions")

    def __init__(self, ok: bool, reason: str = "", line=(), positions: int = 0) -> None:
        self.ok, self.reason, self.line, self.positions = ok, reason, list(line), positions

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        if self.ok:
            return f"<StrategyCheck: passed, {self.positions} positions>"
        return f"<StrategyCheck: failed: {self.reason}>"


def check_strategy(position, strategy, player=None, *, side: str = FIRST, goal: str = "win",
                   max_states: int = MAX_STATES) -> StrategyCheck:
    """Verify that ``strategy`` (position → move) played by ``side`` ("first": the player to move at
    ``position``, or "second") wins (``goal="win"``: every line ends in a win, no line goes on forever) or
    at least draws (``goal="draw"``: no line ends in a loss) against every reply of the opponent.

    The check walks the tree of play the strategy allows (Diaconescu's "strategy as a subtree") with its
    own depth-first search over the rules, not the solver's labels.

    >>> from cgt.games import Multiples
    >>> s = solve(Multiples(3, 5))
    >>> bool(check_strategy(Multiples(3, 5), s.strategy))
    True
    >>> bool(check_strategy(Multiples(3, 5), lambda state: None))
    False
    """
    if side not in (FIRST, SECOND) or goal not in ("win", "draw"):
        raise InvalidGameError(f"check_strategy: side must be 'first' or 'second' (got {side!r}), "
                               f"goal 'win' or 'draw' (got {goal!r})")
    game, raw = _adapter(position, player)
    return _check(game, raw, strategy, side, goal, max_states)


def _check(game, start, strategy, side, goal, max_states) -> StrategyCheck:
    first = game.mover(start)
    me_first = side == FIRST

    def mine(raw):
        return (game.mover(raw) == first) == me_first

    def key(raw):
        return game.key(raw), game.mover(raw)

    def ending(raw):
        """``"win"``/``"loss"``/``"draw"`` for the strategy's side when ``raw`` ends the game, else None."""
        result = game.result(raw)
        if result is None:
            if next(iter(game.moves(raw)), None) is not None:
                return None
            return "loss" if mine(raw) else "win"
        if result == DRAW:
            return "draw"
        return "win" if (result == game.mover(raw)) == mine(raw) else "loss"

    def successors(raw):
        if not mine(raw):
            return [child for _, child in game.moves(raw)]
        move = strategy(game.bind(raw))
        if move is None:
            raise _Refuted("the strategy gives no move")
        target = move.position if isinstance(move, SolvedMove) else move
        if isinstance(game, _NormalPlay) and not isinstance(target, NormalPlay):
            target = NormalPlay(target, game.mover(raw).opponent)    # a bare position: the turn passes
        child = game.raw(target)
        legal = {key(c) for _, c in game.moves(raw)}
        if key(child) not in legal:
            raise _Refuted(f"the strategy plays an illegal move {move}")
        return [child]

    done: set = set()
    on_path: set = set()
    path = [start]
    stack = [None]
    try:
        while stack:
            if len(done) >= max_states:
                raise TooLargeError(f"check_strategy: more than {max_states} positions (stopped at "
                                    f"{len(done) + 1}); pass a larger max_states")
            it = stack[-1]
            raw = path[-1]
            if it is None:                               # entering raw
                k = key(raw)
                end = ending(raw)
                if end is not None:
                    if end == "loss" or (end == "draw" and goal == "win"):
                        raise _Refuted(f"the game ends in a {end}")
                    done.add(k)
                    path.pop()
                    stack.pop()
                    continue
                on_path.add(k)
                it = stack[-1] = iter(successors(raw))
            child = next(it, None)
            if child is None:
                k = key(raw)
                on_path.discard(k)
                done.add(k)
                path.pop()
                stack.pop()
                if len(done) & 1023 == 0:
                    check_interrupt()
                continue
            ck = key(child)
            if ck in on_path:
                if goal == "win":
                    path.append(child)
                    raise _Refuted("play can go on forever")
                continue
            if ck in done:
                continue
            path.append(child)
            stack.append(None)
    except _Refuted as why:
        return StrategyCheck(False, why.args[0], [game.bind(r) for r in path], len(done))
    return StrategyCheck(True, "", (), len(done))


class _Refuted(CGTError):
    """Internal: a line of play the strategy does not survive."""
