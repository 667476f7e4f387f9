"""CGScript classes: ``class``, ``singleton class``, ``extends``, ``def``/``override``, ``var`` fields,
properties, ``static`` members, ``enum``, and classes in ``.cgs`` files on a search path.

A class declaration (``class Name(params) extends A, B … end``) makes a :class:`ScriptClass`; calling it
makes a :class:`ScriptObject` whose fields are the constructor's parameters and the class's ``var``
members.  Members are found in the class, then its ancestors (the classes it extends, left first, depth
first); a nested class captures the object around it (``Position`` inside a ruleset sees the ruleset's
parameters).  A ``singleton class`` has one instance, named by the class.

Games written as classes get their values from the library's engine: an object of a class that extends
``Game`` (or ``ImpartialGame``) is a position of a :class:`ScriptGameRuleset`, a ruleset of the library
whose options are the object's ``Options(player)`` (``Options`` for an impartial game) and whose components
are its ``Decomposition``; its memo tables make ``CanonicalForm``, ``NimValue``, ``OutcomeClass`` …
(``cgt.clear_caches()`` empties them).  A class that extends ``HeapRuleset`` and defines
``HeapOptions(heapSize)`` is a library heap ruleset (:class:`ScriptHeapRuleset`): its positions, nim value
sequences and periodicity checks are the library's; likewise a class that extends ``CoordinateRuleset`` and
defines ``CoordinateOptions(coord)`` is a library coordinate ruleset (:class:`ScriptCoordinateRuleset`).  A
``GridRuleset`` or ``StripRuleset`` reads its positions with its ``CharMap`` (``Eval(string)``) and prints
them as ``Name.Position("..|..")``; a ``GraphRuleset`` with its ``VertexLabels`` and ``EdgeLabels``.  A script
game whose play can cycle has a loopy ``GameValue`` (the loopy engine's, layered by its ``DepthHint``).

Files: ``Name.cgs`` holds the class (or enum) ``Name``; a folder is a package (``examples/StepGame.cgs`` is
``examples.StepGame``).  The search path (:data:`SEARCH_PATH`) is the folders of the environment variable
``CGT_PATH`` (separated by ``os.pathsep``), of the shell's ``--path`` option and of ``System.AddPath(folder)``;
a name the program does not define is looked up there (first as a class of the package of the file that
uses it, then as a top-level class or package).

>>> from cgt.shell import run, Session
>>> s = Session()
>>> s.run('''class Counter(start as Integer) var next := start + 1; def Twice := 2 * start; end;''')
''
>>> s.run("c := Counter(4); [c.next, c.Twice, c is Counter, c]")
'[5,8,true,Counter(4)]'
"""

from __future__ import annotations

import os
import pathlib
import weakref

import cgt
from cgt.errors import CGTError, InvalidPositionError, NotShortGameError
from cgt.kernel.game import register_cache
from cgt.kernel.player import Player
from cgt.short.compound import is_form
from lark import Tree

from cgt.games.engine.ruleset import ImpartialRuleset, Position, Ruleset
from cgt.games.engine.sums import DisjunctiveSum, NegativeGame
from cgt.games.graph.board import Graph
from cgt.games.grid.board import Grid
from cgt.games.heap.coordinate import CoordinateRuleset, FunctionalCoordinateRuleset
from cgt.games.heap.ruleset import HeapRuleset
from cgt.games.strip.board import Strip

from cgt.shell.classes import CLASSES, ClassValue
from cgt.shell.errors import ShellError
from cgt.shell.procedures import declared_parameters, dotted_text
from cgt.shell.values import Procedure, describe, format_value

__all__ = ["ScriptClass", "ScriptObject", "ScriptPackage", "BoundClass", "BoundScriptMethod", "ScriptMethod",
           "ScriptGameRuleset", "ScriptImpartialRuleset", "ScriptHeapRuleset", "ScriptCoordinateRuleset",
           "SEARCH_PATH", "ACTIVE", "add_path", "forget_loaded_files", "loaded_classes",
           "define_class", "define_enum", "construct", "find_script", "script_attribute", "call_script",
           "call_method", "builtin_call", "is_script_value", "is_game_object", "unwrap", "as_summand",
           "active_interpreter", "check_parameter_type", "class_for_test", "game_adapter", "heap_adapter",
           "coordinate_adapter", "board_kind", "board_game_kind", "read_board", "write_board", "graph_labels",
           "builtin_property", "has_operator",
           "class_help", "doc_comment"]

#: Interpreters running programs now, innermost last: the engine's callbacks (a position's options) run
#: user code in the innermost one.
ACTIVE: list = []

#: Built-in classes a script class may extend, by name: what they supply is implemented here.
_BUILTIN_BASES = {"Object", "Game", "ImpartialGame", "Ruleset", "GridRuleset", "GridGame", "StripRuleset", "StripGame",
                  "GraphRuleset", "GraphGame", "HeapRuleset", "CoordinateRuleset"}

#: The game base nested in each board ruleset base (CGSuite's ``GridRuleset.GridGame`` …).
_BOARD_GAMES = {"GridRuleset": "GridGame", "StripRuleset": "StripGame", "GraphRuleset": "GraphGame"}


_SPARE: list = []


def active_interpreter():
    """The interpreter of the program running now (a spare one when none is: printing after a program)."""
    if ACTIVE:
        return ACTIVE[-1]
    if not _SPARE:
        from cgt.shell.builtins import make_globals
        from cgt.shell.evaluator import Interpreter, Scope

        _SPARE.append(Interpreter(Scope(make_globals()), ""))
    return _SPARE[0]


class ScriptMethod:
    """One ``def`` of a class: a method (with parameters), a property (without), static or not."""

    __slots__ = ("name", "parameters", "body", "static", "owner", "is_property")

    def __init__(self, name, parameters, body, static, owner, is_property):
        self.name, self.parameters, self.body = name, parameters, body
        self.static, self.owner, self.is_property = static, owner, is_property

    def accepts(self, args: list, scope) -> bool:
        """Whether a call with these positional arguments fits (arity, then the declared classes)."""
        least = sum(1 for p in self.parameters if p.default is None and not p.rest)
        most = None if any(p.rest for p in self.parameters) else len(self.parameters)
        if len(args) < least or (most is not None and len(args) > most):
            return False
        return all(p.type_name is None or p.rest or _has_type(value, p.type_name, scope)
                   for p, value in zip(self.parameters, args))


