"""The text of a game is bounded: a canonical form is a DAG, its text writes each shared position out again,
so the text can be exponentially longer than the form is large; past ``MAX_TEXT_LENGTH`` characters it is
refused in one line, before it takes that memory."""

from __future__ import annotations

import pytest

import cgt
from cgt.errors import TooLargeError
from cgt.notation import printing


def test_a_text_past_the_limit_is_refused():
    g = cgt.nimber(20).heat(1)          # 1,504,681,485 characters written out
    with pytest.raises(TooLargeError, match="longer than 1,000,000 characters"):
        str(g)
    assert g.temperature == 1 and g.birthday == 40     # the game itself is fine
    assert repr(g) == "<cgt.Game born on day 40: its text passes 1,000,000 characters>"    # repr does not raise


def test_a_text_under_the_limit_prints_and_reads_back():
    g = cgt.nimber(10).heat(1)
    text = str(g)
    assert len(text) == 35_252 and cgt.game(text) == g


def test_the_limit_can_be_raised(monkeypatch):
    cgt.clear_caches()                          # texts are kept on the games: print this one afresh
    g = cgt.nimber(11).heat(1)                  # 101,122 characters
    monkeypatch.setattr(printing, "MAX_TEXT_LENGTH", 50_000)
    with pytest.raises(TooLargeError):
        str(g)
    monkeypatch.setattr(printing, "MAX_TEXT_LENGTH", None)
    assert len(str(g)) == 101_122
