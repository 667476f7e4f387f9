"""The public face of the three packages, pinned: every public name resolves, and nothing public is unlisted.

The model is hypothesis' ``_check_exports``: a module's ``__all__`` lists exactly the public names it really
exports.  ``cgt`` also serves its loopy values lazily (``cgt.LoopyGame``, ``cgt.on``, ...: PEP 562, so short
games never import them) and ``cgt.limits`` (the module :mod:`cgt.runtime.limits`); ``cgt.games`` serves its
rulesets and board types lazily, and lists them in ``__all__`` and ``dir()``.

The ``BEFORE_*`` lists are the public names of the flat layout before the topic packages (commit ``f923642``),
read once from a checkout of that commit: each still works.  Only module attributes moved without a shim (the
project is unreleased): ``cgt.games.results_cache`` and ``cgt.games.ruleset`` are now in ``cgt.games.engine``
(and the flat modules of ``cgt``, e.g. ``cgt.surreal``, are in the topic packages).
"""

import importlib
import json
import subprocess
import sys
import types

import pytest

import cgt
import cgt.games
import cgt.shell

CGT_ALL = [
    "CGTError", "Game", "Ordinal", "Genus", "MisereGame", "Outcome", "Player", "Rational", "Surreal",
    "TransfiniteNimber", "antichains", "as_game", "born_by", "born_by_misere", "clear_caches",
    "count_born_by_misere", "down", "dyadic", "game", "inf", "integer", "kernel_info", "miny",
    "misere_canonical_form", "misere_canonical_form_of", "misere_entry", "misere_game", "misere_nim", "nimber",
    "number", "omega", "omega_power", "parse_number", "parse_misere", "partizan_misere_outcome", "star", "switch",
    "tiny", "transfinite_nimber", "up", "up_cumulative", "up_nth", "zero", "solve", "outcome_grid",
]
#: Served by ``cgt.__getattr__`` from :mod:`cgt.loopy` on first use (not in ``__all__``: a star import would
#: load them).
CGT_LAZY = ["LoopyGame", "LoopyOutcome", "loopy_game", "sided", "on", "off", "over", "under", "upon", "dud"]
#: ``cgt.limits``: the limits of big computations.
LIMITS = ["check_memory", "memo_stats", "memory_cap_mb", "resident_mb", "set_max_interned", "set_memo_budget",
          "set_memory_cap", "set_min_available"]

GAMES_ALL = [
    "ImpartialRuleset", "Move", "Player", "Position", "Ruleset", "by_name", "catalogue", "register", "unregister",
    "Color", "DirectedGraph", "Graph", "Grid", "Strip", "Amazons", "GenArcKayles", "ArcKayles", "WeightedArcKayles",
    "PartizanArcKayles", "BoardColouring", "BoardCutting", "GenClobber", "Clobber", "AntiClobber", "HotClobber",
    "Kings", "Knights", "Rooks", "Queens", "GenCol", "Col", "Snort", "Fjords", "FunctionalCoordinateRuleset",
    "Cram", "GenCutcake", "Cutcake", "Eatcake", "MaundyCake", "TurnAndEatcake", "Daisy", "DeBruijn", "December31",
    "Domineering", "Fission", "GenFoxAndGeese", "FoxAndGeese", "CeyloneseFoxAndGeese", "Frogs",
    "FunctionalHeapRuleset", "GrundysGame", "GenHackenbush", "Hackenbush", "ChildishHackenbush", "InvariantRuleset",
    "MWythoff", "SMWythoff", "RWythoff", "EWythoff", "Base2Wythoff", "Kayles", "DawsonsKayles", "DawsonsChess",
    "Konane", "GenMem", "Mem", "TakeAway", "FibonacciNim", "Multiples", "Nim", "PartizanCoordinateRuleset",
    "PartizanEuclid", "PartizanHeapRuleset", "PartizanSubtraction", "PartizanSplittles", "PartizanTakeAndBreak",
    "JoinedHeapRuleset", "AcrosticProduct", "DirectProduct", "SnakesAndLadders", "Subtraction", "TakeAndBreak", "Splittles", "GenToadsAndFrogs", "ToadsAndFrogs",
    "ElephantsAndRhinos", "BackslidingToadsAndFrogs", "TopplingDominoes", "Spawning", "Turning",
    "TwoHeapSubtraction", "ImpartialVariantRuleset", "DicoticVariantRuleset", "TwistedVariantRuleset", "GenWythoff",
    "Wythoff",
]
#: ``dir(cgt.games)``'s public names: ``__all__`` and the subpackage ``cgt.games`` imports itself.
GAMES_DIR = sorted(set(GAMES_ALL) | {"engine"})

