"""Golden table of the CGScript language in the shell: (program, printed output, source).

Sources: CGS §n = CGSuite's documentation of the CGScript language and its tutorials, as summarised in
CGSUITE.md §n (operators §4.3, statements §4.4, procedures §4.5, output §5.1, collections §6.10, strings
§6.11, quirks §7); CGT = Siegel, *Combinatorial Game Theory*; WW = Berlekamp, Conway, Guy, *Winning
Ways*; LIP = Albert, Nowakowski, Wolfe, *Lessons in Play*; ONAG = Conway, *On Numbers and Games*.
Rows whose value is arithmetic name the rule they rely on.  The empty output is what the shell prints
for ``Nothing`` and for a program ending in ``;`` (CGS §4.4).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from cgt.shell import ShellError, run
from tests.shell.test_shell import test_errors_are_one_located_shell_error as one_located_error
from tests.support import cgt_command

GOLDEN = [
    # ------------------------------------------------------------ ^ and * between values (CGS §4.3, §7.5)
    ("2^10", "1024", "CGS §4.3: a ^ b is exponentiation"),
    ("4^(-1)", "1/4", "CGS §4.3: Rational ^ Integer"),
    ("2^-1", "1/2", "CGS §4.3: the exponent is a unary expression"),
    ("-2^2", "-4", "CGS §4.3: ^ binds tighter than unary minus"),
    ("(-2)^2", "4", "CGS §4.3: parentheses first"),
    ("(-2)^3", "-8", "CGS §4.3"),
    ("2^3^2", "512", "CGS §4.3: ^ is right-associative, 2^(3^2)"),
    ("(2^3)^2", "64", "CGS §4.3"),
    ("2^3*4", "32", "CGS §4.3: ^ binds tighter than *"),
    ("3*2^2", "12", "CGS §4.3: ^ binds tighter than *"),
    ("(1/2)^3", "1/8", "CGS §4.3: Rational ^ Integer"),
    ("(2/3)^2", "4/9", "CGS §4.3: Rational ^ Integer"),
    ("2^0", "1", "CGS §4.3"),
    ("2^100", "1267650600228229401496703205376", "CGS §5.1: integers of any size"),
    ("x := 3; x^2", "9", "CGS §4.3: ^ after a name"),
    ("4*6", "24", "CGS §4.3: * between values multiplies"),
    ("2*3", "6", "CGS §4.3 and §7.5: 2*3 is the product, not 2 + *3"),
    ("3*4+1", "13", "CGS §4.3: * before +"),
    ("3*(4+1)", "15", "CGS §4.3"),
    ("1/2*3", "3/2", "CGS §4.3: / and * are left-associative"),
    ("7/2", "7/2", "CGS §4.3: Integer / Integer may give a Rational"),
    ("6/4", "3/2", "CGS §5.1: rationals in lowest terms"),
    ("7 % 3", "1", "CGS §4.3: remainder"),
    ("-7 % 3", "-1", "CGS §4.3: the sign of the remainder follows the dividend"),
    ("7 % -3", "1", "CGS §4.3: the sign of the remainder follows the dividend"),
    ("(7/2) % 1", "1/2", "CGS §4.3: remainder of rationals"),
    ("3+*5", "3*5", "CGS §4.2: a number plus a nimber prints 3*5 (§5.3)"),
    ("*5", "*5", "CGS §4.2: nimber literal"),
    ("^3", "^3", "CGS §4.2: ^n is n.^, a multiple"),
    ("^3*2", "^3*2", "CGS §4.2: ^n*m"),
    ("*2*3", "*2", "CGS §4.3: *2 times 3 is *2 + *2 + *2"),
    ("2 * ^", "^^", "CGS §4.3: Integer * G is that many copies"),
    ("^ * 3", "^3", "CGS §4.3: G * Integer is that many copies"),
    ("2*{1|0}", "1", "CGS §4.3 with CGT II.5: {1|0} = 1/2 +- 1/2, and +-x + +-x = 0"),
    ("3*{1|0}", "{2|1}", "CGS §4.3 with CGT II.5: 1 + {1|0}"),
    ("1/2 + ^*", "1/2^*", "CGS §4.2: uptimal terms combine with +"),
    ("-1/2+v*", "-1/2v*", "CGS §4.2 and §5.3"),
    ("2 + ^^", "2^^", "CGS §4.2 and §5.3"),
    ("1 + 2 * 3 ^ 2", "19", "CGS §4.3: precedence ^, *, +"),
    ("-(2 + 3) * 2", "-10", "CGS §4.3"),
    # ------------------------------------------------------------ ordinal sum (CGS §4.3; CGT II.5, WW ch. 2)
    ("1:1", "2", "CGT II.5: G:H for H = 1 is {G|}; Hackenbush string of two blue edges"),
    ("1:-1", "1/2", "WW ch. 2: Hackenbush string blue-red is 1/2"),
    ("1:1:-1", "3/2", "WW ch. 2: blue-blue-red is 3/2 (: is left-associative)"),
    ("1:-1:-1", "1/4", "WW ch. 2: blue-red-red is 1/4"),
    ("-1:1", "-1/2", "WW ch. 2: red-blue is -1/2"),
    ("*:*", "*2", "CGT II.5: *a : *b = *(a+b)"),
    ("*2:*3", "*5", "CGT II.5: *a : *b = *(a+b)"),
    ("0:^", "^", "CGT II.5: 0 : H = H"),
    ("^:0", "^", "CGT II.5: G : 0 = G"),
    ("1 + 2 : 3", "6", "CGS §4.3: : binds tighter than +, 1 + (2:3)"),
    ("2 * 1 : 1", "3", "CGS §4.3: * binds tighter than :, (2*1):1"),
    # ------------------------------------------------------------ assignment, var, begin (CGS §4.4)
    ("x := 5", "5", "CGS §4.3: assignment yields the value"),
    ("x := 5;", "", "CGS §4.4: a trailing ; suppresses output"),
    ("x := y := 2; x + y", "4", "CGS §4.3: := is right-associative"),
    ("var x := 4; x * x", "16", "CGS §4.4: var declares"),
    ("var x; x", "", "CGS §4.4: var x is Nothing"),
    ("begin 1; 2 end", "2", "CGS §4.4: a block's value is its last statement's"),
    ("begin var y := 3; y + 1 end", "4", "CGS §4.4: begin ... end is a block"),
    ("y := 1; begin var y := 5 end; y", "1", "CGS §4.4: var in a block is local to it"),
    ("y := 1; begin y := 5 end; y", "5", "CGS §4.4: assignment reaches the enclosing variable"),
    ("1; 2; 3", "3", "CGS §4.4: statements separated by ;"),
    ("1;;2", "2", "CGS §4.4: an empty statement"),
    # ------------------------------------------------------------ if (CGS §4.4)
    ("if 1 < 2 then 10 else 20 end", "10", "CGS §4.4"),
    ("if 1 > 2 then 10 else 20 end", "20", "CGS §4.4"),
    ("if 1 > 2 then 10 end", "", "CGS §4.4: no branch taken is Nothing"),
    ("x := 0; if x < 0 then -1 elseif x == 0 then 0 else 1 end", "0", "CGS §4.4: elseif"),
    ("x := 7; if x < 0 then -1 elseif x == 0 then 0 else 1 end", "1", "CGS §4.4: elseif"),
    ("(if true then 3 else 4 end) + 1", "4", "CGS §4.4: if is an expression"),
    ("if true then 1 else 2 end 3", "3", "CGS §4.4: constructs ending in end need no ; after them"),
    ("x := 0; for i from 1 to 3 do x := x + i end x", "6", "CGS §4.4: no ; after end, then a name"),
    ("def f(n) begin n + 1 end f(2)", "3", "CGS §4.4: no ; after a def's end"),
    ("begin 1 end + 2", "3", "CGS §4.4: an operator after end continues the expression"),
    ("begin 5 end NimSum 3", "6", "CGS §4.3: an infix method after end continues the expression"),
    ("if * <> 0 then \"fuzzy\" else \"not\" end", '"fuzzy"', "CGS §4.3 with WW ch. 2: * is confused with 0"),
    # ------------------------------------------------------------ loops (CGS §4.4)
    ("for x from 1 to 5 yield x * x end", "[1,4,9,16,25]", "CGS §4.4: yield collects a list"),
    ("for x from 1 to 10 by 3 yield x end", "[1,4,7,10]", "CGS §4.4: by"),
    ("for x from 5 to 1 by -2 yield x end", "[5,3,1]", "CGS §4.4: a negative by counts down"),
    ("for x from 1 to 0 yield x end", "[]", "CGS §4.4: an empty range"),
    ("for x in [3, 1, 2] yield x + 1 end", "[4,2,3]", "CGS §4.4: for x in a list, in order"),
    ("for x in {3, 1, 2} yield x end", "[1,2,3]", "CGS §4.4 and §5.8: a set in its sorted order"),
    ("for x from 1 to 10 where x % 3 == 0 yield x end", "[3,6,9]", "CGS §4.4: where skips"),
    ("for x from 1 while x * x < 30 yield x end", "[1,2,3,4,5]", "CGS §4.4: while stops; no to is unbounded"),
    ("for x from 1 to 3 for y from 1 to x yield [x, y] end", "[[1,1],[2,1],[2,2],[3,1],[3,2],[3,3]]",
     "CGS §4.4: several antecedents nest, the first outermost"),
    ("for x := 5 yield x + 1 end", "[6]", "CGS §4.4: for x := e binds once"),
    ("for x from 1 to 3 yield x yield -x end", "[1,-1,2,-2,3,-3]", "CGS §4.4: yield a yield b end"),
    ("c -> for x in c yield x yield 0 end", "c -> for x in c yield x yield 0 end", "CGS §5.1: printed as source"),
    ("s := 0; for x from 1 to 100 do s := s + x end; s", "5050", "CGS §4.4: do ... end"),
    ("for x from 1 to 3 do x end", "", "CGS §4.4: a do loop is Nothing"),
    ("n := 0; while n < 10 do n := n + 3 end; n", "12", "CGS §4.4: while loop"),
    ("n := 1; while n < 1000 do n := 2 * n end; n", "1024", "CGS §4.4: while loop"),
    ("for x in [1, 2] for y in [10, 20] yield x + y end", "[11,21,12,22]", "CGS §4.4: nested for in"),
    ("for x in \"abc\" yield x end", '["a","b","c"]', "CGS §6.11: a string's characters"),
    ("for x in 1..4 yield x end", "[1,2,3,4]", "CGS §4.4 and §6.10: a range is a list"),
    ("for vv3 in [1, 2] yield vv3 end", "[1,2]", "CGS §4.2: vv3 is no down literal (v3 and vv are), so it is a name"),
    ("[x * x for x from 1 to 5]", "[1,4,9,16,25]", "CGS §4.4: list comprehension"),
    ("[x for x from 1 to 20 where x % 7 == 0]", "[7,14]", "CGS §4.4: comprehension with where"),
    ("{x % 3 for x from 1 to 10}", "{0,1,2}", "CGS §4.4: set comprehension"),
    ("{x => x * x for x from 1 to 3}", "{1 => 1, 2 => 4, 3 => 9}", "CGS §4.4: map comprehension"),
    ("[x for x from 1 while x < 4]", "[1,2,3]", "CGS §4.4: while in a comprehension"),
    ("[[x, y] for x from 1 to 2 for y from 1 to 2 where x != y]", "[[1,2],[2,1]]", "CGS §4.4"),
    ("Sum(x for x from 1 to 10)", "55", "CGS §4.4: f(e for ...) passes the list"),
    ("Max(x % 7 for x from 1 to 20)", "6", "CGS §4.1 and §4.4: Max of a comprehension"),
    ("[*n for n from 0 to 3]", "[0,*,*2,*3]", "CGS §4.2: *n of a variable"),
    ("[*n + *m for n from 0 to 3 for m from 0 to 3 where n < m]", "[*,*2,*3,*3,*2,*]",
     "CGT ch. IV (Bouton): *n + *m = *(n xor m)"),
    # ------------------------------------------------------------ procedures (CGS §4.5, printed per §5.1)
    ("x -> x + 1", "x -> x + 1", "CGS §5.1: a procedure prints as its source"),
    ("x->x+1", "x -> x + 1", "CGS §5.1: single spaces around binary operators"),
    ("(a, b) -> a * b", "(a, b) -> a * b", "CGS §5.1"),
    ("(a,b)->(a+b)*2", "(a, b) -> (a + b) * 2", "CGS §5.1: parentheses kept where needed"),
    ("() -> 42", "() -> 42", "CGS §4.5: no parameters"),
    ("x -> [x, {x, 1}]", "x -> [x, {x, 1}]", "CGS §5.1: [a, b] and {a, b} with ', '"),
    ("g -> {g, 1 | *}", "g -> {g,1 | *}", "CGS §5.1: game literals {a,b | c}"),
    ("n -> if n == 0 then 1 else n end", "n -> if n == 0 then 1 else n end", "CGS §5.1: if ... end"),
    ("c -> for x in c where x > 0 yield x end", "c -> for x in c where x > 0 yield x end", "CGS §5.1: loops"),
    ("x -> x.Size", "x -> x.Size", "CGS §5.1"),
    ("x -> f(x, 1)", "x -> f(x, 1)", "CGS §5.1: f(a, b) calls"),
    ("x -> -x ^ 2", "x -> -x ^ 2", "CGS §5.1 and §4.3"),
    ("x -> (-x) ^ 2", "x -> (-x) ^ 2", "CGS §5.1 and §4.3"),
    ("x -> y -> x + y", "x -> y -> x + y", "CGS §4.3: -> is right-associative"),
    ("f := x -> x + 1; f(41)", "42", "CGS §4.5"),
    ("(x -> x * x)(7)", "49", "CGS §4.5: calling a procedure literal"),
    ("f := (a, b) -> a - b; f(10, 3)", "7", "CGS §4.5"),
    ("f := () -> 5; f()", "5", "CGS §4.5"),
    ("add := x -> y -> x + y; add(2)(3)", "5", "CGS §4.5: procedures are closures"),
    ("k := 10; f := x -> x + k; k := 20; f(1)", "21", "CGS §4.5: a closure sees its scope"),
    ("mk := n -> (x -> x * n); [mk(2)(5), mk(3)(5)]", "[10,15]", "CGS §4.5: closures"),
    ("fact := n -> if n == 0 then 1 else n * fact(n - 1) end; fact(20)", "2432902008176640000",
     "CGS §4.5: recursion"),
    ("fib := n -> if n < 2 then n else fib(n - 1) + fib(n - 2) end; fib(15)", "610", "CGS §4.5: recursion"),
    ("twice := (f, x) -> f(f(x)); twice(x -> x * 3, 2)", "18", "CGS §4.5: procedures as arguments"),
    ("[1, 2, 3].Apply(x -> x * 10)", "[10,20,30]", "CGS §6.10: Apply"),
    # ------------------------------------------------------------ def (CGS §4.5)
    ("def f(x) := x * 2; f(21)", "42", "CGS §4.5: def f(x) := e"),
    ("def g(a, b) := a + b; g(1, 2)", "3", "CGS §4.5"),
    ("def f(n) begin var s := 0; for i from 1 to n do s := s + i end; s end; f(10)", "55",
     "CGS §4.5: def f(x) begin ... end"),
    ("def f(x, y ? 10) := x + y; [f(1), f(1, 2)]", "[11,3]", "CGS §4.5: optional parameter"),
    ("def f(x, y ? 10) := x + y; f(1, y => 5)", "6", "CGS §4.5: named argument"),
    ("def f(x, rest...) := rest; f(1, 2, 3)", "[2,3]", "CGS §4.5: name... collects the rest"),
    ("def f(x) := x + 1; f", "x -> x + 1", "CGS §5.1: a def prints as its procedure"),
    ("def f(x) := x + 1", "", "CGS §4.5: a definition prints nothing"),
    ("def grundy(n) := if n == 0 then 0 else Mex(for k from 1 to n where k <= 2 yield grundy(n - k) end) "
     "end; [grundy(n) for n from 0 to 8]", "[0,1,2,0,1,2,0,1,2]",
     "WW ch. 4: subtraction game S(1,2) has nim values n mod 3"),
    ("def kayles(n) := if n <= 0 then 0 else Mex({kayles(a) NimSum kayles(n - a - 1) for a from 0 to n - 1}"
     ".Union({kayles(a) NimSum kayles(n - a - 2) for a from 0 to n - 2})) end; [kayles(n) for n from 0 to 7]",
     "[0,1,2,3,1,4,3,2]", "WW ch. 4: Kayles nim values 0,1,2,3,1,4,3,2,1,…"),
    # ------------------------------------------------------------ error (CGS §4.4)
    ("error(\"stop here\")", "line 1, column 1: stop here", "CGS §4.4: error(msg)"),
    ("f := x -> if x < 0 then error(\"negative\") else x end; f(3)", "3", "CGS §4.4"),
    ("f := x -> if x < 0 then error(\"negative\") else x end; f(-3)", "line 1, column 25: negative",
     "CGS §4.4: the error of a call inside a procedure"),
    # ------------------------------------------------------------ maps (CGS §4.2, §5.1, §6.10)
    ("{1 => 2}", "{1 => 2}", "CGS §5.1: map entries k => v"),
    ("{3 => \"c\", 1 => \"a\", 2 => \"b\"}", '{1 => "a", 2 => "b", 3 => "c"}', "CGS §5.1: sorted by key, ', '"),
    ("{=>}", "{=>}", "CGS §4.2: the empty map"),
    ("{}", "{}", "CGS §4.2: {} is the empty set"),
    ("m := {\"a\" => 1, \"b\" => 2}; m[\"b\"]", "2", "CGS §4.3: maps are indexed by key"),
    ("m := {\"a\" => 1}; m(\"a\")", "1", "CGS §4.5: maps are callable"),
    ("{1 => 2, 3 => 4}.Keys", "{1,3}", "CGS §6.10: Keys"),
    ("{1 => 2, 3 => 4}.Values", "{2,4}", "CGS §6.10: Values"),
    ("{1 => 2, 3 => 4}.ContainsKey(3)", "true", "CGS §6.10: ContainsKey"),
    ("{1 => 2, 3 => 4}.ContainsKey(2)", "false", "CGS §6.10: ContainsKey"),
    ("{1 => 2}.Reversed", "{2 => 1}", "CGS §6.10: Reversed"),
    ("{1 => 2}.Updated(5, 6)", "{1 => 2, 5 => 6}", "CGS §6.10: Updated(k, v)"),
    ("{1 => 2}.Updated({1 => 3, 4 => 4})", "{1 => 3, 4 => 4}", "CGS §6.10: Updated(map)"),
    ("{1 => 2, 3 => 4}.Entries", "{1 => 2,3 => 4}", "CGS §5.1 and §6.10: a set of map entries"),
    ("[e.Key + e.Value for e in {1 => 2, 3 => 4}.Entries]", "[3,7]", "CGS §6.10: MapEntry Key and Value"),
    ("{1 => 2, 3 => 4}.Size", "2", "CGS §6.10: Size"),
    ("{^ => 1, * => 2, 0 => 3}", "{0 => 3, * => 2, ^ => 1}", "CGS §5.8: keys in the universal order"),
    ("{1 => 2, 1 => 3}", "{1 => 3}", "CGS §4.2: a later entry replaces an earlier one"),
    ("{3 => 4, 1 => 2}.Head", "1 => 2", "CGS §6.10: a Map is a Collection of its entries, in key order"),
    ("{1 => 2, 3 => 4}.Tail", "{3 => 4}", "CGS §6.10: Collection.Tail of a map is a map"),
    ("{1 => 2, 3 => 4, 5 => 0}.Filter(e -> e.Value > 1)", "{1 => 2, 3 => 4}", "CGS §6.10: Filter keeps a map"),
    ("{1 => 2, 3 => 4}.Count(e -> e.Key > 1)", "1", "CGS §6.10: Count over entries"),
    ("{1 => 2, 3 => 4}.Find(e -> e.Value == 4).Key", "3", "CGS §6.10: Find returns the entry"),
    ("{1 => 2}.Adjoin({5 => 6}.Head)", "{1 => 2, 5 => 6}", "CGS §6.10: Adjoin an entry"),
    ("{1 => 2, 3 => 4}.Concat({3 => 0})", "{1 => 2, 3 => 0}", "CGS §6.10: Concat, the later value wins"),
    ("{1 => 2, 3 => 4}.ToList", "[1 => 2,3 => 4]", "CGS §6.10: ToList of entries"),
    ("{1 => 2}.Exists(e -> e.Key == 1) and {1 => 2}.ForAll(e -> e.Value == 2)", "true", "CGS §6.10"),
    ("MutableMap({1 => 2}).Head.Value", "2", "CGS §6.10: mutable maps are collections too"),
    # ------------------------------------------------------------ named arguments to methods (CGS §2, §6)
    ('Grid.Parse("x.|.o", ".xo").Decomposition(0, directions => Coordinates.Compass)', "[Grid([[1,0],[0,2]])]",
     "CGS §2.1: Decomposition(boundaryValue, directions = Coordinates.Orthogonal); diagonal neighbours join"),
    ('Grid.Parse("x.|.o", ".xo").Decomposition(0)', "[Grid([[1]]),Grid([[2]])]", "CGS §2.1: orthogonal by default"),
    ('Graph.Parse("L-R-L", vertexLabels => {"L" => 1, "R" => 2}).ToString(vertexLabels => {"L" => 1, "R" => 2})',
     '"L-R-L"', "CGS §2.5: ToString(vertexLabels = {=>}, edgeLabels = {=>}) writes labels back through the maps"),
    ('Graph.Path(3).ToString(edgeLabels => {"e" => Nothing})', '"ee"', "CGS §2.5: edgeLabels by name alone"),
    ("game.heap.Subtraction([1,2]).CakeProduct(game.heap.Subtraction([1]), twisted => true)",
     "GenCutcake(Subtraction([1, 2]), Subtraction([1]), true)", "CGS §1.3: CakeProduct(that, twisted = false)"),
    ("game.heap.TakeAndBreak.FromSubtractionSet([1,2], allbut => true)", 'TakeAndBreak("0.00[3]")',
     "CGS §1.3: FromSubtractionSet(subtset, codeDigit = \"3\", allbut = false)"),
    ("MisereCanonicalGame.DayN(maxBirthday => 2).Size", "3",
     "CGS §6.9: DayN(maxBirthday, ...); Conway, On Numbers and Games, ch. 12: 1, 2, 3, 5, 22 misère games by day"),
    # ------------------------------------------------------------ ranges (CGS §4.2, §5.1, §6.10)
    ("1..5", "1..5", "CGS §5.1: a range prints a..b"),
    ("1..10..3", "1..10..3", "CGS §5.1: a..b..s when the step is not 1"),
    ("(1..10..3).ToList", "[1,4,7,10]", "CGS §6.10: ToList"),
    ("(1..5).Size", "5", "CGS §6.10: Size"),
    ("(5..1..-1).ToList", "[5,4,3,2,1]", "CGS §4.2: a negative step"),
    ("(1..5)[2]", "2", "CGS §4.3: a range is a list, indexed from 1"),
    ("(2..8..2).Start", "2", "CGS §6.10: Range.Start"),
    ("(2..8..2).End", "8", "CGS §6.10: Range.End"),
    ("(2..8..2).Step", "2", "CGS §6.10: Range.Step"),
    ("(1..6).Filter(x -> x % 2 == 0)", "[2,4,6]", "CGS §6.10: Filter"),
    ("Sum(1..100)", "5050", "CGS §4.1: Sum"),
    # ------------------------------------------------------------ strings (CGS §4.1, §5.1, §6.11)
    ("\"abc\"", '"abc"', "CGS §5.1: strings print with quotes"),
    ("\"abc\" + \"def\"", '"abcdef"', "CGS §4.3: String + String"),
    ("\"abc\".Length", "3", "CGS §6.11: Length"),
    ("\"abc\"[2]", '"b"', "CGS §6.11: s[i], 1-based"),
    ("\"abc\".Concat(\"de\")", '"abcde"', "CGS §6.11: Concat"),
    ("\"Hello\".ToUpperCase", '"HELLO"', "CGS §6.11: ToUpperCase"),
    ("\"Hello\".ToLowerCase", '"hello"', "CGS §6.11: ToLowerCase"),
    ("\"abcdef\".Substring(2, 4)", '"bcd"', "CGS §6.11: Substring, 1-based inclusive"),
    ("\"a-b-c\".Replace(\"-\", \"+\")", '"a+b+c"', "CGS §6.11: Replace"),
    ("\"a1b22c\".ReplaceRegex(\"[0-9]+\", \"#\")", '"a#b#c"', "CGS §6.11: ReplaceRegex"),
    ("\"hello\".Matches(\"h.*o\")", "true", "CGS §6.11: Matches is a whole-string match"),
    ("\"hello\".Matches(\"h.*l\")", "false", "CGS §6.11: Matches is a whole-string match"),
    ("\"abc\".Updated(2, \"x\")", '"axc"', "CGS §6.11: Updated"),
    ("\"abc\".ToUnquotedOutput", "abc", "CGS §6.11: ToUnquotedOutput"),
    ("[\"b\", \"a\"]", '["b","a"]', "CGS §5.1: strings quoted inside collections"),
    ("{\"b\", \"a\", \"c\"}", '{"a","b","c"}', "CGS §5.8: strings lexicographically"),
    ("\"apple\" < \"banana\"", "true", "CGS §4.3: strings compare lexicographically"),
    ("\"say \\\"hi\\\"\".Length", "8", "CGS §4.1: \\\" is a quote"),
    ("\"a\\nb\".Length", "4", "CGS §4.1: other backslash sequences stay as they are"),
    ("\"a\\nb\"", '"a\\nb"', "CGS §4.1 and §5.1: printed verbatim"),
    ("\"say \\\"hi\\\"\"", '"say "hi""', "CGS §5.1: contents verbatim, quotes included"),
    ("3.ToString", '"3"', "CGS §6.1: ToString"),
    ("{3||2|1}.ToString + \"!\"", '"{3||2|1}!"', "CGS §6.1: ToString is the printed text"),
    # ------------------------------------------------------------ lists and sets (CGS §5.1, §6.10)
    ("[3, 1, 2]", "[3,1,2]", "CGS §5.1: lists in insertion order"),
    ("{3, 1, 2}", "{1,2,3}", "CGS §5.1: sets sorted"),
    ("[]", "[]", "CGS §5.1"),
    ("[1, 2] + [3]", "[1,2,3]", "CGS §4.3"),
    ("[3, 1, 2].Sorted", "[1,2,3]", "CGS §6.10: Sorted"),
    ("[*, 1, ^, -1/2, *2].Sorted", "[-1/2,1,*,*2,^]", "CGS §5.8: numbers, then nimbers, then other uptimals"),
    ("[3, 1, 2].SortedWith((a, b) -> b - a)", "[3,2,1]", "CGS §6.10: SortedWith"),
    ("[\"bb\", \"a\", \"ccc\"].SortedWith((a, b) -> a.Length - b.Length)", '["a","bb","ccc"]', "CGS §6.10"),
    ("[1, 2, 3, 4].Filter(x -> x > 2)", "[3,4]", "CGS §6.10: Filter"),
    ("{1, 2, 3, 4}.Filter(x -> x > 2)", "{3,4}", "CGS §6.10: a set filters to a set"),
    ("{1, 2, 3}.Apply(x -> x % 2)", "{0,1}", "CGS §6.10: Set.Apply gives a set"),
    ("[1, 2, 3].Apply(x -> x % 2)", "[1,0,1]", "CGS §6.10: List.Apply"),
    ("[1, 2, 3, 4].Count(x -> x % 2 == 0)", "2", "CGS §6.10: Count"),
    ("[1, 2, 3].Exists(x -> x > 2)", "true", "CGS §6.10: Exists"),
    ("[1, 2, 3].ForAll(x -> x > 2)", "false", "CGS §6.10: ForAll"),
    ("[1, 2, 3].Find(x -> x > 1)", "2", "CGS §6.10: Find"),
    ("[1, 2, 3].Find(x -> x > 5)", "", "CGS §6.10: Find gives Nothing"),
    ("[[1, 2], [3], []].Flattened", "[1,2,3]", "CGS §6.10: Flattened, one level"),
    ("[[1, [2]], [3]].Flattened", "[1,[2],3]", "CGS §6.10: only one level"),
    ("[4, 5, 6].Head", "4", "CGS §6.10: Head"),
    ("[4, 5, 6].Tail", "[5,6]", "CGS §6.10: Tail"),
    ("[1, 2].Adjoin(3)", "[1,2,3]", "CGS §6.10: Adjoin"),
    ("{1, 2}.Adjoin(0)", "{0,1,2}", "CGS §6.10: Adjoin to a set"),
    ("[1, 2].Concat([3, 4])", "[1,2,3,4]", "CGS §6.10: Concat"),
    ("[1, 2, 1, 3, 2].Distinct", "[1,2,3]", "CGS §6.10: Distinct keeps first occurrences"),
    ("[5, 6, 7].IndexOf(6)", "2", "CGS §6.10: IndexOf, 1-based"),
    ("[5, 6, 7].IndexOf(9)", "0", "CGS §6.10: IndexOf is 0 when absent"),
    ("[1, 2, 3, 4, 5].Sublist(2, 4)", "[2,3,4]", "CGS §6.10: Sublist, inclusive"),
    ("[1, 2, 3, 4, 5].Take(2)", "[1,2]", "CGS §6.10: Take"),
    ("[1, 2, 3].Updated(2, 9)", "[1,9,3]", "CGS §6.10: Updated"),
    ("[1, 2, 2, 3].ToSet", "{1,2,3}", "CGS §6.10: ToSet"),
    ("{3, 1}.ToList", "[1,3]", "CGS §6.10: ToList in the set's order"),
    ("{1, 2, 3}.Intersection({2, 3, 4})", "{2,3}", "CGS §6.10: Intersection"),
    ("{1, 2}.Union([2, 5])", "{1,2,5}", "CGS §6.10: Union"),
    ("{1, 2, 3}.Replaced({2 => 20})", "{1,3,20}", "CGS §6.10: Replaced"),
    ("{1, 2}.Replaced({7 => 8})", "{1,2,8}", "CGS §7.11: values are added even for absent keys"),
    ("[1, 2, 3].Size", "3", "CGS §6.10: Size"),
    ("[].IsEmpty", "true", "CGS §6.10: IsEmpty"),
    ("[2, 7, 1].Max", "7", "CGS §6.10: Max"),
    ("[2, 7, 1].Min", "1", "CGS §6.10: Min"),
    ("{0, 1, 2, 4}.Mex", "3", "CGS §6.10 and WW ch. 4: mex"),
    ("[*, *2].Sum", "*3", "CGS §6.10 with WW ch. 4: *1 + *2 = *3"),
    ("[1, 2, 3].Contains(2)", "true", "CGS §6.10: Contains"),
    ("x := []; [1, 2, 3].ForEach(y -> x := x + [y * y]); x", "[1,4,9]", "CGS §6.10: ForEach"),
    ("Sum([1, 2, 3])", "6", "CGS §4.1: Sum"),
    ("Max({4, 9, 2})", "9", "CGS §4.1: Max"),
    ("Min([4, 9, 2])", "2", "CGS §4.1: Min"),
    ("Mex([0, 1, 3])", "2", "CGS §4.1 and WW ch. 4"),
    ("[1, 2, 3][2]", "2", "CGS §4.3: lists are indexed from 1"),
    ("[{1|0}, *].Apply(g -> g.Temperature)", "[1/2,0]", "CGS §6.10 with WW ch. 6"),
    ("[*, ^, 0, v].Apply(g -> g.OutcomeClass)", "[N,L,P,R]", "CGS §6.10 with WW ch. 2 and 7: outcomes"),
    ("{[1, 2] | 0}", "{2|0}", "CGS §4.2: a list among the options is spliced in (ONAG ch. 10: 2 dominates 1)"),
    ("{[0, *] | {-1}}", "{0,*|-1}", "CGS §4.2: lists and sets are spliced in"),
    ("g := {2|-1}; {g.LeftOptions, 3 | g.RightOptions}", "{3|-1}", "CGS §4.2 with ONAG ch. 10: 3 dominates 2"),
    # ------------------------------------------------------------ comparison and identity (CGS §4.3)
    ("3 === 3", "true", "CGS §4.3: structural equality"),
    ("[1, 2] === [1, 2]", "true", "CGS §4.3"),
    ("[1, 2] !== [2, 1]", "true", "CGS §4.3"),
    ("{1|0} === {1,0|0}", "true", "CGS §4.3 with ONAG ch. 10: the dominated option 0 goes"),
    ("{1|0} === {1|0,-1}", "false", "CGS §4.3 with ONAG ch. 10: {1|0,-1} is {1|-1}"),
    ("1 <=> 2", "-1", "CGS §4.3: <=> gives -1, 0, 1 or *"),
    ("2 <=> 2", "0", "CGS §4.3"),
    ("^ <=> 0", "1", "CGS §4.3 with WW ch. 7: ^ > 0"),
    ("* <=> 0", "*", "CGS §4.3 with WW ch. 2: * is confused with 0"),
    ("[1, 2] == [1, 2]", "true", "CGS §4.3: == on lists is structural"),
    ("\"a\" == \"a\"", "true", "CGS §4.3"),
    ("not (1 < 2)", "false", "CGS §4.3"),
    ("1 < 2 and 2 < 3", "true", "CGS §4.3"),
    ("1 > 2 or * <> 0", "true", "CGS §4.3"),
    # ------------------------------------------------------------ constants (CGS §4.1, §5.1)
    ("Left", "Left", "CGS §4.1 and §5.1: enum values print their name"),
    ("Right", "Right", "CGS §4.1"),
    ("Left.Opponent", "Right", "CGS §2.7: Player.Opponent"),
    ("[Left, Right]", "[Left,Right]", "CGS §5.1"),
    ("Nothing", "", "CGS §4.1: Nothing prints nothing as a result"),
    ("[Nothing, 1]", "[Nothing,1]", "CGS §5.1: Nothing inside a collection"),
    ("true and not false", "true", "CGS §5.1: booleans"),
    ("[true, false]", "[true,false]", "CGS §5.1"),
    ("x := Nothing; x == Nothing", "true", "CGS §4.3"),
    # ------------------------------------------------------------ infix methods (CGS §4.3)
    ("3 NimProduct 5", "15", "CGS §4.3 with ONAG ch. 6: 3 x 5 = 15 in nim multiplication (Fermat 2-power 4)"),
    ("1 + 2 NimSum 3", "0", "CGS §4.3: infix methods bind looser than +, (1 + 2) NimSum 3"),
    ("* Heat 1 + 1", "+-2", "CGS §4.3: * Heat (1 + 1)"),
    ("{3|2} Cool 1 / 2", "5/2*", "CGS §4.3 with WW ch. 6: {3|2} cooled by its temperature 1/2"),
    ("^ Heat 2", "{2||0|-4}", "CGS §4.3 (the parse after a bare ^) with WW ch. 6: {0+2 | *Heat 2 - 2}"),
    # ------------------------------------------------------------ comments (CGS §4.1)
    ("1 + /* two */ 2", "3", "CGS §4.1: block comments"),
    ("1 + 2 // three", "3", "CGS §4.1: line comments"),
    # ------------------------------------------------------------ multi-line programs (CGS §4.4)
    ("def f(n)\nbegin\n  var a := 0;\n  var b := 1;\n  for i from 1 to n do\n    var t := a + b;\n    a := b;\n"
     "    b := t\n  end;\n  a\nend;\nf(30)", "832040", "CGS §4.5: a def with a begin ... end body"),
    ("total := 0;\nfor g in [*, *2, *3] do\n  total := total + g\nend;\ntotal", "0",
     "CGS §4.4 with WW ch. 4: *1 + *2 + *3 = 0"),
    ("pairs := [];\nfor a from 0 to 3 do\n  for b from 0 to 3 do\n    if *a + *b == 0 and a < b then pairs := pairs + [[a, b]] end\n"
     "  end\nend;\npairs", "[]", "CGS §4.4 with WW ch. 4: *a + *b = 0 only for a = b"),
    ("// the P-positions of Nim with heaps a, b, c below 4\n[[a, b, c] for a from 1 to 3 for b from a to 3 for c from b to 3\n"
     "  where *a + *b + *c == 0]", "[[1,2,3]]", "WW ch. 4: Bouton's theorem"),
    ("is_number := g -> g.IsNumber;\n[{0|1}, {1|0}, *, 5].Apply(is_number)", "[true,false,false,true]",
     "CGS §6.10 with ONAG ch. 0"),
    ("m := {};\nfor x from 1 to 3 do\n  m := m.Adjoin(x * x)\nend;\nm", "{1,4,9}", "CGS §6.10"),
    ("collatz := n -> if n == 1 then 0 elseif n % 2 == 0 then 1 + collatz(n / 2)\n"
     "  else 1 + collatz(3 * n + 1) end;\ncollatz(27)", "111", "CGS §4.5: recursion (Collatz 27 takes 111 steps)"),
    ("g := {2|-1};\nif g.Temperature > 1 then\n  \"hot\"\nelse\n  \"mild\"\nend", '"hot"',
     "WW ch. 6: {2|-1} has temperature 3/2"),
]


def _ids(rows):
    return [pytest.param(*row, id=row[0][:60]) for row in rows]


@pytest.mark.parametrize("source, printed, reference", _ids(GOLDEN))
def test_golden(source, printed, reference):
    assert reference
    try:
        output = run(source)
    except ShellError as error:
        output = str(error)
    assert output == printed


ERRORS = [
    ('game.grid.Domineering("..|..").WinningMoves',
     'line 1, column 1: Domineering.Position("..|..") is partizan: use WinningMoves(Left) or WinningMoves(Right)'),
    # a library message names positions as the shell prints them
    ('game.strip.ToadsAndFrogs("t.f").NimValue',
     'line 1, column 1: ToadsAndFrogs.Position("t.f") is not impartial: it has no Grundy value'),
    ("game.heap.Subtraction(1, 2, 3)",
     "line 1, column 1: game.heap.Subtraction: wrong arguments (usage: game.heap.Subtraction(subtractionSet, "
     "allbut => false))"),
    ("{3||2|1}.Cool(t => 1)", "line 1, column 1: method Cool takes no keyword arguments"),
    ("Graph.Path(2).ToString(foo => 1)",
     "line 1, column 1: ToString has no parameter foo: its parameters are vertexLabels, edgeLabels"),
    ('Graph.Path(2).ToString({"x" => 1}, vertexLabels => {"x" => 1})',
     "line 1, column 1: ToString: vertexLabels is given twice (by position and by name)"),
    ("MisereCanonicalGame.DayN(2, maxGames => 2)", "line 1, column 1: DayN(2): 3 games, more than maxGames = 2"),
    ("{1 => 2}.Adjoin(7)", "line 1, column 1: a map's elements are entries k => v, not 7"),
    ("if true then 2 end 3 4", "line 1, column 22: syntax error: unexpected '4'"),
    ("for i from 1 to 3 do i end end",
     "line 1, column 28: syntax error: unexpected 'end'; expected end of input or ';'"),
    ("{1*", "line 1, column 4: syntax error: unexpected end of input"),
    ("f := x -> x; f(1, 2)", "line 1, column 14: the procedure x -> x takes 1 argument, got 2"),
    ("def f(x) := x; f()", "line 1, column 16: f takes 1 argument, got 0"),
    ("def f(x) := x; f(1, y => 2)", "line 1, column 16: f has no parameter y"),
    ("def f(n) := f(n + 1); f(1)", None),
    ("(1 + 2) -> 3", "line 1, column 1: the left side of -> must be a name or names in parentheses, got 1 + 2"),
    ("(x, x) -> x", "line 1, column 1: a procedure names the same parameter twice"),
    ("{1 => 2}[3]", "line 1, column 1: key not found: 3"),
    ("\"abc\"[4]", "line 1, column 1: index 4 out of range 1..3"),
    ("[1, 2].Filter(x -> 3)", "line 1, column 1: a predicate must return true or false, got 3"),
    ("[[1]].ToSet", None),
    ("1..2..0", "line 1, column 1: a range step must not be 0"),
    ("1..(1/2)", "line 1, column 1: a range end must be an integer, got 1/2"),
    ("\"a\".Matches(\"(\")", None),
    ("[].Head", "line 1, column 1: Head of an empty collection"),
    ("[].Sum", "line 1, column 1: Sum of an empty collection"),      # CGS §6.10: error if empty
    ("Sum([])", "line 1, column 1: Sum of an empty collection"),
    ("{1/2 ^ *|0}", "line 1, column 4: cannot raise 2 to the power *: between two values ^ is a power, as in "
     "CGSuite; a number and ups are added with +, e.g. 1 + ^*"),
    ("x := *; 1^x", None),
    ("for x from 1 to 3 by 0 do end", "line 1, column 1: 'by' must not be 0"),
    ("while 1 do end", "line 1, column 1: the while condition must be true or false, got 1"),
    ("[x for x in 5]", "line 1, column 1: cannot loop over 5"),
    ("[1, 2].Updated(3, 0)", "line 1, column 1: index 3 out of range 1..2"),
    ("\"abc\".Substring(2, 5)", "line 1, column 1: Substring: 2 to 5 is out of range for a string of length 3"),
    ("[3, 1].SortedWith((a, b) -> true)", "line 1, column 1: a comparator must return an integer, got true"),
    ("x -> x.Foo; (x -> x.Foo)(3)", "line 1, column 19: 3 has no method Foo"),
    # v, vv, v3 are downs wherever an operand is expected (CGS §4.2), so a variable of that name could never
    # be read: binding one is refused instead of silently reading ↓
    ("for v1 in [1, 2] yield v1 end",
     "line 1, column 5: v1 cannot name a variable: in an expression it is the down literal (v1 is ↓), so choose "
     "another name"),
    ("def g(x, vv) := vv", "line 1, column 10: vv cannot name a variable: in an expression it is the down literal "
     "(vv is 2·↓), so choose another name"),
    ("f := v -> v + 1", "line 1, column 6: v cannot name a variable: in an expression it is the down literal (v is "
     "↓), so choose another name"),
    ("x := 1;\nv3 := 2", "line 2, column 1: v3 cannot name a variable: in an expression it is the down literal (v3 "
     "is 3·↓), so choose another name"),
]


@pytest.mark.parametrize("source, message", [pytest.param(s, m, id=s) for s, m in ERRORS])
def test_errors_are_one_line(source, message):
    one_located_error(source, message)


def test_deep_recursion_is_bounded():
    from cgt.shell.evaluator import MAX_CALL_DEPTH

    assert run(f"def f(n) := if n == 0 then 0 else 1 + f(n - 1) end; f({MAX_CALL_DEPTH - 10})") == str(
        MAX_CALL_DEPTH - 10
    )
    with pytest.raises(ShellError, match="recursion too deep"):
        run(f"def f(n) := if n == 0 then 0 else 1 + f(n - 1) end; f({MAX_CALL_DEPTH + 10})")


def test_loops_are_bounded():
    from cgt.shell.limits import STRICT

    with pytest.raises(ShellError, match="loop too long"):
        run("while true do end", limits=STRICT)
    with pytest.raises(ShellError, match="loop too long"):
        run("for x from 1 do end", limits=STRICT)


def test_session_keeps_procedures_between_inputs():
    from cgt.shell import Session

    session = Session()
    assert session.run("def sq(x) := x * x;") == ""
    assert session.run("sq(12)") == "144"
    assert session.run("[1, 2, 3].Apply(sq)") == "[1,4,9]"
    assert session.run("sq") == "x -> x * x"


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
def test_ctrl_c_stops_a_runaway_loop_and_the_shell_goes_on():
    proc = subprocess.Popen(
        cgt_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "CGT_HISTORY": os.devnull},
    )
    try:
        proc.stdin.write("1 + 1\n")
        proc.stdin.flush()
        assert proc.stdout.readline() == "2\n"     # the shell is up and reading its input
        proc.stdin.write("while true do end\n")
        proc.stdin.flush()
        time.sleep(2)                              # it reads the entry and enters the loop
        proc.send_signal(signal.SIGINT)
        proc.stdin.write("6 * 7\n")
        proc.stdin.flush()
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert out == "42\n"
    assert err == "interrupted\n"
    assert proc.returncode == 1


def test_script_file_with_multi_line_entries(tmp_path):
    script = tmp_path / "nim.cgs"
    script.write_text(
        "// Nim values of sums of heaps\n"
        "def nimsum(a, b) := a NimSum b;\n"
        "def row(n)\n"
        "begin\n"
        "  [nimsum(n, k) for k from 0 to 3]\n"
        "end\n"
        "row(1)\n"
        "for n from 2 to 3 yield row(n) end\n",
        encoding="utf-8",
    )
    result = subprocess.run(cgt_command() + [str(script)], capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == "[1,0,3,2]\n[[2,3,0,1],[3,2,1,0]]\n"


def test_script_file_with_a_class_whose_nested_class_is_followed_by_a_member(tmp_path):
    """Entries are read line by line: a nested ``class … end`` followed by another member of the outer class
    (CGSuite's ruleset skeleton, docs/shell.md's StepGame) is still one entry, not sent off at the member."""
    script = tmp_path / "step.cgs"
    script.write_text(
        "class StepGame(leftStep as Integer, rightStep as Integer ? 1) extends Ruleset\n"
        "  class Position(n as Integer) extends Game\n"
        "    override def Options(player as Player) begin\n"
        "      var d := if player == Left then leftStep else rightStep end;\n"
        "      if n >= d then [Position(n - d)] else [] end\n"
        "    end\n"
        "  end\n"
        "  def Eval(n as Integer) := Position(n);\n"
        "end\n"
        "StepGame(2)(5).CanonicalForm == game.heap.PartizanSubtraction([2], [1])(5).CanonicalForm\n",
        encoding="utf-8",
    )
    result = subprocess.run(cgt_command() + [str(script)], capture_output=True, text=True, timeout=120)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == "true\n"


# A search as CGSuite's users write them: a recursive procedure makes every strip of Toads and Frogs of a
# length, and a second one keeps those of a given value, with nested for ... where ... yield loops inside
# begin ... end.
TOADS_AND_FROGS_SEARCH = """
def strips(n) begin
  if n == 0 then [""] else
    for s in strips(n - 1) for c in [".", "t", "f"] yield s + c end
  end
end;
def search(n, target) begin
  var found := for s in strips(n)
                 where s.Contains("t") and s.Contains("f")
                 for g := game.strip.ToadsAndFrogs(s)
                 where g.CanonicalForm == target
                 yield s
               end;
  found
end;
"""


@pytest.mark.parametrize("call, length, value", [("search(4, *)", 4, "*"), ("search(5, 1/2)", 5, "1/2"),
                                                 ("search(5, {1/2|0})", 5, "{1/2|0}"), ("search(5, ^)", 5, "^")])
def test_a_toads_and_frogs_search_procedure(call, length, value):
    import itertools

    import cgt
    from cgt.games import ToadsAndFrogs

    found = run(TOADS_AND_FROGS_SEARCH + call)
    # the same search in Python, by the library's own ruleset
    expected = ["".join(p) for p in itertools.product(".tf", repeat=length)
                if "t" in p and "f" in p and ToadsAndFrogs("".join(p)).value == cgt.game(value)]
    assert found == "[" + ",".join(f'"{s}"' for s in expected) + "]"
    assert expected            # each search finds something
