"""Variant laws on the short partizan rulesets of issue 9 (issue 9: "variants on every ruleset").

For each catalogued partizan ruleset that is not a grid (strips, graphs, cakes, coordinates; the grid
games' variants are checked in ``tests/games/engine/test_variants.py``) and random positions drawn by
:func:`cgt.testing.positions`:

* ``TwistedVariant`` twice is the identity (twisting negates every option once more; Siegel,
  *Combinatorial Game Theory*, the "twisted" construction as CGSuite's ``TwistedVariant``, CGSUITE.md §1.5);
* ``ImpartialVariant`` values are nimbers, equal to ``*nim_value`` (Sprague-Grundy: the variant is
  impartial, either player may make any move of the base game);
* ``DicoticVariant`` values are all-small (a player may move only while both can: every follower with
  a move for one player has one for the other, so every follower is infinitesimal; Siegel, II.4);
* each variant's value is the canonical form of its options' values (Conway's definition) and equals a
  plain recursion over the base ruleset's options (``tests/games/engine/test_variants.py``'s references, repeated here).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cgt
from cgt.games.engine import catalogue
from cgt.games.engine.ruleset import ImpartialRuleset, Ruleset
from cgt.testing import positions

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                         HealthCheck.filter_too_much])
ZERO = cgt.game([], [])


def _partizan_rulesets():
    found = []
    for entry in catalogue.entries():
        obj = entry.load()
        if (isinstance(obj, Ruleset) and not obj.loopy and not isinstance(obj, ImpartialRuleset)
                and getattr(obj, "board_kind", None) != "grid"):
            found.append(pytest.param(obj, id=entry.name))
    return found


RULESETS = _partizan_rulesets()


def _small(ruleset):
    """Small positions: boards of at most 6 cells, graphs and coordinates up to 6 random moves from the
    ruleset's examples, cakes of at most 12 cells (the dicotic variant of a 5 x 5 Cutcake already takes
    seconds: its value is a long all-small game)."""
    from cgt.games.heap.cutcake import GenCutcake

    if isinstance(ruleset, GenCutcake):
        sizes = [(m, n) for m in range(1, 5) for n in range(1, 5) if m * n <= 12]
        return st.sampled_from(sizes).map(ruleset)
    return positions(ruleset, max_cells=6)


def _memo(rule):
    """Memoise a reference on (ruleset, position) for one call (the recursion is exponential without it)."""
    def run(ruleset, p):
        seen: dict = {}

        def value(q):
            if q not in seen:
                seen[q] = rule(ruleset, q, value)
            return seen[q]
        return value(p)
    return run


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


def test_the_issue_9_rulesets_are_covered():
    names = {param.id for param in RULESETS}
    assert {"Hackenbush", "ChildishHackenbush", "Col", "Snort", "ToadsAndFrogs", "TopplingDominoes", "Cutcake",
            "Eatcake", "PartizanArcKayles"} <= names


@pytest.mark.parametrize("ruleset", RULESETS)
@SETTINGS
@given(data=st.data())
def test_twisted_twice_is_the_identity(ruleset, data):
    p = data.draw(_small(ruleset))
    twice = ruleset.twisted_variant.twisted_variant(p.position)
    assert twice.value == p.value


@pytest.mark.parametrize("ruleset", RULESETS)
@SETTINGS
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
