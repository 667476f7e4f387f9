"""The compiled kernel ``cgt.kernel._kernel`` against the pure-Python kernel, the reference.

The C base type of :class:`cgt.Game` implements ``==``, ``hash``, the order and ``+`` for two games (closed
forms of uptimals ``x + u.^ + *n``, the comparison memo, the recursive comparison); everything else, and
every unusual operand, goes back to the pure kernel.  These properties compare, on the same games, the
operators and the active kernel's functions (``kernel.le``, ``kernel.add``, ...: C) with the reference's
(``reference.le``, ``uptimal_le``, ``uptimal_sum``, ... of ``cgt.kernel.game``), with the memo tables emptied in
between so that neither kernel reads the other's results.  Under ``CGT_PURE=1`` both sides are the pure kernel
and the properties still hold (they then check the pure operators against the pure functions).
"""

import os
import pickle
import subprocess
import sys
import tracemalloc
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

import cgt
from tests.support import full_intern_table
from cgt import clear_caches, dyadic, game, integer, kernel_info, limits, nimber, number, star, up, zero
from cgt.errors import InvalidGameError, NotDyadicError, TooLargeError
from cgt.kernel.game import (PureGameBase, closed_uptimal, float_shadow, game_fields, game_id, interned_counts, kernel,
                             lefts_of, pure_kernel, reference, rights_of, stops_of, uptimal_le, uptimal_sum)
from cgt.notation.printing import format_uptimal
from cgt.testing import games, hot_games, nimbers, numbers, uptimals

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
    return kernel.uptimal(x, u, n)


def nus(g):
    """The kernel's closed form ``(x, u, n)`` of g as stored (an int x for integers), or None."""
    return game_fields(g)["nus"]


def test_the_compiled_kernel_is_active():
    """The install builds the C extension (gcc and the Python headers are on the machines cgt supports)."""
    if PURE:
        assert kernel_info().startswith("pure") and type(star).__mro__[1] is PureGameBase
        assert kernel is reference and not kernel.compiled
    else:
        assert kernel_info().startswith("compiled"), (
            f"{kernel_info()}: the C extension was not built; reinstall with `pip install -e .` and a C compiler")
        assert type(star).__mro__[1].__name__ == "GameBase" and kernel.compiled and kernel is not reference
    assert kernel.description == kernel_info() and cgt.game is game and callable(cgt.game)


@given(ANY, ANY)
def test_order_agrees_with_the_pure_comparison(g, h):
    clear_caches()
    with pure_kernel():
        le, ge = kernel.le(g, h), kernel.le(h, g)
    clear_caches()
    assert (g <= h, g >= h, h <= g) == (le, ge, ge)
    assert (g < h, g > h) == (le and not ge, ge and not le)
    assert (g == h, g != h) == (le and ge, not (le and ge))
    clear_caches()
    assert (kernel.le(g, h), kernel.le(h, g)) == (le, ge)
    # and once more, now answered from the memo tables the compiled kernel just filled
    assert (g <= h, h <= g, g.compare(h) == "||") == (le, ge, not le and not ge)


@given(wide_uptimals(), wide_uptimals())
def test_uptimal_closed_forms_agree_with_the_pure_kernel(g, h):
    assert (g <= h) == uptimal_le(nus(g), nus(h))
    assert (h <= g) == uptimal_le(nus(h), nus(g))
    assert (g + h) is uptimal_sum(nus(g), nus(h)) is (h + g)


@given(st.one_of(uptimals(), numbers(), nimbers()), st.one_of(uptimals(), numbers(), nimbers()))
def test_small_uptimal_sums_agree_with_the_pure_kernel(g, h):
    expected = uptimal_sum(nus(g), nus(h))
    assert g + h is expected and h + g is expected
    clear_caches()  # the interned games stay (the compiled kernel's table of small uptimals among them)
    assert g + h is expected


@given(ANY, ANY)
def test_sums_agree_with_the_pure_kernel(g, h):
    clear_caches()
    expected = reference.add(g, h) if (nus(g) is None or nus(h) is None) else uptimal_sum(nus(g), nus(h))
    clear_caches()
    assert g + h is expected and h + g is expected
    assert g + h is expected  # from the sum memo


