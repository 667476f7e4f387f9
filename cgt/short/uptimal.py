"""Uptimal expansions: ``G = x + a1.^ + a2.^<2> + ... + ak.^<k> + *m`` (CGSuite's ``UptimalExpansion``).

``^<n>`` is up-nth (``^<1> = ^``, ``^<n+1> = {0 | v[n]*}``; Siegel, *Combinatorial Game Theory*, II.4).
A game is an *uptimal* when it equals such a finite sum; the expansion is unique, and it is found here
from the value alone, whatever the braces look like:

* the canonical options of an uptimal are uptimals (checked on random uptimals in the tests), so the
  expansions are found bottom-up over the followers and a game with a non-uptimal option is rejected at
  once; the options' expansions bound the search below;
* the number part ``x`` is the common stop (an uptimal is infinitesimally close to ``x``);
* for each nimber part ``m`` tried, ``V = G - x + *m`` must be a *star-free* sum ``sum a_i.^<i>``.  Such
  sums are ordered lexicographically by their coefficients, because ``k.^<n+1> < ^<n>`` for every ``k``
  (Siegel, CGT II.4: ``^<n+1>`` is infinitesimal with respect to ``^<n>``); so the leading coefficient
  ``a_i`` of a remainder ``R`` is the integer ``a`` with ``-^<i> < 2(R - a.^<i>) < ^<i>``, and a remainder
  confused with 0 proves that ``V`` is not star-free.  Different ``m`` cannot both succeed (``*k`` for
  ``k > 0`` is confused with 0, a star-free sum is not).

The text of CGSuite's output rules for uptimals: number part (omitted when a nimber part is present and the
number is 0), then ``*``/``*m``, a ``.``, then one character per coefficient (``0``-``9``, ``A``-``Z``,
``(n)`` beyond 35), a negative coefficient followed by ``-``.

>>> from cgt import up, star, game, up_nth, up_cumulative, integer
>>> str(uptimal_expansion(up)), str(uptimal_expansion(up_nth(2) + star)), str(uptimal_expansion(integer(3)))
('0.1', '*.01', '3.0')
>>> str(uptimal_expansion(up_cumulative(3) - up_nth(2) + 5)), uptimal_expansion(game([1], [-1]))
('5.101', None)
"""

from __future__ import annotations

from fractions import Fraction

from cgt.runtime.caches import BoundedCache
from cgt.runtime.walk import bottom_up
from cgt.kernel.game import Game, as_game, closed_uptimal, lefts_of, nimber, number, register_cache, rights_of
from cgt.runtime.interrupt import check_interrupt
from cgt.kernel.numbers import format_number

__all__ = ["UptimalExpansion", "uptimal_expansion", "is_uptimal", "clear_caches"]

_expansions: dict[Game, "UptimalExpansion | None"] = BoundedCache("uptimal expansions")


def clear_caches() -> None:
    """Forget the memoised expansions.

    >>> from cgt import up
    >>> clear_caches(); str(uptimal_expansion(up))
    '0.1'
    """
    _expansions.clear()


class UptimalExpansion:
    """``x + a1.^ + a2.^<2> + ... + *m``: ``number`` (a Fraction), ``coefficients`` (a1, ..., ak, the last
    non-zero) and ``nimber`` (m).

    >>> e = UptimalExpansion(Fraction(1, 2), (2, -1), 3)
    >>> str(e), e.length, str(UptimalExpansion(0, (1, 1), 1).game)
    ('1/2*3.21-', 2, '^[2]*')
    """

    __slots__ = ("number", "coefficients", "nimber")

    def __init__(self, number: Fraction, coefficients: tuple, nimber: int):
        self.number = Fraction(number)
        self.coefficients = tuple(coefficients)
        self.nimber = nimber

    @property
    def length(self) -> int:
        """The number of coefficients (the position of the last non-zero one)."""
        return len(self.coefficients)

    @property
    def game(self) -> Game:
        """The value ``x + sum a_i.^<i> + *m`` as a canonical game."""
        from cgt.kernel.constructors import up_nth

        total = number(self.number) + nimber(self.nimber)
        for i, a in enumerate(self.coefficients, start=1):
            if a:
                total = total + a * up_nth(i)
        return total

    def sort_key(self) -> tuple:
        """CGSuite's order among uptimals: number part, coefficients lexicographically (a shorter
        expansion first on a tie), then the nimber part."""
        return (self.number, self.coefficients, self.nimber)

    def __eq__(self, other):
        return isinstance(other, UptimalExpansion) and self.sort_key() == other.sort_key()

    def __hash__(self):
        return hash(self.sort_key())

    def __str__(self) -> str:
        head = "" if (self.nimber and not self.number) else format_number(self.number)
        if self.nimber:
            head += "*" if self.nimber == 1 else f"*{self.nimber}"
        digits = "".join(_digit(a) for a in self.coefficients) or "0"
        return f"{head}.{digits}"

    def __repr__(self) -> str:
        return f"UptimalExpansion({self.number!r}, {self.coefficients!r}, {self.nimber!r})"


