"""Reading GDL rule files (KIF syntax) into rules: the lark grammar, keywords, one-line syntax errors.

A ground or non-ground **term** is a constant (a lower-cased ``str``), a variable (a ``str`` starting
with ``?``) or a compound term, the tuple ``(functor, arg1, ...)``.  An **atom** is the pair
``(name, args)``; its relation is keyed ``"name/arity"``.  Names are case-insensitive (GDL
specification, section 2), so everything is lower-cased; constants are interned, which makes the
many equality tests of the reasoner cheap.

A rule body is a list of **literals**:

* ``("pos", atom)`` and ``("neg", atom)`` -- an atom and its negation ``(not atom)``;
* ``("distinct", t1, t2)`` and ``("same", t1, t2)`` -- ``(distinct t1 t2)`` and ``(not (distinct t1 t2))``;
* ``("or", [body, ...])`` -- a disjunction, each disjunct a list of literals (``(and ...)`` inside an
  ``or`` is a conjunction; ``(not (or a b))`` becomes ``(not a) (not b)``, De Morgan).

>>> rules = parse_rules('''(role a) ; a comment
... (<= (legal ?p (take ?n)) (true (control ?p)) (not (true (empty ?n))))''')
>>> [str(r) for r in rules]
['(role a)', '(<= (legal ?p (take ?n)) (true (control ?p)) (not (true (empty ?n))))']
>>> rules[1].head, rules[1].line
(('legal', ('?p', ('take', '?n'))), 2)
>>> parse_rules("(<= (p ?x) (q ?x)")
Traceback (most recent call last):
...
cgt.games.gdl.errors.GdlSyntaxError: syntax error at the end of the file: a ')' is missing
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources

from cgt.kernel.game import register_cache
from cgt.games.gdl.errors import GdlSyntaxError

__all__ = ["Rule", "parse_rules", "term_text", "literal_text", "is_variable", "variables_of",
           "parse_term", "KEYWORDS"]

#: Names with a fixed meaning in GDL; ``distinct``, ``not``, ``or`` and ``and`` are logical operators.
KEYWORDS = ("role", "init", "true", "does", "next", "legal", "goal", "terminal", "base", "input")
_OPERATORS = ("distinct", "not", "or", "and")


@lru_cache(maxsize=1)
def _parser():
    from lark import Lark

    grammar = resources.files("cgt.games.gdl").joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=False)


register_cache(_parser.cache_clear)     # cgt.clear_caches() drops the compiled grammar too


@dataclass(frozen=True)
class Rule:
    """A fact (empty body) or a rule ``(<= head body...)``, with the line it starts on in the file."""

    head: tuple
    body: tuple = ()
    line: int = 0
    text: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.text or rule_text(self.head, self.body)

    def brief(self) -> str:
        """The rule's text, shortened to 110 characters for one-line messages."""
        text = str(self)
        return text if len(text) <= 110 else text[:107] + "..."

    def named(self) -> str:
        """The rule as error messages name it: its line and its (brief) text."""
        return f"line {self.line}: {self.brief()}" if self.line else self.brief()


def is_variable(term) -> bool:
    """True for a variable (``?x``)."""
    return type(term) is str and term[:1] == "?"


def variables_of(term, out: set | None = None) -> set:
    """The variables of a term (or of a tuple of terms).

    >>> sorted(variables_of(("f", "?x", ("g", "?y", "a"))))
    ['?x', '?y']
    """
    out = set() if out is None else out
    if type(term) is tuple:
        for part in term:
            variables_of(part, out)
    elif is_variable(term):
        out.add(term)
    return out


def term_text(term) -> str:
    """KIF text of a term.

    >>> term_text(("heap", "a", "3")), term_text("?x")
    ('(heap a 3)', '?x')
    """
    if type(term) is tuple:
        return "(" + " ".join(term_text(t) for t in term) + ")"
    return term


def _atom_text(atom) -> str:
    name, args = atom
    return "(" + " ".join((name,) + tuple(term_text(a) for a in args)) + ")" if args else name


def literal_text(literal) -> str:
    """KIF text of a body literal."""
    kind = literal[0]
    if kind == "pos":
        return _atom_text(literal[1])
    if kind == "neg":
        return f"(not {_atom_text(literal[1])})"
    if kind == "distinct":
        return f"(distinct {term_text(literal[1])} {term_text(literal[2])})"
    if kind == "same":
        return f"(not (distinct {term_text(literal[1])} {term_text(literal[2])}))"
    parts = []
    for body in literal[1]:
        parts.append(literal_text(body[0]) if len(body) == 1
                     else "(and " + " ".join(literal_text(b) for b in body) + ")")
    return "(or " + " ".join(parts) + ")"


def rule_text(head, body) -> str:
    """KIF text of a rule."""
    if not body:
        return _atom_text(head)
    return "(<= " + " ".join([_atom_text(head)] + [literal_text(b) for b in body]) + ")"


