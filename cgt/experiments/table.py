"""Grundy tables of two-heap rulesets: an integer array, a text table, and a picture with the P-positions
highlighted (like the figures of Mignoty et al., *Automatic proofs in combinatorial game theory*, and of
Diaconescu, *Computational modelling for combinatorial game strategies*, Figure 2).

``g(a, b)`` is the mex of the values of the options (Sprague-Grundy).  The values reached by single-heap
moves and by whole diagonals of moves are kept as bit sets per column, row and line, so a cell costs a few
integer operations plus its other moves; other rulesets are asked cell by cell.

>>> from cgt.experiments.rules import WythoffMoves
>>> t = grundy_table(WythoffMoves(), 3, 4)
>>> print(t)
a\\b 0 1 2 3 4
  0 0 1 2 3 4
  1 1 2 0 4 5
  2 2 0 1 5 3
  3 3 4 5 6 2
>>> t[2, 1], t.p_positions()
(0, [(0, 0), (1, 2), (2, 1)])
"""

from __future__ import annotations

import io

import numpy as np

from cgt.errors import TooLargeError
from cgt.runtime.interrupt import check_interrupt
from cgt.runtime.progress import Progress

from cgt.experiments.positions import bound_argument
from cgt.experiments.rules import Rules

__all__ = ["GrundyTable", "grundy_table", "MAX_CELLS"]

#: Largest number of cells of a Grundy table.
MAX_CELLS = 4_000_000


def grundy_table(ruleset, rows: int, cols: int) -> "GrundyTable":
    """The Grundy values ``g(a, b)`` for ``0 <= a <= rows``, ``0 <= b <= cols``."""
    rows, cols = bound_argument(rows, "rows"), bound_argument(cols, "cols")
    if (rows + 1) * (cols + 1) > MAX_CELLS:
        raise TooLargeError(f"a {rows + 1} x {cols + 1} Grundy table is over the limit of {MAX_CELLS} cells "
                            "(p_positions needs no table)")
    rules = Rules(ruleset)
    if rules.structured:
        values = _structured(rules, rows, cols)
    else:
        values = np.zeros((rows + 1, cols + 1), dtype=np.int64)
        with Progress("rows", total=rows + 1) as progress:
            for a in range(rows + 1):
                check_interrupt()
                progress.tick()
                for b in range(cols + 1):
                    values[a, b] = ruleset.grundy((a, b))
    return GrundyTable(values, str(getattr(ruleset, "name", None) or ruleset))


def _structured(rules: Rules, rows: int, cols: int) -> np.ndarray:
    values = np.zeros((rows + 1, cols + 1), dtype=np.int64)
    col_bits = [0] * (cols + 1)
    lines: dict[int, list[int]] = {}     # line b - a -> running OR of the bits of its cells, in order of a
    extra_k = extra_l = None
    if rules.has_extra and rules.invariant:
        k, l = np.meshgrid(np.arange(rows + 1), np.arange(cols + 1), indexing="ij")
        legal = rules.extra(rows, cols, k, l) & ((k > 0) | (l > 0))
        extra_k, extra_l = k[legal], l[legal]
    with Progress("rows", total=rows + 1) as progress:
        for a in range(rows + 1):
            check_interrupt()
            progress.tick()
            row_bits = 0
            for b in range(cols + 1):
                seen = 0
                if rules.first != "none" and rules.first_allowed(a, b):
                    seen |= col_bits[b]
                if rules.second_allowed(a, b):
                    seen |= row_bits
                for d in rules.diagonals:
                    line = lines.get(b - a - d)
                    if line:
                        last = a - max(1, 1 - d) - max(0, d + a - b)   # index of the last cell within reach
                        if last >= 0:
                            seen |= line[min(last, len(line) - 1)]
                if rules.has_extra:
                    seen |= _extra_bits(rules, values, a, b, extra_k, extra_l)
                g = (~seen & (seen + 1)).bit_length() - 1
                values[a, b] = g
                bit = 1 << g
                row_bits |= bit
                col_bits[b] |= bit
                line = lines.setdefault(b - a, [])
                line.append((line[-1] if line else 0) | bit)
    return values


