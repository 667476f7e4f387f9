"""The compiled stopper simplification (``cgt.loopy._stoppers``) against the Python reference.

``simplest_all_components`` solves a stopper graph one strongly connected component at a time, fusing each
new position with the simplest forms found before (by the order relation on the component and what it
reaches, and by structure for the rest); ``simplest_all`` (the reference) computes one order relation over
the whole graph.  Both must give every node the same simplest form (Siegel, *Combinatorial Game Theory*,
ch. VI: the simplest form of a stopper is unique), and both must fuse exactly the equal nodes.  The graphs:
random graphs with passes (those that are stoppers), graphs layered like Fox and Geese (Left moves go to a
lower layer, Right moves anywhere in the layer or below), and such graphs beside a renumbered copy of
themselves, whose equal cycles lie in different components that do not reach each other.  Under
``CGT_PURE=1`` (or without a compiler) the compiled code is absent and these tests skip.
"""

from __future__ import annotations

import random

import pytest

from cgt.errors import NotApplicableError, TooLargeError
from cgt.loopy.graph import Graph
from cgt.loopy.simplify import (canonical_numbering, compiled_stoppers, simplest_all,
                                simplest_all_components)

pytestmark = pytest.mark.skipif(not compiled_stoppers(), reason="the compiled stopper simplification is not active")


def random_graph(rng: random.Random, max_nodes: int) -> Graph:
    """Up to ``max_nodes`` positions, each with up to three Left and three Right options (passes included)."""
    n = rng.randint(1, max_nodes)
    left = [rng.sample(range(n), rng.randint(0, min(3, n))) for _ in range(n)]
    right = [rng.sample(range(n), rng.randint(0, min(3, n))) for _ in range(n)]
    return Graph.build(left, right, 0)


def layered_graph(rng: random.Random, layers: int, width: int) -> Graph:
    """``layers`` layers of up to ``width`` positions: Left moves to lower layers only, Right moves within
    the layer (cycles) or below; a stopper, as every Fox and Geese position is."""
    nodes = []
    for layer in range(layers):
        nodes += [layer] * rng.randint(1, width)
    n = len(nodes)
    left, right = [], []
    for i in range(n):
        below = [j for j in range(n) if nodes[j] < nodes[i]]
        level = [j for j in range(n) if nodes[j] <= nodes[i]]
        left.append(rng.sample(below, rng.randint(0, min(3, len(below)))))
        right.append(rng.sample(level, rng.randint(0, min(3, len(level)))))
    return Graph.build(left, right, n - 1)


def with_copy(rng: random.Random, g: Graph) -> tuple[Graph, list[int]]:
    """``g`` beside a renumbered copy of itself, and where each node of ``g`` went in the copy."""
    n = g.size
    image = list(range(n, 2 * n))
    rng.shuffle(image)
    left, right = [None] * (2 * n), [None] * (2 * n)
    for i in range(n):
        left[i], right[i] = g.left[i], g.right[i]
        left[image[i]] = tuple(image[j] for j in g.left[i])
        right[image[i]] = tuple(image[j] for j in g.right[i])
    return Graph.build(left, right, 0), image


def forms(fused: Graph, index: list[int]) -> list[tuple]:
    return [(f.left, f.right) for f in
            (canonical_numbering(Graph(fused.left, fused.right, u).restricted()) for u in index)]


def check_same(g: Graph) -> bool:
    """Both codes agree on ``g`` (True), or both refuse it as no stopper (False)."""
    try:
        reference = simplest_all(g)
    except NotApplicableError:
        with pytest.raises(NotApplicableError):
            simplest_all_components(g)
        return False
    fused, index = simplest_all_components(g)
    assert forms(fused, index) == forms(*reference)
    # equal nodes are one node, unequal ones are not, and the result is fused
    assert [index[i] == index[j] for i in range(g.size) for j in range(g.size)] == \
        [reference[1][i] == reference[1][j] for i in range(g.size) for j in range(g.size)]
    assert len(set(forms(fused, range(fused.size)))) == fused.size
    return True


@pytest.mark.parametrize("seed", range(4))
def test_random_graphs(seed):
    rng = random.Random(seed)
    stoppers = sum(check_same(random_graph(rng, 10)) for _ in range(150))
    assert stoppers >= 15                      # the sample is not all refused


@pytest.mark.parametrize("seed", range(4))
def test_layered_graphs(seed):
    rng = random.Random(100 + seed)
    for _ in range(40):
        assert check_same(layered_graph(rng, rng.randint(1, 5), 5))


@pytest.mark.parametrize("seed", range(4))
def test_copies_fuse(seed):
    rng = random.Random(200 + seed)
    for _ in range(30):
        g = layered_graph(rng, rng.randint(1, 4), 4)
        doubled, image = with_copy(rng, g)
        assert check_same(doubled)
        _, index = simplest_all_components(doubled)
        assert all(index[i] == index[image[i]] for i in range(g.size))


def test_examples():
    fused, index = simplest_all_components(Graph.build([[0], [], [1], []], [[], [], [2], [3]]))  # on, 0, over, off
    assert len(set(index)) == 4
    # a 2-cycle of Right moves over a Left move to 0 equals {0 | pass} = over, fused with the one beside it
    fused, index = simplest_all_components(Graph.build([[1], [], [1], [1]], [[0], [], [3], [2]]))
    assert index[0] == index[2] == index[3] != index[1]
    assert forms(fused, [index[0]]) == [(((1,), ()), ((0,), ()))]


def test_refusals():
    with pytest.raises(NotApplicableError):
        simplest_all_components(Graph.build([[0]], [[0]]))          # dud: not a stopper
    g = layered_graph(random.Random(7), 3, 6)
    with pytest.raises(TooLargeError):
        simplest_all_components(g, max_pairs=1)
    assert simplest_all_components(g, compiled=False)[0].size == simplest_all(g)[0].size
