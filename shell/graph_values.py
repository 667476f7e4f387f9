"""CGSuite's ``game.graph.Color`` and ``cgsuite.util.Graph`` in the shell (CGSUITE.md §1.4, §2.5, §5.1).

``game.graph.Color`` (also ``Color``) has the members ``Blue``, ``Green`` and ``Red``, printed by their
names, as CGSuite prints enum values; they are the edge labels of Hackenbush and the colours a
``GenHackenbush(childishEdges => [Color.Blue, Color.Red])`` makes childish.  ``Graph("--(-;--)")`` and
``Graph.Parse(text, vertexLabels => map, edgeLabels => map)`` read CGSuite's graph strings;
``Graph.Path(n, vLabel, eLabel)``, ``Graph.Cycle``, ``Graph.Clique``, ``Graph.Star``,
``Graph.FromAdjacencyList(lists, vLabel, eLabel)``, ``Graph.Singleton(vLabel)`` and ``Graph.Empty``
build graphs, which print as ``Graph("…")`` and can be given to a graph ruleset:
``game.graph.Hackenbush(Graph.Path(3, Nothing, Color.Blue))`` is the blue stalk ``"ll"``.  ``g[v]`` is a
:class:`Vertex` and ``g[v][k]`` its k-th :class:`Edge` (1-based).

>>> from cgt.shell import run
>>> run("game.graph.Color.Blue"), run("[Color.Red, Color.Green]")
('Blue', '[Red,Green]')
>>> run('game.graph.Hackenbush(Graph.Path(3, Nothing, Color.Blue))')
'Hackenbush.Position("ll")'
>>> run('Graph.Cycle(4)'), run('Graph("--(-;--)").EdgeCount')
('Graph(":A----:A")', '5')
"""

from __future__ import annotations

from cgt.errors import InvalidPositionError

from cgt.games.graph.board import Graph
from cgt.games.graph.ruleset import Color

from cgt.shell.methods import Method
from cgt.shell.values import KeywordFunction, Namespace

__all__ = ["color_namespace", "graph_namespace", "GRAPH_METHODS", "graph_text", "find_board_ruleset_method",
           "Vertex", "Edge", "find_graph_method", "graph_index"]


def color_namespace() -> Namespace:
    """``game.graph.Color``: a namespace whose members are the three colours.

    >>> sorted(color_namespace().entries)
    ['Blue', 'Green', 'Red']
    """
    space = Namespace("game.graph.Color", "CGSuite's game.graph.Color: Blue, Green and Red (Hackenbush edges).")
    for colour in Color:
        space.entries[colour.name] = colour
    return space


def _label_map(value, what: str, caller=None):
    """A shell Map (``{"l" => Color.Blue}``) as the token -> label dictionary the graph reader takes, or a
    shell function (``s -> ...``) as a Python function; a token the function rejects (an error) is not
    a label."""
    from cgt.errors import CGTError
    from cgt.shell.containers import ShellMap
    from cgt.shell.procedures import Procedure
    from cgt.shell.values import Function

    if value is None:
        return None
    if isinstance(value, ShellMap):
        return dict(value.entries)
    if caller is not None and isinstance(value, (Procedure, Function)):
        def label(token):
            try:
                return caller(value, [token])
            except CGTError:
                raise KeyError(token) from None
        return label
    raise InvalidPositionError(f"Graph.Parse: {what} must be a Map such as {{\"l\" => Color.Blue}} or a function")


def _count(name: str, n) -> int:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidPositionError(f"Graph.{name}: the vertex count must be a non-negative integer, got {n!r}")
    limit = 1_000 if name == "Clique" else 10_000           # a clique of n vertices has n(n-1)/2 edges
    if n > limit:
        raise InvalidPositionError(f"Graph.{name}: {n} vertices is more than the {limit} the shell builds")
    return n


def _parse(args, kwargs, caller=None):
    from cgt.shell.values import check_arity

    check_arity("Graph.Parse", (1, 3), len(args))
    kwargs = dict(kwargs or {})
    unknown = set(kwargs) - {"vertexLabels", "edgeLabels"}
    if unknown:
        raise InvalidPositionError(f"Graph.Parse has no parameter {sorted(unknown)[0]} "
                                   "(usage: Graph.Parse(str, vertexLabels => map, edgeLabels => map))")
    text, *maps = args
    if not isinstance(text, str):
        raise InvalidPositionError(f"Graph.Parse needs a graph string, got {text!r}")
    vertex = maps[0] if len(maps) > 0 else kwargs.get("vertexLabels")
    edge = maps[1] if len(maps) > 1 else kwargs.get("edgeLabels")
    return Graph.parse(text, _label_map(vertex, "vertexLabels", caller), _label_map(edge, "edgeLabels", caller))


