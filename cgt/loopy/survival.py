"""Retrograde analysis on game graphs: who wins, who survives, and the order of stoppers.

Two facts of loopy theory drive everything here (Siegel, *Combinatorial Game Theory*, ch. VI;
Berlekamp, Conway and Guy, *Winning Ways*, ch. 11):

* the winner of a finite game graph under "infinite play is a draw" is found by retrograde analysis:
  a player wins from a position iff she can force her opponent to run out of moves in finitely many
  moves (a least fixed point, computed with move counters);
* for stoppers ``G`` and ``H``, ``G >= H`` iff Left *survives* ``G - H`` when Right moves first, where
  survival means not losing: an infinite play counts as a survival for Left.

>>> from cgt.loopy.graph import Graph
>>> on = Graph.build([[0]], [[]])           # {pass |}
>>> zero = Graph.build([[]], [[]])
>>> stopper_ge(on, zero), stopper_ge(zero, on)
(True, False)
>>> wins(Graph.build([[0]], [[0]]))          # dud: a draw whoever starts
(set(), set())
"""

from __future__ import annotations

from cgt.runtime.interrupt import check_interrupt
from cgt.runtime.progress import Progress
from cgt.loopy.graph import Graph
from cgt.errors import TooLargeError

__all__ = ["wins", "stopper_ge", "ge_matrix", "survives", "side_le", "side_le_all", "side_le_matrix", "SIDE_KINDS"]

#: Largest number of node pairs compared in one survival analysis.
MAX_PAIRS = 4_000_000
#: From this many node pairs on, the analysis runs on arrays (numpy), a wave of new wins at a time.
ARRAY_PAIRS = 20_000


def _force(graph: Graph, player: int) -> set[int]:
    """States ``2*i + mover`` (mover 0 = Left, 1 = Right) from which ``player`` wins in finitely many moves."""
    n = graph.size
    lpred, rpred = graph.reverse()
    opponent = 1 - player
    # counters: how many moves the opponent still has that do not lose for him
    counter = [0] * (2 * n)
    for i in range(n):
        counter[2 * i] = len(graph.left[i])
        counter[2 * i + 1] = len(graph.right[i])
    won = set()
    todo = [2 * i + opponent for i in range(n) if counter[2 * i + opponent] == 0]
    won.update(todo)
    steps = 0
    while todo:
        s = todo.pop()
        steps += 1
        if steps % 65536 == 0:
            check_interrupt()
        i, mover = divmod(s, 2)
        pmover = 1 - mover
        for j in (lpred[i] if pmover == 0 else rpred[i]):
            t = 2 * j + pmover
            if t in won:
                continue
            if pmover == player:
                won.add(t)
                todo.append(t)
            else:
                counter[t] -= 1
                if counter[t] == 0:
                    won.add(t)
                    todo.append(t)
    return won


def wins(graph: Graph) -> tuple[set[int], set[int]]:
    """``(left_wins, right_wins)``: the states (``2*node + mover``) each player wins with draws allowed."""
    return _force(graph, 0), _force(graph, 1)


def survives(graph: Graph, node: int, left_moves_first: bool, infinite_for_left: bool) -> bool:
    """Whether Left does not lose from ``node`` when infinite play is won by Left (or by Right).

    >>> on_off = Graph.build([[0]], [[0]])
    >>> survives(on_off, 0, True, True), survives(on_off, 0, True, False)
    (True, False)
    """
    state = 2 * node + (0 if left_moves_first else 1)
    if infinite_for_left:
        return state not in _force(graph, 1)
    return state in _force(graph, 0)


def _pair_right_wins(a: Graph, b: Graph) -> tuple[bytearray, int]:
    """Right-win flags of the states of ``a - b``: index ``(x * nb + y) * 2 + mover``.

    In ``x - y`` Left moves ``x -> x^L`` or ``y -> y^R``; Right moves ``x -> x^R`` or ``y -> y^L``.
    Right wins a state iff he can force Left to run out of moves in finitely many moves.
    """
    na, nb = a.size, b.size
    if na * nb > MAX_PAIRS:
        raise TooLargeError(f"comparing loopy games of {na} and {nb} nodes: more than {MAX_PAIRS} pairs")
    if na * nb >= ARRAY_PAIRS:
        return _pair_right_wins_by_waves(a, b), nb
    total = na * nb * 2
    counter = [0] * total  # only Left-to-move states (even index) use it
    rlen = [len(r) for r in b.right]
    row = 2 * nb
    for x in range(na):
        lx = len(a.left[x])
        counter[x * row:(x + 1) * row:2] = [lx + r for r in rlen]
    rwin = bytearray(total)
    todo = [s for s in range(0, total, 2) if not counter[s]]
    for s in todo:
        rwin[s] = 1
    with Progress("position pairs") as progress:
        _retrograde(a, b, todo, rwin, counter, progress)
    return rwin, nb


