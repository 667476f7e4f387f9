"""Atomic weight, reduced canonical form and companion.

Sources: WW = *Winning Ways*, 2nd ed., ch. 8 ("atomic weights", the
two-ahead rule, far star, eccentric cases); LIP = *Lessons in Play*, ch. 9
(the atomic weight calculus); CGT = Siegel, *Combinatorial Game Theory*, §II.6
(reduced canonical form, after Calistrate 1996 and Grossman-Siegel 2009) and
§II.7 (atomic weight).  Rows marked "by the calculus" were worked by hand from
the atomic weight calculus (working in the comment).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import down, game, integer, miny, nimber, star, switch, tiny, up, zero
from cgt.errors import NotApplicableError
from cgt.short.infinitesimal import atomic_weight, companion, far_star, is_atomic, reduced_canonical_form
from cgt.testing import games

G = game
UP2 = G([0], [down + star])  # ^<2> = {0|v*}, up-second (CGT II.4)

# (id, game, atomic weight, source)
ATOMIC_WEIGHTS = [
    ("^", up, "1", "WW ch. 8: aw(^) = 1"),
    ("^^", 2 * up, "2", "WW ch. 8: aw(n.^) = n"),
    ("^3", 3 * up, "3", "WW ch. 8: aw(n.^) = n"),
    ("v", down, "-1", "WW ch. 8"),
    ("^*", up + star, "1", "WW ch. 8: aw(^*) = 1 (stars do not change atomic weight)"),
    ("^^*", 2 * up + star, "2", "WW ch. 8"),
    ("v*", down + star, "-1", "WW ch. 8"),
    ("0", zero, "0", "WW ch. 8"),
    ("*", star, "0", "WW ch. 8: nimbers have atomic weight 0"),
    ("*2", nimber(2), "0", "WW ch. 8: nimbers have atomic weight 0"),
    ("^*3", up + nimber(3), "1", "WW ch. 8"),
    ("^<2>", UP2, "0", "WW ch. 8: ^<2> is infinitesimal next to ^; by the calculus {-2|1} = 0, ^<2> || far star"),
    ("^[2]", up + UP2, "1", "additivity: aw(^) + aw(^<2>)"),
    ("{^|v}", G([up], [down]), "0", "{^|v} = *; by the calculus {-1|1} = 0 and * || far star"),
    ("+-(^^*)", switch(2 * up + star), "*", "by the calculus: {2-2 | -2+2} = * is not an integer"),
    ("{^^*|0}", G([2 * up + star], [0]), "1", "eccentric: {0|2} = 1, G > far star, largest n < 2"),
]


@pytest.mark.parametrize("g, aw, source", [r[1:] for r in ATOMIC_WEIGHTS], ids=[r[0] for r in ATOMIC_WEIGHTS])
def test_atomic_weight(g, aw, source):
    assert str(g.atomic_weight) == aw
    assert atomic_weight(g) is g.atomic_weight
    assert g.is_atomic and is_atomic(g)


# Games that are not all-small are atomic when the far-star test finds a weight (CGSuite's definition):
# Tiny(1) has weight 0, numbers other than 0 and hot games have none.
@pytest.mark.parametrize("g, text", [
    (switch(1), "+-1"),
    (integer(1), "1"),
    (G([1], [0]), "{1|0}"),
], ids=["switch", "one", "hot"])
def test_not_atomic_is_a_clear_error(g, text):
    assert not g.is_atomic
    with pytest.raises(NotApplicableError) as info:
        g.atomic_weight
    assert str(info.value) == f"{text} is not atomic: no atomic weight passes the far-star test"


# (id, game, reduced canonical form, source)
REDUCED = [
    ("^", up, "0", "CGT II.6: the reduced canonical form of an infinitesimal is 0"),
    ("^*", up + star, "0", "CGT II.6"),
    ("*", star, "0", "CGT II.6"),
    ("Tiny(1)", tiny(1), "0", "CGT II.6"),
    ("3Tiny(2)", tiny(2) + 3, "3", "CGT II.6: x + infinitesimal reduces to x"),
    ("5/4^*", 5 * cgt.dyadic(1, 4) + up + star, "5/4", "CGT II.6"),
    ("{2|*}", G([2], [star]), "{2|0}", "CGT II.6: options reduce ({2|*} - {2|0} is infinitesimal)"),
    ("+-(1*)", switch(1) + star, "+-1", "CGT II.6"),
    ("{1|^}", G([1], [up]), "{1|0}", "CGT II.6"),
    ("{3||2|1*}", G([3], [G([2], [1 + star])]), "{3||2|1}", "CGT II.6"),
    ("{1,1*|0}", G([1, 1 + star], [0]), "{1|0}", "CGT II.6: 1* and 1 are Inf-equivalent"),
    ("+-{1,+-1}", G([1, switch(1)], [-1, switch(1)]), "+-1",
     "CGT II.6: +-1 is Inf-dominated by 1 (R(1 - (+-1)) = R({2|0}) = 0)"),
    ("{*,*2,+-1|-1}", G([star, nimber(2), switch(1)], [-1]), "{0|-1}",
     "CGT II.6: * and *2 reduce to 0; +-1 is Inf-dominated by 0 (R(0 - (+-1)) = 0)"),
    ("{*,*2|-1,{*|-1}}", G([star, nimber(2)], [-1, G([star], [-1])]), "{0|-1}",
     "CGT II.6: {0|-1} is Inf-dominated by -1 on Right's side (R({0|-1} + 1) = 0)"),
]


@pytest.mark.parametrize("g, text, source", [r[1:] for r in REDUCED], ids=[r[0] for r in REDUCED])
def test_reduced_canonical_form(g, text, source):
    assert str(g.reduced_canonical_form) == text
    assert reduced_canonical_form(g) is g.reduced_canonical_form
    assert (g - g.reduced_canonical_form).is_infinitesimal


# (id, game, companion): CGSuite's Companion; definition in cgt.short.infinitesimal's docstring.
COMPANIONS = [
    ("0", zero, "*"),
    ("*", star, "0"),
    ("^", up, "^*"),
    ("^*", up + star, "^"),
    ("^^", 2 * up, "^^*"),
    ("v", down, "v*"),
    ("*2", nimber(2), "*2"),
    ("1", integer(1), "1"),
    ("3/4", cgt.dyadic(3, 4), "3/4"),
    ("+-1", switch(1), "+-1"),
    ("^<2>", UP2, "^<2>*"),
]


@pytest.mark.parametrize("g, text", [r[1:] for r in COMPANIONS], ids=[r[0] for r in COMPANIONS])
def test_companion(g, text):
    assert str(g.companion) == text
    assert companion(g) is g.companion


def test_far_star():
    assert far_star(zero) is star and far_star(up) is nimber(4) and far_star(nimber(4)) is nimber(8)


def test_deep_games():
    g = 2000 * up + star
    assert str(g.atomic_weight) == "2000"
    assert g.reduced_canonical_form is zero
    assert g.companion is 2000 * up


# ---------------------------------------------------------------- exhaustive checks on small days

def _all_small(day):
    return sorted((g for g in cgt.born_by(day) if g.is_all_small), key=str)


def test_far_star_is_far_enough():
    # Comparisons with *2^k and with a much larger star agree (WW ch. 8: any remote star will do).
    for g in _all_small(3):
        assert g.compare(far_star(g)) == g.compare(nimber(64))


def test_atomic_weight_is_additive_on_day_two_pairs():
    small = _all_small(2)
    for g, h in itertools.combinations_with_replacement(small, 2):
        assert (g + h).atomic_weight == g.atomic_weight + h.atomic_weight


def test_two_ahead_rule_on_day_three():
    # WW ch. 8 / CGT II.7: aw(G) >= 2 implies G > 0; aw(G) <= -2 implies G < 0.
    for g in _all_small(3):
        aw = g.atomic_weight
        if aw >= 2:
            assert g > 0
        if aw <= -2:
            assert g < 0


def test_reduced_form_is_simplest_on_day_two():
    # CGT II.6: rcf(G) has the least birthday among the games infinitesimally close to G.
    day2 = cgt.born_by(2)
    for g in day2:
        close = [h for h in day2 if (g - h).is_infinitesimal]
        assert g.reduced_canonical_form.birthday == min(h.birthday for h in close)


# ---------------------------------------------------------------- properties (cgt.testing)

# All-small games: the 67 born by day 3, and G.^ for G born by day 2 (always all-small).
all_small_games = st.one_of(
    st.sampled_from(_all_small(3)),
    games(max_birthday=2).map(lambda g: g.norton_product(up)),
)


@settings(deadline=None)
@given(all_small_games, all_small_games)
def test_atomic_weight_is_additive(g, h):
    assert g.is_all_small and h.is_all_small
    assert (g + h).atomic_weight == g.atomic_weight + h.atomic_weight


@settings(deadline=None)
@given(games(max_birthday=3))
def test_reduced_canonical_form_laws(g):
    r = g.reduced_canonical_form
    assert (g - r).is_infinitesimal
    assert r.reduced_canonical_form is r
    assert r.birthday <= g.birthday
    if g.is_infinitesimal:
        assert r is zero
    assert (-g).reduced_canonical_form is -r


@settings(deadline=None)
@given(games(max_birthday=3), games(max_birthday=3))
def test_reduced_canonical_form_respects_sums(g, h):
    assert (g + h).reduced_canonical_form is (g.reduced_canonical_form + h.reduced_canonical_form).reduced_canonical_form


@settings(deadline=None)
@given(games(max_birthday=3))
def test_companion_is_an_involution(g):
    assert g.companion.companion is g
    assert (-g).companion is -g.companion


@settings(deadline=None)
@given(games(max_birthday=2))
def test_atomic_weight_of_norton_multiple_of_up(g):
    # WW ch. 8: G.^ has atomic weight G.
    assert g.norton_product(up).atomic_weight is g


def test_up_family_closed_forms_equal_the_sums():
    # ^[k] = ^<1> + ... + ^<k>, and the starred members are the sums with * (Siegel, CGT II.4)
    from cgt import clear_caches, star, zero
    from cgt.kernel.constructors import up_family

    clear_caches()
    total = zero
    for k, nth, nth_star, cumulative, cumulative_star in up_family(24):
        total = total + nth
        assert cumulative is total, k
        assert nth_star is nth + star and cumulative_star is cumulative + star, k


def test_deep_up_family_builds_and_prints_quickly():
    # ^<500> and ^[2000] (birthdays 501 and 2001) build and print at once, without deep Python recursion
    from cgt import up_cumulative, up_nth

    assert str(up_nth(500)) == "^<500>" and up_nth(500).birthday == 501
    assert str(up_cumulative(2000)) == "^[2000]" and str(-up_cumulative(2000)) == "v[2000]"
