"""Canonical (simplest) form of stoppers.

Siegel, *Combinatorial Game Theory*, ch. VI (simplest form of stoppers, after Conway, *On Numbers and
Games*, ch. 11): every stopper is equal to a unique *simplest* one, obtained from any graph of it by

* deleting dominated options (a Left option ``x`` when another Left option ``y > x``; dually Right);
* bypassing reversible options: a Left option ``x`` with a Right option ``x^R <= G`` is replaced by the
  Left options of ``x^R`` (dually for Right).

* fusion -- identifying positions that are equal.

The first two steps change the value of no position, so the order relation computed once on the
input graph stays valid throughout.  On a stopper the bypassing terminates: each bypass shortens an
alternating path, and a stopper has no infinite alternating play.  Fusion comes last: identifying
equal positions *before* the reduction can create an infinite alternating play (in ``over + under``
the position itself equals its Right option ``over``), whereas in a reduced stopper equal positions
have the same options up to equality (Siegel's uniqueness theorem), so fusion is the quotient by
bisimulation, which colour refinement computes.

>>> from cgt.loopy.graph import Graph, from_short_game, short_values
>>> g = Graph.build([[1, 2], [], []], [[], [], [2]], root=0)   # {0, * | } -> 1
>>> c = simplest(g)
>>> c.left, c.right
(((1,), ()), ((), ()))
"""

from __future__ import annotations

from cgt.errors import NotApplicableError, TooLargeError
from cgt.runtime.compiled import optional_module
from cgt.runtime.interrupt import check_interrupt
from cgt.loopy.graph import Graph, from_short_game, short_values
from cgt.loopy.survival import ge_matrix

__all__ = ["simplest", "simplest_each", "simplest_all", "simplest_all_components", "simplest_all_compressed",
           "compiled_stoppers",
           "canonical_numbering"]

#: The compiled twin of :func:`simplest_all_components` (``cgt/loopy/_stoppers.c``), None for the Python code.
_stoppers = optional_module("cgt.loopy._stoppers", "stopper simplification")


def _best(options, at_least) -> tuple:
    """Options not dominated by another one (``at_least(y, x)``: y is as good as x); of equal ones the first stays."""
    return tuple(x for k, x in enumerate(options)
                 if not any(at_least(y, x) and (not at_least(x, y) or m < k)
                            for m, y in enumerate(options) if y != x))


def simplest(graph: Graph) -> Graph:
    """The simplest form of a stopper graph, with canonical node numbering (root 0).

    Raises NotApplicableError when the graph is not a stopper.
    """
    if not graph.is_stopper():
        raise NotApplicableError("simplest form: the game is not a stopper (it has an infinite alternating play)")
    g = _short_parts_canonical(graph.restricted())
    left, right = _reduced(g)
    return canonical_numbering(_quotient(Graph(tuple(left), tuple(right), g.root).restricted()))


def simplest_each(graph: Graph, nodes) -> dict:
    """``{i: simplest form of node i}`` for several nodes of one stopper graph, sharing one order relation
    and one reduction (a position graph valued node by node would redo both for every node).

    Every node of ``graph`` must be free of infinite alternating play (NotApplicableError otherwise).

    >>> g = Graph.build([[1, 2], [], [], [0]], [[], [], [2], [1]])    # node 3 = {node 0 | 0}
    >>> {i: (c.left, c.right) for i, c in simplest_each(g, [0, 3]).items()}
    {0: (((1,), ()), ((), ())), 3: (((1,), (2,), ()), ((2,), (), ()))}
    """
    if graph.alternating_cycle_nodes():
        raise NotApplicableError("simplest form: the game is not a stopper (it has an infinite alternating play)")
    left, right = _reduced(graph)
    reduced = (tuple(left), tuple(right))
    return {i: canonical_numbering(_quotient(Graph(*reduced, i).restricted())) for i in nodes}


def simplest_all(graph: Graph) -> tuple[Graph, list[int]]:
    """Every node of a stopper graph in simplest form at once: one graph in which equal nodes are one node,
    and ``index[i]``, the node of the result that node ``i`` became.

    >>> g = Graph.build([[1], [], [1], [3]], [[], [], [], []])    # 1, 0, 1 and on
    >>> fused, index = simplest_all(g)
    >>> index[0] == index[2] != index[1], fused.size
    (True, 3)
    """
    if graph.alternating_cycle_nodes():
        raise NotApplicableError("simplest form: the game is not a stopper (it has an infinite alternating play)")
    left, right = _reduced(graph)
    reduced = Graph(tuple(left), tuple(right), graph.root)
    colour = _colours(reduced, list(range(reduced.size)))
    first: dict = {}
    for i in range(reduced.size):
        first.setdefault(colour[i], i)
    keep = sorted(first.values())
    new_of = {i: k for k, i in enumerate(keep)}
    index = [new_of[first[colour[i]]] for i in range(reduced.size)]
    fused = Graph(tuple(tuple(sorted({index[j] for j in reduced.left[i]})) for i in keep),
                  tuple(tuple(sorted({index[j] for j in reduced.right[i]})) for i in keep), index[graph.root])
    return fused, index


