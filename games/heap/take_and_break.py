"""Take-and-break heap games given by a code (Winning Ways ch. 4; CGSuite ``TakeAndBreak``).

Rules: a position is a collection of heaps; a move acts on one heap as the code allows (see
:mod:`cgt.games.heap.octal_code` for the full CGSuite grammar -- digits to ``V``, ``&n;``, heap-count lists
``{2,3+}``, ``*``, the ``!``/``?``/``=`` modifiers, ``[...]`` repeats, digits before the point: ``"0.77"`` is
Kayles -- remove 1 or 2 tokens, leaving 0, 1 or 2 heaps; ``"0.07"`` Dawson's Kayles; ``"0.137"`` Dawson's
chess; ``"0.[3]"`` Nim; ``"4!.0"`` Grundy's game; ``"{2+}=.0"`` Maundy's heap).  Impartial; normal play.
Positions print as heap sizes separated by spaces.  ``TakeAndBreak.from_subtraction_set`` and
``Splittles`` build codes from subtraction sets (CGSuite ``FromSubtractionSet``, ``Splittles``).

>>> kayles = TakeAndBreak("0.77")
>>> kayles.grundy_sequence(12)                 # Winning Ways ch. 4, Kayles
[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]
>>> kayles(4).options
[TakeAndBreak('0.77')('3'), TakeAndBreak('0.77')('1 2'), TakeAndBreak('0.77')('2'), TakeAndBreak('0.77')('1 1')]
>>> p = kayles.periodicity()
>>> p.period, p.preperiod, p.last_exceptional, p.certified   # Winning Ways: period 12, last exception 70
(12, 71, 70, True)

**Speed.**  For finite codes of plain digits whose moves leave at most two heaps, sequences are computed by
the engines of :mod:`cgt.games.heap.octal_sequence` (in C when it is built): the values of all splits of a
heap are one XOR of the sequence with its reverse, searched with ``memchr``, or, where rare values are rare,
only the splits with a rare part (the sparse space); Grundy's game's ``g(0..100000)`` takes under a second.  Once the octal periodicity theorem certifies a period (``periodicity()``), longer sequences are
filled in by the period, which is exact by that theorem (``method="direct"`` disables this).  Long runs show
progress and stop on Ctrl-C.
"""

from __future__ import annotations

from cgt.runtime.arguments import is_integer_value
from cgt.errors import InvalidPositionError

from cgt.games.heap.ruleset import HeapRuleset
from cgt.games.heap.octal_code import Code, parse_code, partitions
from cgt.games.heap.octal_sequence import sequence_engine
from cgt.games.heap.periodicity import Periodicity, find_certified_period

__all__ = ["TakeAndBreak", "Splittles", "subtraction_set_code"]

CATALOGUE = {"TakeAndBreak": "game.heap.TakeAndBreak", "Splittles": "game.heap.Splittles"}


