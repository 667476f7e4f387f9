"""DESIGN §1: layering is one-way and the test reads the imports.

cgt imports neither cgt.games nor cgt.shell; cgt.games imports only cgt (and the
standard library); only cgt.shell imports lark; hypothesis only in cgt.testing.
One exception, asked for by issue 15: the GDL loader cgt.games.gdl reads rule files with a
lark grammar, so lark is allowed in games/gdl/ (and nowhere else in games/).
"""

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _imports(path: pathlib.Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                # relative imports stay inside their own package
                yield "." * node.level + (node.module or "")
            else:
                yield node.module or ""


def _files(folder):
    return sorted((ROOT / folder).rglob("*.py"))


def _top(name):
    return name.split(".")[0]


@pytest.mark.parametrize("path", _files("cgt"), ids=lambda p: p.name)
def test_core_does_not_import_upper_layers(path):
    for name in _imports(path):
        assert not name.startswith(("cgt.games", "cgt.shell")), f"{path.name} imports {name}"
        assert _top(name) != "lark", f"{path.name} imports lark"
        if path.name != "testing.py":
            assert _top(name) != "hypothesis", f"{path.name} imports hypothesis"


#: The one folder of games/ allowed to import lark (its GDL grammar, issue 15).
LARK_IN_GAMES = ROOT / "games" / "gdl"


def _may_use_lark(path):
    return LARK_IN_GAMES in path.parents


@pytest.mark.parametrize("path", _files("games"), ids=lambda p: p.name)
def test_games_import_only_cgt(path):
    for name in _imports(path):
        assert not name.startswith("cgt.shell"), f"{path.name} imports {name}"
        forbidden = ("hypothesis", "prompt_toolkit") if _may_use_lark(path) else ("lark", "hypothesis", "prompt_toolkit")
        assert _top(name) not in forbidden, f"{path.name} imports {name}"
        assert not name.startswith(".."), f"{path.name} reaches outside cgt.games with {name}"


def test_only_the_shell_imports_lark():
    offenders = [
        p.name
        for folder in ("cgt", "games")
        for p in _files(folder)
        if any(_top(n) == "lark" for n in _imports(p)) and not _may_use_lark(p)
    ]
    assert offenders == []


def test_layering_test_sees_imports():
    # guard against a vacuous pass: the reader finds real imports
    names = set(_imports(ROOT / "cgt" / "kernel" / "game.py"))
    assert "cgt.runtime.deep" in names and "fractions" in names


def _private_names_imported(path: pathlib.Path):
    """``(module, name)`` for every ``from cgt.x import _name`` (or ``from cgt.games.x import _name``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").startswith("cgt."):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    yield node.module, alias.name


@pytest.mark.parametrize("path", _files("cgt") + _files("games") + _files("shell"), ids=lambda p: p.name)
def test_modules_meet_through_named_interfaces(path):
    # The developers' guide: a named internal interface instead of underscore names imported across
    # modules; e.g. cgt.kernel.game's trusted entry points are listed at its end (negate, add, leq, trusted_uptimal).
    assert list(_private_names_imported(path)) == []
