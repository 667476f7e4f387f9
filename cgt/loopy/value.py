"""Loopy game values: :class:`LoopyGame`, one class for stoppers and for sided values.

A value is held as its *onside* and *offside* (``G = G^+ & G^-``; Berlekamp, Conway and Guy, *Winning
Ways*, ch. 11; Siegel, *Combinatorial Game Theory*, ch. VI), each a stopper in simplest form -- or, in
the rare case that the finite simplification of :mod:`cgt.loopy.sides` leaves a side cyclic, that side's
simplified graph, read with the side's convention (its onside is the onside).  When the two sides are
equal the value is a stopper.  A value built from a graph also keeps the graph, so its outcome class
comes straight from retrograde analysis without computing sides.

>>> on = LoopyGame.from_graph([[0]], [[]])            # {pass |}
>>> off = -on
>>> str(on), str(off), str(on + off), str(on & off)
('on', 'off', 'dud', 'dud')
>>> over = LoopyGame.from_graph([[1], []], [[0], []])  # {0 | pass}
>>> from cgt import up, integer
>>> over > up, over < integer(1) / 1024, over.is_stopper
(True, True, True)
>>> str((on + off).outcome), (on + off).is_stopper
('D', False)

Short games enter as leaves: ``leaves={node: game}`` makes that node (listed with no options of its
own) the short game ``game``; a loopy stopper is accepted as a leaf too.

>>> g = LoopyGame.from_graph([[1], []], [[0], []], leaves={1: integer(2)})   # {2 | pass} = 2over
>>> str(g)
'2over'
"""

from __future__ import annotations

import numbers

from cgt.errors import InvalidGameError, NotApplicableError
from cgt.loopy.graph import Graph, from_short_game, sum_graph
from cgt.loopy.outcome import LoopyOutcome
from cgt.loopy.sides import side
from cgt.loopy.simplify import canonical_numbering
from cgt.loopy.survival import side_le, stopper_ge, survives, wins

__all__ = ["LoopyGame", "sided", "as_loopy"]


