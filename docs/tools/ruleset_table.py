"""Write docs/ruleset-table.md: every catalogued ruleset with its names, kind, position syntax and an example.

    python docs/tools/ruleset_table.py            # rewrite docs/ruleset-table.md
    python docs/tools/ruleset_table.py --check    # fail if docs/ruleset-table.md is out of date

The catalogue (``cgt.games.engine.catalogue``) gives the rulesets, their Python and shell names and
whether each is a ruleset or a family; a family's parameters come from its signature, a board's
characters from its ``char_map`` and a graph's tokens from its label maps.  What those characters,
tokens and numbers *mean* cannot be read off the code, so :data:`ROWS` says it, one row per ruleset,
with an example; the examples run in the shell (in Python for the rulesets the shell does not offer) and
the page shows what they print.  A catalogued ruleset without a row, a row without a ruleset, a board
character or graph token without a meaning, or a member expression that does not build the ruleset is a
:class:`StaleTable` error (``tests/test_ruleset_table.py`` checks all of it, and that the page is current).
"""

from __future__ import annotations

import argparse
import inspect
import pathlib
import sys
from dataclasses import dataclass, field

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "ruleset-table.md"


class StaleTable(Exception):
    """The rows of this tool disagree with the catalogue (a ruleset without a row, an unexplained token...)."""


@dataclass(frozen=True)
class Row:
    """What the generator cannot derive about one ruleset.

    ``example``: a shell expression (a Python one for a ruleset without a shell name) whose printed value
    the page shows; keep it well under a second.  ``position``: what a position is, in words (the numbers
    and arguments; markdown).  ``tokens``: the meaning of each character of a board's ``char_map`` or each
    label token of a graph.  ``member``: for a ruleset that is a member of a family, a shell expression
    building it from the family (checked: it must evaluate to an equal ruleset).
    """

    example: str
    position: str = ""
    tokens: dict = field(default_factory=dict)
    member: str | None = None


_STONES = {".": "empty", "x": "Left's (black) stone", "o": "Right's (white) stone"}
_INERT = {"#": "an inert cell (nothing moves onto or through it)"}
_EMPTY_FULL = {".": "empty", "#": "occupied"}
_HACKENBUSH = {"l": "blue edge (Left's)", "r": "red edge (Right's)", "e": "green edge (either's)"}
_COL = {"L": "tinted by Left", "R": "tinted by Right"}
_COL_POSITION = "an untinted vertex is `.` (or nothing)"
_TOADS = {".": "empty", "t": "toad (Left's, moves right)", "f": "frog (Right's, moves left)"}
_GEESE = {".": "any other square", "x": "goose (Left's)", "o": "fox (Right's)"}
_FOX_BOARD = ("8 columns, top row first, only the squares with row + column even are used; "
              "or `(geese, fox)` in 1-based `(row, col)`, row 1 at the bottom")
_HEAPS = "heap sizes, one argument per heap"
_PAIR = "two heaps: `(a, b)`, or `a, b` as two arguments"
_CAKES = ("cakes `(m, n)`, one argument per cake (a sum of cakes)")
_MEMORY = "`(n, k)`: `n` tokens left, `k` taken by the previous move"
_VARIANT = "the base ruleset's positions, written as for the base"

