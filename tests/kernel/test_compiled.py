"""The compiled kernel ``cgt.kernel._kernel`` (issue 18 step 3) against the pure-Python kernel, the reference.

The C base type of :class:`cgt.Game` implements ``==``, ``hash``, the order and ``+`` for two games (closed
forms of uptimals ``x + u.^ + *n``, the comparison memo, the recursive comparison ``_le``); everything else,
and every unusual operand, goes back to the pure kernel.  These properties compare, on the same games, the
operators (C) with the pure functions of ``cgt.kernel.game`` (``_uptimal_le``, ``_uptimal_sum``, the pure ``_le``
through ``pure_kernel()``, ``_add``), with the memo tables emptied in between so that neither kernel
reads the other's results.  Under ``CGT_PURE=1`` both sides are the pure kernel and the properties still
hold (they then check the pure operators against the pure functions).
"""

import os
import subprocess
import sys
import tracemalloc
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from cgt import clear_caches, dyadic, game, integer, kernel_info, nimber, star, up, zero
from cgt.errors import InvalidGameError, NotDyadicError, TooLargeError
from cgt.testing import games, hot_games, nimbers, numbers, uptimals

kernel = sys.modules["cgt.kernel.game"]  # the module (cgt.kernel.game is also the name of the function game)

PURE = os.environ.get("CGT_PURE", "") not in ("", "0")
ROOT = Path(__file__).resolve().parents[2]

G3 = games(max_birthday=3)
GENERAL = st.one_of(G3, games(max_birthday=4), hot_games())
ANY = st.one_of(GENERAL, uptimals(), numbers(), nimbers())

# Number parts across the machine-size boundary of the C closed forms (|num| < 2^61, denominators to 2^62):
# beyond it the compiled kernel hands the closed form back to the pure kernel.
BIG = st.one_of(st.integers(-(2**70), 2**70), st.sampled_from([2**61 - 1, 2**61, -(2**61) + 1, -(2**61), 2**62]))
PARTS = st.builds(lambda m, k: Fraction(m, 2**k), st.one_of(st.integers(-64, 64), BIG), st.integers(0, 70))


@st.composite
def wide_uptimals(draw):
    """Uptimals x + u.^ + *n with number parts, ups and nimbers from tiny to far past 64 bits."""
    x = draw(PARTS)
    u = draw(st.one_of(st.integers(-8, 8), st.integers(-(2**66), 2**66)))
    n = draw(st.one_of(st.integers(0, 40), st.integers(0, 2**66)))
    return kernel._uptimal(x, u, n)


def test_the_compiled_kernel_is_active():
    """The install builds the C extension (gcc and the Python headers are on the machines cgt supports)."""
    if PURE:
        assert kernel_info().startswith("pure") and type(star).__mro__[1] is object
    else:
        assert kernel_info().startswith("compiled"), (
            f"{kernel_info()}: the C extension was not built; reinstall with `pip install -e .` and a C compiler")
        assert type(star).__mro__[1].__name__ == "GameBase"


@given(ANY, ANY)
def test_order_agrees_with_the_pure_comparison(g, h):
    clear_caches()
    with kernel.pure_kernel():
        le, ge = kernel._le(g, h), kernel._le(h, g)
    clear_caches()
    assert (g <= h, g >= h, h <= g) == (le, ge, ge)
    assert (g < h, g > h) == (le and not ge, ge and not le)
    assert (g == h, g != h) == (le and ge, not (le and ge))
    clear_caches()
    assert (kernel._le(g, h), kernel._le(h, g)) == (le, ge)
    # and once more, now answered from the memo tables the compiled kernel just filled
    assert (g <= h, h <= g, g.compare(h) == "||") == (le, ge, not le and not ge)


@given(wide_uptimals(), wide_uptimals())
def test_uptimal_closed_forms_agree_with_the_pure_kernel(g, h):
    assert (g <= h) == kernel._uptimal_le(g._nus, h._nus)
    assert (h <= g) == kernel._uptimal_le(h._nus, g._nus)
    assert (g + h) is kernel._uptimal_sum(g._nus, h._nus) is (h + g)


