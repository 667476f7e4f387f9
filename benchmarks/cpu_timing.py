"""Shared timing helper of the benchmark scripts (run them from the repository root: ``python benchmarks/…``)."""

import time

import cgt


def best(fn, repeat: int) -> float:
    """The least CPU time (``time.process_time``) of ``repeat`` calls of ``fn``, each from cleared caches."""
    times = []
    for _ in range(repeat):
        cgt.clear_caches()
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)