def _retrograde(a: Graph, b: Graph, todo: list, rwin: bytearray, counter: list, progress) -> None:
    """Propagate Right's wins backwards from the states in ``todo`` (see :func:`_pair_right_wins`).

    The hot loop of every comparison: predecessor lists are scaled to state offsets once, and the
    progress counter and interrupt check run once per 4096 states.
    """
    nb = b.size
    alp, arp = a.reverse()
    blp, brp = b.reverse()
    # offsets of predecessor pairs: x2 -> x2 * nb * 2, y2 -> y2 * 2
    arp2 = [[x2 * nb * 2 for x2 in xs] for xs in arp]
    alp2 = [[x2 * nb * 2 for x2 in xs] for xs in alp]
    blp2 = [[y2 * 2 for y2 in ys] for ys in blp]
    brp2 = [[y2 * 2 for y2 in ys] for ys in brp]
    row = nb * 2
    done = 0
    pop, push = todo.pop, todo.append
    while todo:
        s = pop()
        done += 1
        if not done & 4095:
            progress.tick(4096)
            check_interrupt()
        x, rest = divmod(s, row)
        y2 = rest - (rest & 1)          # 2 * y
        if not s & 1:
            # Left to move and lost: every Right-to-move predecessor wins for Right
            for off in arp2[x]:
                t = off + y2 + 1
                if not rwin[t]:
                    rwin[t] = 1
                    push(t)
            xo = x * row + 1
            for off in blp2[y2 >> 1]:
                t = xo + off
                if not rwin[t]:
                    rwin[t] = 1
                    push(t)
        else:
            # Right to move and won: a Left-to-move predecessor is lost once all its moves are
            for off in alp2[x]:
                t = off + y2
                if not rwin[t]:
                    counter[t] -= 1
                    if not counter[t]:
                        rwin[t] = 1
                        push(t)
            xo = x * row
            for off in brp2[y2 >> 1]:
                t = xo + off
                if not rwin[t]:
                    counter[t] -= 1
                    if not counter[t]:
                        rwin[t] = 1
                        push(t)
    progress.tick(done & 4095)


def _pair_right_wins_by_waves(a: Graph, b: Graph):
    """:func:`_pair_right_wins` on arrays, one wave of new wins at a time (the same least fixed point: the
    order in which wins are propagated does not change it).  Returns the flags in the same layout."""
    import numpy as np

    na, nb = a.size, b.size
    (alp, als), (arp, ars) = a.predecessor_arrays()
    (blp, bls), (brp, brs) = b.predecessor_arrays()
    left_lengths = np.fromiter(map(len, a.left), dtype=np.int64, count=na)
    right_lengths = np.fromiter(map(len, b.right), dtype=np.int64, count=nb)
    counter = (left_lengths[:, None] + right_lengths[None, :]).ravel()    # Left's moves in x - y, per pair
    lost = counter == 0                     # Left to move, Right wins (pair index x * nb + y)
    won = np.zeros(na * nb, dtype=bool)     # Right to move, Right wins

    def predecessors(pairs, pointers, sources, in_first: bool):
        """The pairs with a move into ``pairs`` in the first (``in_first``) or second component, one entry
        per move (a pair may appear more than once)."""
        x, y = np.divmod(pairs, nb)
        node = x if in_first else y
        starts, counts = pointers[node], pointers[node + 1] - pointers[node]
        total = int(counts.sum())
        if not total:
            return pairs[:0]
        offsets = np.repeat(starts - (np.cumsum(counts) - counts), counts) + np.arange(total)
        moved = sources[offsets]
        if in_first:
            return moved * nb + np.repeat(y, counts)
        return np.repeat(x, counts) * nb + moved

    frontier = np.flatnonzero(lost)
    with Progress("position pairs") as progress:
        while frontier.size:
            check_interrupt()
            progress.tick(int(frontier.size))
            # Left to move and lost: Right wins every predecessor where he moved (x -> x^R, or y -> y^L in -y)
            reached = np.concatenate([predecessors(frontier, arp, ars, True),
                                      predecessors(frontier, blp, bls, False)])
            reached = np.unique(reached[~won[reached]])
            won[reached] = True
            if not reached.size:
                break
            progress.tick(int(reached.size))
            # Right to move and won: a Left-to-move predecessor is lost once every one of its moves is
            touched = np.concatenate([predecessors(reached, alp, als, True),
                                      predecessors(reached, brp, brs, False)])
            touched = touched[~lost[touched]]
            pairs, hits = np.unique(touched, return_counts=True)
            counter[pairs] -= hits
            frontier = pairs[counter[pairs] == 0]
            lost[frontier] = True
    return bytearray(np.stack([lost, won], axis=1).ravel().astype(np.uint8).tobytes())


