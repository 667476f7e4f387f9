"""Stops and varieties of loopy stoppers (CGSuite's CanonicalStopper members LeftStop, RightStop, Stop, StrongStop,
Degree, UpsumVariety, DownsumVariety, Variety, IsStable).

No text on loopy stops or varieties is on this machine.  The stops follow Siegel, *Combinatorial Game
Theory*, ch. VI, as recalled (see cgt/loopy/stops.py); the tests check them against properties that do
not depend on that recursion: on short games they are the short stops (cgt.Game.left_stop, a second
implementation), and for every number x, ``x > L(G)`` forces ``G < x`` and ``x < L(G)`` forbids
``G <= x`` (dually for ``R``), the comparisons being made by the survival order, an independent
algorithm.  The varieties follow CGSuite's description of CanonicalStopper and Winning Ways ch. 11 as recalled.
"""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import Player, game, integer, star, up
from cgt.errors import InvalidGameError, NotApplicableError
from cgt.loopy import LoopyGame, dud, loopy_game, off, on, over, under, upon
from cgt.loopy.graph import Graph
from cgt.testing import games

LEAVES = [integer(0), integer(1), integer(-1), integer(2), game("1/2"), star, up, game("{1|0}"),
          game("{2|-1}")]


@st.composite
def stoppers(draw, max_nodes=4):
    """Stoppers from random graphs with short games at some option-less nodes."""
    n = draw(st.integers(1, max_nodes))
    node = st.integers(0, n - 1)
    left = [draw(st.lists(node, max_size=3, unique=True)) for _ in range(n)]
    right = [draw(st.lists(node, max_size=3, unique=True)) for _ in range(n)]
    while True:
        bad = Graph.build(left, right, 0).alternating_cycle_nodes()
        if not bad:
            break
        for k in bad:
            left[k] = []
    leaves = {i: draw(st.sampled_from(LEAVES)) for i in range(n)
              if not left[i] and not right[i] and draw(st.booleans())}
    return LoopyGame.from_graph(left, right, leaves=leaves)


NUMBERS = [Fraction(k, 4) for k in range(-12, 13)]


def pseudo_key(p: LoopyGame) -> tuple:
    """A pseudonumber's place in the order off < x under < x < x over < on (by the survival order)."""
    if p == on:
        return (1, 0, 0)
    if p == off:
        return (-1, 0, 0)
    for x in NUMBERS + [Fraction(k) for k in range(-20, 21)]:
        for tilt, shape in ((0, LoopyGame.from_game(game(str(x)))), (1, over + game(str(x))),
                            (-1, under + game(str(x)))):
            if p == shape:
                return (0, x, tilt)
    raise AssertionError(f"{p} is not a pseudonumber of the test range")


GOLDEN = [
    # text, left stop, right stop
    ("on", "on", "on"),
    ("off", "off", "off"),
    ("over", "over", "over"),
    ("under", "under", "under"),
    ("{2|pass}", "2over", "2over"),
    ("{pass|-1/2}", "-1/2under", "-1/2under"),
    ("{pass|*}", "0", "0"),                # upon: Left passes, Right moves to *, Left to 0
    ("{0,pass|0}", "0", "0"),              # upon*
    ("{1|over}", "1", "over"),
    ("{on|off}", "on", "off"),
    ("{over|under}", "over", "under"),
    ("{3|{pass|-2}}", "3", "-2under"),
    ("{0|v[on]*}", "0", "0"),              # the uponth ^<on>
    ("{3||2|1}", "3", "2"),                # a short game: its short stops
]


@pytest.mark.parametrize("text, left, right", GOLDEN)
def test_stops_golden(text, left, right):
    g = loopy_game(text)
    assert (str(g.left_stop), str(g.right_stop)) == (left, right)
    assert g.stop(Player.Left) == g.left_stop and g.stop("Right") == g.right_stop


def test_strong_stops_drop_over_and_under():
    g = loopy_game("{1|over}")
    assert str(g.strong_stop(Player.Right)) == "0" and str(g.strong_stop("Left")) == "1"
    assert str(loopy_game("{pass|-1/2}").strong_stop("Left")) == "-1/2"
    assert str(on.strong_stop("Right")) == "on"


def test_stops_errors():
    with pytest.raises(NotApplicableError, match="left_stop: dud is not a stopper"):
        dud.left_stop
    with pytest.raises(NotApplicableError, match="right_stop: 1 & 0 is not a stopper"):
        loopy_game("1 & 0").right_stop
    with pytest.raises(InvalidGameError, match="stop: 3 is not a player"):
        over.stop(3)