@given(st.one_of(uptimals(), numbers(), nimbers()), st.one_of(uptimals(), numbers(), nimbers()))
def test_small_uptimal_sums_agree_with_the_pure_kernel(g, h):
    expected = kernel._uptimal_sum(g._nus, h._nus)
    assert g + h is expected and h + g is expected
    clear_caches()  # the interned games stay (the compiled kernel's table of small uptimals among them)
    assert g + h is expected


@given(ANY, ANY)
def test_sums_agree_with_the_pure_kernel(g, h):
    clear_caches()
    with kernel.pure_kernel():
        expected = kernel._add(g, h) if (g._nus is None or h._nus is None) else kernel._uptimal_sum(g._nus, h._nus)
    clear_caches()
    assert g + h is expected and h + g is expected
    assert g + h is expected  # from the sum memo


@given(st.lists(ANY, max_size=4), st.lists(ANY, max_size=4))
def test_canonical_forms_agree_with_the_pure_kernel(lefts, rights):
    expected = _canonical_agrees(lefts, rights)
    assert game(lefts, rights) is expected


def _canonical_agrees(lefts, rights):
    """The compiled _canonical of {lefts | rights} is the pure kernel's game (made first, after a clear)."""
    clear_caches()
    with kernel.pure_kernel():
        expected = kernel._canonical(list(lefts), list(rights))
    clear_caches()
    assert kernel._canonical(list(lefts), list(rights)) is expected
    return expected


@given(ANY, st.one_of(st.integers(-(2**70), 2**70), PARTS))
def test_ints_and_dyadic_fractions_as_operands(g, x):
    """Ints and dyadic Fractions behave exactly as the number games they stand for, on either side."""
    n = kernel.number(x)
    assert g + x is g + n and x + g is n + g
    assert (g <= x, g >= x, g < x, g > x) == (g <= n, g >= n, g < n, g > n)
    assert (x <= g, x >= g, x < g, x > g) == (n <= g, n >= g, n < g, n > g)
    assert (g == x, x == g, g != x, x != g) == (g is n, g is n, g is not n, g is not n)
    assert g - x is g + (-n) and x - g is n - g


def test_unusual_operands_behave_as_in_the_pure_kernel():
    for bad in (0.5, 1j):
        with pytest.raises(InvalidGameError, match="float|not a game"):
            up + bad
        with pytest.raises(InvalidGameError):
            up <= bad
        with pytest.raises(InvalidGameError):
            up == bad  # noqa: B015
    with pytest.raises(InvalidGameError, match="not a game"):
        up + "x"
    with pytest.raises(NotDyadicError, match="not a dyadic"):
        up + Fraction(1, 3)
    assert (up == "x", up != "x", up == None, up == [1]) == (False, True, False, False)  # noqa: E711
    with pytest.raises(InvalidGameError):
        up < "x"  # noqa: B015
    assert (up == True, integer(1) == True) == (False, False)  # noqa: E712  (bool is not a number here)


def test_hash_and_fields_of_new_uptimals():
    """New games get the fields of the pure kernel's ``_new``: stops, float shadows, hash like the value."""
    for x, u, n in ((98765, 0, 0), (Fraction(-7777, 8192), 0, 0), (2**80 + 17, 0, 0), (0, 0, 2**40 + 3),
                    (Fraction(3, 4) + 991, -2, 5)):
        fresh = (x, u, n) not in kernel._by_uptimal
        g = kernel._uptimal(x, u, n)
        assert g._nus == (x, u, n) and g._ls == g._rs == x and g._lsf == g._rsf == float(x)
        if fresh:
            assert (g._neg, g._birthday, g._le_memo, g._extra, g._left, g._right) == (None,) * 6
        assert hash(g) == (hash(x) if u == 0 == n else hash(("cgt.Game", g._id)))
    huge = kernel._uptimal(Fraction(2**2000 + 1, 2), 0, 0)  # its float shadow overflows to +inf
    assert huge._lsf == float("inf") and hash(huge) == hash(Fraction(2**2000 + 1, 2))
    g = game([up], [star])
    assert g._nus is None and hash(g) == hash(("cgt.Game", g._id))
    assert hash(integer(2)) == hash(2) and hash(dyadic(3, 4)) == hash(Fraction(3, 4))
    assert {integer(2): "two"}[2] == "two"


