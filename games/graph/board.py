"""``Graph``: an immutable undirected multigraph with vertex and edge labels (CGSuite's ``cgsuite.util.Graph``),
and ``DirectedGraph``, its directed sibling (CGSuite's ``cgsuite.util.DirectedGraph``), whose edges are written
``>`` and ``<`` (after the label, if any).

Vertices are numbered ``1..n``; loops and parallel edges are allowed; every vertex and every edge carries a
label (``None`` is CGSuite's ``Nothing``).  Edges are kept in the order they were made, and a vertex's
edges in that order ("stored order"), which is the order the string form follows.

**String syntax** (CGSuite's, as its ``Graph("...")`` reads it).  Tokens are single characters, except
``{...}`` which makes one multi-character token; spaces are ignored.

* a *vertex* is an optional label token (one the vertex-label map knows) or ``.`` (unlabelled; optional, it
  is inferred), optionally followed by ``:Name`` (one character or ``{long}``); all vertices with the same
  name are one vertex (and must carry the same label);
* an *edge* from the previous vertex is ``-`` (the edge map's ``""`` label) or an edge-label token;
* after a vertex, ``( branch ; branch ; ... )`` starts several branches from it, each beginning with an edge;
* a top-level ``;`` starts a new component.

Writing back (:meth:`Graph.to_string`, ``str``) is depth-first from vertex 1 (then from the least vertex
not reached yet, components joined by ``;``), following each vertex's edges in stored order; a vertex met
more than once is named ``:A``, ``:B``, ... (after 26 names ``:{v26}``, ...) at every occurrence, several
continuations are wrapped as ``(...;...)``, labels longer than one character as ``{...}``, an unlabelled
edge is ``-`` and a lone unnamed unlabelled vertex is ``.``.  A string the writer produced parses back to
an isomorphic graph with the same string; that graph is ``g`` itself (vertex numbers and edge order
included) when ``g`` was numbered in writing order, as graphs parsed from written strings are;
:meth:`Graph.exact_string` gives a string that always parses back to ``g`` itself.  Edges are stored as
``(a, b, label)`` with ``a <= b`` (in a directed graph, from ``a`` to ``b``).

>>> g = Graph.parse("--(-;--;---)")
>>> g.vertex_count, g.edge_count, str(g)
(9, 8, '--(-;--;---)')
>>> c = Graph.parse(":A----:A")
>>> c.vertex_count, c.edge_count, c.adjacency_list, str(c)
(4, 4, [[2, 4], [1, 3], [2, 4], [1, 3]], ':A----:A')
>>> str(Graph.parse("lrl", edge_labels={"l": "blue", "r": "red"})), str(Graph.path(3)), str(Graph.star(4))
('{blue}{red}{blue}', '--', '(-;-;-)')
>>> Graph.parse("--x")
Traceback (most recent call last):
...
cgt.errors.InvalidPositionError: graph '--x': 'x' at index 2 is not a vertex label, edge label or one of - ( ) ; : . {
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from cgt.runtime.arguments import is_integer_value
from cgt.errors import InvalidPositionError

__all__ = ["Graph", "DirectedGraph", "label_sort_key"]

_SPECIAL = frozenset("-();:.{}")
_DIRECTED_SPECIAL = _SPECIAL | {">", "<"}
_DEFAULT_MAP = {"": None}


def label_sort_key(label) -> tuple:
    """A deterministic sort key for any label (``None`` first, then by type name and ``repr``).

    >>> sorted([3, None, "a"], key=label_sort_key)
    [None, 3, 'a']
    """
    if label is None:
        return (0, "", "")
    try:
        return _KEYS[label]
    except (KeyError, TypeError):
        key = (1, type(label).__name__, repr(label))
    try:
        if len(_KEYS) < 4096:
            _KEYS[label] = key
    except TypeError:
        pass
    return key


_KEYS: dict = {}


class _LabelMap:
    """A token -> label lookup built from a Mapping or a function (which raises for unknown tokens)."""

    __slots__ = ("lookup", "knows")

    def __init__(self, labels) -> None:
        if labels is None:
            labels = _DEFAULT_MAP
        if isinstance(labels, Mapping):
            table = dict(labels)
            self.knows = table.__contains__
            self.lookup = table.__getitem__
        elif callable(labels):
            def knows(token, f=labels):
                try:
                    f(token)
                except (KeyError, ValueError, TypeError, LookupError):
                    return False
                return True
            self.knows = knows
            self.lookup = labels
        else:
            raise InvalidPositionError(f"a label map must be a dict or a function, got {labels!r}")


def _writer_map(labels) -> Callable:
    """label -> token for writing: the first token mapping to the label, else its plain text."""
    reverse: dict = {}
    unhashable: list = []                # (label, token) for labels that are not dictionary keys (lists)
    if isinstance(labels, Mapping):
        for token, label in labels.items():
            try:
                reverse.setdefault(label, token)
            except TypeError:
                unhashable.append((label, token))

    def write(label) -> str:
        try:
            token = reverse.get(label)
        except TypeError:
            token = next((t for x, t in unhashable if type(x) is type(label) and x == label), None)
        if token is None:
            token = "" if label is None else str(label)
        return token if len(token) <= 1 else "{" + token + "}"
    return write


class Graph:
    """An immutable undirected multigraph with labels; vertices ``1..n`` (see the module docstring)."""

    __slots__ = ("_labels", "_edges", "_incident", "_hash")

    #: Whether an edge ``(a, b, label)`` goes from ``a`` to ``b`` only (:class:`DirectedGraph`).
    directed = False

    def __init__(self, vertex_labels: Iterable = (), edges: Iterable = ()) -> None:
        """``vertex_labels[i]`` labels vertex ``i + 1``; ``edges`` are ``(a, b)`` or ``(a, b, label)``."""
        self._labels = tuple(vertex_labels)
        n = len(self._labels)
        out = []
        for e in edges:
            a, b, label = (e[0], e[1], e[2] if len(e) > 2 else None)
            if not (isinstance(a, int) and isinstance(b, int) and 1 <= a <= n and 1 <= b <= n):
                raise InvalidPositionError(f"edge {tuple(e)!r} joins vertices outside 1..{n}")
            out.append((a, b, label) if a <= b or self.directed else (b, a, label))
        self._edges = tuple(out)
        self._incident = None
        self._hash = None

    # -- constructors -------------------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, vertex_labels=None, edge_labels=None) -> "Graph":
        """Parse CGSuite's graph syntax; label maps are dicts token -> label or functions (default ``{"": None}``).

        >>> str(Graph.parse("L-R---L", {"": None, "L": "Left", "R": "Right"}))
        '{Left}-{Right}---{Left}'
        """
        return _Parser(text, _LabelMap(vertex_labels), _LabelMap(edge_labels), cls).graph()

    @classmethod
    def empty(cls) -> "Graph":
        """The graph with no vertices."""
        return cls()

    @classmethod
    def singleton(cls, label=None) -> "Graph":
        """One vertex, no edge.  ``str(Graph.singleton())`` is ``'.'``."""
        return cls((label,))

    @classmethod
    def path(cls, n: int, vertex_label=None, edge_label=None) -> "Graph":
        """The path ``1-2-...-n``.

        >>> Graph.path(4).edges
        [(1, 2, None), (2, 3, None), (3, 4, None)]
        """
        return cls((vertex_label,) * n, [(i, i + 1, edge_label) for i in range(1, n)])

    @classmethod
    def cycle(cls, n: int, vertex_label=None, edge_label=None) -> "Graph":
        """The cycle ``1-2-...-n-1`` (``n = 1`` is a loop, ``n = 2`` two parallel edges).

        >>> str(Graph.cycle(1)), str(Graph.cycle(3))
        (':A-:A', ':A---:A')
        """
        if n < 1:
            raise InvalidPositionError(f"Graph.cycle needs n >= 1, got {n}")
        return cls((vertex_label,) * n, [(i, i % n + 1, edge_label) for i in range(1, n + 1)])

    @classmethod
    def clique(cls, n: int, vertex_label=None, edge_label=None) -> "Graph":
        """The complete graph on ``n`` vertices.  ``Graph.clique(4).edge_count`` is 6."""
        return cls((vertex_label,) * n, [(a, b, edge_label) for a in range(1, n + 1) for b in range(a + 1, n + 1)])

    @classmethod
    def star(cls, n: int, vertex_label=None, edge_label=None) -> "Graph":
        """Vertex 1 joined to ``2..n`` (``n`` vertices in all, as CGSuite's ``Graph.Star``)."""
        return cls((vertex_label,) * n, [(1, b, edge_label) for b in range(2, n + 1)])

    @classmethod
    def from_adjacency_list(cls, adjacency, vertex_label=None, edge_label=None) -> "Graph":
        """From neighbour lists (``adjacency[i]`` lists the neighbours of vertex ``i + 1``); each edge once.

        An edge ``a-b`` listed in both lists is one edge (listed ``k`` times in each: ``k`` parallel edges).

        >>> str(Graph.from_adjacency_list([[2, 3], [1], [1]]))
        '(-;-)'
        """
        adjacency = [list(a) for a in adjacency]
        n = len(adjacency)
        edges = []
        for a, nbrs in enumerate(adjacency, 1):
            for b in nbrs:
                if not is_integer_value(b) or not 1 <= b <= n:
                    raise InvalidPositionError(f"adjacency list: vertex {a} lists {b!r}, not a vertex in 1..{n}")
            for b in dict.fromkeys(nbrs):
                if b == a:
                    edges.extend([(a, a, edge_label)] * nbrs.count(a))
                elif a < b or a not in adjacency[b - 1]:
                    edges.extend([(min(a, b), max(a, b), edge_label)]
                                 * max(nbrs.count(b), adjacency[b - 1].count(a)))
        return cls((vertex_label,) * n, sorted(edges, key=lambda e: (e[0], e[1])))

    # -- members ------------------------------------------------------------------------------------------
    @property
    def vertex_count(self) -> int:
        """The number of vertices."""
        return len(self._labels)

    @property
    def edge_count(self) -> int:
        """The number of edges (a loop counts once)."""
        return len(self._edges)

    @property
    def vertex_labels(self) -> tuple:
        """The labels of vertices ``1..n``."""
        return self._labels

    def vertex_label(self, v: int):
        """The label of vertex ``v``."""
        return self._labels[v - 1]

    @property
    def edges(self) -> list:
        """The edges ``(a, b, label)`` in stored order (each undirected edge once)."""
        return list(self._edges)

    def incident(self, v: int) -> list[int]:
        """Indices (into :attr:`edges`) of the edges at ``v``, in stored order (a loop once)."""
        if self._incident is None:
            inc = [[] for _ in range(len(self._labels) + 1)]
            for k, (a, b, _) in enumerate(self._edges):
                inc[a].append(k)
                if b != a and not self.directed:
                    inc[b].append(k)
            self._incident = inc
        return self._incident[v]

    def neighbours(self, v: int) -> list[int]:
        """The other ends of ``v``'s edges, in stored order (with repeats for parallel edges)."""
        out = []
        for k in self.incident(v):
            a, b, _ = self._edges[k]
            out.append(b if a == v else a)
        return out

    @property
    def adjacency_list(self) -> list[list[int]]:
        """Sorted neighbour lists of vertices ``1..n``."""
        return [sorted(self.neighbours(v)) for v in range(1, len(self._labels) + 1)]

    @property
    def is_empty(self) -> bool:
        """Whether the graph has no vertices."""
        return not self._labels

    @property
    def is_simple(self) -> bool:
        """No loops and no parallel edges."""
        seen = set()
        for a, b, _ in self._edges:
            key = (a, b) if self.directed else (min(a, b), max(a, b))
            if a == b or key in seen:
                return False
            seen.add(key)
        return True

    def connected_component(self, v: int) -> list[int]:
        """The sorted vertices reachable from ``v``."""
        seen = {v}
        stack = [v]
        while stack:
            u = stack.pop()
            for w in self.neighbours(u):
                if w not in seen:
                    seen.add(w)
                    stack.append(w)
        return sorted(seen)

    @property
    def connected_components(self) -> list[list[int]]:
        """The vertex sets of the connected components, each sorted, ordered by least vertex."""
        out, seen = [], set()
        for v in range(1, len(self._labels) + 1):
            if v not in seen:
                comp = self.connected_component(v)
                seen.update(comp)
                out.append(comp)
        return out

    @property
    def is_connected(self) -> bool:
        """Whether there is at most one connected component."""
        return len(self.connected_components) <= 1

    def decomposition(self, boundary_label=object()) -> list["Graph"]:
        """The connected components (as graphs) of the graph without the vertices labelled ``boundary_label``.

        >>> [str(g) for g in Graph.parse("--;-").decomposition()]
        ['--', '-']
        """
        keep = [v for v in range(1, len(self._labels) + 1) if self._labels[v - 1] != boundary_label]
        rest = self.retain_vertices(keep) if len(keep) < len(self._labels) else self
        comps = rest.connected_components
        if len(comps) == 1:
            return [rest]
        return [rest.retain_vertices(c) for c in comps]

    def parts_at(self, v: int) -> list["Graph"]:
        """The parts of the graph that meet only at vertex ``v``, each with its own copy of ``v``.

        One part per connected component of the graph without ``v``: that component's vertices after ``v``
        (which is vertex 1 of every part), in their old order, with every edge among them and to ``v``; a
        loop at ``v`` is a part by itself.  A graph with no edge, or that does not split at ``v``, is its
        own only part.

        >>> [str(p) for p in Graph.parse("(--;-)").parts_at(1)], [str(p) for p in Graph.parse("-(-;-)").parts_at(2)]
        (['--', '-'], ['-', '-', '-'])
        """
        n = len(self._labels)
        if not self._edges:
            return [self]
        owner = [0] * (n + 1)                 # vertex other than v -> its part (its component without v)
        parts = 0
        for u in range(1, n + 1):
            if u == v or owner[u]:
                continue
            parts += 1
            owner[u] = parts
            stack = [u]
            while stack:
                x = stack.pop()
                for w in self.neighbours(x):
                    if w != v and not owner[w]:
                        owner[w] = parts
                        stack.append(w)
        edges_of: list[list] = [[] for _ in range(parts + 1)]
        root_label = self._labels[v - 1]
        loops = []
        for a, b, label in self._edges:
            if a == b == v:
                loops.append(Graph._make((root_label,), ((1, 1, label),)))
            else:
                edges_of[owner[b] if a == v else owner[a]].append((a, b, label))
        if parts <= 1 and not loops:
            return [self]
        out = []
        for p in range(1, parts + 1):
            vertices = [v] + [u for u in range(1, n + 1) if u != v and owner[u] == p]
            new = {u: i for i, u in enumerate(vertices, 1)}
            out.append(Graph._make(tuple(self._labels[u - 1] for u in vertices),
                                   tuple((new[a], new[b], c) for a, b, c in edges_of[p])))
        return out + loops

    def delete_edge(self, index: int) -> "Graph":
        """The graph without edge number ``index`` (0-based, into :attr:`edges`)."""
        if not 0 <= index < len(self._edges):
            raise IndexError(f"edge index {index} out of range 0..{len(self._edges) - 1}")
        return self._make(self._labels, self._edges[:index] + self._edges[index + 1:])

    def delete_vertex(self, v: int) -> "Graph":
        """The graph without vertex ``v`` and its edges (the others renumbered in ascending order)."""
        return self.delete_vertices([v])

    def delete_vertices(self, vs) -> "Graph":
        """The graph without the vertices ``vs`` (the others renumbered in ascending order)."""
        gone = set(vs)
        return self.retain_vertices([v for v in range(1, len(self._labels) + 1) if v not in gone])

    def retain_vertices(self, vs) -> "Graph":
        """The subgraph induced by ``vs``, renumbered in ascending order of the old numbers.

        >>> Graph.path(4).retain_vertices([2, 4, 3]).edges
        [(1, 2, None), (2, 3, None)]
        """
        keep = sorted(set(vs))
        new = {v: i for i, v in enumerate(keep, 1)}
        labels = tuple(self._labels[v - 1] for v in keep)
        edges = tuple((new[a], new[b], lab) for a, b, lab in self._edges if a in new and b in new)
        return self._make(labels, edges)

    def updated_vertex_labels(self, updates: Mapping) -> "Graph":
        """The graph with the labels of some vertices replaced (``{v: label}``)."""
        labels = list(self._labels)
        for v, label in updates.items():
            labels[v - 1] = label
        return self._make(tuple(labels), self._edges)

    def relabelled(self, vertex_map: Callable | None = None, edge_map: Callable | None = None) -> "Graph":
        """The same graph with every vertex label ``x`` replaced by ``vertex_map(x)``, edges by ``edge_map``."""
        labels = self._labels if vertex_map is None else tuple(vertex_map(x) for x in self._labels)
        edges = self._edges if edge_map is None else tuple((a, b, edge_map(x)) for a, b, x in self._edges)
        return self._make(labels, edges)

    @classmethod
    def _make(cls, labels: tuple, edges: tuple) -> "Graph":
        """Trusted constructor (no validation)."""
        g = object.__new__(cls)
        g._labels = labels
        g._edges = edges
        g._incident = None
        g._hash = None
        return g

    # -- canonical labelling --------------------------------------------------------------------------------
    def sort_key(self) -> tuple:
        """A total order on graphs (by size, then labels, then edges) used to pick representatives."""
        return (len(self._labels), len(self._edges), tuple(label_sort_key(x) for x in self._labels),
                tuple((a, b, label_sort_key(x)) for a, b, x in self._edges))

    def canonical(self, root: int | None = None, budget: int = 256) -> "Graph":
        """An isomorphic copy in canonical numbering (vertex ``root`` first), edges sorted.

        Isomorphic graphs (by an isomorphism fixing ``root``, respecting labels) give equal results.
        Trees use the AHU encoding; other graphs colour refinement plus individualisation (McKay's scheme,
        without automorphism pruning).  When that search would exceed ``budget`` leaves, the graph is only
        tidied (edges sorted, numbering kept): still a correct key, just shared less.

        >>> Graph.parse("-(--;-)").canonical(1) == Graph.parse("-(-;--)").canonical(1)
        True
        >>> Graph.parse(":A-:B-:A-:B").canonical() == Graph.cycle(3).canonical()
        False
        """
        n = len(self._labels)
        if n == 0:
            return self
        if len(self._edges) == n - 1 and len(self.connected_component(1)) == n:
            order = _tree_order(self, root)
        else:
            order = _refined_order(self, root, budget)
        if order is None:
            return self._tidied()
        return self._renumbered(order)

    def _renumbered(self, order: list[int]) -> "Graph":
        """The graph with old vertex ``order[i]`` as new vertex ``i + 1``, edges sorted."""
        new = {v: i for i, v in enumerate(order, 1)}
        labels = tuple(self._labels[v - 1] for v in order)
        edges = sorted(((min(new[a], new[b]), max(new[a], new[b]), x) for a, b, x in self._edges),
                       key=lambda e: (e[0], e[1], label_sort_key(e[2])))
        return Graph._make(labels, tuple(edges))

    def _tidied(self) -> "Graph":
        return self._renumbered(list(range(1, len(self._labels) + 1)))

    # -- text -----------------------------------------------------------------------------------------------
    def to_string(self, vertex_labels=None, edge_labels=None) -> str:
        """CGSuite's graph string, labels written through the (token -> label) maps (see the module docstring).

        >>> Graph.parse("-;.;--").to_string()
        '-;.;--'
        """
        return _write(self, _writer_map(vertex_labels if vertex_labels is not None else _DEFAULT_MAP),
                      _writer_map(edge_labels if edge_labels is not None else _DEFAULT_MAP),
                      _LabelMap(vertex_labels).knows)

    def exact_string(self, vertex_labels=None, edge_labels=None) -> str:
        """A graph string that parses (with the same maps) back to this very graph, vertex numbers and edge
        order included: :meth:`to_string` when that does, else every vertex named in order (``:A;:B;...``)
        followed by every edge in stored order as a component of its own (``:A-:C;:B-:C``), which also serves
        when the depth-first string nests branches too deeply to write.

        >>> g = Graph.from_adjacency_list([[3], [3], [1, 2]])
        >>> g.to_string(), g.exact_string(), Graph.parse(g.exact_string()) == g
        ('--', ':A;:B;:C;:A-:C;:B-:C', True)
        """
        try:
            text = self.to_string(vertex_labels, edge_labels)
            if type(self).parse(text, vertex_labels, edge_labels) == self:
                return text
        except RecursionError:                # branches nested too deep to write: the flat form has no nesting
            pass
        vtok = _writer_map(vertex_labels if vertex_labels is not None else _DEFAULT_MAP)
        etok = _writer_map(edge_labels if edge_labels is not None else _DEFAULT_MAP)
        names = [vtok(x) + ":" + _vertex_name(k) for k, x in enumerate(self._labels)]
        arrow = ">" if self.directed else ""
        parts = names + [names[a - 1] + (etok(x) + arrow or "-") + names[b - 1] for a, b, x in self._edges]
        return ";".join(parts)

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_string()!r})"

    def __eq__(self, other):
        if not isinstance(other, Graph):
            return NotImplemented
        return (self.directed == other.directed and self._labels == other._labels
                and self._edges == other._edges)

    def __hash__(self):
        if self._hash is None:
            self._hash = hash((self.directed, self._labels, self._edges))
        return self._hash

    def __reduce__(self):
        """Pickle as ``cgt.games.by_name("Graph", (vertex_labels, edges))`` (``"DirectedGraph"`` for a
        directed one): no module path recorded."""
        import cgt.games

        return cgt.games.by_name, (type(self).__name__, (self._labels, self._edges))

    def to_directed_graph(self) -> "DirectedGraph":
        """The directed graph with an edge each way for every edge (one for a loop), labels kept; a vertex's
        edges leave it in its stored order (CGSuite's ``ToDirectedGraph``).

        >>> g = Graph.parse("--").to_directed_graph()
        >>> g.edges, str(g)
        ([(1, 2, None), (2, 1, None), (2, 3, None), (3, 2, None)], ':A>:B(>:A;>>:B)')
        """
        if self.directed:
            return self
        arcs = []
        for v in range(1, len(self._labels) + 1):
            for k in self.incident(v):
                a, b, x = self._edges[k]
                arcs.append((v, b if a == v else a, x))
        return DirectedGraph._make(self._labels, tuple(arcs))


