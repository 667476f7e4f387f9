"""The ruleset catalogue: every ruleset the library ships, found without importing it, plus registered ones.

Each ruleset module of :mod:`cgt.games` declares, at top level, a literal dictionary::

    CATALOGUE = {"Domineering": "game.grid.Domineering", "Cram": "game.grid.Cram"}

mapping each public ruleset (a :class:`~cgt.games.engine.ruleset.Ruleset` instance, or a class whose instances
are rulesets) to its shell name -- CGSuite's dotted name where CGSuite has the game, a top-level name for
ours, or ``None`` for a ruleset the shell does not offer.  The catalogue reads these declarations from
the module sources (so ``import cgt.games`` stays fast and imports nothing else) and imports a module only
when one of its rulesets is used.  Adding a ruleset is one new module with its ``CATALOGUE``.

Rulesets written elsewhere join with :func:`register` and then work exactly like the built-in ones, in
Python (``cgt.games.<name>``) and in the shell.

>>> entry = find("Kayles")
>>> entry.shell_name, entry.module
('game.heap.Kayles', 'cgt.games.heap.kayles')
>>> load("Kayles")(5).nim_value
4
"""

from __future__ import annotations

import ast
import importlib
import pathlib
import sys

from cgt.errors import CGTError

__all__ = ["Entry", "CatalogueError", "entries", "find", "find_shell", "load", "register", "is_ruleset",
           "library_name"]

_PACKAGE = "cgt.games"
#: The folder of :mod:`cgt.games`; rulesets are found in its topic packages (``heap/``, ``grid/`` ...).
_FOLDER = pathlib.Path(__file__).resolve().parent.parent


class CatalogueError(CGTError, LookupError):
    """A ruleset name that is unknown, declared twice, or not a ruleset."""


class Entry:
    """One catalogued ruleset: its Python name, shell name (or None) and module; :meth:`load` imports it."""

    __slots__ = ("name", "shell_name", "module", "_object")

    def __init__(self, name: str, shell_name: str | None, module: str, obj=None) -> None:
        self.name = name
        self.shell_name = shell_name
        self.module = module
        self._object = obj

    @property
    def loaded(self) -> bool:
        """Whether the ruleset object has been imported already (by this entry, or by anyone: its module
        is in ``sys.modules``, so loading it imports nothing)."""
        return self._object is not None or self.module in sys.modules

    def load(self):
        """The ruleset object (instance or family class), importing its module on first use."""
        if self._object is None:
            try:
                module = importlib.import_module(self.module)
            except ImportError as error:
                raise CatalogueError(f"ruleset {self.name} is not available: cannot import {self.module} "
                                     f"({error})") from None
            obj = getattr(module, self.name, None)
            if not is_ruleset(obj):
                raise CatalogueError(f"{self.module}.{self.name} is declared in CATALOGUE but is not a ruleset "
                                     f"(an instance of Ruleset or a Ruleset subclass)")
            self._object = obj
        return self._object

    def __repr__(self) -> str:
        return f"Entry({self.name!r}, {self.shell_name!r}, {self.module!r})"


def is_ruleset(obj) -> bool:
    """Whether ``obj`` is a ruleset (a :class:`Ruleset` instance) or a family (a concrete Ruleset subclass).

    >>> from cgt.games.engine.ruleset import Ruleset
    >>> is_ruleset(load("Nim")), is_ruleset(Ruleset), is_ruleset(len)
    (True, False, False)
    """
    from cgt.games.engine.ruleset import Ruleset

    if isinstance(obj, Ruleset):
        return True
    return isinstance(obj, type) and issubclass(obj, Ruleset) and not obj.__dict__.get("abstract", False)


def library_name(obj) -> str | None:
    """The name under which the library's catalogue lists ``obj`` -- a ruleset (``Kayles``) or a family
    class (``Subtraction``) -- or None: a family's members are not listed (their class is), nor are the
    rulesets added with :func:`register` (they are not the library's).

    >>> from cgt.games import Kayles, Subtraction
    >>> library_name(Kayles), library_name(Subtraction), library_name(Subtraction([1, 2]))
    ('Kayles', 'Subtraction', None)
    """
    name = obj.__name__ if isinstance(obj, type) else getattr(obj, "name", None)
    entry = _index().get(name) if isinstance(name, str) else None
    if entry is None:
        return None
    try:
        return name if entry.load() is obj else None
    except CatalogueError:          # its module is still being imported: not the listed object (yet)
        return None