#: One row per catalogued ruleset, by its Python name (the catalogue's name).
ROWS: dict[str, Row] = {
    # -- heaps, pairs and numbers ---------------------------------------------------------------------
    "BoardCutting": Row("BoardCutting(4, 5).NimValue",
                        "side lengths: `BoardCutting(4, 5)` is the 4 × 5 board, `BoardCutting(5)` one side alone"),
    "FunctionalCoordinateRuleset": Row(
        "game.heap.CoordinateRuleset((a, b) -> [(c, b) for c from 0 to a - 1])((2, 3)).NimValue",
        "a pair `(a, b)`, or several (a sum); `fn` is a procedure `(a, b) -> options`, each option a pair "
        "or a list of pairs (their sum)"),
    "JoinedHeapRuleset": Row("JoinedHeapRuleset(Subtraction([1]), Subtraction([3]))(5).grundy",
                             _HEAPS + "; a heap moves by either ruleset (made by `R.Join(S)`)"),
    "AcrosticProduct": Row("AcrosticProduct(Nim, Kayles)((2, 3)).grundy",
                           "a pair `(m, n)`, or several (a sum); a move plays the first ruleset on `m` or the "
                           "second on `n` (made by `R.AcrosticProduct(S)`)"),
    "DirectProduct": Row("DirectProduct(Nim, Nim)((2, 3)).grundy",
                         "a pair `(m, n)`, or several (a sum); a move takes `m` to `m'` and `n` to `n'` at once "
                         "and leaves `(m', n) + (m, n') + (m', n')`, the Tartan product (made by "
                         "`R.DirectProduct(S)`)"),
    "GenCutcake": Row("game.heap.GenCutcake(game.heap.Nim, game.heap.Nim)((2, 3)).CanonicalForm",
                      _CAKES + ": Left plays `leftRuleset` on the heap `n`, Right `rightRuleset` on `m`; "
                      "`twisted => true` swaps the sides before each move"),
    "Cutcake": Row("game.heap.Cutcake((2, 4)).CanonicalForm",
                   _CAKES + ": Left cuts the side `n` in two, Right the side `m`",
                   member='game.heap.GenCutcake(game.heap.TakeAndBreak("4.0"), game.heap.TakeAndBreak("4.0"))'),
    "Eatcake": Row("game.heap.Eatcake((2, 3)).CanonicalForm",
                   _CAKES + ": Left eats one slice of the side `n` (possibly leaving two cakes), Right one of "
                   "`m`",
                   member='game.heap.GenCutcake(game.heap.TakeAndBreak("0.7"), game.heap.TakeAndBreak("0.7"))'),
    "MaundyCake": Row("game.heap.MaundyCake((2, 6)).CanonicalForm",
                      _CAKES + ": Left cuts the side `n` into two or more equal parts, Right the side `m`"),
    "TurnAndEatcake": Row("game.heap.TurnAndEatcake((2, 3)).CanonicalForm",
                          _CAKES + ": Eatcake with the cake turned (its sides swapped) before each move"),
    "Daisy": Row("Daisy(7, 2).NimValue",
                 "`Daisy(n, M)`: a circle of `n` petals, a move takes 1 to `M` adjacent ones; after the first "
                 "move it prints as rows, `rows 5 max 2`"),
    "DeBruijn": Row("DeBruijn({4, 5, 6}).NimValue",
                    "`DeBruijn(n)`: the numbers 1 to `n`; or the set of numbers left, `DeBruijn({4, 5, 6})`"),
    "December31": Row('December31("a")((1, 1)).OutcomeClass',
                      "a date `(month, day)`: `(1, 1)` is 1 January; `variant` `\"a\"` or `\"b\"` and `leap` "
                      "choose the rules"),
    "Frogs": Row("Frogs(10, 3).NimValue", "`Frogs(n, k)`: the frogs are `n` apart and leap 1 to `k`"),
    "FunctionalHeapRuleset": Row("game.heap.HeapRuleset(n -> [[k] for k from 0 to n - 1])(5).NimValue",
                                 _HEAPS + "; `fn` is a procedure `n -> options`, each option a list of heap sizes "
                                 "(their sum; `[]` is 0)"),
    "GrundysGame": Row("game.heap.GrundysGame(5, 7).NimValue",
                       _HEAPS + "; a move splits a heap into two unequal heaps",
                       member='game.heap.TakeAndBreak("4!.0")'),
    "InvariantRuleset": Row("InvariantRuleset([(1, 0), (0, 1), (2, 2)])((2, 3)).grundy",
                            "two heaps `(a, b)`; `moves` is a list of `(k, l)`, take `k` from the first heap and "
                            "`l` from the second, or a predicate on `(k, l)`"),
    "MWythoff": Row("MWythoff(2)((2, 2)).grundy",
                    "two heaps `(a, b)`; Nim moves, or `k > 0` from one and `l > 0` from the other with "
                    "`|k - l| < m`"),
    "SMWythoff": Row("SMWythoff(2, 1)((1, 2)).grundy",
                     "two heaps `(a, b)`; Nim moves, or `0 < k <= l < s k + m` (either heap first)"),
    "RWythoff": Row("RWythoff((3, 5)).grundy", "two heaps `(a, b)` (Ho's restriction of Wythoff)"),
    "EWythoff": Row("EWythoff((3, 5)).grundy", "two heaps `(a, b)` (Ho's extension of Wythoff)"),
    "Base2Wythoff": Row("Base2Wythoff((2, 4)).grundy", "two heaps `(a, b)`"),
    "Kayles": Row("game.heap.Kayles(3, 4).NimValue", "rows of pins, one argument per row",
                  member='game.heap.TakeAndBreak("0.77")'),
    "DawsonsKayles": Row("game.heap.DawsonsKayles(20).NimValue", "rows of pins, one argument per row",
                         member='game.heap.TakeAndBreak("0.07")'),
    "DawsonsChess": Row("DawsonsChess(5).NimValue",
                        _HEAPS + "; a heap of `n` is Dawson's chess on a 3 × `n` board",
                        member='game.heap.TakeAndBreak("0.137")'),
    "GenMem": Row("game.heap.GenMem((k, a) -> a >= k)((5, 2)).NimValue",
                  _MEMORY + "; `fn` is a procedure `(k, a) -> true or false`: may `a` tokens follow `k`"),
    "Mem": Row("game.heap.Mem((5, 2)).NimValue", _MEMORY + "; take at least `k`"),
    "TakeAway": Row("game.heap.TakeAway(2)((10, 3)).NimValue",
                    _MEMORY + "; take at most `limit` × `k` (or `limit(k)` for a procedure)"),
    "FibonacciNim": Row("game.heap.FibonacciNim((10, 3)).NimValue",
                        _MEMORY + "; take at most `2k` (with `k = 0` nobody can move)",
                        member="game.heap.TakeAway(2)"),
    "Multiples": Row("Multiples(3, 5).OutcomeClass",
                     "two heaps `Multiples(A, B)`; take a positive multiple of `A` or of `B` from one heap"),
    "Nim": Row("game.heap.Nim(1, 3, 5).CanonicalForm", _HEAPS),
    "PartizanCoordinateRuleset": Row(
        "game.heap.PartizanCoordinateRuleset(game.heap.CoordinateRuleset((a, b) -> [(c, b) for c from 0 to a - 1]), "
        "game.heap.CoordinateRuleset((a, b) -> [(a, c) for c from 0 to b - 1]))((2, 3)).CanonicalForm",
        "a pair `(a, b)`, or several; Left moves by `leftRuleset`, Right by `rightRuleset` (coordinate "
        "rulesets)"),
    "PartizanEuclid": Row("game.heap.PartizanEuclid((2, 3)).CanonicalForm",
                          "a pair `(p, q)`: Left moves to `(q, p mod q)`, Right to `(q, q - p mod q)`"),
    "PartizanHeapRuleset": Row(
        "game.heap.PartizanHeapRuleset(game.heap.Subtraction([1]), game.heap.Subtraction([2]))(3).CanonicalForm",
        _HEAPS + "; Left moves by `leftRuleset`, Right by `rightRuleset` (heap rulesets)"),
    "PartizanSubtraction": Row("game.heap.PartizanSubtraction([1], [2])(3).CanonicalForm",
                               _HEAPS + "; Left subtracts a number of `leftSet`, Right of `rightSet`"),
    "PartizanSplittles": Row("game.heap.PartizanSplittles([1], [2])(3).CanonicalForm",
                             _HEAPS + "; as PartizanSubtraction, and the rest may be left as two heaps"),
    "PartizanTakeAndBreak": Row('game.heap.PartizanTakeAndBreak("0.7", "0.07")(4).CanonicalForm',
                                _HEAPS + "; Left moves by the code `leftCode`, Right by `rightCode`"),
    "SnakesAndLadders": Row("SnakesAndLadders()(21).NimValue",
                            "the counter's square, 1 to `size`; `ladders` and `snakes` are maps "
                            "`{foot => top}`, `{head => tail}`"),
    "Subtraction": Row("game.heap.Subtraction([1, 3, 4])(10).NimValue",
                       _HEAPS + "; a move subtracts a number of `subtractionSet` (or, `allbut => true`, any "
                       "number not in it)"),
    "TakeAndBreak": Row('game.heap.TakeAndBreak("0.77")(8).NimValue',
                        _HEAPS + "; `code` is an octal or hexadecimal code such as `\"0.77\"` (Kayles)"),
    "Splittles": Row("game.heap.Splittles([1, 2])(5).NimValue",
                     _HEAPS + "; subtract a number of `subtset` and leave the rest as at most two heaps"),
    "Spawning": Row('game.heap.Spawning("1-3")(5).NimValue',
                    _HEAPS + "; a heap of `n` is a coin showing heads at place `n` of `Turning(code)`"),
    "TwoHeapSubtraction": Row("TwoHeapSubtraction([1, 2], [1, 5])(7, 11).NimValue",
                              "heap sizes in order, one per subtraction set"),
    "GenWythoff": Row("game.heap.GenWythoff(k -> k + 2)(1, 3).NimValue",
                      _PAIR + "; also take `k` from one heap and `l` from the other, `0 < k <= l < bound(k)`"),
    "Wythoff": Row("game.heap.Wythoff(3, 5).NimValue", _PAIR),
    # -- boards ---------------------------------------------------------------------------------------
    "Amazons": Row('game.grid.Amazons("x..|..o").CanonicalForm', tokens={
        ".": "empty", "x": "Left's amazon", "o": "Right's amazon", "#": "burnt square"}),
    "BoardColouring": Row('BoardColouring(3)("BB.|BB.|...")',
                          "an `n` × `n` board, rows joined by `|`: `.` uncoloured, `B` blue (Benny's 2 × 2 "
                          "squares), `R` red (Rebecca's cells); scored, not normal play: solve it with "
                          "`cgt.solve` in Python"),
    "GenClobber": Row('game.grid.GenClobber(maxDistance => 2)("x.o").CanonicalForm', tokens=_STONES | _INERT),
    "Clobber": Row('game.grid.Clobber("xxo").CanonicalForm', tokens=_STONES, member="game.grid.GenClobber()"),
    "AntiClobber": Row('game.grid.AntiClobber("x.o").CanonicalForm', tokens=_STONES | _INERT),
    "HotClobber": Row('game.grid.HotClobber("xxo").CanonicalForm', tokens=_STONES),
    "Kings": Row('game.grid.Kings("xo|ox").CanonicalForm', tokens=_STONES),
    "Knights": Row('game.grid.Knights("x..|..o").CanonicalForm', tokens=_STONES),
    "Rooks": Row('game.grid.Rooks("x.o").CanonicalForm', tokens=_STONES),
    "Queens": Row('game.grid.Queens("x.|.o").CanonicalForm', tokens=_STONES),
    "Cram": Row('game.grid.Cram("...|...").NimValue', tokens=_EMPTY_FULL),
    "Domineering": Row('game.grid.Domineering("..|..").CanonicalForm',
                       "Left places vertical dominoes, Right horizontal ones", tokens=_EMPTY_FULL),
    "Fission": Row('game.grid.Fission("...|.x.|...").CanonicalForm',
                   "Left splits a stone up and down, Right sideways",
                   tokens={".": "empty", "x": "stone", "#": "blocked square"}),
    "GenFoxAndGeese": Row('game.grid.GenFoxAndGeese(4)("x.x.|....|o...").GameValue',
                          "`boardWidth` columns, top row first, only the squares with row + column even are "
                          "used; or `(geese, fox)` in 1-based `(row, col)`, row 1 at the bottom", tokens=_GEESE),
    "FoxAndGeese": Row('game.grid.FoxAndGeese("x.x.....|........|o.......").GameValue', _FOX_BOARD,
                       tokens=_GEESE, member="game.grid.GenFoxAndGeese()"),
    "CeyloneseFoxAndGeese": Row('game.grid.CeyloneseFoxAndGeese("x.x.....|........|..o.....").GameValue',
                                _FOX_BOARD + "; the fox moves up to two squares", tokens=_GEESE,
                                member="game.grid.GenFoxAndGeese(foxRange => 2)"),
    "Konane": Row('game.grid.Konane("xoxo.").CanonicalForm', tokens={
        ".": "empty", "x": "Left's (black) stone", "o": "Right's (white) stone", "#": "not part of the board"}),
    # -- strips ---------------------------------------------------------------------------------------
    "GenToadsAndFrogs": Row('game.strip.GenToadsAndFrogs(maxSlide => 2)("t..f").CanonicalForm', tokens=_TOADS),
    "ToadsAndFrogs": Row('game.strip.ToadsAndFrogs("tt.f").CanonicalForm', tokens=_TOADS,
                         member="game.strip.GenToadsAndFrogs()"),
    "ElephantsAndRhinos": Row('game.strip.ElephantsAndRhinos("t..f").CanonicalForm', "no jumps", tokens=_TOADS,
                              member="game.strip.GenToadsAndFrogs(maxJump => 0)"),
    "BackslidingToadsAndFrogs": Row('game.strip.BackslidingToadsAndFrogs("ff..tt").GameValue',
                                    "units may also step back one cell", tokens=_TOADS,
                                    member="game.strip.GenToadsAndFrogs(minSlide => -1)"),
    "TopplingDominoes": Row('game.strip.TopplingDominoes("llr").CanonicalForm', tokens={
        ".": "empty", "l": "blue domino (Left's)", "r": "red domino (Right's)", "e": "green domino (either's)"}),
    "Turning": Row('game.strip.Turning("1-3")("htthh").NimValue', "coins numbered 1, 2, ... from the left",
                   tokens={"t": "tails", "h": "heads"}),
    # -- graphs ---------------------------------------------------------------------------------------
    "GenArcKayles": Row('game.graph.GenArcKayles(true)("1-2-1").NimValue',
                        "no labels; with `weighted => true` each vertex is labelled by its weight, a "
                        "non-negative integer (`{10}` for more than one digit)"),
    "ArcKayles": Row('game.graph.ArcKayles("---").NimValue', "no labels",
                     member="game.graph.GenArcKayles()"),
    "WeightedArcKayles": Row('game.graph.WeightedArcKayles("1-{10}-2").NimValue',
                             "each vertex is labelled by its weight, a non-negative integer (`{10}` for more "
                             "than one digit)", member="game.graph.GenArcKayles(true)"),
    "PartizanArcKayles": Row('game.graph.PartizanArcKayles("lr").CanonicalForm', tokens=_HACKENBUSH),
    "GenCol": Row('game.graph.GenCol([Nothing, Right], [Nothing, Left])("L-.").CanonicalForm',
                  _COL_POSITION + "; `leftPermitted`, `rightPermitted`: lists of the tints (`Nothing`, `Left`, "
                  "`Right`) a player may colour", tokens=_COL),
    "Col": Row('game.graph.Col("L-.-.").CanonicalForm', _COL_POSITION, tokens=_COL,
               member="game.graph.GenCol([Nothing, Right], [Nothing, Left])"),
    "Snort": Row('game.graph.Snort("-").CanonicalForm', _COL_POSITION, tokens=_COL,
                 member="game.graph.GenCol([Nothing, Left], [Nothing, Right])"),
    "Fjords": Row('game.graph.Fjords("L-.-R").CanonicalForm', _COL_POSITION, tokens=_COL,
                  member="game.graph.GenCol([Left], [Right])"),
    "GenHackenbush": Row('game.graph.GenHackenbush([Color.Blue])("lr").CanonicalForm',
                         "the first vertex written is the ground; `childishEdges`: a list of colours "
                         "(`Color.Blue`, `Color.Red`, `Color.Green`)", tokens=_HACKENBUSH),
    "Hackenbush": Row('game.graph.Hackenbush("lrr").CanonicalForm', "the first vertex written is the ground",
                      tokens=_HACKENBUSH, member="game.graph.GenHackenbush()"),
    "ChildishHackenbush": Row('game.graph.ChildishHackenbush("lr").CanonicalForm',
                              "the first vertex written is the ground", tokens=_HACKENBUSH,
                              member="game.graph.GenHackenbush([Color.Blue, Color.Red])"),
    # -- variants -------------------------------------------------------------------------------------
    "ImpartialVariantRuleset": Row(
        'game.variant.ImpartialVariantRuleset(game.grid.Domineering)("..").CanonicalForm', _VARIANT),
    "DicoticVariantRuleset": Row(
        'game.variant.DicoticVariantRuleset(game.grid.Domineering)("..|..").CanonicalForm', _VARIANT),
    "TwistedVariantRuleset": Row(
        'game.variant.TwistedVariantRuleset(game.grid.Domineering)("..").CanonicalForm', _VARIANT),
}

