"""The ruleset catalogue: every public ruleset is catalogued, every entry loads, every shell
name resolves, ``import cgt.games`` is lazy, outside rulesets join through ``register``."""

import importlib
import json
import pathlib
import subprocess
import sys

import pytest

import cgt
from cgt.games.engine import catalogue
from cgt.games.engine.catalogue import is_ruleset
from cgt.games.engine.ruleset import ImpartialRuleset, Ruleset
from cgt.shell import Session, run
from cgt.shell.errors import ShellError
from cgt.shell.registry import registry

GAMES = pathlib.Path(catalogue.__file__).resolve().parent.parent


def _ruleset_modules() -> list[str]:
    """Every module of cgt.games whose source declares ``__all__`` (the public modules), as dotted paths below
    ``cgt.games`` (``heap.kayles``)."""
    return sorted(".".join(p.relative_to(GAMES).with_suffix("").parts) for p in GAMES.rglob("*.py")
                  if not any(part.startswith("_") for part in p.relative_to(GAMES).parts) and "__all__" in p.read_text())


def _public_rulesets():
    """(module, name) for every name in a games module's ``__all__`` that is a ruleset or a concrete family."""
    found = []
    for stem in _ruleset_modules():
        module = importlib.import_module(f"cgt.games.{stem}")
        for name in getattr(module, "__all__", []):
            if is_ruleset(getattr(module, name, None)):
                found.append((stem, name))
    return found


PUBLIC = _public_rulesets()


def test_the_scan_finds_rulesets_of_every_shape():
    names = {name for _, name in PUBLIC}
    # instances (Nim, Kayles, Wythoff, Frogs, DeBruijn) and families (Subtraction, TakeAndBreak)
    assert {"Nim", "Kayles", "Wythoff", "Frogs", "DeBruijn", "Subtraction", "TakeAndBreak", "BoardCutting",
            "December31", "Multiples", "TwoHeapSubtraction", "DawsonsChess", "GrundysGame"} <= names


@pytest.mark.parametrize("module, name", PUBLIC, ids=[f"{m}.{n}" for m, n in PUBLIC])
def test_public_ruleset_is_catalogued(module, name):
    entry = catalogue.find(name)
    assert entry.module == f"cgt.games.{module}", f"{name} is catalogued in {entry.module}, defined in {module}"
    assert entry.load() is getattr(importlib.import_module(f"cgt.games.{module}"), name)


ENTRIES = catalogue.entries()


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_every_entry_loads_and_is_a_ruleset(entry):
    obj = entry.load()
    assert is_ruleset(obj)
    assert getattr(cgt.games, entry.name) is obj
    if isinstance(obj, Ruleset):
        assert repr(obj)                      # instances print as their name or family(...)
    assert entry.shell_name is None or entry.shell_name.split(".")[-1].isidentifier()


def test_shell_names_are_unique_and_cgsuite_style():
    names = [e.shell_name for e in ENTRIES if e.shell_name]
    assert len(names) == len(set(names))
    for name in names:
        parts = name.split(".")
        assert len(parts) == 1 or (parts[0] == "game" and len(parts) == 3), name
    expected = {"Nim": "game.heap.Nim", "Kayles": "game.heap.Kayles", "DawsonsKayles": "game.heap.DawsonsKayles",
                "GrundysGame": "game.heap.GrundysGame", "TakeAndBreak": "game.heap.TakeAndBreak",
                "Subtraction": "game.heap.Subtraction", "Wythoff": "game.heap.Wythoff", "Frogs": "Frogs",
                "DeBruijn": "DeBruijn", "BoardCutting": "BoardCutting", "December31": "December31",
                "Multiples": "Multiples", "TwoHeapSubtraction": "TwoHeapSubtraction",
                "DawsonsChess": "DawsonsChess"}
    assert {n: catalogue.find(n).shell_name for n in expected} == expected


SHELL_NAMES = sorted(registry())


@pytest.mark.parametrize("path", SHELL_NAMES)
def test_every_shell_name_resolves_in_a_fresh_session(path):
    session = Session()
    assert session.run(path) == path
    entry = registry()[path]
    if entry.alias:
        assert session.run(entry.name) == path
    assert session.run(f"help({entry.name if entry.alias else path})")


