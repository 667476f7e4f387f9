"""The budgets of the caches: every memo belongs to a live game or has a budget, and no result depends on
one -- the same values come out under the smallest budgets as under the defaults."""

from __future__ import annotations

import contextlib
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

import cgt
from cgt import dyadic, game, integer, limits, nimber, star, switch, up
from cgt.kernel.game import kernel
from cgt.runtime.caches import BoundedCache, memo_for


@contextlib.contextmanager
def tiny_budgets():
    """Every cache as small as it can be: one entry per cache of derived values, no sums or comparisons kept."""
    previous = (limits.set_cache_budget(1), limits.set_sum_memo_budget(0), limits.set_memo_budget(0))
    try:
        yield
    finally:
        limits.set_cache_budget(previous[0])
        limits.set_sum_memo_budget(previous[1])
        limits.set_memo_budget(previous[2])


def battery() -> list[str]:
    """Values that go through every kind of cache: thermographs and temperatures, cooling and heating, atomic
    weights and reduced forms, products, variants, parities, print keys, misère tables, ruleset tables."""
    from cgt.misere.game import misere_nim, misere_sum
    from cgt.games import Clobber, Domineering, Kayles
    from cgt.misere.algebra import mate, parts

    hot = game("{3||2|1}") + switch(2) + game("{5|-1}")
    chain = game([up + star], [game([integer(2)], [dyadic(1, 4)])])
    out = [str(hot), str(hot.temperature), str(hot.mean), str(hot.thermograph), str(hot.cool(1)),
           str(star.heat(2)), str(up.heat(1)), str((up + up + star).atomic_weight), str(chain.reduced_canonical_form),
           str(up.norton_product(dyadic(1, 2) + up)), str(integer(2).ordinal_sum(up)), str(chain.is_even),
           str(chain.impartial_variant if hasattr(chain, "impartial_variant") else None),
           str(Domineering("...|...|...").value), str(Domineering("....|....|...#").value),
           str(Clobber("xox|oxo").value), str([Kayles.grundy((n,)) for n in range(30)]),
           str(mate(misere_nim(3))), str([str(p) for p in parts(misere_sum(misere_nim(2), misere_nim(3)))])]
    out += [str(g.left_options) for g in (hot, chain)]
    return out


def test_no_result_depends_on_a_budget():
    cgt.clear_caches()
    expected = battery()
    cgt.clear_caches()
    with tiny_budgets():
        assert battery() == expected
        assert battery() == expected                   # again, with whatever the tiny caches kept
    assert battery() == expected


def test_the_sum_memo_keeps_its_budget():
    previous = limits.set_sum_memo_budget(50)
    try:
        total = game("{7|6}")
        for k in range(8):
            total = total + game([integer(k + 100)], [integer(-k - 100)])
        assert len(kernel.add_memo) <= 50
        assert str(game("{7|6}") + switch(100)) == str(switch(100) + game("{7|6}"))
    finally:
        limits.set_sum_memo_budget(previous)
    assert limits.sum_memo_budget() == previous


def test_a_bounded_cache_drops_its_older_half_and_a_pin_holds_it():
    cache = BoundedCache(budget=4)
    for k in range(4):
        cache.remember(k, k)
    cache.remember(4, 4)
    assert list(cache) == [2, 3, 4]
    cache.pin()
    for k in range(5, 20):
        cache.remember(k, k)
    assert len(cache) == 18                              # pinned: nothing left
    cache.unpin()
    cache.remember(20, 20)
    assert len(cache) == 10 and 20 in cache and 5 not in cache
    for k in range(21, 40):
        cache[k] = k                                     # a walk's own stores: a dict's
    cache.pin()                                          # the next walk makes room first
    cache.unpin()
    assert len(cache) <= 15


def test_a_walk_reads_back_what_it_stored_under_the_smallest_budget():
    """Thermographs are computed bottom-up from the options' thermographs in the cache: with a budget of one
    entry the walk still finds every value it needs (the cache is pinned while it walks)."""
    g = sum((game([integer(k)], [integer(-k)]) for k in range(1, 7)), start=game("{3||2|1}"))
    cgt.clear_caches()
    expected = str(g.thermograph)
    cgt.clear_caches()
    previous = limits.set_cache_budget(1)
    try:
        assert str(g.thermograph) == expected
    finally:
        limits.set_cache_budget(previous)


def test_families_of_caches_keep_a_cache_per_recent_parameter():
    family = BoundedCache("family (test)", budget=2)
    first = memo_for(family, 1)
    assert memo_for(family, 1) is first
    memo_for(family, 2), memo_for(family, 3)
    assert len(family) <= 2 and 3 in family


def test_a_rulesets_tables_are_emptied_before_a_search_past_the_budget():
    from cgt.games import Subtraction

    ruleset = Subtraction([1, 2, 5])
    previous = limits.set_cache_budget(50)
    try:
        values = [ruleset.grundy((n,)) for n in range(0, 400, 7)]
        assert ruleset.table_entries() <= 50 + 400            # one search may pass the budget
    finally:
        limits.set_cache_budget(previous)
    ruleset.clear_cache()
    assert [ruleset.grundy((n,)) for n in range(0, 400, 7)] == values


def test_set_cache_budget_checks_its_argument():
    with pytest.raises(Exception, match="set_cache_budget"):
        limits.set_cache_budget(0)
    with pytest.raises(Exception, match="set_sum_memo_budget"):
        limits.set_sum_memo_budget(-1)


uptimal_parts = st.tuples(st.sampled_from([Fraction(0), Fraction(3), Fraction(-2), Fraction(1, 2), Fraction(-7, 8),
                                           Fraction(13, 4)]),
                          st.integers(-6, 6), st.integers(0, 7))


@settings(max_examples=40, deadline=None)
@given(uptimal_parts)
def test_follower_counts_of_uptimals_in_closed_form_count_the_followers(parts):
    x, u, n = parts
    g = dyadic(x.numerator, x.denominator) + u * up + nimber(n)
    assert g.follower_count == len(g.followers())


def test_follower_count_and_birthday_of_a_huge_integer_build_nothing():
    before = limits.collection_stats()["interned"]
    n = integer(-1823437481924)
    assert n.follower_count == 1823437481925 and n.birthday == 1823437481924
    assert limits.collection_stats()["interned"] <= before + 1
    with pytest.raises(cgt.errors.TooLargeError, match="1,823,437,481,925 followers"):
        n.followers()
