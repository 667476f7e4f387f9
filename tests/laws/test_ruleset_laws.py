"""Laws every ruleset of the catalogue must obey, on random small positions (cgt.testing.positions).

Positions: random boards for the grid and strip rulesets, heaps for the heap rulesets, and for the others
(graphs, coordinates, cakes, Wythoff pairs, ...) the positions reached by random play from the ruleset's
``examples``.  On every short ruleset:

* the value is the canonical form of the options' values (Conway's definition; Siegel, *Combinatorial
  Game Theory*, II.2);
* the value is the sum of the values of the components (disjunctive sum; Winning Ways ch. 2);
* impartial rulesets have nimber values equal to ``*grundy`` (Sprague-Grundy);
* a position's printed form reads back to the same position.

On the boards, besides: the value equals a plain recursion over the rules with no tables, symmetry or
decomposition (the slow reference); and symmetric boards have equal values, negated where the declared
symmetry or colour swap exchanges the players (-G is G with the roles of Left and Right exchanged).

On the partizan rulesets that are not grids (strips, graphs, cakes, coordinates; the grid games' variants
are checked in ``tests/games/engine/test_variants.py``), CGSuite's variants (CGSUITE.md §1.5):

* ``TwistedVariant`` twice is the identity (twisting negates every option once more; Siegel,
  *Combinatorial Game Theory*, the "twisted" construction as CGSuite's ``TwistedVariant``);
* ``ImpartialVariant`` values are nimbers, equal to ``*nim_value`` (Sprague-Grundy: the variant is
  impartial, either player may make any move of the base game);
* ``DicoticVariant`` values are all-small (a player may move only while both can: every follower with
  a move for one player has one for the other, so every follower is infinitesimal; Siegel, II.4);
* each variant's value is the canonical form of its options' values (Conway's definition) and equals a
  plain recursion over the base ruleset's options.

A ruleset that declares a wrong symmetry or decomposition fails here, whoever wrote it.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt.games.engine import catalogue
from cgt.games.engine.ruleset import ImpartialRuleset, Ruleset
from cgt.games.grid.board import Grid
from cgt.testing import positions

HEALTH = [HealthCheck.too_slow, HealthCheck.filter_too_much]
ZERO = cgt.game([], [])


def _catalogued(keep):
    """The catalogue's ruleset instances for which ``keep(ruleset)`` holds, as parameters named by entry."""
    found = []
    for entry in catalogue.entries():
        obj = entry.load()
        if isinstance(obj, Ruleset) and keep(obj):
            found.append(pytest.param(obj, id=entry.name))
    return found


def _is_board(ruleset):
    return getattr(ruleset, "board_kind", None) in ("grid", "strip")


BOARDS = _catalogued(_is_board)
NON_BOARDS = _catalogued(lambda r: not _is_board(r))   # loopy ones included: they need positions too
SHORT = BOARDS + [p for p in NON_BOARDS if not p.values[0].loopy]
IMPARTIAL = [p for p in SHORT if isinstance(p.values[0], ImpartialRuleset)]
SYMMETRIC_GRIDS = [p for p in BOARDS if p.values[0].board_kind == "grid" and (
    getattr(p.values[0], "symmetries", ()) or getattr(p.values[0], "negating_symmetries", ())
    or getattr(p.values[0], "colour_swap", None) is not None)]
PARTIZAN = _catalogued(lambda r: not r.loopy and not isinstance(r, ImpartialRuleset)
                       and getattr(r, "board_kind", None) != "grid")


def _law(ruleset, check, max_cells=None):
    """Run ``check(position)`` on random positions of ``ruleset``: 25 boards of at most 8 cells, or 15
    positions at most 6 random moves from the ruleset's examples (heaps of at most 6)."""
    board = _is_board(ruleset)
    strategy = positions(ruleset, max_cells=max_cells or (8 if board else 6))
    examples = settings(max_examples=25 if board else 15, deadline=None, suppress_health_check=HEALTH)
    examples(given(strategy)(check))()


def _memo(rule):
    """Memoise a reference on the positions of one call (the plain recursion is exponential without it)."""
    def run(ruleset, p):
        seen: dict = {}

        def value(q):
            if q not in seen:
                seen[q] = rule(ruleset, q, value)
            return seen[q]
        return value(p)
    return run


@_memo
def ref_value(ruleset, p, value):
    """Plain recursion over the rules: no tables, no symmetry, no decomposition."""
    return cgt.game([value(o) for o in ruleset.left_options(p)], [value(o) for o in ruleset.right_options(p)])


@_memo
def ref_impartial(ruleset, p, value):
    opts = [value(o) for o in list(ruleset.left_options(p)) + list(ruleset.right_options(p))]
    return cgt.game(opts, opts)


@_memo
def ref_dicotic(ruleset, p, value):
    lefts, rights = list(ruleset.left_options(p)), list(ruleset.right_options(p))
    if not lefts or not rights:
        return ZERO
    return cgt.game([value(o) for o in lefts], [value(o) for o in rights])


