"""The propositional network (cgt.games.gdl.propnet) against its oracle, the rule interpreter
(cgt.games.gdl.reasoner): on every GDL fixture they agree on the initial state, legal moves, next states,
terminal states and goals, over random playouts and over the whole reachable state space where it is
small; the graph explored, and so every report, is the same with either engine.

Grounding that would blow up stops with a one-line error, and ``analyse`` then falls back to the rule
interpreter and says so.
"""

import importlib
import itertools
import json
import pathlib
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.errors import CGTError
from cgt.games.gdl import GdlError, analyse, explore, load, loads
from cgt.games.gdl.bits import columns_to_rows, rows_to_columns, run_columns, transpose_bits
from cgt.games.gdl.ground import GroundingTooLargeError
from cgt.games.gdl.propnet import compile_machine
from cgt.games.gdl.syntax import term_text

SUITE = pathlib.Path(__file__).parent
FIXTURES = sorted(p for p in SUITE.rglob("*.kif") if p.name != "ticTacToeClassic.kif")   # that one is rejected
IDS = [str(p.relative_to(SUITE)) for p in FIXTURES]


def texts(moves):
    return sorted(term_text(m) for m in moves)


def goals_or_error(view):
    try:
        return view.goals
    except GdlError as error:
        return str(error)


# -- the machine against the interpreter, state by state ---------------------------------------------------------
@pytest.mark.parametrize("path", FIXTURES, ids=IDS)
def test_random_playouts_agree(path):
    game = load(path)
    machine = compile_machine(game)
    assert machine.encode(game.initial) is not None and machine.decode(machine.encode(game.initial)) == game.initial
    rng = random.Random(7)
    for _ in range(5):
        state = game.initial
        for _ply in range(120):
            ours, theirs = machine.view(state), game.view(state)
            assert ours.terminal == theirs.terminal, state
            for role in game.roles:
                assert texts(ours.legal[role]) == texts(theirs.legal[role]), (role, state)
            assert goals_or_error(ours) == goals_or_error(theirs), state
            if theirs.terminal or any(not theirs.legal[r] for r in game.roles):
                break
            joints = list(itertools.product(*(theirs.sorted_legal(r) for r in game.roles)))
            for joint in rng.sample(joints, min(len(joints), 12)):
                assert machine.successor(ours, joint) == game.successor(theirs, joint), (joint, state)
            state = game.successor(theirs, rng.choice(joints))


def graphs_agree(ours, theirs):
    assert len(ours) == len(theirs)
    assert all(ours.states[s] == theirs.states[s] for s in range(len(ours)))
    assert (ours.terminal == theirs.terminal).all() and (ours.movers == theirs.movers).all()
    assert (ours.goals == theirs.goals).all() and (ours.offsets == theirs.offsets).all()
    assert all(ours.edges(s) == theirs.edges(s) for s in range(len(ours)))
    assert ours.reason == theirs.reason and ours.turn == theirs.turn


SMALL = ["nim1.kif", "nim2.kif", "kayles7.kif", "sg123_normal.kif", "sg123_misere.kif", "sg12_15.kif",
         "domineering3x4.kif", "clobber_normal.kif", "clobber_misere.kif", "onestep.kif", "blocker.kif",
         "nim_s_2006_obfuscated.kif", "test_case_1a.kif", "test_case_5e.kif"]


@pytest.mark.parametrize("name", SMALL)
def test_whole_state_space_agrees(name):
    # every reachable state, every joint move, numbered in the same breadth-first order by both engines
    game = load(next(p for p in FIXTURES if p.name == name))
    graphs_agree(explore(game, progress=False, engine="propnet"), explore(game, progress=False, engine="reasoner"))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["ticTacToe.kif", "sum15.kif", "fox_and_geese6.kif", "sg125.kif", "chomp.kif",
                                  "turning_turtles13.kif"])
