"""The GDL reader and reasoner: syntax, the language's restrictions, and the semantics of the
ggp-base reasoner test cases (copied unchanged into tests/games/gdl/shared/reasoner_tests/).

Semantics: Love, Hinrichs, Haley, Schkufza, Genesereth, *General Game Playing: Game Description
Language Specification* (Stanford, 2008), sections 2-3.
"""

import pathlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cgt.games import Subtraction
from cgt.games.gdl import GdlError, GdlRuleError, GdlSyntaxError, analyse, load, loads
from cgt.games.gdl.syntax import parse_rules, term_text

SHARED = pathlib.Path(__file__).parent / "shared"
REASONER = SHARED / "reasoner_tests"


def view_of(name):
    game = load(REASONER / name)
    return game, game.view(game.initial)


# -- the ggp-base reasoner test cases -----------------------------------------------------------------------
def test_case_1a_time_invariant_goal():
    game, view = view_of("test_case_1a.kif")
    assert view.legal == {"you": ["proceed"]} and not view.terminal and view.goals == {"you": 100}
    after = game.view(game.next_state(view, {"you": "proceed"}))
    assert after.terminal and after.state == {("state", "1")} and after.goals == {"you": 100}


def test_case_3b_broad_distinct_helper_is_unused():
    # the unsafe helper distinctCell is used by no game relation, so it cannot change the game
    game, view = view_of("test_case_3b.kif")
    assert game.initial == frozenset() and view.terminal
    assert view.legal == {"xplayer": ["noop"]} and view.goals == {"xplayer": 100}


def test_case_3c_undefined_proposition_is_false():
    game, view = view_of("test_case_3c.kif")
    assert view.legal == {"xplayer": ["win"]} and not view.terminal
    after = game.view(game.next_state(view, {"xplayer": "win"}))
    assert after.terminal and after.goals == {"xplayer": 100}


def test_case_5a_recursion_with_function_terms():
    game, view = view_of("test_case_5a.kif")
    r = game.static_relations["r/2"]
    assert r == {("0", "0"), ("0", ("f", "0")), (("f", "0"), ("f", ("f", "0")))}
    assert view.legal == {"you": ["proceed"]}


def test_case_5e_seven_legal_moves():
    game, view = view_of("test_case_5e.kif")
    moves = sorted(term_text(m) for m in view.legal["robot"])
    assert moves == ["(reduce a 0)", "(reduce a 1)", "(reduce c 0)", "(reduce c 1)", "(reduce c 2)",
                     "(reduce c 3)", "(reduce c 4)"]
    assert game.view(game.next_state(view, {"robot": ("reduce", "a", "0")})).terminal


def test_clean_not_distinct():
    game, view = view_of("test_clean_not_distinct.kif")
    rel = game.static_relations
    assert rel["a/0"] == {()} and rel["b/1"] == {("2",)} and "d/1" not in rel or rel.get("d/1") == set()
    assert rel["e/1"] == {("3",)} and rel["f/1"] == {("3",)} and not rel.get("z/0")
    assert view.goals == {"player": 100}


def test_distinct_at_the_beginning_of_a_rule():
    _game, view = view_of("test_distinct_beginning_rule.kif")
    assert sorted(term_text(m) for m in view.legal["you"]) == ["(do a b)", "(do b a)"]


# -- syntax -------------------------------------------------------------------------------------------------
def test_names_are_case_insensitive_and_comments_ignored():
    game = loads("""; a comment
    (ROLE Solo) (INIT (Count 0)) (Succ 0 1)
    (<= (LEGAL ?P (Add ?Y)) (TRUE (count ?x)) (succ ?X ?y) (role ?p)) ; another
    (<= (next (COUNT ?y)) (does solo (add ?y)))
    (<= terminal (true (count 1))) (goal solo 100)""")
    view = game.view(game.initial)
    assert game.roles == ("solo",) and view.legal == {"solo": [("add", "1")]}


def test_parenthesised_proposition_is_the_constant():
    rules = parse_rules("(<= (open) (not (true (value 0))))")
    assert rules[0].head == ("open", ())


