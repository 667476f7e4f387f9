"""CGSuite's ``game.graph.Color`` and ``cgsuite.util.Graph`` in the shell.

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

from cgt.errors import CGTError, InvalidPositionError

from cgt.games.graph.board import DirectedGraph, Graph
from cgt.games.graph.ruleset import Color

from cgt.shell.containers import ShellMap
from cgt.shell.method_registry import Section
from cgt.shell.values import (Function, KeywordFunction, Namespace, Procedure, check_arity, format_value)

__all__ = ["color_namespace", "label_map", "graph_namespace", "directed_graph_namespace", "GRAPHS", "VERTICES", "EDGES", "Vertex", "Edge", "graph_index"]


def color_namespace() -> Namespace:
    """``game.graph.Color``: a namespace whose members are the three colours.

    >>> sorted(color_namespace().entries)
    ['Blue', 'Green', 'Red']
    """
    space = Namespace("game.graph.Color", "CGSuite's game.graph.Color: Blue, Green and Red (Hackenbush edges).")
    for colour in Color:
        space.entries[colour.name] = colour
    return space


def label_map(value, what: str, caller=None):
    """A shell Map (``{"l" => Color.Blue}``) as the token -> label dictionary the graph reader takes, or a
    shell function (``s -> ...``) as a Python function; a token the function rejects (an error) is not
    a label."""
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
        raise InvalidPositionError(f"{name}: the vertex count must be a non-negative integer, got {n!r}")
    limit = 1_000 if name == "Graph.Clique" else 10_000           # a clique of n vertices has n(n-1)/2 edges
    if n > limit:
        raise InvalidPositionError(f"{name}: {n} vertices is more than the {limit} the shell builds")
    return n


def _parser(cls):
    kind = cls.__name__

    def parse(args, kwargs, caller=None):
        check_arity(f"{kind}.Parse", (1, 3), len(args))
        kwargs = dict(kwargs or {})
        unknown = set(kwargs) - {"vertexLabels", "edgeLabels"}
        if unknown:
            raise InvalidPositionError(f"{kind}.Parse has no parameter {sorted(unknown)[0]} "
                                       f"(usage: {kind}.Parse(str, vertexLabels => map, edgeLabels => map))")
        text, *maps = args
        if not isinstance(text, str):
            raise InvalidPositionError(f"{kind}.Parse needs a graph string, got {text!r}")
        vertex = maps[0] if len(maps) > 0 else kwargs.get("vertexLabels")
        edge = maps[1] if len(maps) > 1 else kwargs.get("edgeLabels")
        return cls.parse(text, label_map(vertex, "vertexLabels", caller), label_map(edge, "edgeLabels", caller))
    return KeywordFunction(f"{kind}.Parse", parse, (1, 3), cls.parse, caller_aware=True)


def _builder(name: str, build, least: int = 1):
    def call(args, kwargs=None):
        if kwargs:
            raise InvalidPositionError(f"{name} takes no keyword arguments")
        check_arity(name, (least, least + 2), len(args))
        if least:
            args = [_count(name, args[0]), *args[1:]]
        return build(*args)
    return KeywordFunction(name, call, (least, least + 2), build)


def _adjacency(cls):
    name = f"{cls.__name__}.FromAdjacencyList"

    def build(args, kwargs=None):
        if kwargs:
            raise InvalidPositionError(f"{name} takes no keyword arguments")
        check_arity(name, (1, 3), len(args))
        lists = args[0]
        if not isinstance(lists, list) or not all(isinstance(a, list) for a in lists):
            raise InvalidPositionError(f"{name} needs a list of neighbour lists, e.g. [[2],[1]]")
        if len(lists) > 10_000:
            raise InvalidPositionError(f"{name}: {len(lists)} vertices is more than the 10000 the shell builds")
        return cls.from_adjacency_list(lists, *args[1:])
    return KeywordFunction(name, build, (1, 3), cls.from_adjacency_list)


def _singleton(cls):
    return KeywordFunction(f"{cls.__name__}.Singleton", lambda args, kwargs=None: cls.singleton(*args), (0, 1),
                           cls.singleton)


def graph_namespace() -> Namespace:
    """``Graph``: called on a string it parses it; its members are CGSuite's constructors.

    >>> sorted(graph_namespace().entries)[:4]
    ['Clique', 'Cycle', 'Empty', 'FromAdjacencyList']
    """
    space = Namespace("Graph", "cgsuite.util.Graph: Graph(str), Graph.Parse, Path, Cycle, Clique, Star, "
                               "FromAdjacencyList, Singleton, Empty.")
    parse = _parser(Graph)
    space.constructor = parse
    space.entries.update({
        "Parse": parse,
        "Path": _builder("Graph.Path", Graph.path),
        "Cycle": _builder("Graph.Cycle", Graph.cycle),
        "Clique": _builder("Graph.Clique", Graph.clique),
        "Star": _builder("Graph.Star", Graph.star),
        "FromAdjacencyList": _adjacency(Graph),
        "Singleton": _singleton(Graph),
        "Empty": Graph.empty(),
    })
    return space


def directed_graph_namespace() -> Namespace:
    """``DirectedGraph``: called on a string it parses it (edges ``>`` and ``<``); its members are CGSuite's
    constructors.

    >>> sorted(directed_graph_namespace().entries)
    ['DirectedPath', 'Empty', 'FromAdjacencyList', 'Parse', 'Singleton']
    """
    space = Namespace("DirectedGraph", "cgsuite.util.DirectedGraph: DirectedGraph(str), DirectedGraph.Parse, "
                                       "DirectedPath, FromAdjacencyList, Singleton, Empty.")
    parse = _parser(DirectedGraph)
    space.constructor = parse
    space.entries.update({
        "Parse": parse,
        "DirectedPath": _builder("DirectedGraph.DirectedPath", DirectedGraph.directed_path),
        "FromAdjacencyList": _adjacency(DirectedGraph),
        "Singleton": _singleton(DirectedGraph),
        "Empty": DirectedGraph.empty(),
    })
    return space


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
    """The graph with some vertex labels replaced: g.UpdatedVertexLabels({v => label})."""
    if not isinstance(changes, ShellMap):
        raise InvalidPositionError("UpdatedVertexLabels needs a map {vertex => label}")
    return g.updated_vertex_labels({_vertex(g, v): label for v, label in changes.entries.items()})


class Vertex:
    """``g[v]``: vertex ``v`` of a graph, printed ``Vertex(label, [sorted out-vertices])`` (as CGSuite prints it)."""

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
        out = sorted(self.graph.neighbours(self.number))
        return f"Vertex({format_value(self.graph.vertex_label(self.number))}, {format_value(out)})"


class Edge:
    """An edge of a graph seen from one end, printed ``Edge(label, from, to)`` (as CGSuite prints it)."""

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
    """The graph without an edge: g.DeleteEdge(g[1][1])."""
    if not isinstance(edge, Edge) or edge.graph != g:
        raise InvalidPositionError("DeleteEdge needs an edge of this graph, e.g. g.DeleteEdge(g[1][1])")
    return g.delete_edge(edge.index)


def _delete_edge_by_index(g: Graph, v, k) -> Graph:
    """The graph without the k-th edge of vertex v: g.DeleteEdgeByIndex(v, k)."""
    return _delete_edge(g, graph_index(graph_index(g, v), k))


# ---------------------------------------------------------------- the methods (CGSuite's)

GRAPHS = Section("graphs", Graph, letter="g")
VERTICES = Section("vertices", Vertex, letter="v")
EDGES = Section("edges", Edge, letter="e")

GRAPHS.method("VertexCount", lambda g: g.vertex_count, doc=Graph.vertex_count)
GRAPHS.method("EdgeCount", lambda g: g.edge_count, doc=Graph.edge_count)
GRAPHS.method("IsConnected", lambda g: g.is_connected, doc=Graph.is_connected)
GRAPHS.method("IsEmpty", lambda g: g.is_empty, doc=Graph.is_empty)
GRAPHS.method("IsSimple", lambda g: g.is_simple, doc=Graph.is_simple)


@GRAPHS.method("AdjacencyList")
def adjacency_list(g: Graph) -> list:
    """Each vertex's sorted neighbours (in a directed graph, the ends of the edges leaving it)."""
    return [list(a) for a in g.adjacency_list]