class ScriptClass(ClassValue):
    """A class declared in CGScript (``class``, ``singleton class``, ``enum``)."""

    __slots__ = ("parameters", "bases", "singleton", "mutable", "enum_values", "members", "fields",
                 "initializers", "nested", "scope", "source", "instance", "declaring", "adapters", "file",
                 "static_values", "cached", "line")

    def __init__(self, qualified_name: str, parameters, bases: list, scope, source: str, declaring=None):
        super().__init__(qualified_name, ())
        self.parameters = parameters         # list of Parameter, or None (no constructor parameters)
        self.bases = bases                   # ScriptClass objects and built-in base names
        self.singleton = False
        self.mutable = False
        self.enum_values: dict | None = None
        self.members: dict[str, list] = {}   # name -> ScriptMethod overloads
        self.fields: list = []               # (name, expression, static) of the var members, in order
        self.initializers: list = []         # (kind, node): fields and bare statements, in order
        self.nested: dict[str, ScriptClass] = {}
        self.scope = scope                   # where the class was declared
        self.source = source
        self.instance = None                 # a singleton's object
        self.declaring = declaring           # the class a nested class is declared in
        self.adapters: dict = {}
        self.file = None
        self.static_values: dict = {}
        self.cached: dict = {}               # lineage, built-in bases, ancestors (the bases never change)
        self.line = None                     # the line of the declaration in its source

    # -- the hierarchy ----------------------------------------------------------------------------------
    def lineage(self) -> list:
        """This class and its script ancestors, in lookup order (depth first, left first)."""
        known = self.cached.get("lineage")
        if known is not None:
            return known
        order, stack = [], [self]
        while stack:
            cls = stack.pop(0)
            if cls in order:
                continue
            order.append(cls)
            stack[0:0] = [b for b in cls.bases if isinstance(b, ScriptClass)]
        self.cached["lineage"] = order
        return order

    def builtin_bases(self) -> set:
        """The built-in classes among the ancestors (``Game``, ``HeapRuleset`` …)."""
        names = self.cached.get("builtin")
        if names is None:
            names = set()
            for cls in self.lineage():
                names |= {b for b in cls.bases if isinstance(b, str)}
            self.cached["builtin"] = names
        return names

    def ancestors(self) -> set:
        known = self.cached.get("ancestors")
        if known is not None:
            return known
        names = {self.qualified_name}
        for base in self.bases:
            if isinstance(base, ScriptClass):
                names |= base.ancestors()
            elif base in CLASSES:
                names |= CLASSES[base].ancestors()
            else:
                names |= {_BUILTIN_QUALIFIED.get(base, base), "game.Game" if base in _BOARD_GAMES.values() else
                          "cgsuite.lang.Object"} | CLASSES["Object"].ancestors()
                if base in _BOARD_GAMES or base in ("HeapRuleset", "CoordinateRuleset"):
                    names.add("game.Ruleset")
        if self.enum_values is not None:
            names.add("cgsuite.lang.Enum")
        self.cached["ancestors"] = names
        return names

    def is_a(self, base: str) -> bool:
        return base in self.builtin_bases()

    def find(self, name: str):
        """The overloads of member ``name`` (from the nearest class declaring it), or None."""
        for cls in self.lineage():
            if name in cls.members:
                return cls.members[name]
        return None

    def find_nested(self, name: str):
        for cls in self.lineage():
            if name in cls.nested:
                return cls.nested[name]
        return None

    def __eq__(self, other):
        return self is other

    def __hash__(self):
        return id(self)

    def __repr__(self) -> str:
        return f"ScriptClass({self.qualified_name!r})"


_BUILTIN_QUALIFIED = {"Ruleset": "game.Ruleset", "GridRuleset": "game.grid.GridRuleset",
                      "GridGame": "game.grid.GridRuleset.GridGame", "StripRuleset": "game.strip.StripRuleset",
                      "StripGame": "game.strip.StripRuleset.StripGame", "GraphRuleset": "game.graph.GraphRuleset",
                      "GraphGame": "game.graph.GraphRuleset.GraphGame", "HeapRuleset": "game.heap.HeapRuleset",
                      "CoordinateRuleset": "game.heap.CoordinateRuleset"}


def _freeze(value):
    if isinstance(value, list):
        return ("$list",) + tuple(_freeze(v) for v in value)
    if isinstance(value, set):
        return frozenset(_freeze(v) for v in value)
    if isinstance(value, dict):
        return ("$map",) + tuple(sorted(((repr(k), _freeze(v)) for k, v in value.items())))
    return value


class MemberView:
    """The names an object's methods see: ``this``, its fields, its members and nested classes (a mapping
    for :class:`~cgt.shell.evaluator.Scope`)."""

    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def __contains__(self, name) -> bool:
        obj = self.obj
        return (name == "this" or name in obj.fields or obj.cls.find(name) is not None
                or obj.cls.find_nested(name) is not None
                or (obj.cls.enum_values is not None and name in obj.cls.enum_values)
                or any(name in c.static_values for c in obj.cls.lineage()))

    def __getitem__(self, name):
        obj = self.obj
        if name == "this":
            return obj
        if name in obj.fields:
            return obj.fields[name]
        if obj.cls.enum_values is not None and name in obj.cls.enum_values:
            return obj.cls.enum_values[name]
        for c in obj.cls.lineage():
            if name in c.static_values:
                return c.static_values[name]
        return member_value(active_interpreter(), obj, name)

    def __setitem__(self, name, value):
        obj = self.obj
        if obj.frozen and not obj.cls.mutable:
            raise ShellError(f"cannot assign {name}: members of {describe(obj)} are immutable")
        if name not in obj.fields:
            raise ShellError(f"cannot assign {name}: it is a method of {describe(obj)}, not a var")
        obj.fields[name] = value
        obj.key = None


class ScriptObject:
    """An instance of a script class: its class, the object it was made in (for nested classes), its fields.

    Equal objects have the same class, the same enclosing object and equal fields (CGSuite's value objects),
    so positions are keys of the memo tables."""

    __slots__ = ("cls", "enclosing", "fields", "arguments", "frozen", "key", "member_scope", "literal",
                 "adapter", "__weakref__")

    def __init__(self, cls: ScriptClass, enclosing, arguments: dict):
        self.cls = cls
        self.enclosing = enclosing
        self.fields = dict(arguments)
        self.arguments = list(arguments)
        self.frozen = False
        self.key = None
        self.literal = None
        self.adapter = None
        from cgt.shell.evaluator import Scope

        parent = enclosing.member_scope if isinstance(enclosing, ScriptObject) else cls.scope
        self.member_scope = Scope(MemberView(self), parent)

    def _key(self):
        if self.key is None:
            self.key = tuple((name, _freeze(value)) for name, value in self.fields.items())
        return self.key

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, ScriptObject) or other.cls is not self.cls or self.literal is not None:
            return False
        return other.enclosing == self.enclosing and other._key() == self._key()

    def __hash__(self):
        return hash((id(self.cls), self._key()))

    def cgs_class(self) -> ScriptClass:
        return self.cls

    def cache_text(self) -> str | None:
        """The position's text in the on-disk results cache: its class (with a digest of the class's source)
        and its fields (no text when a field has none: then the position is not stored)."""
        from cgt.games.engine.results_cache import position_text

        texts = [position_text(value) for value in self.fields.values()]
        if any(text is None for text in texts):
            return None
        return f"{self.cls.qualified_name}#{source_digest(self.cls)}(" + ",".join(texts) + ")"

    def __str__(self) -> str:
        return object_text(self)

    __repr__ = __str__


class BoundClass:
    """A nested class seen from an object (``R.Position``): calling it makes an object inside that object."""

    __slots__ = ("cls", "enclosing")

    def __init__(self, cls, enclosing):
        self.cls, self.enclosing = cls, enclosing

    def __str__(self) -> str:
        return f"{object_text(self.enclosing)}.{self.cls.name}"

    def __eq__(self, other):
        return isinstance(other, BoundClass) and other.cls is self.cls and other.enclosing == self.enclosing

    def __hash__(self):
        return hash(id(self.cls))


class ScriptPackage:
    """A folder of ``.cgs`` files on the search path: ``examples.StepGame``."""

    __slots__ = ("path",)

    def __init__(self, path: str):
        self.path = path

    def __str__(self) -> str:
        return self.path


class BoundScriptMethod:
    """``obj.Method`` before its arguments."""

    __slots__ = ("receiver", "name")

    def __init__(self, receiver, name):
        self.receiver, self.name = receiver, name

    def __str__(self) -> str:
        return f"{object_text(self.receiver)}.{self.name}"


def is_script_value(value) -> bool:
    return isinstance(value, (ScriptObject, ScriptClass, ScriptPackage, BoundClass, BoundScriptMethod))


# ---------------------------------------------------------------- printing

def object_text(obj, own: bool = True) -> str:
    """How an object prints: what its ``ToOutput`` gives (a string as it is, another value as that value
    prints) or its ``ToString``, when its class defines one of them (not when ``own`` is false: the text that
    identifies the object); else an enum value its literal, a singleton its class name, a board game
    ``Ruleset.Position("..|..")``, others the class called with the constructor's arguments."""
    if isinstance(obj, ScriptClass):
        return str(obj)
    if not isinstance(obj, ScriptObject):
        return format_value(obj)
    cls = obj.cls
    if obj.literal is not None:
        return obj.literal
    if own:
        if cls.find("ToOutput") is not None:      # CGSuite prints every object through its ToOutput
            output = call_member(active_interpreter(), obj, "ToOutput", [], {})
            return output if isinstance(output, str) else format_value(output)
        if cls.find("ToString") is not None:
            text = call_member(active_interpreter(), obj, "ToString", [], {})
            if isinstance(text, str):
                return text
    if cls.singleton:
        return cls.qualified_name
    prefix = cls.qualified_name if obj.enclosing is None else f"{object_text(obj.enclosing, own)}.{cls.name}"
    kind = board_game_kind(cls)
    if kind is not None and obj.arguments and isinstance(obj.enclosing, ScriptObject) and isinstance(
            obj.fields.get(obj.arguments[0]), _BOARD_TYPES[kind]):
        try:
            text = write_board(active_interpreter(), kind, obj.enclosing, obj.fields[obj.arguments[0]])
            return f'{prefix}("{text}")'
        except (ShellError, CGTError, LookupError):
            pass
    if not obj.arguments:
        return prefix
    return prefix + "(" + ", ".join(format_value(obj.fields[name]) for name in obj.arguments) + ")"


