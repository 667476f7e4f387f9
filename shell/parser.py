"""Parsing shell source text with the LALR grammar in ``grammar.lark``.

:func:`parse` returns lark's tree or raises :class:`~cgt.shell.ShellError` with the
line and column of the first unexpected token; :func:`is_incomplete` tells the REPL
that the input so far only lacks its end (an open brace, a dangling operator, an
``if`` without ``end``), so it should read another line.

>>> str(parse("{3||2|1}.Mean").children[0].children[0].data)
'attr'
>>> is_incomplete("if 1 < 2 then"), is_incomplete("1 +"), is_incomplete("1 + )")
(True, True, False)
"""

from __future__ import annotations

import functools
import os
import re
from importlib import resources

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from cgt.runtime.user_files import user_cache_folder
from cgt.shell.errors import ShellError

#: Longest source text the shell accepts in one go (characters).
MAX_SOURCE_LENGTH = 1_000_000

# How lark's terminal names read in an error message.
_TERMINAL_NAMES = {
    "INT": "a number",
    "UPTIMAL": "a value like * or ^",
    "NUMPREFIX": "a number",
    "STRING": "a string",
    "NAME": "a name",
    "BARS": "'|'",
    "COMPARE": "a comparison",
    "$END": "end of input",
}


@functools.lru_cache(maxsize=1)
def grammar_text() -> str:
    """The text of the shell grammar (package data ``cgt/shell/grammar.lark``).

    >>> "UPTIMAL" in grammar_text()
    True
    """
    return resources.files("cgt.shell").joinpath("grammar.lark").read_text(encoding="utf-8")


def parse_table_file() -> str | bool:
    """Where lark keeps the parse tables of the grammar between runs (``shell-parser.lark`` in
    :func:`~cgt.runtime.user_files.user_cache_folder`), or ``False`` when that folder cannot be made.

    Building the LALR tables takes about half a second, most of a shell's start; lark stores them with the
    digest of the grammar, its options and lark's version, and builds them afresh (rewriting the file) when
    any of these changed or the file cannot be read.

    >>> str(parse_table_file()).endswith("shell-parser.lark") or parse_table_file() is False
    True
    """
    folder = user_cache_folder()
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return False
    return os.path.join(folder, "shell-parser.lark")


