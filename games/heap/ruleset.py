"""Heap games: impartial rulesets played on a collection of heaps, each heap a separate component.

A position is a tuple of heap sizes in the order the user wrote them; an int ``n`` means the single heap
``(n,)``.  A move replaces one heap by the heaps it leaves (in place; empty heaps vanish) and is labelled
``h→parts``: ``7→1+6`` splits a heap of 7, ``3→0`` takes a whole heap of 3.  Only the value tables
sort the heaps and drop empty ones (``normal_form``).  Subclasses define ``heap_options(n)`` -- the tuples
of heaps a single heap of ``n`` can become.  Grundy values of single heaps come from an array-based Grundy
sequence (``grundy_sequence``), extended on demand; a position's value is the XOR over its heaps.

>>> class Halve(HeapRuleset):
...     '''Replace a heap of n by one of size at least n/2 and less than n.'''
...     def heap_options(self, n):
...         return [(k,) for k in range((n + 1) // 2, n)]
>>> Halve().grundy_sequence(8)
[0, 0, 1, 0, 2, 1, 3, 0, 4]
>>> h = Halve()
>>> str(h(6, 4)), h(6, 4).grundy, h.parse("6 + 4") == (6, 4)
('6 4', 1, True)
>>> [str(m) for m in h(6, 4).moves()]
['6→3 -> 3 4', '6→4 -> 4 4', '6→5 -> 5 4', '4→2 -> 6 2', '4→3 -> 6 3']
"""

from __future__ import annotations

import re
from functools import reduce
from operator import xor

from cgt.runtime.arguments import integer_argument, is_digits
from cgt.errors import CGTError, InvalidPositionError, NotApplicableError, TooLargeError
from cgt.impartial.grundy import mex
from cgt.runtime.interrupt import check_interrupt
from cgt.runtime.progress import Progress

from cgt.games.engine import results_cache
from cgt.games.engine.ruleset import ImpartialRuleset

__all__ = ["HeapRuleset"]

_SEPARATORS = re.compile(r"[\s,+]+")


