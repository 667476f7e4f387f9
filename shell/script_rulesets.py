"""Rulesets written in CGScript files, rebuilt by name in other processes: what ``cgt sweep`` and worker
processes need of them.

A script ruleset (an object of a class extending ``Ruleset``, ``GridRuleset`` or ``HeapRuleset``) lives in the
session that evaluated it: its classes are made by running source text, its options by running user code.
When its class comes from a ``.cgs`` file on the search path, a fresh process can make it again from two
things: the folders of the search path and the text that names it (how the ruleset prints, which reads back:
``mygames.MyDomineering``, ``StepGame(2, 1)``).  A :class:`ScriptRuleset` is that reference.  It pickles as
those two things plus a digest of its classes' source (the file's text, with the files of the classes it
extends); a process that received it, on first use, starts its own shell session with the same search path,
evaluates the text, and refuses the result when the digest differs (the file changed on the way): the
refusal is the one-line error of the job that used it.  The identity
``text|digest`` is also the key of the ruleset's positions in the on-disk results cache, so a changed file
is never mixed with results of the old one.

A ruleset declared at the prompt (or by the program that names it) has no file: it is refused with one line.

It offers what :mod:`cgt.games.engine.sweep` asks of a ruleset: ``parse``, ``normal_form``, ``value``, and
``grundy`` when its positions are impartial, ``char_map`` for a grid ruleset.  A heap ruleset's positions
are the library's heap tuples (``"3 4"``); another ruleset's text of heap sizes is the sum of its ``Eval``
positions (``"3 4"`` is ``R(3) + R(4)``); a grid ruleset reads boards with its ``CharMap``.  Boards have no
symmetry reduction: the normal form of a script grid position is the position.

>>> import pathlib, pickle, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "TakeSome.cgs").write_text('''class TakeSome(most as Integer) extends HeapRuleset
...   override def HeapOptions(n as Integer) := [[n - k] for k from 1 to most where k <= n];
... end''')
>>> take = load_script_ruleset("TakeSome(2)", [str(folder)])
>>> take.text, take.grundy(take.parse("4 5"))           # heaps of 4 and 5: 1 xor 2
('TakeSome(2)', 3)
>>> pickle.loads(pickle.dumps(take)) == take
True
>>> try:
...     load_script_ruleset("class Here extends HeapRuleset end; Here()", [str(folder)])
... except SessionBoundError as error:
...     print(error)
Here is declared at the prompt, not in a .cgs file on the search path: its classes exist only in that session, so another process cannot rebuild it
>>> userclasses.SEARCH_PATH.remove(str(folder))                # loading put the folder on this process's path
"""

from __future__ import annotations

from functools import reduce
from operator import xor

from cgt.errors import NotApplicableError
from cgt.kernel.game import register_cache

import cgt.shell.userclasses as userclasses
from cgt.shell.errors import ShellError
from cgt.shell.userclasses import (ScriptClass, ScriptObject, active_interpreter, add_path,
                                   call_method, game_adapter, heap_adapter, is_impartial_object, member_value,
                                   object_text, source_digest)

__all__ = ["ScriptRuleset", "ImpartialScriptRuleset", "SessionBoundError", "script_ruleset",
           "load_script_ruleset", "rebuild", "declaring_file", "loaded_rulesets"]


class SessionBoundError(NotApplicableError):
    """A script ruleset that another process cannot rebuild: declared at the prompt, or named by no text that
    reads back."""


_BASES = ("GridRuleset", "HeapRuleset", "Ruleset")
#: Ruleset bases whose rulesets work in the session but are not rebuilt in other processes (yet).
_OTHER_RULESET_BASES = {"StripRuleset", "GraphRuleset", "CoordinateRuleset"}


def _is_ruleset_object(value) -> bool:
    return isinstance(value, ScriptObject) and "game.Ruleset" in value.cls.ancestors()


def declaring_file(cls: ScriptClass) -> str | None:
    """The ``.cgs`` file a script class was read from (a nested class: its outermost class's), or None for a
    class declared at the prompt."""
    while cls.declaring is not None:
        cls = cls.declaring
    return cls.file


def _kind(obj) -> str | None:
    if not isinstance(obj, ScriptObject) or obj.literal is not None:
        return None
    return next((kind for kind in _BASES if obj.cls.is_a(kind)), None)


def _prompt_classes(value) -> list:
    """The classes declared at the prompt among ``value``'s class, the objects it is made in and its fields."""
    if isinstance(value, (list, tuple, set, frozenset)):
        return [c for v in value for c in _prompt_classes(v)]
    if isinstance(value, dict):
        return [c for k, v in value.items() for c in _prompt_classes(k) + _prompt_classes(v)]
    if not isinstance(value, ScriptObject):
        return []
    found = [] if declaring_file(value.cls) is not None else [value.cls]
    found += _prompt_classes(list(value.fields.values()))
    if isinstance(value.enclosing, ScriptObject):
        found += _prompt_classes(value.enclosing)
    return found


