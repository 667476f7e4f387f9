"""Impartial games: the Sprague-Grundy reducer and nim arithmetic (docs/impartial.md).
"""