#: Section titles, by the package that holds the module (``cgt.games.heap.kayles`` -> ``heap``).
SECTIONS = {
    "heap": "Heaps, pairs and numbers",
    "grid": "Boards",
    "strip": "Strips",
    "graph": "Graphs",
    "engine": "Variants of any ruleset",
}

INTRO = """\
# Rulesets and their positions

<!-- Generated by docs/tools/ruleset_table.py from the ruleset catalogue; do not edit by hand.
     Run `python docs/tools/ruleset_table.py` after changing a ruleset. -->

Every ruleset the library ships, with the name to use in the shell and in Python, what its positions
look like, and one example with the value the shell prints for it.  How rulesets, families and
positions work is in [rulesets.md](rulesets.md); the shell's language is in [shell.md](shell.md), and
`help(Name)` in the shell shows a ruleset's rules.

How to read the columns:

- **Shell** is the dotted name (`game.heap.Kayles`) and, where it is unambiguous, the short alias
  (`Kayles`).  A ruleset marked *Python only* is not offered by the shell.
- **Python** is the name in `cgt.games` (`from cgt.games import Kayles`).
- **Kind**: a *ruleset* is called with a position, `game.heap.Kayles(3, 4)`; a *family* is called with
  its parameters and gives a ruleset, `game.heap.Subtraction([1, 3, 4])(10)`.  A family's parameters are
  listed as its usage line in the shell shows them (`name => default` is optional; keyword arguments
  may also be written in CGSuite's camel case, `maxDistance => 2`).  A ruleset that is a family's member
  shows the expression that builds it.
- **Position**: what to pass.  **Boards** are strings with rows joined by `|`, the top row first
  (`"x..|..o"` is two rows of three); **strips** are one row.  **Graphs** are strings: `-` an edge (or an
  edge label such as `l`), a vertex is written only when it has a label, `(…;…)` branches from the last
  vertex, `:A` names a vertex so that it can be met again (`":A----:A"` is a 4-cycle), `;` starts a new
  component, `{…}` holds a label longer than one character.  **Heaps** are numbers, one argument each;
  pairs `(a, b)` are coordinates.
- **Example** runs in the shell (`cgt -c 'EXPR'`, or `cgt.shell.run("EXPR")` from Python) and
  **prints** what it prints; for a *Python only* ruleset the example is a Python expression and its
  `str`.
"""