@pytest.mark.parametrize("text, message", [
    ("(role a", "a ')' is missing"),
    ("(role a))", "line 1, column 9: unexpected ')'"),
    ("(<= (?x a) (p))", "line 1, column 6: unexpected '?x'"),
    ("(<= (p) ?x)", "a variable cannot be a literal"),
    ("(<= (p) (not (p) (q)))", "not takes one literal"),
    ("(<= (p) (distinct a))", "distinct takes two terms"),
    ("(<= (p) (and (q) (r)))", "'and' is only allowed inside 'or'"),
])
def test_syntax_errors_are_one_line(text, message):
    assert message in one_line_error(GdlSyntaxError, text)


def one_line_error(kind, text) -> str:
    """The message of the ``kind`` error that loading ``text`` raises, checked to be one line."""
    with pytest.raises(kind) as error:
        loads(text)
    assert "\n" not in str(error.value)
    return str(error.value)


# -- restrictions, each error naming the rule ------------------------------------------------------------------
def test_unsafe_rule_of_tic_tac_toe_classic_is_named():
    with pytest.raises(GdlRuleError) as error:
        load(SHARED / "partizan" / "ticTacToeClassic.kif")
    text = str(error.value)
    assert text.startswith("unsafe rule at line 76: variable ?m") and "(distinctcell ?x ?y ?m ?n)" in text


@pytest.mark.parametrize("rules, message", [
    ("(role a) (<= (legal a (go ?x)) (true (p ?y)))", "unsafe rule at line 1: variable ?x"),
    ("(role a) (<= (legal a go) (true (p ?x)) (distinct ?x ?y))", "variable ?y of (distinct ?x ?y)"),
    ("(role a) (<= (legal a go) (q 1)) (<= (q ?x) (r ?x) (not (q ?x))) (r 1)",
     "negation through recursion (not stratified) at line 1: q depends on (not q)"),
    ("(role a) (<= (legal a go) (q 1)) (<= (q ?x) (q ?y) (r ?x)) (r 1)",
     "recursion restriction broken at line 1: argument ?y of the recursive literal (q ?y)"),
    ("(role a) (<= (legal a go) (does a go))", "legal must not depend on does"),
    ("(role a) (<= (init (p)) (true (q)))", "init must not depend on true or does"),
    ("(role a) (<= (true (p)) (r))", "defines true"),
    ("(role a) (<= (legal a go) (next (p)))", "next cannot appear in a rule body"),
])
def test_restrictions(rules, message):
    assert message in one_line_error(GdlRuleError, rules)


def test_too_deep_a_rule_is_a_clear_error():
    body = " ".join(f"(p ?x{i})" for i in range(25))      # 25 nested loops: beyond Python's 20 blocks
    with pytest.raises(GdlError, match="too deeply nested to compile .*split its body"):
        loads(f"(role a) (p 1) (<= (legal a go) {body})")


def test_disjunction_expands_into_rules():
    game = loads("""(role a) (init (p 1)) (init (p 2)) (q 2)
    (<= (legal a (go ?x)) (true (p ?x)) (or (q ?x) (distinct ?x 2)))
    (<= (next done) (does a ?m)) (<= terminal (true done)) (goal a 100)""")
    assert sorted(term_text(m) for m in game.view(game.initial).legal["a"]) == ["(go 1)", "(go 2)"]


def test_negated_disjunction_is_de_morgan():
    game = loads("""(role a) (init (p 1)) (init (p 2)) (init (p 3)) (q 2)
    (<= (legal a (go ?x)) (true (p ?x)) (not (or (q ?x) (distinct ?x 2))))
    (<= (next done) (does a ?m)) (<= terminal (true done)) (goal a 100)""")
    assert game.view(game.initial).legal["a"] == []


