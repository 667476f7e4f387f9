"""Script rulesets from ``.cgs`` files in other processes (``cgt.shell.script_rulesets``) and in ``cgt sweep``.

References: the library's ``Domineering`` for ``mygames.MyDomineering`` (a Domineering written in CGScript,
``tests/shell/cgs``), and Grundy values computed here by the mex rule (Sprague-Grundy; Winning Ways, ch. 4)
for ``mygames.MySubtraction`` and ``HalvingNim``.  The Dask cluster test is in the slow pass; its fast sibling
sweeps through a local process pool.
"""

from __future__ import annotations

import os
import pathlib
import pickle
import shutil
import subprocess
import sys

import pytest

from cgt.errors import NotApplicableError
from cgt.games import Domineering
from cgt.games.engine.parallel import LocalExecutor, SerialExecutor
from cgt.games.engine.sweep import Sweep, board_value, grid_boards, heap_box, position_grundy
from cgt.shell import Session, userclasses
from cgt.shell.script_rulesets import (ImpartialScriptRuleset, SessionBoundError, load_script_ruleset, rebuild,
                                       script_ruleset)
from cgt.shell.sweep_command import main

FOLDER = pathlib.Path(__file__).parent / "cgs"


@pytest.fixture(autouse=True)
def search_path(monkeypatch):
    monkeypatch.setattr(userclasses, "SEARCH_PATH", [])
    yield
    userclasses.forget_loaded_files()


def mex_grundy(options, n_max):
    """Grundy values 0..n_max of a one-heap game by the mex rule: options(n) is a list of tuples of heaps."""
    g = []
    for n in range(n_max + 1):
        seen = set()
        for heaps in options(n):
            value = 0
            for h in heaps:
                value ^= g[h]
            seen.add(value)
        g.append(next(k for k in range(len(seen) + 1) if k not in seen))
    return g


def board_sweep(ruleset, store, executor, rows=2, columns=3):
    sweep = Sweep("boards", grid_boards(ruleset, rows, columns), board_value, ruleset=ruleset, store=store, chunk=4)
    return sweep.run(executor=executor), sweep


def test_a_script_grid_ruleset_swept_through_a_process_pool_equals_domineering(tmp_path):
    ruleset = load_script_ruleset("mygames.MyDomineering", [str(FOLDER)])
    with LocalExecutor(2) as pool:
        records, _ = board_sweep(ruleset, str(tmp_path / "pool.sqlite"), pool)
    serial, _ = board_sweep(ruleset, str(tmp_path / "serial.sqlite"), SerialExecutor())
    builtin, _ = board_sweep(Domineering, str(tmp_path / "builtin.sqlite"), SerialExecutor())
    assert records == serial and len(records) == 2 ** 6          # no symmetry reduction: every board
    assert {b: r["value"] for b, r in records.items()} == {
        b: str(Domineering.value(Domineering.parse(b))) for b in records}
    assert builtin and all(records[b] == r for b, r in builtin.items())   # the built-in's classes, same rows
    assert records["...|..."] == {"value": "{2|-1/2}"}


def test_a_script_heap_ruleset_swept_through_a_process_pool_equals_the_mex_rule(tmp_path):
    ruleset = load_script_ruleset("mygames.MySubtraction([1, 3, 4])", [str(FOLDER)])
    assert isinstance(ruleset, ImpartialScriptRuleset) and ruleset.text == "mygames.MySubtraction([1,3,4])"
    sweep = Sweep("heaps", heap_box(7, 6), position_grundy, ruleset=ruleset, store=str(tmp_path / "s.sqlite"),
                  chunk=6)
    with LocalExecutor(2) as pool:
        records = sweep.run(executor=pool)
    g = mex_grundy(lambda n: [(n - s,) for s in (1, 3, 4) if s <= n], 7)
    assert records == {f"{a} {b}": {"grundy": g[a] ^ g[b]} for a in range(8) for b in range(7)}


