"""Impartial games under misère play, kept in Conway's misère canonical form.

In misère play the player who cannot move *wins*.  Two impartial games ``G`` and ``H`` are *equal* (misère
indistinguishable) when ``G + X`` and ``H + X`` have the same misère outcome for every impartial ``X``.
Every game has a unique simplest form (Conway, *On Numbers and Games*, ch. 12; Siegel, *Combinatorial Game
Theory*, ch. V.1), so a :class:`MisereGame` is interned: equal games are the same object.

The kernel rests on three theorems, all in Conway ONAG ch. 12 (Siegel CGT §V.1); write ``o(X)`` for the
misère outcome, ``G'`` for options and ``G''`` for options of options:

* *linking* -- ``G`` and ``H`` are *linked* when some ``T`` makes ``G + T`` and ``H + T`` both P-positions.
  ``G`` is linked to ``H`` iff ``G`` equals no ``H'`` and no ``G'`` equals ``H``;
* *equality* -- ``G = H`` iff ``G`` is linked to no ``H'``, no ``G'`` is linked to ``H``, and
  ``o(G) = o(H)`` (the last condition only matters when one of them has no options);
* *simplification* -- an option ``G'`` is *reversible* when some ``G''`` equals ``G`` itself.  If the
  options of ``G`` are canonical then either some ``G''`` equals ``G`` -- and then that ``G''``, already
  canonical, *is* the canonical form of ``G`` -- or ``G`` is canonical.  This is how reversibility works
  in misère play: it never "bypasses" to other options, it collapses the whole game, which keeps the
  subtle cases right: ``{*}`` collapses to ``0`` (its grandchild ``0`` equals it), while ``{0}`` = ``*``
  and ``{0, *}`` = ``*2`` are canonical.

``str`` is CGSuite's ``*[…]`` notation (see :mod:`cgt.misere.notation`).

>>> from cgt.misere.game import misere_game, misere_nim
>>> a = misere_game([misere_nim(1)])      # {*}: equal to 0 in misère play
>>> a is misere_nim(0), str(a)
(True, '*[0]')
>>> h = misere_nim(2)
>>> str(h + h), (h + h) == misere_nim(0), str((h + h).misere_outcome)   # *2+*2 = {*3, *2}
('*[32]', False, 'P')
>>> misere_nim(1) + misere_nim(1) is misere_nim(0)      # * + * = 0 in misère play
True
"""

from __future__ import annotations

import itertools
import weakref
from typing import Iterable

from cgt.runtime.caches import BoundedCache
from cgt.runtime.walk import postorder
from cgt.errors import InvalidGameError, NotApplicableError, TooLargeError
from cgt.runtime.arguments import callable_argument, collection_argument
from cgt.runtime.interrupt import check_interrupt
from cgt.kernel.game import register_cache
from cgt.impartial.grundy import mex

__all__ = ["MisereGame", "misere_game", "misere_entry", "misere_nim", "born_by_misere", "count_born_by_misere",
           "misere_canonical_form", "misere_canonical_form_of", "misere_sum", "partizan_misere_outcome"]


