"""Run the doctests of every module of cgt, cgt.games and cgt.shell, by installed name."""

import doctest
import importlib
import pkgutil

import pytest

import cgt


def _module_names():
    names = []
    for package_name in ("cgt", "cgt.games", "cgt.shell"):
        try:
            package = importlib.import_module(package_name)
        except ImportError:  # pragma: no cover - a package not yet present
            continue
        names.append(package_name)
        for info in pkgutil.iter_modules(package.__path__, package_name + "."):
            if info.name not in ("cgt.games", "cgt.shell"):
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
    assert "cgt.game" in names and "cgt.notation" in names
