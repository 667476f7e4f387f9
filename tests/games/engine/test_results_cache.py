"""cgt.games.engine.results_cache: values computed once are read back by later sessions, exactly.

Every value read from disk is compared with the value computed without the cache (the reference is the
library's own search after ``cgt.clear_caches()``, with the cache off); golden values anchor a few
(Winning Ways, 2nd ed., vol. 1, ch. 1-2 for Domineering, ch. 4 for Kayles and Dawson's Kayles).
"""

import os
import pathlib
import sqlite3
import subprocess
import sys
import textwrap

import pytest
from hypothesis import given, settings, strategies as st

import cgt
from cgt.games import Clobber, Domineering, Kayles, Subtraction, TakeAndBreak, ToadsAndFrogs
from cgt.games.engine import parallel
from cgt.games.engine import results_cache
from cgt.games.engine.results_cache import CacheError
from cgt.testing import games, positions

ROOT = str(pathlib.Path(__file__).resolve().parents[3])


@pytest.fixture(autouse=True)
def no_cache_after():
    before = results_cache.active()
    results_cache.disable()
    yield
    results_cache.disable()
    cgt.clear_caches()
    if before is not None:
        results_cache.enable(before.path, before.max_bytes)


def fresh_values(ruleset, boards):
    """Values with the cache off and every memo emptied (the reference)."""
    saved = results_cache.active()
    results_cache.ACTIVE = None
    try:
        cgt.clear_caches()
        return [ruleset(b).value for b in boards]
    finally:
        results_cache.ACTIVE = saved
        cgt.clear_caches()


def test_off_by_default_in_a_clean_environment():
    env = {k: v for k, v in os.environ.items() if k != "CGT_CACHE"}
    out = subprocess.run([sys.executable, "-c", "from cgt.games.engine import results_cache as r; print(r.active())"],
                         capture_output=True, text=True, env=env, cwd=ROOT)
    assert out.stdout.strip() == "None"


@settings(max_examples=40)
@given(games(max_birthday=3))
def test_values_round_trip_through_text(g):
    assert cgt.game(str(g)) == g


def test_every_value_of_a_domineering_table_round_trips():
    cgt.clear_caches()
    Domineering("....|....|....|....").value
    table = Domineering.table("values_by_key")
    assert len(table) > 100
    for value in table.values():
        assert cgt.game(str(value)) == value


def test_second_connection_reads_what_the_first_wrote(tmp_path):
    path = str(tmp_path / "r.sqlite")
    boards = ["....|....|....|....", "...|...|...", "..|..", "....|.##.|...."]
    expected = fresh_values(Domineering, boards)
    results_cache.enable(path)
    first = [Domineering(b).value for b in boards]
    written = results_cache.stats()
    assert written["entries"] > 100 and written["writes"] == written["entries"] and written["hits"] == 0
    results_cache.disable()
    cgt.clear_caches()
    results_cache.enable(path)
    second = [Domineering(b).value for b in boards]
    read = results_cache.stats()
    assert first == second == expected
    assert read["writes"] == 0 and read["misses"] == 0 and read["hits"] == len(boards)
    assert str(second[2]) == "+-1"          # Winning Ways ch. 1: the 2 x 2 square


SESSION = textwrap.dedent("""
    import json, sys, time
    import cgt
    from cgt.games import Domineering, TakeAndBreak, Clobber
    from cgt.games.engine import results_cache
    t = time.perf_counter()
    dom = str(Domineering("....|....|....|....").value)
    seq = TakeAndBreak("0.137").grundy_sequence(3000)
    clob = str(Clobber("xoxo|oxox|xo..").value)
    kayles = cgt.games.Kayles((7, 11, 30)).grundy
    stats = results_cache.stats()
    print(json.dumps({"dom": dom, "seq": seq[-40:], "clob": clob, "kayles": kayles,
                      "hits": stats["hits"], "writes": stats["writes"], "misses": stats["misses"]}))
""")


