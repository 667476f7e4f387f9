"""CGSuite's plain-text notation for canonical games (``str(G)``), and ``repr``.

Rules (CGSuite's printing rules), tried in this order:

* uptimals ``x + u.^ + *n``: number, then ups, then star: ``^``, ``vv``, ``^3``,
  ``^*``, ``6^*``, ``73/16v9*8``; ``0`` for zero;
* switches ``G = -G``: ``+-1``, ``+-{1,1*}``, ``+-(1*)``;
* ``x + Tiny(y)`` = ``{x||x|x-y}`` and ``x + Miny(y)``: ``Tiny(2)``, ``2Tiny(2)``;
* ``x + ^<n>`` (up-nth) and ``x + ^[n]`` (cumulative up), optionally with ``*``;
* everything else in braces, a lone compound option inlined with more
  slashes (``{3||2|1}``), at most four slashes.

>>> from cgt import game, up, star, dyadic, down, nimber, tiny, integer
>>> str(game([3], [2]) + game([2], [0]))
'{5|4||3|2}'
>>> str(dyadic(73, 16) + 9 * down + nimber(8))
'73/16v9*8'
>>> str(game([0], [down + star])), str(game([up], [star]))
('^<2>', '^[2]')
>>> str(tiny(integer(2)) + 2)
'2Tiny(2)'
"""

from __future__ import annotations

from fractions import Fraction

from cgt.errors import TooLargeError
from cgt.kernel.numbers import format_number

#: The most slashes an inlined option chain may use before braces take over.
MAX_SLASHES = 4

#: The longest text ``str(G)`` builds, in characters.  A game's text can be exponentially longer than its
#: canonical form is large (the form is a DAG, the text writes it out as a tree: ``(*20).heat(1)`` would be 1.5
#: billion characters), so a longer text is refused with :class:`~cgt.errors.TooLargeError` as soon as one of
#: its parts passes the limit, before it takes that memory.  Raise it (or set ``None``) to print anyway.
MAX_TEXT_LENGTH: int | None = 1_000_000


def format_uptimal(x: Fraction, u: int, n: int) -> str:
    """The text of ``x + u.^ + *n``.

    >>> format_uptimal(Fraction(0), 2, 4), format_uptimal(Fraction(6), 1, 1), format_uptimal(Fraction(0), 0, 0)
    ('^^*4', '6^*', '0')
    """
    text = format_number(x) if x or (u == 0 and n == 0) else ""
    if u:
        arrow = "^" if u > 0 else "v"
        count = abs(u)
        text += arrow * count if count <= 2 else f"{arrow}{count}"
    if n:
        text += "*" if n == 1 else f"*{n}"
    return text


def format_game(g) -> str:
    """CGSuite's plain text for ``g`` (cached on the game).

    >>> from cgt import game
    >>> format_game(game([1], [-1]))
    '+-1'
    """
    from cgt.kernel.game import closed_uptimal, game_cache

    closed = closed_uptimal(g)
    if closed is not None:
        return format_uptimal(*closed)
    extra = game_cache(g)
    text = extra.get("str")
    if text is None:
        text = _special_text(g)
        if text is None:
            text = "{" + _general_body(g)[0] + "}"
        _check_length(len(text))
        extra["str"] = text
    return text


def print_key(g):
    """Sort key for printing options: CGSuite's order (:func:`cgt.notation.print_order.option_key`).

    >>> from cgt import star, integer, up
    >>> [str(g) for g in sorted([up, star, integer(1), integer(-1)], key=print_key)]
    ['-1', '1', '*', '^']
    """
    from cgt.notation.print_order import option_key

    return option_key(g)


def _special_text(g) -> str | None:
    """Text for the non-brace forms (compact uptimals, switch, Tiny/Miny), or None (CGSuite's printing rules)."""
    from cgt.kernel.game import negate

    text = _up_family_text(g)
    if text is not None:
        return text
    if negate(g) is g:
        return _switch_text(g)
    return _tiny_text(g)


