"""``help`` and ``help(name)``: the shell's documentation, taken from the library's docstrings.

>>> from cgt.shell import run
>>> "Cool" in run("help")
True
>>> run("help(Mean)").splitlines()[0]
'G.Mean'
>>> run("help(IsEvenTempered)").splitlines()[1]
'Even-tempered games: equal to a number, or not a number and every option odd-tempered.'
"""

from __future__ import annotations

import difflib
import textwrap

from cgt.shell.builtins import FUNCTIONS, HELP, RulesetFunction
from cgt.shell.classes import CLASSES, ClassValue
from cgt.shell.errors import ShellError
from cgt.shell.method_registry import Method, docstring_text
from cgt.shell.methods import REGISTRY
from cgt.shell.registry import registry
from cgt.shell.script_rulesets import loaded_rulesets
from cgt.shell.userclasses import ScriptClass, ScriptObject, class_help, find_script
from cgt.shell.values import BoundMethod, Function, HelpText, Namespace, describe

SYNTAX = """\
Values      3  -1/2  *  *2  ^  v  ^^*  ^3  v<2>  ^[2]  3+*  1/2+^*  +-1  3+-1  Tiny(2)  2Miny(1)
            true  false  Nothing  "text"  Left  Right
Games       {0|1,2}   {3||2|1} = {3|{2|1}}   {|} = 0   (more bars bind looser)
Operators   + - * /  %   == != <= >= < >   <> (confused)  <| (less or confused)  |> (greater or confused)
            a NimSum b   a NimProduct b   G Heat t   (any one-argument method can be written infix)
            2*3 is 6 and 2^3 is 8, as in CGSuite; the games are written 2 + *3 and 2 + ^3
            G : H (ordinal sum)   === !== (the same value)   <=> (-1, 0, 1 or *)   x is Nimber
Statements  x := expr   var x := expr   a; b   (a final ; prints nothing)   // comment   /* comment */
Control     if c then a elseif d then b else e end     begin ... end
            for n from 1 to 10 by 2 where n % 3 != 0 do ... end    for x in L yield x * x end
            for n from 1 while n < 10 yield n end     while c do ... end
Procedures  f := x -> x + 1   (a, b) -> a * b   def f(n) := ...   def f(n) begin ... end   error("...")
Collections [1,2,3]  {1,3} (set)  {1 => 2} (map)  1..10..3 (range)  (3,5) (coordinates)
            [n * n for n from 1 to 5 where n % 2 == 1]   list[1] is the first element
            L.Apply(f)  L.Filter(p)  L.SortedWith((a, b) -> b - a)  L.Sorted  "abc".Substring(1, 2)
Numbers     5/7  3/0 = inf  omega (or ω)  omega^2 * 3 + 1  (omega+1)/(omega-1)  *omega  *(omega+1)
            a ^ b is a power after an operand (2 ^ 10, x^2); where an operand starts ^ is up (^, ^3)
Misere      *[2] (the heap *2)  *[4,2] = {*4,*2}  *[[2]] = {*2}  *[[4,2],4,3,1]  *[[*[4] + *[2]]]
            printed forms read back: *[2#] *[(42)31] *[2[#1]] *[&12;]; digits only, *[42], is entry: the heap *42
            G.MisereCanonicalForm  G.Genus  G.IsTame  G.Partitions  MisereCanonicalGame.DayN(3)
            Kayles(3) + Kayles(3) is a compound sum: .MisereNimValue  .Genus  .CanonicalForm
Methods     G.LeftStop  G.Cool(1)  ^.Pow(3)  G.UptimalExpansion  G.Class  7.Div(2)  ... see the list below;
            help(Name) explains one"""


def method_help(methods: list[Method], extensions: list[Method] = ()) -> str:
    """The help of the methods of one name: its signature and documentation, each under the kind of value
    it belongs to when there are several; then those of ``extensions`` (methods extending them to more
    values: the number tower's, misère play's, loopy games') under "Also on".

    >>> from cgt.shell.method_registry import Section
    >>> def biggest(items):
    ...     '''The largest element.'''
    >>> def larger(x, y):
    ...     '''The larger of two numbers.'''
    >>> lists, numbers = Section("lists", list, letter="L"), Section("numbers", int, secondary=True)
    >>> _ = lists.method("Max", biggest)
    >>> _ = numbers.method("Max", larger, arity=(1, 1), usage="x.Max(y)")
    >>> print(method_help([lists.methods["Max"]], [numbers.methods["Max"]]))
    L.Max
    The largest element.
    <BLANKLINE>
    Also on numbers: x.Max(y)
    The larger of two numbers.
    """
    if not methods:
        methods, extensions = list(extensions), []
    if len(methods) == 1:
        text = methods[0].help_text()
    else:
        text = "\n\n".join(f"On {m.section.label}: " + m.help_text() for m in methods)
    return "\n\n".join([text] + [f"Also on {m.section.label}: " + m.help_text() for m in extensions])


