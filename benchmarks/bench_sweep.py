"""Sweeps (``cgt.games.engine.sweep``) on one process, a local process pool and a local Dask cluster.

Run:  python benchmarks/bench_sweep.py [--workers 2] [--heaps 20000]

Two sweeps, each from an empty store and after ``cgt.clear_caches()``:

* ``octal``  -- the census task (``octal_census``) over every octal code of up to two digits (63 codes), to
  ``--heaps`` or a certified period;
* ``boards`` -- the value of every full 3 x 4 Clobber board (each cell a black or a white stone), one per
  symmetry class.

Each is run serially, on ``LocalExecutor(workers)`` and on ``DaskExecutor(workers=workers)`` (a
``LocalCluster``; its start-up, about two seconds, is timed separately and not included).  Wall-clock
seconds; the speed-up is serial / parallel; every run's records must equal the serial ones.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--heaps", type=int, default=20_000)
    arguments = parser.parse_args()

    import cgt
    from cgt.games import Clobber
    from cgt.games.engine.cluster import DaskExecutor
    from cgt.games.engine.parallel import LocalExecutor, SerialExecutor
    from cgt.games.engine.sweep import Sweep, board_value, grid_boards, octal_census, octal_codes

    folder = tempfile.mkdtemp()
    boards = grid_boards(Clobber, 3, 4, "xo")
    sweeps = {
        "octal": lambda store: Sweep("octal", octal_codes(2), octal_census, store=store, heaps=arguments.heaps),
        "boards": lambda store: Sweep("boards", boards, board_value, ruleset=Clobber, store=store, chunk=4),
    }
    start = time.perf_counter()
    dask = DaskExecutor(workers=arguments.workers)
    dask_start = time.perf_counter() - start
    executors = {"serial": SerialExecutor(), f"local pool ({arguments.workers})": LocalExecutor(arguments.workers),
                 f"Dask LocalCluster ({arguments.workers})": dask}
    print(f"Dask LocalCluster start-up: {dask_start:.1f} s")
    print("| sweep | items | " + " | ".join(executors) + " |")
    print("|---|---:|" + "---:|" * len(executors))
    for name, make in sweeps.items():
        cells, reference = [], None
        for label, executor in executors.items():
            cgt.clear_caches()
            sweep = make(os.path.join(folder, f"{name}-{len(cells)}.sqlite"))
            t = time.perf_counter()
            records = sweep.run(executor=executor)
            seconds = time.perf_counter() - t
            if reference is None:
                reference, serial = records, seconds
                cells.append(f"{seconds:.1f} s")
            else:
                assert records == reference, f"{name} on {label}: records differ from the serial run"
                cells.append(f"{seconds:.1f} s ({serial / seconds:.2f}x)")
        print(f"| {name} | {len(reference)} | " + " | ".join(cells) + " |")
    for executor in executors.values():
        executor.shutdown()


if __name__ == "__main__":
    main()
