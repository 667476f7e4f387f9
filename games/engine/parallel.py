"""Parallel jobs: solve independent positions, components and Grundy tables on several cores.

The work of a ruleset splits where values are independent of each other:

* :func:`values` -- the values of many positions (a table of boards, the distinct components of a big
  position): each worker solves some of them with its own tables, the parent collects the values;
* :func:`value` -- one big position: its distinct components (a disjunctive sum, Winning Ways ch. 2;
  Siegel, *Combinatorial Game Theory*, II.1), or for an indivisible position its options (the canonical
  form of ``{G^L | G^R}`` depends only on the values of the options: Conway, *ONAG*, ch. 10), solved in
  workers and combined in the parent;
* :func:`grundy_sequences` -- the Grundy sequences of several heap rulesets at once (one ruleset per job);
* :func:`build_values` -- a level-by-level build: the positions reachable from some roots, grouped by
  height (the longest play to the end); every position of a level depends only on lower levels, so a
  level's positions are solved in parallel given the values of the levels below.

Every result is exactly the serial result (the values are canonical forms, which are unique).

**Executors.**  A job is a pure function of picklable inputs (rulesets, positions and boards pickle through
their public names, without memo tables; games through their constructor).  An *executor* runs jobs; it
needs one method, ``submit(fn, *args)``, returning a future with ``result()``:

* :class:`LocalExecutor` (the default) -- a ``concurrent.futures.ProcessPoolExecutor`` with one worker per
  core, started on first use and reused; Ctrl-C terminates its workers;
* :class:`SerialExecutor` -- runs each job at once in the calling process (doctests, debugging);
* a ``distributed.Client`` (Dask) has the same ``submit``; Ray needs a three-line adapter
  (``docs/parallel.md`` has both worked examples; neither is a dependency).

**When it pays.**  Starting worker processes costs 0.2-0.5 s and every value travels through pickle, so
the functions first work serially for ``threshold`` seconds (the smallest positions first) and only send
what is left to the workers; quick questions never start a process.

>>> from cgt.games import Domineering, Subtraction
>>> serial = SerialExecutor()
>>> [str(v) for v in values(Domineering, ["..|..", "...", "..|.#"], executor=serial)]
['+-1', '-1', '*']
>>> str(value(Domineering, "..#.|..#.", executor=serial))       # a 2 x 2 square and a domino: +-1 + 1
'{2|0}'
>>> grundy_sequences([Subtraction([1, 2]), Subtraction([1, 3, 4])], 8, executor=serial)
[[0, 1, 2, 0, 1, 2, 0, 1, 2], [0, 1, 0, 1, 2, 3, 2, 0, 1]]
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import time
import weakref
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from cgt.errors import CGTError, NotApplicableError
from cgt.kernel.game import ZERO, game, register_cache
from cgt.runtime.interrupt import check_interrupt
from cgt.runtime.progress import Progress

from cgt.games.engine import results_cache
from cgt.games.engine.ruleset import ImpartialRuleset, Position, Ruleset

__all__ = ["LocalExecutor", "SerialExecutor", "WorkerError", "values", "value", "grundy_values",
           "grundy_sequences", "build_values", "default_executor", "choose_executor", "run", "run_each",
           "enter_worker"]

#: Seconds of serial work after which the remaining work is sent to worker processes.
THRESHOLD = 0.5


class WorkerError(CGTError, RuntimeError):
    """A worker process died (killed, out of memory) or a job could not be sent to it."""


# -- executors -------------------------------------------------------------------------------------------

class SerialExecutor:
    """Runs every job at once, in the calling process: the reference executor (and the one for doctests).

    >>> SerialExecutor().submit(pow, 2, 10).result()
    1024
    """

    jobs = 1

    def submit(self, fn, /, *args, **kwargs) -> Future:
        """Run ``fn(*args, **kwargs)`` now; a future holding its result (or its exception)."""
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:          # KeyboardInterrupt propagates at once
            future.set_exception(error)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Nothing to release."""

    def __enter__(self) -> "SerialExecutor":
        return self

    def __exit__(self, *exc) -> None:
        self.shutdown()

    def __repr__(self) -> str:
        return "SerialExecutor()"


