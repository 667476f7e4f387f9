"""Misère canonical forms (cgt.misere.game, cgt.misere.algebra, cgt.misere.notation, cgt.misere.genus)."""

from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt import Outcome
from cgt.errors import InvalidGameError, NotApplicableError, TooLargeError
from cgt.misere.genus import Genus
from cgt.misere.play import misere_nim_outcome, misere_outcome
from cgt.misere.game import (born_by_misere, count_born_by_misere, misere_canonical_form,
                             misere_canonical_form_of, misere_game, misere_nim, partizan_misere_outcome)
from cgt.misere.notation import MAX_TEXT_LENGTH, format_misere, parse_misere

N = misere_nim
DAY4 = born_by_misere(4)


# ---------------------------------------------------------------- brute force on game *forms*
# A form is a frozenset of forms; a position is a sorted tuple of forms (a disjunctive sum).  Outcomes by
# plain search: the independent reference for everything the kernel derives from Conway's theorems.

def _pos(*forms):
    return tuple(sorted((f for f in forms if f), key=hash))


@lru_cache(maxsize=None)
def _search_p(position) -> bool:
    moves = [_pos(*(position[:i] + position[i + 1:]), o) for i, f in enumerate(position) for o in f]
    return bool(moves) and not any(_search_p(m) for m in moves)


@lru_cache(maxsize=None)
def _form(g):
    return frozenset(_form(o) for o in g.options)


@lru_cache(maxsize=None)
def _canon(form):
    return misere_game([_canon(f) for f in form])


def _forms_born_by(day):
    forms = [frozenset()]
    for _ in range(day):
        forms = [frozenset(f for i, f in enumerate(forms) if mask >> i & 1) for mask in range(1 << len(forms))]
    return forms


FORMS3 = _forms_born_by(3)


# ---------------------------------------------------------------- golden tables

@pytest.mark.parametrize("day, count", [(0, 1), (1, 2), (2, 3), (3, 5), (4, 22)],
                         ids=["day0", "day1", "day2", "day3", "day4"])
def test_born_by_counts(day, count):
    # Conway, On Numbers and Games, ch. 12: misère games born by day n number 1, 2, 3, 5, 22, 4171780.
    assert len(born_by_misere(day)) == count
    assert count_born_by_misere(day) == count


@pytest.mark.slow
def test_day_five_count():
    # Conway, ONAG ch. 12: 4171780 misère games are born by day 5 (counted, not listed).
    assert count_born_by_misere(5) == 4171780


@pytest.mark.parametrize("options, expected", [
    ([], "*[0]"), ([0], "*[1]"), ([1], "*[0]"), ([0, 1], "*[2]"), ([2], "*[2#]"), ([0, 2], "*[1]"),
    ([1, 2], "*[0]"), ([0, 1, 2], "*[3]"),
], ids=["{}", "{0}", "{*}", "{0,*}", "{*2}", "{0,*2}", "{*,*2}", "{0,*,*2}"])
def test_day_three_forms(options, expected):
    # ONAG ch. 12: {*} = 0 in misère play (its option * reverses through 0), and likewise {0,*2} = * and
    # {*,*2} = 0 (a grandchild equals the game); nim heaps and {*2} are canonical.  Text: CGSuite's *[...]
    # notation (CGSuite's printed form of MisereCanonicalGame).
    assert str(misere_game(options)) == expected


def test_day_three_values():
    # ONAG ch. 12: the 5 games born by day 3 are 0, *, *2, *3 and {*2} (written 2#).
    assert [str(g) for g in born_by_misere(3)] == ["*[0]", "*[1]", "*[2]", "*[3]", "*[2#]"]


@pytest.mark.parametrize("game, full, text", [
    (N(0), "0^120", "0"), (N(1), "1^031", "1"), (N(2), "2^20", "2"), (N(3), "3^31", "3"),
    (N(2) + N(2), "0^02", "0^0"), (N(2) + N(2) + N(1), "1^13", "1^1"), (N(4) + N(4), "0^02", "0^0"),
], ids=["*0", "*1", "*2", "*3", "*2+*2", "*2+*2+*", "*4+*4"])
def test_genus_golden(game, full, text):
    # Winning Ways ch. 13: nim heaps have genera 0^120, 1^031, n^(n, n xor 2); *2+*2 is "fickle" 0^02 and
    # *2+*2+* "firm" 1^13 (the full text).  CGSuite prints only g for a nim heap, and stops a tame game's
    # superscript after its first term: 0^0, 1^1 (CGSuite's Genus output).
    assert game.genus.full_text == full
    assert str(game.genus) == text


