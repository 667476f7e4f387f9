"""``GraphRuleset``: the base of rulesets played on a :class:`~cgt.games.graph.board.Graph` (CGSuite's ``game.graph``).

A graph ruleset names its labels with two maps, token -> label: :attr:`vertex_labels` and
:attr:`edge_labels` (CGSuite's ``VertexLabels``/``EdgeLabels``; default ``{"": None}``), used to parse
position strings and, reversed, to write them.  It may declare

* :attr:`root`: a vertex that every isomorphism must fix (Hackenbush's ground, vertex 1), else None;
* :attr:`vertex_swap` / :attr:`edge_swap`: label translations exchanging the players (Hackenbush: blue <->
  red; Col: Left <-> Right tints).  The swapped position is the negative (Left's moves become Right's).

These only feed the value tables: :meth:`normal_form` is the canonical labelling of the graph
(:meth:`Graph.canonical`), or of its colour swap (negated) when that sorts first; :meth:`components` are the
connected components.  Positions keep the graph the user wrote.

>>> from cgt.games.graph.board import Graph
>>> class Erase(GraphRuleset):
...     '''Toy: Left deletes a vertex of degree <= 1, Right a vertex of degree >= 2.'''
...     def left_options(self, g):
...         return [g.delete_vertex(v) for v in range(1, g.vertex_count + 1) if len(g.neighbours(v)) <= 1]
...     def right_options(self, g):
...         return [g.delete_vertex(v) for v in range(1, g.vertex_count + 1) if len(g.neighbours(v)) >= 2]
>>> p = Erase()("--;.")       # '.' = {0|} = 1, '-' = {1|} = 2, '--' = {2|2} = 2*
>>> str(p), [str(q) for q in p.decomposition], str(p.value)
('--;.', ['--', '.'], '3*')
"""

from __future__ import annotations

import enum

from cgt.errors import InvalidPositionError

from cgt.games.graph.board import Graph
from cgt.games.engine.ruleset import Ruleset

__all__ = ["GraphRuleset", "Color"]


class Color(enum.Enum):
    """CGSuite's ``game.graph.Color``: the colours of Hackenbush edges."""

    Blue = 1
    Green = 2
    Red = 3

    def __str__(self) -> str:
        return self.name

    def __reduce_ex__(self, protocol):
        """Pickle as ``cgt.games.by_name("Color", (value,))``: no module path recorded."""
        import cgt.games

        return cgt.games.by_name, ("Color", (self.value,))


class GraphRuleset(Ruleset):
    """Base class of graph rulesets (see the module docstring)."""

    abstract = True
    #: Tells ``cgt.testing`` and the shell that positions are graphs.
    board_kind = "graph"
    vertex_labels: dict = {"": None}
    edge_labels: dict = {"": None}
    root: int | None = None
    vertex_swap: dict | None = None
    edge_swap: dict | None = None

    # -- positions --------------------------------------------------------------------------------------
    def parse(self, text: str) -> Graph:
        """A graph string read with the ruleset's label maps."""
        return self.normalize(Graph.parse(text, self.vertex_labels, self.edge_labels))

    def normalize(self, pos) -> Graph:
        """A :class:`Graph` (or a graph string) that :meth:`check` accepts."""
        if isinstance(pos, str):
            return self.parse(pos)
        if not isinstance(pos, Graph) or pos.directed:
            raise InvalidPositionError(f"{self!r}: a position is a graph string or an undirected Graph, got {pos!r}")
        self.check(pos)
        return pos

    def check(self, graph: Graph) -> None:
        """Raise InvalidPositionError if ``graph`` is not a position (default: every label must be known)."""
        vertex_ok = set(self.vertex_labels.values())
        edge_ok = set(self.edge_labels.values())
        for v, label in enumerate(graph.vertex_labels, 1):
            if label not in vertex_ok:
                raise InvalidPositionError(f"{self!r}: vertex {v} has label {label!r}, not one of "
                                           f"{sorted(map(str, vertex_ok))}")
        for k, (a, b, label) in enumerate(graph.edges):
            if label not in edge_ok:
                raise InvalidPositionError(f"{self!r}: edge {a}-{b} (number {k}) has label {label!r}, not one of "
                                           f"{sorted(map(str, edge_ok))}")

    def format(self, pos: Graph) -> str:
        """The graph string, labels written with the ruleset's maps."""
        return pos.to_string(self.vertex_labels, self.edge_labels)

    # -- value tables -----------------------------------------------------------------------------------
    def components(self, graph: Graph) -> list:
        """The connected components (subclasses narrow or widen this where the rules allow)."""
        return graph.decomposition()

    def normal_form(self, graph: Graph) -> tuple[Graph, bool]:
        """The canonical labelling (fixing :attr:`root`), or its colour swap, negated, if that sorts first."""
        seen = self.table("normal")           # graphs met before, as written (emptied by cgt.clear_caches)
        known = seen.get(graph)
        if known is None:
            known = seen[graph] = self._normal_form(graph)
        return known

    def _normal_form(self, graph: Graph) -> tuple[Graph, bool]:
        best = graph.canonical(self.root)
        if self.vertex_swap is None and self.edge_swap is None:
            return best, False
        vs, es = self.vertex_swap, self.edge_swap
        swapped = graph.relabelled((lambda x: vs.get(x, x)) if vs else None,
                                  (lambda x: es.get(x, x)) if es else None).canonical(self.root)
        if swapped.sort_key() < best.sort_key():
            return swapped, True
        return best, False
