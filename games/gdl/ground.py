"""Grounding a GDL description: every ground instance of every rule that can ever fire.

A propositional network (:mod:`cgt.games.gdl.propnet`) needs the rules without variables.  Grounding
follows the usual relaxation of GGP reasoners (Schkufza, Love and Genesereth, *Propositional automata and
cell automata: representational frameworks for discrete dynamic systems*, AI 2008; Cox, Schkufza, Madsen
and Genesereth, *Factoring general games using propositional automata*, GIGA 2009): evaluate the rules
bottom-up with every negation of a state- or move-dependent relation taken as satisfied, ``true``
ranging over every fluent seen so far and ``does`` over every legal move seen so far; add the ``next``
fluents and the ``legal`` moves found, and repeat until nothing new appears.  The result over-approximates
every reachable state, so the instances recorded in the last round are all the rules that can fire in any
of them.  Static relations (depending on neither ``true`` nor ``does``) are known exactly at load time and
are evaluated away.

The join code is the one of the rule interpreter (:mod:`cgt.games.gdl.compile`: the same join plans and
indexes), generated once more with the relaxed negation and an instance recorded at each match.

Grounding can blow up: many variables ranging over many constants, or function terms that grow without
end in the relaxation (which, unlike real play, ignores the end of the game).  It stops with
:class:`GroundingTooLargeError` once more than ``limit`` instances appear or a fluent or move nests deeper
than :data:`DEPTH_LIMIT`.

>>> from cgt.games.gdl.analyse import SUBTRACTION_EXAMPLE
>>> from cgt.games.gdl.reasoner import loads
>>> grounding = ground(loads(SUBTRACTION_EXAMPLE))
>>> [term_text(f) for f in grounding.fluents]
['(control left)', '(control right)', '(heap 0)', '(heap 1)', '(heap 2)', '(heap 3)', '(heap 4)']
>>> [(role, term_text(move)) for role, move in grounding.inputs][:3]
[('left', '(take 0)'), ('left', '(take 1)'), ('left', '(take 2)')]
>>> for body in sorted(body for key, args, body in grounding.instances if args == ("left", ("take", "2"))):
...     print(body)                    # (legal left (take 2)) from heap 3 (take 1) and from heap 4 (take 2)
(('pos', 'true/1', (('control', 'left'),)), ('pos', 'true/1', (('heap', '3'),)))
(('pos', 'true/1', (('control', 'left'),)), ('pos', 'true/1', (('heap', '4'),)))
"""

from __future__ import annotations

from cgt.games.gdl.compile import JoinCompiler, build_indexes, fixpoint_overflow, group_state
from cgt.games.gdl.errors import GdlError
from cgt.games.gdl.syntax import term_text
from cgt.games.gdl.validate import key_of
from cgt.runtime.interrupt import check_interrupt

__all__ = ["Grounding", "GroundingTooLargeError", "ground", "next_fluents", "GROUND_LIMIT"]

#: Most rule instances a grounding may have before :func:`ground` gives up.
GROUND_LIMIT = 250_000
#: Most rounds of the relaxed fixpoint (each adds at least one fluent or move).
ROUND_LIMIT = 10_000
#: Deepest nesting of a fluent or a move: terms that keep growing in the relaxation (a counter written
#: ``(s (s ... 0))`` that nothing bounds but the end of the game) would make grounding endless.
DEPTH_LIMIT = 48


class GroundingTooLargeError(GdlError):
    """Grounding the rules would go beyond a limit (the rule interpreter still works); ``reason`` is the
    message without the game's name."""

    reason = ""


class Grounding:
    """The ground game: ``fluents`` (sorted by text), ``inputs`` (``(role, move)`` pairs, in role order
    then by text) and ``instances``, a set of ``(key, head arguments, body)`` with ``body`` a tuple of
    ``(sign, key, arguments)`` literals over state- and move-dependent relations (``sign`` is ``"pos"`` or
    ``"neg"``; ``true/1`` and ``does/2`` literals included)."""

    def __init__(self, game, fluents, inputs, instances, rounds: int) -> None:
        self.game = game
        self.fluents = fluents
        self.inputs = inputs
        self.instances = instances
        self.rounds = rounds

    def __repr__(self) -> str:
        return (f"Grounding({self.game.name!r}: {len(self.fluents)} fluents, {len(self.inputs)} moves, "
                f"{len(self.instances)} rule instances)")


def _too_large(limit):
    raise GroundingTooLargeError(f"grounding the rules gives more than {limit:,} rule instances")