def parse_rules(text: str) -> list[Rule]:
    """Parse a GDL description into its rules and facts, in file order."""
    from lark import Token
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    try:
        tree = _parser().parse(text)
    except UnexpectedEOF:
        raise GdlSyntaxError("syntax error at the end of the file: a ')' is missing") from None
    except UnexpectedToken as error:
        if error.token.type == "$END":
            raise GdlSyntaxError("syntax error at the end of the file: a ')' is missing") from None
        raise GdlSyntaxError(f"syntax error at line {error.line}, column {error.column}: "
                             f"unexpected {str(error.token)!r}") from None
    except UnexpectedCharacters as error:
        char = text[error.pos_in_stream] if 0 <= error.pos_in_stream < len(text) else "?"
        raise GdlSyntaxError(f"syntax error at line {error.line}, column {error.column}: "
                             f"unexpected {char!r}") from None
    rules = []
    for node in tree.children:
        if isinstance(node, Token) or node.data == "compound":
            head = _atom(_term(node), _line(node))
            rules.append(Rule(head, (), _line(node), rule_text(head, ())))
            continue
        parts = node.children[1:]
        line = _line(node)
        head = _atom(_term(parts[0]), line)
        body = _flatten(_literal(_term(p), line) for p in parts[1:])
        rules.append(Rule(head, body, line, rule_text(head, body)))
    return rules


def parse_term(text: str):
    """Parse one ground or non-ground term, e.g. a fluent ``(heap a 3)``.

    >>> parse_term("(HEAP a 3)")
    ('heap', 'a', '3')
    """
    rules = parse_rules(text)
    if len(rules) != 1 or rules[0].body:
        raise GdlSyntaxError(f"expected one term, got {text!r}")
    name, args = rules[0].head
    return (name,) + args if args else name


def _line(node) -> int:
    line = getattr(node, "line", None)
    if line is None:
        line = getattr(getattr(node, "meta", None), "line", 0)
    return line or 0


def _term(node):
    from lark import Token

    if isinstance(node, Token):
        return sys.intern(str(node).lower())
    children = [_term(c) for c in node.children]
    if len(children) == 1:
        return children[0]              # "(open)" is the constant "open"
    return tuple(children)


def _atom(term, line):
    if type(term) is tuple:
        name, args = term[0], term[1:]
    else:
        name, args = term, ()
    if is_variable(name):
        raise GdlSyntaxError(f"line {line}: a variable cannot be a relation name: {term_text(term)}")
    if name in _OPERATORS:
        raise GdlSyntaxError(f"line {line}: {name} cannot be the head of a rule: {term_text(term)}")
    return (name, args)


def _literal(term, line):
    if type(term) is not tuple:
        if is_variable(term):
            raise GdlSyntaxError(f"line {line}: a variable cannot be a literal: {term}")
        return ("pos", (term, ()))
    name = term[0]
    if name == "distinct":
        if len(term) != 3:
            raise GdlSyntaxError(f"line {line}: distinct takes two terms: {term_text(term)}")
        return ("distinct", term[1], term[2])
    if name == "not":
        if len(term) != 2:
            raise GdlSyntaxError(f"line {line}: not takes one literal: {term_text(term)}")
        inner = _literal(term[1], line)
        if inner[0] == "pos":
            return ("neg", inner[1])
        if inner[0] == "distinct":
            return ("same", inner[1], inner[2])
        if inner[0] == "or":                    # De Morgan: not (a or b) = (not a) and (not b)
            parts = []
            for body in inner[1]:
                if len(body) != 1 or body[0][0] not in ("pos", "distinct"):
                    raise GdlSyntaxError(f"line {line}: unsupported negation: {term_text(term)}")
                parts.append(_literal(("not", _back(body[0])), line))
            return ("and", tuple(parts))
        raise GdlSyntaxError(f"line {line}: unsupported negation: {term_text(term)}")
    if name == "or":
        if len(term) < 2:
            raise GdlSyntaxError(f"line {line}: or needs at least one literal: {term_text(term)}")
        return ("or", tuple(_conjunction(t, line) for t in term[1:]))
    if name == "and":
        raise GdlSyntaxError(f"line {line}: 'and' is only allowed inside 'or': {term_text(term)}")
    return ("pos", _atom(term, line))


def _conjunction(term, line) -> tuple:
    if type(term) is tuple and term[0] == "and":
        return _flatten(_literal(t, line) for t in term[1:])
    return _flatten([_literal(term, line)])


def _flatten(literals) -> tuple:
    """Splice the conjunctions that De Morgan's law produced into the surrounding body."""
    out = []
    for literal in literals:
        if literal[0] == "and":
            out.extend(literal[1])
        else:
            out.append(literal)
    return tuple(out)


def _back(literal):
    """The term of a positive or distinct literal (to negate it)."""
    if literal[0] == "distinct":
        return ("distinct", literal[1], literal[2])
    name, args = literal[1]
    return (name,) + args if args else name