def _atom(g) -> str:
    """An option as it appears in a comma list or after ``+-``."""
    return format_game(g)


def _switch_text(g) -> str:
    lefts = g.left_options
    if len(lefts) > 1:
        return "+-{" + ",".join(_atom(o) for o in lefts) + "}"
    (option,) = lefts
    text = _atom(option)
    if option.is_number or text.startswith("{"):
        return "+-" + text
    return "+-(" + text + ")"


def _tiny_text(g) -> str | None:
    """``xTiny(d)`` for ``{x||x|y}`` with a number x and mean(y) < x (d = x - y), and ``xMiny(d)`` for
    ``{{z|x}|x}`` with mean(z) > x (d = z - x): the exact shapes of CGSuite's rule."""
    from cgt.kernel.game import lefts_of as _lefts, rights_of as _rights

    left, right = _lefts(g), _rights(g)
    if len(left) != 1 or len(right) != 1:
        return None
    if left[0].is_number:
        x, inner, name = left[0], right[0], "Tiny"
        if len(_lefts(inner)) != 1 or len(_rights(inner)) != 1 or _lefts(inner)[0] is not x:
            return None
        far = _rights(inner)[0]
        if not far.mean < x.number:
            return None
        d = x - far
    elif right[0].is_number:
        x, inner, name = right[0], left[0], "Miny"
        if len(_lefts(inner)) != 1 or len(_rights(inner)) != 1 or _rights(inner)[0] is not x:
            return None
        far = _lefts(inner)[0]
        if not far.mean > x.number:
            return None
        d = far - x
    else:
        return None
    prefix = format_number(x.number) if x.number else ""
    return f"{prefix}{name}({format_game(d)})"


_up_family: dict = {}     # game -> text, for the up family registered so far
_up_family_size = [1]


def _up_family_text(g) -> str | None:
    """``x^<n>``, ``xv<n>``, ``x^[n]``, ``xv[n]``, each optionally followed by ``*`` or ``*m`` (CGSuite's
    printing rule)."""
    from cgt.kernel.game import add, birthday_of, stops_of, trusted_uptimal
    from cgt.kernel.constructors import up_family

    x, right_stop = stops_of(g)
    if x != right_stop:
        return None
    rest = add(g, trusted_uptimal(-x, 0, 0)) if x else g
    size = birthday_of(rest)
    if _up_family_size[0] < size:
        # Register the family up to this birthday in one pass (each member from its closed form).
        for k, nth, nth_star, cumulative, cumulative_star in up_family(size):
            if k <= _up_family_size[0]:
                continue
            for value, text in ((nth, f"^<{k}>"), (nth_star, f"^<{k}>*"),
                                (cumulative, f"^[{k}]"), (cumulative_star, f"^[{k}]*")):
                _up_family.setdefault(value, text)
                _up_family.setdefault(-value, "v" + text[1:])
        _up_family_size[0] = size
    text = _up_family.get(rest)
    if text is None:
        text = _compact_uptimal(rest)
        if text is None:
            return None
    return (format_number(x) if x else "") + text


def _compact_uptimal(rest) -> str | None:
    """``^<n>*m``/``^[n]*m`` (and downs) for an infinitesimal whose value is one of these, ``n >= 2``.

    Recognised from the shapes of the closed forms (Siegel, CGT II.4): ``^[n]*m = {^[n-1]*m (, 0 if m = 1)
    | *(m XOR 1)}`` and ``^<n>*m = {0, *, ..., *m | v[n-1]*(m XOR 1)}``; a candidate found by walking
    these shapes is then confirmed by identity with the game built from the closed form, so the text is
    never wrong, and no search over sums is needed (a game of large nimber options prints at once).
    """
    from cgt.kernel.constructors import up_nth
    from cgt.kernel.game import nimber, rights_of

    for sign, g in (("^", rest), ("v", -rest)):
        form = _cumulative_form(g)
        if form is not None and form[0] >= 2:
            n, m = form
            return f"{sign}[{n}]" + _star_text(m)
        rights = rights_of(g)
        if len(rights) == 1:
            below = _cumulative_form(-rights[0])
            if below is not None:
                n, m = below[0] + 1, below[1] ^ 1
                if up_nth(n) + nimber(m) is g:
                    return f"{sign}<{n}>" + _star_text(m)
    return None


