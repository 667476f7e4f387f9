"""Resource guards: sizes beyond which the shell refuses to compute, with a clear error.

The defaults let people do real work (a Grundy sequence of millions of heaps runs,
and Ctrl-C stops it); :data:`STRICT` is what the grammar fuzz uses, so that every
random program finishes quickly.

>>> DEFAULT.max_nimber
1048576
>>> STRICT.max_steps
20000
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """Caps on what one shell program may ask for.

    * ``max_int_bits``: size of any integer numerator/denominator the shell makes
      (Python prints at most 4300 digits, about 14,000 bits);
    * ``max_nimber``: ``n`` in ``*n``; ``max_ups``: ``n`` in ``^n``/``vn``;
    * ``max_up_index``: ``n`` in ``^<n>`` and ``^[n]``;
    * ``max_multiple``: ``|n|`` in ``n * G`` for a game G such that neither G nor G + G is a
      number + ups + star (those have closed forms: ``10^9 * {3|2}`` is quick);
    * ``max_range``: elements of one ``from a to b`` range;
    * ``max_steps``: evaluation steps of one program (None: unbounded, Ctrl-C stops it);
    * ``max_heap``: largest integer passed to a ruleset (None: unbounded).

    >>> Limits(max_steps=10).max_steps
    10
    """

    max_int_bits: int = 14_000
    max_nimber: int = 1 << 20
    max_ups: int = 1 << 20
    max_up_index: int = 200
    max_multiple: int = 1 << 12
    max_range: int = 10**8
    max_steps: int | None = None
    max_heap: int | None = None


#: What ``cgt`` and :func:`cgt.shell.run` use unless told otherwise.
DEFAULT = Limits()

#: Small caps under which any program finishes in well under a second (the fuzz tests use them).
STRICT = Limits(
    max_int_bits=512,
    max_nimber=64,
    max_ups=64,
    max_up_index=8,
    max_multiple=16,
    max_range=100,
    max_steps=20_000,
    max_heap=24,
)