class ScriptRuleset:
    """A script ruleset from a ``.cgs`` file, named by the search path ``folders`` and its ``text``; its
    positions are the script objects (or, for a heap ruleset, the library's heap tuples).

    Equal when the texts and digests are equal; ``repr`` shows both (it is part of a sweep's store key).
    """

    impartial = False

    def __init__(self, folders, text: str, digest: str, script: ScriptObject | None = None):
        self.folders = tuple(folders)
        self.text = text
        self.digest = digest
        self._script = script

    @property
    def script(self) -> ScriptObject:
        """The script object: in a process that received the ruleset, made on first use (see :func:`rebuild`),
        so a failure is the error of the job that uses it."""
        if self._script is None:
            self._script = rebuild(self.folders, self.text, self.digest)
        return self._script

    @property
    def kind(self) -> str:
        """``GridRuleset``, ``HeapRuleset`` or ``Ruleset``: the built-in base the ruleset's class extends."""
        return _kind(self.script)

    @property
    def file(self) -> str:
        """The ``.cgs`` file of the ruleset's class."""
        return declaring_file(self.script.cls)

    # -- identity -------------------------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.text

    def cache_key(self) -> str:
        """``text|digest``: the ruleset's identity, as its positions are keyed in the on-disk results cache."""
        return f"{self.text}|{self.digest}"

    def __eq__(self, other):
        return isinstance(other, ScriptRuleset) and other.cache_key() == self.cache_key()

    def __hash__(self):
        return hash(self.cache_key())

    def __repr__(self) -> str:
        return f"ScriptRuleset({self.text!r}, digest={self.digest!r})"

    def __reduce__(self):
        """Pickle as what a fresh process needs to make the ruleset again (it does so on first use)."""
        return type(self), (self.folders, self.text, self.digest)

    # -- what the library's tasks ask --------------------------------------------------------------------------
    @property
    def char_map(self) -> str:
        """The board characters of a grid ruleset (its ``CharMap``)."""
        if self.kind != "GridRuleset":
            raise NotApplicableError(f"{self.text} is not a grid ruleset: it has no CharMap")
        chars = member_value(active_interpreter(), self.script, "CharMap")
        if not isinstance(chars, str) or not chars:
            raise NotApplicableError(f"{self.text}.CharMap is not a string of board characters")
        return chars

    def parse(self, text: str):
        """A position from its text: a board of a grid ruleset (read with its ``CharMap``); heap sizes
        ``"3 4"`` of a heap ruleset (the library's tuple); of another ruleset, heap sizes too, as the tuple of
        its positions ``R(3)``, ``R(4)`` (their sum)."""
        if self.kind == "GridRuleset":
            return call_method(active_interpreter(), self.script, "Eval", [text], {})
        if self.kind == "HeapRuleset":
            return heap_adapter(self.script).parse(text)
        try:
            sizes = [int(word) for word in text.split()]
        except ValueError:
            raise NotApplicableError(f"{self.text}: a position here is heap sizes such as '3 4', got {text!r}") \
                from None
        positions = tuple(call_method(active_interpreter(), self.script, "Eval", [n], {}) for n in sizes)
        bad = [p for p in positions if not isinstance(p, ScriptObject)]
        if bad:
            raise NotApplicableError(f"{self.text}: Eval gave {bad[0]!r}, not a script game")
        return positions

    def normal_form(self, pos):
        """The position itself (script grid rulesets declare no symmetries)."""
        return pos, False

    def format(self, pos) -> str:
        if self.kind == "HeapRuleset":
            return heap_adapter(self.script).format(pos)
        if isinstance(pos, tuple):
            return " + ".join(object_text(p) for p in pos)
        return object_text(pos)

    def value(self, pos):
        """The canonical value of a position (the memo tables and results cache of the session's rulesets)."""
        if self.kind == "HeapRuleset":
            return heap_adapter(self.script).value(pos)
        if isinstance(pos, tuple):
            total = None
            for part in pos:
                v = game_adapter(part).value(part)
                total = v if total is None else total + v
            return 0 if total is None else total
        return game_adapter(pos).value(pos)


class ImpartialScriptRuleset(ScriptRuleset):
    """A script ruleset whose positions are impartial: a heap ruleset, or a ruleset whose ``Position`` class
    extends ``ImpartialGame``."""

    impartial = True

    def grundy(self, pos) -> int:
        """The Grundy value; of a sum, the nim-sum of its parts' (Sprague-Grundy: Winning Ways, ch. 4)."""
        if self.kind == "HeapRuleset":
            return heap_adapter(self.script).grundy(pos)
        parts = pos if isinstance(pos, tuple) else (pos,)
        for part in parts:
            if not is_impartial_object(part):
                raise NotApplicableError(f"{self.text}: {object_text(part)} is not an impartial game")
        return reduce(xor, (game_adapter(part).grundy(part) for part in parts), 0)


def _impartial(obj: ScriptObject) -> bool:
    if obj.cls.is_a("HeapRuleset"):
        return True
    position = obj.cls.find_nested("Position")
    return position is not None and position.is_a("ImpartialGame")