def compiled_stoppers() -> bool:
    """Whether :func:`simplest_all_components` runs compiled (``cgt.loopy._stoppers`` is built and ``CGT_PURE``
    is not set)."""
    return _stoppers is not None


def simplest_all_components(graph: Graph, max_pairs: int | None = None, compiled: bool | None = None
                            ) -> tuple[Graph, list[int]]:
    """:func:`simplest_all`, one strongly connected component at a time: the result has the same meaning (one
    graph in which equal nodes are one node, and ``index[i]``, the node node ``i`` became), but the order
    relation is computed on each component together with the simplest forms it reaches below it, never on the
    whole graph, so graphs of 10^5 and more nodes made of small components are fine.

    Components are solved in reverse topological order (Tarjan): the followers a component reaches outside
    itself are already in simplest form, and two of them are equal only if they are one node (Siegel,
    *Combinatorial Game Theory*, ch. VI: followers of a simplest form are in simplest form, and equal
    simplest forms are the same graph); each node of the component is reduced against the component's local
    order relation and then fused with an equal node found before, or becomes a new one.  This runs compiled
    (``cgt.loopy._stoppers``); the Python code (``compiled=False``, ``CGT_PURE=1`` or no compiler) is
    :func:`simplest_all` on the whole graph.  ``max_pairs`` bounds the node pairs of one component's local
    graph (TooLargeError beyond it; default ``cgt.loopy.survival.MAX_PAIRS``).

    >>> g = Graph.build([[1], [], [1], [3]], [[], [], [], []])    # 1, 0, 1 and on
    >>> fused, index = simplest_all_components(g)
    >>> index[0] == index[2] != index[1], fused.size
    (True, 3)
    """
    from cgt.loopy.survival import MAX_PAIRS

    if compiled is None:
        compiled = _stoppers is not None
    if not compiled:
        return simplest_all(graph)
    if _stoppers is None:
        raise NotApplicableError("simplest_all_components: the compiled cgt.loopy._stoppers is not available")
    import itertools

    import numpy as np

    rows = []
    for options in (graph.left, graph.right):
        counts = np.fromiter(map(len, options), dtype=np.int32, count=graph.size)
        pointers = np.zeros(graph.size + 1, dtype=np.int32)
        np.cumsum(counts, out=pointers[1:])
        targets = np.fromiter(itertools.chain.from_iterable(options), dtype=np.int32, count=int(pointers[-1]))
        rows += [pointers.tobytes(), targets.tobytes()]
    return simplest_all_compressed(rows, max_pairs)


def simplest_all_compressed(rows, max_pairs: int | None = None) -> tuple[Graph, list[int]]:
    """:func:`simplest_all_components` (compiled only) of a graph given as compressed rows: four buffers of
    int32, ``(left pointers, left targets, right pointers, right targets)``, node ``i``'s Left options being
    ``left targets[left pointers[i]:left pointers[i + 1]]`` (as ``PositionGraph.rows``).

    >>> rows = [bytes(memoryview(__import__("array").array("i", r))) for r in ([0, 1, 1], [1], [0, 0, 0], [])]
    >>> fused, index = simplest_all_compressed(rows) if compiled_stoppers() else simplest_all(
    ...     Graph.build([[1], []], [[], []]))
    >>> fused.size, index[0] != index[1]                   # {0 |} = 1, and 0
    (2, True)
    """
    from cgt.loopy.survival import MAX_PAIRS

    if _stoppers is None:
        raise NotApplicableError("simplest_all_compressed: the compiled cgt.loopy._stoppers is not available")
    import numpy as np

    check_interrupt()
    out = _stoppers.simplest(*rows, MAX_PAIRS if max_pairs is None else max_pairs)
    if out is None:
        raise NotApplicableError("simplest form: the game is not a stopper (it has an infinite alternating play)")
    if out == -1:
        raise TooLargeError(f"simplest form: a strongly connected component with the simplest forms it reaches has "
                            f"more than {MAX_PAIRS if max_pairs is None else max_pairs} node pairs")
    if out == -2:
        raise NotApplicableError("simplest form: bypassing reversible options did not settle")
    index, left, right = out
    return Graph(left, right, 0), np.frombuffer(index, dtype=np.int32).tolist()


def _reduced(g: Graph) -> tuple[list, list]:
    """Option lists of every node of the stopper graph ``g`` after deleting dominated and bypassing
    reversible options (the values of all nodes are unchanged)."""
    n = g.size
    ge = ge_matrix(g)
    left = list(g.left)
    right = list(g.right)
    live = range(n)
    bound = n * (4 * n + 16)
    rounds = 0
    changed = True
    while changed:
        changed = False
        for i in live:
            rounds += 1
            if rounds > bound:
                raise NotApplicableError(f"simplest form: no fixed point after {bound} bypass rounds")
            check_interrupt()
            new_left = _settle(i, left, right, ge, True, bound)
            new_right = _settle(i, left, right, ge, False, bound)
            if new_left != left[i] or new_right != right[i]:
                left[i], right[i] = new_left, new_right
                changed = True
    return left, right