def test_the_intern_cap_stops_new_uptimals_from_the_compiled_sum(monkeypatch):
    base = 1 << 45
    nimber(base)
    nimber(3)
    monkeypatch.setattr(kernel, "MAX_INTERNED", len(kernel._by_uptimal))
    with pytest.raises(TooLargeError, match="MAX_INTERNED"):
        nimber(base) + nimber(3)


def test_cancellation_reaches_the_compiled_comparison():
    """The C comparison polls cgt.runtime.deep.cancel_requested like the pure one and stops with KeyboardInterrupt."""
    from cgt.runtime.deep import cancel_requested

    g, h = game([3], [game([2], [game([1], [-5])])]), game([3], [game([2], [game([1], [-6])])])
    clear_caches()
    cancel_requested[0] = True
    try:
        with pytest.raises(KeyboardInterrupt):
            kernel._le(g, h)
    finally:
        cancel_requested[0] = False
    assert kernel._le(h, g) and not kernel._le(g, h)


def test_deep_comparisons_move_to_the_big_stack_thread():
    """A comparison deeper than the recursion limit reruns on the deep worker, in both kernels."""
    g = zero
    for k in range(3000):
        g = game([k + 1], [g])  # {k+1 | G_k}, birthday 3001
    h = g + 1
    assert g < h and not h <= g and (h - 1) is g
    clear_caches()
    with kernel.pure_kernel():
        assert kernel._le_deep(g, h) and not kernel._le_deep(h, g)


def test_no_reference_or_memory_leak_in_repeated_operations():
    """Operations answered in C (closed forms, memo hits, int operands) allocate nothing that survives them."""
    a, b, x, y = nimber(1000), nimber(2000), dyadic(3, 8), dyadic(-5, 16)
    g, h = game([2], [game([1], [0])]), game([up], [star])
    warm = (a + b, x + y, g + h, g <= h, h <= g, g + 3, 3 + g, g <= 2, g == 2, x == Fraction(3, 8), up < star)
    counts = [sys.getrefcount(o) for o in (a, b, x, y, g, h, a + b, x + y, g + h)]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(20_000):
            a + b, x + y, g + h, g <= h, h <= g, g + 3, 3 + g, g <= 2, g == 2, x == Fraction(3, 8), up < star
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert [sys.getrefcount(o) for o in (a, b, x, y, g, h, a + b, x + y, g + h)] == counts
    assert grown < 50_000, f"{grown} bytes kept by 220,000 operations"
    assert warm[0] is nimber(1000 ^ 2000)


@pytest.mark.slow  # about 5 s of CPU in a fresh interpreter
def test_core_tests_pass_on_the_pure_kernel():
    """A bounded pass of the core tests with CGT_PURE=1 (the reference kernel); the full suite runs compiled."""
    if PURE:
        return  # this process is the pure pass already
    env = dict(os.environ, CGT_PURE="1")
    script = ("import cgt, sys; assert cgt.kernel_info().startswith('pure'), cgt.kernel_info(); "
              "import pytest; sys.exit(pytest.main(['-q', '-x', '-p', 'no:cacheprovider', "
              "'tests/laws/test_game_laws.py', 'tests/kernel/test_golden.py']))")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "[100%]" in result.stdout


