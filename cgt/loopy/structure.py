"""Options, followers, predicates and constructions of loopy values (CGSuite's ``CanonicalStopper`` and
``NormalValue`` members that short games also have).

A stopper's options and followers are those of its simplest form, whose positions are themselves in
simplest form (Siegel, *Combinatorial Game Theory*, ch. VI): a short follower comes back as a short
:class:`cgt.Game`, a loopy one as a stopper.  Sided values that are not stoppers have no options (as in
CGSuite, a ``SidedValue`` is no ``Game``); their predicates ask both sides.

>>> from cgt.loopy import on, over, upon, loopy_game
>>> [str(x) for x in on.left_options], [str(x) for x in over.right_options], on.follower_count
(['on'], ['over'], 1)
>>> sorted(str(x) for x in upon.followers())
['*', '0', '^[on]']
>>> over.is_pseudonumber, upon.is_pseudonumber, over.is_numberish, over.is_infinitesimal
(True, False, True, True)
>>> str(ordinal_sum(1, -on)), str(tiny(over)), str(switch(over))
('over', 'Tiny(over)', '+-over')
"""

from __future__ import annotations

from fractions import Fraction

from cgt.errors import InvalidGameError, NotApplicableError
from cgt.loopy.builder import from_options
from cgt.loopy.graph import Graph, short_values
from cgt.loopy.simplify import canonical_numbering

__all__ = ["options", "followers", "ordinal_sum", "subordinate", "tiny", "miny", "switch", "power", "power_to",
           "is_pseudonumber", "is_numberish", "is_number_tiny", "is_infinitesimal", "is_all_small"]


def _value_of(graph: Graph, node: int):
    """Node ``node`` of a simplest-form stopper graph as a value: a short game or a stopper."""
    from cgt.loopy.value import LoopyGame, graph_to_game

    sub = canonical_numbering(Graph(graph.left, graph.right, node).restricted())
    if sub.is_acyclic():
        return graph_to_game(sub)
    return LoopyGame(sub, sub, sub)


def _stopper(value, what: str) -> Graph:
    from cgt.loopy.value import as_loopy

    value = as_loopy(value)
    if not value.is_stopper:
        raise NotApplicableError(f"{what}: {value} is not a stopper (a sided value has no options of its own; take "
                                 f"its Onside or Offside)")
    return value.sides()[0]


def options(value, left: bool) -> list:
    """The Left (``left``) or Right options of a stopper, in simplest form (a pass is the value itself).

    >>> from cgt.loopy import loopy_game
    >>> [str(x) for x in options(loopy_game("{0,pass|*}"), True)]      # = upon: 0 is dominated by the pass
    ['^[on]']
    """
    graph = _stopper(value, "LeftOptions" if left else "RightOptions")
    return [_value_of(graph, j) for j in (graph.left if left else graph.right)[graph.root]]


def followers(value) -> list:
    """Every follower of a stopper (the value itself included), each once.

    >>> from cgt.loopy import loopy_game
    >>> sorted(str(x) for x in followers(loopy_game("{1|over}")))
    ['0', '1', 'over', '{1|over}']
    """
    graph = _stopper(value, "Followers")
    return [_value_of(graph, j) for j in graph.reachable()]


def tiny(g):
    """``Tiny(G) = {0 || 0 | -G}`` (CGSuite's ``G.Tiny``).

    >>> from cgt.loopy import on
    >>> str(tiny(on)), tiny(on) > 0
    ('Tiny(on)', True)
    """
    return from_options([0], [from_options([0], [-_loopy(g)])])


def miny(g):
    """``Miny(G) = {G | 0 || 0}`` (CGSuite's ``G.Miny``).

    >>> from cgt.loopy import on
    >>> str(miny(on)), miny(on) == -tiny(on)
    ('Miny(on)', True)
    """
    return from_options([from_options([_loopy(g)], [0])], [0])


def switch(g):
    """``+-G = {G | -G}``.

    >>> from cgt.loopy import on
    >>> str(switch(on)), str(switch(on).outcome)
    ('+-on', 'N')
    """
    g = _loopy(g)
    return from_options([g], [-g])


