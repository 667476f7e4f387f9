"""Run the doctests of every module of cgt, cgt.games and cgt.shell, by installed name."""

import doctest
import importlib
import pkgutil

import pytest

import cgt


def _module_names():
    """Every module of the three packages and of their subpackages (cgt.loopy, cgt.games.gdl, ...)."""
    names = []
    pending = ["cgt", "cgt.games", "cgt.shell"]
    while pending:
        package_name = pending.pop()
        package = importlib.import_module(package_name)
        names.append(package_name)
        for info in pkgutil.iter_modules(package.__path__, package_name + "."):
            if info.name in ("cgt.games", "cgt.shell"):
                continue
            if info.ispkg:
                pending.append(info.name)
            else:
                names.append(info.name)
    return sorted(set(names))


@pytest.mark.parametrize("name", _module_names())
def test_module_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(
        module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"


def test_every_package_collected():
    names = _module_names()
    assert "cgt.kernel.game" in names and "cgt.notation.printing" in names
    assert {"cgt.loopy.simplify", "cgt.experiments.patterns", "cgt.games.gdl.reasoner"} <= set(names)


ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def _documents() -> list[str]:
    """README.md and every guide in docs/ that has Python examples (``>>>``)."""
    paths = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    return [str(p.relative_to(ROOT)) for p in paths if ">>> " in p.read_text(encoding="utf-8")]


def test_guides_with_examples_are_collected():
    assert {"README.md", "docs/impartial.md", "docs/rulesets.md"} <= set(_documents())


@pytest.mark.parametrize("name", _documents())
def test_document_examples(name):
    """The Python examples in the README and the guides run as written."""
    result = doctest.testfile(
        str(ROOT / name), module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0 and result.failed == 0, f"{result.failed} example(s) failed in {name}"
