"""cgt.games.engine.cluster and sweep on a Dask LocalCluster of two worker processes: the same results as
serial, a killed worker's jobs run again, an interrupted sweep resumes without recomputing what it stored.

The serial answers are the reference (every value is canonical, so where a job ran cannot change it); the
octal census rows are anchored by Winning Ways, 2nd ed., vol. 1, ch. 4 (Kayles 0.77: period 12 from heap
71; Dawson's Kayles 0.07: period 34 from heap 53).
"""

import os
import pathlib
import signal
import subprocess
import sys
import threading
import time

import pytest

import cgt
from cgt.games import Domineering
from cgt.games.engine import parallel
from cgt.games.engine.cluster import DaskExecutor
from cgt.games.engine.parallel import SerialExecutor
from cgt.games.engine.sweep import Sweep, board_value, grid_boards, octal_census, octal_codes

pytestmark = pytest.mark.slow      # each test starts a cluster of worker processes (a few seconds)

ROOT = pathlib.Path(__file__).resolve().parents[3]
BOARDS = ["...|...|...", "....|....|..#.", "....|....", "..|..|..|..", ".....|...##"]


@pytest.fixture(scope="module")
def cluster():
    with DaskExecutor(workers=2) as executor:
        yield executor


def test_values_tables_and_sweeps_through_the_cluster_equal_the_serial_ones(cluster, tmp_path):
    assert cluster.jobs == 2 and len(cluster.worker_addresses()) == 2
    # Dask's MALLOC_TRIM_THRESHOLD_ would make every large numpy temporary a fresh mmap (twice the time)
    assert set(cluster.client.run(os.environ.get, "MALLOC_TRIM_THRESHOLD_").values()) == {None}
    cgt.clear_caches()
    serial = [str(v) for v in parallel.values(Domineering, BOARDS, executor=SerialExecutor())]
    cgt.clear_caches()
    assert [str(v) for v in parallel.values(Domineering, BOARDS, executor=cluster, threshold=0)] == serial
    cgt.clear_caches()
    assert [str(v) for v in parallel.build_values(Domineering, BOARDS, executor=cluster, min_level=1)] == serial
    assert serial[0] == "+-1"                           # the empty 3 x 3 board (Winning Ways, ch. 2)

    boards = grid_boards(Domineering, 2, 3)
    on_cluster = Sweep("boards", boards, board_value, ruleset=Domineering, store=str(tmp_path / "a.sqlite"),
                       chunk=4).run(executor=cluster)
    at_home = Sweep("boards", boards, board_value, ruleset=Domineering, store=str(tmp_path / "b.sqlite")).run(
        executor=SerialExecutor())
    assert on_cluster == at_home and len(on_cluster) == len(boards) > 10

    codes = ["0.77", "0.07", "0.137", "0.6"]
    census = Sweep("octal", codes, octal_census, store=str(tmp_path / "c.sqlite"), heaps=3000).run(executor=cluster)
    assert census == Sweep("octal", codes, octal_census, store=str(tmp_path / "d.sqlite"), heaps=3000).run(
        executor=SerialExecutor())
    assert (census["0.77"]["period"], census["0.77"]["preperiod"], census["0.77"]["certified"]) == (12, 71, True)
    assert (census["0.07"]["period"], census["0.07"]["preperiod"], census["0.07"]["certified"]) == (34, 53, True)
    assert census["0.6"]["certified"] is False and census["0.6"]["checked_to"] == 3000


def test_a_job_that_fails_raises_its_own_error_in_the_parent(cluster):
    with pytest.raises(ZeroDivisionError) as caught:
        parallel.run(cluster, divmod, [(7, 2), (1, 0)])
    assert str(caught.value) == "integer division or modulo by zero"
    assert parallel.run(cluster, divmod, [(7, 2)]) == [(3, 1)]       # the cluster serves the next call


def _worker_pids(executor):
    return sorted(executor.client.run(os.getpid).values())


@pytest.mark.filterwarnings("ignore:Port .* is already in use")      # Dask's note when the nanny restarts a worker
def test_a_killed_worker_loses_no_item(tmp_path):
    """One worker process is killed while the sweep runs: the scheduler runs its jobs on the other (the
    nanny starts a new one), and the sweep ends with every item, equal to the serial records."""
    codes = octal_codes(2)
    store = tmp_path / "kill.sqlite"
    with DaskExecutor(workers=2) as executor:
        victim = _worker_pids(executor)[0]
        sweep = Sweep("octal", codes, octal_census, store=str(store), heaps=20_000)

        def kill_when_started():
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and (not store.exists() or len(sweep.done()) < 5):
                time.sleep(0.05)
            os.kill(victim, signal.SIGKILL)

        killer = threading.Thread(target=kill_when_started)
        killer.start()
        records = sweep.run(executor=executor)
        killer.join()
        assert victim not in _worker_pids(executor)
    assert len(records) == len(codes) and sweep.computed == len(codes)
    serial = Sweep("octal", codes, octal_census, store=str(tmp_path / "serial.sqlite"), heaps=20_000)
    assert records == serial.run(executor=SerialExecutor())


def test_an_interrupted_sweep_resumes_without_recomputing(cluster, tmp_path):
    """Ctrl-C (a real SIGINT, which also wakes a blocked wait) once a record is in the store; the sweep is long
    enough (63 codes to heap 60,000, a few seconds on two workers) that it cannot finish first, and the signal
    is sent only while the sweep runs."""
    codes = octal_codes(2)
    store = tmp_path / "resume.sqlite"
    sweep = Sweep("octal", codes, octal_census, store=str(store), heaps=60_000)
    running = threading.Event()
    lock = threading.Lock()

    def interrupt_when_one_is_stored():
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (not store.exists() or not sweep.done()):
            time.sleep(0.02)
        with lock:
            if running.is_set():
                os.kill(os.getpid(), signal.SIGINT)

    interrupter = threading.Thread(target=interrupt_when_one_is_stored)
    running.set()
    interrupter.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            try:
                sweep.run(executor=cluster)
            finally:
                with lock:
                    running.clear()
    finally:
        interrupter.join()
    stored = sweep.done()
    assert 1 <= len(stored) < len(codes)
    records = sweep.run(executor=cluster)
    assert sweep.computed == len(codes) - len(stored)
    assert {code: records[code] for code in stored} == stored and len(records) == len(codes)


def test_the_cluster_example_script_runs_on_a_local_cluster():
    result = subprocess.run([sys.executable, str(ROOT / "docs" / "examples" / "cluster_jobs.py"), "dask"],
                            capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "same results as the local executor: True" in result.stdout, result.stdout


def test_the_sweep_command_runs_on_a_local_cluster(tmp_path):
    """`cgt sweep ... --cluster local` starts a cluster, prints the table and resumes from its store."""
    store = str(tmp_path / "cli.sqlite")
    command = [sys.executable, "-m", "cgt.shell.cli", "sweep", "octal", "--digits", "1", "--heaps", "500",
               "--store", store, "--cluster", "local", "--workers", "2"]
    first = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert first.returncode == 0, first.stderr[-2000:]
    assert "| 0.7 | 2 | 0 | True | 128 | 1 |" in first.stdout
    assert "7 items, 7 computed now, 0 from" in first.stderr
    again = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert again.returncode == 0 and again.stdout == first.stdout
    assert "7 items, 0 computed now, 7 from" in again.stderr
