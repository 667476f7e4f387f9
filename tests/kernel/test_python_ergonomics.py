"""The Python API behaves like Python: conversions, numpy integers, exact comparisons, position sums, reprs.

Each test pins one promise of the Python API: a game behaves as a Python user expects of a number-like value.
"""

from fractions import Fraction

import numpy as np
import pytest

import cgt
from cgt import dyadic, game, integer, nimber, star, up
from cgt.errors import CGTError, InvalidGameError, NotApplicableError
from cgt.games import Domineering, Kayles, Nim, Subtraction, Wythoff


def test_int_float_and_fraction_of_numbers():
    assert int(integer(-7)) == -7 and type(int(integer(-7))) is int
    assert float(dyadic(5, 8)) == 0.625
    assert Fraction(*dyadic(-3, 4).as_integer_ratio()) == Fraction(-3, 4)
    assert integer(12).as_integer_ratio() == (12, 1)


@pytest.mark.parametrize("convert", [int, float, lambda g: g.as_integer_ratio()])
def test_conversions_of_non_numbers_raise_clearly(convert):
    with pytest.raises(NotApplicableError, match=r"\^ is not a number"):
        convert(up)


def test_int_of_a_fraction_is_refused_not_truncated():
    with pytest.raises(NotApplicableError, match="3/2 is not an integer"):
        int(dyadic(3, 2))


def test_outcome_compares_equal_to_its_letter():
    assert star.outcome == "N" and up.outcome == "L" and integer(0).outcome == "P"
    assert star.outcome != "P"
    assert {str(g.outcome) for g in (star, up, -up, integer(0))} == {"N", "L", "R", "P"}
    assert Kayles(4).outcome == "N"


@pytest.mark.parametrize("kind", [np.int8, np.int32, np.int64, np.uint16])
def test_numpy_integers_are_accepted_where_ints_are(kind):
    assert nimber(kind(5)) is nimber(5)
    assert integer(kind(3)) is integer(3)
    assert dyadic(kind(3), kind(4)) is dyadic(3, 4)
    assert kind(3) * up is up + up + up
    assert up + kind(1) is integer(1) + up
    assert integer(2) == kind(2)
    assert cgt.up_nth(kind(2)) is cgt.up_nth(2)
    assert Nim(kind(3), kind(5)).grundy == 6
    assert Kayles(kind(7)).canonical_form is Kayles(7).canonical_form
    assert Wythoff((kind(3), kind(5))).grundy == 0
    assert Subtraction([kind(1), kind(2)])(kind(3)).grundy == 0


def test_positions_built_from_numpy_integers_hold_plain_ints():
    position = Nim(np.int64(3), np.int64(4)).position
    assert all(type(h) is int for h in position)
    assert repr(Nim(np.int64(3))) == repr(Nim(3))


@pytest.mark.parametrize("compare", [
    lambda g: g == 1.5, lambda g: g != 0.5, lambda g: g < 1.5, lambda g: g >= 0.0, lambda g: 1.5 > g,
    lambda g: g + 0.5, lambda g: 2.0 * g,
])
def test_comparing_or_adding_a_float_raises_instead_of_answering(compare):
    with pytest.raises(InvalidGameError, match="float; games are exact"):
        compare(dyadic(3, 2))


def test_unrelated_objects_are_not_equal_and_strings_are_not_added():
    assert (integer(1) == "1") is False and integer(1) != None  # noqa: E711
    with pytest.raises(InvalidGameError, match="'x' is not a game"):
        up + "x"


def test_positions_add_to_compound_sums_and_to_values_as_their_values():
    # A sum of positions keeps its components (its misère play is not a function of the values); its value
    # is the sum of the values.  With a value, a position stands for its value.
    total = Kayles(3) + Kayles(4)
    assert total.value is Kayles(3).canonical_form + Kayles(4).canonical_form
    assert str(total.value) == "*2" and total.nim_value == 2  # Kayles: G(3) = 3, G(4) = 1
    assert total.components == (Kayles(3), Kayles(4)) and total + 1 is integer(1) + nimber(2)
    assert 1 + Kayles(2) is integer(1) + nimber(2)
    assert Domineering("..|..") - Domineering("..") is game([2], [0])  # {1|-1} - {0|0}... as values
    assert -Domineering("..") is -Domineering("..").canonical_form


def test_reprs_are_short_and_evaluate_back():
    g = game([3], [game([2], [1])])
    assert repr(g) == "game('{3||2|1}')"
    namespace = {name: getattr(cgt, name) for name in ("game", "up", "down", "nimber", "integer", "dyadic", "zero")}
    for value in list(cgt.born_by(3)) + [cgt.tiny(2), game([cgt.tiny(1)], [-1]), up + star, dyadic(-3, 8)]:
        text = repr(value)
        assert len(text) <= 2 * len(str(value)) + 24  # never the nested constructor calls of old
        assert eval(text, namespace) is value


def test_every_error_of_the_api_is_a_cgt_error():
    for call in (lambda: nimber(-1), lambda: integer("7"), lambda: int(up), lambda: up == 0.5,
                 lambda: Nim(-1), lambda: Kayles(2.5), lambda: dyadic(1, 3)):
        with pytest.raises(CGTError):
            call()
