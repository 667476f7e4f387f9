"""Coin-turning games (Winning Ways, 2nd ed., vol. 3, ch. 14): ``Spawning(code)`` and ``Turning(code)``.

Rules: a row of coins, each heads ``h`` or tails ``t``, positions numbered 1, 2, ... from the left.  A move
turns over a set of coins permitted by the rules whose **rightmost** coin goes from heads to tails (so the
game ends).  Impartial; normal play.  By the Turning Turtles principle (Winning Ways ch. 14) a row is the
nim sum over its heads: a heads at position ``n`` is worth the nim value of a *heap* ``n`` of the
associated heap game, whose options are the sets of the *other* coins turned.

``Spawning(code)`` is that heap game (CGSuite ``game.heap.Spawning``); ``Turning(code)`` or
``Turning(heap_ruleset)`` the coin game (``game.strip.Turning``, char map ``"th"``).  The **code** is a
comma-separated list of alternatives, case-insensitive; each is a count of coins turned, *including the
rightmost one* -- ``k``, ``a-b`` or ``a+`` -- followed by modifiers:

=========  ==============================================================
``C``      the coins are consecutive (ending at the rightmost)
``C(w)``   all coins lie within a window of ``w`` consecutive positions
``E``      the coins are equally spaced
``S``      the arrangement is symmetric (about its middle)
``F``      coin 1 (the leftmost position) is among them
=========  ==============================================================

Named codes from the literature (Winning Ways ch. 14):

==================  ============  ==================  ============
Turning Turtles     ``1-2``       Ruler               ``1+C``
Mock Turtles        ``1-3``       Mock Turtle Fives   ``1-3C(5)``
Moebius             ``1-5``       Triplet Fives       ``3C(5)``
Mogul               ``1-7``       Ruler Fives         ``1-5C``
Moidores            ``1-9``       Turnips             ``3E``
Motley              ``1+``        Grunt               ``4FS``
Twins               ``2``         Sym                 ``1+S``
Triplets            ``3``         Sympler             ``1+FS``
==================  ============  ==================  ============

``Spawning(code).grundy_sequence(n)[k]`` is the value of a heads at position ``k`` (index 0 is unused and
0; CGSuite's ``NimValueSequence(n)`` lists heaps ``1..n``, its index ``k`` being heap ``k``).

>>> Spawning("1-2").grundy_sequence(6)[1:]          # Turning Turtles: heads at n is *n
[1, 2, 3, 4, 5, 6]
>>> Spawning("1-3").grundy_sequence(8)[1:]          # Mock Turtles: the odious numbers (Winning Ways ch. 14)
[1, 2, 4, 7, 8, 11, 13, 14]
>>> Spawning("1+C").grundy_sequence(8)[1:]          # Ruler: the largest power of 2 dividing n
[1, 2, 1, 4, 1, 2, 1, 8]
>>> p = Turning("1-3")("htthh")
>>> p.grundy, [str(m) for m in p.winning_moves]     # 1 ^ 7 ^ 8 = 14
(14, ['1,4,5 -> ttttt', '2,3,5 -> hhhht'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import reduce
from itertools import combinations
from operator import xor

from cgt.errors import InvalidPositionError

from cgt.games.heap.ruleset import HeapRuleset
from cgt.games.engine.ruleset import ImpartialRuleset
from cgt.games.strip.board import Strip
from cgt.games.strip.ruleset import StripRuleset

__all__ = ["Spawning", "Turning", "TurningAlternative", "parse_turning_code", "generic_sequence"]

CATALOGUE = {"Spawning": "game.heap.Spawning", "Turning": "game.strip.Turning"}

_ALT = re.compile(r"(\d+)(?:(-)(\d+)|(\+))?((?:C\(\d+\)|[CESF])*)", re.IGNORECASE)
_MOD = re.compile(r"C\((\d+)\)|[CESF]", re.IGNORECASE)


@dataclass(frozen=True)
class TurningAlternative:
    """One alternative of a turning code: coin counts ``low..high`` (``high`` None = unbounded) and modifiers."""

    low: int
    high: int | None
    consecutive: bool = False
    window: int | None = None
    equal: bool = False
    symmetric: bool = False
    first: bool = False

    def counts(self, n: int) -> range:
        """The permitted numbers of coins turned (rightmost included) on a heap ``n``."""
        top = n if self.high is None else min(self.high, n)
        return range(self.low, top + 1)

    def admits(self, coins: tuple[int, ...], n: int) -> bool:
        """Whether the sorted coins ``coins`` plus the rightmost coin ``n`` are an allowed set."""
        full = coins + (n,)
        if self.first and full[0] != 1:
            return False
        if self.consecutive and full[0] != n - len(full) + 1:
            return False
        if self.window is not None and n - full[0] >= self.window:
            return False
        if self.equal and len(full) > 2:
            d = full[1] - full[0]
            if any(full[i + 1] - full[i] != d for i in range(len(full) - 1)):
                return False
        if self.symmetric:
            s = full[0] + n
            if any(full[i] + full[-1 - i] != s for i in range(len(full) // 2)):
                return False
        return True


def parse_turning_code(code: str) -> tuple[TurningAlternative, ...]:
    """The alternatives of a turning code such as ``"1-3"``, ``"1+C"``, ``"1-3C(5)"``, ``"4FS,2"``.

    >>> parse_turning_code("1-3C(5)")
    (TurningAlternative(low=1, high=3, consecutive=False, window=5, equal=False, symmetric=False, first=False),)
    >>> parse_turning_code("1-3X")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPositionError: turning code '1-3X': alternative 1 '1-3X' is not a count (k, a-b or a+) followed by modifiers C, C(w), E, S, F (at 'X')
    """
    if not isinstance(code, str) or not code.strip():
        raise InvalidPositionError(f"a turning code is a string such as '1-3' or '1+C', got {code!r}")
    alternatives = []
    for number, part in enumerate(code.split(","), 1):
        text = part.strip()
        m = _ALT.match(text)
        if m is None or m.end() != len(text):
            where = text[m.end():] if m else text
            raise InvalidPositionError(
                f"turning code {code!r}: alternative {number} {text!r} is not a count (k, a-b or a+) followed "
                f"by modifiers C, C(w), E, S, F (at {where!r})")
        low = int(m.group(1))
        high = None if m.group(4) else int(m.group(3)) if m.group(2) else low
        if low < 1 or (high is not None and high < low):
            raise InvalidPositionError(f"turning code {code!r}: alternative {number} {text!r} has no count >= 1 "
                                       f"(counts include the rightmost coin)")
        flags = dict(consecutive=False, window=None, equal=False, symmetric=False, first=False)
        for mod in _MOD.finditer(m.group(5)):
            if mod.group(1) is not None:
                w = int(mod.group(1))
                if w < 1:
                    raise InvalidPositionError(f"turning code {code!r}: window C({w}) must be at least 1")
                flags["window"] = w if flags["window"] is None else min(w, flags["window"])
            else:
                key = {"C": "consecutive", "E": "equal", "S": "symmetric", "F": "first"}[mod.group(0).upper()]
                flags[key] = True
        alternatives.append(TurningAlternative(low, high, **flags))
    return tuple(alternatives)


def _candidates(alt: TurningAlternative, n: int, count: int):
    """Sorted tuples of ``count - 1`` coins below ``n`` that ``alt`` may turn with coin ``n``."""
    k = count - 1
    if k > n - 1:
        return
    if k == 0:
        if alt.first and n != 1:
            return
        yield ()
        return
    if alt.consecutive:
        lo = n - k
        if lo >= 1:
            coins = tuple(range(lo, n))
            if alt.admits(coins, n):
                yield coins
        return
    if alt.equal:
        for d in range(1, (n - 1) // k + 1):
            coins = tuple(n - d * j for j in range(k, 0, -1))
            if alt.admits(coins, n):
                yield coins
        return
    lo = 1 if alt.window is None else max(1, n - alt.window + 1)
    if alt.first:
        for rest in combinations(range(max(lo, 2), n), k - 1):
            coins = (1,) + rest
            if lo == 1 and alt.admits(coins, n):
                yield coins
        return
    if alt.symmetric:
        for low in range(lo, n):                     # the leftmost coin; the set mirrors about (low + n) / 2
            inner = [c for c in range(low + 1, n) if 2 * c < low + n]
            centre = (low + n) % 2 == 0
            need = k - 1                               # coins besides low and n
            for use_centre in ((False, True) if centre else (False,)):
                if (need - use_centre) % 2 or need - use_centre < 0:
                    continue
                for half in combinations(inner, (need - use_centre) // 2):
                    mids = ((low + n) // 2,) if use_centre else ()
                    coins = tuple(sorted((low,) + half + mids + tuple(low + n - c for c in half)))
                    if alt.admits(coins, n):
                        yield coins
        return
    for coins in combinations(range(lo, n), k):
        if alt.admits(coins, n):
            yield coins


class Spawning(HeapRuleset):
    """The heap form of a turning code: from heap ``n``, the sets of other coins below ``n`` turned.

    >>> Spawning("2").grundy_sequence(5)[1:]             # Twins: heads at n is *(n - 1)
    [0, 1, 2, 3, 4]
    >>> sorted(Spawning("1-3").heap_options(3))
    [(), (1,), (1, 2), (2,)]
    """

    abstract = False

    def __init__(self, code: str, name: str | None = None) -> None:
        self.alternatives = parse_turning_code(code)
        self.code = ",".join(part.strip() for part in code.split(","))
        if name is not None:
            self.name = name

    def params(self) -> tuple:
        return (self.code,)

    def __eq__(self, other):
        if isinstance(other, Spawning):
            return self.alternatives == other.alternatives
        return NotImplemented

    def __hash__(self):
        return hash(("Spawning", self.alternatives))

    def heap_options(self, n: int):
        """The sets (tuples) of coins below ``n`` that may turn together with coin ``n``; each set once."""
        if n < 1:
            return []
        seen = set()
        out = []
        for alt in self.alternatives:
            for count in alt.counts(n):
                for coins in _candidates(alt, n, count):
                    if coins not in seen:
                        seen.add(coins)
                        out.append(coins)
        return out

    def _extend(self, n: int) -> None:
        """Closed forms for the codes with a theorem (Winning Ways ch. 14), else the generic mex."""
        closed = _CLOSED_FORMS.get(self.alternatives)
        if closed is None:
            return super()._extend(n)
        seq = self.known_grundy_values()
        seq.extend(closed(m) for m in range(len(seq), n + 1))


def _odious(n: int) -> int:
    """The n-th odious number (n >= 1): 2(n - 1) or 2(n - 1) + 1, whichever has an odd number of 1 bits."""
    m = 2 * (n - 1)
    return m if m.bit_count() & 1 else m + 1


#: Codes whose nim sequences are known in closed form (Winning Ways, 2nd ed., vol. 3, ch. 14); each is
#: checked against the generic computation in tests/games/strip/test_turning.py.
_CLOSED_FORMS = {
    parse_turning_code("1-2"): lambda n: n,                                   # Turning Turtles
    parse_turning_code("1-3"): lambda n: _odious(n) if n else 0,             # Mock Turtles: odious numbers
    parse_turning_code("1+C"): lambda n: n & -n,                              # Ruler
    parse_turning_code("1+"): lambda n: 1 << (n - 1) if n else 0,            # Motley
}


def generic_sequence(code: str, n: int) -> list[int]:
    """The nim values of heaps ``0..n`` by plain mex over :meth:`Spawning.heap_options` (no closed forms)."""
    rules = Spawning(code)
    seq = [0]
    for m in range(1, n + 1):
        reach = {reduce(xor, (seq[c] for c in coins), 0) for coins in rules.heap_options(m)}
        g = 0
        while g in reach:
            g += 1
        seq.append(g)
    return seq


class Turning(StripRuleset, ImpartialRuleset):
    """A coin-turning game on a strip of ``t``/``h``: ``Turning("1-3")("htthh")`` (Mock Turtles).

    ``Turning(code)`` is ``Turning(Spawning(code))``; any heap ruleset whose options of heap ``n`` are
    heaps below ``n`` will do (``Turning(Nim)`` is Turning Turtles).
    """

    abstract = False
    char_map = "th"
    sample_alphabet = "tth"
    impartial = True

    def __init__(self, rules, name: str | None = None) -> None:
        if isinstance(rules, str):
            rules = Spawning(rules)
        if not isinstance(rules, HeapRuleset):
            raise InvalidPositionError(f"Turning: {rules!r} is neither a turning code (e.g. '1-3') nor a heap "
                                       f"ruleset")
        self.heap_ruleset = rules
        if name is not None:
            self.name = name

    def params(self) -> tuple:
        return (self.heap_ruleset,)

    def moves(self, pos: Strip, player=None):
        """``(label, option)``: a heads coin ``n`` turned with the coins of a heap option of ``n``."""
        cells = pos.cells
        out = []
        for i, c in enumerate(cells):
            if c != 1:
                continue
            n = i + 1
            for coins in self.heap_ruleset.heap_options(n):
                new = bytearray(cells)
                new[i] = 0
                for a in coins:
                    if not 1 <= a < n:
                        raise InvalidPositionError(f"{self!r}: heap {n} has an option with coin {a}, "
                                                   f"which is not a position 1..{n - 1}")
                    new[a - 1] ^= 1
                label = ",".join(map(str, sorted(coins) + [n]))
                out.append((label, Strip(bytes(new))))
        return out

    def options(self, pos: Strip, player=None):
        """Strips after each move."""
        return [o for _, o in self.moves(pos)]

    def left_options(self, pos):
        return self.options(pos)

    def right_options(self, pos):
        return self.options(pos)

    def grundy(self, pos: Strip) -> int:
        """The nim sum, over heads at position ``n``, of the heap ruleset's value of heap ``n``."""
        heap = self.heap_ruleset.heap_grundy
        return reduce(xor, (heap(i + 1) for i, c in enumerate(pos.cells) if c == 1), 0)

    def value(self, pos):
        from cgt import nimber

        return nimber(self.grundy(pos))
