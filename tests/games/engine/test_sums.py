"""Sums of ruleset positions keep their components (cgt.games.engine.sums): normal value, nim value, misère
canonical form, misère outcome and nim value, genus -- against plain search over the rules.

The reference searches a sum of heaps directly: a position is a sorted tuple of ``(rule, heap)`` pairs, the
misère Grundy value is 1 at a terminal position and otherwise the mex of the options' values (Winning Ways
ch. 13), the normal one the mex without that exception (Sprague-Grundy).
"""

from __future__ import annotations

import pickle
from functools import lru_cache

import pytest

import cgt
from cgt import Outcome, integer, misere_nim, nimber
from cgt.errors import NotApplicableError
from cgt.games import DawsonsKayles, Domineering, Kayles, Nim
from cgt.games.engine.sums import DisjunctiveSum, disjunctive_sum
from cgt.misere.phylum import is_tame, phylum_of


def _moves(rule: str, n: int) -> list[tuple]:
    """The heaps left by one move on a heap of ``n``: Nim takes any number; Kayles knocks down one pin or
    two adjacent ones of a row; Dawson's Kayles (0.07) two adjacent ones, leaving no empty heaps."""
    if rule == "nim":
        return [(k,) if k else () for k in range(n)]
    takes = (1, 2) if rule == "kayles" else (2,)
    return [tuple(x for x in (left, n - t - left) if x) for t in takes for left in range(n - t + 1)]


def _options(position: tuple) -> set:
    found = set()
    for i, (rule, n) in enumerate(position):
        rest = position[:i] + position[i + 1:]
        for heaps in _moves(rule, n):
            found.add(tuple(sorted(rest + tuple((rule, h) for h in heaps))))
    return found


def _mex(values) -> int:
    values = set(values)
    m = 0
    while m in values:
        m += 1
    return m


@lru_cache(maxsize=None)
def misere(position: tuple) -> int:
    options = _options(position)
    return _mex(misere(p) for p in options) if options else 1


@lru_cache(maxsize=None)
def normal(position: tuple) -> int:
    return _mex(normal(p) for p in _options(position))


def heaps(*pairs) -> tuple:
    return tuple(sorted((rule, n) for rule, n in pairs if n))


RULESETS = {"kayles": Kayles, "nim": Nim, "dawson": DawsonsKayles}
SUMS = [
    (("kayles", 3), ("kayles", 3)), (("kayles", 3), ("kayles", 4)), (("kayles", 5), ("kayles", 2)),
    (("kayles", 4), ("kayles", 4), ("kayles", 1)), (("kayles", 3), ("nim", 2)), (("nim", 2), ("nim", 2)),
    (("kayles", 5), ("dawson", 6)), (("dawson", 4), ("nim", 3), ("kayles", 2)), (("kayles", 6), ("kayles", 6)),
]


def _sum(pairs):
    total = 0
    for rule, n in pairs:
        total = total + RULESETS[rule](n)
    return total


@pytest.mark.parametrize("pairs", SUMS, ids=lambda p: "+".join(f"{r}{n}" for r, n in p))
def test_sums_agree_with_search(pairs):
    s = _sum(pairs)
    assert isinstance(s, DisjunctiveSum) and len(s.components) == len(pairs)
    position = heaps(*pairs)
    assert s.nim_value == normal(position) and s.value is nimber(normal(position))
    assert s.misere_nim_value == misere(position)
    assert s.misere_outcome is (Outcome.P if misere(position) == 0 else Outcome.N)
    assert s.outcome is (Outcome.P if normal(position) == 0 else Outcome.N)
    # Conway's genus: γk is the misère value with k more nim heaps of size 2 (Winning Ways ch. 13)
    gammas = [misere(heaps(*pairs, *[("nim", 2)] * k)) for k in range(8)]
    assert [s.genus.gamma(k) for k in range(8)] == gammas and s.genus.g == normal(position)
    # the options are the sums with one component moved
    assert {o.misere_nim_value for o in s.options} == {misere(p) for p in _options(position)}
    assert {o.nim_value for o in s.options} == {normal(p) for p in _options(position)}


