"""The ``cgt`` command and the REPL: -c, scripts, piped stdin, errors without tracebacks, Ctrl-C, history."""

import os
import subprocess
import sys
import threading
import time

import pytest

from cgt.shell import ShellError
from cgt.shell import cli, parser, repl
from cgt.shell.session import Session
from tests.support import cgt_command


def _cgt(*args, stdin=None, **environment):
    command = cgt_command()
    return subprocess.run(
        command + list(args), input=stdin, capture_output=True, text=True, timeout=120,
        env={**os.environ, "CGT_HISTORY": os.devnull, **environment},
    )


def test_command_line_expression():
    result = _cgt("-c", "{3|2} + {2|0}")
    assert (result.returncode, result.stdout, result.stderr) == (0, "{5|4||3|2}\n", "")


def test_the_parse_tables_kept_between_runs_are_rebuilt_when_unreadable(tmp_path, monkeypatch):
    """The shell keeps its grammar's parse tables in the user's cache folder; a damaged file is rebuilt, and a
    folder that cannot be made only costs the time of building them."""
    tables = tmp_path / "cgt" / "shell-parser.lark"
    for _ in range(2):
        result = _cgt("-c", "{3|2} + {2|0}", XDG_CACHE_HOME=str(tmp_path))
        assert (result.returncode, result.stdout, result.stderr) == (0, "{5|4||3|2}\n", "")
        assert tables.stat().st_size > 10_000
    digest = tables.read_bytes().split(b"\n", 1)[0]
    for damaged in (b"not tables", digest + b"\n" + b"\x80\x05garbage"):     # in this process: no new shell
        tables.write_bytes(damaged)
        assert parser.build_parser(str(tables)).parse("{3|2} + {2|0}").data == "start"
        assert tables.read_bytes().startswith(digest) and tables.stat().st_size > 10_000
    (tmp_path / "a file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a file"))
    assert parser.parse_table_file() is False
    assert parser.build_parser(False).parse("{3|2} + {2|0}").data == "start"


def test_help_names_the_gdl_command(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--help"])
    assert exit_info.value.code == 0
    assert "cgt gdl FILE.kif" in capsys.readouterr().out


def test_command_line_syntax_error_has_caret_and_no_traceback():
    result = _cgt("-c", "{3||2|1}.Mean +")
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        "line 1, column 16: syntax error: unexpected end of input\n{3||2|1}.Mean +\n               ^\n"
    )


def test_command_line_domain_error_is_one_line():
    result = _cgt("-c", "{0|1/3}")
    assert result.returncode == 1
    assert result.stderr == (
        "line 1, column 4: 1/3 is not a dyadic rational (its denominator is not a power of 2)\n"
    )


def test_piped_stdin_reads_entries_like_the_prompt():
    result = _cgt(stdin="g := {3|2};\ng + {2|0}\n{3||\n2|1}.Mean\nnope\n*2 + *3\n")
    assert result.stdout == "{5|4||3|2}\n9/4\n*\n"
    assert result.stderr == "line 5, column 1: unknown name 'nope'\n"
    assert result.returncode == 1


def test_script_file(tmp_path):
    script = tmp_path / "kayles.cgs"
    script.write_text("// Kayles values\nk := [n for n from 0 to 5];\nk.Length\nk[6] +\n  1\n")
    result = _cgt(str(script))
    assert (result.returncode, result.stdout, result.stderr) == (0, "6\n6\n", "")


def test_script_stops_at_first_error(tmp_path):
    script = tmp_path / "bad.cgs"
    script.write_text("1\n{1|2|3}\n2\n")
    result = _cgt(str(script))
    assert result.returncode == 1
    assert result.stdout == "1\n"
    assert result.stderr.startswith(f"{script}: line 2, column 5: ambiguous braces")


def test_missing_script():
    result = _cgt("/nonexistent/x.cgs")
    assert result.returncode == 2 and "cannot read" in result.stderr and "Traceback" not in result.stderr


def test_internal_error_traceback_only_with_debug(monkeypatch, capsys):
    def broken(self, source):
        raise ShellError("internal error (KeyError): 'x'", 1, 1, source, internal=True) from KeyError("x")

    monkeypatch.setattr(Session, "run", broken)
    assert cli.main(["-c", "1"]) == 1
    assert "Traceback" not in capsys.readouterr().err
    assert cli.main(["-c", "1", "--debug"]) == 1
    assert "KeyError" in capsys.readouterr().err


