"""Rulesets and built-in functions the shell knows by name.

Adding a ruleset to the shell is one line::

    register("game.grid.Domineering", "cgt.games.domineering:Domineering")

The first argument is the CGSuite-style dotted name (its last part also becomes a
short top-level alias unless ``alias=False``); the second is ``"module:attribute"``
of the Python callable in :mod:`cgt.games` (``"module:Class()"`` means an instance made
with no arguments, for rulesets that are classes, like ``Wythoff()``).  The module is imported only when the
name is first used, so the shell starts fast and a missing module gives a clear
error naming it.  Calling the ruleset in the shell calls the Python object with the
same arguments: a position (``game.heap.Kayles(20)``) or a parametrised ruleset
(``game.heap.TakeAndBreak("0.77")``, itself callable with a heap size).

>>> entry = REGISTRY["game.heap.Kayles"]
>>> entry.path, entry.target
('game.heap.Kayles', 'cgt.games.kayles:Kayles')
"""

from __future__ import annotations

import importlib

from cgt.shell.errors import ShellError


class Entry:
    """One registered ruleset: dotted shell name, Python target, short alias and help text.

    >>> e = Entry("game.heap.Nim", "cgt.games.nim:Nim", True)
    >>> e.name, e.module
    ('Nim', 'cgt.games.nim')
    """

    __slots__ = ("path", "target", "alias", "name", "module", "attribute", "instantiate", "_resolved")

    def __init__(self, path: str, target: str, alias: bool):
        self.path = path
        self.target = target
        self.alias = alias
        self.name = path.rsplit(".", 1)[-1]
        self.module, _, attribute = target.partition(":")
        self.instantiate = attribute.endswith("()")
        self.attribute = attribute[:-2] if self.instantiate else attribute
        self._resolved = None

    def resolved(self):
        """The Python object if it has been imported already, else None (never imports).

        >>> Entry("x.Y", "cgt.games.nim:Nim", False).resolved() is None
        True
        """
        return self._resolved

    def resolve(self):
        """Import and return the Python callable (a ShellError naming the module when it is missing).

        >>> Entry("x.Missing", "cgt.games.no_such_module:X", False).resolve()
        Traceback (most recent call last):
        ...
        cgt.shell.errors.ShellError: x.Missing is not available: cannot import cgt.games.no_such_module
        """
        if self._resolved is not None:
            return self._resolved
        try:
            obj = importlib.import_module(self.module)
        except ImportError as error:
            detail = "" if getattr(error, "name", None) == self.module else f" ({error})"
            raise ShellError(f"{self.path} is not available: cannot import {self.module}{detail}") from None
        for part in self.attribute.split("."):
            try:
                obj = getattr(obj, part)
            except AttributeError:
                raise ShellError(f"{self.path} is not available: {self.target} does not exist") from None
        if self.instantiate:
            obj = obj()
        self._resolved = obj
        return obj


#: Every registered ruleset by dotted shell name, in registration order.
REGISTRY: dict[str, Entry] = {}


def register(path: str, target: str, alias: bool = True) -> Entry:
    """Make the ruleset ``target`` (``"module:attribute"``) available in the shell as ``path``.

    >>> e = register("game.test.Example", "cgt.games.example:Example", alias=False)
    >>> REGISTRY.pop("game.test.Example") is e
    True
    """
    if "." not in path and not alias:
        raise ValueError(f"{path!r}: a top-level ruleset name is its own alias")
    entry = Entry(path, target, alias or "." not in path)
    REGISTRY[path] = entry
    return entry


# ---------------------------------------------------------------- the rulesets
# CGSuite's names (game.heap.*), then ours; each also gets its short alias.
register("game.heap.Nim", "cgt.games.nim:Nim")
register("game.heap.Kayles", "cgt.games.kayles:Kayles")
register("game.heap.DawsonsKayles", "cgt.games.kayles:DawsonsKayles")
register("game.heap.DawsonsChess", "cgt.games.kayles:DawsonsChess")
register("game.heap.GrundysGame", "cgt.games.grundys_game:GrundysGame")
register("game.heap.TakeAndBreak", "cgt.games.take_and_break:TakeAndBreak")
register("game.heap.Subtraction", "cgt.games.subtraction:Subtraction")
register("Frogs", "cgt.games.frogs:Frogs")
register("DeBruijn", "cgt.games.debruijn:DeBruijn")
register("Wythoff", "cgt.games.wythoff:Wythoff()")
