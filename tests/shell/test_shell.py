"""Golden table of the cgt shell: (input, printed output) pairs with their sources.

Sources: CGSuite = CGSuite's documentation (tutorial and notation pages); WW = Berlekamp, Conway,
Guy, *Winning Ways* (2nd ed.); LIP = Albert, Nowakowski, Wolfe, *Lessons in Play*; ONAG = Conway,
*On Numbers and Games*; CGT = Siegel, *Combinatorial Game Theory*; Faigle = (Faigle,
*Mathematical Game Theory*, ch. 2); Walnut = Mignoty, Renard, Rigo, Whiteland, *Automatic proofs in CGT*
(Wythoff's game); CGS = CGSuite's language and output rules (CGSUITE.md).  Where a row is derived by hand
from a theorem, the theorem is named.
"""

import pytest

from cgt.shell import ShellError, run

GOLDEN = [
    # ------------------------------------------------------------ numbers and simplicity (ONAG ch. 0-2)
    ("{|}", "0", "ONAG ch. 0: 0 = { | }"),
    ("{0|}", "1", "ONAG ch. 0: 1 = {0|}"),
    ("{|0}", "-1", "ONAG ch. 0: -1 = {|0}"),
    ("{1|}", "2", "ONAG ch. 0: 2 = {1|}"),
    ("{0|1}", "1/2", "ONAG ch. 0: 1/2 = {0|1}"),
    ("{0|1,2}", "1/2", "CGSuite: dominated right option 2"),
    ("{1/2|1}", "3/4", "simplicity theorem (LIP ch. 4)"),
    ("{0|1/4}", "1/8", "simplicity theorem (LIP ch. 4)"),
    ("{-1|1}", "0", "simplicity theorem: 0 is the simplest number in (-1,1)"),
    ("{-1/2|1/2}", "0", "simplicity theorem"),
    ("{-2|-1}", "-3/2", "simplicity theorem"),
    ("{1|5}", "2", "simplicity theorem: simplest number in (1,5)"),
    ("-25/16", "-25/16", "CGSuite: dyadic rationals print as fractions"),
    ("6/8", "3/4", "CGSuite: rationals print in lowest terms"),
    ("1/2 + 1/4", "3/4", "arithmetic of dyadic rationals"),
    ("2 * 3", "6", "integer arithmetic (multiplication needs spaces next to a number)"),
    ("7 % 3", "1", "CGSuite: % is the remainder"),
    ("1/3", "1/3", "CGSuite: non-dyadic rationals are numbers, though not games"),
    ("{0|1} == 1/2", "true", "ONAG: {0|1} = 1/2"),
    ("{1|} == 2", "true", "ONAG: {1|} = 2"),
    # ------------------------------------------------------------ nimbers (WW ch. 3, ONAG ch. 6)
    ("{0|0}", "*", "WW ch. 2: * = {0|0}"),
    ("{0,*|0,*}", "*2", "WW ch. 3: *2 = {0,*|0,*}"),
    ("{0,*,*2|0,*,*2}", "*3", "WW ch. 3: *3"),
    ("*0", "0", "CGSuite: *0 prints as 0"),
    ("*2 + *3", "*", "WW ch. 3: nim addition 2 xor 3 = 1"),
    ("*5 + *3", "*6", "WW ch. 3: 5 xor 3 = 6"),
    ("* + *", "0", "WW ch. 2: * + * = 0"),
    ("*5.NimValue", "5", "CGSuite: NimValue of *n"),
    ("(*3 + *5).NimValue", "6", "Sprague-Grundy: nim sum 3 xor 5"),
    ("[*n for n from 0 to 3]", "[0,*,*2,*3]", "nimbers of a variable"),
    # CGSuite prints 3+* as 3* (CGSUITE.md §5.3) but reads * between values as a product (§4.3, quirk §7.5),
    # so the input of these rows adds the number and the uptimal with +.
    ("3+*", "3*", "CGSuite: number followed by star"),
    ("2+*3", "2*3", "CGSuite notation: 2*3 prints 2 + *3"),
    ("2*3", "6", "CGSuite §4.3: * between two values multiplies (the printed 2*3 is not input, §7.5)"),
    ("{1|1}", "1*", "LIP ch. 5: {x|x} = x*"),
    ("{1|1} + *", "1", "* + * = 0"),
    # ------------------------------------------------------------ ups (WW ch. 3, LIP ch. 5)
    ("{0|*}", "^", "WW ch. 3: up = {0|*}"),
    ("{*|0}", "v", "WW ch. 3: down = {*|0}"),
    ("{0,*|0}", "^*", "WW ch. 3: up-star = {0,*|0}"),
    ("{0|0,*}", "v*", "WW ch. 3: down-star = {0|0,*}"),
    ("^ + ^ + ^", "^3", "CGS §5.3: three ups print as ^3"),
    ("^ + ^", "^^", "CGSuite: double up"),
    ("^ + ^ + *", "^^*", "CGSuite: double up star"),
    ("v + v", "vv", "CGSuite: double down"),
    ("^ - ^", "0", "G - G = 0 (ONAG Thm 2)"),
    ("^ + *", "^*", "CGSuite: up star"),
    ("3 * v", "v3", "CGSuite: three downs print as v3"),
    ("73/16+v9*8", "73/16v9*8", "DESIGN §3 / CGSuite uptimal notation (input with +, CGSUITE.md §7.5)"),
    ("-1/2+v*", "-1/2v*", "CGSuite: the minus belongs to the number part (input with +, CGSUITE.md §7.5)"),
    ("{0|v*}", "^<2>", "CGT II.4: up-second = {0|v*}"),
    ("{^|*}", "^[2]", "CGT II.4: cumulative up ^[2] = {^|*}"),
    ("^[2] == ^ + ^<2>", "true", "CGT II.4: ^[n] = ^<1> + ... + ^<n>"),
    ("^<2>.Birthday", "3", "CGT II.4: ^<2> = {0|v*} is born on day 3"),
    # ------------------------------------------------------------ order and outcomes (WW ch. 2, LIP ch. 2)
    ("3 <> 3+*", "true", "CGSuite: 3* is confused with 3"),
    ("* <> 0", "true", "WW ch. 2: * is fuzzy"),
    ("^ <> *", "true", "WW ch. 3: up is confused with star"),
    ("^ > 0", "true", "WW ch. 3: up is positive"),
    ("^^ > *", "true", "WW ch. 3: double up exceeds star"),
    ("v < 0", "true", "WW ch. 3: down is negative"),
    ("^* <| 0", "true", "up-star is confused with 0, so 'less or confused' holds"),
    ("^ |> *", "true", "up is confused with star: 'greater or confused'"),
    ("^ <= *", "false", "up and star are incomparable"),
    ("1/2 != {0|1}", "false", "ONAG: {0|1} = 1/2"),
    ("*8.OutcomeClass", "N", "CGSuite: nonzero nimbers are first-player wins"),
    ("0.OutcomeClass", "P", "WW ch. 1: 0 is a second-player win"),
    ("^.OutcomeClass", "L", "WW ch. 3: up > 0"),
    ("v.OutcomeClass", "R", "WW ch. 3: down < 0"),
    ("{1|-1}.OutcomeClass", "N", "LIP ch. 2: a hot switch is a first-player win"),
    ("(^ + ^ + *).OutcomeClass", "L", "WW ch. 3: double up star is positive"),
    ("{3||2|1}.OutcomeClass", "L", "both stops positive"),
    # ------------------------------------------------------------ general games and sums
    ("{3|2} + {2|0}", "{5|4||3|2}", "CGSuite: sum of two hot games"),
    ("{3||2|1}", "{3||2|1}", "CGSuite: slashes nest options"),
    ("{3|{2|1}}", "{3||2|1}", "CGSuite: {3||2|1} = {3|{2|1}}"),
    ("2 * {3|2}", "5", "{3|2} = 5/2 +-1/2 and +-1/2 + +-1/2 = 0 (LIP ch. 5)"),
    ("{3|2} + {3|2} + {3|2}", "{8|7}", "5 + {3|2}: number translation (LIP ch. 5)"),
    ("{1|0} + {1|0}", "1", "LIP ch. 5: {1|0} = 1/2 +-1/2, and +-1/2 + +-1/2 = 0"),
    ("{2|1} + {-1|-2}", "0", "{-1|-2} = -{2|1}"),
    ("{1|-1}", "+-1", "CGSuite: switches print as +-x"),
    ("+-1 + +-1", "0", "a switch is its own negative"),
    ("3+-1", "{4|2}", "DESIGN §3 / CGSuite: 3+-1 means {4|2}"),
    ("3 + -1", "2", "with a space, -1 is a negative number"),
    ("+-1/2", "+-1/2", "CGSuite switch notation"),
    ("+-{1,1+*}", "+-{1,1*}", "DESIGN §3: several left options (input 1+*, CGSUITE.md §7.5)"),
    ("{0||0|-1}", "Tiny(1)", "WW ch. 5: tiny-one = {0||0|-1}"),
    ("{1|0||0}", "Miny(1)", "WW ch. 5: miny-one = {1|0||0}"),
    ("Tiny(2) == {0||0|-2}", "true", "WW ch. 5: Tiny(x) = {0||0|-x}"),
    ("Miny(2) == -Tiny(2)", "true", "WW ch. 5: miny is minus tiny"),
    ("2 + Tiny(2)", "2Tiny(2)", "DESIGN §3 / CGSuite: number prefix of a tiny"),
    ("Tiny(2) < ^", "true", "WW ch. 5: tinies are smaller than up"),
    # ------------------------------------------------------------ methods: stops, mean, temperature (WW ch. 6, LIP ch. 6)
    ("{3|2}.LeftStop", "3", "LIP ch. 6: stops of {3|2}"),
    ("{3|2}.RightStop", "2", "LIP ch. 6"),
    ("{3||2|1}.LeftStop", "3", "LIP ch. 6"),
    ("{3||2|1}.RightStop", "2", "LIP ch. 6"),
    ("{3||2|1}.Mean", "9/4", "CGSuite: mean of {3||2|1}"),
    ("{3||2|1}.Temperature", "3/4", "WW ch. 6"),
    ("{3|-3}.Mean", "0", "WW ch. 6: mean of a switch"),
    ("{3|-3}.Temperature", "3", "WW ch. 6: temperature of +-3"),
    ("{2|1}.Mean", "3/2", "WW ch. 6"),
    ("5.Temperature", "-1", "CGSuite convention: integers have temperature -1"),
    ("(1/2).Temperature", "-1/2", "CGSuite convention: m/2^n has temperature -1/2^n"),
    ("*.Temperature", "0", "CGSuite: infinitesimals have temperature 0"),
    (
        "{3||2|1}.Thermograph",
        "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])",
        "WW ch. 6 thermograph of {3||2|1}, in CGSuite's printed form",
    ),
    ("{3|-3}.Cool(1)", "+-2", "WW ch. 6: cooling a switch"),
    ("{3|-3}.Cool(3)", "*", "WW ch. 6: cooled by its temperature"),
    ("{3|-3}.Cool(4)", "0", "WW ch. 6: cooled past its temperature, the mean"),
    ("{3|2}.Cool(1)", "5/2", "WW ch. 6"),
    ("{3||2+*|1+*}.Cool(1/2)", "{5/2|2*}", "WW ch. 6: {3-1/2 | 3/2*+1/2}, {2*|1*} cools to 3/2*"),
    ("{3|2}.Freeze", "5/2*", "CGSuite: Freeze cools by the temperature"),
    ("*.Heat(2)", "+-2", "WW ch. 6: heating star"),
    ("* Heat 2", "+-2", "CGS §4.3: a Name b is a.Name(b)"),
    ("1.Heat(1)", "1", "WW ch. 6: heating leaves numbers unchanged"),
    # ------------------------------------------------------------ infinitesimals (WW ch. 7-8, CGT II.7)
    ("^.AtomicWeight", "1", "WW ch. 8: atomic weight of up is 1"),
    ("(^ + ^ + *).AtomicWeight", "2", "WW ch. 8: atomic weight is additive"),
    ("*.AtomicWeight", "0", "WW ch. 8: nimbers have atomic weight 0"),
    ("(^ + *).IsInfinitesimal", "true", "WW ch. 3"),
    ("^.ReducedCanonicalForm", "0", "CGT II.6: infinitesimals reduce to 0"),
    ("({1|-1} + ^).ReducedCanonicalForm", "+-1", "CGT II.6: +-1 + ^ differs from +-1 by an infinitesimal"),
    ("^.Incentives", "{^*}", "LIP ch. 6: incentives 0 - ^ = v (Left) and ^ - * = ^* (Right); CGSuite's "
     "Incentives is a set without the dominated v < ^*"),
    ("^ >= 0", "true", "WW ch. 3: up is positive"),
    ("* >= 0", "false", "WW ch. 2: * is confused with 0"),
    ("{1|-1}.IsInfinitesimal", "false", "a hot game is not infinitesimal"),
    ("^.IsAllSmall", "true", "WW ch. 8: up is all-small"),
    ("Tiny(1).IsAllSmall", "false", "WW ch. 5: tiny has a number option -1 below"),
    ("*.IsNimber", "true", "CGSuite"),
    ("^.IsNimber", "false", "CGSuite"),
    ("(3/4).IsNumber", "true", "CGSuite"),
    ("{1|-1}.IsNumber", "false", "CGSuite"),
    # ------------------------------------------------------------ options and birthdays
    ("{3|2}.LeftOptions", "{3}", "CGSuite: LeftOptions"),
    ("{0,*|0}.LeftOptions", "{0,*}", "WW ch. 3: up-star = {0,*|0}"),
    ("^.RightOptions", "{*}", "WW ch. 3: up = {0|*}"),
    ("3.Birthday", "3", "ONAG: integer n is born on day n"),
    ("(3/4).Birthday", "3", "ONAG: 3/4 is born on day 3"),
    ("*3.Birthday", "3", "ONAG: *n is born on day n"),
    ("^.Birthday", "2", "up = {0|*} is born on day 2"),
    ("{3||2|1}.Birthday", "4", "options 3 and {2|1} are born on day 3"),
    ("(+-1).Birthday", "2", "+-1 = {1|-1} is born on day 2"),
    ("{3||2|1}.CanonicalForm", "{3||2|1}", "already canonical"),
    # ------------------------------------------------------------ nim arithmetic (ONAG ch. 6)
    ("11 NimSum 5", "14", "1011 xor 0101 = 1110"),
    ("3 NimSum 5", "6", "nim sum is xor"),
    ("2 NimProduct 3", "1", "ONAG ch. 6 nim multiplication table"),
    ("2 NimProduct 2", "3", "ONAG ch. 6: 2 (x) 2 = 3"),
    ("4 NimProduct 4", "6", "ONAG ch. 6: 4 (x) 4 = 6"),
    ("8 NimProduct 8", "13", "ONAG ch. 6: 8 (x) 8 = 13"),
    ("5.NimSum(3)", "6", "method form of NimSum"),
    ("*2 NimSum *3", "*", "nim sum of nimbers"),
    # ------------------------------------------------------------ rulesets (WW, Faigle, Backhouse, Walnut)
    (
        "[game.heap.Kayles(n).NimValue for n from 0 to 11]",
        "[0,1,2,3,1,4,3,2,1,4,2,6]",
        "WW ch. 4: Kayles nim sequence",
    ),
    (
        '[game.heap.TakeAndBreak("0.07")(n).NimValue for n from 0 to 15]',
        "[0,0,1,1,2,0,3,1,1,0,3,3,2,2,4,0]",
        "WW ch. 4: Dawson's Kayles (0.07)",
    ),
    (
        '[game.heap.TakeAndBreak("0.77")(n).NimValue for n from 12 to 23]',
        "[4,1,2,7,1,4,3,2,1,4,6,7]",
        "WW ch. 4: Kayles (0.77) nim sequence, n = 12..23",
    ),
    (
        "[game.heap.GrundysGame(n).NimValue for n from 0 to 12]",
        "[0,0,0,1,0,2,1,0,2,1,0,2,1]",
        "WW ch. 4: Grundy's game",
    ),
    (
        "[game.heap.Subtraction([1,3,4])(n).NimValue for n from 0 to 10]",
        "[0,1,0,1,2,3,2,0,1,0,1]",
        "Backhouse Table 4.1 / WW ch. 4: subtraction set {1,3,4}, period 7",
    ),
    ("[game.heap.Subtraction([1,2,3])(n).NimValue for n from 0 to 8]", "[0,1,2,3,0,1,2,3,0]", "Backhouse §4.3"),
    ("game.heap.Nim(5).NimValue", "5", "WW ch. 3: a Nim heap of 5 is *5"),
    ("game.heap.Nim(5).CanonicalForm", "*5", "WW ch. 3"),
    ("game.heap.Kayles(4).OutcomeClass", "N", "WW ch. 4: K4 = *1"),
    ("Frogs(10, 3).NimValue", "2", "Faigle Ex. 2.12: G(F(n,k)) = n mod (k+1)"),
    ("Frogs(8, 3).OutcomeClass", "P", "Faigle Ex. 2.12: 8 mod 4 = 0"),
    ("DeBruijn(6).OutcomeClass", "N", "Faigle Ex. 2.7: first player wins (strategy stealing)"),
    ("DeBruijn(3).WinningMoves", '[1 -> DeBruijn("{2,3}")]', "Faigle Ex. 2.7, n = 3: take 1, leaving {2,3} (a P-position)"),
    ("[m.Label for m in DeBruijn(12).WinningMoves]", "[2,5]", "Faigle Ex. 2.7 by search (docs/impartial.md table, n = 12)"),
    ("Wythoff(4, 4).Options.Length", "12", "CGSuite counts one option per move: 4 + 4 + 4"),
    ("Wythoff(3, 5).OutcomeClass", "P", "Wythoff's P-position (3,5), CGSuite's call form"),
    ("Wythoff(4, 8).WinningMoves", '[(0,-1) -> Wythoff("4 7")]', "Wythoff: (4,7) is the P-position below (4,8)"),
    ("game.heap.Subtraction([1,2], allbut => true)(7).NimValue", "2", "Backhouse §4.3 all-but {1,2}: g(n) = floor(n/3)"),
    ('game.grid.Domineering("..|..").CanonicalForm', "+-1", "WW ch. 2: a 2x2 Domineering board is +-1"),
    ('Domineering.Position("..|..").LeftOptions.Length', "2", "CGSuite's position text reads back"),
    ("game.grid.GenClobber(maxDistance => 2)", "GenClobber(maxDistance => 2)", "CGSuite keyword syntax, camelCase"),
    ("game.grid.GenClobber(maxDistance => inf)", "GenClobber(maxDistance => inf)",
     "CGSuite's Rooks is GenClobber(maxDistance => inf): inf means no limit"),
    ('game.grid.GenClobber(maxDistance => inf)("x..o").Options.Length', "2",
     "the stones slide through the empty cells onto each other, as in Rooks"),
    ("game.grid.GenClobber(clobbered => {Left => [0], Right => [1]})",
     "GenClobber(clobbered => {Left => {0}, Right => {1}})", "a map literal gives each player's clobbered values"),
    ('game.grid.GenClobber(clobbered => {Left => {0}, Right => {0}}, leftBehind => {Left => 2, Right => 1})'
     '("x.o").CanonicalForm', "*", "CGSuite's AntiClobber by its parameters; x.o by hand: either move ends play"),
    ("Left", "Left", "CGSuite §2.7: Player prints Left"),
    ("DeBruijn(3).NimValue", "2", "n = 3 by hand: options {2,3}, {2}, {3} have Grundy values 0, 1, 1"),
    ("game.heap.GrundysGame(12).NimValue", "1", "WW ch. 4: Grundy's game G(12) = 1"),
    ("Wythoff((3,5)).OutcomeClass", "P", "Walnut seed / Wythoff: (3,5) is a P-position"),
    ("Wythoff((1,2)).NimValue", "0", "Wythoff's P-position (1,2)"),
    ("Wythoff((1,1)).NimValue", "2", "Wythoff nim-value table, row 1"),
    ("Wythoff((2,3)).NimValue", "5", "Wythoff nim-value table, row 2"),
    # ------------------------------------------------------------ language: variables, control, collections
    ("x := 3; x * x", "9", "CGSuite: := assigns"),
    ("x := 3;", "", "CGS §4.4: a trailing ; suppresses the output"),
    ("g := {3|2}; g + {2|0}", "{5|4||3|2}", "CGSuite worksheet style"),
    ("10^9 * {3|2}", "2500000000", "{3|2} + {3|2} = 5 (a switch's two copies cancel their heat, WW ch. 6)"),
    ("(10^9 + 1) * {1|-1}", "+-1", "an odd number of copies of +-1 is +-1"),
    ("1 + 2 // three", "3", "CGSuite: // comments"),
    ("if 3 > 2 then 1 else 0 end", "1", "CGSuite: if-then-else-end"),
    ("if * > 0 then 1 elseif * < 0 then -1 else 0 end", "0", "elseif; * is confused with 0"),
    ("[n * n for n from 1 to 5]", "[1,4,9,16,25]", "CGSuite list comprehension"),
    ("[n for n from 1 to 10 by 3]", "[1,4,7,10]", "CGSuite: from ... to ... by"),
    ("[n for n from 1 to 10 where n % 3 == 0]", "[3,6,9]", "comprehension with where"),
    ("[1,2] + [3]", "[1,2,3]", "list concatenation"),
    ("[5,6,7][1]", "5", "CGSuite lists are indexed from 1"),
    ("{1,3,1}", "{1,3}", "CGSuite: sets"),
    ("{*,0,^}", "{0,*,^}", "sets print numbers first, then games"),
    ("(3,5)", "(3,5)", "tuples"),
    ("[1,2,3].Length", "3", "CGSuite: Length"),
    ("[0,1,3].Mex", "2", "mex of a list (WW ch. 3)"),
    ("[0, 1, *, 3].Mex", "2", "CGSuite's Mex passes over what is not an integer"),
    ("Player.Left == Left and Player.Right.Opponent == Left", "true", "CGSuite's Player class"),
    ("[game.heap.Kayles.code, game.heap.Subtraction([1,2]).subtractionSet, "
     "game.grid.GenClobber(maxDistance => 2).maxDistance]", '["0.77",[1,2],2]',
     "CGSuite: a ruleset's class parameters read by their names"),
    ("[game.grid.GenClobber(maxDistance => inf).maxDistance, "
     "game.grid.GenClobber(clobbered => {Left => [0], Right => [1]}).clobbered]", "[inf,{Left => {0}, Right => {1}}]",
     "parameters read back as the shell writes them"),
    ("[3.Class == Integer, (1/2).Class == DyadicRational, Integer.Class]", "[true,true,⟪cgsuite.lang.Class⟫]",
     "CGSuite: a class's name is its class object"),
    ('def t(n) begin for s in ["a"] yield s Concat "b"; end end; t(1)', '["ab"]',
     "a block's value is its last statement's, a final ; adds none (CGSuite)"),
    ("s := 0; for n from 1 to 4 do s := s + n end; s", "10", "CGSuite: for ... do ... end"),
    ('"0.77"', '"0.77"', "strings print with quotes"),
    ("true and not false", "true", "booleans print true/false"),
]


