"""Loopy game values: :class:`LoopyGame`, one class for stoppers and for sided values.

A value is held as its *onside* and *offside*, each a stopper in simplest form (``G = G^+ & G^-``;
Berlekamp, Conway and Guy, *Winning Ways*, ch. 11; Siegel, *Combinatorial Game Theory*, ch. VI).  When
the two sides are equal the value is a stopper.  A value built from a graph also keeps the graph, so
its outcome class comes straight from retrograde analysis without computing sides.

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
from cgt.loopy.survival import stopper_ge, survives, wins

__all__ = ["LoopyGame", "sided", "as_loopy"]


class LoopyGame:
    """A loopy value: a stopper, or a sided value ``onside & offside`` (see the module docstring)."""

    __slots__ = ("_graph", "_on", "_off", "_outcome")

    def __init__(self, graph: Graph | None = None, on: Graph | None = None, off: Graph | None = None):
        self._graph = graph
        self._on = on
        self._off = off
        self._outcome = None

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
        if leaves:
            _attach_leaves(left, right, leaves)
        return cls(Graph.build(left, right, start))

    @classmethod
    def from_graph_nodes(cls, left, right, nodes, leaves=None) -> list:
        """The values of several nodes of one game graph (arguments as in :meth:`from_graph`).

        When no node of the graph has an infinite alternating play, every value is a stopper and one
        reduction of the whole graph serves all nodes (much cheaper than one :meth:`from_graph` each);
        otherwise each node is valued on its own.

        >>> [str(v) for v in LoopyGame.from_graph_nodes([[1], [], [0]], [[0], [], [1]], [0, 1, 2])]
        ['over', '0', '{over|0}']
        """
        from cgt.loopy.simplify import simplest_each

        left = [list(x) for x in left]
        right = [list(x) for x in right]
        if leaves:
            _attach_leaves(left, right, leaves)
        nodes = list(nodes)
        graph = Graph.build(left, right, 0)
        for i in nodes:
            if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < graph.size:
                raise InvalidGameError(f"loopy graph: node {i!r} is not a node index 0..{graph.size - 1}")
        if graph.alternating_cycle_nodes():
            return [cls(Graph(graph.left, graph.right, i)) for i in nodes]
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
        graph = self._side_graph(True)
        return LoopyGame(graph, graph, graph)

    @property
    def offside(self) -> "LoopyGame":
        """The offside ``G^-`` (a stopper): the value when Right wins every infinite play."""
        graph = self._side_graph(False)
        return LoopyGame(graph, graph, graph)

    def sides(self) -> tuple[Graph, Graph]:
        """Both sides as simplest-form graphs (the internal interface printing and tests use)."""
        return self._side_graph(True), self._side_graph(False)

    @property
    def is_stopper(self) -> bool:
        """True when the value is a stopper (its onside and offside coincide)."""
        if self._graph is not None and self._graph.is_stopper():
            return True
        on, off = self.sides()
        return _same(on, off)

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
        if not stopper_ge(on, off):
            raise NotApplicableError(f"sum {self} + {other} has no sided value (its onside is not >= its offside)")
        return LoopyGame(on if _same(on, off) else None, on, off)

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
        return LoopyGame(graph, graph, graph)

    def downsum(self, other) -> "LoopyGame":
        """``G Downsum H``: the offside of ``G^- + H^-``."""
        other = _coerce_strict(other)
        graph = side(sum_graph(self._side_graph(False), other._side_graph(False)), False)
        return LoopyGame(graph, graph, graph)

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
    # that common value is its variety.  The method names and this reading follow CGSuite (§6.6).
    def _idempotent(self, d, what: str) -> "LoopyGame":
        d = _coerce_strict(d)
        if not d.is_stopper:
            raise NotApplicableError(f"{what}: the degree {d} is not a stopper")
        # idempotent for upsums, d Upsum d = d (equivalently (-d) Downsum (-d) = -d, which the
        # downsum variety uses).  Not every degree G Upsum -G is: that of {1|over} is not (see
        # docs/loopy.md, "Varieties"), and then the variety at G's degree is undefined.
        if d.upsum(d) != d:
            raise NotApplicableError(f"{what}: {d} is not idempotent (d Upsum d is not d)")
        return d

    def upsum_variety(self, d) -> "LoopyGame":
        """CGSuite's ``UpsumVariety(d)``: ``U & (U Downsum -d)`` with ``U = G Upsum d`` (``d`` idempotent).

        >>> from cgt.loopy import over, on
        >>> str(over.upsum_variety(over)), str(LoopyGame.from_game(3).upsum_variety(on))
        ('over & under', 'dud')
        """
        self._stopper_graph("upsum_variety")
        d = self._idempotent(d, "upsum_variety")
        up = self.upsum(d)
        return sided(up, up.downsum(-d))

    def downsum_variety(self, d) -> "LoopyGame":
        """CGSuite's ``DownsumVariety(d)``: ``(D Upsum d) & D`` with ``D = G Downsum -d`` (``d`` idempotent).

        >>> from cgt.loopy import over, on
        >>> str(over.downsum_variety(over)), str(LoopyGame.from_game(3).downsum_variety(on))
        ('over & under', 'dud')
        """
        self._stopper_graph("downsum_variety")
        d = self._idempotent(d, "downsum_variety")
        down = self.downsum(-d)
        return sided(down.upsum(d), down)

    @property
    def is_stable(self) -> bool:
        """CGSuite's ``IsStable``: the upsum and downsum varieties at the degree of ``G`` coincide (an error
        when that degree is not idempotent, so that the varieties are undefined).

        >>> from cgt.loopy import over, on, upon
        >>> over.is_stable, on.is_stable, LoopyGame.from_game(5).is_stable
        (True, True, True)
        """
        d = self.degree
        return self.upsum_variety(d) == self.downsum_variety(d)

    @property
    def variety(self) -> "LoopyGame":
        """CGSuite's ``Variety``: the common variety at ``G``'s degree; an error when ``G`` is not stable.

        >>> from cgt.loopy import over
        >>> str(over.variety), str(LoopyGame.from_game(5).variety)
        ('over & under', '5')
        """
        d = self.degree
        up, down = self.upsum_variety(d), self.downsum_variety(d)
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
        return (stopper_ge(self._side_graph(True), other._side_graph(True))
                and stopper_ge(self._side_graph(False), other._side_graph(False)))

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
        a, b = self.sides(), other.sides()
        return _same(a[0], b[0]) and _same(a[1], b[1])

    def __ne__(self, other) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        on, off = self.sides()
        return hash((_shape(on), _shape(off)))

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


def _same(a: Graph, b: Graph) -> bool:
    """Equal stoppers: the same simplest-form graph, or -- when the two were numbered differently (a
    negation, a sum in the other order) -- each >= the other in the survival order."""
    if a.left == b.left and a.right == b.right:
        return True
    return a.size == b.size and stopper_ge(a, b) and stopper_ge(b, a)


def _shape(g: Graph) -> tuple:
    """An invariant of the graph up to renumbering (equal stoppers have isomorphic simplest forms)."""
    return g.size, tuple(sorted((len(g.left[i]), len(g.right[i])) for i in range(g.size)))


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

    >>> on = LoopyGame.from_graph([[0]], [[]])
    >>> str(sided(1, 0)), str(sided(on, -on))
    ('1 & 0', 'dud')
    >>> sided(0, 1)
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: 0 & 1: the onside 0 is not >= the offside 1
    """
    on, off = _coerce_strict(onside), _coerce_strict(offside)
    for name, v in (("onside", on), ("offside", off)):
        if not v.is_stopper:
            raise NotApplicableError(f"{on} & {off}: the {name} {v} is not a stopper")
    a, b = on._side_graph(True), off._side_graph(True)
    if not stopper_ge(a, b):
        raise NotApplicableError(f"{on} & {off}: the onside {on} is not >= the offside {off}")
    return LoopyGame(a if _same(a, b) else None, a, b)


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


def _attach_leaves(left: list, right: list, leaves) -> None:
    """Make each leaf node stand for its game (appending that game's nodes)."""
    n = len(left)
    memo: dict = {}
    from cgt.kernel.game import Game

    for node, value in dict(leaves).items():
        if isinstance(node, bool) or not isinstance(node, int) or not 0 <= node < n:
            raise InvalidGameError(f"loopy graph: leaf {node!r} is not a node index 0..{n - 1}")
        if left[node] or right[node]:
            raise InvalidGameError(f"loopy graph: leaf node {node} also lists options of its own")
        if isinstance(value, LoopyGame):
            graph = value._stopper_graph("leaf")
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

