"""The shell's method registry: methods declared per value type, looked up most specific first.

Every method a shell value has (``G.LeftStop``, ``L.Filter(p)``, ``R.CheckPeriodicity(n)``) is declared
once, in a :class:`Section`: a labelled group of methods that apply to the same Python types ("games
and numbers" apply to :class:`cgt.Game`).  A declaration names the function that implements the method,
its arity, its CGSuite signature (``G.Cool(t)``) and its documentation -- a function object, whose
docstring ``help(Cool)`` shows -- so no method can exist without help.

A :class:`MethodRegistry` holds the sections and a short table of :class:`Coercion`\\ s, and answers
``x.Name`` with :meth:`MethodRegistry.lookup`, in this order:

1. the types of the value itself, most specific first: ``type(x).__mro__``, as CGSuite's
   ``SystemClassRegistry`` walks the Java class hierarchy.  A method declared on ``Position`` serves a
   ``Move`` (a subclass) unless ``Move`` declares its own.  A class value (a ruleset family such as
   ``game.heap.TakeAndBreak``) first offers the static methods declared on it and its bases.  A type
   may be cut out of a value's hierarchy (Python's ``bool`` subclasses ``int``; a shell boolean is no
   integer).
2. then the coercions, in table order: an integer is also a short game, a ruleset position also offers
   the methods of its value.  A coercion converts the receiver only when its target type declares the
   name (so ``P.Foo`` never computes P's value), and coercions do not chain: the converted receiver
   offers its target's own methods, not those of the target's coercions.

Help, completion and "did you mean" read the same registry: :meth:`~MethodRegistry.names`,
:meth:`~MethodRegistry.names_for` and :meth:`~MethodRegistry.documented`.

>>> class Shape: ...
>>> class Square(Shape): ...
>>> def sides(shape):
...     '''The number of sides.'''
...     return 0
>>> def area(square):
...     '''The area of a unit square.'''
...     return 1
>>> shapes = Section("shapes", Shape, letter="S")
>>> _ = shapes.method("Sides", sides)
>>> squares = Section("squares", Square, letter="Q")
>>> _ = squares.method("Sides", lambda square: 4, doc=sides)
>>> _ = squares.method("Area", area)
>>> registry = MethodRegistry([shapes, squares], [Coercion(int, Square, lambda n: Square())])
>>> registry.call(Square(), "Sides", []), registry.call(Shape(), "Sides", []), registry.call(7, "Area", [])
(4, 0, 1)
>>> registry.lookup(Shape(), "Area") is None, sorted(registry.names_for(3))
(True, ['Area', 'Sides'])
>>> primary, secondary = registry.documented("Sides")
>>> print(primary[1].help_text())
Q.Sides
The number of sides.
"""

from __future__ import annotations

import difflib
import re
from typing import Callable, Iterable

from cgt.errors import CGTError, NotApplicableError

from cgt.shell.errors import ShellError
from cgt.shell.values import check_arity, describe, keyword_arguments

__all__ = ["Method", "Section", "Coercion", "MethodRegistry", "docstring_text"]


def docstring_text(doc) -> str:
    """The help text of ``doc``: the docstring of an object, or the text itself for a string; without reST
    markup (roles and double backquotes) and without doctest examples (``>>>`` lines and their output).

    >>> def f():
    ...     '''Twice :func:`g`, as ``2 * g``.
    ...
    ...     >>> f()
    ...     4
    ...     '''
    >>> docstring_text(f), docstring_text("Plain text.")
    ('Twice g, as 2 * g.', 'Plain text.')
    """
    if not isinstance(doc, str):
        doc = getattr(doc, "__doc__", None) or ""
    doc = re.sub(r":\w+:`~?([^`]*)`", r"\1", doc).replace("``", "")
    lines = []
    skipping = False
    for line in doc.strip().splitlines():
        stripped = line.strip()
        if stripped.startswith(">>>"):
            skipping = True
            continue
        if skipping and stripped:
            continue
        skipping = False
        lines.append(stripped)
    while lines and not lines[-1]:
        lines.pop()
    return _shell_constants("\n".join(lines))