# Switches {a | b} (a > b) with small dyadic a and gaps: sums of them are hot games whose positions are largely
# translates of one another (number translation: the compiled kernel's translate).
SWITCHES = st.builds(lambda a, k: game([a], [a - Fraction(k, 2)]), numbers(6, 1), st.integers(1, 12))
SUMMANDS = st.one_of(SWITCHES, hot_games(), numbers(4, 2), uptimals())


@given(st.lists(SUMMANDS, min_size=2, max_size=9), st.lists(st.one_of(numbers(4, 2), SWITCHES), max_size=3))
def test_running_sums_of_switches_and_hot_games_agree_with_the_pure_kernel(parts, shifts):
    # A running sum, as bench_constructor's "sums of switches" builds one, with translates x + S of the partial
    # sums S made on the way, checked step by step against the pure sum.
    clear_caches()
    expected, total = [], parts[0]
    with pure_kernel():
        for g in parts[1:]:
            total = kernel.add(total, g)
            expected.append([total] + [kernel.add(total, x) for x in shifts])
    clear_caches()
    total = parts[0]
    for g, want in zip(parts[1:], expected):
        moved = [total + g] + [x + total + g for x in shifts]
        total = moved[0]
        assert moved[0] is want[0]
        assert all(m is w for m, w in zip(moved[1:], want[1:]))
    # the same games, whatever order the sum takes
    clear_caches()
    assert sum(reversed(parts[1:]), parts[0]) is expected[-1][0]


def remembered_bases(games_):
    """``(f, x, B)`` for every follower f of the games that the compiled kernel remembers as the translate x + B."""
    if kernel.translate_base is None:
        return []
    found = []
    for g in games_:
        for f in g.followers():
            known = kernel.translate_base(f)
            if known is not None:
                found.append((f,) + known)
    return found


NONZERO = numbers(4, 2).filter(lambda x: x != zero)


@given(st.lists(SWITCHES, min_size=1, max_size=5), st.lists(SUMMANDS, min_size=1, max_size=4), NONZERO, NONZERO,
       st.sampled_from([zero, game([1], [-1])]))
def test_sums_of_translates_agree_with_the_pure_kernel(left, right, x, y, extra):
    # The compiled kernel remembers each game translate() makes as x + B and adds translates on their bases,
    # (x + G) + (y + H) = (x + y) + (G + H) and y + (x + B) = (x + y) + B: those sums against the pure ones,
    # with translates made fresh (the memos emptied) so that the kernel remembers their bases.
    clear_caches()
    with pure_kernel():
        g, h = sum(left[1:], left[0]), sum(right[1:], right[0])
        want = [kernel.add(kernel.add(x, g), kernel.add(y, h)), kernel.add(kernel.add(x, g), h),
                kernel.add(y, kernel.add(x, g)), kernel.add(kernel.add(kernel.add(x, g), extra), kernel.add(y, g))]
    clear_caches()
    g, h = sum(left[1:], left[0]), sum(right[1:], right[0])
    xg, yh = x + g, y + h
    got = [xg + yh, xg + h, y + xg, (xg + extra) + (y + g)]
    assert all(a is b for a, b in zip(got, want))
    # every base the kernel remembers is true (checked by the pure sum) and is not itself a remembered translate
    found = remembered_bases(got + [xg, yh])
    assert all(kernel.translate_base(base) is None for _, _, base in found)
    clear_caches()
    with pure_kernel():
        assert all(kernel.add(offset, base) is f for f, offset, base in found)


def test_the_kernel_remembers_the_bases_of_the_translates_it_makes():
    # 1/2 + {3 | 1}... a sum of switches, translated: a fresh game with a remembered base (the compiled kernel)
    clear_caches()
    s = game([7], [1]) + game([2], [-1]) + game([Fraction(1, 2)], [-5])
    moved = s + Fraction(3, 4)
    if PURE:
        assert kernel.translate_base is None
        return
    assert kernel.translate_base(moved) == (number(Fraction(3, 4)), s)
    assert kernel.translate_base(moved + 1) == (number(Fraction(7, 4)), s)   # not (1, moved)
    assert moved + s is (s + s) + Fraction(3, 4) and moved + moved is (s + s) + Fraction(3, 2)
    assert kernel.translate_base(s) is None and kernel.translate_base(star) is None
    clear_caches()   # the table is a cache: emptied with the others
    assert kernel.translate_base(moved) is None
    with pytest.raises(TypeError):
        kernel.translate_base(3)


