"""Topics of short games: uptimals, infinitesimals and atomic weight, predicates, powers, products,
compound games (ordinal sums, Conway products, conjunctive and selective sums of forms), variants and games
born by day n (docs/short-games.md).
"""
