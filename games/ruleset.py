"""The ruleset protocol (DESIGN §5): rulesets supply moves, the library supplies values.

A *ruleset* is an object whose positions are frozen, hashable and normalised.

* :class:`Ruleset` (partizan): subclasses define ``left_options(pos)`` and ``right_options(pos)``; optionally
  ``components(pos)`` (independent parts whose disjunctive sum is ``pos``), ``normalize(pos)`` (validate and
  canonicalise; raise :class:`~cgt.errors.InvalidPositionError`), ``parse(text)`` and ``format(pos)``.
  The library provides ``value(pos)`` (canonical :class:`cgt.Game`, through a transposition table and the
  decomposition into components, computed with an explicit stack), ``outcome(pos)``,
  ``winning_moves(pos, player)`` and ``clear_cache()``.
* :class:`ImpartialRuleset`: subclasses define ``options(pos)``; adds ``grundy(pos)``, misère helpers, and
  ``value(pos) = *grundy(pos)``.
* Calling a ruleset with a position returns a bound :class:`Position` with properties ``value``,
  ``outcome``, ``options``/``left_options``/``right_options``, ``winning_moves`` and, when impartial,
  ``grundy``/``nim_value``.

>>> class Cut(ImpartialRuleset):
...     '''A heap of n may be cut to any k with n/2 <= k < n.'''
...     def options(self, n):
...         return range((n + 1) // 2, n)
>>> cut = Cut()
>>> p = cut(6)
>>> p.grundy, str(p.outcome), [str(q) for q in p.winning_moves]
(3, 'N', ['3'])
>>> str(p.value)
'*3'
"""

from __future__ import annotations

import ast
from collections.abc import Hashable, Iterable

from cgt._walk import postorder
from cgt.errors import InvalidPositionError, NotApplicableError, NotShortGameError

__all__ = ["Ruleset", "ImpartialRuleset", "Position"]

_LEFT_NAMES = {"L", "LEFT"}
_RIGHT_NAMES = {"R", "RIGHT"}


def _player(player) -> str:
    """Normalise a player given as 'L'/'R'/'Left'/'Right' (any case) or cgt.Outcome.L/R."""
    text = str(getattr(player, "value", player)).upper()
    if text in _LEFT_NAMES:
        return "L"
    if text in _RIGHT_NAMES:
        return "R"
    raise InvalidPositionError(f"player {player!r} is not 'Left' or 'Right'")


