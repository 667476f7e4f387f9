"""A GDL game compiled into a propositional network: a state is a bit vector, every rule a logic gate.

The rule interpreter (:mod:`cgt.games.gdl.reasoner`) joins the rules anew in every state.  Reasoners for
General Game Playing go much faster by compiling the rules once into a **propositional network**
(Schkufza, Love and Genesereth, *Propositional automata and cell automata: representational frameworks
for discrete dynamic systems*, AI 2008; Cox, Schkufza, Madsen and Genesereth, *Factoring general games
using propositional automata*, GIGA 2009), and so does :class:`Machine`:

1. **Grounding** (:mod:`cgt.games.gdl.ground`): every instance of every rule that can fire in a reachable
   state, found by a relaxed fixpoint; static relations are evaluated away.
2. **Propositions.**  One *base* proposition per fluent (``true``), one *input* per legal move
   (``does``), one *view* proposition per ground atom of a state- or move-dependent relation; a state is
   the set of its true base propositions, a Python ``int`` (bit ``i`` for fluent ``i``).
3. **Gates.**  Each view proposition is the OR over its rule instances of the AND of their literals;
   constants are propagated, each disjunction is factored by pulling out its most frequent literal
   (greedy algebraic division: Brayton and McMullen, *The decomposition and factorization of Boolean
   expressions*, ISCAS 1982) and equal gates are shared (hash-consing), which turns e.g. the frame axiom
   of Nim into one OR of the moves on the other heaps per heap.
4. **A straight-line program** of ``&``, ``|`` and ``^`` over Python ints, in dependency order (recursive
   relations iterate to their least fixpoint), generated once and compiled with :func:`compile`: one for
   the state layer (``legal``, ``goal``, ``terminal``) and one for the move layer (``next``).

The same program evaluates one state (each value a bit) or, **bit-sliced**, a batch of states or of
moves at once (each value an int with one bit per state, see :mod:`cgt.games.gdl.bits`) -- how
:func:`cgt.games.gdl.graph.explore` reaches its speed.

>>> from cgt.games.gdl.analyse import SUBTRACTION_EXAMPLE
>>> from cgt.games.gdl.reasoner import loads
>>> game = loads(SUBTRACTION_EXAMPLE)
>>> machine = compile_machine(game)
>>> machine
Machine('game': 7 fluents, 10 moves, ... gates)
>>> view = machine.view(game.initial)
>>> view.terminal, sorted(view.legal["left"]), view.legal["right"]
(False, [('take', '2'), ('take', '3')], ['noop'])
>>> sorted(machine.next_state(view, {"left": ("take", "2"), "right": "noop"}))
[('control', 'right'), ('heap', '2')]
>>> machine.view(frozenset({("heap", "0"), ("control", "right")})).goals
{'left': 100, 'right': 0}
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from cgt.runtime.arguments import is_digits
from cgt.runtime.interrupt import check_interrupt
from cgt.games.gdl.bits import columns_to_bools, columns_to_rows, pack_rows, rows_to_columns, run_columns
from cgt.games.gdl.errors import GdlError
from cgt.games.gdl.ground import GroundingTooLargeError, ground
from cgt.games.gdl.syntax import term_text

__all__ = ["Machine", "MachineView", "compile_machine", "GATE_LIMIT"]

#: Most gates a network may have (beyond, compiling the program would take too long).
GATE_LIMIT = 200_000
_ROOTS = ("legal/2", "goal/2", "terminal/0", "next/1")
_CHUNK = 48           # operands per Python expression (keeps the compiler's nesting shallow)


class _Network:
    """Hash-consed gates: ``nodes[i] = (op, payload)`` with op ``const``, ``base``, ``input``, ``atom``,
    ``not``, ``and``, ``or``."""

    def __init__(self, limit: int) -> None:
        self.nodes = []
        self.table = {}
        self.limit = limit
        self.false = self.node("const", 0)
        self.true = self.node("const", 1)

    def node(self, op, payload) -> int:
        key = (op, payload)
        found = self.table.get(key)
        if found is None:
            found = self.table[key] = len(self.nodes)
            self.nodes.append(key)
            if len(self.nodes) > self.limit:
                raise GroundingTooLargeError(f"the propositional network has more than {self.limit:,} gates")
        return found

    def negate(self, x: int) -> int:
        if x == self.true:
            return self.false
        if x == self.false:
            return self.true
        op, payload = self.nodes[x]
        return payload if op == "not" else self.node("not", x)

    def conj(self, items) -> int:
        parts = set()
        for x in items:
            if x == self.false:
                return self.false
            if x != self.true:
                parts.add(x)
        if not parts:
            return self.true
        if len(parts) == 1:
            return parts.pop()
        return self.node("and", tuple(sorted(parts)))

    def disj(self, items) -> int:
        parts = set()
        for x in items:
            if x == self.true:
                return self.true
            if x != self.false:
                parts.add(x)
        if not parts:
            return self.false
        if len(parts) == 1:
            return parts.pop()
        return self.node("or", tuple(sorted(parts)))

    def factor(self, terms) -> int:
        """The OR of the ANDs ``terms`` (sets of literal nodes), factored greedily: a literal common to
        every term is pulled out, then the most frequent literal ``l`` splits the terms into ``l AND (the
        terms with l, without it) OR (the others)``."""
        terms = list(dict.fromkeys(terms))
        if not terms:
            return self.false
        if any(not t for t in terms):
            return self.true
        if len(terms) == 1:
            return self.conj(terms[0])
        common = frozenset.intersection(*terms)
        if common:
            return self.conj(list(common) + [self.factor([t - common for t in terms])])
        if len(terms) > 4000:                      # quadratic below: keep very wide disjunctions flat
            return self.disj(self.conj(t) for t in terms)
        counts = Counter(x for t in terms for x in t)
        parts = []
        while terms:
            check_interrupt()
            if len(terms) == 1:
                parts.append(self.conj(terms[0]))
                break
            best, count = max(counts.items(), key=lambda kv: (kv[1], -kv[0]))
            if count < 2:
                parts.extend(self.conj(t) for t in terms)
                break
            inside = [t for t in terms if best in t]
            terms = [t for t in terms if best not in t]
            for t in inside:
                for x in t:
                    counts[x] -= 1
            parts.append(self.conj([best, self.factor([t - {best} for t in inside])]))
        return self.disj(parts)


class MachineView:
    """What holds in one state, as :class:`cgt.games.gdl.reasoner.StateView` gives it: ``terminal``,
    ``legal`` (role -> moves, in the machine's order) and ``goals`` (role -> int, or None)."""

    __slots__ = ("machine", "state", "bits", "terminal", "legal", "_goal_bits", "_handover", "_goals")

    def __init__(self, machine, state, bits, outputs) -> None:
        self.machine = machine
        self.state = state
        self.bits = bits
        self.terminal = bool(outputs[0])
        legal = {role: [] for role in machine.roles}
        for k, (role, move) in enumerate(machine.inputs):
            if outputs[1 + k]:
                legal[role].append(move)
        self.legal = legal
        start = 1 + len(machine.inputs)
        self._goal_bits = outputs[start:start + len(machine.goal_atoms)]
        self._handover = outputs[start + len(machine.goal_atoms):]
        self._goals = None

    def sorted_legal(self, role) -> list:
        """The legal moves of ``role`` sorted by their text (a repeatable order)."""
        return sorted(self.legal[role], key=term_text)

    @property
    def handover(self) -> tuple:
        """The values of the state propositions the move layer reads."""
        return self._handover

    @property
    def goals(self) -> dict:
        """Goal value of each role (the integers 0..100); None when a role has none."""
        if self._goals is None:
            self._goals = self.machine.goal_values(
                [i for i, bit in enumerate(self._goal_bits) if bit], self.state)
        return self._goals


class Machine:
    """A GDL game compiled into a propositional network (see the module docstring).

    ``fluents`` are the base propositions (bit ``i`` of a state is ``fluents[i]``), ``inputs`` the
    ``(role, move)`` input propositions, grouped by role (``role_slices[r]`` is role ``r``'s range).
    ``state_source`` and ``move_source`` are the generated programs (``state_bit_source`` and
    ``move_bit_source`` their one-state versions); ``handover`` the state propositions the move layer
    reads, ``state_reads`` and ``move_reads`` the fluents each layer reads, ``move_inputs`` the inputs the
    move layer reads, and ``network`` the gates.
    """

    def __init__(self, game, grounding, gate_limit: int | None = None) -> None:
        gate_limit = GATE_LIMIT if gate_limit is None else gate_limit
        self.game = game
        self.roles = game.roles
        self.grounding = grounding
        self.fluents = grounding.fluents
        self.fluent_index = {f: i for i, f in enumerate(self.fluents)}
        self.width = max(1, (len(self.fluents) + 7) // 8)
        self.inputs = grounding.inputs
        role_index = {role: i for i, role in enumerate(self.roles)}
        self.input_index = {(role_index[r], m): k for k, (r, m) in enumerate(self.inputs)}
        self.role_inputs = [[k for k, (r, _m) in enumerate(self.inputs) if r == role] for role in self.roles]
        # the inputs are sorted by role: each role's are a slice
        self.role_slices = [(ks[0], ks[-1] + 1) if ks else (0, 0) for ks in self.role_inputs]
        net = self.network = _Network(gate_limit)
        self._build(game, grounding, net)
        self._compile(net)

    # -- the network ------------------------------------------------------------------------------------
    def _build(self, game, grounding, net) -> None:
        program = game.program
        atoms, bodies = {}, []
        for key, args, body in sorted(grounding.instances, key=repr):
            a = atoms.get((key, args))
            if a is None:
                a = atoms[(key, args)] = len(bodies)
                bodies.append([])
            bodies[a].append(body)
        const = {}
        for key in _ROOTS:                  # legal, goal, terminal or next given by facts: always true
            if program.layer.get(key) == "static":
                facts = game.static_relations.get(key, ())
                for args in ([(f,) for f in facts] if key == "next/1" else facts):
                    a = atoms[(key, args)] = len(bodies)
                    bodies.append([])
                    const[a] = True
        self.atoms = atoms
        self.atom_leaf = [net.node("atom", a) for a in range(len(bodies))]
        base_leaf = [net.node("base", i) for i in range(len(self.fluents))]
        input_leaf = [net.node("input", k) for k in range(len(self.inputs))]
        by_key = {}
        for (key, _args), a in atoms.items():
            by_key.setdefault(key, []).append(a)

        def literal(sign, key, args):
            if key == "true/1":
                i = self.fluent_index.get(args[0])
                x = net.false if i is None else base_leaf[i]
            elif key == "does/2":
                role = role_of.get(args[0])
                k = None if role is None else self.input_index.get((role, args[1]))
                x = net.false if k is None else input_leaf[k]
            else:
                a = atoms.get((key, args))
                if a is None:
                    x = net.false
                elif a in const:
                    x = net.true if const[a] else net.false
                else:
                    x = self.atom_leaf[a]
            return net.negate(x) if sign == "neg" else x

        role_of = {role: i for i, role in enumerate(self.roles)}
        terms_of = {}
        for comp in program.components:
            mine = [a for key in comp for a in by_key.get(key, ()) if a not in const]
            if not mine:
                continue
            while True:                         # constants settle (a recursive component may need rounds)
                check_interrupt()
                changed = False
                for a in mine:
                    if a in const:
                        continue
                    terms = []
                    for body in bodies[a]:
                        lits = [literal(*lit) for lit in body]
                        if net.false in lits:
                            continue
                        terms.append(frozenset(x for x in lits if x != net.true))
                    if any(not t for t in terms):
                        const[a] = True
                    elif not terms:
                        const[a] = False
                    else:
                        terms_of[a] = terms
                        continue
                    changed = True
                if not changed or comp[0] not in program.recursive:
                    break
        self.const = const
        self.expr = {a: net.factor(terms) for a, terms in terms_of.items() if a not in const}
        self.layer_of = {a: program.layer[key] for (key, _args), a in atoms.items()}
        self.component_of = {}
        for c, comp in enumerate(program.components):
            if comp[0] in program.recursive:
                for key in comp:
                    for a in by_key.get(key, ()):
                        self.component_of[a] = c

        def atom_node(key, args):
            a = atoms.get((key, args))
            if a is None:
                return net.false
            if a in const:
                return net.true if const[a] else net.false
            return self.atom_leaf[a]

        self.terminal_node = atom_node("terminal/0", ())
        self.legal_nodes = [atom_node("legal/2", (role, move)) for role, move in self.inputs]
        self.goal_atoms = []
        for (key, args), _a in atoms.items():
            if key == "goal/2" and args[0] in role_of:
                self.goal_atoms.append((role_of[args[0]], args[1], atom_node(key, args)))
        self.goal_atoms.sort(key=lambda g: (g[0], term_text(g[1])))
        self.next_nodes = [atom_node("next/1", (f,)) for f in self.fluents]

    # -- code generation ------------------------------------------------------------------------------------
    def _name(self, x: int) -> str:
        op, payload = self.network.nodes[x]
        if op == "const":
            return "ALL" if payload else "0"
        if op == "base":
            return f"t{payload}"
        if op == "input":
            return f"d{payload}"
        if op == "atom":
            return f"a{payload}"
        return f"n{x}"

    def _statement(self, x: int) -> list[str]:
        op, payload = self.network.nodes[x]
        name = f"n{x}"
        if op == "not":
            self._reads.add(payload)
            return [f"{name} = ALL ^ {self._name(payload)}"]
        sign = " & " if op == "and" else " | "
        self._reads.update(payload)
        names = [self._name(c) for c in payload]
        lines = [f"{name} = {sign.join(names[:_CHUNK])}"]
        for i in range(_CHUNK, len(names), _CHUNK):
            lines.append(f"{name} = {name}{sign}{sign.join(names[i:i + _CHUNK])}")
        return lines

    def _children(self, x: int, layer: str):
        """The items an item depends on: ``("n", node)``, ``("a", atom)`` or ``("c", component)``."""
        kind, value = x
        if kind == "n":
            op, payload = self.network.nodes[value]
            if op in ("and", "or"):
                return [("n", c) for c in payload]
            if op == "not":
                return [("n", payload)]
            if op == "atom" and self.layer_of[payload] == layer:
                return [("c", self.component_of[payload])] if payload in self.component_of else [("a", payload)]
            return []
        if kind == "a":
            return [("n", self.expr[value])]
        return [("n", node) for node in self._component_inputs(value)]

    def _component_atoms(self, c: int) -> list[int]:
        return sorted(a for a, comp in self.component_of.items() if comp == c and a in self.expr)

    def _component_inner(self, c: int) -> tuple[list[int], set]:
        """The gates of a recursive component that depend on its own atoms (recomputed in its loop), in
        dependency order, and the gates it reads from outside."""
        own = {self.atom_leaf[a] for a in self._component_atoms(c)}
        nodes = self.network.nodes
        inner, outer, order, state = set(), set(), [], {}
        for a in self._component_atoms(c):
            stack = [(self.expr[a], False)]
            while stack:
                x, done = stack.pop()
                if done:
                    op, payload = nodes[x]
                    kids = payload if op in ("and", "or") else (payload,) if op == "not" else ()
                    if any(k in inner or k in own for k in kids):
                        inner.add(x)
                        order.append(x)
                    state[x] = 2
                    continue
                if x in state:
                    continue
                state[x] = 1
                op, payload = nodes[x]
                if op in ("and", "or", "not"):
                    stack.append((x, True))
                    for k in (payload if op != "not" else (payload,)):
                        if k not in state:
                            stack.append((k, False))
                else:
                    state[x] = 2
        for x in order:
            op, payload = nodes[x]
            for k in (payload if op in ("and", "or") else (payload,) if op == "not" else ()):
                if k not in inner and k not in own:
                    outer.add(k)
        for a in self._component_atoms(c):
            if self.expr[a] not in inner and self.expr[a] not in own:
                outer.add(self.expr[a])
        return order, outer

    def _component_inputs(self, c: int):
        return sorted(self._component_inner(c)[1])

    def _emit(self, roots, layer: str) -> tuple[list[str], dict]:
        """Statements computing the nodes ``roots`` of ``layer`` in dependency order (iterative DFS), and
        the leaves they read: ``{"base": fluent indexes, "input": input indexes, "atom": atoms}``."""
        self._reads = set(roots)
        lines, done = [], set()
        for root in roots:
            stack = [(("n", root), False)]
            while stack:
                item, expanded = stack.pop()
                if item in done:
                    continue
                if expanded:
                    done.add(item)
                    lines.extend(self._item_lines(item))
                    continue
                stack.append((item, True))
                for child in self._children(item, layer):
                    if child not in done:
                        stack.append((child, False))
            check_interrupt()
        leaves = {"base": set(), "input": set(), "atom": set()}
        for x in self._reads:
            op, payload = self.network.nodes[x]
            if op in leaves:
                leaves[op].add(payload)
        return lines, leaves

    def _item_lines(self, item) -> list[str]:
        kind, value = item
        if kind == "n":
            op = self.network.nodes[value][0]
            return self._statement(value) if op in ("and", "or", "not") else []
        if kind == "a":
            self._reads.add(self.expr[value])
            return [f"a{value} = {self._name(self.expr[value])}"]
        atoms = self._component_atoms(value)
        self._reads.update(self.expr[a] for a in atoms)
        inner, _outer = self._component_inner(value)
        names = ", ".join(f"a{a}" for a in atoms) + ("," if len(atoms) == 1 else "")
        lines = [f"{f'a{a}'} = 0" for a in atoms]
        lines.append("while True:")
        body = [f"_old = ({names})"]
        for x in inner:
            body.extend(self._statement(x))
        body.extend(f"a{a} = {self._name(self.expr[a])}" for a in atoms)
        body.append(f"if ({names}) == _old:")
        body.append("    break")
        lines.extend("    " + line for line in body)
        return lines

    def _compile(self, net) -> None:
        state_roots = [self.terminal_node] + self.legal_nodes + [g for _r, _v, g in self.goal_atoms]
        move_lines, move_leaves = self._emit(self.next_nodes, "move")
        move_outputs = [self._name(x) for x in self.next_nodes]
        # the state atoms the move layer reads: computed by the state layer and handed over
        self.handover = sorted(a for a in move_leaves["atom"] if self.layer_of.get(a) == "state")
        state_roots += [self.atom_leaf[a] for a in self.handover]
        state_lines, state_leaves = self._emit(state_roots, "state")
        state_outputs = [self._name(x) for x in state_roots]
        t_state, t_move = sorted(state_leaves["base"]), sorted(move_leaves["base"])
        d_move = sorted(move_leaves["input"])
        self.state_reads, self.move_reads, self.move_inputs = t_state, t_move, d_move
        self.state_source = self._function("state_layer", "ALL, T", [f"t{i} = T[{i}]" for i in sorted(t_state)],
                                           state_lines, state_outputs)
        self.state_bit_source = self._function("state_bits", "ALL, T", [f"t{i} = T >> {i} & 1"
                                                                        for i in sorted(t_state)],
                                               state_lines, state_outputs)
        prologue = ([f"t{i} = T[{i}]" for i in sorted(t_move)] + [f"d{k} = D[{k}]" for k in sorted(d_move)]
                    + [f"a{a} = A[{j}]" for j, a in enumerate(self.handover)])
        self.move_source = self._function("move_layer", "ALL, T, A, D", prologue, move_lines, move_outputs)
        prologue = ([f"t{i} = T >> {i} & 1" for i in sorted(t_move)] + [f"d{k} = D >> {k} & 1" for k in sorted(d_move)]
                    + [f"a{a} = A[{j}]" for j, a in enumerate(self.handover)])
        self.move_bit_source = self._function("move_bits", "ALL, T, A, D", prologue, move_lines, move_outputs)
        namespace = {}
        for source in (self.state_source, self.state_bit_source, self.move_source, self.move_bit_source):
            try:
                exec(compile(source, "<gdl propositional network>", "exec"), namespace)
            except (SyntaxError, RecursionError, MemoryError) as error:     # pragma: no cover - defensive
                raise GroundingTooLargeError(f"the propositional network is too large to compile "
                                             f"({getattr(error, 'msg', error)})") from None
        self.state_layer = namespace["state_layer"]
        self.state_bits = namespace["state_bits"]
        self.move_layer = namespace["move_layer"]
        self.move_bits = namespace["move_bits"]

    @staticmethod
    def _function(name, params, prologue, lines, outputs) -> str:
        out = [f"def {name}({params}):"]
        out.extend("    " + line for line in prologue + lines)
        if outputs:
            out.append("    return (")
            out.extend(f"        {o}," for o in outputs)
            out.append("    )")
        else:
            out.append("    return ()")
        return "\n".join(out) + "\n"

    # -- one state --------------------------------------------------------------------------------------
    def covers(self, state) -> bool:
        """Whether every fluent of ``state`` is a base proposition of the network."""
        return all(f in self.fluent_index for f in state)

    def encode(self, state) -> int:
        """The bit vector of a state (a set of fluents); a fluent outside the network raises ``KeyError``."""
        index = self.fluent_index
        bits = 0
        for f in state:
            bits |= 1 << index[f]
        return bits

    def decode(self, bits: int) -> frozenset:
        """The state (a frozenset of fluents) of a bit vector."""
        fluents = self.fluents
        out = []
        i = 0
        while bits:
            if bits & 1:
                out.append(fluents[i])
            bits >>= 1
            i += 1
        return frozenset(out)

    def view(self, state) -> MachineView:
        """Evaluate the state layer in ``state`` (a set of fluents)."""
        bits = self.encode(state)
        return MachineView(self, frozenset(state), bits, self.state_bits(1, bits))

    def next_state(self, view: MachineView, moves: dict) -> frozenset:
        """The state after every role plays its move in ``moves`` (role -> move term) from ``view``."""
        return self.successor(view, tuple(moves[role] for role in self.roles))

    def successor(self, view: MachineView, joint: tuple) -> frozenset:
        """The state after the joint move ``joint`` (one move per role, in the order of ``roles``)."""
        chosen = 0
        for i, move in enumerate(joint):
            k = self.input_index.get((i, move))
            if k is None:
                raise GdlError(f"{term_text(move)} is not a legal move of {self.roles[i]} in any state")
            chosen |= 1 << k
        out = self.move_bits(1, view.bits, view.handover, chosen)
        bits = 0
        for i, value in enumerate(out):
            if value:
                bits |= 1 << i
        return self.decode(bits)

    def goal_values(self, true_goals, state) -> dict:
        """Goal value of each role from the indexes of the true goal propositions (errors as the rule
        interpreter gives them)."""
        goals = {role: None for role in self.roles}
        for g in true_goals:
            role_index, value, _node = self.goal_atoms[g]
            role = self.roles[role_index]
            if type(value) is not str or not is_digits(value):
                raise GdlError(f"goal value {term_text(value)} of {role} is not an integer 0..100")
            number = int(value)
            if goals[role] is not None and goals[role] != number:
                from cgt.games.gdl.reasoner import format_state

                raise GdlError(f"role {role} has two goal values ({goals[role]} and {number}) "
                               f"in state {format_state(state)}")
            goals[role] = number
        return goals

    # -- many states at once (bit-sliced) ---------------------------------------------------------------
    def evaluate_states(self, rows: np.ndarray):
        """The state layer on a batch of states (``rows``: ``uint8`` array, one state per row).

        Returns ``(terminal, legal, goals, handover)``: booleans of shape ``(n,)``, ``(n, inputs)``,
        ``(n, goal propositions)`` and the packed rows of the state propositions the move layer reads.
        """
        n = len(rows)
        out = self.state_layer((1 << n) - 1, rows_to_columns(rows))
        flags = columns_to_bools(out, n)
        k, g = len(self.inputs), len(self.goal_atoms)
        handover = flags[:, 1 + k + g:]
        return (flags[:, 0], flags[:, 1:1 + k], flags[:, 1 + k:1 + k + g],
                pack_rows(handover, max(1, (handover.shape[1] + 7) // 8)))

    def evaluate_moves(self, rows: np.ndarray, handover: np.ndarray, choices) -> np.ndarray:
        """The successor states (packed rows) of a batch of (state, joint move) pairs: ``rows`` and
        ``handover`` as :meth:`evaluate_states` gives them, one row per pair, and ``choices``, one array
        per role of the input proposition each pair plays (fastest when the pairs are sorted by move: an
        input is then a few runs of consecutive pairs)."""
        n = len(rows)
        moves = [0] * len(self.inputs)
        for choice in choices:
            for k, column in run_columns(choice).items():
                moves[k] |= column
        handed = rows_to_columns(handover) if self.handover else ()
        out = self.move_layer((1 << n) - 1, rows_to_columns(rows), handed, moves)
        result = columns_to_rows(out, n)
        if result.shape[1] < self.width:
            result = np.concatenate([result, np.zeros((n, self.width - result.shape[1]), np.uint8)], axis=1)
        return np.ascontiguousarray(result[:, :self.width])

    def __repr__(self) -> str:
        return (f"Machine({self.game.name!r}: {len(self.fluents)} fluents, {len(self.inputs)} moves, "
                f"{len(self.network.nodes):,} gates)")


def _named(game, reason: str) -> GroundingTooLargeError:
    error = GroundingTooLargeError(f"{game.name}: {reason}")
    error.reason = reason
    return error


def compile_machine(game, seeds=(), limit: int | None = None, gate_limit: int | None = None) -> Machine:
    """The :class:`Machine` of ``game`` whose fluents include ``seeds`` (e.g. a start state other than the
    initial one); built once and kept on the game, rebuilt with more fluents when ``seeds`` needs them.
    Raises :class:`~cgt.games.gdl.ground.GroundingTooLargeError` (a one-line message naming the limit)
    when the rules are too big to ground (limits: :data:`~cgt.games.gdl.ground.GROUND_LIMIT` rule
    instances and :data:`GATE_LIMIT` gates, unless given)."""
    cache = game.__dict__.setdefault("_machines", {})
    seeds = frozenset(seeds)
    machine = cache.get("machine")
    if machine is not None and all(f in machine.fluent_index for f in seeds):
        return machine
    if "error" in cache and cache["error"][0] <= seeds:
        raise _named(game, cache["error"][1])
    wanted = seeds | (cache["seeds"] if "seeds" in cache else frozenset())
    try:
        machine = Machine(game, ground(game, wanted, limit), gate_limit)
    except GroundingTooLargeError as error:
        cache["error"] = (wanted, str(error))
        raise _named(game, str(error)) from None
    cache["machine"], cache["seeds"] = machine, wanted
    return machine