def test_a_second_process_gets_the_values_from_disk(tmp_path):
    import json

    path = str(tmp_path / "results.sqlite")
    env = dict(os.environ, CGT_CACHE=path)
    runs = []
    for _ in range(2):
        out = subprocess.run([sys.executable, "-c", SESSION], capture_output=True, text=True, env=env, cwd=ROOT,
                             timeout=300)
        assert out.returncode == 0, out.stderr
        runs.append(json.loads(out.stdout))
    first, second = runs
    assert first["writes"] > 0 and first["hits"] == 0
    assert second["writes"] == 0 and second["misses"] == 0 and second["hits"] >= 2
    for key in ("dom", "seq", "clob", "kayles"):
        assert first[key] == second[key]
    # and both agree with this process, cache off
    cgt.clear_caches()
    assert first["dom"] == str(Domineering("....|....|....|....").value)
    assert first["seq"] == TakeAndBreak("0.137").grundy_sequence(3000)[-40:]
    assert first["clob"] == str(Clobber("xoxo|oxox|xo..").value)
    assert first["kayles"] == Kayles((7, 11, 30)).grundy


def test_grundy_sequences_are_stored_and_extended(tmp_path):
    path = str(tmp_path / "r.sqlite")
    results_cache.enable(path)
    # Winning Ways ch. 4: Dawson's Kayles (0.07) 0 0 1 1 2 0 3 1 1 0 3 3
    assert TakeAndBreak("0.07").grundy_sequence(11) == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
    Subtraction([1, 3, 4]).grundy_sequence(500)
    results_cache.disable()
    cgt.clear_caches()
    results_cache.enable(path)
    dawson = TakeAndBreak("0.07")
    dawson.grundy_sequence(0)                   # the sequence is read from disk ...
    assert results_cache.stats()["hits"] == 1 and results_cache.stats()["misses"] == 0
    loaded = Subtraction([1, 3, 4])
    loaded.grundy_sequence(0)
    results_cache.disable()
    # ... and extends exactly like a sequence computed from scratch (cache off)
    assert dawson.grundy_sequence(2000) == TakeAndBreak("0.07").grundy_sequence(2000)
    assert loaded.grundy_sequence(800) == Subtraction([1, 3, 4]).grundy_sequence(800)


@settings(max_examples=15)
@given(st.lists(positions(Domineering, max_cells=12), min_size=1, max_size=4),
       st.lists(positions(Clobber, max_cells=8), min_size=1, max_size=3),
       st.lists(positions(ToadsAndFrogs, max_cells=8), min_size=1, max_size=3))
def test_results_with_cache_equal_results_without(tmp_path_factory, dom, clob, toads):
    path = str(tmp_path_factory.mktemp("c") / "r.sqlite")
    groups = [(Domineering, dom), (Clobber, clob), (ToadsAndFrogs, toads)]
    expected = [fresh_values(r, [p.position for p in ps]) for r, ps in groups]
    for _ in range(2):                                   # write, then read back in a "new session"
        results_cache.enable(path)
        got = [[p.value for p in ps] for _, ps in groups]
        results_cache.disable()
        cgt.clear_caches()
        assert got == expected


def test_impartial_engine_grundy_values_are_cached(tmp_path):
    """An impartial ruleset on the generic engine (its Grundy table): the impartial variant of Clobber."""
    path = str(tmp_path / "r.sqlite")
    variant = Clobber.impartial_variant
    boards = ["xoxo|oxox", "xox|oxo|xox", "xoxox|oxoxo"]
    saved = results_cache.active()
    cgt.clear_caches()
    expected = [variant(b).grundy for b in boards]
    for session in range(2):
        cgt.clear_caches()
        results_cache.enable(path)
        assert [variant(b).grundy for b in boards] == expected
        stats = results_cache.stats()
        results_cache.disable()
        if session == 0:
            assert stats["writes"] > len(boards) and stats["hits"] == 0
        else:
            assert stats["writes"] == 0 and stats["hits"] == len(boards)
    assert saved is None


def test_size_limit_evicts_least_recently_used(tmp_path):
    path = str(tmp_path / "r.sqlite")
    boards = ["...|...|...", "....|....|....|...."]
    limit = 36 * 1024                       # an empty database takes 7 pages of 4 KiB
    expected = fresh_values(Domineering, boards)
    results_cache.enable(path, max_bytes=limit)
    assert [Domineering(b).value for b in boards] == expected
    stats = results_cache.stats()
    assert stats["bytes"] <= limit
    assert 0 < stats["entries"] < stats["writes"]           # some entries were evicted
    # the oldest entries went first: the last region written (the whole 4 x 4 board) is still there
    results_cache.disable()
    cgt.clear_caches()
    results_cache.enable(path, max_bytes=limit)
    assert Domineering(boards[1]).value == expected[1]
    assert results_cache.stats()["hits"] == 1 and results_cache.stats()["misses"] == 0