class LoopyGame:
    """A loopy value: a stopper, or a sided value ``onside & offside`` (see the module docstring)."""

    __slots__ = ("_graph", "_on", "_off", "_outcome", "_hash")

    def __init__(self, graph: Graph | None = None, on: Graph | None = None, off: Graph | None = None):
        self._graph = graph
        self._on = on
        self._off = off
        self._outcome = None
        self._hash = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_graph(cls, left, right, start: int = 0, leaves=None) -> "LoopyGame":
        """The value of node ``start`` of a game graph.

        ``left[i]``/``right[i]`` list the node indices of the Left/Right options of node ``i`` (``i``
        itself for a pass).  ``leaves`` maps a node listed without options to a short
        :class:`cgt.Game` (or a stopper :class:`LoopyGame`) that it stands for.

        >>> str(LoopyGame.from_graph([[0], []], [[1], []]))     # {pass | 0}
        'under'
        >>> str(LoopyGame.from_graph([[1], [], [0]], [[], [2], []]))   # a{{|{a|}}|}: Right's move reverses
        '1'
        """
        left = [list(x) for x in left]
        right = [list(x) for x in right]
        if leaves and _sided_leaves(leaves):
            # a leaf that is not a stopper: each side of the value from the same side of the leaves
            # (a follower that never leads back may be replaced by its side; Siegel, ch. VI)
            graphs = []
            for onside in (True, False):
                lists = ([list(x) for x in left], [list(x) for x in right])
                _attach_leaves(*lists, leaves, onside)
                graphs.append(Graph.build(*lists, start))
            return _from_sides(side(graphs[0], True), side(graphs[1], False))
        if leaves:
            _attach_leaves(left, right, leaves)
        return cls(Graph.build(left, right, start))

    @classmethod
    def from_graph_nodes(cls, left, right, nodes, leaves=None) -> list:
        """The values of several nodes of one game graph (arguments as in :meth:`from_graph`).

        When no node of the graph has an infinite alternating play, every value is a stopper and one
        reduction of the whole graph serves all nodes (much cheaper than one :meth:`from_graph` each);
        otherwise the sides of all the nodes are found together (:func:`cgt.loopy.sides.sides_of_nodes`).

        >>> [str(v) for v in LoopyGame.from_graph_nodes([[1], [], [0]], [[0], [], [1]], [0, 1, 2])]
        ['over', '0', '{over|0}']
        """
        from cgt.loopy.simplify import simplest_each

        nodes = list(nodes)
        for i in nodes:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(left):
                raise InvalidGameError(f"loopy graph: node {i!r} is not a node index 0..{len(left) - 1}")
        if leaves and _sided_leaves(leaves):
            # each side from the same side of the leaves, for all the nodes at once
            from cgt.loopy.sides import sides_of_nodes

            graphs = []
            for onside in (True, False):
                lists = ([list(x) for x in left], [list(x) for x in right])
                _attach_leaves(*lists, leaves, onside)
                graphs.append(Graph.build(*lists, 0))
            ons, offs = sides_of_nodes(graphs[0], nodes, True), sides_of_nodes(graphs[1], nodes, False)
            return [_from_sides(on, off) for on, off in zip(ons, offs)]
        left = [list(x) for x in left]
        right = [list(x) for x in right]
        if leaves:
            _attach_leaves(left, right, leaves)
        graph = Graph.build(left, right, 0)
        if graph.alternating_cycle_nodes():
            # the sides of all the nodes at once (their positions' simplifications are shared)
            from cgt.loopy.sides import sides_of_nodes

            ons, offs = sides_of_nodes(graph, nodes, True), sides_of_nodes(graph, nodes, False)
            return [_from_sides(on, off) if on.is_stopper() and off.is_stopper() and _same(on, off)
                    else cls(Graph(graph.left, graph.right, i), on, off) for i, on, off in zip(nodes, ons, offs)]
        forms = simplest_each(graph, nodes)
        return [cls(forms[i], forms[i], forms[i]) for i in nodes]

    @classmethod
    def from_game(cls, game) -> "LoopyGame":
        """The short game ``game`` (a :class:`cgt.Game`, int or dyadic rational) as a loopy value."""
        from cgt.kernel.game import as_game

        left: list = []
        right: list = []
        root = from_short_game(as_game(game), left, right, {})
        # a canonical short game is already in simplest form
        graph = canonical_numbering(Graph(tuple(left), tuple(right), root))
        return cls(graph, graph, graph)

    # ------------------------------------------------------------------ sides
    def _side_graph(self, onside: bool) -> Graph:
        if onside and self._on is None:
            self._on = side(self._graph, True)
            if self._graph.is_stopper():
                self._off = self._on
        if not onside and self._off is None:
            self._off = side(self._graph, False)
            if self._graph.is_stopper():
                self._on = self._off
        return self._on if onside else self._off

    @property
    def onside(self) -> "LoopyGame":
        """The onside ``G^+`` (a stopper): the value when Left wins every infinite play."""
        return _stopper_value(self._side_graph(True), True, lambda: f"the onside of {self}")

    @property
    def offside(self) -> "LoopyGame":
        """The offside ``G^-`` (a stopper): the value when Right wins every infinite play."""
        return _stopper_value(self._side_graph(False), False, lambda: f"the offside of {self}")

    def sides(self) -> tuple[Graph, Graph]:
        """Both sides as graphs: simplest-form stoppers, or a side's simplified graph when it stays cyclic
        (the internal interface printing and tests use)."""
        return self._side_graph(True), self._side_graph(False)

    @property
    def is_stopper(self) -> bool:
        """True when the value is a stopper (its onside and offside coincide).

        A side that stays cyclic is compared with the other side when that one is a stopper; when both
        stay cyclic the value counts as no stopper (the two sides cannot be compared with each other).
        """
        if self._graph is not None and self._graph.is_stopper():
            return True
        on, off = self.sides()
        on_stopper, off_stopper = on.is_stopper(), off.is_stopper()
        if on_stopper and off_stopper:
            return _same(on, off)
        if on_stopper:
            # the offside (a stopper value) is at most the onside; equal iff on <= off
            if side_le(on, off, "off"):
                self._off = on
                return True
            return False
        if off_stopper:
            if side_le(on, off, "on"):
                self._on = off
                return True
            return False
        return False

    def _stopper_graph(self, what: str) -> Graph:
        if not self.is_stopper:
            raise NotApplicableError(f"{what}: {self} is not a stopper")
        return self._side_graph(True)

    @property
    def is_plumtree(self) -> bool:
        """True for a stopper whose simplest form has no cycles other than passes.

        >>> LoopyGame.from_graph([[0]], [[]]).is_plumtree
        True
        """
        g = self._stopper_graph("is_plumtree")
        stripped = Graph(tuple(tuple(j for j in g.left[i] if j != i) for i in range(g.size)),
                         tuple(tuple(j for j in g.right[i] if j != i) for i in range(g.size)), g.root)
        return stripped.is_acyclic()

    @property
    def is_short(self) -> bool:
        """True when the value is a short (loopfree) game."""
        return self.is_stopper and self._side_graph(True).is_acyclic()

    def to_game(self):
        """The equal short :class:`cgt.Game`; NotApplicableError when the value is loopy."""
        if not self.is_short:
            raise NotApplicableError(f"to_game: {self} is not a short game")
        return graph_to_game(self._side_graph(True))

    # ------------------------------------------------------------------ options and predicates
    @property
    def left_options(self) -> list:
        """A stopper's Left options in simplest form (short ones as :class:`cgt.Game`; a pass is the value).

        >>> [str(x) for x in LoopyGame.from_graph([[0, 1], []], [[], []]).left_options]   # {0, pass |}
        ['on']
        """
        from cgt.loopy.structure import options

        return options(self, True)

    @property
    def right_options(self) -> list:
        """A stopper's Right options in simplest form (see :attr:`left_options`).

        >>> [str(x) for x in LoopyGame.from_graph([[1], []], [[0], []]).right_options]   # over = {0 | pass}
        ['over']
        """
        from cgt.loopy.structure import options

        return options(self, False)

    def followers(self) -> list:
        """Every follower of a stopper's simplest form, itself included, each once.

        >>> sorted(str(x) for x in LoopyGame.from_graph([[1], []], [[0], []]).followers())    # over
        ['0', 'over']
        """
        from cgt.loopy.structure import followers

        return followers(self)

    @property
    def follower_count(self) -> int:
        """The number of followers of a stopper's simplest form (distinct values), itself included.

        >>> LoopyGame.from_graph([[0], [2], []], [[1], [2], []]).follower_count    # upon: itself, *, 0
        3
        """
        return self._stopper_graph("follower_count").size

    @property
    def is_pseudonumber(self) -> bool:
        """True for ``on``, ``off``, numbers, ``x over`` and ``x under``.

        >>> from cgt.loopy import over, upon
        >>> (over + 2).is_pseudonumber, upon.is_pseudonumber
        (True, False)
        """
        from cgt.loopy.structure import is_pseudonumber

        return is_pseudonumber(self)

    @property
    def is_numberish(self) -> bool:
        """True for a number plus an infinitesimal (equal strong stops that are a number).

        >>> from cgt.loopy import over, on
        >>> (over + 2).is_numberish, on.is_numberish
        (True, False)
        """
        from cgt.loopy.structure import is_numberish

        return is_numberish(self)

    @property
    def is_number_tiny(self) -> bool:
        """True for ``x + Tiny(G)`` and ``x + Miny(G)`` (number ``x``, positive stopper ``G``).

        >>> from cgt.loopy import over, tiny
        >>> tiny(over).is_number_tiny, over.is_number_tiny
        (True, False)
        """
        from cgt.loopy.structure import is_number_tiny

        return is_number_tiny(self)

    @property
    def is_infinitesimal(self) -> bool:
        """True when ``-x < G < x`` for every positive number ``x``.

        >>> from cgt.loopy import over, on
        >>> over.is_infinitesimal, on.is_infinitesimal
        (True, False)
        """
        from cgt.loopy.structure import is_infinitesimal

        return is_infinitesimal(self)

    @property
    def is_all_small(self) -> bool:
        """True when every follower with an option for one player has one for the other (both sides).

        >>> from cgt.loopy import over, on
        >>> over.is_all_small, on.is_all_small
        (True, False)
        """
        from cgt.loopy.structure import is_all_small

        return is_all_small(self)

    @property
    def is_idempotent(self) -> bool:
        """True when ``G + G = G``.

        >>> from cgt.loopy import over, upon
        >>> over.is_idempotent, upon.is_idempotent
        (True, False)
        """
        return self + self == self

    def _short_test(self, test) -> bool:
        return self.is_short and test(self.to_game())

    @property
    def is_zero(self) -> bool:
        """True for the value 0.

        >>> from cgt.loopy import over
        >>> (over - over).is_zero, LoopyGame.from_game(0).is_zero
        (False, True)
        """
        return self._short_test(lambda g: g.is_number and g.number == 0)

    @property
    def is_number(self) -> bool:
        """True for numbers (which are short).

        >>> from cgt.loopy import loopy_game
        >>> loopy_game("a{0|{1|a}}").is_number, loopy_game("{0|pass}").is_number
        (True, False)
        """
        return self._short_test(lambda g: g.is_number)

    @property
    def is_integer(self) -> bool:
        """True for integers.

        >>> LoopyGame.from_game(3).is_integer
        True
        """
        return self._short_test(lambda g: g.is_integer)

    @property
    def is_nimber(self) -> bool:
        """True for nimbers.

        >>> from cgt import star
        >>> LoopyGame.from_game(star).is_nimber
        True
        """
        return self._short_test(lambda g: g.is_nimber)

    def ordinal_sum(self, other) -> "LoopyGame":
        """``G : H`` for stoppers (see :func:`cgt.loopy.structure.ordinal_sum`).

        >>> from cgt.loopy import off
        >>> str(LoopyGame.from_game(1).ordinal_sum(off))
        'over'
        """
        from cgt.loopy.structure import ordinal_sum

        return ordinal_sum(self, other)

    def subordinate(self, base) -> "LoopyGame":
        """CGSuite's ``Subordinate(base)``: the stopper ``H`` with ``G = base : H`` (see
        :func:`cgt.loopy.structure.subordinate`).

        >>> from cgt.loopy import over
        >>> str(over.subordinate(1))
        'off'
        """
        from cgt.loopy.structure import subordinate

        return subordinate(self, base)

    # ------------------------------------------------------------------ outcome
    @property
    def outcome(self) -> LoopyOutcome:
        """The loopy outcome class (``L R N P D PHat PCheck NHat NCheck``), infinite play being a draw."""
        if self._outcome is None:
            if self._graph is not None:
                lw, rw = wins(self._graph)
                root = self._graph.root
                first = ["L" if s in lw else "R" if s in rw else "D" for s in (2 * root, 2 * root + 1)]
            else:
                on, off = self.sides()
                first = []
                for left_first in (True, False):
                    if survives(off, off.root, left_first, False):
                        first.append("L")
                    elif not survives(on, on.root, left_first, True):
                        first.append("R")
                    else:
                        first.append("D")
            self._outcome = LoopyOutcome.from_results(*first)
        return self._outcome

    # ------------------------------------------------------------------ algebra
    def __neg__(self) -> "LoopyGame":
        graph = None if self._graph is None else self._graph.negated()
        on = None if self._off is None else canonical_numbering(self._off.negated())
        off = None if self._on is None else (on if self._on is self._off else canonical_numbering(self._on.negated()))
        return LoopyGame(graph, on, off)

    def __pos__(self) -> "LoopyGame":
        return self

    def __add__(self, other) -> "LoopyGame":
        other = _coerce(other)
        if other is NotImplemented:
            return NotImplemented
        on = side(sum_graph(self._side_graph(True), other._side_graph(True)), True)
        off = side(sum_graph(self._side_graph(False), other._side_graph(False)), False)
        if not side_le(off, on, "offon"):
            raise NotApplicableError(f"sum {self} + {other} has no sided value (its onside is not >= its offside)")
        return _from_sides(on, off)

    __radd__ = __add__

    def __sub__(self, other) -> "LoopyGame":
        other = _coerce(other)
        if other is NotImplemented:
            return NotImplemented
        return self + (-other)

    def __rsub__(self, other) -> "LoopyGame":
        other = _coerce(other)
        if other is NotImplemented:
            return NotImplemented
        return other + (-self)

    def __mul__(self, n) -> "LoopyGame":
        if isinstance(n, bool) or not isinstance(n, int):
            return NotImplemented
        result = LoopyGame.from_game(0)
        unit = self if n >= 0 else -self
        for _ in range(abs(n)):
            result = result + unit
        return result

    __rmul__ = __mul__

    def __and__(self, other) -> "LoopyGame":
        return sided(self, other)

    def upsum(self, other) -> "LoopyGame":
        """``G Upsum H``: the onside of ``G^+ + H^+`` (Siegel, ch. VI)."""
        other = _coerce_strict(other)
        graph = side(sum_graph(self._side_graph(True), other._side_graph(True)), True)
        return _stopper_value(graph, True, lambda: f"{self} Upsum {other}")

    def downsum(self, other) -> "LoopyGame":
        """``G Downsum H``: the offside of ``G^- + H^-``."""
        other = _coerce_strict(other)
        graph = side(sum_graph(self._side_graph(False), other._side_graph(False)), False)
        return _stopper_value(graph, False, lambda: f"{self} Downsum {other}")

    @property
    def degree(self) -> "LoopyGame":
        """The degree of loopiness of a stopper: ``G Upsum -G`` (0 for short games).

        >>> str(LoopyGame.from_graph([[1], []], [[0], []]).degree)    # over
        'over'
        """
        self._stopper_graph("degree")
        return self.upsum(-self)

    # ------------------------------------------------------------------ varieties
    # Winning Ways ch. 11 and Siegel ch. VI (as recalled; no text on this machine): for an idempotent
    # d, the upsum variety of a stopper G sidles up first, (G Upsum d) & ((G Upsum d) Downsum -d); the
    # downsum variety sidles down first; G is *stable* when the two agree at its own degree, and then
    # that common value is its variety.  The method names and this reading follow CGSuite.
    def _idempotent(self, d, what: str) -> "LoopyGame":
        d = _coerce_strict(d)
        if not d.is_stopper:
            raise NotApplicableError(f"{what}: the degree {d} is not a stopper")
        # idempotent for upsums, d Upsum d = d (equivalently (-d) Downsum (-d) = -d, which the
        # downsum variety uses)
        twice = d.upsum(d)
        if twice != d:
            raise NotApplicableError(f"{what}: {d} is not idempotent (its upsum with itself is {twice})")
        return d

    def _idempotent_degree(self, what: str) -> "LoopyGame":
        """The degree of this stopper, when it is idempotent; else ``Variety``'s one-line error.  Not every degree is: that of ``{1|over}`` is ``d = {1under|over||0|-1over}`` with
        ``d Upsum d = over > d`` (docs/loopy.md, "Varieties"), and the varieties at ``d`` are undefined."""
        d = self.degree
        twice = d.upsum(d)
        if twice != d:
            raise NotApplicableError(f"{what}: {self} is not stable: its degree {d} is not idempotent (its upsum "
                                     f"with itself is {twice}), so it has no variety")
        return d

    def upsum_variety(self, d) -> "LoopyGame":
        """CGSuite's ``UpsumVariety(d)``: ``U & (U Downsum -d)`` with ``U = G Upsum d`` (``d`` idempotent).

        >>> from cgt.loopy import over, on
        >>> str(over.upsum_variety(over)), str(LoopyGame.from_game(3).upsum_variety(on))
        ('over & under', 'dud')
        """
        self._stopper_graph("upsum_variety")
        return self._upsum_variety_at(self._idempotent(d, "upsum_variety"))

    def _upsum_variety_at(self, d) -> "LoopyGame":
        up = self.upsum(d)
        return sided(up, up.downsum(-d))

    def downsum_variety(self, d) -> "LoopyGame":
        """CGSuite's ``DownsumVariety(d)``: ``(D Upsum d) & D`` with ``D = G Downsum -d`` (``d`` idempotent).

        >>> from cgt.loopy import over, on
        >>> str(over.downsum_variety(over)), str(LoopyGame.from_game(3).downsum_variety(on))
        ('over & under', 'dud')
        """
        self._stopper_graph("downsum_variety")
        return self._downsum_variety_at(self._idempotent(d, "downsum_variety"))

    def _downsum_variety_at(self, d) -> "LoopyGame":
        down = self.downsum(-d)
        return sided(down.upsum(d), down)

    @property
    def is_stable(self) -> bool:
        """CGSuite's ``IsStable``: ``G`` has a variety, i.e. ``Variety`` answers instead of raising.  That is,
        the degree ``d`` of ``G`` is idempotent and the upsum and downsum varieties at ``d`` coincide; a
        stopper whose degree is not idempotent has no variety at it, so it is not stable.

        >>> from cgt.loopy import over, on, upon, loopy_game
        >>> over.is_stable, on.is_stable, LoopyGame.from_game(5).is_stable, loopy_game("{1|over}").is_stable
        (True, True, True, False)
        """
        self._stopper_graph("is_stable")
        d = self.degree
        if d.upsum(d) != d:
            return False
        return self._upsum_variety_at(d) == self._downsum_variety_at(d)

    @property
    def variety(self) -> "LoopyGame":
        """CGSuite's ``Variety``: the common variety at ``G``'s degree; an error when ``G`` is not stable.

        >>> from cgt.loopy import over
        >>> str(over.variety), str(LoopyGame.from_game(5).variety)
        ('over & under', '5')
        """
        d = self._idempotent_degree("variety")
        up, down = self._upsum_variety_at(d), self._downsum_variety_at(d)
        if up != down:
            raise NotApplicableError(f"variety: {self} is not stable (its upsum variety {up} and downsum "
                                     f"variety {down} of degree {d} differ)")
        return up

    # ------------------------------------------------------------------ stops
    @property
    def left_stop(self) -> "LoopyGame":
        """Left's stop: the pseudonumber (``on``, ``off``, ``x``, ``x over``, ``x under``) where alternating
        play with Left moving first comes to rest (see :mod:`cgt.loopy.stops`); stoppers only, as in
        CGSuite (a sided value: take the stops of ``.onside`` and ``.offside``).

        >>> from cgt.loopy import loopy_game
        >>> [str(loopy_game(t).left_stop) for t in ("on", "{pass|*}", "{1|over}", "{on|off}")]
        ['on', '0', '1', 'on']
        """
        return _pseudonumber(self._stops("left_stop")[0])

    @property
    def right_stop(self) -> "LoopyGame":
        """Right's stop (see :attr:`left_stop`).

        >>> from cgt.loopy import loopy_game
        >>> [str(loopy_game(t).right_stop) for t in ("on", "{pass|*}", "{1|over}", "{on|off}")]
        ['on', '0', 'over', 'off']
        """
        return _pseudonumber(self._stops("right_stop")[1])

    def stop(self, player) -> "LoopyGame":
        """CGSuite's ``Stop(player)``: :attr:`left_stop` for Left, :attr:`right_stop` for Right."""
        return self.left_stop if _is_left(player, "stop") else self.right_stop

    def strong_stop(self, player) -> "LoopyGame":
        """CGSuite's ``StrongStop(player)``: the stop without its ``over``/``under`` part.

        >>> from cgt.loopy import loopy_game
        >>> g = loopy_game("{1|over}")
        >>> str(g.stop("Right")), str(g.strong_stop("Right")), str(g.strong_stop("Left"))
        ('over', '0', '1')
        """
        from cgt.loopy.stops import strong

        left = _is_left(player, "strong_stop")
        pair = self._stops("strong_stop")
        return _pseudonumber(strong(pair[0] if left else pair[1]))

    def _stops(self, what: str) -> tuple:
        from cgt.loopy.stops import stops

        if not self.is_stopper:
            raise NotApplicableError(f"{what}: {self} is not a stopper (stops are defined for stoppers; take "
                                     f"those of its onside and offside)")
        return stops(self._side_graph(True))

    # ------------------------------------------------------------------ order
    def __ge__(self, other) -> bool:
        other = _coerce(other)
        if other is NotImplemented:
            return NotImplemented
        return (side_le(other._side_graph(True), self._side_graph(True), "on")
                and side_le(other._side_graph(False), self._side_graph(False), "off"))

    def __le__(self, other) -> bool:
        other = _coerce(other)
        if other is NotImplemented:
            return NotImplemented
        return other >= self

    def __gt__(self, other) -> bool:
        other = _coerce(other)
        if other is NotImplemented:
            return NotImplemented
        return self >= other and not other >= self

    def __lt__(self, other) -> bool:
        other = _coerce(other)
        if other is NotImplemented:
            return NotImplemented
        return other >= self and not self >= other

    def __eq__(self, other) -> bool:
        try:
            other = _coerce(other)
        except InvalidGameError:
            return False
        if other is NotImplemented:
            return NotImplemented
        if self is other:
            return True
        a, b = self.sides(), other.sides()
        return _equal_sides(a[0], b[0], "on") and _equal_sides(a[1], b[1], "off")

    def __ne__(self, other) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        # from the value, not the graphs (a side that stays cyclic may equal one in simplest form): the
        # outcome class and where each side lies against a few numbers
        if self._hash is None:
            on, off = self.sides()
            probes = []
            for probe in _PROBES:
                x = _probe_graph(probe)
                probes += [side_le(on, x, "on"), side_le(x, on, "on"), side_le(off, x, "off"),
                           side_le(x, off, "off")]
            self._hash = hash((self.outcome.name, tuple(probes)))
        return self._hash

    def confused_with(self, other) -> bool:
        """True when neither ``G >= H`` nor ``G <= H``."""
        other = _coerce_strict(other)
        return not self >= other and not self <= other

    # ------------------------------------------------------------------ text
    def __str__(self) -> str:
        from cgt.loopy.printing import format_loopy

        return format_loopy(self)

    def __repr__(self) -> str:
        return f"loopy_game({str(self)!r})"

    def _repr_latex_(self) -> str:
        """Jupyter display: the printed text typeset (``on``, ``over`` upright, labels italic).

        >>> from cgt.loopy import loopy_game
        >>> loopy_game("{1|over}")._repr_latex_()
        '$\\\\{1\\\\mid \\\\mathrm{over}\\\\}$'
        """
        from cgt.notation.latex import latex_text

        return f"${latex_text(str(self))}$"


