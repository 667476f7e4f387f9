"""Onsides and offsides of game graphs by finite simplification.

Every position ``G`` of a finite game graph has an *onside* ``G^+``, the stopper that behaves like ``G``
in every sum when Left wins every infinite play, and an *offside* ``G^-`` (Right wins infinite play);
``G = G^+ & G^-`` (Berlekamp, Conway and Guy, *Winning Ways*, ch. 11; Siegel, "Coping with cycles",
*Games of No Chance 3*, MSRI Publ. 56, 2009, and *Combinatorial Game Theory*, ch. VI).  The offside is
the negative of the onside of ``-G``, so only onsides are computed here.

Conway's sidling approximates the onside from above by ``on, {S(P^L) | S(P^R)}, ...`` and can need
infinitely many rounds (a side such as ``-1v[on]*`` is reached only in the limit).  Instead the graph is
simplified by a finite sequence of rewrites, as CGSuite does.  They rest on one fact: the onsides of the
positions are the largest solution of ``V(P) = {V(P^L) | V(P^R)}`` (Conway's sidling theorem; Siegel,
ch. VI), and every assignment ``W <= {W(P^L) | W(P^R)}`` lies below it.  So a rewrite that keeps ``V`` a
solution and cannot raise the largest one keeps every onside; deleting Left moves can only lower the
largest solution and deleting Right moves only raise it.

1. *Stopper parts.*  Positions from which no infinite alternating play can start are stoppers; they are
   put into simplest form together (:func:`cgt.loopy.simplify.simplest_all`), equal ones fused.
2. *Obvious edges.*  A Right move ``P -> Q`` that Left can undo at once (``P`` is a Left option of ``Q``)
   is deleted: Left answers it, and if Right repeats it for ever the play is infinite and hers.
3. *Dominated and reversible options and equal positions*, judged by the onsides of all positions,
   compared all at once (:func:`cgt.loopy.survival.side_le_matrix`): a dominated Left option goes; a Right
   option dominated by one that cannot reach ``P`` goes; a Left option reversible through a Right option
   that cannot reach ``P`` is bypassed; moves to ``v`` go to an equal ``u`` that cannot reach ``v``
   (the follower involved cannot reach back, so its value is fixed and the largest solution cannot rise).
4. *Irrelevant cyclic edges.*  Moves on infinite alternating plays are deleted on trial, in halving
   batches of one player's moves, and a deletion kept when the onside is unchanged (one comparison of
   sides, by the monotonicity above).

Steps 1-4 keep every position's onside, so they are made once for all positions of a strongly connected
component that are entered from above; components are solved followers first, each position outside a
component replaced by its onside.  For a position still not a stopper, steps 1-4 are repeated for it
alone, and when they stall:

5. *Checked rewrites.*  The options of step 3 whose guards failed are deleted or bypassed on trial, each
   kept when both comparisons with the onside of the position agree.
6. *Unravelling.*  A move on an infinite alternating play is allowed at most ``k`` times (``k = 1, 2,
   3``: ``k + 1`` unrolled copies of its cycles, the last one cut), accepted when the onside is
   unchanged, and the rounds go on.

A stopper is finally put into simplest form and checked against the input (both comparisons).  A side
that stays cyclic (about one side in 5,000 among random graphs of up to 12 positions) is returned as the
simplified graph, to be read with the side's convention (its onside, or for an offside its offside, is
the side): a non-canonical side that prints, compares and adds.  Nothing here raises or loops for ever.

>>> from cgt.loopy.graph import Graph
>>> from cgt.loopy.printing import format_stopper
>>> dud = Graph.build([[0]], [[0]])
>>> format_stopper(side(dud, True)), format_stopper(side(dud, False))
('on', 'off')
>>> g = Graph.build([[3], [2, 0], [1, 3, 2], []], [[0, 3], [], [3, 0, 2], [1, 0, 2]])
>>> format_stopper(side(g, True)), format_stopper(side(g, False))    # sidling only tends to the onside
('-1v[on]*', 'off')
"""