def test_a_missing_extension_falls_back_with_a_one_line_warning():
    script = ("import sys, warnings\n"
              "sys.modules['cgt.kernel._kernel'] = None  # as if the extension had not been built\n"
              "with warnings.catch_warnings(record=True) as caught:\n"
              "    warnings.simplefilter('always')\n"
              "    import cgt\n"
              "notes = [str(w.message) for w in caught if 'compiled kernel' in str(w.message)]\n"
              "print(len(notes), '\\n' in notes[0], cgt.kernel_info(), cgt.up + cgt.star, cgt.up <= cgt.star)\n")
    env = {k: v for k, v in os.environ.items() if k != "CGT_PURE"}
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "1 False pure (the compiled kernel cgt.kernel._kernel is not built) ^* False"


# ---------------------------------------------------------------------------------------------------------
# Issue 18 step 2: small uptimals outside the general intern path (a C table keyed by machine integers; id,
# (x, u, n), stops and hash made on first use) and the first-run paths of small sums in C (options of small
# uptimals, stops, the simplicity theorem, the recognition of uptimals among canonical options).

# Small uptimals and their neighbours past the C bounds (|num| < 2^40 and 2^-20 for the simplicity theorem,
# at most 64 options per side, |parts| < 2^61): the pure functions take over there.
NEAR = st.builds(lambda m, k: Fraction(m, 2**k), st.one_of(st.integers(-64, 64), st.integers(-(2**41), 2**41),
                                                          st.sampled_from([2**40 - 1, 2**40, -(2**40)])),
                 st.integers(0, 24))
SMALL = st.one_of(uptimals(), numbers(), nimbers(),
                  st.builds(kernel._uptimal, NEAR, st.integers(-3, 3), st.integers(0, 70)))
pure_materialise = getattr(kernel, "_pure_materialise", kernel._materialise)


def reference_stops(g):
    """The stops by their definition (Siegel, CGT II.3), in Fractions: a number's value, else the largest right
    stop of a left option and the smallest left stop of a right option."""
    closed = kernel.closed_uptimal(g)
    if closed is not None:
        return closed[0], closed[0]
    return (max(reference_stops(o)[1] for o in kernel.lefts_of(g)),
            min(reference_stops(o)[0] for o in kernel.rights_of(g)))


@given(SMALL)
def test_options_of_small_uptimals_agree_with_the_pure_materialise(g):
    pure_materialise(g)
    expected = (g._left, g._right)
    kernel._materialise(g)  # the compiled one recomputes them
    assert (g._left, g._right) == expected
    for options in expected:
        assert [kernel.game_id(o) for o in options] == sorted(kernel.game_id(o) for o in options)
    # the options rebuild the game: canonical form, simplicity theorem and recognition of uptimals in C
    assert game(list(expected[0]), list(expected[1])) is g


@given(st.one_of(GENERAL, st.builds(lambda g, x: g + x, GENERAL, st.one_of(NEAR, PARTS))))
def test_stops_agree_with_their_definition(g):
    ls, rs = reference_stops(g)
    assert (g.left_stop, g.right_stop) == (ls, rs)
    kls, krs = kernel.stops_of(g)
    assert (kls, krs) == (ls, rs)
    assert [type(v) for v in (kls, krs)] == [int if v.denominator == 1 else Fraction for v in (ls, rs)]
    assert (g._lsf, g._rsf) == (kernel._float(ls), kernel._float(rs))


@given(st.lists(st.one_of(numbers(), st.builds(kernel.number, NEAR), st.builds(kernel.number, PARTS)),
                max_size=4),
       st.lists(st.one_of(numbers(), st.builds(kernel.number, NEAR), st.builds(kernel.number, PARTS)),
                max_size=4))
def test_the_simplicity_theorem_agrees_with_the_pure_kernel(lefts, rights):
    clear_caches()
    with kernel.pure_kernel():
        expected = kernel._canonical(list(lefts), list(rights))
    clear_caches()
    assert kernel._canonical(list(lefts), list(rights)) is expected


