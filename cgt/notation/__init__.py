"""CGSuite's plain-text notation: printing, parsing, print order, numbers beyond the short games as text,
and LaTeX (docs/notation.md).
"""
