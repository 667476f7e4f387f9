"""Conjunctive and selective compounds of short games (CGSuite's ``G.ConjunctiveSum(H)``,
``G.SelectiveSum(H)``), kept as unsimplified compound forms as CGSuite keeps them.

Winning Ways, ch. 9 ("If you can't beat 'em, join 'em"); Conway, *On Numbers and Games*, ch. 14:

* conjunctive sum ``G ^ H``: the mover moves in *every* component, so play stops as soon as one
  component is over: ``G ^ H = {G^L ^ H^L | G^R ^ H^R}``;
* selective sum ``G v H``: the mover moves in any non-empty set of components:
  ``G v H = {G^L v H, G v H^L, G^L v H^L | G^R v H, G v H^R, G^R v H^R}``.

Neither is a function of values, so a compound keeps the forms of its parts (canonical games or other
compounds); ``canonical_form`` is the normal-play value of that form.  The text is CGSuite's
``G ConjunctiveSum H`` (as in CGSuite, a sub-compound of a higher level is parenthesised).

>>> from cgt import game, star, integer
>>> c = conjunctive_sum(integer(2), star)
>>> str(c), str(c.canonical_form), [str(o) for o in c.left_options]
('2 ConjunctiveSum *', '1', ['1 ConjunctiveSum 0'])
>>> str(selective_sum(star, star).canonical_form), str(selective_sum(integer(1), integer(1)).canonical_form)
('*2', '2')
"""

from __future__ import annotations

from cgt.runtime.caches import BoundedCache
from cgt.runtime.walk import bottom_up
from cgt.kernel.game import Game, as_game, game, register_cache

__all__ = ["CompoundGame", "conjunctive_sum", "selective_sum", "clear_caches"]

#: CGSuite's compound levels: a sub-compound is parenthesised iff its level exceeds its parent's.
LEVELS = {"ConwayProduct": 1, "OrdinalSum": 2, "Sum": 3, "ConjunctiveSum": 3, "SelectiveSum": 3,
          "OrdinalProduct": 4}

_canonical: dict = BoundedCache("compound canonical forms")


def clear_caches() -> None:
    """Forget the memoised canonical forms of compounds.

    >>> from cgt import star
    >>> clear_caches(); str(conjunctive_sum(star, star).canonical_form)
    '*'
    """
    _canonical.clear()


def _form(x):
    return x if isinstance(x, CompoundGame) else as_game(x)


def _lefts(x) -> tuple:
    return x.left_options


def _rights(x) -> tuple:
    return x.right_options


class CompoundGame:
    """``G ConjunctiveSum H`` or ``G SelectiveSum H`` of two forms (canonical games or compounds)."""

    __slots__ = ("kind", "g", "h", "_hash")

    def __init__(self, kind: str, g, h):
        if kind not in ("ConjunctiveSum", "SelectiveSum"):
            raise ValueError(f"unknown compound {kind}")
        self.kind = kind
        self.g = _form(g)
        self.h = _form(h)
        self._hash = hash((kind, self.g, self.h))

    def __eq__(self, other):
        return (isinstance(other, CompoundGame) and self.kind == other.kind and self.g == other.g
                and self.h == other.h)

    def __hash__(self):
        return self._hash

    def _options(self, left: bool) -> tuple:
        side = _lefts if left else _rights
        gs, hs = side(self.g), side(self.h)
        if self.kind == "ConjunctiveSum":
            pairs = [(a, b) for a in gs for b in hs]
        else:
            pairs = [(a, self.h) for a in gs] + [(self.g, b) for b in hs] + [(a, b) for a in gs for b in hs]
        return tuple(CompoundGame(self.kind, a, b) for a, b in pairs)

    @property
    def left_options(self) -> tuple:
        """Left's options (compounds of the parts' options)."""
        return self._options(True)

    @property
    def right_options(self) -> tuple:
        """Right's options."""
        return self._options(False)

    @property
    def canonical_form(self) -> Game:
        """The normal-play value of this form, built bottom-up over the follower forms.

        >>> from cgt import up, star
        >>> str(conjunctive_sum(up, up).canonical_form), str(selective_sum(up, star).canonical_form)
        ('^', '{^|*,*2}')
        """
        return bottom_up(self, _compound_children, _compound_value, _canonical)

    def __str__(self) -> str:
        level = LEVELS[self.kind]

        def part(x):
            text = str(x)
            if isinstance(x, CompoundGame) and LEVELS[x.kind] > level:
                return f"({text})"
            return text

        return f"{part(self.g)} {self.kind} {part(self.h)}"

    def __repr__(self) -> str:
        return f"CompoundGame({self.kind!r}, {self.g!r}, {self.h!r})"


def _compound_children(x) -> tuple:
    return x.left_options + x.right_options if isinstance(x, CompoundGame) else ()


def _compound_value(x) -> Game:
    if not isinstance(x, CompoundGame):
        return x
    return game([_canonical[o] if isinstance(o, CompoundGame) else o for o in x.left_options],
                [_canonical[o] if isinstance(o, CompoundGame) else o for o in x.right_options])


def conjunctive_sum(g, h) -> CompoundGame:
    """``G ConjunctiveSum H`` (see the module docstring).

    >>> from cgt import integer
    >>> str(conjunctive_sum(integer(3), integer(-2)).canonical_form)
    '0'
    """
    return CompoundGame("ConjunctiveSum", g, h)


def selective_sum(g, h) -> CompoundGame:
    """``G SelectiveSum H`` (see the module docstring).

    >>> from cgt import integer, nimber
    >>> str(selective_sum(nimber(2), nimber(3)).canonical_form)
    '*5'
    """
    return CompoundGame("SelectiveSum", g, h)


register_cache(clear_caches)
