"""Loopy values in the shell (as in CGSuite): ``on``, ``off``, ``over``, ``under``,
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
from cgt import Game, Player, as_game
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


def is_loopy_tree(node, plain: set | None = None) -> bool:
    """Whether braces ``node`` mention ``pass`` or a label anywhere among their options (not inside a
    nested procedure or call, where the braces' own rules stop).

    ``plain``, when given, is a set of the ids of braces known to be plain: it is read, and the braces met
    are added to it when the answer is no, so that asking again for each of nested braces costs nothing.

    >>> from cgt.shell.parser import parse
    >>> braces = parse("{{0|}|{{0|}|}}").children[0].children[0]
    >>> plain = set()
    >>> is_loopy_tree(braces, plain), len(plain)
    (False, 4)
    """
    if plain is not None and id(node) in plain:
        return False
    met = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Tree):
            if item.data in ("pass_", "labelled_braces"):
                return True
            if item.data in ("braces", "arguments"):
                if item.data == "braces":
                    met.append(id(item))
                stack.extend(item.children)
    if plain is not None:
        plain.update(met)
    return False


def loopy_braces(node, evaluate) -> object:
    """The loopy value of braces ``node`` (``braces`` or ``labelled_braces``); ``evaluate(subtree)`` gives
    the value of an ordinary option.

    A label names its position anywhere in the literal, as in CGSuite: a later sibling may refer to it
    (``a{d{|b{c{b|a},a|}, c}|a}``: ``c`` is defined inside ``d``'s option ``b``), and so may an earlier one.

    >>> from cgt.shell import run
    >>> run("a{d{|b{c{pass|a},a|}, c}|a}") == run("a{d{|b{c{pass|a},a|}, {pass|a}}|a}")
    True
    """
    return loopy_game(_text(node, evaluate, _labels(node)))


def _labels(node) -> set:
    """Every label defined in the braces ``node`` (where :func:`is_loopy_tree` looks)."""
    labels = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Tree):
            if item.data == "labelled_braces":
                labels.add(str(item.children[0]))
            if item.data in ("braces", "labelled_braces", "arguments"):
                stack.extend(item.children)
    return labels


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


# ---------------------------------------------------------------- the methods of loopy values

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


def _shell_value(v):
    """A follower as the shell shows it: a number as a number, as for short games."""
    if isinstance(v, Game) and v.is_number:
        return normalise(Fraction(v.number))
    return v


def _options(g: LoopyGame, player=None) -> frozenset:
    """G.Options: a stopper's options in simplest form; G.Options(Left): Left's."""
    if player is None:
        return frozenset(_shell_value(v) for v in g.left_options + g.right_options)
    left = player_of(player) is Player.Left
    return frozenset(_shell_value(v) for v in (g.left_options if left else g.right_options))


def _plumtree(g: LoopyGame) -> bool:
    """True for a stopper whose simplest form has no cycles but passes (a sided value is none)."""
    return g.is_stopper and g.is_plumtree


def _stopper_sided(g: LoopyGame) -> bool:
    """True when both sides are stoppers in simplest form (CGSuite's StopperSidedValue): false only for a side
    that finite simplification leaves cyclic."""
    on, off = g.sides()
    return on.is_stopper() and off.is_stopper()


def _canonical_form(g: LoopyGame):
    """G.CanonicalForm: the short game a loopy value equals (an error when it is loopy: use it as it is)."""
    if not g.is_short:
        raise NotApplicableError(f"{g} is loopy, so it has no canonical (short) form")
    return g.to_game()


def _game_value(g: LoopyGame) -> LoopyGame:
    """G.GameValue: the value itself."""
    return g


def _always(answer: bool, doc: str):
    def test(g: LoopyGame) -> bool:
        return answer

    test.__doc__ = doc
    return test


def _short_only(test, doc: str):
    def check(g: LoopyGame) -> bool:
        return g.is_short and test(g.to_game())

    check.__doc__ = doc
    return check


LOOPY_GAMES.method("LeftOptions", lambda g: frozenset(_shell_value(v) for v in g.left_options),
                   doc=LoopyGame.left_options)
LOOPY_GAMES.method("RightOptions", lambda g: frozenset(_shell_value(v) for v in g.right_options),
                   doc=LoopyGame.right_options)
LOOPY_GAMES.method("Options", _options, arity=(0, 1), usage="G.Options, or G.Options(Left)")
LOOPY_GAMES.method("Followers", lambda g: frozenset(_shell_value(v) for v in g.followers()), doc=LoopyGame.followers)
LOOPY_GAMES.method("FollowerCount", lambda g: g.follower_count, doc=LoopyGame.follower_count)
LOOPY_GAMES.method("CanonicalForm", _canonical_form)
LOOPY_GAMES.method("GameValue", _game_value)
LOOPY_GAMES.method("IsPseudonumber", lambda g: g.is_pseudonumber, doc=LoopyGame.is_pseudonumber)
LOOPY_GAMES.method("IsNumberish", lambda g: g.is_numberish, doc=LoopyGame.is_numberish)
LOOPY_GAMES.method("IsNumberTiny", lambda g: g.is_number_tiny, doc=LoopyGame.is_number_tiny)
LOOPY_GAMES.method("IsInfinitesimal", lambda g: g.is_infinitesimal, doc=LoopyGame.is_infinitesimal)
LOOPY_GAMES.method("IsAllSmall", lambda g: g.is_all_small, doc=LoopyGame.is_all_small)
LOOPY_GAMES.method("IsIdempotent", lambda g: g.is_idempotent, doc=LoopyGame.is_idempotent)
LOOPY_GAMES.method("IsZero", lambda g: g.is_zero, doc=LoopyGame.is_zero)
LOOPY_GAMES.method("IsNumber", lambda g: g.is_number, doc=LoopyGame.is_number)
LOOPY_GAMES.method("IsInteger", lambda g: g.is_integer, doc=LoopyGame.is_integer)
LOOPY_GAMES.method("IsNimber", lambda g: g.is_nimber, doc=LoopyGame.is_nimber)
LOOPY_GAMES.method("IsUptimal", _short_only(lambda h: h.is_uptimal, "True for uptimals (which are short)."))
LOOPY_GAMES.method("IsOrdinal", _short_only(lambda h: h.is_integer and h.number >= 0,
                                             "True for the ordinals 0, 1, 2, ... (which are short)."))
LOOPY_GAMES.method("IsLoopfree", lambda g: g.is_short, doc=LoopyGame.is_short)
LOOPY_GAMES.method("IsFinite", _always(True, "True: a loopy value has a finite graph (no transfinite parts)."))
LOOPY_GAMES.method("IsStopperSided", _stopper_sided)
LOOPY_GAMES.method("IsPlumtree", _plumtree)
LOOPY_GAMES.method("Tiny", lambda g: loopy.tiny(g), doc=loopy.tiny)
LOOPY_GAMES.method("Miny", lambda g: loopy.miny(g), doc=loopy.miny)
LOOPY_GAMES.method("OrdinalSum", lambda g, h: loopy.ordinal_sum(g, _other(h)), arity=(1, 1), doc=loopy.ordinal_sum,
                   usage="G.OrdinalSum(H)")
LOOPY_GAMES.method("Subordinate", lambda g, b: g.subordinate(_other(b)), arity=(1, 1), doc=LoopyGame.subordinate,
                   usage="G.Subordinate(B)")


def sidle(onside, offside):
    """``onside & offside`` (CGSuite's sidling operator: a sided value from two stoppers)."""
    return sided(onside, offside)
