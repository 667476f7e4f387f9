"""The rulesets the shell knows by name: exactly those of the ruleset catalogue.

The registry is built from :func:`cgt.games.engine.catalogue.entries` -- every ruleset module of
:mod:`cgt.games` declares its shell name in its ``CATALOGUE``, and rulesets written elsewhere join with
:func:`cgt.games.engine.catalogue.register` -- so adding a ruleset to the shell is adding it to the catalogue.
Each ruleset appears under its CGSuite-style dotted name (``game.heap.Kayles``) and, unless two rulesets
share it, under the last part of that name as a short alias (``Kayles``).  Modules are imported only when
a name is first used, so the shell starts fast and a missing module gives a clear error naming it.

>>> entry = registry()["game.heap.Kayles"]
>>> entry.path, entry.name, entry.alias, entry.module
('game.heap.Kayles', 'Kayles', True, 'cgt.games.heap.kayles')
"""

from __future__ import annotations

from collections import Counter

from cgt.games.engine import catalogue

from cgt.shell.errors import ShellError


class Entry:
    """One ruleset in the shell: dotted shell name, short alias, and the catalogue entry behind it.

    >>> e = Entry(catalogue.find("Nim"), True)
    >>> e.path, e.name, e.module
    ('game.heap.Nim', 'Nim', 'cgt.games.heap.nim')
    """

    __slots__ = ("path", "name", "alias", "source")

    def __init__(self, source: catalogue.Entry, alias: bool):
        self.source = source
        self.path = source.shell_name
        self.name = self.path.rsplit(".", 1)[-1]
        self.alias = alias

    @property
    def module(self) -> str:
        """The Python module that defines the ruleset."""
        return self.source.module

    def resolved(self):
        """The ruleset object if it has been imported already, else None (never imports).

        >>> Entry(catalogue.Entry("X", "game.heap.X", "cgt.games.no_such_module"), False).resolved() is None
        True
        """
        return self.source.load() if self.source.loaded else None

    def resolve(self):
        """Import and return the ruleset (a ShellError naming the module when it is missing).

        >>> Entry(catalogue.Entry("X", "game.heap.X", "cgt.games.no_such_module"), False).resolve()
        Traceback (most recent call last):
        ...
        cgt.shell.errors.ShellError: game.heap.X is not available: ruleset X is not available: cannot import cgt.games.no_such_module (No module named 'cgt.games.no_such_module')
        """
        try:
            return self.source.load()
        except catalogue.CatalogueError as error:
            raise ShellError(f"{self.path} is not available: {error}") from None


def registry() -> dict[str, Entry]:
    """Every ruleset with a shell name, by dotted name, built from the catalogue as it is now.

    A ruleset gets its short alias (the last part of its name) unless another ruleset's name ends the
    same way; top-level names (``Frogs``) are their own alias.

    >>> "game.heap.Nim" in registry() and registry()["Frogs"].alias
    True
    """
    entries = [e for e in catalogue.entries() if e.shell_name]
    last = Counter(e.shell_name.rsplit(".", 1)[-1] for e in entries)
    result: dict[str, Entry] = {}
    for source in entries:
        name = source.shell_name.rsplit(".", 1)[-1]
        result[source.shell_name] = Entry(source, "." not in source.shell_name or last[name] == 1)
    return result


def entry_of(ruleset) -> Entry | None:
    """The shell entry whose ruleset is ``ruleset`` (only among those already imported), or None.

    >>> from cgt.games import Kayles
    >>> entry_of(Kayles).path
    'game.heap.Kayles'
    """
    for entry in registry().values():
        if entry.resolved() is ruleset:
            return entry
    return None


def named_ruleset(value):
    """The ruleset a shell value stands for: a catalogued name (``game.heap.Nim``, whose ``entry`` is an
    :class:`Entry`) is imported and returned, anything else is returned as it is.

    >>> named_ruleset(3)
    3
    """
    entry = getattr(value, "entry", None)
    return entry.resolve() if isinstance(entry, Entry) else value