def enter_worker(*, keep_results_cache: bool = True) -> None:
    """Make this process a worker of parallel jobs: its rulesets keep their tables from job to job, it shows
    no progress bars (the parent counts finished jobs), and with ``keep_results_cache=False`` it leaves the
    on-disk results cache to the parent, which stores what the workers send back (a cluster's workers may
    not even see the parent's file)."""
    _IN_WORKER[0] = True
    from cgt.runtime import progress

    progress.ENABLED = False
    if not keep_results_cache and results_cache.ACTIVE is not None:
        results_cache.disable()


def _worker_init() -> None:
    """In each local worker: Ctrl-C is the parent's business (it terminates the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    enter_worker()


def _context(started: list):
    """The default multiprocessing context, also noting in ``started`` each worker process it creates (the
    pool's own list of them is private): :meth:`LocalExecutor.terminate` stops exactly these."""
    base = multiprocessing.get_context()

    class Context(type(base)):
        def Process(self, *args, **kwargs):  # noqa: N802 (the name ProcessPoolExecutor calls)
            process = base.Process(*args, **kwargs)
            started.append(process)
            return process

    return Context()


class LocalExecutor:
    """``jobs`` worker processes on this machine (default: one per core), started on first use, reused.

    It wraps ``concurrent.futures.ProcessPoolExecutor``; :meth:`terminate` (called on Ctrl-C) stops the
    workers at once, and the next job starts fresh ones.

    >>> LocalExecutor(2)
    LocalExecutor(jobs=2)
    """

    def __init__(self, jobs: int | None = None) -> None:
        if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
            raise NotApplicableError(f"LocalExecutor: jobs must be a positive int, got {jobs!r}")
        self.jobs = jobs or os.cpu_count() or 1
        self._pool: ProcessPoolExecutor | None = None
        self._workers: list = []            # the worker processes of the current pool (see _context)

    def pool(self) -> ProcessPoolExecutor:
        """The process pool, started on first use."""
        if self._pool is None:
            self._workers = []
            self._pool = ProcessPoolExecutor(max_workers=self.jobs, initializer=_worker_init,
                                             mp_context=_context(self._workers))
        return self._pool

    def submit(self, fn, /, *args, **kwargs) -> Future:
        """Send ``fn(*args, **kwargs)`` to a worker; a future of its result."""
        try:
            return self.pool().submit(fn, *args, **kwargs)
        except BrokenProcessPool:
            self.terminate()
            return self.pool().submit(fn, *args, **kwargs)

    def worker_pids(self) -> list[int]:
        """Process ids of the running workers (for monitoring and tests)."""
        return sorted(p.pid for p in self._workers if p.is_alive())

    def terminate(self) -> None:
        """Stop the workers now (running jobs are lost) and forget the pool."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes, self._workers = self._workers, []
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(5)
            if process.is_alive():
                process.kill()
                process.join()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Let the workers finish and exit."""
        pool, self._pool, self._workers = self._pool, None, []
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=cancel_futures)

    def __enter__(self) -> "LocalExecutor":
        return self

    def __exit__(self, *exc) -> None:
        if exc[0] is not None:
            self.terminate()
        else:
            self.shutdown()

    def __repr__(self) -> str:
        return f"LocalExecutor(jobs={self.jobs})"


_DEFAULT: dict = {}


def default_executor(jobs: int | None = None) -> LocalExecutor:
    """The shared :class:`LocalExecutor` with ``jobs`` workers (default: one per core); its workers stay
    up between calls (with their tables) until ``cgt.clear_caches()`` or the end of the session.

    >>> default_executor(2) is default_executor(2), default_executor(2).jobs
    (True, 2)
    """
    jobs = jobs or os.cpu_count() or 1
    executor = _DEFAULT.get(jobs)
    if executor is None:
        executor = _DEFAULT[jobs] = LocalExecutor(jobs)
    return executor


def _stop_default_pools() -> None:
    """``cgt.clear_caches()``: the shared pools' workers hold tables too -- let them exit (new workers start
    on the next parallel call)."""
    for executor in list(_DEFAULT.values()):
        executor.shutdown()


register_cache(_stop_default_pools)