class MisereGame:
    """An impartial game in misère canonical form (build with :func:`misere_game` or :func:`misere_nim`).

    Interned: equal games are the same object, so ``==`` is identity and ``hash`` is O(1).  The fields the
    misère algebra (:mod:`cgt.misere.algebra`), the printer and the genus read are public slots, set once when
    the game is interned: :attr:`id`, :attr:`options_by_id`, :attr:`birthday` (0 without options, else one
    more than the largest option's) and :attr:`is_p_position`.

    >>> from cgt.misere.game import misere_game, misere_nim
    >>> g = misere_nim(3)
    >>> g.birthday, g.nim_value, g.misere_nim_value, str(g.genus)
    (3, 3, 3, '3')
    >>> misere_game([2]).birthday, misere_game([[2]]).birthday     # {*2}, {{*2}}
    (3, 4)
    >>> [str(o) for o in g.options_by_id], g.is_p_position, misere_nim(0).id
    (['*[0]', '*[1]', '*[2]'], False, 0)
    """

    __slots__ = {
        "id": "The interning number: games are numbered in the order they are first built (0 is the game 0).",
        "options_by_id": "The options, ordered by :attr:`id` (the algebra's order; :attr:`options` prints).",
        "birthday": "The birthday: 0 without options, else one more than the largest option's.",
        "is_p_position": "Whether the misère outcome is P (what :attr:`misere_outcome` names).",
        "_key": None, "_nim": None, "_mnim": None, "_heap": None, "_name": None, "_genus": None,
        "_phylum": None, "__weakref__": None,
    }

    def __new__(cls, *args, **kwargs):
        raise TypeError("MisereGame values are built with cgt.misere_game(options) or cgt.misere_nim(n)")

    # ------------------------------------------------------------------ basic members
    @property
    def options(self) -> tuple["MisereGame", ...]:
        """The options of the canonical form, in print order (larger birthdays first).

        >>> from cgt.misere.game import misere_nim
        >>> [str(o) for o in misere_nim(3).options]
        ['*[2]', '*[1]', '*[0]']
        """
        return tuple(sorted(self.options_by_id, key=print_key, reverse=True))

    @property
    def misere_outcome(self):
        """``P`` or ``N``: the outcome when the player who cannot move wins.

        >>> from cgt.misere.game import misere_nim
        >>> [str(misere_nim(n).misere_outcome) for n in range(3)]
        ['N', 'P', 'N']
        """
        from cgt.kernel.outcome import Outcome

        return Outcome.P if self.is_p_position else Outcome.N

    @property
    def nim_value(self) -> int:
        """The normal-play Grundy value (the ``g`` of the genus).

        >>> from cgt.misere.game import misere_nim
        >>> (misere_nim(2) + misere_nim(3)).nim_value
        1
        """
        return self._nim

    @property
    def misere_nim_value(self) -> int:
        """The misère Grundy value: 1 without options, else the mex of the options' values.

        >>> from cgt.misere.game import misere_nim
        >>> [misere_nim(n).misere_nim_value for n in range(4)]
        [1, 0, 2, 3]
        """
        return self._mnim

    @property
    def is_nim_heap(self) -> bool:
        """True for the nim heaps ``*n`` (whose options are exactly ``*0 … *(n-1)``).

        >>> from cgt.misere.game import misere_nim
        >>> misere_nim(4).is_nim_heap, (misere_nim(2) + misere_nim(2)).is_nim_heap
        (True, False)
        """
        return self._heap >= 0

    @property
    def heap_size(self) -> int | None:
        """``n`` when the game is the nim heap ``*n``, else None.

        >>> from cgt.misere.game import misere_nim
        >>> misere_nim(5).heap_size, (misere_nim(1) + misere_nim(2)).heap_size   # * + *2 = {*, 0, *2}
        (5, 3)
        """
        return self._heap if self._heap >= 0 else None

    @property
    def genus(self):
        """Conway's genus ``g^(γ0 γ1 …)`` as a :class:`cgt.misere.genus.Genus` (ONAG ch. 12; Winning Ways ch. 13).

        >>> from cgt.misere.game import misere_nim
        >>> h = misere_nim(2)
        >>> str((h + h).genus), str(misere_nim(2).genus), misere_nim(2).genus.gammas
        ('0^0', '2', (2, 0))
        """
        if self._genus is None:
            from cgt.misere.genus import genus_of

            return genus_of(self)
        return self._genus

    # ------------------------------------------------------------------ arithmetic
    def __add__(self, other):
        """G + H: misère (disjunctive) sum."""
        if not isinstance(other, MisereGame):
            if isinstance(other, int) and not isinstance(other, bool) and other == 0:
                return self
            return NotImplemented
        return misere_sum(self, other)

    __radd__ = __add__

    def __eq__(self, other):
        """G == H: misère equality (identity, since values are interned)."""
        return self is other

    def __ne__(self, other):
        return self is not other

    def __hash__(self):
        return hash(("MisereGame", self.id))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        """A pickle is a call of the public reader ``cgt.parse_misere`` of the printed form, so moving modules
        never breaks it."""
        from cgt.misere.notation import format_misere, parse_misere

        return (parse_misere, (format_misere(self, None),))

    def __str__(self) -> str:
        from cgt.misere.notation import format_misere

        return format_misere(self)

    def _repr_latex_(self) -> str:
        """Jupyter display: the printed form typeset (``$\\ast[42]$``)."""
        from cgt.notation.latex import latex_misere

        return f"${latex_misere(str(self))}$"

    def __repr__(self) -> str:
        """``parse_misere('*[…]')``, or a short description when the text is too long to print.

        >>> from cgt.misere.game import misere_game, misere_nim
        >>> x = misere_game([[2], 1]) + misere_game([[3], 2]) + misere_game([[2], 3, 0])
        >>> repr(misere_nim(2)), repr(x + x)
        ("parse_misere('*[2]')", '<misère game of birthday 24, too large to print>')
        """
        try:
            return f"parse_misere({str(self)!r})"
        except TooLargeError:
            return f"<misère game of birthday {self.birthday}, too large to print>"

    # ------------------------------------------------------------------ delegated members
    @property
    def mate(self) -> "MisereGame":
        """Conway's mate ``G⁻``: ``0⁻ = *`` and otherwise ``{G'⁻}``; ``G + G⁻`` is always a P-position.

        >>> from cgt.misere.game import misere_nim
        >>> str(misere_nim(0).mate), str(misere_nim(1).mate), str(misere_nim(3).mate)
        ('*[1]', '*[0]', '*[3]')
        """
        from cgt.misere.algebra import mate

        return mate(self)

    def is_linked_to(self, other: "MisereGame") -> bool:
        """True when some ``T`` makes ``G + T`` and ``H + T`` both misère P-positions (ONAG ch. 12).

        >>> from cgt.misere.game import misere_nim
        >>> misere_nim(0).is_linked_to(misere_nim(0)), misere_nim(2).is_linked_to(misere_nim(1))
        (True, False)
        >>> h = misere_nim(2)
        >>> (h + h).is_linked_to(misere_nim(0)), (h + h).is_linked_to(misere_nim(3))
        (True, False)
        """
        return options_linked(self.options_by_id, other)

    def link(self, other: "MisereGame") -> "MisereGame":
        """A game ``T`` with ``G + T`` and ``H + T`` both P-positions (error if they are not linked).

        >>> from cgt.misere.game import misere_nim
        >>> h = misere_nim(2)
        >>> t = (h + h).link(misere_nim(0))
        >>> str(t), str((h + h + t).misere_outcome), str(t.misere_outcome)
        ('*[32]', 'P', 'P')
        """
        from cgt.misere.algebra import link

        return link(self, other)

    def distinguisher(self, other: "MisereGame") -> "MisereGame":
        """A game ``X`` with ``G + X`` and ``H + X`` of different misère outcomes (error if ``G == H``).

        >>> from cgt.misere.game import misere_nim
        >>> h = misere_nim(2)
        >>> x = (h + h).distinguisher(misere_nim(0))
        >>> str(x), str((h + h + x).misere_outcome), str(x.misere_outcome)
        ('*[0]', 'P', 'N')
        """
        from cgt.misere.algebra import distinguisher

        return distinguisher(self, other)

    def misere_minus(self, other: "MisereGame") -> "MisereGame":
        """The game ``X`` with ``X + H = G`` (misère games cancel, so it is unique); error if none exists.

        >>> from cgt.misere.game import misere_nim
        >>> g = misere_nim(2) + misere_nim(3)
        >>> g.misere_minus(misere_nim(3)) is misere_nim(2)
        True
        """
        from cgt.misere.algebra import misere_minus

        return misere_minus(self, other)

    @property
    def parts(self) -> tuple["MisereGame", ...]:
        """The *parts* of ``G``: the games ``H`` with ``G = H + X`` for some ``X`` (ONAG ch. 12).

        >>> from cgt.misere.game import misere_nim
        >>> [str(p) for p in (misere_nim(2) + misere_nim(2)).parts]
        ['*[0]', '*[1]', '*[2]', '*[3]', '*[32]', '*[2[3]]']
        """
        from cgt.misere.algebra import parts

        return parts(self)

    @property
    def partitions(self) -> tuple[tuple["MisereGame", ...], ...]:
        """The ways of writing ``G`` as a sum of primes (see :attr:`is_prime`), each as a sorted tuple.

        >>> from cgt.misere.game import misere_nim
        >>> [[str(p) for p in ps] for ps in (misere_nim(2) + misere_nim(3)).partitions]   # *2+*2+*
        [['*[2]', '*[2]', '*[1]']]
        """
        from cgt.misere.algebra import partitions

        return partitions(self)

    @property
    def is_prime(self) -> bool:
        """True when ``G`` is neither 0 nor ``*`` and its only parts are ``0``, ``*``, ``G`` and ``G + *``.

        >>> from cgt.misere.game import misere_nim
        >>> misere_nim(2).is_prime, (misere_nim(2) + misere_nim(2)).is_prime, misere_nim(1).is_prime
        (True, False, False)
        """
        from cgt.misere.algebra import is_prime

        return is_prime(self)

    # ------------------------------------------------------------------ Conway's classes (cgt.misere.phylum)
    @property
    def phylum(self):
        """The :class:`cgt.misere.phylum.Phylum` of the game: its place among tame, restive, restless and wild.

        >>> from cgt.misere.game import misere_game, misere_nim
        >>> str(misere_nim(3).phylum), str((misere_nim(2) + misere_nim(2)).phylum), str(misere_game([[2], 1]).phylum)
        ('NIMHEAP', 'HEREDITARILY_TAME', 'RESTLESS')
        """
        if self._phylum is None:
            from cgt.misere.phylum import phylum_of

            return phylum_of(self)
        return self._phylum

    @property
    def is_tame(self) -> bool:
        """True when every follower has a tame genus type (``g⁺ = g⁻``, or both 0 or 1): the game plays like a
        misère Nim position (Winning Ways ch. 13).

        >>> from cgt.misere.game import misere_game, misere_nim
        >>> (misere_nim(2) + misere_nim(3)).is_tame, misere_game([[2], 1]).is_tame
        (True, False)
        """
        from cgt.misere.phylum import is_tame

        return is_tame(self)

    @property
    def is_generally_tame(self) -> bool:
        """True when tame once reversible options are bypassed (``REVERSIBLY_TAME`` or better).

        >>> from cgt.misere.game import misere_nim
        >>> misere_nim(5).is_generally_tame
        True
        """
        from cgt.misere.phylum import is_generally_tame

        return is_generally_tame(self)

    @property
    def is_tameable(self) -> bool:
        """True when generally tame, or ``TAMEABLE``.

        >>> from cgt.misere.game import misere_game
        >>> misere_game([[2], 1]).is_tameable
        False
        """
        from cgt.misere.phylum import is_tameable

        return is_tameable(self)

    @property
    def is_restive(self) -> bool:
        """True for a restive genus type (``g⁺ <= 1 < g⁻``) with every option tame.

        >>> from cgt.misere.game import misere_game, misere_nim
        >>> misere_game([1, misere_game([2]) + misere_nim(1)]).is_restive      # {*, {*2} + *}
        True
        """
        from cgt.misere.phylum import is_restive

        return is_restive(self)

    @property
    def is_generally_restive(self) -> bool:
        """True when restive, or ``REVERSIBLY_RESTIVE``.

        >>> from cgt.misere.game import misere_nim
        >>> misere_nim(2).is_generally_restive
        False
        """
        from cgt.misere.phylum import is_generally_restive

        return is_generally_restive(self)

    @property
    def is_restless(self) -> bool:
        """True for a restless genus type (``g⁻ <= 1 < g⁺``) with every option at worst reversibly tame.

        >>> from cgt.misere.game import misere_game, misere_nim
        >>> misere_game([0, misere_game([2]) + misere_nim(1)]).is_restless      # {0, {*2} + *}
        True
        """
        from cgt.misere.phylum import is_restless

        return is_restless(self)

    @property
    def is_half_tame(self) -> bool:
        """True when not generally tame, while ``G + G`` is generally tame of genus ``0^0``.

        >>> from cgt.misere.game import misere_nim
        >>> misere_nim(3).is_half_tame
        False
        """
        from cgt.misere.phylum import is_half_tame

        return is_half_tame(self)

    @property
    def is_extraverted(self) -> bool:
        """True when ``G`` is a part of ``{G}``, the game whose only option is ``G``.

        >>> from cgt.misere.game import misere_nim
        >>> misere_nim(2).is_extraverted, misere_nim(4).is_extraverted     # *2 is not a part of *4
        (True, False)
        """
        from cgt.misere.phylum import is_extraverted

        return is_extraverted(self)

    @property
    def is_introverted(self) -> bool:
        """True when ``G`` is a part of each of its options (only 0 and ``*``).

        >>> from cgt.misere.game import misere_nim
        >>> misere_nim(1).is_introverted, misere_nim(2).is_introverted
        (True, False)
        """
        from cgt.misere.phylum import is_introverted

        return is_introverted(self)

    @property
    def is_even(self) -> bool:
        """True unless ``G + *`` is an option of ``G`` (then ``G`` is odd: ``H + *`` for an option ``H``, printed ``H[1]``).

        >>> from cgt.misere.game import misere_game, misere_nim
        >>> misere_nim(2).is_even, misere_nim(3).is_even, (misere_game([2]) + misere_nim(1)).is_even
        (True, False, False)
        """
        from cgt.misere.phylum import is_even

        return is_even(self)


