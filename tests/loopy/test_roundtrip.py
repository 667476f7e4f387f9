"""Printing then reading gives the same loopy value: ``loopy_game(str(G)) == G`` in Python and
``run(input_form(str(G))) == str(G)`` in the shell, for every form CGSuite prints for loopy values: on, off,
dud, x over, x under, x^[on], x^[on]*, xv[on], x^<on>, x^<on>*, xv<on>*, pass, named nodes a{...},
onside & offside, and +-G, Tiny(G), Miny(G)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt import game, integer, star, up, up_nth
from cgt.errors import NotApplicableError
from cgt.loopy import LoopyGame, dud, loopy_game, off, on, over, under, upon, uponth
from cgt.loopy.graph import Graph
from cgt.shell import run
from cgt.shell.parser import input_form

NAMED = [on, off, over, under, upon, -upon, uponth, -uponth, dud]
SHIFTS = [integer(0), integer(1), integer(-2), game("1/2"), game("-3/4")]
LEAVES = [integer(0), integer(1), integer(-1), game("1/2"), star, up, game("{1|0}")]


@st.composite
def graph_values(draw, max_nodes=5):
    """Values of random game graphs (short games at some option-less nodes); some have no sides."""
    n = draw(st.integers(1, max_nodes))
    node = st.integers(0, n - 1)
    left = [draw(st.lists(node, max_size=3, unique=True)) for _ in range(n)]
    right = [draw(st.lists(node, max_size=3, unique=True)) for _ in range(n)]
    leaves = {i: draw(st.sampled_from(LEAVES)) for i in range(n)
              if not left[i] and not right[i] and draw(st.booleans())}
    return LoopyGame.from_graph(left, right, leaves=leaves)


@st.composite
def printed_values(draw):
    """Named values shifted by numbers and star, random graphs, and sums of the two."""
    kind = draw(st.integers(0, 2))
    named = draw(st.sampled_from(NAMED)) + draw(st.sampled_from(SHIFTS)) + draw(st.sampled_from([0, star]))
    if kind == 0:
        return named
    value = draw(graph_values())
    try:
        return value if kind == 1 else value + named
    except NotApplicableError:      # a side that sidling does not find: filtered out below
        return value


def settled(v):
    try:
        v.sides()
        str(v)
        return v
    except NotApplicableError:
        return None


values = printed_values().map(settled).filter(lambda v: v is not None)

GOLDEN = ["on", "off", "dud", "0 & v", "{^|v} & vv*", "v[on] & v3", "^ & v", "over", "under", "2over", "-3/2under", "^[on]", "^[on]*", "v[on]", "v[on]*",
          "1^[on]", "-1/2v[on]*", "^<on>", "^<on>*", "v<on>", "v<on>*", "3^<on>*", "-2v<on>", "1 & 0",
          "2 & {1|-2}", "on & 0", "{on|off}", "{on|off} & off", "{over|under}", "a{0|{*|a}}",
          # named nodes (found among random graphs: a stopper whose simplest form has a cycle)
          "a{0,{0||0|a|||0}|0}", "a{0,{0||0|a|||0}|0} & off", "a{1,{1||1|a|||1}|1}", "a{0||0|a|||*||||*}",
          # CGSuite's shortcuts for stoppers, and a side that stays cyclic
          "+-over", "+-on & off", "Tiny(over)", "Miny(on)", "{0|+-^[on]}",
          "{1||0,{1|0},pass|0} & a{0,{0|||0|a||0}|^[on]*}"]


@pytest.mark.parametrize("text", GOLDEN)
def test_golden_forms_read_back(text):
    v = loopy_game(text)
    assert loopy_game(str(v)) == v
    assert run(input_form(str(v))) == str(v)


def test_uponth_is_the_limit_of_the_up_powers():
    # ^<n+1> = {0 | v[n]*} (the up_nth family); ^<on> = {0 | v[on]*} lies above 0 and below every ^<n>
    assert str(uponth) == "^<on>" and loopy_game("{0|v[on]*}") == uponth
    assert uponth > 0 and all(uponth < up_nth(n) for n in range(1, 8))
    assert run("^<on>") == "^<on>" and run("{0|v[on]*}") == "^<on>" and run("^<on> + *") == "^<on>*"


def test_glued_forms_in_the_shell():
    assert run(input_form("2over")) == "2over" and run(input_form("(-3over)")) == "-3over"
    assert run(input_form("{2over|pass}")) == "2over"
    assert run("2 + ^[on]*") == "2^[on]*" and run("v[on] + 1/2") == "1/2v[on]"


@settings(max_examples=75, deadline=None)
@given(values)
def test_print_then_parse(v):
    text = str(v)
    assert loopy_game(text) == v, text


@settings(max_examples=30, deadline=None)
@given(values)
def test_shell_reads_back_what_it_prints(v):
    text = str(v)
    assert run(input_form(text)) == text


def test_equal_short_followers_do_not_block_fusion():
    # Found by test_print_then_parse: two zero followers became one canonical node listed twice among a
    # node's options, and the bisimulation colouring counted the repeat, so {0, ^[on]* | 0} was left unfused
    # with its equal follower ^[on]* (printed "{0,^[on]*|0} & v[on]*", read back as "^[on]* & v[on]*")
    v = LoopyGame.from_graph([[0, 1], [], [1, 2], []], [[0, 1, 2], [], [1, 3], []])
    assert str(v) == "^[on]* & v[on]*" and v.onside == upon + star
    assert loopy_game(str(v)) == v