@GRAPHS.method("ConnectedComponents")
def connected_components(g: Graph) -> list:
    """The vertex lists of the connected components."""
    return [list(c) for c in g.connected_components]


@GRAPHS.method("ConnectedComponent", arity=(1, 1), usage="g.ConnectedComponent(v)")
def connected_component(g: Graph, v) -> list:
    """The sorted vertices reachable from a vertex."""
    return g.connected_component(_vertex(g, v))


@GRAPHS.method("Decomposition", arity=(1, 1), usage="g.Decomposition(boundaryLabel)")
def decomposition(g: Graph, label) -> list:
    """The connected components (as graphs) after removing the vertices with the given label."""
    return g.decomposition(label)


@GRAPHS.method("DeleteVertex", arity=(1, 1), usage="g.DeleteVertex(v)")
def delete_vertex(g: Graph, v) -> Graph:
    """The graph without a vertex and its edges (the others renumbered in ascending order)."""
    return g.delete_vertex(_vertex(g, v))


@GRAPHS.method("DeleteVertices", arity=(1, 1), usage="g.DeleteVertices(list)")
def delete_vertices(g: Graph, vs) -> Graph:
    """The graph without the listed vertices (the others renumbered in ascending order)."""
    return g.delete_vertices(_vertices(g, vs))