def test_whole_state_space_agrees_on_larger_games(name):
    game = load(next(p for p in FIXTURES if p.name == name))
    graphs_agree(explore(game, progress=False, engine="propnet"), explore(game, progress=False, engine="reasoner"))


def report_json(path, engine, **kwargs):
    try:
        report = analyse(load(path), progress=False, engine=engine, **kwargs)
    except CGTError as error:
        return str(error)
    assert report.engine == engine and report.note is None
    return json.loads(report.to_json())


FAST = [p for p in FIXTURES if p.name not in ("nim3.kif", "nim4.kif", "chomp.kif", "turning_turtles13.kif",
                                                "fox_and_geese8.kif", "fox_and_geese6.kif", "ticTacToe.kif",
                                                "sum15.kif", "eotcatcit.kif")]


@pytest.mark.parametrize("path", FAST, ids=[str(p.relative_to(SUITE)) for p in FAST])
def test_reports_are_the_same_with_either_engine(path):
    limit = {"max_states": 2000} if path.name == "breakthroughSmall.kif" else {}
    assert report_json(path, "propnet", **limit) == report_json(path, "reasoner", **limit)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["fox_and_geese6.kif", "ticTacToe.kif", "sum15.kif", "eotcatcit.kif"])
def test_reports_of_larger_games_are_the_same_with_either_engine(name):
    # (Chomp's and Turning Turtles' state spaces are compared above; nim3 and nim4, half a minute each on the
    # rule interpreter, have the propositional network's results checked against Nim's theory in test_games.)
    path = next(p for p in FIXTURES if p.name == name)
    assert report_json(path, "propnet") == report_json(path, "reasoner")


ONE_MOVE = """(role a) (role b) (init (control a)) (<= (legal a go) (true (control a))) (legal b wait)
(<= (next done) (does a go)) (<= terminal (true done)) (goal b 0) """


@pytest.mark.parametrize("goals, expected", [
    ("(<= (goal a 100) (true done))", "a, first"),
    ("(<= (goal a 1000) (true done))", "scores"),                  # any integer is read, as the rules say
    ("(<= (goal a high) (true done))", "error: goal value high of a is not an integer 0..100"),
    ("(<= (goal a 100) (true done)) (<= (goal a 0) (true done))", "error: role a has two goal values"),
    ("", "error: ONE: role a has no goal in the terminal state done"),
])
def test_goal_values_and_their_errors_agree(goals, expected):
    outcomes = []
    for engine in ("propnet", "reasoner"):
        try:
            report = analyse(loads(ONE_MOVE + goals, "ONE"), progress=False, engine=engine)
            outcomes.append("scores" if report.scores else f"{report.first_player}, {report.result}")
        except GdlError as error:
            outcomes.append("error: " + str(error).replace("(0 and 100)", "(100 and 0)"))
    assert outcomes[0] == outcomes[1] and outcomes[0].startswith(expected)


def test_a_start_state_outside_the_initial_closure_regrounds():
    # heap sizes beyond the initial ones: the machine is rebuilt with those fluents
    from cgt.games.gdl import SUBTRACTION_EXAMPLE

    game = loads(SUBTRACTION_EXAMPLE.replace("(init (heap 4))", "(init (heap 1))"))
    start = game.state("(heap 4) (control left)")
    assert not compile_machine(game).covers(start)
    report = analyse(game, start=start, progress=False)
    assert report.engine == "propnet" and report.grundy == 1 and compile_machine(game).covers(start)
    other = analyse(game, start=start, progress=False, engine="reasoner")
    assert {**report.__dict__, "engine": None} == {**other.__dict__, "engine": None}


