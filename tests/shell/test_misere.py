"""Misère games in the shell, as CGSuite's documentation (tutorial "Misère Theory", class
``MisereCanonicalGame``) describes them: ``*[…]`` in entry notation and in printed form, ``+``/``==``,
``MisereCanonicalForm`` of games and of impartial ruleset positions, ``Genus`` and the other members,
``DayN``.

Slow references here are plain recursions over the rules, with no tables and no canonical forms:
:func:`misere_grundy` of a tuple of heaps under a heap rule (Nim or Kayles), from which outcomes and genera
(Conway's γ sequence: the misère Grundy value with k extra ``*2`` heaps) are computed directly.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.shell import ShellError, run
from cgt.shell.limits import STRICT


# ------------------------------------------------------------------ slow references
def _nim_moves(h):
    return [(k,) if k else () for k in range(h)]


def _kayles_moves(h):
    """Kayles: knock down one pin or two adjacent pins of a row of h, leaving two rows."""
    out = []
    for take in (1, 2):
        for left in range(h - take + 1):
            out.append(tuple(x for x in (left, h - take - left) if x))
    return out


@functools.lru_cache(maxsize=None)
def misere_grundy(rule: str, heaps: tuple) -> int:
    """The misère Grundy value by plain recursion (terminal position: 1; mex of the options otherwise)."""
    moves = {"nim": _nim_moves, "kayles": _kayles_moves, "pure2": lambda h: [(1,), ()]}
    options = set()
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for o in moves[rule if h != -2 else "nim"](abs(h)):
            options.add(tuple(sorted(rest + o)))
    if not options:
        return 1
    values = {misere_grundy(rule, o) for o in options}
    g = 0
    while g in values:
        g += 1
    return g


def misere_outcome(rule, heaps) -> str:
    return "P" if misere_grundy(rule, tuple(sorted(heaps))) == 0 else "N"


def genus_text(rule: str, heaps: tuple, terms: int = 8) -> str:
    """g^γ0γ1… by brute force: g the normal Grundy value (of the heaps under the rule: nim sum of the
    single-heap values), γk the misère Grundy value with k extra nim heaps of size 2, cut as CGSuite prints
    it: drop the last term while it equals the one two before, and stop after γ0 where the rest follows
    the tame pattern g xor 2, g, g xor 2, … (the caller accepts g alone for a nim heap)."""
    normal = 0
    for h in heaps:
        normal ^= _normal_grundy(rule, h)
    gammas = [misere_grundy(rule, tuple(sorted(heaps + (-2,) * k))) for k in range(terms)]
    while len(gammas) >= 3 and gammas[-1] == gammas[-3]:
        gammas.pop()
    extended = gammas + gammas[-2:]                  # two more terms: the alternation goes on

    def tame_from(c):
        return all(extended[k] == (normal ^ 2 if k % 2 else normal) for k in range(c, len(extended)))

    cut = min([c for c in range(1, len(gammas) + 1) if tame_from(c)], default=len(gammas))
    return f"{normal}^" + "".join(map(str, gammas[:cut]))


@functools.lru_cache(maxsize=None)
def _normal_grundy(rule, h):
    if rule == "nim":
        return h
    values = set()
    for o in _kayles_moves(h):
        v = 0
        for x in o:
            v ^= _normal_grundy(rule, x)
        values.add(v)
    g = 0
    while g in values:
        g += 1
    return g


def h(n: int) -> str:
    """The misère nim heap ``*n`` in the shell's entry notation."""
    return f"*[{n}]"


def nim_text(heaps) -> str:
    return " + ".join(h(k) for k in heaps) or "*[]"


def entry(g) -> str:
    """CGSuite's entry notation of a misère game: ``*[L]`` with ``L`` the nested lists of options (a single
    list element is the game with those options)."""
    def options(x):
        return "[" + ",".join(options(o) for o in x.options) + "]"
    return "*[" + options(g) + "]"


