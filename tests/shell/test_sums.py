"""Sums of positions in the shell: ``Kayles(3) + Kayles(3)`` is a compound game (CGSuite's ``CompoundGame`` of
``CompoundType`` ``DisjunctiveSum``) with its normal value and its misère play.

The misère reference is a plain recursion over Kayles' rules (knock down one pin or two adjacent pins of a
row): the misère Grundy value is 1 at a terminal position and otherwise the mex of the options' values
(Winning Ways ch. 13).
"""

from __future__ import annotations

from functools import lru_cache

import pytest

from cgt.shell import ShellError, run


def _kayles(h: int) -> list[tuple]:
    return [tuple(x for x in (left, h - t - left) if x) for t in (1, 2) for left in range(h - t + 1)]


@lru_cache(maxsize=None)
def misere_kayles(heaps: tuple) -> int:
    options = {tuple(sorted(heaps[:i] + heaps[i + 1:] + o)) for i, h in enumerate(heaps) for o in _kayles(h)}
    if not options:
        return 1
    values = {misere_kayles(o) for o in options}
    return min(set(range(len(values) + 1)) - values)


ROWS = [
    ("game.heap.Kayles(3) + game.heap.Kayles(3)", "Kayles(3) + Kayles(3)"),
    ("(Kayles(3) + Kayles(3)).MisereNimValue", "0"),
    ("(Kayles(3) + Kayles(3)).MisereOutcomeClass", "P"),
    ("(Kayles(3) + Kayles(3)).MisereCanonicalForm", "*[32]"),
    ("(Kayles(3) + Kayles(3)).Genus", "0^0"),                # the fickle genus 0^02 (Winning Ways ch. 13)
    ("(Kayles(3) + Kayles(3)).CanonicalForm", "0"),          # Kayles(3) = *3 (Winning Ways ch. 4)
    ("(Kayles(3) + Kayles(3)).NimValue", "0"),
    ("(Kayles(3) + Kayles(3)).OutcomeClass", "P"),
    ("(Kayles(3) + Kayles(4)).CanonicalForm", "*2"),
    ("(Kayles(3) + Kayles(3)).CompoundType", "DisjunctiveSum"),
    ("(Kayles(3) + Kayles(4) + Kayles(5)).G", "Kayles(3) + Kayles(4)"),
    ("(Kayles(3) + Kayles(4) + Kayles(5)).H", "Kayles(5)"),
    ("(Kayles(3) + Kayles(3)).Class", "⟪game.CompoundGame⟫"),
    ("Kayles(3) + Kayles(3) is CompoundGame", "true"),
    ("(Kayles(2) + Kayles(2)).Options", "[Kayles(1) + Kayles(2),Kayles(0) + Kayles(2),Kayles(2) + Kayles(1),"
                                        "Kayles(2) + Kayles(0)]"),
    ("(Kayles(3) + Kayles(3)).Decomposition", "[Kayles(3),Kayles(3)]"),
    ("Kayles(3) + Kayles(3) == 0", "true"),                   # compared by value, like a position
    # with a number: still a compound, as CGSuite keeps any sum in which one game is not canonical (CGSUITE.md
    # §4.3), whose value is the sum of the values
    ("Kayles(3) + Kayles(3) + 1", "Kayles(3) + Kayles(3) + 1"),
    ("(Kayles(3) + Kayles(3) + 1).CanonicalForm", "1"),
    ("Kayles(3) + 0", "Kayles(3)"),                           # 0 + G and G + 0 are G
    ("0 + Kayles(3)", "Kayles(3)"),
    # G - H is G + (-H), a compound sum (CGSUITE.md §4.3), whose value is the difference
    ("Kayles(3) + Kayles(4) - Kayles(4)", "Kayles(3) + Kayles(4) + -Kayles(4)"),
    ("(Kayles(3) + Kayles(4) - Kayles(4)).CanonicalForm", "*3"),
    ("Kayles(2) - (Kayles(1) + Kayles(1))", "Kayles(2) + -(Kayles(1) + Kayles(1))"),
    ("Kayles(3) - 1", "Kayles(3) + -1"),                      # G - H = G + (-H)
    ("(Kayles(3) - 1).CanonicalForm", "-1*3"),
    ("(Kayles(3) + Kayles(3)).Temperature", "-1"),            # a game method, on the value
    ("[Kayles(1), Kayles(2)].Sum", "Kayles(1) + Kayles(2)"),
    ("Kayles(3) + Nim(2)", "Kayles(3) + Nim(2)"),
    ("(Kayles(3) + Nim(2)).MisereCanonicalForm", "*[2[3]]"),  # *2 + *3: not *, as it is in normal play
    ("(Kayles(3) + Nim(2)).CanonicalForm", "*"),
    ("Kayles(3) + *[2]", "Kayles(3) + *[2]"),
    ("(Kayles(3) + *[2]).MisereCanonicalForm == *[3] + *[2]", "true"),
    ("*[Kayles(3) + Kayles(3)]", "*[32]"),                    # an element of *[...] may be a position
    ("{Kayles(1) + Kayles(1) | 0}", "*"),
    ('(Domineering("..") + Domineering("..|..")).CanonicalForm', "{0|-2}"),
    ('(Domineering("..") + Domineering("..|..")).OutcomeClass', "N"),
]


