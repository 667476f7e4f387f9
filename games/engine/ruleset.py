"""The ruleset protocol: a ruleset says how positions move, the library says what they are worth.

A **ruleset** is an instance of :class:`Ruleset` (partizan) or :class:`ImpartialRuleset`.  A parametrised
family is a class whose instances are rulesets (``GenClobber(...)``, ``TakeAndBreak("0.77")``); named
variants are instances (``Clobber = GenClobber()``), as in CGSuite.  Calling a ruleset with a position (or
its string form) gives a :class:`Position`.

What a ruleset defines:

* partizan: ``left_options(pos)`` and ``right_options(pos)``, or ``moves(pos, player)`` yielding
  ``(label, option)`` pairs when moves have a natural name (the number chosen, the cells covered);
* impartial: ``options(pos)`` (or ``moves(pos, player)``);
* optionally ``components(pos)`` (a list of independent parts whose disjunctive sum is ``pos``;
  ``[pos]`` means indivisible), ``normal_form(pos)`` (a representative of the symmetry class and whether
  the symmetry swaps the players; used only as the key of the value tables), ``normalize(pos)``
  (validate; raise :class:`~cgt.errors.InvalidPositionError`), ``parse(text)``, ``format(pos)``.

Positions keep what the user wrote: normalisation and symmetry reduction belong to the value tables.  What
the library provides (:mod:`cgt.games.engine.engine`): ``value(pos)`` (canonical :class:`cgt.Game`),
``outcome(pos)``, ``winning_moves(pos, player)``, ``followers(pos)``, and for impartial rulesets
``grundy(pos)`` and the misère helpers.  Every table is emptied by ``cgt.clear_caches()``.

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
import contextlib
import weakref
from collections.abc import Hashable, Iterable

from cgt import limits
from cgt.runtime.arguments import plain_integers
from cgt.errors import InvalidPositionError, NotApplicableError
from cgt.kernel.game import register_cache
from cgt.kernel.player import Player

from cgt.games.engine import engine, results_cache
from cgt.games.engine.catalogue import library_name

__all__ = ["Ruleset", "ImpartialRuleset", "PartizanJoinRuleset", "Position", "Move", "Player"]

Left, Right = Player.Left, Player.Right

#: Every ruleset that has memo tables, so that ``cgt.clear_caches()`` reaches them all.
#: Keyed by identity: a WeakSet compares rulesets by value, so an equal ruleset (``TakeAndBreak("0.77")``
#: next to ``Kayles``) would take the place of another and, once gone, leave it unregistered.
_WITH_TABLES: "weakref.WeakValueDictionary[int, Ruleset]" = weakref.WeakValueDictionary()


def _clear_all_tables() -> None:
    for ruleset in list(_WITH_TABLES.values()):
        ruleset.clear_cache()


register_cache(_clear_all_tables)


def live_rulesets() -> list:
    """The rulesets alive in this session that have memo tables (e.g. for the results cache to attach)."""
    return list(_WITH_TABLES.values())


def _attach_results_cache() -> None:
    """When the results cache is enabled, the rulesets that computed values before hand them over too."""
    for ruleset in live_rulesets():
        attach = getattr(ruleset, "attach_results_cache", None)
        if attach is not None:
            attach()


results_cache.on_enable(_attach_results_cache)


class Ruleset:
    """Base class of partizan rulesets; see the module docstring for the protocol."""

    #: A class that only serves as a base (it is not itself in the catalogue).
    abstract = True
    #: Name used by ``repr``; ``None`` means the class name with the constructor parameters.
    name: str | None = None
    #: Largest number of positions a value table may hold before the search stops with TooLargeError.
    max_positions: int = 20_000_000
    #: A few small positions (each an argument of ``ruleset(...)``) from which :func:`cgt.testing.positions`
    #: draws random positions by random play, for rulesets whose positions are not boards or heaps.
    examples: tuple = ()
    #: Whether play can cycle (a loopy ruleset): ``game_value`` is then a loopy value
    #: (:mod:`cgt.games.engine.loopy`) and ``value``, the canonical short form, raises NotShortGameError.
    loopy: bool = False

    # -- to be provided by subclasses -------------------------------------------------------------------
    def moves(self, pos, player: Player) -> Iterable[tuple[object, Hashable]]:
        """``(label, option)`` pairs of ``player``'s moves; the label is None when moves have no name."""
        options = self.left_options(pos) if player is Left else self.right_options(pos)
        return [(None, option) for option in options]

    def left_options(self, pos) -> Iterable[Hashable]:
        """Positions Left can move to from ``pos`` (subclasses override this or :meth:`moves`)."""
        if type(self).moves is Ruleset.moves:
            raise NotApplicableError(f"{self!r} defines neither left_options nor moves")
        return [option for _, option in self.moves(pos, Left)]

    def right_options(self, pos) -> Iterable[Hashable]:
        """Positions Right can move to from ``pos`` (subclasses override this or :meth:`moves`)."""
        if type(self).moves is Ruleset.moves:
            raise NotApplicableError(f"{self!r} defines neither right_options nor moves")
        return [option for _, option in self.moves(pos, Right)]

    def options(self, pos, player: Player | None = None) -> list:
        """``player``'s options, or all options (Left's then Right's) when ``player`` is None."""
        if player is None:
            return list(self.left_options(pos)) + list(self.right_options(pos))
        return list(self.left_options(pos) if Player.parse(player) is Left else self.right_options(pos))

    def components(self, pos) -> list:
        """Independent parts whose disjunctive sum is ``pos``; ``[pos]`` (the default) means indivisible."""
        return [pos]

    def normal_form(self, pos) -> tuple[Hashable, bool]:
        """``(representative, players_swapped)``: the key of ``pos`` in the value tables.

        The representative must be a position of this ruleset whose value is the value of ``pos``, or its
        negative when ``players_swapped`` (a symmetry exchanging Left and Right negates the value).  The
        default is the position itself.
        """
        return pos, False

    def normalize(self, pos):
        """Validate a position (default: it must be hashable)."""
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

    def params(self) -> tuple:
        """The constructor's arguments: ``type(self)(*self.params())`` is a ruleset equal to this one.

        They make ``repr``, ``==`` and ``hash``, the results cache's key and the pickle of a family's member
        (subclasses with parameters override).

        >>> from cgt.games import Subtraction
        >>> Subtraction([1, 3, 4]).params()
        ([1, 3, 4],)
        """
        return ()

    # -- provided by the library ------------------------------------------------------------------------
    def has_components(self) -> bool:
        """Whether this ruleset splits positions into components."""
        return type(self).components is not Ruleset.components

    def table(self, name: str) -> dict:
        """The memo table ``name`` of this ruleset, created on first use (emptied by ``clear_cache``)."""
        tables = self.__dict__.get("_tables")
        if tables is None:
            tables = self.__dict__["_tables"] = {}
            _WITH_TABLES[id(self)] = self
        table = tables.get(name)
        if table is None:
            table = tables[name] = {}
        return table

    def value(self, pos):
        """The canonical value (a :class:`cgt.Game`) of ``pos`` (see :mod:`cgt.games.engine.engine`)."""
        if self.loopy:
            from cgt.games.engine.loopy import not_short_error

            raise not_short_error(self, pos)
        return engine.canonical_value(self, pos)

    def values_of(self, positions, *, jobs: int | None = 1, executor=None) -> list:
        """The values of many positions (Positions, strings or raw positions), in order; ``jobs=2`` or an
        ``executor`` solves them in parallel when the work is large (see :mod:`cgt.games.engine.parallel`).

        >>> from cgt.games import Domineering
        >>> [str(v) for v in Domineering.values_of(["..|..", "..|.#", "...|..."], jobs=2)]
        ['+-1', '*', '{2|-1/2}']
        """
        from cgt.games.engine import parallel

        return parallel.values(self, positions, jobs=jobs, executor=executor)

    def game_value(self, pos):
        """The value of ``pos``: a loopy value (:mod:`cgt.games.engine.loopy`) when the ruleset is loopy,
        else the canonical value."""
        if self.loopy:
            from cgt.games.engine.loopy import game_value

            return game_value(self, pos)
        return self.value(pos)

    def outcome(self, pos):
        """The outcome class of ``pos``: a :class:`cgt.Outcome` (a ``cgt.loopy.LoopyOutcome`` if loopy)."""
        if self.loopy:
            from cgt.games.engine.loopy import outcome

            return outcome(self, pos)
        return self.value(pos).outcome

    def winning_moves(self, pos, player) -> list:
        """``(label, option)`` for each move of ``player`` that wins when that player moves first.

        A Left move to ``G'`` wins iff Left then wins moving second, i.e. ``G' >= 0``; for Right ``G' <= 0``.
        For a loopy ruleset: the moves to positions the opponent, to move, loses (by retrograde analysis).
        """
        side = Player.parse(player)
        if self.loopy:
            from cgt.games.engine.loopy import winning_moves

            return winning_moves(self, pos, side)
        wins = (lambda v: v >= 0) if side is Left else (lambda v: v <= 0)
        return [(label, o) for label, o in self.moves(pos, side) if wins(self.value(o))]

    def followers(self, pos, limit: int = 1_000_000) -> set:
        """Every position reachable from ``pos``, itself included (TooLargeError beyond ``limit``)."""
        return engine.followers(self, pos, limit)

    def clear_cache(self) -> None:
        """Forget every memoised value of this ruleset (results never depend on the cache)."""
        for table in self.__dict__.get("_tables", {}).values():
            table.clear()

    def table_entries(self) -> int:
        """How many entries this ruleset's memo tables hold (a small table of tables counts its tables' entries).

        >>> from cgt.games import Subtraction
        >>> Subtraction([1, 2]).table_entries()
        0
        """
        total = 0
        for table in self.__dict__.get("_tables", {}).values():
            total += len(table)
            if len(table) <= 64:                 # a table of tables (the bitboard solvers' raw tables)
                total += sum(len(inner) for inner in table.values() if hasattr(inner, "keys"))
        return total

    @contextlib.contextmanager
    def search(self):
        """The span of a search that fills this ruleset's tables.  Entering the outermost one, tables holding
        more than ``cgt.limits.cache_budget()`` entries are emptied first: they are caches, and a long session
        of queries on one ruleset keeps its memory bounded (one search may pass the budget; the next one
        starts over).  Inner searches (a value needing another value) never empty them.

        >>> from cgt.games import Kayles
        >>> with Kayles.search():
        ...     Kayles.grundy((5,))
        4
        """
        depth = self.__dict__.get("_searches", 0)
        if depth == 0 and self.table_entries() > limits.cache_budget():
            self.clear_cache()
        self.__dict__["_searches"] = depth + 1
        try:
            yield
        finally:
            self.__dict__["_searches"] = depth

    def __reduce_ex__(self, protocol):
        """Pickle through public names: a ruleset of the library's catalogue as ``cgt.games.by_name("Kayles")``,
        a member of a catalogued family as ``cgt.games.by_name("Subtraction", ([1, 3, 4],))`` (its
        :meth:`params`, and its :attr:`name` if it has one of its own); no module path is recorded, so moving
        a module breaks no pickle.  Other rulesets pickle as usual, without their memo tables.

        >>> import pickle
        >>> from cgt.games import Kayles, Subtraction
        >>> pickle.loads(pickle.dumps(Kayles)) is Kayles, pickle.loads(pickle.dumps(Subtraction([1, 3, 4])))
        (True, Subtraction([1, 3, 4]))
        """
        import cgt.games

        name = library_name(self)
        if name is not None:
            return cgt.games.by_name, (name,)
        family = library_name(type(self))
        if family is None:
            return super().__reduce_ex__(protocol)
        own_name = self.__dict__.get("name")
        return cgt.games.by_name, (family, tuple(self.params())), None if own_name is None else {"name": own_name}

    def __getstate__(self):
        """Pickle without the memo tables (a ruleset is its parameters; a worker process builds its own)."""
        state = dict(self.__dict__)
        state.pop("_tables", None)
        state.pop("_searches", None)
        return state

    # -- variants (cgt.games.engine.variants) -----------------------------------------------------------------
    @property
    def impartial_variant(self) -> "Ruleset":
        """Either player may make any Left or Right move (CGSuite ``ImpartialVariant``)."""
        from cgt.games.engine.variants import variant_of

        return variant_of(self, "impartial")

    @property
    def dicotic_variant(self) -> "Ruleset":
        """A player may move only if both players have a move (CGSuite ``DicoticVariant``)."""
        from cgt.games.engine.variants import variant_of

        return variant_of(self, "dicotic")

    @property
    def twisted_variant(self) -> "Ruleset":
        """Left and Right swap roles after each move (CGSuite ``TwistedVariant``)."""
        from cgt.games.engine.variants import variant_of

        return variant_of(self, "twisted")

    # -- positions ---------------------------------------------------------------------------------------
    def position(self, pos) -> "Position":
        """The bound :class:`Position` of an already validated position."""
        return Position(self, pos)

    def move(self, pos, label=None, player=None) -> "Move":
        """The :class:`Move` named ``label`` by which ``player`` (a :class:`cgt.Player`, ``"Left"``/``"Right"``
        or None) reaches the already validated position ``pos``."""
        return Move(self, pos, label, None if player is None else Player.parse(player))

    def __call__(self, *args) -> "Position":
        """``ruleset(pos)`` (or ``ruleset("text")``): the bound, validated :class:`Position`."""
        args = plain_integers(args)
        if len(args) == 1:
            arg = args[0]
            pos = self.parse(arg) if isinstance(arg, str) else self.normalize(arg)
        else:
            pos = self.normalize(args)
        return Position(self, pos)

    def __repr__(self) -> str:
        if self.name is not None:
            return self.name
        return f"{type(self).__name__}({', '.join(repr(p) for p in self.params())})"

    def __eq__(self, other):
        if not isinstance(other, Ruleset):
            return NotImplemented
        return self is other or (type(self) is type(other) and self.params() == other.params())

    def __hash__(self):
        return hash((type(self).__name__, repr(self.params())))