def _loopy(g):
    from cgt.loopy.value import as_loopy

    return as_loopy(g)


def ordinal_sum(g, h):
    """``G : H = {G^L, G : H^L | G^R, G : H^R}`` for stoppers (Conway, *On Numbers and Games*, ch. 15, for
    short games; the same rule on the graph of a loopy ``H``, so a pass in ``H`` stays a pass).

    >>> from cgt import star
    >>> from cgt.loopy import on, off
    >>> str(ordinal_sum(1, off)), str(ordinal_sum(0, on)), str(ordinal_sum(star, on))
    ('over', 'on', '^[on]*')
    """
    from cgt.loopy.value import LoopyGame

    base = _stopper(g, "ordinal sum")
    top = _stopper(h, "ordinal sum")
    left = [tuple(o) for o in base.left]
    right = [tuple(o) for o in base.right]
    offset = len(left)
    for v in range(top.size):
        left.append(tuple(base.left[base.root]) + tuple(offset + w for w in top.left[v]))
        right.append(tuple(base.right[base.root]) + tuple(offset + w for w in top.right[v]))
    return LoopyGame.from_graph(left, right, start=offset + top.root)


def subordinate(value, base):
    """CGSuite's ``Subordinate(base)``: the stopper ``H`` with ``G = base : H`` (an error when there is none).

    Each position of ``G`` reached through options that are not ``base``'s own becomes a position of ``H``
    with those options; ``base : H = G`` is then checked (Conway, *On Numbers and Games*, ch. 15).

    >>> from cgt.loopy import over
    >>> str(subordinate(over, 1))
    'off'
    """
    from cgt.loopy.value import LoopyGame, as_loopy

    g = _stopper(value, "subordinate")
    value, base = as_loopy(value), as_loopy(base)
    base_options = [options(base, True), options(base, False)]
    index: dict = {g.root: 0}
    order = [g.root]
    left: list = []
    right: list = []
    k = 0
    while k < len(order):
        v = order[k]
        k += 1
        rows = []
        for side, own in ((g.left[v], base_options[0]), (g.right[v], base_options[1])):
            row = []
            for w in side:
                if w != v and any(_value_of(g, w) == o for o in own):
                    continue
                if w not in index:
                    index[w] = len(order)
                    order.append(w)
                row.append(index[w])
            rows.append(row)
        left.append(rows[0])
        right.append(rows[1])
    result = LoopyGame.from_graph(left, right)
    if ordinal_sum(base, result) != value:
        raise NotApplicableError(f"subordinate: {value} is not an ordinal sum with base {base}")
    return result


# ---------------------------------------------------------------- powers of {0|H}
#
# Siegel, *Combinatorial Game Theory*, II.4 defines, for a base G = {0|H}, G^1 = G, G^(n+1) = {0 | H - G^->n}
# and G^->n = G^1 + ... + G^n; G^->(n+1) = {0, G^->n | H} is the ordinal sum G : n.  A number or stopper
# exponent x >= 1 extends this by G^->x = G : (x - 1) and G^x = {0 | H - G^->(x-1)}: at the integers these are
# the powers above, and at x = on they are the limits of the two families (for G = ^, ^[on] = upon =
# {pass | *} and ^<on> = {0 | v[on]*}; Winning Ways, ch. 11).  G^x needs G^->(x-1) with x - 1 >= 1, so it is
# defined for x = 1 and x >= 2; for 1 < x < 2 it would need G^->y with 0 < y < 1, where G : (y - 1) does not
# tend to G^->0 = 0 and G^->y = G^->(y-1) + G^y fails (e.g. for y = 3/4), so no value is sound and the
# exponent is refused.

