"""The position engine (cgt.games.engine.engine): iterative search, shared tables, symmetry keys, components,
limits, cycles and interruption."""

from __future__ import annotations

import pytest

import cgt
from cgt.errors import NotShortGameError, TooLargeError
from cgt.games.engine.ruleset import ImpartialRuleset, Ruleset


class Steps(Ruleset):
    """A counter n: Left subtracts 1, Right subtracts 2 -- a partizan subtraction game."""

    def left_options(self, n):
        return [n - 1] if n >= 1 else []

    def right_options(self, n):
        return [n - 2] if n >= 2 else []


class Rows(Ruleset):
    """A tuple of counters played as a sum of Steps games; counters are components; order is irrelevant."""

    def __init__(self):
        self.expanded = []

    def left_options(self, pos):
        self.expanded.append(pos)
        return [pos[:i] + (n - 1,) + pos[i + 1:] for i, n in enumerate(pos) if n >= 1]

    def right_options(self, pos):
        return [pos[:i] + (n - 2,) + pos[i + 1:] for i, n in enumerate(pos) if n >= 2]

    def components(self, pos):
        return [(n,) for n in pos if n] if len(pos) != 1 else [pos]

    def normal_form(self, pos):
        return tuple(sorted(pos)), False


class Mirror(Ruleset):
    """Pairs (a, b): Left takes 1 from a, Right takes 1 from b; (a, b) and (b, a) are negatives."""

    def left_options(self, pos):
        a, b = pos
        return [(a - 1, b)] if a else []

    def right_options(self, pos):
        a, b = pos
        return [(a, b - 1)] if b else []

    def normal_form(self, pos):
        a, b = pos
        return ((a, b), False) if a <= b else ((b, a), True)


class Loop(Ruleset):
    def left_options(self, n):
        return [(n + 1) % 3]

    def right_options(self, n):
        return []


def _slow(ruleset, pos):
    return cgt.game([_slow(ruleset, o) for o in ruleset.left_options(pos)],
                    [_slow(ruleset, o) for o in ruleset.right_options(pos)])


@pytest.mark.parametrize("n", range(9))
def test_values_match_plain_recursion(n):
    assert Steps()(n).value == _slow(Steps(), n)


def test_components_are_solved_once_and_summed():
    rows = Rows()
    value = rows((3, 4, 3)).value
    assert value == Steps()(3).value * 2 + Steps()(4).value
    # each counter 0..4 is expanded exactly once, whatever sums it appears in
    assert sorted(p for p in rows.expanded if len(p) == 1) == [(0,), (1,), (2,), (3,), (4,)]
    assert all(len(p) == 1 for p in rows.expanded)      # sums are never expanded move by move


def test_negating_symmetry_key():
    m = Mirror()
    assert m((3, 1)).value == cgt.integer(2)
    assert m((1, 3)).value == cgt.integer(-2)
    assert len(m.table("values")) <= 4 + 3          # (1,3), (0,3)…: keys only with a <= b


def test_deep_chain_needs_no_recursion():
    assert Steps()(30_000).value == _slow_steps_closed_form(30_000)


def _slow_steps_closed_form(n):
    # Steps(n) for n >= 3 repeats with period 3: 0, 1, {1|0} (shown by the first values)
    return [cgt.zero, cgt.integer(1), cgt.game([1], [0])][n % 3]


def test_cycle_names_the_position():
    with pytest.raises(NotShortGameError, match=r"position [012] can be reached from itself"):
        Loop()(0).value


def test_table_cap_gives_a_clear_error():
    class Small(Steps):
        max_positions = 10

    with pytest.raises(TooLargeError, match="more than 10 positions"):
        Small()(50).value


def test_interrupted_search_leaves_a_usable_table():
    class Flaky(Steps):
        calls = 0

        def left_options(self, n):
            Flaky.calls += 1
            if Flaky.calls == 40:
                raise KeyboardInterrupt
            return super().left_options(n)

    f = Flaky()
    with pytest.raises(KeyboardInterrupt):
        f(100).value
    assert f(100).value == _slow_steps_closed_form(100)
    assert all(v == _slow_steps_closed_form(k) for k, v in f.table("values").items())


def test_clear_caches_reaches_ruleset_tables():
    s = Steps()
    s(20).value
    assert s.table("values")
    cgt.clear_caches()
    assert not s.table("values")


def test_impartial_grundy_uses_normal_form_and_components():
    class Heaps(ImpartialRuleset):
        def options(self, pos):
            return [pos[:i] + (k,) + pos[i + 1:] for i, n in enumerate(pos) for k in range(n)]

        def components(self, pos):
            return [(n,) for n in pos] if len(pos) > 1 else [pos]

        def normal_form(self, pos):
            return tuple(sorted(n for n in pos if n)), False

    h = Heaps()
    assert h((1, 3, 5, 7)).grundy == 0
    assert h((2, 3)).grundy == 1
    assert () in h.table("grundy") and (3, 2) not in h.table("grundy")


def test_followers_as_written():
    assert {p.position for p in Steps()(4).followers()} == {0, 1, 2, 3, 4}
    with pytest.raises(TooLargeError, match="more than 3 followers"):
        Steps()(10).followers(limit=3)
