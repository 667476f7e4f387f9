"""The shell's global names: the ``game`` package of rulesets, their short aliases, ``Left`` and
``Right`` (the members of :class:`cgt.Player`), and functions.

>>> names = builtin_names()
>>> "game" in names and "Kayles" in names and "Tiny" in names and "help" in names and "Left" in names
True
"""

from __future__ import annotations

import importlib
import inspect
import math
import re
from fractions import Fraction

import cgt
from cgt import Game
from cgt.kernel import constructors
from cgt.short import days

from cgt.games.engine.catalogue import is_ruleset
from cgt.games.engine.ruleset import Position

from cgt.shell.containers import ShellMap
from cgt.shell.errors import ShellError
from cgt.shell.gdl_command import shell_load
from cgt.shell.graph_values import color_namespace, directed_graph_namespace, graph_namespace
from cgt.shell.loopy_values import named_values
from cgt.shell.method_registry import docstring_text
from cgt.shell.registry import Entry, registry
from cgt.shell.ruleset_methods import variant_game
from cgt.shell.grid_values import coordinates_namespace, grid_namespace, symmetry_namespace
from cgt.shell.enums import CompoundType, Icon, enum_namespace
from cgt.shell.output_values import OUTPUT_FUNCTIONS, output_text
from cgt.shell.mutable_values import (MutableList, MutableMap, MutableSet, make_mutable_list, make_mutable_map,
                                      make_mutable_set)
from cgt.shell.random_values import JavaRandom, make_random
from cgt.shell.strip_values import strip_namespace
from cgt.shell.table import Table, make_table
from cgt.shell.tower import day_n
from cgt.shell.classes import CLASSES
from cgt.shell.values import Function, KeywordFunction, Namespace, describe, format_value, to_game


class RulesetFunction(Function):
    """A catalogued ruleset as a shell value: calling it calls the ruleset (lazily imported); its help is
    the ruleset's docstring.

    >>> f = RulesetFunction(registry()["game.heap.Nim"])
    >>> f.name, f.arity
    ('game.heap.Nim', (0, None))
    """

    __slots__ = ("entry",)

    def __init__(self, entry: Entry):
        super().__init__(entry.path, self._call, (0, None), "")
        self.entry = entry

    def _call(self, args, kwargs=None):
        return call_ruleset(self.entry.resolve(), args, kwargs, self.name)

    def __call__(self, args: list, kwargs: dict | None = None):
        return self._call(args, kwargs)

    def help(self) -> str:
        """The docstring of the Python ruleset behind this name, then its module's (the rules)."""
        obj = self.entry.resolve()
        names = _parameter_names(type(obj) if _is_instance(obj) else obj)
        texts = [docstring_text(shell_speak(type(obj).__doc__ if _is_instance(obj) else obj.__doc__ or "", names))]
        module = importlib.import_module(self.entry.module)      # imported already: resolve() loaded it
        if module.__doc__:
            texts.append(docstring_text(shell_speak(module.__doc__, names)))
        return "\n\n".join(text for text in texts if text) or f"{self.name}: no documentation"


_CODE_SPAN = re.compile(r"``(.+?)``", re.DOTALL)
_LAMBDA = re.compile(r"\blambda\s+([\w\s,]*?)\s*:\s*")
_KEYWORD = re.compile(r"(?:^|(?<=[(,]))(\s*)([a-z_][a-z0-9_]*)=(?!=)")
_PYTHON_WORDS = {"None": "Nothing", "True": "true", "False": "false", "math.inf": "inf",
                 "cgt.Player.Left": "Left", "cgt.Player.Right": "Right", "Player.Left": "Left",
                 "Player.Right": "Right"}
_PLAYER_KEY = re.compile(r"""(?<![\w.])(['"]?)(Left|Right)\1\s*:\s*""")     # a dict key: {Left: 2}