@functools.lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser, built once per process (its tables read from :func:`parse_table_file`).

    >>> parser().options.parser
    'lalr'
    """
    return build_parser(parse_table_file())


def build_parser(table_file: str | bool = False) -> Lark:
    """A new LALR parser of the grammar; ``table_file`` as lark's ``cache``.  A parser read from its tables
    lacks the grammar's rules and terminals, which a generator of programs (``hypothesis.extra.lark``) reads:
    build it with ``table_file=False``.

    >>> len(build_parser().rules) > 100
    True
    """
    return Lark(grammar_text(), parser="lalr", lexer="contextual", propagate_positions=True,
                maybe_placeholders=True, cache=table_file)


def _describe_token(token: Token) -> str:
    if token.type == "$END":
        return "end of input"
    return repr(str(token))


def _expected_text(expected) -> str:
    names = []
    for name in sorted(expected):
        if name in _TERMINAL_NAMES:
            text = _TERMINAL_NAMES[name]
        else:
            try:
                pattern = parser().get_terminal(name).pattern
            except KeyError:
                continue
            text = repr(pattern.value) if pattern.type == "str" else name.lower()
        if text not in names:
            names.append(text)
    # LALR states are shared between contexts, so large sets over-approximate: only small ones help.
    if not names or len(names) > 3:
        return ""
    return "; expected " + (names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1])


def _end_position(source: str) -> tuple[int, int]:
    """Line and column just after the last non-blank character of ``source``."""
    text = source.rstrip()
    line = text.count("\n") + 1
    column = len(text) - (text.rfind("\n") + 1) + 1
    return line, column


# Common mistakes, told apart from the program text when it fails to parse (or, for **, before).
_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?!\.)")


def _decimal_hint(source: str) -> str:
    """`` (decimals are not games: write 1/2 for 0.5)`` when the program has a decimal number."""
    match = _DECIMAL.search(_without_strings(source))
    if match is None:
        return ""
    from fractions import Fraction

    exact = Fraction(match.group(0))
    return f" (decimals are not games: write {exact.numerator}/{exact.denominator} for {match.group(0)})" \
        if exact.denominator != 1 else f" (decimals are not games: write {exact.numerator} for {match.group(0)})"


def _without_strings(source: str) -> str:
    return re.sub(r'"(?:[^"\\\n]|\\.)*"', lambda m: " " * len(m.group(0)), source)


def check_common_mistakes(source: str) -> None:
    """Refuse ``**`` (CGSuite has no such operator: ``10**7`` would silently be ``10 * *7`` = 0).

    >>> check_common_mistakes("2^10")
    >>> check_common_mistakes("10**7")
    Traceback (most recent call last):
    ...
    cgt.shell.errors.ShellError: line 1, column 3: ** is not an operator: write 10^7 for a power (or 10 * *7 for copies of *7)
    """
    if "**" not in source:
        return
    text = _without_strings(source)
    at = text.find("**")
    if at < 0:
        return
    # the operands around the first ** (looked for near it only, so that a long program costs linear time)
    before = re.search(r"([^\s+\-,;=:(&]*)\s*$", text[max(0, at - 40):at])
    after = re.match(r"\s*(\w*)", text[at + 2:at + 42])
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    base, exponent = before.group(1) or "a", after.group(1) or "b"
    raise ShellError(f"** is not an operator: write {base}^{exponent} for a power (or {base} * *{exponent} for "
                     f"copies of *{exponent})", line, column, source, kind="syntax")


def _syntax_error(source: str, error: UnexpectedInput) -> ShellError:
    assigned = re.search(rf"(?<![\w.])({DOWN_NAME.pattern})\s*:=", _without_strings(source))
    if assigned:                                         # v := 0: v is a down literal, not a name
        at = assigned.start(1)
        line, column = source.count("\n", 0, at) + 1, at - (source.rfind("\n", 0, at) + 1) + 1
        return ShellError(down_name_message(assigned.group(1)), line, column, source, kind="syntax")
    located = _located_syntax_error(source, error)
    if located.line is None or located.column is None:
        return located
    hint = _decimal_hint(source)
    return ShellError(located.message + hint, located.line, located.column, source, kind="syntax") if hint else located


def _located_syntax_error(source: str, error: UnexpectedInput) -> ShellError:
    if isinstance(error, UnexpectedCharacters):
        char = source[error.pos_in_stream] if error.pos_in_stream < len(source) else ""
        message = f"syntax error: unexpected character {char!r}"
        return ShellError(message, error.line, error.column, source, kind="syntax")
    if isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        line, column = _end_position(source)
        return ShellError("syntax error: unexpected end of input", line, column, source, kind="syntax")
    if isinstance(error, UnexpectedToken):
        token = error.token
        message = f"syntax error: unexpected {_describe_token(token)}{_expected_text(error.expected)}"
        return ShellError(message, token.line, token.column, source, kind="syntax")
    line = getattr(error, "line", None)
    column = getattr(error, "column", None)
    return ShellError("syntax error", line if line and line > 0 else None, column, source, kind="syntax")


#: Operators whose first operand the evaluator computes before anything else: a chain of them down the first
#: operands (``1+1+…+1``, ``-(-(-x))``, ``a or b or c``) is evaluated in a loop (``Interpreter.eval``), so
#: it is one level of nesting, however long.
CHAINS = frozenset({"add", "sub", "add_switch", "mul", "div", "mod", "ordinal_sum", "infix_call", "or_", "and_",
                    "neg", "pos", "not_", "switch"})

#: Nodes that group the parts of another and add no level: argument lists, blocks, the program itself.
_GROUPS = frozenset({"start", "program", "block", "arguments", "call_arguments", "map_entries", "parameters",
                     "elif", "yields"})

#: Deepest nesting of expressions inside one another that a program may have (``{{…}|}``, ``f(f(…))``,
#: ``[[…]]``, ``1+(1+(…))``): each level costs the evaluator a few Python frames.  Parentheses that only
#: group (``((…(1)…))``) and chains of operators (``1+1+…+1``) add no level.
MAX_NESTING = 2000


def nesting_depth(tree: Tree) -> tuple[int, object]:
    """How deeply the expressions of a parsed program nest, and the innermost node (a tree or token).

    Computed without recursion; see :data:`MAX_NESTING` for what counts as a level.

    >>> nesting_depth(parse("1 + 1 + 1 + 1"))[0], nesting_depth(parse("((((1))))"))[0]
    (2, 1)
    >>> nesting_depth(parse("[[[1]]]"))[0], nesting_depth(parse("f(g(1))"))[0]
    (4, 3)
    """
    deepest, where = 0, tree
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if not isinstance(node, Tree):
            continue
        if node.data not in _GROUPS:
            depth += 1
            if depth > deepest:
                deepest, where = depth, node
        stack.extend(_levels(node, depth))
    return deepest, where


def check_nesting(tree: Tree, source: str, limit: int = MAX_NESTING) -> None:
    """Refuse a program nested more than ``limit`` levels deep, at once, with the place it goes too deep.

    >>> check_nesting(parse("-" * 5000 + "1"), "")
    >>> source = "[" * 3000 + "]" * 3000
    >>> check_nesting(parse(source), source)
    Traceback (most recent call last):
    ...
    cgt.shell.errors.ShellError: line 1, column 2001: expression nested too deeply (more than 2,000 levels)
    """
    stack = [(tree, 0)]
    while stack:
        node, level = stack.pop()
        if not isinstance(node, Tree):
            continue
        if node.data not in _GROUPS:
            level += 1
            if level > limit:
                line, column = _node_position(node)
                raise ShellError(f"expression nested too deeply (more than {limit:,} levels)", line, column,
                                 source, kind="syntax")
        stack.extend(_levels(node, level))


def _levels(node: Tree, level: int):
    """``(child, level)`` for the children of ``node`` at ``level``: the first operand of a chain link that is a
    link again stays at the link's level (it is evaluated in the same loop)."""
    children = node.children
    if node.data in CHAINS and isinstance(children[0], Tree) and children[0].data in CHAINS:
        return [(children[0], level - 1)] + [(child, level) for child in children[1:]]
    return [(child, level) for child in children]


