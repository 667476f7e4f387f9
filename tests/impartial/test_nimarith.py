"""Nim arithmetic (cgt.impartial.nimarith): Conway's field of nimbers."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgt
from cgt.errors import InvalidGameError, NotApplicableError
from cgt.impartial.nimarith import nim_divide, nim_inverse, nim_power, nim_product, nim_sqrt, nim_square

# The multiplication table of the nimbers 0..15 (On Numbers and Games, ch. 6, Table; also Winning Ways).
ONAG_TABLE = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5],
    [0, 3, 1, 2, 12, 15, 13, 14, 4, 7, 5, 6, 8, 11, 9, 10],
    [0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1],
    [0, 5, 10, 15, 2, 7, 8, 13, 3, 6, 9, 12, 1, 4, 11, 14],
    [0, 6, 11, 13, 14, 8, 5, 3, 7, 1, 12, 10, 9, 15, 2, 4],
    [0, 7, 9, 14, 10, 13, 3, 4, 15, 8, 6, 1, 5, 2, 12, 11],
    [0, 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2],
    [0, 9, 14, 7, 15, 6, 1, 8, 5, 12, 11, 2, 10, 3, 4, 13],
    [0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14, 4, 2, 8, 13, 7],
    [0, 11, 13, 6, 7, 12, 10, 1, 9, 2, 4, 15, 14, 5, 3, 8],
    [0, 12, 4, 8, 13, 1, 9, 5, 6, 10, 2, 14, 11, 7, 15, 3],
    [0, 13, 6, 11, 9, 4, 15, 2, 14, 3, 8, 5, 7, 10, 1, 12],
    [0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6],
    [0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9],
]


@pytest.mark.parametrize("a", range(16), ids=[f"row{a}" for a in range(16)])
def test_onag_table_row(a):
    assert [nim_product(a, b) for b in range(16)] == ONAG_TABLE[a]


@pytest.mark.parametrize("a, b, expected", [
    (2, 2, 3),                     # ONAG: 2 (x) 2 = 3
    (4, 4, 6),                     # Fermat 2-power squared: F (x) F = 3F/2
    (16, 16, 24),
    (256, 256, 384),
    (2**32, 2**32, 3 * 2**31),
    (2**64, 2**64, 3 * 2**63),
    (2**64, 3, 3 * 2**64),         # F (x) x = F x for x < F
    (2**128, 2**64 + 5, 2**192 + 5 * 2**128),
], ids=["2x2", "4x4", "16x16", "256x256", "2^32 squared", "2^64 squared", "F times small", "F times x"])
def test_fermat_power_rules(a, b, expected):
    assert nim_product(a, b) == expected


nims = st.integers(0, 2**20)
big = st.integers(0, 2**130)


@given(nims, nims, nims)
def test_associative(a, b, c):
    assert nim_product(nim_product(a, b), c) == nim_product(a, nim_product(b, c))


@given(big, big)
def test_commutative(a, b):
    assert nim_product(a, b) == nim_product(b, a)


@given(big, big, big)
def test_distributes_over_nim_sum(a, b, c):
    assert nim_product(a, b ^ c) == nim_product(a, b) ^ nim_product(a, c)


@given(big.filter(bool))
def test_every_nonzero_element_has_an_inverse(a):
    assert nim_product(a, nim_inverse(a)) == 1
    assert nim_divide(a, a) == 1


@given(big)
def test_sqrt_and_square(a):
    assert nim_square(nim_sqrt(a)) == a
    assert nim_sqrt(nim_square(a)) == a


@given(nims, st.integers(0, 40))
def test_power(a, e):
    expected = 1
    for _ in range(e):
        expected = nim_product(expected, a)
    assert nim_power(a, e) == expected


def test_fields_are_closed():
    # The nimbers below 2^(2^k) form a subfield: products stay below the bound.
    for bound in (2, 4, 16, 256):
        assert all(nim_product(a, b) < bound for a in range(bound) for b in range(0, bound, 7))


def test_conway_product_on_games_delegates():
    assert cgt.nimber(2).conway_product(cgt.nimber(3)) == cgt.nimber(1)
    assert cgt.nimber(15).conway_product(cgt.nimber(15)) == cgt.nimber(9)


@pytest.mark.parametrize("call, error, message", [
    (lambda: nim_product(-1, 2), NotApplicableError, "nim_product: -1 is negative"),
    (lambda: nim_product(1.5, 2), InvalidGameError, "nim_product: 1.5 is not an integer"),
    (lambda: nim_inverse(0), NotApplicableError, "0 has no inverse"),
    (lambda: nim_divide(3, 0), NotApplicableError, "cannot divide 3 by the nimber 0"),
    (lambda: nim_sqrt("4"), InvalidGameError, "not an integer"),
], ids=["negative", "float", "inverse-zero", "divide-zero", "string"])
def test_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()