class DirectedGraph(Graph):
    """An immutable directed multigraph with labels (CGSuite's ``cgsuite.util.DirectedGraph``): an edge
    ``(a, b, label)`` goes from ``a`` to ``b``, a vertex's edges are the ones leaving it, and each direction
    counts separately.  Connectivity (``connected_components``, ``decomposition``) ignores direction.

    In its strings an edge is ``>`` (to the next vertex) or ``<`` (from it), after an edge label when it has
    one (``l>``); written back, every edge is followed forwards, as ``>``.

    >>> g = DirectedGraph.parse("><")
    >>> g.edges, g.edge_count, g.adjacency_list, str(g)
    ([(1, 2, None), (3, 2, None)], 2, [[2], [], [2]], '>:A;>:A')
    >>> DirectedGraph.parse(str(g)) == g, g == Graph.parse("--")
    (True, False)
    """

    __slots__ = ()
    directed = True

    @classmethod
    def directed_path(cls, n: int, vertex_label=None, edge_label=None) -> "DirectedGraph":
        """The path ``1 > 2 > ... > n``.  ``str(DirectedGraph.directed_path(3))`` is ``'>>'``."""
        return cls.path(n, vertex_label, edge_label)

    @classmethod
    def from_adjacency_list(cls, adjacency, vertex_label=None, edge_label=None) -> "DirectedGraph":
        """From out-neighbour lists: ``adjacency[i]`` lists the ends of the edges leaving vertex ``i + 1``.

        >>> DirectedGraph.from_adjacency_list([[2, 3], [], [1]]).edges
        [(1, 2, None), (1, 3, None), (3, 1, None)]
        """
        adjacency = [list(a) for a in adjacency]
        n = len(adjacency)
        for a, nbrs in enumerate(adjacency, 1):
            for b in nbrs:
                if not is_integer_value(b) or not 1 <= b <= n:
                    raise InvalidPositionError(f"adjacency list: vertex {a} lists {b!r}, not a vertex in 1..{n}")
        return cls((vertex_label,) * n, [(a, int(b), edge_label) for a, nbrs in enumerate(adjacency, 1)
                                         for b in nbrs])

    def connected_component(self, v: int) -> list[int]:
        """The sorted vertices joined to ``v`` by edges in either direction (the weak component)."""
        both = [[] for _ in range(len(self._labels) + 1)]
        for a, b, _ in self._edges:
            both[a].append(b)
            both[b].append(a)
        seen = {v}
        stack = [v]
        while stack:
            for w in both[stack.pop()]:
                if w not in seen:
                    seen.add(w)
                    stack.append(w)
        return sorted(seen)

    def parts_at(self, v: int) -> list["Graph"]:
        """Not defined for directed graphs (the graph rulesets play on undirected ones)."""
        raise InvalidPositionError("parts_at is defined for undirected graphs only")

    def canonical(self, root: int | None = None, budget: int = 256) -> "Graph":
        """Not defined for directed graphs (the graph rulesets play on undirected ones)."""
        raise InvalidPositionError("canonical numbering is defined for undirected graphs only")