# ---------------------------------------------------------------- declarations

def _line_of(node) -> int | None:
    meta = getattr(node, "meta", None)
    return None if meta is None or getattr(meta, "empty", True) else meta.line


def doc_comment(source: str, line: int | None) -> str:
    """The comment just above line ``line`` of ``source`` (``//`` lines or a ``/* … */`` block, with no blank
    line between), as plain text: a class's documentation, as a docstring is a Python class's.

    >>> doc_comment("x := 1\\n// Takes one.\\n// Or two.\\nclass T end", 4)
    'Takes one.\\nOr two.'
    >>> doc_comment("/* A game\\n   of heaps. */\\nclass H end", 3), doc_comment("class H end", 1)
    ('A game\\nof heaps.', '')
    """
    if not line:
        return ""
    lines = source.splitlines()[:line - 1]
    out: list[str] = []
    while lines and lines[-1].strip().startswith("//"):
        out.insert(0, lines.pop().strip()[2:].strip())
    if not out and lines and lines[-1].strip().endswith("*/"):
        block: list[str] = []
        while lines:
            text = lines.pop().strip()
            block.insert(0, text)
            if text.startswith("/*"):
                break
        else:
            return ""
        body = "\n".join(block)[2:-2]
        out = [t.strip().lstrip("*").strip() for t in body.splitlines()]
    return "\n".join(t for t in out if t).strip()


def class_help(cls: "ScriptClass") -> str:
    """``help(C)`` for a script class: where it is declared, what it extends, its documentation comment, its
    parameters, members and nested classes.

    >>> from cgt.shell import Session
    >>> s = Session()
    >>> print(s.run('''// Take one or two.
    ... class Take(k as Integer ? 2) extends Ruleset
    ...   class Position(n as Integer) extends ImpartialGame
    ...     override def Options := [Position(n - j) for j from 1 to k where j <= n];
    ...   end
    ...   def Eval(n as Integer) := Position(n);
    ... end
    ... help(Take)'''))
    Take: a class declared at the prompt, extends Ruleset
    Take one or two.
    Take(k as Integer ? 2)
    Members: Eval(n as Integer)
    Classes: Position(n as Integer) extends ImpartialGame
    """
    where = f"in {cls.file}" if cls.file else (f"in {cls.declaring.qualified_name}" if cls.declaring is not None
                                                 else "at the prompt")
    kind = "an enum" if cls.enum_values is not None else ("a singleton class" if cls.singleton else "a class")
    bases = [b.qualified_name if isinstance(b, ScriptClass) else b for b in cls.bases]
    lines = [f"{cls.qualified_name}: {kind} declared {where}" + (f", extends {', '.join(bases)}" if bases else "")]
    doc = doc_comment(cls.source, cls.line)
    if doc:
        lines.append(doc)
    if cls.parameters:
        lines.append(f"{cls.name}({', '.join(p.text() for p in cls.parameters)})")
    if cls.enum_values:
        lines.append("Values: " + ", ".join(cls.enum_values))
    members = []
    for name, overloads in cls.members.items():
        for method in overloads:
            text = name if method.is_property else f"{name}({', '.join(p.text() for p in method.parameters)})"
            members.append(("static " if method.static else "") + text)
    if members:
        lines.append("Members: " + ", ".join(members))
    if cls.nested:
        nested = []
        for inner in cls.nested.values():
            params = f"({', '.join(p.text() for p in inner.parameters)})" if inner.parameters else ""
            parents = [b.qualified_name if isinstance(b, ScriptClass) else b for b in inner.bases]
            nested.append(inner.name + params + (f" extends {', '.join(parents)}" if parents else ""))
        lines.append("Classes: " + ", ".join(nested))
    return "\n".join(lines)



def _resolve_base(interp, node, scope, declaring):
    text = dotted_text(node)
    parts = text.split(".")
    if declaring is not None and len(parts) == 1:
        found = declaring.find_nested(text)
        if found is not None:
            return found
    if len(parts) == 1 and text in _BUILTIN_BASES:
        return text
    value = scope.lookup(parts[0], None)
    if value is None:
        value = find_script(interp, parts[0], package=scope.lookup("$package", ""))
    try:
        for part in parts[1:]:
            value = None if value is None else interp.attribute(value, part)
    except ShellError:
        value = None
    if isinstance(value, ScriptObject) and value.cls.singleton:
        value = value.cls
    if isinstance(value, ScriptClass):
        return value
    if parts[-1] in _BUILTIN_BASES:
        return parts[-1]
    raise interp.error_at(f"unknown superclass {text}", node)


def define_class(interp, node, scope, modifiers: set, declaring: ScriptClass | None = None,
                 package: str = ""):
    """Declare the class of a ``class`` node; returns the class (or, for a singleton, its instance)."""
    children = node.children
    if len(children) == 3:
        name, params, parents, body = children[0], None, children[1], children[2]
        parameters = None
    else:
        name, params, parents, body = children
        parameters = declared_parameters(params)
    name = str(name)
    qualified = f"{declaring.qualified_name}.{name}" if declaring is not None else (
        f"{package}.{name}" if package else name)
    bases = [] if parents is None else [_resolve_base(interp, p, scope, declaring) for p in parents.children]
    if parameters is None:                  # a subclass without parameters takes those of the class it extends
        parameters = next((b.parameters for b in bases if isinstance(b, ScriptClass) and b.parameters), None)
    cls = ScriptClass(qualified, parameters, bases, scope, interp.source, declaring)
    cls.line = _line_of(node)
    for base in bases:
        if isinstance(base, ScriptClass) and cls in base.lineage():
            raise interp.error_at(f"cycle in extends: {name} extends itself", node)
    cls.singleton = "singleton" in modifiers
    cls.mutable = "mutable" in modifiers
    if cls.singleton and parameters:
        raise interp.error_at(f"singleton class {name} cannot have parameters", node)
    _members(interp, cls, body, scope)
    _static_fields(interp, cls)
    if cls.singleton:
        cls.instance = construct(interp, cls, [], {}, None)
        return cls.instance
    return cls


def define_enum(interp, node, scope, declaring=None, package: str = ""):
    """``enum Name A, B, C; members end``: a class whose instances are its literals."""
    name, names, body = node.children
    name = str(name)
    qualified = f"{declaring.qualified_name}.{name}" if declaring is not None else (
        f"{package}.{name}" if package else name)
    cls = ScriptClass(qualified, None, [], scope, interp.source, declaring)
    cls.line = _line_of(node)
    cls.enum_values = {}
    if body is not None:
        _members(interp, cls, body, scope)
        _static_fields(interp, cls)
    for ordinal, literal in enumerate(names.children, start=1):
        value = ScriptObject(cls, None, {})
        value.literal = str(literal)
        value.fields["$ordinal"] = ordinal
        value.frozen = True
        cls.enum_values[str(literal)] = value
    return cls


