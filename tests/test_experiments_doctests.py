"""The doctests of the modules inside the package cgt.experiments (tests/test_doctests.py runs the
top-level modules of cgt, cgt.games and cgt.shell; this covers the subpackage)."""

import doctest
import importlib
import pkgutil

import pytest

import cgt.experiments

NAMES = sorted(info.name for info in pkgutil.iter_modules(cgt.experiments.__path__, "cgt.experiments."))


def test_all_modules_found():
    assert {"cgt.experiments.sweep", "cgt.experiments.patterns", "cgt.experiments.moves"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_module_doctests(name):
    result = doctest.testmod(importlib.import_module(name),
                             optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.attempted > 0 and result.failed == 0, f"{result.failed} doctest(s) failed in {name}"
