"""Topics of short games: uptimals, infinitesimals and atomic weight, predicates, powers, products,
selective and conjunctive compounds, variants and games born by day n (docs/short-games.md).
"""