#: Numbers the hash compares the sides with.
_PROBES = (0, 1, -1)
_PROBE_GRAPHS: dict = {}


def _probe_graph(n: int) -> Graph:
    graph = _PROBE_GRAPHS.get(n)
    if graph is None:
        graph = _PROBE_GRAPHS[n] = LoopyGame.from_game(n)._side_graph(True)
    return graph


def _equal_sides(a: Graph, b: Graph, kind: str) -> bool:
    """Equal sides (``kind`` ``"on"`` or ``"off"``): the same graph, equal stoppers, or each at most the other."""
    if a.left == b.left and a.right == b.right and a.root == b.root:
        return True
    if a.is_stopper() and b.is_stopper():
        return _same(a, b)
    return side_le(a, b, kind) and side_le(b, a, kind)


def _from_sides(on: Graph, off: Graph) -> "LoopyGame":
    """The value with these sides (as :func:`cgt.loopy.sides.side` returns them)."""
    if on.is_stopper() and off.is_stopper() and _same(on, off):
        return LoopyGame(on, on, on)
    return LoopyGame(None, on, off)


def _stopper_value(graph: Graph, onside: bool, what) -> "LoopyGame":
    """The stopper that a side is, as a value; a side that stayed cyclic is known only through one convention,
    so it cannot be made a value of its own (a one-line error naming ``what()``)."""
    if graph.is_stopper():
        return LoopyGame(graph, graph, graph)
    from cgt.loopy.printing import format_stopper

    raise NotApplicableError(f"{what()} is a stopper that finite simplification does not reach (its simplified "
                             f"graph {format_stopper(graph)} is cyclic, and is a side only with the "
                             f"{'onside' if onside else 'offside'} convention)")


