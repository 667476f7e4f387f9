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

__all__ = ["wins", "stopper_ge", "ge_matrix", "survives"]

#: Largest number of node pairs compared in one survival analysis.
MAX_PAIRS = 4_000_000


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


def stopper_ge(a: Graph, b: Graph) -> bool:
    """``a >= b`` for stoppers: Left survives ``a - b`` with Right moving first."""
    rwin, nb = _pair_right_wins(a, b)
    return not rwin[(a.root * nb + b.root) * 2 + 1]


def ge_matrix(a: Graph, b: Graph | None = None) -> list[list[bool]]:
    """``m[x][y]`` = (node ``x`` of ``a``) >= (node ``y`` of ``b``) for stoppers; ``b`` defaults to ``a``."""
    b = a if b is None else b
    rwin, nb = _pair_right_wins(a, b)
    return [[not rwin[(x * nb + y) * 2 + 1] for y in range(nb)] for x in range(a.size)]

