"""The evaluator: walks the parse tree of a shell program and computes with the library.

One :class:`Interpreter` runs one program in a :class:`Scope`; each tree node type
(the rule aliases of ``grammar.lark``) has a method ``_<alias>``.  Library errors
(:class:`cgt.errors.CGTError`) and arithmetic errors become
:class:`~cgt.shell.ShellError` located at the innermost node being evaluated;
``KeyboardInterrupt`` passes through untouched, so the REPL can catch it.

>>> from cgt.shell import run
>>> run("{3||2|1}.Mean"), run("[n * n for n from 1 to 4 where n % 2 == 0]")
('9/4', '[4,16]')
"""

from __future__ import annotations

import itertools
import operator
import re
from fractions import Fraction

import cgt
from cgt import Game
from cgt.errors import CGTError, InvalidGameError
from cgt.runtime.interrupt import check_interrupt
from lark import Token, Tree

from cgt import MisereGame
import cgt.loopy as loopy
from cgt.loopy import LoopyGame

from cgt.games.engine.catalogue import is_ruleset
from cgt.games.engine.sums import as_form, negative
from cgt.games.grid.board import Grid
from cgt.games.strip.board import Strip

from cgt.shell.builtins import HELP, RulesetFunction, call_ruleset, ruleset_parameter
from cgt.shell.classes import CLASSES, ClassValue
from cgt.shell.containers import Range, ShellMap, bounded, elements, make_map, make_set
from cgt.shell.errors import ShellError, failure_message
from cgt.shell.graph_values import graph_index
from cgt.shell.limits import DEFAULT, Limits
from cgt.shell.loopy_values import is_loopy_tree, loopy_braces, loopy_from_options, sidle, upon_family
from cgt.shell.methods import REGISTRY
from cgt.shell.explicit import ExplicitGame
from cgt.shell.output_values import join_outputs
from cgt.short.compound import CompoundGame, form_sum, is_form
from cgt.shell.parser import CHAINS, DOWNS_NAME
from cgt.shell.procedures import declared_parameters, parameters_of, procedure_text
from cgt.shell.grid_values import coordinate_arithmetic, coordinate_relation, grid_index, is_coordinates
from cgt.shell.strip_values import strip_index
from cgt.shell.userclasses import (ACTIVE, BoundScriptMethod, ScriptClass, ScriptObject, ScriptPackage,
                                   as_summand, call_method, call_script, class_for_test, define_class, define_enum,
                                   find_script, has_operator, is_game_object, is_script_value, script_attribute)
from cgt.shell.tower import (MISERE_HEAP_LIMIT, compare_tower, divide, from_tower, is_tower, misere_add, misere_text,
                             needs_tower, nimber_of, power, tower_arithmetic)
from cgt.shell.values import (BoundMethod, Function, KeywordFunction, Namespace, Procedure, check_arity, describe,
                              game_form, is_number, is_position, normalise, number_of, ruleset_text, to_game)

#: The parts of an uptimal token: number, ups (count, ^<n> or ^[n]) and star.
_UPTIMAL = re.compile(
    r"(?P<num>-?\d+(?:/\d+)?)?"
    r"(?:(?P<arrow>[\^v])(?:<(?P<nth>\d+|on)>|\[(?P<cum>\d+|on)\])"
    r"|(?P<upcount>[\^v])(?P<count>\d+)"
    r"|(?P<ups>\^+|v+))?"
    r"(?P<star>\*(?P<nim>\d*))?"
)

_NOTHING = object()
_MISSING = object()

#: The interpreter's handler of each node kind (``Interpreter._add`` for ``add``), looked up once.
_HANDLERS: dict = {}


#: Most procedure calls in progress at once (each call also uses some Python stack).
MAX_CALL_DEPTH = 400



class Scope:
    """Variables of a program: a dictionary with an optional enclosing scope.

    ``x := e`` changes the nearest enclosing ``x``; a new name goes to the nearest scope that is not
    ``transparent`` (loops and ``begin … end`` blocks are: their ``var`` declarations and loop
    variables stay inside them, other assignments reach the procedure or session around them).  A
    ``frozen`` scope (the builtins) is never written: assigning ``Left`` makes a session variable.

    >>> outer = Scope({"x": 1})
    >>> inner = Scope({}, outer, transparent=True)
    >>> inner.assign("x", 2); inner.assign("y", 3); inner.declare("z", 4)
    >>> outer.names, inner.names
    ({'x': 2, 'y': 3}, {'z': 4})
    >>> inner.lookup("x"), inner.lookup("w", None)
    (2, None)
    """

    __slots__ = ("names", "parent", "transparent", "frozen")

    def __init__(self, names: dict, parent: "Scope | None" = None, transparent: bool = False,
                 frozen: bool = False):
        self.names = names
        self.parent = parent
        self.transparent = transparent
        self.frozen = frozen

    def lookup(self, name: str, default=_NOTHING):
        scope = self
        while scope is not None:
            if name in scope.names:
                return scope.names[name]
            scope = scope.parent
        if default is _NOTHING:
            raise ShellError(f"unknown name {name!r}")
        return default

    def declare(self, name: str, value) -> None:
        """``var name := value``: a new variable in this scope."""
        self.names[name] = value

    def assign(self, name: str, value) -> None:
        """``name := value``: the nearest existing variable, else a new one (see the class)."""
        scope = self
        while scope is not None and not scope.frozen:
            if name in scope.names:
                scope.names[name] = value
                return
            scope = scope.parent
        scope = self
        while scope.transparent and scope.parent is not None and not scope.parent.frozen:
            scope = scope.parent
        scope.names[name] = value


def _position(item):
    """(line, column) of a tree or token, or (None, None)."""
    if isinstance(item, Token):
        return item.line, item.column
    meta = getattr(item, "meta", None)
    if meta is not None and not getattr(meta, "empty", True):
        return meta.line, meta.column
    return None, None


