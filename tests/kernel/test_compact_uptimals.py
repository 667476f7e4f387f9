"""The compact small uptimals of the compiled kernel (docs/performance.md, the nim-sum row).

With the compiled kernel a small uptimal (number, nimber, ``x + u.^ + *n`` with machine-size parts) is one
64-byte object: the fields it rarely uses (options, negative, birthday, stops, memos) live in a side structure
made on first use, and its intern table keeps a presence filter, a ring of pending insertions and exact keys
for nimbers and integers.  None of that may change a value or an identity: interned games stay the same object
whichever route makes them (DESIGN.md: structurally equal games are the same object).  These tests check that
against independent computations -- the closed forms in plain Python integers (``*a + *b = *(a XOR b)``,
Winning Ways ch. 3; integers add as integers), the pure kernel's functions, and each other route to the same
game.  Under ``CGT_PURE=1`` they check the pure kernel the same way.
"""

import os
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from tests.support import full_intern_table
from cgt import clear_caches, dyadic, game, integer, nimber, star, up
from cgt.errors import TooLargeError
from cgt.kernel.game import (closed_uptimal, game_fields, game_id, kernel, lefts_of, uptimal_le,
                             uptimal_sum)

PURE = os.environ.get("CGT_PURE", "") not in ("", "0")
LIMIT = 2**61  # machine-size parts of the C table: |num|, |u|, n below this

# nimbers and integers on both sides of the 62-bit packed keys and of the machine bound
NIM = st.one_of(st.integers(0, 70), st.integers(0, 2**20), st.integers(LIMIT - 40, LIMIT + 40),
                st.integers(0, 2**70))
INT = st.one_of(st.integers(-70, 70), st.integers(-(2**40), 2**40), st.integers(-LIMIT - 40, -LIMIT + 40),
                st.integers(LIMIT - 40, LIMIT + 40), st.integers(-(2**70), 2**70))


@given(NIM, NIM)
def test_nim_sums_are_the_interned_nimber_by_every_route(a, b):
    """*a + *b = *(a XOR b) (Winning Ways ch. 3), and it is the one interned object whichever way it is made."""
    total = nimber(a) + nimber(b)
    assert total is nimber(a ^ b) is kernel.uptimal(0, 0, a ^ b)
    assert kernel.by_uptimal[(0, 0, a ^ b)] is total and kernel.by_uptimal.get((Fraction(0), 0, a ^ b)) is total
    assert str(total) == ("0" if a == b else "*" if a ^ b == 1 else f"*{a ^ b}")
    assert game(str(total)) is total
    assert (total is nimber(0)) == (a == b) and (total == 0) == (a == b)


@given(INT, INT)
def test_integer_sums_are_the_interned_integer_by_every_route(m, k):
    """Negative integers near the machine bound exercise the sign extension of the packed slot keys."""
    total = integer(m) + integer(k)
    assert total is integer(m + k) is kernel.uptimal(m + k, 0, 0) is dyadic(2 * (m + k), 2)
    assert kernel.by_uptimal[(m + k, 0, 0)] is total and kernel.by_uptimal[(Fraction(m + k), 0, 0)] is total
    assert total.left_stop == total.right_stop == m + k and hash(total) == hash(m + k)
    assert (integer(m) <= integer(k)) == (m <= k) and (integer(m) < integer(k)) == (m < k)
    assert game(str(total)) is total


@given(st.integers(-(2**62), 2**62), st.integers(0, 70), st.integers(-5, 5), st.integers(0, 2**62))
def test_uptimals_made_by_sums_and_by_parts_are_the_same_object(num, k, u, n):
    """x + u.^ + *n by parts, by a sum of its three components, and read back from its printed form."""
    x = Fraction(num, 2**k)
    g = kernel.uptimal(x, u, n)
    assert closed_uptimal(g) == (x, u, n)
    assert dyadic(x.numerator, x.denominator) + u * up + nimber(n) is g
    assert game(str(g)) is g


@given(st.lists(st.tuples(st.integers(-(2**62), 2**62), st.integers(0, 30), st.integers(-3, 3),
                          st.integers(0, 2**62)), min_size=1, max_size=40))
def test_small_uptimal_sums_and_order_agree_with_the_pure_closed_forms(parts):
    """The C sum and order of small uptimals against the pure kernel's uptimal_sum and uptimal_le."""
    made = [kernel.uptimal(Fraction(m, 2**k), u, n) for m, k, u, n in parts]
    for g, h in zip(made, made[1:] + made[:1]):
        a, b = closed_uptimal(g), closed_uptimal(h)
        assert g + h is uptimal_sum(a, b)
        assert (g <= h) == uptimal_le(a, b) and (h <= g) == uptimal_le(b, a)


