"""Algebraic laws of short games as Hypothesis properties (strategies from cgt.testing).

Group laws, the partial order and its compatibility with +, congruence
(Faigle Thm 2.2: G == H iff G - H is a second-player win), canonical forms
(idempotent, unique), and every fast path against the general recursive
definition (one level of the definition, with the fast kernel below it:
by induction on birthdays this proves the fast path right).
"""

from hypothesis import given, settings, strategies as st

from cgt import Outcome, game, nimber, number, up, zero
from cgt.kernel.game import closed_uptimal, kernel, lefts_of, rights_of
from cgt.testing import games, nimbers, numbers, uptimals

G3 = games(max_birthday=3)
ANY = st.one_of(G3, uptimals(), games(max_birthday=4))


@given(ANY)
def test_inverse(g):
    assert g + (-g) is zero and -(-g) is g


@given(ANY, ANY)
def test_commutative(g, h):
    assert g + h is h + g


@given(G3, G3, G3)
def test_associative(g, h, k):
    assert (g + h) + k is g + (h + k)


@given(ANY)
def test_zero_is_identity(g):
    assert g + zero is g and g - zero is g


@given(ANY)
def test_reflexive(g):
    assert g <= g and g >= g and not g < g and g.compare(g) == "="


@given(G3, G3)
def test_antisymmetric_means_identical(g, h):
    if g <= h and h <= g:
        assert g is h
    else:
        assert g is not h


@given(G3, G3, G3)
def test_transitive(g, h, k):
    if g <= h and h <= k:
        assert g <= k


@given(G3, G3, G3)
def test_order_compatible_with_sum(g, h, k):
    if g <= h:
        assert g + k <= h + k


@given(G3, G3)
def test_order_is_sign_of_difference(g, h):
    """G <= H iff H - G >= 0 (Left wins H - G moving second)."""
    assert (g <= h) == (h - g >= 0)
    assert g.confused_with(h) == (not g <= h and not h <= g)


@given(G3, G3)
def test_congruence_is_second_player_win(g, h):
    """Faigle Thm 2.2 / CGT II.1: G == H iff G - H is a P-position."""
    assert (g == h) == ((g - h).outcome is Outcome.P)


@given(G3)
def test_outcome_matches_order_with_zero(g):
    expected = {
        (True, False): Outcome.L, (False, True): Outcome.R,
        (True, True): Outcome.P, (False, False): Outcome.N,
    }[(g >= 0, g <= 0)]
    assert g.outcome is expected


@given(ANY)
def test_canonical_form_is_idempotent(g):
    assert game(g.left_options, g.right_options) is g


@given(G3, G3)
def test_adding_dominated_option_changes_nothing(g, h):
    """A left option dominated by an existing one is removed (CGT Thm II.2.4)."""
    if g.left_options:
        best = g.left_options[0]
        if h <= best:
            assert game(g.left_options + (h,), g.right_options) is g


@given(G3, G3)
def test_equal_values_are_identical(g, h):
    """Unique canonical form: build g + h as a non-canonical {L|R} and compare identities."""
    lefts = [gl + h for gl in g.left_options] + [g + hl for hl in h.left_options]
    rights = [gr + h for gr in g.right_options] + [g + hr for hr in h.right_options]
    assert game(lefts, rights) is g + h


@given(st.one_of(numbers(), nimbers(), uptimals()), st.one_of(numbers(), nimbers(), uptimals()))
def test_uptimal_fast_paths_equal_definition(g, h):
    # options from the closed form rebuild the same game
    assert kernel.canonical(list(lefts_of(g)), list(rights_of(g))) is g
    # sum: one level of the definition over the kernel
    lefts = [kernel.add(x, h) for x in lefts_of(g)] + [kernel.add(g, y) for y in lefts_of(h)]
    rights = [kernel.add(x, h) for x in rights_of(g)] + [kernel.add(g, y) for y in rights_of(h)]
    assert kernel.canonical(lefts, rights) is kernel.add(g, h)
    # order: G <= H iff no G^L >= H and no H^R <= G
    general = not any(kernel.le(h, x) for x in lefts_of(g)) and not any(kernel.le(y, g) for y in rights_of(h))
    assert general == kernel.le(g, h)


