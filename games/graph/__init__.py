"""Graph games (CGSuite's ``game.graph``): the ``Graph`` board and the ``GraphRuleset`` base, then the
rulesets -- Hackenbush, Col and Snort, Arc Kayles (docs/rulesets.md).
"""