@given(st.lists(SMALL, max_size=4), st.lists(SMALL, max_size=4))
def test_recognised_uptimals_agree_with_the_pure_kernel(lefts, rights):
    _canonical_agrees(lefts, rights)


@given(SMALL, SMALL)
def test_sums_of_small_uptimals_print_and_read_back(g, h):
    total = g + h
    x, u, n = kernel.closed_uptimal(total)
    assert str(total) == kernel.format_uptimal(x, u, n)
    assert game(str(total)) is total
    assert repr(total) == repr(kernel._uptimal(x, u, n))


def test_ids_are_unique_stable_and_follow_creation_order():
    def keys(base):
        return [(0, 0, base + k) for k in range(4)] + [(Fraction(2 * base + 1, 1 << 20), 0, 0), (0, 0, 3 * base + 9)]

    # a power of two (so that the XORs below are sums) whose games no other test of this process has made: a
    # property test may well have made *2^50 already
    base = next(1 << e for e in range(50, 60) if not any(k in kernel._by_uptimal for k in keys(1 << e)))
    made = [nimber(base + k) for k in range(4)] + [dyadic(2 * base + 1, 1 << 20), nimber(base) + nimber(2 * base + 9)]
    ids = [kernel.game_id(g) for g in made]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    assert [g._id for g in made] == ids  # made once, then the same int
    assert hash(made[0]) == hash(("cgt.Game", ids[0])) and hash(made[4]) == hash(Fraction(2 * base + 1, 1 << 20))
    assert nimber(base) + nimber(base + 7) is nimber(7) and made[5] is nimber(3 * base + 9)


def test_the_uptimal_table_reads_like_a_dict_and_survives_clear_caches():
    table = kernel._by_uptimal
    key = (12_345 + Fraction(3, 1024), 3, 5)
    g = kernel._uptimal(*key)
    h = game([g], [0])
    assert (g <= h, h <= g) == (False, False) and g._le_memo is not None and h._le_memo is not None
    assert key in table and table[key] is g and table.get(key) is g
    assert (Fraction(4), 0, 0) in table and table[(Fraction(4), 0, 0)] is integer(4)  # keys match by value
    assert table.get((0, 0, -1)) is None and table.get((0, 0, -1), "no") == "no"
    with pytest.raises(KeyError):
        table[(Fraction(1, 3 << 70), 0, 0)]
    assert len(table) >= 2 and any(v is g for v in table.values())
    clear_caches()
    assert (g._le_memo, g._extra, h._le_memo) == (None, None, None) and kernel._uptimal(*key) is g


def test_the_intern_cap_applies_to_every_new_small_uptimal(monkeypatch):
    a, b = dyadic(2**36 + 1, 2**10), dyadic(2**36 + 2, 2**10)  # the simplest number between them is new
    x, y = dyadic(2**30 + 1, 2**20), dyadic(1, 2**19)
    unlisted = kernel._uptimal(2**35 + 977, 3, 0)  # its options are not interned yet
    monkeypatch.setattr(kernel, "MAX_INTERNED", len(kernel._by_uptimal))
    for make in (lambda: x + y, lambda: kernel._uptimal(Fraction(7, 2**33), 5, 9), lambda: game([a], [b]),
                 lambda: kernel.lefts_of(unlisted), lambda: nimber(2**52)):
        with pytest.raises(TooLargeError, match="MAX_INTERNED"):
            make()


def test_games_stay_out_of_the_cyclic_collector_and_accept_weak_references():
    import gc
    import weakref

    g = nimber(4242) + up
    assert weakref.ref(g)() is g
    if not PURE:
        assert not gc.is_tracked(g) and not gc.is_tracked(game([g], [0]))
    gc.collect()
    assert g - up is nimber(4242)