def test_kayles_3_plus_kayles_3():
    # Kayles(3) has value *3 (Winning Ways ch. 4), so the sum is 0 in normal play, a second-player win; in
    # misère play it is again a P-position (the search above), and its genus is the fickle 0^02, printed
    # 0^0 by CGSuite (Winning Ways ch. 13).
    s = Kayles(3) + Kayles(3)
    assert str(s.value) == "0" and s.nim_value == 0
    assert str(s.misere_outcome) == "P" and s.misere_nim_value == 0 and str(s.genus) == "0^0"
    assert str(s.misere_canonical_form) == "*[32]" and is_tame(s)
    assert s.misere_canonical_form is misere_nim(2) + misere_nim(2)


def test_a_sum_of_positions_is_not_its_value():
    # Same normal value, different misère outcomes: the reason a sum keeps its components.
    s = Kayles(3) + Kayles(3)
    assert s.value is integer(0) and Nim(0).value is integer(0)
    assert s.misere_outcome is Outcome.P and Nim(0).misere_outcome is Outcome.N


def test_misere_games_and_sums_as_components():
    s = Kayles(3) + misere_nim(2)
    assert s.components == (Kayles(3), misere_nim(2))
    assert s.misere_canonical_form is misere_nim(3) + misere_nim(2) and s.nim_value == 1
    t = misere_nim(2) + Kayles(3)
    assert t.components == (misere_nim(2), Kayles(3)) and t.misere_canonical_form is s.misere_canonical_form
    nested = (Kayles(1) + Kayles(2)) + (Kayles(3) + Kayles(4))
    assert nested.components == (Kayles(1), Kayles(2), Kayles(3), Kayles(4))
    assert disjunctive_sum(Kayles(1), Kayles(2)) == Kayles(1) + Kayles(2)
    move = Kayles(3).moves()[0]
    assert (move + Kayles(1)).components == (move.target, Kayles(1))


def test_the_misere_functions_take_positions_and_sums():
    assert cgt.misere_canonical_form(Kayles(5)) is Kayles(5).misere_canonical_form
    assert cgt.misere_canonical_form(Kayles(3) + Kayles(3)) is misere_nim(2) + misere_nim(2)
    assert str(phylum_of(Kayles(5))) == "RESTLESS" and str(Kayles(5).genus) == "4^146"
    assert cgt.misere_game([Kayles(2), Kayles(1) + Kayles(1)]) is cgt.misere_game([2, 0])
    assert cgt.misere_entry(Kayles(3)) is misere_nim(3)


def test_arithmetic_with_values_is_on_values():
    s = Kayles(3) + Kayles(4)
    assert s + 1 is integer(1) + nimber(2) and 1 + s is integer(1) + nimber(2)
    assert s + 0 is s and 0 + s is s and sum([Kayles(1), Kayles(2)]) == Kayles(1) + Kayles(2)
    assert s - Kayles(4) is nimber(3) and -s is nimber(2) and s + cgt.star is nimber(3)
    k = Kayles(3)
    assert k + 0 is k and 0 + k is k
    assert Domineering("..|..") - Domineering("..") is cgt.game([2], [0])


def test_partizan_sums_keep_their_normal_values():
    # Domineering: a vertical 2x1 strip is 1 (Left, vertical, has one move), a horizontal one is -1, and the
    # 2x2 square is {1|-1} (Berlekamp, Conway and Guy, Winning Ways ch. 2).
    d = Domineering("..") + Domineering("..|..")
    assert d.value is Domineering("..").value + Domineering("..|..").value
    assert str(d.value) == "{0|-2}" and str(d.outcome) == "N" and not d.impartial
    assert len(d.left_options) == 2 and len(d.right_options) == 3
    with pytest.raises(NotApplicableError, match="not impartial"):
        d.misere_canonical_form
    with pytest.raises(NotApplicableError, match="not impartial"):
        d.nim_value


