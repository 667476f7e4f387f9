"""Conway's genus of a misère game, and tameness.

The genus of ``G`` is ``g^(γ0 γ1 γ2 …)``: ``g`` is the normal-play Grundy value and ``γk`` the misère
Grundy value of ``G`` plus ``k`` nim heaps ``*2`` (Winning Ways ch. 13; ONAG ch. 12).  The sequence is
eventually periodic with period 2, so it is kept up to the point where its last two terms repeat.

>>> from cgt.misere.game import misere_nim
>>> h = misere_nim(2)
>>> [str(x.genus) for x in (misere_nim(0), h + h, h + h + misere_nim(1))]
['0', '0^02', '1^13']
>>> misere_nim(0).genus.full_text, misere_nim(1).genus.full_text
('0^120', '1^031')
"""

from __future__ import annotations

from cgt.misere.play import genus as _search_genus

__all__ = ["Genus", "genus_of", "is_tame", "is_tame_genus"]


class Genus:
    """A genus value (display and comparison only, as in CGSuite).

    ``str`` follows CGSuite: ``g`` alone for a nim heap, else ``g^`` then the superscript digits run
    together, or ``g^(a,b,…)`` when a term is 10 or more.  :attr:`full_text` always shows the superscript.

    >>> Genus(0, (1, 2, 0, 2, 0)).full_text, str(Genus(5, (12, 3))), repr(Genus(2, (2, 0)))
    ('0^120', '5^(12,3)', 'Genus(2, (2, 0))')
    """

    __slots__ = ("g", "gammas", "nim_heap")

    def __init__(self, g: int, gammas, nim_heap: bool = False):
        terms = list(gammas)
        while len(terms) >= 3 and terms[-1] == terms[-3]:
            terms.pop()
        object.__setattr__(self, "g", g)
        object.__setattr__(self, "gammas", tuple(terms))
        object.__setattr__(self, "nim_heap", nim_heap)

    def __setattr__(self, name, value):
        raise AttributeError("Genus values are immutable")

    def gamma(self, k: int) -> int:
        """``γk``, the misère Grundy value with ``k`` extra ``*2`` heaps (the tail has period 2).

        >>> [Genus(0, (1, 2, 0)).gamma(k) for k in range(6)]
        [1, 2, 0, 2, 0, 2]
        """
        terms = self.gammas
        if k < len(terms):
            return terms[k]
        last = len(terms) - 1
        return terms[last - ((k - last) % 2)]

    @property
    def full_text(self) -> str:
        """``g^…`` with the superscript always shown."""
        sup = (",".join(map(str, self.gammas)) if any(x >= 10 for x in self.gammas)
               else "".join(map(str, self.gammas)))
        if any(x >= 10 for x in self.gammas):
            sup = "(" + sup + ")"
        return f"{self.g}^{sup}"

    def __str__(self) -> str:
        return str(self.g) if self.nim_heap else self.full_text

    def __repr__(self) -> str:
        return f"Genus({self.g}, {self.gammas})"

    def __eq__(self, other):
        if not isinstance(other, Genus):
            return NotImplemented
        return self.g == other.g and self.gammas == other.gammas

    def __hash__(self):
        return hash((self.g, self.gammas))


def genus_of(game) -> Genus:
    """The genus of a :class:`~cgt.misere.game.MisereGame`, by search (:func:`cgt.misere.play.genus`).

    ``γk`` is computed for ``k`` up to the birthday plus 3, past the point where the sequence settles
    into period 2 (Conway, ONAG ch. 12).

    >>> from cgt.misere.game import misere_game
    >>> genus_of(misere_game([2])).full_text, genus_of(misere_game([[2], 1])).full_text   # {*2}, {{*2}, *}
    ('0^02', '2^1420')
    """
    g, gammas = _search_genus(game, lambda x: x.options_by_id, terms=game.birthday + 4)
    return Genus(g, gammas, game.is_nim_heap)


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


def is_tame(game) -> bool:
    """True when every follower of ``game`` (itself included) has a tame genus (Winning Ways ch. 13).

    >>> from cgt.misere.game import misere_nim
    >>> is_tame(misere_nim(4) + misere_nim(2) + misere_nim(2))
    True
    """
    seen = set()
    stack = [game]
    while stack:
        x = stack.pop()
        if x.id in seen:
            continue
        seen.add(x.id)
        if not is_tame_genus(x.genus):
            return False
        stack.extend(x.options_by_id)
    return True