def test_genus_text_with_large_terms():
    # CGSuite: commas and parentheses once a term is 10 or more.
    assert str(Genus(12, (12, 14))) == "12^(12)"
    assert str(Genus(5, (12, 3))) == "5^(12,3)" and Genus(5, (12, 3)).full_text == "5^(12,3)"
    assert Genus(0, (1, 2, 0, 2, 0, 2)) == Genus(0, (1, 2, 0))


@pytest.mark.parametrize("heaps", [(), (1,), (1, 1), (1, 1, 1), (2,), (2, 2), (1, 2, 3), (1, 3, 5, 7), (1, 1, 2),
                                   (2, 3), (4, 4, 1), (5, 6, 3)],
                         ids=lambda h: "+".join(map(str, h)) or "empty")
def test_misere_nim_by_bouton(heaps):
    # Bouton's misère rule (Winning Ways ch. 13) against the canonical form of the sum.
    total = misere_nim(0)
    for h in heaps:
        total += N(h)
    assert total.misere_outcome is misere_nim_outcome(heaps)


def test_nim_heap_sums_with_star():
    # * + *2n = *(2n+1): {0+*, *+*, ...} lists exactly the smaller heaps (misère * + * = 0).
    assert N(1) + N(1) is N(0)
    assert N(2) + N(1) is N(3) and N(4) + N(1) is N(5)
    assert N(2) + N(2) is not N(0)


# ---------------------------------------------------------------- agreement with brute force

def test_equal_forms_have_equal_outcomes_in_sums():
    # Forms with the same canonical form behave alike against every form born by day 3, alone and in pairs.
    classes = {}
    for f in FORMS3:
        sig = tuple(_search_p(_pos(f, t)) for t in FORMS3)
        sig += tuple(_search_p(_pos(f, a, b)) for a in FORMS3[::3] for b in FORMS3[1::3])
        classes.setdefault(_canon(f), set()).add(sig)
    assert len(classes) == 5
    assert all(len(sigs) == 1 for sigs in classes.values())


def test_distinguishers_and_links_of_day_four():
    # Every two distinct games born by day 4 are told apart by their distinguisher (checked by search), and
    # every link makes both sums P-positions.
    linked = 0
    for g in DAY4:
        for h in DAY4:
            if g is h:
                with pytest.raises(NotApplicableError):
                    g.distinguisher(h)
                continue
            x = g.distinguisher(h)
            assert _search_p(_pos(_form(g), _form(x))) != _search_p(_pos(_form(h), _form(x)))
            if g.is_linked_to(h):
                linked += 1
                t = g.link(h)
                assert _search_p(_pos(_form(g), _form(t))) and _search_p(_pos(_form(h), _form(t)))
            else:
                with pytest.raises(NotApplicableError):
                    g.link(h)
    assert linked > 100


def test_mate_makes_p_positions():
    for g in DAY4:
        assert (g + g.mate).misere_outcome is Outcome.P
        assert _search_p(_pos(_form(g), _form(g.mate)))


# ---------------------------------------------------------------- properties

def _games():
    return st.recursive(
        st.sampled_from(DAY4[:8]),
        lambda children: st.one_of(
            st.lists(children, max_size=3).map(misere_game),
            st.tuples(children, children).map(lambda p: p[0] + p[1])),
        max_leaves=4)


@settings(max_examples=30, deadline=None)
@given(_games(), _games())
def test_sum_commutes(g, h):
    assert g + h is h + g


@settings(max_examples=40, deadline=None)
@given(_games(), _games(), _games())
def test_sum_associates(g, h, k):
    assert (g + h) + k is g + (h + k)


@settings(max_examples=30, deadline=None)
@given(_games(), _games())
def test_outcome_of_canonical_form_equals_search_on_the_sum_form(g, h):
    # The canonical form of G + H against the search over the unsimplified sum of the two forms.
    assert (g + h).misere_outcome is (Outcome.P if _search_p(_pos(_form(g), _form(h))) else Outcome.N)