def _base(g):
    """``(G, H)`` for a base ``G = {0|H}`` (short or a stopper)."""
    from cgt.kernel.game import Game
    from cgt.loopy.value import LoopyGame

    if isinstance(g, LoopyGame) and g.is_short:
        g = g.to_game()
    if isinstance(g, Game):
        lefts, rights = g.left_options, g.right_options
    else:
        lefts, rights = options(g, True), options(g, False)
    if len(lefts) != 1 or lefts[0] != 0 or len(rights) != 1:
        raise NotApplicableError(f"powers are defined for games of the form {{0|H}}, and {g} is not one")
    return g, rights[0]


def _exponent(x, name: str):
    """``(integer or None, value)``: a positive integer exponent, or a number or stopper >= 1 as a loopy value."""
    from cgt.loopy.value import LoopyGame, as_loopy

    if isinstance(x, bool):
        raise NotApplicableError(f"{name} needs a number or stopper exponent, got {x!r}")
    if isinstance(x, int) or (isinstance(x, Fraction) and x.denominator == 1):
        if x >= 1:
            return int(x), None
    try:
        value = as_loopy(x)
    except InvalidGameError:
        raise NotApplicableError(f"{name} needs a number or stopper exponent, got {x!r}") from None
    if value.is_short and value.to_game().is_integer and value.to_game().number >= 1:
        return int(value.to_game().number), None
    if not value.is_stopper:
        raise NotApplicableError(f"{name} needs a number or stopper exponent, and {value} is not a stopper")
    if not value >= 1:
        raise NotApplicableError(f"{name}({value}): exponents below 1 are not defined (G^->x = G : (x - 1) "
                                 f"gives G at x = 1 but does not tend to 0 below it)")
    return None, value


def power_to(g, x):
    """``G^->x`` for ``G = {0|H}``: ``G : (x - 1)`` (CGSuite's ``G.PowTo(x)``; see the comment above).

    >>> from cgt import up
    >>> from cgt.loopy import on, loopy_game
    >>> str(power_to(up, 3)), str(power_to(up, on)), str(power_to(up, Fraction(3, 2)))
    ('^[3]', '^[on]', '{^|*,^[2]}')
    """
    from cgt.short import powers

    n, value = _exponent(x, "PowTo")
    g, _ = _base(g)
    if n is not None:
        return powers.power_to(g, n) if not _is_loopy(g) else ordinal_sum(g, n - 1)
    result = ordinal_sum(g, value - 1)
    return result.to_game() if result.is_short else result


def power(g, x):
    """``G^x`` for ``G = {0|H}``: ``{0 | H - G^->(x-1)}`` for ``x = 1`` and ``x >= 2`` (CGSuite's ``G.Pow(x)``; see
    the comment above).

    >>> from cgt import up
    >>> from cgt.loopy import on
    >>> str(power(up, 3)), str(power(up, on)), str(power(up, Fraction(9, 4)))
    ('^<3>', '^<on>', '{0||0,{0,v[2]*|0,v*}|0,v*}')
    >>> power(up, Fraction(7, 4))
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: Pow(7/4): exponents between 1 and 2 are not defined (G^x = ...)
    """
    from cgt.short import powers

    n, value = _exponent(x, "Pow")
    g, h = _base(g)
    if n is not None:
        if not _is_loopy(g):
            return powers.power(g, n)
        if n == 1:
            return g
        value = _loopy(n)
    if value == 1:
        return g
    if not value >= 2:
        raise NotApplicableError(f"Pow({value}): exponents between 1 and 2 are not defined (G^x = {{0 | H - "
                                 f"G^->(x-1)}} would need G^->y for 0 < y < 1, where no definition keeps "
                                 f"G^->y = G^->(y-1) + G^y)")
    below = ordinal_sum(g, value - 2)
    result = from_options([0], [_loopy(h) - below])
    return result.to_game() if result.is_short else result


def _is_loopy(g) -> bool:
    from cgt.loopy.value import LoopyGame

    return isinstance(g, LoopyGame)


# ---------------------------------------------------------------- predicates

def _stops(value, what: str):
    from cgt.loopy.stops import stops, strong

    graph = _stopper(value, what)
    left, right = stops(graph)
    return strong(left), strong(right)


