"""Sweeps: one task over every item of a family, resumable, stored as results arrive.

A :class:`Sweep` names a family of items (every octal code of up to three digits, every board of a shape up
to symmetry, a box of two-heap positions) and a task that maps one item to a small record (a dict of
numbers and strings).  :meth:`Sweep.run` sends the items not yet done to an executor (serial, a local
process pool, or a Dask cluster: :class:`~cgt.games.engine.cluster.DaskExecutor`), stores each record in a
SQLite table as soon as it arrives (the parent is the only writer), and skips what is stored when run again:
an interrupted sweep resumes where it stopped.  :meth:`Sweep.table` is the summary.

>>> import tempfile, os
>>> store = os.path.join(tempfile.mkdtemp(), "sweep.sqlite")
>>> census = Sweep("octal", octal_codes(1), octal_census, store=store, heaps=2000)
>>> records = census.run(executor=SerialExecutor())
>>> records["0.7"]                  # remove one token, leave 0, 1 or 2 heaps: g(n) = n mod 2
{'period': 2, 'preperiod': 0, 'certified': True, 'checked_to': 128, 'max_value': 1}
>>> census.run(executor=SerialExecutor()) == records, census.computed      # the second run reads the store
(True, 0)
>>> print(census.table(["0.1", "0.7"]))
| item | period | preperiod | certified | checked_to | max_value |
|---|---|---|---|---|---|
| 0.1 | 1 | 2 | True | 128 | 1 |
| 0.7 | 2 | 0 | True | 128 | 1 |
"""

from __future__ import annotations

import itertools
import json
import os
import sqlite3
import time

from cgt.errors import CGTError, NotApplicableError
from cgt.runtime.arguments import integer_argument
from cgt.runtime.user_files import user_cache_folder

from cgt.games.engine.parallel import SerialExecutor, choose_executor, run_each

__all__ = ["Sweep", "SweepError", "octal_codes", "octal_census", "grid_boards", "board_value",
           "heap_box", "position_grundy", "default_store"]


class SweepError(CGTError, OSError):
    """The sweep's store cannot be used (not a SQLite file, written by another task)."""


def default_store() -> str:
    """``sweeps.sqlite`` in the user's cache folder (``~/.cache/cgt``)."""
    return os.path.join(user_cache_folder(), "sweeps.sqlite")


# -- families ------------------------------------------------------------------------------------------

def octal_codes(digits: int) -> list[str]:
    """Every octal code ``0.d1...dk`` with ``1 <= k <= digits`` and a last digit that is not 0.

    >>> octal_codes(1)
    ['0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7']
    >>> len(octal_codes(3))
    511
    """
    digits = integer_argument(digits, "octal_codes: digits", minimum=1, error=NotApplicableError)
    if digits > 6:
        raise NotApplicableError(f"octal_codes: at most 6 digits (8^6 codes), got {digits}")
    codes = []
    frontier = [""]
    for _ in range(digits):
        frontier = [f + d for f in frontier for d in "01234567"]
        codes.extend("0." + f for f in frontier if f[-1] != "0")
    return codes


def grid_boards(ruleset, rows: int, columns: int, cells: str | None = None) -> list[str]:
    """Every board of ``ruleset`` within ``rows`` x ``columns`` whose cells are characters of ``cells``
    (default: the ruleset's whole char map), one per class of the ruleset's own normal form (its symmetries
    and negation), as the ruleset writes it.

    >>> from cgt.games import Domineering, Clobber
    >>> grid_boards(Domineering, 1, 2)
    ['##', '.#', '..']
    >>> grid_boards(Clobber, 1, 2, "xo")          # "oo" is the negative of "xx": one class
    ['xo', 'xx']
    """
    rows = integer_argument(rows, "grid_boards: rows", minimum=1, error=NotApplicableError)
    columns = integer_argument(columns, "grid_boards: columns", minimum=1, error=NotApplicableError)
    chars = ruleset.char_map if cells is None else cells
    if not isinstance(chars, str) or not chars:
        raise NotApplicableError(f"grid_boards: cells must be a string of board characters, got {chars!r}")
    count = len(chars) ** (rows * columns)
    if count > 1 << 20:
        raise NotApplicableError(f"grid_boards: {rows} x {columns} boards of {chars!r} are {count:,} boards; at "
                                 f"most 2^20")
    seen = {}
    for board in itertools.product(chars, repeat=rows * columns):
        text = "|".join("".join(board[r * columns:(r + 1) * columns]) for r in range(rows))
        key, _ = ruleset.normal_form(ruleset.parse(text))
        seen.setdefault(key, text)
    return sorted(seen.values())


