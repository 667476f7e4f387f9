"""CGScript classes in the shell: declarations typed at the prompt and ``.cgs`` files on the search path.

The files are in ``tests/shell/cgs``: ``StepGame`` and ``HalvingNim`` exactly as CGSUITE.md §3.3 writes them,
``mygames.MyDomineering`` (a grid ruleset with a nested ``Position`` overriding ``Options`` and
``Decomposition``) and ``mygames.MySubtraction`` (a heap ruleset), which must agree with the library's
``game.grid.Domineering`` and ``game.heap.Subtraction`` on random positions, and bad files for the errors.
"""

from __future__ import annotations

import pathlib
import random

import pytest

import cgt
from cgt.shell import Session, ShellError
from cgt.shell import userclasses

FOLDER = pathlib.Path(__file__).parent / "cgs"


# (program, what the shell prints)
GOLDEN = [
    # class, parameters, fields, properties, methods, printing
    ("class P(a, b ? 2) var s := a + b; def Sum := s; def Times(k) := k * s; end; p := P(1); "
     "[p.a, p.b, p.s, p.Sum, p.Times(3), p]", "[1,2,3,3,9,P(1, 2)]"),
    # equality: same class, equal fields
    ("class P(a) end; [P(1) == P(1), P(1) == P(2)]", "[true,false]"),
    # extends and override; super
    ("class A(x) def F := x; def G := 10; end; class B extends A override def F := super.F + G; end; "
     "[B(1).F, A(1).F, B(1) is A, A(1) is B]", "[11,1,true,false]"),
    # override is required when an ancestor has the name
    ("class A def F := 1; end; class B extends A def F := 2; end", "ERROR F is declared in a class B extends"),
    # singleton
    ("singleton class S def Eval(n) := n + 1; def Name2 := \"s\"; end; [S(1), S.Name2, S]", '[2,"s",S]'),
    ("singleton class S(a) end", "ERROR singleton class S cannot have parameters"),
    # static members
    ("class C(n) static def Make(k) := C(2 * k); end; C.Make(3)", "C(6)"),
    # static var and static def; ToString prints the object
    ("class C static var count := 3; static def Twice := 2 * count; def Get := count; end; "
     "[C.count, C.Twice, C().Get]", "[3,6,3]"),
    ("class N(a) def ToString := \"N of \" + a.ToString; end; [N(2)]", "[N of 2]"),
    # enum
    ("enum Suit Hearts, Spades; def Red := this == Hearts; end; "
     "[Suit.Hearts, Suit.Hearts.Red, Suit.Spades.Red, Suit.Spades.Ordinal, Suit.Hearts.Literal]",
     '[Hearts,true,false,2,"Hearts"]'),
    # is with the class hierarchy, class objects
    ("[3 is Integer, 3 is Rational, 0 is Nimber, *2 is Integer, ^ is CanonicalShortGame]",
     "[true,true,true,false,true]"),
    ("class A end; class B extends A end; [B().Class, B().Class == B, B is Class, B().Class.Name, A() is B]",
     "[⟪B⟫,true,true,\"B\",false]"),
    # immutable members, typed parameters
    ("class M(a) def Set(b) begin a := b end; end; M(1).Set(2)", "ERROR members of M(1) are immutable"),
    ("mutable class M(a) def Set(b) begin a := b end; end; m := M(1); m.Set(2); m.a", "2"),
    ("class T(n as Integer) end; T(1/2)", "ERROR T: parameter n must be Integer, got 1/2"),
    # a game written at the prompt: both players move n to n - 1, so G(n) is * for odd n and 0 for even n
    ("class G(n) extends Game override def Options(p) := if n > 0 then [G(n - 1)] else [] end; end; "
     "[G(3).CanonicalForm, G(3).OutcomeClass, (G(1) + G(2)).CanonicalForm]", "[*,N,*]"),
    # Left only: n to n - 1, an integer
    ("class K(n) extends Game override def Options(p) := if n > 0 and p == Left then [K(n - 1)] else [] end; end;"
     " [K(3).CanonicalForm, K(3).OutcomeClass]", "[3,L]"),
    ("class H(n) extends ImpartialGame override def Options := [H(m) for m from 0 to n - 1]; end; "
     "[H(5).NimValue, H(5).CanonicalForm, H(2).Options]", "[5,*5,[H(0),H(1)]]"),
    # options may be values: {1/2,*|1/2,*} is {1/2|*} (dominated options removed)
    ("class V extends Game override def Options(p) := [1/2, *]; end; V().CanonicalForm", "{1/2|*}"),
    # options may be sums of positions: T(n) moves to T(n - 2) + T(1), and Left moves T(1) to 0
    ("class T(n) extends Game override def Options(p) := if n >= 2 then [T(n - 2) + T(1)] elseif n == 1 and "
     "p == Left then [0] else [] end; end; [T(n).CanonicalForm for n from 0 to 5]", "[0,1,1*,2*,2,3]"),
    # Decomposition: U(n) is the sum of n copies of U(1) = 1
    ("class U(n) extends Game override def Options(p) := if p == Left and n > 0 then [U(n - 1)] else [] end; "
     "override def Decomposition := [U(1) for i from 1 to n]; end; [U(4).CanonicalForm, U(4).Decomposition]",
     "[4,[U(1),U(1),U(1),U(1)]]"),
    # an option may be a negative (CGSuite's NegativeGame) or a difference G - H = G + -H: M(n) = {-M(n-1)|} is
    # 0, {0|} = 1, {-1|} = 0, 1, ...; M2(1) = {M2(0) - M2(0)|} = {0|} = 1, M2(2) = {1 - 0|} = 2; an impartial
    # -G is G (I(n)'s options -I(m), m < n, make it the nim heap *n)
    ("class M(n) extends Game override def Options(p) := if n > 0 and p == Left then [-M(n - 1)] else [] end; "
     "end; [M(n).CanonicalForm for n from 0 to 3]", "[0,1,0,1]"),
    ("class M2(n) extends Game override def Options(p) := if n > 0 and p == Left then [M2(n - 1) - M2(0)] "
     "else [] end; end; [M2(1).CanonicalForm, M2(2).CanonicalForm]", "[1,2]"),
    ("class I(n) extends ImpartialGame override def Options := [-I(m) for m from 0 to n - 1]; end; "
     "[I(3).NimValue, I(3).MisereCanonicalForm, -I(2)]", "[3,*[3],-I(2)]"),
    # def op+(that) etc. (CGSUITE.md §4.6: CGSuite's grammar reads them; here an object of the class meets the
    # operator, as its left operand, by calling the method)
    ("class V(a) def op+(that) := V(a + that.a); def op*(k) := V(a * k); def op-(that) begin V(a - that.a) end; "
     "def op^(k) := V(a ^ k); def op/(k) := a / k; def op%(k) := a % k; end; "
     "[V(1) + V(2), V(3) * 2, V(5) - V(1), V(2) ^ 3, V(1) + V(1) + V(1), V(3) / 2, V(7) % 4]",
     "[V(3),V(6),V(4),V(8),V(3),3/2,3]"),
    ("class W(a) def op+(that) := 1; end; class W2(a) extends W override def op+(that) := 2; end; [W(0) + 5, W2(0) + 5]",
     "[1,2]"),
    ("op := 3; def opx(y) := y; [op+1, op*2, opx(5)]", "[4,6,5]"),      # op is still a name elsewhere
    ("class W3(a) end; W3(1) + W3(2)", "ERROR cannot add W3(1)"),
    ("def op+(x) := 1", "ERROR def op+ declares an operator method: it belongs in a class"),
    # static ... end blocks (CGSUITE.md §4.6): run once, when the class is declared, in order with the static
    # vars; they may assign the class's own static vars, and their other names are their own
    ("class A static var x := 1; static var t; static t := [x, x + 1]; var k := 0; "
     "for i from 1 to 3 do k := k + i end; t := t.Adjoin(k) end; static def T := t; end; [A.x, A.T, A.t]",
     "[1,[1,2,6],[1,2,6]]"),
    ("class B static var x := 1; static x := 2; y := x end; static var z := x + 1; static def X := [x, z]; end; B.X",
     "[2,3]"),
    ("class D static var n := 0; static n := n + 1 end; def N := n; end; [D().N, D().N, D.n]", "[1,1,1]"),
    ("class C static var x := 1; static Foo := 2 end; static def Foo := 3; end",
     "ERROR cannot assign Foo: static members are immutable"),
    ("class C2 static var x := 1; def Set := begin x := 2 end; end; C2().Set", "ERROR cannot assign x"),
    ("static x := 1 end", "ERROR a static … end block belongs in a class"),
    ("class G static error(\"bad\") end end", "ERROR bad"),
    # CGSuite's external and system members have no body (its Java kernel implements them): read and ignored
    ("class E(k) external def F; system def H(x); def G := k + 1; end; E(2).G", "3"),
    ("class E2 override def F; end", "ERROR def F needs a body (:= expr, or begin … end)"),
    # modifiers outside classes, this outside a class
    ("override def F(x) := x", "ERROR applies to members of a class"),
    ("this", "ERROR this is only defined inside a class"),
    ("def X := 1", "ERROR declares a property: it belongs in a class"),
]