def _static_fields(interp, cls: ScriptClass) -> None:
    """Evaluate the ``static var`` members and run the ``static … end`` blocks once, in the order written,
    when the class is declared (in the class's scope).

    A static block may assign the class's own static vars (it initialises them: ``static var t;`` then
    ``static t := …; end``); its other new names, and those it declares with ``var``, are its own.
    """
    from cgt.shell.evaluator import Scope

    statics = [item for item in cls.initializers if item[3]]
    cls.initializers = [item for item in cls.initializers if not item[3]]
    scope = Scope(StaticView(cls), cls.scope)
    for kind, field, expr, _ in statics:
        if kind == "static_block":
            block = Scope({}, Scope(StaticView(cls, initialising=True), cls.scope))
            interp.evaluate_in(Tree("block", expr.children), block, cls.source)
            continue
        cls.static_values[field] = None if expr is None else interp.evaluate_in(expr, scope, cls.source)


class StaticView:
    """The names a class's static members see: its static vars and static members (which a static block,
    ``initialising``, may assign when they are the class's own static vars)."""

    __slots__ = ("cls", "initialising")

    def __init__(self, cls, initialising: bool = False):
        self.cls = cls
        self.initialising = initialising

    def __contains__(self, name) -> bool:
        return any(name in c.static_values for c in self.cls.lineage()) or self.cls.find(name) is not None

    def __getitem__(self, name):
        for c in self.cls.lineage():
            if name in c.static_values:
                return c.static_values[name]
        return script_attribute(active_interpreter(), self.cls, name)

    def __setitem__(self, name, value):
        if self.initialising and name in self.cls.static_values:
            self.cls.static_values[name] = value
            return
        raise ShellError(f"cannot assign {name}: static members are immutable"
                         + (" (a static block assigns only the static vars of its class)" if self.initialising else ""))


def _members(interp, cls: ScriptClass, body, scope) -> None:
    """Read the statements of a class body into members, fields and initializers."""
    for statement in body.children:
        if statement is None:
            continue
        modifiers = set()
        if statement.data == "modified":
            *mods, statement = statement.children
            modifiers = {m.data[4:] for m in mods}
        kind = statement.data
        if kind in ("def_", "def_property"):
            member_name = str(statement.children[0])
            inherited = any(member_name in c.members for c in cls.lineage()[1:])
            if inherited and "override" not in modifiers:
                raise interp.error_at(f"{member_name} is declared in a class {cls.name} extends: write override def "
                                      f"{member_name}", statement)
            if kind == "def_":
                method = ScriptMethod(member_name, declared_parameters(statement.children[1]), statement.children[2],
                                      "static" in modifiers, cls, False)
            else:
                method = ScriptMethod(member_name, [], statement.children[1], "static" in modifiers, cls, True)
            cls.members.setdefault(member_name, []).append(method)
        elif kind == "bodiless_def":
            if not modifiers & {"external", "system"}:
                raise interp.error_at(f"def {statement.children[0]} needs a body (:= expr, or begin … end): only "
                                      "external and system members are declared without one", statement)
            # implemented in CGSuite's Java kernel, which a script cannot supply: read and ignored
        elif kind == "var_":
            field, expr = statement.children
            cls.fields.append(str(field))
            cls.initializers.append(("var", str(field), expr, "static" in modifiers))
        elif kind == "class_decl":
            nested = define_class(interp, statement, scope, modifiers, cls)
            nested_cls = nested.cls if isinstance(nested, ScriptObject) else nested
            cls.nested[nested_cls.name] = nested_cls
        elif kind == "enum_decl":
            nested = define_enum(interp, statement, scope, cls)
            cls.nested[nested.name] = nested
        elif kind == "static_block":
            cls.initializers.append(("static_block", None, statement, True))
        else:
            if modifiers:
                raise interp.error_at(f"{' '.join(sorted(modifiers))} applies to def, var and class only", statement)
            cls.initializers.append(("statement", None, statement, False))


# ---------------------------------------------------------------- objects

def construct(interp, cls: ScriptClass, args: list, kwargs: dict, enclosing):
    """A new object of ``cls`` made inside ``enclosing`` (None for a top-level class)."""
    if cls.enum_values is not None:
        raise ShellError(f"enum {cls.name} has no constructor: its values are {', '.join(cls.enum_values)}")
    if cls.singleton and cls.instance is not None:
        raise ShellError(f"{cls.name} is a singleton class: use {cls.name} itself")
    parameters = cls.parameters or []
    kind = board_game_kind(cls)
    if (kind is not None and len(args) == 1 and isinstance(args[0], str) and parameters
            and isinstance(enclosing, ScriptObject)):  # R.Position("..|..") as printed: the CharMap (labels) read it
        args = [read_board(interp, kind, enclosing, args[0])]
    procedure = Procedure(cls.name, parameters, None, cls.scope, cls.source, cls.name)
    names = interp.bind_arguments(procedure, args, kwargs)
    for parameter in parameters:
        if parameter.type_name is not None and not parameter.rest:
            check_parameter_type(names[parameter.name], parameter, cls.name, cls.scope, interp)
    obj = ScriptObject(cls, enclosing, names)
    for ancestor in reversed(cls.lineage()):
        for kind, field, expr, static in ancestor.initializers:
            if kind == "var":
                obj.fields[field] = None if expr is None else interp.evaluate_in(expr, obj.member_scope,
                                                                                 ancestor.source)
            else:
                interp.evaluate_in(expr, obj.member_scope, ancestor.source)
    obj.frozen = True
    return obj


def check_parameter_type(value, parameter, owner: str, scope, interp) -> None:
    """Refuse an argument that is not of its parameter's declared class (``n as Integer``)."""
    if not _has_type(value, parameter.type_name, scope):
        raise ShellError(f"{owner}: parameter {parameter.name} must be {parameter.type_name}, got {describe(value)}")


def _has_type(value, type_name: str, scope) -> bool:
    short = type_name.rsplit(".", 1)[-1]
    cls = None
    if type_name in CLASSES or short in CLASSES:
        cls = CLASSES.get(type_name) or CLASSES[short]
    else:
        found = scope.lookup(short, None) if scope is not None else None
        if isinstance(found, ScriptObject) and found.cls.singleton:
            found = found.cls
        if isinstance(found, ClassValue):
            cls = found
    if cls is None:
        if short == "Player":
            return isinstance(value, Player)
        return True                   # a class the shell does not know is not checked
    return cls.includes(value)


def _file_of(cls):
    while cls is not None:
        if cls.file is not None:
            return cls.file
        cls = cls.declaring
    return None


def _in_file(error: ShellError, cls) -> ShellError:
    """An error raised in a method of a class read from a file: the file's name and place, once, and no
    place in the program (the program's place is where it called into the file)."""
    file = _file_of(cls)
    if file is None or getattr(error, "in_file", False) or error.line is None:
        return error
    located = ShellError(f"in {file}: {error}")
    located.in_file = True
    return located


def member_value(interp, obj, name: str):
    """``obj.Name`` for a script object's own member: a field, a property's value, a bound method or a
    nested class; ``LookupError`` when the class has no such member."""
    if name in obj.fields:
        return obj.fields[name]
    overloads = obj.cls.find(name)
    if overloads is not None:
        properties = [m for m in overloads if m.is_property]
        if properties:
            return run_method(interp, obj, properties[0], [], {})
        return BoundScriptMethod(obj, name)
    nested = obj.cls.find_nested(name)
    if nested is not None:
        if nested.singleton:
            return nested.instance
        if nested.enum_values is not None:
            return nested
        return BoundClass(nested, obj)
    raise LookupError(name)


def run_method(interp, obj, method: ScriptMethod, args: list, kwargs: dict):
    """Run a method (or property) of ``obj`` (an object, or a class for a static member)."""
    from cgt.shell.evaluator import Scope

    base_scope = obj.member_scope if isinstance(obj, ScriptObject) else Scope(StaticView(obj), obj.scope)
    closure = Scope({"$class": method.owner}, base_scope)
    if method.is_property:
        try:
            return interp.evaluate_in(method.body, Scope({}, closure), method.owner.source)
        except ShellError as error:
            raise _in_file(error, method.owner) from None
    for parameter, value in zip(method.parameters, args):
        if parameter.type_name is not None and not parameter.rest:
            check_parameter_type(value, parameter, method.name, closure, interp)
    procedure = Procedure(method.name, method.parameters, method.body, closure, method.owner.source, method.name)
    try:
        return interp.invoke(procedure, args, kwargs)
    except ShellError as error:
        raise _in_file(error, method.owner) from None