def print_key(g: MisereGame) -> tuple:
    """The sort key of print order (options print larger keys first): birthday, then heap size, then id.

    >>> from cgt.misere.game import misere_nim
    >>> print_key(misere_nim(2))[:2], print_key(misere_nim(2) + misere_nim(2))[:2]
    ((2, 2), (4, -1))
    """
    return (g.birthday, g._heap, -g.id)


# ====================================================================== interning and the kernel

# A misère game lives while something refers to it (a variable, a live game's options, a bounded cache): the
# table holds it weakly.  Ids count up and are never reused, so keys of option ids never meet a new game.
_by_key: "weakref.WeakValueDictionary[frozenset, MisereGame]" = weakref.WeakValueDictionary()
_next_id = itertools.count()


def _intern(options: frozenset) -> MisereGame:
    """Intern the game whose options are the canonical ``options`` (assumed already irreducible)."""
    key = frozenset(o.id for o in options)
    g = _by_key.get(key)
    if g is not None:
        return g
    g = object.__new__(MisereGame)
    g.id = next(_next_id)
    g.options_by_id = tuple(sorted(options, key=lambda o: o.id))
    g._key = key
    g.birthday = 1 + max((o.birthday for o in options), default=-1)
    g.is_p_position = bool(options) and not any(o.is_p_position for o in options)
    g._nim = mex(o._nim for o in options)
    g._mnim = mex(o._mnim for o in options) if options else 1
    n = len(options)
    g._heap = n if all(o._heap >= 0 for o in options) and {o._heap for o in options} == set(range(n)) else -1
    g._name = None
    g._genus = None
    g._phylum = None
    _by_key[key] = g
    return g


