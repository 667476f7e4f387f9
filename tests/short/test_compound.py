"""Compound games kept as forms (cgt.short.compound): the options of each compound by its own rule, written out
by hand on small examples, and canonical forms against independent computations.

Sources of the rules: Conway, *On Numbers and Games* (ONAG) ch. 1 (negative, sum, product), ch. 15, and Siegel,
*Combinatorial Game Theory* ch. II on ordinal sums (G : H = {G^L, G : H^L | G^R, G : H^R}); Berlekamp, Conway and
Guy, *Winning Ways* ch. 9 (conjunctive and selective compounds).  Printing: CGSUITE.md §5.2 (compound texts, levels ConwayProduct 1,
OrdinalSum 2, the three sums 3; a sub-compound is parenthesised iff its level exceeds its parent's).
"""

from __future__ import annotations

import pickle
from functools import lru_cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

import cgt
from cgt import game, integer, nimber, star, up, zero
from cgt.short.compound import (CompoundGame, DisjunctiveSum, NegativeGame, canonical_value, compound_text,
                                conjunctive_sum, conway_product, disjunctive_sum, form_sum, is_form, negative,
                                ordinal_sum, selective_sum)
from cgt.short.products import ordinal_sum_of_form
from cgt.testing import games


class Form:
    """A game given by its options and kept as written: the form protocol of cgt.short.compound (options,
    canonical form), as the shell's explicit games '{…}' follow it."""

    __slots__ = ("left_options", "right_options")

    def __init__(self, left=(), right=()):
        self.left_options = tuple(left)
        self.right_options = tuple(right)

    @property
    def canonical_form(self):
        return game([canonical_value(o) for o in self.left_options],
                    [canonical_value(o) for o in self.right_options])

    def __eq__(self, other):
        return isinstance(other, Form) and (self.left_options, self.right_options) == (other.left_options,
                                                                                       other.right_options)

    def __hash__(self):
        return hash((Form, self.left_options, self.right_options))

    def __repr__(self):
        return "'{" + ",".join(map(str, self.left_options)) + "|" + ",".join(map(str, self.right_options)) + "}'"


# Forms equal to 0 (or other values) with other options than the canonical ones.
E1 = Form([zero])                   # '{0|}' = 1
F1 = Form([], [zero])               # '{|0}' = -1
Z = Form([integer(-1)], [integer(1)])   # '{-1|1}' = 0, not the form {|}
S = Form([star], [star])            # '{*|*}' = 0


def text(x):
    return compound_text(x)


# ---------------------------------------------------------------- options, written out by hand


def test_disjunctive_sum_options():
    # '{0|}' + 1: Left moves in either component, 0 + 1 = 1 and '{0|}' + 0 = '{0|}' (0 + G is G); Right has none
    s = form_sum(E1, integer(1))
    assert text(s) == "'{0|}' + 1"
    assert s.left_options == (integer(1), E1) and s.right_options == ()
    assert s.canonical_form == integer(2)
    assert (s.g, s.h, s.kind) == (E1, integer(1), "DisjunctiveSum")
    # three components: one replaced at a time; the sums of canonical games become their canonical sum
    t = form_sum(form_sum(E1, F1), star)
    assert [text(o) for o in t.left_options] == ["'{|0}' + *", "'{0|}' + '{|0}'"]      # 0 + G is G
    assert [text(o) for o in t.right_options] == ["'{0|}' + *", "'{0|}' + '{|0}'"]
    assert t.canonical_form == star


def test_zero_is_the_identity_of_sums():
    assert form_sum(E1, 0) is E1 and form_sum(zero, E1) is E1
    assert disjunctive_sum(E1, 0).components == (E1, zero)     # kept when asked for


def test_negative_options():
    # -'{0|}' = {|-0} = {|0}: Left's options are the negatives of Right's and vice versa
    n = negative(E1)
    assert isinstance(n, NegativeGame) and text(n) == "-'{0|}'"
    assert n.left_options == () and n.right_options == (zero,)
    assert n.canonical_form == integer(-1) and negative(n) == E1
    assert text(negative(form_sum(E1, 1))) == "-('{0|}' + 1)"
    assert negative(integer(2)) == integer(-2)             # a canonical game's negative is canonical


