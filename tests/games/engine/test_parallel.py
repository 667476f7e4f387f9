"""cgt.games.engine.parallel: parallel results equal serial results; errors, Ctrl-C and dead workers are clean.

The reference for every parallel answer is the serial engine (the same ruleset solved in this process
after ``cgt.clear_caches()``); a few golden values anchor both (Winning Ways, 2nd ed., vol. 1, ch. 1-2 for
Domineering; ch. 4 for the Kayles sequence).
"""

import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings, strategies as st

import cgt
from cgt.errors import CGTError, NotApplicableError, TooLargeError
from cgt.games import (Amazons, Clobber, Cram, Domineering, Kayles, Konane, Subtraction, TakeAndBreak,
                       ToadsAndFrogs)
from cgt.games.engine import parallel
from cgt.games.grid.domineering import DomineeringRuleset
from cgt.games.engine.parallel import LocalExecutor, SerialExecutor, WorkerError
from cgt.testing import positions

ROOT = str(pathlib.Path(__file__).resolve().parents[3])


@pytest.fixture(scope="module")
def pool():
    executor = LocalExecutor(2)
    yield executor
    executor.shutdown()


def serial_values(ruleset, boards):
    cgt.clear_caches()
    return [ruleset(b).value for b in boards]


BATCHES = [
    (Domineering, ["..|..", "..|.#", ".|.|.|.", "....", "...|...", "...|...|...", "....|....", "#..|...|..#",
                   "....|.##.|....", "...|.#.|..."]),
    (Clobber, ["xo", "xox", "xo|ox", "xoxo|oxox", "xxo|oox", "x.o|oxo", "xoxox"]),
    (ToadsAndFrogs, ["T.F", "TT..F", "T..FF", "TT.F.F", "T.T.FF", "TT...FF"]),
    (Konane, ["xo.|...|...", "xox.|o...|....", "x.o|oxo|..."]),
    (Amazons, ["x.o", "x..|..o", "x...|...o", "x..#|...o", "xo..|...."]),       # has a value_hint
]


@pytest.mark.parametrize("ruleset,boards", BATCHES, ids=lambda x: repr(x)[:20])
def test_values_in_two_workers_equal_serial(pool, ruleset, boards):
    expected = serial_values(ruleset, boards)
    cgt.clear_caches()
    got = parallel.values(ruleset, boards, executor=pool, threshold=0)
    assert got == expected
    if ruleset is not Domineering:          # generic-engine rulesets keep the workers' values in their table
        table = ruleset.table("values")
        for board, value in zip(boards, expected):
            key, negated = ruleset.normal_form(ruleset(board).position)
            assert (-table[key] if negated else table[key]) == value


@pytest.mark.parametrize("ruleset,boards", BATCHES, ids=lambda x: repr(x)[:20])
def test_value_of_one_position_by_its_parts_equals_serial(pool, ruleset, boards):
    for board in boards[-2:]:
        expected = serial_values(ruleset, [board])[0]
        cgt.clear_caches()
        assert parallel.value(ruleset, board, executor=pool, threshold=0) == expected


@pytest.mark.parametrize("ruleset,boards", BATCHES, ids=lambda x: repr(x)[:20])
def test_level_by_level_build_equals_serial(pool, ruleset, boards):
    expected = serial_values(ruleset, boards)
    cgt.clear_caches()
    assert parallel.build_values(ruleset, boards, executor=pool, min_level=1) == expected
    # the engine's own table now answers for every position reached
    from cgt.games.engine.engine import canonical_value

    for board, value in zip(boards, expected):
        assert canonical_value(ruleset, ruleset(board).position) == value


def test_golden_values_through_workers(pool):
    # Winning Ways ch. 1-2: the 2 x 2 square is +-1, the L tromino *, a vertical 4-strip 2, a horizontal -2;
    # a 2 x 2 square next to a separate vertical domino is +-1 + 1 = {2|0}.
    got = parallel.values(Domineering, ["..|..", "..|.#", ".|.|.|.", "...."], executor=pool, threshold=0)
    assert [str(v) for v in got] == ["+-1", "*", "2", "-2"]
    assert str(parallel.value(Domineering, "..#.|..#.", executor=pool, threshold=0)) == "{2|0}"