def _both_sides(value, test) -> bool:
    """``test`` on a stopper, or on both sides of a sided value (both must pass)."""
    from cgt.loopy.value import as_loopy

    value = as_loopy(value)
    if value.is_stopper:
        return test(value)
    return test(value.onside) and test(value.offside)


def is_pseudonumber(value) -> bool:
    """True for ``on``, ``off``, numbers, ``x over`` and ``x under`` (a sided value is none).

    >>> from cgt.loopy import loopy_game
    >>> [is_pseudonumber(loopy_game(t)) for t in ("off", "2over", "{1|over}", "1 & 0")]
    [True, True, False, False]
    """
    from cgt.loopy.stops import pseudonumber_of
    from cgt.loopy.value import as_loopy

    value = as_loopy(value)
    if not value.is_stopper:
        return False
    graph = value.sides()[0]
    return pseudonumber_of(graph, graph.root, short_values(graph)) is not None


def is_numberish(value) -> bool:
    """True when the value is a number plus an infinitesimal: its strong stops are one number (both sides
    agreeing, for a sided value).

    >>> from cgt.loopy import loopy_game
    >>> [is_numberish(loopy_game(t)) for t in ("2over", "^[on]*", "{1|over}", "on", "1over & 1under")]
    [True, True, False, False, True]
    """
    def test(v) -> bool:
        left, right = _stops(v, "IsNumberish")
        return left == right and left[0] == 0

    from cgt.loopy.value import as_loopy

    value = as_loopy(value)
    if value.is_stopper:
        return test(value)
    on, off = value.onside, value.offside
    return test(on) and test(off) and _stops(on, "IsNumberish") == _stops(off, "IsNumberish")


def is_infinitesimal(value) -> bool:
    """True when ``-x < G < x`` for every positive number ``x``: both strong stops are 0.

    >>> from cgt.loopy import loopy_game
    >>> [is_infinitesimal(loopy_game(t)) for t in ("over", "^<on>", "1over", "dud")]
    [True, True, False, False]
    """
    return _both_sides(value, lambda v: _stops(v, "IsInfinitesimal") == ((0, 0, 0), (0, 0, 0)))


def is_all_small(value) -> bool:
    """True when every follower (of the simplest form) with an option for one player has one for the other.

    >>> from cgt.loopy import loopy_game
    >>> [is_all_small(loopy_game(t)) for t in ("over", "^[on]", "on", "1over")]
    [True, True, False, False]
    """
    def test(v) -> bool:
        graph = _stopper(v, "IsAllSmall")
        return all(bool(graph.left[i]) == bool(graph.right[i]) for i in graph.reachable())

    return _both_sides(value, test)


def is_number_tiny(value) -> bool:
    """True for ``x + Tiny(G)`` and ``x + Miny(G)`` with ``x`` a number and ``G`` a positive stopper, in their
    exact shapes ``{x || x | x - G}`` and ``{x + G | x || x}`` (a sided value is none).

    >>> from cgt.loopy import over
    >>> is_number_tiny(tiny(over) + 3), is_number_tiny(over)
    (True, False)
    """
    from cgt.loopy.value import LoopyGame, as_loopy

    value = as_loopy(value)
    if not value.is_stopper:
        return False
    if value.is_short:
        from cgt.short.predicates import is_number_tiny as short_test

        return short_test(value.to_game())
    graph = value.sides()[0]
    short = short_values(graph)
    root = graph.root

    def number(i):
        v = short.get(i)
        return v if v is not None and v.is_number else None

    for near, far, sign in ((graph.left, graph.right, 1), (graph.right, graph.left, -1)):
        if len(near[root]) != 1 or len(far[root]) != 1:
            continue
        x = number(near[root][0])
        inner = far[root][0]
        if x is None or inner in short or near[inner] != near[root] or len(far[inner]) != 1:
            continue
        rest = _value_of(graph, far[inner][0])
        g = sign * (x - as_loopy(rest)) if isinstance(rest, LoopyGame) else None
        if g is not None and g > 0:
            return True
    return False