SHELL_ALL = ["Limits", "Session", "ShellError", "run"]

# -- the layout before the topic packages (f923642) ------------------------------------------------------------

BEFORE_CGT_ALL = [
    "CGTError", "Game", "Genus", "MisereGame", "Ordinal", "Outcome", "Player", "Rational", "Surreal",
    "TransfiniteNimber", "antichains", "as_game", "born_by", "born_by_misere", "clear_caches",
    "count_born_by_misere", "down", "dyadic", "game", "inf", "integer", "kernel_info", "miny",
    "misere_canonical_form", "misere_canonical_form_of", "misere_game", "misere_nim", "nimber", "number", "omega",
    "omega_power", "outcome_grid", "parse_misere", "parse_number", "partizan_misere_outcome", "solve", "star",
    "switch", "tiny", "transfinite_nimber", "up", "up_cumulative", "up_nth", "zero",
]
BEFORE_CGT_LAZY = ["LoopyGame", "LoopyOutcome", "loopy_game", "sided", "on", "off", "over", "under", "upon", "dud"]
BEFORE_LIMITS = ["check_memory", "memo_stats", "memory_cap_mb", "resident_mb", "set_max_interned",
                 "set_memo_budget", "set_memory_cap", "set_min_available"]
BEFORE_GAMES_DIR = [
    "Amazons", "AntiClobber", "ArcKayles", "BackslidingToadsAndFrogs", "Base2Wythoff", "BoardColouring",
    "BoardCutting", "CeyloneseFoxAndGeese", "ChildishHackenbush", "Clobber", "Col", "Color", "Cram", "Cutcake",
    "Daisy", "DawsonsChess", "DawsonsKayles", "DeBruijn", "December31", "DicoticVariantRuleset", "Domineering",
    "EWythoff", "Eatcake", "ElephantsAndRhinos", "FibonacciNim", "Fission", "Fjords", "FoxAndGeese", "Frogs",
    "FunctionalCoordinateRuleset", "FunctionalHeapRuleset", "GenArcKayles", "GenClobber", "GenCol", "GenCutcake",
    "GenFoxAndGeese", "GenHackenbush", "GenMem", "GenToadsAndFrogs", "GenWythoff", "Graph", "GrundysGame",
    "Hackenbush", "HotClobber", "ImpartialRuleset", "ImpartialVariantRuleset", "InvariantRuleset", "Kayles",
    "Kings", "Knights", "Konane", "MWythoff", "MaundyCake", "Mem", "Move", "Multiples", "Nim", "PartizanArcKayles",
    "PartizanCoordinateRuleset", "PartizanEuclid", "PartizanHeapRuleset", "PartizanSplittles",
    "PartizanSubtraction", "PartizanTakeAndBreak", "Player", "Position", "Queens", "RWythoff", "Rooks", "Ruleset",
    "SMWythoff", "SnakesAndLadders", "Snort", "Spawning", "Splittles", "Strip", "Subtraction", "TakeAndBreak",
    "TakeAway", "ToadsAndFrogs", "TopplingDominoes", "TurnAndEatcake", "Turning", "TwistedVariantRuleset",
    "TwoHeapSubtraction", "WeightedArcKayles", "Wythoff", "catalogue", "engine", "register", "results_cache",
    "ruleset", "unregister",
]
BEFORE_SHELL_ALL = ["Limits", "Session", "ShellError", "run"]
#: Module attributes of ``cgt.games`` before, and where the modules are now.
MOVED_MODULES = {"results_cache": "cgt.games.engine.results_cache", "ruleset": "cgt.games.engine.ruleset"}


# -- a fresh interpreter: what importing the packages really exports --------------------------------------------

