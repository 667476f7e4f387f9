"""``cgt sweep``: a resumable sweep over a family of games (:mod:`cgt.games.engine.sweep`), printed as a
Markdown table.

* ``cgt sweep octal --digits 3 --heaps 100000``: every octal code ``0.d1d2d3`` (last digit not 0), its
  Grundy sequence to the given heap or until the octal periodicity theorem certifies a period;
* ``cgt sweep boards Domineering --rows 3 --columns 3``: the value of every board within the rectangle, one
  per symmetry class of the ruleset (``--cells xo``: only those characters in the cells);
* ``cgt sweep heaps Kayles --first 20 --second 20``: the Grundy value of every two-heap position in the box.

The ruleset is a name of the catalogue (``Domineering``) or a CGScript ruleset from a ``.cgs`` file on the
search path (``--path FOLDER``, repeatable, and ``CGT_PATH``), named as the shell names it:
``cgt sweep boards mygames.MyDomineering --path FOLDER ...``, ``cgt sweep heaps 'StepGame(2)' ...``.  Each
worker process rebuilds it from the search path and that text (:mod:`cgt.shell.script_rulesets`); the
store key holds a digest of the file, so a changed file starts afresh.

Records are stored as they arrive (``--store``, default ``~/.cache/cgt/sweeps.sqlite``); the same command
run again skips what is stored, so an interrupted sweep resumes.  ``--cluster local`` runs the jobs on a
Dask cluster of ``--workers`` processes on this machine, ``--cluster ADDRESS`` on a running cluster (the
``cluster`` extra); without it, on a local process pool (``--jobs``).

>>> import os, tempfile
>>> store = os.path.join(tempfile.mkdtemp(), "s.sqlite")
>>> main(["heaps", "Kayles", "--first", "1", "--second", "2", "--store", store, "--jobs", "1", "--quiet"])
| item | grundy |
|---|---|
| 0 0 | 0 |
| 0 1 | 1 |
| 0 2 | 2 |
| 1 0 | 1 |
| 1 1 | 0 |
| 1 2 | 3 |
0
"""

from __future__ import annotations

import argparse
import sys

from cgt.errors import CGTError

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cgt sweep", description="Run a resumable sweep over a family of "
                                     "games and print its table (Markdown).")
    family = parser.add_subparsers(dest="family", required=True, metavar="FAMILY")
    octal = family.add_parser("octal", help="every octal code of up to --digits digits after the point")
    octal.add_argument("--digits", type=int, default=2, help="code digits after the point (1 to 6; default 2)")
    octal.add_argument("--heaps", type=int, default=10_000,
                       help="compute each Grundy sequence to this heap unless a period is certified before")
    octal.add_argument("--seconds", type=float, default=None,
                       help="CPU seconds per code: stop short of --heaps (at a doubling from 16384 heaps) when the "
                            "next doubling would pass them")
    boards = family.add_parser("boards", help="every board of a grid ruleset within a rectangle")
    boards.add_argument("ruleset", help="a ruleset of cgt.games, e.g. Domineering, or a CGScript grid ruleset "
                                        "on the search path, e.g. mygames.MyDomineering")
    boards.add_argument("--rows", type=int, required=True)
    boards.add_argument("--columns", type=int, required=True)
    boards.add_argument("--cells", default=None, help="the board characters a cell may hold (default: all of "
                                                       "the ruleset's, e.g. '.#' for Domineering)")
    heaps = family.add_parser("heaps", help="every two-heap position of an impartial ruleset within a box")
    heaps.add_argument("ruleset", help="an impartial ruleset of cgt.games, e.g. Kayles or Wythoff, or a CGScript "
                                       "heap ruleset on the search path, e.g. 'mygames.MySubtraction([1, 2])'")
    heaps.add_argument("--first", type=int, required=True, help="largest first heap")
    heaps.add_argument("--second", type=int, required=True, help="largest second heap")
    for sub in (boards, heaps):
        sub.add_argument("--path", action="append", default=[], metavar="FOLDER",
                         help="a folder of .cgs files to search first for the ruleset (repeatable)")
    for sub in (octal, boards, heaps):
        sub.add_argument("--store", default=None, help="the SQLite file of results (default ~/.cache/cgt/sweeps.sqlite)")
        sub.add_argument("--cluster", default=None, metavar="local|ADDRESS",
                         help="run on a Dask cluster: 'local' starts one on this machine")
        sub.add_argument("--workers", type=int, default=2, help="worker processes of --cluster local (default 2)")
        sub.add_argument("--jobs", type=int, default=None, help="local worker processes without --cluster "
                                                                  "(default: one per core; 1 is serial)")
        sub.add_argument("--chunk", type=int, default=1, help="items per job (default 1)")
        sub.add_argument("--quiet", action="store_true", help="no summary line on standard error")
    return parser


