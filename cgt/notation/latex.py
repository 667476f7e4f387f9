"""LaTeX for games, so Jupyter shows them typeset (``Game._repr_latex_``).

The text is a token-by-token rendering of CGSuite's plain notation
(``str(G)``), so what is typeset is exactly what is printed:

=============  ===================  ======================================
plain text     LaTeX                meaning
=============  ===================  ======================================
``3/4``        ``\\frac{3}{4}``      a number
``*``, ``*3``  ``\\ast``, ``\\ast3``  nimbers
``^``, ``v``   ``\\uparrow``, ...    up, down; ``^^`` is ``\\Uparrow``
``^5``         ``5\\cdot\\uparrow``   five ups (Norton's ``5.↑``)
``^<3>``       ``\\uparrow^{3}``     up-third (Siegel, CGT §II.4)
``^[3]``       ``\\uparrow^{[3]}``   cumulative up ``↑ + ↑² + ↑³``
``+-``         ``\\pm``              switch
``Tiny(2)``    ``{+_{2}}``          tiny-two (Winning Ways ch. 5)
``Miny(2)``    ``{-_{2}}``          miny-two
``{3||2|1}``   ``\\{3\\parallel2\\mid1\\}``  options; ``|||`` and more stack bars
=============  ===================  ======================================

>>> from cgt import up, star, game, tiny, integer, dyadic
>>> latex(up + star)
'$\\\\uparrow\\\\ast$'
>>> latex(game([3], [game([2], [1])]), delimiters=False)
'\\\\{3\\\\parallel 2\\\\mid 1\\\\}'
>>> print(latex(tiny(integer(2)) + dyadic(1, 2), delimiters=False))
\\frac{1}{2}+{+_{2}}
"""

from __future__ import annotations

import re

from cgt.errors import InvalidGameError
from cgt.kernel.game import as_game

__all__ = ["latex", "latex_text", "latex_misere", "latex_genus", "latex_verbatim"]

_TOKEN = re.compile(
    r"""
    (?P<tiny>Tiny\() | (?P<miny>Miny\() | (?P<pm>\+-)
  | (?P<number>-?\d+(?:/\d+)?)
  | (?P<nth>[\^v]<\d+>) | (?P<cumulative>[\^v]\[\d+\])
  | (?P<double>\^\^|vv) | (?P<many>[\^v]\d+) | (?P<single>[\^v])
  | (?P<star>\*\d*)
  | (?P<bars>\|+)
  | (?P<open>\{) | (?P<close>\}) | (?P<comma>,) | (?P<lparen>\() | (?P<rparen>\))
  | (?P<word>[A-Za-z][A-Za-z0-9]*) | (?P<bracket>[\[\]]) | (?P<amp>\s*&\s*) | (?P<colon>\s*:\s*)
  | (?P<plus>\s*\+\s*)
    """,
    re.VERBOSE,
)

_ARROW = {"^": r"\uparrow", "v": r"\downarrow"}
#: The named loopy values and the loopy move ``pass`` (Winning Ways ch. 11), typeset upright.
_WORDS = frozenset({"on", "off", "over", "under", "dud", "upon", "pass", "ono", "tis", "tisn", "oof", "onth"})


def _number(text: str) -> str:
    sign = "-" if text.startswith("-") else ""
    body = text.lstrip("-")
    if "/" in body:
        num, den = body.split("/")
        return rf"{sign}\frac{{{num}}}{{{den}}}"
    return sign + body


def _bars(count: int) -> str:
    if count == 1:
        return r"\mid "
    if count == 2:
        return r"\parallel "
    return r"\mathrel{" + r"|\!" * (count - 1) + "|} "