def choose_executor(executor, jobs):
    """The executor to use: the one given, serial for ``jobs=1``, else the shared local pool."""
    if executor is not None:
        return executor
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise NotApplicableError(f"jobs must be a positive int, got {jobs!r}")
    if jobs == 1:
        return SerialExecutor()
    return default_executor(jobs)


def _parallelism(executor) -> int:
    jobs = getattr(executor, "jobs", None)
    if jobs is None:                                   # e.g. a Dask client: ask it how many workers it has
        try:
            jobs = sum(executor.ncores().values())
        except Exception:
            jobs = 2
    return max(1, int(jobs))


def run(executor, fn, argument_tuples: list) -> list:
    """``[fn(*args) for args in argument_tuples]``, each call a job of ``executor``, results in order.

    An exception in a job is raised here as itself (the same one-line error as in a serial run, without
    the worker's traceback); Ctrl-C cancels the remaining jobs and terminates local workers.

    >>> run(SerialExecutor(), divmod, [(7, 2), (9, 4)])
    [(3, 1), (2, 1)]
    """
    results = [None] * len(argument_tuples)
    for i, result in run_each(executor, fn, argument_tuples):
        results[i] = result
    return results


def run_each(executor, fn, argument_tuples: list):
    """``(i, fn(*argument_tuples[i]))`` for every job, as the jobs finish (a progress bar counts them when
    the wait is long); errors and Ctrl-C as in :func:`run`.  Leaving the loop early cancels the rest.

    Jobs are sent as workers free up (twice as many in flight as the executor runs at once; one at a time
    on a serial executor), so each result is yielded soon after its job ends and a stop loses only the jobs
    in flight.

    >>> sorted(run_each(SerialExecutor(), pow, [(2, 3), (3, 2)]))
    [(0, 8), (1, 9)]
    """
    futures: list = []
    jobs = _parallelism(executor)
    window = 1 if jobs == 1 else 2 * jobs            # jobs in flight: every worker busy, one more queued
    try:
        index: dict = {}
        pending: set = set()
        waiting = iter(argument_tuples)
        with Progress("jobs", total=len(argument_tuples)) as progress:
            while True:
                for args in waiting:                   # keep the window full (a serial job runs right here)
                    future = executor.submit(fn, *args)
                    index[future] = len(futures)
                    futures.append(future)
                    pending.add(future)
                    if len(pending) >= window:
                        break
                if not pending:
                    break
                done, pending = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=index.__getitem__):
                    yield index[future], future.result()
                if done:
                    progress.tick(len(done))
                else:
                    progress.poll()
                check_interrupt()
    except GeneratorExit:
        _stop(executor, [f for f in futures if not f.done()])
        raise
    except KeyboardInterrupt:
        _stop(executor, futures)
        raise KeyboardInterrupt("parallel job interrupted: the worker processes were stopped") from None
    except BrokenProcessPool:
        _stop(executor, futures)
        raise WorkerError("a worker process died (killed or out of memory); no result") from None
    except (pickle.PicklingError, AttributeError, TypeError) as error:
        _stop(executor, futures)
        if not _is_pickling_error(error):
            raise error.with_traceback(None) from None
        raise WorkerError(f"cannot send a job to the worker processes: {error} (define rulesets in an "
                          f"importable module, or use SerialExecutor)") from None
    except Exception as error:
        _stop(executor, futures)
        raise error.with_traceback(None) from None


def _is_pickling_error(error: Exception) -> bool:
    text = str(error)
    return isinstance(error, pickle.PicklingError) or "pickle" in text.lower()


def _stop(executor, futures) -> None:
    for f in futures:
        f.cancel()
    terminate = getattr(executor, "terminate", None)
    if terminate is not None:
        terminate()


# -- jobs (module-level functions: they pickle by name) ------------------------------------------------

#: In a worker process: one instance per ruleset (by equality and size cap), so that its tables serve
#: every later job.  In the parent (serial executor) the caller's own instance is used.
_LOCAL: dict = {}
_IN_WORKER = [False]


#: The rulesets the caller handed to this module: a worker forked from the caller starts with these very
#: objects, tables included (copy-on-write), so the work the parent did before the fork is not redone.
_PARENT: "weakref.WeakValueDictionary" = weakref.WeakValueDictionary()


