"""Conway's genus of a misère game.

The genus of ``G`` is ``g^(γ0 γ1 γ2 …)``: ``g = G⁺`` is the normal-play Grundy value and ``γk`` the misère
Grundy value of ``G`` plus ``k`` nim heaps ``*2``, so ``γ0 = G⁻`` (Conway, *On Numbers and Games*, ch. 12;
Winning Ways ch. 13).  It is computed from the options' genera, bottom-up over the followers and kept on
each interned game:

* ``g`` is the mex of the options' ``g``; ``γ0`` the mex of the options' ``γ0``, and 1 for the game 0;
* for ``k >= 1``, ``γk = mex({γ(k-1), γ(k-1) ⊕ 1} ∪ {γk of each option})``: the options of ``G + k·*2`` are
  ``G' + k·*2``, ``G + (k-1)·*2`` and ``G + (k-1)·*2 + *``, and adding ``*`` to a game with options turns its
  misère Grundy value ``v`` into ``v ⊕ 1``.

Once every option's sequence repeats with period 2 and two terms of ``G``'s a step apart agree, ``G``'s
repeats with period 2 from there on (each term is a function of the one before and of the options'
terms), so a genus is a finite list of terms whose last two alternate forever.

Printing follows CGSuite: a nim heap prints just ``g``; otherwise ``g^`` then the terms run together, or
``g^(a,b,…)`` with commas when a term is 10 or more.  The terms printed stop where the rest of the
sequence is known: at the point where it becomes periodic with period 2 (Winning Ways' rule: the last two
printed terms then alternate), or earlier, after ``γ0``, where it follows the tame pattern ``γk = g ⊕ 2``
for odd ``k`` and ``γk = g`` for even ``k >= 2`` from there on.  So a tame game prints ``g^γ0``: ``0`` as
a game is ``0^1`` (its terms are 1, 2, 0, 2, 0, …), ``*2 + *2`` is ``0^0``, and Kayles' heap of 5 is
``4^146``, whose tail 4, 6 is not the tame one.  :attr:`Genus.full_text` gives Winning Ways' longer form.

>>> from cgt.misere.game import misere_game, misere_nim
>>> h = misere_nim(2)
>>> [str(x.genus) for x in (misere_nim(0), h + h, h + h + misere_nim(1), misere_game([0]))]
['0', '0^0', '1^1', '1']
>>> misere_nim(0).genus.full_text, (h + h).genus.full_text, misere_game([[2], 1]).genus.full_text
('0^120', '0^02', '2^1420')
"""

from __future__ import annotations

from cgt.errors import InvalidGameError
from cgt.impartial.grundy import mex
from cgt.runtime.walk import postorder

__all__ = ["Genus", "genus_of", "genus_text", "is_tame_genus"]


def _ww_terms(gammas) -> tuple:
    """The terms up to where they become periodic with period 2 (the last two then alternate)."""
    terms = list(gammas)
    while len(terms) >= 3 and terms[-1] == terms[-3]:
        terms.pop()
    return tuple(terms)


def genus_text(g: int, gammas, nim_heap: bool = False) -> str:
    """CGSuite's text of the genus with normal value ``g`` and terms ``γ0, γ1, …`` (the terms past the end
    alternate the last two, as in Winning Ways); see the module docstring.

    >>> genus_text(0, (1, 2, 0)), genus_text(2, (2, 0)), genus_text(4, (1, 4, 6)), genus_text(2, (2, 0), True)
    ('0^1', '2^2', '4^146', '2')
    >>> genus_text(0, (2, 0)), genus_text(12, (12, 14)), genus_text(5, (12, 3))
    ('0^20', '12^(12)', '5^(12,3)')
    """
    if nim_heap:
        return str(g)
    terms = list(_ww_terms(gammas))
    # The tame pattern from index k on: γk = g ⊕ 2 (k odd), g (k even); both are period-2 sequences, so
    # it suffices to compare two consecutive terms at or past the periodic part.
    def tame(k: int) -> bool:
        return _term(terms, k) == (g ^ 2 if k % 2 else g)

    cut = len(terms)
    while cut > 1 and tame(cut - 1) and tame(cut) and tame(cut + 1):
        cut -= 1
    terms = terms[:cut]
    if any(x >= 10 for x in terms):
        return f"{g}^(" + ",".join(map(str, terms)) + ")"
    return f"{g}^" + "".join(map(str, terms))


def _term(terms, k: int) -> int:
    if k < len(terms):
        return terms[k]
    last = len(terms) - 1
    return terms[last - ((k - last) % 2)]