# -- a property: any subtraction game written in GDL has the Grundy value of cgt's ruleset -----------------------
def subtraction_gdl(subtraction_set, heap):
    rules = ["(role left) (role right) (init (control left))", f"(init (heap {heap}))",
             "(<= (next (control right)) (true (control left)))",
             "(<= (next (control left)) (true (control right)))",
             "(<= (legal ?p noop) (role ?p) (not (true (control ?p))))",
             "(<= (next (heap ?n)) (does ?p (take ?n)))",
             "(<= (legal ?p (take ?n)) (true (control ?p)) (true (heap ?m)) (minus ?m ?k ?n) (allowed ?k))",
             "(<= terminal (true (control ?p)) (not (canmove ?p)))",
             "(<= (canmove ?p) (legal ?p (take ?n)))",
             "(<= (goal ?p 0) (true (control ?p)))",
             "(<= (goal ?p 100) (role ?p) (not (true (control ?p))))"]
    rules += [f"(allowed {k})" for k in subtraction_set]
    rules += [f"(minus {m} {k} {m - k})" for m in range(heap + 1) for k in range(1, m + 1)]
    return "\n".join(rules)


@given(st.sets(st.integers(1, 6), min_size=1, max_size=3), st.integers(0, 14))
def test_subtraction_games_agree_with_the_ruleset(subtraction_set, heap):
    report = analyse(loads(subtraction_gdl(sorted(subtraction_set), heap)), progress=False)
    assert report.grundy == Subtraction(sorted(subtraction_set))(heap).grundy
    assert report.play == "normal" and report.impartial is True


@given(st.sets(st.integers(1, 6), min_size=1, max_size=3), st.integers(0, 14))
def test_rule_text_round_trips(subtraction_set, heap):
    rules = parse_rules(subtraction_gdl(sorted(subtraction_set), heap))
    again = parse_rules("\n".join(str(r) for r in rules))
    assert [(r.head, r.body) for r in again] == [(r.head, r.body) for r in rules]


# -- the doctests of the subpackage (tests/test_doctests.py collects one level of cgt.games only) ----------------
# -- a property: the compiled join plans compute the same relations as naive bottom-up evaluation ---------------
CONSTANTS = ["a", "b", "c"]
BASE = {"e": 2, "m": 1}                 # relations given by facts
DERIVED = {"p": 1, "q": 2, "t": 2}      # relations defined by rules


def naive_model(program):
    """The stratified model by the definition: for each stratum, apply every rule to every substitution
    of its variables by constants until nothing changes (no join order, no indexes)."""
    from itertools import product as cartesian

    from cgt.games.gdl.syntax import variables_of
    from cgt.games.gdl.validate import key_of

    def ground(term, sub):
        return sub.get(term, term) if type(term) is str else tuple(ground(t, sub) for t in term)

    model = {}
    for component in program.components:
        rules = [(h, b) for h, b, _r in program.rules if key_of(h) in component]
        changed = True
        while changed:
            changed = False
            for head, body in rules:
                names = sorted(variables_of((head[1],) + tuple(lit[1:] if lit[0] in ("distinct", "same")
                                                               else lit[1][1] for lit in body)))
                for values in cartesian(CONSTANTS, repeat=len(names)):
                    sub = dict(zip(names, values))
                    ok = True
                    for lit in body:
                        if lit[0] == "pos":
                            ok = tuple(ground(a, sub) for a in lit[1][1]) in model.get(key_of(lit[1]), set())
                        elif lit[0] == "neg":
                            ok = tuple(ground(a, sub) for a in lit[1][1]) not in model.get(key_of(lit[1]), set())
                        elif lit[0] == "distinct":
                            ok = ground(lit[1], sub) != ground(lit[2], sub)
                        else:
                            ok = ground(lit[1], sub) == ground(lit[2], sub)
                        if not ok:
                            break
                    fact = tuple(ground(a, sub) for a in head[1])
                    if ok and fact not in model.setdefault(key_of(head), set()):
                        model[key_of(head)].add(fact)
                        changed = True
    return model