def _same(a: Graph, b: Graph) -> bool:
    """Equal stoppers: the same simplest-form graph, or -- when the two were numbered differently (a
    negation, a sum in the other order) -- each >= the other in the survival order."""
    if a.left == b.left and a.right == b.right:
        return True
    return a.size == b.size and stopper_ge(a, b) and stopper_ge(b, a)


def _is_left(player, what: str) -> bool:
    """True for Left, False for Right (a :class:`cgt.Player` or the strings ``"Left"``/``"Right"``)."""
    from cgt.kernel.player import Player

    if player is Player.Left or player == "Left":
        return True
    if player is Player.Right or player == "Right":
        return False
    raise InvalidGameError(f"{what}: {player!r} is not a player (Left or Right)")


def _pseudonumber(p: tuple) -> LoopyGame:
    """The stopper of a pseudonumber triple (see :mod:`cgt.loopy.stops`)."""
    kind, x, tilt = p
    if kind:
        return LoopyGame.from_graph([[0]], [[]]) if kind > 0 else LoopyGame.from_graph([[]], [[0]])
    from cgt.kernel.game import as_game

    number = as_game(x)
    if not tilt:
        return LoopyGame.from_game(number)
    left, right = ([[1], []], [[0], []]) if tilt > 0 else ([[0], []], [[1], []])
    return LoopyGame.from_graph(left, right, leaves={1: number})