ZERO = _intern(frozenset())


def _outcome_p(options) -> bool:
    """The misère outcome of a form from its options: P iff it has options and all of them are N."""
    return bool(options) and not any(o.is_p_position for o in options)


_eq_memo: dict = BoundedCache("misère equalities")


def _equal(options: frozenset, k: MisereGame) -> bool:
    """Whether the form ``G = {options}`` (canonical options) equals the canonical game ``k``.

    Conway's equality test (ONAG ch. 12; Siegel CGT Thm V.1.10 and the linking lemma): ``G = K`` iff
    ``o(G) = o(K)``, no ``G'`` is linked to ``K`` and ``G`` is linked to no ``K'``; for canonical forms
    ``A`` is linked to ``B`` iff ``A`` equals no ``B'`` and no ``A'`` equals ``B``.  Recursion only
    descends ``k``, so its depth is at most ``k``'s birthday.
    """
    memo_key = (frozenset(o.id for o in options), k.id)
    hit = _eq_memo.get(memo_key)
    if hit is not None:
        return hit
    result = _equal_uncached(options, k)
    _eq_memo.remember(memo_key, result)
    return result


def _equal_uncached(options: frozenset, k: MisereGame) -> bool:
    if _outcome_p(options) != k.is_p_position:
        return False
    k_opts = k.options_by_id
    k_set = set(k_opts)
    # No G' linked to K: each G' equals some K' (G' in K's options) or has an option equal to K.
    for a in options:
        if a not in k_set and k not in a.options_by_id:
            return False
    # G linked to no K': each K' is some G', or G equals some K''.
    for b in k_opts:
        if b in options:
            continue
        if not any(_equal(options, c) for c in b.options_by_id):
            return False
    return True


