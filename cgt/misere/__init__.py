"""Misère play: impartial misère games, Conway's misère canonical form and genus, misère algebra and
quotients, CGSuite's ``*[...]`` notation (docs/misere.md).
"""
