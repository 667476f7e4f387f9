"""Two-player snakes and ladders with one counter (R. Backhouse, *Algorithmic Problem Solving*, Exercise 4.3).

Rules: one counter, on square 1 at the start; the players take turns to move it 1 to ``max_step``
(default 4) squares forward, never past the finish (square ``size``, default 25).  A counter landing on
the foot of a ladder climbs to its top, on the head of a snake slides down to its tail.  The first player
to reach the finish wins: a player facing the counter on the finish has lost, so the game is impartial
and normal play, but **loopy**: a snake lets play go round for ever, so some positions are draws and the
game is solved by :func:`cgt.solve`, not by Grundy values (``grundy`` raises ``NotShortGameError`` when
play from the position can cycle).

A position is the counter's square; the squares at a ladder's foot or a snake's head are not positions
(the counter never rests there).  A move is labelled by the squares it covers, ``+3`` (or
``+3 ladder`` / ``+3 snake``).

Backhouse's Figure 4.3 is not reproduced in the text, so the default board is ours: a ladder from 4 to 15
and a snake from 11 down to 6, on squares 1..25 (``SnakesAndLadders()``); any board may be given.  With
it, the start is won by climbing the ladder to the losing square 15; the squares 5..10 are draws (the
snake closes the cycle 6 → … → 11 → 6 and neither player can force a win from it); see
``docs/draws.md`` for Backhouse's questions (a)–(c).

>>> from cgt import solve
>>> G = SnakesAndLadders()
>>> s = solve(G(1))
>>> s.result, [str(m) for m in s.optimal_moves(G(1))]
('first', ['+3 ladder -> 15 (Right to move)'])
>>> [q for q in G.squares() if s.result_of(G(q)) == "draw"]
[5, 6, 7, 8, 9, 10]
>>> G(21).grundy, G(20).grundy        # near the finish: subtraction {1,2,3,4}, Grundy (25 - q) mod 5
(4, 0)
"""

from __future__ import annotations

from cgt.runtime.arguments import is_integer_value
from cgt.errors import InvalidPositionError

from cgt.games.engine.ruleset import ImpartialRuleset

__all__ = ["SnakesAndLadders"]

CATALOGUE = {"SnakesAndLadders": "SnakesAndLadders"}

DEFAULT_LADDERS = {4: 15}
DEFAULT_SNAKES = {11: 6}


class SnakesAndLadders(ImpartialRuleset):
    """One counter, moves of 1..``max_step`` squares, ladders up and snakes down (module docstring).

    >>> SnakesAndLadders(size=10, ladders={2: 9}, snakes={8: 1}).squares()
    [1, 3, 4, 5, 6, 7, 9, 10]
    >>> SnakesAndLadders(snakes={25: 3})
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPositionError: SnakesAndLadders: snake 25 -> 3: the finish cannot be the head of a snake
    """

    abstract = False

    def __init__(self, size: int = 25, max_step: int = 4, ladders=None, snakes=None) -> None:
        ladders = dict(DEFAULT_LADDERS if ladders is None else ladders)
        snakes = dict(DEFAULT_SNAKES if snakes is None else snakes)
        if not is_integer_value(size) or size < 2:
            raise InvalidPositionError(f"SnakesAndLadders: size {size!r} is not an integer >= 2")
        if not is_integer_value(max_step) or max_step < 1:
            raise InvalidPositionError(f"SnakesAndLadders: max_step {max_step!r} is not a positive integer")
        jumps = {}
        for kind, table, up in (("ladder", ladders, True), ("snake", snakes, False)):
            for a, b in table.items():
                where = f"{kind} {a} -> {b}"
                if not all(isinstance(x, int) and 1 <= x <= size for x in (a, b)):
                    raise InvalidPositionError(f"SnakesAndLadders: {where}: squares must be in 1..{size}")
                if (b > a) != up:
                    raise InvalidPositionError(f"SnakesAndLadders: {where}: a {kind} must go "
                                               f"{'up' if up else 'down'}")
                if a in (1, size):
                    raise InvalidPositionError(f"SnakesAndLadders: {where}: the "
                                               f"{'start' if a == 1 else 'finish'} cannot be the "
                                               f"{'foot of a ladder' if up else 'head of a snake'}")
                if a in jumps:
                    raise InvalidPositionError(f"SnakesAndLadders: {where}: square {a} already starts a jump")
                jumps[a] = b
        for a, b in jumps.items():
            if b in jumps:
                raise InvalidPositionError(f"SnakesAndLadders: the jump from {a} ends on {b}, which starts "
                                           f"another")
        self.size, self.max_step = size, max_step
        self.ladders, self.snakes = ladders, snakes
        self._jumps = jumps

    def params(self) -> tuple:
        return (self.size, self.max_step, tuple(sorted(self.ladders.items())), tuple(sorted(self.snakes.items())))

    def __repr__(self) -> str:
        return (f"SnakesAndLadders(size={self.size}, max_step={self.max_step}, ladders={self.ladders}, "
                f"snakes={self.snakes})")

    def squares(self) -> list:
        """The positions: every square but the ladders' feet and the snakes' heads (Backhouse's (a))."""
        return [q for q in range(1, self.size + 1) if q not in self._jumps]

    def normalize(self, pos):
        if not is_integer_value(pos) or not 1 <= pos <= self.size:
            raise InvalidPositionError(f"{self!r}: square {pos!r} is not in 1..{self.size}")
        if pos in self._jumps:
            kind = "the foot of a ladder" if pos in self.ladders else "the head of a snake"
            raise InvalidPositionError(f"{self!r}: square {pos} is {kind}; the counter never rests there")
        return pos

    def moves(self, pos, player=None):
        """``+k`` for k = 1..max_step not past the finish, following a ladder or snake where it lands."""
        result = []
        for k in range(1, self.max_step + 1):
            q = pos + k
            if q > self.size:
                break
            if q in self.ladders:
                result.append((f"+{k} ladder", self.ladders[q]))
            elif q in self.snakes:
                result.append((f"+{k} snake", self.snakes[q]))
            else:
                result.append((f"+{k}", q))
        return result

    def options(self, pos):
        return [q for _, q in self.moves(pos)]
