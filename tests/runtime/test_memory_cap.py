"""The memory cap: a computation that outgrows the machine stops with TooLargeError, one line.

Tested with the limits lowered through their setters (cgt.limits): the cap itself, the kernel's check every
65,536 new games, and the bitboard solvers' check every few thousand regions.
"""

from __future__ import annotations

import pytest

from tests.support import full_intern_table
import cgt.games
from cgt import clear_caches, limits, nimber
from cgt.errors import TooLargeError
from cgt.games.grid import bitboard
from cgt.kernel.game import interned_counts


@pytest.fixture
def memory_cap():
    """Set the memory cap for the test (``memory_cap(mb)``); the previous setting comes back afterwards."""
    previous = []

    def lower(mb):
        previous.append(limits.set_memory_cap(mb))

    yield lower
    if previous:
        limits.set_memory_cap(previous[0])


def test_the_default_cap_is_most_of_the_machine():
    cap, rss = limits.memory_cap_mb(), limits.resident_mb()
    assert cap is not None and rss is not None and 10 < rss < cap
    limits.check_memory()           # this test process is far below it


def test_past_the_cap_check_memory_raises_one_line(memory_cap):
    memory_cap(1)
    with pytest.raises(TooLargeError, match=r"memory cap of 1 MB \(cgt.limits.set_memory_cap\)") as info:
        limits.check_memory()
    assert "\n" not in str(info.value)


def test_set_memory_cap():
    from cgt.errors import CGTError

    previous = limits.set_memory_cap(1)
    try:
        assert limits.memory_cap_mb() == 1
        with pytest.raises(TooLargeError, match="memory cap"):
            limits.check_memory()
    finally:
        assert limits.set_memory_cap(previous) == 1
    assert limits.set_memory_cap(previous) is previous
    with pytest.raises(CGTError):
        limits.set_memory_cap(0)


def test_a_machine_running_out_stops_the_computation():
    previous = limits.set_min_available(10**9)      # no machine has a petabyte available
    try:
        with pytest.raises(TooLargeError, match="MB of memory left"):
            limits.check_memory()
    finally:
        limits.set_min_available(previous)


def test_the_kernel_checks_the_cap_as_it_interns_games(memory_cap):
    """Every 65,536 new games (here nimbers, interned one by one) the kernel reads the process's memory."""
    memory_cap(1)
    base = 3 << 40 | (interned_counts()["uptimals"] << 20)
    with pytest.raises(TooLargeError, match="memory cap"):
        for k in range(70_000):
            nimber(base + k)


def test_a_bitboard_search_checks_the_cap(monkeypatch):
    clear_caches()
    monkeypatch.setattr(bitboard.RegionTables, "trim_every", 16)
    previous = limits.set_memory_cap(1)
    try:
        with pytest.raises(TooLargeError, match="memory cap"):
            cgt.games.Domineering("....|....|....|....").value
    finally:
        limits.set_memory_cap(previous)
    monkeypatch.undo()
    clear_caches()
    # The search runs whole again afterwards: 4x4 Domineering, a first-player win (Lachmann, Moore and Rapaport,
    # "Who wins Domineering on rectangular boards?"), canonical form as in tests/games/grid/test_domineering.py's golden
    # table (cross-checked there with cgt-py and pycgt).
    assert str(cgt.games.Domineering("....|....|....|....").value) == "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"


def test_the_limits_are_set_through_cgt_limits():
    """Each TooLargeError names a setter reachable as written; the limits live in cgt.limits (the compiled
    kernel keeps a copy its setters hand over), so no module global of the kernel can go stale."""
    import cgt
    from cgt.errors import CGTError

    previous = cgt.limits.max_interned()
    with full_intern_table("general"), pytest.raises(TooLargeError, match=r"cgt\.limits\.set_max_interned"):
        cgt.game([cgt.game([982_451_653], [-961_748_941])], [cgt.game([-941_083_987], [899_809_363])])
    assert cgt.limits.max_interned() == previous
    previous = cgt.limits.set_min_available(10**9)          # no machine has a petabyte available
    try:
        with pytest.raises(TooLargeError, match=r"cgt\.limits\.set_min_available"):
            cgt.limits.check_memory()
    finally:
        assert cgt.limits.set_min_available(previous) == 10**9
    for setter, bad in [(cgt.limits.set_max_interned, 0), (cgt.limits.set_min_available, -1),
                        (cgt.limits.set_memo_budget, "many")]:
        with pytest.raises(CGTError):
            setter(bad)