@given(st.lists(ANY, max_size=4), st.lists(ANY, max_size=4))
def test_canonical_forms_agree_with_the_pure_kernel(lefts, rights):
    expected = _canonical_agrees(lefts, rights)
    assert game(lefts, rights) is expected


@given(st.lists(ANY, max_size=5), st.lists(ANY, max_size=5), st.randoms(use_true_random=False))
def test_the_constructor_answers_a_repeated_option_set_with_its_canonical_form(lefts, rights, rnd):
    # The compiled game() remembers canonical forms by the sets of option ids: the same sets in another order
    # or with repetitions are the same game, and a neighbouring set is not mistaken for it.
    clear_caches()
    expected = reference.canonical(list(lefts), list(rights))
    fewer = reference.canonical(list(lefts[1:]), list(rights))
    clear_caches()
    assert game(lefts, rights) is expected
    again_lefts, again_rights = lefts + lefts[:2], list(rights) * 2
    rnd.shuffle(again_lefts)
    rnd.shuffle(again_rights)
    assert game(again_lefts, tuple(again_rights)) is expected
    assert game(lefts[1:], rights) is fewer
    clear_caches()  # empties the memo; the games stay what they are
    assert game(again_lefts, again_rights) is expected


@given(st.lists(GENERAL, min_size=1, max_size=4), st.lists(GENERAL, min_size=1, max_size=4))
def test_general_games_are_one_object_whichever_kernel_interned_them(lefts, rights):
    # The pure kernel's interning writes the shared table of general games (through its mapping interface); the
    # compiled one finds games there by their options' ids, which must follow what the pure kernel added and
    # survive a collection.
    clear_caches()
    with pure_kernel():
        g = kernel.canonical(list(lefts), list(rights))
    assert kernel.canonical(list(lefts), list(rights)) is g
    assert game([-x for x in rights], [-x for x in lefts]) is -g
    clear_caches()
    assert kernel.canonical(list(reversed(lefts)), list(rights)) is g
    general = [v for v in kernel.by_options.values()]
    assert all(kernel.intern_general(lefts_of(v), rights_of(v)) is v for v in general)
    if nus(g) is None:
        assert kernel.intern_general(list(reversed(lefts_of(g))), rights_of(g)) is g


@given(st.lists(GENERAL, min_size=1, max_size=4), st.lists(GENERAL, min_size=1, max_size=4))
def test_the_table_of_general_games_reads_like_a_dict(lefts, rights):
    # kernel.by_options: the pure kernel's dict, or the compiled kernel's table of general games read as a mapping
    # from the pair of option tuples (sorted by id) to the game
    g = game(lefts, rights)
    table = kernel.by_options
    values = table.values()
    assert len(values) == len(table) == len({id(v) for v in values})
    assert all(nus(v) is None for v in values)
    for v in values:
        key = (lefts_of(v), rights_of(v))
        assert table[key] is v and key in table and table.get(key) is v
    assert sorted(map(id, (table[key] for key in table))) == sorted(map(id, values))
    assert table.get(((zero,), (zero,))) is None and table.get(((zero,), (zero,)), "no") == "no"  # * is an uptimal
    with pytest.raises(KeyError):
        table[((star,), (star,))]  # {* | *} = 0
    if nus(g) is None:
        assert table[(lefts_of(g), rights_of(g))] is g
        if not PURE:  # the compiled table keys by the sets of options: their order does not matter
            assert table.get((tuple(reversed(lefts_of(g))), rights_of(g))) is g


@given(st.lists(st.tuples(st.integers(0, 2**20 - 1), st.integers(0, 2**20 - 1)), min_size=1, max_size=200))
def test_fresh_nimbers_from_nim_sums_are_interned_and_collected(pairs):
    # the nim sum's direct path makes a new nimber in place (after the ring of pending insertions has filled): it
    # is then the one interned *(a XOR b), with the fields and hash of any nimber, and a collection takes it out
    clear_caches()
    sums = [nimber(a) + nimber(b) for a, b in pairs]
    for (a, b), s in zip(pairs, sums):
        assert s is nimber(a ^ b) and nus(s) == (0, 0, a ^ b) and s.nim_value == a ^ b
        assert hash(s) == (hash(0) if a == b else hash(("cgt.Game", game_id(s))))
    before = interned_counts()["uptimals"]
    values = {a ^ b for a, b in pairs}
    del sums, s
    clear_caches()
    assert interned_counts()["uptimals"] <= before
    assert all(nimber(a) + nimber(b) is nimber(a ^ b) for a, b in pairs)
    assert len({nimber(v) for v in values}) == len(values)


