"""Collectable interning: a game lives while something refers to it, and a collection takes the others out of
the intern tables (both kernels; CI runs this file on the pure kernel too).

What must hold: a game still referred to is never taken out (equal games stay one object, so ``==`` stays
identity), ids are never reused, the kernel's own references (intern table, memo holders, the link between
G and -G) keep nothing alive, and a full table makes room by collecting before it refuses."""

from __future__ import annotations

import gc

import pytest
from hypothesis import given, settings, strategies as st

import cgt
from cgt import game, integer, limits, nimber, star, up
from cgt.errors import TooLargeError
from cgt.kernel.game import game_fields, game_id, interned_counts, kernel
from cgt.runtime.caches import cache_stats

from tests.support import full_intern_table


def interned() -> int:
    counts = interned_counts()
    return counts["general"] + counts["uptimals"]


def fresh_switch_chain(base: int, length: int):
    """{base+k | -base-k} chains: general games nobody else has made."""
    g = game([integer(base)], [integer(-base)])
    for k in range(1, length):
        g = game([g], [integer(-base - k)])
    return g


def test_games_nothing_refers_to_are_collected():
    cgt.clear_caches()
    before = interned()
    g = fresh_switch_chain(10**9 + 17, 200)
    text = str(g)
    assert interned() > before + 200
    del g
    cgt.clear_caches()                                 # empties the caches (printing keeps sort keys), collects
    assert interned() <= before + 5
    assert str(game(text)) == text                     # the same value again, from scratch


def test_a_game_still_referred_to_keeps_its_identity_and_id():
    g = fresh_switch_chain(10**9 + 101, 50)
    options = g.left_options
    ident, text = game_id(g), str(g)
    cgt.clear_caches()
    limits.collect()
    again = game(text)
    assert again is g and game_id(again) == ident and g.left_options == options
    assert g - g == 0 and -(-g) is g


def test_ids_are_never_reused():
    g = fresh_switch_chain(10**9 + 203, 20)
    old = game_id(g)
    del g
    limits.collect()
    h = fresh_switch_chain(10**9 + 203, 20)            # the same value, made anew
    assert game_id(h) > old


def test_a_game_and_its_negative_do_not_keep_each_other():
    cgt.clear_caches()
    before = interned()
    g = fresh_switch_chain(10**9 + 307, 30)
    assert -g is not g and -(-g) is g                  # each now refers to the other
    del g
    cgt.clear_caches()
    assert interned() <= before + 5


def test_memo_holders_keep_nothing_alive_and_the_count_stays_exact():
    cgt.clear_caches()
    before = interned()
    g = fresh_switch_chain(10**9 + 401, 40)
    h = fresh_switch_chain(10**9 + 409, 40)
    assert (g <= h) in (True, False) and limits.memo_stats()["entries"] > 0
    del g, h
    limits.collect()
    assert interned() <= before + 5
    stats = limits.memo_stats()
    memos = [m for m in (game_fields(h)["le_memo"] for h in kernel.memo_holders) if m is not None]
    assert stats["holders"] == len(kernel.memo_holders) and stats["entries"] == sum(len(m) for m in memos)


def test_options_made_on_demand_go_in_one_collection():
    """The options of an uptimal are made when first asked for, after the uptimal itself: a chain of numbers
    (an integer's followers) is collected by one collection, not one link per pass."""
    cgt.clear_caches()
    before = interned()
    n = integer(-20_011)
    assert len(game([0], [n]).followers()) == 20_013
    del n
    collections = limits.collection_stats()["collections"]
    limits.collect()
    assert limits.collection_stats()["collections"] == collections + 1
    assert interned() <= before + 5


def test_a_full_table_collects_before_it_refuses():
    """Garbage makes room: a loop whose results are dropped runs past the cap; live games are refused.

    A table still more than seven eighths full after a collection refuses, so the room given is an eighth of
    the games this worker holds already (they depend on the tests it ran before) and more."""
    kernel.collect()
    room = interned_counts()["uptimals"] // 6 + 200
    kept = []
    with full_intern_table("uptimals", room=room):
        for k in range(10 * room):
            nimber((1 << 41) + k) + nimber(3)          # dropped at once
        with pytest.raises(TooLargeError, match="set_max_interned"):
            for k in range(2 * room):
                kept.append(nimber((1 << 42) + k))
    del kept
    assert nimber((1 << 43) + 1) + nimber(1) is nimber((1 << 43))


def test_after_a_refused_computation_the_next_one_works():
    with full_intern_table("general", room=50):
        with pytest.raises(TooLargeError):
            fresh_switch_chain(10**9 + 503, 500)
    assert str(nimber(8)) == "*8" and str(cgt.dyadic(9, 8) + star) == "9/8*"
    before = interned()
    limits.collect()
    assert interned() <= before


def test_clear_caches_empties_every_named_cache_and_collects():
    g = fresh_switch_chain(10**9 + 601, 30)
    g.temperature, g.atomic_weight if g.is_infinitesimal else None, str(g)
    del g
    cgt.clear_caches()
    assert all(size == 0 for size in cache_stats().values())


def test_collection_stats_count_collections():
    stats = limits.collection_stats()
    assert set(stats) == {"collections", "collected", "interned", "next"}
    limits.collect()
    after = limits.collection_stats()
    assert after["collections"] == stats["collections"] + 1 and after["interned"] == interned()


@st.composite
def small_games(draw, depth=3):
    if depth == 0 or draw(st.integers(0, 4)) == 0:
        return draw(st.sampled_from([cgt.zero, star, up, integer(1), integer(-2), nimber(2), cgt.dyadic(1, 2)]))
    lefts = draw(st.lists(small_games(depth - 1), max_size=2))
    rights = draw(st.lists(small_games(depth - 1), max_size=2))
    return game(lefts, rights)


@settings(max_examples=8, deadline=None)      # each collection walks every game the worker has made
@given(st.lists(small_games(), min_size=2, max_size=8), st.lists(st.booleans(), min_size=8, max_size=8))
def test_collections_between_operations_change_no_value(games, keep):
    """Sums, negatives and comparisons with collections in between: the kept games keep their identity,
    the values are the same as with no collection (fast path == general path)."""
    sums = [a + b for a, b in zip(games, games[1:])]
    texts = [str(s) for s in sums]
    comparisons = [(a <= b, b <= a) for a, b in zip(games, games[1:])]
    kept = [s for s, k in zip(sums, keep) if k]
    ids = [game_id(s) for s in kept]
    del sums
    gc.collect()
    limits.collect()
    assert [game_id(s) for s in kept] == ids
    assert all(game(str(s)) is s for s in kept)
    again = [a + b for a, b in zip(games, games[1:])]
    assert [str(s) for s in again] == texts
    assert [(a <= b, b <= a) for a, b in zip(games, games[1:])] == comparisons
    assert all(s + (-s) == 0 for s in again)
