"""CGSuite's ``*[…]`` notation for misère canonical forms: printing and parsing.

Inside ``*[…]`` a game has a *name* (Conway's notation, ONAG ch. 12; CGSuite's documentation, tutorial
"Misère Theory"):

* a nim heap ``*b`` is ``b`` (``&b;`` when ``b >= 10``);
* a game with a single option ``H`` is ``H#``;
* an *odd* game ``G = H + *``, ``H`` born earlier, is ``H`` with the mark ``1``;
* a game ``G = H + *i`` (``H`` one of its options, ``i >= 2`` odd for an odd ``G``, even otherwise) is ``H``
  with the mark ``i`` when that is shorter: ``*4 + *2`` is ``4[2]``, ``*3 + *2`` is ``2[3]``;
* otherwise the names of the options are run together, larger birthdays first, an option with several
  options of its own in parentheses: ``*[42]`` is ``{*4, *2}``, ``*[(42)31]`` is ``{{*4,*2}, *3, *}``.

Marks after a base item (a heap or a parenthesised name) apply left to right: ``#`` takes the game whose
only option is the game so far, a number ``i`` adds ``*i``, ``-i`` undoes adding ``*i``
(``G + *i = H`` prints as ``H[-i]``; this printer does not use it).  Once a number mark occurs, every mark
after the base item goes inside one bracket: ``2[#1]`` is ``{*2} + *``, ``4[2#]`` is ``{*4 + *2}``.  Where
several names fit, CGSuite chooses by a heuristic of its own, so a text may differ from CGSuite's while
naming the same game; :func:`parse_misere` reads either.

>>> from cgt.misere.game import misere_game, misere_nim
>>> g = misere_game([2]) + misere_nim(1)
>>> str(g), parse_misere(str(g)) is g
('*[2[#1]]', True)
>>> str(misere_nim(4) + misere_nim(2)), str(misere_nim(4) + misere_nim(3)), str(misere_nim(2) + misere_nim(2))
('*[4[2]]', '*[4[3]]', '*[32]')
>>> str(misere_nim(2) + misere_nim(3)), str(misere_nim(9) + misere_nim(9) + misere_nim(9))
('*[2[3]]', '*[8[89]]')
>>> parse_misere("*[(42)[2]]") is misere_game([4, 2]) + misere_nim(2)
True
"""

from __future__ import annotations

from cgt.runtime.arguments import is_digits
from cgt.errors import InvalidGameError, TooLargeError

__all__ = ["MAX_TEXT_LENGTH", "format_misere", "parse_misere"]


def _heap_token(n: int) -> str:
    return str(n) if n < 10 else f"&{n};"


def _name(g):
    """``(kind, base, marks, length)``: kind ``"heap"`` (base is a heap token) or ``"multi"`` (base is the
    tuple of option games, in print order), the tuple of marks applied to it, and the length of the text
    as an option (in parentheses when it is a ``multi`` name without marks).  Stored on the game, so shared
    subgames are planned once; the text itself is only built by :func:`format_misere`."""
    if g._name is not None:
        return g._name
    from cgt.runtime.walk import postorder
    from cgt.misere.game import misere_nim, misere_sum, print_key

    star = misere_nim(1)

    def expand(x):
        if x._name is not None:
            return (x, None), ()
        if x.heap_size is not None:
            plan = ("heap", (), ())
        elif len(x.options_by_id) == 1:
            plan = ("#", (x.options_by_id[0],), ())
        else:
            y = misere_sum(x, star)
            odd = y.birthday < x.birthday         # x = y + *, y born earlier
            parts = _heap_parts(x, odd)
            hs = tuple(h for h, _ in parts)
            if odd:
                plan = ("odd", (y,) + hs, parts)
            else:
                plan = ("multi", tuple(sorted(x.options_by_id, key=print_key, reverse=True)) + hs, parts)
        return (x, plan), plan[1]

    postorder(g, expand, lambda how, values: _finish(how), {})
    return g._name


