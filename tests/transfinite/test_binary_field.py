"""cgt.transfinite.binary_field: carry-less products, GF(2^n) in a polynomial basis, Kummer extensions and their norms."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.transfinite.binary_field import KummerField, PolyField, clmul, clsquare, nullspace_relation, poly_divmod


def _schoolbook(a, b):
    r, i = 0, 0
    while b:
        if b & 1:
            r ^= a << i
        b >>= 1
        i += 1
    return r


@settings(max_examples=30)
@given(st.integers(0, 2 ** 3000), st.integers(0, 2 ** 3000))
def test_clmul_agrees_with_shift_and_xor(a, b):
    # sizes above the 16-bit shortcut use Kronecker substitution with 1- and 2-byte slots
    assert clmul(a, b) == _schoolbook(a, b) == clmul(b, a)
    assert clsquare(a) == _schoolbook(a, a)


def test_clmul_wide_slots():
    a, b = (1 << 70000) - 1, (1 << 300) | 1    # 300-term slots need 2 bytes; all-ones stress every slot
    assert clmul(a, b) == _schoolbook(b, a)


# GF(2^8) with the AES polynomial t^8 + t^4 + t^3 + t + 1 (FIPS-197 §4.2: {57}·{83} = {c1}, {53}^-1 = {ca})
AES = PolyField(0x11B)


def test_aes_field_values():
    assert AES.mul(0x57, 0x83) == 0xC1 and AES.mul(0x57, 0x13) == 0xFE     # FIPS-197 §4.2, §4.2.1
    assert AES.inverse(0x53) == 0xCA                                      # FIPS-197 §5.1.1
    assert all(AES.mul(x, AES.inverse(x)) == 1 for x in range(1, 256))


def _kummer():
    # GF(2^24) = GF(2^8)[z]/(z^3 - c) with c not a cube in GF(2^8) (3 | 255: c = t is a non-cube iff t^85 ≠ 1)
    c = 2
    assert AES.pow(c, 85) != 1
    return KummerField(AES, 3, c)


@settings(max_examples=40)
@given(st.lists(st.integers(0, 255), min_size=3, max_size=3), st.lists(st.integers(0, 255), min_size=3, max_size=3),
       st.integers(0, 40))
def test_kummer_field_arithmetic(x, y, s):
    E = _kummer()
    assert E.mul(x, y) == E.mul(y, x)
    assert E.square(x) == E.mul(x, x)
    assert E.frobenius(x, s) == E.pow(x, 2 ** s)
    if any(x):
        assert E.pow(x, 2 ** 24 - 1) == E.one()          # |E*| = 2^24 - 1: E really is a field of degree 24
        for p, g in ((7, 3), (3, 2), (13, 12), (241, 24)):   # p | 2^g - 1, g | 24
            assert E.is_power(x, p, g) == (E.pow(x, (2 ** 24 - 1) // p) == E.one())


def test_is_power_rejects_bad_arguments():
    with pytest.raises(ValueError):
        _kummer().is_power([1, 1, 0], 5, 5)


def test_poly_divmod_and_relations():
    q, r = poly_divmod(0b1101101, 0b1011)
    assert _schoolbook(q, 0b1011) ^ r == 0b1101101 and r < 0b1000
    assert nullspace_relation([0b001, 0b010, 0b100], 0b111) == [1, 1, 1]
    assert nullspace_relation([0b011, 0b011], 0b011) is None      # dependent
    assert nullspace_relation([0b001], 0b010) is None              # not in the span