_COMMENTS = re.compile(r"//[^\n]*|/\*(?:[^*]|\*(?!/))*\*/")


def _check_brackets(source: str, limit: int = MAX_NESTING) -> None:
    """Refuse, before parsing, a program whose ``[`` and ``{`` nest more than ``limit`` deep: each of them opens
    a level of nesting (a list, braces, a set or a map), so such a program would be refused after parsing
    anyway, and parsing it first would take a while.

    >>> _check_brackets("[" * 2500 + "]" * 2500)
    Traceback (most recent call last):
    ...
    cgt.shell.errors.ShellError: line 1, column 2001: expression nested too deeply (more than 2,000 levels)
    """
    if source.count("[") + source.count("{") <= limit:
        return
    text = _COMMENTS.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), _without_strings(source))
    depth = 0
    for at, char in enumerate(text):
        if char in "[{":
            depth += 1
            if depth > limit:
                line = text.count("\n", 0, at) + 1
                column = at - (text.rfind("\n", 0, at) + 1) + 1
                raise ShellError(f"expression nested too deeply (more than {limit:,} levels)", line, column,
                                 source, kind="syntax")
        elif char in "]}":
            depth = max(0, depth - 1)


def _node_position(node) -> tuple[int | None, int | None]:
    meta = getattr(node, "meta", None)
    if meta is not None and not getattr(meta, "empty", True):
        return meta.line, meta.column
    return None, None


def parse(source: str) -> Tree:
    """Parse a program; a syntax error becomes a :class:`ShellError` with line and column, and so does a
    program nested more than :data:`MAX_NESTING` levels deep.

    >>> str(parse("1 + *2").data)
    'start'
    >>> parse("{1|2} }")
    Traceback (most recent call last):
    ...
    cgt.shell.errors.ShellError: line 1, column 7: syntax error: unexpected '}'
    """
    if not isinstance(source, str):
        raise ShellError(f"the program must be text, got {type(source).__name__}")
    if len(source) > MAX_SOURCE_LENGTH:
        raise ShellError(f"the program is too long ({len(source)} characters; the limit is {MAX_SOURCE_LENGTH})")
    check_common_mistakes(source)
    _check_brackets(source)
    try:
        tree = parser().parse(source, on_error=functools.partial(_separate_after_end, source))
    except UnexpectedInput as error:
        tree = _printed_form(source)
        if tree is None:
            raise _syntax_error(source, error) from None
    else:
        tree = _glued_forms_as_printed(tree, source)
    check_nesting(tree, source)
    check_bound_names(tree, source)
    return tree


