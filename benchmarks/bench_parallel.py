"""Parallel jobs (serial vs 2 workers) and the on-disk results cache.

Run:  python benchmarks/bench_parallel.py [--repeat 2] [--only NAME ...] [--baseline SHIM]

Every cell runs in a fresh Python process (so worker start-up, imports and empty tables are paid every
time, as a user pays them) and the best wall-clock time of ``--repeat`` runs is printed.  Workloads:

* ``dom-table``    -- values of 12 Domineering rectangles (2x2 .. 4x6, 5x5): :func:`parallel.values`;
* ``dom-parts``    -- one Domineering board made of three separate regions (5x5, 4x6, 3x7):
  :func:`parallel.value` solves the components in workers and adds them in the parent;
* ``dom-options``  -- the 5x5 board alone, split into its options (:func:`parallel.value`);
* ``octal``        -- Grundy sequences of five octal games to heap 12000: :func:`parallel.grundy_sequences`;
* ``levels``       -- Domineering 4x5 and Clobber 3x4 by the level-by-level build (:func:`parallel.build_values`)
  against the generic engine;
* ``cache``        -- a Domineering 5x4 board, a Clobber 3x4 board and the octal game 0.6 to heap 6000,
  with the results cache off, on with an empty file (first session) and on again (second session).

Besides wall-clock times, each row gives the CPU seconds used (parent + workers) and the *critical path*
(the parent's CPU plus the busiest worker's): on a machine whose cores are free, the parallel wall time
approaches the critical path, and "CPU bound" = serial CPU / critical path is the speed-up to expect; the
wall-clock speed-up is lower when other processes compete for the cores (the load average is printed).

``--baseline SHIM`` also times the ``cache`` workload on another copy of the library (a folder whose ``cgt``
package contains ``games`` and ``shell``, e.g. a revision without the cache hooks) to check that the
disabled hooks cost nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def board(rows: int, cols: int) -> str:
    return "|".join(["." * cols] * rows)


def beside(*regions: tuple[int, int]) -> str:
    """Rectangles side by side, separated by a column of filled cells (aligned at the top)."""
    height = max(r for r, _ in regions)
    lines = []
    for i in range(height):
        parts = [("." if i < r else "#") * c for r, c in regions]
        lines.append("#".join(parts))
    return "|".join(lines)


RECTANGLES = [(2, 2), (2, 3), (3, 3), (2, 5), (3, 4), (3, 5), (4, 4), (3, 6), (4, 5), (2, 8), (4, 6), (5, 5)]
OCTALS = ["0.6", "0.106", "0.127", "0.16", "0.56"]


def cell(name: str, jobs: int, cache_path: str | None) -> dict:
    """Run one workload in this process; returns its wall time and a digest of its result."""
    import cgt
    from cgt.games import Clobber, Domineering, TakeAndBreak
    from cgt.games.engine import parallel
    from cgt.games.engine import results_cache

    if jobs == 1:
        executor = parallel.SerialExecutor()
    else:
        executor = parallel.LocalExecutor(jobs)
    start = time.perf_counter()
    cpu_start = time.process_time()
    if name == "dom-table":
        result = [str(v) for v in parallel.values(Domineering, [board(r, c) for r, c in RECTANGLES],
                                                  executor=executor)]
    elif name == "dom-parts":
        result = str(parallel.value(Domineering, beside((5, 5), (4, 6), (3, 7)), executor=executor))
    elif name == "dom-options":
        result = str(parallel.value(Domineering, board(5, 5), executor=executor))
    elif name == "octal":
        result = [s[-5:] for s in parallel.grundy_sequences([TakeAndBreak(c) for c in OCTALS], 12000,
                                                            executor=executor)]
    elif name == "levels":
        result = [str(v) for v in parallel.build_values(Domineering, [board(4, 5)], executor=executor)]
        result += [str(v) for v in parallel.build_values(Clobber, ["xoxo|oxox|xoxo"], executor=executor)]
    elif name == "levels-engine":            # the same positions by the generic engine, serially
        from cgt.games.engine.engine import canonical_value

        result = [str(canonical_value(Domineering, Domineering(board(4, 5)).position)),
                  str(Clobber("xoxo|oxox|xoxo").value)]
    elif name == "cache":
        if cache_path is not None:
            results_cache.enable(cache_path)
        result = [str(Domineering(board(5, 4)).value), str(Clobber("xoxo|oxox|xoxo").value),
                  TakeAndBreak("0.6").grundy_sequence(6000)[-5:]]
        results_cache.flush()
    else:
        raise SystemExit(f"unknown workload {name!r}")
    elapsed = time.perf_counter() - start
    parent_cpu = time.process_time() - cpu_start
    workers = [_cpu_of(pid) for pid in executor.worker_pids()] if jobs > 1 else []
    executor.shutdown()
    del cgt
    return {"seconds": elapsed, "result": result, "cpu": parent_cpu + sum(workers),
            "critical": parent_cpu + max(workers, default=0.0)}


def _cpu_of(pid: int) -> float:
    """User + system CPU seconds of a running process (Linux /proc), 0.0 elsewhere."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def run_cell(name: str, jobs: int, cache_path: str | None = None, pythonpath: str | None = None) -> dict:
    env = dict(os.environ)
    env.pop("CGT_CACHE", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    args = [sys.executable, os.path.abspath(__file__), "--cell", name, "--jobs", str(jobs)]
    if cache_path:
        args += ["--cache", cache_path]
    out = subprocess.run(args, capture_output=True, text=True, env=env, cwd=tempfile.gettempdir() if pythonpath else ROOT)
    if out.returncode:
        raise SystemExit(f"{name} (jobs={jobs}) failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def best(name: str, jobs: int, repeat: int, **kw) -> dict:
    runs = [run_cell(name, jobs, **kw) for _ in range(repeat)]
    results = {json.dumps(r["result"]) for r in runs}
    assert len(results) == 1, f"{name}: runs disagree"
    return {key: min(r[key] for r in runs) for key in ("seconds", "cpu", "critical")} | {"result": runs[0]["result"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cell")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cache")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--baseline")
    args = parser.parse_args()
    if args.cell:
        print(json.dumps(cell(args.cell, args.jobs, args.cache)))
        return
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"cores: {os.cpu_count()}, load average at start: {load:.1f}; best of {args.repeat}, fresh process each")
    wanted = set(args.only) if args.only else None
    print(f"{'workload':<14} {'serial':>9} {'2 workers':>10} {'speed-up':>9}   {'CPU serial':>10} {'CPU 2 jobs':>10} "
          f"{'critical path':>13} {'CPU bound':>9}")
    for name in ["dom-table", "dom-parts", "dom-options", "octal", "levels"]:
        if wanted and name not in wanted:
            continue
        serial = best(name, 1, args.repeat)
        two = best(name, 2, args.repeat)
        assert serial["result"] == two["result"], f"{name}: parallel result differs from serial"
        print(f"{name:<14} {serial['seconds']:8.2f}s {two['seconds']:9.2f}s {serial['seconds'] / two['seconds']:8.2f}x   "
              f"{serial['cpu']:9.2f}s {two['cpu']:9.2f}s {two['critical']:12.2f}s "
              f"{serial['cpu'] / two['critical']:8.2f}x", flush=True)
        if name == "levels":
            engine = best("levels-engine", 1, args.repeat)
            assert engine["result"] == serial["result"]
            print(f"{'  (engine)':<14} {engine['seconds']:8.2f}s   generic engine, serial, same positions", flush=True)
    if wanted and "cache" not in wanted:
        return
    off = best("cache", 1, args.repeat)
    rows = [("cache off", off)]
    if args.baseline:
        rows.append(("before hooks", best("cache", 1, args.repeat, pythonpath=args.baseline)))
    colds, warm = [], None
    for _ in range(args.repeat):
        folder = tempfile.mkdtemp()
        path = os.path.join(folder, "results.sqlite")
        colds.append(run_cell("cache", 1, cache_path=path))
        warm_run = run_cell("cache", 1, cache_path=path)
        warm = warm_run if warm is None or warm_run["seconds"] < warm["seconds"] else warm
        size = os.path.getsize(path)
    cold = min(colds, key=lambda r: r["seconds"])
    rows += [("cache on, 1st", cold), ("cache on, 2nd", warm)]
    for label, r in rows:
        assert r["result"] == off["result"], f"{label}: result differs"
        print(f"{label:<14} {r['seconds']:8.3f}s", flush=True)
    print(f"cache file after one session: {size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
