"""The shell's global names: the ``game`` package of rulesets, their short aliases, and functions.

>>> names = builtin_names()
>>> "game" in names and "Kayles" in names and "Tiny" in names and "help" in names
True
"""

from __future__ import annotations

import cgt

from cgt.shell.methods import docstring_text, to_game
from cgt.shell.registry import REGISTRY, Entry
from cgt.shell.values import Function, Namespace


class RulesetFunction(Function):
    """A registered ruleset as a shell function; its help is the ruleset's docstring.

    >>> f = RulesetFunction(REGISTRY["game.heap.Nim"])
    >>> f.name, f.arity
    ('game.heap.Nim', (0, None))
    """

    __slots__ = ("entry",)

    def __init__(self, entry: Entry):
        super().__init__(entry.path, self._call, (0, None), "")
        self.entry = entry

    def _call(self, args):
        return self.entry.resolve()(*args)

    def help(self) -> str:
        """The docstring of the Python ruleset behind this name, then its module's (the rules)."""
        import sys

        obj = self.entry.resolve()
        texts = [docstring_text(type(obj).__doc__ if _is_instance(obj) else obj.__doc__ or "")]
        module = sys.modules.get(self.entry.module)
        if module is not None and module.__doc__:
            texts.append(docstring_text(module.__doc__))
        return "\n\n".join(text for text in texts if text) or f"{self.name}: no documentation"


def _is_instance(obj) -> bool:
    """True for ruleset instances (whose class docstring describes them), False for classes and functions.

    >>> _is_instance(len), _is_instance(int), _is_instance(make_globals), _is_instance(REGISTRY)
    (False, False, False, True)
    """
    import inspect

    return not (inspect.isclass(obj) or inspect.isroutine(obj))


def _tiny(args):
    return cgt.tiny(to_game(args[0]))


def _miny(args):
    return cgt.miny(to_game(args[0]))


def _born_by(args):
    (n,) = args
    if isinstance(n, bool) or not isinstance(n, int):
        raise cgt.errors.InvalidGameError(f"BornBy needs a day number, got {n!r}")
    return frozenset(cgt.born_by(n))


FUNCTIONS: dict[str, Function] = {
    "Tiny": Function("Tiny", _tiny, (1, 1), "cgt.constructors:tiny"),
    "Miny": Function("Miny", _miny, (1, 1), "cgt.constructors:miny"),
    "BornBy": Function("BornBy", _born_by, (1, 1), "cgt.days:born_by"),
}

#: The help function's name; the evaluator gives it its unevaluated argument.
HELP = Function("help", None, (0, 1), "help shows an overview; help(name) the documentation of name.")


def make_globals() -> dict[str, object]:
    """A fresh dictionary of the global names: ``game``, ruleset aliases, functions and ``help``.

    >>> g = make_globals()
    >>> g["game"].entries["heap"].entries["Kayles"] is g["Kayles"]
    True
    """
    names: dict[str, object] = {}
    root = Namespace("game", "CGSuite's package of rulesets.")
    names["game"] = root
    for path, entry in REGISTRY.items():
        function = RulesetFunction(entry)
        parts = path.split(".")
        if len(parts) > 1:
            if parts[0] != "game":
                raise ValueError(f"ruleset {path!r} must live under game.")
            space = root
            for part in parts[1:-1]:
                space = space.child(part)
            space.entries[parts[-1]] = function
        if entry.alias:
            names.setdefault(entry.name, function)
    names.update(FUNCTIONS)
    names["help"] = HELP
    return names


def builtin_names() -> list[str]:
    """The global names, sorted (used by completion and help).

    >>> builtin_names()[:2]
    ['BornBy', 'DawsonsChess']
    """
    return sorted(make_globals())