def heap_box(first: int, second: int) -> list[str]:
    """The two-heap positions ``a b`` with ``a <= first`` and ``b <= second``, as text.

    >>> heap_box(1, 1)
    ['0 0', '0 1', '1 0', '1 1']
    """
    first = integer_argument(first, "heap_box: first", minimum=0, error=NotApplicableError)
    second = integer_argument(second, "heap_box: second", minimum=0, error=NotApplicableError)
    return [f"{a} {b}" for a in range(first + 1) for b in range(second + 1)]


# -- tasks (module-level functions: they travel to workers by name) ------------------------------------

def octal_census(code: str, heaps: int, seconds: float | None = None) -> dict:
    """The Grundy sequence of the octal game ``code`` to ``heaps`` heaps, or until the octal periodicity
    theorem certifies a period: the period and preperiod (None where none was found), whether certified,
    how far the sequence was computed, and its largest value (for a certified period, of the whole
    sequence).

    ``seconds``: a budget of CPU time for one code.  The bound then grows by doubling from 2^14 heaps (or
    ``heaps``, if less), and stops short of ``heaps`` when the next doubling would pass the budget (the cost
    of a sequence grows at most quadratically with its length, so the next doubling costs at most three
    times what was spent so far); ``checked_to`` says where it stopped.

    >>> octal_census("0.77", 1000)["period"]
    12
    >>> octal_census("0.6", 10**6, seconds=0)["checked_to"]         # no time: the first bound only
    16384
    """
    from cgt.games.heap.take_and_break import TakeAndBreak

    game = TakeAndBreak(code)
    start = time.process_time()
    bound = heaps if seconds is None else min(heaps, 1 << 14)
    while True:
        found = game.periodicity(limit=bound)
        spent = time.process_time() - start
        if found.found or bound >= heaps or 4 * spent > seconds:
            break
        bound = min(heaps, 2 * bound)
    sequence = game.known_grundy_values()
    checked = found.checked_to if found.found else bound
    sequence = game.grundy_sequence(checked) if len(sequence) <= checked else sequence[:checked + 1]
    if found.found:
        largest = max(sequence[:found.preperiod + found.period], default=0)
    else:
        largest = max(sequence, default=0)
    record = {"period": found.period, "preperiod": found.preperiod, "certified": found.certified,
              "checked_to": checked, "max_value": largest}
    game.clear_cache()
    return record


def board_value(ruleset, board: str) -> dict:
    """The canonical value of a board, as text."""
    return {"value": str(ruleset.value(ruleset.parse(board)))}


def position_grundy(ruleset, position: str) -> dict:
    """The Grundy value of a position of an impartial ruleset."""
    return {"grundy": ruleset.grundy(ruleset.parse(position))}


def _run_task(task, items, ruleset, parameters):
    if ruleset is None:
        return [task(item, **parameters) for item in items]
    return [task(ruleset, item, **parameters) for item in items]


# -- the sweep -----------------------------------------------------------------------------------------

_COMMIT_EVERY = 1.0          # seconds between two commits of a running sweep's store