class Interpreter:
    """Evaluates parse trees of one program under a set of :class:`Limits`.

    >>> from cgt.shell.parser import parse
    >>> from cgt.shell.builtins import make_globals
    >>> interp = Interpreter(Scope(make_globals()), "1 + 2")
    >>> interp.program(parse("1 + 2"))
    (3, True)
    """

    def __init__(self, scope: Scope, source: str, limits: Limits = DEFAULT, help_function=None):
        self.scope = scope
        self.source = source
        self.limits = limits
        self.steps = 0
        self.depth = 0
        self.help_function = help_function
        self._ready: dict = {}       # id(node) -> its value, for the links of a chain (see eval)
        self._plain_braces: set = set()     # ids of braces known to hold no pass and no label

    # ------------------------------------------------------------ driver
    def program(self, tree: Tree):
        """Run a whole program; return (value of the last statement, whether to print it)."""
        program = tree.children[0]
        value, show = None, False
        ACTIVE.append(self)
        try:
            for statement in program.children:
                if statement is None:
                    value, show = None, False
                else:
                    value, show = self.eval(statement, self.scope), True
        finally:
            ACTIVE.remove(self)
        return value, show

    def eval(self, node, scope: Scope):
        """Evaluate one node; errors come out as located ShellErrors.

        A chain of operators whose first operand is again such an operator (``1+1+…+1``, ``a*b/c``, ``x or y
        or z``, ``-(-(-x))``) is evaluated in a loop, innermost first, not by recursion: its length is limited
        only by the program's.
        """
        ready = self._ready
        if ready and id(node) in ready:         # the first operand of a link of a chain, evaluated already
            return ready.pop(id(node))
        if node.data in CHAINS:
            first = node.children[0]
            if isinstance(first, Tree) and first.data in CHAINS and id(first) not in ready:
                return self._chain(node, scope)
        self.steps += 1
        if self.limits.max_steps is not None and self.steps > self.limits.max_steps:
            raise self._error(f"computation too large: more than {self.limits.max_steps} evaluation steps", node)
        try:
            handler = _HANDLERS.get(node.data)
            if handler is None:
                handler = _HANDLERS[node.data] = getattr(type(self), "_" + node.data)
            return handler(self, node, scope)
        except ShellError as error:
            if error.line is None:
                line, column = _position(node)
                error.located(line, column, self.source)
            raise
        except Exception as error:  # the library's refusals, and bugs in cgt: still one line, never a traceback
            message, internal = failure_message(error)
            raise self._error(message, node, internal=internal) from (error if internal else None)

    def _chain(self, node, scope: Scope):
        """A chain of CHAINS operators down the first operands, innermost first (see :meth:`eval`)."""
        links = []
        while isinstance(node, Tree) and node.data in CHAINS:
            links.append(node)
            node = node.children[0]
        value = self.eval(node, scope)
        ready = self._ready
        for link in reversed(links):
            first = id(link.children[0])
            ready[first] = value
            try:
                value = self.eval(link, scope)
            finally:
                ready.pop(first, None)
        return value

    def _error(self, message: str, node, internal: bool = False) -> ShellError:
        line, column = _position(node)
        return ShellError(message, line, column, self.source, internal=internal)

    # ------------------------------------------------------------ guards
    def check_number(self, value):
        """Refuse numbers whose numerator or denominator exceeds ``max_int_bits``."""
        if type(value) is int:                  # the common case, without making a Fraction
            bits = value.bit_length()
        elif is_number(value):
            x = Fraction(value)
            bits = max(x.numerator.bit_length(), x.denominator.bit_length())
        else:
            return value
        if bits > self.limits.max_int_bits:
            raise ShellError(f"number too large: more than {self.limits.max_int_bits} bits")
        return value

    def _check_heap_arguments(self, name: str, args) -> None:
        limit = self.limits.max_heap
        if limit is None:
            return
        stack = list(args)
        while stack:
            item = stack.pop()
            if isinstance(item, (list, tuple, frozenset, set)):
                stack.extend(item)
            elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > limit:
                raise ShellError(f"{name}: {item} is larger than the limit {limit} for positions")

    # ------------------------------------------------------------ statements and control
    def _block(self, node, scope):
        """The value of a block's last statement; an empty statement after a final ``;`` changes nothing, as in
        CGSuite (``for s in ["a"] yield s Concat "b"; end`` yields ``"ab"``)."""
        value = None
        for statement in node.children:
            if statement is not None:
                value = self.eval(statement, scope)
        return value

    def _assign(self, node, scope):
        name, expr = node.children
        value = self.eval(expr, scope)
        scope.assign(str(name), value)
        return value

    def _var_(self, node, scope):
        name, expr = node.children
        value = None if expr is None else self.eval(expr, scope)
        scope.declare(str(name), value)
        return value

    def _def_(self, node, scope):
        name, params, body = node.children
        if name.type == "OP_NAME":
            raise self._error(f"def {name} declares an operator method: it belongs in a class, whose objects "
                              f"then meet the operator by calling it", node)
        parameters = declared_parameters(params)
        text = procedure_text(parameters, body)
        function = Procedure(str(name), parameters, body, scope, self.source, text)
        scope.assign(str(name), function)
        return None

    # ------------------------------------------------------------ classes (cgt.shell.userclasses)
    def _class_decl(self, node, scope):
        return self._declare(node, scope, set())

    def _enum_decl(self, node, scope):
        return self._declare(node, scope, set())

    def _static_block(self, node, scope):
        raise self._error("a static … end block belongs in a class: it runs once, when the class is declared", node)

    def _modified(self, node, scope):
        *modifiers, statement = node.children
        names = {m.data[4:] for m in modifiers}
        if statement.data not in ("class_decl", "enum_decl"):
            raise self._error(f"{' '.join(sorted(names))} applies to members of a class (def, var, class)", node)
        return self._declare(statement, scope, names)

    def _declare(self, node, scope, modifiers: set):
        package = scope.lookup("$package", "")
        if node.data == "enum_decl":
            value = define_enum(self, node, scope, package=package)
        else:
            value = define_class(self, node, scope, modifiers, package=package)
        scope.assign(str(node.children[0]), value)
        return None

    def load_declaration(self, statement, scope, source: str, package: str):
        """The class (or singleton, or enum) a ``.cgs`` file declares, evaluated with that file's text."""
        saved = self.source
        self.source = source
        ACTIVE.append(self)
        try:
            modifiers = set()
            if statement.data == "modified":
                *mods, statement = statement.children
                modifiers = {m.data[4:] for m in mods}
            if statement.data == "enum_decl":
                value = define_enum(self, statement, scope, package=package)
            else:
                value = define_class(self, statement, scope, modifiers, package=package)
            scope.declare(str(statement.children[0]), value)
            return value
        finally:
            ACTIVE.remove(self)
            self.source = saved

    def _def_property(self, node, scope):
        raise self._error(f"def {node.children[0]} without parameters declares a property: it belongs in a class "
                          f"(write def {node.children[0]}() for a procedure)", node)

    def _this(self, node, scope):
        value = scope.lookup("this", _MISSING)
        if value is _MISSING:
            raise ShellError("this is only defined inside a class")
        return value

    def _super_attr(self, node, scope):
        name = str(node.children[0])
        target, owner = scope.lookup("this", None), scope.lookup("$class", None)
        if target is None or owner is None:
            raise ShellError("super is only defined inside a class")
        start = next((b for b in owner.bases if isinstance(b, ScriptClass) and b.find(name) is not None), None)
        overloads = None if start is None else start.find(name)
        if overloads is not None and overloads[0].is_property:
            return call_method(self, target, name, [], {}, start)
        return Function(f"super.{name}", lambda args: self._super_call(target, name, args, start), (0, None),
                        "A method of the class this class extends.")

    def _super_call(self, target, name, args, start):
        if start is not None:
            return call_method(self, target, name, args, {}, start)
        from cgt.shell.userclasses import builtin_call, unwrap

        try:
            return unwrap(builtin_call(self, target, name, args, {}))
        except LookupError:
            raise ShellError(f"no class {target.cls.name} extends has a member {name}") from None

    def lookup_name(self, name: str, scope):
        """The value of a name: a variable, else a class or package of ``.cgs`` files on the search path."""
        value = scope.lookup(name, _MISSING)
        if value is _MISSING:
            value = find_script(self, name, package=scope.lookup("$package", ""))
            if value is None:
                raise ShellError(f"unknown name {name!r}")
        return value

    def error_at(self, message: str, node) -> ShellError:
        """A ShellError located at ``node`` of the program being run."""
        return self._error(message, node)

    def bind_arguments(self, procedure, args: list, kwargs: dict) -> dict:
        """Parameter name -> value for a call of ``procedure`` (see :meth:`_bind`)."""
        return self._bind(procedure, args, kwargs)

    def evaluate_in(self, node, scope, source: str):
        """Evaluate ``node`` (from the text ``source``) in ``scope``."""
        if self.depth >= MAX_CALL_DEPTH:
            raise ShellError(f"recursion too deep: more than {MAX_CALL_DEPTH} nested calls")
        saved = self.source
        self.source = source
        self.depth += 1
        try:
            return self.eval(node, Scope({}, scope, transparent=True))
        finally:
            self.depth -= 1
            self.source = saved

    def registry_call(self, receiver, name: str, args: list):
        """``receiver.Name(args)`` through the method registry (a property when there are no arguments)."""
        if not args:
            return self._attribute(receiver, name)
        return self._result(REGISTRY.call(receiver, name, args, self.call_value))

    def attribute(self, value, name: str):
        """``value.Name``."""
        return self._attribute(value, name)

    def _procedure(self, node, scope):
        left, body = node.children
        parameters = parameters_of(left)
        return Procedure(None, parameters, body, scope, self.source, procedure_text(parameters, body))

    def _begin(self, node, scope):
        return self._block(node.children[0], Scope({}, scope, transparent=True))

    def _truth(self, value, what: str) -> bool:
        if isinstance(value, bool):
            return value
        raise ShellError(f"{what} must be true or false, got {describe(value)}")

    def _if_(self, node, scope):
        children = node.children
        if self._truth(self.eval(children[0], scope), "the if condition"):
            return self._block(children[1], scope)
        for branch in children[2:-1]:
            condition, block = branch.children
            if self._truth(self.eval(condition, scope), "the elseif condition"):
                return self._block(block, scope)
        if children[-1] is not None:
            return self._block(children[-1], scope)
        return None

    # Loops (as in CGSuite): antecedents for/while first, then for, while (stop the loop around it) and where (skip
    # this turn); the body runs once per innermost turn.  _loop calls ``visit`` there.
    def _loop(self, clauses, scope: Scope, visit) -> None:
        inner = Scope({}, scope, transparent=True)
        self._clause(clauses, 0, inner, visit)

    def _clause(self, clauses, index: int, scope: Scope, visit) -> bool:
        """Run clauses[index:]; False when a ``while`` says to stop the loop around it."""
        if index == len(clauses):
            visit(scope)
            return True
        clause = clauses[index]
        kind = clause.data
        if kind == "where_clause":
            if self._truth(self.eval(clause.children[0], scope), "the where condition"):
                return self._clause(clauses, index + 1, scope, visit)
            return True
        if kind == "while_clause":
            condition = clause.children[0]
            if index > 0:
                if not self._truth(self.eval(condition, scope), "the while condition"):
                    return False
                return self._clause(clauses, index + 1, scope, visit)
            turns = 0
            while self._truth(self.eval(condition, scope), "the while condition"):
                turns = self._turn(turns)
                if not self._clause(clauses, index + 1, scope, visit):
                    break
            return True
        name = str(clause.children[0])
        turns = 0
        for value in self._values(clause, scope):
            turns = self._turn(turns)
            scope.declare(name, value)
            if not self._clause(clauses, index + 1, scope, visit):
                break
        return True

    def _turn(self, turns: int) -> int:
        """Count one turn of a loop: Ctrl-C stops it, and so does the loop limit."""
        check_interrupt()
        if turns >= self.limits.max_range:
            raise ShellError(f"loop too long: more than {self.limits.max_range} turns")
        return turns + 1

    def _values(self, clause, scope):
        """The values a ``for`` clause runs through (a generator: ``from`` without ``to`` never ends)."""
        if clause.data == "for_let":
            return [self.eval(clause.children[1], scope)]
        if clause.data == "for_in":
            return elements(self.eval(clause.children[1], scope))
        _, start, stop, step = clause.children
        a = self.eval(start, scope)
        b = None if stop is None else self.eval(stop, scope)
        c = 1 if step is None else self.eval(step, scope)
        for bound, what in ((a, "from"), (b, "to"), (c, "by")):
            if bound is not None and number_of(bound) is None:
                raise ShellError(f"'{what}' needs a number, got {describe(bound)}")
        a, c = (normalise(Fraction(number_of(v))) for v in (a, c))
        if c == 0:
            raise ShellError("'by' must not be 0")
        if b is None:
            return (normalise(a + i * c) for i in itertools.count())
        b = normalise(Fraction(number_of(b)))
        count = max(0, (b - a) // c + 1)
        if count > self.limits.max_range:
            raise ShellError(f"range too large: {count} values (the limit is {self.limits.max_range})")
        return (normalise(a + i * c) for i in range(count))

    def _collect(self, clauses, scope, produce) -> list:
        results: list = []
        self._loop(clauses, scope, lambda inner: results.append(produce(inner)))
        return results

    def _do_loop(self, node, scope):
        *clauses, block = node.children
        self._loop(clauses, scope, lambda inner: self._block(block, inner))
        return None

    def _yield_loop(self, node, scope):
        *clauses, yields = node.children
        results: list = []
        self._loop(clauses, scope, lambda inner: results.extend(self._block(b, inner) for b in yields.children))
        return results

    def _list_comp(self, node, scope):
        expr, *clauses = node.children
        return self._collect(clauses, scope, lambda inner: self.eval(expr, inner))

    def _set_comp(self, node, scope):
        expr, *clauses = node.children
        return make_set(self._collect(clauses, scope, lambda inner: self.eval(expr, inner)))

    def _map_comp(self, node, scope):
        entry, *clauses = node.children
        return make_map(self._collect(clauses, scope, lambda inner: self._map_entry(entry, inner)))

    def _call_comp(self, node, scope):
        callee, expr, *clauses = node.children
        function = self.eval(callee, scope)
        return self.call_value(function, [self._collect(clauses, scope, lambda inner: self.eval(expr, inner))])

    def _map_entry(self, node, scope):
        key, value = node.children
        return self.eval(key, scope), self.eval(value, scope)

    def _map_(self, node, scope):
        if not node.children:
            return ShellMap({})
        return make_map(self._map_entry(entry, scope) for entry in node.children[0].children)

    def _range_(self, node, scope):
        values = [self.eval(child, scope) for child in node.children]
        return Range(*values)

    # ------------------------------------------------------------ boolean logic and comparison
    def _or_(self, node, scope):
        left, right = node.children
        if self._truth(self.eval(left, scope), "'or'"):
            return True
        return self._truth(self.eval(right, scope), "'or'")

    def _and_(self, node, scope):
        left, right = node.children
        if not self._truth(self.eval(left, scope), "'and'"):
            return False
        return self._truth(self.eval(right, scope), "'and'")

    def _not_(self, node, scope):
        return not self._truth(self.eval(node.children[0], scope), "'not'")

    def _is_(self, node, scope):
        left, right = node.children
        value = self.eval(left, scope)
        if right.data == "name" and scope.lookup(str(right.children[0]), None) is None:
            name = str(right.children[0])
            found = find_script(self, name, package=scope.lookup("$package", ""))
            if found is None:
                if name not in CLASSES:
                    raise ShellError(f"unknown class {name!r}")
                return CLASSES[name].includes(value)
            target = class_for_test(found)
        else:
            target = class_for_test(self.eval(right, scope))
            if not isinstance(target, ClassValue) and right.data == "name" and str(right.children[0]) in CLASSES:
                target = CLASSES[str(right.children[0])]        # HeapRuleset: also the static HeapRuleset(fn)
        if not isinstance(target, ClassValue):
            raise ShellError(f"'is' needs a class on its right, got {describe(target)}")
        return target.includes(value)

    def _compare(self, node, scope):
        left, op, right = node.children
        a = self.eval(left, scope)
        b = self.eval(right, scope)
        op = str(op)
        if type(a) is int and type(b) is int:     # plain integers: the common case of loops and recursions
            relation = _INTEGER_RELATIONS.get(op)
            if relation is not None:
                return relation(a, b)
        if isinstance(a, ScriptObject) or isinstance(b, ScriptObject):
            found = self._user_comparison(op, a, b)
            if found is not _NOTHING:
                return found
        return compare(a, op, b)

    def _comparison_method(self, obj, op: str, other):
        """``obj.op<=(other)`` (for the operator ``op``) when ``obj``'s class declares it, else ``_NOTHING``; a
        relation must give true or false (``<=>`` any value)."""
        if not (isinstance(obj, ScriptObject) and has_operator(obj, "op" + op, 1)):
            return _NOTHING
        value = call_method(self, obj, "op" + op, [other], {})
        if op != "<=>" and not isinstance(value, bool):
            raise ShellError(f"op{op} of {describe(obj)} must give true or false, got {describe(value)}")
        return value

    def _user_comparison(self, op: str, a, b):
        """``a op b`` by the comparison methods of script classes: ``a``'s ``op<=`` (say), else ``b``'s mirrored
        one (``b.op>=(a)``); ``!=`` is the negation of ``op==``; the order relations and ``<=>`` follow from
        ``op<=`` both ways (a partial order: neither ``a <= b`` nor ``b <= a`` is confused, ``<>``).
        ``_NOTHING`` when no method applies (``==`` then compares the objects' fields)."""
        if op in ("===", "!=="):
            return _NOTHING
        for x, relation, y in ((a, op, b), (b, _MIRRORED.get(op), a)):
            if relation is None:
                continue
            found = self._comparison_method(x, relation, y)
            if found is not _NOTHING:
                return found
        if op == "!=":
            equal = self._user_comparison("==", a, b)
            return _NOTHING if equal is _NOTHING else not equal
        if op == "==":
            return _NOTHING
        below, above = self._at_most(a, b), self._at_most(b, a)
        if below is _NOTHING or above is _NOTHING:
            return _NOTHING
        relation = "=" if below and above else "<" if below else ">" if above else "||"
        if op == "<=>":
            return {"=": 0, "<": -1, ">": 1}.get(relation, cgt.star)
        return relation in _RELATIONS[op]

    def _at_most(self, a, b):
        """``a <= b`` by ``a.op<=(b)`` or ``b.op>=(a)``, else ``_NOTHING``."""
        found = self._comparison_method(a, "<=", b)
        return found if found is not _NOTHING else self._comparison_method(b, ">=", a)

    # ------------------------------------------------------------ arithmetic
    def _user_operator(self, operator: str, a, b):
        """``a + b`` (and ``-``, ``*``, ``/``, ``%``, ``^``) where ``a`` is an object whose class declares
        ``def op+(that)``: that method, called with ``b``; else ``_NOTHING``."""
        if isinstance(a, ScriptObject) and has_operator(a, "op" + operator, 1):
            return call_method(self, a, "op" + operator, [b], {})
        return _NOTHING

    def _add(self, node, scope):
        a, b = (self.eval(child, scope) for child in node.children)
        if type(a) is int and type(b) is int:     # the common cases first: plain integers, coordinates
            return self.check_number(a + b)
        if type(a) is tuple and type(b) is tuple:
            pair = coordinate_arithmetic("+", a, b)
            if pair is not None:
                return pair
        found = self._user_operator("+", a, b)
        if found is not _NOTHING:
            return found
        a, b = as_summand(a), as_summand(b)
        if _forms(a, b):            # CGSuite's CompoundGame: G + H of forms kept as written; 0 + G is G
            return form_sum(_summand(a), _summand(b))
        if isinstance(a, MisereGame) or isinstance(b, MisereGame):
            return misere_add(a, b)
        if needs_tower(a, b):
            return self._result(tower_arithmetic("+", a, b))
        if is_number(a) and is_number(b):
            return self.check_number(normalise(Fraction(a) + Fraction(b)))
        joined = join_outputs(a, b)
        if joined is not None:
            return joined
        if isinstance(a, str) and isinstance(b, str):
            return bounded(a, b)
        if isinstance(a, list) and isinstance(b, list):
            return bounded(a, b)
        pair = coordinate_arithmetic("+", a, b)
        if pair is not None:
            return pair
        return _game_operand(a, "add") + _game_operand(b, "add")

    def _sub(self, node, scope):
        a, b = (self.eval(child, scope) for child in node.children)
        if type(a) is int and type(b) is int:
            return self.check_number(a - b)
        if type(a) is tuple and type(b) is tuple:
            pair = coordinate_arithmetic("-", a, b)
            if pair is not None:
                return pair
        found = self._user_operator("-", a, b)
        if found is not _NOTHING:
            return found
        a, b = as_summand(a), as_summand(b)
        if _forms(a, b, misere=False):
            return form_sum(_summand(a), negative(_summand(b)))    # CGSuite's G - H = G + (-H), kept as written
        if isinstance(a, MisereGame) or isinstance(b, MisereGame):
            return misere_add(a, b, "subtract")
        if needs_tower(a, b):
            return self._result(tower_arithmetic("-", a, b))
        if is_number(a) and is_number(b):
            return self.check_number(normalise(Fraction(a) - Fraction(b)))
        pair = coordinate_arithmetic("-", a, b)
        if pair is not None:
            return pair
        return _game_operand(a, "subtract") - _game_operand(b, "subtract")

    def _switch(self, node, scope):
        return _switch_of(self.eval(node.children[0], scope))

    def _add_switch(self, node, scope):
        a, b = (self.eval(child, scope) for child in node.children)
        return _game_operand(a, "add") + _switch_of(b)

    def _neg(self, node, scope):
        a = self.eval(node.children[0], scope)
        if isinstance(a, ScriptObject) and has_operator(a, "op-", 0):
            return call_method(self, a, "op-", [], {})       # def op-() := ...: the class's unary minus
        if is_number(a):
            return -a
        if is_tower(a):
            return from_tower(-a)
        if isinstance(a, MisereGame):
            raise ShellError(f"cannot negate {describe(a)}: misère games have no negatives")
        a = as_summand(a)
        if is_form(a):
            return negative(a)              # CGSuite's NegativeGame: -G keeps the form of G
        return -_game_operand(a, "negate")

    def _pos(self, node, scope):
        a = self.eval(node.children[0], scope)
        if is_number(a) or is_tower(a):
            return a
        return _game_operand(a, "apply unary + to")

    def _mul(self, node, scope):
        a, b = (self.eval(child, scope) for child in node.children)
        found = self._user_operator("*", a, b)
        if found is not _NOTHING:
            return found
        if is_number(a) and is_number(b):
            return self._number_product(Fraction(a), Fraction(b))
        if is_tower(a) or is_tower(b):
            return self._result(tower_arithmetic("*", a, b))
        x, y = number_of(a), number_of(b)
        if x is not None and y is not None:
            return self._number_product(Fraction(x), Fraction(y))
        pair = coordinate_arithmetic("*", a, b)
        if pair is not None:
            return pair
        # n * G: an integer multiple of a game (Norton-consistent for integers); of a form, CGSuite's
        # CompoundGame(ConwayProduct, n, G), printed n * G.
        for n, g in ((a, b), (b, a)):
            count = number_of(n) if not isinstance(n, bool) else None
            g = as_summand(g)
            if count is not None and Fraction(count).denominator == 1 and is_form(g):
                if abs(count) > self.limits.max_multiple:
                    raise ShellError(f"{count} * {describe(g, 30)}: multiples of a game kept as a form are "
                                     f"limited to {self.limits.max_multiple}")
                return CompoundGame("ConwayProduct", int(count), as_form(g))
        for n, g in ((a, b), (b, a)):
            count = number_of(n) if not isinstance(n, bool) else None
            if count is not None and Fraction(count).denominator == 1 and isinstance(g, LoopyGame):
                if abs(count) > self.limits.max_multiple:
                    raise ShellError(f"{count} * {describe(g, 30)}: multiples of a loopy value are limited to "
                                     f"{self.limits.max_multiple}")
                return int(count) * g
            if count is not None and Fraction(count).denominator == 1 and _is_gameish(g):
                return self._multiple(int(count), to_game(g))
        raise ShellError(
            f"cannot multiply {describe(a)} by {describe(b)}: '*' multiplies numbers, or a game by an integer "
            "(use NortonMultiply, ConwayMultiply or NimProduct for other products)"
        )

    def _number_product(self, x: Fraction, y: Fraction):
        bits = max(x.numerator.bit_length(), x.denominator.bit_length()) + max(
            y.numerator.bit_length(), y.denominator.bit_length()
        )
        if bits > self.limits.max_int_bits + 1:
            raise ShellError(f"number too large: more than {self.limits.max_int_bits} bits")
        return self.check_number(normalise(x * y))

    def _multiple(self, n: int, g: Game):
        if g.is_uptimal:
            self.check_number(n)
        elif abs(n) > self.limits.max_multiple:
            if not (g + g).is_uptimal:      # a closed form after one doubling (2.{3|2} = 5) takes any number
                raise ShellError(
                    f"{n} * {describe(g, 30)}: multiples of a general game are limited to {self.limits.max_multiple}"
                )
            self.check_number(n)
        result = n * g
        if result.is_number:
            self.check_number(result.number)
        return result

    def _div(self, node, scope):
        a, b = (self.eval(child, scope) for child in node.children)
        found = self._user_operator("/", a, b)
        if found is not _NOTHING:
            return found
        x, y = number_of(a), number_of(b)
        if x is None or y is None or y == 0:
            if is_tower(a) or is_tower(b) or (x is not None and y == 0):
                return self._result(divide(a, b))   # x/0 = inf, 0/0 an error, surreal quotients
            raise ShellError(f"cannot divide {describe(a)} by {describe(b)}: '/' divides numbers")
        return self._number_product(Fraction(x), 1 / Fraction(y))

    def _power(self, node, scope):
        base, exponent = node.children
        if isinstance(base, Tree) and base.data == "nimber_of":
            # *a^b is *(a^b): CGSuite prints transfinite nimbers as *ω^2
            inner = self._power_of(base.children[1], exponent, scope)
            return self._nimber(inner)
        return self._power_of(base, exponent, scope)

    def _power_of(self, base, exponent, scope):
        a = self.eval(base, scope)
        b = self.eval(exponent, scope)
        found = self._user_operator("^", a, b)
        if found is not _NOTHING:
            return found
        if isinstance(b, Game) and not b.is_number and (is_number(a) or isinstance(a, Game)):
            raise ShellError(f"cannot raise {describe(a)} to the power {describe(b)}: between two values ^ is "
                             "a power, as in CGSuite; a number and ups are added with +, e.g. 1 + ^*")
        return self._result(power(a, b, self.limits.max_int_bits))

    def _ordinal_sum(self, node, scope):
        a, b = (self.eval(child, scope) for child in node.children)
        a, b = as_summand(a), as_summand(b)
        if _forms(a, b, misere=False):       # CGSuite's CompoundGame(OrdinalSum): G : H depends on G's form
            return CompoundGame("OrdinalSum", game_form(a), game_form(b))
        if isinstance(a, ExplicitGame) and isinstance(b, LoopyGame):
            raise ShellError("the ordinal sum of an explicit game and a loopy value is not defined here")
        g = _game_operand(a, "take the ordinal sum of")
        h = _game_operand(b, "take the ordinal sum of")
        if isinstance(g, LoopyGame) or isinstance(h, LoopyGame):
            return loopy.ordinal_sum(g, h)              # stoppers: the same rule on the graph
        if g.is_nimber and h.is_nimber:       # *a : *b = *(a + b) (Siegel, CGT, ordinal sums of nimbers)
            return self._nimber(g.nim_value + h.nim_value)
        if h is cgt.zero or g is cgt.zero:    # G : 0 = G and 0 : H = H
            return g if h is cgt.zero else h
        size = (len(g.left_options) + len(g.right_options)) * len(h.followers())
        if size > self.limits.max_multiple:
            raise ShellError(f"ordinal sum too large: {size} options to simplify (the limit is "
                             f"{self.limits.max_multiple})")
        return g.ordinal_sum(h)

    def _mod(self, node, scope):
        a, b = (self.eval(child, scope) for child in node.children)
        found = self._user_operator("%", a, b)
        if found is not _NOTHING:
            return found
        x, y = number_of(a), number_of(b)
        if x is None or y is None:
            raise ShellError(f"cannot take {describe(a)} modulo {describe(b)}: '%' needs numbers")
        if y == 0:
            raise ShellError("modulo by zero")
        # CGSuite's remainder: its sign follows the dividend, -7 % 3 is -1.
        x, y = Fraction(x), Fraction(y)
        quotient = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
        return self.check_number(normalise(x - quotient * y))

    # ------------------------------------------------------------ methods and calls
    def _infix_call(self, node, scope):
        left, name, right = node.children
        if DOWNS_NAME.fullmatch(str(name)):
            raise ShellError(f"'{name}' after a value: CGSuite has no juxtaposition; write x + {name} for the "
                             f"game x{name}")
        a = self.eval(left, scope)
        b = self.eval(right, scope)
        return self._method(a, str(name), [b])

    def _method(self, receiver, name: str, args: list, kwargs: dict | None = None):
        return self._result(REGISTRY.call(receiver, name, args, self.call_value, kwargs))

    def _result(self, value):
        if isinstance(value, (cgt.Rational, cgt.Surreal)):
            value = from_tower(value)
        if isinstance(value, Fraction):
            value = normalise(value)
        if is_number(value):
            self.check_number(value)
        return value

    def _attr(self, node, scope):
        target, name = node.children
        value = self.eval(target, scope)
        return self._attribute(value, str(name))

    def _attribute(self, value, name: str):
        if is_script_value(value):
            try:
                return script_attribute(self, value, name)
            except LookupError:
                pass
        if isinstance(value, Namespace):
            if name not in value.entries:
                raise ShellError(f"{value.path} has no member {name}")
            return value.entries[name]
        if name == "Position" and _is_ruleset_value(value):
            return value           # CGSuite's R.Position(x) is R(x)
        found = REGISTRY.lookup(value, name)
        if found is None:
            parameter = ruleset_parameter(value, name)
            if parameter is not None:
                return parameter[0]
            raise REGISTRY.no_method_error(value, name)
        method, target = found
        if method.needs_arguments():
            return BoundMethod(value, name, method)
        return self._result(method.call(target, [], self.call_value))

    def _arguments(self, node, scope) -> list:
        if node is None:
            return []
        return [self.eval(child, scope) for child in node.children]

    def _call_arguments(self, node, scope) -> tuple[list, dict]:
        """Positional values and ``name => value`` keywords of a call (keywords after positionals)."""
        args: list = []
        kwargs: dict = {}
        if node is None:
            return args, kwargs
        for child in node.children:
            if isinstance(child, Tree) and child.data == "keyword":
                name, expr = child.children
                if str(name) in kwargs:
                    raise ShellError(f"keyword {name} given twice")
                kwargs[str(name)] = self.eval(expr, scope)
            elif kwargs:
                raise ShellError("positional arguments must come before keyword arguments (name => value)")
            else:
                args.append(self.eval(child, scope))
        return args, kwargs

    def _call(self, node, scope):
        callee, arguments = node.children
        if callee.data == "name" and str(callee.children[0]) == "help":
            function = scope.lookup("help")
            if function is HELP and self.help_function is not None:
                return self.help_function(self, arguments, scope)
        if callee.data == "super_attr":
            function = self._super_attr(callee, scope)
            return self.call_value(function, *self._call_arguments(arguments, scope))
        if callee.data == "attr":
            target_node, name = callee.children
            target = self.eval(target_node, scope)
            if is_script_value(target) and not isinstance(target, (ScriptPackage, BoundScriptMethod)):
                return call_method(self, target, str(name), *self._call_arguments(arguments, scope))
            if isinstance(target, ScriptPackage):
                return self.call_value(self._attribute(target, str(name)), *self._call_arguments(arguments, scope))
            if not isinstance(target, (Namespace, ShellMap)) and not (
                str(name) == "Position" and _is_ruleset_value(target)
            ):
                return self._method(target, str(name), *self._call_arguments(arguments, scope))
            function = self._attribute(target, str(name))
        else:
            function = self.eval(callee, scope)
        return self.call_value(function, *self._call_arguments(arguments, scope))

    def call_value(self, function, args: list, kwargs: dict | None = None):
        """Call a shell function, bound method or ruleset with evaluated arguments (and keywords)."""
        if isinstance(function, Procedure):
            return self.invoke(function, args, kwargs or {})
        if is_script_value(function):
            return call_script(self, function, args, kwargs or {})
        if isinstance(function, Namespace) and function.constructor is not None:
            function = function.constructor            # Graph("--") calls Graph.Parse
        if kwargs and not (isinstance(function, (RulesetFunction, KeywordFunction, BoundMethod))
                           or is_ruleset(function)):
            raise ShellError(f"{describe(function)} takes no keyword arguments")
        if isinstance(function, ShellMap):
            check_arity("a map", (1, 1), len(args))
            return function[args[0]]
        if isinstance(function, BoundMethod):
            return self._method(function.receiver, function.name, args, kwargs)
        if function is HELP:
            if self.help_function is None:
                raise ShellError("help is not available here")
            return self.help_function(self, None if not args else args, None)
        if isinstance(function, RulesetFunction):
            self._check_heap_arguments(function.name, args)
            return self._result(function(*self._for_python(args, kwargs)))
        if isinstance(function, KeywordFunction):
            return self._result(function.call_with(args, kwargs, self.call_value))
        if isinstance(function, Function):
            self._check_heap_arguments(function.name, args)
            return self._result(function(args))
        if is_ruleset(function):
            name = ruleset_text(function)
            self._check_heap_arguments(name, args)
            return self._result(call_ruleset(function, *self._for_python(args, kwargs), name))
        raise ShellError(f"{describe(function)} is not a function")

    def _for_python(self, args: list, kwargs: dict | None) -> tuple[list, dict]:
        """Arguments for a ruleset: shell procedures become Python callables (:class:`ProcedureFunction`)."""
        def convert(value):
            return ProcedureFunction(self, value) if isinstance(value, Procedure) else value

        return [convert(a) for a in args], {k: convert(v) for k, v in (kwargs or {}).items()}

    def invoke(self, procedure: Procedure, args: list, kwargs: dict):
        """Call a shell procedure: bind its parameters in a new scope inside its closure, run its body."""
        names = self._bind(procedure, args, kwargs)
        if self.depth >= MAX_CALL_DEPTH:
            raise ShellError(f"recursion too deep: more than {MAX_CALL_DEPTH} nested procedure calls")
        saved = self.source
        self.depth += 1
        self.source = procedure.source
        try:
            return self.eval(procedure.body, Scope(names, procedure.closure))
        finally:
            self.depth -= 1
            self.source = saved

    def _bind(self, procedure: Procedure, args: list, kwargs: dict) -> dict:
        """Parameter name -> value: positional arguments, then ``name => value``, then defaults."""
        plain = procedure.plain_names
        if plain is not None and not kwargs and len(args) == len(plain):
            return dict(zip(plain, args))
        parameters = procedure.parameters
        least, most = procedure.arity
        if len(args) > (len(args) if most is None else most):
            check_arity(procedure.label(), (least, most), len(args))
        names: dict = {}
        for parameter, value in zip(parameters, args):
            if parameter.rest:
                names[parameter.name] = list(args[len(names):])
                break
            names[parameter.name] = value
        for key, value in kwargs.items():
            if not any(p.name == key for p in parameters):
                raise ShellError(f"{procedure.label()} has no parameter {key}")
            if key in names:
                raise ShellError(f"{procedure.label()}: parameter {key} given twice")
            names[key] = value
        scope = Scope(names, procedure.closure)
        for parameter in parameters:
            if parameter.name in names:
                continue
            if parameter.rest:
                names[parameter.name] = []
            elif parameter.default is not None:
                names[parameter.name] = self.eval(parameter.default, scope)
            else:
                check_arity(procedure.label(), (least, most), len(args))
                raise ShellError(f"{procedure.label()}: parameter {parameter.name} has no value")
        return names

    def _prefixed_call(self, node, scope):
        prefix, name, arguments = node.children
        number = _parse_number(str(prefix))
        function = scope.lookup(str(name))
        value = self.call_value(function, *self._call_arguments(arguments, scope))
        return cgt.as_game(number) + _game_operand(value, "add a number to")

    def _index(self, node, scope):
        target, index = node.children
        collection = self.eval(target, scope)
        i = self.eval(index, scope)
        if isinstance(collection, ShellMap):
            return collection[i]
        if isinstance(collection, Range):
            collection = list(collection)
        if isinstance(collection, Strip):             # s[i], Nothing outside the strip
            return strip_index(collection, i)
        if isinstance(collection, Grid):              # g[(r,c)], Nothing outside the grid
            return grid_index(collection, i)
        found = graph_index(collection, i)            # g[v] a Vertex, vertex[k] an Edge
        if found is not None:
            return found
        if isinstance(collection, ScriptObject) and has_operator(collection, "op[]", 1):
            return call_method(self, collection, "op[]", [i], {})
        if not isinstance(collection, (list, tuple, str)):
            raise ShellError(f"cannot index {describe(collection)}: only lists, tuples and strings have elements by position")
        if isinstance(i, bool) or not isinstance(i, int):
            raise ShellError(f"an index must be an integer, got {describe(i)}")
        if not 1 <= i <= len(collection):
            raise ShellError(f"index {i} out of range 1..{len(collection)}")
        return collection[i - 1]

    # ------------------------------------------------------------ atoms
    def _integer(self, node, scope):
        text = str(node.children[0])
        if len(text) * 3.33 > self.limits.max_int_bits + 4:
            raise ShellError(f"number too large: more than {self.limits.max_int_bits} bits")
        return self.check_number(int(text))

    def _uptimal(self, node, scope):
        return self.uptimal(str(node.children[0]))

    def uptimal(self, text: str) -> Game:
        """The value of an uptimal token such as ``3*``, ``^^*4``, ``-1/2v*``, ``^<2>*``."""
        match = _UPTIMAL.fullmatch(text)
        if match is None:  # the grammar only lets through what the regex accepts
            raise ShellError(f"malformed value {text!r}")
        limits = self.limits
        result = cgt.zero
        if match["num"]:
            result = cgt.as_game(self.check_number(_parse_number(match["num"])))
        if match["arrow"]:
            index_text = match["nth"] or match["cum"]
            if index_text == "on":      # upon ^[on] and uponth ^<on> (as in CGSuite), loopy values
                family = upon_family(bool(match["nth"]))
            elif len(index_text) > 6 or int(index_text) > limits.max_up_index:
                raise ShellError(f"{text}: the index is limited to {limits.max_up_index}")
            else:
                index = int(index_text)
                family = cgt.up_nth(index) if match["nth"] else cgt.up_cumulative(index)
            result = result + (family if match["arrow"] == "^" else -family)
        elif match["upcount"] or match["ups"]:
            if match["upcount"]:
                count_text = match["count"]
                if len(count_text) > 9 or int(count_text) > limits.max_ups:
                    raise ShellError(f"{text}: at most {limits.max_ups} ups")
                count = int(count_text)
                arrow = match["upcount"]
            else:
                count = len(match["ups"])
                arrow = match["ups"][0]
            result = result + count * (cgt.up if arrow == "^" else cgt.down)
        if match["star"]:
            nim_text = match["nim"]
            if len(nim_text) > 9 or (nim_text and int(nim_text) > limits.max_nimber):
                raise ShellError(f"{text}: nimbers *n are limited to n <= {limits.max_nimber}")
            result = result + cgt.nimber(int(nim_text) if nim_text else 1)
        return result

    def _nimber_of(self, node, scope):
        return self._nimber(self.eval(node.children[1], scope))

    def _misere(self, node, scope):
        return misere_text(str(node.children[0]), min(self.limits.max_nimber, MISERE_HEAP_LIMIT))

    def _nimber(self, n):
        if isinstance(n, list) or is_tower(n):
            return nimber_of(n, self.limits.max_nimber)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ShellError(f"*n needs a non-negative integer n, got {describe(n)}")
        if n > self.limits.max_nimber:
            raise ShellError(f"nimbers *n are limited to n <= {self.limits.max_nimber}")
        return cgt.nimber(n)

    def _string(self, node, scope):
        # As in CGSuite, the evaluator turns only \" into "; other backslash sequences stay as they are.
        return str(node.children[0])[1:-1].replace('\\"', '"')

    def _name(self, node, scope):
        return self.lookup_name(str(node.children[0]), scope)

    def _true(self, node, scope):
        return True

    def _false(self, node, scope):
        return False

    def _nil(self, node, scope):
        return None

    def _tuple(self, node, scope):
        if not node.children:
            return ()
        first, rest = node.children
        return (self.eval(first, scope), *self._arguments(rest, scope))

    def _list(self, node, scope):
        return self._arguments(node.children[0], scope)

    def _braces(self, node, scope):
        children = node.children
        groups = [children[i] for i in range(0, len(children), 2)]
        bars = [children[i] for i in range(1, len(children), 2)]
        if not bars:
            return make_set(self._arguments(groups[0], scope))
        if is_loopy_tree(node, self._plain_braces):
            return self._loopy_braces(node, scope)
        parts = [[] if group is None else self._options(group.children, scope) for group in groups]
        if any(isinstance(o, LoopyGame) for part in parts for o in part):
            try:
                return loopy_from_options(parts, bars)      # options evaluated once, not again as text
            except CGTError as error:
                raise self._error(str(error), node) from None
        return self._game(parts, bars)

    def _explicit_braces(self, node, scope):
        """``'{L|R}'``: CGSuite's explicit game, its options kept as written (short games or explicit games)."""
        children = node.children
        groups = [children[i] for i in range(0, len(children), 2)]
        bars = [children[i] for i in range(1, len(children), 2)]
        if not bars:
            raise self._error("an explicit game needs a bar: '{L|R}'", node)
        parts = [[] if group is None else self._options(group.children, scope, explicit=True) for group in groups]
        if any(isinstance(o, LoopyGame) for part in parts for o in part):
            raise self._error("an explicit game has short games as options, not loopy values", node)
        return self._game(parts, bars, ExplicitGame)

    def _labelled_braces(self, node, scope):
        return self._loopy_braces(node, scope)

    def _loopy_braces(self, node, scope):
        try:
            return loopy_braces(node, lambda option: self.eval(option, scope))
        except ShellError:          # an option's own error, located already
            raise
        except CGTError as error:
            raise self._error(str(error), node) from None

    def _pass_(self, node, scope):
        raise self._error("pass is an option of braces only: {0|pass} is over", node)

    def _sidle(self, node, scope):
        onside, offside = (self.eval(child, scope) for child in node.children)
        return sidle(onside, offside)

    def _options(self, nodes, scope, explicit: bool = False) -> list:
        """The options written on one side of braces; a list or set among them is spliced in, one level
        deep, as in CGSuite: ``{G.LeftOptions | 0}``.  In an explicit game (``explicit``) an explicit
        option stays as written."""
        options = []
        for node in nodes:
            value = self.eval(node, scope)
            values = elements(value) if isinstance(value, (list, frozenset, set, Range)) else [value]
            try:
                options.extend(v if explicit and isinstance(v, ExplicitGame) else _option(v) for v in values)
            except CGTError as error:
                raise self._error(str(error), node) from None
        return options

    def _game(self, parts: list, bars: list, make=cgt.game) -> Game:
        """``{L|R}`` with bars of several lengths: the longest bar splits Left from Right (``make`` builds
        each game from its Left and Right options)."""
        widths = [len(str(bar)) for bar in bars]
        widest = max(widths)
        splits = [i for i, w in enumerate(widths) if w == widest]
        if len(splits) > 1:
            line, column = _position(bars[splits[1]])
            raise ShellError(
                f"ambiguous braces: two {'|' * widest} at the same level (use more bars or braces to nest)",
                line,
                column,
                self.source,
            )
        k = splits[0]
        left = self._side(parts[: k + 1], bars[:k], make)
        right = self._side(parts[k + 1 :], bars[k + 1 :], make)
        return make(left, right)

    def _side(self, parts, bars, make) -> list:
        if not bars:
            return parts[0]
        return [self._game(parts, bars, make)]


# ---------------------------------------------------------------- helpers


def _parse_number(text: str) -> Fraction:
    if "/" in text:
        numerator, denominator = text.split("/")
        if int(denominator) == 0:
            raise ShellError(f"{text}: zero denominator")
        return normalise(Fraction(int(numerator), int(denominator)))
    return int(text)


def _is_gameish(value) -> bool:
    return isinstance(value, Game) or is_form(value) or is_number(value) or is_game_object(value)


def _valued(value):
    """A form (a position, an explicit game, a compound) stands for its canonical form where a short game is
    needed."""
    value = as_summand(value)
    return value.canonical_form if is_form(value) else value


def _forms(a, b, misere: bool = True) -> bool:
    """Whether ``a`` op ``b`` builds a compound (CGSuite: any pair of games of which one is not canonical):
    one is a form, and the other a form, a short game, a number (one that is not dyadic is then an error, "not a
    game") or (with ``misere``) a misère game."""
    if not (is_form(a) or is_form(b)):
        return False
    return all(is_form(x) or isinstance(x, Game) or (misere and isinstance(x, MisereGame))
               or (is_number(x) and not isinstance(x, bool)) for x in (a, b))


def _summand(value):
    """A part of a disjunctive sum: a misère game as it is, anything else as :func:`game_form` makes it."""
    return value if isinstance(value, MisereGame) else game_form(value)


def _is_ruleset_value(value) -> bool:
    """A ruleset (or family) in the shell: a catalogued name or a ruleset object (``isinstance``)."""
    return isinstance(value, RulesetFunction) or is_ruleset(value)


def _option(value):
    """An option inside braces: a game, a dyadic number, a ruleset position or a loopy value."""
    if isinstance(value, LoopyGame):
        return value                                   # the braces are then read as a loopy value
    if isinstance(value, bool) or not _is_gameish(value):
        raise InvalidGameError(f"{describe(value)} cannot be an option of a game")
    return to_game(_valued(value))


def _game_operand(value, verb: str) -> Game:
    if isinstance(value, LoopyGame):
        return value                                   # loopy values add, subtract and negate themselves
    if isinstance(value, bool) or not _is_gameish(value):
        raise InvalidGameError(f"cannot {verb} {describe(value)}: it is not a game or a number")
    return to_game(_valued(value))


def _switch_of(value) -> Game:
    """``+-x``: ``{x|-x}``; for a set ``+-{a,b}`` is ``{a,b|-a,-b}``."""
    if isinstance(value, (frozenset, set, list, tuple)):
        options = [_option(v) for v in value]
        if any(isinstance(o, LoopyGame) for o in options):
            return loopy.from_options(options, [-o for o in options])
        return cgt.game(options, [-o for o in options])
    g = _game_operand(value, "make a switch of")
    return loopy.switch(g) if isinstance(g, LoopyGame) else cgt.switch(g)


def compare(a, op: str, b) -> bool:
    """Evaluate ``a op b`` for the shell's comparison operators (the game order for games).

    >>> from cgt import star, up
    >>> compare(up, "<>", star), compare(3, "<", 4), compare(up, "|>", star), compare(3, "==", 3)
    (True, True, True, True)
    >>> compare([1, 2], "===", [1, 2]), str(compare(up, "<=>", star)), compare("a", "<", "b")
    (True, '*', True)
    """
    if op in ("===", "!=="):
        return _identical(a, b) == (op == "===")
    if op == "<=>":
        return _three_way(a, b)
    if isinstance(a, str) and isinstance(b, str) and op in _RELATIONS:
        relation = "<" if a < b else ">" if a > b else "="
        return relation in _RELATIONS[op]
    if isinstance(a, MisereGame) or isinstance(b, MisereGame):
        if op in ("==", "!="):
            return (a is b) == (op == "==")
        raise ShellError(f"cannot compare {describe(a)} and {describe(b)} with {op}: misère games only compare "
                         "with == and !=")
    if isinstance(a, LoopyGame) or isinstance(b, LoopyGame):
        a, b = (x if isinstance(x, LoopyGame) else _game_operand(x, "compare") for x in (a, b))
        if op in ("==", "!="):
            return (a == b) == (op == "==")
        ge, le = a >= b, b >= a
        relation = "=" if ge and le else ">" if ge else "<" if le else "||"
        return relation in _RELATIONS[op]
    if needs_tower(a, b):
        if all(_is_gameish(x) or is_tower(x) for x in (a, b)) and not any(isinstance(x, bool) for x in (a, b)):
            return compare_tower(a, op, b)
    gamelike = _is_gameish(a) and _is_gameish(b) and not (isinstance(a, bool) or isinstance(b, bool))
    if op in ("==", "!="):
        equal = _equal_values(a, b) if gamelike else (type(a) is type(b) and a == b)
        return equal if op == "==" else not equal
    if is_number(a) and is_number(b):
        x, y = Fraction(a), Fraction(b)
        relation = "<" if x < y else ">" if x > y else "="
    elif is_coordinates(a) and is_coordinates(b):
        relation = coordinate_relation(a, b)
    elif gamelike:
        relation = to_game(_valued(a)).compare(to_game(_valued(b)))
    else:
        raise ShellError(f"cannot compare {describe(a)} and {describe(b)} with {op}")
    return relation in _RELATIONS[op]


def _identical(a, b) -> bool:
    """``a === b``: the same value structurally (games: the same canonical form; 3 and 3/1 alike)."""
    if is_number(a) and is_number(b) and not isinstance(a, Game) and not isinstance(b, Game):
        return Fraction(a) == Fraction(b) and not isinstance(a, bool) and not isinstance(b, bool)
    if isinstance(a, Game) or isinstance(b, Game):
        return a is b
    return type(a) is type(b) and a == b


def _three_way(a, b):
    """``a <=> b``: -1, 0 or 1, or * when the games are confused (as in CGSuite)."""
    if isinstance(a, str) and isinstance(b, str):
        return (a > b) - (a < b)
    if compare(a, "==", b):
        return 0
    if compare(a, "<", b):
        return -1
    if compare(a, ">", b):
        return 1
    return cgt.star


def _equal_values(a, b) -> bool:
    """Equality of numbers, games and positions (positions and their sums by their values)."""
    a, b = _valued(a), _valued(b)
    x, y = number_of(a), number_of(b)
    if x is not None and y is not None:
        return Fraction(x) == Fraction(y)
    if x is not None or y is not None:
        return False  # a number never equals a game that is not a number
    return to_game(a) is to_game(b)


#: The comparison operators on two plain integers (totally ordered: never confused).
_INTEGER_RELATIONS = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq,
    "!=": operator.ne, "===": operator.eq, "!==": operator.ne, "<|": operator.lt, "|>": operator.gt,
    "<>": lambda a, b: False,
}

