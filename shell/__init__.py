"""The cgt shell: a CGScript-compatible expression language for combinatorial games.

CGSuite users can paste their expressions and get the same printed answers.
:func:`run` evaluates a program and returns what the shell prints; the ``cgt``
command (:mod:`cgt.shell.cli`) runs the interactive REPL, ``cgt -c EXPR`` and
``cgt FILE.cgs``.

>>> from cgt.shell import run
>>> run("{3|2} + {2|0}")
'{5|4||3|2}'
>>> run("[n * n for n from 1 to 4]")
'[1,4,9,16]'
"""

from cgt.shell.errors import ShellError
from cgt.shell.errors import held_warnings as _held_warnings
from cgt.shell.limits import Limits

with _held_warnings():      # shown by the first Session (the ``cgt`` command: in its one-line style)
    from cgt.shell.session import Session, run

__all__ = ["Limits", "Session", "ShellError", "run"]