def _star_text(m: int) -> str:
    return "" if m == 0 else "*" if m == 1 else f"*{m}"


def _cumulative_form(g) -> tuple[int, int] | None:
    """``(n, m)`` when ``g`` is ``^[n]*m`` (``n >= 1``), else None: walk down the Left options that are
    not 0 to ``^*m``, then confirm by identity with the closed form."""
    from cgt.kernel.constructors import up_cumulative
    from cgt.kernel.game import ZERO, closed_uptimal, lefts_of, nimber, rights_of

    node, depth = g, 1
    while True:
        closed = closed_uptimal(node)
        if closed is not None:
            x, u, m = closed
            if x != 0 or u != 1:
                return None
            break
        lefts = [o for o in lefts_of(node) if o is not ZERO]
        if len(lefts) != 1 or len(rights_of(node)) != 1 or depth > 10_000:
            return None
        node, depth = lefts[0], depth + 1
    if depth == 1:
        return 1, m
    return (depth, m) if up_cumulative(depth) + nimber(m) is g else None


def _general_body(g) -> tuple[str, int]:
    """The text inside the outer braces of a general game, and its number of slashes."""
    from cgt.kernel.game import game_cache

    extra = game_cache(g)
    body = extra.get("body")
    if body is not None:
        return body
    left_text, left_slashes = _side(g.left_options)
    right_text, right_slashes = _side(g.right_options)
    slashes = max(left_slashes, right_slashes) + 1
    _check_length(len(left_text) + len(right_text))
    body = (left_text + "|" * slashes + right_text, slashes)
    extra["body"] = body
    return body


def _check_length(length: int) -> None:
    """Refuse a text longer than :data:`MAX_TEXT_LENGTH` (see there)."""
    if MAX_TEXT_LENGTH is not None and length > MAX_TEXT_LENGTH:
        raise TooLargeError(f"the text of this game is longer than {MAX_TEXT_LENGTH:,} characters (its canonical "
                            "form shares positions that the text writes out again each time); ask for its "
                            "properties instead (Temperature, Birthday, FollowerCount, ...)")


def _side(options) -> tuple[str, int]:
    if len(options) == 1:
        (option,) = options
        if format_game(option).startswith("{"):
            text, slashes = _general_body(option)
            if slashes < MAX_SLASHES:
                return text, slashes
    return ",".join(_atom(o) for o in options), 0


def repr_game(g) -> str:
    """An expression in ``cgt``'s constructors that rebuilds ``g``.

    >>> from cgt import game, up, star
    >>> repr_game(up + star), repr_game(game([3], [game([2], [1])]))
    ('up + nimber(1)', "game('{3||2|1}')")
    """
    from cgt.kernel.game import closed_uptimal

    nus = closed_uptimal(g)
    if nus is not None:
        x, u, n = nus
        if not (x or u or n):
            return "zero"
        parts = []
        if x or (u == 0 and n == 0):
            parts.append(str(x.numerator) if x.denominator == 1 else f"dyadic({x.numerator}, {x.denominator})")
        if u:
            name = "up" if u > 0 else "down"
            parts.append(name if abs(u) == 1 else f"{abs(u)} * {name}")
        if n:
            parts.append(f"nimber({n})")
        if len(parts) == 1 and x and x.denominator == 1:
            return f"integer({x.numerator})"
        return " + ".join(parts)
    # CGSuite's notation is far shorter than nested constructor calls, and game(text) reads it back.
    try:
        return f"game({str(g)!r})"
    except TooLargeError:               # repr never raises: a description instead of the text
        return f"<cgt.Game born on day {g.birthday}: its text passes {MAX_TEXT_LENGTH:,} characters>"
