"""Strip games (CGSuite's ``game.strip``): the ``Strip`` board and the ``StripRuleset`` base, then the
rulesets -- Toads and Frogs, Toppling Dominoes, coin turning, snakes and ladders (docs/rulesets.md).
"""
