"""Outcome grids: who wins each member of a two-parameter family of positions, as a table and an image.

``outcome_grid(family, rows, cols)`` solves ``family(r, c)`` for every pair with :func:`cgt.search.solve.solve_all`
(one shared table) and keeps ``"first"``, ``"second"`` or ``"draw"`` per cell, like the picture of
R. Diaconescu, *Computational modelling for combinatorial game strategies*, Figure 2 (the KöMaL heaps
game, second-player wins in blue).  ``str(grid)`` is a text table (``1`` first, ``2`` second, ``=``
draw); ``grid.save_png(path)`` and ``_repr_png_`` (inline in Jupyter) draw it with matplotlib, the optional
``plot`` extra, imported only then.

>>> from cgt.games import Multiples
>>> grid = outcome_grid(Multiples, range(1, 6), range(1, 6))
>>> print(grid)
k\\n 1 2 3 4 5
  1 2 1 1 1 1
  2 1 2 2 1 1
  3 1 2 2 2 1
  4 1 1 2 2 2
  5 1 1 1 2 2
>>> grid[3, 4], grid.count("second")
('second', 11)
"""

from __future__ import annotations

import io

from cgt.errors import CGTError
from cgt.search.solve import solve_all

__all__ = ["OutcomeGrid", "outcome_grid"]

_SYMBOL = {"first": "1", "second": "2", "draw": "="}


def outcome_grid(family, rows, cols, player=None, *, row_name: str = "k", col_name: str = "n",
                 max_states: int = 5_000_000) -> "OutcomeGrid":
    """Solve ``family(r, c)`` for every ``r`` in ``rows`` and ``c`` in ``cols`` (see the module docstring)."""
    rows, cols = list(rows), list(cols)
    positions = {(r, c): family(r, c) for r in rows for c in cols}
    solution = solve_all(list(positions.values()), player, max_states=max_states)
    cells = {rc: solution.result_of(p, player) for rc, p in positions.items()}
    return OutcomeGrid(rows, cols, cells, row_name, col_name, repr(getattr(family, "name", None) or family))


class OutcomeGrid:
    """Results ``grid[r, c]`` of a two-parameter family; a table (``str``) and a PNG image."""

    def __init__(self, rows, cols, cells, row_name="k", col_name="n", title="") -> None:
        self.rows, self.cols, self.cells = rows, cols, cells
        self.row_name, self.col_name, self.title = row_name, col_name, title

    def __getitem__(self, rc) -> str:
        return self.cells[rc]

    def count(self, result: str) -> int:
        """How many cells have ``result``."""
        return sum(1 for v in self.cells.values() if v == result)

    def __str__(self) -> str:
        width = max(len(str(x)) for x in list(self.rows) + list(self.cols) + [self.row_name + "\\" + self.col_name])
        head = [f"{self.row_name}\\{self.col_name}".rjust(width)] + [str(c).rjust(width) for c in self.cols]
        lines = [" ".join(head)]
        for r in self.rows:
            lines.append(" ".join([str(r).rjust(width)] + [_SYMBOL[self.cells[r, c]].rjust(width)
                                                            for c in self.cols]))
        return "\n".join(lines)

    def figure(self):
        """A matplotlib figure: second-player wins blue, first-player wins white, draws grey."""
        try:
            from matplotlib.colors import ListedColormap
            from matplotlib.figure import Figure
        except ImportError:
            raise CGTError("outcome grid images need matplotlib: pip install 'cgt[plot]'") from None
        code = {"first": 0, "draw": 1, "second": 2}
        data = [[code[self.cells[r, c]] for c in self.cols] for r in self.rows]
        fig = Figure(figsize=(max(3, len(self.cols) / 12 + 2), max(3, len(self.rows) / 12 + 2)))
        ax = fig.add_subplot()
        ax.imshow(data, cmap=ListedColormap(["white", "0.7", "tab:blue"]), vmin=0, vmax=2,
                  origin="lower", interpolation="nearest",
                  extent=(self.cols[0] - 0.5, self.cols[-1] + 0.5, self.rows[0] - 0.5, self.rows[-1] + 0.5))
        ax.set_xlabel(self.col_name)
        ax.set_ylabel(self.row_name)
        ax.set_title(f"{self.title}: second player wins in blue" + (", draws grey" if self.count("draw") else ""))
        return fig

    def png(self) -> bytes:
        """The image as PNG bytes."""
        buffer = io.BytesIO()
        self.figure().savefig(buffer, format="png", dpi=100)
        return buffer.getvalue()

    def save_png(self, path) -> None:
        """Write the image to ``path``."""
        with open(path, "wb") as f:
            f.write(self.png())

    def _repr_png_(self) -> bytes:
        return self.png()

