"""Loopy values in the shell (CGSuite §4.2, §5.4, §6.5-6.6): ``on``, ``off``, ``over``, ``under``,
``upon``, ``dud``, ``pass`` among options, labelled braces ``a{0|{1|a}}`` and ``onside & offside``.

Braces that mention ``pass``, a label or a loopy value are turned back into CGSuite text -- every other
option evaluated and printed -- and read by :func:`cgt.loopy.loopy_game`, so the shell and the Python
builder share one reader.

>>> from cgt.shell import run
>>> run("a{0|{1|a}}"), run("{pass|*}"), run("on + off"), run("1 & 0")
('1', '^[on]', 'dud', '1 & 0')
"""

from __future__ import annotations

from fractions import Fraction

from lark import Token, Tree

import cgt.loopy as loopy
from cgt import Game, as_game
from cgt.errors import NotApplicableError
from cgt.loopy import LoopyGame, loopy_game, sided

from cgt.shell.method_registry import Section
from cgt.shell.values import format_value, normalise, player_of, to_game

__all__ = ["LOOPY_NAMES", "LOOPY_GAMES", "is_loopy_tree", "loopy_braces", "loopy_from_options", "sidle",
           "upon_family", "named_values"]

#: The named loopy values the shell knows (CGSuite's globals).
LOOPY_NAMES = ("on", "off", "over", "under", "upon", "dud")


def upon_family(power: bool):
    """``^<on>`` (the uponth, ``power``) or ``^[on]`` (upon): the loopy ends of the ``^<n>``/``^[n]`` families."""
    return loopy.uponth if power else loopy.upon


def named_values() -> dict:
    """``{"on": on, ...}`` for the shell's globals."""
    return {name: getattr(loopy, name) for name in LOOPY_NAMES}


def is_loopy_tree(node) -> bool:
    """Whether braces ``node`` mention ``pass`` or a label anywhere among their options (not inside a
    nested procedure or call, where the braces' own rules stop)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Tree):
            if item.data in ("pass_", "labelled_braces"):
                return True
            if item.data in ("braces", "arguments"):
                stack.extend(item.children)
    return False


def loopy_braces(node, evaluate) -> object:
    """The loopy value of braces ``node`` (``braces`` or ``labelled_braces``); ``evaluate(subtree)`` gives
    the value of an ordinary option."""
    return loopy_game(_text(node, evaluate, set()))


def _text(node, evaluate, labels: set) -> str:
    if isinstance(node, Tree) and node.data == "pass_":
        return "pass"
    if isinstance(node, Tree) and node.data == "name" and str(node.children[0]) in labels:
        return str(node.children[0])
    if isinstance(node, Tree) and node.data in ("braces", "labelled_braces"):
        children = list(node.children)
        head = ""
        if node.data == "labelled_braces":
            head = str(children.pop(0))
            labels = labels | {head}
        parts = []
        for child in children:
            if isinstance(child, Token):          # the bars
                parts.append(str(child))
            elif child is None:
                parts.append("")
            else:
                parts.append(",".join(_text(c, evaluate, labels) for c in child.children))
        return head + "{" + "".join(parts) + "}"
    value = evaluate(node)
    return _plain_text(value)


def _plain_text(value) -> str:
    if isinstance(value, (Game, LoopyGame)) or isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction):
        return str(as_game(value))
    raise NotApplicableError(f"{format_value(value)} is not a game: braces take games as options")


def loopy_from_options(parts: list, bars: list):
    """Braces whose options are already evaluated (some of them loopy values): ``parts`` are the option
    lists between the ``bars``; read as CGSuite text, so the nesting of the bars is the reader's."""
    text = ",".join(_plain_text(v) for v in parts[0])
    for bar, part in zip(bars, parts[1:]):
        text += str(bar) + ",".join(_plain_text(v) for v in part)
    return loopy_game("{" + text + "}")


# ---------------------------------------------------------------- the methods of loopy values (§6.5-6.6)

#: They extend the short games' methods of the same names (a short game is a stopper), so the section is
#: secondary: help shows the short games' first.
LOOPY_GAMES = Section("loopy games", LoopyGame, letter="G", secondary=True)


def _other(x):
    return x if isinstance(x, LoopyGame) else to_game(x)


def _stop_value(p):
    """A stop as the shell shows it: a number as a number (as for short games), else the loopy value."""
    if p.is_short:
        return normalise(Fraction(p.to_game().number))
    return p


LOOPY_GAMES.method("OutcomeClass", lambda g: g.outcome, doc=LoopyGame.outcome)
LOOPY_GAMES.method("Onside", lambda g: g.onside, doc=LoopyGame.onside)
LOOPY_GAMES.method("Offside", lambda g: g.offside, doc=LoopyGame.offside)
LOOPY_GAMES.method("IsStopper", lambda g: g.is_stopper, doc=LoopyGame.is_stopper)
LOOPY_GAMES.method("IsPlumtree", lambda g: g.is_plumtree, doc=LoopyGame.is_plumtree)
LOOPY_GAMES.method("Degree", lambda g: g.degree, doc=LoopyGame.degree)
LOOPY_GAMES.method("Upsum", lambda g, h: g.upsum(_other(h)), arity=(1, 1), doc=LoopyGame.upsum, usage="G.Upsum(H)")
LOOPY_GAMES.method("Downsum", lambda g, h: g.downsum(_other(h)), arity=(1, 1), doc=LoopyGame.downsum,
                   usage="G.Downsum(H)")
LOOPY_GAMES.method("LeftStop", lambda g: _stop_value(g.left_stop), doc=LoopyGame.left_stop)
LOOPY_GAMES.method("RightStop", lambda g: _stop_value(g.right_stop), doc=LoopyGame.right_stop)
LOOPY_GAMES.method("Stop", lambda g, p: _stop_value(g.stop(player_of(p))), arity=(1, 1), doc=LoopyGame.stop,
                   usage="G.Stop(Left)")
LOOPY_GAMES.method("StrongStop", lambda g, p: _stop_value(g.strong_stop(player_of(p))), arity=(1, 1),
                   doc=LoopyGame.strong_stop, usage="G.StrongStop(Left)")
LOOPY_GAMES.method("UpsumVariety", lambda g, d: g.upsum_variety(_other(d)), arity=(1, 1),
                   doc=LoopyGame.upsum_variety, usage="G.UpsumVariety(over)")
LOOPY_GAMES.method("DownsumVariety", lambda g, d: g.downsum_variety(_other(d)), arity=(1, 1),
                   doc=LoopyGame.downsum_variety, usage="G.DownsumVariety(over)")
LOOPY_GAMES.method("Variety", lambda g: g.variety, doc=LoopyGame.variety)
LOOPY_GAMES.method("IsStable", lambda g: g.is_stable, doc=LoopyGame.is_stable)


def sidle(onside, offside):
    """``onside & offside`` (CGSuite's sidling operator: a sided value from two stoppers)."""
    return sided(onside, offside)
