"""CGSuite's ``Random(seed)``: a seeded generator whose draws are those of CGSuite's, so that a script that
draws random positions from a seed sees the same positions in both programs.

CGSuite seeds ``java.util.Random`` with the seed and draws ``NextInteger(n)`` as a ``BigInteger`` of the bit
length of ``n - 1``, drawing again while the result is ``n`` or more.  The generator is the one the Java
platform documents for ``java.util.Random``: a 48-bit linear congruential generator (multiplier
``0x5DEECE66D``, increment ``0xB``; Knuth, *The Art of Computer Programming*, vol. 2, 3.2.1), seeded with
``seed XOR 0x5DEECE66D``; ``nextBytes`` fills bytes from successive 32-bit outputs, low byte first, and a
random ``BigInteger`` of ``b`` bits reads those bytes as a big-endian magnitude with the excess high bits of
the first byte cleared.  ``NextInteger(1)`` is 0 (CGSuite's own raises an error there: a bit length of 0).

>>> r = JavaRandom(1)
>>> [r.next_integer(100) for _ in range(5)]
[88, 18, 93, 85, 18]
>>> str(r)
'Random(1)'
"""

from __future__ import annotations

from cgt.errors import NotApplicableError
from cgt.runtime.arguments import integer_argument

from cgt.shell.method_registry import Section

__all__ = ["JavaRandom", "RANDOMS", "make_random"]

_MULTIPLIER = 0x5DEECE66D
_INCREMENT = 0xB
_MASK = (1 << 48) - 1


class JavaRandom:
    """A random generator seeded with ``seed`` that draws what CGSuite's ``Random(seed)`` draws (Java's
    ``java.util.Random``); mutable, as CGSuite's is: each draw moves it on."""

    __slots__ = ("seed", "_state")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._state = (seed ^ _MULTIPLIER) & _MASK

    def _next(self, bits: int) -> int:
        """The top ``bits`` bits of the next state, as an unsigned number."""
        self._state = (self._state * _MULTIPLIER + _INCREMENT) & _MASK
        return self._state >> (48 - bits)

    def _random_bits(self, bits: int) -> int:
        """Java's ``new BigInteger(bits, random)``: uniform in ``0 .. 2^bits - 1``."""
        count = (bits + 7) // 8
        data = bytearray(count)
        i = 0
        while i < count:
            word = self._next(32)
            for _ in range(min(count - i, 4)):
                data[i] = word & 0xFF
                word >>= 8
                i += 1
        if count:
            data[0] &= (1 << (8 - (8 * count - bits))) - 1
        return int.from_bytes(data, "big")

    def next_integer(self, upper: int) -> int:
        """Uniform in ``0 .. upper - 1`` (``upper >= 1``), as CGSuite's ``NextInteger`` draws it."""
        upper = integer_argument(upper, "NextInteger: upperBound", minimum=1, error=NotApplicableError)
        bits = (upper - 1).bit_length()
        while True:
            draw = self._random_bits(bits)
            if draw < upper:
                return draw

    def __str__(self) -> str:
        return f"Random({self.seed})"

    __repr__ = __str__


def make_random(args) -> JavaRandom:
    """``Random(seed)``: a generator seeded with the integer ``seed``."""
    seed = integer_argument(args[0], "Random: seed", error=NotApplicableError)
    return JavaRandom(seed)


RANDOMS = Section("random generators", JavaRandom, letter="r")


@RANDOMS.method("NextInteger", arity=(1, 1), usage="r.NextInteger(upperBound)")
def next_integer(r: JavaRandom, upper) -> int:
    """A random integer from 0 to ``upperBound - 1``, each as likely (the generator moves on)."""
    return r.next_integer(upper)