def _extra_bits(rules: Rules, values: np.ndarray, a: int, b: int, extra_k, extra_l) -> int:
    if extra_k is not None:
        near = (extra_k <= a) & (extra_l <= b)
        k, l = extra_k[near], extra_l[near]
    else:
        k, l = np.meshgrid(np.arange(a + 1), np.arange(b + 1), indexing="ij")
        legal = rules.extra(a, b, k, l) & ((k > 0) | (l > 0))
        k, l = k[legal], l[legal]
    bits = 0
    for v in np.unique(values[a - k, b - l]).tolist():
        bits |= 1 << v
    return bits


class GrundyTable:
    """``g(a, b)`` as an array (``values``), a text table (``str``) and a picture (``plot``, ``png``)."""

    def __init__(self, values: np.ndarray, name: str = "") -> None:
        self.values = values
        self.name = name

    @property
    def rows(self) -> int:
        """The largest first heap in the table."""
        return self.values.shape[0] - 1

    @property
    def cols(self) -> int:
        """The largest second heap in the table."""
        return self.values.shape[1] - 1

    def __getitem__(self, ab) -> int:
        return int(self.values[ab])

    def p_positions(self) -> list[tuple[int, int]]:
        """The cells of value 0, in row-major order."""
        return [(int(a), int(b)) for a, b in np.argwhere(self.values == 0)]

    def positions_of(self, g: int) -> list[tuple[int, int]]:
        """The cells of value ``g``, in row-major order."""
        return [(int(a), int(b)) for a, b in np.argwhere(self.values == g)]

    def __str__(self) -> str:
        first = max(3, len(str(self.rows)))
        width = max(len(str(int(self.values.max()))), len(str(self.cols)))
        lines = ["a\\b".rjust(first) + " " + " ".join(str(b).rjust(width) for b in range(self.cols + 1))]
        for a in range(self.rows + 1):
            lines.append(str(a).rjust(first) + " " + " ".join(str(int(v)).rjust(width) for v in self.values[a]))
        return "\n".join(lines)

    def plot(self, ax=None, *, highlight: int = 0, title: str | None = None):
        """Draw the table (grey levels by value, cells of value ``highlight`` in black, ``a`` upward) and
        return the ``Axes``.  Needs matplotlib, the optional ``plot`` extra (``pip install 'cgt[plot]'``)."""
        figure = _figure_class()
        if ax is None:
            ax = figure(figsize=(5, 5)).add_subplot()
        from matplotlib.colors import ListedColormap

        shown = np.where(self.values == highlight, -1.0, np.log1p(self.values.astype(float)))
        cmap = ListedColormap(["black"] + [str(0.55 + 0.44 * i / 255) for i in range(256)])
        top = max(float(shown.max()), 1e-9)
        ax.imshow((shown + 1) / (top + 1), cmap=cmap, vmin=0, vmax=1, origin="lower", interpolation="nearest")
        ax.set_xlabel("b (second heap)")
        ax.set_ylabel("a (first heap)")
        ax.set_title(title if title is not None else
                     f"{self.name}: Grundy values, value {highlight} in black")
        return ax

    def png(self, highlight: int = 0) -> bytes:
        """The picture as PNG bytes."""
        figure = _figure_class()(figsize=(5, 5))
        self.plot(figure.add_subplot(), highlight=highlight)
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=100)
        return buffer.getvalue()

    def save_png(self, path, highlight: int = 0) -> None:
        """Write the picture to ``path``."""
        with open(path, "wb") as f:
            f.write(self.png(highlight))

    def _repr_png_(self) -> bytes | None:
        try:
            return self.png()
        except ImportError:
            return None


def _figure_class():
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError("GrundyTable.plot() needs matplotlib, an optional extra: pip install 'cgt[plot]'") from None
    return Figure
