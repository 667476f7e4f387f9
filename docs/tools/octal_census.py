"""Write docs/octal-census.md: every octal game with at most three code digits after the point, its Grundy
sequence to a bound or until the octal periodicity theorem certifies a period.

    python docs/tools/octal_census.py --cluster local --workers 2      # the census on a local Dask cluster
    python docs/tools/octal_census.py --jobs 2                         # ... or on a local process pool
    python docs/tools/octal_census.py --heaps 20000 --page /tmp/t.md    # a smaller bound, elsewhere
    python docs/tools/octal_census.py --heaps 1000000 --seconds 60 ...  # a budget of CPU seconds per code

It is a sweep (``cgt.games.engine.sweep``, the same as ``cgt sweep octal --digits 3 --heaps N``): each code's
record is stored in ``--store`` as it arrives, so a run that was stopped goes on where it stopped, and a run
over a finished store only writes the page.  The page records the command, the bound and the wall time of
the run that computed the records.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "octal-census.md"
HEAPS = 100_000

INTRODUCTION = """\
# A census of octal games

Every octal game `0.d1d2d3` (code digits after the point, the last not 0: 511 games) with its Grundy
sequence computed to heap {heaps:,}{budget_clause}, or until the octal periodicity theorem certifies a period (Winning Ways,
ch. 4; Siegel, *Combinatorial Game Theory*, IV.2): if `g(n + p) = g(n)` for `n0 <= n < 2 n0 + p + k` (`k` the
largest number of tokens a move takes), the sequence is periodic from `n0` on, forever.

Rebuild it with one command (a sweep on a local Dask cluster; resumable, see `docs/parallel.md`):

```sh
{command}
```

{wall}

Of the {total} codes, **{certified} are certified periodic** at this bound and **{open_count} are open**
(no period certified by the heap in `checked to`{open_clause}). `period` and `preperiod` are those
of the certified period (`preperiod` is the first heap of the periodic part, so the last exceptional value is
at `preperiod - 1`); `largest` is the largest Grundy value of the whole sequence for a certified code, and of
the computed part for an open one.

What the literature says, for the codes we can cite:

* Kayles, 0.77: period 12, last exceptional value at heap 70; Dawson's chess, 0.137: period 34, last
  exceptional value at heap 51; Dawson's Kayles, 0.07, is Dawson's chess shifted by one heap (Winning Ways,
  ch. 4). The census agrees (rows below).
* Guy's Officers, 0.6, is open in Winning Ways, ch. 4; it is open here too at heap {officers:,}.

The longest preperiod certified here is {longest_code}'s: {longest_preperiod:,} (period {longest_period:,}); the
longest period, {widest_code}'s: {widest_period:,} (preperiod {widest_preperiod:,}).

The open codes are not claims that no period exists: the octal periodicity theorem needs the period to
repeat for about twice the preperiod plus the period, and some octal games become periodic only very far
out. Our Grundy sequences cost time quadratic in the bound for codes whose values have no sparse space
(`cgt.games.heap.octal_sequence`; in C, about 20 s of CPU to heap 10^6 while the values fit a byte, several
times that for wider ones), which is what sets the bound of this census.

