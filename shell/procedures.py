"""CGScript procedures (``x -> x + 1``, ``def f(n) := …``) and the source text they print as.

A :class:`~cgt.shell.values.Procedure` keeps its parameters (:class:`Parameter`), the parse tree of its
body and the scope it was made in (so procedures are closures).  It prints as its source rebuilt from the
syntax tree, the way CGSuite does: single spaces around binary operators, ``f(a, b)``,
``[a, b]``, ``{a,b | c}`` for game literals; parentheses only where the operators' precedence needs them.

>>> from cgt.shell import run
>>> run("x -> x+1"), run("(a,b) -> (a+b)*2"), run("() -> [1,2]")
('x -> x + 1', '(a, b) -> (a + b) * 2', '() -> [1, 2]')
"""

from __future__ import annotations

from lark import Token, Tree

from cgt.shell.errors import ShellError
from cgt.shell.methods import REGISTRY
from cgt.shell.parser import DOWN_NAME, down_name_message
from cgt.shell.values import Function


class Parameter:
    """One parameter: a name, optionally its class (``n as Integer``, checked at the call), a default
    expression (``x ? 0``) or the rest marker (``xs...``)."""

    __slots__ = ("name", "default", "rest", "type_name")

    def __init__(self, name: str, default=None, rest: bool = False, type_name: str | None = None):
        self.name, self.default, self.rest, self.type_name = name, default, rest, type_name

    def text(self) -> str:
        name = self.name if self.type_name is None else f"{self.name} as {self.type_name}"
        if self.rest:
            return name + "..."
        if self.default is not None:
            return f"{name} ? {unparse(self.default)}"
        return name


def parameters_of(node) -> list:
    """The parameters named on the left of ``->``: a name, names in parentheses, or ``()``.

    >>> from cgt.shell.parser import parse
    >>> tree = parse("(a, b) -> a").children[0].children[0]
    >>> [p.name for p in parameters_of(tree.children[0])]
    ['a', 'b']
    """
    items = [node]
    if isinstance(node, Tree) and node.data == "tuple":
        if not node.children:
            return []
        first, rest = node.children
        items = [first] + ([] if rest is None else list(rest.children))
    if all(isinstance(i, Tree) and i.data == "name" for i in items):
        names = [str(i.children[0]) for i in items]
        if len(set(names)) < len(names):
            raise ShellError("a procedure names the same parameter twice")
        return [Parameter(n) for n in names]
    for item in items:
        if isinstance(item, Tree) and item.data == "uptimal" and DOWN_NAME.fullmatch(str(item.children[0])):
            raise ShellError(down_name_message(str(item.children[0])))
    raise ShellError(f"the left side of -> must be a name or names in parentheses, got {unparse(node)}")


def declared_parameters(node) -> list:
    """The parameters of ``def f(x, y ? 1, zs...)``."""
    if node is None:
        return []
    result = []
    for child in node.children:
        name = str(child.children[0])
        if any(p.name == name for p in result):
            raise ShellError(f"parameter {name} is named twice")
        spec = child.children[1]
        type_name = None if spec is None else dotted_text(spec.children[0])
        if child.data == "param_default":
            result.append(Parameter(name, default=child.children[2], type_name=type_name))
        elif child.data == "param_rest":
            result.append(Parameter(name, rest=True, type_name=type_name))
        else:
            result.append(Parameter(name, type_name=type_name))
    if any(p.rest for p in result[:-1]):
        raise ShellError("only the last parameter may collect the remaining arguments (name...)")
    return result


def dotted_text(node) -> str:
    """``game.grid.GridRuleset``: the text of a dotted name node."""
    return ".".join(str(part) for part in node.children)


def procedure_text(parameters: list, body) -> str:
    """``x -> body`` or ``(a, b) -> body``."""
    if len(parameters) == 1 and parameters[0].default is None and not parameters[0].rest:
        head = parameters[0].name
    else:
        head = "(" + ", ".join(p.text() for p in parameters) + ")"
    return f"{head} -> {unparse(body)}"


# ---------------------------------------------------------------- unparsing
# Binding strength of each node (CGSuite's precedence); larger binds tighter.
_BINARY = {
    "or_": ("or", 2), "and_": ("and", 3), "range_": ("..", 7), "add": ("+", 8), "sub": ("-", 8),
    "add_switch": ("+-", 8), "ordinal_sum": (":", 9), "mul": ("*", 10), "div": ("/", 10), "mod": ("%", 10),
}
_LEVEL = {
    "assign": 0, "var_": 0, "def_": 0, "procedure": 1, "not_": 4, "is_": 5, "compare": 5, "infix_call": 6,
    "neg": 11, "pos": 11, "switch": 11, "power": 12, "attr": 13, "call": 13, "call_comp": 13, "index": 13,
}


