"""Parallel jobs on a Dask cluster: the executor for work beyond one machine.

:class:`DaskExecutor` runs the jobs of :mod:`cgt.games.engine.parallel` (``values``, ``build_values``,
``grundy_sequences``) and of :mod:`cgt.games.engine.sweep` on the workers of a ``distributed`` cluster:
one you started (``DaskExecutor("tcp://scheduler:8786")`` or a ``distributed.Client``), or, given nothing, a
``LocalCluster`` of worker processes on this machine.  It needs the ``cluster`` extra
(``pip install -e '.[cluster]'``, which installs ``distributed``).

* **Same results as serial.**  A job is a pure function of its inputs; the values come back as canonical
  games (unique), so where a job ran cannot change an answer.
* **One writer.**  Workers keep their own tables between jobs but leave the on-disk results cache to the
  parent, which merges what they send back into its tables and the cache.
* **Lost workers.**  The scheduler runs a lost worker's jobs again on another worker; a job whose workers
  keep dying (Dask's ``allowed-failures``) is one :class:`~cgt.games.engine.parallel.WorkerError`.  A job
  that fails for a reason of its own raises its own one-line error in the parent.
* **Progress and Ctrl-C.**  The parent counts finished jobs across the cluster on a progress bar; Ctrl-C
  cancels the cluster's jobs (the cluster stays up for the next call).

>>> DaskExecutor.available() in (True, False)
True
"""

from __future__ import annotations

import logging
from concurrent.futures import CancelledError, Future

from cgt.errors import NotApplicableError
from cgt.runtime.arguments import integer_argument

from cgt.games.engine.parallel import WorkerError, enter_worker

__all__ = ["DaskExecutor"]


def _distributed():
    try:
        import distributed
    except ImportError:
        raise NotApplicableError("DaskExecutor needs Dask's `distributed` package: pip install -e '.[cluster]'") \
            from None
    return distributed


def _worker_environment() -> dict:
    """Dask's environment for new worker processes, without ``MALLOC_TRIM_THRESHOLD_``.

    Dask sets it so that workers return freed memory to the system; but with the trim threshold set, glibc's
    ``malloc`` no longer raises its mmap threshold as large blocks are freed, so every large temporary (a
    numpy row of an octal game's Grundy sequence, for instance) is mapped and zeroed afresh: a Grundy
    sequence to 100,000 took 12.8 s in a worker instead of 5.2 s, 5 s of it in the kernel.
    """
    import dask

    environment = dict(dask.config.get("distributed.nanny.pre-spawn-environ", default={}) or {})
    environment.pop("MALLOC_TRIM_THRESHOLD_", None)
    return environment


def _job_in_cluster(fn, *args):
    """A job on a cluster worker: the worker state of a local pool's worker, the results cache left to the
    parent."""
    enter_worker(keep_results_cache=False)
    return fn(*args)


class DaskExecutor:
    """A Dask cluster as an executor of cgt's parallel jobs (``submit(fn, *args)`` returns a
    ``concurrent.futures.Future``).

    ``cluster`` is a ``distributed.Client``, a scheduler address, or None (or ``"local"``, as the command line
    writes it) for a new ``LocalCluster`` of ``workers`` processes (one thread each) on this machine, closed by
    :meth:`shutdown` (or ``with``).
    """

    def __init__(self, cluster=None, *, workers: int = 2) -> None:
        distributed = _distributed()
        import dask
        workers = integer_argument(workers, "DaskExecutor: workers", minimum=1, error=NotApplicableError)
        self._owned = []                     # what shutdown() closes: the client and cluster made here
        if cluster is None or cluster == "local":
            with dask.config.set({"distributed.nanny.pre-spawn-environ": _worker_environment()}):
                local = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                                 dashboard_address=None, worker_dashboard_address=None,
                                                 silence_logs=logging.CRITICAL)
            self._owned.append(local)
            cluster = distributed.Client(local)
            self._owned.insert(0, cluster)
        elif isinstance(cluster, str):
            cluster = distributed.Client(cluster)
            self._owned.append(cluster)
        elif not isinstance(cluster, distributed.Client):
            raise NotApplicableError(f"DaskExecutor: expected a distributed.Client, a scheduler address or None, "
                                     f"got {cluster!r}")
        self.client = cluster
        self._killed_worker = distributed.KilledWorker
        self._running: dict = {}             # our future -> the cluster's future, until it is done

    @staticmethod
    def available() -> bool:
        """Whether ``distributed`` is installed (the ``cluster`` extra)."""
        try:
            _distributed()
        except NotApplicableError:
            return False
        return True

    @property
    def jobs(self) -> int:
        """Jobs the cluster runs at once (its worker threads)."""
        return max(1, sum(self.client.nthreads().values()))

    def submit(self, fn, /, *args) -> Future:
        """Send ``fn(*args)`` to a worker of the cluster; a future of its result."""
        remote = self.client.submit(_job_in_cluster, fn, *args, pure=False)
        future: Future = Future()
        future.set_running_or_notify_cancel()
        self._running[future] = remote

        def finished(remote_future):
            self._running.pop(future, None)
            if future.done():
                return
            try:
                if remote_future.status == "cancelled":
                    future.set_exception(CancelledError("the job was cancelled"))
                elif remote_future.status == "error":
                    future.set_exception(self._error(remote_future.exception()))
                else:
                    future.set_result(remote_future.result())
            except Exception as error:       # the result could not be fetched (a lost connection, ...)
                if not future.done():
                    future.set_exception(self._error(error))

        remote.add_done_callback(finished)
        return future

    def _error(self, error: BaseException) -> BaseException:
        if isinstance(error, self._killed_worker):
            return WorkerError(f"a job was lost with every cluster worker that ran it (they died or were "
                               f"killed): {error}")
        return error

    def terminate(self) -> None:
        """Cancel the jobs still queued or running on the cluster (called on Ctrl-C and on a failed job)."""
        running, self._running = self._running, {}
        if running:
            self.client.cancel(list(running.values()))
        for future in running:
            if not future.done():
                future.set_exception(CancelledError("the job was cancelled"))

    def worker_addresses(self) -> list[str]:
        """The addresses of the cluster's workers (for monitoring and tests)."""
        return sorted(self.client.scheduler_info()["workers"])

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Close the client and cluster made by this executor (a client you passed in stays open)."""
        if cancel_futures:
            self.terminate()
        owned, self._owned = self._owned, []
        for thing in owned:
            thing.close()

    def __enter__(self) -> "DaskExecutor":
        return self

    def __exit__(self, *exc) -> None:
        if exc[0] is not None:
            self.terminate()
        self.shutdown()

    def __repr__(self) -> str:
        return f"DaskExecutor({self.client.scheduler.address!r})"
