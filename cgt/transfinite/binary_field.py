"""Fast arithmetic in large finite fields GF(2^n), for the excesses of Lenstra's transfinite nim arithmetic.

Polynomials over GF(2) are Python ints (bit i = coefficient of t^i).  Their product (carry-less
multiplication) is computed by *Kronecker substitution*: each bit is spread into a slot of k bytes, the
two spread numbers are multiplied as ordinary integers (Python's Karatsuba), and the coefficient of t^i is
the parity of slot i — exact as long as no slot sum reaches 256^k (a slot sums at most min(deg a, deg b)+1
products of bits).  Spreading and gathering are done with bytes operations, so the Python-level work per
product is constant.

A field GF(2)[t]/(m) reduces by Barrett's method (for polynomials it is exact: with μ = ⌊t^(2n)/m⌋,
⌊a/m⌋ = ⌊(⌊a/t^n⌋ μ)/t^n⌋ for deg a < 2n).

>>> clmul(0b11, 0b11), clmul(0b101, 0b111)
(5, 27)
>>> F = PolyField(0b10011)        # GF(16) = GF(2)[t]/(t^4 + t + 1)
>>> F.mul(0b10, 0b1000), F.pow(0b10, 15), F.mul(F.inverse(0b111), 0b111)
(3, 1, 1)
"""

from __future__ import annotations

__all__ = ["clmul", "poly_divmod", "PolyField", "KummerField", "nullspace_relation"]

_BIT_TO_BYTE = bytes.maketrans(b"01", b"\x00\x01")
_LOW_BIT_TO_CHAR = bytes((48 + (v & 1)) for v in range(256))


def _spread(a: int, k: int) -> int:
    """a with bit i moved to bit 8·k·i."""
    ones = bin(a)[:1:-1].encode().translate(_BIT_TO_BYTE)  # one byte per bit, lowest first
    if k == 1:
        return int.from_bytes(ones, "little")
    out = bytearray(len(ones) * k)
    out[::k] = ones
    return int.from_bytes(out, "little")