def _remember(ruleset) -> None:
    try:
        _PARENT[(ruleset, ruleset.max_positions)] = ruleset
    except TypeError:                       # not weakly referenceable: the worker starts from scratch
        pass


def _local(ruleset):
    if not _IN_WORKER[0]:
        return ruleset
    key = (ruleset, ruleset.max_positions)
    local = _LOCAL.get(key)
    if local is None:
        local = _LOCAL[key] = _PARENT.get(key, ruleset)
    return local


def _job_values(ruleset, keys):
    ruleset = _local(ruleset)
    return [ruleset.value(k) for k in keys]


def _job_grundy(ruleset, keys):
    ruleset = _local(ruleset)
    return [ruleset.grundy(k) for k in keys]


def _job_sequence(ruleset, n):
    ruleset = _local(ruleset)
    sequence = ruleset.grundy_sequence(n)
    results_cache.flush()                   # a worker exits without running atexit handlers
    return sequence


def _job_level(items, known):
    """Values of positions whose children are all in ``known`` (see :func:`build_values`)."""
    out = []
    for how, children in items:
        vals = [-known[c] if neg else known[c] for c, neg in children]
        if how < 0:
            total = ZERO
            for v in vals:
                total = total + v
            out.append(total)
        else:
            out.append(game(vals[:how], vals[how:]))
    return out


# -- splitting work ------------------------------------------------------------------------------------

def _position(ruleset, pos):
    """A validated position of ``ruleset`` (a Position, a string, or a raw position)."""
    if isinstance(pos, Position):
        return pos.position
    if isinstance(pos, str):
        return ruleset.parse(pos)
    return ruleset.normalize(pos)


def _check(ruleset, jobs=None) -> None:
    if not isinstance(ruleset, Ruleset):
        raise NotApplicableError(f"{ruleset!r} is not a ruleset")
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise NotApplicableError(f"jobs must be a positive int, got {jobs!r}")
    if not _IN_WORKER[0]:
        _remember(ruleset)


def _size(ruleset, key) -> int:
    """A rough size of a position, to do small positions first and send big ones first."""
    try:
        return len(ruleset.format(key))
    except Exception:
        return 0


def _sendable(ruleset) -> None:
    """Check that ``ruleset`` pickles (a clear error here, rather than a broken pool later)."""
    try:
        pickle.dumps(ruleset)
    except (pickle.PicklingError, AttributeError, TypeError) as error:
        raise WorkerError(f"cannot send a job to the worker processes: {ruleset!r} does not pickle ({error}); "
                          f"define rulesets in an importable module, or use SerialExecutor") from None


def _solve_all(ruleset, keys, solve_one, job, executor, jobs, threshold) -> dict:
    """``{key: solve_one(key)}`` for distinct keys: serially for ``threshold`` seconds (smallest first),
    then the rest in parallel (largest first, dealt round-robin into a few jobs per worker)."""
    order = sorted(keys, key=lambda k: _size(ruleset, k))
    results: dict = {}
    start = time.monotonic()
    i = 0
    executor = choose_executor(executor, jobs) if len(order) > 1 else SerialExecutor()
    serial = isinstance(executor, SerialExecutor)
    while i < len(order) and (serial or time.monotonic() - start < threshold):
        results[order[i]] = solve_one(order[i])
        i += 1
    rest = order[i:][::-1]                           # largest first
    if rest:
        _sendable(ruleset)
        chunks = min(len(rest), 4 * _parallelism(executor))
        groups = [rest[j::chunks] for j in range(chunks)]
        for group, vals in zip(groups, run(executor, job, [(ruleset, g) for g in groups])):
            results.update(zip(group, vals))
    return results


