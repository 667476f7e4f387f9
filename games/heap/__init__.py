"""Heap games (CGSuite's ``game.heap``): the heap ruleset base and two-heap and coordinate bases, then the
rulesets -- Nim, subtraction and take-and-break games, Kayles, Grundy's game, Wythoff and its variants,
and the heap-like games of the seed documents (docs/rulesets.md, docs/impartial.md).
"""