def _sweep(arguments):
    from cgt.games.engine.sweep import (Sweep, board_value, grid_boards, heap_box, octal_census, octal_codes,
                                        position_grundy)

    common = {"store": arguments.store, "chunk": arguments.chunk}
    if arguments.family == "octal":
        if arguments.heaps < 1:
            raise ValueError("--heaps must be at least 1")
        if arguments.seconds is not None and arguments.seconds < 0:
            raise ValueError("--seconds must not be negative")
        budget = {} if arguments.seconds is None else {"seconds": arguments.seconds}
        return Sweep("octal census", octal_codes(arguments.digits), octal_census, heaps=arguments.heaps,
                     **budget, **common)
    ruleset = _ruleset(arguments.ruleset, arguments.path)
    if arguments.family == "boards":
        return Sweep("boards", grid_boards(ruleset, arguments.rows, arguments.columns, arguments.cells), board_value,
                     ruleset=ruleset, **common)
    if arguments.first < 0 or arguments.second < 0:
        raise ValueError("--first and --second must be at least 0")
    if not hasattr(ruleset, "grundy"):
        raise ValueError(f"{arguments.ruleset} is not impartial: it has no Grundy values")
    return Sweep("heaps", heap_box(arguments.first, arguments.second), position_grundy, ruleset=ruleset, **common)


def _ruleset(name: str, folders: list):
    """The catalogue's ruleset called ``name``, else the CGScript ruleset ``name`` denotes on the search path
    (``folders`` first)."""
    from cgt.games.engine import catalogue
    from cgt.shell.errors import ShellError
    from cgt.shell.script_rulesets import load_script_ruleset

    if name.isidentifier():
        try:
            return catalogue.load(name)
        except catalogue.CatalogueError:
            pass
    try:
        return load_script_ruleset(name, folders)
    except ShellError as error:
        raise ValueError(f"{name} is not a ruleset of cgt.games nor a CGScript ruleset on the search path "
                         f"({error})") from None


def _executor(arguments):
    if arguments.cluster is None:
        return None
    from cgt.games.engine.cluster import DaskExecutor

    return DaskExecutor(arguments.cluster, workers=arguments.workers)


def main(argv: list[str]) -> int:
    """Run ``cgt sweep``; returns the exit status (0; 2 for bad arguments or a failed sweep; 130 on Ctrl-C)."""
    arguments = _parser().parse_args(argv)
    executor = None
    try:
        sweep = _sweep(arguments)
        executor = _executor(arguments)
        sweep.run(executor=executor, jobs=arguments.jobs)
    except (CGTError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: the records stored so far are kept; run the same command again to go on",
              file=sys.stderr)
        return 130
    finally:
        if executor is not None:
            executor.shutdown()
    print(sweep.table())
    if not arguments.quiet:
        print(f"{len(sweep.items)} items, {sweep.computed} computed now, {len(sweep.items) - sweep.computed} "
              f"from {sweep.store}; {sweep.seconds:.1f} s", file=sys.stderr)
    return 0