def values(ruleset, positions, *, executor=None, jobs: int | None = None, threshold: float = THRESHOLD) -> list:
    """The canonical values of ``positions`` (in order), equal position classes solved once.

    Positions are ``Position`` objects, strings or raw positions of ``ruleset``.  Work goes serially for
    ``threshold`` seconds, then what is left is sent to ``executor`` (default: a local process pool with
    ``jobs`` workers, one per core; ``jobs=1`` is serial).

    >>> from cgt.games import Domineering
    >>> [str(v) for v in values(Domineering, ["..", ".|.", "..#|.##"], executor=SerialExecutor())]
    ['-1', '1', '*']
    """
    _check(ruleset, jobs)
    raw = [_position(ruleset, p) for p in positions]
    normal = [ruleset.normal_form(p) for p in raw]
    keys = list(dict.fromkeys(k for k, _ in normal))
    solved = _solve_all(ruleset, keys, ruleset.value, _job_values, executor, jobs, threshold)
    if type(ruleset).value is Ruleset.value:          # the generic engine: keep the workers' values here too
        ruleset.table("values").update(solved)
        _store(ruleset, solved)
    return [-solved[k] if neg else solved[k] for k, neg in normal]


def _store(ruleset, solved: dict) -> None:
    """Write values that workers sent back to the enabled results cache (the parent is its one writer)."""
    cache = results_cache.ACTIVE
    disk = None if cache is None else cache.table(ruleset, "values")
    if disk is None:
        return
    for key, v in solved.items():
        disk.put_game(key, v)
    disk.flush()


def grundy_values(ruleset, positions, *, executor=None, jobs: int | None = None,
                  threshold: float = THRESHOLD) -> list[int]:
    """The Grundy values of ``positions`` of an impartial ``ruleset`` (see :func:`values`).

    >>> from cgt.games import Kayles
    >>> grundy_values(Kayles, [3, (4, 5), "7"], executor=SerialExecutor())     # 3, 1 ^ 4, 2
    [3, 5, 2]
    """
    _check(ruleset, jobs)
    if not hasattr(ruleset, "grundy"):
        raise NotApplicableError(f"{ruleset!r} is not impartial: it has no Grundy values")
    raw = [_position(ruleset, p) for p in positions]
    keys = [ruleset.normal_form(p)[0] for p in raw]
    solved = _solve_all(ruleset, list(dict.fromkeys(keys)), ruleset.grundy, _job_grundy, executor, jobs,
                        threshold)
    if type(ruleset).grundy is ImpartialRuleset.grundy:   # the generic engine's Grundy table
        ruleset.table("grundy").update(solved)
    return [solved[k] for k in keys]


def value(ruleset, pos, *, executor=None, jobs: int | None = None, threshold: float = THRESHOLD):
    """The canonical value of one position, its parts solved in parallel.

    A position that splits into components is the sum of their values (each distinct component solved
    once); an indivisible one is ``{values of Left's options | values of Right's options}``.  Sub-searches
    in different workers do not share tables, so positions common to several options are solved more
    than once: see ``docs/performance.md`` for what this gains.

    >>> from cgt.games import Domineering
    >>> str(value(Domineering, "...|...", executor=SerialExecutor()))
    '{2|-1/2}'
    """
    _check(ruleset, jobs)
    p = _position(ruleset, pos)
    key, negated = ruleset.normal_form(p)
    parts = ruleset.components(key) if ruleset.has_components() else [key]
    if len(parts) > 1:
        vals = values(ruleset, parts, executor=executor, jobs=jobs, threshold=threshold)
        total = ZERO
        for v in vals:
            total = total + v
    else:
        lefts = list(ruleset.left_options(key))
        rights = list(ruleset.right_options(key))
        vals = values(ruleset, lefts + rights, executor=executor, jobs=jobs, threshold=threshold)
        total = game(vals[:len(lefts)], vals[len(lefts):])
    return -total if negated else total


def grundy_sequences(rulesets, n: int, *, executor=None, jobs: int | None = None) -> list[list[int]]:
    """``[r.grundy_sequence(n) for r in rulesets]``, one ruleset per job; the parent's rulesets keep the
    computed sequences (so later ``grundy`` questions are answered from them).

    >>> from cgt.games import Kayles, DawsonsKayles
    >>> [s[-3:] for s in grundy_sequences([Kayles, DawsonsKayles], 20, executor=SerialExecutor())]
    [[3, 2, 1], [2, 3, 3]]
    """
    rulesets = list(rulesets)
    for r in rulesets:
        _check(r, jobs)
        if not hasattr(r, "grundy_sequence"):
            raise NotApplicableError(f"{r!r} is not a heap ruleset: it has no Grundy sequence")
    if len(rulesets) <= 1:
        executor = SerialExecutor()
    else:
        executor = choose_executor(executor, jobs)
    if not isinstance(executor, SerialExecutor):
        for r in rulesets:
            _sendable(r)
    sequences = run(executor, _job_sequence, [(r, n) for r in rulesets])
    for r, seq in zip(rulesets, sequences):
        adopt = getattr(r, "adopt_grundy_sequence", None)
        if adopt is not None:
            adopt(seq)
    return sequences