def _declarations(path: pathlib.Path) -> dict | None:
    """The literal ``CATALOGUE`` dictionary of a module source, or None when it declares none."""
    source = path.read_text(encoding="utf-8")
    if "CATALOGUE" not in source:
        return None
    for node in ast.parse(source, filename=str(path)).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "CATALOGUE" for t in targets):
                try:
                    return ast.literal_eval(node.value)
                except ValueError:
                    raise CatalogueError(f"{path.name}: CATALOGUE must be a literal dict of names") from None
    return None


_INDEX: dict[str, Entry] | None = None
_REGISTERED: dict[str, Entry] = {}


def _index() -> dict[str, Entry]:
    global _INDEX
    if _INDEX is None:
        index: dict[str, Entry] = {}
        for path in sorted(_FOLDER.rglob("*.py"), key=lambda p: (p.name, p.parts)):  # by file name, as listed
            relative = path.relative_to(_FOLDER).with_suffix("")
            if any(part.startswith("_") for part in relative.parts):
                continue
            declared = _declarations(path)
            if not declared:
                continue
            module = ".".join((_PACKAGE, *relative.parts))
            for name, shell_name in declared.items():
                if name in index:
                    raise CatalogueError(f"ruleset {name} is declared twice ({index[name].module}, {module})")
                index[name] = Entry(name, shell_name, module)
        _INDEX = index
    return _INDEX


def entries() -> list[Entry]:
    """Every catalogued ruleset: the library's (sorted by module) then the registered ones."""
    return list(_index().values()) + list(_REGISTERED.values())


def find(name: str) -> Entry:
    """The entry of the ruleset called ``name`` in Python (CatalogueError if there is none)."""
    entry = _REGISTERED.get(name) or _index().get(name)
    if entry is None:
        raise CatalogueError(f"no ruleset called {name!r} in cgt.games")
    return entry


def find_shell(shell_name: str) -> Entry | None:
    """The entry whose shell name is ``shell_name``, or None."""
    for entry in entries():
        if entry.shell_name == shell_name:
            return entry
    return None


def load(name: str):
    """The ruleset object called ``name`` (importing its module on first use)."""
    return find(name).load()


def register(ruleset, shell_name: str | None = None, name: str | None = None) -> Entry:
    """Add a ruleset defined outside :mod:`cgt.games` to the catalogue (and so to the shell).

    ``ruleset`` is a :class:`Ruleset` instance or a family class; ``shell_name`` its name in the shell
    (``"game.heap.Halving"`` or a top-level ``"Halving"``; None keeps it out of the shell); ``name`` its
    Python name (default: ``ruleset.name`` or the class name).

    >>> from cgt.games.engine.ruleset import ImpartialRuleset
    >>> class Halving(ImpartialRuleset):
    ...     '''Halving(k): a heap of n may be reduced to any m with n/k <= m < n.'''
    ...     def __init__(self, k):
    ...         self.k = k
    ...     def params(self):
    ...         return (self.k,)
    ...     def options(self, n):
    ...         return range(-(-n // self.k), n)
    >>> entry = register(Halving, "game.heap.Halving")
    >>> import cgt.games
    >>> [cgt.games.Halving(2)(n).nim_value for n in range(9)]
    [0, 0, 1, 0, 2, 1, 3, 0, 4]
    >>> unregister("Halving")
    """
    if not is_ruleset(ruleset):
        raise CatalogueError(f"{ruleset!r} is not a ruleset (an instance of Ruleset or a Ruleset subclass)")
    if name is None:
        name = ruleset.__name__ if isinstance(ruleset, type) else (ruleset.name or type(ruleset).__name__)
    if name in _index():
        raise CatalogueError(f"ruleset name {name!r} is taken by {_index()[name].module}")
    if shell_name is not None:
        other = find_shell(shell_name)
        if other is not None and other.name != name:
            raise CatalogueError(f"shell name {shell_name!r} is taken by ruleset {other.name}")
    module = getattr(ruleset, "__module__", None) or type(ruleset).__module__
    entry = Entry(name, shell_name, module, ruleset)
    _REGISTERED[name] = entry
    return entry


def unregister(name: str) -> None:
    """Remove a ruleset added with :func:`register`."""
    if _REGISTERED.pop(name, None) is None:
        raise CatalogueError(f"no registered ruleset called {name!r}")