def has_operator(obj: ScriptObject, name: str, count: int) -> bool:
    """Whether the class of ``obj`` declares the operator method ``name`` (``op-``, ``op[]``, ``op<=`` …) with an
    overload taking ``count`` operands (``op-()`` is unary minus, ``op-(that)`` subtraction)."""
    overloads = obj.cls.find(name)
    if overloads is None:
        return False
    for method in overloads:
        least = sum(1 for p in method.parameters if p.default is None and not p.rest)
        most = None if any(p.rest for p in method.parameters) else len(method.parameters)
        if least <= count and (most is None or count <= most):
            return True
    return False


def call_member(interp, obj, name: str, args: list, kwargs: dict, start: ScriptClass | None = None):
    """``obj.Name(args)``: the first overload that fits, from ``start``'s lineage (``super``) or the
    object's class; ``LookupError`` when no script class declares the name."""
    cls = start if start is not None else (obj if isinstance(obj, ScriptClass) else obj.cls)
    overloads = cls.find(name)
    if overloads is None:
        raise LookupError(name)
    scope = obj.member_scope if isinstance(obj, ScriptObject) else obj.scope
    for method in overloads:
        if method.is_property:
            value = run_method(interp, obj, method, [], {})
            return interp.call_value(value, args, kwargs) if args or kwargs else value
        if method.accepts(args, scope):
            return run_method(interp, obj, method, args, kwargs)
    method = overloads[0]
    return run_method(interp, obj, method, args, kwargs)     # its own error (arity or class)


# ---------------------------------------------------------------- what the built-in bases supply

#: The board of each board ruleset base, and what it is called in errors.
_BOARD_TYPES = {"GridRuleset": Grid, "StripRuleset": Strip, "GraphRuleset": Graph}
_BOARD_NAMES = {"GridRuleset": "grid", "StripRuleset": "strip", "GraphRuleset": "graph"}


def board_kind(cls: ScriptClass) -> str | None:
    """The board ruleset base (``"GridRuleset"``, ``"StripRuleset"``, ``"GraphRuleset"``) a class extends."""
    return next((kind for kind in _BOARD_GAMES if cls.is_a(kind)), None)


def board_game_kind(cls: ScriptClass) -> str | None:
    """The board ruleset base whose game class (``GridGame`` …) a class extends."""
    return next((kind for kind, game in _BOARD_GAMES.items() if cls.is_a(game)), None)


def _char_map(interp, ruleset) -> str:
    try:
        chars = member_value(interp, ruleset, "CharMap")
    except LookupError:
        raise ShellError(f"{describe(ruleset)} has no CharMap: its class must define def CharMap := \".x\" "
                         "(the character of cell value k is the k-th)") from None
    if not isinstance(chars, str) or not chars:
        raise ShellError(f"the CharMap of {describe(ruleset)} must be a non-empty string, got {describe(chars)}")
    return chars


#: A graph ruleset's label maps when its class does not define them (CGSuite's ``{"" => Nothing}``).
_DEFAULT_LABELS = {"": None}


def graph_labels(interp, ruleset, name: str):
    """``VertexLabels`` or ``EdgeLabels`` of a script graph ruleset (a shell Map, or a function from tokens
    to labels), ``{"" => Nothing}`` when the class does not define it."""
    try:
        return member_value(interp, ruleset, name)
    except LookupError:
        from cgt.shell.containers import ShellMap

        return ShellMap(dict(_DEFAULT_LABELS))


def _reader_labels(interp, ruleset, name: str):
    from cgt.shell.graph_values import label_map

    return label_map(graph_labels(interp, ruleset, name), name,
                     caller=lambda function, args: interp.call_value(function, args, {}))


def read_board(interp, kind: str, ruleset, text: str):
    """The board a string denotes in a script board ruleset: its ``CharMap`` reads a grid or strip, its
    ``VertexLabels`` and ``EdgeLabels`` a graph (``Graph.Parse(str, VertexLabels, EdgeLabels)``)."""
    if kind == "GridRuleset":
        return Grid.parse(text, _char_map(interp, ruleset))
    if kind == "StripRuleset":
        return Strip.parse(text, _char_map(interp, ruleset))
    return Graph.parse(text, _reader_labels(interp, ruleset, "VertexLabels"),
                       _reader_labels(interp, ruleset, "EdgeLabels"))


def write_board(interp, kind: str, ruleset, board) -> str:
    """The string of a board as its ruleset reads it back (the inverse of :func:`read_board`)."""
    if kind in ("GridRuleset", "StripRuleset"):
        return board.to_string(_char_map(interp, ruleset))
    return board.exact_string(_reader_labels(interp, ruleset, "VertexLabels"),
                              _reader_labels(interp, ruleset, "EdgeLabels"))


def _board_eval(interp, obj, kind: str, args):
    """``R(board)`` or ``R("text")`` of a board ruleset: its ``Position`` of the board."""
    what = _BOARD_NAMES[kind]
    if len(args) != 1:
        raise ShellError(f"{describe(obj)} takes one argument, a {what} or its string")
    arg = args[0]
    if isinstance(arg, str):
        arg = read_board(interp, kind, obj, arg)
    try:
        position = member_value(interp, obj, "Position")
    except LookupError:
        raise ShellError(f"{describe(obj)} declares no class Position: a {kind} needs class Position({what} as "
                         f"{_BOARD_TYPES[kind].__name__}) extends {_BOARD_GAMES[kind]}") from None
    return interp.call_value(position, [arg], {})


def _reversed_map(interp, obj, name: str):
    from cgt.shell.containers import ShellMap

    labels = graph_labels(interp, obj, name)
    if not isinstance(labels, ShellMap):
        raise ShellError(f"{name[:-6]}ToString of {describe(obj)} needs {name} to be a Map, not a function")
    reverse: dict = {}
    for token, label in labels.entries.items():
        reverse.setdefault(label, token)
    return ShellMap(reverse)


def builtin_property(interp, obj: ScriptObject, name: str):
    """The properties the built-in ruleset bases supply when the class does not define them (a graph
    ruleset's label maps and their reverses); ``LookupError`` when none does."""
    if obj.cls.is_a("GraphRuleset"):
        if name in ("VertexLabels", "EdgeLabels"):
            return graph_labels(interp, obj, name)
        if name in ("VertexToString", "EdgeToString"):
            return _reversed_map(interp, obj, name[:-8] + "Labels")
    raise LookupError(name)


def builtin_call(interp, obj: ScriptObject, name: str, args: list, kwargs: dict):
    """The members the built-in base classes supply (``Eval`` of a board, heap or coordinate ruleset, the
    game methods of the library's positions); ``LookupError`` when none does."""
    cls = obj.cls
    kind = board_kind(cls)
    if kind is not None and name == "Eval":
        return _board_eval(interp, obj, kind, args)
    if cls.is_a("HeapRuleset"):
        adapter = heap_adapter(obj)
        if name in ("Eval", "Position"):
            return adapter(*args)
        return interp.registry_call(adapter, name, args)
    if cls.is_a("CoordinateRuleset"):
        adapter = coordinate_adapter(obj)
        if name in ("Eval", "Position"):
            return _coordinate_position(adapter, args)
        if name == "Adjoin":
            return _adjoin(adapter, args)
        return interp.registry_call(adapter, name, args)
    try:
        value = builtin_property(interp, obj, name)
    except LookupError:
        pass
    else:
        return interp.call_value(value, args, kwargs) if args or kwargs else value
    if is_game_object(obj):
        if name == "Options" and args and cls.find("Options") is not None and is_impartial_object(obj):
            return call_member(interp, obj, "Options", [], {})
        return interp.registry_call(Position(game_adapter(obj), obj), name, args)
    raise LookupError(name)


def is_game_object(obj) -> bool:
    return isinstance(obj, ScriptObject) and (obj.cls.is_a("Game") or obj.cls.is_a("ImpartialGame")
                                               or board_game_kind(obj.cls) is not None)


