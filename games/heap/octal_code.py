"""Take-and-break codes as CGSuite and Winning Ways write them: ``"0.77"``, ``"0.137"``, ``"4!.0"``, ``"0.[3]"``.

The code ``A..A d0 . d1 d2 d3 ...`` says what may be done to one heap.  Digit ``d_j`` governs removing ``j``
tokens (``d0``: removing none; digits before ``d0`` -- ``d_-1``, ``d_-2``, ... -- *adding* 1, 2, ...
tokens).  A digit is a bit mask: bit ``i`` set means that afterwards the rest may be left as exactly ``i``
non-empty heaps (``i = 0`` only when the heap had exactly ``j`` tokens).  So ``1`` = take the whole heap,
``2`` = leave one heap, ``4`` = leave two, ``8`` = three, ``16`` = four (Winning Ways ch. 4; CGSuite
``TakeAndBreak``).

Grammar (case-insensitive):

* digit characters ``0-9`` and ``A-V`` (values 0..31); ``&n;`` gives the decimal value ``n``;
* ``{c1,c2,...}`` lists the allowed heap counts explicitly (each at most 63); ``c+`` means "c or more";
  ``*`` means any number of heaps (0 or more);
* suffix modifiers on a digit, on a whole ``{}`` list or on a single count inside it: ``!`` the heaps left
  are pairwise unequal, ``?`` not all equal, ``=`` all equal.  (They constrain moves leaving two or more
  heaps; for zero or one heap they are vacuous -- our reading, CGSuite's prose does not say.)
* a final bracketed group ``[...]`` after the point repeats forever (``"0.[3]"`` is Nim);
* trailing zero digits are dropped (``"0.770"`` is ``"0.77"``).

A code whose ``d0`` leaves zero heaps (meaningless) or one heap (a loop: nothing removed) is refused, and a
digit that adds ``a`` tokens must leave at least ``a + 2`` heaps (every heap smaller than before), else the
game would not end: both are refused.

>>> c = parse_code("0.137")
>>> c.digit(1), c.digit(2), c.digit(3), c.digit(4), c.max_take, c.max_parts
(1, 3, 7, 0, 3, 2)
>>> str(parse_code("0.[3]")), parse_code("0.[3]").digit(1000), parse_code("0.[3]").max_take is None
('0.[3]', 3, True)
>>> str(parse_code("{2+}=.0")), str(parse_code("0.7a&33;")), str(parse_code("0.770"))
('{2+}=.0', '0.7A&33;', '0.77')
"""

from __future__ import annotations

from dataclasses import dataclass

from cgt.runtime.arguments import is_digits
from cgt.errors import InvalidPositionError, NotShortGameError

__all__ = ["Code", "Rule", "parse_code", "partitions"]

_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
_MODIFIERS = "!?="
_MAX_COUNT = 63


@dataclass(frozen=True)
class Rule:
    """What one code digit allows: heap counts (a finite bit ``mask``, plus every count from ``open_from``
    on when not None), a modifier for the whole digit and per-count modifiers (``(count, modifier)``)."""

    mask: int = 0
    open_from: int | None = None
    mod: str = ""
    count_mods: tuple = ()
    open_mod: str = ""

    def allows(self, k: int) -> bool:
        """Whether leaving ``k`` heaps is allowed."""
        return bool(self.mask >> k & 1) or (self.open_from is not None and k >= self.open_from)

    def modifier(self, k: int) -> str:
        """The modifier that applies to moves leaving ``k`` heaps ('' for none)."""
        for count, mod in self.count_mods:
            if count == k:
                return mod
        if self.open_mod and self.open_from is not None and k >= self.open_from:
            return self.open_mod
        return self.mod

    def counts(self, limit: int):
        """The allowed counts ``<= limit``, in increasing order."""
        finite = [k for k in range(min(self.mask.bit_length(), limit + 1)) if self.mask >> k & 1]
        if self.open_from is None:
            return finite
        return sorted(set(finite) | set(range(self.open_from, limit + 1)))

    @property
    def is_zero(self) -> bool:
        return not self.mask and self.open_from is None

    @property
    def is_plain(self) -> bool:
        """A single digit value with at most a ``!``: what the fast engines handle."""
        return (self.open_from is None and not self.count_mods and self.mod in ("", "!")
                and self.mask < 1 << 5)

    def min_count(self) -> int | None:
        finite = [k for k in range(self.mask.bit_length()) if self.mask >> k & 1]
        if self.open_from is not None:
            finite.append(self.open_from)
        return min(finite) if finite else None

    def __str__(self) -> str:
        if self.open_from is None and not self.count_mods and not self.open_mod:
            body = _DIGITS[self.mask] if self.mask < 32 else f"&{self.mask};"
            return body + self.mod
        items = [str(k) + self.modifier(k) if self.modifier(k) != self.mod else str(k)
                 for k in range(self.mask.bit_length()) if self.mask >> k & 1
                 and (self.open_from is None or k < self.open_from)]
        if self.open_from is not None:
            k = self.open_from
            if k == 0 and not items and not self.count_mods and not self.open_mod:
                return "*" + self.mod
            items.append(f"{k}+{self.open_mod}")
        return "{" + ",".join(items) + "}" + self.mod