def test_ctrl_c_outside_the_repl_exits_130(monkeypatch, capsys):
    def interrupted(self, source):
        raise KeyboardInterrupt

    monkeypatch.setattr(Session, "run", interrupted)
    assert cli.main(["-c", "1"]) == 130
    assert capsys.readouterr().err == "interrupted\n"


# ---------------------------------------------------------------- the interactive REPL, driven through a pipe

def _drive(entries: list[list[str]], session: Session, tmp_path, monkeypatch):
    """Run the REPL on a pipe, typing ``entries`` from another thread as a person would.

    Each entry is a list of chunks typed at one prompt; an entry is typed only once the REPL shows its prompt
    with the history loaded, as a person waits for the prompt before pressing the up arrow.  (prompt_toolkit
    loads a new prompt's history in a background task at its first redraw, and handles keys typed ahead, during
    the previous computation, before that: a typed-ahead up arrow finds no history.  Typing at fixed 0.3 s
    intervals raced with it and failed whenever an entry took longer, e.g. the first one in a cold process.)
    """
    import prompt_toolkit
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    started: list[threading.Event] = []  # one per prompt, set after prompt_toolkit has reset it for new input
    sessions = []

    class RecordingPromptSession(prompt_toolkit.PromptSession):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            sessions.append(self)

        def prompt(self, *args, **kwargs):
            event = threading.Event()
            started.append(event)
            self.app.pre_run_callables.append(event.set)  # called after the reset, before any key is read
            return super().prompt(*args, **kwargs)

    def ready(k: int) -> bool:
        """The k-th prompt is running and has loaded the whole history."""
        if len(started) <= k or not started[k].is_set():
            return False
        prompt = sessions[0]
        return prompt.app.is_running and prompt.default_buffer.working_index == len(prompt.history.get_strings())

    failures = []
    monkeypatch.setattr(prompt_toolkit, "PromptSession", RecordingPromptSession)
    monkeypatch.setenv("CGT_HISTORY", str(tmp_path / "history"))
    with create_pipe_input() as pipe:

        def typist():
            for k, entry in enumerate(entries):
                deadline = time.monotonic() + 60
                while not ready(k):
                    if time.monotonic() > deadline:
                        failures.append(f"prompt {k} never became ready for {entry!r}")
                        pipe.close()  # end of input: the REPL returns
                        return
                    time.sleep(0.01)
                for chunk in entry:
                    pipe.send_text(chunk)

        thread = threading.Thread(target=typist, daemon=True)
        thread.start()
        status = repl.interactive(session, input=pipe, output=DummyOutput())
        thread.join(10)
    assert not failures, failures
    return status


def test_repl_values_errors_history_and_ctrl_d(tmp_path, monkeypatch, capsys):
    up = "\x1b[A"
    entries = [["x := {3|2}\r"], ["x + {2|0}\r"], ["{1|\r", "2}\r"], ["oops\r"], [up, up, "\r"], ["\x04"]]
    assert _drive(entries, Session(), tmp_path, monkeypatch) == 0
    out, err = capsys.readouterr()
    # two presses of the up arrow go back past 'oops' to the two-line entry '{1|\n2}', which runs again
    assert out.splitlines()[-4:] == ["{3|2}", "{5|4||3|2}", "3/2", "3/2"]
    assert err == "line 1, column 1: unknown name 'oops'\n"
    history = (tmp_path / "history").read_text()
    assert "+x + {2|0}" in history and "+oops" in history


def test_repl_typed_ahead_entries_run_in_order(tmp_path, monkeypatch, capsys):
    # Entries typed while an earlier one still computes wait in the input and run in order (typeahead).
    class Slow(Session):
        def run(self, source):
            if source == "slow":
                time.sleep(0.5)
            return super().run(source)

    entries = [["slow\r", "1 + 1\r", "{1|\r", "2}\r", "\x04"]]
    assert _drive(entries, Slow(), tmp_path, monkeypatch) == 0
    out, err = capsys.readouterr()
    assert (out.splitlines()[-2:], err) == (["2", "3/2"], "line 1, column 1: unknown name 'slow'\n")