def test_ordinal_sum_options():
    # '{-1|1}' : 1 = {-1, '{-1|1}' : 0 | 1} and G : 0 is G: {-1, '{-1|1}' | 1} = 1/2 (ONAG ch. 15)
    c = ordinal_sum(Z, integer(1))
    assert text(c) == "'{-1|1}' : 1"
    assert c.left_options == (integer(-1), Z) and c.right_options == (integer(1),)
    assert c.canonical_form == cgt.dyadic(1, 2)
    # 0 : 1 with the canonical 0 = {|} is 1; the base's form matters
    assert ordinal_sum(zero, integer(1)).canonical_form == integer(1)
    # a form on top: 1 : '{0|}' = {0, 1 : 0 | } = {0, 1|} = 2; H's options give G : H' (canonical here: 1 : 0 = 1)
    d = ordinal_sum(integer(1), E1)
    assert d.left_options == (zero, integer(1)) and d.canonical_form == integer(2)


def test_conjunctive_sum_options():
    # '{0|}' ConjunctiveSum '{|0}': a move must be made in both; Left has none in '{|0}', Right none in '{0|}'
    c = conjunctive_sum(E1, F1)
    assert text(c) == "'{0|}' ConjunctiveSum '{|0}'"
    assert c.left_options == () and c.right_options == () and c.canonical_form == zero
    # '{*|*}' ConjunctiveSum 2 = {* ^ 1 | } and * ^ 1 = {0 ^ 0 | } = {0|} = 1, so 2 (2 ^ * = 1: Winning Ways ch. 9)
    d = conjunctive_sum(S, integer(2))
    assert [text(o) for o in d.left_options] == ["* ConjunctiveSum 1"] and d.right_options == ()
    assert d.canonical_form == integer(2)


def test_selective_sum_options():
    # '{1|}' SelectiveSum '{*|}': Left moves in the first, the second, or both
    c = selective_sum(Form([integer(1)]), Form([star]))
    assert [text(o) for o in c.left_options] == ["1 SelectiveSum '{*|}'", "'{1|}' SelectiveSum *",
                                                 "1 SelectiveSum *"]
    assert c.right_options == ()
    # * v * has for each player the options 0 v *, * v 0 (each {0|0} = *) and 0 v 0 = 0: {0,*|0,*} = *2
    assert selective_sum(star, star).canonical_form == nimber(2)


def test_conway_product_options():
    # 3 . '{0|}': Left's options 3^L H + 3 H^L - 3^L H^L = 2 . '{0|}' + 3 . 0 - 2 . 0 = 2 . '{0|}'; Right's
    # need a Right option of 3 or of H: none.  Recursively 1 . '{0|}' = {0 . '{0|}' + 1 . 0 - 0 . 0|} = {0|},
    # so 3 . '{0|}' = 3 (ONAG ch. 1: on numbers the ordinary product)
    p = conway_product(integer(3), E1)
    assert text(p) == "3 * '{0|}'"
    assert [text(o) for o in p.left_options] == ["2 * '{0|}'"] and p.right_options == ()
    assert p.canonical_form == integer(3)
    # '{0|}' . '{|0}' (1 . -1): Left: G^L H + G H^L - G^L H^L, G^R H + G H^R - G^R H^R: G has no Right option,
    # H no Left one: none.  Right: G^L H + G H^R - G^L H^R = 0 . H + G . 0 - 0 . 0 = 0 (zero factors vanish)
    q = conway_product(E1, F1)
    assert text(q) == "'{0|}' ConwayProduct '{|0}'"
    assert q.left_options == () and q.right_options == (zero,) and q.canonical_form == integer(-1)
    # the options are sums of products: 2 . H with H = '{*|*}' + 1, whose Left options are * + 1 = 1* and
    # '{*|*}' + 0 = '{*|*}', its Right option 1*.  Products of canonical games are canonical (2 . 1* = 2), and
    # so are their sums and negatives (-(1 . 1*) = -1*).  Left: 1 . H + 2 . H^L - 1 . H^L; Right: 1 . H + 2 . H^R
    # - 1 . H^R; the value 2 . 1 = 2.
    r = conway_product(integer(2), form_sum(S, 1))
    assert [text(o) for o in r.left_options] == [
        "1 * ('{*|*}' + 1) + 2 + -1*", "1 * ('{*|*}' + 1) + 2 * '{*|*}' + -(1 * '{*|*}')"]
    assert [text(o) for o in r.right_options] == ["1 * ('{*|*}' + 1) + 2 + -1*"]
    assert r.canonical_form == integer(2)