# -- reading the catalogue ----------------------------------------------------------------------------
def library_entries() -> list:
    """The catalogue's own rulesets (those added with ``register`` are left out), in catalogue order."""
    from cgt.games.engine import catalogue

    return [e for e in catalogue.entries() if catalogue.library_name(e.load()) == e.name]


def problems() -> list[str]:
    """Why the rows and the catalogue disagree (empty when they agree)."""
    entries = library_entries()
    names = [e.name for e in entries]
    found = [f"{name}: catalogued, but docs/tools/ruleset_table.py has no row for it (add one to ROWS)"
             for name in names if name not in ROWS]
    found += [f"{name}: a row in docs/tools/ruleset_table.py, but no catalogued ruleset has that name"
              for name in ROWS if name not in names]
    for entry in entries:
        row = ROWS.get(entry.name)
        if row is None:
            continue
        obj = entry.load()
        declared = set(_tokens(obj))
        if isinstance(obj, type):                      # a family: its class knows only some of its tokens
            missing, extra = declared - set(row.tokens), set()
        else:
            missing, extra = declared - set(row.tokens), set(row.tokens) - declared
        if missing:
            found.append(f"{entry.name}: position tokens {sorted(missing)} have no meaning in its row")
        if extra:
            found.append(f"{entry.name}: its row explains {sorted(extra)}, which its positions do not use")
        if not row.tokens and not row.position:
            found.append(f"{entry.name}: its row says nothing about positions")
        if row.member is not None and _evaluate(row.member) != obj:
            found.append(f"{entry.name}: its member expression {row.member} does not build it")
        if not _names_it(row.example, entry):
            found.append(f"{entry.name}: its example must be a "
                         f"{'Python' if entry.shell_name is None else 'shell'} expression starting with its name")
    return found


