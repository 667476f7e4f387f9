"""Results-cache keys and pickles of rulesets, positions and boards go through public names.

A key or a pickle that recorded a module path (``cgt.games.heap.take_and_break.TakeAndBreak``) would break
when the module moves; they record the catalogue's names (``Kayles``, ``Subtraction([1,3,4])``) and call
``cgt.games.by_name`` instead.  "A module moved" is simulated by changing the ``__module__`` of the classes.
"""

import pickle
import pickletools

import pytest

import cgt
from cgt.games import (AntiClobber, Clobber, Color, DawsonsKayles, Domineering, GenClobber, GenCutcake, Graph,
                       Hackenbush, ImpartialRuleset, Kayles, Nim, Subtraction, TakeAndBreak, ToadsAndFrogs, by_name,
                       catalogue)
from cgt.games.engine import results_cache
from cgt.games.engine.ruleset import Move, Position, Ruleset
from cgt.games.graph.board import Graph as GraphType
from cgt.games.grid.board import Grid
from cgt.games.strip.board import Strip

VERSION = f"cgt {cgt.__version__}|"


def globals_of(data: bytes) -> list[str]:
    """The ``module.name`` of every global a pickle refers to."""
    found, strings = [], []
    for op, arg, _ in pickletools.genops(data):
        if op.name in ("SHORT_BINUNICODE", "BINUNICODE", "UNICODE"):
            strings.append(arg)
        elif op.name == "STACK_GLOBAL":
            found.append(".".join(strings[-2:]))
        elif op.name == "GLOBAL":
            found.append(arg.replace(" ", "."))
    return found


