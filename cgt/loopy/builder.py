"""Building loopy values: from CGSuite text, or from a dictionary of labelled positions.

Text uses CGSuite's loopy literals (as CGSuite reads and prints them): braces with nested bars, ``pass`` for a move
to the position itself, a label glued before a brace (``a{0|{1|a}}``) naming that position for later
references, the named values ``on off over under dud`` (``over``/``under`` with a number prefix,
``2over``), ``^[on]``/``v[on]`` and ``^<on>``/``v<on>`` (optionally with ``*``), short games in CGSuite notation, and
``onside & offside``.  Everything ``str`` prints reads back.

>>> str(loopy_game("{0|pass}")), str(loopy_game("a{0|{*|a}}")), str(loopy_game("1 & 0"))
('over', '*', '1 & 0')
>>> str(loopy_game("a{1|{a|-1}}")), str(loopy_game("2^[on]*")), str(loopy_game("-1/2v<on>*"))
('2 & {1|-2}', '2^[on]*', '-1/2v<on>*')

An option that is a sided value makes a sided value: each side takes that side of the option, so
``{dud|0}`` is ``{on|0} & {off|0}``, and ``{off|0} = -1`` (Left's move to ``off`` reverses):

>>> str(loopy_game("{dud|0}")), str(loopy_game("{1 & 0|pass}"))
('{on|0} & -1', '1over & over')
>>> loopy_game("{0|b}")
Traceback (most recent call last):
...
cgt.errors.InvalidGameError: cannot read '{0|b}' as a loopy game: label 'b' is not defined in the literal

A label names its position anywhere in the literal (as in CGSuite), also before its definition or in
another branch:

>>> str(loopy_game("{b|{c{b{0|}|}|c}}")) == str(loopy_game("{{0|}|{c{{0|}|}|c}}"))
True

The dictionary form names every position; options are labels, ``"pass"``, or games:

>>> str(loopy_game("a", {"a": (["b"], []), "b": ([], ["a"])}))
'1 & 0'
>>> str(loopy_game("a", {"a": ([0], ["a"])}))
'over'
"""

from __future__ import annotations

import re

from cgt.errors import InvalidGameError
from cgt.loopy.graph import from_short_game
from cgt.loopy.value import LoopyGame, sided

__all__ = ["loopy_game", "from_options"]

_LABEL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
_SHIFTED = re.compile(r"(.*?)(over|under)$")
_UPON = re.compile(r"(.*?)([\^v])(\[on\]|<on>)(\*?)$")
_NAMED = ("on", "off", "over", "under", "dud")
_DOWNS = re.compile(r"v+\d*$")
#: ``+-G``, ``Tiny(G)``, ``Miny(G)``.
_SHORTCUT = re.compile(r"(\+-|Tiny|Miny)(?:\((.*)\)|(?<=-)(.+))$")
#: A label glued to its opening brace.
_LABEL_DEFINITION = re.compile(r"(?<![A-Za-z0-9_])([A-Za-z_][A-Za-z0-9_]*)\{")


def loopy_game(text_or_start, positions=None) -> LoopyGame:
    """A loopy value from CGSuite text, or from ``start`` and ``positions`` (see the module docstring).

    ``positions`` maps each label to ``(left_options, right_options)``; an option is a label, the
    string ``"pass"``, a short :class:`cgt.Game` (or int) or a stopper :class:`LoopyGame`.
    """
    if positions is not None:
        return _from_positions(text_or_start, positions)
    if not isinstance(text_or_start, str):
        raise InvalidGameError(f"loopy_game: expected a string, got {text_or_start!r}")
    return _TextReader(text_or_start).read()


def from_options(lefts, rights):
    """``{lefts | rights}`` from short games, numbers and loopy values (an option that is a sided value makes
    a sided value: each side takes that side of the option).

    >>> from cgt.loopy import on, dud
    >>> str(from_options([on], [0])), str(from_options([dud], [0]))
    ('{on|0}', '{on|0} & -1')
    """
    builder = _Builder()
    root = builder.new()

    def node(v) -> int:
        if isinstance(v, LoopyGame):
            return builder.stopper(v, str(v))
        try:
            return builder.short(v)
        except InvalidGameError:
            raise InvalidGameError(f"{v!r} cannot be an option of a game") from None

    builder.left[root] = tuple(node(v) for v in lefts)
    builder.right[root] = tuple(node(v) for v in rights)
    return builder.value(root)