def _shell_code(code: str, parameters: tuple[str, ...] = ()) -> str:
    code = _LAMBDA.sub(lambda m: _procedure_head(m.group(1)), code)
    code = _KEYWORD.sub(lambda m: f"{m.group(1)}{_snake_to_camel(m.group(2))} => ", code)
    code = _PLAYER_KEY.sub(lambda m: f"{m.group(2)} => ", code)
    for python, shell in _PYTHON_WORDS.items():
        code = re.sub(rf"(?<![\w.]){re.escape(python)}(?!\w)", shell, code)
    for name in parameters:
        code = re.sub(rf"(?<!\w)(?<!\w\.){name}(?!\w)", _snake_to_camel(name), code)     # not x.name
    return code


def _parameter_names(ruleset) -> tuple[str, ...]:
    """The parameters of a family (a class or a function) whose shell names differ from Python's.

    >>> from cgt.games.grid.clobber import GenClobber
    >>> _parameter_names(GenClobber), _parameter_names(len)
    (('left_behind', 'max_distance'), ())
    """
    try:
        parameters = inspect.signature(ruleset).parameters
    except (TypeError, ValueError):
        return ()
    return tuple(name for name in parameters if "_" in name.strip("_"))


def _procedure_head(parameters: str) -> str:
    names = [p.strip() for p in parameters.split(",") if p.strip()]
    return (names[0] if len(names) == 1 else "(" + ", ".join(names) + ")") + " -> "


def _snake_to_camel(name: str) -> str:
    """Python's parameter names to CGSuite's (the inverse of :func:`_camel_to_snake`).

    >>> _snake_to_camel("max_distance"), _snake_to_camel("all_but"), _snake_to_camel("n")
    ('maxDistance', 'allbut', 'n')
    """
    if name == "all_but":
        return "allbut"
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def shell_speak(doc: str, parameters: tuple[str, ...] = ()) -> str:
    """A ruleset's Python docstring as the shell's help shows it: inside code spans (double backquotes),
    ``lambda k: ...`` becomes ``k -> ...``, keyword arguments ``max_distance=1`` become ``maxDistance => 1``,
    dict keys ``{Left: 2}`` map entries ``{Left => 2}``, ``None``/``True``/``False``/``math.inf`` become
    ``Nothing``/``true``/``false``/``inf``, ``Player.Left`` becomes ``Left``, and the names of
    ``parameters`` (the ruleset's) their CGSuite names.  Prose is left alone.

    >>> shell_speak("Fraenkel's ``GenWythoff(lambda k: k + r)``, ``GenClobber(max_distance=math.inf)``")
    "Fraenkel's ``GenWythoff(k -> k + r)``, ``GenClobber(maxDistance => inf)``"
    >>> shell_speak("``Subtraction([1, 2], all_but=True)`` when None is given")
    '``Subtraction([1, 2], allbut => true)`` when None is given'
    >>> shell_speak("``clobbered={Left: {2}, 'Right': {1}}``, ``left_behind[p]``, ``Player.Left``", ("left_behind",))
    '``clobbered => {Left => {2}, Right => {1}}``, ``leftBehind[p]``, ``Left``'
    """
    return _CODE_SPAN.sub(lambda m: "``" + _shell_code(m.group(1), parameters) + "``", doc)


def _camel_to_snake(name: str) -> str:
    """CGSuite's parameter names to Python's: ``maxDistance`` -> ``max_distance``, ``allbut`` -> ``all_but``.

    >>> _camel_to_snake("maxDistance"), _camel_to_snake("leftBehind"), _camel_to_snake("allbut")
    ('max_distance', 'left_behind', 'all_but')
    """
    if name == "allbut":
        return "all_but"
    return "".join("_" + c.lower() if c.isupper() else c for c in name).lstrip("_")


