"""Backsliding Toads and Frogs (CGSuite's ``GenToadsAndFrogs(minSlide => -1)``), a loopy ruleset.

Rules: Winning Ways, 2nd ed., vol. 1 ch. 1 (Toads and Frogs), with CGSuite's backslide: a toad may also
step one cell back (left), a frog one cell back (right), into an empty cell, so play can cycle.  The
outcome classes below are derived here by retrograde analysis (``cgt.solve``, both players starting) and
cross-checked by an independent fixed-point labelling over the rules written out again in this file.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, strategies as st

from cgt.errors import NotShortGameError
from cgt.kernel.player import Player
from cgt.games.strip.toads_and_frogs import BackslidingToadsAndFrogs, GenToadsAndFrogs

Left, Right = Player.Left, Player.Right


# -- the rules again, as strings ------------------------------------------------------------------------------

def reference_moves(strip: str, player) -> set[str]:
    unit, enemy, step = ("t", "f", 1) if player is Left else ("f", "t", -1)
    out = set()
    for i, c in enumerate(strip):
        if c != unit:
            continue
        for j in (i + step, i - step):                            # slide forward, backslide
            if 0 <= j < len(strip) and strip[j] == ".":
                out.add(_moved(strip, i, j))
        j, land = i + step, i + 2 * step                           # jump one enemy
        if 0 <= land < len(strip) and strip[j] == enemy and strip[land] == ".":
            out.add(_moved(strip, i, land))
    return out


def _moved(strip: str, i: int, j: int) -> str:
    cells = list(strip)
    cells[i], cells[j] = ".", cells[i]
    return "".join(cells)


def reference_outcome(strip: str) -> str:
    """Label (position, player to move) won/lost by sweeping to a fixed point; the rest are draws."""
    states, frontier = set(), [(strip, Left), (strip, Right)]
    while frontier:
        s = frontier.pop()
        if s not in states:
            states.add(s)
            frontier.extend((t, s[1].opponent) for t in reference_moves(*s))
    won, lost = set(), set()
    changed = True
    while changed:
        changed = False
        for s in states - won - lost:
            nexts = [(t, s[1].opponent) for t in reference_moves(*s)]
            if any(t in lost for t in nexts):
                won.add(s)
                changed = True
            elif all(t in won for t in nexts):
                lost.add(s)
                changed = True

    def winner(player):
        s = (strip, player)
        return player.name if s in won else player.opponent.name if s in lost else "draw"

    names = {("Left", "Left"): "L", ("Right", "Right"): "R", ("Left", "Right"): "N", ("Right", "Left"): "P",
             ("draw", "draw"): "D", ("draw", "Left"): "PHat", ("Right", "draw"): "PCheck",
             ("Left", "draw"): "NHat", ("draw", "Right"): "NCheck"}
    return names[winner(Left), winner(Right)]


# -- rules ------------------------------------------------------------------------------------------------------

def test_moves_slides_then_backslides_then_jumps():
    p = BackslidingToadsAndFrogs(".t.f")
    assert [str(m) for m in p.moves(Left)] == ["2→3 -> ..tf", "2→1 -> t..f"]
    assert [str(m) for m in BackslidingToadsAndFrogs(".tf.").moves(Right)] == ["3→4 -> .t.f", "3→1 -> ft.."]
    assert [str(m) for m in BackslidingToadsAndFrogs("t.f.").moves(Right)] == ["3→2 -> tf..", "3→4 -> t..f"]
    assert [str(m) for m in BackslidingToadsAndFrogs(".tf.").moves(Left)] == ["2→1 -> t.f.", "2→4 -> ..ft"]
    assert [m.label for m in GenToadsAndFrogs(min_slide=-2)("..t.").moves(Left)] == ["3→4", "3→2", "3→1"]
    assert repr(BackslidingToadsAndFrogs) == "BackslidingToadsAndFrogs"


@given(st.text(".tf", min_size=1, max_size=9), st.sampled_from([Left, Right]))
def test_moves_match_the_rules(strip, player):
    got = {str(q) for q in BackslidingToadsAndFrogs(strip).options_for(player)}
    assert got == reference_moves(strip, player)


def test_no_canonical_form():
    with pytest.raises(NotShortGameError, match="play can cycle in t..f.*GameValue"):
        BackslidingToadsAndFrogs("t..f").canonical_form


# -- outcome classes, draws included -----------------------------------------------------------------------------

# Derived here (cgt.solve with each player moving first), cross-checked by reference_outcome.
OUTCOMES = [
    ("tf", "P"),          # nobody can move
    ("t.", "L"),          # the toad shuffles for ever; Right never moves
    ("f.", "R"),
    ("t.f", "P"),
    ("t..f", "N"),
    ("tt.f", "L"),
    ("t.ff", "R"),
    ("ff..tt", "D"),      # both sides shuffle for ever: a draw whoever starts
    (".fftt.", "D"),
    ("ff.t.t", "NHat"),   # Left wins moving first, draw if Right starts
    (".ff.tt", "NCheck"),
    ("ftf..t", "PHat"),   # Left wins moving second, draw if Left starts
    ("f..tft", "PCheck"),
]


@pytest.mark.parametrize("strip, outcome", OUTCOMES, ids=[s for s, _ in OUTCOMES])
def test_outcome_golden(strip, outcome):
    assert str(BackslidingToadsAndFrogs(strip).outcome) == outcome
    assert reference_outcome(strip) == outcome


def test_all_short_strips_agree_with_the_reference():
    for n in range(1, 6):
        for cells in itertools.product(".tf", repeat=n):
            strip = "".join(cells)
            assert str(BackslidingToadsAndFrogs(strip).outcome) == reference_outcome(strip), strip


def test_mirror_symmetry_of_outcomes():
    # Reading the strip backwards with toads and frogs exchanged exchanges the players.
    swap = {"L": "R", "R": "L", "N": "N", "P": "P", "D": "D", "NHat": "NCheck", "NCheck": "NHat",
            "PHat": "PCheck", "PCheck": "PHat"}
    for strip, outcome in OUTCOMES:
        mirrored = strip[::-1].translate(str.maketrans("tf", "ft"))
        assert str(BackslidingToadsAndFrogs(mirrored).outcome) == swap[outcome]


# -- loopy values --------------------------------------------------------------------------------------------------

# Values of the loopy algebra (cgt.loopy) on the position graph.  ``on = {on|}``, ``off = {|off}`` and
# ``dud = {dud|dud}`` are Winning Ways' (ch. 11) and Siegel's (ch. VI) named loopy games; the rows marked
# "by hand" follow from the rules at a glance, the others are derived here, and every row's outcome class
# is checked against the solver (retrograde analysis of the plain rules, not the algebra).
VALUES = [
    ("t.", "on"),                  # by hand: the toad shuffles for ever, Right never has a move
    ("f.", "off"),                 # by hand: the mirror image
    ("tf", "0"),                   # by hand: no moves
    ("t.f", "0"),
    ("t..f", "*"),
    ("tt.f", "on"),
    ("t.ff", "off"),
    ("t...f", "0"),
    ("tt.ff", "*"),
    ("ff..tt", "dud"),             # both sides can shuffle for ever: neither can win (D)
    ("ff.t.t", "on & +-on"),      # a sided value: not a stopper; +-on = {on|off}
    ("ftf..t", "{on|*} & 0"),
]


@pytest.mark.parametrize("strip, value", VALUES, ids=[s for s, _ in VALUES])
def test_value_golden(strip, value):
    p = BackslidingToadsAndFrogs(strip)
    v = p.game_value
    assert str(v) == value
    assert str(v.outcome) == str(p.outcome)
    mirrored = BackslidingToadsAndFrogs(strip[::-1].translate(str.maketrans("tf", "ft")))
    assert str(mirrored.game_value) == str(-v)      # the mirror image exchanges the players


def test_values_layer_by_layer_agree_with_the_whole_graph(monkeypatch):
    # depth_hint (toad-frog pairs in order) only falls at jumps; the layered evaluation must not change values.
    import cgt
    from cgt.games.engine import loopy as loopy_engine

    strips = ["t..f", "tt.f", "t.ff", "t...f", "tt.ff", "t.t.f"]
    whole = {s: BackslidingToadsAndFrogs(s).game_value for s in strips}
    cgt.clear_caches()
    monkeypatch.setattr(loopy_engine, "DIRECT_NODES", 1)
    for s in strips:
        assert BackslidingToadsAndFrogs(s).game_value == whole[s], s
    cgt.clear_caches()


def test_depth_hint_counts_toad_frog_pairs():
    assert BackslidingToadsAndFrogs.depth_hint(BackslidingToadsAndFrogs("tt.ff").position) == 4
    assert BackslidingToadsAndFrogs.depth_hint(BackslidingToadsAndFrogs("ftf..t").position) == 1


def test_shell():
    from cgt.shell import ShellError, run

    assert run('game.strip.BackslidingToadsAndFrogs("ff..tt").GameValue') == "dud"
    assert run('game.strip.BackslidingToadsAndFrogs("ff..tt").OutcomeClass') == "D"
    assert run('game.strip.GenToadsAndFrogs(minSlide => -1)("t..f").GameValue') == "*"
    with pytest.raises(ShellError, match="play can cycle in t..f"):
        run('game.strip.BackslidingToadsAndFrogs("t..f").CanonicalForm')


def test_winning_moves_exist_exactly_when_the_mover_wins():
    left_wins_first = {"L", "N", "NHat"}
    right_wins_first = {"R", "N", "NCheck"}
    for n in range(1, 6):
        for cells in itertools.product(".tf", repeat=n):
            strip = "".join(cells)
            p = BackslidingToadsAndFrogs(strip)
            outcome = reference_outcome(strip)
            assert bool(p.left_winning_moves) == (outcome in left_wins_first), strip
            assert bool(p.right_winning_moves) == (outcome in right_wins_first), strip
    assert [str(m) for m in BackslidingToadsAndFrogs("ff.t.t").left_winning_moves] == ["4→3 -> fft..t"]
