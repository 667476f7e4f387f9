"""Fixtures shared by the shell's tests."""

import pathlib

import pytest

from cgt.shell import Session
from cgt.shell import userclasses

#: The folder of the tests' CGScript files (``.cgs``), put on the search path by :func:`session`.
CGS_FOLDER = pathlib.Path(__file__).parent / "cgs"


@pytest.fixture
def session(monkeypatch):
    """A fresh shell session whose search path is the tests' ``.cgs`` folder, with no class file read yet."""
    monkeypatch.setattr(userclasses, "SEARCH_PATH", [str(CGS_FOLDER)])
    userclasses.forget_loaded_files()
    yield Session()
    userclasses.forget_loaded_files()