class PartizanJoinRuleset(Ruleset):
    """Base of rulesets where Left moves by one impartial ruleset and Right by another (CGSuite's
    ``PartizanHeapRuleset``, ``PartizanCoordinateRuleset``): both play on positions of the same kind,
    :attr:`position_kind` (a ruleset class whose ``normalize``/``parse``/``format`` are used)."""

    abstract = True
    #: The ruleset class both sides belong to, and its name in error messages.
    position_kind: type = Ruleset
    position_kind_name = "ruleset"

    def __init__(self, left_ruleset, right_ruleset, name: str | None = None) -> None:
        for side, r in (("left_ruleset", left_ruleset), ("right_ruleset", right_ruleset)):
            if not isinstance(r, self.position_kind):
                raise InvalidPositionError(f"{type(self).__name__}: {side} {r!r} is not a {self.position_kind_name}")
        self.left_ruleset = left_ruleset
        self.right_ruleset = right_ruleset
        if name is not None:
            self.name = name

    def params(self) -> tuple:
        return (self.left_ruleset, self.right_ruleset)

    def normalize(self, pos):
        return self.position_kind.normalize(self, pos)

    def parse(self, text: str):
        return self.position_kind.parse(self, text)

    def format(self, pos) -> str:
        return self.position_kind.format(self, pos)


