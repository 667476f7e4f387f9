"""An independent oracle for onsides of sums (upsums): plain lists, plain retrograde analysis, no library code.

It shares nothing with :mod:`cgt.loopy` (no Graph, no survival module, no simplification), so that a
value the library computes can be checked against the definitions alone.  A game graph here is a triple
``(left, right, root)`` of two lists of option lists and a start position.

Two facts decide ``X^+ = S`` for a game graph ``X`` and a stopper ``S`` (Conway, *On Numbers and Games*,
ch. 16, the sidling theorem; Berlekamp, Conway and Guy, *Winning Ways*, ch. 11, "Sidling toward a stopper";
Siegel, *Combinatorial Game Theory*, ch. VI):

* ``X^+ >= S`` iff Left, moving second, survives ``X - S`` when every infinite play counts as hers (the
  onside of ``X - S`` is ``X^+ Upsum -S``, and ``-S`` is a stopper);
* the approximations ``V_0 = on`` and ``V_{n+1}(P) = {V_n(P^L) | V_n(P^R)}`` at the positions of ``X``
  that are not stoppers (stopper positions stand for themselves) are all ``>= X^+``: ``on`` is, and the
  step is order-preserving and fixes the onsides.  So ``V_n(root) <= S`` for some ``n`` gives
  ``X^+ <= S``.

:func:`onside_is` combines the two: ``True`` when both directions are shown, ``False`` when the first
fails, ``None`` when no approximation within the rounds is ``<= S`` (sidling may reach ``X^+`` only in the
limit).
"""

from __future__ import annotations

__all__ = ["Builder", "negate", "sum_of", "left_survives_second", "stopper_le", "stopper_eq", "is_stopper",
           "approximations", "onside_is", "from_graph"]


class Builder:
    """Game graphs written by hand: ``b.game(L, R)`` makes a position, ``b.node()`` and ``b.set`` tie loops.

    >>> b = Builder()
    >>> zero = b.game([], [])
    >>> over = b.node(); b.set(over, [zero], [over])
    >>> b.graph(over)[2]
    1
    """

    def __init__(self):
        self.left: list = []
        self.right: list = []

    def node(self) -> int:
        self.left.append([])
        self.right.append([])
        return len(self.left) - 1

    def set(self, i: int, left, right) -> None:
        self.left[i] = list(left)
        self.right[i] = list(right)

    def game(self, left, right) -> int:
        i = self.node()
        self.set(i, left, right)
        return i

    def integer(self, n: int) -> int:
        g = self.game([], [])
        for _ in range(abs(n)):
            g = self.game([g], []) if n > 0 else self.game([], [g])
        return g

    def over(self, x: int = 0) -> int:
        """``x over = {x | pass}``."""
        i = self.node()
        self.set(i, [self.integer(x)], [i])
        return i

    def under(self, x: int = 0) -> int:
        """``x under = {pass | x}``."""
        i = self.node()
        self.set(i, [i], [self.integer(x)])
        return i

    def on(self) -> int:
        i = self.node()
        self.set(i, [i], [])
        return i

    def graph(self, root: int) -> tuple:
        return ([list(x) for x in self.left], [list(x) for x in self.right], root)


def from_graph(graph) -> tuple:
    """A triple from anything with ``left``, ``right`` and ``root`` attributes."""
    return ([list(x) for x in graph.left], [list(x) for x in graph.right], graph.root)


def negate(g: tuple) -> tuple:
    left, right, root = g
    return ([list(x) for x in right], [list(x) for x in left], root)


def sum_of(*games: tuple) -> tuple:
    """The disjunctive sum, as the explicit graph of the tuples of positions reachable from the roots."""
    start = tuple(g[2] for g in games)
    index = {start: 0}
    order = [start]
    left: list = []
    right: list = []
    k = 0
    while k < len(order):
        pos = order[k]
        k += 1
        for side, out in ((0, left), (1, right)):
            opts = []
            for c, g in enumerate(games):
                for q in g[side][pos[c]]:
                    nxt = pos[:c] + (q,) + pos[c + 1:]
                    if nxt not in index:
                        index[nxt] = len(order)
                        order.append(nxt)
                    opts.append(index[nxt])
            out.append(opts)
    return (left, right, 0)