def _tokens(obj) -> list[str]:
    """The characters of a board's char map, or the label tokens of a graph's maps (not the empty one)."""
    char_map = getattr(obj, "char_map", None)
    if isinstance(char_map, str):
        return list(char_map)
    tokens = []
    for attribute in ("edge_labels", "vertex_labels"):
        labels = getattr(obj, attribute, None)
        if isinstance(labels, dict):
            tokens += [token for token in labels if token]
    return tokens


def _names_it(example: str, entry) -> bool:
    """Whether ``example`` starts by calling the ruleset: by its shell name (or the last part of it), or by its
    Python name when the shell does not offer it."""
    if entry.shell_name is None:
        return example.startswith(entry.name + "(")
    return example.startswith((entry.shell_name + "(", entry.shell_name.rsplit(".", 1)[-1] + "("))


_SESSION = None


def _evaluate(source: str):
    """The value of a shell expression (one session for all, so the shell starts once)."""
    global _SESSION
    from cgt.shell.session import Session

    if _SESSION is None:
        _SESSION = Session()
    value, _ = _SESSION.evaluate(source)
    return value


def printed(example: str, entry) -> str:
    """What the example prints: the shell's output, or ``str`` of a Python expression's value."""
    if entry.shell_name is None:
        import cgt
        from cgt.games.engine import catalogue

        namespace = {"cgt": cgt, entry.name: entry.load()}
        namespace.update((e.name, e.load()) for e in catalogue.entries() if e.name in example)
        return str(eval(example, namespace))       # noqa: S307 -- the examples are this file's own
    from cgt.shell import run

    return run(example)