class _RelaxedGenerator(JoinCompiler):
    """The join code of every state- and move-dependent rule, with non-static negations relaxed away and
    each match recorded as a ground instance in ``G``."""

    def __init__(self, program, static_relations, limit):
        super().__init__(program, "ground", static_relations)
        self.limit = limit

    def dynamic(self, key) -> bool:
        return self.program.layer.get(key) != "static"

    def literal(self, literal, env, recursive_keys, depth):
        if literal[0] == "neg" and self.dynamic(key_of(literal[1])):
            return depth                    # relaxed: assume the negation holds
        return super().literal(literal, env, recursive_keys, depth)

    def rule(self, head, body, recursive_keys, depth):
        env = {}
        for step in self.plan(body, recursive_keys):
            depth = self.literal(step, env, recursive_keys, depth)
        args = ", ".join(self.build_term(a, env) for a in head[1])
        literals = []
        for literal in body:
            if literal[0] in ("pos", "neg") and self.dynamic(key_of(literal[1])):
                inner = ", ".join(self.build_term(a, env) for a in literal[1][1])
                comma = "," if len(literal[1][1]) == 1 else ""
                literals.append(f"({literal[0]!r}, {key_of(literal[1])!r}, ({inner}{comma}))")
        self.emit(depth, f"_h = ({args}{',' if len(head[1]) == 1 else ''})")
        self.emit(depth, f"{self.rel(key_of(head))}.add(_h)")
        self.emit(depth, f"G.add(({key_of(head)!r}, _h, ({', '.join(literals)}{',' if len(literals) == 1 else ''})))")
        self.emit(depth, f"if len(G) > {self.limit}:")
        self.emit(depth + 1, f"_too_large({self.limit})")

    def build(self):
        program = self.program
        mine = [comp for comp in program.components if program.layer[comp[0]] != "static"
                and not any(k in ("true/1", "does/2") for k in comp)]
        keys = [k for comp in mine for k in comp]
        rules_of = {}
        for head, body, rule in program.rules:
            rules_of.setdefault(key_of(head), []).append((head, body, rule))
        self.lines = []
        self.emit_components(mine, rules_of)
        header = ["def ground(S, TB, D, R, I, G):"]
        for key, name in self.names.items():
            header.append(f"    {name} = R[{key!r}] = set()" if key in keys else f"    {name} = R.get({key!r}, _EMPTY)")
        for i, ix in enumerate(sorted(self.indexes)):
            header.append(f"    ix{i} = I[{ix!r}]")
        source = self.index_names("\n".join(header + self.lines + ["    return None", ""]))
        namespace = {"_EMPTY": frozenset(), "_overflow": fixpoint_overflow, "_check_interrupt": check_interrupt,
                     "_too_large": _too_large}
        try:
            code = compile(source, "<gdl grounding>", "exec")
        except (SyntaxError, RecursionError, MemoryError) as error:    # Python's nesting limits
            raise GdlError(f"a rule is too deeply nested to ground ({getattr(error, 'msg', error)}); "
                           f"split its body into helper relations") from None
        exec(code, namespace)
        return namespace["ground"], source


def _depth(term) -> int:
    """Nesting depth of a term: 0 for a constant, 1 + the deepest argument for a compound term."""
    if type(term) is not tuple:
        return 0
    return 1 + max((_depth(t) for t in term[1:]), default=0)


def next_fluents(program, relations):
    """The fluents of the ``next/1`` relation (stored unwrapped when it is static, see ``UNWRAPPED``)."""
    found = relations.get("next/1", ())
    return found if program.layer.get("next/1") == "static" else [args[0] for args in found]


def ground(game, seeds=(), limit: int | None = None) -> Grounding:
    """Ground the rules of ``game`` over every fluent reachable in the relaxation from its initial state and
    the fluents ``seeds`` (e.g. those of another start state); see the module docstring.  ``limit``
    defaults to :data:`GROUND_LIMIT`."""
    limit = GROUND_LIMIT if limit is None else limit
    program = game.program
    generator = _RelaxedGenerator(program, game.static_relations, limit)
    run, _source = generator.build()
    indexes = build_indexes(generator.indexes, game.static_relations)
    roles = set(game.roles)
    fluents = set(game.initial) | set(seeds)
    moves = set()
    rounds = 0
    while True:
        check_interrupt()
        rounds += 1
        if rounds > ROUND_LIMIT:
            raise GroundingTooLargeError(f"grounding the rules did not settle in {ROUND_LIMIT:,} rounds")
        relations = dict(game.static_relations)
        instances = set()
        run(frozenset(fluents), group_state(fluents), moves, relations, indexes, instances)
        new_fluents = set(next_fluents(program, relations))
        new_moves = {(r, m) for r, m in relations.get("legal/2", ()) if r in roles}
        if new_fluents <= fluents and new_moves <= moves:
            break
        deep = next((t for t in (new_fluents - fluents) | {m for _r, m in new_moves - moves}
                     if _depth(t) > DEPTH_LIMIT), None)
        if deep is not None:
            text = term_text(deep)
            raise GroundingTooLargeError(f"grounding the rules makes terms nest deeper than {DEPTH_LIMIT} levels "
                                         f"({text[:40]}...)")
        fluents |= new_fluents
        moves |= new_moves
    order = {role: i for i, role in enumerate(game.roles)}
    return Grounding(game, tuple(sorted(fluents, key=term_text)),
                     tuple(sorted(moves, key=lambda rm: (order[rm[0]], term_text(rm[1])))), instances, rounds)
