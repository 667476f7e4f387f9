"""Operator methods of script classes beyond the arithmetic ones (unary minus ``op-()``, indexing ``op[]``, the
comparisons ``op==`` ``op<=`` …) and ``ToOutput`` overrides used by printing (CGSUITE.md §4.6 and §5)."""

from __future__ import annotations

import pytest

from cgt.shell import Session, ShellError

# V(a) is ordered by a; S(xs) by inclusion of its list of elements (a partial order).
CLASSES = (
    "class V(a) def op<=(that) := a <= that.a; def op-() := V(-a); def op-(that) := V(a - that.a); "
    "def op[](i) := a * i; end; "
    "class S(xs) def op<=(that) := [x for x in xs where not that.xs.Contains(x)].IsEmpty; end; "
    "class E(a) def op==(that) := a.Floor == that.a.Floor; end; "
)

GOLDEN = [
    # op<= gives every order relation (a <= b and b <= a by the method)
    ("[V(1) <= V(2), V(2) <= V(1), V(1) < V(2), V(2) > V(1), V(1) >= V(1), V(1) < V(1)]",
     "[true,false,true,true,true,false]"),
    ("[V(1) <=> V(2), V(2) <=> V(1), V(1) <=> V(1), V(1) <> V(2), V(1) <| V(2), V(1) |> V(2)]",
     "[-1,1,0,false,true,false]"),
    # a partial order: {1} and {2} are confused (neither contains the other); {1} < {1,2}
    ("[S([1]) <> S([2]), S([1]) <=> S([2]), S([1]) < S([1,2]), S([1]) <| S([2]), S([1,2]) >= S([1]), "
     "S([1]) >= S([2])]", "[true,*,true,true,true,false]"),
    # without op==, == compares the fields (the objects are values); op== replaces that, and gives !=
    ("[V(1) == V(1), V(1) == V(2), V(1) != V(1)]", "[true,false,false]"),
    ("[E(3/2) == E(1), E(3/2) != E(2), E(1) === E(3/2)]", "[true,true,false]"),
    # the right operand's method, mirrored: 3 >= V(...) is V(...) <= 3
    ("class W(a) def op<=(that) := a <= that; end; [W(1) <= 2, 2 >= W(1), 2 <= W(1)]", "ERROR cannot compare"),
    ("class W(a) def op<=(that) := a <= that; def op>=(that) := a >= that; end; [W(1) <= 2, 2 >= W(1), "
     "0 >= W(1)]", "[true,true,false]"),
    # unary minus is op-() (no parameters); op-(that) stays subtraction
    ("[-V(3), V(5) - V(2), -(-V(1))]", "[V(-3),V(3),V(1)]"),
    ("class M(a) def op-(that) := 1; end; -M(1)", "ERROR cannot negate M(1)"),
    ("class M(a) def op-() := 1; end; M(1) - M(2)", "ERROR cannot subtract M(1)"),
    # indexing
    ("[V(4)[3], V(2)[V(2)[5]]]", "[12,20]"),
    ("class N(a) end; N(1)[2]", "ERROR cannot index N(1)"),
    ("class B(a) def op<=(that) := 1; end; B(1) <= B(2)", "ERROR op<= of B(1) must give true or false, got 1"),
    # ToOutput: a string prints as it is, another value as it prints; ToString is its text (CGSUITE.md §5)
    ("class P(a) def ToOutput := \"P<\" + a.ToString + \">\"; end; [P(1), {P(2)}, P(1).ToString, "
     "\"x\" + P(4).ToString]", '[P<1>,{P<2>},"P<1>","xP<4>"]'),
    ("class P(a) def ToOutput := \"p\"; end; class Q(b) def ToOutput := P(b).ToOutput; end; "
     "class R(c) def ToOutput := [c, c]; end; [Q(2), R(3)]", "[p,[3,3]]"),
    ("class P(a) def ToOutput := \"p\"; def ToString := \"s\"; end; P(1)", "p"),
    # a script game prints through its ToOutput, its options too; the values are unchanged
    ("class G(n) extends Game override def Options(p) := if n > 0 then [G(n - 1)] else [] end; "
     "def ToOutput := \"g\" + n.ToString; end; [G(2), G(2).LeftOptions, G(2).CanonicalForm, G(3).CanonicalForm]",
     "[g2,[g1],0,*]"),
    ("class P(a) def ToOutput := error(\"no text\"); end; P(1)", "ERROR no text"),
]


@pytest.mark.parametrize("program, expected", GOLDEN)
def test_golden(program, expected):
    session = Session()
    session.run(CLASSES)
    if expected.startswith("ERROR "):
        with pytest.raises(ShellError) as error:
            session.run(program)
        assert expected[len("ERROR "):] in str(error.value) and "\n" not in str(error.value)
    else:
        assert session.run(program) == expected


def test_operator_names_belong_in_classes():
    with pytest.raises(ShellError) as error:
        Session().run("def op<=(x) := true")
    assert "def op<= declares an operator method: it belongs in a class" in str(error.value)