@pytest.mark.parametrize("program, expected", GOLDEN)
def test_golden(session, program, expected):
    if expected.startswith("ERROR "):
        with pytest.raises(ShellError) as error:
            session.run(program)
        assert expected[len("ERROR "):] in str(error.value)
        assert "\n" not in str(error.value)
    else:
        assert session.run(program) == expected


# CGSUITE.md §3.3's two examples, loaded from StepGame.cgs and HalvingNim.cgs.
FILES = [
    ("StepGame", "⟪StepGame⟫"),
    ("StepGame(2)", "StepGame(2, 1)"),
    ("StepGame(2)(5)", "StepGame(2, 1).Position(5)"),
    ("StepGame(2).Position(5)", "StepGame(2, 1).Position(5)"),
    # Left steps 2, Right 1: n is {n-2|n-1}, so 1 = {|0} = -1, 2 = {0|-1}, 3 = {-1|{0|-1}} = 0 (the second player
    # wins), and the values repeat with period 3
    ("[StepGame(2)(n).CanonicalForm for n from 0 to 6]", "[0,-1,{0|-1},0,-1,{0|-1},0]"),
    ("StepGame(1, 1)(7).CanonicalForm", "*"),
    ("StepGame(2)(5).Options(Left)", "[StepGame(2, 1).Position(3)]"),
    ("StepGame(2)(5).RightOptions", "[StepGame(2, 1).Position(4)]"),
    ("StepGame(2)(5).OutcomeClass", "N"),
    ("StepGame(2)(5) is Game", "true"),
    ("StepGame(2) is Ruleset", "true"),
    ("HalvingNim", "HalvingNim"),
    ("HalvingNim(6)", "HalvingNim.Position(6)"),
    # mex over n.Div(2) .. n-1: 0,1,0,2,1,3,0,4,2,5,1,6,3 (HalvingNim's nim values, by hand for n <= 4)
    ("[HalvingNim(n).NimValue for n from 0 to 12]", "[0,1,0,2,1,3,0,4,2,5,1,6,3]"),
    ("HalvingNim(7).CanonicalForm", "*4"),
    ("HalvingNim(5).Options", "[HalvingNim.Position(2),HalvingNim.Position(3),HalvingNim.Position(4)]"),
    ("HalvingNim(5) is ImpartialGame", "true"),
    ("HalvingNim(5).Class", "⟪HalvingNim.Position⟫"),
    ("(HalvingNim(3) + HalvingNim(5)).NimValue", "1"),
    # a static block builds TakeTable's moves [1,2,4] once; the subtraction game {1,2,4} has the nim values
    # 0,1,2 repeating (by hand: mex{0} = 1, mex{1,0} = 2, mex{2,1} = 0, mex{0,2,0} = 1, ...)
    ("mygames.TakeTable.Moves", "[1,2,4]"),
    ("[mygames.TakeTable(n).NimValue for n from 0 to 8]", "[0,1,2,0,1,2,0,1,2]"),
]


