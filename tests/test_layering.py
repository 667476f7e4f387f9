"""DESIGN §1 and STYLE 11: the layers are one-way, and modules meet through named interfaces.

The test reads the source (no import), so every module is checked, also the ones a run never loads.

* **Layers, by package.**  No module of ``cgt`` (any subpackage) imports ``cgt.games`` or ``cgt.shell``;
  ``cgt.games`` never imports ``cgt.shell``.  Beside the standard library and ``cgt`` itself, a module
  imports only the distribution's declared dependencies (``pyproject.toml``: ``dependencies`` and the
  ``plot`` and ``cluster`` extras), and of those: lark only in ``cgt.shell`` and in ``games/gdl/`` (the GDL
  loader reads rule files with a lark grammar); prompt_toolkit only in ``cgt.shell``; distributed and dask only
  in ``cgt.games.engine.cluster``; hypothesis (a test extra) only in ``cgt.testing``.  An import is any ``import``/``from`` statement, wherever it stands, relative ones
  resolved, and ``importlib.import_module("...")`` with a literal name.
* **Named interfaces.**  In ``cgt/``, ``games/`` and ``shell/``, ``x._name`` (not a dunder) is an error
  unless ``_name`` is defined in the same module: a method or nested class, a class attribute, a slot, or an
  attribute assigned there (``x._name = ...``, ``setattr(x, "_name", ...)``).  A module-level function or
  variable does not count: ``x._name`` never reaches it.  Also errors: importing an underscore name from
  another module, ``getattr``/``hasattr``/``setattr``/``delattr`` with a literal underscore name the module
  does not define, and ``sys.modules`` used for anything but a membership test (``"ipykernel" in
  sys.modules``), e.g. ``sys.modules[name]`` or ``sys.modules.get(name)`` reaching into a module.
* **No import circle.**  The graph of top-level imports of the three packages -- statements run when the
  module is imported: the module body and its top-level ``if`` (not ``if TYPE_CHECKING``), ``try``,
  ``with`` and ``class`` bodies -- has no cycle.  ``import a.b.c`` needs ``a.b.c`` and the packages ``a``
  and ``a.b``, except those the importing module is inside (they are being imported already);
  ``from P import name`` needs ``P`` itself (even from inside ``P``: it reads ``P``'s namespace) and
  ``P.name`` when that is a module.

Every failure names the file, the line and the offence.
"""

from __future__ import annotations

import ast
import functools
import pathlib
import re
import sys
import tomllib
from typing import NamedTuple

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent

#: Repository folder -> installed package name (pyproject's ``package-dir``).
PACKAGES = {"cgt": "cgt", "games": "cgt.games", "shell": "cgt.shell"}


# ----------------------------------------------------------------------------------------------- the reader

def _files(folder: str) -> list[pathlib.Path]:
    return sorted((ROOT / folder).rglob("*.py"))


ALL_FILES = _files("cgt") + _files("games") + _files("shell")


def _rel(path: pathlib.Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _module_name(path: pathlib.Path) -> str:
    """``games/heap/nim.py`` -> ``cgt.games.heap.nim``; a package's ``__init__.py`` -> the package."""
    relative = path.relative_to(ROOT)
    parts = list(relative.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGES[parts[0]], *parts[1:]])


#: Installed module name -> file, for the three packages.
MODULES = {_module_name(p): p for p in ALL_FILES}


