"""Bottom-up (post-order) evaluation over a game graph without Python recursion.

Values in combinatorial game theory are defined by structural recursion on options: a Grundy value is
the mex of the options' values, a canonical form is built from the options' canonical forms, a
thermograph from the options' thermographs.  Games can be born on day 2000 (``up_nth(2000)``, long Tiny
chains) and heap games run to heap sizes in the hundreds of thousands, so every such search in
:mod:`cgt` walks the graph with the one explicit stack of :func:`postorder` instead of recursing.

* :func:`postorder` -- the generic search: memoised, iterative, and detecting a position met again on
  the current search path (a loopy game);
* :func:`bottom_up` -- the form used by the hot-game and infinitesimal modules (:mod:`cgt.thermo.temperature`,
  :mod:`cgt.thermo.cooling`, :mod:`cgt.short.infinitesimal`, :mod:`cgt.short.products`), whose ``compute(node)`` reads
  the children's values from the memo table itself.

>>> from cgt import up, star
>>> memo = {}
>>> bottom_up(up, lambda g: g.left_options + g.right_options,
...           lambda g: 1 + sum(memo[o] for o in g.left_options + g.right_options), memo)
5
>>> memo[star], memo[up]
(3, 5)
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable, Sequence, TypeVar

from cgt.errors import NotShortGameError
from cgt.runtime.caches import BoundedCache

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def _loopy(pos) -> None:
    """The default ``on_cycle``: the search met ``pos`` again on its own path."""
    raise NotShortGameError(
        f"position {pos!r} is met again on the search stack: the game is loopy (not short)")


def postorder(
    root: K,
    expand: Callable[[K], tuple[Any, Sequence[K]]],
    combine: Callable[[Any, list], V],
    memo: dict,
    on_cycle: Callable[[K], Any] = _loopy,
) -> V:
    """The value of ``root``, each position evaluated after all of its children, with memo table ``memo``.

    ``expand(pos)`` returns a pair ``(how, children)``: the positions whose values ``pos`` depends on (a
    list or tuple; any other iterable is copied into a list) and a note ``how`` handed back, unchanged, to
    ``combine(how, values)``, which computes the value of ``pos`` from ``values``, the children's values
    in the order of ``children``.  (The note lets ``expand`` say *how* to combine, e.g. "XOR the
    components" versus "mex of the options", or where Left's options end, without expanding twice.)
    ``expand`` is called once per position not already in ``memo`` and every new value is stored in
    ``memo``, so a dict shared between calls shares the work.

    A child that is still being evaluated -- it is on the current search path, so the graph has a cycle
    through it -- is passed to ``on_cycle``, which must raise; the default raises
    :class:`~cgt.errors.NotShortGameError`.

    It relies on the graph below ``root`` being finite and acyclic (a short game), so that a depth-first
    post-order reaches every position after its children; the stack replaces recursion, so depth is not
    limited by Python's recursion limit.

    >>> fib_expand = lambda n: (None, (n - 1, n - 2))       # "how" unused; 0 and 1 are in the memo
    >>> postorder(90, fib_expand, lambda how, vs: vs[0] + vs[1], {0: 0, 1: 1})
    2880067194370816120
    >>> subtract_12 = lambda n: (None, [n - k for k in (1, 2) if k <= n])
    >>> mex = lambda vs: min(set(range(len(vs) + 1)) - set(vs))
    >>> [postorder(n, subtract_12, lambda how, vs: mex(vs), {}) for n in range(7)]   # n mod 3
    [0, 1, 2, 0, 1, 2, 0]
    >>> postorder(0, lambda n: (None, [1 - n]), lambda how, vs: 0, {})
    Traceback (most recent call last):
    ...
    cgt.errors.NotShortGameError: position 0 is met again on the search stack: the game is loopy (not short)
    """
    if root in memo:
        return memo[root]
    if isinstance(memo, BoundedCache):
        memo.pin()          # what the walk stores, it reads back: nothing leaves the cache until it ends
        try:
            return _postorder(root, expand, combine, memo, on_cycle)
        finally:
            memo.unpin()
    return _postorder(root, expand, combine, memo, on_cycle)


def _postorder(root, expand, combine, memo: dict, on_cycle) -> Any:
    on_path: set = set()      # positions expanded but not yet evaluated: exactly the current search path
    # A frame is [pos, how, children]; children is None until pos is expanded.  A position may be pushed
    # more than once (two parents); the later frames find it in the memo and are dropped.
    stack: list = [[root, None, None]]
    while stack:
        frame = stack[-1]
        pos = frame[0]
        children = frame[2]
        if children is None:
            if pos in memo:
                stack.pop()
                continue
            how, children = expand(pos)
            if not isinstance(children, (list, tuple)):
                children = list(children)
            frame[1] = how
            frame[2] = children
            on_path.add(pos)
            for child in children:
                if child not in memo:
                    if child in on_path:
                        on_cycle(child)
                        raise NotShortGameError(f"position {child!r} is met again on the search stack")
                    stack.append([child, None, None])
            continue
        # Every child is evaluated now: they were pushed above this frame and popped before it.
        memo[pos] = combine(frame[1], [memo[c] for c in children])
        on_path.discard(pos)
        stack.pop()
    return memo[root]


def bottom_up(
    root: K,
    children: Callable[[K], Iterable[K]],
    compute: Callable[[K], V],
    memo: dict,
) -> V:
    """Evaluate ``compute`` at ``root`` after every descendant, storing results in ``memo``.

    ``children(node)`` lists the nodes ``compute(node)`` will read from ``memo``;
    ``compute`` is called exactly once per node not already in ``memo``.  The
    walk is the iterative post-order of :func:`postorder`, so its depth is not
    limited by Python's recursion limit.

    >>> memo = {0: 0, 1: 1}
    >>> bottom_up(30, lambda n: (n - 1, n - 2) if n > 1 else (),
    ...           lambda n: memo[n - 1] + memo[n - 2], memo)
    832040
    """
    # The note handed from expand to combine is the node itself; compute reads the memo, not ``values``.
    return postorder(root, lambda node: (node, children(node)), lambda node, values: compute(node), memo)