@given(st.one_of(st.integers(0, 2**10), st.integers(0, 2**23)), st.one_of(st.integers(0, 2**10), st.integers(0, 2**23)))
def test_nim_sums_are_the_nimber_of_the_exclusive_or(a, b):
    # the direct path of + for two nimbers (*a + *b = *(a XOR b)), across the edge of the nimber directory
    g, h = nimber(a), nimber(b)
    expected = uptimal_sum(nus(g), nus(h))
    assert nus(expected) == (0, 0, a ^ b)
    assert g + h is expected and h + g is expected and g + h is nimber(a ^ b)


def _canonical_agrees(lefts, rights):
    """The compiled canonical form of {lefts | rights} is the pure kernel's game (made first, after a clear)."""
    clear_caches()
    expected = reference.canonical(list(lefts), list(rights))
    clear_caches()
    assert kernel.canonical(list(lefts), list(rights)) is expected
    return expected


@given(ANY, st.one_of(st.integers(-(2**70), 2**70), PARTS))
def test_ints_and_dyadic_fractions_as_operands(g, x):
    """Ints and dyadic Fractions behave exactly as the number games they stand for, on either side."""
    n = number(x)
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
    """New games get the fields of the pure kernel's ``new_game``: stops, float shadows, hash like the value."""
    for x, u, n in ((98765, 0, 0), (Fraction(-7777, 8192), 0, 0), (2**80 + 17, 0, 0), (0, 0, 2**40 + 3),
                    (Fraction(3, 4) + 991, -2, 5)):
        fresh = (x, u, n) not in kernel.by_uptimal
        f = game_fields(kernel.uptimal(x, u, n))
        assert f["nus"] == (x, u, n) and f["ls"] == f["rs"] == x and f["lsf"] == f["rsf"] == float(x)
        if fresh:
            assert [f[k] for k in ("neg", "birthday", "le_memo", "extra", "left", "right")] == [None] * 6
        assert f["hash"] == (hash(x) if u == 0 == n else hash(("cgt.Game", f["id"])))
    huge = kernel.uptimal(Fraction(2**2000 + 1, 2), 0, 0)  # its float shadow overflows to +inf
    assert game_fields(huge)["lsf"] == float("inf") and hash(huge) == hash(Fraction(2**2000 + 1, 2))
    g = game([up], [star])
    assert nus(g) is None and hash(g) == hash(("cgt.Game", game_id(g)))
    assert hash(integer(2)) == hash(2) and hash(dyadic(3, 4)) == hash(Fraction(3, 4))
    assert {integer(2): "two"}[2] == "two"


def test_the_intern_cap_stops_new_uptimals_from_the_compiled_sum():
    base = 1 << 45
    nimber(base)
    nimber(3)
    with full_intern_table("uptimals"), pytest.raises(TooLargeError, match="set_max_interned"):
        nimber(base) + nimber(3)


def test_cancellation_reaches_the_compiled_comparison():
    """The C comparison polls cgt.runtime.deep.cancel_requested like the pure one and stops with KeyboardInterrupt."""
    from cgt.runtime.deep import cancel_requested

    g, h = game([3], [game([2], [game([1], [-5])])]), game([3], [game([2], [game([1], [-6])])])
    clear_caches()
    cancel_requested[0] = True
    try:
        with pytest.raises(KeyboardInterrupt):
            kernel.le(g, h)
    finally:
        cancel_requested[0] = False
    assert kernel.le(h, g) and not kernel.le(g, h)


def test_deep_comparisons_move_to_the_big_stack_thread():
    """A comparison deeper than the recursion limit reruns on the deep worker, in both kernels."""
    g = zero
    for k in range(3000):
        g = game([k + 1], [g])  # {k+1 | G_k}, birthday 3001
    h = g + 1
    assert g < h and not h <= g and (h - 1) is g
    clear_caches()
    with pure_kernel():
        assert kernel.le_deep(g, h) and not kernel.le_deep(h, g)


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
# Small uptimals outside the general intern path (a C table keyed by machine integers; id, (x, u, n), stops
# and hash made on first use) and the first-run paths of small sums in C (options of small uptimals, stops,
# the simplicity theorem, the recognition of uptimals among canonical options).