# -- canonical orders ------------------------------------------------------------------------------------------

def _tree_order(g: Graph, root: int | None) -> list[int]:
    """Canonical vertex order of a tree: AHU codes, rooted at ``root`` or at the (best) centre."""
    n = g.vertex_count
    if root is not None:
        roots = [root]
    else:
        roots = _centres(g)
    best = None
    for r in roots:
        code, order = _ahu(g, r)
        if best is None or code < best[0]:
            best = (code, order)
    return best[1]


def _centres(g: Graph) -> list[int]:
    n = g.vertex_count
    degree = [0] + [len(g.incident(v)) for v in range(1, n + 1)]
    leaves = [v for v in range(1, n + 1) if degree[v] <= 1]
    remaining = n
    while remaining > 2:
        remaining -= len(leaves)
        nxt = []
        for v in leaves:
            for w in g.neighbours(v):
                degree[w] -= 1
                if degree[w] == 1:
                    nxt.append(w)
            degree[v] = 0
        leaves = nxt
    return sorted(leaves)


def _ahu(g: Graph, root: int):
    """(code, order): the rooted tree's canonical code and its vertices in canonical pre-order."""
    edges = g._edges
    labels = g._labels
    parent = {root: (0, None)}
    order = [root]
    for v in order:                      # BFS
        for k in g.incident(v):
            a, b, x = edges[k]
            w = b if a == v else a
            if w not in parent:
                parent[w] = (v, x)
                order.append(w)
    children: dict = {v: [] for v in order}
    code: dict = {}
    for v in reversed(order):
        kids = sorted(children[v])
        code[v] = (label_sort_key(labels[v - 1]), tuple(c for c, _ in kids))
        p, x = parent[v]
        if p:
            children[p].append(((label_sort_key(x), code[v]), v))
        children[v] = kids
    out = []
    stack = [root]
    while stack:
        v = stack.pop()
        out.append(v)
        stack.extend(w for _, w in reversed(children[v]))
    return code[root], out