def _heap_parts(x, odd: bool) -> list:
    """The ways ``x = H + *i`` with ``H`` an option of ``x`` and ``i >= 2`` of ``x``'s parity, as pairs
    ``(H, i)`` (``H + *0 = H`` is an option of ``H + *i``, and the normal values fix ``i``)."""
    from cgt.misere.game import misere_nim, misere_sum

    found = []
    options = x.options_by_id
    values = {o.nim_value for o in options}
    for h in options:
        i = x.nim_value ^ h.nim_value
        if i < 2 or i % 2 != odd or i > len(options) or len(options) > len(h.options_by_id) + i:
            continue
        # Cheap tests first, true when no form on the way collapses (only these sums are tried; the sum
        # decides): H + *i is born on day b(H) + i, by the chain of options H + *(i-1), ..., H + *0 = H; its
        # options H + *j (j < i) and H' + *i have the normal values g(H) xor j and g(H') xor i.
        if x.birthday != h.birthday + i:
            continue
        if not all(h.nim_value ^ j in values for j in range(i)) or \
                not all(o.nim_value ^ i in values for o in h.options_by_id):
            continue
        if misere_sum(h, misere_nim(i)) is x:
            found.append((h, i))
    return found


def _plus_mark(marks: tuple, i: int) -> tuple:
    """``marks`` followed by the mark adding ``*i``; adding ``*`` after adding an even ``*j`` is adding
    ``*(j+1)`` (``*j + * = *(j+1)``)."""
    if i == 1 and marks and marks[-1] not in ("#", "1"):
        j = _mark_value(marks[-1])
        if not j % 2:
            return marks[:-1] + (_heap_token(j + 1),)
    return marks + (_heap_token(i),)


def _mark_value(mark: str) -> int:
    return int(mark[1:-1]) if mark.startswith("&") else int(mark)


def _finish(how):
    x, plan = how
    if plan is None:
        return x._name
    kind, children, parts = plan
    if kind == "heap":
        token = _heap_token(x.heap_size)
        x._name = ("heap", token, (), len(token))
        return x._name
    if kind == "#":
        k, base, marks, _ = children[0]._name
        marks = marks + ("#",)
        x._name = (k, base, marks, _length(k, base, marks))
        return x._name
    if kind == "odd":
        k, base, marks, _ = children[0]._name
        marks = _plus_mark(marks, 1)
        best = (k, base, marks, _length(k, base, marks))
    else:
        options = children[:len(x.options_by_id)]
        best = ("multi", options, (), sum(o._name[3] for o in options) + 2)
    for h, i in sorted(parts, key=lambda part: part[1]):      # the smallest heap first
        k, base, marks, _ = h._name
        marks = _plus_mark(marks, i)
        length = _length(k, base, marks)
        if length < best[3]:
            best = (k, base, marks, length)
    x._name = best
    return x._name


def _length(kind: str, base, marks: tuple) -> int:
    inner = len(base) if kind == "heap" else sum(o._name[3] for o in base) + 2
    return inner + _marks_length(marks)


def _marks_length(marks: tuple) -> int:
    if not marks or all(m == "#" for m in marks):
        return len(marks)
    return sum(len(m) for m in marks) + 2


def _over_names(g, combine) -> dict:
    """``combine(kind, base, marks, values)`` evaluated bottom-up over the names of ``g`` and of every game
    it prints (``values``: the results for the options of a ``multi`` base); a table game -> result."""
    from cgt.runtime.walk import postorder

    _name(g)
    table: dict = {}

    def expand(x):
        kind, base, _, _ = x._name
        return x, (base if kind == "multi" else ())

    postorder(g, expand, lambda x, values: combine(*x._name[:3], values), table)
    return table


def _with_marks(base: str, marks: tuple) -> str:
    if not marks:
        return base
    if all(m == "#" for m in marks):
        return base + "".join(marks)
    return base + "[" + "".join(marks) + "]"


def _texts(g) -> dict:
    """The option text of ``g`` and of every game it prints (``multi`` bases in parentheses)."""
    return _over_names(g, lambda kind, base, marks, values:
                       _with_marks(base if kind == "heap" else "(" + "".join(values) + ")", marks))


MAX_TEXT_LENGTH = 100_000
"""The longest ``*[…]`` text :func:`format_misere` builds unless asked for more."""