#: Python's constants as CGScript writes them, in help texts written for both.
_CONSTANTS = re.compile(r"\b(True|False|None)\b(?! of\b)")
_CONSTANT_NAMES = {"True": "true", "False": "false", "None": "Nothing"}


def _shell_constants(text: str) -> str:
    """``text`` with Python's ``True``, ``False`` and ``None`` written as the shell's ``true``, ``false`` and
    ``Nothing`` ("None of" is English and stays).

    >>> _shell_constants("True when empty, else None. None of the options.")
    'true when empty, else Nothing. None of the options.'
    """
    return _CONSTANTS.sub(lambda m: _CONSTANT_NAMES[m.group(1)], text)


def _python_call(function, args):
    """How a method that takes procedures calls one when no interpreter is given: as a Python callable."""
    return function(*args)


class Method:
    """One shell method: its CGSuite name, the function computing it, arity, signature and documentation.

    ``function(receiver, *args)`` computes the method; a method whose ``caller`` flag is set calls shell
    procedures (``L.Filter(p)``) and also receives ``call=`` the interpreter's way of calling them.
    ``arity`` is ``(least, most)`` arguments (``most`` None for any number).  ``doc`` is the object whose
    docstring is the help text: the function itself unless the method only wraps a library function.

    >>> def cool(g, t):
    ...     '''G cooled by t.'''
    >>> m = Method("Cool", cool, (1, 1), usage="G.Cool(t)")
    >>> m.needs_arguments(), m.help_text()
    (True, 'G.Cool(t)\\nG cooled by t.')
    >>> Method("Size", len, doc="The number of elements.")
    Traceback (most recent call last):
    ...
    TypeError: Size: document a method with a function object (its docstring), not with text
    """

    __slots__ = ("name", "function", "arity", "doc", "usage", "section", "caller", "parameters")

    def __init__(self, name: str, function: Callable, arity=(0, 0), doc=None, usage: str = "",
                 section: "Section | None" = None, caller: bool = False, parameters: tuple = ()):
        doc = function if doc is None else doc
        if isinstance(doc, str):
            raise TypeError(f"{name}: document a method with a function object (its docstring), not with text")
        if not docstring_text(doc):
            raise ValueError(f"{name}: {doc!r} has no docstring to show as help")
        if not usage:
            raise ValueError(f"{name}: give its CGSuite signature, e.g. x.{name}(a)")
        self.name = name
        self.function = function
        self.arity = arity
        self.doc = doc
        self.usage = usage
        self.section = section
        self.caller = caller
        #: The parameters a call may name (``x.Name(a, key => v)``): ``(CGSuite name, Python name)`` pairs in
        #: the order of the arguments; empty when the method takes no ``name => value`` arguments.
        self.parameters = parameters

    def needs_arguments(self) -> bool:
        """True when ``x.Name`` alone cannot be evaluated (the method needs arguments).

        >>> Method("Sides", lambda shape, player=None: 0, (0, 1), doc=Method, usage="S.Sides").needs_arguments()
        False
        """
        return self.arity[0] > 0

    def help(self) -> str:
        """The documentation: the docstring of :attr:`doc`, without its doctest examples.

        >>> def length(items):
        ...     '''The number of elements.
        ...
        ...     >>> length([1, 2])
        ...     2
        ...     '''
        >>> Method("Length", length, usage="L.Length").help()
        'The number of elements.'
        """
        return docstring_text(self.doc)

    def help_text(self) -> str:
        """What ``help(Name)`` shows for this method: the CGSuite signature, then the documentation."""
        return self.usage + "\n" + self.help()

    def call(self, receiver, args: list, caller: Callable | None = None, kwargs: dict | None = None):
        """The method of ``receiver`` applied to ``args`` and CGSuite's ``name => value`` arguments ``kwargs``
        (a clear error for a wrong number of them, or a name the method does not have).

        ``caller(procedure, arguments)`` calls a shell procedure (the interpreter's ``call_value``); without
        it procedures are called as Python callables.

        >>> Method("Length", len, doc=Method, usage="L.Length").call([1, 2], [1])
        Traceback (most recent call last):
        ...
        cgt.shell.errors.ShellError: Length takes 0 arguments, got 1
        """
        if kwargs and not self.parameters:
            raise ShellError(f"method {self.name} takes no keyword arguments")
        named = keyword_arguments(self.name, self.parameters, args, kwargs or {})
        check_arity(self.name, self.arity, len(args) + len(named))
        if self.caller:
            return self.function(receiver, *args, call=caller or _python_call, **named)
        return self.function(receiver, *args, **named)

    def __repr__(self) -> str:
        return f"Method({self.name!r})"