def test_swapped_turns_outside_the_grounding_reground():
    # the turn fluent also counts the plies: its swapped twins, (turn b 0) ..., are never reached by play
    game = loads("""(role a) (role b) (init (turn a 0))
    (<= (mine ?p) (true (turn ?p ?n))) (<= (legal ?p go) (mine ?p)) (<= (legal ?p noop) (role ?p) (not (mine ?p)))
    (<= (next (turn b 1)) (true (turn a 0))) (<= (next (turn a 2)) (true (turn b 1)))
    (<= terminal (true (turn a 2))) (<= (goal ?p 0) (mine ?p)) (<= (goal ?p 100) (role ?p) (not (mine ?p)))""")
    assert ("turn", "b", "0") not in compile_machine(game).fluent_index
    ours = explore(game, progress=False, engine="propnet")
    graphs_agree(ours, explore(game, progress=False, engine="reasoner"))
    assert ours.turn == ("turn", 3, 1) and ours.states[1] == {("turn", "b", "0")}
    assert ("turn", "b", "0") in compile_machine(game).fluent_index


# -- grounding that blows up ---------------------------------------------------------------------------------------
def _wide(values: int) -> str:
    """A game whose one move has ``values ** 4`` ground instances per role."""
    return "(role a) (role b) (init (control a)) " + " ".join(f"(p {i})" for i in range(values)) + WIDE_RULES


WIDE_RULES = """
(<= (legal ?r (go ?w ?x ?y ?z)) (true (control ?r)) (p ?w) (p ?x) (p ?y) (p ?z))
(<= (legal ?r noop) (role ?r) (not (true (control ?r))))
(<= (next (control b)) (true (control a))) (<= (next done) (does ?r (go 1 2 3 4)))
(<= terminal (true done)) (<= (goal ?r 100) (true (control ?r))) (<= (goal ?r 0) (role ?r) (not (true (control ?r))))
"""


def test_grounding_limit_is_a_one_line_error(monkeypatch):
    monkeypatch.setattr("cgt.games.gdl.ground.GROUND_LIMIT", 5000)
    game = loads(_wide(12), "wide")               # 2 roles x 12^4 ground legal moves
    with pytest.raises(GroundingTooLargeError) as error:
        compile_machine(game)
    assert str(error.value) == "wide: grounding the rules gives more than 5,000 rule instances"
    with pytest.raises(GroundingTooLargeError, match="^wide: grounding"):
        explore(game, progress=False, engine="propnet")


def test_analyse_falls_back_to_the_interpreter_and_says_so(monkeypatch):
    monkeypatch.setattr("cgt.games.gdl.ground.GROUND_LIMIT", 500)
    report = analyse(loads(_wide(5), "wide"), progress=False)        # 2 roles x 5^4 ground legal moves
    assert report.engine == "reasoner" and report.result is not None
    assert report.note == ("grounding the rules gives more than 500 rule instances: explored with the rule "
                           "interpreter instead")
    assert str(report).splitlines()[-1] == "note: " + report.note


COUNTER = """(role a) (role b) (init (count 0)) (init (control a))
(<= (legal ?p inc) (true (control ?p))) (<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (count (s ?x))) (true (count ?x)))
(<= (next (control b)) (true (control a))) (<= (next (control a)) (true (control b)))
(<= terminal (true (count (s (s (s 0))))))
(<= (goal ?p 100) (true (control ?p))) (<= (goal ?p 0) (role ?p) (not (true (control ?p))))"""


def test_terms_growing_without_end_stop_grounding():
    # the relaxation ignores the end of the game, so (count (s (s ...))) would grow for ever
    game = loads(COUNTER, "counter")
    with pytest.raises(GroundingTooLargeError, match=r"^counter: grounding the rules makes terms nest deeper than 48"):
        compile_machine(game)
    report = analyse(game, progress=False)
    assert report.engine == "reasoner" and "nest deeper" in report.note and report.states == 8


