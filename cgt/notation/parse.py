"""Reading games written in CGSuite's plain-text notation, from Python: ``cgt.game("{3||2|1}")``.

Everything ``str(G)`` prints reads back (``parse_game(str(G)) is G``): numbers (``-3``, ``25/16``), nimbers
(``*``, ``*5``), ups (``^``, ``vv``, ``^3``, ``^<2>``, ``v[3]``) with a number prefix and a star suffix
(``73/16v9*8``), switches (``+-1``, ``+-{1,1*}``, ``+-(1*)``), ``Tiny(x)``/``Miny(x)`` with a number
prefix (``2Tiny(1)``), and braces with nested bars (``{3||2|1}``, ``{a||||b|||c||d|e}``), plus sums and
differences (``{1|0} + *``, ``3+-1``) and parentheses.  The shell has its own full language; this is the
small reader the Python API needs, with no dependency.

>>> from cgt import game
>>> str(parse_game("{3||2|1}")), str(parse_game("1/2 + ^*")), str(parse_game("+-{1,{2|1}}"))
('{3||2|1}', '1/2^*', '+-{1,{2|1}}')
>>> parse_game("{3|2")
Traceback (most recent call last):
...
cgt.errors.InvalidGameError: cannot read '{3|2' as a game: '}' expected at position 4
"""

from __future__ import annotations

import re
from fractions import Fraction

from cgt.errors import InvalidGameError

__all__ = ["parse_game"]