def sided(onside, offside) -> LoopyGame:
    """``onside & offside``: the sided value with those sides (stoppers, onside >= offside).

    For stoppers this is CGSuite's ``&``.  Any values are accepted: the result has the onside of the first
    and the offside of the second, so that a sided value printed with a side that stays cyclic reads back.

    >>> on = LoopyGame.from_graph([[0]], [[]])
    >>> str(sided(1, 0)), str(sided(on, -on)), str(sided(on - on, 0))
    ('1 & 0', 'dud', 'on & 0')
    >>> sided(0, 1)
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: 0 & 1: the onside 0 is not >= the offside 1
    """
    on, off = _coerce_strict(onside), _coerce_strict(offside)
    a, b = on._side_graph(True), off._side_graph(False)
    if not side_le(b, a, "offon"):
        what = (f"the onside {on} is not >= the offside {off}" if on.is_stopper and off.is_stopper
                else f"the onside of {on} is not >= the offside of {off}")
        raise NotApplicableError(f"{on} & {off}: {what}")
    return _from_sides(a, b)


def as_loopy(value) -> LoopyGame:
    """A :class:`LoopyGame` for a loopy value, a short :class:`cgt.Game`, an int or a dyadic rational."""
    return _coerce_strict(value)


def _coerce(value):
    if isinstance(value, LoopyGame):
        return value
    from cgt.kernel.game import Game

    if isinstance(value, Game) or (isinstance(value, numbers.Rational) and not isinstance(value, bool)):
        return LoopyGame.from_game(value)
    if isinstance(value, (str, bytes, float, complex, bool, type(None), list, tuple, set, dict)):
        raise InvalidGameError(f"{value!r} is not a game")
    return NotImplemented