def _refined_order(g: Graph, root: int | None, budget: int) -> list[int] | None:
    n = g.vertex_count
    labels, edges = g._labels, g._edges
    inc = [g.incident(v) for v in range(n + 1)]
    lkeys = [label_sort_key(x) for _, _, x in edges]

    def rerank(sig: list) -> list:
        table = {s: i for i, s in enumerate(sorted(set(sig[1:])))}
        return [0] + [table[s] for s in sig[1:]]

    def refine(rank: list) -> list:
        classes = len(set(rank[1:]))
        while True:
            sig = [None]
            for v in range(1, n + 1):
                around = []
                for k in inc[v]:
                    a, b, _ = edges[k]
                    around.append((lkeys[k], rank[b if a == v else a], a == b))
                around.sort()
                sig.append((rank[v], tuple(around)))
            rank = rerank(sig)
            now = len(set(rank[1:]))
            if now == classes:
                return rank
            classes = now

    def around(u: int, other: int) -> list:
        out = []
        for k in inc[u]:
            a, b, _ = edges[k]
            w = b if a == u else a
            out.append((lkeys[k], "self" if w == u else ("other" if w == other else w)))
        return sorted(out, key=repr)

    def twins(u: int, v: int) -> bool:
        """Swapping u and v (same label: same cell) maps the graph to itself."""
        return around(u, v) == around(v, u)

    start = rerank([None] + [(0 if v == root else 1, label_sort_key(labels[v - 1])) for v in range(1, n + 1)])
    leaves = [0]
    best = [None]

    def search(rank: list) -> bool:
        rank = refine(rank)
        cells: dict = {}
        for v in range(1, n + 1):
            cells.setdefault(rank[v], []).append(v)
        target = next((cells[r] for r in sorted(cells) if len(cells[r]) > 1), None)
        if target is None:
            leaves[0] += 1
            if leaves[0] > budget:
                return False
            order = sorted(range(1, n + 1), key=lambda v: rank[v])
            cand = g._renumbered(order)
            key = cand.sort_key()
            if best[0] is None or key < best[0][0]:
                best[0] = (key, order)
            return True
        first = target[0]
        if all(twins(first, x) for x in target[1:]):
            target = [first]      # each swap (first x) is an automorphism: one choice stands for all
        for v in target:
            individual = [2 * r + 1 for r in rank]
            individual[v] -= 1
            if not search(individual):
                return False
        return True

    if not search(start):
        return None
    return best[0][1]