class TakeAndBreak(HeapRuleset):
    """The take-and-break game with the given code, e.g. ``TakeAndBreak("0.77")(20)`` (Kayles, 20 pins).

    >>> TakeAndBreak("0.07").grundy_sequence(10)          # Dawson's Kayles, Winning Ways ch. 4
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    >>> TakeAndBreak("0.[3]")(5).grundy                    # Nim
    5
    >>> TakeAndBreak("0.8x")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPositionError: take-and-break code '0.8x' is not of the form d0.d1d2...: unexpected character at index 3 ('x'); e.g. '0.77', '4!.0', '0.[3]', '{2+}=.0'
    """

    def __init__(self, code: str, name: str | None = None) -> None:
        self.code: Code = parse_code(code)
        self.code_text = str(self.code)
        if name is not None:
            self.name = name

    def params(self) -> tuple:
        return (self.code_text,)

    # -- moves -----------------------------------------------------------------------------------------
    def heap_options(self, n: int):
        """Every tuple of heaps one move can turn a heap of ``n`` into (counts in increasing order, each
        tuple non-decreasing; adding-token digits first, then removing 0, 1, 2, ... tokens)."""
        if n < 1:
            return []
        code = self.code
        result = []
        top = n if code.max_take is None else min(n, code.max_take)
        for j in range(-len(code.adds), top + 1):
            rule = code.rule(j)
            if rule.is_zero:
                continue
            rest = n - j
            for k in rule.counts(rest):
                if k == 0:
                    if rest == 0:
                        result.append(())
                elif k == 1:
                    if j != 0:
                        result.append((rest,))
                else:
                    result.extend(partitions(rest, k, rule.modifier(k)))
        return result

    @classmethod
    def from_subtraction_set(cls, subtset, code_digit: str = "3", all_but: bool = False,
                             name: str | None = None) -> "TakeAndBreak":
        """The code whose digit ``j`` is ``code_digit`` iff ``j`` is in ``subtset`` (else ``0``); with
        ``all_but`` the test is inverted and ``[code_digit]`` repeats after the last entry (CGSuite
        ``TakeAndBreak.FromSubtractionSet``).  Entries ``<= 0`` give the digits at and before the point.

        >>> TakeAndBreak.from_subtraction_set([1, 3]).code_text, TakeAndBreak.from_subtraction_set([2], "7", True).code_text
        ('0.303', '0.70[7]')
        >>> TakeAndBreak.from_subtraction_set([1, 3]).grundy_sequence(6)
        [0, 1, 0, 1, 0, 1, 0]
        """
        code = subtraction_set_code(subtset, code_digit, all_but)
        return cls(code, name=name)

    # -- sequences ---------------------------------------------------------------------------------------
    def grundy_sequence(self, n: int, method: str = "auto") -> list[int]:
        """Grundy values of heaps ``0..n``.

        ``method="auto"`` fills values beyond a period certified by the octal periodicity theorem from the
        period (exact); ``"direct"`` computes every value (see **Speed** in the module docstring).
        """
        if method not in ("auto", "direct"):
            raise InvalidPositionError(f"grundy_sequence: method {method!r} is not 'auto' or 'direct'")
        if not is_integer_value(n) or n < 0:
            raise InvalidPositionError(f"{self!r}: grundy_sequence needs a non-negative int, got {n!r}")
        seq = self.known_grundy_values()
        if n >= len(seq):
            if method == "auto" and n > 4096 and self._certifiable():
                result = self._certified_period(limit=min(n, 16_384))
                if result.found:
                    self._extend_periodic(n, result.period, result.preperiod)
            self._extend(n)
        return self.known_grundy_values()[: n + 1]

    def _extend_periodic(self, n: int, p: int, n0: int) -> None:
        seq = self.known_grundy_values()
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
        if code.max_take is None or not code.is_octal_like or code.max_parts > 2:
            super()._extend(n)                   # generic: unbounded codes, lists, modifiers, 3+ heaps
            return
        self._engine().extend(self.known_grundy_values(), n)

    def sequence_moves(self) -> dict:
        """The moves of a code with a largest take and at most two heaps left, as the Grundy-sequence
        engines (:mod:`cgt.games.heap.octal_sequence`) take them.

        >>> TakeAndBreak("0.137").sequence_moves()
        {'leave0': [1, 2, 3], 'leave1': [2, 3], 'split': [(3, False)]}
        """
        code = self.code
        k = code.max_take
        return {"leave0": [j for j in range(1, k + 1) if code.digit(j) & 1],
                "leave1": [j for j in range(1, k + 1) if code.digit(j) & 2],
                "split": [(j, code.is_unequal(j)) for j in range(0, k + 1) if code.digit(j) & 4]}

    def _engine(self):
        eng = self.__dict__.get("_eng")
        if eng is None:
            eng = self.__dict__["_eng"] = sequence_engine(**self.sequence_moves())
        return eng

    def clear_cache(self) -> None:
        """Forget memoised values, the sequence, the sequence engine's arrays and the certified period."""
        super().clear_cache()
        self.__dict__.pop("_eng", None)
        self.__dict__.pop("_period", None)

    # -- periodicity -------------------------------------------------------------------------------------
    def _certifiable(self) -> bool:
        return self.code.max_take is not None and not self.code.has_unequal and self.code.is_octal_like

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
        if not self.code.is_octal_like:
            return Periodicity(False, None, None, 0, False, "none", 0, None,
                               f"{self!r}: heap-count lists, '*' and added tokens are not covered by the octal "
                               f"periodicity theorem in the library; no certified period")
        if self.code.max_take is None:
            return self._unbounded_periodicity(limit)
        return self._certified_period(limit)

    def _unbounded_periodicity(self, limit: int) -> Periodicity:
        code = self.code
        digits = set(code.digits[1:]) | set(code.repeat)
        if digits <= {0, 3} and code.digits[0] == 0:
            # Only "remove j, leave at most one heap" moves: an all-but subtraction game.
            from cgt.games.heap.periodicity import state_period

            period = len(code.repeat)
            start = len(code.digits)
            excluded = [j for j in range(1, start + period) if code.digit(j) == 0]
            if all(code.digit(j) == 3 for j in range(start, start + period)):
                return state_period(lambda N: self.grundy_sequence(N), frozenset(excluded), limit,
                                    name=f"{self!r}")
        return Periodicity(False, None, None, 0, False, "none", 0, None,
                           f"{self!r}: no periodicity theorem known to the library for this unbounded code")