# -- writing the page ---------------------------------------------------------------------------------
def _cell(text: str) -> str:
    """Table-cell text: ``|`` escaped (also inside code spans, as GitHub's tables need) and no newlines."""
    return text.replace("|", "\\|").replace("\n", " ")


def _code(text: str) -> str:
    """``text`` as a code span (with a longer fence when it holds backquotes)."""
    fence = "``" if "`" in text else "`"
    pad = " " if fence == "``" else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _parameters(family) -> str:
    """A family's parameters as the shell's usage line writes them: ``(subtractionSet, allbut => false)``."""
    from cgt.shell.builtins import usage_line

    return usage_line(inspect.signature(family), longest_default=12)


def _families() -> dict:
    """The catalogued family classes, by class."""
    return {e.load(): e for e in library_entries() if isinstance(e.load(), type)}


def kind(entry, row: Row) -> str:
    """The kind column: ruleset or family (and its parameters); impartial, loopy or scored; a family's member."""
    obj = entry.load()
    words = []
    if getattr(obj, "impartial", False):
        words.append("impartial")
    if not isinstance(obj, type) and obj.loopy:
        words.append("loopy")
    if hasattr(obj, "terminal_result"):
        words.append("scored")
    if isinstance(obj, type):
        text = " ".join(words + ["family", _code(_parameters(obj))])
    else:
        text = " ".join(words + ["ruleset"])
        family = _families().get(type(obj))
        if row.member is not None:
            text += f" = {_code(row.member)}"
        elif family is not None:
            text += f" of the family {_code(family.shell_name or family.name)}"
    return text[0].upper() + text[1:]