def script_ruleset(value, folders=None) -> ScriptRuleset:
    """The :class:`ScriptRuleset` of a shell value: a script ruleset (or a singleton ruleset class) whose
    classes come from ``.cgs`` files, with ``folders`` as its search path (default: the current one).

    A ruleset declared at the prompt, or one whose printed text does not read back, is one
    :class:`SessionBoundError`."""
    if isinstance(value, ScriptClass) and value.singleton:
        value = value.instance
    if isinstance(value, ScriptClass):
        raise NotApplicableError(f"{value.qualified_name} is a class: a ruleset is one of its objects, "
                                 f"e.g. {value.name}(…)")
    if _kind(value) is None:
        other = sorted(value.cls.builtin_bases() & _OTHER_RULESET_BASES) if _is_ruleset_object(value) else []
        if other:
            raise NotApplicableError(f"{_text_of(value)} extends {other[0]}: other processes take script rulesets "
                                     f"that extend Ruleset, GridRuleset or HeapRuleset")
        raise NotApplicableError(f"{_text_of(value)} is not a script ruleset (an object of a class extending "
                                 f"Ruleset, GridRuleset or HeapRuleset)")
    text = object_text(value)
    unbound = _prompt_classes(value)
    if unbound:
        raise SessionBoundError(f"{text} is declared at the prompt, not in a .cgs file on the search path: its "
                                f"classes exist only in that session, so another process cannot rebuild it"
                                if unbound[0] is value.cls else
                                f"{text} uses {unbound[0].qualified_name}, declared at the prompt, not in a "
                                f".cgs file on the search path: another process cannot rebuild it")
    folders = tuple(userclasses.SEARCH_PATH if folders is None else folders)
    cls = ScriptRuleset if not _impartial(value) else ImpartialScriptRuleset
    ruleset = cls(folders, text, source_digest(value.cls), value)
    _check_reads_back(ruleset)
    return ruleset


def _text_of(value) -> str:
    try:
        return object_text(value)
    except Exception:                   # a value whose ToString fails: name its kind only
        return type(value).__name__


def _evaluate(text: str, folders):
    from cgt.shell.session import Session

    for folder in reversed(folders):
        add_path(folder)
    return Session().evaluate(text)[0]


def _check_reads_back(ruleset: ScriptRuleset) -> None:
    """A second evaluation of the ruleset's text must give a ruleset of the same text and digest (what another
    process does)."""
    try:
        again = _evaluate(ruleset.text, ruleset.folders)
    except ShellError as error:
        raise SessionBoundError(f"{ruleset.text} does not read back in a new session ({error}): another "
                                f"process cannot rebuild it") from None
    again = again.instance if isinstance(again, ScriptClass) and again.singleton else again
    if _kind(again) is None or object_text(again) != ruleset.text or source_digest(again.cls) != ruleset.digest:
        raise SessionBoundError(f"{ruleset.text} reads back as another value in a new session: another process "
                                f"cannot rebuild it")


def load_script_ruleset(expression: str, folders=()) -> ScriptRuleset:
    """The script ruleset ``expression`` names (``mygames.MyDomineering``, ``StepGame(2)``), evaluated in a
    new shell session with ``folders`` put first on the search path."""
    value = _evaluate(expression, folders)
    return script_ruleset(value, userclasses.SEARCH_PATH)


#: The script objects of the rulesets rebuilt in this process, by (folders, text, digest).
_REBUILT: dict = {}


def rebuild(folders, text: str, digest: str) -> ScriptObject:
    """The script ruleset ``text`` evaluated in a new session of this process with ``folders`` first on the
    search path (once per process); refused when its classes' digest is not ``digest`` (the file changed).

    A :class:`ScriptRuleset` received from another process calls it on first use."""
    key = (tuple(folders), text, digest)
    script = _REBUILT.get(key)
    if script is None:
        try:
            script = _evaluate(text, folders)
        except ShellError as error:
            raise NotApplicableError(f"cannot rebuild the script ruleset {text} in this process: {error}") from None
        if isinstance(script, ScriptClass) and script.singleton:
            script = script.instance
        if _kind(script) is None or object_text(script) != text:
            raise NotApplicableError(f"cannot rebuild the script ruleset {text} in this process: the text gives "
                                     f"{_text_of(script)}")
        if source_digest(script.cls) != digest:
            raise NotApplicableError(f"{text}: {declaring_file(script.cls)} has changed (its classes' digest is "
                                     f"now {source_digest(script.cls)}, not {digest}): run again to start afresh")
        _REBUILT[key] = script
    return script


def loaded_rulesets() -> list[tuple[str, str]]:
    """``(name, file)`` of each ruleset class read from a file so far in this process: a class extending a
    ruleset base (``Ruleset``, ``GridRuleset``, ``StripRuleset``, ``GraphRuleset``, ``HeapRuleset``,
    ``CoordinateRuleset``), or a singleton of one."""
    found = []
    for value in userclasses.loaded_classes():
        cls = value.cls if isinstance(value, ScriptObject) else value
        if isinstance(cls, ScriptClass) and "game.Ruleset" in cls.ancestors():
            found.append((cls.qualified_name, declaring_file(cls)))
    return sorted(found)


def _clear_rebuilt() -> None:
    _REBUILT.clear()


register_cache(_clear_rebuilt)