def test_new_keys_are_found_while_their_insertion_is_pending_and_after_the_table_grows():
    """Fresh keys of every slot kind (packed nimbers and integers, hashed dyadics and uptimals), looked up at once
    (still in the ring of pending insertions), then after enough new keys that the table grows (rehash from the
    packed keys, filter rebuilt): every lookup finds the same object, none is made twice."""
    base = 3 << 56  # far from the keys other tests make
    before = len(kernel.by_uptimal)
    made = {}
    for i in range(40_000):
        kind = i % 4
        key = ((0, 0, base + i), (-(base + i), 0, 0), (Fraction(2 * (base + i) + 1, 2**9), 0, 0),
               (base + i, 1 + i % 3, i % 5))[kind]
        g = kernel.uptimal(*key)
        assert kernel.uptimal(*key) is g and kernel.by_uptimal[key] is g  # found while pending
        made[key] = g
    assert len(kernel.by_uptimal) == before + len(made)
    for key, g in made.items():
        assert kernel.uptimal(*key) is g and key in kernel.by_uptimal
    assert nimber(base + 1) + nimber(base + 2) is nimber(3) and integer(-base) + integer(base + 7) is integer(7)
    values = kernel.by_uptimal.values()
    assert sum(1 for v in values if closed_uptimal(v) in made) == len(made)


def test_nimbers_on_both_sides_of_the_directory_bound_are_found_while_pending_and_listed_once():
    """The compiled kernel finds *n with n < 2^22 by n itself (a presence bitmap and pages of 2^18 slots, the
    slot written a few insertions late) and larger nimbers in the hash table: fresh nimbers at the edges of the
    pages and of that bound are each made once, found while their write is pending and after, counted once by
    len() and listed once by values(); their sums are the XOR nimbers of the same table."""
    edges = [2**22 + d for d in (-3, -2, -1, 0, 1, 2)]
    edges += [page * 2**18 + d for page in (3, 7, 11, 15) for d in (-2, -1, 0, 1)]
    edges += [2**21 + 2**20 + 17 * k for k in range(40)]  # one page, many pending writes
    fresh = [n for n in dict.fromkeys(edges) if (0, 0, n) not in kernel.by_uptimal]
    before = len(kernel.by_uptimal)
    made = {}
    for n in fresh:
        g = nimber(n)
        assert nimber(n) is g and kernel.by_uptimal[(0, 0, n)] is g and game(f"*{n}") is g
        made[n] = g
    assert len(kernel.by_uptimal) == before + len(made)
    for n, g in made.items():
        assert nimber(n) is g and kernel.uptimal(0, 0, n) is g and (0, 0, n) in kernel.by_uptimal
        assert nimber(n) + nimber(n ^ 5) is nimber(5) and nimber(n) + star is nimber(n ^ 1)
    listed = [v for v in kernel.by_uptimal.values() if closed_uptimal(v) in {(0, 0, n) for n in made}]
    assert len(listed) == len(made) and {id(v) for v in listed} == {id(g) for g in made.values()}


def test_ids_of_fresh_small_uptimals_follow_creation_order():
    """Ids are given at creation (a C counter), also to games that stay pending in the ring."""
    base = 5 << 56
    made = [nimber(base + k) for k in range(50)] + [integer(-base - k) for k in range(50)]
    ids = [game_id(g) for g in made]
    assert ids == sorted(ids) and len(set(ids)) == len(ids) and [game_fields(g)["id"] for g in made] == ids


def test_the_fields_of_a_small_uptimal_read_like_the_pure_slots():
    """The kernel's fields keep their meaning whether or not the side structure exists yet."""
    g = nimber((7 << 56) + 1)
    f = game_fields(g)
    assert [f[k] for k in ("neg", "birthday", "le_memo", "extra", "left", "right")] == [None] * 6
    assert (f["ls"], f["rs"], f["lsf"], f["rsf"]) == (0, 0, 0.0, 0.0)
    assert f["nus"] == (0, 0, (7 << 56) + 1)
    assert game_fields(g)["le_memo"] is None  # reading keeps a game without its side structure
    x = game_fields(dyadic(-(2**40) - 3, 2**7))
    assert (x["ls"], x["rs"], x["lsf"]) == (Fraction(-(2**40) - 3, 2**7),) * 2 + (float(Fraction(-(2**40) - 3, 2**7)),)
    assert set(lefts_of(nimber(3))) == set(game_fields(nimber(3))["left"]) == {nimber(0), star, nimber(2)}
    assert -g is g and game_fields(g)["neg"] in (None, g)
    h = nimber(5) + dyadic(3, 4)
    # 3/4 is born on day 3 (0, 1/2, 3/4: ONAG ch. 1); 3/4 + *5 = {3/4 + *k | 3/4 + *k : k < 5} one day after
    # its latest option 3/4 + *4, so on day 3 + 5 by induction on k
    assert h.birthday == 8 and game_fields(h)["birthday"] in (None, 8)
    clear_caches()
    assert (game_fields(g)["le_memo"], game_fields(g)["extra"]) == (None, None) and nimber((7 << 56) + 1) is g


@pytest.mark.skipif(PURE, reason="the object layout of the compiled kernel")
def test_a_small_uptimal_is_one_cache_line():
    Game = type(star)
    assert Game.__basicsize__ == 64 and sys.getsizeof(nimber(9)) == 64
    with pytest.raises(TypeError):
        object.__new__(Game)  # games come from the kernel only


