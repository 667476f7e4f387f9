"""The shell's one method registry: every method has help, lookup is most specific first, coercions reach
the methods of what a value also is, and help, completion and "did you mean" read the same registry."""

import pytest

from cgt.shell import ShellError, run
from cgt.shell.helptext import topic
from cgt.shell.method_registry import Coercion, Method, MethodRegistry, Section
from cgt.shell.methods import REGISTRY, SECTIONS
from cgt.shell.repl import ShellCompleter
from cgt.shell.session import Session

ALL_METHODS = [(section, method) for section in SECTIONS for method in section.methods.values()]


def test_the_registry_holds_every_section_and_many_methods():
    assert set(REGISTRY.sections) == set(SECTIONS)
    assert len(ALL_METHODS) > 250 and {"Cool", "Filter", "Vertices", "CheckPeriodicity", "Genus"} <= set(
        REGISTRY.names())


@pytest.mark.parametrize("section, method", ALL_METHODS, ids=lambda x: getattr(x, "label", None) or x.name)
def test_every_method_has_help_for_every_type(section, method):
    # the documentation is a function object's docstring, never text or a "module:attr" reference
    assert not isinstance(method.doc, str) and method.help().strip()
    assert method.name in method.usage                    # its CGSuite signature
    # help(Name) shows this method's signature and text, whichever kind of value it belongs to
    assert method.help_text() in topic(method.name)


@pytest.mark.parametrize("name", REGISTRY.names())
def test_help_of_every_method_name_in_the_shell(name):
    text = run(f"help({name})")
    assert text.strip() and "no help" not in text


def test_help_of_methods_that_had_none():
    assert run("help(Vertices)") == "g.Vertices\nThe vertices, 1..n."
    assert run("help(Filter)") == ("C.Filter(p)\nThe elements x for which the predicate p(x) is true "
                                   "(a set stays a set, a map a map).")
    text = run("help(CheckPeriodicity)")
    assert text.startswith("R.CheckPeriodicity(n)\nR.CheckPeriodicity(n) as CGSuite computes it")
    assert "did you mean" not in text


def test_help_lists_every_kind_with_the_extensions_last():
    assert run("help(NimSum)").startswith("a NimSum b, or a.NimSum(b)\n")
    text = run("help(Birthday)")
    assert text.startswith("G.Birthday\n")
    assert "\n\nAlso on numbers, ordinals and surreals: x.Birthday\n" in text
    assert "\n\nAlso on transfinite nimbers: x.Birthday\n" in text
    decomposition = run("help(Decomposition)")
    assert decomposition.startswith("On games and numbers: G.Decomposition\nThe summands of G: [G] for a value.")
    assert "On strips: s.Decomposition(boundaryValue)\nThe maximal runs of cells" in decomposition


def test_help_suggests_names_from_the_registry():
    with pytest.raises(ShellError, match=r"no help for 'Vertics' \(did you mean Vertices\?\)"):
        run("help(Vertics)")


def test_did_you_mean_knows_every_method_of_the_value():
    with pytest.raises(ShellError, match=r"\[1,2\] has no method Fitler \(did you mean Filter\?\)"):
        run("[1, 2].Fitler(x -> true)")
    with pytest.raises(ShellError, match=r"1\.\.5 has no method start \(did you mean Start\?\)"):
        run("(1..5).start")
    with pytest.raises(ShellError, match=r"1/3 has no method Foo$"):     # no game value is asked for
        run("(1/3).Foo")


def test_completion_offers_every_method():
    completer = ShellCompleter(Session())
    assert completer.candidates("[1].Fil")[0] == ["Filter"]
    assert completer.candidates("Graph.Path(3).Vert")[0] == ["VertexCount", "VertexLabels", "VertexToString",
                                                              "Vertices"]


# ---------------------------------------------------------------- lookup order

def test_lookup_is_most_specific_first():
    # Graph declares its own ToString (with label maps); every other value has object's
    assert run('Graph.Path(2).ToString({=>}, {=>})') == '"-"'
    assert run("[1, 2].ToString") == '"[1,2]"'
    with pytest.raises(ShellError, match="ToString takes 0 arguments, got 1"):
        run("[1, 2].ToString(1)")
    # an integer's own NimSum (XOR) comes before the surreal numbers' it also offers
    assert run("11.NimSum(5)") == "14" and run("omega.NimSum(3)") == "ω+3"
    # a move is a position: Position's methods serve it
    assert run("Kayles(5).Moves.Head.Label") == '"5→4"'
    # true is a bool, which Python makes an int; the shell cuts int out of its hierarchy
    with pytest.raises(ShellError, match="true has no method Numerator"):
        run("true.Numerator")


def test_lookup_walks_the_python_hierarchy():
    class Shape:
        pass

    class Square(Shape):
        pass

    def sides(shape):
        """The number of sides."""
        return 0

    shapes, squares = Section("shapes", Shape), Section("squares", Square)
    shapes.method("Sides", sides)
    shapes.method("Name", lambda s: "shape", doc=sides)
    squares.method("Sides", lambda s: 4, doc=sides)
    registry = MethodRegistry([shapes, squares])
    square = Square()
    assert registry.lookup(square, "Sides") == (squares.methods["Sides"], square)
    assert registry.call(square, "Name", []) == "shape" and registry.call(Shape(), "Sides", []) == 0


def test_coercions_reach_what_a_value_also_is():
    assert run("3.LeftStop") == "3" and run("(3/4).Birthday") == "3"            # an integer is a game
    assert run("5.Floor") == "5" and run("{0|1}.Floor") == "0"                  # ... and a number
    assert run('Domineering("..|..").LeftStop') == "1"                         # a position offers its value's
    assert run("(1..6).Grouped(4)") == "[[1,2,3,4],[5,6]]"                       # a range is a list
    assert run("Kayles.CheckPeriodicity(300)") == "Periodicity(Period => 12, Preperiod => 71, Saltus => 0)"
    assert run('TakeAndBreak.FromSubtractionSet([1, 2]).NimValueSequence(4)') == "[1,2,0,1]"
    with pytest.raises(ShellError, match="1/3 is not a dyadic rational"):
        run("(1/3).LeftStop")


def test_a_coercion_converts_only_for_a_name_its_target_has():
    converted = []

    class Big:
        pass

    def length(x):
        """The length."""
        return 1

    section = Section("ints", int)
    section.method("Length", length)
    registry = MethodRegistry([section], [Coercion(Big, int, lambda b: converted.append(b) or 7)])
    big = Big()
    assert registry.lookup(big, "Width") is None and converted == []
    assert registry.call(big, "Length", []) == 1 and converted == [big]
    assert registry.names_for(big) == {"Length"}


def test_declarations_are_checked():
    section = Section("lists", list)
    with pytest.raises(TypeError, match="function object"):
        section.method("Size", len, doc="The number of elements.")
    with pytest.raises(ValueError, match="no docstring"):
        section.method("Size", lambda c: len(c))
    with pytest.raises(ValueError, match="CGSuite signature"):
        section.method("Take", lambda c, n: c[:n], arity=(1, 1), doc=Method)
    section.method("Size", len, doc=Method)
    with pytest.raises(ValueError, match="declared twice"):
        section.method("Size", len, doc=Method)
    other = Section("more lists", list)
    other.method("Size", len, doc=Method)
    with pytest.raises(ValueError, match="Size is declared twice for list"):
        MethodRegistry([section, other])


def test_procedures_run_under_the_shell():
    assert run("[3, 1, 2].SortedWith((a, b) -> b - a)") == "[3,2,1]"
    assert run("{1, 2, 3}.Filter(x -> x > 1)") == "{2,3}"