class _Builder:
    """Accumulates graph nodes: braces, short leaves and copies of stoppers."""

    def __init__(self) -> None:
        self.left: list = []
        self.right: list = []
        self.memo: dict = {}
        self.sided: dict = {}

    def new(self) -> int:
        self.left.append(())
        self.right.append(())
        return len(self.left) - 1

    def short(self, game) -> int:
        from cgt.kernel.game import as_game

        return from_short_game(as_game(game), self.left, self.right, self.memo)

    def stopper(self, value: LoopyGame, what: str) -> int:
        """The node of a loopy value among the options: its graph copied in, or, for a value that is not a
        stopper, a leaf that stands for it (each side of the result then uses that side of the value)."""
        if not value.is_stopper:
            node = self.new()
            self.sided[node] = value
            return node
        graph = value.sides()[0]
        base = len(self.left)
        for i in range(graph.size):
            self.left.append(tuple(base + j for j in graph.left[i]))
            self.right.append(tuple(base + j for j in graph.right[i]))
        return base + graph.root

    def value(self, root: int) -> LoopyGame:
        return LoopyGame.from_graph(self.left, self.right, start=root, leaves=self.sided or None)


def _from_positions(start, positions) -> LoopyGame:
    if not isinstance(positions, dict):
        raise InvalidGameError("loopy_game: positions must be a dict label -> (left options, right options)")
    builder = _Builder()
    index = {label: builder.new() for label in positions}
    if start not in index:
        raise InvalidGameError(f"loopy_game: start {start!r} is not one of the labels")

    def option(label, item):
        if isinstance(item, str):
            if item == "pass":
                return index[label]
            if item not in index:
                raise InvalidGameError(f"loopy_game: position {label!r} refers to undefined label {item!r}")
            return index[item]
        if isinstance(item, LoopyGame):
            return builder.stopper(item, f"loopy_game: option {item} of {label!r}")
        try:
            return builder.short(item)
        except InvalidGameError:
            raise InvalidGameError(f"loopy_game: option {item!r} of {label!r} is not a label or a game") from None

    for label, sides in positions.items():
        try:
            lefts, rights = sides
        except (TypeError, ValueError):
            raise InvalidGameError(f"loopy_game: position {label!r} must be (left options, right options)") from None
        node = index[label]
        builder.left[node] = tuple(option(label, o) for o in lefts)
        builder.right[node] = tuple(option(label, o) for o in rights)
    return builder.value(index[start])