def clmul(a: int, b: int) -> int:
    """The product of two GF(2) polynomials given as ints (carry-less multiplication).

    >>> clmul(0b1011, 0b1101) == 0b1111111
    True
    """
    if a < b:
        a, b = b, a
    if b < 2:
        return a if b else 0
    if b < 1 << 16:  # short operand: shift and add
        r = 0
        i = 0
        while b:
            if b & 1:
                r ^= a << i
            b >>= 1
            i += 1
        return r
    terms = b.bit_length()  # a slot sums at most this many products
    k = 1 if terms < 256 else 2 if terms < 1 << 16 else 3 if terms < 1 << 24 else 4
    product = _spread(a, k) * _spread(b, k)
    data = product.to_bytes((product.bit_length() + 7) // 8 + k, "little")[::k]
    return int(data.translate(_LOW_BIT_TO_CHAR)[::-1], 2)


def clsquare(a: int) -> int:
    """a² over GF(2): the bits spread apart (the Frobenius map is additive)."""
    return int("0".join(bin(a)[2:]), 2) if a else 0


def poly_divmod(a: int, m: int) -> tuple[int, int]:
    """Quotient and remainder of GF(2) polynomials (schoolbook; for setting up, not for inner loops)."""
    n = m.bit_length() - 1
    q = 0
    while a.bit_length() - 1 >= n:
        s = a.bit_length() - 1 - n
        q |= 1 << s
        a ^= m << s
    return q, a


class PolyField:
    """GF(2^n) = GF(2)[t]/(m) for an irreducible m of degree n (not checked here).

    >>> F = PolyField(0b111)          # GF(4)
    >>> [F.mul(2, x) for x in range(4)]
    [0, 2, 3, 1]
    """

    def __init__(self, modulus: int):
        self.modulus = modulus
        self.n = modulus.bit_length() - 1
        self._mu = poly_divmod(1 << (2 * self.n), modulus)[0]

    def reduce(self, a: int) -> int:
        """a mod m for deg a < 2n (Barrett)."""
        n = self.n
        if a >> n == 0:
            return a
        q = clmul(a >> n, self._mu) >> n
        return a ^ clmul(q, self.modulus)

    def mul(self, a: int, b: int) -> int:
        return self.reduce(clmul(a, b))

    def square(self, a: int) -> int:
        return self.reduce(clsquare(a))

    def pow(self, a: int, e: int) -> int:
        """a^e for e ≥ 0 (left-to-right square and multiply)."""
        r = 1
        for bit in bin(e)[2:]:
            r = self.square(r)
            if bit == "1":
                r = self.mul(r, a)
        return r

    def inverse(self, a: int) -> int:
        """a^(-1) = a^(2^n - 2) (Fermat), for a ≠ 0."""
        if not a:
            raise ZeroDivisionError("0 has no inverse")
        return self.pow(a, (1 << self.n) - 2)


class KummerField:
    """E = B[z]/(z^q - c) for a field B (a :class:`PolyField`), q prime and c ∈ B not a q-th power of B,
    so that E is a field of degree q over B.  Elements are lists of q elements of B (coefficients of z^i).

    The product packs each operand's coefficients into one big polynomial with a stride of 2n bits
    (Kronecker substitution in z), multiplies once, and reduces the 2q-1 chunks in B, folding
    z^(q+i) = c·z^i.

    >>> B = PolyField(0b111)                # GF(4), with 2 a non-cube (ω^3 = 2 in ONAG's nimbers)
    >>> E = KummerField(B, 3, 0b10)         # GF(64) = GF(4)[z]/(z^3 - t)
    >>> z = [0, 1, 0]
    >>> E.mul(E.mul(z, z), z), E.pow(z, 9)
    ([2, 0, 0], [1, 0, 0])
    """

    def __init__(self, base: PolyField, q: int, c: int):
        self.base, self.q, self.c = base, q, c
        self.stride = 2 * base.n
        self._mask = (1 << self.stride) - 1
        self._frobenius_tables: dict = {}

    def one(self) -> list:
        return [1] + [0] * (self.q - 1)

    def _pack(self, x: list) -> int:
        s = self.stride
        r = 0
        for i in range(len(x) - 1, -1, -1):
            r = (r << s) | x[i]
        return r

    def _fold(self, packed: int, length: int) -> list:
        B, q, s, mask = self.base, self.q, self.stride, self._mask
        chunks = [(packed >> (s * i)) & mask for i in range(length)]
        out = [B.reduce(v) for v in chunks[:q]]
        for i in range(q, length):
            if chunks[i]:
                out[i - q] ^= B.mul(B.reduce(chunks[i]), self.c)
        return out

    def mul(self, x: list, y: list) -> list:
        return self._fold(clmul(self._pack(x), self._pack(y)), 2 * self.q - 1)

    def square(self, x: list) -> list:
        # (Σ x_i z^i)^2 = Σ x_i^2 z^(2i) in characteristic 2
        B, q = self.base, self.q
        out = [0] * q
        for i, v in enumerate(x):
            if v:
                w = B.square(v)
                j = 2 * i
                if j >= q:
                    out[j - q] ^= B.mul(w, self.c)
                else:
                    out[j] ^= w
        return out

    def pow(self, x: list, e: int) -> list:
        """x^e for e ≥ 0 (sliding window of 4 bits over the exponent)."""
        if e == 0:
            return self.one()
        odd = [x]
        x2 = self.square(x)
        for _ in range(7):
            odd.append(self.mul(odd[-1], x2))  # x, x^3, ..., x^15
        bits = bin(e)[2:]
        r = None
        i = 0
        while i < len(bits):
            if bits[i] == "0":
                r = self.square(r)
                i += 1
                continue
            j = min(i + 4, len(bits))
            while bits[j - 1] == "0":
                j -= 1
            w = int(bits[i:j], 2)
            if r is not None:
                for _ in range(j - i):
                    r = self.square(r)
                r = self.mul(r, odd[w >> 1])
            else:
                r = odd[w >> 1]
            i = j
        return r


    def frobenius(self, x: list, s: int) -> list:
        """x^(2^s): each coefficient to the 2^s-th power in B, and z^i ↦ z^(i·2^s) = b^i c^⌊i r/q⌋ z^(i r mod q)
        where z^(2^s) = b z^r (r = 2^s mod q, b = c^⌊2^s/q⌋)."""
        B, q = self.base, self.q
        s %= B.n * q
        table = self._frobenius_tables.get(s)
        if table is None:
            e = 1 << s
            r, b = e % q, B.pow(self.c, (e // q) % ((1 << B.n) - 1))
            table, index, factor = [], 0, 1
            for _ in range(q):
                table.append((index, factor))
                index, factor = index + r, B.mul(factor, b)
                if index >= q:
                    index, factor = index - q, B.mul(factor, self.c)
            self._frobenius_tables[s] = table
        squarings = s % B.n
        out = [0] * q
        for v, (index, factor) in zip(x, table):
            if v:
                for _ in range(squarings):
                    v = B.square(v)
                out[index] ^= B.mul(v, factor)
        return out

    def inverse(self, x: list) -> list:
        """x^(-1) = x^(r-1) · N(x)^(-1), where r = 1 + Q + ... + Q^(q-1) (Q = |B|), N(x) = x^r ∈ B is the norm
        to B, and x^(r-1) = φ(x^(1 + Q + ... + Q^(q-2))) with the Frobenius φ = (·)^Q, which fixes B (the
        Itoh–Tsujii chain, as in :meth:`is_power`).

        >>> E = KummerField(PolyField(0b111), 3, 0b10)
        >>> E.mul([1, 1, 0], E.inverse([1, 1, 0]))
        [1, 0, 0]
        """
        if not any(x):
            raise ZeroDivisionError("0 has no inverse")
        n, B = self.base.n, self.base
        a, k = x, 1
        for bit in bin(self.q - 1)[3:]:
            a = self.mul(a, self.frobenius(a, n * k))
            k *= 2
            if bit == "1":
                a = self.mul(self.frobenius(a, n), x)
                k += 1
        rest = self.frobenius(a, n)          # x^(Q + ... + Q^(q-1))
        norm = self.mul(rest, x)
        if any(norm[1:]):
            raise AssertionError("the norm is not in the base field")  # pragma: no cover
        scale = B.inverse(norm[0])
        return [B.mul(v, scale) for v in rest]

    def is_power(self, x: list, p: int, g: int) -> bool:
        """Whether x ≠ 0 is a p-th power in E, for a prime p with p | 2^g - 1 and g | [E:GF(2)].

        x^((2^D - 1)/p) = N(x)^((2^g - 1)/p) with N(x) = x^(1 + Q + ... + Q^(m-1)), Q = 2^g, m = D/g, the norm
        to GF(2^g); N is computed by the Itoh–Tsujii chain a_(2k) = a_k·a_k^(Q^k), a_(k+1) = a_k^Q·x
        (a_k = x^(1 + Q + ... + Q^(k-1))), so only about 2 log₂ m products are needed.

        >>> E = KummerField(PolyField(0b111), 3, 0b10)      # GF(64); 7 | 2^3 - 1
        >>> z = [0, 1, 0]
        >>> E.is_power(z, 7, 3), E.is_power(E.pow(z, 7), 7, 3), E.is_power([1, 1, 0], 7, 3)
        (True, True, False)
        """
        D = self.base.n * self.q
        if D % g or ((1 << g) - 1) % p:
            raise ValueError(f"{p} does not divide 2^{g} - 1, or {g} does not divide {D}")
        m = D // g
        a, k = x, 1
        for bit in bin(m)[3:]:
            a = self.mul(a, self.frobenius(a, g * k))
            k *= 2
            if bit == "1":
                a = self.mul(self.frobenius(a, g), x)
                k += 1
        return self.pow(a, ((1 << g) - 1) // p) == self.one()


def nullspace_relation(vectors: list, target: int) -> list | None:
    """Coefficients c (a list of bits) with Σ c_i vectors[i] = target over GF(2), or None when the
    vectors are dependent or target is not in their span.  Vectors are ints (bit sets).

    >>> nullspace_relation([0b01, 0b11], 0b10)
    [1, 1]
    """
    pivots: dict[int, tuple[int, int]] = {}  # pivot bit -> (reduced vector, combination of inputs)
    for i, v in enumerate(vectors):
        combo = 1 << i
        while v:
            top = v.bit_length() - 1
            hit = pivots.get(top)
            if hit is None:
                break
            v ^= hit[0]
            combo ^= hit[1]
        if not v:
            return None  # dependent
        pivots[v.bit_length() - 1] = (v, combo)
    combo = 0
    v = target
    while v:
        hit = pivots.get(v.bit_length() - 1)
        if hit is None:
            return None
        v ^= hit[0]
        combo ^= hit[1]
    return [(combo >> i) & 1 for i in range(len(vectors))]