@given(numbers(), G3)
def test_number_translation_equals_definition(x, g):
    """x + G computed by translation equals {x^L + G, x + G^L | ...} canonicalised."""
    lefts = [kernel.add(a, g) for a in lefts_of(x)] + [kernel.add(x, b) for b in lefts_of(g)]
    rights = [kernel.add(a, g) for a in rights_of(x)] + [kernel.add(x, b) for b in rights_of(g)]
    assert kernel.canonical(lefts, rights) is x + g


@given(numbers(), G3)
def test_number_avoidance_in_comparisons(x, g):
    """x <= G computed with number avoidance equals the full definition."""
    for a, b in ((x, g), (g, x)):
        general = not any(kernel.le(b, o) for o in lefts_of(a)) and not any(kernel.le(o, a) for o in rights_of(b))
        assert general == kernel.le(a, b)


@given(G3, G3)
def test_stop_refutation_is_sound(g, h):
    if g <= h:
        assert g.left_stop <= h.left_stop and g.right_stop <= h.right_stop


@given(st.integers(-6, 6), G3)
def test_integer_multiple_is_repeated_sum(n, g):
    total = zero
    for _ in range(abs(n)):
        total = total + (g if n > 0 else -g)
    assert n * g is total and g * n is total


@given(st.integers(-10**6, 10**6), numbers(), numbers())
def test_multiples_of_a_switch_double_to_a_number(n, a, b):
    # {a|b} + {a|b} = a + b for numbers a > b (Winning Ways ch. 6: a switch is its mean plus a hot part that
    # two copies cancel); so n.{a|b} is n/2 copies of that number, plus one switch when n is odd.
    a, b = max(a, b), min(a, b)
    g = game([a], [b])
    pair = g + g
    expected = (abs(n) // 2) * pair + (g if abs(n) % 2 else zero)
    assert n * g is (expected if n >= 0 else -expected)


def test_a_billion_copies_of_a_switch():
    assert 10**9 * game([3], [2]) is number(2_500_000_000) and (10**9 + 1) * game([1], [-1]) is game([1], [-1])


@given(G3)
def test_infinitesimal_iff_between_all_positive_numbers(g):
    tiny_number = game([0], [game([0], [game([0], [game([0], [game([0], [1])])])])])  # 1/32
    if g.is_infinitesimal and g.birthday <= 3:
        assert -tiny_number < g < tiny_number


@given(uptimals(), uptimals())
def test_uptimal_components_add(g, h):
    (x, u, n), (y, v, m) = closed_uptimal(g), closed_uptimal(h)
    assert closed_uptimal(g + h) == (x + y, u + v, n ^ m)
    assert g + h is kernel.uptimal(x + y, u + v, n ^ m)
    # The components name the game: x + u.^ + *n is the number x, plus *n, plus u copies of ^ (-u of v if u < 0).
    for k, (z, w, j) in ((g, closed_uptimal(g)), (h, closed_uptimal(h))):
        assert k is _sum([number(z), nimber(j)] + [up if w > 0 else -up] * abs(w))


def _sum(terms):
    total = zero
    for term in terms:
        total = total + term
    return total


@settings(max_examples=50, deadline=None)
@given(games(max_birthday=3), games(max_birthday=3))
def test_tempers_add_like_parities(g, h):
    # Siegel, Combinatorial Game Theory, II.6: even + even and odd + odd are even-tempered, even + odd is
    # odd-tempered (numbers are even-tempered; a game is odd-tempered when it is no number and every option is
    # even-tempered, even-tempered when every option is odd-tempered).
    from cgt.short.predicates import is_even_tempered, is_odd_tempered

    tempers = [(is_even_tempered(x), is_odd_tempered(x)) for x in (g, h)]
    if all(even for even, _ in tempers) or all(odd for _, odd in tempers):
        assert is_even_tempered(g + h)
    if tempers[0][0] and tempers[1][1] or tempers[0][1] and tempers[1][0]:
        assert is_odd_tempered(g + h)
