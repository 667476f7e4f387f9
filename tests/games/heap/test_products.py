"""Rulesets made of two heap rulesets: Join, AcrosticProduct, DirectProduct (and the shell's PartizanJoin and
CakeProduct), each checked against a ruleset the library already has or a theorem."""

import pytest

from cgt.games import GenCutcake, Kayles, Nim, PartizanSubtraction, Subtraction, TakeAndBreak
from cgt.games.heap.products import AcrosticProduct, DirectProduct, JoinedHeapRuleset
from cgt.shell import ShellError, run
from cgt.transfinite.nim import nim_product


def test_join_is_the_union_of_the_moves():
    assert Subtraction([1, 4]).join(Subtraction([2, 4])).grundy_sequence(40) == Subtraction([1, 2, 4]).grundy_sequence(40)
    # Kayles (0.77) joined with Dawson's Kayles' 0.07 moves is Kayles again: 0.07 is contained in 0.77
    assert Kayles.join(TakeAndBreak("0.07")).grundy_sequence(60) == Kayles.grundy_sequence(60)
    assert JoinedHeapRuleset(Nim, Kayles) == Nim.join(Kayles) != Kayles.join(Nim)


def test_the_tartan_theorem():
    """Winning Ways, ch. 14: the nim value of a position of the Tartan (direct) product is the nim product of
    the factors' nim values -- here for Nim x Nim (Turning Corners) and for Kayles x Subtraction(1, 2)."""
    table = DirectProduct(Nim, Nim).nim_value_table(7, 7)
    assert table == [[int(nim_product(m, n)) for n in range(8)] for m in range(8)]
    k, s = Kayles.grundy_sequence(6), Subtraction([1, 2]).grundy_sequence(6)
    table = Kayles.direct_product(Subtraction([1, 2])).nim_value_table(6, 6)
    assert table == [[int(nim_product(k[m], s[n])) for n in range(7)] for m in range(7)]


def test_the_acrostic_product_of_nim_and_nim_is_two_heap_nim():
    assert AcrosticProduct(Nim, Nim).nim_value_table(6, 6) == [[m ^ n for n in range(7)] for m in range(7)]
    # with Kayles, a split of the first heap leaves a sum of two pairs: the values add (XOR) as for Kayles
    k = Kayles.grundy_sequence(8)
    assert Kayles.acrostic_product(Nim).nim_value_table(8, 0) == [[g] for g in k]


def test_shell_methods():
    assert run("game.heap.Nim.DirectProduct(game.heap.Nim)((2,3)).NimValue") == "1"        # 2 (x) 3 = 1
    assert run("game.heap.Subtraction([1]).Join(game.heap.Subtraction([3])).NimValueSequence(6)") == \
        run("game.heap.Subtraction([1,3]).NimValueSequence(6)")
    assert run("game.heap.Subtraction([1]).PartizanJoin(game.heap.Subtraction([2])).GameValueSequence(4)") == \
        "[" + ",".join(str(v) for v in PartizanSubtraction([1], [2]).game_value_sequence(4)) + "]"
    assert run("game.heap.Nim.CakeProduct(game.heap.Nim, true)") == "GenCutcake(Nim, Nim, true)"
    assert run("game.heap.Nim.CakeProduct(game.heap.Nim)((3,4)).CanonicalForm") == str(
        GenCutcake(Nim, Nim)((3, 4)).value)
    with pytest.raises(ShellError, match="DirectProduct needs a heap ruleset; 3 is not one"):
        run("game.heap.Nim.DirectProduct(3)")
