"""``cgt gdl FILE [--json] [--max-states N] [--time-limit S] [--engine E]`` and the shell's ``game.gdl.Load("file.kif")``.

Both load a Game Description Language file, classify the game and solve it
(:func:`cgt.games.gdl.analyse`).  The command prints the report for people, or with ``--json`` one JSON
object for programs (keys ``players``, ``alternating``, ``play``, ``impartial``, ``all_small``,
``draws``, ``states``, ``result``, ``grundy``, ``value`` and more).  A rejected file (syntax error,
unsafe rule, state or time limit) prints one line starting ``error:`` on standard error and exits with status 2.

>>> import os, tempfile
>>> from cgt.games.gdl import SUBTRACTION_EXAMPLE
>>> path = os.path.join(tempfile.mkdtemp(), "sub12.kif")
>>> with open(path, "w") as handle:
...     _ = handle.write(SUBTRACTION_EXAMPLE)
>>> main([path, "--json"])
{"all_small": true, "alternating": true, "draws": false, "first_player": "left", "grundy": 1, "impartial": true, "name": "sub12.kif", "outcome": "N", "play": "normal", "players": 2, "reason": null, "result": "first", "roles": ["left", "right"], "scores": false, "states": 10, "turn_fluent": "control (argument 1)", "value": null, "winning_moves": ["(take 3)"]}
0
"""

from __future__ import annotations

import argparse
import sys

from cgt.errors import CGTError

from cgt.shell.errors import ShellError

__all__ = ["main", "shell_load"]


def _parser() -> argparse.ArgumentParser:
    from cgt.games.gdl import MAX_STATES

    parser = argparse.ArgumentParser(prog="cgt gdl", description="Load a GDL (Game Description Language) "
                                     "file, classify the game and solve it.")
    parser.add_argument("file", metavar="FILE.kif", help="the GDL rules (KIF syntax)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.add_argument("--max-states", type=int, default=MAX_STATES, metavar="N",
                        help=f"give up beyond N states (default {MAX_STATES:,})")
    parser.add_argument("--time-limit", type=float, default=None, metavar="S",
                        help="give up when exploring the states takes more than S seconds (default: no limit)")
    parser.add_argument("--engine", choices=("auto", "propnet", "reasoner"), default="auto",
                        help="how the states are computed: the propositional network (propnet), the rule "
                             "interpreter (reasoner), or the network unless the rules are too big to ground "
                             "(auto, the default); the report is the same")
    return parser


def main(argv: list[str]) -> int:
    """Run ``cgt gdl``; returns the exit status (0, or 2 for a rejected file)."""
    from cgt.games.gdl import analyse, load

    arguments = _parser().parse_args(argv)
    if arguments.max_states < 1:
        print("error: --max-states must be at least 1", file=sys.stderr)
        return 2
    if arguments.time_limit is not None and not arguments.time_limit > 0:
        print("error: --time-limit must be a positive number of seconds", file=sys.stderr)
        return 2
    try:
        report = analyse(load(arguments.file), max_states=arguments.max_states, max_seconds=arguments.time_limit,
                         engine=arguments.engine)
    except CGTError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    print(report.to_json() if arguments.json else report)
    return 0


def shell_load(args):
    """``game.gdl.Load(path)`` or ``game.gdl.Load(path, max_states)``: the report of the file."""
    from cgt.games.gdl import MAX_STATES, analyse, load

    path = args[0]
    limit = args[1] if len(args) > 1 else MAX_STATES
    if not isinstance(path, str):
        raise ShellError("game.gdl.Load: give the file name as a string, e.g. game.gdl.Load(\"nim1.kif\")")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ShellError("game.gdl.Load: the state limit must be a positive integer")
    try:
        return analyse(load(path), max_states=limit)
    except CGTError as error:
        raise ShellError(f"game.gdl.Load: {error}") from None
