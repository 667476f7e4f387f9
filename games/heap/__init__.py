"""Heap games (CGSuite's ``game.heap``): the heap ruleset base and two-heap and coordinate bases, then the
rulesets -- Nim, subtraction and take-and-break games, Kayles, Grundy's game, Wythoff and its variants, and
the heap games of Faigle, *Mathematical Game Theory* (frogs, de Bruijn's divisor game), Diaconescu,
*Computational modelling for combinatorial game strategies* (the KöMaL multiples game) and Backhouse,
*Algorithmic Problem Solving* (the 31st-December games, daisy, board cutting) (docs/rulesets.md,
docs/impartial.md).
"""