@GRAPHS.method("RetainVertices", arity=(1, 1), usage="g.RetainVertices(list)")
def retain_vertices(g: Graph, vs) -> Graph:
    """The subgraph induced by the listed vertices, renumbered in ascending order."""
    return g.retain_vertices(_vertices(g, vs))


GRAPHS.method("UpdatedVertexLabels", _updated_labels, arity=(1, 1), usage="g.UpdatedVertexLabels({v => label})")


@GRAPHS.method("Vertices")
def vertices(g: Graph) -> list:
    """The vertices, 1..n."""
    return [Vertex(g, v) for v in range(1, g.vertex_count + 1)]


@GRAPHS.method("Edges")
def edges(g: Graph) -> list:
    """The edges in stored order, each undirected edge once (each direction of a directed graph's edges
    separately)."""
    return [Edge(g, k, a) for k, (a, _, _) in enumerate(g.edges)]


@GRAPHS.method("ToDirectedGraph")
def to_directed_graph(g: Graph) -> DirectedGraph:
    """The directed graph with an edge each way for every edge (one for a loop), labels kept."""
    return g.to_directed_graph()


GRAPHS.method("DeleteEdge", _delete_edge, arity=(1, 1), usage="g.DeleteEdge(edge)")
GRAPHS.method("DeleteEdgeByIndex", _delete_edge_by_index, arity=(2, 2), usage="g.DeleteEdgeByIndex(v, k)")


@GRAPHS.method("ToString", arity=(0, 2), usage="g.ToString, or g.ToString(vertexLabels, edgeLabels)",
               parameters=(("vertexLabels", "vertex_labels"), ("edgeLabels", "edge_labels")))
def to_string(g: Graph, vertex_labels=None, edge_labels=None) -> str:
    """The graph string, labels written through maps from tokens to labels: g.ToString(vMap, eMap), or by
    name, g.ToString(edgeLabels => eMap); without maps, the text the shell prints for the graph."""
    if vertex_labels is None and edge_labels is None:
        return format_value(g)
    return g.to_string(label_map(vertex_labels, "vertexLabels"), label_map(edge_labels, "edgeLabels"))


@VERTICES.method("Label")
def vertex_label(v: Vertex):
    """The vertex label."""
    return v.graph.vertex_label(v.number)


@VERTICES.method("Edges")
def vertex_edges(v: Vertex) -> list:
    """The edges at this vertex, in stored order."""
    return v.edges


@VERTICES.method("EdgeCount")
def vertex_edge_count(v: Vertex) -> int:
    """The number of edges at this vertex."""
    return len(v.edges)


@VERTICES.method("OutVertices")
def out_vertices(v: Vertex) -> list:
    """The sorted neighbours."""
    return sorted(v.graph.neighbours(v.number))


@EDGES.method("FromVertex")
def from_vertex(e: Edge) -> int:
    """The vertex the edge was reached from."""
    return e.start


@EDGES.method("ToVertex")
def to_vertex(e: Edge) -> int:
    """The other end of the edge."""
    return e.end


@EDGES.method("Label")
def edge_label(e: Edge):
    """The edge label."""
    return e.label