from __future__ import annotations

from cgt.errors import NotApplicableError
from cgt.runtime.interrupt import check_interrupt
from cgt.loopy.graph import Graph
from cgt.loopy.simplify import canonical_numbering, simplest, simplest_all
from cgt.loopy.survival import side_le, side_le_all, side_le_matrix

__all__ = ["side", "sides_of_nodes", "MAX_ROUNDS"]

#: Bound on the rounds of steps 1-6 for one position.
MAX_ROUNDS = 64
#: Most unravellings (step 6) for one position, and most copies of a cycle in one unravelling.
MAX_UNRAVELLINGS = 8
MAX_COPIES = 3
#: Most rounds of the checked rewrites of step 5 for one position.
MAX_CHECKED_ROUNDS = 4


def side(graph: Graph, onside: bool) -> Graph:
    """The onside (``onside=True``) or offside of ``graph``: a simplest-form stopper graph when the side
    simplifies to one, else the simplified graph (read with the same side's convention)."""
    g = graph.restricted()
    if g.is_stopper():
        return simplest(g)
    if onside:
        return _onsides(g, [g.root])[0]
    return canonical_numbering(_onsides(g.negated(), [g.root])[0].negated())


def sides_of_nodes(graph: Graph, nodes: list, onside: bool) -> list[Graph]:
    """:func:`side` of several nodes of one graph, sharing the work on the positions they have in common.

    >>> g = Graph.build([[0, 1], [], [2]], [[1], [], [2]])        # {pass, 0 | 0} = upon*, 0, dud
    >>> from cgt.loopy.printing import format_stopper
    >>> [format_stopper(s) for s in sides_of_nodes(g, [0, 1, 2], True)]
    ['^[on]*', '0', 'on']
    """
    if onside:
        return _onsides(graph, list(nodes))
    return [canonical_numbering(s.negated()) for s in _onsides(graph.negated(), list(nodes))]


def _onsides(g: Graph, nodes: list) -> list[Graph]:
    """The onsides of ``nodes``, strongly connected component by component: a position outside a component
    is replaced by its own onside, computed first (a follower that never leads back may be replaced by an
    equal one, as in step 3).  The rewrites that keep every position's onside are made once for all the
    positions of a component that are asked for or entered from above; the checked ones, which keep only
    one position's, then run for each such position that is still not a stopper."""
    g, roots = _stopper_parts(g, nodes)
    looping = _looping(g)
    wanted = set(roots)
    memo: dict = {}
    for component in _components(g, looping):
        members = set(component)
        entries = [v for v in component if v in wanted
                   or any(v in g.left[u] or v in g.right[u] for u in looping if u not in members)]
        local, local_roots = _local(g, members, entries, memo)
        local, local_roots = _shared_reduction(local, local_roots)
        for v, r in zip(entries, local_roots):
            rooted = Graph(local.left, local.right, r)
            memo[v] = simplest(rooted) if rooted.is_stopper() else _onside_of_component(rooted)
    return [memo[r] if r in memo else simplest(Graph(g.left, g.right, r)) for r in roots]