def build_values(ruleset, positions, *, executor=None, jobs: int | None = None, min_level: int = 64,
                 max_positions: int | None = None) -> list:
    """Values of ``positions`` by a level-by-level build of everything they reach (the generic engine's
    table, ``ruleset.table("values")``, is filled, so later ``engine`` questions are instant).

    The positions reachable from ``positions`` (under the ruleset's normal form and components) are
    grouped by height; each level needs only the values of lower levels, so its positions are solved in
    parallel.  Levels with fewer than ``min_level`` positions are solved in the parent (not worth a
    round trip).  Raises :class:`~cgt.errors.TooLargeError` beyond ``max_positions`` (default: the
    ruleset's ``max_positions``).

    >>> from cgt.games import Domineering
    >>> [str(v) for v in build_values(Domineering, ["...|...", "..|.."], executor=SerialExecutor())]
    ['{2|-1/2}', '+-1']
    """
    from cgt.errors import NotShortGameError, TooLargeError
    from cgt.runtime.interrupt import check_interrupt

    _check(ruleset, jobs)
    raw = [_position(ruleset, p) for p in positions]
    normal = [ruleset.normal_form(p) for p in raw]
    table = ruleset.table("values")
    cap = ruleset.max_positions if max_positions is None else max_positions
    normal_form = ruleset.normal_form
    splits = ruleset.has_components()
    hint = getattr(ruleset, "value_hint", None)
    # 1. the graph, by an explicit depth-first search computing heights
    info: dict = {}             # key -> (how, children)
    height: dict = {}
    for root, _ in normal:
        if root in table or root in height:
            continue
        stack = [root]
        while stack:
            pos = stack[-1]
            if pos in height or pos in table:
                stack.pop()
                continue
            entry = info.get(pos)
            if entry is None:
                how = None
                if splits:
                    parts = ruleset.components(pos)
                    if len(parts) != 1 or parts[0] != pos:
                        children = [normal_form(q) for q in parts]
                        if len(children) != 1 or children[0][0] != pos:
                            how = -1
                if how is None and hint is not None:
                    known = hint(pos)
                    if known is not None:               # a closed form the ruleset knows (as in the engine)
                        table[pos] = known
                        stack.pop()
                        continue
                if how is None:
                    lefts = [normal_form(q) for q in ruleset.left_options(pos)]
                    children = lefts + [normal_form(q) for q in ruleset.right_options(pos)]
                    how = len(lefts)
                info[pos] = (how, children)
                if len(info) > cap:
                    raise TooLargeError(f"{ruleset!r}: the build needs more than {cap:,} positions")
                for child, _ in children:
                    if child not in height and child not in table:
                        if child in info:
                            raise NotShortGameError(f"{ruleset!r}: position {ruleset.format(child)} can be "
                                                    f"reached from itself: play can cycle, so it is not a short game")
                        stack.append(child)
                continue
            stack.pop()
            height[pos] = 1 + max((height.get(c, 0) for c, _ in entry[1]), default=0)
            check_interrupt()
    # 2. level by level
    levels: dict = {}
    for pos, h in height.items():
        levels.setdefault(h, []).append(pos)
    for h in sorted(levels):
        level = levels[h]
        if len(level) < min_level:
            for pos in level:
                table[pos] = _job_level([info[pos]], table)[0]
            continue
        ex = choose_executor(executor, jobs)
        chunks = min(len(level), 2 * _parallelism(ex))
        groups = [level[j::chunks] for j in range(chunks)]
        args = []
        for group in groups:
            items = [info[p] for p in group]
            known = {c: table[c] for _, children in items for c, _ in children}
            args.append((items, known))
        for group, vals in zip(groups, run(ex, _job_level, args)):
            table.update(zip(group, vals))
    return [-table[k] if neg else table[k] for k, neg in normal]