@pytest.mark.parametrize("source, printed", [pytest.param(*row, id=row[0]) for row in ROWS])
def test_sums(source, printed):
    assert run(source) == printed


@pytest.mark.parametrize("a, b", [(3, 3), (3, 4), (5, 2), (5, 5), (6, 7), (4, 9)])
def test_misere_values_of_kayles_sums_agree_with_search(a, b):
    heaps = tuple(sorted((a, b)))
    assert run(f"(Kayles({a}) + Kayles({b})).MisereNimValue") == str(misere_kayles(heaps))
    assert run(f"(Kayles({a}) + Kayles({b})).MisereOutcomeClass") == ("P" if misere_kayles(heaps) == 0 else "N")
    assert run(f"(Kayles({a}) + Kayles({b})).MisereCanonicalForm == "
               f"Kayles({a}).MisereCanonicalForm + Kayles({b}).MisereCanonicalForm") == "true"


@pytest.mark.parametrize("source, message", [
    ('(Domineering("..") + Domineering("..|..")).MisereCanonicalForm', "not impartial"),
    ('(Domineering("..") + Domineering("..|..")).NimValue', "not impartial"),
    ("(Kayles(3) + Kayles(3)).Foo", "no method Foo"),
])
def test_errors(source, message):
    with pytest.raises(ShellError, match=message):
        run(source)


# CGSUITE.md §4.3, §5.2, §6.2: negating a position or a compound gives CGSuite's NegativeGame, printed -G (or
# -(...) around a compound), with property G; its options are the negatives of G's options with the players
# exchanged, -G = {-G^R | -G^L} (Conway, On Numbers and Games, ch. 1), so its value is the negative of G's.
# Domineering on a 1x3 strip: Left (vertical dominoes) has no move, Right two moves to 0, so it is {|0} = -1.
NEGATIVE_ROWS = [
    ('Domineering("...").CanonicalForm', "-1"),
    ('-Domineering("...")', '-Domineering.Position("...")'),
    ('(-Domineering("...")).CanonicalForm', "1"),
    ('(-Domineering("...")).G', 'Domineering.Position("...")'),
    ('(-Domineering("...")).LeftOptions', '[-Domineering.Position("##."),-Domineering.Position(".##")]'),
    ('(-Domineering("...")).RightOptions', "[]"),
    ('(-Domineering("...")).Options(Left)', '[-Domineering.Position("##."),-Domineering.Position(".##")]'),
    ('(-Domineering("...")).OutcomeClass', "L"),
    ('(-Domineering("...")).Class', "⟪game.NegativeGame⟫"),
    ('-Domineering("...") is Game', "true"),
    ('(-Domineering("...")).Temperature', "-1"),                 # every game method, on the value
    ('-Domineering("...") == 1', "true"),
    ('--Domineering("...")', 'Domineering.Position("...")'),
    ("-Kayles(3)", "-Kayles(3)"),
    ("(-Kayles(3)).CanonicalForm", "*3"),                        # an impartial game is its own negative
    ("(-Kayles(3)).NimValue", "3"),
    ("(-Kayles(3)).Options", "[-Kayles(2),-Kayles(\"1 1\"),-Kayles(1)]"),
    ("(-Kayles(4)).MisereCanonicalForm == Kayles(4).MisereCanonicalForm", "true"),
    # around a compound, -(...), as CGSuite's parenthesising levels put a compound below the negation
    ("-(Kayles(3) + Kayles(2))", "-(Kayles(3) + Kayles(2))"),
    ("(-(Kayles(3) + Kayles(2))).G", "Kayles(3) + Kayles(2)"),
    ("(-(Kayles(3) + Kayles(2))).CanonicalForm", "*"),
    ("-({1|0} ConjunctiveSum *)", "-({1|0} ConjunctiveSum *)"),
    ("(-({1|0} ConjunctiveSum *)).CanonicalForm == -({1|0} ConjunctiveSum *).CanonicalForm", "true"),
    # a negative takes part in sums of positions like a position
    ('Domineering("...") + -Domineering("...")', 'Domineering.Position("...") + -Domineering.Position("...")'),
    ('(Domineering("...") + -Domineering("...")).OutcomeClass', "P"),      # G - G = 0
    ("-Kayles(3) + *[2]", "-Kayles(3) + *[2]"),
    ("-Kayles(3) + 1", "-Kayles(3) + 1"),
    ("(-Kayles(3) + 1).CanonicalForm", "1*3"),
]


@pytest.mark.parametrize("source, printed", [pytest.param(*row, id=row[0]) for row in NEGATIVE_ROWS])
def test_negative_games(source, printed):
    assert run(source) == printed


@pytest.mark.parametrize("source", ["-Kayles(3)", '-Domineering("..|.#")', "-(Kayles(3) + Kayles(2))",
                                    'Kayles(1) + -Wythoff(1, 2)', '-(Kayles(1) + -Kayles(2))'])
def test_negative_games_read_back(source):
    printed = run(source)
    assert run(printed) == printed
    assert run(f"({printed}) === ({source})") == "true"
