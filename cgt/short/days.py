"""Games created day by day (Faigle, ch. 2; Siegel, CGT II.1).

On day 0 only ``0 = { | }`` exists; the games born by day n are the values
``{L | R}`` with L and R sets of games born by day n-1.  Since dominated
options never change a value, it suffices to take L and R among the
*antichains* of the day-(n-1) games under the game order (Siegel, CGT
II.2.7), which is far fewer than all subsets.

>>> [len(born_by(n)) for n in range(3)]
[1, 4, 22]
"""

from __future__ import annotations

from cgt.runtime.deep import deep
from cgt.runtime.arguments import integer_argument
from cgt.errors import TooLargeError
from cgt.kernel.game import Game, ZERO, canonical_from_lists, game_id, game_list, leq
from cgt.runtime.interrupt import check_interrupt

_days: list[frozenset[Game]] = [frozenset([ZERO])]

#: Day 4 has more than 3 * 10^12 values; day 3 (1474 values) is the last one we can list.
MAX_DAY = 3


#: Largest number of antichains listed (n pairwise incomparable games have 2^n).
MAX_ANTICHAINS = 2_000_000


def antichains(elements: list[Game]) -> list[list[Game]]:
    """Every antichain (set of pairwise incomparable games) of ``elements``, the empty one included.

    >>> from cgt import zero, star, up
    >>> sorted(len(a) for a in antichains([zero, star, up]))
    [0, 1, 1, 1, 2, 2]
    """
    elements = game_list(elements, "antichains(): elements")
    n = len(elements)
    # compatible[i] = indices j > i incomparable with element i
    compatible = []
    for i, a in enumerate(elements):
        compatible.append(
            [j for j in range(i + 1, n) if not leq(a, elements[j]) and not leq(elements[j], a)]
        )
    result: list[list[Game]] = [[]]
    # Depth-first extension, each antichain listed once with increasing indices.
    stack = [([i], set(compatible[i])) for i in range(n - 1, -1, -1)]
    while stack:
        chosen, candidates = stack.pop()
        result.append([elements[i] for i in chosen])
        if len(result) > MAX_ANTICHAINS:
            raise TooLargeError(f"antichains(): more than {MAX_ANTICHAINS} antichains among {n} games "
                                f"(cgt.short.days.MAX_ANTICHAINS)")
        if not len(result) & 4095:
            check_interrupt()
        last = chosen[-1]
        for j in sorted((c for c in candidates if c > last), reverse=True):
            stack.append((chosen + [j], candidates.intersection(compatible[j])))
    return result


@deep
def born_by(n: int) -> frozenset[Game]:
    """The set of all canonical game values born by day ``n`` (n <= 3).

    >>> from cgt import star, up
    >>> len(born_by(2)), up in born_by(2), up + star in born_by(2)
    (22, True, True)
    """
    n = integer_argument(n, "born_by()", minimum=0)
    if n > MAX_DAY:
        raise TooLargeError(
            f"born_by({n}): day {n} has too many values to list (day 3 has 1474, day 4 over 3 * 10^12)"
        )
    while len(_days) <= n:
        previous = sorted(_days[-1], key=game_id)
        sides = antichains(previous)
        values = {canonical_from_lists(list(left), list(right)) for left in sides for right in sides}
        _days.append(frozenset(values))
    return _days[n]