def topic(name: str, scope=None) -> str:
    """The help text for a name: a function, ruleset, method or ``syntax``.

    >>> topic("Heat").splitlines()[0]
    'G.Heat(t), or G Heat t'
    >>> topic("CheckPeriodicity").splitlines()[0]
    'R.CheckPeriodicity(n)'
    """
    if name == "syntax":
        return SYNTAX
    if name == "help":
        return HELP.doc
    if scope is not None:
        value = scope.lookup(name, None)
        if value is not None and isinstance(value, (Function, Namespace, BoundMethod)):
            return describe_value(value)
    primary, extensions = REGISTRY.documented(name)
    if primary or extensions:
        return method_help(primary, extensions)
    for path, entry in registry().items():
        if name in (path, entry.name):
            return describe_value(RulesetFunction(entry))
    if name in FUNCTIONS:
        return describe_value(FUNCTIONS[name])
    known = sorted(set(REGISTRY.names()) | set(FUNCTIONS) | {e.name for e in registry().values()})
    close = [n for n in known if n.lower() == name.lower()] or difflib.get_close_matches(name, known, 1, 0.8)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise ShellError(f"no help for {name!r}{hint}; type help for the list of names")


def describe_value(value) -> str:
    """Help for a value: a function's or ruleset's docstring, a namespace's members.

    >>> describe_value(HELP)
    'help shows an overview; help(name) the documentation of name.'
    """
    if isinstance(value, RulesetFunction):
        return value.name + "\n" + value.help()
    if isinstance(value, Function):
        return docstring_text(value.doc) if value.doc else value.name
    if isinstance(value, Namespace):
        return f"{value.path}: " + ", ".join(sorted(value.entries))
    if isinstance(value, BoundMethod):
        return value.method.help_text()
    if isinstance(value, ScriptClass):
        return class_help(value)
    if isinstance(value, ScriptObject):
        if value.cls.singleton:
            return class_help(value.cls)
        return f"{describe(value)}: an object of the class {value.cls.qualified_name}\n" + class_help(value.cls)
    return "no documentation for this value; type help for the list of names"


def overview() -> str:
    """The text of plain ``help``: syntax, functions, rulesets (the catalogue's, then the script rulesets read
    from ``.cgs`` files so far, with their files), and the methods of each kind of value.

    >>> text = overview()
    >>> "game.heap.Kayles" in text and "  graphs: AdjacencyList" in text
    True
    """
    lines = [SYNTAX, "", "Functions   " + "  ".join(sorted(FUNCTIONS)) + "  help"]
    paths = list(registry())
    for i in range(0, len(paths), 4):
        lines.append(("Rulesets    " if i == 0 else "            ") + "  ".join(paths[i : i + 4]))
    for i, (name, file) in enumerate(loaded_rulesets()):
        lines.append(("From files  " if i == 0 else "            ") + f"{name} (from {file})")
    lines.append("Methods, by the kind of value that has them:")
    kinds: dict[str, set[str]] = {}
    for section in REGISTRY.sections:
        kinds.setdefault(section.label, set()).update(section.methods)
    for label, names in kinds.items():
        lines.extend(textwrap.wrap(f"  {label}: " + "  ".join(sorted(names)), width=110,
                                   subsequent_indent=" " * 12, break_on_hyphens=False))
    lines.append("help(Name) documents one of these; help(syntax) repeats the syntax table.")
    return "\n".join(lines)


def help_function(interpreter, arguments, scope) -> HelpText:
    """Evaluate ``help`` / ``help(x)``: ``arguments`` is the unevaluated argument tree (or values).

    A bare name that is not a variable is looked up as a topic, so ``help(Cool)``
    works although ``Cool`` is a method, not a value.
    """
    if arguments is None:
        return HelpText(overview())
    if isinstance(arguments, list):  # already evaluated (help called through a variable)
        nodes = None
        values = arguments
    else:
        nodes = arguments.children
        values = None
    count = len(nodes if nodes is not None else values)
    if count != 1:
        raise ShellError(f"help takes 0 or 1 argument, got {count}")
    if nodes is not None:
        node = nodes[0]
        if node.data == "name":
            name = str(node.children[0])
            value = scope.lookup(name, None)
            if value is None:
                found = find_script(interpreter, name, package=scope.lookup("$package", ""))
                if isinstance(found, (ScriptClass, ScriptObject)):
                    return HelpText(describe_value(found))
                return HelpText(topic(name, scope))
            if isinstance(value, (ScriptClass, ScriptObject)):
                return HelpText(describe_value(value))
            if isinstance(value, ClassValue) and CLASSES.get(name) is value:
                return HelpText(f"{name}: CGSuite's class {value.qualified_name}, a value (x.Class == {name}, "
                                f"x is {name}); its members: Name, QualifiedName")
            if not isinstance(value, (Function, Namespace, BoundMethod)):
                return HelpText(f"{name} is a variable: {describe(value)}")
            return HelpText(describe_value(value))
        value = interpreter.eval(node, scope)
    else:
        value = values[0]
    if isinstance(value, str):
        return HelpText(topic(value, scope))
    return HelpText(describe_value(value))
