"""Loopy script games (a script game whose play can cycle has a loopy ``GameValue``, from the loopy engine) and
``DepthHint``: ``scriptgames.MyBackslidingToadsAndFrogs`` (``tests/shell/cgs``) must equal the library's
``game.strip.BackslidingToadsAndFrogs`` on random strips, valued whole and layer by layer."""

from __future__ import annotations

import random

import pytest

import cgt
from cgt.games.engine import loopy
from cgt.shell import ShellError

B = "scriptgames.MyBackslidingToadsAndFrogs"


GOLDEN = [
    # Winning Ways ch. 11: on = {pass|}, off = {|pass}, over = {0|pass}, dud = {pass|pass}
    ("class On extends Game override def Options(p) := if p == Left then [On()] else [] end; end; "
     "[On().GameValue, On().OutcomeClass]", "[on,L]"),
    ("class Ov extends Game override def Options(p) := if p == Left then [0] else [Ov()] end; end; "
     "[Ov().GameValue, Ov().OutcomeClass]", "[over,L]"),
    ("class D(n) extends Game override def Options(p) := [D(1 - n)]; end; [D(0).GameValue, D(0).OutcomeClass]",
     "[dud,D]"),
    # a loopy game and a short one in a sum: on + 1 = on
    ("class On extends Game override def Options(p) := if p == Left then [On()] else [] end; end; "
     "class One extends Game override def Options(p) := if p == Left then [0] else [] end; end; "
     "(On() + One()).GameValue", "on"),
    # a short script game keeps its canonical form as its GameValue
    ("class K(n) extends Game override def Options(p) := if n > 0 and p == Left then [K(n - 1)] else [] end; end; "
     "[K(2).GameValue, K(2).CanonicalForm]", "[2,2]"),
    (f'[{B}("tt.f").DepthHint, {B}("t.f").GameValue, {B}("tt.f").GameValue, {B}("t..ff").OutcomeClass]',
     "[2,0,on,R]"),
]


@pytest.mark.parametrize("program, expected", GOLDEN)
def test_golden(session, program, expected):
    assert session.run(program) == expected


ERRORS = [
    ("class D(n) extends Game override def Options(p) := [D(1 - n)]; end; D(0).CanonicalForm",
     "play can cycle, so it is not a short game (GameValue is its loopy value)"),
    ("class H(n) extends ImpartialGame override def Options := [H(1 - n)]; end; H(0).NimValue", "the game is loopy (not short)"),
]


@pytest.mark.parametrize("program, message", ERRORS)
def test_errors(session, program, message):
    with pytest.raises(ShellError) as error:
        session.run(program)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_a_depth_hint_that_grows_is_refused(session, monkeypatch):
    monkeypatch.setattr(loopy, "DIRECT_NODES", 1)          # value every graph layer by layer
    monkeypatch.setattr(loopy, "_component_values", lambda *args: False)
    with pytest.raises(ShellError) as error:
        session.run("class D(n) extends Game override def Options(p) := [D(1 - n)]; override def DepthHint := n; "
                    "end; D(0).GameValue")
    assert "depth_hint of D(1) (1) exceeds that of D(0) (0)" in str(error.value)
    assert "\n" not in str(error.value)


def _strips(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice("..tf") for _ in range(rng.randint(1, 6))) for _ in range(count)]


@pytest.mark.parametrize("layered", [False, True])
def test_backsliding_toads_and_frogs_agree_with_the_library(session, monkeypatch, layered):
    if layered:
        monkeypatch.setattr(loopy, "DIRECT_NODES", 4)      # large graphs: by DepthHint, layer by layer
        monkeypatch.setattr(loopy, "_component_values", lambda *args: False)
    strips = _strips(8 + layered, 40)
    text = "[" + ",".join(f'"{s}"' for s in strips) + "]"
    cgt.clear_caches()
    ours = session.run(f"[[{B}(s).GameValue, {B}(s).OutcomeClass] for s in {text}]")
    theirs = session.run(f"[[game.strip.BackslidingToadsAndFrogs(s).GameValue, "
                         f"game.strip.BackslidingToadsAndFrogs(s).OutcomeClass] for s in {text}]")
    assert ours == theirs
    assert {"on", "off", "D"} & set(ours.replace("[", ",").replace("]", ",").split(","))
