"""Numbers beyond the short games: surreal numbers, generalized ordinals, rationals, transfinite nimbers
(docs/numbers.md).
"""