@settings(max_examples=30, deadline=None)
@given(_games())
def test_print_parse_round_trip(g):
    text = format_misere(g, None)
    assert parse_misere(text) is g
    if len(text) <= MAX_TEXT_LENGTH:
        assert str(g) == text
        assert eval(repr(g), {"parse_misere": parse_misere}) is g
    else:
        with pytest.raises(TooLargeError, match=f"prints as {len(text)} characters"):
            str(g)
        assert repr(g) == f"<misère game of birthday {g.birthday}, too large to print>"


def test_huge_text_is_refused_not_built():
    # A sum of three small wild games, doubled: birthday 24, but its *[…] text repeats shared subgames.
    x = misere_game([[2], 1]) + misere_game([[3], 2]) + misere_game([[2], 3, 0])
    g = x + x
    assert len(format_misere(g, None)) == 196255
    with pytest.raises(TooLargeError, match="birthday 24 prints as 196255 characters"):
        str(g)
    assert len(str(x)) == 378
    with pytest.raises(TooLargeError, match="above the limit of 200"):
        format_misere(x, 200)


@settings(max_examples=20, deadline=None)
@given(_games(), st.sampled_from(DAY4))
def test_subtraction_undoes_addition(g, h):
    assert (g + h).misere_minus(h) is g and (g + h).misere_minus(g) is h


@settings(max_examples=10, deadline=None)
@given(_games(), st.sampled_from(born_by_misere(3)))
def test_both_terms_of_a_sum_are_parts(g, h):
    assert h in (g + h).parts and g in (g + h).parts


def _misere_win(games) -> bool:
    """Whether the player to move wins the sum of ``games`` in misère play, by searching the sum's tree."""
    @lru_cache(maxsize=None)
    def win(position: tuple) -> bool:
        moves = [tuple(sorted(position[:i] + (o,) + position[i + 1:], key=id))
                 for i, x in enumerate(position) for o in x.options_by_id]
        return not moves or any(not win(m) for m in moves)
    return win(tuple(sorted(games, key=id)))


def test_a_part_may_be_born_after_the_whole():
    # {*2} (born on day 3) = *2 + X with X = {0, {*2}, {*2} + *} born on day 5; the library finds X, and the
    # search over the sums' trees (no canonical forms) gives X + *2 + T and {*2} + T the same outcome for every
    # T born by day 4 and their mates.
    whole, heap = misere_game([2]), N(2)
    x = whole.misere_minus(heap)
    assert str(x) == "*[2[#1]2#0]" and x.birthday == 5 and x + heap is whole
    assert heap in whole.parts and x in whole.parts
    for t in DAY4 + [g.mate for g in DAY4]:
        assert _misere_win([x, heap, t]) == _misere_win([whole, t])


def test_parts_complete_on_day_three_sums():
    for g in born_by_misere(3):
        for h in born_by_misere(3):
            assert h in (g + h).parts


TAME_NIM = {(0, (1, 2, 0)): (), (1, (0, 3, 1)): (1,), (0, (0, 2)): (2, 2), (1, (1, 3)): (2, 2, 1)}


def _nim_position(genus):
    return TAME_NIM.get((genus.g, genus.gammas), (genus.g,))


def test_tame_games_add_like_nim_positions():
    # Winning Ways ch. 13: a sum of tame games has the misère outcome of the sum of the Nim positions with
    # the same genera.
    tame = [g for g in DAY4 if g.is_tame]
    assert len(tame) == 14
    for a in tame:
        assert a.misere_outcome is (Outcome.P if a.genus.gamma(0) == 0 else Outcome.N)
        for b in tame:
            expected = misere_nim_outcome(_nim_position(a.genus) + _nim_position(b.genus))
            assert (a + b).misere_outcome is expected


def test_primes():
    assert N(2).is_prime and N(3).is_prime and misere_game([[2], 0]).is_prime          # *[2#0]
    assert not misere_game([2]).is_prime            # {*2} = *2 + X, X born two days after {*2}
    assert not (N(2) + N(2)).is_prime and not N(0).is_prime and not N(1).is_prime
    assert [[str(p) for p in ps] for ps in (N(2) + N(2)).partitions] == [["*[2]", "*[2]"]]
    assert N(0).partitions == ((),)


# ---------------------------------------------------------------- other games