def test_repl_ctrl_c_during_a_computation_returns_to_the_prompt(tmp_path, monkeypatch, capsys):
    class Interruptible(Session):
        def run(self, source):
            if source == "slow":
                raise KeyboardInterrupt  # what Ctrl-C raises inside a computation in the main thread
            return super().run(source)

    entries = [["slow\r"], ["1 + 1\r"], ["\x03"], ["2 + 2\r"], ["\x04"]]
    assert _drive(entries, Interruptible(), tmp_path, monkeypatch) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-2:] == ["2", "4"]
    assert err == "interrupted\n"


@pytest.mark.parametrize(
    "before, expected",
    [
        ("game.heap.Ka", ["Kayles"]),
        ("game.he", ["heap"]),
        ("{3|2}.LeftS", ["LeftStop"]),
        ("x.NimV", ["NimValue", "NimValueSequence", "NimValueTable"]),
        ("Kay", ["Kayles"]),
        ("wh", ["where", "while"]),
    ],
)
def test_completion(before, expected):
    names, _ = repl.ShellCompleter(Session()).candidates(before)
    assert names == expected


def test_completion_knows_new_variables():
    session = Session()
    session.run("myGame := ^;")
    assert repl.ShellCompleter(session).candidates("myG")[0] == ["myGame"]


def test_completion_after_a_variable_offers_the_methods_of_its_value():
    session = Session()
    session.run("g := {3||2|1}; s := \"text\"; k := game.heap.Kayles")
    completer = repl.ShellCompleter(session)
    assert "Temperature" in completer.candidates("g.Te")[0]
    assert completer.candidates("s.Te")[0] == [] and "Length" in completer.candidates("s.Le")[0]
    assert "CheckPeriodicity" in completer.candidates("k.Ch")[0]


def test_help():
    from cgt.shell import run

    overview = run("help")
    assert "game.heap.Kayles" in overview and "AtomicWeight" in overview
    assert run("help(Cool)").startswith("G.Cool(t)\n")
    assert run("help(NimSum)").startswith("a NimSum b")
    assert run('help("syntax")').startswith("Values")
    with pytest.raises(ShellError, match="no help for 'Frobnicate'"):
        run("help(Frobnicate)")


@pytest.mark.parametrize("how", ["command", "stdin"])
def test_a_closed_pipe_ends_quietly(how):
    # `cgt -c 'BornBy(3)' | head -c 5`: the reader closes the pipe early; the shell stops without a traceback
    import subprocess
    import sys

    program = "import sys; from cgt.shell.cli import main; sys.exit(main(sys.argv[1:]))"
    args = [sys.executable, "-c", program] + (["-c", "BornBy(3)"] if how == "command" else [])
    proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if how == "stdin":
        proc.stdin.write(b"BornBy(3)\n" * 40)
    proc.stdin.close()
    assert proc.stdout.read(5) == b"{-3,-"
    proc.stdout.close()                   # the reader goes away, as `head -c 5` does
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) in (0, 141)
    assert "Traceback" not in err and "BrokenPipe" not in err


def test_piped_bytes_that_are_not_utf8_are_refused_like_a_script_file():
    command = cgt_command()
    result = subprocess.run(command, input=b"1 + 1\n\xff\xfe\n3\n", capture_output=True, timeout=120,
                            env={**os.environ, "CGT_HISTORY": os.devnull})
    assert (result.returncode, result.stdout, result.stderr) == (
        2, b"2\n", b"cgt: standard input is not UTF-8 text (line 2)\n")


def test_a_bad_cgt_cache_is_one_warning_line(tmp_path):
    cache = tmp_path / "cache.sqlite"
    cache.write_text("this is no SQLite file")
    command = cgt_command()
    result = subprocess.run(command + ["-c", "1 + 1"], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "CGT_HISTORY": os.devnull, "CGT_CACHE": str(cache)})
    assert result.returncode == 0 and result.stdout == "2\n"
    assert result.stderr.startswith(f"cgt: warning: CGT_CACHE ignored: results cache {cache}: ")
    assert result.stderr.count("\n") == 1


def test_a_library_error_escaping_the_session_is_one_line(monkeypatch, capsys):
    from cgt.errors import TooLargeError

    def refuse(self, source):
        raise TooLargeError("more than 10 distinct games are in memory")

    monkeypatch.setattr(Session, "run", refuse)
    assert cli.main(["-c", "1"]) == 1
    assert capsys.readouterr().err == "error: more than 10 distinct games are in memory\n"
