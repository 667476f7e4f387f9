"""Variants (cgt.games.engine.variants, cgt.short.variants): impartial, dicotic and twisted play.

Sources.  The rules are CGSuite's ``game.variant`` (ImpartialVariantGame, DicoticVariantGame,
TwistedVariantGame), as recorded in CGSUITE.md §1.5.  No published table of variant values is known to us:
every golden row is derived by hand from the rules (the derivation is in the row's comment) and also
checked by the slow references below (plain recursion over the base ruleset's moves into ``cgt.kernel.game``: no
tables, no symmetry, no components).  Domineering: Left places vertical dominoes (CGSuite).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import cgt
from cgt.short import variants
from cgt.games import Clobber, Cram, Domineering, Kayles, Ruleset
from cgt.games.engine.variants import DicoticVariantRuleset, ImpartialVariantRuleset, TwistedVariantRuleset
from cgt.testing import games, impartial_games, positions

ZERO = cgt.game([], [])
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                             HealthCheck.too_slow])


# -- slow references: the variant rules straight into cgt.kernel.game ------------------------------------------------
def ref_impartial(ruleset, p):
    opts = [ref_impartial(ruleset, o) for o in list(ruleset.left_options(p)) + list(ruleset.right_options(p))]
    return cgt.game(opts, opts)


def ref_dicotic(ruleset, p):
    lefts, rights = list(ruleset.left_options(p)), list(ruleset.right_options(p))
    if not lefts or not rights:
        return ZERO
    return cgt.game([ref_dicotic(ruleset, o) for o in lefts], [ref_dicotic(ruleset, o) for o in rights])


def ref_twisted(ruleset, p):
    return cgt.game([-ref_twisted(ruleset, o) for o in ruleset.left_options(p)],
                    [-ref_twisted(ruleset, o) for o in ruleset.right_options(p)])


REFERENCES = {"impartial": ref_impartial, "dicotic": ref_dicotic, "twisted": ref_twisted}


# -- golden rows (derived by hand; see each comment) ----------------------------------------------------------
GOLDEN = [
    # ".." : only Right moves (to 0): -1.  I = {0|0} = *; D: Left cannot move, terminal = 0; T = {|-T(0)} = -1.
    pytest.param("..", "impartial", "*", id="1x2-impartial"),
    pytest.param("..", "dicotic", "0", id="1x2-dicotic"),
    pytest.param("..", "twisted", "-1", id="1x2-twisted"),
    # ".|." : only Left moves: 1.  T(1) = {-T(0)|} = 1.
    pytest.param(".|.", "twisted", "1", id="2x1-twisted"),
    # "..|.." = {1|-1}.  I: both options are * (one domino's strip), mex{1} = 0.  D: options .|. and .. are
    # one-sided, so D = {0|0} = *.  T = {-T(.|.) | -T(..)} = {-1|1} = 0.
    pytest.param("..|..", "impartial", "0", id="2x2-impartial"),
    pytest.param("..|..", "dicotic", "*", id="2x2-dicotic"),
    pytest.param("..|..", "twisted", "0", id="2x2-twisted"),
    # "..." : Right moves to "##." or ".##" (0 each): -1.  I: options I(0) = 0, so mex{0} = *.
    # T = {|-T(0)} = -1.  D = 0 (Left has no move).
    pytest.param("...", "impartial", "*", id="1x3-impartial"),
    pytest.param("...", "twisted", "-1", id="1x3-twisted"),
    # "...." : only Right moves, to "..##", ".##." or "##.." (leaving "..", two single cells, ".."), whose
    # twisted values are -1, 0, -1: T = {| -(-1), -0, -(-1)} = {|1, 0, 1} = {|0} = -1.  I: the options are
    # I(..) = * and I(.#.) = 0, so mex{1, 0} = 2: *2.
    pytest.param("....", "twisted", "-1", id="1x4-twisted"),
    pytest.param("....", "impartial", "*2", id="1x4-impartial"),
    # "...|..." (2x3).  Left (vertical) fills a column: column 1 or 3 leaves a 2x2 block, D = * (row above);
    # column 2 leaves two single columns where only Left can move, D = 0.  Right (horizontal) fills two
    # cells of one row; by the board's symmetries every such move is "##.|...": there Left's only move (column
    # 3) leaves ".." on the second row (only Right moves: 0), and Right's moves leave one vertical domino's
    # column (only Left moves: 0) or two single cells (no moves: 0), so D = {0|0} = *.  Hence
    # D = {0, *|*}.  D >= 0 (Right's only move, to *, is answered by Left moving to 0), so Left's option *
    # reverses through its Right option 0 and gives way to 0's Left options, none: D = {0|*} = ^ (Winning
    # Ways ch. 3: ^ = {0|*}).
    pytest.param("...|...", "dicotic", "^", id="2x3-dicotic"),
]


@pytest.mark.parametrize("board, kind, expected", GOLDEN)
def test_golden_domineering_variants(board, kind, expected):
    p = getattr(Domineering(board), f"{kind}_variant")
    assert str(p.value) == expected
    assert str(REFERENCES[kind](Domineering, Domineering(board).position)) == expected


# -- properties on random boards -----------------------------------------------------------------------------
BOARDS = [pytest.param(Domineering, id="Domineering"), pytest.param(Clobber, id="Clobber")]


@pytest.mark.parametrize("ruleset", BOARDS)
@pytest.mark.parametrize("kind", ["impartial", "dicotic", "twisted"])
def test_variant_values_match_reference(ruleset, kind):
    @SETTINGS
    @given(positions(ruleset, max_cells=7))
    def check(p):
        assert getattr(p, f"{kind}_variant").value == REFERENCES[kind](ruleset, p.position)

    check()


@pytest.mark.parametrize("ruleset", BOARDS)
def test_variant_values_are_canonical_forms_of_options(ruleset):
    @SETTINGS
    @given(positions(ruleset, max_cells=8), st.sampled_from(["impartial", "dicotic", "twisted"]))
    def check(p, kind):
        v = getattr(p, f"{kind}_variant")
        assert v.value == cgt.game([o.value for o in v.left_options], [o.value for o in v.right_options])

    check()


@pytest.mark.parametrize("ruleset", BOARDS)
def test_twisted_twice_is_the_identity(ruleset):
    @SETTINGS
    @given(positions(ruleset, max_cells=8))
    def check(p):
        twice = ruleset.twisted_variant.twisted_variant(p.position)
        assert twice.value == p.value

    check()


@pytest.mark.parametrize("ruleset", BOARDS)
def test_impartial_variant_values_are_nimbers_and_dicotic_all_small(ruleset):
    @SETTINGS
    @given(positions(ruleset, max_cells=9))
    def check(p):
        assert p.impartial_variant.value.is_nimber
        assert p.impartial_variant.value == cgt.nimber(p.impartial_variant.nim_value)
        assert p.dicotic_variant.value.is_all_small

    check()


@SETTINGS
@given(positions(Cram, max_cells=12))
def test_cram_is_domineerings_impartial_variant(p):
    # Cram and Domineering share the board syntax ('.' empty, '#' full); Cram is kept as its own ruleset.
    assert Domineering.impartial_variant(str(p)).nim_value == p.nim_value


def test_cram_is_not_the_variant_object():
    assert Cram != Domineering.impartial_variant
    assert Domineering.impartial_variant == ImpartialVariantRuleset(Domineering)
    assert Domineering.impartial_variant is Domineering.impartial_variant     # memoised: tables are kept


@SETTINGS
@given(st.integers(0, 30))
def test_variants_of_an_impartial_ruleset_keep_its_values(n):
    # For impartial G: I(G) has the same options as G, and T(G) = {T(G')|T(G')} = G by induction.
    assert Kayles.impartial_variant(n).nim_value == Kayles(n).nim_value
    assert Kayles.twisted_variant(n).value == Kayles(n).value


# -- variants of cgt.Game values, cross-checked with a ruleset whose positions are game trees ---------------
class _Tree(Ruleset):
    """The game tree itself as a ruleset: positions are canonical games, moves their options."""

    abstract = False

    def left_options(self, g):
        return g.left_options

    def right_options(self, g):
        return g.right_options


TREE = _Tree()


@SETTINGS
@given(games(max_birthday=3))
def test_game_variants_agree_with_ruleset_variants(g):
    assert variants.impartial(g) == TREE.impartial_variant(g).value
    assert variants.dicotic(g) == TREE.dicotic_variant(g).value
    assert variants.twisted(g) == TREE.twisted_variant(g).value
    assert TREE.twisted_variant.twisted_variant(g).value == g


@SETTINGS
@given(games(max_birthday=3))
def test_game_variant_laws(g):
    assert variants.impartial(g).is_nimber
    assert variants.dicotic(g).is_all_small
    assert variants.twisted(-g) == -variants.twisted(g)
    assert variants.impartial(-g) == variants.impartial(g)
    assert variants.dicotic(-g) == -variants.dicotic(g)


@SETTINGS
@given(impartial_games())
def test_twist_of_an_impartial_game_is_itself(g):
    assert variants.twisted(g) == g
    assert variants.impartial(g) == g


def test_twist_depends_on_the_form():
    # T(2) = T({1|}) = {-T(1)|} = {-1|} = 0, and T(0) = 0: twisting the canonical form of T(2) gives 0, not 2.
    two = cgt.integer(2)
    assert variants.twisted(two) == ZERO
    assert variants.twisted(variants.twisted(two)) == ZERO


# -- printing, parsing ---------------------------------------------------------------------------------------
def test_repr_and_twisted_positions_print_and_parse():
    assert repr(Domineering.impartial_variant) == "ImpartialVariantRuleset(Domineering)"
    assert repr(DicoticVariantRuleset(Clobber)) == "DicoticVariantRuleset(Clobber)"
    t = Domineering.twisted_variant
    p = t(".|.")
    (option,) = p.left_options
    assert str(option) == "-(#|#)" and option.position[1] is True
    assert t("-(.|.)").position == (p.position[0], True)
    assert t("-(.|.)").value == -p.value
    assert TwistedVariantRuleset(Domineering)(".|.") == p


def test_variant_of_a_non_ruleset_is_an_error():
    from cgt.errors import InvalidPositionError

    with pytest.raises(InvalidPositionError, match="is not a ruleset"):
        ImpartialVariantRuleset(3)
