"""The compiled kernel ``cgt._kernel`` (issue 18 step 3) against the pure-Python kernel, the reference.

The C base type of :class:`cgt.Game` implements ``==``, ``hash``, the order and ``+`` for two games (closed
forms of uptimals ``x + u.^ + *n``, the comparison memo, the recursive comparison ``_le``); everything else,
and every unusual operand, goes back to the pure kernel.  These properties compare, on the same games, the
operators (C) with the pure functions of ``cgt.game`` (``_uptimal_le``, ``_uptimal_sum``, the pure ``_le``
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

kernel = sys.modules["cgt.game"]  # the module (cgt.game is also the name of the function game)

PURE = os.environ.get("CGT_PURE", "") not in ("", "0")
ROOT = Path(__file__).resolve().parent.parent

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
    clear_caches()  # empties the compiled kernel's table of small uptimals too
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
    clear_caches()
    with kernel.pure_kernel():
        expected = kernel._canonical(list(lefts), list(rights))
    clear_caches()
    assert kernel._canonical(list(lefts), list(rights)) is expected
    assert game(lefts, rights) is expected


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
    """The C comparison polls cgt._deep.cancel_requested like the pure one and stops with KeyboardInterrupt."""
    from cgt._deep import cancel_requested

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
              "'tests/test_laws.py', 'tests/test_core_golden.py']))")
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "[100%]" in result.stdout


def test_a_missing_extension_falls_back_with_a_one_line_warning():
    script = ("import sys, warnings\n"
              "sys.modules['cgt._kernel'] = None  # as if the extension had not been built\n"
              "with warnings.catch_warnings(record=True) as caught:\n"
              "    warnings.simplefilter('always')\n"
              "    import cgt\n"
              "notes = [str(w.message) for w in caught if 'compiled kernel' in str(w.message)]\n"
              "print(len(notes), '\\n' in notes[0], cgt.kernel_info(), cgt.up + cgt.star, cgt.up <= cgt.star)\n")
    env = {k: v for k, v in os.environ.items() if k != "CGT_PURE"}
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "1 False pure (the compiled kernel cgt._kernel is not built) ^* False"