def options_linked(options, h: MisereGame) -> bool:
    """Whether the form with canonical ``options`` is linked to canonical ``h`` (Conway's linking lemma)."""
    for b in h.options_by_id:                                 # G = some H' ?
        if _equal(frozenset(options), b):
            return False
    for a in options:                                    # some G' = H ?
        if a is h:
            return False
    return True


def canonical_misere(options: Iterable[MisereGame]) -> MisereGame:
    """The canonical form of ``{options}`` (options already canonical): Conway's simplification theorem.

    If some ``G''`` (an option of an option) equals ``G``, the canonical ``G''`` is the answer; otherwise
    the form is canonical (ONAG ch. 12, "the simplest form"; Siegel CGT Thm V.1.12).
    """
    opts = frozenset(options)
    key = frozenset(o.id for o in opts)
    g = _by_key.get(key)
    if g is not None:
        return g
    seen = set()
    for a in opts:
        for c in a.options_by_id:
            if c.id in seen:
                continue
            seen.add(c.id)
            if _equal(opts, c):
                return c
    return _intern(opts)


# ====================================================================== constructors

def misere_game(options: Iterable = ()) -> MisereGame:
    """The misère game with the given options, in canonical form.

    An option may be a :class:`MisereGame`, an ``int`` ``n`` (the nim heap ``*n``), a list of options (the
    game with those options) or anything with a misère canonical form (see :func:`misere_canonical_form`).
    Unlike CGSuite's ``*[…]`` (:func:`misere_entry`), a list here always means "the game with these
    options": ``misere_game([2])`` is ``{*2}``, and ``misere_game([[2]])`` is ``{{*2}}``.

    >>> str(misere_game([4, 2])), str(misere_game([[4, 2], 4, 3, 1])), str(misere_game([[2]]))
    ('*[42]', '*[(42)431]', '*[2##]')
    >>> misere_game([0, 1]) is misere_nim(2)
    True
    """
    return canonical_misere(_as_option(o) for o in collection_argument(options, "misere_game(): options"))


