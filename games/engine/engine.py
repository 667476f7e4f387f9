"""The position engine: canonical values of ruleset positions, without recursion, with shared tables.

For a partizan ruleset the value of a position is the canonical form ``{values of Left's options | values
of Right's options}`` (Conway, *On Numbers and Games*, ch. 7; Siegel, *Combinatorial Game Theory*, II.2),
and a position that splits into independent regions is their disjunctive sum, so each region is solved
once, whatever else is on the board (Winning Ways ch. 2; Siegel II.1).  The engine

* keys its transposition table by the ruleset's **normal form** of a position (``ruleset.normal_form``):
  a representative of the position's symmetry class, with a flag saying whether the symmetry exchanged
  the players (then the stored value is the negative: swapping Left and Right negates a game);
* splits positions into components (``ruleset.components``) and adds their values;
* takes the value of an indivisible position from ``ruleset.value_hint(pos)`` when the ruleset defines it
  and it returns a value rather than None (a closed form the ruleset knows, e.g. for one-sided regions);
* walks the game graph with one explicit stack (no recursion limit), raising
  :class:`~cgt.errors.NotShortGameError` naming a position met again on its own search path (a loopy
  game), :class:`~cgt.errors.TooLargeError` when the table would outgrow ``ruleset.max_positions``;
* shows a progress bar on long runs (:mod:`cgt.runtime.progress`); Ctrl-C stops it between two positions and
  leaves the table holding only finished values, so the next call resumes the work.

>>> from cgt.games.engine.ruleset import Ruleset
>>> class Steps(Ruleset):
...     '''A counter n: Left subtracts 1, Right subtracts 2 (a toy partizan subtraction game).'''
...     def left_options(self, n):
...         return [n - 1] if n >= 1 else []
...     def right_options(self, n):
...         return [n - 2] if n >= 2 else []
>>> [str(canonical_value(Steps(), n)) for n in range(6)]
['0', '1', '{1|0}', '0', '1', '{1|0}']
"""

from __future__ import annotations

from cgt.runtime.interrupt import check_interrupt
from cgt.errors import NotShortGameError, TooLargeError
from cgt.kernel.game import ZERO, game
from cgt.runtime.progress import Progress

from cgt.games.engine import results_cache

__all__ = ["canonical_value", "grundy_value", "followers"]

_SUM = -1        # marks a position evaluated as the sum of its components


def _too_large(ruleset, table) -> TooLargeError:
    return TooLargeError(
        f"{ruleset!r}: the search needs more than {ruleset.max_positions:,} positions in its table "
        f"(raise {type(ruleset).__name__}.max_positions, or call cgt.clear_caches())")


def canonical_value(ruleset, pos):
    """The canonical :class:`cgt.Game` of ``pos`` (an already validated position of ``ruleset``)."""
    normal_form = ruleset.normal_form
    key, negated = normal_form(pos)
    table = ruleset.table("values")
    value = table.get(key)
    if value is None:
        disk = None if results_cache.ACTIVE is None else results_cache.ACTIVE.table(ruleset, "values")
        try:
            with ruleset.search():
                value = _solve(ruleset, key, table, disk)
        finally:
            if disk is not None:
                disk.flush()                         # one transaction per search
    return -value if negated else value