def _kayles_options(heaps):
    def heap(n):
        return {tuple(sorted(p for p in (a, n - k - a) if p)) for k in (1, 2) for a in range(n - k + 1)}
    return [tuple(sorted(heaps[:i] + o + heaps[i + 1:])) for i, h in enumerate(heaps) for o in heap(h)]


@pytest.mark.parametrize("heaps", [(n,) for n in range(1, 9)] + [(1, 2, 3), (2, 4), (3, 3, 1), (5, 2)],
                         ids=lambda h: "+".join(map(str, h)))
def test_kayles_canonical_form_outcome_matches_search(heaps):
    form = misere_canonical_form_of(heaps, _kayles_options)
    assert form.misere_outcome is misere_outcome(heaps, _kayles_options)


def test_kayles_components_give_the_same_forms():
    def split(heaps):
        return [(h,) for h in heaps] if len(heaps) > 1 else [heaps]
    cache = {}
    for heaps in [(1, 2, 3), (2, 4), (3, 3, 1), (6,), (7,)]:
        assert misere_canonical_form_of(heaps, _kayles_options, split, cache) is \
            misere_canonical_form_of(heaps, _kayles_options)


def test_canonical_form_of_cgt_games():
    assert misere_canonical_form(cgt.nimber(4)) is N(4)
    with pytest.raises(NotApplicableError):
        misere_canonical_form(cgt.up)
    with pytest.raises(InvalidGameError):
        misere_canonical_form(3)


@pytest.mark.parametrize("game, outcome", [
    (cgt.integer(0), "N"), (cgt.star, "P"), (cgt.integer(1), "R"), (cgt.integer(-1), "L"), (cgt.up, "R"),
], ids=["0", "*", "1", "-1", "up"])
def test_partizan_misere_outcome(game, outcome):
    # In misère play a player with no move wins: 1 = {0|} is won by Right (Left must move to 0 first;
    # Right, to move first, cannot move and wins).
    assert str(partizan_misere_outcome(game)) == outcome


# ---------------------------------------------------------------- errors

@pytest.mark.parametrize("text, message", [
    ("*[4", "cannot parse misère game '*[4' at column 4: expected ']'"),
    ("[4]", "cannot parse misère game '[4]' at column 1: expected '*'"),
    ("*[4]x", "cannot parse misère game '*[4]x' at column 5: unexpected text after ']'"),
    ("*[&;]", "cannot parse misère game '*[&;]' at column 4: expected digits after '&'"),
    ("*[x]", "cannot parse misère game '*[x]' at column 3: expected a heap size or '('"),
], ids=["unclosed", "no-star", "trailing", "empty-amp", "letter"])
def test_parse_errors(text, message):
    with pytest.raises(InvalidGameError) as info:
        parse_misere(text)
    assert str(info.value) == message


def test_refusals():
    with pytest.raises(TooLargeError, match="4171780"):
        born_by_misere(5)
    with pytest.raises(NotApplicableError, match=r"\*\[4\] is not a part of \*\[2\]"):
        N(2).misere_minus(N(4))
    with pytest.raises(InvalidGameError):
        misere_nim(-1)
    with pytest.raises(InvalidGameError):
        misere_game(["x"])


def test_parse_marks():
    assert parse_misere("*[2[#1]]") is misere_game([2]) + N(1)
    assert parse_misere("*[(42)[2]]") is misere_game([4, 2]) + N(2)
    assert parse_misere("*[(42)[2-2]]") is misere_game([4, 2])
    assert parse_misere("*[&12;]") is N(12)
    assert parse_misere("*[]") is N(0)


def test_clear_caches_keeps_values():
    g = N(2) + N(2) + misere_game([2])
    text = str(g)
    cgt.clear_caches()
    assert str(g) == text and N(2) + N(2) + misere_game([2]) is g


@pytest.mark.parametrize("options", [[], [0], [2], [[1, 2], 3], [[[2]], 1, 0]])
def test_misere_games_pickle_through_the_public_reader(options):
    import pickle

    g = cgt.misere_game(options)
    for protocol in (0, pickle.HIGHEST_PROTOCOL):
        data = pickle.dumps(g, protocol)
        assert pickle.loads(data) is g
        assert b"cgt.misere" not in data       # the pickle names cgt.parse_misere, not a module of the package