@pytest.mark.parametrize("program, expected", FILES)
def test_cgsuite_examples_from_files(session, program, expected):
    assert session.run(program) == expected


@pytest.mark.parametrize("program", ["StepGame(2)(5)", "HalvingNim(6)", 'mygames.MyDomineering("..#|...")',
                                     "mygames.MySubtraction([1,3,4])(10)", "mygames.Shape(4)"])
def test_printed_objects_read_back(session, program):
    printed = session.run(program)
    assert session.run(f"{printed} === {program}") == "true"


def test_grid_and_heap_rulesets(session):
    assert session.run('mygames.MyDomineering("..|..")') == 'mygames.MyDomineering.Position("..|..")'
    assert session.run('mygames.MyDomineering("..|..").CanonicalForm') == "+-1"
    assert session.run('mygames.MyDomineering("...|...").CanonicalForm') == session.run(
        'game.grid.Domineering("...|...").CanonicalForm')
    assert session.run('mygames.MyDomineering(".#.|.#.").Decomposition') == (
        '[mygames.MyDomineering.Position("."),mygames.MyDomineering.Position(".")]'.replace('"."', '".|."'))
    assert session.run("mygames.MySubtraction([1,3,4]).NimValueSequence(14)") == session.run(
        "game.heap.Subtraction([1,3,4]).NimValueSequence(14)")
    assert session.run("mygames.MySubtraction([1,3,4]) is HeapRuleset") == "true"