class _TextReader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.builder = _Builder()
        self.labels: dict = {}
        self.declared: set = set()      # labels defined somewhere in the part being read
        self.pending: set = set()       # labels referred to before their definition

    def fail(self, why: str):
        raise InvalidGameError(f"cannot read {self.text!r} as a loopy game: {why}")

    def read(self) -> LoopyGame:
        parts = _split_top(self.text, "&")
        if len(parts) > 2:
            self.fail("'&' may appear only once")
        if len(parts) == 1 and parts[0].strip() == "dud":
            from cgt.loopy.named import dud

            return dud
        values = []
        for part in parts:
            self.builder = _Builder()
            self.labels = {}
            self.declared = set(_LABEL_DEFINITION.findall(part))
            self.pending = set()
            root = self.option(part.strip(), None)
            values.append(self.builder.value(root))
        if len(values) == 2:
            return sided(values[0], values[1])
        return values[0]

    def option(self, text: str, current: int | None) -> int:
        """The node of one option (``current`` is the enclosing position, for ``pass``)."""
        if not text:
            self.fail("an empty option")
        if text == "pass":
            if current is None:
                self.fail("'pass' outside braces")
            return current
        if text.startswith("(") and text.endswith(")") and _balanced(text[1:-1]):
            return self.option(text[1:-1].strip(), current)
        if len(_split_top(text, "&")) > 1:          # a sided value among the options: a closed value
            try:
                value = loopy_game(text)
            except InvalidGameError as error:
                self.fail(str(error).replace(f"cannot read {text!r} as a loopy game: ", f"in {text!r}: "))
            return self.builder.stopper(value, text)
        m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)?\{", text)
        if m and text.endswith("}") and _balanced(text[m.end() - 1:]):
            return self.brace(m.group(1), text[m.end():-1])
        if _LABEL.match(text) and text not in _NAMED:
            if text in self.labels:
                return self.labels[text]
            if text in self.declared:       # defined later: its node now, its options at the definition
                self.pending.add(text)
                self.labels[text] = self.builder.new()
                return self.labels[text]
            if not _DOWNS.match(text):      # v, vv, v3 ... are downs, not labels
                self.fail(f"label {text!r} is not defined in the literal")
        return self.named(text)

    def named(self, text: str) -> int:
        from cgt.loopy import named
        from cgt.notation.parse import parse_game

        if text in _NAMED:
            return self.builder.stopper(getattr(named, text), text)
        shortcut = _SHORTCUT.match(text)
        if shortcut:
            # +-G, Tiny(G), Miny(G): short when G is, else a loopy value read on its own
            try:
                return self.builder.short(parse_game(text))
            except InvalidGameError:
                pass
            from cgt.loopy.structure import miny, switch, tiny

            inner = shortcut.group(2) if shortcut.group(2) is not None else shortcut.group(3)
            try:
                value = loopy_game(inner)
            except InvalidGameError as error:
                self.fail(str(error).replace(f"cannot read {inner!r} as a loopy game: ", f"in {text!r}: "))
            make = {"+-": switch, "Tiny": tiny, "Miny": miny}[shortcut.group(1)]
            return self.builder.stopper(make(value), text)
        m = _UPON.match(text)
        if m:
            value = named.upon if m.group(3) == "[on]" else named.uponth
            value = value if m.group(2) == "^" else -value
            if m.group(4):
                value = value + parse_game("*")
            return self.builder.stopper(value + self.shift(m.group(1), m.group(2) + m.group(3)), text)
        m = _SHIFTED.match(text)
        if m:
            return self.builder.stopper(getattr(named, m.group(2)) + self.shift(m.group(1), m.group(2)), text)
        try:
            return self.builder.short(parse_game(text))
        except InvalidGameError:
            self.fail(f"{text!r} is not a game")

    def shift(self, prefix: str, what: str):
        """The number written before ``over``, ``^[on]`` ... (0 when there is none)."""
        from cgt.notation.parse import parse_game

        if not prefix:
            return 0
        try:
            shift = parse_game(prefix)
        except InvalidGameError:
            shift = None
        if shift is None or not shift.is_number:
            self.fail(f"{prefix!r} before {what} is not a number")
        return shift

    def brace(self, label: str | None, body: str) -> int:
        if label is not None and label in self.pending:
            self.pending.discard(label)
            node = self.labels[label]
        else:
            node = self.builder.new()
        if label is not None and node != self.labels.get(label, node):
            self.fail(f"label {label!r} defined twice")
        if label is not None:
            if label in _NAMED or label == "pass":
                self.fail(f"{label!r} cannot be a label")
            self.labels[label] = node
        lefts, rights = self.sides(body)
        self.builder.left[node] = tuple(self.option(o, node) for o in lefts)
        self.builder.right[node] = tuple(self.option(o, node) for o in rights)
        return node

    def sides(self, body: str) -> tuple[list, list]:
        """Split a brace body at its longest run of bars; a side with shorter runs is one braced option."""
        runs = _bar_runs(body)
        if not runs:
            self.fail("'|' expected inside braces")
        longest = max(length for _, length in runs)
        at = [start for start, length in runs if length == longest]
        if len(at) > 1:
            self.fail("two separators of equal length at one level")
        left, right = body[:at[0]], body[at[0] + longest:]
        return self.options(left), self.options(right)

    def options(self, text: str) -> list:
        text = text.strip()
        if not text:
            return []
        if _bar_runs(text):
            return ["{" + text + "}"]
        return [part.strip() for part in _split_top(text, ",")]


def _depth_scan(text: str):
    depth = 0
    for k, ch in enumerate(text):
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        yield k, ch, depth


def _balanced(text: str) -> bool:
    depth = 0
    for _, ch, depth in _depth_scan(text):
        if depth < 0:
            return False
    return depth == 0


def _split_top(text: str, sep: str) -> list[str]:
    parts, start = [], 0
    for k, ch, depth in _depth_scan(text):
        if ch == sep and depth == 0:
            parts.append(text[start:k])
            start = k + 1
    parts.append(text[start:])
    return parts


def _bar_runs(text: str) -> list[tuple[int, int]]:
    """``(start, length)`` of each run of ``|`` at depth 0."""
    runs = []
    k = 0
    depth = 0
    while k < len(text):
        ch = text[k]
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
        if ch == "|" and depth == 0:
            j = k
            while j < len(text) and text[j] == "|":
                j += 1
            runs.append((k, j - k))
            k = j
            continue
        k += 1
    return runs
