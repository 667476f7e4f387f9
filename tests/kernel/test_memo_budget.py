"""The comparison memos are a cache within a budget (bounded kernel memory).

Every game memoises its comparisons ``G <= H``; past :func:`cgt.limits.set_memo_budget`'s budget the oldest
memos are dropped.  Answers must not depend on it: they are checked against the definition of the order
computed without any memo, and against a fresh computation at the default budget, with budgets small enough
that memos are dropped in the middle of a comparison -- in both kernels.
"""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings, strategies as st

from cgt import clear_caches, game, integer, limits, star, switch, up, zero
from cgt.kernel.game import game_fields, kernel, pure_kernel
from cgt.testing import games, hot_games

memo_stats = limits.memo_stats


@contextlib.contextmanager
def budget(entries: int):
    previous = limits.set_memo_budget(entries)
    try:
        yield
    finally:
        limits.set_memo_budget(previous)


def kernels():
    """Both kernels: the default one, and the pure reference (a no-op when the default is the pure one)."""
    return [contextlib.nullcontext, pure_kernel]


def plain_le(g, h) -> bool:
    """G <= H straight from the definition, with no memo: no G^L >= H and no H^R <= G (Conway, ONAG ch. 1;
    Siegel, Combinatorial Game Theory, ch. II.1)."""
    return (not any(plain_le(h, gl) for gl in g.left_options)
            and not any(plain_le(hr, g) for hr in h.right_options))


@settings(max_examples=30, deadline=None)
@given(st.lists(games(max_birthday=3), min_size=2, max_size=6), st.integers(0, 40), st.sampled_from([0, 1]))
def test_comparisons_within_a_tiny_budget_follow_the_definition(gs, entries, which):
    with kernels()[which](), budget(entries):
        clear_caches()
        for g in gs:
            for h in gs:
                assert kernel.le(g, h) == plain_le(g, h)
                assert (g <= h) == plain_le(g, h)
                assert memo_stats()["entries"] <= entries


@settings(max_examples=25, deadline=None)
@given(st.lists(hot_games(max_birthday=3), min_size=2, max_size=4), st.integers(0, 200), st.sampled_from([0, 1]))
def test_sums_and_comparisons_with_drops_match_a_fresh_computation(gs, entries, which):
    """Sums of hot games (canonical forms: thousands of comparisons) with memos dropped all along, against a
    fresh computation at the default budget."""
    with kernels()[which]():
        clear_caches()
        total = zero
        for g in gs:
            total = kernel.add(total, g)
        expected = [(kernel.le(total, g), kernel.le(g, total)) for g in gs]
        expected_text = str(total)
        clear_caches()
        with budget(entries):
            total = zero
            for g in gs:
                total = kernel.add(total, g)
            assert str(total) == expected_text
            assert [(kernel.le(total, g), kernel.le(g, total)) for g in gs] == expected
            assert memo_stats()["entries"] <= entries


def test_the_budget_is_kept_and_drops_are_counted():
    clear_caches()
    with budget(50):
        before = memo_stats()["drops"]
        g = zero
        for k in range(60):
            g = game([k + 1], [g])
        assert g > g - 1 and g - 1 < g
        stats = memo_stats()
        assert stats["budget"] == 50 and stats["entries"] <= 50 and stats["drops"] > before
        # the count is exact: the entries of the memos the holders keep
        holders = kernel.memo_holders
        assert stats["holders"] == len(holders) and 0 < len(holders)
        memos = [game_fields(h)["le_memo"] for h in holders]
        assert stats["entries"] == sum(len(m) for m in memos if m is not None)


def test_lowering_the_budget_drops_at_once():
    clear_caches()
    g = zero
    for k in range(30):
        g = game([k + 1], [g])
    assert g > g - 1
    assert memo_stats()["entries"] > 10
    with budget(10):
        assert memo_stats()["entries"] <= 10
    assert memo_stats()["budget"] == limits.DEFAULT_MEMO_BUDGET


def test_clear_caches_empties_every_memo():
    g = zero
    for k in range(20):
        g = game([k + 1], [g])
    assert g > g - 1 and star <= up + up
    with pure_kernel():
        assert kernel.le(g - 2, g)
    assert memo_stats()["entries"] > 0 and kernel.memo_holders
    clear_caches()
    assert memo_stats()["entries"] == 0 and memo_stats()["holders"] == 0
    assert all(game_fields(h)["le_memo"] is None for h in kernel.by_options.values())
    assert all(game_fields(h)["le_memo"] is None for h in kernel.by_uptimal.values())


def test_a_deep_comparison_with_a_tiny_budget():
    """A chain nested 2000 deep (tests/runtime/test_deep.py) built and compared with memos dropped thousands of times
    on the way (with no memo at all these comparisons take time polynomial in the depth: a budget of a few
    entries takes minutes at this depth, so the smallest budgets are tried on a chain 100 deep)."""
    clear_caches()
    with budget(0):
        g = zero
        for k in range(100):
            g = game([k + 1], [g])
        assert g > g - 1 and g.compare(g - 1) == ">" and memo_stats()["entries"] == 0
    clear_caches()
    with budget(100):
        g = zero
        for k in range(2000):
            g = game([k + 1], [g])
        h = g - 1
        assert g > h and g.compare(h) == ">" and not g <= h
        assert (g + switch(1)) - switch(1) is g
        stats = memo_stats()
        assert stats["entries"] <= 100 and stats["drops"] > 1000


def test_ctrl_c_with_a_tiny_budget_leaves_the_kernel_usable():
    """Ctrl-C (the cancel flag the signal handler sets) stops a comparison between drops; the kernel then
    still gives the right answers."""
    from cgt.runtime.deep import cancel_requested

    g = zero
    for k in range(200):
        g = game([k + 1], [g])
    clear_caches()
    with budget(5):
        cancel_requested[0] = True
        try:
            with pytest.raises(KeyboardInterrupt):
                g <= g - 1
        finally:
            cancel_requested[0] = False
        assert not g <= g - 1 and g - 1 <= g and memo_stats()["entries"] <= 5


def test_a_bad_budget_is_refused():
    from cgt.errors import CGTError

    with pytest.raises(CGTError):
        limits.set_memo_budget(-1)
    with pytest.raises(CGTError):
        limits.set_memo_budget("many")
    assert integer(3) <= integer(4)


@pytest.mark.parametrize("entries", [0, 7, 100])
def test_a_domineering_search_with_memos_dropped_all_along(entries):
    """The bitboard search (thousands of canonical forms and sums) gives the golden values of
    tests/games/grid/test_domineering.py with the memos dropped thousands of times: 3 x 4 is -3/2 (Lessons in Play ch. 2),
    4 x 4 is +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}} (a first-player win, Lachmann, Moore and Rapaport; the
    canonical form cross-checked there with cgt-py and pycgt)."""
    import cgt.games

    for which in kernels():
        with which(), budget(entries):
            clear_caches()
            assert str(cgt.games.Domineering("....|....|....").value) == "-3/2"
            assert str(cgt.games.Domineering("....|....|....|....").value) == "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"
            stats = memo_stats()
            assert stats["entries"] <= entries and stats["drops"] > 0
