"""A GDL game ready to play: roles, the initial state, and ``legal``, ``next``, ``goal``, ``terminal``.

The description is checked (:mod:`cgt.games.gdl.validate`) and compiled (:mod:`cgt.games.gdl.compile`)
once.  Relations that depend on neither ``true`` nor ``does`` are computed once at load time (the
static layer); per state, the relations that depend on ``true`` (legal moves, goals, terminal); per
joint move, those that depend on ``does`` (``next``).  A state is a frozenset of ground fluents.

>>> game = loads('''(role you) (init (count 0)) (succ 0 1) (succ 1 2)
...   (<= (legal you (add ?y)) (true (count ?x)) (succ ?x ?y))
...   (<= (next (count ?y)) (does you (add ?y)))
...   (<= terminal (true (count 2))) (goal you 100)''')
>>> game.roles, sorted(game.initial)
(('you',), [('count', '0')])
>>> view = game.view(game.initial)
>>> view.terminal, view.legal, view.goals
(False, {'you': [('add', '1')]}, {'you': 100})
>>> sorted(game.next_state(view, {"you": ("add", "1")}))
[('count', '1')]
"""

from __future__ import annotations

import os

from cgt.runtime.arguments import is_digits
from cgt.games.gdl.compile import build_indexes, compile_layer, group_state
from cgt.games.gdl.errors import GdlError
from cgt.games.gdl.syntax import parse_rules, parse_term, term_text
from cgt.games.gdl.validate import check

__all__ = ["GdlGame", "StateView", "load", "loads", "format_state", "brief_state"]

_EMPTY = frozenset()


class StateView:
    """The relations true in one state: ``terminal``, ``legal`` (role -> moves) and ``goals`` (role -> int)."""

    __slots__ = ("state", "groups", "relations", "terminal", "legal", "_goals", "_game")

    def __init__(self, game, state, groups, relations) -> None:
        self._game = game
        self.state = state
        self.groups = groups
        self.relations = relations
        self.terminal = () in relations.get("terminal/0", _EMPTY)
        legal = {role: [] for role in game.roles}
        for role, move in relations.get("legal/2", _EMPTY):
            if role in legal:
                legal[role].append(move)
        self.legal = legal            # in no particular order (see sorted_legal)
        self._goals = None

    def sorted_legal(self, role) -> list:
        """The legal moves of ``role`` sorted by their text (a repeatable order)."""
        return sorted(self.legal[role], key=term_text)

    @property
    def goals(self) -> dict:
        """Goal value of each role (GDL goal values are the integers 0..100); None when a role has none."""
        if self._goals is None:
            goals = {role: None for role in self._game.roles}
            for role, value in self.relations.get("goal/2", _EMPTY):
                if role in goals:
                    if type(value) is not str or not is_digits(value):
                        raise GdlError(f"goal value {term_text(value)} of {role} is not an integer 0..100")
                    number = int(value)
                    if goals[role] is not None and goals[role] != number:
                        raise GdlError(f"role {role} has two goal values ({goals[role]} and {number}) "
                                       f"in state {format_state(self.state)}")
                    goals[role] = number
            self._goals = goals
        return self._goals


def format_state(state) -> str:
    """The fluents of a state as KIF text, sorted.

    >>> format_state(frozenset({("heap", "a", "2"), "done"}))
    '(heap a 2) done'
    """
    return " ".join(sorted(term_text(t) for t in state))


def brief_state(state, width: int = 120) -> str:
    """:func:`format_state`, cut to ``width`` characters for one-line messages.

    >>> brief_state(frozenset({("cell", str(i), "b") for i in range(40)}), 30)
    '(cell 0 b) (cell 1 b) (cell...'
    """
    text = format_state(state)
    return text if len(text) <= width else text[:width - 3] + "..."


class GdlGame:
    """A loaded GDL description (see the module docstring)."""

    def __init__(self, text: str, name: str = "game") -> None:
        self.name = name
        self.rules = parse_rules(text)
        self.program = check(self.rules)
        static = compile_layer(self.program, "static", {})
        relations = {}
        static.run(_EMPTY, {}, _EMPTY, relations, {})
        self.static_relations = relations
        self._state_layer = compile_layer(self.program, "state", relations)
        self._move_layer = compile_layer(self.program, "move", relations)
        self._indexes = build_indexes(self._state_layer.indexes | self._move_layer.indexes, relations)
        declared = [rule.head[1][0] for rule in self.rules
                    if rule.head[0] == "role" and len(rule.head[1]) == 1 and not rule.body]
        found = {args[0] for args in relations.get("role/1", ())}
        self.roles = tuple(dict.fromkeys([r for r in declared if r in found] + sorted(found, key=term_text)))
        if not self.roles:
            raise GdlError(f"{name}: no role is declared")
        for role in self.roles:
            if type(role) is not str:
                raise GdlError(f"{name}: role {term_text(role)} is not a constant")
        self.initial = frozenset(args[0] for args in relations.get("init/1", ()))

    def view(self, state) -> StateView:
        """Evaluate the state-dependent relations of ``state``."""
        relations = dict(self.static_relations)
        groups = group_state(state)
        self._state_layer.run(state, groups, _EMPTY, relations, self._indexes)
        return StateView(self, state, groups, relations)

    def next_state(self, view: StateView, moves: dict) -> frozenset:
        """The state after every role plays its move in ``moves`` (role -> move term) from ``view``."""
        return self.successor(view, tuple(moves[role] for role in self.roles))

    def successor(self, view: StateView, joint: tuple) -> frozenset:
        """The state after the joint move ``joint`` (one move per role, in the order of ``roles``)."""
        relations = view.relations      # the move layer only replaces its own relations
        self._move_layer.run(view.state, view.groups, set(zip(self.roles, joint)), relations, self._indexes)
        return frozenset(relations.get("next/1", _EMPTY))

    def successors(self, view: StateView, joints) -> list:
        """:meth:`successor` of each joint move in ``joints`` (the hot loop of the graph search)."""
        run, roles, indexes = self._move_layer.run, self.roles, self._indexes
        state, groups, relations = view.state, view.groups, view.relations
        out = []
        for joint in joints:
            run(state, groups, set(zip(roles, joint)), relations, indexes)
            out.append(frozenset(relations.get("next/1", _EMPTY)))
        return out

    def state(self, text: str) -> frozenset:
        """A state written as fluents, e.g. ``game.state("(heap 1 3) (control left)")``.

        >>> game = loads("(role a) (init p) (<= terminal (true p)) (goal a 0)")
        >>> game.state("(heap 1 3) p") == {("heap", "1", "3"), "p"}
        True
        """
        return frozenset(parse_term(part) for part in _split_terms(text))

    def __repr__(self) -> str:
        return f"GdlGame({self.name!r})"


def _split_terms(text: str) -> list[str]:
    parts, depth, current = [], 0, []
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        if char.isspace() and depth == 0:
            if current:
                parts.append("".join(current))
                current = []
            continue
        current.append(char)
    if current:
        parts.append("".join(current))
    return parts


def loads(text: str, name: str = "game") -> GdlGame:
    """Load a GDL description from text."""
    return GdlGame(text, name)


def load(path) -> GdlGame:
    """Load a GDL description from a ``.kif`` file."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as error:
        raise GdlError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise GdlError(f"{path} is not UTF-8 text") from None
    return GdlGame(text, os.path.basename(str(path)))