def _right_forces(g: tuple) -> set:
    """States ``(position, mover)`` (mover 0 Left, 1 Right) from which Right forces Left out of moves in
    finitely many moves: the least fixed point, by counting Left's moves that do not yet lose."""
    left, right, _ = g
    n = len(left)
    lpred = [[] for _ in range(n)]
    rpred = [[] for _ in range(n)]
    for p in range(n):
        for q in left[p]:
            lpred[q].append(p)
        for q in right[p]:
            rpred[q].append(p)
    count = [len(left[p]) for p in range(n)]
    won = {(p, 0) for p in range(n) if not left[p]}
    todo = list(won)
    while todo:
        p, mover = todo.pop()
        if mover == 0:
            # Left to move at p and lost: every Right move into p wins
            for r in rpred[p]:
                if (r, 1) not in won:
                    won.add((r, 1))
                    todo.append((r, 1))
        else:
            for r in lpred[p]:
                if (r, 0) not in won:
                    count[r] -= 1
                    if count[r] == 0:
                        won.add((r, 0))
                        todo.append((r, 0))
    return won


def left_survives_second(g: tuple) -> bool:
    """Left, with Right moving first, does not lose (an infinite play is a survival)."""
    return (g[2], 1) not in _right_forces(g)


def stopper_le(a: tuple, b: tuple) -> bool:
    """``a <= b`` for stoppers: Left survives ``b - a`` moving second."""
    return left_survives_second(sum_of(b, negate(a)))


def stopper_eq(a: tuple, b: tuple) -> bool:
    return stopper_le(a, b) and stopper_le(b, a)


def _alternating(g: tuple) -> set:
    """Positions from which play can alternate for ever (with either player starting): the greatest set of
    states with a move into the set."""
    left, right, _ = g
    n = len(left)
    alive = {(p, m) for p in range(n) for m in (0, 1)}
    changed = True
    while changed:
        changed = False
        for p, m in list(alive):
            if not any((q, 1 - m) in alive for q in (left, right)[m][p]):
                alive.discard((p, m))
                changed = True
    return {p for p, _ in alive}


def _reach(g: tuple, starts) -> set:
    seen = set(starts)
    todo = list(seen)
    while todo:
        p = todo.pop()
        for q in g[0][p] + g[1][p]:
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return seen


def is_stopper(g: tuple) -> bool:
    return not (_alternating(g) & _reach(g, [g[2]]))


def approximations(g: tuple, rounds: int):
    """Yield ``(graph, node)`` for ``V_0(root), ..., V_rounds(root)`` (see the module docstring): one graph
    holding ``g``'s stopper positions as they are, ``on``, and a layer of ``{V_n(P^L) | V_n(P^R)}`` nodes
    per round."""
    left, right, root = g
    bad = _alternating(g)
    # a position is looping when it reaches one on an infinite alternating play
    looping = sorted(p for p in range(len(left)) if _reach(g, [p]) & bad)
    hl = [list(x) for x in left]
    hr = [list(x) for x in right]
    on = len(hl)
    hl.append([on])
    hr.append([])
    layer = {p: on for p in looping}
    for n in range(rounds + 1):
        yield (hl, hr, layer.get(root, root)), layer.get(root, root)
        if root not in layer:
            return
        nxt = {}
        for p in looping:
            nxt[p] = len(hl)
            hl.append([layer.get(q, q) for q in left[p]])
            hr.append([layer.get(q, q) for q in right[p]])
        layer = nxt


def onside_is(x: tuple, s: tuple, rounds: int = 12):
    """Whether ``X^+ = S`` (``S`` a stopper): True, False, or None when undecided within ``rounds``."""
    if not left_survives_second(sum_of(x, negate(s))):
        return False
    for approx, _ in approximations(x, rounds):
        if stopper_le(approx, s):
            return True
    return None