_SPACE = re.compile(r"\s*")
_TOKEN = re.compile(r"\s*(?:(\d+(?:/\d+)?)|(\|+)|(\+-|±)|(Tiny|Miny)|([{}(),+\-*^v<>\[\]]))")


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []
        pos = 0
        while _SPACE.match(text, pos).end() < len(text):
            m = _TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                self.fail(f"unexpected {text[pos:].lstrip()[:1]!r}", len(text) - len(text[pos:].lstrip()))
            kind = ("num", "bar", "pm", "word", "sym")[m.lastindex - 1]
            self.tokens.append((kind, m.group(m.lastindex), m.start(m.lastindex)))
            pos = m.end()
        self.i = 0
        # the token closing each bracket, found once, so that nested braces are read in linear time
        self.closing: dict[int, int] = {}
        opened: list[int] = []
        for j, (_, v, _) in enumerate(self.tokens):
            if v in "{(":
                opened.append(j)
            elif v in "})" and opened:
                self.closing[opened.pop()] = j

    def fail(self, what: str, where: int | None = None):
        if where is None:
            where = self.tokens[self.i][2] if self.i < len(self.tokens) else len(self.text)
        raise InvalidGameError(f"cannot read {self.text!r} as a game: {what} at position {where}")

    def peek(self, value: str | None = None, kind: str | None = None) -> bool:
        if self.i >= len(self.tokens):
            return False
        k, v, _ = self.tokens[self.i]
        return (value is None or v == value) and (kind is None or k == kind)

    def take(self) -> tuple[str, str, int]:
        if self.i >= len(self.tokens):
            self.fail("unexpected end")
        token = self.tokens[self.i]
        self.i += 1
        return token

    def expect(self, value: str) -> None:
        if not self.peek(value):
            self.fail(f"{value!r} expected")
        self.i += 1

    # -- grammar ---------------------------------------------------------------------------------------
    def sum(self):
        """term (('+' | '-') term)*"""
        total = self.term()
        while self.peek("+") or self.peek("-") or self.peek(kind="pm"):
            if self.peek(kind="pm"):                     # 3+-1 is 3 + (+-1)
                total = total + self.term()
                continue
            sign = self.take()[1]
            operand = self.term()
            total = total + operand if sign == "+" else total - operand
        return total

    def term(self):
        """'-' term | '+-' atom | prefixed value."""
        from cgt.kernel.game import game

        if self.peek("-"):
            self.take()
            if self.peek(kind="num"):                    # -1v is (-1) + v: the sign belongs to the number
                return self.atom(negative=True)
            return -self.term()
        if self.peek(kind="pm"):
            self.take()
            if self.peek("{") and self._is_plain_list():
                lefts = self.braced_list()
            else:
                lefts = [self.atom()]
            return game(lefts, [-x for x in lefts])
        return self.atom()

    def atom(self, negative: bool = False):
        """A number with optional ups/star/Tiny/Miny suffixes, a suffix alone, ``{...}`` or ``(...)``."""
        from cgt.kernel.game import ZERO, number

        if self.peek("{"):
            return self.braces()
        if self.peek("("):
            self.take()
            value = self.sum()
            self.expect(")")
            return value
        value = ZERO
        seen = False
        if self.peek(kind="num"):
            value = number(-Fraction(self.take()[1]) if negative else Fraction(self.take()[1]))
            seen = True
        if self.peek("^") or self.peek("v"):
            value = value + self.ups()
            seen = True
        if self.peek("*"):
            value = value + self.star()
            seen = True
        if self.peek(kind="word"):
            value = value + self.tiny()
            seen = True
        if not seen:
            self.fail("a game expected")
        return value

    def ups(self):
        from cgt.kernel.constructors import up, up_cumulative, up_nth

        arrow = self.take()[1]
        sign = 1 if arrow == "^" else -1
        count = 1
        while self.peek(arrow):
            self.take()
            count += 1
        if count == 1 and self.peek("<"):
            self.take()
            n = self.integer()
            self.expect(">")
            return sign * up_nth(n)
        if count == 1 and self.peek("["):
            self.take()
            n = self.integer()
            self.expect("]")
            return sign * up_cumulative(n)
        if count == 1 and self.peek(kind="num") and "/" not in self.tokens[self.i][1]:
            count = self.integer()
        return (sign * count) * up

    def star(self):
        from cgt.kernel.game import nimber

        self.take()
        if self.peek(kind="num") and "/" not in self.tokens[self.i][1]:
            return nimber(self.integer())
        return nimber(1)

    def tiny(self):
        from cgt.kernel.constructors import miny, tiny

        word = self.take()[1]
        self.expect("(")
        argument = self.sum()
        self.expect(")")
        return tiny(argument) if word == "Tiny" else miny(argument)

    def integer(self) -> int:
        kind, text, _ = self.take()
        if kind != "num" or "/" in text:
            self.i -= 1
            self.fail("an integer expected")
        return int(text)

    # -- braces -----------------------------------------------------------------------------------------
    def _matching(self, start: int) -> int:
        """Index of the token closing the bracket opened at token ``start``."""
        if start in self.closing:
            return self.closing[start]
        self.i = len(self.tokens)
        self.fail(f"{'}' if self.tokens[start][1] == '{' else ')'!r} expected")

    def _is_plain_list(self) -> bool:
        """Whether the braces at the cursor hold a comma list without bars (``+-{a,b}``)."""
        end = self._matching(self.i)
        return not any(kind == "bar" for kind, _, _ in self._top_level(self.i + 1, end))

    def _top_level(self, start: int, end: int):
        """``(kind, value, index)`` of the tokens from ``start`` to ``end`` outside nested brackets (each
        bracket pair is skipped at once: the nested levels of braces are not scanned again)."""
        j = start
        while j < end:
            kind, v, _ = self.tokens[j]
            if v in "{(" and j in self.closing:
                j = self.closing[j] + 1
                continue
            yield kind, v, j
            j += 1

    def braced_list(self) -> list:
        self.expect("{")
        items = self.options(self._matching(self.i - 1))
        self.expect("}")
        return items

    def braces(self):
        """``{L|R}`` where the longest bar at this level separates Left from Right."""
        start = self.i
        end = self._matching(start)
        self.i = start + 1
        value = self.sides(end)
        self.i = end + 1
        return value

    def sides(self, end: int):
        """The game between the cursor and token ``end`` (exclusive), split at its longest bars."""
        from cgt.kernel.game import game

        bars = [(len(v), j) for kind, v, j in self._top_level(self.i, end) if kind == "bar"]
        if not bars:
            self.fail("'|' expected")
        longest = max(n for n, _ in bars)
        splits = [j for n, j in bars if n == longest]
        if len(splits) > 1:
            self.i = splits[1]
            self.fail(f"two {'|' * longest} at one level")
        split = splits[0]
        left = self.side(split, bars)
        self.i = split + 1
        right = self.side(end, bars)
        return game(left, right)

    def side(self, end: int, bars) -> list:
        """The options between the cursor and ``end``: a nested game if shorter bars lie inside."""
        if any(self.i <= j < end for _, j in bars):
            value = self.sides(end)
            self.i = end
            return [value]
        return self.options(end)

    def options(self, end: int) -> list:
        items = []
        while self.i < end:
            items.append(self.sum())
            if self.i < end:
                self.expect(",")
                if self.i >= end:
                    self.fail("an option expected after ','")
        if self.i != end:
            self.fail("',' or '|' expected")
        return items


def parse_game(text: str):
    """The game written as ``text`` in CGSuite's plain-text notation (see the module docstring)."""
    if not isinstance(text, str):
        raise InvalidGameError(f"parse_game needs a string, got {text!r}")
    reader = _Reader(text)
    if not reader.tokens:
        raise InvalidGameError("cannot read '' as a game: it is empty")
    value = reader.sum()
    if reader.i != len(reader.tokens):
        reader.fail(f"unexpected {reader.tokens[reader.i][1]!r}")
    return value