def reads_back(printed: str) -> bool:
    """A printed ``*[…]`` of two or more digits is also entry notation (the heap ``*42``), which the shell
    reads as CGSuite does, so it reads back through :func:`cgt.parse_misere`; any other printed form reads
    back in the shell itself."""
    inner = printed[2:-1]
    if inner.isdigit() and len(inner) > 1:
        return str(cgt.parse_misere(printed)) == printed and run(printed) != printed
    return run(printed) == printed


# ------------------------------------------------------------------ literals
LITERALS = [
    # Entry notation (CGSuite's documentation, tutorial "Misère Theory"): a single element is a game -- an
    # integer the nim heap, a list the game with those options -- and several elements are the options.
    ("*[4,2]", "*[42]"),
    ("*[[4,2],4,3,1]", "*[(42)431]"),
    ("*[[2],2,1,0]", "*[2#210]"),
    ("*[[*[4] + *[2]]]", "*[4[2#]]"),       # the game whose only option is *4 + *2 = 4[2]
    ("*[2]", "*[2]"),                       # the heap *2
    ("*[[2]]", "*[2#]"),                    # an extra pair of brackets: the single option *2
    ("*[[[2]]]", "*[2##]"),
    ("*[0,1]", "*[2]"),                     # {0,*} = *2
    ("*[42]", "*[&42;]"),                   # the heap *42, not the printed form of {*4,*2}
    ("*[0]", "*[0]"),
    ("*[[0]]", "*[1]"),                     # {0} = *
    ("*[[1]]", "*[0]"),                     # {*} = 0 in misère play (ONAG ch. 12: its grandchild 0 equals it)
    ("*[*[1]]", "*[1]"),                    # a misère game as the single element: itself
    ("*[[*[2#]]]", "*[2##]"),
    ("*[*[2],*[3]]", "*[32]"),
    ("*[ ]", "*[0]"),
    # printed forms that are not entry notation read back
    ("*[(42)31]", "*[(42)31]"),
    ("*[2#]", "*[2#]"),
    ("*[2[#1]]", "*[2[#1]]"),
    ("*[4[2#]]", "*[4[2#]]"),
    ("*[2[3]]", "*[2[3]]"),
    ("*[&12;]", "*[&12;]"),
    ("*[]", "*[0]"),
]


@pytest.mark.parametrize("source, printed", [pytest.param(*row, id=row[0]) for row in LITERALS])
def test_literals(source, printed):
    assert run(source) == printed
    assert reads_back(printed)


def test_entry_notation_with_variables_and_expressions():
    assert run("k := 3; *[[k, 2]]") == "*[32]"            # {*3, *2}
    assert run("k := 3; *[k]") == "*[3]"
    assert run("L := [4, 2]; *[L] == *[4,2]") == "true"
    assert run("*[[*[4] + *[2]]] == *[[*[4[2]]]]") == "true"


def test_entry_and_printed_forms_of_a_digit_string_differ():
    # CGSuite prints {*4, *2} as *[42], which as entry notation is the heap *42: the entry reading wins.
    assert run("*[42] == *[4,2]") == "false"
    assert run("*[42].IsNimHeap") == "true"
    assert run("*[2] == (*2).MisereCanonicalForm") == "true"
    assert str(cgt.parse_misere("*[42]")) == "*[42]"       # Python's reader takes the printed form


# ------------------------------------------------------------------ values with a slow reference
NIM_SUMS = [(1,), (2,), (1, 1), (2, 2), (1, 1, 1), (2, 3), (1, 2, 3), (3, 3, 1), (4, 5, 1), (2, 2, 2)]