def call_ruleset(ruleset, args: list, kwargs: dict | None, name: str):
    """Call a ruleset (a position) or a family (a new ruleset), mapping CGSuite keyword names to Python's.

    A wrong number or name of arguments gives a one-line usage error naming the ruleset.

    >>> from cgt.games import Frogs, Subtraction
    >>> call_ruleset(Frogs, [10, 3], None, "Frogs").grundy
    2
    >>> call_ruleset(Subtraction, [[1, 2]], {"allbut": True}, "Subtraction")
    Subtraction([1, 2], all_but=True)
    >>> call_ruleset(Subtraction, [], None, "game.heap.Subtraction")
    Traceback (most recent call last):
    ...
    cgt.shell.errors.ShellError: game.heap.Subtraction: wrong arguments (usage: game.heap.Subtraction(subtractionSet, allbut => false))
    """
    keywords = {_camel_to_snake(k): _python_argument(v) for k, v in (kwargs or {}).items()}
    args = [_python_argument(a) for a in args]
    target = ruleset.__init__ if isinstance(ruleset, type) else None
    if target is not None:
        try:
            signature = inspect.signature(ruleset)
            signature.bind(*args, **keywords)
        except TypeError:
            raise ShellError(f"{name}: wrong arguments (usage: {name}{usage_line(signature)})") from None
        except ValueError:
            pass
    elif keywords:
        raise ShellError(f"{name}: a position takes no keyword arguments ({', '.join(kwargs)})")
    elif not args:
        raise ShellError(f"{name}: give a position, e.g. {name}(...) -- see help({name.rsplit('.', 1)[-1]})")
    return ruleset(*args, **keywords)


def _python_argument(value):
    """A shell value as a ruleset's Python parameter: a ruleset name is the ruleset, ``inf`` is
    ``math.inf`` and a map ``{k => v}`` a dict; lists, tuples and sets are converted element by element.

    >>> from cgt.shell.containers import ShellMap
    >>> _python_argument(ShellMap({cgt.Player.Left: [0], cgt.Player.Right: [cgt.inf]}))
    {<Player.Left: 1>: [0], <Player.Right: 2>: [inf]}
    """
    if isinstance(value, RulesetFunction):
        return value.entry.resolve()
    if isinstance(value, ShellMap):
        return {_python_argument(k): _python_argument(v) for k, v in value.entries.items()}
    if type(value) in (list, tuple):
        return type(value)(_python_argument(v) for v in value)
    if type(value) is frozenset:
        return frozenset(_python_argument(v) for v in value)
    if type(value) is type(cgt.inf) and value == cgt.inf:
        return math.inf
    return value


def ruleset_parameter(value, name: str) -> tuple | None:
    """``(value,)`` of the parameter ``name`` of a ruleset built by a family, as CGSuite reads a class
    parameter by its name (``game.heap.Kayles.code`` is ``"0.77"``, ``GenClobber(maxDistance => 2).maxDistance``
    is 2); None when ``value`` is no such ruleset or has no such parameter.

    >>> from cgt.games import Kayles
    >>> ruleset_parameter(Kayles, "code"), ruleset_parameter(Kayles, "Mean"), ruleset_parameter(3, "code")
    (('0.77',), None, None)
    """
    if isinstance(value, RulesetFunction):
        value = value.entry.resolve()
    if not is_ruleset(value) or isinstance(value, type) or not _is_instance(value):
        return None
    snake = _camel_to_snake(name)
    try:
        parameters = inspect.signature(type(value)).parameters
    except (TypeError, ValueError):
        return None
    if snake == "name" or snake not in parameters or not hasattr(value, snake):
        return None
    return (_shell_parameter(getattr(value, snake)),)