def test_aliases_are_last_name_parts():
    reg = registry()
    assert reg["game.heap.Kayles"].alias and run("Kayles(4).NimValue") == run("game.heap.Kayles(4).NimValue") == "1"


def test_import_is_lazy():
    code = ("import sys, json, cgt.games\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('cgt.games'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = set(json.loads(out))
    ruleset_modules = {e.module for e in ENTRIES if e.module.startswith("cgt.games")}
    assert not loaded & ruleset_modules, loaded & ruleset_modules
    assert "cgt.games.engine.catalogue" in loaded


def test_clear_caches_empties_ruleset_tables():
    from cgt.games import DeBruijn, Kayles

    from cgt.games import TakeAndBreak, Wythoff

    DeBruijn(14).grundy
    before = Kayles.grundy_sequence(300)
    Kayles.periodicity()
    Kayles(3, 4).value
    Wythoff(5, 9).grundy
    assert DeBruijn.table("grundy") and "_eng" in Kayles.__dict__ and "_gtable" in Wythoff.__dict__
    cgt.clear_caches()
    assert not DeBruijn.table("grundy") and not Kayles.table("values")
    assert "_seq" not in Kayles.__dict__ and "_eng" not in Kayles.__dict__ and "_period" not in Kayles.__dict__
    assert "_gtable" not in Wythoff.__dict__
    assert DeBruijn(14).grundy != 0                  # recomputed after clearing (Faigle Ex. 2.7)
    assert Kayles.grundy_sequence(300) == before == TakeAndBreak("0.77").grundy_sequence(300, method="direct")


# -- a family registered from outside cgt.games works exactly like ours ------------------------------------

class Halving(ImpartialRuleset):
    """Halving(k): a heap of n may be reduced to any m with n/k <= m < n."""

    def __init__(self, k: int) -> None:
        self.k = k

    def params(self) -> tuple:
        return (self.k,)

    def moves(self, n, player=None):
        return [(f"-{n - m}", m) for m in range(-(-n // self.k), n)]

    def options(self, n):
        return [m for _, m in self.moves(n)]


def _halving_reference(n, k):
    """Plain mex recursion over the rules."""
    values = [0] * (n + 1)
    for m in range(1, n + 1):
        seen = {values[j] for j in range(-(-m // k), m)}
        values[m] = min(set(range(len(seen) + 1)) - seen)
    return values[n]


@pytest.fixture
def halving():
    catalogue.register(Halving, "Halving")
    try:
        yield
    finally:
        catalogue.unregister("Halving")


def test_registered_family_in_python_and_shell(halving):
    assert cgt.games.Halving is Halving
    assert [Halving(2)(n).nim_value for n in range(9)] == [_halving_reference(n, 2) for n in range(9)]
    assert run("Halving(2)(7).NimValue") == str(_halving_reference(7, 2))
    assert run("Halving(3)(8).NimValue") == str(_halving_reference(8, 3))
    assert run("Halving(2)(8).WinningMoves") == "[-1 -> Halving(2)(7)]"
    assert run("Halving(2)(8).OutcomeClass") == "N"
    with pytest.raises(ShellError, match=r"Halving: wrong arguments \(usage: Halving\(k\)\)"):
        run("Halving(1, 2)")
    assert "Halving" in registry()


def test_registered_instance_under_a_dotted_name():
    catalogue.register(Halving(2), "game.heap.Halving", name="HalvingTwo")
    try:
        assert run("game.heap.Halving(7).NimValue") == run("Halving(7).NimValue") == "0"
        assert run("game.heap.Halving(8)") == "Halving(8)"
    finally:
        catalogue.unregister("HalvingTwo")
    with pytest.raises(ShellError, match="unknown name 'Halving'"):
        run("Halving(7)")


def test_register_refuses_non_rulesets_and_taken_names():
    with pytest.raises(catalogue.CatalogueError, match="is not a ruleset"):
        catalogue.register(len, "Len")
    with pytest.raises(catalogue.CatalogueError, match="taken"):
        catalogue.register(Halving(2), "Other", name="Kayles")