#: A name that is also a down literal (``v``, ``vv``, ``v3``): where an operand is expected it reads as ↓.
DOWN_NAME = re.compile(r"v\d+|v+")          # UPTIMAL in grammar.lark: vv3 is a name, not a down

#: The rules whose first NAME is a name the program binds (a variable, a parameter, a loop variable).
_BINDING_RULES = {"var_", "param", "param_default", "param_rest", "for_from", "for_in", "for_let"}


def check_bound_names(tree: Tree, source: str) -> None:
    """Refuse a variable, parameter or loop variable named like a down (``v``, ``vv``, ``v3``): in an
    expression that name reads as the down literal, never as the variable, so the program would silently
    use ↓ instead.

    >>> parse("for v1 in [1, 2] yield v1 end")
    Traceback (most recent call last):
    ...
    cgt.shell.errors.ShellError: line 1, column 5: v1 cannot name a variable: in an expression it is the down literal (v1 is ↓), so choose another name
    """
    for node in tree.iter_subtrees():
        if node.data not in _BINDING_RULES:
            continue
        name = next((c for c in node.children if isinstance(c, Token) and c.type == "NAME"), None)
        if name is not None and DOWN_NAME.fullmatch(str(name)):
            raise ShellError(down_name_message(str(name)), name.line, name.column, source)


def down_name_message(name: str) -> str:
    """Why ``name`` (``v``, ``vv``, ``v3``) cannot be bound: it is a down literal (``v3`` is 3·↓)."""
    count = int(name.lstrip("v")) if name.lstrip("v") else len(name)
    down = "↓" if count == 1 else f"{count}·↓"
    return f"{name} cannot name a variable: in an expression it is the down literal ({name} is {down}), so choose another name"


def _glued_forms_as_printed(tree: Tree, source: str) -> Tree:
    """``tree``, or the tree of ``source`` with a ``+`` put into each printed form that parsed as something
    that has no value: a number with an uptimal glued to it after ``^`` (``6^*``, ``2^^*``, ``1/2^*3``: a
    power needs a number exponent, so these are 6 + ^*, ...) or a down glued between a number and an
    uptimal (``6v*``: CGScript has no juxtaposition).  ``2^3`` and ``2*3`` keep CGSuite's reading (8, 6).

    >>> from cgt.shell import run
    >>> run("6^*"), run("-1/2^*"), run("[2^^*, 6v*]"), run("2^3")
    ('6^*', '-1/2^*', '[2^^*,6v*]', '8')
    """
    if not _DIGIT_GLUED.search(source):
        return tree
    cuts = []
    for node in tree.iter_subtrees():
        if node.data == "power":
            base, exponent = node.children
            if (isinstance(base, Tree) and base.data == "integer" and isinstance(exponent, Tree)
                    and exponent.data == "uptimal" and _glued(base, exponent, 1)):
                cuts.append(base.meta.end_pos)
        elif node.data == "infix_call":
            left, name, right = node.children
            if (DOWNS_NAME.fullmatch(str(name)) and isinstance(right, Tree) and right.data == "uptimal"
                    and _glued(left, right, len(name)) and source[left.meta.end_pos - 1].isdigit()):
                cuts.append(left.meta.end_pos)
    if not cuts:
        return tree
    for cut in sorted(cuts, reverse=True):
        source = source[:cut] + " + " + source[cut:]
    return parser().parse(source, on_error=functools.partial(_separate_after_end, source))


#: An infix name that is downs: ``v``, ``vv``, ``v3`` (CGScript has no juxtaposition: ``2v`` is no input).
DOWNS_NAME = re.compile(r"v+\d*")

# A digit glued to ^ or v: the only texts in which _glued_forms_as_printed can find something.
_DIGIT_GLUED = re.compile(r"\d[\^v]")


def _glued(left, right, gap: int) -> bool:
    """Whether ``right`` starts ``gap`` characters after ``left`` ends (no blank between them)."""
    meta_l, meta_r = getattr(left, "meta", None), getattr(right, "meta", None)
    if meta_l is None or meta_r is None or getattr(meta_l, "empty", True) or getattr(meta_r, "empty", True):
        return False
    return meta_r.start_pos - meta_l.end_pos == gap


