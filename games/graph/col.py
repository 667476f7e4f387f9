"""Col, Snort and Fjords: players colour vertices of a graph under adjacency constraints (``GenCol``).

Rules (CGSuite's ``game.graph.GenCol(leftPermitted, rightPermitted)``; Col and Snort are
from Berlekamp, Conway and Guy, *Winning Ways*, 2nd ed., vol. 1, ch. 2, and Conway, *On Numbers and
Games*, ch. 10).  Vertices are untinted (``.`` or nothing, label ``None``) or tinted ``L``/``R`` (labels
``Player.Left``/``Player.Right``).  A player (**Left** or Right) chooses a vertex whose label is in their
permitted list; the chosen vertex is deleted, every untinted neighbour is tinted with that player, and
every neighbour tinted with the opponent is deleted.  A tint thus records which player's move tinted the
vertex.  Whoever cannot move loses.

* ``Col = GenCol([None, Right], [None, Left])``: you may not colour next to your own colour;
* ``Snort = GenCol([None, Left], [None, Right])``: you may not colour next to your opponent's colour;
* ``Fjords = GenCol([Left], [Right])``: you may only play on vertices your own moves tinted.

Positions are graph strings with vertex labels ``L``, ``R``: ``"L-R---L"``.  Moves are labelled by the
vertex number.  Components are the connected components; exchanging the tints negates the value (when the
permitted lists are each other's mirror image, as in all three named games).

Known values (Winning Ways ch. 2): a lone vertex is ``*`` in both games; two joined vertices are ``0`` in
Col and the hot switch ``+-1`` in Snort (derived from the rules in ``tests/games/graph/test_col.py``).

>>> str(Col(".").value), str(Col("-").value), str(Snort("-").value)
('*', '0', '+-1')
>>> str(Col("L").value), str(Snort("L").value)        # only Right may colour it in Col, only Left in Snort
('-1', '1')
"""

from __future__ import annotations

from cgt.errors import InvalidPositionError
from cgt.kernel.player import Player

from cgt.games.graph.board import Graph
from cgt.games.graph.ruleset import GraphRuleset

__all__ = ["GenCol", "Col", "Snort", "Fjords"]

CATALOGUE = {"GenCol": "game.graph.GenCol", "Col": "game.graph.Col", "Snort": "game.graph.Snort",
             "Fjords": "game.graph.Fjords"}

Left, Right = Player.Left, Player.Right
_SWAP = {Left: Right, Right: Left}


def _tint(x):
    if x is None or x is Left or x is Right:
        return x
    if isinstance(x, str):
        if x.lower() in ("nothing", "none", ""):
            return None
        return Player.parse(x)
    raise InvalidPositionError(f"GenCol: {x!r} is not a vertex label (use None for Nothing, Left or Right)")


def _label_name(x) -> str:
    return "Nothing" if x is None else str(x)


class GenCol(GraphRuleset):
    """A vertex-colouring game given by the labels each player may choose (see the module docstring)."""

    abstract = False
    vertex_labels = {"": None, "L": Left, "R": Right}

    def __init__(self, left_permitted, right_permitted, *, name: str | None = None) -> None:
        self.permitted = {Left: frozenset(_tint(x) for x in left_permitted),
                          Right: frozenset(_tint(x) for x in right_permitted)}
        self.name = name
        mirrored = frozenset(_SWAP.get(x, x) for x in self.permitted[Left]) == self.permitted[Right]
        self.vertex_swap = _SWAP if mirrored else None

    def params(self) -> tuple:
        order = {None: 0, Left: 1, Right: 2}
        return tuple(tuple(_label_name(x) for x in sorted(self.permitted[p], key=order.get)) for p in (Left, Right))

    def __repr__(self) -> str:
        if self.name is not None:
            return self.name
        lp, rp = self.params()
        return f"GenCol([{', '.join(lp)}], [{', '.join(rp)}])"

    # -- the rules ------------------------------------------------------------------------------------------
    def moves(self, pos: Graph, player: Player):
        """``(vertex, option)`` for each vertex ``player`` may colour."""
        side = Player.parse(player)
        permitted = self.permitted[side]
        other = side.opponent
        out = []
        for v, label in enumerate(pos.vertex_labels, 1):
            if label not in permitted:
                continue
            gone = {v}
            tinted = {}
            for w in pos.neighbours(v):
                if w == v:
                    continue
                x = pos.vertex_label(w)
                if x is None:
                    tinted[w] = side
                elif x is other:
                    gone.add(w)
            option = pos.updated_vertex_labels(tinted) if tinted else pos
            out.append((str(v), option.delete_vertices(gone)))
        return out

    def left_options(self, pos: Graph):
        return [o for _, o in self.moves(pos, Left)]

    def right_options(self, pos: Graph):
        return [o for _, o in self.moves(pos, Right)]


Col = GenCol([None, Right], [None, Left], name="Col")
Snort = GenCol([None, Left], [None, Right], name="Snort")
Fjords = GenCol([Left], [Right], name="Fjords")
GenCol.examples = (".-.-.-.-.", "L-.-.-R", "L-R-.-L", ".-.-L-.-.")
