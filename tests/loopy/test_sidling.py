"""A graph whose onside Conway's sidling approaches only in the limit, and the finite simplification that
reaches it (found by random search).

Sidling (Conway, *On Numbers and Games*, ch. 16; Berlekamp, Conway and Guy, *Winning Ways*, ch. 11) starts
at ``on`` and decreases at every round, but the root runs through ``*, v*, v[2]*, -1*, -1v*, -1v[2]*, ...``,
one new term per round, towards the loopy ``-1v[on]*``.  The finite simplification of cgt.loopy.sides
(Siegel, "Coping with cycles", *Games of No Chance 3*, MSRI Publ. 56, 2009; *Combinatorial Game Theory*,
ch. VI) bypasses Left's options at node 1 -- reversible through node 3, which cannot reach node 1 -- and
lands on ``-1v[on]*`` at once.
"""

import pytest

from cgt.errors import NotApplicableError
from cgt.loopy import LoopyGame, loopy_game
from cgt.loopy.graph import Graph, sum_graph
from cgt.loopy.printing import format_stopper
from cgt.loopy.sides import side
from cgt.loopy.survival import side_le, stopper_ge, survives
from tests.loopy.sidling import MAX_SIDLING_ROUNDS, _looping, _one_step, _prune, sidle_side

LEFT = [[3], [2, 0], [1, 3, 2], []]
RIGHT = [[0, 3], [], [3, 0, 2], [1, 0, 2]]


def graph():
    return Graph.build(LEFT, RIGHT, 0)


def test_sidling_does_not_settle():
    with pytest.raises(NotApplicableError, match=f"onside: sidling did not settle within {MAX_SIDLING_ROUNDS} "
                                                 "rounds"):
        sidle_side(graph(), True)
    # the offside is found: Right, winning infinite play, just passes at node 0
    assert format_stopper(sidle_side(graph(), False)) == "off"


def approximations(rounds):
    """The sidling approximations of the root, round by round."""
    g = _prune(graph(), True).restricted()
    looping = _looping(g)
    slot = {p: k for k, p in enumerate(looping)}
    current = [Graph(((0,),), ((),), 0)] * len(looping)
    out = []
    for _ in range(rounds):
        current = [_one_step(g, p, slot, current) for p in looping]
        out.append(current[slot[g.root]])
    return out


def test_the_approximations_decrease_towards_a_loopy_limit():
    roots = approximations(9)
    assert [format_stopper(a) for a in roots] == [
        "on", "*", "v*", "v[2]*", "-1*", "-1v*", "-1v[2]*", "-1v[3]*", "-1v[4]*"]
    for a, b in zip(roots, roots[1:]):
        assert stopper_ge(a, b)
    for a, b in zip(roots[1:], roots[2:]):
        assert not stopper_ge(b, a)           # strictly: the iteration never settles
    limit = loopy_game("-1v[on]*").sides()[0]
    assert all(stopper_ge(a, limit) and not stopper_ge(limit, a) for a in roots)


def test_the_finite_simplification_reaches_the_limit():
    onside = side(graph(), True)
    limit = loopy_game("-1v[on]*").sides()[0]
    assert format_stopper(onside) == "-1v[on]*" and (onside.left, onside.right) == (limit.left, limit.right)
    # both comparisons of sides (the onside of the graph against a stopper is the stopper's onside)
    assert side_le(graph(), onside, "on") and side_le(onside, graph(), "on")
    value = LoopyGame.from_graph(LEFT, RIGHT)
    assert str(value) == "-1v[on]* & off" and value.onside == loopy_game("-1v[on]*")


def test_the_limit_behaves_like_the_onside():
    # against these stoppers X, Left survives G + X (infinite play hers) exactly when she survives
    # -1v[on]* + X, whoever starts: the onside keeps every outcome with Left winning infinite play
    limit = side(graph(), True)
    for text in ("0", "1", "-1", "*", "1*", "over", "under", "on", "off", "^[on]", "1v[on]", "1^[on]*", "{1|0}",
                 "1over", "1under", "1^<on>", "1v<on>*", "1v", "{1*|0}"):
        x = loopy_game(text).sides()[0]
        a, b = sum_graph(graph(), x), sum_graph(limit, x)
        for left_first in (True, False):
            assert survives(a, a.root, left_first, True) == survives(b, b.root, left_first, True), text
