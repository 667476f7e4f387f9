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

from lark import Token, Tree

from cgt.errors import NotApplicableError

__all__ = ["LOOPY_NAMES", "is_loopy_tree", "loopy_braces", "loopy_from_options", "sidle", "loopy_value_type",
           "upon_family"]

#: The named loopy values the shell knows (CGSuite's globals).
LOOPY_NAMES = ("on", "off", "over", "under", "upon", "dud")


def loopy_value_type():
    from cgt.loopy import LoopyGame

    return LoopyGame


def upon_family(power: bool):
    """``^<on>`` (the uponth, ``power``) or ``^[on]`` (upon): the loopy ends of the ``^<n>``/``^[n]`` families."""
    import cgt.loopy as loopy

    return loopy.uponth if power else loopy.upon


def named_values() -> dict:
    """``{"on": on, ...}`` for the shell's globals."""
    import cgt.loopy as loopy

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
    from cgt.loopy import loopy_game

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
    from cgt import Game

    if isinstance(value, (Game, loopy_value_type())) or isinstance(value, int):
        return str(value)
    from fractions import Fraction

    if isinstance(value, Fraction):
        from cgt import as_game

        return str(as_game(value))
    from cgt.shell.values import format_value

    raise NotApplicableError(f"{format_value(value)} is not a game: braces take games as options")


def loopy_from_options(parts: list, bars: list):
    """Braces whose options are already evaluated (some of them loopy values): ``parts`` are the option
    lists between the ``bars``; read as CGSuite text, so the nesting of the bars is the reader's."""
    from cgt.loopy import loopy_game

    text = ",".join(_plain_text(v) for v in parts[0])
    for bar, part in zip(bars, parts[1:]):
        text += str(bar) + ",".join(_plain_text(v) for v in part)
    return loopy_game("{" + text + "}")


def _loopy_methods() -> dict:
    from cgt.shell.methods import Method, player_of, to_game

    def other(x):
        return x if isinstance(x, loopy_value_type()) else to_game(x)

    table = {
        "OutcomeClass": Method("OutcomeClass", lambda g: g.outcome, doc="The loopy outcome class (D for a draw)."),
        "Onside": Method("Onside", lambda g: g.onside, doc="The onside: Left's view when infinite play is a win for her."),
        "Offside": Method("Offside", lambda g: g.offside, doc="The offside: Right's view."),
        "IsStopper": Method("IsStopper", lambda g: g.is_stopper, doc="True when onside and offside coincide."),
        "IsPlumtree": Method("IsPlumtree", lambda g: g.is_plumtree, doc="A stopper with no cycles but passes."),
        "Degree": Method("Degree", lambda g: g.degree, doc="G Upsum -G (the degree of loopiness)."),
        "Upsum": Method("Upsum", lambda g, h: g.upsum(other(h)), (1, 1), "The onside of the sum.", "G.Upsum(H)"),
        "Downsum": Method("Downsum", lambda g, h: g.downsum(other(h)), (1, 1), "The offside of the sum.",
                          "G.Downsum(H)"),
        "LeftStop": Method("LeftStop", lambda g: _stop_value(g.left_stop), doc="cgt.loopy.value:LoopyGame.left_stop"),
        "RightStop": Method("RightStop", lambda g: _stop_value(g.right_stop),
                            doc="cgt.loopy.value:LoopyGame.right_stop"),
        "Stop": Method("Stop", lambda g, p: _stop_value(g.stop(player_of(p))), (1, 1),
                       "cgt.loopy.value:LoopyGame.stop", "G.Stop(Left)"),
        "StrongStop": Method("StrongStop", lambda g, p: _stop_value(g.strong_stop(player_of(p))), (1, 1),
                             "cgt.loopy.value:LoopyGame.strong_stop", "G.StrongStop(Left)"),
        "UpsumVariety": Method("UpsumVariety", lambda g, d: g.upsum_variety(other(d)), (1, 1),
                               "cgt.loopy.value:LoopyGame.upsum_variety", "G.UpsumVariety(over)"),
        "DownsumVariety": Method("DownsumVariety", lambda g, d: g.downsum_variety(other(d)), (1, 1),
                                 "cgt.loopy.value:LoopyGame.downsum_variety", "G.DownsumVariety(over)"),
        "Variety": Method("Variety", lambda g: g.variety, doc="cgt.loopy.value:LoopyGame.variety"),
        "IsStable": Method("IsStable", lambda g: g.is_stable, doc="cgt.loopy.value:LoopyGame.is_stable"),
    }
    return table


def _stop_value(p):
    """A stop as the shell shows it: a number as a number (as for short games), else the loopy value."""
    from fractions import Fraction

    from cgt.shell.methods import normalise

    if p.is_short:
        return normalise(Fraction(p.to_game().number))
    return p


_METHODS: dict = {}


def find_loopy_method(value, name: str):
    """``(Method, value)`` for a method of a loopy value, or ``(None, None)``."""
    if not isinstance(value, loopy_value_type()):
        return None, None
    if not _METHODS:
        _METHODS.update(_loopy_methods())
    method = _METHODS.get(name)
    return (method, value) if method else (None, None)


def sidle(onside, offside):
    """``onside & offside`` (CGSuite's sidling operator: a sided value from two stoppers)."""
    from cgt.loopy import sided

    return sided(onside, offside)