# -- the numbering of states: hashed keys, and the fallback when two states share one --------------------------
@pytest.mark.parametrize("name", ["nim2.kif", "sg125.kif", "clobber_normal.kif"])
def test_hash_collisions_fall_back_to_exact_keys(monkeypatch, name):
    game = load(next(p for p in FIXTURES if p.name == name))
    expected = explore(game, progress=False)
    monkeypatch.setattr("cgt.games.gdl.graph._HashTable.mask", np.uint64(3))    # four keys: collisions
    graphs_agree(explore(game, progress=False), expected)


def test_state_limit_and_interrupt():
    from cgt.errors import TooLargeError
    from cgt.runtime.deep import cancel_requested

    game = load(next(p for p in FIXTURES if p.name == "breakthroughSmall.kif"))
    messages = []
    for engine in ("propnet", "reasoner"):         # stopped after the same state
        with pytest.raises(TooLargeError) as error:
            explore(game, progress=False, max_states=3000, engine=engine)
        messages.append(str(error.value))
    assert messages[0] == messages[1] == ("breakthroughSmall.kif: more than 3,000 states (state limit reached after "
                                          "exploring 168); the game is too large to solve exhaustively")
    cancel_requested[0] = True
    try:
        with pytest.raises(KeyboardInterrupt):
            explore(game, progress=False)
    finally:
        cancel_requested[0] = False


# -- bit matrices and the vectorised Grundy values --------------------------------------------------------------
@settings(max_examples=40)
@given(st.integers(0, 70), st.integers(1, 5), st.randoms(use_true_random=False))
def test_bit_matrix_transposes(n, width, rnd):
    rows = np.array([[rnd.randrange(256) for _ in range(width)] for _ in range(n)], dtype=np.uint8).reshape(n, width)
    columns = rows_to_columns(rows)
    bits = np.unpackbits(rows, axis=1, bitorder="little").reshape(n, 8 * width)
    assert columns == [sum(int(bits[i, j]) << i for i in range(n)) for j in range(8 * width)]
    assert (columns_to_rows(columns, n) == rows).all()
    values = np.array([rnd.randrange(4) for _ in range(n)])
    assert run_columns(values) == {v: sum(1 << i for i in range(n) if values[i] == v) for v in set(values.tolist())}
    assert transpose_bits(np.zeros((0, 3), dtype=np.uint8)).shape == (24, 0)


class _Graph:
    """A bare graph in the arrays the classifier reads."""

    def __init__(self, children):
        self.degrees = np.array([len(c) for c in children], dtype=np.int64)
        self.offsets = np.concatenate([[0], np.cumsum(self.degrees)]).astype(np.int64)
        self.targets = np.array([t for c in children for t in c], dtype=np.int64)
        self.sources = np.repeat(np.arange(len(children)), self.degrees)

    def __len__(self):
        return len(self.degrees)


@st.composite
def dags(draw):
    n = draw(st.integers(1, 40))
    return [sorted(set(draw(st.lists(st.integers(i + 1, n - 1), max_size=6)))) if i < n - 1 else []
            for i in range(n)]


@given(dags(), st.booleans())
def test_grundy_values_agree_with_the_library(children, misere):
    from cgt.impartial.grundy import grundy
    from cgt.misere.play import misere_grundy

    analyse_module = importlib.import_module("cgt.games.gdl.analyse")
    values = analyse_module._grundy_values(_Graph(children), np.ones(len(children), dtype=bool), misere)
    evaluate = misere_grundy if misere else grundy
    assert values.tolist() == [evaluate(s, lambda t: children[t]) for s in range(len(children))]


def test_mex_of_large_values_and_cycles():
    from cgt.errors import NotShortGameError

    analyse_module = importlib.import_module("cgt.games.gdl.analyse")
    assert analyse_module._mex(np.array([0, 1, 70, 2, 0, 64, 1]), np.array([4, 1, 2])).tolist() == [3, 1, 0]
    with pytest.raises(NotShortGameError):
        analyse_module._grundy_values(_Graph([[1], [0]]), np.ones(2, dtype=bool), False)
