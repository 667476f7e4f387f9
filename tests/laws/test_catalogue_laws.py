"""Laws for every ruleset instance of the catalogue that is not a board (those are in test_ruleset_laws.py).

Positions are drawn by :func:`cgt.testing.positions`: heaps for heap rulesets, random play from the
ruleset's ``examples`` for the others (graphs, coordinates, cakes, Wythoff pairs, ...).  Laws:

* the value is the canonical form of the options' values (Conway's definition; Siegel, *Combinatorial
  Game Theory*, II.2);
* the value is the sum of the values of the components (disjunctive sum; Winning Ways ch. 2);
* impartial rulesets have nimber values equal to ``*grundy`` (Sprague-Grundy);
* a position's printed form reads back to the same position.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt.games.engine import catalogue
from cgt.games.engine.ruleset import ImpartialRuleset, Ruleset
from cgt.testing import positions

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                          HealthCheck.filter_too_much])
MAX_STEPS = 6


def _catalogued_instances():
    found = []
    for entry in catalogue.entries():
        obj = entry.load()
        if isinstance(obj, Ruleset) and getattr(obj, "board_kind", None) not in ("grid", "strip"):
            found.append(pytest.param(obj, id=entry.name))
    return found


INSTANCES = _catalogued_instances()
SHORT = [p for p in INSTANCES if not p.values[0].loopy]


def test_every_catalogued_ruleset_has_a_position_strategy():
    missing = []
    for param in INSTANCES:
        try:
            positions(param.values[0])
        except TypeError:
            missing.append(param.id)
    assert not missing, f"rulesets with no examples for cgt.testing.positions: {missing}"


def test_the_catalogue_has_non_board_instances():
    names = {param.id for param in SHORT}
    assert {"Hackenbush", "Wythoff", "Cutcake", "Kayles", "DeBruijn"} <= names


@pytest.mark.parametrize("ruleset", SHORT)
class TestCatalogueLaws:
    @SETTINGS
    @given(data=st.data())
    def test_value_is_canonical_form_of_options(self, ruleset, data):
        p = data.draw(positions(ruleset, max_cells=MAX_STEPS))
        expected = cgt.game([o.value for o in p.left_options], [o.value for o in p.right_options])
        assert p.value == expected

    @SETTINGS
    @given(data=st.data())
    def test_value_is_sum_of_components(self, ruleset, data):
        p = data.draw(positions(ruleset, max_cells=MAX_STEPS))
        total = cgt.zero
        for component in p.decomposition:
            total = total + component.value
        assert total == p.value

    @SETTINGS
    @given(data=st.data())
    def test_impartial_values_are_nimbers(self, ruleset, data):
        if not isinstance(ruleset, ImpartialRuleset):
            return
        p = data.draw(positions(ruleset, max_cells=MAX_STEPS))
        assert p.value == cgt.nimber(p.grundy)

    @SETTINGS
    @given(data=st.data())
    def test_str_round_trips(self, ruleset, data):
        p = data.draw(positions(ruleset, max_cells=MAX_STEPS))
        assert ruleset(str(p)) == p
