"""A graph whose onside Conway's sidling approaches only in the limit (found by random search, the kind of
graph behind the "sides not found" column of docs/performance.md).

The analysis (docs/loopy.md, "When sidling does not settle"): the iteration starts at ``on`` and decreases
at every round -- so the start and the direction are right -- but the root runs through ``*, v*, v[2]*,
-1*, -1v*, -1v[2]*, ...``, one new term per round, towards the loopy ``-1v[on]*``.  Neither pruning nor
deleting Right's moves reaches it (the onside needs Left's moves at node 1 to be bypassed, not Right's
moves deleted).  The library reports the side as not found instead of guessing; these tests pin the
behaviour and the facts of the analysis.
"""

import pytest

from cgt.errors import NotApplicableError
from cgt.loopy import LoopyGame, loopy_game
from cgt.loopy.graph import Graph, sum_graph
from cgt.loopy.printing import format_stopper
from cgt.loopy.sides import MAX_SIDLING_ROUNDS, side
from cgt.loopy.survival import stopper_ge, survives

LEFT = [[3], [2, 0], [1, 3, 2], []]
RIGHT = [[0, 3], [], [3, 0, 2], [1, 0, 2]]


def graph():
    return Graph.build(LEFT, RIGHT, 0)


def test_the_onside_is_reported_as_not_found():
    with pytest.raises(NotApplicableError, match=f"onside: sidling did not settle within {MAX_SIDLING_ROUNDS} "
                                                 "rounds"):
        side(graph(), True)
    with pytest.raises(NotApplicableError, match="onside: sidling did not settle"):
        LoopyGame.from_graph(LEFT, RIGHT).onside
    # the offside is found: Right, winning infinite play, just passes at node 0
    assert format_stopper(side(graph(), False)) == "off"


def approximations(rounds):
    """The sidling approximations of the root, round by round (the library's own iteration)."""
    from cgt.loopy.sides import _looping, _one_step, _prune

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


def test_the_limit_behaves_like_the_onside():
    # G^+ >= -1v[on]* exactly (Left survives G - S, Right first, infinite play hers); the other direction
    # is not decidable with the survival checks here, but against these stoppers X, Left survives G + X
    # (infinite play hers) exactly when she survives -1v[on]* + X, whoever starts
    from cgt.loopy.sides import _at_most, _prune

    limit = loopy_game("-1v[on]*").sides()[0]
    assert _at_most(_prune(graph(), True).restricted(), limit, True)
    for text in ("0", "1", "-1", "*", "1*", "over", "under", "on", "off", "^[on]", "1v[on]", "1^[on]*", "{1|0}",
                 "1over", "1under", "1^<on>", "1v<on>*", "1v", "{1*|0}"):
        x = loopy_game(text).sides()[0]
        a, b = sum_graph(graph(), x), sum_graph(limit, x)
        for left_first in (True, False):
            assert survives(a, a.root, left_first, True) == survives(b, b.root, left_first, True), text
