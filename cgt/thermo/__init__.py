"""Hot games: stops, mean, temperature, thermographs, cooling and heating (docs/hot-games.md).
"""
