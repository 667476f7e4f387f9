"""The ``cgt`` command: the REPL, ``cgt -c 'EXPR'`` and ``cgt FILE.cgs``.

Errors print as one line (with the source line and a caret for syntax errors) on
stderr and give exit status 1; ``--debug`` adds the Python traceback of internal
errors.  Ctrl-C outside the REPL stops the command with status 130; a closed output pipe
(``cgt -c ... | head``) ends it quietly with status 141, as Unix tools do.

>>> main(["-c", "{3|2} + {2|0}"])
{5|4||3|2}
0
"""

from __future__ import annotations

import argparse
import sys

import cgt
from cgt.shell.errors import ShellError, one_line_warnings
from cgt.shell.gdl_command import main as gdl_main
from cgt.shell.sweep_command import main as sweep_main
from cgt.shell.repl import main_loop, report, run_lines
from cgt.shell.session import Session


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cgt",
        description="Combinatorial game theory shell (CGSuite's notation). Without arguments: the interactive shell.",
        epilog="Also: cgt gdl FILE.kif [--json] loads a game written in the Game Description Language, classifies "
               "it and solves it (cgt gdl --help); cgt sweep octal|boards|heaps ... runs a resumable sweep over a "
               "family of games, on this machine or a Dask cluster (cgt sweep --help).",
    )
    parser.add_argument("-c", dest="command", metavar="EXPR", help="evaluate EXPR, print the result and exit")
    parser.add_argument("script", nargs="?", metavar="FILE.cgs", help="run a script (entries as typed at the prompt)")
    parser.add_argument("--debug", action="store_true", help="show Python tracebacks of internal errors")
    parser.add_argument("--path", action="append", default=[], metavar="FOLDER",
                        help="a folder of .cgs class files (Name.cgs holds class Name; a sub-folder is a package); "
                             "may be given several times, also CGT_PATH")
    parser.add_argument("--version", action="version", version=f"cgt {cgt.__version__}")
    return parser


def _script(path: str, session: Session, debug: bool) -> int:
    try:
        with open(path, encoding="utf-8") as handle:
            lines = handle.read().split("\n")
    except OSError as error:
        print(f"cgt: cannot read {path}: {error.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"cgt: {path} is not UTF-8 text", file=sys.stderr)
        return 2
    return run_lines(lines, session, sys.stdout, sys.stderr, debug, stop_on_error=True, filename=path)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``cgt`` console script; returns the exit status.

    A program after ``-c`` may start with a minus (``cgt -c '-2^2'``): it is the program, not an option.

    >>> main(["-c", "-2^2"])
    -4
    0
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    for i, word in enumerate(argv[:-1]):
        if word == "-c" and argv[i + 1].startswith("-"):
            argv[i : i + 2] = ["-c" + argv[i + 1]]
            break
    with one_line_warnings():          # a bad CGT_CACHE: one line, as the shell's errors are
        if argv[:1] == ["gdl"]:        # ``cgt gdl FILE [--json]``: a GDL file (cgt.shell.gdl_command)
            return gdl_main(argv[1:])
        if argv[:1] == ["sweep"]:      # ``cgt sweep FAMILY ...``: a resumable sweep (cgt.shell.sweep_command)
            return sweep_main(argv[1:])
        arguments = _parser().parse_args(argv)
        return _run(arguments, Session())


def _run(arguments, session: Session) -> int:
    from cgt.shell.userclasses import add_path

    for folder in reversed(arguments.path):
        try:
            add_path(folder)
        except Exception as error:      # ShellError: no such folder
            report(error, sys.stderr, arguments.debug)
            return 2
    try:
        if arguments.command is not None:
            if arguments.script is not None:
                print("cgt: give either -c EXPR or a script, not both", file=sys.stderr)
                return 2
            if not _is_text(arguments.command):
                print("cgt: the program after -c is not UTF-8 text", file=sys.stderr)
                return 2
            try:
                output = session.run(arguments.command)
            except KeyboardInterrupt:
                raise
            except Exception as error:  # ShellError, or a bug outside the guards: one line, never a traceback
                report(error, sys.stderr, arguments.debug)
                return 1
            if output:
                print(output)
            return 0
        if arguments.script is not None:
            return _script(arguments.script, session, arguments.debug)
        return main_loop(session, arguments.debug)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return _closed_pipe()


def _is_text(text: str) -> bool:
    """False when ``text`` holds bytes that were not UTF-8 (Python keeps them as lone surrogates).

    >>> _is_text("{3|2}"), _is_text(b"\\xff".decode("utf-8", "surrogateescape"))
    (True, False)
    """
    return not any("\udc80" <= ch <= "\udcff" for ch in text)


def _closed_pipe() -> int:
    """The reader of our output went away (``cgt ... | head``): end quietly, as Unix tools do.

    Standard output is pointed at the null device so that the interpreter's final flush cannot fail
    again; the status is the shell's for a program ended by SIGPIPE (128 + 13).
    """
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - no real file descriptor behind stdout
        pass
    return 141


def console() -> None:  # pragma: no cover - thin wrapper used by the console script
    """``sys.exit(main())``."""
    sys.exit(main())


if __name__ == "__main__":  # pragma: no cover
    console()