@dataclass(frozen=True)
class Code:
    """A parsed take-and-break code: ``rules[j]`` for ``j = 0..k``, an optional repeating part, and the
    digits before ``d0`` (``adds[a - 1]`` governs adding ``a`` tokens).  ``digits``/``repeat`` are the
    count masks, ``unequal``/``repeat_unequal`` the ``!`` flags (what the fast engines read)."""

    rules: tuple[Rule, ...]
    repeat_rules: tuple[Rule, ...] = ()
    adds: tuple[Rule, ...] = ()

    @property
    def digits(self) -> tuple[int, ...]:
        return tuple(r.mask for r in self.rules)

    @property
    def repeat(self) -> tuple[int, ...]:
        return tuple(r.mask for r in self.repeat_rules)

    @property
    def unequal(self) -> tuple[bool, ...]:
        return tuple(r.mod == "!" for r in self.rules)

    @property
    def repeat_unequal(self) -> tuple[bool, ...]:
        return tuple(r.mod == "!" for r in self.repeat_rules)

    def rule(self, j: int) -> Rule:
        """The rule for removing ``j`` tokens (``j < 0``: adding ``-j``)."""
        if j < 0:
            return self.adds[-j - 1] if -j <= len(self.adds) else _ZERO
        if j < len(self.rules):
            return self.rules[j]
        if not self.repeat_rules:
            return _ZERO
        return self.repeat_rules[(j - len(self.rules)) % len(self.repeat_rules)]

    def digit(self, j: int) -> int:
        """The count mask for removing ``j`` tokens."""
        return self.rule(j).mask

    def is_unequal(self, j: int) -> bool:
        """Whether the heaps left after removing ``j`` must be pairwise unequal (``!``)."""
        return self.rule(j).mod == "!"

    @property
    def max_take(self) -> int | None:
        """The largest number of tokens a move removes (``None`` if unbounded)."""
        if any(not r.is_zero for r in self.repeat_rules):
            return None
        k = len(self.rules) - 1
        while k > 0 and self.rules[k].is_zero:
            k -= 1
        return k

    @property
    def max_parts(self) -> int | None:
        """The largest number of heaps a move leaves (``None`` if unbounded: ``*`` or ``{c+}``)."""
        every = self.rules + self.repeat_rules + self.adds
        if any(r.open_from is not None for r in every):
            return None
        bits = 0
        for r in every:
            bits |= r.mask
        return max(1, bits.bit_length() - 1)

    @property
    def has_unequal(self) -> bool:
        """Whether any digit carries a modifier (``!``, ``?`` or ``=``)."""
        return any(r.mod or r.count_mods for r in self.rules + self.repeat_rules + self.adds)

    @property
    def is_octal_like(self) -> bool:
        """Plain digits only (no lists, ``*``, added tokens, or modifiers other than a digit's ``!``):
        the fast engines and the periodicity theorem apply (with the ``max_parts`` bound)."""
        return not self.adds and all(r.is_plain for r in self.rules + self.repeat_rules)

    def __str__(self) -> str:
        text = "".join(str(r) for r in reversed(self.adds)) + str(self.rules[0]) + "."
        text += "".join(str(r) for r in self.rules[1:])
        if self.repeat_rules:
            text += "[" + "".join(str(r) for r in self.repeat_rules) + "]"
        elif len(self.rules) == 1:
            text += "0"
        return text


_ZERO = Rule()