def stopper_ge(a: Graph, b: Graph) -> bool:
    """``a >= b`` for stoppers: Left survives ``a - b`` with Right moving first."""
    rwin, nb = _pair_right_wins(a, b)
    return not rwin[(a.root * nb + b.root) * 2 + 1]


#: Byte translation 0 <-> 1: Left survives where Right does not win.
_NOT = bytes.maketrans(b"\x00\x01", b"\x01\x00")


def ge_matrix(a: Graph, b: Graph | None = None) -> list[bytes]:
    """``m[x][y]`` = (node ``x`` of ``a``) >= (node ``y`` of ``b``) for stoppers, as 1 or 0 (one row of bytes
    per node of ``a``); ``b`` defaults to ``a``.

    >>> on, zero = Graph.build([[0]], [[]]), Graph.build([[]], [[]])
    >>> [list(row) for row in ge_matrix(on, zero)], [list(row) for row in ge_matrix(zero, on)]
    ([[1]], [[0]])
    """
    b = a if b is None else b
    rwin, nb = _pair_right_wins(a, b)
    survived = bytes(rwin[1::2]).translate(_NOT)
    return [survived[x * nb:(x + 1) * nb] for x in range(a.size)]



# ---------------------------------------------------------------- comparing sides of arbitrary graphs
#
# A side of a graph that is not a stopper is compared by a game on the product graph in which infinite
# play is decided by *where* it happens.  To decide ``X^+ <= Y^+`` Left plays ``Y - X`` second; an infinite
# play is hers iff it moves in the ``Y`` component infinitely often: the onside ``Y^+`` lets Left win
# infinite play in ``Y``, the onside of ``X`` lets Right win infinite play in ``-X`` alone, and when both go
# on for ever the comparison favours Left, as ``on <= on`` requires (Siegel, *Combinatorial Game Theory*,
# ch. VI, compares sides through such plays; this form of the rule is checked against Conway's sidling
# and against outcomes of sums on random graphs in tests/loopy).  Dually ``X^- <= Y^-`` gives Left the
# infinite plays that move in ``X`` infinitely often.  For ``X^- <= Y^+`` every infinite play is Left's,
# and so it is whenever the component that would give Right an infinite play is a stopper (it has no
# infinite alternating play, so play cannot go on in it alone): that case is the survival order above.
#
# The game "Left wins by a finite win or by infinitely many moves in her component" is a Buchi game; its
# winning region is the nested fixed point  nu Z. mu W. [Left to move: some move lands in W, or is a
# move in her component landing in Z; Right to move: every move does], computed with move counters.

#: The three comparisons of sides: ``"on"`` is ``a^+ <= b^+``, ``"off"`` is ``a^- <= b^-`` and ``"offon"``
#: is ``a^- <= b^+``.
SIDE_KINDS = ("on", "off", "offon")