# -- parsing ---------------------------------------------------------------------------------------------------

class _Parser:
    def __init__(self, text: str, vmap: _LabelMap, emap: _LabelMap, cls=Graph) -> None:
        if not isinstance(text, str):
            raise InvalidPositionError(f"a graph string is expected, got {text!r}")
        self.cls = cls
        self.special = _DIRECTED_SPECIAL if cls.directed else _SPECIAL
        self.text = text
        self.vmap, self.emap = vmap, emap
        self.tokens = self._tokenize(text)
        self.i = 0
        self.labels: list = []
        self.edges: list = []
        self.names: dict = {}

    def error(self, message: str):
        return InvalidPositionError(f"graph {self.text!r}: {message}")

    def _tokenize(self, text: str) -> list:
        tokens = []
        i = 0
        while i < len(text):
            ch = text[i]
            if ch.isspace():
                i += 1
            elif ch == "{":
                j = text.find("}", i)
                if j < 0:
                    raise self.error(f"'{{' at index {i} is never closed")
                tokens.append((text[i + 1:j], i, True))
                i = j + 1
            elif ch == "}":
                raise self.error(f"'}}' at index {i} closes nothing")
            else:
                tokens.append((ch, i, False))
                i += 1
        tokens.append((None, len(text), False))
        return tokens

    def peek(self):
        return self.tokens[self.i]

    def describe(self, tok) -> str:
        token, where, braced = tok
        if token is None:
            return f"the end (index {where})"
        shown = "{" + token + "}" if braced else token
        return f"{shown!r} at index {where}"

    def is_edge(self, tok) -> bool:
        token, _, braced = tok
        if token is None:
            return False
        if token in ("-", ">", "<") and not braced:
            return token == "-" or self.cls.directed
        return (braced or token not in self.special) and self.emap.knows(token)

    def is_vertex_label(self, tok) -> bool:
        token, _, braced = tok
        return token is not None and (braced or token not in self.special) and token != "" and self.vmap.knows(token)

    def graph(self) -> Graph:
        if self.peek()[0] is not None:
            self.component()
            while self.peek()[0] == ";" and not self.peek()[2]:
                self.i += 1
                self.component()
        tok = self.peek()
        if tok[0] is not None:
            raise self.unexpected(tok)
        return self.cls._make(tuple(self.labels), tuple(self.edges))

    def unexpected(self, tok):
        token, where, braced = tok
        if token in self.special and not braced:
            return self.error(f"{self.describe(tok)} is not expected here")
        return self.error(f"{self.describe(tok)} is not a vertex label, edge label or one of - ( ) ; : . {{")

    def default_label(self):
        if self.vmap.knows(""):
            return self.vmap.lookup("")
        return None

    def vertex(self) -> int:
        tok = self.peek()
        if tok[0] == "." and not tok[2]:
            label = self.default_label()
            self.i += 1
        elif self.is_vertex_label(tok):
            label = self.vmap.lookup(tok[0])
            self.i += 1
        else:
            label = self.default_label()
        tok = self.peek()
        if tok[0] == ":" and not tok[2]:
            self.i += 1
            name_tok = self.peek()
            name = name_tok[0]
            if name is None or (not name_tok[2] and name in self.special) or name == "":
                raise self.error(f"':' at index {tok[1]} must be followed by a vertex name, got "
                                 f"{self.describe(name_tok)}")
            self.i += 1
            v = self.names.get(name)
            if v is not None:
                if self.labels[v - 1] != label:
                    raise self.error(f"vertex :{name} at index {name_tok[1]} has label {label!r} but was "
                                     f"{self.labels[v - 1]!r} before")
                return v
            self.labels.append(label)
            self.names[name] = len(self.labels)
            return len(self.labels)
        self.labels.append(label)
        return len(self.labels)

    def component(self) -> None:
        self.tail(self.vertex())

    def tail(self, v: int) -> None:
        """What follows vertex ``v``: a chain of edges (read in a loop, so a long path needs no deep recursion),
        possibly ending in ``( branch ; branch ; ... )`` (each branch read by a nested call)."""
        while True:
            tok = self.peek()
            if tok[0] == "(" and not tok[2]:
                self.i += 1
                self.tail(self.edge(v))
                while self.peek()[0] == ";" and not self.peek()[2]:
                    self.i += 1
                    self.tail(self.edge(v))
                tok = self.peek()
                if tok[0] != ")" or tok[2]:
                    raise self.error(f"expected ';' or ')' to close the '(' but found {self.describe(tok)}")
                self.i += 1
                return
            if not self.is_edge(tok):
                return
            v = self.edge(v)

    def edge(self, v: int) -> int:
        """An edge from ``v`` and the vertex it reaches (returned)."""
        tok = self.peek()
        if not self.is_edge(tok):
            if tok[0] == "-" and not tok[2]:
                raise self.error(f"'-' at index {tok[1]}: unlabelled edges are not allowed here "
                                 f"(the edge-label map has no \"\" entry)")
            raise self.error(f"expected an edge at {self.describe(tok)}")
        token, where, braced = tok
        if token in ("-", ">", "<") and not braced:
            if token == "-" and self.cls.directed:
                raise self.error(f"'-' at index {where}: an edge of a directed graph is '>' or '<' "
                                 f"(after its label, if it has one)")
            if not self.emap.knows(""):
                raise self.error(f"{token!r} at index {where}: unlabelled edges are not allowed here "
                                 f"(the edge-label map has no \"\" entry)")
            label = self.emap.lookup("")
            arrow = token
        else:
            label = self.emap.lookup(token)
            arrow = None
        self.i += 1
        if self.cls.directed and arrow is None:
            tok = self.peek()
            if tok[0] not in (">", "<") or tok[2]:
                raise self.error(f"the edge label {token!r} at index {where} must be followed by '>' or '<' "
                                 f"in a directed graph, not {self.describe(tok)}")
            arrow = tok[0]
            self.i += 1
        w = self.vertex()
        if arrow == ">":
            self.edges.append((v, w, label))
        elif arrow == "<":
            self.edges.append((w, v, label))
        else:
            self.edges.append((v, w, label) if v <= w else (w, v, label))
        return w