# Small uptimals and their neighbours past the C bounds (|num| < 2^40 and 2^-20 for the simplicity theorem,
# at most 64 options per side, |parts| < 2^61): the pure functions take over there.
NEAR = st.builds(lambda m, k: Fraction(m, 2**k), st.one_of(st.integers(-64, 64), st.integers(-(2**41), 2**41),
                                                          st.sampled_from([2**40 - 1, 2**40, -(2**40)])),
                 st.integers(0, 24))
SMALL = st.one_of(uptimals(), numbers(), nimbers(),
                  st.builds(kernel.uptimal, NEAR, st.integers(-3, 3), st.integers(0, 70)))


def reference_stops(g):
    """The stops by their definition (Siegel, CGT II.3), in Fractions: a number's value, else the largest right
    stop of a left option and the smallest left stop of a right option."""
    closed = closed_uptimal(g)
    if closed is not None:
        return closed[0], closed[0]
    return (max(reference_stops(o)[1] for o in lefts_of(g)),
            min(reference_stops(o)[0] for o in rights_of(g)))


@given(SMALL)
def test_options_of_small_uptimals_agree_with_the_pure_materialise(g):
    reference.materialise(g)
    expected = (game_fields(g)["left"], game_fields(g)["right"])
    kernel.materialise(g)  # the compiled one recomputes them
    assert (game_fields(g)["left"], game_fields(g)["right"]) == expected
    for options in expected:
        assert [game_id(o) for o in options] == sorted(game_id(o) for o in options)
    # the options rebuild the game: canonical form, simplicity theorem and recognition of uptimals in C
    assert game(list(expected[0]), list(expected[1])) is g


@given(st.one_of(GENERAL, st.builds(lambda g, x: g + x, GENERAL, st.one_of(NEAR, PARTS))))
def test_stops_agree_with_their_definition(g):
    ls, rs = reference_stops(g)
    assert (g.left_stop, g.right_stop) == (ls, rs)
    kls, krs = stops_of(g)
    assert (kls, krs) == (ls, rs)
    assert [type(v) for v in (kls, krs)] == [int if v.denominator == 1 else Fraction for v in (ls, rs)]
    assert (game_fields(g)["lsf"], game_fields(g)["rsf"]) == (float_shadow(ls), float_shadow(rs))


@given(st.lists(st.one_of(numbers(), st.builds(number, NEAR), st.builds(number, PARTS)), max_size=4),
       st.lists(st.one_of(numbers(), st.builds(number, NEAR), st.builds(number, PARTS)), max_size=4))
def test_the_simplicity_theorem_agrees_with_the_pure_kernel(lefts, rights):
    _canonical_agrees(lefts, rights)


@given(st.lists(SMALL, max_size=4), st.lists(SMALL, max_size=4))
def test_recognised_uptimals_agree_with_the_pure_kernel(lefts, rights):
    _canonical_agrees(lefts, rights)


@given(SMALL, SMALL)
def test_sums_of_small_uptimals_print_and_read_back(g, h):
    total = g + h
    x, u, n = closed_uptimal(total)
    assert str(total) == format_uptimal(x, u, n)
    assert game(str(total)) is total
    assert repr(total) == repr(kernel.uptimal(x, u, n))


def test_ids_are_unique_stable_and_follow_creation_order():
    def keys(base):
        return [(0, 0, base + k) for k in range(4)] + [(Fraction(2 * base + 1, 1 << 20), 0, 0), (0, 0, 3 * base + 9)]

    # a power of two (so that the XORs below are sums) whose games no other test of this process has made: a
    # property test may well have made *2^50 already
    base = next(1 << e for e in range(50, 60) if not any(k in kernel.by_uptimal for k in keys(1 << e)))
    made = [nimber(base + k) for k in range(4)] + [dyadic(2 * base + 1, 1 << 20), nimber(base) + nimber(2 * base + 9)]
    ids = [game_id(g) for g in made]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    assert [game_fields(g)["id"] for g in made] == ids  # made once, then the same int
    assert hash(made[0]) == hash(("cgt.Game", ids[0])) and hash(made[4]) == hash(Fraction(2 * base + 1, 1 << 20))
    assert nimber(base) + nimber(base + 7) is nimber(7) and made[5] is nimber(3 * base + 9)