def is_impartial_object(obj) -> bool:
    return isinstance(obj, ScriptObject) and obj.cls.is_a("ImpartialGame")


# ---------------------------------------------------------------- library rulesets of script classes

class FixedValue:
    """An option given as a value (``0``, ``*2``) rather than as an object: a position whose options are
    the value's options."""

    __slots__ = ("game",)

    def __init__(self, game):
        self.game = game

    def __eq__(self, other):
        return isinstance(other, FixedValue) and other.game is self.game

    def __hash__(self):
        return hash(("fixed", id(self.game)))

    def __str__(self) -> str:
        return str(self.game)

    def cache_text(self) -> str:
        return "V" + str(self.game)


class SumPosition:
    """An option given as a sum of positions (``Position(a) + Position(b)``)."""

    __slots__ = ("parts",)

    def __init__(self, parts):
        self.parts = tuple(parts)

    def __eq__(self, other):
        return isinstance(other, SumPosition) and other.parts == self.parts

    def __hash__(self):
        return hash(("sum", self.parts))

    def __str__(self) -> str:
        return " + ".join(object_text(p) for p in self.parts)

    def cache_text(self) -> str:
        from cgt.games.engine.results_cache import position_text

        texts = [position_text(p) for p in self.parts]
        if any(text is None for text in texts):
            return None
        return "S(" + "+".join(texts) + ")"


def _as_position(value):
    """An option returned by user code as a key of the engine's tables."""
    if isinstance(value, ScriptObject):
        return value
    if isinstance(value, Position) and isinstance(value.ruleset, (ScriptGameRuleset, ScriptImpartialRuleset)):
        return value.position
    if isinstance(value, DisjunctiveSum):
        return SumPosition(_as_position(c) for c in value.components)
    if isinstance(value, NegativeGame):
        if value.impartial:                   # an impartial -G is G's game tree, the players' names exchanged
            return _as_position(value.g)
        return FixedValue(value.value)        # as a game value in an option list: the negative of G's
    if isinstance(value, (int, cgt.Game)) and not isinstance(value, bool):
        return FixedValue(cgt.as_game(value) if not isinstance(value, cgt.Game) else value)
    from fractions import Fraction

    if isinstance(value, Fraction):
        return FixedValue(cgt.as_game(value))
    if is_form(value):                        # an explicit game or a compound: as a game value
        return FixedValue(value.canonical_form)
    raise InvalidPositionError(f"an option must be a game, got {describe(value)}")


def _options_of(pos, player):
    """The options of a position of a script game (objects, fixed values or sums)."""
    if isinstance(pos, FixedValue):
        g = pos.game
        if player is None:
            return [FixedValue(o) for o in g.left_options]
        return [FixedValue(o) for o in (g.left_options if player is Player.Left else g.right_options)]
    if isinstance(pos, SumPosition):
        result = []
        for i, part in enumerate(pos.parts):
            for option in _options_of(part, player):
                result.append(SumPosition(pos.parts[:i] + (option,) + pos.parts[i + 1:]))
        return result
    interp = active_interpreter()
    if player is None:
        value = call_member(interp, pos, "Options", [], {})
    elif is_impartial_object(pos) and all(m.parameters == [] for m in pos.cls.find("Options") or []):
        value = call_member(interp, pos, "Options", [], {})
    else:
        value = call_member(interp, pos, "Options", [player], {})
    from cgt.shell.containers import elements

    return [_as_position(v) for v in elements(value)]


def _components_of(pos):
    if isinstance(pos, SumPosition):
        return list(pos.parts)
    if isinstance(pos, ScriptObject) and pos.cls.find("Decomposition") is not None:
        from cgt.shell.containers import elements

        value = call_member(active_interpreter(), pos, "Decomposition", [], {})
        return [_as_position(v) for v in elements(value)]
    return [pos]


def _depth_hint(pos) -> int:
    """CGSuite's ``DepthHint`` of a position of a script game: its class's, 0 by default (and for values);
    a sum's is the sum of its parts'."""
    if isinstance(pos, SumPosition):
        return sum(_depth_hint(part) for part in pos.parts)
    if isinstance(pos, ScriptObject) and pos.cls.find("DepthHint") is not None:
        hint = call_member(active_interpreter(), pos, "DepthHint", [], {})
        if isinstance(hint, bool) or not isinstance(hint, int):
            raise InvalidPositionError(f"DepthHint of {object_text(pos)} must be an integer, got {describe(hint)}")
        return hint
    return 0


class ScriptGameRuleset(Ruleset):
    """The library ruleset of the positions of script game classes made in one object (or at top level):
    options by ``Options(player)``, components by ``Decomposition``."""

    abstract = True

    def __init__(self, owner_text: str, digest: str = ""):
        self.name = owner_text
        self.digest = digest

    def cache_key(self) -> str:
        """The identity in the on-disk results cache: the enclosing object's text and its class's digest
        (each position's text carries its own class's digest too)."""
        return f"{self.name}|{self.digest}"

    # -- loopy games: a cycle makes the value a loopy one (CGSuite's GameValue), valued by the loopy engine --
    def value(self, pos):
        """The canonical form; a one-line error naming ``GameValue`` when play can cycle."""
        try:
            return Ruleset.value(self, pos)
        except NotShortGameError as error:
            raise NotShortGameError(f"{error} (GameValue is its loopy value)") from None

    def game_value(self, pos):
        """The canonical form, or, when play can cycle, the loopy value of the position's game graph
        (:func:`cgt.games.engine.loopy.game_value`, layered by ``DepthHint`` on large graphs)."""
        try:
            return Ruleset.value(self, pos)
        except NotShortGameError:
            pass
        from cgt.games.engine.loopy import game_value

        self.hinted = isinstance(pos, ScriptObject) and pos.cls.find("DepthHint") is not None
        return game_value(self, pos)

    def outcome(self, pos):
        """The outcome class; with draws (by retrograde analysis of the game graph) when play can cycle."""
        try:
            return Ruleset.value(self, pos).outcome
        except NotShortGameError:
            pass
        from cgt.games.engine.loopy import outcome

        return outcome(self, pos)

    def winning_moves(self, pos, player) -> list:
        """The winning moves; for a game whose play can cycle, by retrograde analysis."""
        try:
            Ruleset.value(self, pos)
        except NotShortGameError:
            from cgt.games.engine.loopy import winning_moves

            return winning_moves(self, pos, Player.parse(player))
        return Ruleset.winning_moves(self, pos, player)

    @property
    def depth_hint(self):
        """``DepthHint`` of the positions (when the class of the position being valued defines it), which the
        loopy engine uses to value large graphs layer by layer; None otherwise."""
        return _depth_hint if getattr(self, "hinted", False) else None

    def left_options(self, pos):
        return _options_of(pos, Player.Left)

    def right_options(self, pos):
        return _options_of(pos, Player.Right)

    def has_components(self) -> bool:
        return True

    def components(self, pos):
        return _components_of(pos)

    def position_text(self, pos) -> str:
        return self.format(pos)

    def value_hint(self, pos):
        return pos.game if isinstance(pos, FixedValue) else None

    def format(self, pos) -> str:
        return object_text(pos) if isinstance(pos, ScriptObject) else str(pos)

    def normalize(self, pos):
        return pos


class ScriptImpartialRuleset(ImpartialRuleset):
    """As :class:`ScriptGameRuleset`, for impartial games (``Options`` without a player; Grundy values)."""

    abstract = True

    def __init__(self, owner_text: str, digest: str = ""):
        self.name = owner_text
        self.digest = digest

    def cache_key(self) -> str:
        """As :meth:`ScriptGameRuleset.cache_key`."""
        return f"{self.name}|{self.digest}"

    def position_text(self, pos) -> str:
        return self.format(pos)

    def options(self, pos, player=None):
        return _options_of(pos, None if is_impartial_object(pos) or not isinstance(pos, ScriptObject)
                           else Player.Left)

    def has_components(self) -> bool:
        return True

    def components(self, pos):
        return _components_of(pos)

    def format(self, pos) -> str:
        return object_text(pos) if isinstance(pos, ScriptObject) else str(pos)

    def normalize(self, pos):
        return pos


