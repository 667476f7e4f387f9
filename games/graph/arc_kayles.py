"""Arc Kayles (``GenArcKayles``, weighted or not) and Partizan Arc Kayles: choose an edge, remove its ends.

Rules (CGSuite's ``game.graph.GenArcKayles(weighted)`` and ``game.graph.PartizanArcKayles``; Arc
Kayles is from Schaefer, "On the complexity of some two-person perfect-information games", JCSS
16 (1978)).  **ArcKayles** (impartial): a move chooses an edge and deletes both its endpoints (and so every
edge touching them); a loop deletes its one vertex.  **WeightedArcKayles** (impartial): vertex labels are
non-negative integers; a move chooses an edge joining two distinct vertices both > 0 and decrements both
(0-weight vertices play no further part).  **PartizanArcKayles**: edges are blue ``l`` (**Left** may choose
them), red ``r`` (Right) or green ``e`` (either).  Whoever cannot move loses.

Notation: CGSuite's graph strings, ``"--"`` a path on 3 vertices; weights as vertex labels ``"1-2-{10}"``.
Moves are labelled by the chosen edge, ``"1-2"``.  Components: connected components (for the weighted game,
after discarding 0-weight vertices).

On a path of n vertices, a move removes two adjacent vertices and leaves paths of a and b vertices with
a + b = n - 2: exactly Dawson's Kayles in its octal form 0.07 on a heap of n (Winning Ways ch. 4), so
ArcKayles on ``Graph.path(n)`` has the nim value of ``TakeAndBreak("0.07")(n)``:

>>> [ArcKayles(Graph.path(n)).nim_value for n in range(1, 11)]
[0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
>>> ArcKayles(":A----:A").nim_value, WeightedArcKayles("2-2").nim_value    # C4: every move leaves one edge
(0, 0)
>>> str(PartizanArcKayles("lr").value), str(PartizanArcKayles("ll").value)
('*', '1')
"""

from __future__ import annotations

from cgt.runtime.arguments import is_digits, is_integer_value
from cgt.errors import InvalidPositionError
from cgt.kernel.player import Player

from cgt.games.graph.board import Graph
from cgt.games.graph.ruleset import Color, GraphRuleset
from cgt.games.engine.ruleset import ImpartialRuleset

__all__ = ["GenArcKayles", "ArcKayles", "WeightedArcKayles", "PartizanArcKayles", "Graph"]

CATALOGUE = {"GenArcKayles": "game.graph.GenArcKayles", "ArcKayles": "game.graph.ArcKayles",
             "WeightedArcKayles": "game.graph.WeightedArcKayles",
             "PartizanArcKayles": "game.graph.PartizanArcKayles"}

Left, Right = Player.Left, Player.Right


def _weight(token: str) -> int:
    if not is_digits(token):
        raise ValueError(token)
    return int(token)


class GenArcKayles(ImpartialRuleset, GraphRuleset):
    """Arc Kayles, unweighted or weighted (see the module docstring)."""

    abstract = False

    def __init__(self, weighted: bool = False, *, name: str | None = None) -> None:
        self.weighted = bool(weighted)
        self.name = name
        if self.weighted:
            self.vertex_labels = _weight            # a function: digits (or {digits}) -> weight

    def params(self) -> tuple:
        return (self.weighted,)

    def __repr__(self) -> str:
        return self.name if self.name is not None else f"GenArcKayles(weighted={self.weighted})"

    def check(self, graph: Graph) -> None:
        """Unweighted: unlabelled graph.  Weighted: every vertex carries a weight >= 0."""
        if not self.weighted:
            return super().check(graph)
        for v, w in enumerate(graph.vertex_labels, 1):
            if not is_integer_value(w) or w < 0:
                raise InvalidPositionError(f"{self!r}: vertex {v} has label {w!r}; a weight is an integer >= 0 "
                                           f"(write weights as digits or {{12}}: '1-2')")
        for k, (a, b, label) in enumerate(graph.edges):
            if label is not None:
                raise InvalidPositionError(f"{self!r}: edge {a}-{b} (number {k}) has label {label!r}; "
                                           f"edges are unlabelled")

    def format(self, pos: Graph) -> str:
        return pos.to_string(None if self.weighted else self.vertex_labels, self.edge_labels)

    def moves(self, pos: Graph, player=None):
        """``(edge, option)`` for each edge that may be chosen."""
        out = []
        seen = set()
        for a, b, _ in pos.edges:
            if (a, b) in seen:
                continue                         # parallel edges give the same move
            seen.add((a, b))
            if self.weighted:
                wa, wb = pos.vertex_label(a), pos.vertex_label(b)
                if a != b and wa > 0 and wb > 0:
                    out.append((f"{a}-{b}", pos.updated_vertex_labels({a: wa - 1, b: wb - 1})))
            else:
                out.append((f"{a}-{b}", pos.delete_vertices({a, b})))
        return out

    def options(self, pos: Graph, player=None):
        return [o for _, o in self.moves(pos)]

    def components(self, pos: Graph) -> list:
        """Connected components (weighted: of the graph without its 0-weight vertices)."""
        if self.weighted:
            return pos.decomposition(0)
        return pos.decomposition()


class PartizanArcKayles(GraphRuleset):
    """Partizan Arc Kayles: Left chooses blue or green edges, Right red or green (see the module docstring)."""

    abstract = False
    edge_labels = {"l": Color.Blue, "r": Color.Red, "e": Color.Green}
    edge_swap = {Color.Blue: Color.Red, Color.Red: Color.Blue}
    name = "PartizanArcKayles"
    _MAY = {Left: (Color.Blue, Color.Green), Right: (Color.Red, Color.Green)}

    def moves(self, pos: Graph, player: Player):
        """``(edge, option)`` for each edge ``player`` may choose."""
        allowed = self._MAY[Player.parse(player)]
        out, seen = [], set()
        for a, b, colour in pos.edges:
            if colour in allowed and (a, b) not in seen:
                seen.add((a, b))
                out.append((f"{a}-{b}", pos.delete_vertices({a, b})))
        return out

    def left_options(self, pos: Graph):
        return [o for _, o in self.moves(pos, Left)]

    def right_options(self, pos: Graph):
        return [o for _, o in self.moves(pos, Right)]


_PartizanArcKaylesRuleset = PartizanArcKayles
PartizanArcKayles = _PartizanArcKaylesRuleset()
ArcKayles = GenArcKayles(name="ArcKayles")
WeightedArcKayles = GenArcKayles(weighted=True, name="WeightedArcKayles")
ArcKayles.examples = ("------", "---(-;-)", "--(-;--;-)")
WeightedArcKayles.examples = ("1-2-3", "2-{12}-1-1", "1-0-2-2")
PartizanArcKayles.examples = ("llr", "lrl", "l(r;l)", "lrrl")
