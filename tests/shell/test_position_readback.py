"""Every position the shell prints reads back as an equal position (the shell's promise, for positions of
every ruleset of the catalogue: boards, heaps, graphs, coordinates, cakes, ...)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cgt.games.engine import catalogue
from cgt.games.engine.ruleset import Ruleset
from cgt.shell import run
from cgt.shell.values import format_value
from cgt.testing import positions

RULESETS = [pytest.param(entry.load(), id=entry.name) for entry in catalogue.entries()
            if entry.shell_name and isinstance(entry.load(), Ruleset) and not entry.load().loopy]


@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.filter_too_much])
@given(data=st.data())
def test_printed_positions_read_back(ruleset, data):
    p = data.draw(positions(ruleset, max_cells=6))
    text = format_value(p)
    assert run(f"({text}).CanonicalForm") == format_value(p.value), text