class Section:
    """A labelled group of methods declared on the same types (``"ruleset positions"``: ``Position``).

    ``letter`` names the receiver in default signatures (``P.Options``).  A ``secondary`` section extends
    methods of the same name elsewhere (the number tower's ``Birthday`` extends the short games' one):
    ``help`` shows it after the primary ones.  A ``static`` section declares methods of class values
    (CGSuite's static methods, ``TakeAndBreak.FromSubtractionSet``) instead of their instances.

    >>> section = Section("lists", list, letter="L")
    >>> @section.method("Second")
    ... def second(items):
    ...     '''The second element.'''
    ...     return items[1]
    >>> section.methods["Second"].usage, second([4, 5])
    ('L.Second', 5)
    """

    __slots__ = ("label", "kinds", "letter", "secondary", "static", "methods")

    def __init__(self, label: str, *kinds: type, letter: str = "x", secondary: bool = False,
                 static: bool = False):
        self.label = label
        self.kinds = kinds
        self.letter = letter
        self.secondary = secondary
        self.static = static
        self.methods: dict[str, Method] = {}

    def method(self, name: str, function: Callable | None = None, *, arity=(0, 0), doc=None, usage: str = "",
               caller: bool = False, parameters: tuple = ()):
        """Declare method ``name``: ``section.method("Name", f, ...)``, or as a decorator of ``f``.

        The signature defaults to ``letter.Name`` for a method without arguments; one with arguments must
        give its CGSuite signature as ``usage``.  Returns ``f``.
        """
        def declare(f):
            if name in self.methods:
                raise ValueError(f"{name} is declared twice in {self.label!r}")
            signature = usage or (f"{self.letter}.{name}" if arity == (0, 0) else "")
            self.methods[name] = Method(name, f, arity, doc, signature, self, caller, parameters)
            return f

        return declare if function is None else declare(function)

    def __repr__(self) -> str:
        return f"Section({self.label!r})"


class Coercion:
    """A value of type ``source`` also offers the methods declared on ``target``, called on
    ``convert(value)`` (the value itself when ``convert`` is None), when ``when(value)`` holds.

    ``target`` None: the methods of whatever type the converted value has (a catalogued ruleset name
    offers the methods of the ruleset it names, which depend on the ruleset).
    """

    __slots__ = ("source", "target", "convert", "when")

    def __init__(self, source: type, target: type | None, convert: Callable | None = None,
                 when: Callable | None = None):
        self.source = source
        self.target = target
        self.convert = convert
        self.when = when

    def __repr__(self) -> str:
        target = "its value" if self.target is None else self.target.__name__
        return f"Coercion({self.source.__name__} -> {target})"


