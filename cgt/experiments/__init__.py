"""Experimental mathematics on two-heap games: P-positions, Grundy tables, conjecture checking, redundant
and forbidden moves, and pattern discovery (Mignoty, Renard, Rigo, Whiteland, *Automatic proofs in
combinatorial game theory*; Diaconescu, *Computational modelling for combinatorial game strategies*, §5;
Backhouse, *Algorithmic Problem Solving*, §4.3).  See docs/experiments.md for a tour.

Rulesets are read duck-typed (:mod:`cgt.experiments.rules`); the two-heap rulesets of
``cgt.games.heap.invariant`` and ``cgt.games.heap.wythoff`` fit, and any ruleset with ``options((a, b))`` does.

>>> zeckendorf(12), find_period([0, 1, 1, 0, 1, 1, 0, 1, 1])
('10101', Period(preperiod=0, period=3, saltus=0))
>>> find_beatty(fraenkel_pairs(1000, m=2))
sqrt(2)
"""

from cgt.experiments.laws import Law, guess_law, linear_law
from cgt.experiments.moves import (RedundancyReport, compare_redundant, forbidden_moves, redundant_moves,
                                   sole_winning_moves)
from cgt.experiments.numeration import (GreedyNumeration, LinearNumeration, OstrowskiNumeration,
                                        ends_in_even_zeros, fraenkel_p_position, fraenkel_pairs, ostrowski,
                                        zeckendorf)
from cgt.experiments.patterns import ConeLaw, Period, find_beatty, find_cone, find_period
from cgt.experiments.positions import (Counterexample, candidate_grid, check_grundy_one, check_stable_absorbing,
                                       p_grid, p_positions)
from cgt.experiments.table import GrundyTable, grundy_table

__all__ = ["p_positions", "p_grid", "grundy_table", "GrundyTable", "check_stable_absorbing", "check_grundy_one",
           "candidate_grid", "Counterexample", "redundant_moves", "forbidden_moves", "sole_winning_moves",
           "compare_redundant", "RedundancyReport",
           "find_beatty", "find_period", "find_cone", "Period", "ConeLaw", "guess_law", "linear_law", "Law",
           "zeckendorf", "ostrowski", "ends_in_even_zeros", "fraenkel_p_position", "fraenkel_pairs",
           "GreedyNumeration", "LinearNumeration", "OstrowskiNumeration"]
