"""Who wins with best play: the retrograde solver with draws and outcome grids (docs/draws.md).
"""
