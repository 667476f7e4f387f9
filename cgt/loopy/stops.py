"""Stops of stoppers: the pseudonumber at which alternating play comes to rest.

A *pseudonumber* is ``on``, ``off``, a number ``x``, ``x over`` (= ``x + over``) or ``x under``; they are
totally ordered, ``off < x under < x < x over < y under < on`` for numbers ``x < y``.  CGSuite's
``LeftStop``/``RightStop`` of a ``CanonicalStopper`` are pseudonumbers (CGSuite's documentation of
``CanonicalStopper`` and ``Pseudonumber``).

There is no book on loopy stops on this machine; the definition is Siegel's (*Combinatorial Game
Theory*, ch. VI, "stops" of stoppers) as recalled, the loopy form of the short-game recursion:

* ``L(G) = R(G) = G`` when ``G`` (in simplest form) is a pseudonumber;
* otherwise ``L(G) = max R(G^L)`` and ``R(G) = min L(G^R)``.

The recursion follows *alternating* play, and a stopper has no infinite alternating play from any of
its positions, so it is well founded even though the graph has cycles.  (A position whose mover has no
option is never reached by it: in simplest form such a position is ``off`` or a number, or
``on`` or a number, respectively -- checked, the internal error below would say otherwise.)  Simplest
forms are unique, so a pseudonumber position is recognised by its shape: a short number, ``{pass |}``,
``{| pass}``, ``{x | pass}`` or ``{pass | x}``.

*Strong* stops (CGSuite's ``StrongStop``) drop the ``over``/``under`` part: ``x over`` and ``x under``
become ``x``.  Dropping it is monotone, so it commutes with the max and min of the recursion.

Pseudonumbers are handled here as triples ``(kind, number, tilt)``: ``kind`` -1/0/1 for off/a
number/on, ``tilt`` -1/0/1 for under/plain/over; tuple order is the pseudonumber order.

>>> from cgt.loopy.graph import Graph
>>> stops(Graph.build([[1], []], [[0], []]))        # over = {0 | pass} is a pseudonumber
((0, Fraction(0, 1), 1), (0, Fraction(0, 1), 1))
>>> stops(Graph.build([[0], [2], []], [[1], [2], []]))   # upon = {pass | *}: both stops 0
((0, Fraction(0, 1), 0), (0, Fraction(0, 1), 0))
"""

from __future__ import annotations

from fractions import Fraction

from cgt.errors import NotApplicableError
from cgt.runtime.interrupt import check_interrupt
from cgt.loopy.graph import Graph, short_values

__all__ = ["stops", "pseudonumber_of", "strong", "ON", "OFF"]

ON = (1, Fraction(0), 0)
OFF = (-1, Fraction(0), 0)


def strong(p: tuple) -> tuple:
    """The pseudonumber without its ``over``/``under`` part (``on``/``off`` stay)."""
    return (p[0], p[1], 0)


def pseudonumber_of(g: Graph, i: int, short: dict) -> tuple | None:
    """The pseudonumber node ``i`` of a simplest-form graph is, or None (``short``: :func:`short_values`)."""
    if i in short:
        value = short[i]
        return (0, Fraction(value.number), 0) if value.is_number else None
    left, right = g.left[i], g.right[i]
    if left == (i,) and not right:
        return ON
    if right == (i,) and not left:
        return OFF
    for mine, other, tilt in ((left, right, 1), (right, left, -1)):
        # {x | pass} = x over, {pass | x} = x under
        if other == (i,) and len(mine) == 1 and mine[0] in short and short[mine[0]].is_number:
            return (0, Fraction(short[mine[0]].number), tilt)
    return None


def stops(g: Graph) -> tuple[tuple, tuple]:
    """``(left stop, right stop)`` of the root of a simplest-form stopper graph, as triples.

    Iterative (an explicit stack over the states ``(node, player to move)``); raises NotApplicableError
    if the graph is not a stopper.
    """
    if not g.is_stopper():
        raise NotApplicableError("stops: the game is not a stopper")
    short = short_values(g)
    memo: dict = {}          # (node, left_to_move) -> pseudonumber
    open_states: set = set()  # states on the current path (a repeat would be an infinite alternating play)
    steps = 0
    for root_state in ((g.root, True), (g.root, False)):
        stack = [root_state]
        while stack:
            state = stack[-1]
            if state in memo:
                stack.pop()
                continue
            steps += 1
            if steps % 4096 == 0:
                check_interrupt()
            i, left_moves = state
            p = pseudonumber_of(g, i, short)
            if p is not None:
                memo[state] = p
                stack.pop()
                continue
            options = g.left[i] if left_moves else g.right[i]
            if not options:
                side = "Left" if left_moves else "Right"
                raise NotApplicableError(f"stops: a position of the stopper has no {side} option but is not "
                                         f"a pseudonumber (the graph is not in simplest form)")
            if state not in open_states:
                open_states.add(state)
                for j in options:
                    child = (j, not left_moves)
                    if child in open_states:
                        raise NotApplicableError("stops: alternating play does not end (not a stopper)")
                    if child not in memo:
                        stack.append(child)
                continue
            values = [memo[(j, not left_moves)] for j in options]
            memo[state] = max(values) if left_moves else min(values)
            open_states.discard(state)
            stack.pop()
    return memo[(g.root, True)], memo[(g.root, False)]