def test_the_uptimal_table_reads_like_a_dict_and_survives_clear_caches():
    table = kernel.by_uptimal
    key = (12_345 + Fraction(3, 1024), 3, 5)
    g = kernel.uptimal(*key)
    h = game([g], [0])
    assert (g <= h, h <= g) == (False, False)
    # g <= h is refuted by the stops (RS(g) > RS(h)), which is not memoised; k = {g, h | g, h} has g's stops and
    # is no uptimal, so comparing it with g recurses and fills both memos
    k = game([g, h], [g, h])
    assert (g <= k, k <= g) == (False, False)
    assert game_fields(g)["le_memo"] is not None and game_fields(k)["le_memo"] is not None
    assert key in table and table[key] is g and table.get(key) is g
    four = integer(4)  # held here: a game no one holds may be freed and leave the table
    assert (Fraction(4), 0, 0) in table and table[(Fraction(4), 0, 0)] is four  # keys match by value
    assert table.get((0, 0, -1)) is None and table.get((0, 0, -1), "no") == "no"
    with pytest.raises(KeyError):
        table[(Fraction(1, 3 << 70), 0, 0)]
    assert len(table) >= 2 and any(v is g for v in table.values())
    clear_caches()
    assert [game_fields(g)["le_memo"], game_fields(g)["extra"], game_fields(k)["le_memo"]] == [None] * 3
    assert kernel.uptimal(*key) is g


def test_the_intern_cap_applies_to_every_new_small_uptimal():
    a, b = dyadic(2**36 + 1, 2**10), dyadic(2**36 + 2, 2**10)  # the simplest number between them is new
    x, y = dyadic(2**30 + 1, 2**20), dyadic(1, 2**19)
    unlisted = kernel.uptimal(2**35 + 977, 3, 0)  # its options are not interned yet
    with full_intern_table("uptimals"):
        for make in (lambda: x + y, lambda: kernel.uptimal(Fraction(7, 2**33), 5, 9), lambda: game([a], [b]),
                     lambda: lefts_of(unlisted), lambda: nimber(2**52)):
            with pytest.raises(TooLargeError, match="set_max_interned"):
                make()


def test_games_stay_out_of_the_cyclic_collector_and_accept_weak_references():
    import gc
    import weakref

    g = nimber(42) + up
    assert weakref.ref(g)() is g
    if not PURE:
        assert not gc.is_tracked(g) and not gc.is_tracked(game([g], [0]))
    gc.collect()
    assert g - up is nimber(42)


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
    memo = game_fields(g)["le_memo"]
    if memo is None:  # every comparison was decided in closed form (uptimals) or by identity
        return
    assert type(memo) is kernel.memo_type
    stored = {k: memo[k] for k in memo}
    assert len(stored) == len(memo) and all(v in (True, False) for v in stored.values())
    by_id = {game_id(f): f for h in values for f in h.followers() | {h}}
    assert set(stored) <= set(by_id)
    clear_caches()
    assert {k: reference.le(g, by_id[k]) for k in stored} == stored
    clear_caches()


@pytest.mark.skipif(PURE, reason="the compiled kernel's memo type")
def test_the_memo_type_reads_and_writes_like_a_small_dict():
    memo = kernel.memo_type()
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
    # The pure kernel's comparison (the reference) run on games whose memos the compiled kernel made: it reads
    # the LeMemo with .get and stores into it with [] -- and the answers agree.
    clear_caches()
    a, b, c = game([integer(2)], [star]), game([up], [integer(-1)]), game([zero, star], [zero])
    first = [(x <= y) for x in (a, b, c) for y in (a, b, c)]
    assert type(game_fields(b)["le_memo"]) is kernel.memo_type  # b <= a needs the recursion (a <= b: the stops)
    with pure_kernel():
        again = [kernel.le(x, y) for x in (a, b, c) for y in (a, b, c)]
    assert again == first
    clear_caches()


# ---------------------------------------------------------------------------------------------------------
# One binding: the limits reach the compiled kernel through cgt.limits' setters, every extension loads through
# one loader with one warning policy, and games pickle as calls of the public constructor cgt.game.

def test_the_limits_set_through_cgt_limits_reach_the_kernel():
    """The intern limit set by cgt.limits is the one the kernel (C or pure) enforces, and the previous setting
    comes back; the memo budget and its count are the active kernel's."""
    base = 11 << 52
    nimber(base)
    with full_intern_table("uptimals"):
        assert limits.max_interned() == interned_counts()["uptimals"]
        with pytest.raises(TooLargeError, match=r"cgt\.limits\.set_max_interned"):
            nimber(base + 1)
    assert nimber(base + 1) is nimber(base) + nimber(1)  # room again
    previous = limits.set_memo_budget(3)
    try:
        assert limits.memo_stats() == kernel.memo_stats() and kernel.memo_stats()["budget"] == 3
    finally:
        assert limits.set_memo_budget(previous) == 3
    assert kernel.memo_stats()["budget"] == previous


