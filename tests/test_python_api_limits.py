"""Issue 17 regressions in the Python API: clear CGTErrors and no size limits of Python's own."""

import sys

import pytest

import cgt
from cgt.errors import CGTError, InvalidGameError
from cgt.numbers import integer_text


@pytest.mark.parametrize("n", [10 ** 5000, -(3 ** 20000) + 1, 2 ** 100_000, 10 ** 4000 - 1, 0, -7],
                         ids=["10^5000", "-3^20000+1", "2^100000", "10^4000-1", "0", "-7"])
def test_huge_integers_print_in_full(n):
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        expected = str(n)
    finally:
        sys.set_int_max_str_digits(old)
    assert integer_text(n) == expected
    assert str(cgt.integer(n)) == expected


@pytest.mark.parametrize("lefts, rights, named", [
    (None, None, "lefts is None"),
    ("{3|2}", [], "lefts is '{3|2}'"),
    ([0], 5, "rights is 5"),
    ([0], cgt.star, "rights is *"),
])
def test_game_needs_collections_of_options(lefts, rights, named):
    with pytest.raises(InvalidGameError, match=named.replace("|", r"\|").replace("*", r"\*")) as info:
        cgt.game(lefts, rights)
    assert isinstance(info.value, CGTError)