def _digit(a: int) -> str:
    """One coefficient of the expansion: ``0``-``9``, ``A``-``Z`` (10-35), ``(n)`` beyond, ``-`` after a
    negative one."""
    k = abs(a)
    text = str(k) if k < 10 else chr(ord("A") + k - 10) if k < 36 else f"({k})"
    return text + ("-" if a < 0 else "")


def uptimal_expansion(g) -> UptimalExpansion | None:
    """The uptimal expansion of ``g``, or None when ``g`` is not an uptimal.

    >>> from cgt import up, down, star, up_nth
    >>> str(uptimal_expansion(up + up + star)), str(uptimal_expansion(down + up_nth(3)))
    ('*.2', '0.1-01')
    """
    g = as_game(g)
    if g in _expansions:
        return _expansions[g]
    return bottom_up(g, _children, _expand, _expansions)


def is_uptimal(g) -> bool:
    """True when ``g`` equals a finite uptimal sum ``x + sum a_i.^<i> + *m`` (CGSuite's ``IsUptimal``).

    >>> from cgt import up_nth, game, tiny, integer
    >>> is_uptimal(up_nth(4)), is_uptimal(game([1], [-1])), is_uptimal(tiny(integer(1)))
    (True, False, False)
    """
    return uptimal_expansion(g) is not None


def _children(g: Game) -> tuple:
    return () if closed_uptimal(g) is not None else lefts_of(g) + rights_of(g)


def _expand(g: Game) -> UptimalExpansion | None:
    closed = closed_uptimal(g)
    if closed is not None:                 # the kernel's closed form x + u.^ + *n
        x, u, m = closed
        return UptimalExpansion(x, (u,) if u else (), m)
    # The canonical options of an uptimal are uptimals, whose expansions are at most one term longer,
    # one larger in each coefficient and nimber part (checked on random uptimals in
    # tests/shell/test_methods.py); so a game with a non-uptimal option is rejected at once, and the
    # search below is bounded by the options' expansions.
    options = [_expansions[o] for o in lefts_of(g) + rights_of(g)]
    if any(e is None for e in options):
        return None
    x = g.left_stop
    if x != g.right_stop:
        return None
    rest = g - number(x)
    terms = max((e.length for e in options), default=0) + 2
    size = max((abs(a) for e in options for a in e.coefficients), default=0) + 2
    nimbers = max((e.nimber for e in options), default=0)
    for m in range(0, 2 * nimbers + 4):
        check_interrupt()
        coefficients = _star_free(rest, nimber(m), terms, size)
        if coefficients is not None:
            return UptimalExpansion(x, coefficients, m)
    return None


def _star_free(base: Game, star: Game, terms: int, size: int) -> tuple | None:
    """The coefficients of ``base + star`` as ``sum a_i.^<i>``, or None (at most ``terms`` terms of size
    ``size``; ``star`` is a nimber).

    No sum with the nimber is ever built: with ``P = base - sum a_j.^<j>`` the remainder is ``P + star``,
    it is 0 iff ``P == star``, it compares with 0 as ``P`` compares with ``star`` (``-*m = *m``), and twice
    the remainder is ``P + P`` (``*m + *m = 0``).
    """
    from cgt.kernel.constructors import up_nth

    coefficients = []
    partial = base
    for i in range(1, terms + 1):
        if partial is star:
            return tuple(coefficients)
        relation = partial.compare(star)
        if relation == "||":
            return None
        found = _leading(partial, up_nth(i), relation, size)
        if found is None:
            return None
        a, partial = found
        coefficients.append(a)
    return tuple(coefficients) if partial is star else None


def _leading(partial: Game, unit: Game, relation: str, size: int) -> tuple | None:
    """``(a, partial - a.unit)`` for the a with ``-unit < 2(partial - a.unit) < unit`` (the leading
    coefficient of the remainder, whose double is the double of ``partial``), or None when |a| would
    exceed ``size``."""
    step, shift = (1, -unit) if relation == ">" else (-1, unit)
    a, rest = 0, partial
    for _ in range(size + 1):
        check_interrupt()
        twice = rest + rest
        if -unit < twice < unit:
            return a, rest
        a, rest = a + step, rest + shift
    return None


register_cache(clear_caches)