#: Each comparison operator with its operands exchanged: ``a <= b`` is ``b >= a``.
_MIRRORED = {"==": "==", "!=": "!=", "<=": ">=", ">=": "<=", "<": ">", ">": "<", "<>": "<>", "<|": "|>",
             "|>": "<|"}

_RELATIONS = {
    "<=": ("<", "="),
    ">=": (">", "="),
    "<": ("<",),
    ">": (">",),
    "<>": ("||",),
    "<|": ("<", "||"),
    "|>": (">", "||"),
}


class ProcedureFunction:
    """A shell procedure handed to a ruleset that takes a function (``game.heap.GenWythoff(k -> k + 2)``):
    a Python callable that runs the procedure in the interpreter that made it, under that interpreter's
    limits.  It prints as the procedure, and two wrappers of one procedure are equal, so the ruleset
    built from it prints and compares as CGSuite's does."""

    __slots__ = ("interpreter", "procedure")

    def __init__(self, interpreter, procedure: Procedure) -> None:
        self.interpreter = interpreter
        self.procedure = procedure

    def __call__(self, *args):
        return self.interpreter.invoke(self.procedure, list(args), {})

    def __eq__(self, other):
        return isinstance(other, ProcedureFunction) and other.procedure is self.procedure

    def __hash__(self):
        return id(self.procedure)

    def __repr__(self) -> str:
        return self.procedure.text