def format_misere(g, max_length: int | None = MAX_TEXT_LENGTH) -> str:
    """The ``*[…]`` text of a misère game (see the module docstring).

    Misère canonical forms of sums grow fast and their printed form repeats shared subgames, so a text
    longer than ``max_length`` characters (``None``: no limit) is refused with
    :class:`~cgt.errors.TooLargeError` before it is built.

    >>> from cgt.misere.game import misere_game, misere_nim
    >>> format_misere(misere_nim(0)), format_misere(misere_game([4, 2])), format_misere(misere_nim(11))
    ('*[0]', '*[42]', '*[&11;]')
    >>> x = misere_game([[2], 1]) + misere_game([[3], 2]) + misere_game([[2], 3, 0])
    >>> format_misere(x + x)
    Traceback (most recent call last):
    ...
    cgt.errors.TooLargeError: the misère game *[…] of birthday 24 prints as 196255 characters, above the limit of 100000
    """
    kind, _, marks, length = _name(g)
    if max_length is not None:
        length = length - (2 if kind == "multi" and not marks else 0) + 3
        if length > max_length:
            raise TooLargeError(f"the misère game *[…] of birthday {g.birthday} prints as {length} "
                                f"characters, above the limit of {max_length}")
    text = _texts(g)[g]
    if kind == "multi" and not marks:
        text = text[1:-1]
    return "*[" + text + "]"


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.i = 0

    def error(self, what: str):
        raise InvalidGameError(f"cannot parse misère game {self.text!r} at column {self.i + 1}: {what}")

    def peek(self) -> str:
        return self.text[self.i] if self.i < len(self.text) else ""

    def take(self, ch: str):
        if self.peek() != ch:
            self.error(f"expected {ch!r}")
        self.i += 1

    def number(self) -> int:
        ch = self.peek()
        if is_digits(ch):
            self.i += 1
            return int(ch)
        if ch == "&":
            self.i += 1
            start = self.i
            while is_digits(self.peek()):
                self.i += 1
            if start == self.i:
                self.error("expected digits after '&'")
            value = int(self.text[start:self.i])
            self.take(";")
            return value
        self.error("expected a heap size")

    def name(self, closing: str):
        from cgt.misere.game import misere_game

        items = []
        while self.peek() not in (closing, ""):
            items.append(self.item())
        if not items:
            return misere_game([])
        return items[0] if len(items) == 1 else misere_game(items)

    def item(self):
        from cgt.misere.game import misere_game, misere_nim

        ch = self.peek()
        if ch == "(":
            self.i += 1
            g = self.name(")")
            self.take(")")
        elif is_digits(ch) or ch == "&":
            g = misere_nim(self.number())
        else:
            self.error("expected a heap size or '('")
        while True:
            ch = self.peek()
            if ch == "#":
                self.i += 1
                g = misere_game([g])
            elif ch == "[":
                self.i += 1
                while self.peek() != "]":
                    if self.peek() == "#":
                        self.i += 1
                        g = misere_game([g])
                    elif self.peek() == "-":
                        self.i += 1
                        g = g.misere_minus(misere_nim(self.number()))
                    elif self.peek() == "":
                        self.error("unclosed '['")
                    else:
                        g = g + misere_nim(self.number())
                self.i += 1
            else:
                return g


def parse_misere(text: str):
    """Read CGSuite's ``*[…]`` output notation back into a :class:`~cgt.misere.game.MisereGame`.

    ``*[]`` is accepted for 0.  (CGSuite's *entry* form with commas, ``*[4,2]``, is a list of options:
    use :func:`cgt.misere.game.misere_game`.)

    >>> from cgt.misere.game import misere_game
    >>> str(parse_misere("*[(42)31]")), parse_misere("*[2#]") is misere_game([2])
    ('*[(42)31]', True)
    >>> parse_misere("*[4")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidGameError: cannot parse misère game '*[4' at column 4: expected ']'
    """
    if not isinstance(text, str):
        raise InvalidGameError(f"parse_misere() needs a string, got {text!r}")
    p = _Parser(text.strip())
    p.take("*")
    p.take("[")
    g = p.name("]")
    p.take("]")
    if p.i != len(p.text):
        p.error("unexpected text after ']'")
    return g


# A pickle of a misère game is a call of this reader (MisereGame.__reduce__) and records the path it finds it by:
# the public cgt.parse_misere, which no move of the misère modules changes.
parse_misere.__module__ = "cgt"