def source_digest(cls: ScriptClass) -> str:
    """A digest of the source text of a class and the classes it extends or is declared in."""
    import hashlib

    known = cls.cached.get("digest")
    if known is None:
        classes, outer = list(cls.lineage()), cls.declaring
        while outer is not None:
            classes.extend(outer.lineage())
            outer = outer.declaring
        text = "\0".join(sorted({c.source for c in classes}))
        known = cls.cached["digest"] = hashlib.sha256(text.encode()).hexdigest()[:20]
    return known


def game_adapter(obj: ScriptObject):
    """The library ruleset whose positions include ``obj`` (one per enclosing object and kind)."""
    impartial = is_impartial_object(obj)
    home = obj.enclosing if isinstance(obj.enclosing, ScriptObject) else obj.cls
    adapters = home.adapter if isinstance(home, ScriptObject) else None
    if isinstance(home, ScriptObject):
        if adapters is None:
            adapters = home.adapter = {}
    else:
        adapters = home.adapters
    adapter = adapters.get(impartial)
    if adapter is None:
        shared = _ADAPTERS.get((impartial, home)) if isinstance(home, ScriptObject) else None
        if shared is None:
            text = object_text(home, own=False) if isinstance(home, ScriptObject) else home.qualified_name
            digest = source_digest(home.cls if isinstance(home, ScriptObject) else home)
            shared = (ScriptImpartialRuleset if impartial else ScriptGameRuleset)(text, digest)
            if isinstance(home, ScriptObject):
                _ADAPTERS[(impartial, home)] = shared
        adapter = adapters[impartial] = shared
    return adapter


class ScriptHeapRuleset(HeapRuleset):
    """The library heap ruleset of a script class extending ``HeapRuleset``: a heap of n has the options
    ``HeapOptions(n)`` (a collection of collections of heap sizes)."""

    abstract = True

    def __init__(self, obj: ScriptObject):
        self.script = obj
        self.name = object_text(obj)

    def heap_options(self, n: int):
        from cgt.shell.containers import elements

        value = call_member(active_interpreter(), self.script, "HeapOptions", [n], {})
        result = []
        for option in elements(value):
            heaps = tuple(elements(option)) if not isinstance(option, int) else (option,)
            if not all(isinstance(h, int) and not isinstance(h, bool) and h >= 0 for h in heaps):
                raise InvalidPositionError(f"HeapOptions({n}): {describe(option)} is not a collection of heap sizes")
            result.append(heaps)
        return result

    def cache_key(self) -> str:
        """The ruleset's identity in the on-disk results cache: its text and a digest of the source of its
        classes, so a changed file never reads values computed by the old one."""
        return f"{object_text(self.script, own=False)}|{source_digest(self.script.cls)}"

    def __eq__(self, other):
        return isinstance(other, ScriptHeapRuleset) and other.script == self.script

    def __hash__(self):
        return hash(self.script)


#: The library rulesets made for script objects, by the object (equal objects share one, and its tables).
_ADAPTERS: "weakref.WeakValueDictionary" = weakref.WeakValueDictionary()


def _shared_adapter(obj: ScriptObject, kind: str, make):
    """The library ruleset of ``kind`` made by ``make(obj)`` for a script object: kept on the object, and shared
    by equal objects through :data:`_ADAPTERS`."""
    if obj.adapter is None:
        obj.adapter = {}
    adapter = obj.adapter.get(kind)
    if adapter is None:
        adapter = _ADAPTERS.get((kind, obj))
        if adapter is None:
            adapter = _ADAPTERS[(kind, obj)] = make(obj)
        obj.adapter[kind] = adapter
    return adapter


def heap_adapter(obj: ScriptObject) -> ScriptHeapRuleset:
    """The library heap ruleset of a script object (one per equal objects)."""
    return _shared_adapter(obj, "heap", ScriptHeapRuleset)


class ScriptCoordinateRuleset(CoordinateRuleset):
    """The library coordinate ruleset of a script class extending ``CoordinateRuleset``: a pair ``(a, b)`` has
    the options ``CoordinateOptions((a, b))`` (each a pair, or a collection of pairs: their sum)."""

    abstract = True

    def __init__(self, obj: ScriptObject):
        self.script = obj
        self.name = object_text(obj)

    def coordinate_options(self, coord):
        from cgt.shell.containers import elements

        try:
            value = call_member(active_interpreter(), self.script, "CoordinateOptions", [tuple(coord)], {})
        except LookupError:
            raise ShellError(f"{self.name} does not define CoordinateOptions(coord), which a CoordinateRuleset "
                             "must") from None
        result = []
        for option in elements(value):
            if isinstance(option, tuple):
                result.append(option)
                continue
            try:
                result.append(tuple(elements(option)))
            except (ShellError, CGTError, TypeError):
                raise InvalidPositionError(f"CoordinateOptions(({coord[0]},{coord[1]})) of {self.name}: "
                                           f"{describe(option)} is not a pair (a, b) or a collection of pairs") from None
        return result

    def cache_key(self) -> str:
        """As :meth:`ScriptHeapRuleset.cache_key`."""
        return f"{object_text(self.script, own=False)}|{source_digest(self.script.cls)}"

    def __eq__(self, other):
        return isinstance(other, ScriptCoordinateRuleset) and other.script == self.script

    def __hash__(self):
        return hash(self.script)


def coordinate_adapter(obj: ScriptObject) -> ScriptCoordinateRuleset:
    """The library coordinate ruleset of a script object (one per equal objects, as :func:`heap_adapter`)."""
    return _shared_adapter(obj, "coordinate", ScriptCoordinateRuleset)


def _coordinate_position(adapter, args):
    """``R(coord)``, ``R(row, col)`` (CGSuite's two ``Eval``s) or ``R("(a,b) + (c,d)")`` (the printed form)."""
    if len(args) == 2:
        args = [tuple(args)]
    if len(args) != 1:
        raise ShellError(f"{adapter.name} takes a pair (row, col), or row and col")
    return adapter(args[0])


def _adjoin(adapter, args):
    """``R.Adjoin(S)``: the coordinate ruleset whose options of a pair are R's and S's."""
    if len(args) != 1:
        raise ShellError(f"{adapter.name}.Adjoin takes one coordinate ruleset")
    that = args[0]
    if isinstance(that, ScriptObject) and that.cls.is_a("CoordinateRuleset"):
        that = coordinate_adapter(that)
    if not isinstance(that, CoordinateRuleset):
        raise ShellError(f"{adapter.name}.Adjoin needs a coordinate ruleset, got {describe(that)}")
    first = adapter

    def options(row, col):
        return [*first.coordinate_options((row, col)), *that.coordinate_options((row, col))]

    return FunctionalCoordinateRuleset(options, name=f"{format_value(first)}.Adjoin({format_value(that)})")


def unwrap(value):
    """A library position of a script game (a result of a library method) as the script object it is."""
    if isinstance(value, Position) and isinstance(value.ruleset, (ScriptGameRuleset, ScriptImpartialRuleset)):
        inner = value.position
        if isinstance(inner, FixedValue):
            return inner.game
        return inner
    if isinstance(value, list) and value and isinstance(value[0], Position):
        return [unwrap(v) for v in value]
    if isinstance(value, (set, frozenset)) and any(isinstance(v, Position) for v in value):
        return frozenset(unwrap(v) for v in value)
    return value


def as_summand(value):
    """A script game as a library position (it then adds to other positions: ``G + H``)."""
    if is_game_object(value):
        return Position(game_adapter(value), value)
    return value


# ---------------------------------------------------------------- attributes and calls from the evaluator