class Ruleset:
    """Base class of partizan rulesets; see the module docstring for the protocol."""

    #: Name used by ``repr``; ``None`` means the class name with the constructor parameters.
    name: str | None = None

    def _table(self, name: str) -> dict:
        """A memo table of this ruleset instance, created on first use (subclasses need not call super)."""
        table = self.__dict__.get(name)
        if table is None:
            table = self.__dict__[name] = {}
        return table

    # -- to be provided by subclasses -------------------------------------------------------------------
    def left_options(self, pos) -> Iterable[Hashable]:
        """Positions Left can move to from ``pos`` (subclasses override)."""
        raise NotApplicableError(f"{self!r} does not define left_options")

    def right_options(self, pos) -> Iterable[Hashable]:
        """Positions Right can move to from ``pos`` (subclasses override)."""
        raise NotApplicableError(f"{self!r} does not define right_options")

    def components(self, pos) -> Iterable[Hashable]:
        """Independent parts whose disjunctive sum is ``pos``; ``[pos]`` (the default) means indivisible."""
        return (pos,)

    def normalize(self, pos):
        """Validate and canonicalise a position (default: it must be hashable)."""
        try:
            hash(pos)
        except TypeError:
            raise InvalidPositionError(f"{self!r}: position {pos!r} is not hashable") from None
        return pos

    def parse(self, text: str):
        """Parse a position from its string form (default: a Python literal such as ``3`` or ``(2, 5)``)."""
        try:
            pos = ast.literal_eval(text.strip())
        except (ValueError, SyntaxError):
            raise InvalidPositionError(f"{self!r}: cannot parse position {text!r}") from None
        if isinstance(pos, list):
            pos = tuple(pos)
        return self.normalize(pos)

    def format(self, pos) -> str:
        """The string form of a position (default: ``str``)."""
        return str(pos)

    def _params(self) -> tuple:
        """Constructor parameters, for ``repr``, ``==`` and ``hash`` (subclasses with parameters override)."""
        return ()

    # -- provided by the library ------------------------------------------------------------------------
    def _has_components(self) -> bool:
        return type(self).components is not Ruleset.components

    def value(self, pos):
        """The canonical value (a :class:`cgt.Game`) of ``pos``.

        Iterative depth-first search over the options (:func:`cgt._walk.postorder`) with a transposition
        table; components are evaluated separately and added.  A position met again on the search stack
        raises :class:`~cgt.errors.NotShortGameError`.
        """
        from cgt import game

        memo = self._table("_values")
        if pos in memo:
            return memo[pos]
        split = self._has_components()

        def expand(p):
            # (None, parts) for a sum of components, else (number of Left options, Left + Right options).
            parts = list(self.components(p)) if split else [p]
            if len(parts) != 1 or parts[0] != p:
                return None, parts
            lefts = list(self.left_options(p))
            return len(lefts), lefts + list(self.right_options(p))

        def combine(n_left, values):
            if n_left is not None:
                return game(values[:n_left], values[n_left:])
            total = None
            for v in values:
                total = v if total is None else total + v
            return total if total is not None else game([], [])

        def on_cycle(child):
            raise NotShortGameError(
                f"{self!r}: position {self.format(child)} is met again on the search stack: not a short game")

        return postorder(pos, expand, combine, memo, on_cycle)

    def outcome(self, pos):
        """The outcome class (:class:`cgt.Outcome`) of ``pos``."""
        return self.value(pos).outcome

    def winning_moves(self, pos, player) -> list:
        """The moves of ``player`` ('Left'/'Right') from ``pos`` that win when that player moves first.

        A Left move to ``G'`` wins iff Left then wins moving second, i.e. ``G' >= 0``; for Right ``G' <= 0``.
        """
        side = _player(player)
        if side == "L":
            return [o for o in self.left_options(pos) if self.value(o) >= 0]
        return [o for o in self.right_options(pos) if self.value(o) <= 0]

    def clear_cache(self) -> None:
        """Forget every memoised value of this ruleset (results never depend on the cache)."""
        for name in ("_values", "_grundy", "_misere"):
            self._table(name).clear()

    # -- positions ---------------------------------------------------------------------------------------
    def position(self, pos) -> "Position":
        """The bound :class:`Position` of an already-normalised position."""
        return Position(self, pos)

    def __call__(self, *args) -> "Position":
        """``ruleset(pos)`` (or ``ruleset("text")``): the bound, normalised :class:`Position`."""
        if len(args) == 1:
            arg = args[0]
            pos = self.parse(arg) if isinstance(arg, str) else self.normalize(arg)
        else:
            pos = self.normalize(args)
        return Position(self, pos)

    def __repr__(self) -> str:
        if self.name is not None:
            return self.name
        return f"{type(self).__name__}({', '.join(repr(p) for p in self._params())})"

    def __eq__(self, other):
        if not isinstance(other, Ruleset):
            return NotImplemented
        return type(self) is type(other) and self._params() == other._params()

    def __hash__(self):
        return hash((type(self).__name__, repr(self._params())))


class ImpartialRuleset(Ruleset):
    """Base class of impartial rulesets: subclasses define ``options(pos)``."""

    impartial = True

    def options(self, pos) -> Iterable[Hashable]:
        """Positions reachable in one move (subclasses override)."""
        raise NotApplicableError(f"{self!r} does not define options")

    def left_options(self, pos):
        """Same as :meth:`options` (impartial)."""
        return self.options(pos)

    def right_options(self, pos):
        """Same as :meth:`options` (impartial)."""
        return self.options(pos)

    def grundy(self, pos) -> int:
        """The Grundy value (nim value) of ``pos`` (Sprague–Grundy; sums by XOR over components)."""
        from cgt.impartial import grundy

        comps = self.components if self._has_components() else None
        return grundy(pos, self.options, comps, self._table("_grundy"))

    def value(self, pos):
        """The canonical value ``*grundy(pos)``."""
        from cgt import nimber

        return nimber(self.grundy(pos))

    def outcome(self, pos):
        """``P`` if the Grundy value is 0, else ``N``."""
        from cgt.impartial import outcome_of_grundy

        return outcome_of_grundy(self.grundy(pos))

    def winning_moves(self, pos, player=None) -> list:
        """The options of ``pos`` with Grundy value 0 (``player`` is ignored: the game is impartial)."""
        return [o for o in self.options(pos) if self.grundy(o) == 0]

    # -- misère play -------------------------------------------------------------------------------------
    def misere_grundy(self, pos) -> int:
        """The misère Grundy value of ``pos`` (1 at terminal positions; see :mod:`cgt.misere`)."""
        from cgt.misere import misere_grundy

        return misere_grundy(pos, self.options, self._table("_misere"))

    def misere_outcome(self, pos):
        """The misère outcome class (``N`` or ``P``) of ``pos``, by search."""
        from cgt.impartial import outcome_of_grundy

        return outcome_of_grundy(self.misere_grundy(pos))

    def misere_winning_moves(self, pos) -> list:
        """The options of ``pos`` that win in misère play (misère Grundy value 0)."""
        return [o for o in self.options(pos) if self.misere_grundy(o) == 0]

    def genus(self, pos, terms: int = 6):
        """Conway's genus ``(g, (g0, g1, ...))`` of ``pos``; see :func:`cgt.misere.genus`."""
        from cgt.misere import genus

        return genus(pos, self.options, terms)


