"""CGSuite's plain text for loopy values (as CGSuite prints them).

* ``on``, ``off``, ``dud``; ``over``/``under`` with a number prefix (``2over``); ``^[on]`` for
  ``upon = {pass | *}`` and ``v[on]`` for its negative; ``^<on>`` for the uponth ``{0 | v[on]*}`` and
  ``v<on>`` for its negative (each with a number prefix and an optional ``*``);
* other stoppers like short games, except that an option equal to the node itself prints ``pass``, a
  node reached again gets a name ``a``, ``b``, ... (then ``N1``, ``N2``, ...) written before its opening
  brace and alone at the later references; braces are forced on named nodes and on nodes with an
  empty side;
* short followers print exactly as :class:`cgt.Game` does;
* sided values that are not stoppers: ``onside & offside``.

>>> from cgt.loopy.value import LoopyGame
>>> str(LoopyGame.from_graph([[1], [0]], [[], [0]]))     # a{{a|a}|}: Left wins, or Right returns
'on & 0'
"""

from __future__ import annotations

from cgt.loopy.graph import Graph, short_values

__all__ = ["format_loopy", "format_stopper"]


def format_loopy(value) -> str:
    """The text of a :class:`~cgt.loopy.value.LoopyGame`."""
    on, off = value.sides()
    if on.left == off.left and on.right == off.right:
        return format_stopper(on)
    if _is_on(on) and _is_on(off.negated()):
        return "dud"
    return format_stopper(on) + " & " + format_stopper(off)


def _is_on(g: Graph) -> bool:
    return g.left == ((0,),) and g.right == ((),)


def _star():
    from cgt.kernel.constructors import star

    return star


#: Node names; ``v`` is left out because ``v{...}`` would read as down.
_NAMES = "abcdefghijklmnopqrstuwxyz"


def _name(k: int) -> str:
    return _NAMES[k] if k < len(_NAMES) else f"N{k - len(_NAMES) + 1}"


def _slashes(text: str) -> int:
    """Longest run of bars at the top level inside a braced text."""
    depth = best = run = 0
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "|" and depth == 1:
            run += 1
            best = max(best, run)
        else:
            run = 0
    return best


def _subgraph(g: Graph, node: int) -> Graph:
    return Graph(g.left, g.right, node).restricted()


def _canonical(g: Graph) -> Graph:
    from cgt.loopy.simplify import canonical_numbering

    return canonical_numbering(g)


def format_stopper(g: Graph) -> str:
    """The text of a simplest-form stopper graph."""
    short = short_values(g)
    if g.root in short:
        return str(short[g.root])
    printer = _Printer(g, short)
    return printer.text(g.root)