def misere_entry(*entries) -> MisereGame:
    """CGSuite's entry notation ``*[…]``: ``misere_entry(a, b, …)`` is ``*[a,b,…]``.

    A single entry is a game: an ``int`` ``n`` is the nim heap ``*n``, a list the game with those options,
    a :class:`MisereGame` itself.  Two or more entries (or none) are the options of the game: ``*[4,2]``
    is ``{*4, *2}``.  So an extra pair of brackets makes a single option: ``*[2]`` is ``*2`` and ``*[[2]]``
    is ``{*2}`` (CGSuite's documentation, tutorial "Misère Theory").

    >>> str(misere_entry(2)), str(misere_entry([2])), str(misere_entry(4, 2)), str(misere_entry([4, 2], 4, 3, 1))
    ('*[2]', '*[2#]', '*[42]', '*[(42)431]')
    >>> str(misere_entry([misere_entry(4) + misere_entry(2)])), misere_entry() is misere_entry(0)
    ('*[4[2#]]', True)
    """
    if len(entries) == 1:
        return _as_option(entries[0])
    return canonical_misere(_as_option(o) for o in entries)


def _as_option(x) -> MisereGame:
    if isinstance(x, MisereGame):
        return x
    if isinstance(x, int) and not isinstance(x, bool):
        return misere_nim(x)
    if isinstance(x, (list, tuple)):
        return misere_game(x)
    if _has_misere_form(x):
        return misere_canonical_form(x)
    raise InvalidGameError(f"a misère game option must be a MisereGame, an int or a list, got {x!r}")


def _has_misere_form(x) -> bool:
    """Whether ``x`` follows the misère protocol: a ``misere_canonical_form`` attribute (or method)."""
    return not isinstance(x, type) and getattr(type(x), "misere_canonical_form", None) is not None


_nims: list = [ZERO]
#: Largest misère nim heap built by misere_nim (the cost is quadratic in the heap size).
MAX_MISERE_NIM = 4096