class Halves(ImpartialRuleset):
    """A ruleset from outside the library (here: a test module): pickled and keyed by its module path."""

    def options(self, n):
        return range((n + 1) // 2, n)


# -- keys -----------------------------------------------------------------------------------------------------

def test_the_key_of_kayles_is_its_name():
    key = results_cache.ruleset_key(Kayles)
    assert key == VERSION + "Kayles"
    assert "cgt.games" not in key and "take_and_break" not in key and "TakeAndBreak" not in key


@pytest.mark.parametrize("ruleset, identity", [
    (Subtraction([1, 3, 4]), "Subtraction([1,3,4])"),
    (Subtraction([1, 2], all_but=True), "Subtraction([1,2],True)"),
    (TakeAndBreak("0.77"), "TakeAndBreak('0.77')"),
    (TakeAndBreak("0.77", name="K"), "TakeAndBreak('0.77')"),           # the same rules: the same key
    (GenCutcake(Kayles, Nim), "GenCutcake(<Kayles>,<Nim>)"),
    (GenClobber(max_distance=2), "GenClobber(((-1,0),(0,-1),(0,1),(1,0)),d{'Left':(2),'Right':(1)},"
                                 "d{'Left':0,'Right':0},2)"),
    (Domineering, "Domineering"),
    (Kayles.impartial_variant, "ImpartialVariantRuleset(<Kayles>)"),
], ids=repr)
def test_keys_are_public_names_and_parameters(ruleset, identity):
    assert results_cache.ruleset_key(ruleset) == VERSION + identity


def test_every_catalogued_ruleset_is_keyed_by_its_name():
    for entry in catalogue.entries():
        obj = entry.load()
        if isinstance(obj, Ruleset):
            assert results_cache.ruleset_key(obj) == VERSION + entry.name, entry.name


def test_moving_a_module_keeps_the_keys(monkeypatch):
    rulesets = [Kayles, DawsonsKayles, Subtraction([1, 3, 4]), GenClobber(max_distance=2), Clobber]
    before = [results_cache.ruleset_key(r) for r in rulesets]
    for cls in {type(r) for r in rulesets}:
        monkeypatch.setattr(cls, "__module__", "cgt.games.moved_elsewhere")
    assert [results_cache.ruleset_key(r) for r in rulesets] == before


def test_a_ruleset_from_outside_the_library_is_keyed_by_its_module():
    assert results_cache.ruleset_key(Halves()) == VERSION + f"{__name__}.Halves()|Halves()"


# -- pickles --------------------------------------------------------------------------------------------------

ROUND_TRIPS = [
    Kayles, Subtraction([1, 3, 4]), Subtraction([1, 2], all_but=True), TakeAndBreak("0.77", name="K"),
    GenClobber(max_distance=2), AntiClobber, Kayles.impartial_variant, GenCutcake(Kayles, Nim),
    Kayles(3, 4), Subtraction([1, 3, 4])(9), Domineering("..|.#|.."), Clobber("xo|ox"), Hackenbush("lr(e;r)"),
    ToadsAndFrogs("tt..ff"), Domineering("...|...").moves("Left")[0], Kayles(5).moves()[0],
    Grid.parse("x.|.o", ".xo"), Strip([1, 0, 2]), Graph.path(3, None, Color.Blue), Color.Red,
]


@pytest.mark.parametrize("obj", ROUND_TRIPS, ids=repr)
def test_pickles_go_through_public_names(obj):
    data = pickle.dumps(obj)
    back = pickle.loads(data)
    assert back == obj and repr(back) == repr(obj) and type(back) is type(obj)
    assert set(globals_of(data)) <= {"cgt.games.by_name", "builtins.getattr"}, globals_of(data)


def test_positions_and_moves_keep_their_parts():
    move = Domineering("...|...").moves("Left")[0]
    back = pickle.loads(pickle.dumps(move))
    assert isinstance(back, Move) and (back.label, back.player, back.position) == (move.label, move.player,
                                                                                    move.position)
    position = pickle.loads(pickle.dumps(Subtraction([1, 3, 4])(9)))
    assert type(position) is Position and position.grundy == 0


def test_catalogued_rulesets_unpickle_as_themselves():
    for ruleset in (Kayles, Clobber, Domineering, Hackenbush, Nim):
        assert pickle.loads(pickle.dumps(ruleset)) is ruleset
    k = pickle.loads(pickle.dumps(TakeAndBreak("0.77", name="K")))
    assert repr(k) == "K" and k == Kayles and k is not Kayles


def test_moving_a_module_breaks_no_pickle(monkeypatch):
    data = [pickle.dumps(obj) for obj in ROUND_TRIPS]
    for cls in {type(obj) for obj in ROUND_TRIPS} | {GraphType, Grid, Strip, type(Color.Red)}:
        monkeypatch.setattr(cls, "__module__", "cgt.games.moved_elsewhere")
    assert [pickle.loads(d) for d in data] == ROUND_TRIPS
    assert [pickle.dumps(obj) for obj in ROUND_TRIPS] == data


def test_by_name_builds_public_objects():
    assert by_name("Kayles") is Kayles and by_name("Subtraction") is Subtraction
    assert by_name("Subtraction", ([1, 3, 4],)) == Subtraction([1, 3, 4])
    assert by_name("Grid", (1, 2, b"\x01\x00")) == Grid(1, 2, b"\x01\x00") and by_name("Color", (3,)) is Color.Red
    with pytest.raises(catalogue.CatalogueError, match="no ruleset called 'NoSuchThing'"):
        by_name("NoSuchThing")


def test_rulesets_from_outside_the_library_pickle_as_before():
    data = pickle.dumps(Halves())
    assert f"{__name__}.Halves" in globals_of(data) and pickle.loads(data) == Halves()
    ruleset = Halves()
    ruleset(9).grundy                              # fills a memo table, which a pickle leaves out
    assert "_tables" in vars(ruleset) and "_tables" not in vars(pickle.loads(pickle.dumps(ruleset)))


def test_params_are_the_constructor_arguments():
    # the contract pickles of family members rely on, for every catalogued ruleset that is a family's member
    checked = 0
    for entry in catalogue.entries():
        obj = entry.load()
        if isinstance(obj, Ruleset) and catalogue.library_name(type(obj)) is not None:
            assert type(obj)(*obj.params()) == obj, entry.name
            checked += 1
    assert checked > 20