def side_le(a: Graph, b: Graph, kind: str = "on") -> bool:
    """Whether a side of ``a`` is at most a side of ``b``, at their roots (``kind``: see :data:`SIDE_KINDS`).

    For stoppers every kind is the survival order.  ``dud = {pass | pass}`` has onside ``on`` and
    offside ``off``:

    >>> dud, on, zero = Graph.build([[0]], [[0]]), Graph.build([[0]], [[]]), Graph.build([[]], [[]])
    >>> side_le(dud, on, "on"), side_le(on, dud, "on"), side_le(dud, zero, "on"), side_le(dud, zero, "off")
    (True, True, False, True)
    """
    return side_le_all(a, b, [(a.root, b.root)], kind)


def side_le_all(a: Graph, b: Graph, pairs: list, kind: str = "on") -> bool:
    """Whether the side of node ``x`` of ``a`` is at most that of node ``y`` of ``b`` for every ``(x, y)`` in
    ``pairs`` (one analysis of the states they reach).

    >>> g = Graph.build([[0], [1], []], [[0], [], []])        # dud, on, 0
    >>> side_le_all(g, g, [(0, 1), (2, 0)]), side_le_all(g, g, [(0, 1), (0, 2)])
    (True, False)
    """
    if kind not in SIDE_KINDS:
        raise ValueError(f"unknown comparison of sides {kind!r}; expected one of {SIDE_KINDS}")
    if kind == "offon" or (kind == "on" and _stoppers_at(a, [x for x, _ in pairs])) or (
            kind == "off" and _stoppers_at(b, [y for _, y in pairs])):
        if len(pairs) == 1:
            return stopper_ge(b.rooted(pairs[0][1]), a.rooted(pairs[0][0]))
        rwin, nb = _pair_right_wins(b, a)
        na = a.size
        return all(not rwin[(y * na + x) * 2 + 1] for x, y in pairs)
    return _buchi(a, b, kind == "on", pairs)


def _stoppers_at(g: Graph, nodes: list) -> bool:
    """No infinite alternating play from any of ``nodes``."""
    if len(nodes) == 1 and nodes[0] == g.root:
        return g.is_stopper()
    bad = g.alternating_cycle_nodes()
    return not bad or not (bad & set(g.reachable(nodes)))


def side_le_matrix(a: Graph, b: Graph | None = None, kind: str = "on") -> list[list[bool]]:
    """``m[x][y]``: the side of node ``x`` of ``a`` is at most that of node ``y`` of ``b`` (default ``a``).

    >>> g = Graph.build([[0], [1], []], [[0], [], []])        # dud, on, 0
    >>> [[int(v) for v in row] for row in side_le_matrix(g)]
    [[1, 1, 0], [1, 1, 0], [1, 1, 1]]
    """
    b = a if b is None else b
    if kind not in SIDE_KINDS:
        raise ValueError(f"unknown comparison of sides {kind!r}; expected one of {SIDE_KINDS}")
    if (kind == "offon" or (kind == "on" and not a.alternating_cycle_nodes())
            or (kind == "off" and not b.alternating_cycle_nodes())):
        return [list(col) for col in zip(*ge_matrix(b, a))]
    nb = b.size
    win = _buchi(a, b, kind == "on", None)
    return [[win[(x * nb + y) * 2 + 1] for y in range(nb)] for x in range(a.size)]


