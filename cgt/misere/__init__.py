"""Misère play: impartial misère games, Conway's misère canonical form and genus, his classes of tame,
restive, restless and wild games (CGSuite's phyla), misère algebra and quotients, CGSuite's ``*[...]``
notation (docs/misere.md).
"""
