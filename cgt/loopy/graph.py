"""Finite game graphs: the raw material of loopy values.

A :class:`Graph` lists, for every node, its Left and Right options as node indices; a node may list
itself (a ``pass`` move).  Everything here is iterative, so graphs of 10^5 nodes are fine.

>>> g = Graph.build([[0], []], [[1], []], root=0)    # node 0 = {pass | 1}, node 1 = 0
>>> g.size, g.left[0], g.right[0]
(2, (0,), (1,))
>>> g.is_stopper()
True
>>> Graph.build([[0]], [[0]]).is_stopper()            # {pass | pass} = dud
False
"""

from __future__ import annotations

import itertools
from collections import deque

from cgt.errors import InvalidGameError, TooLargeError
from cgt.runtime.interrupt import check_interrupt

__all__ = ["Graph", "MAX_NODES", "from_short_game", "short_values", "sum_graph"]

#: Largest graph accepted (nodes), and largest product graph built for sums.
MAX_NODES = 2_000_000


def _compressed_predecessors(options: tuple):
    """``(pointers, sources)`` of the reversed edges of ``options`` (see :meth:`Graph.predecessor_arrays`)."""
    import numpy as np

    n = len(options)
    counts = np.fromiter(map(len, options), dtype=np.int64, count=n)
    targets = np.fromiter(itertools.chain.from_iterable(options), dtype=np.int64, count=int(counts.sum()))
    sources = np.repeat(np.arange(n, dtype=np.int64), counts)
    order = np.argsort(targets, kind="stable")
    pointers = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(targets, minlength=n), out=pointers[1:])
    return pointers, sources[order]


def _check_size(n: int, what: str) -> None:
    if n > MAX_NODES:
        raise TooLargeError(f"{what}: {n} nodes exceeds the limit of {MAX_NODES}")


