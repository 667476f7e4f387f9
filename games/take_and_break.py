"""Take-and-break heap games given by a code (Winning Ways ch. 4; CGSuite ``TakeAndBreak``).

Rules: a position is a collection of heaps; a move acts on one heap as the code allows (see
:mod:`cgt.games.octal_code`: ``"0.77"`` is Kayles -- remove 1 or 2 tokens, leaving 0, 1 or 2 heaps;
``"0.07"`` Dawson's Kayles; ``"0.137"`` Dawson's chess; ``"0.[3]"`` Nim; ``"4!.0"`` Grundy's game).
Impartial; normal play.  Positions print as heap sizes separated by spaces.

>>> kayles = TakeAndBreak("0.77")
>>> kayles.grundy_sequence(12)                 # Winning Ways ch. 4, Kayles
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
>>> kayles(4).options
[TakeAndBreak('0.77')('3'), TakeAndBreak('0.77')('1 2'), TakeAndBreak('0.77')('2'), TakeAndBreak('0.77')('1 1')]
>>> p = kayles.periodicity()
>>> p.period, p.preperiod, p.last_exceptional, p.certified   # Winning Ways: period 12, last exception 70
(12, 71, 70, True)

**Speed.**  For finite codes whose moves leave at most two heaps, sequences are computed with the
sparse-space ("rare values") technique of Gangolli–Plambeck and Flammenkamp: a bit mask splits values into
*rare* (even parity of ``v & mask``) and *common* ones, chosen so rare values are rare.  Since
common XOR common is rare, a common value is only reached by splits with a rare part, and only those few
splits are enumerated; rare values below the candidate are confirmed by a short search.  Once the octal
periodicity theorem certifies a period (``periodicity()``), longer sequences are filled in by the period,
which is exact by that theorem (``method="direct"`` disables this).
"""

from __future__ import annotations

from bisect import bisect_left
from operator import xor

from cgt.errors import InvalidPositionError
from cgt.impartial import mex

from cgt.games.heap import HeapRuleset
from cgt.games.octal_code import Code, parse_code
from cgt.games.periodicity import Periodicity, find_certified_period

__all__ = ["TakeAndBreak"]

CATALOGUE = {"TakeAndBreak": "game.heap.TakeAndBreak"}

_PLAIN_PREFIX = 256          # values computed before a sparse-space mask is chosen


def _parity(v: int) -> int:
    return v.bit_count() & 1


def _take_reach(seq: list[int], m: int, leave0, leave1) -> set[int]:
    """The values a heap of ``m`` reaches by a move that does not split it: taking ``j`` tokens with
    ``j`` in ``leave0`` (code digit bit 1, leave no heap; only when ``j == m``) or in ``leave1`` (bit 2,
    leave one heap of ``m - j > 0``)."""
    reach = {seq[m - j] for j in leave1 if j < m}
    if m in leave0:
        reach.add(0)
    return reach