@given(games())
def test_stops_of_short_games_are_the_short_stops(g):
    v = LoopyGame.from_game(g)
    assert v.left_stop == g.left_stop and v.right_stop == g.right_stop


@settings(max_examples=30, deadline=None)
@given(stoppers())
def test_stops_bound_the_value(g):
    # for numbers x: x > L(G) => G < x;  x < L(G) => not G <= x;  x < R(G) => G > x;  x > R(G) => not G >= x
    ls, rs = pseudo_key(g.left_stop), pseudo_key(g.right_stop)
    assert ls >= rs
    for x in NUMBERS:
        key = (0, x, 0)
        value = LoopyGame.from_game(game(str(x)))
        if key > ls:
            assert g < value
        if key < ls:
            assert not g <= value
        if key < rs:
            assert g > value
        if key > rs:
            assert not g >= value


@settings(max_examples=40, deadline=None)
@given(stoppers(), st.sampled_from([integer(1), game("-3/2"), integer(0)]))
def test_stops_of_negatives_and_translates(g, x):
    assert (-g).left_stop == -g.right_stop and (-g).right_stop == -g.left_stop
    assert (g + x).left_stop == g.left_stop + x and (g + x).right_stop == g.right_stop + x


# ---------------------------------------------------------------- varieties

def test_varieties_golden():
    # over - over = over & under (Siegel ch. VI: G - G = d & -d), which is over's variety at its degree
    assert str(over.upsum_variety(over)) == str(over.downsum_variety(over)) == "over & under"
    assert over.is_stable and str(over.variety) == "over & under"
    # on Upsum anything is on, off Downsum anything is off: every variety of degree on is dud
    assert LoopyGame.from_game(3).upsum_variety(on) == dud == LoopyGame.from_game(3).downsum_variety(on)
    assert on.is_stable and on.variety == dud
    # degree 0: the variety of a short game is itself
    g = LoopyGame.from_game(game("{3||2|1}"))
    assert g.variety == g and g.is_stable


def test_variety_errors():
    with pytest.raises(NotApplicableError, match="upsum_variety: dud is not a stopper"):
        dud.upsum_variety(0)
    with pytest.raises(NotApplicableError, match="the degree dud is not a stopper"):
        over.upsum_variety(dud)
    with pytest.raises(NotApplicableError, match=r"\^\[on\] is not idempotent"):
        over.downsum_variety(upon)
    # the degree of {1|over}, {1under|over||0|-1over}, is not idempotent (its upsum with itself is over,
    # shown by an independent oracle in tests/loopy/test_upsum.py), so the varieties are undefined
    # and {1|over} has no variety at it: it is not stable, and Variety says why
    g = loopy_game("{1|over}")
    assert g.is_stable is False
    with pytest.raises(NotApplicableError, match=r"variety: \{1\|over\} is not stable: its degree "
                       r"\{1under\|over\|\|0\|-1over\} is not idempotent \(its upsum with itself is over\)"):
        g.variety
    with pytest.raises(NotApplicableError, match=r"upsum_variety: \{1under\|over\|\|0\|-1over\} is not idempotent "
                       r"\(its upsum with itself is over\)"):
        g.upsum_variety(g.degree)


@settings(max_examples=40, deadline=None)
@given(stoppers(3), st.sampled_from([0, "over", "on", "{0|v[on]*}"]))
def test_variety_sides_absorb_the_degree(g, degree):
    d = loopy_game(degree) if isinstance(degree, str) else LoopyGame.from_game(degree)
    up, down = g.upsum_variety(d), g.downsum_variety(d)
    # the onside of the upsum variety is G Upsum d, and Upsum d again changes nothing (d Upsum d = d)
    assert up.onside == g.upsum(d) and up.onside.upsum(d) == up.onside
    assert down.offside == g.downsum(-d) and down.offside.downsum(-d) == down.offside
    if degree == 0:
        assert up == g == down


def test_shell_stops_and_varieties():
    from cgt.shell import run

    assert run("over.LeftStop") == "over"
    assert run("{1|over}.RightStop") == "over"
    assert run("{1|over}.StrongStop(Right)") == "0"
    assert run("{3/2|pass}.Stop(Left)") == "3/2over"
    assert run("{pass|*}.LeftStop") == "0"
    assert run("over.Variety") == "over & under"
    assert run("over.IsStable") == "true"
    assert run("over.UpsumVariety(over)") == "over & under"
    assert run("(2 + over).DownsumVariety(on)") == "dud"