def latex_text(text: str) -> str:
    """Translate CGSuite plain notation (as printed by ``str(G)``) into LaTeX math.

    >>> latex_text("+-{1,1*}")
    '\\\\pm \\\\{1,1\\\\ast\\\\}'
    >>> latex_text("73/16v9*8")
    '\\\\frac{73}{16}+9\\\\cdot\\\\downarrow\\\\ast8'
    >>> latex_text("2 ?")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidGameError: cannot typeset '2 ?': unexpected ' ?' at position 1
    """
    out: list[str] = []
    pos = 0
    after_number = False
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            raise InvalidGameError(f"cannot typeset {text!r}: unexpected {text[pos:]!r} at position {pos}")
        kind, token = match.lastgroup, match.group()
        pos = match.end()
        if kind == "number":
            out.append(_number(token))
        elif kind in ("tiny", "miny"):
            # x + Tiny(y) is printed xTiny(y); typeset the sum explicitly.
            if after_number:
                out.append("+")
            out.append("{+_{" if kind == "tiny" else "{-_{")
            depth, start = 1, pos
            while depth:
                if pos >= len(text):
                    raise InvalidGameError(f"cannot typeset {text!r}: unbalanced parentheses")
                depth += {"(": 1, ")": -1}.get(text[pos], 0)
                pos += 1
            out.append(latex_text(text[start:pos - 1]) + "}}")
        elif kind == "pm":
            out.append(r"\pm ")
        elif kind == "nth":
            out.append(_ARROW[token[0]] + "^{" + token[2:-1] + "}")
        elif kind == "cumulative":
            out.append(_ARROW[token[0]] + "^{[" + token[2:-1] + "]}")
        elif kind == "double":
            out.append(r"\Uparrow" if token[0] == "^" else r"\Downarrow")
        elif kind == "many":
            if after_number:
                out.append("+")
            out.append(token[1:] + r"\cdot" + _ARROW[token[0]])
        elif kind == "single":
            out.append(_ARROW[token])
        elif kind == "star":
            out.append(r"\ast" + token[1:])
        elif kind == "bars":
            out.append(_bars(len(token)))
        elif kind == "open":
            out.append(r"\{")
        elif kind == "close":
            out.append(r"\}")
        elif kind == "word":
            # on, off, over, dud, pass, upon ... upright; a loopy literal's position labels (a{0|a}) italic.
            out.append(rf"\mathrm{{{token}}}" if token in _WORDS else token)
        elif kind == "amp":
            out.append(r"\mathbin{\&}")
        elif kind in ("colon", "plus"):
            out.append(token.strip())
        else:
            out.append(token)
        after_number = kind == "number"
    return "".join(out).strip()


def latex(g, *, delimiters: bool = True) -> str:
    """LaTeX for a game, wrapped in ``$...$`` for Jupyter unless ``delimiters=False``.

    >>> from cgt import switch, integer, up_nth, miny, nimber
    >>> [latex(x, delimiters=False) for x in (switch(integer(1)), up_nth(2), miny(integer(1)), nimber(2))]
    ['\\\\pm 1', '\\\\uparrow^{2}', '{-_{1}}', '\\\\ast2']
    """
    g = as_game(g)
    body = latex_text(str(g))
    return f"${body}$" if delimiters else body


_VERBATIM_ESCAPES = {"\\": r"\textbackslash{}", "#": r"\#", "$": r"\$", "%": r"\%", "&": r"\&", "_": r"\_",
                     "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def latex_verbatim(text: str) -> str:
    r"""``text`` in typewriter type, its special characters escaped (a position of a ruleset, a board).

    >>> latex_verbatim("x..#|..o.")
    '\\texttt{x..\\#|..o.}'
    """
    return r"\texttt{" + "".join(_VERBATIM_ESCAPES.get(c, c) for c in text) + "}"


def latex_misere(text: str) -> str:
    r"""A misère canonical form as printed (``*[(42)431]``, ``*[2[#1]]``, ``*[&12;]``): the star, then the
    brackets' contents as printed, ``#`` and ``&b;`` escaped.

    >>> latex_misere("*[2[#1]]"), latex_misere("*[&12;]")
    ('\\ast[2[\\#1]]', '\\ast[\\&12;]')
    """
    if not (text.startswith("*[") and text.endswith("]")):
        raise InvalidGameError(f"cannot typeset {text!r}: not a misère form *[...]")
    inner = text[2:-1].replace("#", r"\#").replace("&", r"\&")
    return rf"\ast[{inner}]"


def latex_genus(text: str) -> str:
    r"""A genus as printed (``2``, ``0^120``, ``5^(12,3)``): the superscript raised.

    >>> latex_genus("0^120"), latex_genus("5^(12,3)"), latex_genus("3")
    ('0^{120}', '5^{(12,3)}', '3')
    """
    base, _, power = text.partition("^")
    return f"{base}^{{{power}}}" if power else base