def _builder(name: str, build, least: int = 1):
    from cgt.shell.values import check_arity

    def call(args, kwargs=None):
        if kwargs:
            raise InvalidPositionError(f"Graph.{name} takes no keyword arguments")
        check_arity(f"Graph.{name}", (least, least + 2), len(args))
        if least:
            args = [_count(name, args[0]), *args[1:]]
        return build(*args)
    return KeywordFunction(f"Graph.{name}", call, (least, least + 2), f"cgt.games.graph.board:Graph.{name.lower()}")


def _from_adjacency(args, kwargs=None):
    if kwargs:
        raise InvalidPositionError("Graph.FromAdjacencyList takes no keyword arguments")
    lists = args[0]
    if not isinstance(lists, list) or not all(isinstance(a, list) for a in lists):
        raise InvalidPositionError("Graph.FromAdjacencyList needs a list of neighbour lists, e.g. [[2],[1]]")
    if len(lists) > 10_000:
        raise InvalidPositionError(f"Graph.FromAdjacencyList: {len(lists)} vertices is more than the 10000 "
                                   "the shell builds")
    return Graph.from_adjacency_list(lists, *args[1:])


def graph_namespace() -> Namespace:
    """``Graph``: called on a string it parses it; its members are CGSuite's constructors.

    >>> sorted(graph_namespace().entries)[:4]
    ['Clique', 'Cycle', 'Empty', 'FromAdjacencyList']
    """
    space = Namespace("Graph", "cgsuite.util.Graph: Graph(str), Graph.Parse, Path, Cycle, Clique, Star, "
                               "Singleton, Empty (CGSUITE.md §2.5).")
    parse = KeywordFunction("Graph.Parse", _parse, (1, 3), "cgt.games.graph.board:Graph.parse", caller_aware=True)
    space.constructor = parse
    space.entries.update({
        "Parse": parse,
        "Path": _builder("Path", Graph.path),
        "Cycle": _builder("Cycle", Graph.cycle),
        "Clique": _builder("Clique", Graph.clique),
        "Star": _builder("Star", Graph.star),
        "FromAdjacencyList": KeywordFunction("Graph.FromAdjacencyList", _from_adjacency, (1, 3),
                                             "cgt.games.graph.board:Graph.from_adjacency_list"),
        "Singleton": KeywordFunction("Graph.Singleton", lambda args, kwargs=None: Graph.singleton(*args), (0, 1),
                                     "cgt.games.graph.board:Graph.singleton"),
        "Empty": Graph.empty(),
    })
    return space


def graph_text(graph: Graph) -> str:
    """``Graph("…")``: how the shell prints a plain graph (labels by their plain text, §2.5).

    >>> graph_text(Graph.path(3, None, Color.Red))
    'Graph("{Red}{Red}")'
    """
    return f'Graph("{graph.to_string()}")'


def _components(g: Graph) -> list:
    return [list(c) for c in g.connected_components]


def _vertex(g: Graph, v) -> int:
    """A vertex number of ``g`` (1..n), or a one-line error naming it."""
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= g.vertex_count:
        raise InvalidPositionError(f"{v!r} is not a vertex of this graph (its vertices are 1..{g.vertex_count})")
    return v


def _vertices(g: Graph, vs) -> list:
    if not isinstance(vs, (list, tuple, set, frozenset)):
        raise InvalidPositionError(f"a list of vertices is needed, got {vs!r}")
    return [_vertex(g, v) for v in vs]


def _updated_labels(g: Graph, changes):
    from cgt.shell.containers import ShellMap

    if not isinstance(changes, ShellMap):
        raise InvalidPositionError("UpdatedVertexLabels needs a map {vertex => label}")
    return g.updated_vertex_labels({_vertex(g, v): label for v, label in changes.entries.items()})


class Vertex:
    """``g[v]``: vertex ``v`` of a graph, printed ``Vertex(label, [sorted out-vertices])`` (§2.5)."""

    __slots__ = ("graph", "number")

    def __init__(self, graph: Graph, number: int):
        self.graph = graph
        self.number = number

    @property
    def edges(self) -> list:
        """The edges at this vertex in stored order, each leaving from this vertex."""
        return [Edge(self.graph, k, self.number) for k in self.graph.incident(self.number)]

    def __eq__(self, other):
        return isinstance(other, Vertex) and (other.graph, other.number) == (self.graph, self.number)

    def __hash__(self):
        return hash((self.graph, self.number))

    def __str__(self) -> str:
        from cgt.shell.values import format_value

        out = sorted(self.graph.neighbours(self.number))
        return f"Vertex({format_value(self.graph.vertex_label(self.number))}, {format_value(out)})"


