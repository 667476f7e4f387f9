"""LaTeX output for Jupyter (``Game._repr_latex_``, :mod:`cgt.notation.latex`).

Symbols follow Winning Ways and Siegel's CGT: ↑ ↓ ⇑ ⇓ for up/down, ∗ for
star, ± for switches, ``+_x`` / ``-_x`` for tiny-x / miny-x (WW ch. 5),
``↑^n`` for up-nth and ``↑^{[n]}`` for cumulative up (CGT §II.4).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from cgt import down, dyadic, game, miny, nimber, star, switch, tiny, up, zero
from cgt.errors import InvalidGameError
from cgt.notation.latex import latex, latex_text
from cgt.testing import games

G = game

ROWS = [
    ("^", up, r"\uparrow"),
    ("v", down, r"\downarrow"),
    ("^^", 2 * up, r"\Uparrow"),
    ("vv", 2 * down, r"\Downarrow"),
    ("^5", 5 * up, r"5\cdot\uparrow"),
    ("^*", up + star, r"\uparrow\ast"),
    ("^^*4", 2 * up + nimber(4), r"\Uparrow\ast4"),
    ("6^*", 6 + up + star, r"6\uparrow\ast"),
    ("73/16v9*8", dyadic(73, 16) + 9 * down + nimber(8), r"\frac{73}{16}+9\cdot\downarrow\ast8"),
    ("*3", nimber(3), r"\ast3"),
    ("0", zero, "0"),
    ("-1/2", dyadic(-1, 2), r"-\frac{1}{2}"),
    ("+-1", switch(1), r"\pm 1"),
    ("+-1/2", switch(dyadic(1, 2)), r"\pm \frac{1}{2}"),
    ("+-(1*)", switch(1 + star), r"\pm (1\ast)"),
    ("Tiny(2)", tiny(2), r"{+_{2}}"),
    ("Miny(2)", miny(2), r"{-_{2}}"),
    ("2Tiny(2)", tiny(2) + 2, r"2+{+_{2}}"),
    ("Tiny({2|1})", tiny(G([2], [1])), r"{+_{\{2\mid 1\}}}"),
    ("{3||2|1}", G([3], [G([2], [1])]), r"\{3\parallel 2\mid 1\}"),
    ("{3|||2||1|0}", G([3], [G([2], [G([1], [0])])]), r"\{3\mathrel{|\!|\!|} 2\parallel 1\mid 0\}"),
    ("{1,1*|-1}", G([1, 1 + star], [-1]), r"\{1,1\ast\mid -1\}"),
    ("^<2>", G([0], [down + star]), r"\uparrow^{2}"),
    ("^[2]", G([up], [star]), r"\uparrow^{[2]}"),
    ("v[2]", -G([up], [star]), r"\downarrow^{[2]}"),
]


@pytest.mark.parametrize("g, tex", [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_latex_rows(g, tex):
    assert latex(g, delimiters=False) == tex
    assert latex(g) == f"${tex}$"
    assert g._repr_latex_() == f"${tex}$"


def test_unknown_text_is_a_clear_error():
    with pytest.raises(InvalidGameError, match=r"cannot typeset '\{1 ; 2\}'"):
        latex_text("{1 ; 2}")
    with pytest.raises(InvalidGameError, match="unbalanced parentheses"):
        latex_text("Tiny(2")


@settings(deadline=None)
@given(games(max_birthday=3))
def test_every_printed_game_typesets(g):
    tex = latex(g)
    assert tex.startswith("$") and tex.endswith("$")
    assert tex.count(r"\{") == tex.count(r"\}")
    assert "^" not in tex.replace("^{", "")  # every superscript is braced; no raw CGSuite '^'