@pytest.mark.parametrize(
    "source, expected", [pytest.param(s, e, id=s) for s, e, _ in GOLDEN]
)
def test_golden(source, expected):
    assert run(source) == expected


def test_golden_table_is_large_and_sourced():
    assert len(GOLDEN) >= 80
    assert all(source for _, _, source in GOLDEN)
    assert len({s for s, _, _ in GOLDEN}) == len(GOLDEN)


ERRORS = [
    ("{3|2", "line 1, column 5: syntax error: unexpected end of input"),
    ("1 + )", "line 1, column 5: syntax error: unexpected ')'"),
    ("3 $ 4", "line 1, column 3: syntax error: unexpected character '$'"),
    ("{0|1/3}", "line 1, column 4: 1/3 is not a dyadic rational (its denominator is not a power of 2)"),
    ("foo + 1", "line 1, column 1: unknown name 'foo'"),
    ("0/0", "line 1, column 1: 0/0 is undefined"),          # x/0 is inf (CGSUITE.md §4.3); 0/0 an error
    ("{1|2|3}", "line 1, column 5: ambiguous braces: two | at the same level (use more bars or braces to nest)"),
    ("[1,2][3]", "line 1, column 1: index 3 out of range 1..2"),
    ("if 1 then 2 end", "line 1, column 1: the if condition must be true or false, got 1"),
    ("3.Foo", "line 1, column 1: 3 has no method Foo"),
    ("^.NimValue", "line 1, column 1: ^ is not a nimber, so it has no nim value"),
    ("{3|2}.Cool()", "line 1, column 1: Cool takes 1 argument, got 0"),
    ("x := 1;\n  y", "line 2, column 3: unknown name 'y'"),
    ("*2 * *3", "line 1, column 1: cannot multiply *2 by *3: '*' multiplies numbers, or a game by an integer "
     "(use NortonMultiply, ConwayMultiply or NimProduct for other products)"),
    ("*9999999", "line 1, column 1: *9999999: nimbers *n are limited to n <= 1048576"),
    ("10^9 * {3||2|1}", "line 1, column 1: 1000000000 * {3||2|1}: multiples of a general game are limited to 4096"),
    ("[n for n from 1 to 1000000000000]", "line 1, column 1: range too large: 1000000000000 values (the limit is 100000000)"),
    ("[n for n from 1 to 10+^9]", "line 1, column 1: 'to' needs a number, got 10^9"),
    ("{[[1]]|0}", "line 1, column 2: [1] cannot be an option of a game"),   # a list splices one level (§4.2)
]