class Edge:
    """An edge of a graph seen from one end, printed ``Edge(label, from, to)`` (§2.5)."""

    __slots__ = ("graph", "index", "start")

    def __init__(self, graph: Graph, index: int, start: int):
        self.graph = graph
        self.index = index
        self.start = start

    @property
    def end(self) -> int:
        a, b, _ = self.graph.edges[self.index]
        return b if a == self.start else a

    @property
    def label(self):
        return self.graph.edges[self.index][2]

    def __eq__(self, other):
        return isinstance(other, Edge) and (other.graph, other.index, other.start) == (self.graph, self.index,
                                                                                        self.start)

    def __hash__(self):
        return hash((self.graph, self.index, self.start))

    def __str__(self) -> str:
        from cgt.shell.values import format_value

        return f"Edge({format_value(self.label)}, {self.start}, {self.end})"


def graph_index(value, i):
    """``g[v]`` (a Vertex) and ``vertex[k]`` (its k-th edge), 1-based; None when ``value`` is neither."""
    if isinstance(value, Graph):
        return Vertex(value, _vertex(value, i))
    if isinstance(value, Vertex):
        edges = value.edges
        if isinstance(i, bool) or not isinstance(i, int) or not 1 <= i <= len(edges):
            raise InvalidPositionError(f"{i!r} is not an edge index of this vertex (1..{len(edges)})")
        return edges[i - 1]
    return None


def _delete_edge(g: Graph, edge) -> Graph:
    if not isinstance(edge, Edge) or edge.graph != g:
        raise InvalidPositionError("DeleteEdge needs an edge of this graph, e.g. g.DeleteEdge(g[1][1])")
    return g.delete_edge(edge.index)


def _delete_edge_by_index(g: Graph, v, k) -> Graph:
    return _delete_edge(g, graph_index(graph_index(g, v), k))


#: Members of a Graph value (CGSUITE.md §2.5).
GRAPH_METHODS: dict[str, Method] = {m.name: m for m in [
    Method("VertexCount", lambda g: g.vertex_count, doc="The number of vertices."),
    Method("EdgeCount", lambda g: g.edge_count, doc="The number of edges (each undirected edge once)."),
    Method("IsConnected", lambda g: g.is_connected, doc="True if every vertex reaches every other."),
    Method("IsEmpty", lambda g: g.is_empty, doc="True for the graph with no vertices."),
    Method("IsSimple", lambda g: g.is_simple, doc="True if the graph has no loops and no parallel edges."),
    Method("AdjacencyList", lambda g: [list(a) for a in g.adjacency_list], doc="Each vertex's sorted neighbours."),
    Method("ConnectedComponents", _components, doc="The vertex lists of the connected components."),
    Method("ConnectedComponent", lambda g, v: g.connected_component(_vertex(g, v)), (1, 1),
           doc="The sorted vertices reachable from a vertex."),
    Method("Decomposition", lambda g, label: g.decomposition(label), (1, 1),
           doc="The connected components (as graphs) after removing the vertices with the given label."),
    Method("DeleteVertex", lambda g, v: g.delete_vertex(_vertex(g, v)), (1, 1),
           doc="The graph without a vertex and its edges (the others renumbered in ascending order)."),
    Method("DeleteVertices", lambda g, vs: g.delete_vertices(_vertices(g, vs)), (1, 1),
           doc="The graph without the listed vertices (the others renumbered in ascending order)."),
    Method("RetainVertices", lambda g, vs: g.retain_vertices(_vertices(g, vs)), (1, 1),
           doc="The subgraph induced by the listed vertices, renumbered in ascending order."),
    Method("UpdatedVertexLabels", _updated_labels, (1, 1),
           doc="The graph with some vertex labels replaced: g.UpdatedVertexLabels({v => label})."),
    Method("Vertices", lambda g: [Vertex(g, v) for v in range(1, g.vertex_count + 1)], doc="The vertices, 1..n."),
    Method("Edges", lambda g: [Edge(g, k, a) for k, (a, _, _) in enumerate(g.edges)],
           doc="The edges in stored order, each undirected edge once."),
    Method("DeleteEdge", _delete_edge, (1, 1), doc="The graph without an edge: g.DeleteEdge(g[1][1])."),
    Method("DeleteEdgeByIndex", _delete_edge_by_index, (2, 2),
           doc="The graph without the k-th edge of vertex v: g.DeleteEdgeByIndex(v, k)."),
    Method("ToString", lambda g, vertex=None, edge=None: g.to_string(_label_map(vertex, "vertexLabels"),
                                                                      _label_map(edge, "edgeLabels")), (1, 2),
           doc="The graph string, labels written through maps from tokens to labels: g.ToString(vMap, eMap)."),
]}