def test_clear_and_stats(tmp_path):
    path = str(tmp_path / "r.sqlite")
    results_cache.enable(path)
    Domineering("...|...|...").value
    stats = results_cache.stats()
    assert set(stats) >= {"entries", "bytes", "file_bytes", "max_bytes", "path", "hits", "misses", "writes"}
    assert stats["entries"] > 0 and stats["path"] == path
    results_cache.clear()
    assert results_cache.stats()["entries"] == 0
    results_cache.disable()
    with pytest.raises(CacheError, match="not enabled"):
        results_cache.stats()


def test_corrupt_file_is_a_one_line_error_naming_it(tmp_path):
    path = tmp_path / "junk.sqlite"
    path.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(CacheError) as error:
        results_cache.enable(str(path))
    assert str(path) in str(error.value) and "\n" not in str(error.value)
    assert results_cache.active() is None


def test_foreign_database_is_refused(tmp_path):
    path = tmp_path / "other.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE people (name TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(CacheError, match="not a cgt results database"):
        results_cache.enable(str(path))
    # another format version
    path2 = str(tmp_path / "v.sqlite")
    results_cache.enable(path2)
    results_cache.disable()
    conn = sqlite3.connect(path2)
    conn.execute("UPDATE meta SET value = '999' WHERE key = 'version'")
    conn.commit()
    conn.close()
    with pytest.raises(CacheError, match="version 999"):
        results_cache.enable(path2)


def test_bad_environment_variable_warns_and_stays_off(tmp_path):
    path = tmp_path / "junk.sqlite"
    path.write_bytes(b"junk" * 1000)
    env = dict(os.environ, CGT_CACHE=str(path))
    out = subprocess.run([sys.executable, "-c", "from cgt.games.engine import results_cache as r; print(r.active())"],
                         capture_output=True, text=True, env=env, cwd=ROOT)
    assert out.stdout.strip() == "None"
    assert "CGT_CACHE ignored" in out.stderr and str(path) in out.stderr


def test_default_path_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert results_cache.default_path() == os.path.join(str(tmp_path), "cgt", "results.sqlite")
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert results_cache.default_path().endswith(os.path.join(".cache", "cgt", "results.sqlite"))


def test_uncacheable_rulesets_and_positions_are_skipped(tmp_path):
    from cgt.games import GenMem, Mem

    at_most = GenMem(lambda memory, j: j <= memory + 1)      # built from a function of the caller's
    assert results_cache.ruleset_key(at_most) is None
    assert results_cache.ruleset_key(Mem) == "cgt 0.1.0|Mem"  # the library's own: known by its name
    assert results_cache.position_text(object()) is None
    results_cache.enable(str(tmp_path / "r.sqlite"))
    assert at_most((4, 5)).grundy == fresh_values_grundy(at_most, (4, 5))
    assert results_cache.stats()["entries"] == 0


def fresh_values_grundy(ruleset, pos):
    saved = results_cache.active()
    results_cache.ACTIVE = None
    try:
        cgt.clear_caches()
        return ruleset(pos).grundy
    finally:
        results_cache.ACTIVE = saved


def test_workers_share_the_cache_file(tmp_path):
    """WAL mode: worker processes write to the same file as the parent."""
    path = str(tmp_path / "r.sqlite")
    boards = ["....|....|....|....", "...|...|...|...|...", "#...|....|....|...#"]
    expected = fresh_values(Domineering, boards)
    results_cache.enable(path)
    executor = parallel.LocalExecutor(2)
    try:
        assert parallel.values(Domineering, boards, executor=executor, threshold=0) == expected
    finally:
        executor.shutdown()
    assert results_cache.stats()["entries"] > 100              # written by the workers
    results_cache.disable()
    cgt.clear_caches()
    results_cache.enable(path)
    assert [Domineering(b).value for b in boards] == expected
    assert results_cache.stats()["misses"] == 0