def _shell_parameter(value):
    """A ruleset's parameter as a shell value (the inverse of :func:`_python_argument`): tuples are lists,
    dicts maps, ``math.inf`` is ``inf``, and a value the shell has no type for (a take-and-break code) its
    text.

    >>> _shell_parameter((1, 2)), _shell_parameter(math.inf), _shell_parameter({cgt.Player.Left: (0,)}).entries
    ([1, 2], Rational('inf'), {<Player.Left: 1>: [0]})
    """
    if isinstance(value, (tuple, list)):
        return [_shell_parameter(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return frozenset(_shell_parameter(v) for v in value)
    if isinstance(value, dict):
        return ShellMap({_shell_parameter(k): _shell_parameter(v) for k, v in value.items()})
    if isinstance(value, float) and value == math.inf:
        return cgt.inf
    if isinstance(value, (bool, int, Fraction, str, Game, cgt.Player)) or value is None:
        return value
    return value if is_ruleset(value) or callable(value) else str(value)


def usage_line(signature, longest_default: int | None = None, skip: tuple[str, ...] = ("name",)) -> str:
    """``(subtractionSet, allbut => false)``: a signature in the shell's call syntax, with CGSuite's names
    (parameters named in ``skip`` left out, by default the Python-only ``name``; a default longer than
    ``longest_default`` characters shown as ``…``).

    >>> import inspect
    >>> from cgt.games import Subtraction
    >>> usage_line(inspect.signature(Subtraction))
    '(subtractionSet, allbut => false)'
    """
    parts = []
    for p in signature.parameters.values():
        if p.name in skip or p.kind is p.VAR_KEYWORD:
            continue
        name = _snake_to_camel(p.name)
        if p.kind is p.VAR_POSITIONAL:
            parts.append(f"{name}...")
        elif p.default is p.empty:
            parts.append(name)
        else:
            try:
                default = format_value(p.default)
            except Exception:            # noqa: BLE001 -- any default prints somehow
                default = repr(p.default)
            if longest_default is not None and len(default) > longest_default:
                default = "…"
            parts.append(f"{name} => {default}")
    return "(" + ", ".join(parts) + ")"


def _is_instance(obj) -> bool:
    """True for ruleset instances (whose class docstring describes them), False for classes and functions.

    >>> _is_instance(len), _is_instance(int), _is_instance(make_globals), _is_instance({})
    (False, False, False, True)
    """
    return not (inspect.isclass(obj) or inspect.isroutine(obj))


def _tiny(args):
    from cgt.loopy import LoopyGame, tiny

    return tiny(args[0]) if isinstance(args[0], LoopyGame) else cgt.tiny(to_game(args[0]))


def _miny(args):
    from cgt.loopy import LoopyGame, miny

    return miny(args[0]) if isinstance(args[0], LoopyGame) else cgt.miny(to_game(args[0]))


def _born_by(args):
    (n,) = args
    if isinstance(n, bool) or not isinstance(n, int):
        raise cgt.errors.InvalidGameError(f"BornBy needs a day number, got {n!r}")
    return frozenset(cgt.born_by(n))


FUNCTIONS: dict[str, Function] = {
    "Tiny": Function("Tiny", _tiny, (1, 1), constructors.tiny),
    "Miny": Function("Miny", _miny, (1, 1), constructors.miny),
    "BornBy": Function("BornBy", _born_by, (1, 1), days.born_by),
    "Table": Function("Table", lambda args: make_table(args[0]), (1, 1), Table),
    "Random": Function("Random", make_random, (1, 1), JavaRandom),
    "MutableList": Function("MutableList", make_mutable_list, (0, 1), MutableList),
    "MutableSet": Function("MutableSet", make_mutable_set, (0, 1), MutableSet),
    "MutableMap": Function("MutableMap", make_mutable_map, (0, 1), MutableMap),
    **{name: Function(name, make, arity, make) for name, (make, arity) in OUTPUT_FUNCTIONS.items()},
}


def _variant_game(kind: str):
    def make(args):
        return variant_game(kind, args[0])

    return make


FUNCTIONS.update({
    f"{k.capitalize()}VariantGame": Function(f"{k.capitalize()}VariantGame", _variant_game(k), (1, 1),
                                             getattr(Position, f"{k}_variant"))
    for k in ("impartial", "dicotic", "twisted")
})

#: The help function's name; the evaluator gives it its unevaluated argument.
HELP = Function("help", None, (0, 1), "help shows an overview; help(name) the documentation of name.")


#: CGSuite's ``System.CopyrightYear``: the year of this program's copyright.
COPYRIGHT_YEAR = 2026


def _cgt_version() -> str:
    """``System.Version``: the version of cgt that runs the shell."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cgt")
    except PackageNotFoundError:         # run from a source tree that is not installed
        return "unknown"


def system_error(args):
    """``System.Error(msg)``: stop the program with the error ``msg`` (as ``error(msg)`` does)."""
    raise ShellError(output_text(args[0]))


def system_clear_all(args) -> None:
    """``System.ClearAll()``: forget every computed value and every class read from a file (the next use
    reads the file again), as ``cgt.clear_caches()`` does; the session's variables stay."""
    cgt.clear_caches()


def system_print(args) -> None:
    """``System.Print(x)``: writes ``x`` on a line of its own (a string without its quotes) and gives
    Nothing, as CGSuite's ``System.Print`` does: output from inside a loop or a procedure.

    >>> system_print(["text"]), system_print([cgt.up])
    text
    ^
    (None, None)
    """
    print(output_text(args[0]), flush=True)


def system_add_path(args):
    """``System.AddPath(folder)``: puts a folder first on the search path for ``.cgs`` class files (a file
    ``Name.cgs`` holds the class ``Name``, a sub-folder ``pkg`` is the package ``pkg``); gives Nothing."""
    from cgt.shell.userclasses import add_path

    if not isinstance(args[0], str):
        raise ShellError(f"System.AddPath needs a folder name (a string), got {describe(args[0])}")
    add_path(args[0])
    return None


def make_globals() -> dict[str, object]:
    """A fresh dictionary of the global names: ``game``, ruleset aliases, ``Left``/``Right``, functions
    and ``help``.  The rulesets are those of the catalogue now (:func:`cgt.shell.registry.registry`).

    >>> g = make_globals()
    >>> g["game"].entries["heap"].entries["Kayles"] is g["Kayles"], g["Left"] is cgt.Player.Left
    (True, True)
    """
    names: dict[str, object] = {}
    root = Namespace("game", "CGSuite's package of rulesets.")
    names["game"] = root
    for path, entry in registry().items():
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
    names.update(named_values())                       # on, off, over, under, upon, dud
    names["Left"] = cgt.Player.Left
    names["Right"] = cgt.Player.Right
    players = names["Player"] = Namespace("Player", "The players, Player.Left and Player.Right (also Left, Right).")
    players.entries.update(Left=cgt.Player.Left, Right=cgt.Player.Right)
    system = names["System"] = Namespace("System", "CGSuite's system functions: System.Print(x).")
    system.entries["Print"] = Function("System.Print", system_print, (1, 1), system_print)
    system.entries["AddPath"] = Function("System.AddPath", system_add_path, (1, 1), system_add_path)
    system.entries["Error"] = Function("System.Error", system_error, (1, 1), system_error)
    system.entries["ClearAll"] = Function("System.ClearAll", system_clear_all, (0, 0), system_clear_all)
    system.entries["Version"] = _cgt_version()
    system.entries["CopyrightYear"] = COPYRIGHT_YEAR
    names["Nothing"] = None                 # CGSuite's Nothing (also the literal nil)
    names["omega"] = names["\u03c9"] = cgt.omega     # as in CGSuite: omega = 1.OmegaPower; inf = 1/0
    names["inf"] = cgt.inf
    misere = root.child("misere").child("MisereCanonicalGame")
    misere.entries["DayN"] = KeywordFunction("DayN", day_n, (0, 3), day_n)
    names.setdefault("MisereCanonicalGame", misere)
    root.child("gdl").entries["Load"] = Function("game.gdl.Load", shell_load, (1, 2), shell_load)
    root.child("graph").entries["Color"] = names["Color"] = color_namespace()
    names["Graph"] = graph_namespace()
    names["DirectedGraph"] = directed_graph_namespace()
    names["Strip"] = strip_namespace()
    names["Grid"] = grid_namespace()
    names["Coordinates"] = coordinates_namespace()
    names["Symmetry"] = symmetry_namespace()
    names["CompoundType"] = enum_namespace(CompoundType)
    names["Icon"] = enum_namespace(Icon)
    names["help"] = HELP
    for short, cls in CLASSES.items():              # Integer, Nimber, CanonicalShortGame, ...: class objects
        names.setdefault(short, cls)
    return names


def builtin_names() -> list[str]:
    """The global names, sorted (used by completion and help).

    >>> names = builtin_names()
    >>> names == sorted(names) and {"BornBy", "DawsonsChess", "Left", "Right"} <= set(names)
    True
    """
    return sorted(make_globals())
