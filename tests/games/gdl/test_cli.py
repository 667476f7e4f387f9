"""``cgt gdl FILE [--json]`` and ``game.gdl.Load`` in the shell: the report, the JSON object, exit status 2
with one ``error:`` line for rejected files."""

import json
import pathlib
import subprocess
import sys

import pytest

from cgt.shell.cli import main
from cgt.shell.errors import ShellError
from cgt.shell.session import Session

SHARED = pathlib.Path(__file__).parent / "shared"
KEYS = {"players", "alternating", "play", "impartial", "all_small", "draws", "states", "result", "grundy", "value"}


def run(*args):
    return subprocess.run([sys.executable, "-c", "from cgt.shell.cli import console; console()", *args],
                          capture_output=True, text=True, timeout=600)


def test_json_for_programs(capsys):
    assert main(["gdl", str(SHARED / "impartial" / "nim1.kif"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert KEYS <= set(data)
    assert (data["players"], data["alternating"], data["play"], data["impartial"]) == (2, True, "normal", True)
    assert (data["grundy"], data["result"], data["value"], data["states"]) == (2, "first", None, 360)


@pytest.mark.parametrize("engine", ["propnet", "reasoner"])
def test_either_engine_from_the_command_line(capsys, engine):
    assert main(["gdl", str(SHARED / "impartial" / "nim1.kif"), "--json", "--engine", engine]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["grundy"], data["result"], data["states"]) == (2, "first", 360)


def test_text_for_people(capsys):
    assert main(["gdl", str(pathlib.Path(__file__).parent / "domineering3x4.kif")]) == 0
    out = capsys.readouterr().out
    assert "classification: normal play, partizan, not all-small, no draws" in out
    assert "value: {3/2|-1/2||-1|-3} (Left = updown)" in out
    assert "result: the second player (leftright) wins" in out


def test_draw_game_json(capsys):
    assert main(["gdl", str(SHARED / "partizan" / "ticTacToe.kif"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["result"], data["draws"], data["play"]) == ("draw", True, "other")
    assert data["grundy"] is None and data["value"] is None


@pytest.mark.parametrize("args, message", [
    ([str(SHARED / "partizan" / "ticTacToeClassic.kif")], "error: unsafe rule at line 76: variable ?m"),
    ([str(SHARED / "partizan" / "breakthroughSmall.kif"), "--max-states", "500"],
     "error: breakthroughSmall.kif: more than 500 states"),
    ([str(SHARED / "partizan" / "breakthroughSmall.kif"), "--time-limit", "0.5", "--max-states", "100000000"],
     "error: breakthroughSmall.kif: time limit of 0.5 s reached after exploring"),
    ([str(SHARED / "partizan" / "breakthroughSmall.kif"), "--time-limit", "0"],
     "error: --time-limit must be a positive number of seconds"),
    (["/no/such/file.kif"], "error: cannot read /no/such/file.kif"),
])
def test_rejected_files_exit_2_with_one_error_line(args, message):
    result = run("gdl", *args)
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message)


def test_syntax_error_file(tmp_path):
    path = tmp_path / "broken.kif"
    path.write_text("(role a)\n(<= (legal a go)\n", encoding="utf-8")
    result = run("gdl", str(path))
    assert result.returncode == 2
    assert result.stderr.strip() == "error: syntax error at the end of the file: a ')' is missing"


def test_fallback_to_the_rule_interpreter_is_reported(tmp_path):
    # a counter (s (s ... 0)) that the grounding relaxation would grow for ever; play ends at three
    path = tmp_path / "counter.kif"
    path.write_text("""(role a) (role b) (init (count 0)) (init (control a))
(<= (legal ?p inc) (true (control ?p))) (<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (count (s ?x))) (true (count ?x)))
(<= (next (control b)) (true (control a))) (<= (next (control a)) (true (control b)))
(<= terminal (true (count (s (s (s 0))))))
(<= (goal ?p 0) (true (control ?p))) (<= (goal ?p 100) (role ?p) (not (true (control ?p))))""", encoding="utf-8")
    result = run("gdl", str(path))
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.splitlines()[-1].startswith("note: grounding the rules makes terms nest deeper than 48 levels")
    assert result.stdout.splitlines()[-1].endswith(": explored with the rule interpreter instead")
    assert "result: the first player (a) wins" in result.stdout


def test_shell_load():
    session = Session()
    out = session.run(f'game.gdl.Load("{SHARED / "impartial" / "nim2.kif"}")')
    assert "Grundy value: 0" in out and "result: the second player (player2) wins" in out
    with pytest.raises(ShellError, match="game.gdl.Load: unsafe rule at line 76"):
        session.run(f'game.gdl.Load("{SHARED / "partizan" / "ticTacToeClassic.kif"}")')
    with pytest.raises(ShellError, match="game.gdl.Load: give the file name as a string"):
        session.run("game.gdl.Load(3)")
