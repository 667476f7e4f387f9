"""Compiling checked GDL rules into Python functions with join plans (one function per layer).

Each rule body becomes nested loops and tests, in an order chosen once at load time (a *join plan*):
tests whose variables are bound go first, then the positive literal expected to yield the fewest
matches (``does`` before ``true`` before big relations; arguments already bound shrink the estimate and
use a hash index of the static relation).  Recursive relations are evaluated to a fixpoint, stratum by
stratum (the stratified semantics of GDL: Love et al., *GDL Specification*, section 3.3; Apt, Blair and
Walker's stratified models).  The generated source is plain Python run through :func:`compile`.

A layer function has the signature ``layer(S, TB, D, R, I)``: ``S`` the state (a frozenset of ground
fluents), ``TB`` the state grouped by fluent functor, ``D`` the set of ``(role, move)`` pairs,
``R`` the relations (a dict from key to a set of argument tuples, updated in place with this layer's
relations) and ``I`` the hash indexes of static relations.

>>> from cgt.games.gdl.syntax import parse_rules
>>> from cgt.games.gdl.validate import check
>>> program = check(parse_rules("(role r) (s 1 2) (s 2 3) (<= (legal r (go ?y)) (true (at ?x)) (s ?x ?y))"))
>>> static = compile_layer(program, "static", {})
>>> R = {}; static.run(frozenset(), {}, set(), R, {})
>>> sorted(R["s/2"])
[('1', '2'), ('2', '3')]
>>> state = compile_layer(program, "state", R)
>>> I = build_indexes(state.indexes, R)
>>> state.run(frozenset({("at", "2")}), group_state(frozenset({("at", "2")})), set(), R, I); R["legal/2"]
{('r', ('go', '3'))}
"""

from __future__ import annotations

from itertools import permutations

from cgt.games.gdl.errors import GdlError
from cgt.runtime.interrupt import check_interrupt
from cgt.games.gdl.syntax import is_variable, variables_of
from cgt.games.gdl.validate import key_of

__all__ = ["UNWRAPPED", "compile_layer", "build_indexes", "group_state", "fluent_group", "Layer", "FIXPOINT_LIMIT",
           "JoinCompiler", "fixpoint_overflow"]

#: Relations stored as a plain set of their single argument: ``next`` (it is never read by a rule body).
UNWRAPPED = ("next/1",)

#: Rounds a recursive stratum may take before the loader gives up (the recursion restriction keeps
#: real descriptions far below it).
FIXPOINT_LIMIT = 100_000


def fluent_group(term):
    """The key under which a fluent is grouped in ``TB``: its functor and arity, or the constant."""
    return (term[0], len(term)) if type(term) is tuple else term


def group_state(state) -> dict:
    """Group the fluents of a state by :func:`fluent_group`."""
    groups = {}
    for term in state:
        key = (term[0], len(term)) if type(term) is tuple else term
        groups.setdefault(key, []).append(term)
    return groups


def build_indexes(wanted, relations) -> dict:
    """Hash indexes ``{(key, positions): {bound values: [argument tuples]}}`` of static relations."""
    out = {}
    for key, positions in wanted:
        index = {}
        for args in relations.get(key, ()):
            index.setdefault(tuple(args[p] for p in positions), []).append(args)
        out[(key, positions)] = index
    return out


class Layer:
    """A compiled layer: ``run(S, TB, D, R, I)``, its Python ``source`` and the ``indexes`` it reads."""

    def __init__(self, run, source: str, indexes: set, keys: list) -> None:
        self.run = run
        self.source = source
        self.indexes = indexes
        self.keys = keys


def fixpoint_overflow(names):
    """Raise the error of a recursive stratum that has not settled in :data:`FIXPOINT_LIMIT` rounds."""
    raise GdlError(f"the recursive relations {', '.join(names)} did not reach a fixpoint in "
                   f"{FIXPOINT_LIMIT:,} rounds")


def compile_layer(program, layer: str, static_relations: dict) -> Layer:
    """Compile the rules of ``layer`` ("static", "state" or "move")."""
    gen = JoinCompiler(program, layer, static_relations)
    return gen.build()