| code | period | preperiod | certified | checked to | largest |
|---|---:|---:|---|---:|---:|
"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--heaps", type=int, default=HEAPS)
    parser.add_argument("--seconds", type=float, default=None,
                        help="CPU seconds per code (the bound then doubles from 16384 heaps while it fits)")
    parser.add_argument("--store", default=None, help="the sweep's SQLite file (default ~/.cache/cgt/sweeps.sqlite)")
    parser.add_argument("--cluster", default=None, metavar="local|ADDRESS", help="run on a Dask cluster")
    parser.add_argument("--workers", type=int, default=2, help="workers of --cluster local")
    parser.add_argument("--jobs", type=int, default=None, help="local worker processes without --cluster")
    parser.add_argument("--page", default=str(PAGE), help="where to write the page")
    parser.add_argument("--wall", default=None, metavar="TIME",
                        help="the measured wall time of the runs that filled the store, e.g. '15 min 13 s wall' or "
                             "'4 h 2 min wall in three runs' (when this run only reads it)")
    arguments = parser.parse_args(argv)

    from cgt.games.engine.sweep import Sweep, octal_census, octal_codes

    codes = octal_codes(3)
    budget = {} if arguments.seconds is None else {"seconds": arguments.seconds}
    sweep = Sweep("octal census", codes, octal_census, store=arguments.store, heaps=arguments.heaps, **budget)
    executor = None
    if arguments.cluster is not None:
        from cgt.games.engine.cluster import DaskExecutor

        executor = DaskExecutor(arguments.cluster, workers=arguments.workers)
    start = time.monotonic()
    try:
        records = sweep.run(executor=executor, jobs=arguments.jobs)
    finally:
        if executor is not None:
            executor.shutdown()
    seconds = time.monotonic() - start

    command = (f"python docs/tools/octal_census.py --heaps {arguments.heaps}"
               + (f" --seconds {arguments.seconds:g}" if arguments.seconds is not None else "")
               + (f" --cluster local --workers {arguments.workers}" if arguments.cluster == "local" else ""))
    if sweep.computed == len(codes):
        wall = (f"This page: {_duration(seconds)} wall on a 2-core machine "
                f"({'a local Dask cluster of ' + str(arguments.workers) + ' workers' if executor else 'local processes'}).")
    elif arguments.wall:
        wall = (f"Computing the records (the same sweep as `cgt sweep octal --digits 3 --heaps "
                f"{arguments.heaps}"
                + (f" --seconds {arguments.seconds:g}" if arguments.seconds is not None else "")
                + f" --cluster local`, resumed until every code was stored) took {arguments.wall} on a 2-core "
                f"machine; this page was then written from the store.")
    else:
        wall = (f"This page was written from a store that already held {len(codes) - sweep.computed} of the "
                f"{len(codes)} records; the full run's wall time is in `docs/performance.md`.")
    _check_literature(records)
    certified = sum(1 for r in records.values() if r["certified"])
    periodic = [(code, r) for code, r in records.items() if r["certified"]]
    longest = max(periodic, key=lambda item: item[1]["preperiod"])
    widest = max(periodic, key=lambda item: item[1]["period"])
    if arguments.seconds is None:
        budget_clause, open_clause = "", ", the bound"
    else:
        budget_clause = (f" (or as far as {arguments.seconds:g} s of CPU per code reach: the bound doubles from "
                         f"16,384 heaps while the next doubling fits the budget)")
        open_clause = f": {arguments.heaps:,}, or where the budget ran out"
    lines = [INTRODUCTION.format(heaps=arguments.heaps, command=command, wall=wall, total=len(codes),
                                 budget_clause=budget_clause, open_clause=open_clause,
                                 officers=records["0.6"]["checked_to"],
                                 certified=certified, open_count=len(codes) - certified,
                                 longest_code=longest[0], longest_preperiod=longest[1]["preperiod"],
                                 longest_period=longest[1]["period"], widest_code=widest[0],
                                 widest_period=widest[1]["period"], widest_preperiod=widest[1]["preperiod"])]
    for code in codes:
        r = records[code]
        lines.append(f"| {code} | {_cell(r['period'])} | {_cell(r['preperiod'])} | "
                     f"{'yes' if r['certified'] else 'open'} | {r['checked_to']:,} | {r['max_value']} |\n")
    pathlib.Path(arguments.page).write_text("".join(lines), encoding="utf-8")
    print(f"{arguments.page}: {len(codes)} codes, {certified} certified, {sweep.computed} computed now, "
          f"{_duration(seconds)}", file=sys.stderr)
    return 0


#: (period, preperiod) of codes whose periods Winning Ways, ch. 4, states (preperiod: last exception + 1).
LITERATURE = {"0.77": (12, 71), "0.137": (34, 52), "0.07": (34, 53)}


def _check_literature(records) -> None:
    """The page says the census agrees with the literature: make sure it does."""
    for code, expected in LITERATURE.items():
        found = (records[code]["period"], records[code]["preperiod"])
        if found != expected or not records[code]["certified"]:
            raise SystemExit(f"{code}: the census found {found}, Winning Ways states {expected}")
    if records["0.6"]["certified"]:
        raise SystemExit("0.6 (Officers) certified periodic: rewrite the page's note on it")


def _cell(value) -> str:
    return "" if value is None else f"{value:,}"


def _duration(seconds: float) -> str:
    minutes, seconds = divmod(int(round(seconds)), 60)
    return f"{minutes} min {seconds} s" if minutes else f"{seconds} s"


if __name__ == "__main__":
    sys.exit(main())