class TakeAndBreak(HeapRuleset):
    """The take-and-break game with the given code, e.g. ``TakeAndBreak("0.77")(20)`` (Kayles, 20 pins).

    >>> TakeAndBreak("0.07").grundy_sequence(10)          # Dawson's Kayles, Winning Ways ch. 4
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    >>> TakeAndBreak("0.[3]")(5).grundy                    # Nim
    5
    >>> TakeAndBreak("0.8x")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPositionError: take-and-break code '0.8x' is not of the form d0.d1d2... (e.g. '0.77', '4.7', '0.[3]')
    """

    def __init__(self, code: str, name: str | None = None) -> None:
        self.code: Code = parse_code(code)
        self.code_text = str(self.code) if not self.code.has_unequal else code.strip()
        if name is not None:
            self.name = name

    def _params(self) -> tuple:
        return (self.code_text,)

    # -- moves -----------------------------------------------------------------------------------------
    def heap_options(self, n: int):
        """Every tuple of heaps one move can turn a heap of ``n`` into."""
        code = self.code
        result = []
        top = n if code.max_take is None else min(n, code.max_take)
        for j in range(0, top + 1):
            d = code.digit(j)
            if not d:
                continue
            rest = n - j
            unequal = code.is_unequal(j)
            if d & 1 and rest == 0 and j > 0:
                result.append(())
            if d & 2 and rest >= 1 and j > 0:
                result.append((rest,))
            if d & 4 and rest >= 2:
                for a in range(1, rest // 2 + 1):
                    if unequal and 2 * a == rest:
                        continue
                    result.append((a, rest - a))
            if d & 8 and rest >= 3:
                for a in range(1, rest // 3 + 1):
                    for b in range(a, (rest - a) // 2 + 1):
                        c = rest - a - b
                        if unequal and (a == b or b == c):
                            continue
                        result.append((a, b, c))
        return result

    # -- sequences ---------------------------------------------------------------------------------------
    def grundy_sequence(self, n: int, method: str = "auto") -> list[int]:
        """Grundy values of heaps ``0..n``.

        ``method="auto"`` fills values beyond a period certified by the octal periodicity theorem from the
        period (exact); ``"direct"`` computes every value by the sparse-space mex.
        """
        if method not in ("auto", "direct"):
            raise InvalidPositionError(f"grundy_sequence: method {method!r} is not 'auto' or 'direct'")
        if not isinstance(n, int) or n < 0:
            raise InvalidPositionError(f"{self!r}: grundy_sequence needs a non-negative int, got {n!r}")
        seq = self._sequence()
        if n >= len(seq):
            if method == "auto" and n > 4096 and self._certifiable():
                result = self._certified_period(limit=min(n, 16_384))
                if result.found:
                    self._extend_periodic(n, result.period, result.preperiod)
            self._extend(n)
        return self._sequence()[: n + 1]

    def _extend_periodic(self, n: int, p: int, n0: int) -> None:
        seq = self._sequence()
        start = len(seq)
        if start < n0 + p:
            self._extend(n0 + p)
            start = len(seq)
        block = seq[start - p:start]
        need = n + 1 - start
        reps, extra = divmod(need, p)
        seq.extend(block * reps + block[:extra])

    def _extend(self, n: int) -> None:
        code = self.code
        if code.max_take is None or code.max_parts == 3:
            super()._extend(n)                   # generic: unbounded codes or three-heap splits
            return
        self._extend_sparse(n)

    def _engine(self) -> dict:
        eng = self.__dict__.get("_eng")
        if eng is None:
            code = self.code
            k = code.max_take
            eng = self.__dict__["_eng"] = {
                "leave0": [j for j in range(1, k + 1) if code.digit(j) & 1],
                "leave1": [j for j in range(1, k + 1) if code.digit(j) & 2],
                "split": [(j, code.is_unequal(j)) for j in range(0, k + 1) if code.digit(j) & 4],
                "mask": 0, "rare": [], "hist": {}, "next_review": _PLAIN_PREFIX,
            }
        return eng

    def _choose_mask(self, eng: dict) -> None:
        """Pick the mask with the fewest rare positions (Gangolli–Plambeck sparse space), or 0 if none helps."""
        hist = eng["hist"]
        total = sum(hist.values())
        top = max(hist, default=0)
        best_mask, best_rare = 0, total
        for mask in range(1, 1 << max(1, top.bit_length())):
            rare = sum(c for v, c in hist.items() if not _parity(v & mask))
            if rare < best_rare:
                best_mask, best_rare = mask, rare
        if best_rare * 3 > total:         # no sparse space worth having: enumerate all splits
            best_mask = 0
        if best_mask != eng["mask"]:
            seq = self._sequence()
            eng["mask"] = best_mask
            eng["rare"] = [a for a in range(1, len(seq)) if not _parity(seq[a] & best_mask)] if best_mask else []

    def _extend_sparse(self, n: int) -> None:
        seq = self._sequence()
        eng = self._engine()
        m = len(seq)
        while m <= n:
            if m >= eng["next_review"]:
                self._choose_mask(eng)
                eng["next_review"] = 2 * m
            stop = min(n, eng["next_review"] - 1)
            if eng["mask"]:
                self._sparse_block(eng, m, stop)
            else:
                self._plain_block(eng, m, stop)
            m = stop + 1

    def _plain_block(self, eng: dict, lo: int, hi: int) -> None:
        """Values lo..hi by a plain mex over all options; the splits are enumerated at C speed."""
        seq, hist = self._sequence(), eng["hist"]
        leave0, leave1, split = eng["leave0"], eng["leave1"], eng["split"]
        for m in range(lo, hi + 1):
            reach = _take_reach(seq, m, leave0, leave1)
            for j, unequal in split:
                rest = m - j
                if rest >= 2:
                    half = (rest - 1) // 2 if unequal else rest // 2
                    reach.update(map(xor, seq[1:half + 1], reversed(seq[rest - half:rest])))
            g = mex(reach)
            seq.append(g)
            hist[g] = hist.get(g, 0) + 1

    def _sparse_block(self, eng: dict, lo: int, hi: int) -> None:
        """Values lo..hi by the sparse-space technique (see the module docstring)."""
        seq, hist = self._sequence(), eng["hist"]
        leave0, leave1, split = eng["leave0"], eng["leave1"], eng["split"]
        mask, rare = eng["mask"], eng["rare"]
        common: list[bool] = []
        for m in range(lo, hi + 1):
            reach = _take_reach(seq, m, leave0, leave1)
            for j, unequal in split:
                rest = m - j
                if rest < 2:
                    continue
                count = bisect_left(rare, rest)
                if unequal and not rest & 1:
                    reach.update([seq[a] ^ seq[rest - a] for a in rare[:count] if 2 * a != rest])
                else:
                    reach.update([seq[a] ^ seq[rest - a] for a in rare[:count]])
            # The least common value not reached is not reachable at all (common ^ common is rare).
            c = 0
            while True:
                if c >= len(common):
                    common.extend(bool(_parity(v & mask)) for v in range(len(common), 2 * c + 64))
                if common[c] and c not in reach:
                    break
                c += 1
            needed = {r for r in range(c) if not common[r] and r not in reach}
            g = c
            if needed:
                missing = _split_missing(seq, m, needed, split)
                if missing:
                    g = min(missing)
            seq.append(g)
            hist[g] = hist.get(g, 0) + 1
            if not _parity(g & mask):
                rare.append(m)

    def clear_cache(self) -> None:
        """Forget memoised values, the sequence, the sparse-space state and the certified period."""
        super().clear_cache()
        self.__dict__.pop("_eng", None)
        self.__dict__.pop("_period", None)

    # -- periodicity -------------------------------------------------------------------------------------
    def _certifiable(self) -> bool:
        return self.code.max_take is not None and not self.code.has_unequal

    def _certified_period(self, limit: int = 100_000) -> Periodicity:
        cached = self.__dict__.get("_period")
        if cached is not None and (cached.found or cached.checked_to >= limit):
            return cached
        k, m = self.code.max_take, self.code.max_parts

        def required(n0: int, p: int) -> int:
            # Octal periodicity theorem: g(n+p) = g(n) for n0 <= n < m*n0 + (m-1)*p + k suffices.
            return m * n0 + (m - 1) * p + k - 1 + p

        result = find_certified_period(lambda N: self.grundy_sequence(N, method="direct"), required,
                                       limit, "the octal periodicity theorem", min_start=1,
                                       name=f"{self!r}")
        self.__dict__["_period"] = result
        return result

    def periodicity(self, limit: int = 100_000) -> Periodicity:
        """Period and preperiod of the Grundy sequence, certified by the octal periodicity theorem.

        >>> r = TakeAndBreak("0.07").periodicity()
        >>> r.period, r.certified
        (34, True)
        >>> TakeAndBreak("4!.0").periodicity(limit=300).found          # Grundy's game: no theorem applies
        False
        """
        if self.code.has_unequal:
            return Periodicity(False, None, None, 0, False, "none", 0, None,
                               f"{self!r}: the octal periodicity theorem does not cover '!' (unequal heaps) "
                               f"codes; no certified period")
        if self.code.max_take is None:
            return self._unbounded_periodicity(limit)
        return self._certified_period(limit)

    def _unbounded_periodicity(self, limit: int) -> Periodicity:
        code = self.code
        digits = set(code.digits[1:]) | set(code.repeat)
        if digits <= {0, 3} and code.digits[0] == 0:
            # Only "remove j, leave at most one heap" moves: an all-but subtraction game.
            from cgt.games.periodicity import state_period

            period = len(code.repeat)
            start = len(code.digits)
            excluded = [j for j in range(1, start + period) if code.digit(j) == 0]
            if all(code.digit(j) == 3 for j in range(start, start + period)):
                return state_period(lambda N: self.grundy_sequence(N), frozenset(excluded), limit,
                                    name=f"{self!r}")
        return Periodicity(False, None, None, 0, False, "none", 0, None,
                           f"{self!r}: no periodicity theorem known to the library for this unbounded code")


def _split_missing(seq: list[int], m: int, needed: set[int], split) -> set[int]:
    """The values of ``needed`` that no split move from a heap of ``m`` reaches (``a + b = m - j``).

    All split digits are searched together, in chunks of growing size from ``a = 1`` on, and the search
    stops as soon as every needed value has been seen, so the cost is set by the earliest witnesses.
    """
    ranges = []
    for j, unequal in split:
        rest = m - j
        if rest >= 2:
            ranges.append((rest, (rest - 1) // 2 if unequal else rest // 2))
    start, size = 1, 8
    while ranges:
        end = start + size - 1
        alive = []
        for rest, half in ranges:
            stop = min(half, end)
            needed.difference_update(map(xor, seq[start:stop + 1], reversed(seq[rest - stop:rest - start + 1])))
            if not needed:
                return needed
            if stop < half:
                alive.append((rest, half))
        ranges = alive
        start, size = end + 1, size * 2
    return needed