# ---------------------------------------------------------------- printing: CGSUITE.md §5.2


@pytest.mark.parametrize("compound, printed", [
    (lambda: ordinal_sum(form_sum(E1, F1), S), "('{0|}' + '{|0}') : '{*|*}'"),      # level 3 under level 2
    (lambda: form_sum(E1, ordinal_sum(F1, S)), "'{0|}' + '{|0}' : '{*|*}'"),        # level 2 under 3: no parens
    (lambda: negative(form_sum(E1, 1)), "-('{0|}' + 1)"),
    (lambda: conway_product(3, form_sum(E1, 1)), "3 * ('{0|}' + 1)"),
    (lambda: ordinal_sum(conway_product(3, E1), 1), "3 * '{0|}' : 1"),
    (lambda: conway_product(3, ordinal_sum(E1, 1)), "3 * ('{0|}' : 1)"),
    (lambda: conjunctive_sum(form_sum(E1, 1), F1), "'{0|}' + 1 ConjunctiveSum '{|0}'"),   # equal levels
    (lambda: conway_product(E1, F1), "'{0|}' ConwayProduct '{|0}'"),                  # not an integer on the left
    (lambda: form_sum(negative(E1), negative(form_sum(E1, F1))), "-'{0|}' + -('{0|}' + '{|0}')"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_printing(compound, printed):
    assert text(compound()) == printed


# ---------------------------------------------------------------- canonical forms, independently


@lru_cache(maxsize=None)
def conjunctive(g, h):
    """G ^ H = {G^L ^ H^L | G^R ^ H^R} on canonical games, by plain recursion (Winning Ways ch. 9)."""
    return game([conjunctive(a, b) for a in g.left_options for b in h.left_options],
                [conjunctive(a, b) for a in g.right_options for b in h.right_options])


@lru_cache(maxsize=None)
def selective(g, h):
    """G v H: a move in G, in H, or in both (Winning Ways ch. 9), by plain recursion."""
    def side(gs, hs):
        return ([selective(a, h) for a in gs] + [selective(g, b) for b in hs]
                + [selective(a, b) for a in gs for b in hs])
    return game(side(g.left_options, h.left_options), side(g.right_options, h.right_options))


@given(games(max_birthday=2), games(max_birthday=2))
def test_conjunctive_and_selective_sums_of_canonical_games(g, h):
    assert conjunctive_sum(g, h).canonical_form == conjunctive(g, h)
    assert selective_sum(g, h).canonical_form == selective(g, h)


@given(games(max_birthday=2), games(max_birthday=3))
def test_ordinal_sum_of_a_form_is_conways(g, h):
    # a form of G with an extra reversible/dominated option: its ordinal sum is the ordinal sum of that form
    # (cgt.short.products.ordinal_sum_of_form, Conway's rule over H's canonical form)
    base = Form(list(g.left_options) + [integer(-3)], g.right_options)
    assert ordinal_sum(base, h).canonical_form == ordinal_sum_of_form(base.left_options, base.right_options, h)
    assert ordinal_sum(g, h).canonical_form == g.ordinal_sum(h)


@given(games(max_birthday=2), st.integers(-3, 3))
def test_integer_conway_product_is_a_multiple(g, n):
    # n . G with n in its canonical form {n-1|} (or {|n+1}) is G + ... + G (by induction on n from the
    # product's definition: 1 . G has the options 1 . G^L, so equals G; (n+1) . G = {n.G + G^L | n.G + G^R})
    form = Form(g.left_options, g.right_options)
    assert conway_product(n, form).canonical_form == n * g


@pytest.mark.parametrize("g, h, product", [
    (Form([zero], [integer(2)]), Form([integer(1)]), integer(2)),          # '{0|2}' . '{1|}' = 1 . 2
    (Form([zero, integer(1)], [integer(2)]), Form([integer(-1)], [zero]), cgt.dyadic(-3, 4)),  # 3/2 . -1/2
    (Form([zero], [zero]), Form([zero, star], [zero, star]), nimber(2)),   # * . *2 = *(1 (x) 2) = *2 (ONAG ch. 6)
])
def test_conway_products_of_numbers_and_nimbers(g, h, product):
    assert conway_product(g, h).canonical_form == product


def compounds(depth: int = 2):
    leaves = st.one_of(games(max_birthday=2), st.sampled_from([E1, F1, Z, S]))
    if depth == 0:
        return leaves
    sub = compounds(depth - 1)
    return st.one_of(
        leaves,
        st.builds(form_sum, sub, sub),
        st.builds(negative, sub),
        st.builds(ordinal_sum, sub, sub),
        st.builds(conjunctive_sum, sub, sub),
        st.builds(selective_sum, sub, sub),
        st.builds(conway_product, st.integers(-2, 2), sub),
    )


@given(compounds())
def test_canonical_form_is_the_value_of_the_options(c):
    # the canonical form of any compound is {values of its Left options | values of its Right options}
    value = game([canonical_value(o) for o in c.left_options] if is_form(c) else c.left_options,
                 [canonical_value(o) for o in c.right_options] if is_form(c) else c.right_options)
    assert canonical_value(c) == value


@given(compounds(), compounds())
def test_sums_and_negatives_are_of_values(a, b):
    assert canonical_value(form_sum(a, b)) == canonical_value(a) + canonical_value(b)
    assert canonical_value(negative(a)) == -canonical_value(a)


@given(compounds())
def test_compounds_pickle_and_compare_structurally(c):
    again = pickle.loads(pickle.dumps(c))
    assert again == c and hash(again) == hash(c) and compound_text(again) == compound_text(c)


def test_a_compound_is_not_its_value():
    # equal values, different forms: '{-1|1}' and 0 are both 0, but their ordinal sums with 1 differ
    assert ordinal_sum(Z, 1) != ordinal_sum(zero, 1)
    assert ordinal_sum(Z, 1).canonical_form != ordinal_sum(zero, 1).canonical_form
    assert isinstance(form_sum(E1, up), DisjunctiveSum) and isinstance(ordinal_sum(E1, up), CompoundGame)


def test_unknown_kinds_and_non_games_are_errors():
    from cgt.errors import NotApplicableError

    with pytest.raises(NotApplicableError, match="unknown compound"):
        CompoundGame("OrdinalProduct", E1, F1)
    with pytest.raises(NotApplicableError, match="is not a game"):
        ordinal_sum(E1, "x")


def test_misere_forms_of_impartial_compounds_follow_their_options():
    # *2 ^ *3 has the options 0 (a heap emptied) and * ^ * = * ^ *2 = {0} = *: in misère play {0, *}, the heap *2
    # (Winning Ways ch. 13), though its normal value is *2 as well; * v * has the options * v 0 = 0 v * = * and
    # 0 v 0 = 0: misère {0, *} again
    assert conjunctive_sum(nimber(2), nimber(3)).misere_canonical_form is cgt.misere_nim(2)
    assert selective_sum(star, star).misere_canonical_form is cgt.misere_nim(2)
    # Form: {*2 | *2} has value 0, misère form {*2}, a second-player win
    two = Form([nimber(2)], [nimber(2)])
    c = ordinal_sum(nimber(2), 0)
    assert c.impartial and c.misere_canonical_form is cgt.misere_game([0, 1])
    assert canonical_value(two) == zero
    from cgt.errors import NotApplicableError

    with pytest.raises(NotApplicableError, match="not impartial"):
        conjunctive_sum(E1, star).misere_canonical_form