def test_the_intern_cap_counts_pending_insertions():
    base = 9 << 56
    fresh = [nimber(base + k) for k in range(5)]  # the last ones are still in the ring
    with full_intern_table("uptimals"):
        with pytest.raises(TooLargeError, match="set_max_interned"):
            nimber(base + 5)
        with pytest.raises(TooLargeError, match="set_max_interned"):
            fresh[0] + nimber(16)
        assert fresh[2] + fresh[3] is star and nimber(base + 4) is fresh[4]


def test_a_million_small_operations_keep_the_memory_flat():
    """Sums and comparisons of existing small uptimals, field reads: 10^6 operations
    leave the resident set where it was (no reference leak in the side structures)."""
    script = r"""
import cgt, sys
from cgt import nimber, integer, dyadic, game, up, star
from cgt.kernel.game import game_fields, lefts_of
Game = type(star)
def rss(): return int(open("/proc/self/statm").read().split()[1]) * 4096 // 1024
ns = [nimber(1000 + i) for i in range(64)]
xs = [integer(-500 + i) for i in range(64)]
ds = [dyadic(2 * i + 1, 8) for i in range(64)]
g = game([up], [star])
def ops(rounds):
    for r in range(rounds):
        a, b, x, y, d = ns[r % 64], ns[(r * 7) % 64], xs[r % 64], xs[(r * 5) % 64], ds[r % 64]
        a + b; x + y; d + x; a <= b; x < y; g + x; hash(d); game_fields(a); game_fields(d); lefts_of(a)
for i in range(64):
    ns[i] + ns[(i * 7) % 64]; xs[i] + xs[(i * 5) % 64]; ds[i] + xs[i]; g + xs[i]
ops(2000); r0 = rss(); ops(45000); r1 = rss(); ops(45000); r2 = rss()
print(r0, r1, r2)
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    r0, r1, r2 = map(int, out.stdout.split())
    assert r2 - r0 < 1024 and r2 - r1 < 512, (r0, r1, r2)


@settings(max_examples=30)
@given(st.lists(NIM, min_size=2, max_size=30))
def test_clear_caches_keeps_every_small_uptimal_interned(values):
    made = [nimber(v) for v in values]
    clear_caches()
    assert [nimber(v) for v in values] == made and all(nimber(v) is g for v, g in zip(values, made))
    total = nimber(0)
    for g in made:
        total = total + g
    expected = 0
    for v in values:
        expected ^= v
    assert total is nimber(expected)


# The kernel's 2 MB chunks of games are faulted in ahead of use by a helper thread (block_alloc in _kernel.c):
# fresh games then land on memory that is already mapped.  Each check runs in a fresh interpreter, so that the
# counters start from the state a user's session starts from.
PREFAULT_SCRIPT = """
import os, sys, time
import cgt
from cgt.kernel.game import kernel
def fill(lo, hi):  # about 64 bytes per fresh nimber: 40,000 of them fill more than a chunk
    made = [cgt.nimber(n) for n in range(lo, hi)]
    assert all(made[i] + made[j] is cgt.nimber((lo + i) ^ (lo + j)) for i, j in ((0, 1), (5, 99), (-1, -2)))
    return made
keep = fill(1 << 30, (1 << 30) + 40_000)
time.sleep(0.5)  # the helper maps and writes two chunks meanwhile
before = kernel.block_stats()
keep += fill(1 << 31, (1 << 31) + 80_000)
after = kernel.block_stats()
print(after["prefault"], before["spares"], after["prefaulted"] - before["prefaulted"],
      after["chunks"] - before["chunks"])
if sys.argv[1] == "fork":
    child = os.fork()
    if child == 0:  # the helper thread is not copied: the child starts its own
        try:
            seen = kernel.block_stats()
            keep += fill(1 << 32, (1 << 32) + 80_000)
            time.sleep(0.5)
            keep += fill(1 << 33, (1 << 33) + 80_000)
            late = kernel.block_stats()
            ok = late["prefaulted"] - seen["prefaulted"] >= 2 and late["chunks"] - seen["chunks"] >= 4
            os._exit(0 if ok else 3)
        except BaseException:
            os._exit(4)
    print(os.waitpid(child, 0)[1] >> 8)
"""


@pytest.mark.skipif(PURE, reason="the compiled kernel's allocator")
@pytest.mark.parametrize("how", ["plain", "fork"])
def test_fresh_games_land_on_chunks_the_helper_thread_faulted_in(how):
    """After a pause the helper has two spare chunks ready, and the next 80,000 fresh nimbers (5 MB, at
    least two chunks) take them; a forked child, which inherits the spares but not the thread, starts a
    helper of its own and keeps taking prefaulted chunks."""
    result = subprocess.run([sys.executable, "-c", PREFAULT_SCRIPT, how], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    built_with_helper, *counts = result.stdout.split()
    if built_with_helper == "False":
        pytest.skip("this build has no helper thread (no POSIX threads or C11 atomics)")
    spares, prefaulted, chunks = map(int, counts[:3])
    assert spares == 2 and prefaulted >= 2 and chunks >= 2
    if how == "fork":
        assert counts[3] == "0", "the forked child did not take prefaulted chunks"