def test_other_threads_run_during_a_long_compiled_computation():
    """The C loops let waiting threads take the interpreter lock now and then (a Ctrl-C sent by a timer thread,
    the deep-recursion supervisor); before, only the calls back into Python did."""
    import threading
    import time

    g = zero
    for k in range(110):
        g = game([k + 1], [g])
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.002)

    worker = threading.Thread(target=tick)
    worker.start()
    try:
        time.sleep(0.01)
        # at least half a second inside the kernel (the sum again from cleared caches), so that a loaded machine
        # has time to schedule the ticking thread; a kernel that kept the lock would still see no tick at all
        took = during = 0
        while took < 0.5:
            clear_caches()
            seen = len(ticks)
            start = time.monotonic()
            g + g
            took += time.monotonic() - start
            during += len(ticks) - seen
    finally:
        done.set()
        worker.join()
    assert during >= 2, (took, during)


# ---------------------------------------------------------------------------------------------------------
# The comparison memo of a game with the compiled kernel: a LeMemo (ids -> bool in a table of machine words)
# instead of a dict.  Its answers must be the comparisons themselves, and it must read and write like the
# dict the pure kernel's functions expect.

@pytest.mark.skipif(PURE, reason="the compiled kernel's memo type")
@given(st.lists(ANY, min_size=2, max_size=12))
def test_the_memo_of_a_game_holds_the_true_answers_by_id(values):
    """After comparing g with other games, every entry of g's memo (the games met in the recursion too) is
    the answer of the pure kernel's comparison, computed afresh."""
    clear_caches()
    g, others = values[0], values[1:]
    for h in others:
        g <= h
    memo = g._le_memo
    if memo is None:  # every comparison was decided in closed form (uptimals) or by identity
        return
    assert type(memo) is kernel._compiled.LeMemo
    stored = {k: memo[k] for k in memo}
    assert len(stored) == len(memo) and all(v in (True, False) for v in stored.values())
    by_id = {f._id: f for h in values for f in h.followers() | {h}}
    assert set(stored) <= set(by_id)
    clear_caches()
    with kernel.pure_kernel():
        assert {k: kernel._le(g, by_id[k]) for k in stored} == stored
    clear_caches()


@pytest.mark.skipif(PURE, reason="the compiled kernel's memo type")
def test_the_memo_type_reads_and_writes_like_a_small_dict():
    memo = kernel._compiled.LeMemo()
    assert len(memo) == 0 and memo.get(3) is None and memo.get(3, "no") == "no" and 3 not in memo
    for k in range(1000):  # grows past the four inline slots many times
        memo[k * 7919] = k % 3 == 0
    memo[0] = False  # replaces, does not add
    assert len(memo) == 1000 and memo[0] is False and memo[7919] is False and memo[3 * 7919] is True
    assert sorted(memo) == [k * 7919 for k in range(1000)] and sorted(memo.keys()) == sorted(memo)
    assert memo.get(2**70) is None and (2**70 in memo) is False and memo.get(-1, 5) == 5
    assert memo.__sizeof__() >= 1000 * 8
    with pytest.raises(KeyError):
        memo[1]
    with pytest.raises(TypeError, match="game ids"):
        memo["a"] = True
    with pytest.raises(TypeError, match="only grows"):
        del memo[0]
    with pytest.raises(OverflowError):
        memo[2**63] = True


@pytest.mark.skipif(PURE, reason="the compiled kernel's memo type")
def test_the_pure_comparison_reads_and_fills_a_compiled_memo():
    # The pure kernel's _le (the reference) run on games whose memos the compiled kernel made: it reads the
    # LeMemo with .get and stores into it with [] -- and the answers agree.
    clear_caches()
    a, b, c = game([integer(2)], [star]), game([up], [integer(-1)]), game([zero, star], [zero])
    first = [(x <= y) for x in (a, b, c) for y in (a, b, c)]
    assert type(a._le_memo) is kernel._compiled.LeMemo
    with kernel.pure_kernel():
        again = [kernel._le(x, y) for x in (a, b, c) for y in (a, b, c)]
    assert again == first
    clear_caches()