def partitions(total: int, k: int, mod: str = ""):
    """The ways to leave ``total`` tokens as ``k >= 2`` non-empty heaps, each a non-decreasing tuple,
    subject to a modifier (``!`` pairwise unequal, ``?`` not all equal, ``=`` all equal).

    >>> list(partitions(6, 3)), list(partitions(6, 3, "!")), list(partitions(6, 2, "=")), list(partitions(4, 2, "?"))
    ([(1, 1, 4), (1, 2, 3), (2, 2, 2)], [(1, 2, 3)], [(3, 3)], [(1, 3)])
    """
    if mod == "=":
        if total % k == 0 and total >= k:
            yield (total // k,) * k
        return
    strict = mod == "!"

    def rec(rest: int, parts: int, low: int):
        if parts == 1:
            if rest >= low:
                yield (rest,)
            return
        step = 1 if strict else 0
        # the smallest remaining heaps are at least low, low + step, ...
        a = low
        while a * parts + step * parts * (parts - 1) // 2 <= rest:
            for tail in rec(rest - a, parts - 1, a + step):
                yield (a,) + tail
            a += 1

    for p in rec(total, k, 1):
        if mod == "?" and p[0] == p[-1]:
            continue
        yield p


def _bad(text: str, i: int, what: str) -> InvalidPositionError:
    ch = text[i] if i < len(text) else "end of code"
    shown = repr(ch) if i < len(text) else ch
    return InvalidPositionError(f"take-and-break code {text!r} is not of the form d0.d1d2...: {what} at index "
                                f"{i} ({shown}); e.g. '0.77', '4!.0', '0.[3]', '{{2+}}=.0'")


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0

    def peek(self) -> str:
        return self.text[self.i] if self.i < len(self.text) else ""

    def number(self, what: str) -> int:
        start = self.i
        while is_digits(self.peek()):
            self.i += 1
        if start == self.i:
            raise _bad(self.text, self.i, f"expected {what}")
        return int(self.text[start:self.i])

    def modifier(self) -> str:
        ch = self.peek()
        if ch and ch in _MODIFIERS:
            self.i += 1
            return ch
        return ""

    def group(self) -> Rule | None:
        ch = self.peek()
        if not ch:
            return None
        up = ch.upper()
        if up in _DIGITS:
            self.i += 1
            return Rule(_DIGITS.index(up), None, self.modifier())
        if ch == "&":
            self.i += 1
            value = self.number("a decimal digit value after '&'")
            if value >= 1 << (_MAX_COUNT + 1):
                raise _bad(self.text, self.i - 1, f"digit value {value} allows more than {_MAX_COUNT} heaps")
            if self.peek() != ";":
                raise _bad(self.text, self.i, "expected ';' closing '&n;'")
            self.i += 1
            return Rule(value, None, self.modifier())
        if ch == "*":
            self.i += 1
            return Rule(0, 0, self.modifier())
        if ch == "{":
            self.i += 1
            mask, open_from, count_mods, open_mod = 0, None, [], ""
            while True:
                start = self.i
                k = self.number("a heap count")
                if k > _MAX_COUNT:
                    raise _bad(self.text, start, f"heap count {k} is over the maximum {_MAX_COUNT}")
                if self.peek() == "+":
                    self.i += 1
                    if open_from is not None:
                        raise _bad(self.text, start, "a second 'c+' entry in one heap-count list")
                    open_from, open_mod = k, self.modifier()
                else:
                    mask |= 1 << k
                    mod = self.modifier()
                    if mod:
                        count_mods.append((k, mod))
                if self.peek() == ",":
                    self.i += 1
                    continue
                if self.peek() == "}":
                    self.i += 1
                    break
                raise _bad(self.text, self.i, "expected ',' or '}' in a heap-count list")
            mod = self.modifier()
            count_mods = [(k, m) for k, m in count_mods if m != mod]       # normal form: no repeats
            return Rule(mask, open_from, mod, tuple(count_mods), "" if open_mod == mod else open_mod)
        return None

    def groups(self) -> list[Rule]:
        result = []
        while True:
            rule = self.group()
            if rule is None:
                return result
            result.append(rule)


def parse_code(text: str) -> Code:
    """Parse a take-and-break code; a bad code raises :class:`~cgt.errors.InvalidPositionError` naming
    the offending character and its index.

    >>> parse_code("0.77").digits
    (0, 7, 7)
    >>> parse_code("0.7x")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPositionError: take-and-break code '0.7x' is not of the form d0.d1d2...: unexpected character at index 3 ('x'); e.g. '0.77', '4!.0', '0.[3]', '{2+}=.0'
    """
    if not isinstance(text, str):
        raise InvalidPositionError(f"take-and-break code {text!r} is not a string such as '0.77'")
    s = text.strip()
    p = _Parser(s)
    before = p.groups()
    if p.peek() != ".":
        raise _bad(s, p.i, "expected a digit or the point '.'" if p.i < len(s) else "missing the point '.'")
    p.i += 1
    after = p.groups()
    repeat: list[Rule] = []
    if p.peek() == "[":
        p.i += 1
        repeat = p.groups()
        if not repeat:
            raise _bad(s, p.i, "expected a digit in the repeating group '[...]'")
        if p.peek() != "]":
            raise _bad(s, p.i, "expected ']' closing the repeating group")
        p.i += 1
    if p.i < len(s):
        raise _bad(s, p.i, "unexpected character")
    d0 = before[-1] if before else _ZERO
    adds = tuple(reversed(before[:-1]))
    if d0.allows(0) or d0.allows(1):
        raise InvalidPositionError(f"take-and-break code {text!r}: digit d0 = {d0} would allow a move that "
                                   f"removes nothing and leaves {0 if d0.allows(0) else 1} heap(s); d0 may only "
                                   f"leave 2 or more heaps (e.g. 4, 8, 12, {{2+}})")
    for a, rule in enumerate(adds, start=1):
        low = rule.min_count()
        if low is not None and low < a + 2:
            raise NotShortGameError(f"take-and-break code {text!r}: digit d-{a} = {rule} adds {a} token(s) and "
                                    f"may leave {low} heap(s), so a heap need not shrink and play need not end")
    while adds and adds[-1].is_zero:
        adds = adds[:-1]
    if repeat and all(r.is_zero for r in repeat):
        repeat = []
    rules = [d0] + after
    if not repeat:
        while len(rules) > 1 and rules[-1].is_zero:
            rules.pop()
    return Code(tuple(rules), tuple(repeat), adds)