def misere_nim(n: int) -> MisereGame:
    """The nim heap ``*n`` as a misère game (nim heaps are misère canonical).

    >>> str(misere_nim(2)), str(misere_nim(12)), misere_nim(3).birthday
    ('*[2]', '*[&12;]', 3)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidGameError(f"misere_nim() needs a non-negative int, got {n!r}")
    if n > MAX_MISERE_NIM:
        raise TooLargeError(f"misere_nim({n}): heaps above {MAX_MISERE_NIM} are refused (heap n has n options, "
                            f"so building it costs n^2: 4000 takes 20 s)")
    while len(_nims) <= n:
        if not len(_nims) & 255:
            check_interrupt()
        _nims.append(_intern(frozenset(_nims)))
    return _nims[n]


# ====================================================================== sums

_sum_memo: dict = BoundedCache("misère sums")


def misere_sum(g: MisereGame, h: MisereGame) -> MisereGame:
    """``G + H``: the canonical form of ``{G' + H, G + H'}`` (memoised on the pair; iterative walk).

    >>> str(misere_sum(misere_nim(2), misere_nim(1))), str(misere_sum(misere_game([2]), misere_nim(1)))
    ('*[3]', '*[2[#1]]')

    Either summand may also be anything :func:`misere_canonical_form` accepts.
    """
    if not isinstance(g, MisereGame):
        g = misere_canonical_form(g)
    if not isinstance(h, MisereGame):
        h = misere_canonical_form(h)
    if g is ZERO:
        return h
    if h is ZERO:
        return g
    root = (g, h) if g.id <= h.id else (h, g)
    hit = _sum_memo.get(root)
    if hit is not None:
        return hit

    def expand(pair):
        a, b = pair
        if a is ZERO or b is ZERO:
            return (b if a is ZERO else a), ()
        children = [(x, b) if x.id <= b.id else (b, x) for x in a.options_by_id]
        children += [(a, y) if a.id <= y.id else (y, a) for y in b.options_by_id]
        return None, children

    def combine(done, values):
        return done if done is not None else canonical_misere(values)

    return postorder(root, expand, combine, _sum_memo)


# ====================================================================== other games

def misere_canonical_form(g) -> MisereGame:
    """The misère canonical form of an impartial game.

    Accepts a :class:`MisereGame` (returned as it is), an impartial :class:`cgt.Game` (a normal-play
    canonical form, so a nimber ``*n``, whose misère form is the nim heap ``*n``), or any object with a
    ``misere_canonical_form`` attribute or method giving a :class:`MisereGame` -- the protocol by which
    ruleset positions and their sums (:mod:`cgt.games`) take part in every function of :mod:`cgt.misere`.
    For a position given by a move function use :func:`misere_canonical_form_of`.

    >>> from cgt import nimber
    >>> str(misere_canonical_form(nimber(3)))
    '*[3]'
    >>> class Pair:                       # anything with a misère canonical form
    ...     misere_canonical_form = misere_nim(2) + misere_nim(2)
    >>> str(misere_canonical_form(Pair()))
    '*[32]'
    """
    from cgt.kernel.game import Game, lefts_of

    if isinstance(g, MisereGame):
        return g
    if _has_misere_form(g):
        form = g.misere_canonical_form
        if callable(form) and not isinstance(form, MisereGame):
            form = form()
        if not isinstance(form, MisereGame):
            raise InvalidGameError(f"misere_canonical_form of {g!r} is not a misère game: {form!r}")
        return form
    if not isinstance(g, Game):
        raise InvalidGameError(f"misere_canonical_form() needs an impartial game, got {g!r}")
    if not g.is_impartial:
        raise NotApplicableError(f"{g} is not impartial: misère canonical forms are for impartial games")
    if g.is_nimber:
        return misere_nim(g.nim_value)
    return misere_canonical_form_of(g, lefts_of)        # pragma: no cover - canonical impartial = nimber


def misere_canonical_form_of(position, options, components=None, cache: dict | None = None) -> MisereGame:
    """The misère canonical form of an impartial position given by ``options(position)``.

    ``components(position)``, when given, splits a position into independent parts (returning the
    position itself, alone, when it does not split); their forms are added.  Iterative and memoised in
    ``cache``.

    >>> kayles = lambda n: sorted({tuple(sorted(p for p in (a, n - k - a) if p))
    ...                            for k in (1, 2) for a in range(n - k + 1)})
    >>> def options(heaps):                          # a position is a sorted tuple of heap sizes
    ...     return [tuple(sorted(heaps[:i] + o + heaps[i + 1:]))
    ...             for i, h in enumerate(heaps) for o in kayles(h)]
    >>> str(misere_canonical_form_of((3,), options)), str(misere_canonical_form_of((2, 2), options))
    ('*[3]', '*[32]')
    >>> split = lambda heaps: [(h,) for h in heaps] if len(heaps) > 1 else [heaps]
    >>> [str(misere_canonical_form_of((n,), options, split)) for n in (4, 5)]
    ['*[1]', '*[(32)321]']
    """
    callable_argument(options, "misere_canonical_form_of(): options")
    if components is not None:
        callable_argument(components, "misere_canonical_form_of(): components")
    memo = {} if cache is None else cache

    def expand(pos):
        if components is not None:
            parts = list(components(pos))
            if len(parts) != 1 or parts[0] != pos:
                return "sum", parts
        return "options", list(options(pos))

    def combine(how, values):
        if how == "sum":
            total = ZERO
            for v in values:
                total = misere_sum(total, v)
            return total
        return canonical_misere(values)

    return postorder(position, expand, combine, memo)


# ====================================================================== games born by day n

_days: list = [[ZERO]]


def born_by_misere(n: int) -> list[MisereGame]:
    """The misère games born by day ``n`` (CGSuite ``DayN``), sorted by birthday then print order.

    Conway's counts are 1, 2, 3, 5, 22 for days 0–4 (ONAG ch. 12); day 5 has 4171780 games, too many to
    list (:func:`count_born_by_misere` counts them).

    >>> [len(born_by_misere(n)) for n in range(5)]
    [1, 2, 3, 5, 22]
    >>> [str(g) for g in born_by_misere(3)]
    ['*[0]', '*[1]', '*[2]', '*[3]', '*[2#]']
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidGameError(f"born_by_misere() needs a non-negative int, got {n!r}")
    if n > 4:
        raise TooLargeError(f"born_by_misere({n}): day 5 alone has 4171780 games; "
                            "use count_born_by_misere to count them")
    while len(_days) <= n:
        prev = _days[-1]
        found = {}
        for mask in range(1 << len(prev)):
            g = canonical_misere(p for i, p in enumerate(prev) if mask >> i & 1)
            found[g.id] = g
        _days.append(sorted(found.values(), key=lambda g: (g.birthday, g._heap < 0, print_key(g))))
    return list(_days[n])