def test_grundy_sequences_in_workers_equal_serial_and_are_adopted(pool):
    rulesets = [TakeAndBreak("0.77"), TakeAndBreak("0.07"), TakeAndBreak("0.137"), Subtraction([1, 3, 4]),
                Subtraction([2, 3], all_but=True), TakeAndBreak("0.123")]
    got = parallel.grundy_sequences(rulesets, 600, executor=pool)
    # Winning Ways ch. 4: Kayles 0 1 2 3 1 4 3 2 1 4 2 6
    assert got[0][:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    fresh = [TakeAndBreak("0.77"), TakeAndBreak("0.07"), TakeAndBreak("0.137"), Subtraction([1, 3, 4]),
             Subtraction([2, 3], all_but=True), TakeAndBreak("0.123")]
    assert got == [r.grundy_sequence(600) for r in fresh]
    # the parent's rulesets took the sequences over and extend them correctly
    for r, f in zip(rulesets, fresh):
        assert r.grundy_sequence(900) == f.grundy_sequence(900)


def test_grundy_values_in_workers_equal_serial(pool):
    heaps = [(n,) for n in range(0, 60, 7)] + [(3, 5, 8), (10, 20, 30), (41, 1)]
    expected = [Kayles.grundy(h) for h in heaps]
    assert parallel.grundy_values(Kayles, heaps, executor=pool, threshold=0) == expected
    cram = ["...|...", "....|....", "..|..|.."]
    cgt.clear_caches()
    expected = [Cram(b).grundy for b in cram]
    cgt.clear_caches()
    assert parallel.grundy_values(Cram, cram, executor=pool, threshold=0) == expected


@settings(max_examples=25)
@given(st.lists(positions(Domineering, max_cells=12), min_size=1, max_size=6))
def test_serial_executor_equals_plain_values(boards):
    expected = [b.value for b in boards]
    assert parallel.values(Domineering, boards, executor=SerialExecutor()) == expected
    assert parallel.build_values(Domineering, boards, executor=SerialExecutor(), min_level=1) == expected


@settings(max_examples=10)
@given(st.lists(positions(Clobber, max_cells=8), min_size=2, max_size=5))
def test_random_clobber_batches_in_workers(boards):
    executor = parallel.default_executor(2)
    expected = [b.value for b in boards]
    assert parallel.values(Clobber, boards, executor=executor, threshold=0) == expected


def test_threshold_keeps_small_work_in_the_parent(pool):
    before = pool.worker_pids()
    fresh = LocalExecutor(2)
    parallel.values(Domineering, ["..|..", "...|..."], executor=fresh)      # far below the threshold
    assert fresh.worker_pids() == [] and fresh._pool is None                # no process was started
    assert pool.worker_pids() == before


def test_any_executor_with_submit_will_do():
    """The interface Dask's Client offers: submit(fn, *args) -> future with result()."""
    with ThreadPoolExecutor(2) as threads:
        got = parallel.values(Domineering, ["..|..", "...|...", "....|...."], executor=threads, threshold=0)
    cgt.clear_caches()
    assert got == serial_values(Domineering, ["..|..", "...|...", "....|...."])


def test_errors_in_a_worker_are_the_same_one_line_error(pool):
    small = DomineeringRuleset()
    small.max_positions = 5
    with pytest.raises(TooLargeError) as serial_error:
        small("....|....|....").value
    cgt.clear_caches()
    with pytest.raises(TooLargeError) as worker_error:
        parallel.values(small, ["....|....|....", "...|...|..."], executor=pool, threshold=0)
    assert str(worker_error.value) == str(serial_error.value)
    assert worker_error.value.__cause__ is None and worker_error.value.__suppress_context__


def test_bad_arguments():
    with pytest.raises(NotApplicableError, match="jobs must be a positive int"):
        parallel.values(Domineering, ["..", ".."], jobs=0)
    with pytest.raises(NotApplicableError, match="not a ruleset"):
        parallel.values("Domineering", [".."])
    with pytest.raises(NotApplicableError, match="not impartial"):
        parallel.grundy_values(Domineering, [".."])
    with pytest.raises(NotApplicableError, match="not a heap ruleset"):
        parallel.grundy_sequences([Kayles, Domineering], 5)
    with pytest.raises(CGTError):
        parallel.values(Domineering, ["..x"])


def test_a_ruleset_that_cannot_be_sent_gives_a_one_line_error(pool):
    from cgt.games.engine.ruleset import Ruleset

    class Local(Ruleset):        # defined in a function: pickle cannot name it
        def left_options(self, n):
            return [n - 1] if n else []

        def right_options(self, n):
            return []

    with pytest.raises(WorkerError, match="cannot send a job to the worker processes"):
        parallel.values(Local(), [3, 4, 5], executor=pool, threshold=0)
    assert parallel.values(Local(), [3, 4], executor=pool) == [cgt.integer(3), cgt.integer(4)]   # serial


def test_a_killed_worker_is_a_clear_error():
    executor = LocalExecutor(2)
    try:
        executor.submit(int, 0).result()
        pid = executor.worker_pids()[0]
        future = executor.submit(time.sleep, 0.05)
        future.result()
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(WorkerError, match="a worker process died"):
            parallel.run(executor, time.sleep, [(1,), (1,), (1,)])
        # the executor recovers with fresh workers
        assert parallel.run(executor, divmod, [(7, 2)]) == [(3, 1)]
    finally:
        executor.terminate()


SCRIPT = textwrap.dedent("""
    import sys
    from cgt.games import Domineering
    from cgt.games.engine.parallel import LocalExecutor, values
    executor = LocalExecutor(2)
    executor.submit(int, 0).result()
    executor.submit(int, 0).result()
    print(" ".join(map(str, executor.worker_pids())), flush=True)
    boards = ["......|......|......|......|......", "#.....|......|......|......|......"]
    values(Domineering, boards, executor=executor, threshold=0)
    print("finished", flush=True)
""")


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status") as f:
            return "\nState:\tZ" not in f.read()
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_stops_the_workers_cleanly():
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT)
    pids = []
    try:
        pids = [int(p) for p in proc.stdout.readline().split()]
        assert len(pids) == 2 and all(_alive(p) for p in pids)
        time.sleep(1.0)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:  # the interrupt did not stop it: leave no process behind, then fail below
            proc.kill()
            proc.wait()
            for pid in pids:
                if _alive(pid):
                    os.kill(pid, signal.SIGKILL)
    assert "finished" not in out
    assert proc.returncode != 0
    assert err.strip().splitlines()[-1] == ("KeyboardInterrupt: parallel job interrupted: the worker processes "
                                            "were stopped")
    deadline = time.time() + 5
    while any(_alive(p) for p in pids) and time.time() < deadline:
        time.sleep(0.1)
    assert not any(_alive(p) for p in pids), "orphan worker processes"


