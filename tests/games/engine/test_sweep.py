"""cgt.games.engine.sweep on one process: records stored as they arrive, a stopped sweep resumes without
recomputing, parameters key the records, and the families are what they say (the cluster runs of the same
are in test_cluster.py, in the slow pass)."""

import pytest

from cgt.games import Domineering, Kayles
from cgt.games.engine.parallel import SerialExecutor
from cgt.games.engine.sweep import (Sweep, SweepError, grid_boards, heap_box, octal_census, octal_codes,
                                    position_grundy)

CALLS = []


def counted_square(item, stop_at=None):
    """A task that records its calls and stops the run (as Ctrl-C would) at one item."""
    if item == stop_at:
        raise KeyboardInterrupt
    CALLS.append(item)
    return {"square": int(item) ** 2}


def test_a_stopped_sweep_resumes_where_it_stopped(tmp_path):
    store = str(tmp_path / "s.sqlite")
    items = [str(n) for n in range(10)]
    CALLS.clear()
    stopping = Sweep("squares", items, counted_square, store=store, chunk=2, stop_at="6")
    with pytest.raises(KeyboardInterrupt):
        stopping.run(executor=SerialExecutor())
    assert CALLS == ["0", "1", "2", "3", "4", "5"]
    assert sorted(stopping.done(), key=int) == ["0", "1", "2", "3", "4", "5"]     # stored as they came
    # the parameters key the records: the same sweep without the stop starts afresh ...
    assert Sweep("squares", items, counted_square, store=store, chunk=2).done() == {}
    # ... and the stopped one, run again once the stop is gone, computes only what is missing
    CALLS.clear()
    stopping.parameters["stop_at"] = "none"      # the same key (as if Ctrl-C had been pressed at "6")
    stopping.key = Sweep("squares", items, counted_square, store=store, stop_at="6").key
    records = stopping.run(executor=SerialExecutor())
    assert CALLS == ["6", "7", "8", "9"] and stopping.computed == 4
    assert records == {str(n): {"square": n * n} for n in range(10)}


def test_records_are_stored_once_and_read_back(tmp_path):
    store = str(tmp_path / "s.sqlite")
    items = [str(n) for n in range(7)]
    CALLS.clear()
    first = Sweep("squares", items, counted_square, store=store, chunk=3)
    records = first.run(executor=SerialExecutor())
    assert records == {str(n): {"square": n * n} for n in range(7)} and first.computed == 7
    again = Sweep("squares", items + ["7"], counted_square, store=store, chunk=3)
    assert again.run(executor=SerialExecutor())["7"] == {"square": 49} and again.computed == 1
    assert CALLS == items + ["7"]
    assert again.table(["2", "7"]) == "| item | square |\n|---|---|\n| 2 | 4 |\n| 7 | 49 |"


def test_families():
    codes = octal_codes(2)
    assert len(codes) == 7 + 56 and codes[:2] == ["0.1", "0.2"] and "0.77" in codes and "0.70" not in codes
    assert heap_box(2, 1) == ["0 0", "0 1", "1 0", "1 1", "2 0", "2 1"]
    boards = grid_boards(Domineering, 2, 2)
    assert "..|.." in boards and len(boards) == len({Domineering.normal_form(Domineering.parse(b))[0]
                                                     for b in boards})


def test_tasks_give_the_library_values():
    assert position_grundy(Kayles, "3 4") == {"grundy": Kayles.grundy((3, 4))}
    record = octal_census("0.77", 1000)
    assert (record["period"], record["preperiod"], record["certified"]) == (12, 71, True)  # Winning Ways ch. 4


def test_a_store_that_is_not_a_database_is_one_error(tmp_path):
    bad = tmp_path / "bad.sqlite"
    bad.write_text("not a database")
    with pytest.raises(SweepError, match="file is not a database"):
        Sweep("x", ["1"], counted_square, store=str(bad)).run(executor=SerialExecutor())