@pytest.mark.parametrize("heaps", [pytest.param(h, id="+".join(map(str, h))) for h in NIM_SUMS])
def test_misere_nim_outcome_follows_bouton(heaps):
    # Bouton (1902), misère Nim: P iff (every heap <= 1 and the count of 1s is odd) or (some heap >= 2 and
    # the nim sum is 0); also checked by the plain recursion.
    xor = 0
    for h in heaps:
        xor ^= h
    bouton = (xor == 1 and max(heaps) <= 1) or (max(heaps) >= 2 and xor == 0)
    expected = "P" if bouton else "N"
    assert misere_outcome("nim", heaps) == expected
    assert run(f"({nim_text(heaps)}).MisereOutcomeClass") == expected


GENERA = [
    # genus of *2+*2 is the fickle 0^02, of *2+*2+* the firm 1^13 (Winning Ways ch. 13); CGSuite stops a
    # tame superscript after γ0 (0^0, 1^1) and prints a nim heap's genus as g alone
    (nim_text((2, 2)), "0^0", ("nim", (2, 2))),
    (nim_text((1, 1, 1)), "1", ("nim", (1, 1, 1))),
    (nim_text((2, 3)), "1^1", ("nim", (2, 3))),  # not a nim heap in misère play: γ0 = 1, γ1 = 3
    (nim_text((2, 2, 1)), "1^1", ("nim", (2, 2, 1))),
]


@pytest.mark.parametrize("source, printed, reference", [pytest.param(*row, id=row[0]) for row in GENERA])
def test_genus_of_nim_positions(source, printed, reference):
    rule, heaps = reference
    assert run(f"({source}).Genus") == printed
    text = genus_text(rule, heaps)
    assert text == printed or text.split("^")[0] == printed      # a nim heap prints g alone


@pytest.mark.parametrize("n", range(1, 9))
def test_kayles_misere_forms_in_the_shell(n):
    # Genus from the plain recursion over Kayles' rules; the shell's form must have it, and must equal the
    # form of the same position built in Python from plain options (cgt.misere_canonical_form_of).
    form = run(f"game.heap.Kayles({n}).MisereCanonicalForm")
    genus = run(f"game.heap.Kayles({n}).Genus")
    assert run(f"({entry(cgt.parse_misere(form))}).Genus") == genus
    reference = genus_text("kayles", (n,))
    assert genus in (reference, reference.split("^")[0])
    options = lambda hs: [tuple(sorted(hs[:i] + o + hs[i + 1:])) for i, k in enumerate(hs)   # noqa: E731
                          for o in _kayles_moves(k)]
    assert form == str(cgt.misere_canonical_form_of((n,), options))
    assert run(f"game.heap.Kayles({n}).MisereOutcomeClass") == misere_outcome("kayles", (n,))
    assert run(f"({entry(cgt.parse_misere(form))}).MisereOutcomeClass") == misere_outcome("kayles", (n,))


def test_kayles_9_and_sums_of_positions():
    assert run("game.heap.Kayles(9).MisereCanonicalForm == (Kayles(9).MisereCanonicalForm)") == "true"
    total = run("Kayles(3).MisereCanonicalForm + Kayles(4).MisereCanonicalForm")
    assert run(f"({entry(cgt.parse_misere(total))}).MisereOutcomeClass") == misere_outcome("kayles", (3, 4))