def test_a_ruleset_of_impartial_positions_sums_its_eval_positions(tmp_path):
    """HalvingNim extends Ruleset: "a b" is HalvingNim(a) + HalvingNim(b), its Grundy value g(a) xor g(b)."""
    ruleset = load_script_ruleset("HalvingNim", [str(FOLDER)])
    sweep = Sweep("heaps", heap_box(9, 4), position_grundy, ruleset=ruleset, store=str(tmp_path / "s.sqlite"))
    records = sweep.run(executor=SerialExecutor())
    g = mex_grundy(lambda n: [(m,) for m in range(n // 2, n)], 9)
    assert records == {f"{a} {b}": {"grundy": g[a] ^ g[b]} for a in range(10) for b in range(5)}
    assert str(ruleset.value(ruleset.parse("9 3"))) == f"*{g[9] ^ g[3]}"


def test_a_fresh_interpreter_rebuilds_the_ruleset_from_its_pickle():
    ruleset = load_script_ruleset("mygames.MySubtraction([2, 5])", [str(FOLDER)])
    program = ("import pickle, sys\n"
               "r = pickle.loads(sys.stdin.buffer.read())\n"
               "print(type(r).__name__, r.text, r.grundy(r.parse('9 4')))\n")
    result = subprocess.run([sys.executable, "-c", program], input=pickle.dumps(ruleset), capture_output=True,
                            timeout=120, cwd=os.path.dirname(FOLDER), env={**os.environ, "CGT_PATH": ""})
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    g = mex_grundy(lambda n: [(n - s,) for s in (2, 5) if s <= n], 9)
    assert result.stdout.decode().split() == ["ImpartialScriptRuleset", "mygames.MySubtraction([2,5])",
                                              str(g[9] ^ g[4])]


def test_the_identity_is_the_results_cache_key_and_an_edited_file_gives_a_new_one(tmp_path):
    from cgt.games.engine.results_cache import ruleset_key

    (tmp_path / "mygames").mkdir()
    copy = tmp_path / "mygames" / "MyDomineering.cgs"
    shutil.copy(FOLDER / "mygames" / "MyDomineering.cgs", copy)
    first = load_script_ruleset("mygames.MyDomineering", [str(tmp_path)])
    position = first.parse("..|..")
    adapter = userclasses.game_adapter(position)
    assert first.cache_key() == adapter.cache_key() and first.cache_key() in ruleset_key(adapter)
    key = board_sweep(first, str(tmp_path / "s.sqlite"), SerialExecutor(), 1, 2)[1].key
    assert first.digest in key
    copy.write_text(copy.read_text() + "// edited\n")
    os.utime(copy, (1, 1))                                   # another modification time: the file is read again
    second = load_script_ruleset("mygames.MyDomineering", [str(tmp_path)])
    assert second.text == first.text and second.digest != first.digest and second != first
    assert board_sweep(second, str(tmp_path / "s.sqlite"), SerialExecutor(), 1, 2)[1].key != key
    # a process that rebuilds the ruleset from the old pickle refuses the changed file: the jobs' one-line error
    with pytest.raises(NotApplicableError, match="has changed") as error:
        rebuild(first.folders, first.text, first.digest)
    assert "\n" not in str(error.value)
    with LocalExecutor(2) as pool, pytest.raises(NotApplicableError, match="MyDomineering.cgs has changed"):
        board_sweep(pickle.loads(pickle.dumps(first)), str(tmp_path / "t.sqlite"), pool, 2, 2)


def test_a_ruleset_is_the_same_after_the_files_are_read_again():
    import cgt

    ruleset = load_script_ruleset("StepGame(2)", [str(FOLDER)])
    cgt.clear_caches()                     # forgets the files read: the next use reads them again
    assert script_ruleset(ruleset.script) == ruleset
    assert script_ruleset(rebuild(ruleset.folders, ruleset.text, ruleset.digest)) == ruleset


def test_a_ruleset_typed_at_the_prompt_is_refused_in_one_line():
    session = Session()
    session.run("class Take(k) extends HeapRuleset override def HeapOptions(n) := [[n - 1]]; end;")
    with pytest.raises(SessionBoundError) as error:
        script_ruleset(session.evaluate("Take(1)")[0])
    text = str(error.value)
    assert "\n" not in text and text.startswith("Take(1) is declared at the prompt, not in a .cgs file")
    # a file's ruleset whose argument is an object of a prompt class is session-bound too
    userclasses.SEARCH_PATH.append(str(FOLDER))
    session.run("class Step(n) end;")
    with pytest.raises(SessionBoundError, match="uses Step, declared at the prompt"):
        script_ruleset(session.evaluate("mygames.MySubtraction([Step(1)])")[0])


def test_cgt_sweep_takes_a_script_ruleset_with_path(tmp_path, capsys):
    store = str(tmp_path / "s.sqlite")
    command = ["boards", "mygames.MyDomineering", "--path", str(FOLDER), "--rows", "2", "--columns", "2",
               "--store", store, "--jobs", "2"]
    assert main(command) == 0
    first = capsys.readouterr()
    assert "| ..\\|.. | +-1 |" in first.out and "16 items, 16 computed now" in first.err
    assert main(command) == 0
    again = capsys.readouterr()
    assert again.out == first.out and "16 items, 0 computed now, 16 from" in again.err
    assert main(["heaps", "mygames.MySubtraction([1, 2])", "--path", str(FOLDER), "--first", "3", "--second", "0",
                 "--store", store, "--jobs", "1", "--quiet"]) == 0
    assert capsys.readouterr().out.splitlines()[2:] == ["| 0 0 | 0 |", "| 1 0 | 1 |", "| 2 0 | 2 |", "| 3 0 | 0 |"]


@pytest.mark.parametrize("arguments, message", [
    (["heaps", "StepGame(2)", "--first", "1", "--second", "1"], "StepGame(2) is not impartial"),
    (["boards", "StepGame(2)", "--rows", "1", "--columns", "1"], "StepGame(2, 1) is not a grid ruleset"),
    (["boards", "NoSuchRuleset", "--rows", "1", "--columns", "1"],
     "NoSuchRuleset is not a ruleset of cgt.games nor a CGScript ruleset on the search path"),
    (["heaps", "class T extends HeapRuleset override def HeapOptions(n) := []; end; T()", "--first", "1",
      "--second", "1"], "T is declared at the prompt, not in a .cgs file on the search path"),
])
def test_cgt_sweep_refuses_in_one_line(tmp_path, capsys, arguments, message):
    assert main(arguments + ["--path", str(FOLDER), "--store", str(tmp_path / "s.sqlite"), "--jobs", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and message in err, err


def test_help_lists_the_rulesets_read_from_files():
    userclasses.SEARCH_PATH.append(str(FOLDER))
    session = Session()
    text = session.run("mygames.MyDomineering; help")
    assert f"mygames.MyDomineering (from {FOLDER / 'mygames' / 'MyDomineering.cgs'})" in text
    assert "From files" in text and "mygames.Shape" not in text     # Shape is no ruleset


def test_help_lists_rulesets_of_every_ruleset_base():
    games = FOLDER / "scriptgames"
    userclasses.SEARCH_PATH.append(str(games))
    text = Session().run('MyWythoff((1, 2)); MyToadsAndFrogs("t..f"); MyCol("L-R"); help')
    for name in ("MyWythoff", "MyToadsAndFrogs", "MyCol"):          # Coordinate-, Strip- and GraphRuleset
        assert f"{name} (from {games / (name + '.cgs')})" in text


def test_a_ruleset_of_another_base_is_refused_by_sweeps_naming_its_base(tmp_path, capsys):
    arguments = ["heaps", "MyWythoff", "--first", "1", "--second", "1", "--path", str(FOLDER / "scriptgames"),
                 "--store", str(tmp_path / "s.sqlite"), "--jobs", "1"]
    assert main(arguments) == 2
    assert "MyWythoff extends CoordinateRuleset: other processes take script rulesets" in capsys.readouterr().err


@pytest.mark.slow         # starts a Dask cluster of two worker processes (a few seconds)
def test_script_rulesets_swept_on_a_local_dask_cluster_equal_the_serial_sweep(tmp_path):
    pytest.importorskip("distributed")
    from cgt.games.engine.cluster import DaskExecutor

    boards = load_script_ruleset("mygames.MyDomineering", [str(FOLDER)])
    heaps = load_script_ruleset("mygames.MySubtraction([1, 3, 4])", [str(FOLDER)])
    with DaskExecutor(workers=2) as cluster:
        records, _ = board_sweep(boards, str(tmp_path / "cluster.sqlite"), cluster)
        grundy = Sweep("heaps", heap_box(5, 5), position_grundy, ruleset=heaps, store=str(tmp_path / "h.sqlite"),
                       chunk=4).run(executor=cluster)
    assert records == board_sweep(boards, str(tmp_path / "serial.sqlite"), SerialExecutor())[0]
    assert len(records) == 64 and records["...|..."] == {"value": "{2|-1/2}"}
    g = mex_grundy(lambda n: [(n - s,) for s in (1, 3, 4) if s <= n], 5)
    assert grundy == {f"{a} {b}": {"grundy": g[a] ^ g[b]} for a in range(6) for b in range(6)}
    # the command line: cgt sweep ... --path FOLDER --cluster local prints the serial table
    store = str(tmp_path / "cli.sqlite")
    command = [sys.executable, "-m", "cgt.shell.cli", "sweep", "boards", "mygames.MyDomineering", "--path",
               str(FOLDER), "--rows", "2", "--columns", "3", "--store", store, "--cluster", "local", "--workers", "2"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "64 items, 64 computed now" in result.stderr
    rows = result.stdout.splitlines()[2:]
    assert rows == [f"| {b.replace('|', chr(92) + '|')} | {records[b]['value'].replace('|', chr(92) + '|')} |"
                    for b in sorted(records)]