def _printed_form(source: str) -> Tree | None:
    """The tree of ``source`` read as printed notation (:func:`input_form`), when it is not input as typed but
    is as printed: ``{3||2*|1*}``, ``9/8*``, ``2over``.  A form that is input as it stands keeps CGSuite's
    reading (``2*3`` is 6), so only text that would otherwise be a syntax error is read this way.

    >>> str(parse("{3||2*|1*}").data), _printed_form("{3|2}") is None
    ('start', True)
    """
    printed = input_form(source)
    if printed == source:
        return None
    try:
        return parser().parse(printed, on_error=functools.partial(_separate_after_end, printed))
    except UnexpectedInput:
        return None


# The keyword ``end`` as the last token before a position (comments and blanks skipped).
_ENDS_WITH_END = re.compile(r"(?<![\w.])end(?:\s|//[^\n]*)*$")


def _separate_after_end(source: str, error: UnexpectedInput) -> bool:
    """Read ``if c then a end b`` as ``if c then a end; b`` (as in CGSuite, constructs ending in ``end``
    need no ``;`` after them).

    Called by lark when a token cannot follow what came before: if that was ``end`` and a ``;`` would be
    accepted there, feed the ``;`` and then the refused token.

    >>> str(parse("if true then 1 end 2").children[0].data), len(parse("def f(n) begin n end f(2)").children[0].children)
    ('program', 2)
    """
    if not isinstance(error, UnexpectedToken) or error.token.type == "$END":
        return False
    start = error.token.start_pos
    if start is None or not _ENDS_WITH_END.search(_without_strings(source[:start])):
        return False
    interactive = error.interactive_parser
    if "SEMICOLON" not in interactive.accepts():
        return False
    interactive.feed_token(Token("SEMICOLON", ";"))
    token = error.token
    if token.type == "CLASS_NAME":      # f( after end: the lexer's fallback read the class-name form of a name
        token = Token.new_borrow_pos("NAME", str(token), token)
    interactive.feed_token(token)  # lark resumes after the token it refused
    return True


# A number glued to an uptimal in printed notation (3*, -1/2v*, 2^3*4), where an operand starts.
_GLUED = re.compile(r"(?<![^{|,(\s+])(-?\d+(?:/\d+)?)(?=[\^v*]|over|under)")


def input_form(text: str) -> str:
    """Printed CGSuite notation as shell input: a ``+`` between a number and the uptimal glued to it.

    CGSuite prints 2 + *3 as ``2*3`` and 2 + 3.^ as ``2^3``, but reads ``2*3`` as 6 and ``2^3`` as 8 (a
    quirk: printed output is not always input); loopy values likewise: ``2over`` is 2 + over, ``1^[on]`` is
    1 + ^[on].
    Everything else it prints reads back as it is.

    >>> input_form("{3*,-1/2v*|2^3*4}"), input_form("+-(1*)"), input_form("*5 + ^<3>*")
    ('{3 + *,-1/2 + v*|2 + ^3*4}', '+-(1 + *)', '*5 + ^<3>*')
    >>> input_form("2over"), input_form("1^[on] & 1*")
    ('2 + over', '(1 + ^[on]) & (1 + *)')
    """
    sides = text.split(" & ")
    if len(sides) == 2 and all(_nests(side) for side in sides):
        # a printed sided value: & binds tighter than +, so 1^[on] & 1 needs (1 + ^[on]) & (1)
        return " & ".join("(" + _GLUED.sub(r"\1 + ", side) + ")" for side in sides)
    return _GLUED.sub(r"\1 + ", text)


def _nests(text: str) -> bool:
    """Whether the brackets of ``text`` balance (each side of a printed ``onside & offside`` does)."""
    depth = 0
    for ch in text:
        depth += (ch in "{([") - (ch in "})]")
        if depth < 0:
            return False
    return depth == 0


def is_incomplete(source: str) -> bool:
    """True when ``source`` fails to parse only because it ends too early.

    >>> is_incomplete("{3|2"), is_incomplete("{3|2}"), is_incomplete("")
    (True, False, False)

    A construct ending in ``end`` needs no ``;`` after it here either, so a class whose nested class is
    followed by another member is still open after that member:

    >>> is_incomplete("class D; class P def X := 1 end def Y := 2"), is_incomplete("if true then 1 end 2")
    (True, False)
    """
    try:
        parser().parse(source, on_error=functools.partial(_separate_after_end, source))
    except UnexpectedEOF:
        return True
    except UnexpectedToken as error:
        return error.token.type == "$END"
    except UnexpectedInput:
        return False
    return False