def test_equality_is_structural_and_sums_pickle():
    s = Kayles(3) + Nim(2)
    assert s == Kayles(3) + Nim(2) and s != Nim(2) + Kayles(3) and hash(s) == hash(Kayles(3) + Nim(2))
    assert pickle.loads(pickle.dumps(s)) == s
    assert str(s) == "Kayles('3') + Nim('2')"


# ---------------------------------------------------------------- other compounds of positions
# The compounds of cgt.short.compound keep positions as forms (CGSUITE.md §4.3, §6.2).


@lru_cache(maxsize=None)
def remoteness(position: tuple) -> int:
    """Steinhaus' remoteness (Winning Ways ch. 9): 0 at the end; a player who can move to an even remoteness
    (a win for the mover) takes the least such, plus 1; else the greatest, plus 1."""
    found = [remoteness(p) for p in _options(position)]
    if not found:
        return 0
    even = [r for r in found if r % 2 == 0]
    return 1 + (min(even) if even else max(found))


@pytest.mark.parametrize("a, b", [(1, 1), (2, 3), (3, 3), (4, 2), (5, 3), (6, 4), (2, 7)])
def test_conjunctive_sums_of_kayles_follow_the_least_remoteness(a, b):
    # Winning Ways ch. 9: in a conjunctive compound the remoteness is the least of the components'; the player
    # to move wins exactly when it is odd
    from cgt.short.compound import conjunctive_sum

    c = conjunctive_sum(Kayles(a), Kayles(b))
    least = min(remoteness(heaps(("kayles", a))), remoteness(heaps(("kayles", b))))
    assert c.outcome is (Outcome.N if least % 2 else Outcome.P)
    assert str(c) == f"Kayles('{a}') ConjunctiveSum Kayles('{b}')"


@pytest.mark.parametrize("a, b", [(1, 1), (2, 3), (3, 3), (4, 4), (5, 3), (6, 6)])
def test_selective_sums_of_kayles_are_lost_exactly_when_both_are(a, b):
    # a selective compound of impartial games is a second-player win exactly when every component is: from
    # there a move in some components is answered in the same ones (Winning Ways ch. 9)
    from cgt.short.compound import selective_sum

    both_lost = normal(heaps(("kayles", a))) == 0 and normal(heaps(("kayles", b))) == 0
    assert selective_sum(Kayles(a), Kayles(b)).outcome is (Outcome.P if both_lost else Outcome.N)


def test_ordinal_sums_and_products_of_positions_keep_the_positions():
    from cgt.short.compound import conway_product, negative, ordinal_sum
    from cgt.short.products import ordinal_sum_of_form

    # Kayles(3) : 1 = {Kayles(3)'s options, Kayles(3) : 0 = Kayles(3) | Kayles(3)'s options}, the options being
    # worth *2, 0 (two single pins) and *
    o = ordinal_sum(Kayles(3), 1)
    assert o.left_options == (Kayles(2), Kayles(1, 1), Kayles(1), Kayles(3))
    assert o.right_options == (Kayles(2), Kayles(1, 1), Kayles(1))
    assert o.value == ordinal_sum_of_form([nimber(2), nimber(0), nimber(1)], [nimber(2), nimber(0), nimber(1)],
                                          integer(1))
    assert str(o.value) == "{0,*,*2,*3|0,*,*2}"
    # 3 . D for D = Domineering("..") (a horizontal strip, -1, whose one Right option is the filled strip):
    # Right's option 3^L D + 3 D^R - 3^L D^R = 2 . D + 3 . D^R - 2 . D^R, the positions kept as they are
    p = conway_product(3, Domineering(".."))
    assert [str(x) for x in p.right_options] == [
        "2 * Domineering('..') + 3 * Domineering('##') + -(2 * Domineering('##'))"]
    assert p.left_options == ()
    assert p.value == integer(-3) and negative(p).value == integer(3)
