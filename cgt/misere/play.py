"""Misère play of impartial games: the player who cannot move *wins* (Faigle, Remark 2.3).

Misère sums do not reduce to nim sums, so everything here searches the whole position (no decomposition).

* :func:`misere_outcome` -- ``N`` or ``P`` by search (terminal positions are ``N``: the player to move,
  having no move, wins);
* :func:`misere_nim_outcome` / :func:`misere_nim_winning_moves` -- Bouton's rule for misère Nim: play as
  in normal Nim unless the move would leave only heaps of size 0 and 1; then leave an odd number of 1-heaps
  (Winning Ways, ch. 13);
* :func:`misere_grundy` -- the misère Grundy value ``G-``: 1 for a terminal position, otherwise the mex of
  the options' values; a position is a misère P-position iff ``G- = 0``;
* :func:`genus` -- Conway's genus ``g^(g0 g1 g2 ...)``: ``g`` is the normal Grundy value and ``g_k`` the
  misère Grundy value of the position plus ``k`` Nim heaps of size 2 (Winning Ways, ch. 13), found by
  search; :func:`format_genus` prints it as CGSuite does.

>>> nim = lambda heaps: [tuple(sorted(heaps[:i] + (k,) + heaps[i + 1:]))
...                      for i, h in enumerate(heaps) for k in range(h)]
>>> str(misere_outcome((1, 1), nim)), str(misere_outcome((1, 1, 1), nim))
('N', 'P')
>>> str(misere_nim_outcome([1, 3, 5, 7])), misere_nim_winning_moves([2, 1])
('P', [(1,)])
>>> format_genus(genus((), nim)), format_genus(genus((1,), nim)), format_genus(genus((2,), nim))
('0^1', '1^0', '2^2')
"""

from __future__ import annotations

from functools import reduce
from operator import xor

from cgt.runtime.walk import postorder
from cgt.errors import InvalidPositionError, TooLargeError
from cgt.impartial.grundy import grundy, mex

__all__ = ["misere_outcome", "misere_winning_moves", "misere_grundy", "misere_nim_outcome",
           "misere_nim_winning_moves", "misere_nim_grundy", "genus", "format_genus"]


def misere_grundy(position, options, cache: dict | None = None) -> int:
    """The misère Grundy value: 1 at a terminal position, else the mex of the options' values.

    Misère P-positions are exactly those with value 0 (Winning Ways, ch. 13).  Iterative and memoised
    (:func:`cgt.runtime.walk.postorder`); a loopy game raises :class:`~cgt.errors.NotShortGameError`.

    >>> heaps = lambda n: range(n)           # one Nim heap: G-(0) = 1, G-(1) = 0, G-(n) = n for n >= 2
    >>> [misere_grundy(n, heaps) for n in range(5)]
    [1, 0, 2, 3, 4]
    """
    memo = {} if cache is None else cache
    if position in memo:
        return memo[position]
    return postorder(position, lambda pos: (None, options(pos)),
                     lambda _, values: mex(values) if values else 1, memo)


def misere_outcome(position, options, cache: dict | None = None):
    """The misère outcome class (``N`` or ``P``) of an impartial position, by search.

    >>> subtract_123 = lambda n: [n - s for s in (1, 2, 3) if s <= n]
    >>> "".join(str(misere_outcome(n, subtract_123)) for n in range(10))   # P iff n = 1 (mod 4)
    'NPNNNPNNNP'
    """
    from cgt.kernel.outcome import Outcome

    return Outcome.P if misere_grundy(position, options, cache) == 0 else Outcome.N


def misere_winning_moves(position, options, cache: dict | None = None) -> list:
    """The options of ``position`` that are misère P-positions (the winning moves in misère play).

    >>> subtract_123 = lambda n: [n - s for s in (1, 2, 3) if s <= n]
    >>> misere_winning_moves(21, subtract_123), misere_winning_moves(20, subtract_123)
    ([], [17])
    """
    memo = {} if cache is None else cache
    return [o for o in options(position) if misere_grundy(o, options, memo) == 0]


def _heaps(heaps) -> tuple[int, ...]:
    result = tuple(heaps)
    for h in result:
        if not isinstance(h, int) or h < 0:
            raise InvalidPositionError(f"misère Nim: heap size {h!r} is not a non-negative integer")
    return result


