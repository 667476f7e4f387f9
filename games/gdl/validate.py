"""Checking a GDL description against the restrictions of the language, and ordering its relations.

The restrictions are those of the GDL specification (Love et al., *General Game Playing: Game
Description Language Specification*, section 3.3), which together make every relation finite and the
meaning of the rules unique (the stratified model of a stratified Datalog program with function
constants):

* **safety** -- every variable of a rule's head, of a negated literal and of a ``distinct`` occurs in a
  positive literal of the body;
* **stratified negation** -- no relation depends negatively on itself through recursion;
* **recursion restriction** -- in a body literal that is recursive with the head, every argument is
  ground, a head argument, or a variable bound by a non-recursive positive literal of the body;
* the game relations depend on the state only as the specification allows: ``role``, ``init``,
  ``base``, ``input`` on neither ``true`` nor ``does``; ``legal``, ``goal``, ``terminal`` not on ``does``.

Disjunctions are expanded first (one rule per disjunct).  Rules that no game relation depends on are
dropped before checking (a helper relation nobody uses cannot change the game).  Every error is one
line naming the rule.

>>> from cgt.games.gdl.syntax import parse_rules
>>> program = check(parse_rules("(role a) (p 1) (<= (legal a (go ?x)) (p ?x))"))
>>> program.layer["legal/2"], program.layer["p/1"]
('static', 'static')
>>> check(parse_rules("(role a) (<= (legal a ?x) (not (p ?x)))"))
Traceback (most recent call last):
...
cgt.games.gdl.errors.GdlRuleError: unsafe rule at line 1: variable ?x of (legal a ?x) is not bound by a positive literal in (<= (legal a ?x) (not (p ?x)))
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from cgt.games.gdl.errors import GdlRuleError
from cgt.games.gdl.syntax import Rule, literal_text, term_text, variables_of

__all__ = ["Program", "check", "key_of", "ROOTS", "LAYERS"]

#: The relations that define a game; everything they do not depend on is dropped.
ROOTS = ("role/1", "init/1", "legal/2", "next/1", "goal/2", "terminal/0")
#: When a relation can change: never, from state to state, or with the players' moves.
LAYERS = ("static", "state", "move")
_BASE = {"true/1": "state", "does/2": "move"}


def key_of(atom) -> str:
    """The relation key ``name/arity`` of an atom."""
    return f"{atom[0]}/{len(atom[1])}"


@dataclass
class Program:
    """A checked description: expanded rules (each with the rule it came from), strata and layers."""

    rules: list                 # (head, body, source Rule) with disjunctions expanded
    components: list            # strongly connected components of relations, dependencies first
    recursive: set              # keys of relations that are recursive (in a cycle)
    layer: dict                 # key -> "static" | "state" | "move"
    keys: set                   # every relation key defined or used


def _expand(rule: Rule):
    """The rules of ``rule`` with every ``or`` replaced by one of its disjuncts."""
    choices = []
    for literal in rule.body:
        choices.append(literal[1] if literal[0] == "or" else ((literal,),))
    for pick in product(*choices):
        body = tuple(lit for part in pick for lit in part)
        yield rule.head, body


def _body_keys(body):
    for literal in body:
        if literal[0] in ("pos", "neg"):
            yield key_of(literal[1]), literal[0] == "neg", literal[1]


def check(rules: list[Rule]) -> Program:
    """Expand, prune and check ``rules``; raises :class:`GdlRuleError` naming the first bad rule."""
    expanded = []
    for rule in rules:
        if key_of(rule.head) in _BASE or rule.head[0] in ("true", "does"):
            raise GdlRuleError(f"rule at {rule.named()} defines {rule.head[0]}, which only the game state "
                               f"and the players' moves can make true")
        for head, body in _expand(rule):
            expanded.append((head, body, rule))
    defined = {}
    for head, body, rule in expanded:
        defined.setdefault(key_of(head), []).append((head, body, rule))
    # keep only what the game relations depend on
    needed, stack = set(), [k for k in ROOTS if k in defined]
    while stack:
        key = stack.pop()
        if key in needed:
            continue
        needed.add(key)
        for _head, body, _rule in defined.get(key, ()):
            for dep, _neg, _atom in _body_keys(body):
                if dep not in needed:
                    stack.append(dep)
    kept = [r for r in expanded if key_of(r[0]) in needed]
    for head, body, rule in kept:
        _check_safe(head, body, rule)
        for literal in body:
            if literal[0] in ("pos", "neg") and literal[1][0] in ("next", "init") and len(literal[1][1]) == 1:
                raise GdlRuleError(f"{literal[1][0]} cannot appear in a rule body, but does at {rule.named()}")
    deps = {}
    for head, body, _rule in kept:
        deps.setdefault(key_of(head), set()).update(k for k, _n, _a in _body_keys(body))
    keys = set(deps) | {k for ds in deps.values() for k in ds}
    components = _components(keys, deps)
    where = {k: i for i, comp in enumerate(components) for k in comp}
    recursive = set()
    for comp in components:
        if len(comp) > 1 or any(k in deps.get(k, ()) for k in comp):
            recursive.update(comp)
    for head, body, rule in kept:
        _check_strata(head, body, rule, where)
        _check_recursion(head, body, rule, where)
    layer = {}
    for comp in components:                 # dependencies come first
        rank = 0
        for k in comp:
            if k in _BASE:
                rank = max(rank, LAYERS.index(_BASE[k]))
            for d in deps.get(k, ()):
                if d in layer:
                    rank = max(rank, LAYERS.index(layer[d]))
                elif d in _BASE:
                    rank = max(rank, LAYERS.index(_BASE[d]))
        for k in comp:
            layer[k] = LAYERS[rank]
    _check_layers(kept, layer)
    return Program(kept, components, recursive, layer, keys)


def _check_safe(head, body, rule: Rule) -> None:
    bound = set()
    for literal in body:
        if literal[0] == "pos":
            variables_of(literal[1][1], bound)
    for where, terms in [(f"({head[0]} {' '.join(term_text(a) for a in head[1])})" if head[1] else head[0],
                          head[1])] + [(literal_text(lit), lit[1][1] if lit[0] == "neg" else lit[1:])
                                       for lit in body if lit[0] in ("neg", "distinct", "same")]:
        free = sorted(variables_of(terms) - bound)
        if free:
            raise GdlRuleError(f"unsafe rule at line {rule.line}: variable {free[0]} of {where} is not bound "
                               f"by a positive literal in {rule.brief()}")


def _components(keys, deps) -> list:
    """Tarjan's strongly connected components, each listed after the components it depends on."""
    index, low, on_stack, stack, result = {}, {}, set(), [], []
    counter = [0]
    for root in sorted(keys):
        if root in index:
            continue
        work = [(root, iter(sorted(deps.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(deps.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    k = stack.pop()
                    on_stack.discard(k)
                    comp.append(k)
                    if k == node:
                        break
                result.append(sorted(comp))
    return result


def _check_strata(head, body, rule, where) -> None:
    hk = key_of(head)
    for key, negative, _atom in _body_keys(body):
        if negative and where.get(key) == where[hk]:
            raise GdlRuleError(f"negation through recursion (not stratified) at line {rule.line}: "
                               f"{hk.split('/')[0]} depends on (not {key.split('/')[0]}) in {rule.brief()}")


def _check_recursion(head, body, rule, where) -> None:
    hk = key_of(head)
    head_args = set(a for a in head[1])
    grounded = set()
    for key, negative, atom in _body_keys(body):
        if not negative and where.get(key) != where[hk]:
            variables_of(atom[1], grounded)
    for key, negative, atom in _body_keys(body):
        if negative or where.get(key) != where[hk]:
            continue
        for arg in atom[1]:
            if not variables_of(arg) or arg in head_args or variables_of(arg) <= grounded:
                continue
            raise GdlRuleError(f"recursion restriction broken at line {rule.line}: argument {term_text(arg)} "
                               f"of the recursive literal {literal_text(('pos', atom))} is neither ground, "
                               f"a head argument, nor bound outside the recursion in {rule.brief()}")


_NO_DOES = ("legal/2", "goal/2", "terminal/0")
_STATIC = ("role/1", "init/1", "base/1", "input/2")


def _check_layers(kept, layer) -> None:
    for head, _body, rule in kept:
        key = key_of(head)
        if key in _STATIC and layer[key] != "static":
            raise GdlRuleError(f"{head[0]} must not depend on true or does, but does at {rule.named()}")
        if key in _NO_DOES and layer[key] == "move":
            raise GdlRuleError(f"{head[0]} must not depend on does, but does at {rule.named()}")