class ImpartialRuleset(Ruleset):
    """Base class of impartial rulesets: subclasses define ``options(pos)`` (or ``moves``)."""

    abstract = True
    impartial = True

    def options(self, pos, player: Player | None = None) -> list:
        """Positions reachable in one move (the same for both players; subclasses override)."""
        if type(self).moves is ImpartialRuleset.moves:
            raise NotApplicableError(f"{self!r} defines neither options nor moves")
        return [option for _, option in self.moves(pos, Left)]

    def moves(self, pos, player: Player = Left):
        """``(label, option)`` pairs (the same for both players)."""
        return [(None, option) for option in self.options(pos)]

    def left_options(self, pos):
        """Same as :meth:`options` (impartial)."""
        return self.options(pos)

    def right_options(self, pos):
        """Same as :meth:`options` (impartial)."""
        return self.options(pos)

    def grundy(self, pos) -> int:
        """The Grundy value (nim value) of ``pos`` (Sprague–Grundy; sums by XOR over components)."""
        return engine.grundy_value(self, pos)

    def value(self, pos):
        """The canonical value ``*grundy(pos)``."""
        from cgt import nimber

        return nimber(self.grundy(pos))

    def outcome(self, pos):
        """``P`` if the Grundy value is 0, else ``N``."""
        from cgt.impartial.grundy import outcome_of_grundy

        return outcome_of_grundy(self.grundy(pos))

    def winning_moves(self, pos, player=None) -> list:
        """``(label, option)`` for each move to Grundy value 0 (``player`` is ignored: impartial)."""
        return [(label, o) for label, o in self.moves(pos) if self.grundy(o) == 0]

    # -- misère play -------------------------------------------------------------------------------------
    def misere_grundy(self, pos) -> int:
        """The misère Grundy value of ``pos`` (1 at terminal positions; see :mod:`cgt.misere.play`)."""
        from cgt.misere.play import misere_grundy

        key = self.normal_form
        return misere_grundy(key(pos)[0], lambda p: [key(o)[0] for o in self.options(p)], self.table("misere"))

    def misere_outcome(self, pos):
        """The misère outcome class (``N`` or ``P``) of ``pos``, by search."""
        from cgt.impartial.grundy import outcome_of_grundy

        return outcome_of_grundy(self.misere_grundy(pos))

    def misere_winning_moves(self, pos) -> list:
        """``(label, option)`` for each move that wins in misère play (misère Grundy value 0)."""
        return [(label, o) for label, o in self.moves(pos) if self.misere_grundy(o) == 0]

    def genus(self, pos, terms: int = 6):
        """Conway's genus ``(g, (g0, g1, ...))`` of ``pos``; see :func:`cgt.misere.play.genus`."""
        from cgt.misere.play import genus

        key = self.normal_form
        return genus(key(pos)[0], lambda p: [key(o)[0] for o in self.options(p)], terms)


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

    def __reduce__(self):
        """Pickle as ``ruleset.position(position)``: through the ruleset's public names (see
        :meth:`Ruleset.__reduce_ex__`), no module path recorded."""
        return self.ruleset.position, (self.position,)

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

    def _moves(self, pairs, player) -> list["Move"]:
        return [Move(self.ruleset, p, label, player) for label, p in pairs]

    @property
    def value(self):
        """The canonical value (a :class:`cgt.Game`)."""
        with self.ruleset.search():
            return self.ruleset.value(self.position)

    canonical_form = value

    @property
    def game_value(self):
        """The value: loopy (a ``cgt.loopy`` value) for loopy rulesets, else the canonical value."""
        with self.ruleset.search():
            return self.ruleset.game_value(self.position)

    @property
    def outcome(self):
        """The outcome class (:class:`cgt.Outcome`)."""
        with self.ruleset.search():
            return self.ruleset.outcome(self.position)

    @property
    def grundy(self) -> int:
        """The Grundy value (impartial rulesets only)."""
        return self._impartial("is not impartial: it has no Grundy value").grundy(self.position)

    nim_value = grundy

    @property
    def options(self) -> list["Position"]:
        """All options: Left's then Right's (for an impartial ruleset, its options)."""
        return self._wrap(self.ruleset.options(self.position))

    def options_for(self, player) -> list["Position"]:
        """The options of ``player`` (``Player.Left``/``Player.Right`` or ``"L"``/``"R"``)."""
        if self.impartial:
            Player.parse(player)
            return self._wrap(self.ruleset.options(self.position))
        return self._wrap(self.ruleset.options(self.position, Player.parse(player)))

    def moves(self, player=None) -> list["Move"]:
        """``player``'s moves as :class:`Move` objects (labelled where the game names its moves).

        With no player: an impartial position's moves, or Left's then Right's.
        """
        if player is None:
            if self.impartial:
                return self._moves(self.ruleset.moves(self.position, Left), None)
            return self.moves(Left) + self.moves(Right)
        side = Player.parse(player)
        return self._moves(self.ruleset.moves(self.position, side), side)

    @property
    def left_options(self) -> list["Position"]:
        """Left's options."""
        return self._wrap(self.ruleset.left_options(self.position))

    @property
    def right_options(self) -> list["Position"]:
        """Right's options."""
        return self._wrap(self.ruleset.right_options(self.position))

    @property
    def decomposition(self) -> list["Position"]:
        """The independent components whose disjunctive sum this position is."""
        return self._wrap(self.ruleset.components(self.position))

    def followers(self, limit: int = 1_000_000) -> list["Position"]:
        """Every position reachable from this one, itself included."""
        return self._wrap(self.ruleset.followers(self.position, limit))

    @property
    def winning_moves(self) -> list["Move"]:
        """Impartial: the moves to Grundy value 0.  Partizan: use ``left_/right_winning_moves``."""
        ruleset = self._impartial("is partizan: use left_winning_moves / right_winning_moves")
        return self._moves(ruleset.winning_moves(self.position), None)

    def winning_moves_for(self, player) -> list["Move"]:
        """The moves of ``player`` that win when ``player`` moves first."""
        side = Player.parse(player)
        return self._moves(self.ruleset.winning_moves(self.position, side), side)

    @property
    def left_winning_moves(self) -> list["Move"]:
        """Left's winning moves (Left moving first)."""
        return self.winning_moves_for(Left)

    @property
    def right_winning_moves(self) -> list["Move"]:
        """Right's winning moves (Right moving first)."""
        return self.winning_moves_for(Right)

    @property
    def misere_outcome(self):
        """The misère outcome class (impartial rulesets only)."""
        return self._impartial("is not impartial").misere_outcome(self.position)

    @property
    def misere_winning_moves(self) -> list["Move"]:
        """The moves that win in misère play (impartial rulesets only)."""
        return self._moves(self._impartial("is not impartial").misere_winning_moves(self.position), None)

    @property
    def misere_grundy(self) -> int:
        """The misère Grundy value (impartial rulesets only)."""
        return self._impartial("is not impartial").misere_grundy(self.position)

    misere_nim_value = misere_grundy

    @property
    def misere_canonical_form(self):
        """The misère canonical form (a :class:`cgt.MisereGame`; impartial rulesets only), over the ruleset's
        normal-form keys and components, memoised in the ruleset's ``misere_form`` table.  Having it, a
        position is accepted by every function of :mod:`cgt.misere`.

        >>> from cgt.games import Kayles
        >>> str(Kayles(5).misere_canonical_form), str(Kayles(7).genus)
        ('*[(32)321]', '2^2')
        """
        from cgt.misere.game import misere_canonical_form_of

        ruleset = self._impartial("is not impartial: misère canonical forms are for impartial games")
        key = lambda q: ruleset.normal_form(q)[0]          # noqa: E731
        with ruleset.search():
            return misere_canonical_form_of(
                key(self.position),
                lambda q: [key(o) for o in ruleset.options(q)],
                lambda q: [key(c) for c in ruleset.components(q)],
                ruleset.table("misere_form"),
            )

    @property
    def genus(self):
        """Conway's genus (a :class:`cgt.Genus`), that of the misère canonical form (impartial rulesets only)."""
        return self.misere_canonical_form.genus

    @property
    def impartial_variant(self) -> "Position":
        """This position in the ruleset's impartial variant (see :mod:`cgt.games.engine.variants`)."""
        from cgt.games.engine.variants import variant_position

        return variant_position(self, "impartial")

    @property
    def dicotic_variant(self) -> "Position":
        """This position in the ruleset's dicotic variant."""
        from cgt.games.engine.variants import variant_position

        return variant_position(self, "dicotic")

    @property
    def twisted_variant(self) -> "Position":
        """This position in the ruleset's twisted variant."""
        from cgt.games.engine.variants import variant_position

        return variant_position(self, "twisted")

    def __str__(self) -> str:
        return self.ruleset.format(self.position)

    def __repr__(self) -> str:
        return f"{self.ruleset!r}({self.ruleset.format(self.position)!r})"

    def _repr_latex_(self) -> str:
        """Jupyter display: the ruleset's name and the position in typewriter type.

        >>> class Take(ImpartialRuleset):
        ...     def options(self, n):
        ...         return [n - k for k in (1, 2) if k <= n]
        >>> Take()(7)._repr_latex_()
        '$\\\\texttt{Take()}(\\\\texttt{7})$'
        """
        from cgt.notation.latex import latex_verbatim

        return f"${latex_verbatim(repr(self.ruleset))}({latex_verbatim(self.ruleset.format(self.position))})$"

    def __eq__(self, other):
        if not isinstance(other, Position):
            return NotImplemented
        return self.ruleset == other.ruleset and self.position == other.position

    def __hash__(self):
        return hash((self.ruleset, self.position))

    # -- arithmetic: positions add to compound games; with values, a position stands for its value ----------
    def __add__(self, other):
        """``Kayles(3) + Kayles(4)``: the disjunctive sum, a compound game keeping its components
        (:class:`cgt.games.engine.sums.DisjunctiveSum`; misère games may be components too).  With a
        canonical value (a :class:`cgt.Game` or a number) the sum is of values.

        >>> class Take(ImpartialRuleset):
        ...     def options(self, n):
        ...         return [n - k for k in (1, 2) if k <= n]
        >>> s = Take()(1) + Take()(2)
        >>> str(s.value), str(s.misere_outcome), str(Take()(2) + 1), str(Take()(2) - 1), str(-Take()(1))
        ('*3', 'N', '1*2', '-1*2', '*')
        """
        from cgt.games.engine.sums import add_summand

        return add_summand(self, other)

    def __radd__(self, other):
        from cgt.games.engine.sums import add_summand

        return add_summand(self, other, summand_first=False)

    def __sub__(self, other):
        return self.value - _value_of(other)

    def __rsub__(self, other):
        return _value_of(other) - self.value

    def __neg__(self):
        return -self.value