@functools.cache
def _tree(path: pathlib.Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


class Import(NamedTuple):
    """One imported module name (absolute) and the line of the import."""

    name: str
    line: int


def _resolve(path: pathlib.Path, level: int, module: str | None) -> str:
    """The absolute name of a relative import ``from <level dots><module> import ...`` in ``path``."""
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package.pop()
    base = package[: len(package) - level + 1]
    return ".".join(base + ([module] if module else []))


def _top_level_statements(body: list) -> list:
    """The statements run at import: the body, and inside top-level if/try/with/class blocks."""
    out = []
    for node in body:
        out.append(node)
        if isinstance(node, ast.If):
            if not ast.unparse(node.test).endswith("TYPE_CHECKING"):
                out += _top_level_statements(node.body)
            out += _top_level_statements(node.orelse)
        elif isinstance(node, ast.Try):
            out += _top_level_statements(node.body) + _top_level_statements(node.orelse)
            out += _top_level_statements(node.finalbody)
            for handler in node.handlers:
                out += _top_level_statements(handler.body)
        elif isinstance(node, (ast.With, ast.ClassDef)):
            out += _top_level_statements(node.body)
    return out


@functools.cache
def imports(path: pathlib.Path) -> tuple[Import, ...]:
    """Every module ``path`` imports, absolute.  ``from P import n`` gives ``P`` and, when ``P.n`` is one of
    the three packages' modules, ``P.n`` too."""
    found = []
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            found += [Import(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(path, node.level, node.module) if node.level else node.module or ""
            found.append(Import(base, node.lineno))
            found += [Import(f"{base}.{alias.name}", node.lineno)
                      for alias in node.names if f"{base}.{alias.name}" in MODULES]
        elif (isinstance(node, ast.Call) and ast.unparse(node.func) in ("importlib.import_module", "import_module",
                                                                          "__import__")
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            found.append(Import(node.args[0].value, node.lineno))
    return tuple(found)


def _top(name: str) -> str:
    return name.split(".")[0]


def _inside(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


# ----------------------------------------------------------------------------------------------- the layers

def _declared_dependencies() -> set[str]:
    """Import names of pyproject's ``dependencies`` and the ``plot`` and ``cluster`` extras (``prompt_toolkit>=3``
    -> ``prompt_toolkit``)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    requirements = project["dependencies"] + extras["plot"] + extras["cluster"]
    return {re.match(r"[A-Za-z0-9_.-]+", r).group().lower().replace("-", "_") for r in requirements}


DECLARED = _declared_dependencies()
#: The one folder of games/ allowed to import lark (its GDL grammar).
LARK_IN_GAMES = ROOT / "games" / "gdl"


def layer_offences(path: pathlib.Path, found=None) -> list[str]:
    """``file:line: offence`` for every import of ``path`` (or the imports ``found``, as if ``path`` made them)
    that breaks the layers."""
    folder = path.relative_to(ROOT).parts[0]
    offences = []
    for name, line in imports(path) if found is None else found:
        where = f"{_rel(path)}:{line}"
        top = _top(name)
        if folder == "cgt" and (_inside(name, "cgt.games") or _inside(name, "cgt.shell")):
            offences.append(f"{where}: cgt imports the upper layer {name}")
        elif folder == "games" and _inside(name, "cgt.shell"):
            offences.append(f"{where}: cgt.games imports the shell ({name})")
        if top == "cgt" or top in sys.stdlib_module_names or top == "__future__":
            continue
        if top == "hypothesis":
            if _module_name(path) != "cgt.testing":
                offences.append(f"{where}: imports hypothesis (only cgt.testing may)")
        elif top not in DECLARED:
            offences.append(f"{where}: imports {name}, neither the standard library nor a declared dependency")
        elif top == "lark" and folder != "shell" and LARK_IN_GAMES not in path.parents:
            offences.append(f"{where}: imports lark (only cgt.shell and games/gdl/ may)")
        elif top == "prompt_toolkit" and folder != "shell":
            offences.append(f"{where}: imports prompt_toolkit (only cgt.shell may)")
        elif top in ("distributed", "dask") and path != ROOT / "games" / "engine" / "cluster.py":
            offences.append(f"{where}: imports {top} (only cgt.games.engine.cluster may)")
    return offences


@pytest.mark.parametrize("path", ALL_FILES, ids=_rel)
def test_layers_are_one_way(path):
    offences = layer_offences(path)
    assert not offences, "\n".join(offences)


def test_layer_reader_sees_imports():
    # guard against a vacuous pass: the reader finds real imports, absolute and relative ...
    assert {"cgt.runtime.walk", "typing"} <= {i.name for i in imports(ROOT / "cgt" / "misere" / "game.py")}
    gdl = imports(ROOT / "games" / "gdl" / "syntax.py")
    assert "lark" in {i.name for i in gdl} and layer_offences(ROOT / "games" / "gdl" / "syntax.py") == []
    assert {"lark", "sympy", "numpy", "prompt_toolkit"} <= DECLARED and "hypothesis" not in DECLARED
    assert _resolve(ROOT / "games" / "heap" / "nim.py", 2, "engine.ruleset") == "cgt.games.engine.ruleset"
    assert _resolve(ROOT / "games" / "heap" / "__init__.py", 1, None) == "cgt.games.heap"
    # ... and the checks fire: the GDL grammar's lark anywhere else in games/, the shell's imports in games/
    shellish = gdl + (Import("prompt_toolkit.shortcuts", 5), Import("cgt.shell.errors", 6))
    in_games = "\n".join(layer_offences(ROOT / "games" / "engine" / "engine.py", shellish))
    assert "games/engine/engine.py:" in in_games and "imports lark (only" in in_games
    assert "games/engine/engine.py:5: imports prompt_toolkit" in in_games
    assert "games/engine/engine.py:6: cgt.games imports the shell (cgt.shell.errors)" in in_games
    assert layer_offences(ROOT / "shell" / "repl.py", shellish) == []
    upward = [Import("cgt.games.heap.nim", 7), Import("hypothesis", 8), Import("pytest", 9)]
    assert layer_offences(ROOT / "cgt" / "kernel" / "game.py", upward) == [
        "cgt/kernel/game.py:7: cgt imports the upper layer cgt.games.heap.nim",
        "cgt/kernel/game.py:8: imports hypothesis (only cgt.testing may)",
        "cgt/kernel/game.py:9: imports pytest, neither the standard library nor a declared dependency"]
    assert layer_offences(ROOT / "cgt" / "testing.py", upward[1:2]) == []


# ------------------------------------------------------------------------------------- named interfaces

def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _targets(node) -> list:
    if isinstance(node, ast.Assign):
        return node.targets
    if isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.NamedExpr)):
        return [node.target]
    if isinstance(node, ast.withitem) and node.optional_vars is not None:
        return [node.optional_vars]
    return []


def _literal_name_call(node, functions: tuple[str, ...]) -> str | None:
    """The literal attribute name of ``getattr(x, "name", ...)`` and the like, else None."""
    if (isinstance(node, ast.Call) and len(node.args) >= 2 and ast.unparse(node.func) in functions
            and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
        return node.args[1].value
    return None


def defined_attributes(tree: ast.Module) -> set[str]:
    """Names a module defines as attributes: members of its classes, slots, and assigned attributes."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for member in node.body:
                if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names.add(member.name)
                for target in _targets(member):
                    names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
                    if isinstance(target, ast.Name) and target.id == "__slots__" and member.value is not None:
                        names.update(c.value for c in ast.walk(member.value)
                                     if isinstance(c, ast.Constant) and isinstance(c.value, str))
        for target in _targets(node):
            names.update(n.attr for n in ast.walk(target) if isinstance(n, ast.Attribute))
        name = _literal_name_call(node, ("setattr", "object.__setattr__"))
        if name is not None:
            names.add(name)
    return names


def private_offences(tree: ast.Module, where: str) -> list[str]:
    """``file:line: offence`` for every reach into another module's private names (see the module docstring)."""
    own = defined_attributes(tree)
    tested = {id(c) for node in ast.walk(tree) if isinstance(node, ast.Compare)
              and all(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) for c in node.comparators}
    offences = []
    for node in ast.walk(tree):
        at = f"{where}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Attribute):
            if _private(node.attr) and node.attr not in own:
                offences.append(f"{at}: {ast.unparse(node)[:60]} reads {node.attr}, which this module does not define")
            elif ast.unparse(node) == "sys.modules" and id(node) not in tested:
                offences.append(f"{at}: sys.modules reaches into a module (import it instead)")
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if _private(alias.name):
                    offences.append(f"{at}: imports the private name {alias.name} from {node.module or '.'}")
        else:
            name = _literal_name_call(node, ("getattr", "hasattr", "setattr", "delattr"))
            if name is not None and _private(name) and name not in own:
                offences.append(f"{at}: {ast.unparse(node.func)}(..., {name!r}) reaches a private name this "
                                f"module does not define")
    return offences


@pytest.mark.parametrize("path", ALL_FILES, ids=_rel)
def test_modules_meet_through_named_interfaces(path):
    offences = private_offences(_tree(path), _rel(path))
    assert not offences, "\n".join(offences)


GUARD_SOURCE = '''
import sys
from cgt.kernel.game import _secret, public
from . import _sibling

class Own:
    __slots__ = ("_slot",)
    _class_attribute = 1

    def _method(self):
        self._assigned = self._slot + self._class_attribute
        return other._foreign, getattr(other, "_by_name"), getattr(self, "_method")

def _module_function(x):
    setattr(x, "_set_here", 1)
    return x._module_function, x._set_here, sys.modules["cgt"], sys.modules.get("cgt"), "ipykernel" in sys.modules
'''


def test_private_reader_finds_offences():
    # guard against a vacuous pass: each kind of offence is found, and only those
    found = "\n".join(private_offences(ast.parse(GUARD_SOURCE), "guard.py"))
    for offence in ("guard.py:3: imports the private name _secret", "guard.py:4: imports the private name _sibling",
                    "reads _foreign", "getattr(..., '_by_name')", "reads _module_function",
                    "guard.py:16: sys.modules reaches"):
        assert offence in found, offence
    assert found.count("sys.modules") == 2 and len(found.splitlines()) == 7
    for allowed in ("_slot", "_class_attribute", "_assigned", "'_method'", "_set_here"):
        assert allowed not in found
    # on the real code: the kernel of misère games reads its own private slots many times, all allowed
    tree = _tree(ROOT / "cgt" / "misere" / "game.py")
    reads = [n for n in ast.walk(tree) if isinstance(n, ast.Attribute) and _private(n.attr)]
    assert len(reads) > 20 and private_offences(tree, "game.py") == []


# ----------------------------------------------------------------------------------------- import circles

def _ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


@functools.cache
def import_graph() -> dict[str, dict[str, str]]:
    """module -> {module it needs at import: "file:line" of the import}, for the three packages' modules."""
    graph: dict[str, dict[str, str]] = {}
    for module, path in MODULES.items():
        edges: dict[str, str] = {}
        tree = _tree(path)
        for node in _top_level_statements(tree.body):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            needed = []
            if isinstance(node, ast.Import):
                for alias in node.names:
                    needed += [alias.name] + [p for p in _ancestors(alias.name) if not _inside(module, p)]
            else:
                base = _resolve(path, node.level, node.module) if node.level else node.module or ""
                needed += [p for p in _ancestors(base) if not _inside(module, p)] + [base]
                needed += [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in MODULES]
            for name in needed:
                if name in MODULES and name != module:
                    edges.setdefault(name, f"{_rel(path)}:{node.lineno}")
        graph[module] = edges
    return graph


def cycles(graph: dict[str, dict[str, str]]) -> list[tuple[list[str], list[str]]]:
    """``(cycle, members)`` per strongly connected component of more than one module (Tarjan, iterative):
    one cycle through it (a list of modules, the first repeated at the end) and all its modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    component = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.append(w)
                        if w == v:
                            break
                    if len(component) > 1:
                        components.append(set(component))
    found = []
    for component in components:
        start = min(component)
        paths = {start: [start]}
        queue = [start]
        for v in queue:                     # breadth first inside the component, to an import of start
            if start in graph[v]:
                found.append((paths[v] + [start], sorted(component)))
                break
            for w in sorted(graph[v]):
                if w in component and w not in paths:
                    paths[w] = paths[v] + [w]
                    queue.append(w)
    return sorted(found)


def _describe(cycle: list[str], members: list[str], graph) -> str:
    steps = [f"{a} imports {b} ({graph[a][b]})" for a, b in zip(cycle, cycle[1:])]
    return f"import circle: {'; '.join(steps)} (every module of this circle: {', '.join(members)})"


def test_no_circle_of_top_level_imports():
    graph = import_graph()
    found = cycles(graph)
    assert not found, "\n".join(_describe(cycle, members, graph) for cycle, members in found)


def test_circle_finder_sees_the_graph():
    # guard against a vacuous pass: the graph holds the real imports, and a circle is found when there is one
    graph = import_graph()
    assert graph["cgt"]["cgt.misere.game"].startswith("cgt/__init__.py:")
    assert "cgt.games.engine.engine" in graph["cgt.games.engine.ruleset"]
    assert "cgt.runtime.walk" in graph["cgt.misere.game"] and "cgt.runtime" in graph["cgt.misere.game"]
    assert "cgt" not in graph["cgt.misere.game"]          # a module's own packages are being imported already
    assert sum(len(edges) for edges in graph.values()) > 300
    toy = {"a": {"b": "a.py:1"}, "b": {"c": "b.py:2"}, "c": {"a": "c.py:3", "d": "c.py:4"}, "d": {}}
    assert cycles(toy) == [(["a", "b", "c", "a"], ["a", "b", "c"])]
    assert _describe(*cycles(toy)[0], toy) == ("import circle: a imports b (a.py:1); b imports c (b.py:2); "
                                               "c imports a (c.py:3) (every module of this circle: a, b, c)")