MEMBERS = [
    # Library values (cgt.misere.game), each cross-checked below by the definition it implements.
    (f"({h(2)}+{h(2)}).Mate", "*[32]"),
    ("*[].Mate", "*[1]"),                               # the mate of 0 is * (ONAG ch. 12)
    (f"({h(2)}+{h(2)}).MisereMinus({h(2)})", "*[2]"),
    (f"({h(2)}+{h(2)}).Distinguisher(*[])", "*[0]"),
    (f"{h(2)}.IsLinkedTo({h(2)})", "true"),
    (f"{h(3)}.IsNimHeap", "true"),
    ("*[2#].IsNimHeap", "false"),
    ("*[3,2].IsTame", "true"),
    ("*[[2],1].IsTame", "false"),
    # Conway's classes (cgt.misere.phylum, checked against a slow reference in tests/misere/test_phylum.py):
    # {{*2},*} has g+ = 2, g- = 1 (restless); {{*2},0} has g+ = 1, g- = 2 (restive)
    ("*[[2],1].IsRestless", "true"),
    ("*[[2],0].IsRestive", "true"),
    ("*[[2],0].IsGenerallyRestive", "true"),
    ("(*[[2],0] + *[1]).IsRestive", "false"),
    ("(*[[2],0] + *[1]).IsGenerallyRestive", "true"),
    ("*[[2],0].IsHalfTame", "true"),
    ("*[[[[2],1]]].IsGenerallyTame", "true"),          # {{{*2},*}}: its option reverses through {*2}
    ("*[[[[2],1]]].IsTame", "false"),
    ("*[[[[2],1]]].IsTameable", "true"),
    ("*[0,1,[[2],0]].IsTameable", "false"),             # g+ = 2, g- = 3: wild
    ("*[2].IsExtraverted", "true"),
    ("*[4].IsExtraverted", "false"),              # *2 is an option of *4 but not a part of it
    ("*[1].IsIntroverted", "true"),
    ("*[[2]].IsIntroverted", "false"),
    ("[*[n].IsEven for n from 0 to 3]", "[true,false,true,false]"),
    ("[*[[2]].IsEven, (*[[2]] + *[1]).IsEven]", "[true,false]"),
    (f"{h(2)}.IsPrime", "true"),
    (f"{h(3)}.MisereNimValue", "3"),
    ("*[].MisereNimValue", "1"),
    ("*[2#].NimValue", "0"),
    ("*[2#].Birthday", "3"),
    ("*[4,2].Options", "[*[4],*[2]]"),
    ("*2.MisereCanonicalForm", "*[2]"),
    ("*2.Genus", "2"),
    ("{1|-1}.MisereOutcomeClass", "P"),                # whoever moves reaches ±1 and then must move, and wins
    ("0.MisereOutcomeClass", "N"),                     # the player to move cannot move, and wins
    ("1.MisereOutcomeClass", "R"),
]


@pytest.mark.parametrize("source, printed", [pytest.param(*row, id=row[0]) for row in MEMBERS])
def test_members(source, printed):
    assert run(source) == printed


def test_distinguisher_distinguishes_and_link_links():
    for g, k in ((nim_text((2, 2)), "*[]"), ("*[2#]", h(2)), (h(3), h(1))):
        x = run(f"({g}).Distinguisher({k})")
        x = entry(cgt.parse_misere(x))
        assert run(f"({g} + {x}).MisereOutcomeClass") != run(f"({k} + {x}).MisereOutcomeClass")
    for g, k in ((h(2), h(2)), ("*[]", nim_text((2, 2)))):
        if run(f"({g}).IsLinkedTo({k})") == "true":
            t = entry(cgt.parse_misere(run(f"({g}).Link({k})")))
            assert run(f"({g} + {t}).MisereOutcomeClass") == "P"
            assert run(f"({k} + {t}).MisereOutcomeClass") == "P"


def test_day_n():
    # Conway's counts of misère games born by day n: 1, 2, 3, 5, 22 (ONAG ch. 12)
    assert [run(f"MisereCanonicalGame.DayN({n}).Length") for n in range(5)] == ["1", "2", "3", "5", "22"]
    assert run("game.misere.MisereCanonicalGame.DayN(3)") == "[*[0],*[1],*[2],*[3],*[2#]]"
    with pytest.raises(ShellError, match="maxGames"):
        run("MisereCanonicalGame.DayN(4, 10)")
    with pytest.raises(ShellError, match="4171780"):
        run("MisereCanonicalGame.DayN(5)")


