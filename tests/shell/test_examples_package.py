"""CGSuite's tutorial package ``examples`` (CGSUITE.md §1.7: ``examples.Nim``, ``examples.Clobber``,
``examples.PartizanSubtraction(leftSet, rightSet)``, ``examples.TopplingDominoes``), shipped as ``.cgs`` files
in the shell's library (``shell/library/examples``) and found after the user's search path.

Each is a CGScript ruleset written here; the golden rows hold values from the games' literature, and each
agrees with the library's built-in ruleset of the same game on random positions.
"""

from __future__ import annotations

import random

import pytest

import cgt
from cgt.shell import Session, ShellError
from cgt.shell import userclasses


@pytest.fixture
def session(monkeypatch):
    """A session with no folder of the user's on the search path: only the shell's library."""
    monkeypatch.setattr(userclasses, "SEARCH_PATH", [])
    userclasses.forget_loaded_files()
    yield Session()
    userclasses.forget_loaded_files()


GOLDEN = [
    ("examples.Nim(5)", "examples.Nim.Position(5)"),
    ("examples.Nim(5).CanonicalForm", "*5"),                     # Bouton: a heap of n is *n
    ("[examples.Nim(n).NimValue for n in 0..7]", "[0,1,2,3,4,5,6,7]"),
    ("(examples.Nim(3) + examples.Nim(5)).CanonicalForm", "*6"),  # 3 XOR 5
    ('examples.Clobber("xo|ox")', 'examples.Clobber.Position("xo|ox")'),
    ('examples.Clobber("xo").CanonicalForm', "*"),               # either player clobbers, leaving one stone
    ('examples.Clobber("xxo").CanonicalForm', "^"),              # Albert et al., "An introduction to Clobber"
    ('examples.Clobber("x.o").CanonicalForm', "0"),
    ('examples.Clobber("xo.|...|.ox").Decomposition', '[examples.Clobber.Position("xo"),examples.Clobber.Position("ox")]'),
    # by hand: 1 = {0|} = 1, 2 = {1|0} (a switch), 3 = {{1|0}|1} = 0 (whoever starts loses: Left's move to
    # {1|0} is answered by Right's to 0, Right's move to 1 leaves Left a move)
    ("[examples.PartizanSubtraction([1], [2])(n).CanonicalForm for n in 0..3]", "[0,1,{1|0},0]"),
    ('examples.TopplingDominoes("lre")', 'examples.TopplingDominoes.Position("lre")'),
    # Fink, Nowakowski, Siegel and Wolfe, "Toppling Dominoes": a blue domino is 1, a blue-red pair *, a
    # green one *, n blue ones the integer n
    ('[examples.TopplingDominoes(s).CanonicalForm for s in ["l", "lr", "e", "lll", "rr"]]', "[1,*,*,3,-2]"),
    ("examples.Nim is Ruleset", "true"),
]


@pytest.mark.parametrize("program, expected", GOLDEN, ids=[p for p, _ in GOLDEN])
def test_golden(session, program, expected):
    assert session.run(program) == expected


def _shell_list(strings) -> str:
    return "[" + ",".join(f'"{s}"' for s in strings) + "]"


def _agree(session, ours: str, theirs: str, items) -> None:
    cgt.clear_caches()
    listed = _shell_list(items)
    assert session.run(f"[{ours}(s).CanonicalForm for s in {listed}]") == \
        session.run(f"[{theirs}(s).CanonicalForm for s in {listed}]")


def test_clobber_agrees_with_the_library(session):
    rng = random.Random(11)
    boards = []
    for _ in range(40):
        rows, cols = rng.randint(1, 3), rng.randint(1, 4)
        boards.append("|".join("".join(rng.choice(".xxoo") for _ in range(cols)) for _ in range(rows)))
    _agree(session, "examples.Clobber", "game.grid.Clobber", boards)


def test_toppling_dominoes_agrees_with_the_library(session):
    rng = random.Random(12)
    strips = ["".join(rng.choice(".lre") for _ in range(rng.randint(1, 7))) for _ in range(60)]
    _agree(session, "examples.TopplingDominoes", "game.strip.TopplingDominoes", strips)


def test_partizan_subtraction_agrees_with_the_library(session):
    rng = random.Random(13)
    for _ in range(6):
        left, right = (sorted(rng.sample(range(1, 6), rng.randint(1, 3))) for _ in range(2))
        heaps = list(range(0, 16))
        assert session.run(f"[examples.PartizanSubtraction({left}, {right})(n).CanonicalForm for n in {heaps}]") == \
            session.run(f"[game.heap.PartizanSubtraction({left}, {right})(n).CanonicalForm for n in {heaps}]")


def test_a_users_own_examples_come_first(session, tmp_path):
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "Nim.cgs").write_text("singleton class Nim def Eval(n) := 2 * n; end\n")
    session.run(f'System.AddPath("{tmp_path}")')
    assert session.run("examples.Nim(5)") == "10"
    assert session.run('examples.TopplingDominoes("l").CanonicalForm') == "1"   # the rest of the package stays


def test_a_missing_example_is_one_line(session):
    with pytest.raises(ShellError, match=r"no file examples/Foo.cgs on the search path \(no folder of yours: add "
                                         r"one with CGT_PATH, --path or System.AddPath\) or in the shell's library"):
        session.run("examples.Foo")