class Graph:
    """An immutable game graph: ``left[i]``/``right[i]`` are tuples of option indices; ``root`` the start."""

    __slots__ = ("left", "right", "root", "_stopper", "_reverse", "_predecessor_arrays")

    def __init__(self, left: tuple, right: tuple, root: int) -> None:
        self.left = left
        self.right = right
        self.root = root
        self._stopper = None
        self._reverse = None
        self._predecessor_arrays = None

    @property
    def size(self) -> int:
        """Number of nodes."""
        return len(self.left)

    @classmethod
    def build(cls, left, right, root: int = 0) -> "Graph":
        """Validate option lists (sequences of node indices) and build a graph.

        >>> Graph.build([[2]], [[]])
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidGameError: loopy graph: node 0 has Left option 2, but nodes are numbered 0..0
        """
        left = list(left)
        right = list(right)
        n = len(left)
        if len(right) != n:
            raise InvalidGameError(f"loopy graph: {n} Left option lists but {len(right)} Right option lists")
        if n == 0:
            raise InvalidGameError("loopy graph: no nodes")
        _check_size(n, "loopy graph")
        if isinstance(root, bool) or not isinstance(root, int) or not 0 <= root < n:
            raise InvalidGameError(f"loopy graph: start node {root!r} is not a node index 0..{n - 1}")
        out = []
        for side, lists in (("Left", left), ("Right", right)):
            table = []
            for i, options in enumerate(lists):
                try:
                    row = tuple(dict.fromkeys(options))
                except TypeError:
                    raise InvalidGameError(f"loopy graph: {side} options of node {i} are not a sequence "
                                           f"of node indices: {options!r}") from None
                for j in row:
                    if isinstance(j, bool) or not isinstance(j, int) or not 0 <= j < n:
                        raise InvalidGameError(f"loopy graph: node {i} has {side} option {j!r}, "
                                               f"but nodes are numbered 0..{n - 1}")
                table.append(row)
            out.append(tuple(table))
        return cls(out[0], out[1], root)

    def reverse(self) -> tuple[list, list]:
        """Predecessor lists: ``(lpred, rpred)`` with ``j in lpred[i]`` iff ``i in left[j]`` (computed once)."""
        if self._reverse is None:
            self._reverse = self._predecessors()
        return self._reverse

    def predecessor_arrays(self):
        """The predecessor lists as two compressed rows, ``(pointers, sources)`` for Left's and for Right's
        moves: the nodes with a move to ``i`` are ``sources[pointers[i]:pointers[i + 1]]`` (numpy arrays,
        computed once; the array form of :meth:`reverse` for graphs of many nodes)."""
        if self._predecessor_arrays is None:
            self._predecessor_arrays = (_compressed_predecessors(self.left), _compressed_predecessors(self.right))
        return self._predecessor_arrays

    def _predecessors(self) -> tuple[list, list]:
        n = self.size
        lpred: list = [[] for _ in range(n)]
        rpred: list = [[] for _ in range(n)]
        for i in range(n):
            for j in self.left[i]:
                lpred[j].append(i)
            for j in self.right[i]:
                rpred[j].append(i)
        return lpred, rpred

    def reachable(self, roots=None) -> list[int]:
        """Nodes reachable from ``roots`` (default: the root), in breadth-first order."""
        todo = deque([self.root] if roots is None else roots)
        seen = set(todo)
        order = []
        while todo:
            i = todo.popleft()
            order.append(i)
            for j in self.left[i] + self.right[i]:
                if j not in seen:
                    seen.add(j)
                    todo.append(j)
        return order

    def restricted(self) -> "Graph":
        """The same game on the nodes reachable from the root, renumbered (root becomes 0)."""
        order = self.reachable()
        if len(order) == self.size and self.root == 0:
            return self
        index = {old: new for new, old in enumerate(order)}
        left = tuple(tuple(index[j] for j in self.left[i]) for i in order)
        right = tuple(tuple(index[j] for j in self.right[i]) for i in order)
        return Graph(left, right, 0)

    def negated(self) -> "Graph":
        """The graph of ``-G``: Left and Right options swapped."""
        g = Graph(self.right, self.left, self.root)
        if self._reverse is not None:
            g._reverse = self._reverse[::-1]
        if self._predecessor_arrays is not None:
            g._predecessor_arrays = self._predecessor_arrays[::-1]
        return g

    def rooted(self, root: int) -> "Graph":
        """The same graph started at another node."""
        g = Graph(self.left, self.right, root)
        g._reverse, g._predecessor_arrays = self._reverse, self._predecessor_arrays
        return g

    def alternating_cycle_nodes(self) -> set[int]:
        """Nodes from which an infinite alternating play (L, R, L, R, ... or R, L, ...) can start.

        An alternating play is a walk in the graph of states ``(node, player to move)``; such a
        walk is infinite exactly when it can reach a cycle.  Kahn's algorithm peels off every state
        that cannot (Siegel, *Combinatorial Game Theory*, ch. VI: a stopper is a game with no infinite
        alternating play from any follower).
        """
        n = self.size
        # state 2*i = Left to move at i, 2*i+1 = Right to move at i
        outdeg = [0] * (2 * n)
        for i in range(n):
            outdeg[2 * i] = len(self.left[i])
            outdeg[2 * i + 1] = len(self.right[i])
        lpred, rpred = self.reverse()
        todo = [s for s in range(2 * n) if outdeg[s] == 0]
        dead = [False] * (2 * n)
        count = 0
        while todo:
            s = todo.pop()
            if dead[s]:
                continue
            dead[s] = True
            count += 1
            if count % 65536 == 0:
                check_interrupt()
            i, mover = divmod(s, 2)
            # predecessors of s: states whose move leads to (i, mover)
            # (j, Left to move) --Left move--> (i, Right to move)
            preds = lpred[i] if mover == 1 else rpred[i]
            pmover = 0 if mover == 1 else 1
            for j in preds:
                t = 2 * j + pmover
                outdeg[t] -= 1
                if outdeg[t] == 0:
                    todo.append(t)
        return {s // 2 for s in range(2 * n) if not dead[s]}

    def is_stopper(self) -> bool:
        """True when no infinite alternating play starts anywhere reachable from the root."""
        if self._stopper is None:
            bad = self.alternating_cycle_nodes()
            self._stopper = not bad or not (bad & set(self.reachable()))
        return self._stopper

    def is_acyclic(self) -> bool:
        """True when no play at all can repeat a node reachable from the root (a short game)."""
        order = self.reachable()
        members = set(order)
        indeg = dict.fromkeys(order, 0)
        for i in order:
            for j in self.left[i] + self.right[i]:
                indeg[j] += 1
        todo = [i for i in order if indeg[i] == 0]
        seen = 0
        while todo:
            i = todo.pop()
            seen += 1
            for j in self.left[i] + self.right[i]:
                indeg[j] -= 1
                if indeg[j] == 0:
                    todo.append(j)
        return seen == len(members)


def from_short_game(game, left: list, right: list, memo: dict) -> int:
    """Append the nodes of a short :class:`cgt.Game` to ``left``/``right``; return its node index.

    ``memo`` maps games already added to their nodes (shared between calls to reuse followers).
    Iterative, so deep games are fine.
    """
    from cgt.kernel.game import lefts_of, rights_of

    if game in memo:
        return memo[game]
    stack = [(game, False)]
    while stack:
        g, expanded = stack.pop()
        if g in memo:
            continue
        if not expanded:
            stack.append((g, True))
            # the kernel's option tuples: the public left_options sort into print order, formatting text
            for o in lefts_of(g) + rights_of(g):
                if o not in memo:
                    stack.append((o, False))
            continue
        memo[g] = len(left)
        left.append(tuple(memo[o] for o in lefts_of(g)))
        right.append(tuple(memo[o] for o in rights_of(g)))
        _check_size(len(left), "loopy graph")
    return memo[game]


def sum_graph(a: Graph, b: Graph) -> Graph:
    """The graph of the disjunctive sum ``a + b`` (pairs of nodes reachable from the two roots)."""
    index = {(a.root, b.root): 0}
    pairs = [(a.root, b.root)]
    left: list = []
    right: list = []
    k = 0
    while k < len(pairs):
        if k % 4096 == 0:
            check_interrupt()
            _check_size(len(pairs), "sum of loopy games")
        x, y = pairs[k]
        k += 1
        for side, out in ((0, left), (1, right)):
            xs = a.left[x] if side == 0 else a.right[x]
            ys = b.left[y] if side == 0 else b.right[y]
            row = []
            for p in [(x2, y) for x2 in xs] + [(x, y2) for y2 in ys]:
                j = index.get(p)
                if j is None:
                    j = index[p] = len(pairs)
                    pairs.append(p)
                row.append(j)
            out.append(tuple(dict.fromkeys(row)))
    return Graph(tuple(left), tuple(right), 0)


def short_values(graph: Graph) -> dict:
    """The nodes whose followers never repeat a position, with their values as short :class:`cgt.Game`.

    Peels nodes bottom-up (a node is short once all its options are), building each value from its
    options' values, so the cost is one canonical-game construction per node.

    >>> g = Graph.build([[1], [], [2]], [[2], [], [2]])     # {0 | dud}: node 1 is short
    >>> {i: str(v) for i, v in short_values(g).items()}
    {1: '0'}
    """
    from cgt.kernel.game import game as make

    n = graph.size
    pending = [0] * n
    preds: list = [[] for _ in range(n)]
    for i in range(n):
        options = set(graph.left[i] + graph.right[i])
        pending[i] = len(options)
        for j in options:
            preds[j].append(i)
    todo = [i for i in range(n) if pending[i] == 0]
    values: dict = {}
    while todo:
        i = todo.pop()
        if len(values) % 4096 == 0:
            check_interrupt()
        values[i] = make([values[j] for j in graph.left[i]], [values[j] for j in graph.right[i]])
        for p in preds[i]:
            pending[p] -= 1
            if pending[p] == 0:
                todo.append(p)
    return values