def position(entry, row: Row) -> str:
    """The position column: the board or graph tokens with their meaning, then the row's words."""
    obj = entry.load()
    from cgt.games.graph.ruleset import GraphRuleset
    from cgt.games.grid.ruleset import GridRuleset
    from cgt.games.strip.ruleset import StripRuleset

    cls = obj if isinstance(obj, type) else type(obj)
    parts = []
    meanings = ", ".join(f"{_code(token)} {meaning}" for token, meaning in row.tokens.items())
    if issubclass(cls, GridRuleset):
        parts.append("board: " + meanings)
    elif issubclass(cls, StripRuleset):
        parts.append("strip: " + meanings)
    elif issubclass(cls, GraphRuleset):
        parts.append("graph: " + meanings if meanings else "graph")
    elif meanings:
        parts.append(meanings)
    if row.position:
        parts.append(row.position)
    text = ", ".join(parts) if parts[0] == "graph" else "; ".join(parts)
    return text[0].upper() + text[1:]


def shell_names(entry) -> str:
    """The shell column: the dotted name, and the short alias when the shell has one."""
    if entry.shell_name is None:
        return "*Python only*"
    from cgt.shell.registry import registry

    shell = registry()[entry.shell_name]
    text = _code(entry.shell_name)
    if shell.alias and shell.name != entry.shell_name:
        text += f" or {_code(shell.name)}"
    return text