# -- writing ---------------------------------------------------------------------------------------------------

def _vertex_name(k: int) -> str:
    return chr(ord("A") + k) if k < 26 else "{v" + str(k) + "}"


def _write(g: Graph, vtok: Callable, etok: Callable, is_vertex_token: Callable) -> str:
    n = g.vertex_count
    edges = g._edges
    # pass 1: the depth-first walk; children[v] = the edges walked from v, in stored order
    visits = [0] * (n + 1)
    used = [False] * len(edges)
    children: dict = {}
    roots = []
    for start in range(1, n + 1):
        if visits[start]:
            continue
        roots.append(start)
        visits[start] = 1
        children[start] = []
        stack = [(start, iter(g.incident(start)))]
        while stack:
            v, it = stack[-1]
            for k in it:
                if used[k]:
                    continue
                used[k] = True
                a, b, _ = edges[k]
                w = b if a == v else a
                children[v].append((k, w))
                visits[w] += 1
                if visits[w] == 1:
                    children[w] = []
                    stack.append((w, iter(g.incident(w))))
                break
            else:
                stack.pop()
    names: dict = {}

    def vertex_text(v: int, followed_by_edge: str | None) -> str:
        label = vtok(g._labels[v - 1])
        if visits[v] > 1:
            if v not in names:
                names[v] = _vertex_name(len(names))
            name = ":" + names[v]
        else:
            name = ""
        if label == "" and name == "" and followed_by_edge is not None and followed_by_edge not in ("-", ">") \
                and is_vertex_token(followed_by_edge.removesuffix(">").strip("{}")):
            label = "."                     # the edge token would read as a vertex label
        return label + name

    def edge_text(k: int) -> str:
        label = edges[k][2]
        tok = etok(label)
        if g.directed:
            return tok + ">"
        return "-" if tok == "" else tok

    out: list[str] = []
    # pass 2: write; a vertex is written where it is met, and continued only at its first (tree) visit
    expanded = set()

    def write_from(v: int) -> None:
        # iterative over chains; recursion only for branches
        while True:
            kids = children[v] if v not in expanded else []
            expanded.add(v)
            if len(kids) == 1:
                k, w = kids[0]
                out.append(edge_text(k))
                nxt = children.get(w, []) if w not in expanded else []
                out.append(vertex_text(w, edge_text(nxt[0][0]) if len(nxt) == 1 else None))
                v = w
                if w in expanded:
                    return
                continue
            if len(kids) > 1:
                out.append("(")
                for j, (k, w) in enumerate(kids):
                    if j:
                        out.append(";")
                    out.append(edge_text(k))
                    nxt = children.get(w, []) if w not in expanded else []
                    out.append(vertex_text(w, edge_text(nxt[0][0]) if len(nxt) == 1 else None))
                    if w not in expanded:
                        write_from(w)
                out.append(")")
            return

    for j, r in enumerate(roots):
        if j:
            out.append(";")
        kids = children[r]
        first = vertex_text(r, edge_text(kids[0][0]) if len(kids) == 1 else None)
        if first == "" and not kids:
            first = "."
        out.append(first)
        write_from(r)
    return "".join(out)