class JoinCompiler:
    """Generates the join code of the rules of one layer (:meth:`build`); :mod:`cgt.games.gdl.ground`
    reuses it to enumerate ground rule instances."""

    def __init__(self, program, layer, static_relations):
        self.program = program
        self.layer = layer
        self.static = static_relations
        self.lines = []
        self.indexes = set()
        self.names = {}
        self.counter = 0

    def rel(self, key):
        if key not in self.names:
            self.names[key] = f"r{len(self.names)}"
        return self.names[key]

    def fresh(self, prefix="t"):
        self.counter += 1
        return f"{prefix}{self.counter}"

    def build(self) -> Layer:
        program, layer = self.program, self.layer
        mine = [comp for comp in program.components if program.layer[comp[0]] == layer
                and not any(k in ("true/1", "does/2") for k in comp)]
        keys = [k for comp in mine for k in comp]
        rules_of = {}
        for head, body, rule in program.rules:
            rules_of.setdefault(key_of(head), []).append((head, body, rule))
        body_lines = []
        self.lines = body_lines
        self.emit_components(mine, rules_of)
        header = ["def layer(S, TB, D, R, I):"]
        for key, name in self.names.items():
            if key in keys:
                header.append(f"    {name} = R[{key!r}] = set()")
            else:
                header.append(f"    {name} = R.get({key!r}, _EMPTY)")
        for i, ix in enumerate(sorted(self.indexes)):
            header.append(f"    ix{i} = I[{ix!r}]")
        source = "\n".join(header + body_lines + ["    return None", ""])
        source = self.index_names(source)
        namespace = {"_EMPTY": frozenset(), "_overflow": fixpoint_overflow, "_check_interrupt": check_interrupt}
        try:
            code = compile(source, f"<gdl {layer} layer>", "exec")
        except (SyntaxError, RecursionError, MemoryError) as error:    # Python's nesting limits
            raise GdlError(f"a rule of the {layer} layer is too deeply nested to compile "
                           f"({getattr(error, 'msg', error)}); split its body into helper relations") from None
        exec(code, namespace)
        return Layer(namespace["layer"], source, set(self.indexes), keys)

    def index_names(self, source):
        """``source`` with the placeholders of the hash indexes replaced by their local names."""
        for i, ix in enumerate(sorted(self.indexes)):
            source = source.replace(f"@IX{ix!r}@", f"ix{i}")
        return source

    def emit_components(self, components, rules_of) -> None:
        """The rules of each component in dependency order: a recursive component repeats its rules until
        its relations stop growing (a least fixed point, checked for interrupts and bounded by
        :data:`FIXPOINT_LIMIT` rounds); another runs its rules once."""
        for comp in components:
            rules = [r for k in comp for r in rules_of.get(k, ())]
            if not rules:
                continue
            if comp[0] in self.program.recursive:
                sizes = " + ".join(f"len({self.rel(k)})" for k in comp)
                self.emit(1, "_rounds = 0")
                self.emit(1, "while True:")
                self.emit(2, f"_before = {sizes}")
                for head, body, _rule in rules:
                    self.rule(head, body, set(comp), 2)
                self.emit(2, f"if {sizes} == _before:")
                self.emit(3, "break")
                self.emit(2, "_rounds += 1")
                self.emit(2, "_check_interrupt()")
                self.emit(2, f"if _rounds > {FIXPOINT_LIMIT}:")
                self.emit(3, f"_overflow({comp!r})")
            else:
                for head, body, _rule in rules:
                    self.rule(head, body, set(), 1)

    def emit(self, depth, text):
        self.lines.append("    " * depth + text)

    # -- one rule -------------------------------------------------------------------------------
    def rule(self, head, body, recursive_keys, depth):
        env = {}
        steps = self.plan(body, recursive_keys)
        for step in steps:
            depth = self.literal(step, env, recursive_keys, depth)
        target = self.rel(key_of(head))
        if key_of(head) in UNWRAPPED:           # a set of fluents, not of 1-tuples (the hot relation)
            self.emit(depth, f"{target}.add({self.build_term(head[1][0], env)})")
            return
        args = ", ".join(self.build_term(a, env) for a in head[1])
        self.emit(depth, f"{target}.add(({args}{',' if len(head[1]) == 1 else ''}))")

    def cost(self, literal, bound):
        """(elements scanned, matches expected) of a positive literal when ``bound`` variables are known."""
        atom = literal[1]
        key = key_of(atom)
        if variables_of(atom[1]) <= bound:
            return 1.0, 0.5                               # a membership test
        if key == "does/2":
            return 2.0, 1.0
        if key == "true/1":
            pattern = atom[1][0]
            if type(pattern) is not tuple:
                return 60.0, 60.0
            nbound = sum(1 for a in pattern[1:] if variables_of(a) <= bound)
            return 20.0, 20.0 / (6 ** nbound)            # fluents are grouped by functor, not indexed
        nbound = sum(1 for a in atom[1] if variables_of(a) <= bound)
        if key in self.static and self.program.layer.get(key) == "static" and self.layer != "static":
            size = max(1.0, float(len(self.static[key])))
            out = size / (6 ** nbound)
            return (max(1.0, out) if nbound else size), out
        return 50.0, 50.0 / (6 ** nbound)

    def plan_cost(self, order, bound):
        bound = set(bound)
        total, rows = 0.0, 1.0
        for literal in order:
            scanned, out = self.cost(literal, bound)
            total += rows * scanned
            rows *= max(out, 0.05)
            variables_of(literal[1][1], bound)
        return total

    def plan(self, body, recursive_keys):
        """Order the body: tests as soon as their variables are bound, positive literals by least cost
        (every order is tried for bodies of up to 6 positive literals, else greedily)."""
        positives = [lit for lit in body if lit[0] == "pos"]
        if len(positives) <= 6:
            best = min(permutations(positives), key=lambda order: self.plan_cost(order, set()))
        else:
            best, bound, left = [], set(), list(positives)
            while left:
                pick = min(left, key=lambda lit: self.cost(lit, bound)[0])
                left.remove(pick)
                best.append(pick)
                variables_of(pick[1][1], bound)
        order, bound = [], set()
        tests = [lit for lit in body if lit[0] != "pos"]
        for literal in best:
            ready = [t for t in tests if self.is_test(t, bound)]
            for t in ready:
                tests.remove(t)
                order.append(t)
            order.append(literal)
            variables_of(literal[1][1], bound)
        order.extend(tests)
        return order

    @staticmethod
    def is_test(literal, bound):
        if literal[0] == "pos":
            return variables_of(literal[1][1]) <= bound
        if literal[0] == "neg":
            return variables_of(literal[1][1]) <= bound
        return variables_of(literal[1:]) <= bound

    def literal(self, literal, env, recursive_keys, depth):
        kind = literal[0]
        if kind in ("distinct", "same"):
            op = "!=" if kind == "distinct" else "=="
            self.emit(depth, f"if {self.build_term(literal[1], env)} {op} {self.build_term(literal[2], env)}:")
            return depth + 1
        atom = literal[1]
        key = key_of(atom)
        args = atom[1]
        if kind == "neg":
            self.emit(depth, f"if {self.membership(key, args, env)} not in {self.container(key)}:")
            return depth + 1
        if all(variables_of(a) <= set(env) for a in args):
            self.emit(depth, f"if {self.membership(key, args, env)} in {self.container(key)}:")
            return depth + 1
        if key == "true/1":
            pattern = args[0]
            var = self.fresh("f")
            if type(pattern) is tuple:
                self.emit(depth, f"for {var} in TB.get({fluent_group(pattern)!r}, ()):")
                depth += 1
                for i, part in enumerate(pattern[1:], start=1):
                    depth = self.match(part, f"{var}[{i}]", env, depth)
                return depth
            self.emit(depth, f"for {var} in S:")
            return self.match(pattern, var, env, depth + 1)
        if key == "does/2":
            var = self.fresh("d")
            self.emit(depth, f"for {var} in D:")
            depth += 1
            for i, part in enumerate(args):
                depth = self.match(part, f"{var}[{i}]", env, depth)
            return depth
        var = self.fresh("a")
        bound_positions = tuple(i for i, a in enumerate(args) if variables_of(a) <= set(env))
        indexed = (bound_positions and self.layer != "static" and self.program.layer.get(key) == "static")
        if indexed:
            ix = (key, bound_positions)
            self.indexes.add(ix)
            values = ", ".join(self.build_term(args[i], env) for i in bound_positions)
            self.emit(depth, f"for {var} in @IX{ix!r}@.get(({values},), ()):")
        else:
            source = self.rel(key)
            if key in recursive_keys:
                source = f"tuple({source})"
            self.emit(depth, f"for {var} in {source}:")
        depth += 1
        for i, part in enumerate(args):
            if indexed and i in bound_positions:
                continue
            depth = self.match(part, f"{var}[{i}]", env, depth)
        return depth

    def container(self, key):
        if key == "true/1":
            return "S"
        if key == "does/2":
            return "D"
        return self.rel(key)

    def membership(self, key, args, env):
        if key == "true/1":
            return self.build_term(args[0], env)
        inner = ", ".join(self.build_term(a, env) for a in args)
        return f"({inner}{',' if len(args) == 1 else ''})"

    def build_term(self, term, env):
        if type(term) is tuple:
            return "(" + ", ".join(self.build_term(t, env) for t in term) + ")"
        if is_variable(term):
            return env[term]
        return repr(term)

    def match(self, pattern, expr, env, depth):
        """Emit code matching the ground value ``expr`` against ``pattern``, binding its new variables."""
        if type(pattern) is tuple:
            if variables_of(pattern) <= set(env):
                self.emit(depth, f"if {expr} == {self.build_term(pattern, env)}:")
                return depth + 1
            var = self.fresh("c")
            self.emit(depth, f"{var} = {expr}")
            self.emit(depth, f"if type({var}) is tuple and len({var}) == {len(pattern)} "
                             f"and {var}[0] == {pattern[0]!r}:")
            depth += 1
            for i, part in enumerate(pattern[1:], start=1):
                depth = self.match(part, f"{var}[{i}]", env, depth)
            return depth
        if is_variable(pattern):
            if pattern in env:
                self.emit(depth, f"if {expr} == {env[pattern]}:")
                return depth + 1
            name = self.fresh("v")
            env[pattern] = name
            self.emit(depth, f"{name} = {expr}")
            return depth
        self.emit(depth, f"if {expr} == {pattern!r}:")
        return depth + 1