def count_born_by_misere(n: int) -> int:
    """The number of misère games born by day ``n``, by a counting argument for ``n <= 5``.

    Every game born by day ``n`` is ``{S}`` for a set ``S`` of games born by day ``n-1``; ``{S}`` is
    canonical unless it equals an option ``K`` of one of its options (a game born by day ``n-2``), and a
    canonical ``{S}`` is distinct for distinct ``S``.  So the count is ``2^|D(n-1)|`` minus, for each
    ``K``, the number of non-canonical ``S`` with ``{S} = K``.  By the equality theorem such an ``S`` only
    contains games ``s`` not linked to ``K``, i.e. ``s`` an option of ``K`` or ``K`` an option of ``s``:
    few enough to try every subset.  Conway's counts (ONAG ch. 12): 1, 2, 3, 5, 22, 4171780.

    >>> [count_born_by_misere(n) for n in range(6)]
    [1, 2, 3, 5, 22, 4171780]
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise InvalidGameError(f"count_born_by_misere() needs a non-negative int, got {n!r}")
    if n <= 1:
        return n + 1
    if n > 5:
        raise TooLargeError(f"count_born_by_misere({n}): day 6 is beyond reach (2^4171780 sets)")
    prev = born_by_misere(n - 1)
    older = born_by_misere(n - 2)
    collapsing = 0
    for k in older:
        candidates = [s for s in prev if s in k.options_by_id or k in s.options_by_id]
        if len(candidates) > 24:
            raise TooLargeError(f"count_born_by_misere({n}): {len(candidates)} candidates for one game")
        for mask in range(1 << len(candidates)):
            subset = frozenset(c for i, c in enumerate(candidates) if mask >> i & 1)
            if subset != frozenset(k.options_by_id) and _equal(subset, k):
                collapsing += 1
    return (1 << len(prev)) - collapsing


def partizan_misere_outcome(g):
    """The misère outcome class of a short partizan :class:`cgt.Game` form (CGSuite ``MisereOutcomeClass``).

    The player who cannot move wins.  Computed on the game's canonical (normal-play) form, which is the
    form a :class:`cgt.Game` keeps; misère outcomes are not invariant under normal-play equality.

    >>> from cgt import integer, star, game
    >>> [str(partizan_misere_outcome(x)) for x in (integer(0), star, integer(1), game([star], []))]
    ['N', 'P', 'R', 'N']
    """
    from cgt.kernel.game import Game, lefts_of, rights_of
    from cgt.kernel.outcome import Outcome

    if not isinstance(g, Game):
        raise InvalidGameError(f"partizan_misere_outcome() needs a cgt.Game, got {g!r}")

    def expand(x):
        lefts, rights = lefts_of(x), rights_of(x)
        return len(lefts), list(lefts) + list(rights)

    def combine(n_left, values):
        lefts, rights = values[:n_left], values[n_left:]
        left_first = not lefts or any(not v[1] for v in lefts)
        right_first = not rights or any(not v[0] for v in rights)
        return left_first, right_first

    left_first, right_first = postorder(g, expand, combine, {})
    return Outcome.from_wins(left_first, right_first)


def _clear() -> None:
    _eq_memo.clear()
    _sum_memo.clear()
    for g in list(_by_key.values()):
        g._name = None
        g._genus = None
        g._phylum = None


register_cache(_clear)