def subtraction_set_code(subtset, code_digit: str = "3", all_but: bool = False) -> str:
    """The code text of CGSuite's ``TakeAndBreak.FromSubtractionSet(subtset, codeDigit, allbut)``."""
    if isinstance(subtset, (str, bytes)):
        raise InvalidPositionError(f"subtraction set {subtset!r} must be a collection of integers")
    try:
        items = sorted(set(subtset))
    except TypeError:
        raise InvalidPositionError(f"subtraction set {subtset!r} must be a collection of integers") from None
    for s in items:
        if not is_integer_value(s):
            raise InvalidPositionError(f"subtraction set element {s!r} is not an integer")
    if not isinstance(code_digit, str) or not code_digit:
        raise InvalidPositionError(f"code digit {code_digit!r} must be a code digit such as '3' or '7'")
    parse_code("0." + code_digit)                   # validates the digit (one group, e.g. '7', '&40;', '{2,3}')
    if all_but:
        bad = [s for s in items if s < 1]
        if bad:
            raise InvalidPositionError(f"all_but subtraction set element {bad[0]} is not a positive integer")
        top = items[-1] if items else 0
        return "0." + "".join("0" if j in items else code_digit for j in range(1, top + 1)) + f"[{code_digit}]"
    low = min(items[0], 0) if items else 0
    high = max(items[-1], 0) if items else 0
    before = "".join(code_digit if j in items else "0" for j in range(low, 1))
    after = "".join(code_digit if j in items else "0" for j in range(1, high + 1))
    return f"{before}.{after or '0'}"


class Splittles(TakeAndBreak):
    """Splittles: remove ``s`` tokens (``s`` in the set, or not in it with ``all_but``) and leave the rest
    as at most two heaps -- the code with digit ``7`` at each ``s`` (CGSuite ``game.heap.Splittles``).

    >>> Splittles([1, 2]).grundy_sequence(8) == TakeAndBreak("0.77").grundy_sequence(8)     # Kayles
    True
    >>> Splittles([1, 2]).code_text, Splittles([1], all_but=True).code_text
    ('0.77', '0.0[7]')
    """

    def __init__(self, subtset, all_but: bool = False, name: str | None = None) -> None:
        super().__init__(subtraction_set_code(subtset, "7", all_but), name=name)
        self.subtraction_set = tuple(sorted(set(subtset)))
        self.all_but = bool(all_but)

    def params(self) -> tuple:
        return (list(self.subtraction_set), self.all_but) if self.all_but else (list(self.subtraction_set),)