@st.composite
def programs(draw):
    variables = ["?x", "?y", "?z"]
    lines = ["(role r)", "(<= (legal r go) (m a))"]
    for name, arity in BASE.items():
        for args in draw(st.sets(st.tuples(*[st.sampled_from(CONSTANTS)] * arity), max_size=6)):
            lines.append(f"({name} {' '.join(args)})")
    lines.append("(m a)")
    for _ in range(draw(st.integers(1, 5))):
        head_name = draw(st.sampled_from(sorted(DERIVED)))
        body = []
        for _ in range(draw(st.integers(1, 3))):
            name = draw(st.sampled_from(sorted(BASE) + sorted(DERIVED)))
            arity = {**BASE, **DERIVED}[name]
            args = [draw(st.sampled_from(variables + CONSTANTS)) for _ in range(arity)]
            body.append(f"({name} {' '.join(args)})")
        bound = sorted({a for lit in body for a in lit.strip("()").split()[1:] if a.startswith("?")})
        if draw(st.booleans()) and bound:
            name = draw(st.sampled_from(sorted(BASE) + sorted(DERIVED)))
            arity = {**BASE, **DERIVED}[name]
            body.append(f"(not ({name} {' '.join(draw(st.sampled_from(bound + CONSTANTS)) for _ in range(arity))}))")
        if draw(st.booleans()) and bound:
            body.append(f"(distinct {draw(st.sampled_from(bound))} {draw(st.sampled_from(bound + CONSTANTS))})")
        head_args = [draw(st.sampled_from(bound + CONSTANTS)) if bound else draw(st.sampled_from(CONSTANTS))
                     for _ in range(DERIVED[head_name])]
        lines.append(f"(<= ({head_name} {' '.join(head_args)}) {' '.join(body)})")
        lines.append(f"(<= (legal r (see ?v)) ({head_name} {' '.join(['?v'] * DERIVED[head_name])}))")
    return "\n".join(lines)


@given(programs())
def test_compiled_plans_agree_with_naive_evaluation(text):
    from hypothesis import assume

    try:
        game = loads(text)
    except GdlRuleError:
        assume(False)
        return
    model = naive_model(game.program)
    for key in list(DERIVED_KEYS):
        assert game.static_relations.get(key, set()) == model.get(key, set()), (key, text)


DERIVED_KEYS = [f"{name}/{arity}" for name, arity in DERIVED.items()]


# -- games outside short normal play: cycles, goals that depend on the square, not on the mover -------------------
TOKEN = """(role left) (role right) (init (at 2)) (init (control left))
(succ 0 1) (succ 1 2) (succ 2 3) (succ 3 4)
(<= (legal ?p (go ?y)) (true (control ?p)) (true (at ?x)) (succ ?x ?y))
(<= (legal ?p (go ?y)) (true (control ?p)) (true (at ?x)) (succ ?y ?x))
(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (at ?y)) (does ?p (go ?y)))
(<= (next (control left)) (true (control right)))
(<= (next (control right)) (true (control left)))
(<= terminal (true (at 0))) (<= terminal (true (at 4)))
"""
MOVER_LOSES = "(<= (goal ?p 0) (true (control ?p))) (<= (goal ?p 100) (role ?p) (not (true (control ?p))))"
ENDS_DECIDE = ("(<= (goal left 100) (true (at 0))) (<= (goal right 0) (true (at 0))) "
               "(<= (goal left 0) (true (at 4))) (<= (goal right 100) (true (at 4)))")


def test_loopy_game_is_solved_by_retrograde_analysis():
    # a token on 0..4 moved one step either way; whoever moves it to an end wins.  From 2 every move
    # goes next to an end, so the player to move loses, although play can cycle 2-1-2-3-2...
    report = analyse(loads(TOKEN + MOVER_LOSES), progress=False)
    assert report.reason == "the game graph has cycles (a loopy game)" and report.grundy is None
    assert report.result == "second" and report.play == "normal"


def test_goals_fixed_by_the_square_make_a_draw():
    # left wins at 0, right at 4, whoever moved: neither normal nor misère; each player keeps the token
    # away from the other's end forever, a draw
    report = analyse(loads(TOKEN + ENDS_DECIDE), progress=False)
    assert report.play == "other" and report.impartial is False and report.result == "draw" and report.draws
    assert report.reason.startswith("some terminal states give the win to the player to move")