ERRORS = [
    ("*[2] + 1", "a misère game only adds to misère games"),
    ("*[2] + *", "a misère game only adds to misère games"),
    ("*[2] < *[3]", "misère games only compare with == and !="),
    ("-*[2]", "misère games have no negatives"),
    ("*[-1]", "must be non-negative"),
    ("*[0[-2]]", "is not a part of"),
    ("*[-1, 2]", "must be non-negative"),
    ("*[1/2]", "cannot be an option of a misère game"),
    ("*[4,2].Link(3)", "needs a misère game"),
    ("{1|-1}.MisereCanonicalForm", "not impartial"),
    ("game.grid.Domineering.Position(\"..\").MisereCanonicalForm", "impartial"),
    ("*[4", None),
    ("*[&5000;]", "misère nim heaps are limited to 1000"),   # building *n costs ~n²/2: refused, not slow
    ("*[5000, 1]", "misère nim heaps are limited to 1000"),
]


@pytest.mark.parametrize("source, message", [pytest.param(*row, id=row[0]) for row in ERRORS])
def test_errors(source, message):
    with pytest.raises(ShellError) as info:
        run(source)
    assert "\n" not in str(info.value)
    if message is not None:
        assert message in str(info.value)


# ------------------------------------------------------------------ properties
heaps = st.lists(st.integers(0, 3), min_size=1, max_size=2)


@settings(max_examples=30, deadline=None)
@given(heaps, heaps)
def test_sum_commutes_reads_back_and_has_the_searched_outcome(a, b):
    g, k = nim_text(a), nim_text(b)
    left, right = run(f"{g} + {k}"), run(f"{k} + {g}")
    assert left == right
    assert reads_back(left)
    assert run(f"{entry(cgt.parse_misere(left))} == ({g}) + ({k})") == "true"
    assert run(f"{entry(cgt.parse_misere(left))}.MisereOutcomeClass") == misere_outcome("nim", tuple(x for x in a + b if x))


days = st.sampled_from(cgt.born_by_misere(3))


@settings(max_examples=30, deadline=None)
@given(st.lists(days, min_size=1, max_size=3), st.lists(days, max_size=3))
def test_entry_form_of_day_3_games_reads_back(options, more):
    text = "*[" + ",".join(entry(x) for x in options + more) + "]"
    printed = run(text)
    assert reads_back(printed)
    assert printed == str(cgt.misere_entry(*(options + more)))


def test_tame_games_outcome_follows_genus():
    # A tame game is P in misère play iff its genus is 0^... with γ0 = 0 (Winning Ways ch. 13): checked
    # over every game born by day 3 and their pairwise sums.
    games = [entry(g) for g in cgt.born_by_misere(3)]
    for x in games:
        for y in games:
            s = entry(cgt.parse_misere(run(f"{x} + {y}")))
            if run(f"{s}.IsTame") == "true":
                genus = cgt.parse_misere(run(s)).genus
                assert (run(f"{s}.MisereOutcomeClass") == "P") == (genus.gamma(0) == 0)


MISERE_WORDS = ["*[2]", "*[4,2]", "*[[2]]", "*[2#]", "*[]", "*2", "Kayles(4)", "3", "omega", "[1]", "\"s\"",
                "*[(42)31]", "{1|0}", "*[*[2]]"]
MISERE_OPS = ["+", "-", "==", "!=", "<", " Link ", " IsLinkedTo ", " Distinguisher ", " MisereMinus ", "*"]
MISERE_METHODS = [".Genus", ".Mate", ".Parts", ".Partitions", ".MisereCanonicalForm", ".MisereOutcomeClass",
                  ".IsTame", ".IsPrime", ".Birthday", ".Options", ""]


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(MISERE_WORDS), st.sampled_from(MISERE_OPS), st.sampled_from(MISERE_WORDS),
       st.sampled_from(MISERE_METHODS))
def test_misere_fuzz_gives_a_value_or_a_shell_error(a, op, b, method):
    try:
        run(f"({a}{op}{b}){method}", limits=STRICT)
    except ShellError:
        pass