def render() -> str:
    """The text of docs/ruleset-table.md (StaleTable when the rows disagree with the catalogue)."""
    found = problems()
    if found:
        raise StaleTable("\n".join(found))
    sections: dict[str, list] = {}
    for entry in library_entries():
        sections.setdefault(entry.module.split(".")[2], []).append(entry)
    lines = [INTRO]
    order = [s for s in SECTIONS if s in sections] + sorted(set(sections) - set(SECTIONS))
    for section in order:
        package = f"cgt.games.{section}"
        lines += [f"## {SECTIONS.get(section, section.capitalize())} (`{package}`)", "",
                  "| Shell | Python | Kind | Position | Example | Prints |",
                  "|---|---|---|---|---|---|"]
        for entry in sections[section]:
            row = ROWS[entry.name]
            cells = [shell_names(entry), _code(entry.name), kind(entry, row), position(entry, row),
                     _code(row.example), _code(printed(row.example, entry))]
            lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
        lines.append("")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if docs/ruleset-table.md is out of date")
    args = parser.parse_args(argv)
    try:
        text = render()
    except StaleTable as error:
        print(f"docs/tools/ruleset_table.py is out of step with the catalogue:\n{error}", file=sys.stderr)
        return 1
    if args.check:
        if not PAGE.exists() or PAGE.read_text(encoding="utf-8") != text:
            print(f"{PAGE.relative_to(ROOT)} is out of date; run python docs/tools/ruleset_table.py",
                  file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
