"""Bottom-up evaluation over a game tree without Python recursion.

The hot-game and infinitesimal modules (:mod:`cgt.temperature`,
:mod:`cgt.cooling`, :mod:`cgt.infinitesimal`, :mod:`cgt.products`) define
values by structural recursion on options.  Games can be born on day 2000
(``up_nth(2000)``, long Tiny chains), so they walk the tree with an explicit
stack instead: every node is computed after all of its children, each node
once, and results go into the caller's memo table.

>>> from cgt import up, star
>>> memo = {}
>>> bottom_up(up, lambda g: g.left_options + g.right_options,
...           lambda g: 1 + sum(memo[o] for o in g.left_options + g.right_options), memo)
5
>>> memo[star], memo[up]
(3, 5)
"""

from __future__ import annotations

from typing import Callable, Hashable, Iterable, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def bottom_up(
    root: K,
    children: Callable[[K], Iterable[K]],
    compute: Callable[[K], V],
    memo: dict,
) -> V:
    """Evaluate ``compute`` at ``root`` after every descendant, storing results in ``memo``.

    ``children(node)`` lists the nodes ``compute(node)`` will read from ``memo``;
    ``compute`` is called exactly once per node not already in ``memo``.  The
    walk is an iterative post-order, so its depth is not limited by Python's
    recursion limit.

    >>> memo = {0: 0, 1: 1}
    >>> bottom_up(30, lambda n: (n - 1, n - 2) if n > 1 else (),
    ...           lambda n: memo[n - 1] + memo[n - 2], memo)
    832040
    """
    if root in memo:
        return memo[root]
    stack: list = [(root, False)]
    while stack:
        node, expanded = stack.pop()
        if node in memo:
            continue
        if expanded:
            memo[node] = compute(node)
            continue
        stack.append((node, True))
        for child in children(node):
            if child not in memo:
                stack.append((child, False))
    return memo[root]