def test_clear_caches_stops_the_shared_workers():
    executor = parallel.default_executor(2)
    parallel.values(Domineering, ["....|....|....", "...|...|..."], executor=executor, threshold=0)
    pids = executor.worker_pids()
    assert len(pids) == 2
    cgt.clear_caches()                      # the workers' tables are caches too
    assert executor.worker_pids() == []
    deadline = time.time() + 5
    while any(_alive(p) for p in pids) and time.time() < deadline:
        time.sleep(0.05)
    assert not any(_alive(p) for p in pids)
    # and the next call starts fresh workers
    assert parallel.values(Domineering, ["....|....|....", "..|.."], executor=executor, threshold=0) == \
        serial_values(Domineering, ["....|....|....", "..|.."])


def test_workers_forked_after_the_caller_worked_start_from_its_tables():
    """The caller's tables travel to the workers at the fork (copy-on-write); answers stay the serial ones."""
    boards = ["....|....|....|....", "....|....|...#|....", "#...|....|....|...#", "...|...|...|...|..."]
    expected = serial_values(Domineering, boards)
    cgt.clear_caches()
    Domineering("....|....|....").value                   # the caller has solved some regions already
    executor = LocalExecutor(2)
    try:
        assert parallel.values(Domineering, boards, executor=executor, threshold=0) == expected
        clobber = ["xoxo|oxox", "xoxo|ox.o", "xxoo|ooxx"]
        reference = serial_values(Clobber, clobber)
        cgt.clear_caches()
        Clobber("xox|oxo").value
        assert parallel.values(Clobber, clobber, executor=executor, threshold=0) == reference
    finally:
        executor.shutdown()


def test_clear_caches_reaches_a_ruleset_after_an_equal_copy_is_gone():
    """Workers and pickling make equal copies of rulesets; clear_caches must still reach every original."""
    import gc

    first = TakeAndBreak("0.3127")                 # two equal rulesets (same code), two objects,
    first.grundy_sequence(20)                      # the first one registered first
    second = TakeAndBreak("0.3127", name="Second")
    second.grundy_sequence(30)
    del first
    gc.collect()
    cgt.clear_caches()
    assert "_seq" not in second.__dict__ and "_eng" not in second.__dict__


def test_a_long_wait_for_jobs_is_never_silent(monkeypatch, capsys):
    """Jobs that take long (minutes on a cluster) still get a note now and then: the wait reads the clock
    even when no job finished (here the notes are due after 0.2 s instead of 10 s)."""
    from cgt.runtime import progress

    monkeypatch.setattr(progress, "ENABLED", True)
    monkeypatch.setattr(progress, "DELAY", 0.1)
    monkeypatch.setattr(progress, "NOTE_DELAY", 0.2)
    monkeypatch.setattr(progress, "NOTE_EVERY", 0.3)
    monkeypatch.setattr(progress, "_interactive", lambda: False)
    with ThreadPoolExecutor(1) as threads:
        assert parallel.run(threads, time.sleep, [(1.5,)]) == [None]
    notes = capsys.readouterr().err.splitlines()
    assert len(notes) >= 2 and all(n.startswith("cgt: 0/1 jobs (0%), ") for n in notes[:2]), notes