def test_pure_kernel_swaps_the_algorithms_and_restores_them():
    compiled = [getattr(kernel, name) for name in type(kernel).ALGORITHMS]
    with pure_kernel() as pure:
        assert pure is reference and kernel.le is reference.le and kernel.canonical is reference.canonical
        assert game([0], [1]) is dyadic(1, 2) and kernel.le(star, up) is False
    assert [getattr(kernel, name) for name in type(kernel).ALGORITHMS] == compiled


GAMES_TO_PICKLE = st.one_of(ANY, st.builds(kernel.uptimal, PARTS, st.integers(-(2**66), 2**66),
                                           st.integers(0, 2**66)))


@given(GAMES_TO_PICKLE)
def test_games_pickle_through_the_public_constructor(g):
    """A pickle names cgt.game and no kernel module, so moving the kernel's modules cannot break it; loading it
    gives the very interned game back (in either kernel: this test runs in both passes)."""
    for protocol in (0, pickle.HIGHEST_PROTOCOL):
        data = pickle.dumps(g, protocol)
        assert pickle.loads(data) is g
        assert b"cgt.kernel" not in data and b"_kernel" not in data


@pytest.mark.parametrize("value", [cgt.Player.Left, cgt.Player.Right, *cgt.Outcome])
def test_players_and_outcomes_pickle_through_their_public_names(value):
    for protocol in (0, pickle.HIGHEST_PROTOCOL):
        data = pickle.dumps(value, protocol)
        assert pickle.loads(data) is value
        assert b"cgt.kernel" not in data


def test_pickles_load_in_the_other_kernel():
    """A pickle made by one kernel loads in the other (a fresh interpreter with CGT_PURE flipped)."""
    values = [game([3], [game([2], [1])]), up + star, nimber(2**70), dyadic(-3, 8) + 2 * up, game([up], [star, 2]),
              integer(-(10**5000)), dyadic(3**9000 + 2, 2**20)]  # numbers past the int-to-text limit too
    script = ("import pickle, sys, cgt\n"
              "values = pickle.load(sys.stdin.buffer)\n"
              "print(cgt.kernel_info().split()[0], [str(v) for v in values])\n")
    env = dict(os.environ, CGT_PURE="" if PURE else "1")
    result = subprocess.run([sys.executable, "-c", script], input=pickle.dumps(values), cwd=ROOT, env=env,
                            capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr.decode()
    other = "compiled" if PURE else "pure"
    assert result.stdout.decode().strip() == f"{other} {[str(v) for v in values]}"


MISSING_EXTENSIONS = """
import sys, warnings
for name in sys.argv[1:]:
    sys.modules[name] = None  # as if the extension had not been built
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import cgt, cgt.games
    from cgt.games.grid import amazons, clobber, domineering
    from cgt.thermo import thermograph
notes = [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)]
print(len(notes), thermograph.COMPILED, cgt.games.Domineering("..|..").value, cgt.kernel_info().split()[0])
for note in notes:
    print(note)
"""


@pytest.mark.parametrize("pure", ["", "1"])
def test_every_extension_loads_through_the_one_loader_with_one_warning_policy(pure):
    """Without CGT_PURE a missing extension costs one RuntimeWarning naming it; with CGT_PURE=1 none loads and
    nothing is said."""
    missing = ["cgt.thermo._thermo", "cgt.games.grid._domineering", "cgt.games.grid._amazons",
               "cgt.games.grid._clobber"]
    env = dict(os.environ, CGT_PURE=pure)
    result = subprocess.run([sys.executable, "-c", MISSING_EXTENSIONS, *missing], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    first, *notes = result.stdout.strip().splitlines()
    if pure:
        assert first == "0 False +-1 pure" and notes == []
    else:
        assert first == f"{len(missing)} False +-1 compiled" and len(notes) == len(missing)
        assert sorted(note.split(",")[0] for note in notes) == [f"cgt: {name}" for name in sorted(missing)]
        assert all(", the compiled " in note and "CGT_PURE=1" in note for note in notes)
