"""CGSuite's ``Table`` (a grid of values) and how it prints.

Plain text: each cell is rendered to text and right-aligned to its column's width; cells are joined by
`` | ``; between two rows a line of ``-`` per column, joined by ``-+-``; no outer border.  A ``Nothing``
cell, and a cell missing from a short row, is blank (spaces to its column's width).

>>> print(Table([[1, 2, 10], [300, 4, 5]]))
  1 | 2 | 10
----+---+---
300 | 4 |  5
>>> Table([[1, 2, 10], [300, None]]).text().splitlines()[2]
'300 |   |   '
"""

from __future__ import annotations

from cgt.errors import NotApplicableError

from cgt.shell.values import describe, format_value

__all__ = ["Table", "make_table", "grouped"]


class Table:
    """An immutable table of shell values, row by row (``Table([[a, b], [c, d]])`` in the shell).

    >>> t = Table([[1, 2], [3, 4]])
    >>> t.rows, t == Table([[1, 2], [3, 4]])
    (((1, 2), (3, 4)), True)
    """

    __slots__ = ("rows",)

    def __init__(self, rows) -> None:
        self.rows = tuple(tuple(row) for row in rows)

    def text(self) -> str:
        """The plain-text form."""
        cells = [["" if v is None else format_value(v) for v in row] for row in self.rows]
        columns = max((len(row) for row in cells), default=0)
        for row in cells:
            row.extend([""] * (columns - len(row)))
        widths = [max((len(row[j]) for row in cells), default=0) for j in range(columns)]
        rule = "-+-".join("-" * w for w in widths)
        lines = [" | ".join(cell.rjust(w) for cell, w in zip(row, widths)) for row in cells]
        return f"\n{rule}\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Table({[list(r) for r in self.rows]!r})"

    def __eq__(self, other):
        if not isinstance(other, Table):
            return NotImplemented
        return self.rows == other.rows

    def __hash__(self):
        return hash(self.rows)


def make_table(rows) -> Table:
    """``Table(rows)``: ``rows`` must be a list of lists (each a row of cells).

    >>> make_table([1, 2])
    Traceback (most recent call last):
    ...
    cgt.errors.NotApplicableError: Table needs a list of rows (lists), but row 1 is 1
    """
    if not isinstance(rows, (list, tuple)):
        raise NotApplicableError(f"Table needs a list of rows (lists), got {describe(rows)}")
    for i, row in enumerate(rows, 1):
        if not isinstance(row, (list, tuple)):
            raise NotApplicableError(f"Table needs a list of rows (lists), but row {i} is {describe(row)}")
    return Table(rows)


def grouped(items, n) -> list:
    """``List.Grouped(n)``: consecutive groups of ``n`` elements (the last one possibly shorter).

    >>> grouped([1, 2, 3, 4, 5], 2)
    [[1, 2], [3, 4], [5]]
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise NotApplicableError(f"Grouped needs a positive integer, got {n!r}")
    items = list(items)
    return [items[i:i + n] for i in range(0, len(items), n)]