def script_attribute(interp, value, name: str):
    """``value.Name`` for a script value, or ``LookupError`` (the evaluator then asks the registry)."""
    if isinstance(value, ScriptPackage):
        return find_script(interp, f"{value.path}.{name}", strict=True)
    if isinstance(value, BoundClass):
        value = value.cls
    if isinstance(value, ScriptClass):
        if value.enum_values is not None and name in value.enum_values:
            return value.enum_values[name]
        for c in value.lineage():
            if name in c.static_values:
                return c.static_values[name]
        overloads = value.find(name)
        if overloads is not None and all(m.static for m in overloads):
            if overloads[0].is_property:
                return run_method(interp, value, overloads[0], [], {})
            return BoundScriptMethod(value, name)
        nested = value.find_nested(name)
        if nested is not None:
            return nested.instance if nested.singleton else nested
        raise LookupError(name)
    if isinstance(value, ScriptObject):
        if value.literal is not None:
            if name == "Literal":
                return value.literal
            if name == "Ordinal":
                return value.fields["$ordinal"]
        try:
            return member_value(interp, value, name)
        except LookupError:
            pass
        from cgt.shell.methods import REGISTRY

        if REGISTRY.lookup(value, name) is not None:       # what every value has (Class)
            raise LookupError(name)
        if value.cls.is_a("HeapRuleset"):
            if name == "Position":
                return heap_adapter(value)
            return interp.attribute(heap_adapter(value), name)
        if value.cls.is_a("CoordinateRuleset"):
            if name == "Position":
                return coordinate_adapter(value)
            return interp.attribute(coordinate_adapter(value), name)
        try:
            return builtin_property(interp, value, name)
        except LookupError:
            pass
        if is_game_object(value):
            return unwrap(interp.attribute(Position(game_adapter(value), value), name))
    raise LookupError(name)


def call_script(interp, function, args: list, kwargs: dict):
    """Call a script value: a class (its constructor, or a static ``Eval``), an object (its ``Eval``), a
    nested class of an object, a bound method."""
    if isinstance(function, BoundScriptMethod):
        return call_method(interp, function.receiver, function.name, args, kwargs)
    if isinstance(function, BoundClass):
        return construct(interp, function.cls, args, kwargs, function.enclosing)
    if isinstance(function, ScriptClass):
        overloads = function.find("Eval")
        if overloads is not None and all(m.static for m in overloads):
            return call_member(interp, function, "Eval", args, kwargs)
        return construct(interp, function, args, kwargs, None)
    if isinstance(function, ScriptObject):
        return call_method(interp, function, "Eval", args, kwargs)
    raise ShellError(f"{describe(function)} is not a function")


def call_method(interp, obj, name: str, args: list, kwargs: dict, start=None):
    """``obj.Name(args)``: a script member, else what the object's built-in base classes supply."""
    if name == "Options" and len(args) == 1 and is_impartial_object(obj):
        args = []                   # an impartial game's Options(player) forwards to Options
    try:
        return call_member(interp, obj, name, args, kwargs, start)
    except LookupError:
        pass
    if isinstance(obj, ScriptObject):
        if name in obj.fields:
            return interp.call_value(obj.fields[name], args, kwargs)
        nested = obj.cls.find_nested(name)
        if nested is not None:
            return construct(interp, nested, args, kwargs, obj)
        try:
            return unwrap(builtin_call(interp, obj, name, args, kwargs))
        except LookupError:
            pass
    if isinstance(obj, ScriptClass):
        nested = obj.find_nested(name)
        if nested is not None:
            return construct(interp, nested, args, kwargs, None)
    if kwargs:
        raise ShellError(f"{describe(obj)} has no method {name}")
    return interp.registry_call(obj, name, args)


def class_for_test(value):
    """The class ``x is C`` compares with: a singleton's object stands for its class."""
    if isinstance(value, ScriptObject) and value.cls.singleton:
        return value.cls
    if isinstance(value, BoundClass):
        return value.cls
    return value


# ---------------------------------------------------------------- files on the search path

#: Folders searched for ``.cgs`` files, first first.
SEARCH_PATH: list[str] = [p for p in os.environ.get("CGT_PATH", "").split(os.pathsep) if p]

#: The shell's own ``.cgs`` library, searched after :data:`SEARCH_PATH`: CGSuite's tutorial package
#: ``examples`` (``examples.Nim``, ``examples.Clobber``, ``examples.PartizanSubtraction``,
#: ``examples.TopplingDominoes``).
LIBRARY_PATH = str(pathlib.Path(__file__).with_name("library"))

#: Loaded files: path -> (modification time, value), and the files being loaded (for cycles).
_LOADED: dict = {}
_LOADING: list = []


def add_path(folder: str) -> None:
    """Put ``folder`` first on the search path (``System.AddPath``, the shell's ``--path``)."""
    folder = os.path.abspath(os.path.expanduser(folder))
    if not os.path.isdir(folder):
        raise ShellError(f"no such folder: {folder}")
    if folder in SEARCH_PATH:
        SEARCH_PATH.remove(folder)
    SEARCH_PATH.insert(0, folder)


def _locate(dotted: str):
    """The file (``…/a/B.cgs``) or folder (a package) of a dotted name on the search path, or None."""
    parts = dotted.split(".")
    for folder in [*SEARCH_PATH, LIBRARY_PATH]:
        base = pathlib.Path(folder, *parts)
        file = base.with_name(base.name + ".cgs")
        if file.is_file():
            return "file", file
        if base.is_dir():
            return "package", base
    return None


def find_script(interp, dotted: str, strict: bool = False, package: str = ""):
    """The class, singleton or package a name denotes on the search path; None when there is none (an
    error when ``strict``: ``pkg.Name`` with no file)."""
    candidates = [f"{package}.{dotted}", dotted] if package else [dotted]
    for candidate in candidates:
        found = _locate(candidate)
        if found is None:
            continue
        kind, path = found
        if kind == "package":
            return ScriptPackage(candidate)
        return _load(interp, candidate, path)
    if strict:
        folders = os.pathsep.join(SEARCH_PATH) if SEARCH_PATH else "no folder of yours: add one with CGT_PATH, --path or System.AddPath"
        raise ShellError(f"no file {dotted.replace('.', '/')}.cgs on the search path ({folders}) or in the shell's library")
    return None


def _load(interp, dotted: str, path: pathlib.Path):
    from cgt.shell.builtins import make_globals
    from cgt.shell.evaluator import Scope
    from cgt.shell.parser import parse
    from cgt.shell.procedures import language_globals

    key = str(path)
    mtime = path.stat().st_mtime
    cached = _LOADED.get(key)
    if cached is not None and cached[0] == mtime:
        return cached[1]
    if key in _LOADING:
        chain = [pathlib.Path(p).stem for p in _LOADING[_LOADING.index(key):]] + [path.stem]
        error = ShellError(f"cycle in extends: {' -> '.join(chain)}")
        error.cycle = True
        raise error
    name = path.stem
    package = dotted.rpartition(".")[0]
    _LOADING.append(key)
    try:
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ShellError(f"cannot read {path}: {error}") from None
        try:
            tree = parse(source)
            statements = [s for s in tree.children[0].children if s is not None]
            if len(statements) != 1 or _declared(statements[0]) is None:
                raise ShellError("a .cgs file holds one class or enum declaration", 1, 1, source)
            declared = _declared(statements[0])
            if declared != name:
                raise ShellError(f"the file declares {declared}, not {name} (file name = class name)", 1, 1, source)
            builtins = make_globals()
            builtins.update(language_globals())
            scope = Scope({"$package": package}, Scope(builtins, frozen=True))
            value = interp.load_declaration(statements[0], scope, source, package)
        except ShellError as error:
            if getattr(error, "cycle", False):
                raise
            raise ShellError(f"in {path}: {error}") from None
    finally:
        _LOADING.remove(key)
    if isinstance(value, ScriptObject):
        value.cls.file = key
    else:
        value.file = key
    _LOADED[key] = (mtime, value)
    return value


def loaded_classes() -> list:
    """The classes, singletons and enums read from files so far (the newest reading of each file)."""
    return [value for _, value in _LOADED.values()]


def _declared(statement):
    if statement.data == "modified":
        statement = statement.children[-1]
    if statement.data in ("class_decl", "enum_decl"):
        return str(statement.children[0])
    return None


def forget_loaded_files() -> None:
    """Forget every class read from a file, so the next use reads the file again (also by
    :func:`cgt.clear_caches`)."""
    _LOADED.clear()


register_cache(forget_loaded_files)