def _random_board(rng):
    rows, cols = rng.randint(1, 4), rng.randint(1, 4)
    while rows * cols > 12:
        cols -= 1
    return "|".join("".join("#" if rng.random() < 0.25 else "." for _ in range(cols)) for _ in range(rows))


def test_domineering_clone_agrees_with_the_library(session):
    rng = random.Random(20261129)
    boards = [_random_board(rng) for _ in range(200)]
    cgt.clear_caches()
    ours = session.run("[mygames.MyDomineering(b).CanonicalForm for b in " + _shell_list(boards) + "]")
    theirs = session.run("[game.grid.Domineering(b).CanonicalForm for b in " + _shell_list(boards) + "]")
    assert ours == theirs
    assert len(set(boards)) > 100


def test_subtraction_clone_agrees_with_the_library(session):
    rng = random.Random(7)
    for _ in range(10):
        moves = sorted(rng.sample(range(1, 9), rng.randint(1, 4)))
        heaps = [" ".join(str(rng.randint(0, 40)) for _ in range(rng.randint(1, 3))) for _ in range(20)]
        ours = session.run(f"S := mygames.MySubtraction({moves}); [S(h).NimValue for h in {_shell_list(heaps)}]")
        theirs = session.run(f"[game.heap.Subtraction({moves})(h).NimValue for h in {_shell_list(heaps)}]")
        assert ours == theirs


def _shell_list(strings) -> str:
    return "[" + ",".join(f'"{s}"' for s in strings) + "]"


BAD_FILES = [
    ("bad.Syntax", "Syntax.cgs: line 2, column 27: syntax error: unexpected ';'"),
    ("bad.Orphan", "Orphan.cgs: line 1, column 22: unknown superclass NoSuchClass"),
    ("bad.CycleA", "cycle in extends: CycleA -> CycleB -> CycleA"),
    ("bad.Misnamed", "Misnamed.cgs: line 1, column 1: the file declares Other, not Misnamed"),
    ("bad.Missing", "no file bad/Missing.cgs on the search path"),
    ("NoSuchName", "unknown name 'NoSuchName'"),
    # an error inside a method of a file: the file and its place
    ("bad.Fails(3).Boom", "Fails.cgs: line 2, column 15: boom 3"),
    ("bad.Fails(3).Method(2)", "Fails.cgs: line 4, column 5: cannot add \"text\""),
]


@pytest.mark.parametrize("program, message", BAD_FILES)
def test_bad_class_files(session, program, message):
    with pytest.raises(ShellError) as error:
        session.run(program)
    text = str(error.value)
    assert text.startswith("line 1, column 1: ") and message in text and "\n" not in text


def test_search_path_statement(monkeypatch, tmp_path):
    monkeypatch.setattr(userclasses, "SEARCH_PATH", [])
    (tmp_path / "Two.cgs").write_text("singleton class Two def Value := 2; end\n")
    s = Session()
    with pytest.raises(ShellError, match="unknown name 'Two'"):
        s.run("Two.Value")
    s.run(f'System.AddPath("{tmp_path}")')
    assert s.run("Two.Value") == "2"
    with pytest.raises(ShellError, match="no such folder"):
        s.run(f'System.AddPath("{tmp_path / "nowhere"}")')


def test_command_line_path(capsys):
    from cgt.shell.cli import main

    saved = list(userclasses.SEARCH_PATH)
    try:
        assert main(["--path", str(FOLDER), "-c", "HalvingNim(9).NimValue"]) == 0
        assert capsys.readouterr().out == "5\n"
        assert main(["--path", str(FOLDER / "nowhere"), "-c", "1"]) == 2
        assert "no such folder" in capsys.readouterr().err
    finally:
        userclasses.SEARCH_PATH[:] = saved
        userclasses.forget_loaded_files()