def test_the_cache_works_from_a_helper_thread(tmp_path):
    """Deep searches rerun in a helper thread (cgt.runtime.interrupt.deep): the connection must serve it too."""
    import threading

    path = str(tmp_path / "r.sqlite")
    expected = fresh_values(Domineering, ["...|...|...|..#"])
    results_cache.enable(path)
    Domineering("...|...|...|..#").value
    results_cache.disable()
    cgt.clear_caches()
    results_cache.enable(path)
    out = []
    thread = threading.Thread(target=lambda: out.append(Domineering("...|...|...|..#").value))
    thread.start()
    thread.join()
    assert out == expected
    assert results_cache.stats()["hits"] == 1


def test_a_damaged_file_is_a_one_line_error_and_turns_the_cache_off(tmp_path):
    path = tmp_path / "r.sqlite"
    board = "....|....|....|...."
    expected = fresh_values(Domineering, [board])
    results_cache.enable(str(path))
    Domineering(board).value
    results_cache.disable()
    with open(path, "r+b") as f:                  # overwrite pages in the middle of the file
        f.seek(4096 * 3)
        f.write(bytes(range(256)) * 80)
    cgt.clear_caches()
    try:
        results_cache.enable(str(path))
    except CacheError as error:                   # noticed on opening ...
        assert str(path) in str(error)
    else:
        with pytest.raises(CacheError) as error:  # ... or on the first read
            Domineering(board).value
        assert str(path) in str(error.value) and "damaged" in str(error.value) and "\n" not in str(error.value)
    assert results_cache.active() is None
    assert [Domineering(board).value] == expected   # and the next call computes without it


def test_long_searches_flush_as_they_go(tmp_path, monkeypatch):
    monkeypatch.setattr(results_cache, "FLUSH_EVERY", 50)
    path = str(tmp_path / "r.sqlite")
    boards = ["....|....|....|....", "xoxo|oxox|xo.."]
    expected = [fresh_values(Domineering, boards[:1])[0], fresh_values(Clobber, boards[1:])[0]]
    results_cache.enable(path)
    TakeAndBreak("0.6").grundy_sequence(300)          # a watched sequence, saved by every flush
    got = [Domineering(boards[0]).value, Clobber(boards[1]).value]
    stats = results_cache.stats()
    assert got == expected and stats["writes"] == stats["entries"] > 200
    results_cache.disable()
    cgt.clear_caches()
    results_cache.enable(path)
    assert [Domineering(boards[0]).value, Clobber(boards[1]).value] == expected
    assert results_cache.stats()["misses"] == 0


def test_a_sequence_computed_before_enable_is_saved(tmp_path):
    path = str(tmp_path / "r.sqlite")
    cgt.clear_caches()
    before = TakeAndBreak("0.16")
    values = before.grundy_sequence(400)              # computed with the cache off
    results_cache.enable(path)                        # ... then the cache is turned on
    results_cache.disable()
    cgt.clear_caches()
    results_cache.enable(path)
    later = TakeAndBreak("0.16")
    later.grundy_sequence(0)
    assert results_cache.stats()["hits"] == 1         # read from the file
    results_cache.disable()
    assert later.grundy_sequence(400) == values
    # and a longer sequence in the file extends a shorter one computed before enable()
    cgt.clear_caches()
    short = TakeAndBreak("0.16")
    short.grundy_sequence(50)
    results_cache.enable(path)
    assert short.grundy_sequence(400) == values
    assert results_cache.stats()["misses"] == 0


def test_a_dead_rulesets_sequence_is_saved_when_its_id_is_reused(tmp_path):
    # A heap ruleset dropped at once may leave its id to the next object created (here, most often): its
    # Grundy list must still reach the file (the watch list was once keyed by the ruleset's id, so the next
    # ruleset's entry replaced it and this failed every time).
    for attempt in range(5):
        path = str(tmp_path / f"r{attempt}.sqlite")
        results_cache.enable(path)
        TakeAndBreak("0.07").grundy_sequence(11)
        Subtraction([1, 3, 4]).grundy_sequence(50)
        results_cache.disable()
        cgt.clear_caches()
        results_cache.enable(path)
        assert TakeAndBreak("0.07").grundy_sequence(0) == [0]
        assert results_cache.stats()["hits"] == 1
        results_cache.disable()
        cgt.clear_caches()
