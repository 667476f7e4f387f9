"""Laws of loopy values as Hypothesis properties (Siegel, *Combinatorial Game Theory*, ch. VI)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.loopy import LoopyGame, loopy_game
from cgt.loopy.graph import Graph, sum_graph
from cgt.loopy.sides import side
from cgt.loopy.simplify import simplest
from cgt.loopy.survival import stopper_ge, survives
from cgt.testing import games


@st.composite
def graphs(draw, max_nodes=5):
    n = draw(st.integers(1, max_nodes))
    node = st.integers(0, n - 1)
    left = [draw(st.lists(node, max_size=3, unique=True)) for _ in range(n)]
    right = [draw(st.lists(node, max_size=3, unique=True)) for _ in range(n)]
    return Graph.build(left, right, 0)


@st.composite
def stoppers(draw, max_nodes=4):
    g = draw(graphs(max_nodes))
    left, right = list(g.left), list(g.right)
    # cut Left moves of positions on infinite alternating plays until none is left
    while not Graph(tuple(left), tuple(right), 0).is_stopper():
        for k in Graph(tuple(left), tuple(right), 0).alternating_cycle_nodes():
            left[k] = ()
    return Graph(tuple(left), tuple(right), 0)


def value(graph):
    return LoopyGame.from_graph(graph.left, graph.right, start=graph.root)


def loopy_values():
    return graphs().map(value)


@given(games(), games())
def test_short_games_agree(g, h):
    a, b = LoopyGame.from_game(g), LoopyGame.from_game(h)
    assert str(a) == str(g) and a == g and a.to_game() == g
    assert (a + b) == g + h and str(a - b) == str(g - h)
    assert (a <= b) == (g <= h) and (a >= b) == (g >= h)
    assert a + (-a) == 0


@given(stoppers())
def test_simplest_form_is_idempotent_and_keeps_the_value(g):
    s = simplest(g)
    again = simplest(s)
    assert (again.left, again.right) == (s.left, s.right)
    assert stopper_ge(g, s) and stopper_ge(s, g)


@given(stoppers(), stoppers())
def test_equal_stoppers_have_the_same_simplest_form(g, h):
    same_value = stopper_ge(g, h) and stopper_ge(h, g)
    a, b = simplest(g), simplest(h)
    assert same_value == ((a.left, a.right) == (b.left, b.right))


@given(stoppers(), stoppers(), stoppers())
def test_order_on_stoppers_is_a_partial_order(g, h, k):
    a, b, c = value(g), value(h), value(k)
    assert a <= a
    if a <= b and b <= a:
        assert a == b
    if a <= b and b <= c:
        assert a <= c


@given(stoppers())
def test_g_minus_g_contains_zero(g):
    # G - G = d & -d with d = G Upsum -G >= 0 (Siegel ch. VI: the degree of loopiness)
    a = value(g)
    d = a - a
    assert d.onside >= 0 and d.offside <= 0
    assert d.onside == a.degree and d.offside == -a.degree
    if g.is_acyclic():
        assert d == 0


@settings(max_examples=40)
@given(graphs(), st.lists(stoppers(3), min_size=1, max_size=4))
def test_sides_keep_every_outcome(g, others):
    # the onside is the stopper that behaves like G when Left wins infinite play, in every sum (also when
    # it stays a cyclic graph: its onside is the onside)
    for onside in (True, False):
        s = side(g, onside)
        for x in others:
            a, b = sum_graph(g, x), sum_graph(s, x)
            for left_first in (True, False):
                assert survives(a, a.root, left_first, onside) == survives(b, b.root, left_first, onside)


@given(loopy_values())
def test_print_then_parse(v):
    assert loopy_game(str(v)) == v


@given(loopy_values(), loopy_values())
def test_sum_commutes_and_negation(v, w):
    total = v + w
    assert total == w + v
    assert -(-v) == v
    assert (-total) == (-v) + (-w)


@settings(max_examples=40)
@given(st.one_of(graphs(6), stoppers(6)))
def test_values_of_all_nodes_at_once_agree_with_one_at_a_time(g):
    # LoopyGame.from_graph_nodes shares one reduction between the nodes of a graph (the ruleset engine
    # values whole layers this way); node by node, from_graph simplifies each on its own.  Sides in simplest
    # form are unique, so they print alike; a side that stays cyclic need not.
    nodes = list(range(g.size))
    together = LoopyGame.from_graph_nodes(g.left, g.right, nodes)
    for i, v in zip(nodes, together):
        alone = LoopyGame.from_graph(g.left, g.right, start=i)
        assert v == alone
        if all(s.is_stopper() for s in v.sides() + alone.sides()):
            assert str(v) == str(alone)