class _Printer:
    def __init__(self, g: Graph, short: dict) -> None:
        from cgt.notation.printing import print_key

        self.g = g
        self.short = short
        self.key = print_key
        self.names: dict = {}
        self.printed: set = set()
        self.needs_name = self._find_names()

    def _ordered(self, options) -> list:
        shorts = sorted((j for j in options if j in self.short), key=lambda j: self.key(self.short[j]))
        return shorts + sorted(j for j in options if j not in self.short)

    def _find_names(self) -> set:
        """Loopy nodes reached a second time in printing order (other than by a pass)."""
        g = self.g
        seen = set()
        named = set()
        stack = [g.root]
        while stack:
            i = stack.pop()
            if i in seen:
                named.add(i)
                continue
            seen.add(i)
            children = [j for j in self._ordered(g.left[i]) + self._ordered(g.right[i])
                        if j != i and j not in self.short]
            stack.extend(reversed(children))
        return named

    def text(self, i: int) -> str:
        body, _ = self._node(i, top=True)
        return body

    def _special(self, i: int) -> str | None:
        """``on``/``off``/``over``/``under``/``^[on]`` shapes of a node, or None."""
        g = self.g
        left, right = g.left[i], g.right[i]
        if left == (i,) and not right:
            return "on"
        if right == (i,) and not left:
            return "off"
        if right == (i,) and len(left) == 1 and left[0] in self.short and self.short[left[0]].is_number:
            x = self.short[left[0]]
            return ("" if x.number == 0 else str(x)) + "over"
        if left == (i,) and len(right) == 1 and right[0] in self.short and self.short[right[0]].is_number:
            x = self.short[right[0]]
            return ("" if x.number == 0 else str(x)) + "under"
        return (self._upon(i, left, right) or self._upon(i, right, left, negative=True)
                or self._uponth(left, right) or self._uponth(right, left, negative=True) or self._shortcut(i))

    def _shortcut(self, i: int) -> str | None:
        """``+-G``, ``Tiny(G)`` and ``Miny(G)`` for a loopy stopper ``G`` (CGSuite prints them for stoppers as for
        short games), when the followers involved are printed nowhere else and need no names."""
        g = self.g
        left, right = g.left[i], g.right[i]
        if len(left) != 1 or len(right) != 1 or i in left + right:
            return None
        (l,), (r,) = left, right
        zero = self._number_node(0)
        # Tiny(G) = {0 || 0 | -G}, Miny(G) = {G | 0 || 0}
        for near, far, inner_near, inner_far, name, sign in (
                (l, r, g.left, g.right, "Tiny", -1), (r, l, g.right, g.left, "Miny", 1)):
            if near == zero and far not in self.short and inner_near[far] == (zero,) and len(inner_far[far]) == 1:
                k = inner_far[far][0]
                if k not in self.short and k != far and self._private(i, [far]):
                    value = _subgraph(g, k)
                    return f"{name}({format_stopper(_canonical(value.negated() if sign < 0 else value))})"
        # +-G = {G | -G}
        if (l not in self.short or r not in self.short) and self._private(i, [l, r]):
            a, b = _canonical(_subgraph(g, l)), _canonical(_subgraph(g, r).negated())
            if a.left == b.left and a.right == b.right:
                text = format_stopper(a)
                return "+-" + (text if not any(c in text for c in ",|&") or text.startswith("{") else f"({text})")
        return None

    def _number_node(self, x) -> int | None:
        return next((j for j, v in self.short.items() if v.is_number and v.number == x), None)

    def _private(self, i: int, tops: list) -> bool:
        """Whether the followers of ``tops`` are reached from ``i`` only (not from elsewhere, not back to
        ``i``) and none of them needs a name."""
        g = self.g
        inside = set(g.reachable(tops))
        if i in inside or inside & self.needs_name:
            return False
        return not any(q in inside for p in range(g.size) if p != i and p not in inside
                       for q in g.left[p] + g.right[p])

    def _number(self, j) -> object:
        """The number short node ``j`` stands for, or None."""
        value = self.short.get(j)
        return value if value is not None and value.is_number else None

    def _uponth(self, near: tuple, far: tuple, negative: bool = False) -> str | None:
        """``x^<on>`` = {x | x v[on]*} with x v[on]* = {x | x, pass}, and ``x^<on>*`` = {x, x* | x v[on]}
        with x v[on] = {x* | pass} (``near`` the Left options; mirrored for ``xv<on>``, ``xv<on>*``)."""
        g = self.g
        if len(far) != 1 or far[0] in self.short:
            return None
        j = far[0]
        j_near, j_far = (g.left[j], g.right[j]) if not negative else (g.right[j], g.left[j])
        arrow = "v<on>" if negative else "^<on>"
        if len(near) == 1 and self._number(near[0]) is not None:
            # {x | {x | x, pass}}
            if j_near == near and len(j_far) == 2 and j in j_far and near[0] in j_far:
                x = self._number(near[0])
                return ("" if x.number == 0 else str(x)) + arrow
            return None
        numbers = [self._number(k) for k in near]
        if len(near) == 2 and sum(x is not None for x in numbers) == 1:
            # {x, x* | {x* | pass}}
            x = next(v for v in numbers if v is not None)
            other = next(k for k, v in zip(near, numbers) if v is None)
            if other in self.short and self.short[other] == x + _star() and j_near == (other,) and j_far == (j,):
                return ("" if x.number == 0 else str(x)) + arrow + "*"
        return None

    def _upon(self, i: int, left: tuple, right: tuple, negative: bool = False) -> str | None:
        """``x^[on]`` = {pass | x*} and ``x^[on]*`` = {x, pass | x} (``v[on]`` for the negatives)."""
        arrow = "v[on]" if negative else "^[on]"
        others = [j for j in left if j != i]
        if len(others) == len(left) or not all(j in self.short for j in others + list(right)):
            return None
        if not others and len(right) == 1:
            x = self.short[right[0]] + _star()
            if x.is_number:
                return ("" if x.number == 0 else str(x)) + arrow
        if len(others) == 1 and len(right) == 1 and others[0] == right[0] and self.short[right[0]].is_number:
            x = self.short[right[0]]
            return ("" if x.number == 0 else str(x)) + arrow + "*"
        return None

    def _node(self, i: int, top: bool = False) -> tuple[str, int | None]:
        """``(text, slashes)``: slashes is None when the text is braced (or not a brace form)."""
        if i in self.short:
            text = str(self.short[i])
            return text, (_slashes(text) if text.startswith("{") else None)
        if i in self.names:
            return self.names[i], None
        special = self._special(i)
        if special is not None and i not in self.needs_name:
            return special, None
        name = ""
        if i in self.needs_name:
            name = _name(len(self.names))
            self.names[i] = name
        g = self.g
        lt, ls = self._side(i, g.left[i])
        rt, rs = self._side(i, g.right[i])
        bars = max(ls, rs) + 1
        body = lt + "|" * bars + rt
        braced = top or bool(name) or not g.left[i] or not g.right[i] or bars >= 4
        if braced:
            return name + "{" + body + "}", None
        return "{" + body + "}", bars

    def _side(self, i: int, options) -> tuple[str, int]:
        ordered = self._ordered(options)
        if len(ordered) == 1:
            (j,) = ordered
            if j == i:
                return "pass", 0
            text, slashes = self._node(j)
            if slashes is not None and slashes < 4:
                return text[1:-1], slashes
            return text, 0
        return ",".join("pass" if j == i else self._node(j)[0] for j in ordered), 0