def _short_parts_canonical(g: Graph) -> Graph:
    """Replace the loopfree part of ``g`` by the canonical forms of its short values.

    Canonical short games are already in simplest form (and equal ones are one object), so this only
    shrinks the graph the order relation is computed on; the root becomes node 0.
    """
    short = short_values(g)
    if not short:
        return g
    loopy = [i for i in g.reachable() if i not in short]
    left: list = [None] * len(loopy)
    right: list = [None] * len(loopy)
    index = {old: new for new, old in enumerate(loopy)}
    memo: dict = {}
    for i in short:
        if i == g.root or any(i in g.left[j] or i in g.right[j] for j in loopy):
            index[i] = from_short_game(short[i], left, right, memo)
    for old in loopy:
        new = index[old]
        # two followers with one canonical value become one option (no duplicate entries)
        left[new] = tuple(dict.fromkeys(index[j] for j in g.left[old]))
        right[new] = tuple(dict.fromkeys(index[j] for j in g.right[old]))
    return Graph(tuple(left), tuple(right), index[g.root]).restricted()


def _settle(i: int, left: list, right: list, ge, is_left: bool, bound: int) -> tuple:
    """Node ``i``'s options on one side after deleting dominated and bypassing reversible ones."""
    options = left[i] if is_left else right[i]
    for _ in range(bound):
        if is_left:
            options = _best(options, lambda y, x: ge[y][x])
            # x is reversible when some x^R <= G
            hit = next(((x, r) for x in options for r in right[x] if ge[i][r]), None)
            replacement = left[hit[1]] if hit else ()
        else:
            options = _best(options, lambda y, x: ge[x][y])
            hit = next(((x, l) for x in options for l in left[x] if ge[l][i]), None)
            replacement = right[hit[1]] if hit else ()
        if hit is None:
            return options
        x = hit[0]
        options = tuple(dict.fromkeys([o for o in options if o != x] + list(replacement)))
    raise NotApplicableError(f"simplest form: bypassing reversible options did not settle in {bound} steps")


def _quotient(g: Graph) -> Graph:
    """Identify bisimilar nodes (same colour after refinement); root is node 0 of the result."""
    nodes = list(range(g.size))
    colour = _colours(g, nodes)
    first: dict = {}
    for i in nodes:
        first.setdefault(colour[i], i)
    keep = sorted(first.values())
    index = {first[colour[i]]: k for k, i in enumerate(keep)}
    new = {i: index[first[colour[i]]] for i in nodes}
    left = tuple(tuple(sorted(set(new[j] for j in g.left[i]))) for i in keep)
    right = tuple(tuple(sorted(set(new[j] for j in g.right[i]))) for i in keep)
    return Graph(left, right, new[g.root])


def _colours(g: Graph, nodes: list[int]) -> dict[int, int]:
    """Isomorphism-invariant colours of the nodes (colour refinement on Left/Right option sets).

    Short nodes start with distinct colours given by their canonical text (distinct canonical games
    print differently), so only the loopy nodes need refinement rounds.
    """
    short = short_values(g)
    start = {i: ((0, str(short[i])) if i in short else (1, "")) for i in nodes}
    ranks = {key: k for k, key in enumerate(sorted(set(start.values())))}
    colour = {i: ranks[start[i]] for i in nodes}
    loopy = [i for i in nodes if i not in short]
    count = len(ranks)
    while True:
        check_interrupt()
        sig = {i: (colour[i], (), ()) for i in nodes if i in short}
        for i in loopy:
            # option *sets*: bisimulation does not count repeated options
            sig[i] = (colour[i], tuple(sorted({colour[j] for j in g.left[i]})),
                      tuple(sorted({colour[j] for j in g.right[i]})))
        ranks = {s: k for k, s in enumerate(sorted(set(sig.values())))}
        colour = {i: ranks[sig[i]] for i in nodes}
        if len(ranks) == count:
            return colour
        count = len(ranks)


def canonical_numbering(g: Graph) -> Graph:
    """Renumber a simplest-form graph canonically: root 0, then breadth-first with options in colour order.

    In a simplest form no two positions are equal, hence none are bisimilar, and colour refinement
    separates them all; the numbering then depends only on the isomorphism class.
    """
    nodes = g.reachable()
    colour = _colours(g, nodes)
    order = [g.root]
    index = {g.root: 0}
    k = 0
    while k < len(order):
        i = order[k]
        k += 1
        for j in sorted(g.left[i], key=colour.__getitem__) + sorted(g.right[i], key=colour.__getitem__):
            if j not in index:
                index[j] = len(order)
                order.append(j)
    left = tuple(tuple(sorted(index[j] for j in g.left[i])) for i in order)
    right = tuple(tuple(sorted(index[j] for j in g.right[i])) for i in order)
    return Graph(left, right, 0)