def _level(node) -> int:
    if isinstance(node, Tree):
        if node.data in _BINARY:
            return _BINARY[node.data][1]
        return _LEVEL.get(node.data, 14)
    return 14


def _wrap(node, least: int) -> str:
    text = unparse(node)
    return f"({text})" if _level(node) < least else text


def _block(node) -> str:
    return "; ".join("" if s is None else unparse(s) for s in node.children)


def _items(node) -> list:
    return [] if node is None else [unparse(c) for c in node.children]


# Nodes printed by a template: each {i} is child i, as it is (None) or wrapped at a binding level.
_TEMPLATES = {
    "assign": ("{0} := {1}", (None, 0)),
    "not_": ("not {0}", (4,)),
    "compare": ("{0} {1} {2}", (6, None, 6)),
    "is_": ("{0} is {1}", (6, 14)),
    "infix_call": ("{0} {1} {2}", (6, None, 7)),
    "neg": ("-{0}", (11,)),
    "pos": ("+{0}", (11,)),
    "switch": ("+-{0}", (10,)),
    "power": ("{0} ^ {1}", (13, 11)),
    "attr": ("{0}.{1}", (13, None)),
    "index": ("{0}[{1}]", (13, 0)),
    "keyword": ("{0} => {1}", (None, 0)),
    "map_entry": ("{0} => {1}", (0, 0)),
    "nimber_of": ("*{1}", (None, 14)),
    "for_in": ("for {0} in {1}", (None, 0)),
    "for_let": ("for {0} := {1}", (None, 0)),
    "while_clause": ("while {0}", (0,)),
    "where_clause": ("where {0}", (0,)),
}

# Words of the nodes that print as a keyword.
_WORDS = {"true": "true", "false": "false", "nil": "nil", "this": "this"}


def _template(kind: str, children) -> str:
    text, levels = _TEMPLATES[kind]
    parts = [str(child) if level is None else _wrap(child, level) for child, level in zip(children, levels)]
    return text.format(*parts)


def _for_from(c) -> str:
    text = f"for {c[0]} from {unparse(c[1])}"
    if c[2] is not None:
        text += f" to {unparse(c[2])}"
    if c[3] is not None:
        text += f" by {unparse(c[3])}"
    return text


def _clauses(nodes) -> str:
    return " ".join(unparse(x) for x in nodes)


def _braces(c) -> str:
    groups = [c[i] for i in range(0, len(c), 2)]
    bars = [str(c[i]) for i in range(1, len(c), 2)]
    if not bars:
        return "{" + ", ".join(_items(groups[0])) + "}"
    text = ",".join(_items(groups[0]))
    for bar, group in zip(bars, groups[1:]):
        text += f" {bar} " + ",".join(_items(group))
    return "{" + text + "}"


def _if(c) -> str:
    text = f"if {unparse(c[0])} then {_block(c[1])}"
    for branch in c[2:-1]:
        text += f" elseif {unparse(branch.children[0])} then {_block(branch.children[1])}"
    if c[-1] is not None:
        text += f" else {_block(c[-1])}"
    return text + " end"


def _def(c) -> str:
    head = f"def {c[0]}(" + ", ".join(p.text() for p in declared_parameters(c[1])) + ")"
    if isinstance(c[2], Tree) and c[2].data == "block":
        return f"{head} begin {_block(c[2])} end"
    return f"{head} := {unparse(c[2])}"


def _comprehension(kind: str, c) -> str:
    open_, close = ("[", "]") if kind == "list_comp" else ("{", "}")
    return f"{open_}{unparse(c[0])} {_clauses(c[1:])}{close}"


def _tuple(c) -> str:
    return "()" if not c else "(" + ", ".join([unparse(c[0])] + _items(c[1])) + ")"


def _loop(kind: str, c) -> str:
    if kind == "do_loop":
        return f"{_clauses(c[:-1])} do {_block(c[-1])} end"
    return f"{_clauses(c[:-1])} " + " ".join(f"yield {_block(b)}" for b in c[-1].children) + " end"


