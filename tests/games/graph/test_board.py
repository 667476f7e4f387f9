"""Graph (games/graph/board.py): CGSuite's graph string syntax (CGSUITE.md §2.5), writing back, members, canonical labelling.

The expected strings below follow from the syntax and writing rules of CGSUITE.md §2.5 (depth-first from
vertex 1 along each vertex's edges in stored order, ``:A`` names for vertices met twice, ``(;)`` for
several continuations); the properties check that every written string parses back to an isomorphic
graph with the same string, and that the canonical labelling is invariant under renumbering.
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.errors import InvalidPositionError
from cgt.games.graph.board import Graph

HACK = {"l": "Blue", "r": "Red", "e": "Green"}
COL = {"": None, "L": "Left", "R": "Right"}

# (text, vertex count, edge count, sorted adjacency lists)
PARSE_ROWS = [
    ("---", 4, 3, [[2], [1, 3], [2, 4], [3]]),                       # §2.5: path on 4 vertices
    ("--(-;--;---)", 9, 8, None),                                    # §2.5: trunk with 3 branches
    (":A----:A", 4, 4, [[2, 4], [1, 3], [2, 4], [1, 3]]),            # §2.5: 4-cycle
    (":A-:A", 1, 1, [[1]]),                                          # §2.5: a loop
    (".", 1, 0, [[]]),
    ("", 0, 0, []),
    (".;.", 2, 0, [[], []]),
    ("-;-", 4, 2, [[2], [1], [4], [3]]),
    ("(-;-;-)", 4, 3, [[2, 3, 4], [1], [1], [1]]),                   # a star: branches straight from vertex 1
    (":A-:B;:A-:B", 2, 2, [[2, 2], [1, 1]]),                         # names join components: parallel edges
    ("- - -", 4, 3, None),                                           # spaces are ignored
    ("-:{long}-:{long}", 2, 2, [[2], [1, 2]]),                      # {long} names; the second edge a loop
]


@pytest.mark.parametrize("text, n, m, adjacency", PARSE_ROWS, ids=[t or "empty" for t, *_ in PARSE_ROWS])
def test_parse(text, n, m, adjacency):
    g = Graph.parse(text)
    assert (g.vertex_count, g.edge_count) == (n, m)
    if adjacency is not None:
        assert g.adjacency_list == adjacency
    assert Graph.parse(str(g)) == g                   # parsed graphs are numbered in writing order


# (text, label maps, written form)
WRITE_ROWS = [
    ("---", {}, "---"),
    ("--(-;--;---)", {}, "--(-;--;---)"),
    (":A----:A", {}, ":A----:A"),
    (":A-:A", {}, ":A-:A"),
    (".", {}, "."),
    ("-;.;--", {}, "-;.;--"),
    ("- - -", {}, "---"),
    ("lrl", {"edge_labels": HACK}, "lrl"),
    ("eee(e;ee)", {"edge_labels": HACK}, "eee(e;ee)"),                 # §1.4 examples
    ("ee:Aeeee:A", {"edge_labels": HACK}, "ee:Aeeee:A"),
    (":Geeee:G", {"edge_labels": HACK}, ":Aeeee:A"),                    # names are renamed A, B, ...
    ("L-R---L", {"vertex_labels": COL}, "L-R---L"),                     # §1.4 example
    (".-L", {"vertex_labels": COL}, "-L"),                              # '.' is only written when needed
    ("L", {"vertex_labels": COL}, "L"),
    (":A-:B-:A", {}, ":A--:A"),                                         # two parallel edges: B is met once
]


@pytest.mark.parametrize("text, maps, written", WRITE_ROWS, ids=[r[0] for r in WRITE_ROWS])
def test_write(text, maps, written):
    g = Graph.parse(text, maps.get("vertex_labels"), maps.get("edge_labels"))
    assert g.to_string(maps.get("vertex_labels"), maps.get("edge_labels")) == written
    again = Graph.parse(written, maps.get("vertex_labels"), maps.get("edge_labels"))
    assert again == g


def test_labels_without_a_map_are_written_as_text():
    g = Graph.parse("lrl", edge_labels=HACK)
    assert g.edges == [(1, 2, "Blue"), (2, 3, "Red"), (3, 4, "Blue")]
    assert str(g) == "{Blue}{Red}{Blue}"
    weights = Graph.parse("1-{12}-3", vertex_labels=lambda s: int(s))
    assert weights.vertex_labels == (1, 12, 3) and str(weights) == "1-{12}-3"


def test_vertex_label_that_is_also_an_edge_label_gets_a_dot():
    both = {"": None, "x": "X"}
    g = Graph(("X", None, None), [(2, 3, "X")])            # vertex 1 labelled X alone; 2 -x- 3
    text = g.to_string(both, both)
    assert text == "x;.x"
    assert Graph.parse(text, both, both) == g


def test_many_names():
    g = Graph.clique(9)
    text = str(g)
    assert ":{v26}" not in text and Graph.parse(text).canonical() == g.canonical()
    big = Graph.cycle(1)
    for _ in range(29):                                    # 30 vertices each with a loop: 30 names
        big = Graph(big.vertex_labels + (None,), big.edges + [(big.vertex_count + 1,) * 2])
    assert ":{v29}" in str(big) and Graph.parse(str(big)) == big


# -- constructors and members --------------------------------------------------------------------------------

def test_constructors():
    assert str(Graph.path(4)) == "---" and Graph.path(1) == Graph.singleton() and str(Graph.singleton()) == "."
    assert str(Graph.cycle(4)) == ":A----:A" and Graph.cycle(1).edges == [(1, 1, None)]
    assert Graph.cycle(2).edge_count == 2 and not Graph.cycle(2).is_simple
    assert Graph.clique(5).edge_count == 10 and Graph.clique(5).is_simple
    assert Graph.star(5).adjacency_list[0] == [2, 3, 4, 5] and str(Graph.star(5)) == "(-;-;-;-)"
    assert Graph.empty().is_empty and str(Graph.empty()) == ""
    assert Graph.from_adjacency_list([[2], [1, 3], [2]]) == Graph.path(3)
    assert Graph.from_adjacency_list([[2, 2], [1, 1]]).edge_count == 2
    assert Graph.from_adjacency_list([[1]]).edges == [(1, 1, None)]
    assert Graph.path(3, "v", "e").vertex_labels == ("v", "v", "v") and Graph.path(3, "v", "e").edges[0][2] == "e"


def test_members():
    g = Graph.parse("--;-;.")
    assert g.connected_components == [[1, 2, 3], [4, 5], [6]] and not g.is_connected
    assert [str(c) for c in g.decomposition()] == ["--", "-", "."]
    assert g.connected_component(5) == [4, 5]
    assert g.delete_edge(0).edges == [(2, 3, None), (4, 5, None)]
    assert str(g.delete_vertex(2)) == ".;.;-;."
    assert str(g.retain_vertices([3, 2, 1])) == "--"
    labelled = Graph.parse("L-R-.", COL)
    assert [c.to_string(COL) for c in labelled.decomposition("Right")] == ["L", "."]
    assert labelled.updated_vertex_labels({3: "Left"}).vertex_labels == ("Left", "Right", "Left")
    assert hash(Graph.parse("--")) == hash(Graph.path(3)) and pickle.loads(pickle.dumps(g)) == g
    with pytest.raises(IndexError):
        g.delete_edge(3)
    with pytest.raises(InvalidPositionError, match=r"edge \(1, 3\) joins vertices outside 1..2"):
        Graph((None, None), [(1, 3)])


# -- errors: one line naming the offending character and its index ------------------------------------------

ERROR_ROWS = [
    ("--x", None, None, r"'x' at index 2 is not a vertex label, edge label or one of"),
    ("-(-", None, None, r"expected ';' or '\)' to close the '\(' but found the end \(index 3\)"),
    ("-(-;)", None, None, r"expected an edge at '\)' at index 4"),
    (":-", None, None, r"':' at index 0 must be followed by a vertex name, got '-' at index 1"),
    ("-{ab", None, None, r"'\{' at index 1 is never closed"),
    ("-}", None, None, r"'\}' at index 1 closes nothing"),
    ("--)", None, None, r"'\)' at index 2 is not expected here"),
    ("l-r", None, HACK, r"'-' at index 1: unlabelled edges are not allowed here"),
    ("L:A-R:A", COL, None, r"vertex :A at index 6 has label 'Right' but was 'Left' before"),
    ("lrq", None, HACK, r"'q' at index 2 is not a vertex label"),
]


@pytest.mark.parametrize("text, vmap, emap, message", ERROR_ROWS, ids=[r[0] for r in ERROR_ROWS])
def test_errors(text, vmap, emap, message):
    with pytest.raises(InvalidPositionError, match=message) as info:
        Graph.parse(text, vmap, emap)
    assert "\n" not in str(info.value) and repr(text) in str(info.value)


# -- properties --------------------------------------------------------------------------------------------------

@st.composite
def graphs(draw, max_vertices=7, max_edges=9, labels=(None, "a", "bb"), edge_labels=(None, "x", "yy")):
    n = draw(st.integers(0, max_vertices))
    vlabels = tuple(draw(st.sampled_from(labels)) for _ in range(n))
    if n == 0:
        return Graph()
    m = draw(st.integers(0, max_edges))
    edges = [(draw(st.integers(1, n)), draw(st.integers(1, n)), draw(st.sampled_from(edge_labels)))
             for _ in range(m)]
    return Graph(vlabels, edges)


def _permuted(g: Graph, perm: list[int]) -> Graph:
    """g with old vertex v renamed perm[v - 1]; edges reversed in order (stored order changes too)."""
    labels = [None] * g.vertex_count
    for v, x in enumerate(g.vertex_labels, 1):
        labels[perm[v - 1] - 1] = x
    return Graph(labels, [(perm[a - 1], perm[b - 1], x) for a, b, x in reversed(g.edges)])


@settings(max_examples=100, deadline=None)
@given(graphs())
def test_written_string_reads_back(g):
    vmap, emap = {"": None, "a": "a", "bb": "bb"}, {"": None, "x": "x", "yy": "yy"}
    text = g.to_string(vmap, emap)
    h = Graph.parse(text, vmap, emap)
    assert h.to_string(vmap, emap) == text
    assert (h.vertex_count, h.edge_count) == (g.vertex_count, g.edge_count)
    assert h.canonical() == g.canonical()                    # isomorphic
    assert Graph.parse(h.to_string(vmap, emap), vmap, emap) == h


@settings(max_examples=100, deadline=None)
@given(graphs(), st.randoms(use_true_random=False), st.booleans())
def test_canonical_labelling_is_invariant(g, rnd, rooted):
    perm = list(range(1, g.vertex_count + 1))
    rnd.shuffle(perm)
    h = _permuted(g, perm)
    if rooted and g.vertex_count:
        assert g.canonical(1) == h.canonical(perm[0])
        assert g.canonical(1).vertex_labels[0] == g.vertex_labels[0]
    else:
        assert g.canonical() == h.canonical()
    c = g.canonical()
    assert sorted(map(repr, c.vertex_labels)) == sorted(map(repr, g.vertex_labels))
    assert c.edge_count == g.edge_count


def test_canonical_distinguishes():
    # not isomorphic: a triangle with a pendant edge vs. a 4-cycle; a path rooted at an end vs. the middle
    assert Graph.parse(":A--:A-").canonical() != Graph.cycle(4).canonical()
    assert Graph.path(3).canonical(1) != Graph.path(3).canonical(2)
    assert Graph.path(3).canonical(1) == Graph.path(3).canonical(3)
