"""Grid games (CGSuite's ``game.grid``): the ``Grid`` board, the ``GridRuleset`` base and the bitboards,
then the rulesets -- Domineering, Cram, Clobber, Amazons, Konane, Fission, Fox and Geese (docs/rulesets.md).
"""