FRESH = r"""
import json, sys, types

def public(module, names):
    return sorted(n for n in names if not n.startswith("_") and not isinstance(getattr(module, n), types.ModuleType))

import cgt
found = {"cgt_all": cgt.__all__, "cgt_public": public(cgt, vars(cgt)), "loopy_at_import": "cgt.loopy" in sys.modules}
import cgt.games           # dir(cgt.games) before anything else imports its subpackages
found.update(games_all=cgt.games.__all__, games_dir=[n for n in dir(cgt.games) if not n.startswith("_")],
             games_public=public(cgt.games, dir(cgt.games)))
import cgt.shell
found.update(shell_all=cgt.shell.__all__, shell_public=public(cgt.shell, vars(cgt.shell)))
print(json.dumps(found))
"""


@pytest.fixture(scope="module")
def fresh():
    out = subprocess.run([sys.executable, "-c", FRESH], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_cgt_exports_are_pinned(fresh):
    assert fresh["cgt_all"] == CGT_ALL == cgt.__all__
    assert len(set(CGT_ALL)) == len(CGT_ALL)
    # _check_exports: every public non-module attribute of cgt is in __all__, and the other way round
    assert fresh["cgt_public"] == sorted(CGT_ALL)


def test_cgt_loopy_names_are_lazy(fresh):
    assert not fresh["loopy_at_import"]            # importing cgt does not load cgt.loopy ...
    import cgt.loopy

    for name in CGT_LAZY:                           # ... which serves these names on first use
        assert getattr(cgt, name) is getattr(cgt.loopy, name), name
    assert not set(CGT_LAZY) & set(CGT_ALL)
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        cgt.no_such_name  # noqa: B018


def test_cgt_limits_is_the_runtime_module():
    assert isinstance(cgt.limits, types.ModuleType) and cgt.limits is sys.modules["cgt.runtime.limits"]
    for name in LIMITS:
        assert callable(getattr(cgt.limits, name)), name
    assert set(LIMITS) <= set(getattr(cgt.limits, "__all__", LIMITS))


def test_games_exports_are_pinned(fresh):
    assert fresh["games_all"] == GAMES_ALL and len(set(GAMES_ALL)) == len(GAMES_ALL)
    assert fresh["games_dir"] == GAMES_DIR
    # _check_exports: dir() shows __all__ and the engine subpackage; every name of __all__ is served
    assert fresh["games_public"] == sorted(set(GAMES_ALL) - {"catalogue"})
    for name in GAMES_ALL:
        assert getattr(cgt.games, name) is not None, name
    assert cgt.games.catalogue is sys.modules["cgt.games.engine.catalogue"]
    with pytest.raises(AttributeError, match="no attribute 'NoSuchRuleset'"):
        cgt.games.NoSuchRuleset  # noqa: B018


def test_shell_exports_are_pinned(fresh):
    assert fresh["shell_all"] == SHELL_ALL == cgt.shell.__all__
    assert fresh["shell_public"] == sorted(SHELL_ALL)
    for name in SHELL_ALL:
        assert getattr(cgt.shell, name) is not None, name


def test_every_public_name_of_the_flat_layout_still_works():
    for name in BEFORE_CGT_ALL + BEFORE_CGT_LAZY:
        assert hasattr(cgt, name), f"cgt.{name}"
    for name in BEFORE_LIMITS:
        assert callable(getattr(cgt.limits, name)), f"cgt.limits.{name}"
    for name in BEFORE_GAMES_DIR:
        if name in MOVED_MODULES:
            assert importlib.import_module(MOVED_MODULES[name]).__name__ == MOVED_MODULES[name]
        else:
            assert hasattr(cgt.games, name), f"cgt.games.{name}"
    for name in BEFORE_SHELL_ALL:
        assert hasattr(cgt.shell, name), f"cgt.shell.{name}"
    # and nothing public was dropped from the pinned lists
    assert set(BEFORE_CGT_ALL) <= set(CGT_ALL) and set(BEFORE_CGT_LAZY) <= set(CGT_LAZY)
    assert set(BEFORE_GAMES_DIR) - set(MOVED_MODULES) <= set(GAMES_DIR) and set(BEFORE_SHELL_ALL) <= set(SHELL_ALL)