class HeapRuleset(ImpartialRuleset):
    """Base class of heap games; subclasses define :meth:`heap_options`."""

    abstract = True

    #: Largest heap for which ``grundy_sequence`` may be computed implicitly (guards against typos).
    max_heap = 50_000_000

    @classmethod
    def from_function(cls, fn, name: str | None = None):
        """The heap ruleset whose heap of ``n`` has the options ``fn(n)`` (a collection of collections of
        heap sizes; CGSuite's static ``HeapRuleset(fn)``).  See :mod:`cgt.games.heap.functional`."""
        from cgt.games.heap.functional import FunctionalHeapRuleset

        return FunctionalHeapRuleset(fn, name=name)

    def partizan_join(self, that: "HeapRuleset"):
        """The partizan heap game where Left plays this ruleset and Right ``that`` (CGSuite ``PartizanJoin``)."""
        from cgt.games.heap.partizan_heap import PartizanHeapRuleset

        return PartizanHeapRuleset(self, that)

    def cake_product(self, that: "HeapRuleset", twisted: bool = False):
        """``GenCutcake(self, that, twisted)`` (CGSuite ``CakeProduct``): Left plays this ruleset on a
        cake's second coordinate, Right ``that`` on the first."""
        from cgt.games.heap.cutcake import GenCutcake

        return GenCutcake(self, that, twisted)

    def join(self, that: "HeapRuleset"):
        """The heap ruleset whose moves are this one's and ``that``'s (CGSuite ``Join``)."""
        from cgt.games.heap.products import JoinedHeapRuleset

        return JoinedHeapRuleset(self, that)

    def acrostic_product(self, that: "HeapRuleset"):
        """Pairs ``(m, n)``: a move plays this ruleset on ``m`` or ``that`` on ``n`` (CGSuite ``AcrosticProduct``)."""
        from cgt.games.heap.products import AcrosticProduct

        return AcrosticProduct(self, that)

    def direct_product(self, that: "HeapRuleset"):
        """The Tartan product with ``that`` (CGSuite ``DirectProduct``; see :mod:`cgt.games.heap.products`)."""
        from cgt.games.heap.products import DirectProduct

        return DirectProduct(self, that)

    # -- moves -----------------------------------------------------------------------------------------
    def heap_options(self, n: int):
        """Tuples of heap sizes that a single heap of ``n`` can be turned into (subclasses override)."""
        raise NotApplicableError(f"{self!r} does not define heap_options")

    def normalize(self, pos) -> tuple[int, ...]:
        """An int or an iterable of ints -> the tuple of heap sizes, as written."""
        if isinstance(pos, bool):
            raise InvalidPositionError(f"{self!r}: {pos!r} is not a heap size")
        if isinstance(pos, int):
            heaps = (pos,)
        else:
            try:
                heaps = tuple(pos)
            except TypeError:
                raise InvalidPositionError(f"{self!r}: {pos!r} is not a heap size or a list of heaps") from None
        return tuple(integer_argument(h, f"{self!r}: heap size", minimum=0, error=InvalidPositionError)
                     for h in heaps)

    def normal_form(self, pos):
        """The sorted non-empty heaps (order and empty heaps do not change the game)."""
        return tuple(sorted(h for h in pos if h)), False

    def parse(self, text: str) -> tuple[int, ...]:
        """Heap sizes separated by spaces, commas or ``+``, optionally in brackets: ``"3 4"``, ``"[3,4]"``."""
        body = text.strip().strip("[]()").strip()
        if not body:
            return ()
        parts = _SEPARATORS.split(body)
        if not all(is_digits(part) for part in parts):
            raise InvalidPositionError(f"{self!r}: cannot parse heaps {text!r} (want e.g. '3 4' or '[3,4]')")
        return self.normalize([int(part) for part in parts])

    def format(self, pos) -> str:
        """Heaps separated by spaces; the empty position prints as ``0``."""
        return " ".join(str(h) for h in pos) if pos else "0"

    def moves(self, pos, player=None):
        """``(label, option)`` for each move: one heap replaced, in place, by one of its heap options."""
        result = []
        for i, h in enumerate(pos):
            before, after = pos[:i], pos[i + 1:]
            for heaps in self.heap_options(h):
                parts = tuple(x for x in heaps if x)
                label = f"{h}→{'+'.join(map(str, parts)) or '0'}"
                result.append((label, before + parts + after))
        return result

    def options(self, pos):
        """The positions one move reaches (one per move, as :meth:`moves`)."""
        return [option for _, option in self.moves(pos)]

    def components(self, pos):
        """Each non-empty heap is a component."""
        heaps = [(h,) for h in pos if h]
        return heaps if len(heaps) > 1 else [pos]

    # -- values --------------------------------------------------------------------------------------------
    def known_grundy_values(self) -> list[int]:
        """The Grundy values of single heaps ``0, 1, ...`` computed so far: the ruleset's own list, which
        :meth:`grundy_sequence` extends in place (a subclass's ``_extend`` appends to it; callers only read).

        >>> from cgt.games import Kayles
        >>> Kayles.grundy_sequence(5) and Kayles.known_grundy_values()[:6]
        [0, 1, 2, 3, 1, 4]
        """
        seq = self.__dict__.get("_seq")
        if seq is None:
            self.table("values")                     # registers the ruleset with cgt.clear_caches()
            seq = self.__dict__["_seq"] = [0]        # the empty heap has no moves
            if results_cache.ACTIVE is not None:      # opt-in: a sequence computed by an earlier session
                results_cache.load_sequence(self, seq)
        return seq

    def heap_grundy(self, n: int) -> int:
        """The Grundy value of a single heap of ``n``."""
        seq = self.known_grundy_values()
        if n >= len(seq):
            if n > self.max_heap:
                return self._grundy_from_period(n)
            self.grundy_sequence(max(n, 2 * len(seq)))
        return self.known_grundy_values()[n]

    def _grundy_from_period(self, n: int) -> int:
        """``g(n)`` for a heap beyond ``max_heap``, from a certified (arithmetic) period -- exact, by the
        theorem that certified it (see :mod:`cgt.games.heap.periodicity`) -- or TooLargeError."""
        try:
            period = self.periodicity()
        except CGTError:
            period = None
        if period is None or not period.certified:
            raise TooLargeError(f"{self!r}: heap {n} is larger than max_heap = {self.max_heap}, and no certified "
                                f"period gives its value")
        n0, p = period.preperiod, period.period
        cycles, offset = divmod(n - n0, p)
        return self.heap_grundy(n0 + offset) + cycles * period.saltus

    def grundy(self, pos) -> int:
        """The XOR of the heap values (Grundy value of a sum, Faigle Thm 2.5)."""
        return reduce(xor, (self.heap_grundy(h) for h in pos), 0)

    def grundy_sequence(self, n: int) -> list[int]:
        """The Grundy values of single heaps of sizes ``0, 1, ..., n`` (``n + 1`` values)."""
        n = integer_argument(n, f"{self!r}: grundy_sequence", minimum=0, error=InvalidPositionError)
        if n >= len(self.known_grundy_values()):
            self._extend(n)
        return self.known_grundy_values()[: n + 1]

    def _extend(self, n: int) -> None:
        """Extend the Grundy sequence through index ``n`` (generic mex over heap options)."""
        seq = self.known_grundy_values()
        with Progress("heaps", total=n + 1 - len(seq)) as progress:
            for m in range(len(seq), n + 1):
                seq.append(mex(reduce(xor, (seq[h] for h in heaps), 0) for heaps in self.heap_options(m)))
                progress.tick()
                check_interrupt()

    def attach_results_cache(self) -> None:
        """Called when the results cache is enabled: a sequence computed before is saved from now on (or
        extended from the file, when the file knows more)."""
        seq = self.__dict__.get("_seq")
        if seq is not None:
            results_cache.attach_sequence(self, seq)

    def adopt_grundy_sequence(self, values) -> None:
        """Take over Grundy values of heaps ``0, 1, ...`` computed elsewhere for this same ruleset (a worker
        process, the on-disk results cache) when they reach further than the sequence known here."""
        if len(values) > len(self.known_grundy_values()):
            self.clear_cache()              # subclasses keep search state derived from the sequence: restart it
            self.known_grundy_values()[:] = values

    def misere_grundy_sequence(self, n: int) -> list[int]:
        """Misère Grundy values of single heaps ``0..n`` (1 at terminal heaps; see :mod:`cgt.misere.play`)."""
        return [self.misere_grundy((m,) if m else ()) for m in range(n + 1)]

    def genus_sequence(self, n: int, terms: int = 6) -> list:
        """Conway's genus of single heaps ``0..n`` as ``(g, (g0, g1, ...))`` pairs (Winning Ways ch. 13)."""
        return [self.genus((m,) if m else (), terms) for m in range(n + 1)]

    def periodicity(self, limit: int = 100_000):
        """Periodicity of the Grundy sequence; subclasses with a theorem override.  Here: none certified."""
        from cgt.games.heap.periodicity import Periodicity

        return Periodicity(False, None, None, 0, False, "none", 0, None,
                           f"{self!r}: no periodicity theorem is known to the library for this ruleset")

    def clear_cache(self) -> None:
        """Forget memoised values, including the Grundy sequence."""
        super().clear_cache()
        self.__dict__.pop("_seq", None)