_PRINTERS = {
    "for_from": _for_from,
    "braces": _braces,
    "if_": _if,
    "def_": _def,
    "tuple": _tuple,
    "var_": lambda c: f"var {c[0]}" + ("" if c[1] is None else f" := {unparse(c[1])}"),
    "procedure": lambda c: procedure_text(parameters_of(c[0]), c[1]),
    "prefixed_call": lambda c: f"{c[0]}{c[1]}({', '.join(_items(c[2]))})",
    "call": lambda c: f"{_wrap(c[0], 13)}({', '.join(_items(c[1]))})",
    "call_comp": lambda c: f"{_wrap(c[0], 13)}({unparse(c[1])} {_clauses(c[2:])})",
    "list": lambda c: "[" + ", ".join(_items(c[0])) + "]",
    "map_": lambda c: "{" + (", ".join(_items(c[0])) if c else "=>") + "}",
    "begin": lambda c: f"begin {_block(c[0])} end",
    "super_attr": lambda c: f"super.{c[0]}",
    "def_property": lambda c: f"def {c[0]} begin {_block(c[1])} end" if isinstance(c[1], Tree) and c[1].data == "block"
    else f"def {c[0]} := {unparse(c[1])}",
    "modified": lambda c: " ".join(m.data[4:] for m in c[:-1]) + " " + unparse(c[-1]),
    "static_block": lambda c: "static " + "; ".join(unparse(x) for x in c if x is not None) + " end",
    "class_decl": lambda c: _class(c),
    "enum_decl": lambda c: f"enum {c[0]} {', '.join(str(n) for n in c[1].children)}"
    + ("" if c[2] is None else f"; {_block(c[2])}") + " end",
}


def _class(c) -> str:
    name, params, parents, body = (c[0], None, c[1], c[2]) if len(c) == 3 else c
    head = f"class {name}" + ("" if len(c) == 3 else "(" + ", ".join(p.text() for p in declared_parameters(params)) + ")")
    if parents is not None:
        head += " extends " + ", ".join(dotted_text(d) for d in parents.children)
    return f"{head} {_block(body)} end"


def unparse(node) -> str:
    """Source text of a parse tree, CGSuite's way (see the module docstring).

    >>> from cgt.shell.parser import parse
    >>> unparse(parse("if x<1 then {1,2|*} else [x for x in 1..3 where x>1] end").children[0].children[0])
    'if x < 1 then {1,2 | *} else [x for x in 1..3 where x > 1] end'
    """
    if isinstance(node, Token):
        return str(node)
    if node is None:
        return ""
    kind, c = node.data, node.children
    if kind in _BINARY:
        symbol, level = _BINARY[kind]
        if kind == "range_":
            return "..".join(_wrap(x, level + 1) for x in c)
        return f"{_wrap(c[0], level)} {symbol} {_wrap(c[1], level + 1)}"
    if kind in ("integer", "uptimal", "misere", "string", "name"):
        return str(c[0])
    if kind in _WORDS:
        return _WORDS[kind]
    if kind in _TEMPLATES:
        return _template(kind, c)
    if kind in _PRINTERS:
        return _PRINTERS[kind](c)
    if kind in ("list_comp", "set_comp", "map_comp"):
        return _comprehension(kind, c)
    if kind in ("do_loop", "yield_loop"):
        return _loop(kind, c)
    if kind == "block":
        return _block(node)
    raise ShellError(f"cannot print a {kind} node")


def _raise_error(args):
    message = args[0]
    raise ShellError(message if isinstance(message, str) else str(message))


def language_globals() -> dict:
    """The language's own global functions: ``error(message)`` stops the program with that message;
    ``Max``, ``Min``, ``Mex`` and ``Sum`` of a collection (CGSuite's ``cgsuite.lang`` functions).

    >>> from cgt.shell import run
    >>> run('if 1 > 2 then 0 else error("no: " + "1 <= 2") end')
    Traceback (most recent call last):
    ...
    cgt.shell.errors.ShellError: line 1, column 22: no: 1 <= 2
    """
    names = {"error": Function("error", _raise_error, (1, 1), "error(message): stop with this message.")}
    for name in ("Max", "Min", "Mex", "Sum"):         # cgsuite.lang's functions of a collection
        names[name] = Function(name, _collection_function(name), (1, 1), f"{name}(c) is c.{name}.")
    return names


def _collection_function(name: str):
    """``Sum(c)`` and its siblings: the collection method of the same name."""
    def function(args):
        return REGISTRY.call(args[0], name, [])

    return function