class Sweep:
    """``task`` over ``items``, stored under ``name`` in the SQLite file ``store`` (default:
    :func:`default_store`).

    ``task`` is a module-level function (it travels to workers by name): ``task(item, **parameters)``, or
    ``task(ruleset, item, **parameters)`` when a ruleset is given.  A record is stored under the sweep's
    name and its parameters, so a sweep run again with other parameters starts afresh.
    """

    def __init__(self, name: str, items, task, *, ruleset=None, store: str | None = None, chunk: int = 1,
                 **parameters) -> None:
        if not isinstance(name, str) or not name:
            raise NotApplicableError(f"Sweep: name must be a non-empty string, got {name!r}")
        chunk = integer_argument(chunk, "Sweep: chunk", minimum=1, error=NotApplicableError)
        self.name = name
        self.items = [str(item) for item in items]
        self.task = task
        self.ruleset = ruleset
        self.parameters = parameters
        self.chunk = chunk
        self.store = os.path.abspath(os.path.expanduser(store or default_store()))
        self.key = json.dumps([name, getattr(task, "__qualname__", repr(task)),
                               None if ruleset is None else repr(ruleset), parameters], sort_keys=True)
        self.computed = 0            # items computed (not read from the store) by the last run
        self.seconds = 0.0           # wall time of the last run

    # the store
    def _connect(self) -> sqlite3.Connection:
        folder = os.path.dirname(self.store)
        try:
            os.makedirs(folder, exist_ok=True)
            connection = sqlite3.connect(self.store)
            connection.execute("CREATE TABLE IF NOT EXISTS sweep_results (sweep TEXT NOT NULL, item TEXT NOT NULL, "
                               "record TEXT NOT NULL, PRIMARY KEY (sweep, item))")
        except (OSError, sqlite3.Error) as error:
            raise SweepError(f"sweep store {self.store}: {error}") from None
        return connection

    def done(self) -> dict:
        """The stored records of this sweep, ``{item: record}``."""
        connection = self._connect()
        try:
            rows = connection.execute("SELECT item, record FROM sweep_results WHERE sweep = ?", (self.key,))
            return {item: json.loads(record) for item, record in rows}
        finally:
            connection.close()

    def run(self, *, executor=None, jobs: int | None = None) -> dict:
        """Compute the records of the items not yet stored (each stored as it arrives, committed to the file
        within a second); all records, in the order of the items.  Ctrl-C stops the run; what was stored stays, and the next run goes on from
        there."""
        start = time.monotonic()
        stored = self.done()
        todo = [item for item in dict.fromkeys(self.items) if item not in stored]
        groups = [todo[i:i + self.chunk] for i in range(0, len(todo), self.chunk)]
        arguments = [(self.task, group, self.ruleset, self.parameters) for group in groups]
        executor = choose_executor(executor, jobs) if len(groups) > 1 else SerialExecutor()
        self.computed = 0
        connection = self._connect()
        committed = time.monotonic()
        try:
            for i, records in run_each(executor, _run_task, arguments):
                rows = list(zip(groups[i], records))
                connection.executemany("INSERT OR REPLACE INTO sweep_results VALUES (?, ?, ?)",
                                       [(self.key, item, json.dumps(r)) for item, r in rows])
                stored.update(rows)
                self.computed += len(rows)
                # A commit waits for the disk: one a second at most (and one at the end, however the run ends).
                if time.monotonic() - committed >= _COMMIT_EVERY:
                    connection.commit()
                    committed = time.monotonic()
        finally:
            connection.commit()
            connection.close()
        self.seconds = time.monotonic() - start
        return {item: stored[item] for item in self.items if item in stored}

    def table(self, items=None) -> str:
        """The stored records as a Markdown table, one row per item (``items``: a selection, in order); a ``|``
        in a cell (a board's row separator, a game's bars) is written ``\\|``."""
        records = self.done()
        chosen = [i for i in (self.items if items is None else items) if i in records]
        columns = list(dict.fromkeys(k for i in chosen for k in records[i]))
        lines = ["| item | " + " | ".join(columns) + " |", "|---" * (len(columns) + 1) + "|"]
        for item in chosen:
            cells = [item] + ["" if records[item].get(c) is None else str(records[item].get(c)) for c in columns]
            lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Sweep({self.name!r}, {len(self.items)} items, store={self.store!r})"