# -- members of board rulesets (CGSUITE.md §3.2) ------------------------------------------------------------
def _label_map_value(labels: dict):
    from cgt.shell.containers import ShellMap

    return ShellMap(dict(labels))


def _reversed_map_value(labels: dict):
    from cgt.shell.containers import ShellMap

    reverse: dict = {}
    for token, label in labels.items():
        reverse.setdefault(label, token)
    return ShellMap(reverse)


#: (method, the kinds of board it applies to): ``R.Eval(x)`` = ``R(x)``; ``CharMap`` of grids and strips;
#: the label maps of graph rulesets and their reverses (§3.2).
BOARD_RULESET_METHODS: dict[str, tuple[Method, tuple[str, ...]]] = {m.name: (m, kinds) for m, kinds in [
    (Method("Eval", lambda r, x: r(x), (1, 1), "R.Eval(x) is R(x): the position x (a string, Strip, Grid or Graph).",
            "R.Eval(x)"), ("grid", "strip", "graph")),
    (Method("CharMap", lambda r: r.char_map, doc="The characters of the cell values: the k-th is value k."),
     ("grid", "strip")),
    (Method("VertexLabels", lambda r: _label_map_value(r.vertex_labels),
            doc="The map from tokens of the graph strings to vertex labels."), ("graph",)),
    (Method("EdgeLabels", lambda r: _label_map_value(r.edge_labels),
            doc="The map from tokens of the graph strings to edge labels."), ("graph",)),
    (Method("VertexToString", lambda r: _reversed_map_value(r.vertex_labels),
            doc="The map from vertex labels to the tokens that write them."), ("graph",)),
    (Method("EdgeToString", lambda r: _reversed_map_value(r.edge_labels),
            doc="The map from edge labels to the tokens that write them."), ("graph",)),
]}


def find_board_ruleset_method(value, name: str):
    """The board-ruleset member ``name`` of ``value`` (a grid, strip or graph ruleset), or ``(None, None)``.

    >>> from cgt.games.graph.hackenbush import Hackenbush
    >>> m, r = find_board_ruleset_method(Hackenbush, "EdgeLabels")
    >>> str(m.func(r))
    '{"e" => Green, "l" => Blue, "r" => Red}'
    >>> find_board_ruleset_method(Hackenbush, "CharMap")
    (None, None)
    """
    entry = BOARD_RULESET_METHODS.get(name)
    if entry is None:
        return None, None
    from cgt.games.engine.ruleset import Ruleset
    from cgt.shell.values import Function

    if isinstance(value, Function) and hasattr(value, "entry"):
        value = value.entry.resolve()
    method, kinds = entry
    if isinstance(value, Ruleset) and getattr(value, "board_kind", None) in kinds:
        return method, value
    return None, None


#: Members of Vertex and Edge values (CGSUITE.md §2.5).
VERTEX_METHODS: dict[str, Method] = {m.name: m for m in [
    Method("Label", lambda v: v.graph.vertex_label(v.number), doc="The vertex label."),
    Method("Edges", lambda v: v.edges, doc="The edges at this vertex, in stored order."),
    Method("EdgeCount", lambda v: len(v.edges), doc="The number of edges at this vertex."),
    Method("OutVertices", lambda v: sorted(v.graph.neighbours(v.number)), doc="The sorted neighbours."),
]}
EDGE_METHODS: dict[str, Method] = {m.name: m for m in [
    Method("FromVertex", lambda e: e.start, doc="The vertex the edge was reached from."),
    Method("ToVertex", lambda e: e.end, doc="The other end of the edge."),
    Method("Label", lambda e: e.label, doc="The edge label."),
]}


def find_graph_method(value, name: str):
    """The member ``name`` of a Graph, Vertex or Edge value, or ``(None, None)``.

    >>> find_graph_method(Graph.path(2), "EdgeCount")[0].name
    'EdgeCount'
    """
    table = {Graph: GRAPH_METHODS, Vertex: VERTEX_METHODS, Edge: EDGE_METHODS}.get(type(value))
    if table is None or name not in table:
        return None, None
    return table[name], value