def _solve(ruleset, root, table, disk):
    """Fill ``table`` up to ``root``; ``disk`` is the opt-in results cache's handle (or None)."""
    normal_form = ruleset.normal_form
    left_options = ruleset.left_options
    right_options = ruleset.right_options
    components = ruleset.components if ruleset.has_components() else None
    hint = getattr(ruleset, "value_hint", None)      # optional: a closed form for some positions, else None
    cap = ruleset.max_positions
    expanded: dict = {}          # position -> (how, children): expanded, not yet evaluated = the search path
    stack = [root]
    with Progress("positions") as progress:
        while stack:
            pos = stack[-1]
            if pos in table:
                stack.pop()
                continue
            info = expanded.get(pos)
            if info is None:
                if disk is not None:
                    known = disk.get_game(pos)
                    if known is not None:
                        table[pos] = known
                        stack.pop()
                        continue
                how = None
                if components is not None:
                    parts = components(pos)
                    if len(parts) != 1 or parts[0] != pos:
                        children = [normal_form(p) for p in parts]
                        if len(children) != 1 or children[0][0] != pos:
                            how = _SUM
                if how is None and hint is not None:
                    known = hint(pos)
                    if known is not None:
                        if len(table) >= cap:
                            raise _too_large(ruleset, table)
                        table[pos] = known
                        if disk is not None:
                            disk.put_game(pos, known)
                        stack.pop()
                        continue
                if how is None:
                    lefts = [normal_form(p) for p in left_options(pos)]
                    children = lefts + [normal_form(p) for p in right_options(pos)]
                    how = len(lefts)
                expanded[pos] = (how, children)
                for child, _ in children:
                    if child not in table:
                        if child in expanded:
                            raise NotShortGameError(
                                f"{ruleset!r}: position {ruleset.format(child)} can be reached from itself: "
                                f"play can cycle, so it is not a short game")
                        stack.append(child)
                continue
            how, children = info
            values = [-table[c] if neg else table[c] for c, neg in children]
            if how == _SUM:
                total = ZERO
                for v in values:
                    total = total + v
                value = total
            else:
                value = game(values[:how], values[how:])
            del expanded[pos]
            stack.pop()
            if len(table) >= cap:
                raise _too_large(ruleset, table)
            table[pos] = value
            if disk is not None:
                disk.put_game(pos, value)
            progress.tick()
            check_interrupt()
    return table[root]


def grundy_value(ruleset, pos) -> int:
    """The Grundy value of ``pos`` for an impartial ``ruleset`` (mex over options, XOR over components)."""
    key = ruleset.normal_form(pos)[0]
    table = ruleset.table("grundy")
    value = table.get(key)
    if value is not None:
        return value
    with ruleset.search():
        if results_cache.ACTIVE is not None:
            disk = results_cache.ACTIVE.table(ruleset, "grundy")
            if disk is not None:
                return _grundy_with_disk(ruleset, key, table, disk)
        return _grundy(ruleset, key, table)


def _grundy_with_disk(ruleset, key, table, disk) -> int:
    """The opt-in results cache around :func:`_grundy`: the position itself is looked up on disk, and
    every value the search adds to the table (new entries come last in a dict) is written."""
    value = disk.get_int(key)
    if value is not None:
        table[key] = value
        return value
    start = len(table)
    try:
        return _grundy(ruleset, key, table)
    finally:
        for pos, v in list(table.items())[start:]:
            disk.put_int(pos, v)
        disk.flush()


def _grundy(ruleset, key, table) -> int:
    from cgt.impartial.grundy import grundy

    normal_form = ruleset.normal_form
    options = ruleset.options
    cap = ruleset.max_positions
    progress = Progress("positions")

    def keyed_options(p):
        if len(table) >= cap:
            raise _too_large(ruleset, table)
        progress.tick()
        return [normal_form(o)[0] for o in options(p)]

    keyed_components = None
    if ruleset.has_components():
        def keyed_components(p):
            parts = ruleset.components(p)
            if len(parts) == 1 and parts[0] == p:
                return parts
            return [normal_form(q)[0] for q in parts]

    try:
        return grundy(key, keyed_options, keyed_components, table)
    finally:
        progress.close()


def followers(ruleset, pos, limit: int = 1_000_000) -> set:
    """Every position reachable from ``pos`` (itself included) by moves of either player, as written.

    Raises :class:`~cgt.errors.TooLargeError` beyond ``limit`` positions.
    """
    seen = {pos}
    frontier = [pos]
    while frontier:
        p = frontier.pop()
        for q in list(ruleset.left_options(p)) + list(ruleset.right_options(p)):
            if q not in seen:
                seen.add(q)
                if len(seen) > limit:
                    raise TooLargeError(f"{ruleset!r}: {ruleset.format(pos)} has more than {limit:,} followers")
                frontier.append(q)
    return seen
