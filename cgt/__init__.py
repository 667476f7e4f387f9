"""cgt: combinatorial game theory in Python.

Canonical short partizan games, always in canonical form and interned:

>>> from cgt import game, up, star, integer
>>> g = game([3], [game([2], [1])])
>>> str(g), str(g.outcome), g.left_stop
('{3||2|1}', 'L', Fraction(3, 1))
>>> str(up + up + up), up + star > 0, (up + star).confused_with(0)
('^3', False, True)
"""

from cgt.kernel.constructors import down, miny, star, switch, tiny, up, up_cumulative, up_nth
from cgt.short.days import antichains, born_by
from cgt.errors import CGTError
from cgt.kernel.game import ZERO as zero
from cgt.kernel.game import Game, as_game, clear_caches, dyadic, game, integer, kernel_info, nimber, number
from cgt.kernel.outcome import Outcome
from cgt.kernel.player import Player
from cgt.notation.number_text import parse_number
from cgt.transfinite.surreal import Ordinal, Rational, Surreal, inf, omega, omega_power
from cgt.transfinite.nim import TransfiniteNimber, transfinite_nimber
from cgt.misere.genus import Genus
from cgt.misere.game import (MisereGame, born_by_misere, count_born_by_misere, misere_canonical_form,
                             misere_canonical_form_of, misere_entry, misere_game, misere_nim,
                             partizan_misere_outcome)
from cgt.misere.notation import parse_misere
from cgt.search.solve import solve
from cgt.runtime import limits  # noqa: F401  (cgt.limits.set_memory_cap, ...: the limits of big computations)
from cgt.search.outcome_grid import outcome_grid

__version__ = "0.1.0"

__all__ = [
    "CGTError",
    "Game",
    "Ordinal",
    "Genus",
    "MisereGame",
    "Outcome",
    "Player",
    "Rational",
    "Surreal",
    "TransfiniteNimber",
    "antichains",
    "as_game",
    "born_by",
    "born_by_misere",
    "clear_caches",
    "count_born_by_misere",
    "down",
    "dyadic",
    "game",
    "inf",
    "integer",
    "kernel_info",
    "miny",
    "misere_canonical_form",
    "misere_canonical_form_of",
    "misere_entry",
    "misere_game",
    "misere_nim",
    "nimber",
    "number",
    "omega",
    "omega_power",
    "parse_number",
    "parse_misere",
    "partizan_misere_outcome",
    "star",
    "switch",
    "tiny",
    "transfinite_nimber",
    "up",
    "up_cumulative",
    "up_nth",
    "zero",
    "solve",
    "outcome_grid",
]


_LOOPY_NAMES = ("LoopyGame", "LoopyOutcome", "loopy_game", "sided", "on", "off", "over", "under", "upon", "dud")


def __getattr__(name):
    """Loopy values load on first use (``cgt.LoopyGame``, ``cgt.on`` ...), so short games never import them."""
    if name in _LOOPY_NAMES:
        import cgt.loopy

        return getattr(cgt.loopy, name)
    raise AttributeError(f"module 'cgt' has no attribute {name!r}")
