"""cgt.game(text) / cgt.notation.parse.parse_game: everything str(G) prints reads back to the same game."""

import pytest
from hypothesis import given, settings

import cgt
from cgt.errors import InvalidGameError
from cgt.notation.parse import parse_game
from cgt.testing import games, uptimals


def test_every_game_born_by_day_3_reads_back():
    for g in cgt.born_by(3):
        assert parse_game(str(g)) is g, str(g)


@settings(max_examples=50, deadline=None)
@given(games(max_birthday=5))
def test_deeper_games_read_back(g):
    assert cgt.game(str(g)) is g


@settings(max_examples=100, deadline=None)
@given(uptimals(), games(max_birthday=2))
def test_sums_read_back(u, g):
    assert parse_game(f"{u} + {g}") is u + g
    assert parse_game(f"{u} - ({g})") is u - g


@pytest.mark.parametrize("text, expected", [
    ("{3||2|1}", cgt.game([3], [cgt.game([2], [1])])),
    ("3+-1", cgt.game([4], [2])),                     # DESIGN §3: input 3+-1 means {4|2}
    ("+-{1,1*}", cgt.game([1, 1 + cgt.star], [-1, -1 + cgt.star])),
    ("^<2>", cgt.up_nth(2)),
    ("v[3]", -cgt.up_cumulative(3)),
    ("2Tiny(2)", 2 + cgt.tiny(2)),
    ("73/16v9*8", cgt.dyadic(73, 16) + 9 * cgt.down + cgt.nimber(8)),
])
def test_cgsuite_shapes(text, expected):
    assert cgt.game(text) is expected


@pytest.mark.parametrize("text, message", [
    ("{3|2", "'}' expected at position 4"),
    ("{1|2|3}", "two | at one level"),
    ("{a|b}", "unexpected 'a' at position 1"),
    ("", "it is empty"),
    ("1 2", "unexpected '2' at position 2"),
    ("{1,|0}", "an option expected after ','"),
])
def test_bad_text_is_one_clear_error(text, message):
    with pytest.raises(InvalidGameError, match=message.replace("|", r"\|").replace("{", r"\{")):
        cgt.game(text)