@pytest.mark.parametrize("source, message", [pytest.param(s, m, id=s) for s, m in ERRORS])
def test_errors_are_one_located_shell_error(source, message):
    with pytest.raises(ShellError) as info:
        run(source)
    error = info.value
    assert not error.internal
    assert error.line is not None and error.column is not None
    assert "\n" not in str(error)
    if message is not None:
        assert str(error) == message


def test_syntax_error_has_caret():
    with pytest.raises(ShellError) as info:
        run("{3||2|1}.Mean +")
    assert info.value.kind == "syntax"
    assert info.value.caret() == "{3||2|1}.Mean +\n               ^"


def test_every_registered_ruleset_is_available():
    from cgt.games.engine.catalogue import is_ruleset
    from cgt.shell.registry import registry

    for path, entry in registry().items():
        assert is_ruleset(entry.resolve()), path


def test_registering_a_ruleset_is_one_line():
    # A ruleset from outside cgt.games joins the shell through the catalogue, like the built-in ones.
    from cgt.games import Subtraction
    from cgt.games.engine import catalogue

    catalogue.register(Subtraction([1, 2]), "game.grid.Halving", name="SubtractOneOrTwo")
    try:
        assert run("game.grid.Halving(5).NimValue") == "2"
        assert run("Halving(6).OutcomeClass") == "P"
    finally:
        catalogue.unregister("SubtractOneOrTwo")
    with pytest.raises(ShellError, match="game.grid has no member Halving|game has no member grid"):
        run("game.grid.Halving")


def test_system_print_writes_lines_and_gives_nothing(capsys):
    from cgt.shell import Session

    session = Session()
    assert session.run('for i from 1 to 3 do System.Print(i * ^) end; System.Print("done")') == ""
    assert capsys.readouterr().out == "^\n^^\n^3\ndone\n"
