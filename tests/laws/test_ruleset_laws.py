"""Laws every board ruleset of the catalogue must obey, on random small boards (cgt.testing.positions).

* the value is the canonical form of the options' values (Conway's definition; Siegel, *Combinatorial
  Game Theory*, II.2) -- and equals a plain recursion over the rules with no tables, symmetry or
  decomposition (the slow reference);
* the value is the sum of the values of the components (disjunctive sum; Winning Ways ch. 2);
* symmetric boards have equal values, negated where the declared symmetry or colour swap exchanges
  the players (-G is G with the roles of Left and Right exchanged);
* impartial rulesets have nimber values equal to ``*grundy`` (Sprague-Grundy);
* ``str`` round-trips.

A ruleset that declares a wrong symmetry or decomposition fails here, whoever wrote it.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt.games.engine import catalogue
from cgt.games.grid.board import Grid
from cgt.games.engine.ruleset import ImpartialRuleset, Ruleset
from cgt.testing import positions

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                          HealthCheck.filter_too_much])
MAX_CELLS = 8


def _board_rulesets():
    found = []
    for entry in catalogue.entries():
        if entry.module.startswith("cgt.games.") and entry.shell_name and entry.shell_name.startswith(
                ("game.grid.", "game.strip.")):
            obj = entry.load()
            if isinstance(obj, Ruleset) and getattr(obj, "board_kind", None) in ("grid", "strip"):
                found.append(pytest.param(obj, id=entry.name))
    return found


BOARD_RULESETS = _board_rulesets()


def slow_value(ruleset, pos):
    """Plain recursion over the rules: no tables, no symmetry, no decomposition."""
    return cgt.game([slow_value(ruleset, o) for o in ruleset.left_options(pos)],
                    [slow_value(ruleset, o) for o in ruleset.right_options(pos)])


@pytest.mark.skipif(not BOARD_RULESETS, reason="no board ruleset in the catalogue yet")
@pytest.mark.parametrize("ruleset", BOARD_RULESETS)
class TestBoardLaws:
    @SETTINGS
    @given(data=st.data())
    def test_value_is_canonical_form_of_options(self, ruleset, data):
        p = data.draw(positions(ruleset, max_cells=MAX_CELLS))
        lefts = [q.value for q in p.left_options]
        rights = [q.value for q in p.right_options]
        assert p.value == cgt.game(lefts, rights)

    @SETTINGS
    @given(data=st.data())
    def test_value_matches_slow_reference(self, ruleset, data):
        p = data.draw(positions(ruleset, max_cells=6))
        assert p.value == slow_value(ruleset, p.position)

    @SETTINGS
    @given(data=st.data())
    def test_value_is_sum_of_components(self, ruleset, data):
        p = data.draw(positions(ruleset, max_cells=MAX_CELLS))
        total = cgt.zero
        for part in p.decomposition:
            total = total + part.value
        assert p.value == total

    @SETTINGS
    @given(data=st.data())
    def test_symmetric_boards(self, ruleset, data):
        p = data.draw(positions(ruleset, max_cells=MAX_CELLS))
        grid = p.position
        if not isinstance(grid, Grid):
            return
        value = p.value
        for symmetry in getattr(ruleset, "symmetries", ()):
            assert ruleset.value(grid.permuted(symmetry)) == value, symmetry
        for symmetry in getattr(ruleset, "negating_symmetries", ()):
            assert ruleset.value(grid.permuted(symmetry)) == -value, symmetry
        swap = getattr(ruleset, "colour_swap", None)
        if swap is not None:
            swapped = Grid(grid.row_count, grid.col_count, grid.cells.translate(swap))
            assert ruleset.value(swapped) == -value

    @SETTINGS
    @given(data=st.data())
    def test_str_round_trips(self, ruleset, data):
        p = data.draw(positions(ruleset, max_cells=MAX_CELLS))
        assert ruleset(str(p)) == p
        assert str(ruleset(str(p))) == str(p)

    @SETTINGS
    @given(data=st.data())
    def test_impartial_values_are_nimbers(self, ruleset, data):
        if not isinstance(ruleset, ImpartialRuleset):
            return
        p = data.draw(positions(ruleset, max_cells=MAX_CELLS))
        assert p.value == cgt.nimber(p.grundy)


def test_the_laws_see_board_rulesets():
    # guard against a vacuous pass once the grid games exist: the catalogue lists Domineering
    names = {e.name for e in catalogue.entries()}
    if "Domineering" in names:
        assert any(param.id == "Domineering" for param in BOARD_RULESETS)