def misere_nim_grundy(heaps) -> int:
    """The misère Grundy value of a Nim position (Winning Ways, ch. 13).

    If some heap has size >= 2 it equals the nim sum; otherwise it is 1 for an even number of 1-heaps and
    0 for an odd number.

    >>> misere_nim_grundy([1, 1]), misere_nim_grundy([1]), misere_nim_grundy([2, 3])
    (1, 0, 1)
    """
    hs = _heaps(heaps)
    if any(h >= 2 for h in hs):
        return reduce(xor, hs, 0)
    return 1 - (sum(hs) & 1)


def misere_nim_outcome(heaps):
    """Bouton's misère Nim rule: ``P`` iff (all heaps <= 1 and an odd number of 1-heaps) or (some heap >= 2
    and nim sum 0).

    >>> [str(misere_nim_outcome(h)) for h in ([], [1], [1, 1], [2, 2], [1, 2, 3])]
    ['N', 'P', 'N', 'P', 'P']
    """
    from cgt.kernel.outcome import Outcome

    return Outcome.P if misere_nim_grundy(heaps) == 0 else Outcome.N


def misere_nim_winning_moves(heaps) -> list[tuple[int, ...]]:
    """The winning moves in misère Nim, as sorted tuples of the heaps left (Bouton's rule).

    >>> misere_nim_winning_moves([1, 1, 2])     # leave three 1-heaps (taking the 2-heap would leave two)
    [(1, 1, 1)]
    >>> misere_nim_winning_moves([1, 3, 5, 7])
    []
    """
    hs = _heaps(heaps)
    moves = set()
    for i, h in enumerate(hs):
        for k in range(h):
            rest = hs[:i] + (k,) + hs[i + 1:]
            if misere_nim_grundy(rest) == 0:
                moves.add(tuple(sorted(x for x in rest if x)))
    return sorted(moves)


def genus(position, options, terms: int = 6, max_positions: int = 2_000_000) -> tuple[int, tuple[int, ...]]:
    """Conway's genus of an impartial position: ``(g, (g0, g1, ..., g_{terms-1}))``.

    ``g`` is the normal-play Grundy value; ``g_k`` is the misère Grundy value of the position plus ``k``
    Nim heaps of size 2 (Winning Ways, ch. 13), found by searching the sum, whose state is the position
    together with the numbers of 2-heaps and 1-heaps left.  :func:`format_genus` prints it as CGSuite does.
    ``max_positions`` bounds the search.

    >>> genus(3, lambda n: range(n), terms=4)
    (3, (3, 1, 3, 1))
    """
    if not isinstance(terms, int) or terms < 1:
        raise InvalidPositionError(f"genus: terms={terms!r} must be a positive integer")
    g = grundy(position, options)
    memo: dict = {}

    def sum_options(state):
        pos, twos, ones = state
        if len(memo) > max_positions:
            raise TooLargeError(f"genus: more than {max_positions} positions searched for {position!r}")
        for o in options(pos):
            yield (o, twos, ones)
        if twos:
            yield (pos, twos - 1, ones + 1)
            yield (pos, twos - 1, ones)
        if ones:
            yield (pos, twos, ones - 1)

    gammas = tuple(misere_grundy((position, k, 0), sum_options, memo) for k in range(terms))
    return g, gammas


def format_genus(value: tuple[int, tuple[int, ...]], nim_heap: bool = False) -> str:
    """CGSuite's text of a genus ``(g, (g0, g1, ...))``: ``g^`` then the terms, stopping where the rest is
    known -- where the sequence becomes periodic with period 2, or after ``g0`` where it follows the tame
    pattern ``g⊕2, g, g⊕2, …`` (see :mod:`cgt.misere.genus`); terms above 9 are comma separated in
    parentheses.  With ``nim_heap`` (the position is a nim heap in misère play) only ``g`` is printed.

    >>> format_genus((0, (1, 2, 0, 2, 0, 2))), format_genus((2, (2, 0, 2, 0))), format_genus((4, (1, 4, 6, 4)))
    ('0^1', '2^2', '4^146')
    >>> format_genus((5, (5, 7)), nim_heap=True), format_genus((5, (12, 3)))
    ('5', '5^(12,3)')
    """
    from cgt.misere.genus import genus_text

    g, gammas = value
    return genus_text(g, gammas, nim_heap)
