"""The engine of the ruleset catalogue: the ruleset protocol, the position engine (short and loopy), the
catalogue, variants, parallel jobs and the results cache (docs/rulesets.md, docs/parallel.md).
"""