class MethodRegistry:
    """The methods of every kind of shell value (see the module docstring for the lookup order).

    ``not_subtypes`` maps a type to the types cut out of its hierarchy.  A name declared twice for the
    same type is an error, so the answer of a lookup never depends on the order of the declarations.
    """

    def __init__(self, sections: Iterable[Section], coercions: Iterable[Coercion] = (),
                 not_subtypes: dict | None = None):
        self.sections = tuple(sections)
        self.coercions = tuple(coercions)
        self.not_subtypes = dict(not_subtypes or {})
        self._instance: dict[type, dict[str, Method]] = {}
        self._static: dict[type, dict[str, Method]] = {}
        for section in self.sections:
            tables = self._static if section.static else self._instance
            for kind in section.kinds:
                table = tables.setdefault(kind, {})
                for name, method in section.methods.items():
                    if name in table:
                        raise ValueError(f"{name} is declared twice for {kind.__name__}: in "
                                         f"{table[name].section.label!r} and {section.label!r}")
                    table[name] = method
        self._names = frozenset(name for section in self.sections for name in section.methods)

    # ------------------------------------------------------------ the hierarchy of a value
    def _types(self, value) -> list[type]:
        """``type(value).__mro__`` without the types cut out of it."""
        cut = self.not_subtypes.get(type(value), ())
        return [kind for kind in type(value).__mro__ if kind not in cut]

    def _tables(self, value, types: list[type]) -> list[dict[str, Method]]:
        """The method tables of ``value``'s own types, most specific first (static ones of a class first)."""
        tables = []
        if isinstance(value, type):
            tables.extend(self._static[kind] for kind in value.__mro__ if kind in self._static)
        tables.extend(self._instance[kind] for kind in types if kind in self._instance)
        return tables

    def _type_tables(self, kind: type) -> list[dict[str, Method]]:
        """The method tables of the instances of ``kind``, most specific first."""
        return [self._instance[k] for k in kind.__mro__ if k in self._instance]

    def _coercions(self, value, types: list[type]):
        return [c for c in self.coercions if c.source in types and (c.when is None or c.when(value))]

    @staticmethod
    def _first(tables, name: str) -> Method | None:
        for table in tables:
            method = table.get(name)
            if method is not None:
                return method
        return None

    # ------------------------------------------------------------ lookup
    def lookup(self, value, name: str):
        """``(method, receiver)`` for ``value.name``, or None when the value has no such method.

        The receiver is the value itself, or its conversion by the coercion that found the method.
        """
        if name not in self._names:
            return None
        types = self._types(value)
        method = self._first(self._tables(value, types), name)
        if method is not None:
            return method, value
        for coercion in self._coercions(value, types):
            if coercion.target is None:
                target = coercion.convert(value)
                method = self._first(self._tables(target, self._types(target)), name)
            else:
                method = self._first(self._type_tables(coercion.target), name)
                if method is not None:
                    target = value if coercion.convert is None else coercion.convert(value)
            if method is not None:
                return method, target
        return None

    def call(self, value, name: str, args: list, caller: Callable | None = None, kwargs: dict | None = None):
        """``value.name(*args, **kwargs)`` (a clear error when the value has no such method or the arguments do
        not fit it)."""
        found = self.lookup(value, name)
        if found is None:
            raise self.no_method_error(value, name)
        method, receiver = found
        return method.call(receiver, args, caller, kwargs)

    # ------------------------------------------------------------ names, for help, completion and hints
    def names(self) -> list[str]:
        """Every method name, sorted."""
        return sorted(self._names)

    def names_for(self, value) -> set[str]:
        """The names of the methods ``value`` has (its own types' and those its coercions offer)."""
        types = self._types(value)
        tables = self._tables(value, types)
        for coercion in self._coercions(value, types):
            if coercion.target is not None:
                tables.extend(self._type_tables(coercion.target))
                continue
            try:
                target = coercion.convert(value)
            except CGTError:            # e.g. a catalogued ruleset whose module is missing
                continue
            tables.extend(self._tables(target, self._types(target)))
        return {name for table in tables for name in table}

    def no_method_error(self, value, name: str) -> NotApplicableError:
        """The error for a method ``value`` does not have, with the nearest name it has, if one is close
        (the shell's names are CGSuite's capitalised ones: ``.mean`` is ``.Mean``)."""
        names = sorted(self.names_for(value))
        exact_case = [n for n in names if n.lower() == name.lower()]
        close = exact_case or difflib.get_close_matches(name, names, n=1, cutoff=0.8)
        hint = f" (did you mean {close[0]}?)" if close else ""
        return NotApplicableError(f"{describe(value)} has no method {name}{hint}")

    def documented(self, name: str) -> tuple[list[Method], list[Method]]:
        """The methods called ``name``, in section order: those of the primary sections, and those of the
        secondary ones (which extend a method of the same name to more values)."""
        methods = [section.methods[name] for section in self.sections if name in section.methods]
        return [m for m in methods if not m.section.secondary], [m for m in methods if m.section.secondary]