def _components(g: Graph, nodes: set) -> list[list[int]]:
    """Strongly connected components of the subgraph on ``nodes``, followers' components first (Tarjan,
    iterative)."""
    index: dict = {}
    low: dict = {}
    on_stack: set = set()
    stack: list = []
    out: list = []
    counter = 0
    for start in sorted(nodes):
        if start in index:
            continue
        work = [(start, iter([j for j in g.left[start] + g.right[start] if j in nodes]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            v, children = work[-1]
            advanced = False
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter([j for j in g.left[w] + g.right[w] if j in nodes])))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == v:
                        break
                out.append(component)
    return out


def _local(g: Graph, members: set, entries: list, memo: dict) -> tuple[Graph, list]:
    """The graph of a component: its positions, the stopper positions they reach, and the onsides already
    found for the looping positions of lower components, copied in; and the nodes of ``entries``."""
    left: list = []
    right: list = []
    index: dict = {}
    order: list = []
    for v in entries:
        index[v] = len(left)
        left.append(None)
        right.append(None)
        order.append(v)
    k = 0
    while k < len(order):
        v = order[k]
        k += 1
        rows = []
        for options in (g.left[v], g.right[v]):
            row = []
            for w in options:
                if w not in index:
                    if w in memo and w not in members:
                        index[w] = _copy_into(memo[w], left, right)
                    else:
                        index[w] = len(left)
                        left.append(None)
                        right.append(None)
                        order.append(w)
                row.append(index[w])
            rows.append(tuple(dict.fromkeys(row)))
        left[index[v]], right[index[v]] = rows
    return Graph(tuple(left), tuple(right), 0), [index[v] for v in entries]


def _copy_into(h: Graph, left: list, right: list) -> int:
    """Append the nodes of ``h`` to the option lists; the index of its root."""
    base = len(left)
    for i in range(h.size):
        left.append(tuple(base + j for j in h.left[i]))
        right.append(tuple(base + j for j in h.right[i]))
    return base + h.root


def _restrict(g: Graph, roots: list) -> tuple[Graph, list]:
    """The nodes reachable from ``roots``, renumbered breadth first (the first root becomes the graph's root)."""
    order = g.reachable(list(dict.fromkeys(roots)))
    if len(order) == g.size and order == list(range(g.size)) and g.root == roots[0]:
        return g, list(roots)
    index = {old: new for new, old in enumerate(order)}
    left = tuple(tuple(index[j] for j in g.left[i]) for i in order)
    right = tuple(tuple(index[j] for j in g.right[i]) for i in order)
    return Graph(left, right, index[roots[0]]), [index[r] for r in roots]


def _shared_reduction(g: Graph, roots: list) -> tuple[Graph, list]:
    """Steps 1-4 for several positions at once, keeping the onside of each."""
    for _ in range(MAX_ROUNDS):
        check_interrupt()
        g, roots = _stopper_parts(g, roots)
        g, roots = _restrict(_drop_undone(g), roots)
        if not g.alternating_cycle_nodes():
            break
        before = (g.left, g.right, tuple(roots))
        reduced, target = _reduce(g, side_le_matrix(g))
        g, roots = _restrict(reduced, [target[r] for r in roots])
        if not g.alternating_cycle_nodes():
            break
        g, roots = _restrict(_trial_deletions(g, roots), roots)
        if (g.left, g.right, tuple(roots)) == before:
            break
    return g, roots


def _onside_of_component(g0: Graph) -> Graph:
    g = g0.restricted()
    if g.is_stopper():
        return simplest(g)
    unravellings = bypass_rounds = 0
    for _ in range(MAX_ROUNDS):
        check_interrupt()
        g, _ = _stopper_parts(g, [g.root])
        g = _drop_undone(g).restricted()
        if g.is_stopper():
            break
        before = (g.left, g.right)
        le = side_le_matrix(g)
        reduced, target = _reduce(g, le)
        g = Graph(reduced.left, reduced.right, target[g.root]).restricted()
        if g.is_stopper():
            break
        g = _trial_deletions(g, [g.root]).restricted()
        if g.is_stopper():
            break
        if (g.left, g.right) != before:
            continue
        # nothing safe is left: rewrites whose guards failed, each checked, then unravelling
        if bypass_rounds < MAX_CHECKED_ROUNDS:
            bypass_rounds += 1
            g = _verified_bypasses(g, le).restricted()
            if (g.left, g.right) != before:
                continue
        if unravellings == MAX_UNRAVELLINGS:
            break
        unravelled = _unravel(g)
        if unravelled is None:
            break
        unravellings += 1
        g = unravelled
    result = simplest(g) if g.is_stopper() else canonical_numbering(g)
    if not (side_le(g0, result, "on") and side_le(result, g0, "on")):
        raise NotApplicableError("onside: the simplified graph does not keep the onside (internal error)")
    return result


def _looping(g: Graph) -> set[int]:
    """Nodes from which some infinite alternating play can be reached."""
    bad = g.alternating_cycle_nodes()
    lpred, rpred = g.reverse()
    todo = list(bad)
    seen = set(bad)
    while todo:
        i = todo.pop()
        for j in lpred[i] + rpred[i]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    return seen


def _stopper_parts(g: Graph, roots: list) -> tuple[Graph, list]:
    """Step 1: the stopper positions of ``g`` in simplest form, equal ones fused; the rest keep their moves.
    Returns the graph restricted to what ``roots`` reach, and their new nodes."""
    looping = _looping(g)
    stoppers = [i for i in range(g.size) if i not in looping]
    if not stoppers or not looping:
        return _restrict(g, roots)
    sub_index = {old: k for k, old in enumerate(stoppers)}
    sub = Graph(tuple(tuple(sub_index[j] for j in g.left[i]) for i in stoppers),
                tuple(tuple(sub_index[j] for j in g.right[i]) for i in stoppers), 0)
    fused, index = simplest_all(sub)
    loops = sorted(looping)
    base = fused.size
    new = {old: index[k] for k, old in enumerate(stoppers)}
    new.update({old: base + k for k, old in enumerate(loops)})
    left = list(fused.left) + [tuple(dict.fromkeys(new[j] for j in g.left[i])) for i in loops]
    right = list(fused.right) + [tuple(dict.fromkeys(new[j] for j in g.right[i])) for i in loops]
    return _restrict(Graph(tuple(left), tuple(right), new[roots[0]]), [new[r] for r in roots])


def _drop_undone(g: Graph) -> Graph:
    """Step 2: delete each Right move ``P -> Q`` with ``P`` a Left option of ``Q``."""
    right = tuple(tuple(q for q in g.right[p] if p not in g.left[q]) for p in range(g.size))
    return g if right == g.right else Graph(g.left, right, g.root)


def _reach(g: Graph) -> list[int]:
    """``reach[i]``: bit mask of the nodes reachable from ``i`` by one move or more."""
    n = g.size
    reach = [0] * n
    for i in range(n):
        mask = 0
        todo = list(g.left[i] + g.right[i])
        while todo:
            j = todo.pop()
            if not mask >> j & 1:
                mask |= 1 << j
                todo.extend(g.left[j] + g.right[j])
        reach[i] = mask
    return reach


def _fused(g: Graph, le: list) -> tuple[Graph, list]:
    """Moves to a position ``v`` redirected to an equal position ``u`` that cannot reach ``v``; returns the graph
    and ``target[v]``, the node that stands for ``v`` now.

    This keeps every onside: the onsides still solve the equations, and in the largest solution ``W`` of the
    new ones, ``W(u)`` is the old value (``u``'s followers are unchanged) and ``W(v)`` at least that, so
    ``W`` is at most the old largest solution option by option.
    """
    target = list(range(g.size))
    left, right = g.left, g.right
    reach = None
    for v in range(g.size):
        if target[v] != v:
            continue
        for u in range(g.size):
            if u == v or not (le[u][v] and le[v][u]) or target[u] != u:
                continue
            if reach is None:
                reach = _reach(g)
            if reach[u] >> v & 1:
                continue
            # whatever reached v now reaches u and its followers (v's bit stays: the guard stays safe)
            extra = 1 << u | reach[u]
            reach = [m | extra if m >> v & 1 else m for m in reach]
            target = [u if t == v else t for t in target]
            left = tuple(tuple(dict.fromkeys(u if j == v else j for j in o)) for o in left)
            right = tuple(tuple(dict.fromkeys(u if j == v else j for j in o)) for o in right)
            break
    if left is g.left and right is g.right:
        return g, target
    return Graph(left, right, target[g.root]), target


def _reduce(g: Graph, le: list) -> tuple[Graph, list]:
    """Step 3: fusion, then the safe deletions and bypasses of the module docstring, to a fixed point; returns
    the graph and the node that stands for each old node (see :func:`_fused`).

    ``le[x][y]`` says the onside of node ``x`` is at most that of ``y``; the rewrites keep every onside,
    so it stays valid, and they only ever shrink reachability, so the guards computed once stay safe.
    """
    g, target = _fused(g, le)
    n = g.size
    reach = _reach(g)
    left = [list(o) for o in g.left]
    right = [list(o) for o in g.right]

    def reaches(a: int, b: int) -> bool:
        return bool(reach[a] >> b & 1)

    def undominated(opts: list) -> list:
        # a dominated Left option goes (the first of equal ones stays)
        return [x for k, x in enumerate(opts)
                if not any(y != x and le[x][y] and (not le[y][x] or m < k) for m, y in enumerate(opts))]

    changed = True
    rounds = 0
    while changed and rounds < 4 * n + 8:
        changed = False
        rounds += 1
        check_interrupt()
        for p in range(n):
            opts = left[p]
            kept = undominated(opts)
            # a Left option reversible through a Right option that cannot reach p: bypass it
            for _ in range(n):
                hit = next(((x, r) for x in kept for r in right[x]
                            if le[r][p] and not reaches(r, p) and x not in left[r]), None)
                if hit is None:
                    break
                x, r = hit
                kept = undominated(list(dict.fromkeys([o for o in kept if o != x] + left[r])))
            if kept != opts:
                left[p] = kept
                changed = True
            # a Right option dominated by one that cannot reach p (of equal ones, such a one stays)
            opts = right[p]
            kept = [x for x in opts
                    if not any(y != x and le[y][x] and not reaches(y, p) and (not le[x][y] or reaches(x, p) or y < x)
                               for y in opts)]
            if kept != opts:
                right[p] = kept
                changed = True
    return Graph(tuple(tuple(o) for o in left), tuple(tuple(o) for o in right), g.root), target


def _verified_bypasses(g: Graph, le: list) -> Graph:
    """Step 5: the dominated and reversible options whose guards failed in step 3, each tried and kept when
    the onside of the root is unchanged (``le`` judges the options; a kept rewrite may change followers'
    values, so later candidates are only as good as a guess, but every one is checked)."""
    current = g
    for p in range(g.size):
        for is_left in (True, False):
            options = (current.left if is_left else current.right)[p]
            for x in options:
                check_interrupt()
                mine = current.left if is_left else current.right
                if x not in mine[p]:
                    continue
                if is_left:
                    through = [r for r in current.right[x] if le[r][p] and x not in current.left[r]]
                    replacements = [current.left[r] for r in through]
                else:
                    through = [l for l in current.left[x] if le[p][l] and x not in current.right[l]]
                    replacements = [current.right[l] for l in through]
                    if any(y != x and le[y][x] and not le[x][y] for y in mine[p]):
                        replacements.insert(0, ())          # dominated: plain deletion
                for replacement in replacements:
                    row = tuple(dict.fromkeys([o for o in mine[p] if o != x] + list(replacement)))
                    rows = list(mine)
                    rows[p] = row
                    candidate = (Graph(tuple(rows), current.right, current.root) if is_left
                                 else Graph(current.left, tuple(rows), current.root))
                    if side_le(current, candidate, "on") and side_le(candidate, current, "on"):
                        current = candidate
                        break
    return current


def _live_states(g: Graph) -> set[int]:
    """States ``2 * node + mover`` (mover 0 = Left) from which an infinite alternating play can start."""
    n = g.size
    outdeg = [0] * (2 * n)
    for i in range(n):
        outdeg[2 * i] = len(g.left[i])
        outdeg[2 * i + 1] = len(g.right[i])
    lpred, rpred = g.reverse()
    todo = [s for s in range(2 * n) if outdeg[s] == 0]
    dead = [False] * (2 * n)
    while todo:
        s = todo.pop()
        if dead[s]:
            continue
        dead[s] = True
        i, mover = divmod(s, 2)
        for j in (lpred[i] if mover == 1 else rpred[i]):
            t = 2 * j + (1 - mover)
            outdeg[t] -= 1
            if outdeg[t] == 0:
                todo.append(t)
    return {s for s in range(2 * n) if not dead[s]}


def _trial_deletions(g: Graph, roots: list) -> Graph:
    """Step 4: delete the moves on infinite alternating plays whose deletion keeps the onside of every node of
    ``roots``.  Deleting Left moves can only lower an onside and deleting Right moves only raise it (the
    largest solution of the onside equations moves with them), so one comparison per root decides, and a
    set of moves of one player whose deletion together keeps the onsides may go at once: the moves are
    tried in halving batches (group testing), the roots compared in one analysis."""
    live = _live_states(g)
    pairs = [(r, r) for r in roots]
    current = g
    for is_left in (False, True):
        moves = [(p, q) for p in range(g.size) for q in (g.left if is_left else g.right)[p]
                 if 2 * p + (0 if is_left else 1) in live and 2 * q + (1 if is_left else 0) in live]
        todo = [moves]
        while todo:
            check_interrupt()
            batch = todo.pop()
            rows = [list(o) for o in (current.left if is_left else current.right)]
            for p, q in batch:
                if q in rows[p]:
                    rows[p].remove(q)
            rows = tuple(tuple(o) for o in rows)
            if rows == (current.left if is_left else current.right):
                continue
            if is_left:
                candidate = Graph(rows, current.right, current.root)
                keeps = side_le_all(current, candidate, pairs, "on")
            else:
                candidate = Graph(current.left, rows, current.root)
                keeps = side_le_all(candidate, current, pairs, "on")
            if keeps:
                current = candidate
            elif len(batch) > 1:
                half = len(batch) // 2
                todo += [batch[half:], batch[:half]]       # the first half is tried first
    return current


def _unravel(g: Graph) -> Graph | None:
    """Step 6: a graph equal to ``g`` (onside of the root) in which some move on an infinite alternating play
    may be made at most ``k`` times, ``k = 1, 2, 3``, or None.

    The graph is unrolled along the move: node ``(v, c)`` is ``v`` after the move was made ``c`` times,
    the move from ``(p, c)`` leads to ``(q, c + 1)``, and at ``c = k`` it is cut -- ``k + 1`` copies of every
    cycle through it, the last one open.  Cutting a Left move can only lower the onside and cutting a Right
    move only raise it, so one comparison decides, as in step 4.
    """
    live = _live_states(g)
    moves = [(p, q, True) for p in range(g.size) for q in g.left[p] if 2 * p in live and 2 * q + 1 in live]
    moves += [(p, q, False) for p in range(g.size) for q in g.right[p] if 2 * p + 1 in live and 2 * q in live]
    for copies in range(1, MAX_COPIES + 1):
        for p, q, is_left in moves:
            check_interrupt()
            candidate = _unrolled(g, p, q, is_left, copies)
            if side_le(g, candidate, "on") if is_left else side_le(candidate, g, "on"):
                return candidate
    return None


def _unrolled(g: Graph, p: int, q: int, is_left: bool, copies: int) -> Graph:
    """``g`` with the move ``p -> q`` (Left's or Right's) allowed ``copies`` times (see :func:`_unravel`)."""
    index = {(g.root, 0): 0}
    order = [(g.root, 0)]
    left: list = []
    right: list = []
    k = 0
    while k < len(order):
        v, c = order[k]
        k += 1
        rows = []
        for options, side_is_left in ((g.left[v], True), (g.right[v], False)):
            row = []
            for w in options:
                if v == p and w == q and side_is_left == is_left:
                    if c == copies:
                        continue
                    target = (w, c + 1)
                else:
                    target = (w, c)
                j = index.get(target)
                if j is None:
                    j = index[target] = len(order)
                    order.append(target)
                row.append(j)
            rows.append(tuple(row))
        left.append(rows[0])
        right.append(rows[1])
    return Graph(tuple(left), tuple(right), 0)
