"""Hackenbush: players cut edges of a picture standing on the ground; whatever is cut off the ground falls.

Rules (Berlekamp, Conway and Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 1-2 and 7; Albert, Nowakowski and
Wolfe, *Lessons in Play*, ch. 1-3): a position is a graph whose **vertex 1 is the ground**; every edge is
blue (``l``, **Left**'s), red (``r``, Right's) or green (``e``, either player's).  Left deletes a blue or
green edge, Right a red or green edge; then every edge no longer joined to the ground falls off (only the
component containing vertex 1 is kept).  Whoever cannot move loses.  In :func:`GenHackenbush`'s
``childish_edges`` colours, an edge may be deleted only if no other edge falls off (CGSuite's
``game.graph.GenHackenbush(childishEdges)``; ``ChildishHackenbush`` makes blue and red edges childish).

Notation (CGSuite's graph strings, as for its ``cgsuite.util.Graph``): ``"lrl"`` is a stalk from the
ground, ``"eee(e;ee)"`` a tree with branches, ``"ee:Aeeee:A"`` a 4-cycle on a 2-edge stalk, ``":Geeee:G"`` a
4-cycle through the ground.
Moves are labelled by the deleted edge's ends, ``"2-3"``.

Decomposition: the parts of the picture that meet only at the ground are a disjunctive sum.  A move in one
part deletes one of its edges, and whether a vertex of that part still reaches the ground depends only on
that part's edges, because any path from it to the ground that leaves the part must first pass through
the ground; so each move changes exactly one part, as a move in a sum does (Winning Ways ch. 2).

Known values (Winning Ways ch. 2 and 7; Lessons in Play ch. 3): a blue-red string follows Berlekamp's
sign expansion (``"lr"`` = 1/2, ``"lrr"`` = 1/4, ``"llr"`` = 3/2); a green stalk of n edges is ``*n``.

>>> str(Hackenbush("lr").value), str(Hackenbush("lrr").value), str(Hackenbush("llr").value)
('1/2', '1/4', '3/2')
>>> str(Hackenbush("eee").value), str(Hackenbush("e(e;e)").value)    # colon principle: *(1 + (1 ^ 1))
('*3', '*')
>>> str(ChildishHackenbush("lr").value)        # Left's edge would drop Right's: only Right can move
'0'
"""

from __future__ import annotations

from cgt.errors import InvalidPositionError
from cgt.runtime.arguments import collection_argument
from cgt.kernel.player import Player

from cgt.games.graph.board import Graph
from cgt.games.graph.ruleset import Color, GraphRuleset

__all__ = ["GenHackenbush", "Hackenbush", "ChildishHackenbush", "Color"]

CATALOGUE = {"GenHackenbush": "game.graph.GenHackenbush", "Hackenbush": "game.graph.Hackenbush",
             "ChildishHackenbush": "game.graph.ChildishHackenbush"}

Left, Right = Player.Left, Player.Right
_MAY_CUT = {Left: (Color.Blue, Color.Green), Right: (Color.Red, Color.Green)}


def _colour(c) -> Color:
    if isinstance(c, Color):
        return c
    if isinstance(c, str):
        for colour in Color:
            if colour.name.lower() == c.lower():
                return colour
    raise InvalidPositionError(f"GenHackenbush: {c!r} is not a colour (use Color.Blue, Color.Red or Color.Green)")


class GenHackenbush(GraphRuleset):
    """Blue-red-green Hackenbush with optional childish colours (see the module docstring)."""

    abstract = False
    edge_labels = {"l": Color.Blue, "r": Color.Red, "e": Color.Green}
    root = 1
    edge_swap = {Color.Blue: Color.Red, Color.Red: Color.Blue}

    def __init__(self, childish_edges=(), *, name: str | None = None) -> None:
        colours = collection_argument(childish_edges, "GenHackenbush: childish_edges", error=InvalidPositionError)
        self.childish_edges = frozenset(_colour(c) for c in colours)
        self.name = name

    def params(self) -> tuple:
        return (tuple(sorted(c.name for c in self.childish_edges)),)

    def __repr__(self) -> str:
        if self.name is not None:
            return self.name
        return f"GenHackenbush(childish_edges=[{', '.join('Color.' + c for c in self.params()[0])}])"

    # -- positions --------------------------------------------------------------------------------------
    def check(self, graph: Graph) -> None:
        """The graph must be non-empty and connected (vertex 1 is the ground); edges coloured."""
        super().check(graph)
        if graph.is_empty:
            raise InvalidPositionError(f"{self!r}: a position needs at least the ground (vertex 1)")
        comp = graph.connected_component(1)
        if len(comp) < graph.vertex_count:
            stray = next(v for v in range(1, graph.vertex_count + 1) if v not in set(comp))
            raise InvalidPositionError(f"{self!r}: vertex {stray} is not joined to the ground (vertex 1): "
                                       f"the graph must be connected")

    # -- the rules ------------------------------------------------------------------------------------------
    def moves(self, pos: Graph, player: Player):
        """``(label, option)`` for each edge ``player`` may cut, the option being what stays on the ground."""
        side = Player.parse(player)
        allowed = _MAY_CUT[side]
        childish = self.childish_edges
        m = pos.edge_count
        out = []
        for k, (a, b, colour) in enumerate(pos.edges):
            if colour not in allowed:
                continue
            cut = pos.delete_edge(k)
            grounded = cut.connected_component(1)
            if len(grounded) < cut.vertex_count:
                cut = cut.retain_vertices(grounded)
            if colour in childish and cut.edge_count != m - 1:
                continue                      # a childish edge may not drop anything else
            out.append((f"{a}-{b}", cut))
        return out

    def left_options(self, pos: Graph):
        return [o for _, o in self.moves(pos, Left)]

    def right_options(self, pos: Graph):
        return [o for _, o in self.moves(pos, Right)]

    # -- value tables -----------------------------------------------------------------------------------
    def components(self, pos: Graph) -> list:
        """The parts meeting only at the ground (vertex 1), each with its own copy of the ground.

        A loop at the ground is a part by itself.  See the module docstring for why this is a sum.

        >>> [str(p) for p in Hackenbush(":G(r;ee;l:G)").decomposition]
        ['r', 'ee', ':Al:A']
        """
        return pos.parts_at(1)


Hackenbush = GenHackenbush(name="Hackenbush")
ChildishHackenbush = GenHackenbush(childish_edges=[Color.Blue, Color.Red], name="ChildishHackenbush")
GenHackenbush.examples = ("lrl", "le(l;r)", "ler", "l(rl;e)", "lr(l;r;e)")
