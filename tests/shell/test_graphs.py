"""Graphs, colours, strips and strip/graph positions in the shell, as a CGSuite user types them
(CGSUITE.md §1.4 game.graph.Color, §2.2 Strip, §2.5 Graph, §3.2 board ruleset members, §5.2 printed
positions)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.games.graph.board import DirectedGraph, Graph
from cgt.games.graph.ruleset import Color
from cgt.shell import Session, ShellError, run
from cgt.shell.values import format_value


@pytest.mark.parametrize("source, expected", [
    # §1.4 / §2.7: game.graph.Color is an enum Blue, Green, Red; enum values print by their names (§5.1)
    ("game.graph.Color.Blue", "Blue"),
    ("[Color.Blue, Color.Green, Color.Red]", "[Blue,Green,Red]"),
    ("game.graph.Color.Red == Color.Red", "true"),
    ("Color.Blue == Color.Red", "false"),
    ("Color.Green.Class", "⟪game.graph.Color⟫"),
    # §2.5: Graph constructors and the string syntax written back
    ('Graph("--(-;--)")', 'Graph("--(-;--)")'),
    ('Graph("--(-;--)").EdgeCount', "5"),
    ('Graph("--(-;--)").VertexCount', "6"),
    ("Graph.Path(4)", 'Graph("---")'),
    ("Graph.Cycle(4)", 'Graph(":A----:A")'),
    ("Graph.Cycle(4).IsSimple", "true"),
    ("Graph.Star(3).AdjacencyList", "[[2,3],[1],[1]]"),
    ("Graph.FromAdjacencyList([[2,3],[1],[1]]) == Graph.Star(3)", "true"),
    ("Graph.FromAdjacencyList([[2],[1]], Nothing, Color.Red)", 'Graph("{Red}", edgeLabels => {"Red" => Color.Red})'),
    ('Graph("-;--").IsConnected', "false"),
    ('Graph("-;--").ConnectedComponents', "[[1,2],[3,4,5]]"),
    ("Graph.Empty.IsEmpty", "true"),
    ("Graph.Singleton()", 'Graph(".")'),
    ("Graph.Path(3).Class", "⟪cgsuite.util.Graph⟫"),
    # vertices and edges: g[v] prints Vertex(label, [sorted out-vertices]), an edge Edge(label, from, to)
    ('Graph("--(-;--)")[2]', "Vertex(Nothing, [1,3])"),
    ('Graph("--(-;--)")[3].OutVertices', "[2,4,5]"),
    ('Graph("--(-;--)")[2].Edges', "[Edge(Nothing, 2, 1),Edge(Nothing, 2, 3)]"),
    ('Graph("--(-;--)")[3].EdgeCount', "3"),
    ("Graph.Path(3, Nothing, Color.Blue)[1][1]", "Edge(Blue, 1, 2)"),
    ("Graph.Path(3, Nothing, Color.Blue)[2][2].ToVertex", "3"),
    ('Graph("--").Edges', "[Edge(Nothing, 1, 2),Edge(Nothing, 2, 3)]"),
    ('Graph("--").Vertices', "[Vertex(Nothing, [2]),Vertex(Nothing, [1,3]),Vertex(Nothing, [2])]"),
    ('g := Graph("--"); g.DeleteEdge(g[2][2])', 'Graph("-;.")'),
    ('Graph("--").DeleteEdgeByIndex(2, 1)', 'Graph(".;-")'),
    ('[Graph("--")[1].Class, Graph("--")[1][1].Class]', "[⟪cgsuite.util.Vertex⟫,⟪cgsuite.util.Edge⟫]"),
    ('Graph("-;--").ConnectedComponent(4)', "[3,4,5]"),
    ('Graph("-;--").Decomposition("x")', '[Graph("-"),Graph("--")]'),
    ('Graph("-;--").Decomposition(Nothing)', "[]"),       # every vertex carries the boundary label
    ("Graph.Path(4).DeleteVertex(2)", 'Graph(".;-")'),
    ("Graph.Cycle(5).DeleteVertices([1, 3])", 'Graph(".;-")'),
    ("Graph.Star(4).RetainVertices([1, 2, 3])", 'Graph("(-;-)")'),
    ('Graph.Path(2).UpdatedVertexLabels({1 => "x"}).ToString({"x" => "x"}, Nothing)', '"x-"'),
    # labels longer than one character are written in braces (§2.5)
    # a labelled graph prints with the maps that read it back (CGSuite's plain text {Blue} alone does not)
    ("Graph.Path(3, Nothing, Color.Blue)", 'Graph("{Blue}{Blue}", edgeLabels => {"Blue" => Color.Blue})'),
    ('Graph.Parse("lrl", edgeLabels => {"l" => Color.Blue, "r" => Color.Red})',
     'Graph("{Blue}{Red}{Blue}", edgeLabels => {"Blue" => Color.Blue, "Red" => Color.Red})'),
    # a label map may be a function; a token it rejects (an error) is not a label (§2.5)
    ('Graph.Parse("ab", edgeLabels => s -> if s == "a" then Color.Blue else if s == "b" then Color.Red '
     'else error("no") end end)', 'Graph("{Blue}{Red}", edgeLabels => {"Blue" => Color.Blue, "Red" => Color.Red})'),
    ('Graph("1-2", vertexLabels => {"1" => 1, "2" => 2}).ToString',
     '"Graph(\"1-2\", vertexLabels => {\"1\" => 1, \"2\" => 2})"'),
])
def test_colours_and_graphs(source, expected):
    assert run(source) == expected


@pytest.mark.parametrize("source, expected", [
    # §2.2: Strip, 1-based indices, printed Strip([...]) (which reads back)
    ("Strip([0,1,2])", "Strip([0,1,2])"),
    ("Strip([0,1,2]) == Strip.Parse(\".tf\", \".tf\")", "true"),
    ("Strip.Empty(3)", "Strip([0,0,0])"),
    ('Strip.Parse("tt.ff", ".tf")', "Strip([1,1,0,2,2])"),
    ('Strip.Parse("TT.ff", ".tf").ToString(".tf")', '"tt.ff"'),
    ('Strip.Parse("tt.ff", ".tf").FindAll(2)', "[4,5]"),
    ("Strip([1,2,3]).Length", "3"),
    ("Strip([3,4])[2]", "4"),
    ("Strip([3,4])[3] == Nothing", "true"),
    ("Strip([1,0,2,2,0,1]).Decomposition(0)", "[Strip([1]),Strip([2,2]),Strip([1])]"),
    ("Strip([1,2,3,4]).Substrip(2, 3)", "Strip([2,3])"),
    ("Strip([1,2,3]).Updated(1, 5)", "Strip([5,2,3])"),
    ("Strip([1,2,3]).Updated({1 => 5, 3 => 0})", "Strip([5,2,0])"),
    ("Strip([1,2,3]).UpdatedRange(2, 9, 0)", "Strip([1,0,0])"),
    ("Strip([1]).Class", "⟪cgsuite.util.Strip⟫"),
    # a strip is a position of a strip ruleset: tt.f is {1/2|0} (checked against pycgt, test_toads_and_frogs)
    ("game.strip.ToadsAndFrogs(Strip([1,1,0,2])).CanonicalForm", "{1/2|0}"),
    ("game.strip.ToadsAndFrogs.Eval(Strip([1,0,2]))", 'ToadsAndFrogs.Position("t.f")'),
    ('Graph.Path(3, Nothing, Color.Blue).ToString(Nothing, {"l" => Color.Blue})', '"ll"'),
])
def test_strips(source, expected):
    assert run(source) == expected


@pytest.mark.parametrize("source, expected", [
    # A graph built from colours is a Hackenbush position: the blue-red-blue stalk is 3/4 by Berlekamp's
    # sign expansion (Winning Ways ch. 2), the blue 2-stalk is 2.
    ('game.graph.Hackenbush(Graph.Parse("lrl", edgeLabels => {"l" => Color.Blue, "r" => Color.Red})).CanonicalForm',
     "3/4"),
    ("game.graph.Hackenbush(Graph.Path(3, Nothing, Color.Blue))", 'Hackenbush.Position("ll")'),
    ("game.graph.Hackenbush(Graph.Path(3, Nothing, Color.Blue)).CanonicalForm", "2"),
    # Winning Ways ch. 7, the fusion principle: a green triangle through the ground fuses to three loops
    # at the ground, *1 + *1 + *1 = *; a green 4-cycle through the ground to four loops, 0.
    ("game.graph.Hackenbush(Graph.Cycle(3, Nothing, Color.Green)).CanonicalForm", "*"),
    ("game.graph.Hackenbush(Graph.Cycle(4, Nothing, Color.Green)).CanonicalForm", "0"),
    # §1.4: ChildishHackenbush = GenHackenbush(childishEdges => [Color.Blue, Color.Red])
    ('game.graph.GenHackenbush(childishEdges => [Color.Blue, Color.Red])("lr").CanonicalForm',
     'game.graph.ChildishHackenbush("lr").CanonicalForm'),
    ('game.graph.GenHackenbush(childishEdges => [Color.Blue])("lr").LeftOptions', "[]"),
    ('game.graph.GenHackenbush(childishEdges => [Color.Blue])("lr").RightOptions',
     '[GenHackenbush(childishEdges => [Color.Blue]).Position("l")]'),
])
def test_colours_build_hackenbush_positions(source, expected):
    want = run(expected) if expected.startswith("game.") else expected
    assert run(source) == want


@pytest.mark.parametrize("source, expected", [
    # §3.2: GraphRuleset's Eval, VertexLabels/EdgeLabels and their reverses; StripRuleset's CharMap
    ('game.graph.Hackenbush.Eval("lr").CanonicalForm', "1/2"),
    ("game.graph.Hackenbush.Eval(Graph.Path(2, Nothing, Color.Red)).CanonicalForm", "-1"),
    ("game.graph.Hackenbush.EdgeLabels", '{"e" => Green, "l" => Blue, "r" => Red}'),
    ('game.graph.Hackenbush.EdgeLabels["l"] == Color.Blue', "true"),
    ("game.graph.Hackenbush.VertexLabels", '{"" => Nothing}'),
    ("game.graph.Hackenbush.EdgeToString", '{Blue => "l", Green => "e", Red => "r"}'),
    ("game.graph.Col.VertexLabels", '{"" => Nothing, "L" => Left, "R" => Right}'),
    ("game.strip.ToadsAndFrogs.CharMap", '".tf"'),
    ("game.grid.Domineering.CharMap", '".#"'),
])
def test_board_ruleset_members(source, expected):
    assert run(source) == expected


def test_board_members_only_on_their_rulesets():
    with pytest.raises(ShellError, match="has no method CharMap"):
        run("game.heap.Kayles.CharMap")
    with pytest.raises(ShellError, match="has no method EdgeLabels"):
        run("game.strip.ToadsAndFrogs.EdgeLabels")


@pytest.mark.parametrize("source, expected", [
    # §5.2: graph and strip positions print as <Ruleset>.Position("<string>")
    ('game.graph.Hackenbush("lrl").LeftOptions', '[Hackenbush.Position("."),Hackenbush.Position("lr")]'),
    ('game.graph.Hackenbush("lrl")', 'Hackenbush.Position("lrl")'),
    ('game.graph.Col("L-R").LeftOptions', '[Col.Position("L")]'),
    ('game.graph.PartizanArcKayles("lr").LeftOptions', '[PartizanArcKayles.Position(".")]'),
    ('game.strip.ToadsAndFrogs("tt.ff").LeftOptions', '[ToadsAndFrogs.Position("t.tff")]'),
    ('game.strip.TopplingDominoes("lr")', 'TopplingDominoes.Position("lr")'),
])
def test_positions_print_as_cgsuite(source, expected):
    assert run(source) == expected


@pytest.mark.parametrize("source", [
    'game.graph.ChildishHackenbush("lre(l;r)")',
    'game.graph.GenHackenbush(childishEdges => [Color.Green])("ee:Aee:A")',
    'game.graph.Snort("L-.-R")',
    'game.strip.ToadsAndFrogs("t.t.f.f")',
    'game.strip.Turning("1-3")("hth")',
])
def test_printed_positions_read_back_with_their_ruleset(source):
    printed = run(source)
    assert run(f"{printed} == {source}") == "true"
    assert run(f"({printed}).CanonicalForm") == run(f"({source}).CanonicalForm")


@pytest.mark.parametrize("source, message", [
    ("game.graph.Color.Purple", "game.graph.Color has no member Purple"),
    ("Graph.Path(-1)", "Graph.Path: the vertex count must be a non-negative integer"),
    ('Graph("--")[7]', "7 is not a vertex of this graph"),
    ('Graph("--")[1][3]', "3 is not an edge index of this vertex"),
    ('Graph("--").DeleteEdge(3)', "DeleteEdge needs an edge of this graph"),
    ("Graph.Path(3).DeleteVertex(4)", "4 is not a vertex of this graph .its vertices are 1..3."),
    ("Graph.Path(3).RetainVertices(2)", "a list of vertices is needed"),
    ("Graph.FromAdjacencyList([[3],[1]])", "vertex 1 lists 3, not a vertex in 1..2"),
    ("Graph.FromAdjacencyList(3)", "needs a list of neighbour lists"),
    ("Graph.Clique(5000)", "Graph.Clique: 5000 vertices is more than the 1000 the shell builds"),
    ("Graph.Path(20000)", "Graph.Path: 20000 vertices is more than the 10000"),
    ('Graph.Parse("x")', "'x' at index 0"),
    ('Graph("--", edgeLabels => 3)', "edgeLabels must be a Map"),
    ('Graph("x-", vertexLabels => s -> error("bad"))', "'x' at index 0 is not a vertex label"),
    ('Graph.Parse("--", colours => 3)', "Graph.Parse has no parameter colours"),
    ("game.graph.Hackenbush(Graph.Path(3))", "edge 1-2 .* has label None"),
    ('game.graph.GenHackenbush(childishEdges => ["Purple"])', "'Purple' is not a colour"),
    ("Strip([1,2,300])", "cell 3 is 300, not an integer 0..255"),
    ("Strip(3)", "Strip needs a list of cell values"),
    ('Strip.Parse("tx", ".tf")', "'x' at position 2"),
    ("Strip([1,2,3]).Updated(7, 1)", "cell 7 is outside this strip of 3 cells"),
    ('Strip([1,2])["a"]', "a strip index must be an integer"),
    ("Strip([1]).ToString(5)", "ToString needs a char map string"),
    ("3.ToString(1)", "ToString takes 0 arguments, got 1"),
])
def test_bad_graphs_name_the_problem(source, message):
    with pytest.raises(ShellError, match=message) as info:
        run(source)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("source, expected", [
    # §2.5: a directed graph's edge is '>' (to the next vertex) or '<' (from it), after its label if it has
    # one; each direction counts separately; written back depth-first from vertex 1 along the edges leaving
    # each vertex, every edge as '>', a vertex met twice named :A at each occurrence
    ('DirectedGraph(">>")', 'DirectedGraph(">>")'),
    ('DirectedGraph.Parse(">>") == DirectedGraph.DirectedPath(3)', "true"),
    ('DirectedGraph("<")', 'DirectedGraph(":A;>:A")'),
    ('DirectedGraph("<").Edges', "[Edge(Nothing, 2, 1)]"),
    ('DirectedGraph("><").AdjacencyList', "[[2],[],[2]]"),
    ('[DirectedGraph("><")[2], DirectedGraph("><")[3]]', "[Vertex(Nothing, []),Vertex(Nothing, [2])]"),
    ('DirectedGraph("><")[2].EdgeCount', "0"),
    ('DirectedGraph("><").IsConnected', "true"),                 # connectivity ignores direction
    ('DirectedGraph(">;>").ConnectedComponents', "[[1,2],[3,4]]"),
    ('DirectedGraph(":A>:A").IsSimple', "false"),
    ('DirectedGraph("(>;<)").IsSimple', "true"),                 # 1 > 2 and 3 > 1: no two edges alike
    ('DirectedGraph(">:A;<:A").IsSimple', "true"),               # 1 > 2 and 2 > 1: one each way
    ('DirectedGraph(":A>:B>:A").IsSimple', "true"),
    ('DirectedGraph("(>:A;>:A)").IsSimple', "false"),            # two edges 1 > 2
    ('DirectedGraph.DirectedPath(4)', 'DirectedGraph(">>>")'),
    ('DirectedGraph.DirectedPath(4).EdgeCount', "3"),
    ('DirectedGraph.FromAdjacencyList([[2,3],[],[1]]).Edges',
     "[Edge(Nothing, 1, 2),Edge(Nothing, 1, 3),Edge(Nothing, 3, 1)]"),
    ('DirectedGraph.FromAdjacencyList([[2],[1]]).EdgeCount', "2"),     # Graph's reads [[2],[1]] as one edge
    ('Graph.FromAdjacencyList([[2],[1]]).EdgeCount', "1"),
    ('DirectedGraph.Singleton()', 'DirectedGraph(".")'),
    ('DirectedGraph.Empty.IsEmpty', "true"),
    ('DirectedGraph(">").Class', "⟪cgsuite.util.DirectedGraph⟫"),
    ('DirectedGraph(">") == Graph("-")', "false"),
    # labelled edges: the label, then the direction
    ('DirectedGraph.Parse("l>r<", edgeLabels => {"l" => Color.Blue, "r" => Color.Red}).Edges',
     "[Edge(Blue, 1, 2),Edge(Red, 3, 2)]"),
    # §2.5 ToDirectedGraph: an edge each way for every edge, so the counts double
    ('Graph("--").ToDirectedGraph', 'DirectedGraph(":A>:B(>:A;>>:B)")'),
    ('Graph("--").ToDirectedGraph.EdgeCount', "4"),
    ('Graph("--").ToDirectedGraph.AdjacencyList', "[[2],[1,3],[2]]"),
    ('Graph.Cycle(1).ToDirectedGraph.EdgeCount', "1"),
    ('Graph("--").ToDirectedGraph.DeleteVertex(2)', 'DirectedGraph(".;.")'),
])
def test_directed_graphs(source, expected):
    assert run(source) == expected


@pytest.mark.parametrize("source, message", [
    ('DirectedGraph("-")', "an edge of a directed graph is '>' or '<'"),
    ('DirectedGraph.Parse("l", edgeLabels => {"l" => 1})', "must be followed by '>' or '<'"),
    ('DirectedGraph.DirectedPath(-1)', "must be a non-negative integer"),
    ('game.graph.Hackenbush(DirectedGraph(">"))', "an undirected Graph"),
])
def test_directed_graph_errors(source, message):
    with pytest.raises(ShellError) as error:
        run(source)
    assert message in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize("source, expected", [
    # weighted / labelled vertices and edges print with the maps that read them back
    ("Graph.Path(2, 5, 7)", 'Graph("575", vertexLabels => {"5" => 5}, edgeLabels => {"7" => 7})'),
    ("Graph.Path(3, 2)", 'Graph("2-2-2", vertexLabels => {"2" => 2})'),
    ('Graph.Parse("3-1", vertexLabels => s -> Integer.Parse(s))', 'Graph("3-1", vertexLabels => {"1" => 1, "3" => 3})'),
    ('Graph.Parse("L-R", vertexLabels => {"L" => Left, "R" => Right})',
     'Graph("{Left}-{Right}", vertexLabels => {"Left" => Left, "Right" => Right})'),
    ('Graph.Path(2, Nothing, "-")', 'Graph("{#1}", edgeLabels => {"#1" => "-"})'),       # "-" is not a token
    ('Graph.Path(2, Nothing, 1/2)', 'Graph("{1/2}", edgeLabels => {"1/2" => 1/2})'),
    ('Graph.Path(2, 1/2 + *)', 'Graph("{1/2*}-{1/2*}", vertexLabels => {"1/2*" => 1/2 + *})'),
    # a graph whose numbering the depth-first text would change prints every vertex and edge in order
    ("Graph.FromAdjacencyList([[3],[3],[1,2]])", 'Graph(":A;:B;:C;:A-:C;:B-:C")'),
    ('DirectedGraph.Parse("l>", edgeLabels => {"l" => 1}).ToDirectedGraph', 'DirectedGraph("1>", edgeLabels => {"1" => 1})'),
])
def test_labelled_graphs_print_as_input(source, expected):
    assert run(source) == expected


GRAPH_VALUES = [
    "Graph.Path(2, 5, 7)", 'Graph.Parse("3-1", vertexLabels => s -> Integer.Parse(s))',
    'Graph.Parse("lrl", edgeLabels => {"l" => Color.Blue, "r" => Color.Red})', "Graph.Star(5, Left, *)",
    "Graph.FromAdjacencyList([[3],[3],[1,2]], 2, Color.Green)", 'Graph.Path(3, Nothing, "-")',
    'Graph.Path(2, "x", "x")', "Graph.Cycle(3).DeleteEdgeByIndex(2, 1)", 'DirectedGraph("<<>")',
    'DirectedGraph.FromAdjacencyList([[3,1],[],[2,1]], 1/2, "a b")', 'Graph("--(-;--)").ToDirectedGraph',
    'Graph.Path(2, 1, "1")', "Graph.Path(3).UpdatedVertexLabels({2 => ^})", "Graph.Path(2, [1, 2], {1 => 2})",
    "Graph.Path(2, 2 + *, omega)",
]


@pytest.mark.parametrize("source", GRAPH_VALUES)
def test_printed_graphs_read_back_equal(source):
    session = Session()
    value = session.evaluate(source)[0]
    printed = session.run(source)
    again = session.evaluate(printed)[0]
    assert again == value and type(again) is type(value)
    assert session.run(printed) == printed


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_random_graphs_read_back_equal(data):
    directed = data.draw(st.booleans())
    n = data.draw(st.integers(0, 6))
    labels = st.sampled_from([None, None, 3, "x", "-", Color.Blue, cgt.star, cgt.Player.Left, [1, 2], "3"])
    vertex_labels = data.draw(st.lists(labels, min_size=n, max_size=n))
    edges = data.draw(st.lists(st.tuples(st.integers(1, n), st.integers(1, n), labels), max_size=8)) if n else []
    graph = (DirectedGraph if directed else Graph)(vertex_labels, edges)
    session = Session()
    again = session.evaluate(format_value(graph))[0]
    assert again == graph and type(again) is type(graph)


def test_long_and_deeply_branched_graphs_print_and_read_back():
    """A path of 5000 edges is read without deep recursion; a comb (a path of 3000 vertices, each with a leaf)
    nests its branches 3000 deep in the depth-first text, so it prints in the flat form, which reads back."""
    session = Session()
    text = 'Graph("' + "-" * 5000 + '")'
    assert session.run(text) == text
    assert session.run(text + ".EdgeCount") == "5000"
    n = 3000
    comb = Graph([None] * (2 * n), [(i, i + 1) for i in range(1, n)] + [(i, n + i) for i in range(1, n + 1)])
    printed = format_value(comb)
    assert printed.startswith('Graph(":A;:B;')
    assert session.evaluate(printed)[0] == comb