@_memo
def ref_twisted(ruleset, p, value):
    return cgt.game([-value(o) for o in ruleset.left_options(p)], [-value(o) for o in ruleset.right_options(p)])


# -- the laws see the catalogue ------------------------------------------------------------------------------

def test_the_laws_see_every_kind_of_ruleset():
    assert {"Domineering", "Clobber", "Amazons", "ToadsAndFrogs", "TopplingDominoes"} <= {p.id for p in BOARDS}
    assert {"Hackenbush", "Wythoff", "Cutcake", "Kayles", "DeBruijn"} <= {p.id for p in SHORT}
    assert {"Domineering", "Clobber"} <= {p.id for p in SYMMETRIC_GRIDS}
    assert {"Kayles", "Nim", "Cram"} <= {p.id for p in IMPARTIAL}
    assert {"Hackenbush", "ChildishHackenbush", "Col", "Snort", "ToadsAndFrogs", "TopplingDominoes", "Cutcake",
            "Eatcake", "PartizanArcKayles"} <= {p.id for p in PARTIZAN}


def test_every_catalogued_ruleset_has_a_position_strategy():
    missing = []
    for param in NON_BOARDS:
        try:
            positions(param.values[0])
        except TypeError:
            missing.append(param.id)
    assert not missing, f"rulesets with no examples for cgt.testing.positions: {missing}"


# -- every short ruleset -------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", SHORT)
def test_value_is_canonical_form_of_options(ruleset):
    def check(p):
        assert p.value == cgt.game([o.value for o in p.left_options], [o.value for o in p.right_options])
    _law(ruleset, check)


@pytest.mark.parametrize("ruleset", SHORT)
def test_value_is_sum_of_components(ruleset):
    def check(p):
        total = cgt.zero
        for part in p.decomposition:
            total = total + part.value
        assert p.value == total
    _law(ruleset, check)


@pytest.mark.parametrize("ruleset", IMPARTIAL)
def test_impartial_values_are_nimbers(ruleset):
    def check(p):
        assert p.value == cgt.nimber(p.grundy)
    _law(ruleset, check)


@pytest.mark.parametrize("ruleset", SHORT)
def test_str_round_trips(ruleset):
    def check(p):
        assert ruleset(str(p)) == p
        assert str(ruleset(str(p))) == str(p)
    _law(ruleset, check)


# -- boards --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", BOARDS)
def test_value_matches_slow_reference(ruleset):
    def check(p):
        assert p.value == ref_value(ruleset, p.position)
    _law(ruleset, check, max_cells=6)


@pytest.mark.parametrize("ruleset", SYMMETRIC_GRIDS)
def test_symmetric_boards(ruleset):
    def check(p):
        grid, value = p.position, p.value
        assert isinstance(grid, Grid)
        for symmetry in getattr(ruleset, "symmetries", ()):
            assert ruleset.value(grid.permuted(symmetry)) == value, symmetry
        for symmetry in getattr(ruleset, "negating_symmetries", ()):
            assert ruleset.value(grid.permuted(symmetry)) == -value, symmetry
        swap = getattr(ruleset, "colour_swap", None)
        if swap is not None:
            swapped = Grid(grid.row_count, grid.col_count, grid.cells.translate(swap))
            assert ruleset.value(swapped) == -value
    _law(ruleset, check)


# -- variants of the partizan rulesets -----------------------------------------------------------------------

VARIANT_SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=HEALTH)


def _small(ruleset):
    """Small positions: boards of at most 6 cells, graphs and coordinates up to 6 random moves from the
    ruleset's examples, cakes of at most 12 cells (the dicotic variant of a 5 x 5 Cutcake already takes
    seconds: its value is a long all-small game)."""
    from cgt.games.heap.cutcake import GenCutcake

    if isinstance(ruleset, GenCutcake):
        sizes = [(m, n) for m in range(1, 5) for n in range(1, 5) if m * n <= 12]
        return st.sampled_from(sizes).map(ruleset)
    return positions(ruleset, max_cells=6)


@pytest.mark.parametrize("ruleset", PARTIZAN)
@VARIANT_SETTINGS
@given(data=st.data())
def test_twisted_twice_is_the_identity(ruleset, data):
    p = data.draw(_small(ruleset))
    twice = ruleset.twisted_variant.twisted_variant(p.position)
    assert twice.value == p.value


@pytest.mark.parametrize("ruleset", PARTIZAN)
@VARIANT_SETTINGS
@given(data=st.data())
def test_variant_values(ruleset, data):
    p = data.draw(_small(ruleset))
    imp, dic, tw = p.impartial_variant, p.dicotic_variant, p.twisted_variant
    assert imp.value.is_nimber and imp.value == cgt.nimber(imp.nim_value)
    assert dic.value.is_all_small
    for v in (imp, dic, tw):
        assert v.value == cgt.game([o.value for o in v.left_options], [o.value for o in v.right_options])
    base = p.ruleset
    assert imp.value == ref_impartial(base, p.position)
    assert dic.value == ref_dicotic(base, p.position)
    assert tw.value == ref_twisted(base, p.position)