def _buchi(a: Graph, b: Graph, good_in_b: bool, pairs):
    """Left's winning states of ``b - a`` when she wins infinite play that moves in ``b`` (``good_in_b``) or
    in ``a`` infinitely often (the comment above).

    ``pairs``: the ``(x, y)`` whose Right-to-move states are asked; only the states reachable from them are
    solved, and the answer is whether Left wins them all (the analysis stops as soon as one is lost).
    ``pairs=None``: every state of the product is solved, and item ``(x * nb + y) * 2 + mover`` (mover 1 =
    Right) of the returned list is its verdict.
    """
    na, nb = a.size, b.size
    if na * nb > MAX_PAIRS:
        raise TooLargeError(f"comparing loopy games of {na} and {nb} nodes: more than {MAX_PAIRS} pairs")
    row = nb * 2
    # moves as offsets: Left moves y -> y^L in b and x -> x^R in a, Right y -> y^R and x -> x^L
    b_moves = ([[y2 * 2 + 1 for y2 in ys] for ys in b.left], [[y2 * 2 for y2 in ys] for ys in b.right])
    a_moves = ([[x2 * row + 1 for x2 in xs] for xs in a.right], [[x2 * row for x2 in xs] for xs in a.left])
    if pairs is None:
        states = list(range(na * nb * 2))
        local = None
    else:
        states = list(dict.fromkeys(x * row + y * 2 + 1 for x, y in pairs))
        local = {s: k for k, s in enumerate(states)}
    count_start = len(states)
    good_out: list = []
    bad_out: list = []
    k = 0
    while k < len(states):
        s = states[k]
        k += 1
        if not k & 4095:
            check_interrupt()
        x, rest = divmod(s, row)
        y, mover = rest >> 1, rest & 1
        base, yy = x * row, y * 2
        in_b = [base + o for o in b_moves[mover][y]]
        in_a = [o + yy for o in a_moves[mover][x]]
        if local is not None:
            for t in in_b + in_a:
                if t not in local:
                    local[t] = len(states)
                    states.append(t)
            in_b = [local[t] for t in in_b]
            in_a = [local[t] for t in in_a]
        good_out.append(in_b if good_in_b else in_a)
        bad_out.append(in_a if good_in_b else in_b)
    count = len(states)
    good_pred: list = [[] for _ in range(count)]
    bad_pred: list = [[] for _ in range(count)]
    for i in range(count):
        for j in good_out[i]:
            good_pred[j].append(i)
        for j in bad_out[i]:
            bad_pred[j].append(i)
    right_to_move = [s & 1 for s in states]
    # phase A: the finite wins (move counters); the Buchi iteration then runs on the undecided states only
    left_wins = _finite_wins(count, good_out, bad_out, good_pred, bad_pred, right_to_move, True)
    right_wins = _finite_wins(count, good_out, bad_out, good_pred, bad_pred, right_to_move, False)
    if pairs is not None and any(right_wins[:count_start]):
        return False
    undecided = [i for i in range(count) if not left_wins[i] and not right_wins[i]]
    z = [not r for r in right_wins]
    size = len(undecided)
    while True:
        check_interrupt()
        w = list(left_wins)
        pending = [0] * count
        todo = []
        for i in undecided:
            if right_to_move[i]:
                # unsatisfied moves: not into a finite win of Left, and not a good move into Z
                c = 0
                for j in bad_out[i]:
                    if not left_wins[j]:
                        c += 1
                for j in good_out[i]:
                    if not z[j]:
                        c += 1
                pending[i] = c
                if not c:
                    w[i] = True
                    todo.append(i)
            else:
                for j in good_out[i]:
                    if z[j]:
                        w[i] = True
                        todo.append(i)
                        break
        while todo:
            j = todo.pop()
            # a move into W satisfies its mover; a good move into Z counted as satisfied already
            for preds in ((bad_pred[j], good_pred[j]) if not z[j] else (bad_pred[j],)):
                for i in preds:
                    if w[i] or not z[i]:          # W lies inside Z (the iteration only shrinks Z)
                        continue
                    if right_to_move[i]:
                        pending[i] -= 1
                        if pending[i]:
                            continue
                    w[i] = True
                    todo.append(i)
        if pairs is not None and not all(w[:count_start]):
            return False
        new_size = sum(1 for i in undecided if w[i])
        if new_size == size:
            return True if pairs is not None else w
        z, size = w, new_size
        undecided = [i for i in undecided if w[i]]


def _finite_wins(count: int, good_out: list, bad_out: list, good_pred: list, bad_pred: list, right_to_move: list,
                 left: bool) -> list:
    """The states from which Left (``left``) or Right forces the opponent out of moves in finitely many moves
    (retrograde analysis with move counters)."""
    won = [False] * count
    pending = [len(good_out[i]) + len(bad_out[i]) for i in range(count)]
    # the loser of a state is its mover when the mover is the opponent
    todo = [i for i in range(count) if not pending[i] and bool(right_to_move[i]) == left]
    for i in todo:
        won[i] = True
    while todo:
        j = todo.pop()
        for preds in (good_pred[j], bad_pred[j]):
            for i in preds:
                if won[i]:
                    continue
                if bool(right_to_move[i]) != left:
                    # the winner moves here: one winning move is enough
                    won[i] = True
                    todo.append(i)
                else:
                    pending[i] -= 1
                    if not pending[i]:
                        won[i] = True
                        todo.append(i)
    return won