class Genus:
    """A genus value (display and comparison only, as in CGSuite).

    ``gammas`` are the terms ``γ0, γ1, …`` up to where they become periodic with period 2; :meth:`gamma`
    reads any term.  ``str`` is CGSuite's text (:func:`genus_text`), :attr:`full_text` Winning Ways'.

    >>> Genus(0, (1, 2, 0, 2, 0)).full_text, str(Genus(0, (1, 2, 0))), str(Genus(5, (12, 3)))
    ('0^120', '0^1', '5^(12,3)')
    >>> repr(Genus(2, (2, 0))), Genus(0, (1, 2, 0, 2, 0, 2)) == Genus(0, (1, 2, 0))
    ('Genus(2, (2, 0))', True)
    """

    __slots__ = ("g", "gammas", "nim_heap")

    def __init__(self, g: int, gammas, nim_heap: bool = False):
        object.__setattr__(self, "g", g)
        object.__setattr__(self, "gammas", _ww_terms(gammas))
        object.__setattr__(self, "nim_heap", nim_heap)

    def __setattr__(self, name, value):
        raise AttributeError("Genus values are immutable")

    def gamma(self, k: int) -> int:
        """``γk``, the misère Grundy value with ``k`` extra ``*2`` heaps (the tail has period 2).

        >>> [Genus(0, (1, 2, 0)).gamma(k) for k in range(6)]
        [1, 2, 0, 2, 0, 2]
        """
        return _term(self.gammas, k)

    @property
    def plus(self) -> int:
        """``g = G⁺``, the normal-play Grundy value.

        >>> Genus(4, (1, 4, 6)).plus
        4
        """
        return self.g

    @property
    def minus(self) -> int:
        """``γ0 = G⁻``, the misère Grundy value.

        >>> Genus(4, (1, 4, 6)).minus
        1
        """
        return self.gammas[0]

    @property
    def full_text(self) -> str:
        """Winning Ways' text: ``g^`` and every term up to where the sequence becomes periodic.

        >>> Genus(2, (2, 0), nim_heap=True).full_text, Genus(5, (12, 3)).full_text
        ('2^20', '5^(12,3)')
        """
        terms = self.gammas
        if any(x >= 10 for x in terms):
            return f"{self.g}^(" + ",".join(map(str, terms)) + ")"
        return f"{self.g}^" + "".join(map(str, terms))

    def __str__(self) -> str:
        return genus_text(self.g, self.gammas, self.nim_heap)

    def __repr__(self) -> str:
        return f"Genus({self.g}, {self.gammas})"

    def _repr_latex_(self) -> str:
        """Jupyter display: ``g^{γ₀γ₁…}`` typeset."""
        from cgt.notation.latex import latex_genus

        return f"${latex_genus(str(self))}$"

    def __eq__(self, other):
        if not isinstance(other, Genus):
            return NotImplemented
        return self.g == other.g and self.gammas == other.gammas

    def __hash__(self):
        return hash((self.g, self.gammas))


def _genus_from_options(x, option_genera) -> Genus:
    """The genus of ``x`` from its options' genera, by the recursion of the module docstring."""
    terms = [x.misere_nim_value]
    length = max((len(o.gammas) for o in option_genera), default=0)
    largest = max((max(o.gammas) for o in option_genera), default=0)
    # Past ``length`` the options' terms repeat with period 2, so each step maps (γ(k-1), k mod 2) to γk on
    # values at most largest + 3: a repeat γk = γ(k-2) must come within that many steps (Conway's theorem
    # that every genus becomes periodic with period 2 guarantees the repeat; the bound only stops a loop).
    limit = length + 2 * (largest + 4) + 4
    k = 1
    while True:
        previous = terms[-1]
        seen = {previous, previous ^ 1}
        seen.update(o.gamma(k) for o in option_genera)
        terms.append(mex(seen))
        if k >= max(length, 2) and terms[k] == terms[k - 2]:
            terms.pop()
            break
        k += 1
        if k > limit:                          # pragma: no cover - excluded by Conway's theorem
            raise InvalidGameError(f"the genus of {x} does not become periodic with period 2")
    return Genus(x.nim_value, terms, x.is_nim_heap)


def genus_of(game) -> Genus:
    """The genus of a :class:`~cgt.misere.game.MisereGame` (or of anything with a misère canonical form, see
    :func:`cgt.misere.game.misere_canonical_form`), computed once per interned game.

    >>> from cgt.misere.game import misere_game
    >>> genus_of(misere_game([2])).full_text, genus_of(misere_game([[2], 1])).full_text   # {*2}, {{*2}, *}
    ('0^02', '2^1420')
    """
    from cgt.misere.game import MisereGame, misere_canonical_form

    if not isinstance(game, MisereGame):
        game = misere_canonical_form(game)
    if game._genus is not None:
        return game._genus

    def expand(x):
        return x, (() if x._genus is not None else x.options_by_id)

    def combine(x, values):
        if x._genus is None:
            x._genus = _genus_from_options(x, values)
        return x._genus

    return postorder(game, expand, combine, {})


def is_tame_genus(genus: Genus) -> bool:
    """True for the genera of misère Nim positions: ``0^120``, ``1^031``, ``0^02``, ``1^13``,
    ``g^(g,g⊕2)`` (Winning Ways ch. 13).

    >>> is_tame_genus(Genus(0, (0, 2))), is_tame_genus(Genus(0, (0,)))
    (True, False)
    """
    g, terms = genus.g, genus.gammas
    if g == 0:
        return terms in ((1, 2, 0), (0, 2))
    if g == 1:
        return terms in ((0, 3, 1), (1, 3))
    return terms == (g, g ^ 2)