def _value_of(operand):
    """The value of a position or a sum of positions; any other operand unchanged (the game arithmetic then
    validates it)."""
    from cgt.games.engine.sums import DisjunctiveSum

    return operand.value if isinstance(operand, (Position, DisjunctiveSum)) else operand


class Move(Position):
    """A move: the position it leads to, with the move's name (``label``) and who made it (``player``).

    A move is the position it reaches (``move.value``, ``move.grundy`` …); it prints as
    ``label -> position`` when the game names its moves, else as the position.

    >>> class Divide(ImpartialRuleset):
    ...     def moves(self, n, player=None):
    ...         return [(f"/{d}", n // d) for d in (2, 3) if n >= d]
    ...     def options(self, n):
    ...         return [o for _, o in self.moves(n)]
    >>> [str(m) for m in Divide()(7).moves()]
    ['/2 -> 3', '/3 -> 2']
    """

    __slots__ = ("label", "player")

    def __init__(self, ruleset: Ruleset, position, label=None, player: Player | None = None) -> None:
        super().__init__(ruleset, position)
        self.label = label
        self.player = player

    def __reduce__(self):
        """Pickle as ``ruleset.move(position, label, player name)`` (see :meth:`Position.__reduce__`)."""
        return self.ruleset.move, (self.position, self.label, None if self.player is None else self.player.name)

    @property
    def target(self) -> Position:
        """The position the move leads to."""
        return Position(self.ruleset, self.position)

    def __str__(self) -> str:
        text = self.ruleset.format(self.position)
        return text if self.label is None else f"{self.label} -> {text}"

    def __repr__(self) -> str:
        return f"Move({self.label!r}, {super().__repr__()})"

    def __eq__(self, other):
        if isinstance(other, Move):
            return super().__eq__(other) and self.label == other.label and self.player == other.player
        return super().__eq__(other)

    def __hash__(self):
        return super().__hash__()
