"""Reading numbers and nimbers beyond the short games from text (for the shell and for round trips).

:func:`parse_number` reads CGSuite's output notation (``ω^2×3+ω+5``, ``(ω+1)/(ω-1)``,
``*(ω+1)``, ``inf``) and CGSuite's ASCII input spelling (``omega`` for ω, ``*`` for ×), so that
``parse_number(str(x)) == x`` for every value :mod:`cgt.transfinite.surreal` and :mod:`cgt.transfinite.nim` print.
Operators follow CGScript's precedence: ``^`` binds tighter than unary minus and is right-associative
(``ω^ω^2`` is ω^(ω^2)); ``omega ^ x`` is the ω-power of an ordinal x, other bases take integer powers;
``x/0`` is ``inf``.

>>> parse_number("omega^2*3 + omega + 5"), parse_number("(ω+1)/(ω-1)")
(Ordinal('ω^2×3+ω+5'), Surreal('(ω+1)/(ω-1)'))
>>> parse_number("5/7"), parse_number("-3/0"), parse_number("6/8"), parse_number("*(omega+1)")
(Rational('5/7'), Rational('-inf'), dyadic(3, 4), TransfiniteNimber('ω+1'))
>>> parse_number("omega +")
Traceback (most recent call last):
...
cgt.notation.number_text.NumberSyntaxError: cannot read 'omega +' as a number: expected a number, ω or '(' at column 8
"""

from __future__ import annotations

import re

from cgt.errors import CGTError
from cgt.kernel.game import Game, integer
from cgt.transfinite.surreal import INF, omega, omega_power, surreal

__all__ = ["parse_number", "NumberSyntaxError"]


class NumberSyntaxError(CGTError, ValueError):
    """Text that is not a number, ordinal, surreal quotient or nimber in CGSuite notation."""


_TOKEN = re.compile(r"\s*(?:(\d+)|(omega|\u03c9)|(inf)|([-+*\u00d7/^()]))")


def _tokens(text: str):
    pos, out = 0, []
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if not m:
            raise NumberSyntaxError(f"cannot read {text!r} as a number: unexpected {text[pos:].strip()[0]!r} "
                                    f"at column {pos + 1 + len(text[pos:]) - len(text[pos:].lstrip())}")
        start = m.start(m.lastindex)
        kind = ("int", "omega", "inf", "op")[m.lastindex - 1]
        value = m.group(m.lastindex)
        out.append((kind, "*" if value == "\u00d7" else value, start + 1))
        pos = m.end()
    out.append(("end", "", len(text) + 1))
    return out


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens = _tokens(text)
        self.i = 0

    def peek(self):
        return self.tokens[self.i]

    def take(self):
        t = self.tokens[self.i]
        self.i += 1
        return t

    def fail(self, what: str):
        column = self.peek()[2]
        raise NumberSyntaxError(f"cannot read {self.text!r} as a number: expected {what} at column {column}")

    def expect(self, value: str):
        if self.peek()[1] != value or self.peek()[0] != "op":
            self.fail(repr(value))
        self.take()

    def expr(self):
        value = self.term()
        while self.peek()[0] == "op" and self.peek()[1] in "+-":
            op = self.take()[1]
            right = self.term()
            value = value + right if op == "+" else value - right
        return value

    def term(self):
        value = self.unary()
        while self.peek()[0] == "op" and self.peek()[1] in "*/":
            op = self.take()[1]
            right = self.unary()
            value = value * right if op == "*" else surreal(value, right)
        return value

    def unary(self):
        if self.peek()[0] == "op" and self.peek()[1] in "+-":
            op = self.take()[1]
            value = self.unary()
            return -value if op == "-" else value
        return self.power()

    def power(self):
        base = self.atom()
        if self.peek()[0] == "op" and self.peek()[1] == "^":
            self.take()
            exponent = self.unary()
            if base is omega:
                return omega_power(exponent)
            if isinstance(base, int) and isinstance(exponent, int) and exponent >= 0:
                return base**exponent
            return surreal(base) ** exponent
        return base

    def atom(self):
        kind, value, _ = self.peek()
        if kind == "int":
            self.take()
            return int(value)
        if kind == "omega":
            self.take()
            return omega
        if kind == "inf":
            self.take()
            return INF
        if kind == "op" and value == "(":
            self.take()
            inner = self.expr()
            self.expect(")")
            return inner
        self.fail("a number, \u03c9 or '('")


def parse_number(text: str):
    """The value of a number, generalized ordinal, surreal quotient or nimber written as text.

    A leading ``*`` makes a nimber of the ordinal that follows (``*`` alone is ``*1``; finite ones are Game
    nimbers).  Dyadic results are Game numbers.

    >>> parse_number("ω^ω^2"), parse_number("omega^(omega*2)"), parse_number("-2^2")
    (Ordinal('ω^ω^2'), Ordinal('ω^(ω×2)'), integer(-4))
    >>> parse_number("*"), parse_number("*ω^2")
    (nimber(1), TransfiniteNimber('ω^2'))
    """
    if not isinstance(text, str):
        raise NumberSyntaxError(f"parse_number needs a string, got {text!r}")
    stripped = text.strip()
    if stripped.startswith("*"):
        from cgt.transfinite.nim import transfinite_nimber

        rest = stripped[1:]
        if not rest.strip():
            return transfinite_nimber(1)
        parser = _Parser(rest)
        value = parser.expr()
        if parser.peek()[0] != "end":
            parser.fail("the end")
        return transfinite_nimber(value)
    parser = _Parser(text)
    value = parser.expr()
    if parser.peek()[0] != "end":
        parser.fail("an operator or the end")
    if isinstance(value, int):
        return integer(value)
    return value if isinstance(value, Game) else value