def test_heap_ruleset_results_cache_key(session, tmp_path, monkeypatch):
    from cgt.games.engine.results_cache import ruleset_key

    key = ruleset_key(userclasses.heap_adapter(session.evaluate("mygames.MySubtraction([2,5])")[0]))
    assert key.startswith("cgt ") and "mygames.MySubtraction([2,5])|" in key
    # the same class from a file with other text is another ruleset for the on-disk cache
    (tmp_path / "mygames").mkdir()
    source = (FOLDER / "mygames" / "MySubtraction.cgs").read_text()
    (tmp_path / "mygames" / "MySubtraction.cgs").write_text(source + "// changed\n")
    monkeypatch.setattr(userclasses, "SEARCH_PATH", [str(tmp_path)])
    other = ruleset_key(userclasses.heap_adapter(Session().evaluate("mygames.MySubtraction([2,5])")[0]))
    assert other != key and other.split("|")[:-1] == key.split("|")[:-1]


def test_script_games_use_the_results_cache(tmp_path, monkeypatch, capsys):
    from cgt.games.engine import results_cache

    (tmp_path / "Loud.cgs").write_text(
        "class Loud(n) extends Game\n"
        "  override def Options(p) begin System.Print(\"options\"); if n > 0 then [Loud(n - 1)] else [] end end\n"
        "end\n")
    monkeypatch.setattr(userclasses, "SEARCH_PATH", [str(tmp_path)])
    results_cache.enable(str(tmp_path / "results.sqlite"))
    try:
        for visit in range(2):
            cgt.clear_caches()
            assert Session().run("Loud(3).CanonicalForm") == "*"
            printed = capsys.readouterr().out
            # first visit: options computed (and stored); second visit, a new session: values read from disk
            assert ("options" in printed) == (visit == 0)
    finally:
        results_cache.disable()
        userclasses.forget_loaded_files()


def test_help_on_script_classes(session):
    """help(R) for a script class, a script ruleset object or a singleton: where it is declared, what it
    extends, the comment above the declaration (as a docstring), parameters, members, nested classes."""
    text = session.run("help(mygames.MySubtraction)").splitlines()
    assert text[0] == (f"mygames.MySubtraction: a class declared in {FOLDER / 'mygames' / 'MySubtraction.cgs'}, "
                       "extends HeapRuleset")
    assert text[1:] == ["A subtraction game: take s counters from a heap, for s in the subtraction set.",
                        "MySubtraction(subtractionSet as List)", "Members: HeapOptions(heapSize as Integer)"]
    text = session.run("help(StepGame)").splitlines()          # found on the search path by its name
    assert text[0].startswith("StepGame: a class declared in") and text[0].endswith(", extends Ruleset")
    assert text[1:] == ["StepGame(leftStep as Integer, rightStep as Integer ? 1)", "Members: Eval(n as Integer)",
                        "Classes: Position(n as Integer) extends Game"]
    text = session.run("help(StepGame(2))").splitlines()       # a ruleset: an object of the class
    assert text[0] == "StepGame(2, 1): an object of the class StepGame" and text[2:] == [
        "StepGame(leftStep as Integer, rightStep as Integer ? 1)", "Members: Eval(n as Integer)",
        "Classes: Position(n as Integer) extends Game"]
    text = session.run("help(mygames.MyDomineering)").splitlines()
    assert "a singleton class declared in" in text[0] and text[0].endswith("extends GridRuleset")
    assert text[1].startswith("Domineering: Left places a vertical domino")
    assert session.run("help(mygames.Colour)").splitlines()[1] == "Values: Red, Green, Blue"
    session.run("/* Halve a heap:\n   take at most half. */\nclass Half(n) extends ImpartialGame\n"
                "  override def Options := [Half(m) for m from n.Div(2) to n - 1];\nend")
    assert session.run("help(Half)").splitlines()[:3] == [
        "Half: a class declared at the prompt, extends ImpartialGame", "Halve a heap:", "take at most half."]
    with pytest.raises(ShellError, match="no help for 'NoSuchGame'"):
        session.run("help(NoSuchGame)")


def test_a_static_block_runs_once(session, capsys):
    """The static block of TakeTable.cgs runs when the file is read, not for each object or use."""
    assert session.run("[mygames.TakeTable(5).NimValue, mygames.TakeTable(7).Options.Size, "
                       "mygames.TakeTable.Moves]") == "[2,3,[1,2,4]]"
    assert capsys.readouterr().out.count("table built") == 1
