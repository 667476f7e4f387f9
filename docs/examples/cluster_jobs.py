"""The worked example of docs/parallel.md, runnable: cgt's parallel jobs on a Dask or a Ray cluster.

Dask is the ``cluster`` extra of cgt (``pip install -e '.[cluster]'``: :class:`cgt.games.engine.cluster.
DaskExecutor`); Ray is not a dependency (the adapter below is all it needs; CI runs the Dask path only, as
Ray's wheels are large and add nothing the Dask run does not check).  Install the one you use (with cgt) on
every machine, then run, against a cluster you started (or, with no address, a local one of two workers):

    python docs/examples/cluster_jobs.py dask [tcp://scheduler-host:8786]
    python docs/examples/cluster_jobs.py ray [auto]

The script computes the same values with the default local executor and checks that the cluster gives the
same answers, so it doubles as a smoke test of a new cluster.
"""

import sys
import time

from cgt.games import Domineering, TakeAndBreak

from cgt.games.engine import parallel

BOARDS = ["....|....|....|...#", "....|....|...#|..##", ".....|.....|....#", "....|....|....|....", "...|...|...|..."]
CODES = ["0.6", "0.106", "0.127", "0.16", "0.56"]
HEAPS = 2_000


class RayExecutor:
    """A Ray cluster as a cgt executor: ``submit(fn, *args)`` returns a ``concurrent.futures.Future``."""

    def __init__(self):
        import ray

        self._ray = ray
        self.jobs = int(ray.cluster_resources().get("CPU", 1))
        self._remote = {}

    def submit(self, fn, *args):
        remote = self._remote.setdefault(fn, self._ray.remote(fn))
        return remote.remote(*args).future()


def dask_executor(address):
    from cgt.games.engine.cluster import DaskExecutor

    return DaskExecutor(address)


def ray_executor(address):
    import ray

    ray.init(address=address, num_cpus=None if address else 2, include_dashboard=False,
             log_to_driver=False)
    return RayExecutor()


def main(argv):
    if not argv or argv[0] not in ("dask", "ray"):
        sys.exit("usage: cluster_jobs.py dask|ray [address]")
    kind, address = argv[0], (argv[1] if len(argv) > 1 else None)
    executor = dask_executor(address) if kind == "dask" else ray_executor(address)

    start = time.perf_counter()
    values = parallel.values(Domineering, BOARDS, executor=executor, threshold=0)
    built = parallel.build_values(Domineering, BOARDS, executor=executor, min_level=1)
    sequences = parallel.grundy_sequences([TakeAndBreak(c) for c in CODES], HEAPS, executor=executor)
    elapsed = time.perf_counter() - start

    expected_values = parallel.values(Domineering, BOARDS, jobs=1)
    expected_sequences = parallel.grundy_sequences([TakeAndBreak(c) for c in CODES], HEAPS, jobs=1)
    for board, value in zip(BOARDS, values):
        print(f"Domineering {board}: {value}")
    for code, sequence in zip(CODES, sequences):
        print(f"{code}: G(0..20) = {list(sequence[:21])}")
    same = list(values) == list(expected_values) == list(built) and [list(s) for s in sequences] == [
        list(s) for s in expected_sequences]
    print(f"{kind}: {len(BOARDS)} boards (solved, then built level by level) and {len(CODES)} Grundy tables to {HEAPS} in {elapsed:.1f} s; "
          f"same results as the local executor: {same}")
    shutdown = getattr(executor, "shutdown", None)
    if shutdown is not None:
        shutdown()
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