class Position:
    """A position bound to its ruleset: ``Kayles(20).grundy``, ``Nim(1, 3, 5, 7).winning_moves``.

    >>> class Take(ImpartialRuleset):
    ...     def options(self, n):
    ...         return [n - k for k in (1, 2) if k <= n]
    >>> p = Take()(7)
    >>> str(p), p.nim_value, [str(q) for q in p.options], [str(q) for q in p.winning_moves]
    ('7', 1, ['6', '5'], ['6'])
    """

    __slots__ = ("ruleset", "position")

    def __init__(self, ruleset: Ruleset, position) -> None:
        self.ruleset = ruleset
        self.position = position

    @property
    def impartial(self) -> bool:
        """Whether the ruleset is impartial."""
        return isinstance(self.ruleset, ImpartialRuleset)

    def _impartial(self, why: str) -> ImpartialRuleset:
        """The ruleset, which must be impartial; otherwise NotApplicableError "<position> <why>"."""
        if not self.impartial:
            raise NotApplicableError(f"{self!r} {why}")
        return self.ruleset

    def _wrap(self, positions) -> list["Position"]:
        return [Position(self.ruleset, p) for p in positions]

    @property
    def value(self):
        """The canonical value (a :class:`cgt.Game`)."""
        return self.ruleset.value(self.position)

    @property
    def outcome(self):
        """The outcome class (:class:`cgt.Outcome`)."""
        return self.ruleset.outcome(self.position)

    @property
    def grundy(self) -> int:
        """The Grundy value (impartial rulesets only)."""
        return self._impartial("is not impartial: it has no Grundy value").grundy(self.position)

    nim_value = grundy

    @property
    def options(self) -> list["Position"]:
        """The options (impartial rulesets only)."""
        ruleset = self._impartial("is partizan: use left_options / right_options")
        return self._wrap(ruleset.options(self.position))

    @property
    def left_options(self) -> list["Position"]:
        """Left's options."""
        return self._wrap(self.ruleset.left_options(self.position))

    @property
    def right_options(self) -> list["Position"]:
        """Right's options."""
        return self._wrap(self.ruleset.right_options(self.position))

    @property
    def winning_moves(self) -> list["Position"]:
        """Impartial: the options with Grundy value 0.  Partizan: use ``left_/right_winning_moves``."""
        ruleset = self._impartial("is partizan: use left_winning_moves / right_winning_moves")
        return self._wrap(ruleset.winning_moves(self.position))

    @property
    def left_winning_moves(self) -> list["Position"]:
        """Left's winning moves (Left moving first)."""
        return self._wrap(self.ruleset.winning_moves(self.position, "L"))

    @property
    def right_winning_moves(self) -> list["Position"]:
        """Right's winning moves (Right moving first)."""
        return self._wrap(self.ruleset.winning_moves(self.position, "R"))

    @property
    def misere_outcome(self):
        """The misère outcome class (impartial rulesets only)."""
        return self._impartial("is not impartial").misere_outcome(self.position)

    @property
    def misere_winning_moves(self) -> list["Position"]:
        """The options that win in misère play (impartial rulesets only)."""
        return self._wrap(self._impartial("is not impartial").misere_winning_moves(self.position))

    @property
    def misere_grundy(self) -> int:
        """The misère Grundy value (impartial rulesets only)."""
        return self._impartial("is not impartial").misere_grundy(self.position)

    def __str__(self) -> str:
        return self.ruleset.format(self.position)

    def __repr__(self) -> str:
        return f"{self.ruleset!r}({self.ruleset.format(self.position)!r})"

    def __eq__(self, other):
        if not isinstance(other, Position):
            return NotImplemented
        return self.ruleset == other.ruleset and self.position == other.position

    def __hash__(self):
        return hash((self.ruleset, self.position))