def _coerce_strict(value) -> LoopyGame:
    result = _coerce(value)
    if result is NotImplemented:
        raise InvalidGameError(f"{value!r} is not a game")
    return result


def _sided_leaves(leaves) -> bool:
    """Whether some leaf is a loopy value that is not a stopper."""
    return any(isinstance(v, LoopyGame) and not v.is_stopper for v in dict(leaves).values())


def _attach_leaves(left: list, right: list, leaves, onside: bool = True) -> None:
    """Make each leaf node stand for its game (appending that game's nodes); a loopy leaf brings the graph of
    its onside (``onside``) or offside."""
    n = len(left)
    memo: dict = {}
    from cgt.kernel.game import Game

    for node, value in dict(leaves).items():
        if isinstance(node, bool) or not isinstance(node, int) or not 0 <= node < n:
            raise InvalidGameError(f"loopy graph: leaf {node!r} is not a node index 0..{n - 1}")
        if left[node] or right[node]:
            raise InvalidGameError(f"loopy graph: leaf node {node} also lists options of its own")
        if isinstance(value, LoopyGame):
            graph = value._side_graph(True) if value.is_stopper else value._side_graph(onside)
            base = len(left)
            for i in range(graph.size):
                left.append([base + j for j in graph.left[i]])
                right.append([base + j for j in graph.right[i]])
            root = base + graph.root
        elif isinstance(value, (Game, int)) and not isinstance(value, bool):
            from cgt.kernel.game import as_game

            root = from_short_game(as_game(value), left, right, memo)
        else:
            raise InvalidGameError(f"loopy graph: leaf {node} is {value!r}, not a game")
        left[node] = list(left[root])
        right[node] = list(right[root])


def graph_to_game(graph: Graph, root: int | None = None):
    """The short :class:`cgt.Game` of an acyclic graph (iterative, children first)."""
    from cgt.kernel.game import game as make

    root = graph.root if root is None else root
    done: dict = {}
    stack = [root]
    while stack:
        i = stack[-1]
        if i in done:
            stack.pop()
            continue
        todo = [j for j in graph.left[i] + graph.right[i] if j not in done]
        if todo:
            stack.extend(todo)
            continue
        stack.pop()
        done[i] = make([done[j] for j in graph.left[i]], [done[j] for j in graph.right[i]])
    return done[root]

