"""Hypothesis strategies for cgt values, for your own property tests.

This is the only module of ``cgt`` that imports hypothesis (an optional
dependency: ``pip install cgt[test]``).

>>> from hypothesis import given, settings
>>> @settings(max_examples=20)
... @given(games(max_birthday=2))
... def check(g):
...     assert g + (-g) == 0
>>> check()
"""

from __future__ import annotations

import functools
from fractions import Fraction

from hypothesis import strategies as st

from cgt.short.days import born_by
from cgt.kernel.game import ZERO as _ZERO
from cgt.kernel.game import Game, game, nimber as _nimber, number as _number

_day_lists: dict[int, list[Game]] = {}


def _day_list(n: int) -> list[Game]:
    """The values born by day n (n <= 3) in a reproducible order."""
    values = _day_lists.get(n)
    if values is None:
        values = _day_lists[n] = sorted(born_by(n), key=lambda g: (g.birthday, str(g)))
    return values


def numbers(max_abs: int = 16, max_denominator_exponent: int = 5) -> st.SearchStrategy[Game]:
    """Numbers ``m / 2^k`` with ``|m / 2^k| <= max_abs`` and ``k <= max_denominator_exponent``.

    >>> from hypothesis import find
    >>> find(numbers(), lambda g: g > 3).is_number
    True
    """

    def build(pair):
        k, m = pair
        return _number(Fraction(m, 2**k))

    return st.integers(0, max_denominator_exponent).flatmap(
        lambda k: st.tuples(st.just(k), st.integers(-max_abs * 2**k, max_abs * 2**k))
    ).map(build)


def nimbers(max_value: int = 31) -> st.SearchStrategy[Game]:
    """Nimbers ``*n`` with ``0 <= n <= max_value``.

    >>> from hypothesis import find
    >>> find(nimbers(), lambda g: g.nim_value > 2).is_nimber
    True
    """
    return st.integers(0, max_value).map(_nimber)


def uptimals(max_ups: int = 6) -> st.SearchStrategy[Game]:
    """Values ``x + u.^ + *n``.

    >>> from hypothesis import find
    >>> find(uptimals(), lambda g: not g.is_number).is_uptimal
    True
    """
    from cgt.kernel.constructors import up

    return st.builds(lambda x, u, n: x + u * up + n, numbers(), st.integers(-max_ups, max_ups), nimbers(7))


def games(max_birthday: int = 3, max_options: int = 3) -> st.SearchStrategy[Game]:
    """Canonical games born by day ``max_birthday``, every birthday up to it about equally likely.

    The birthday is drawn first.  Up to day 3 the game is drawn from the complete list of the games
    born on that day; a game of a later birthday ``b`` is ``{L | R}`` with one option of birthday
    ``b - 1`` (so the birthday is ``b`` unless canonical simplification shortens it) and up to
    ``max_options - 1`` more options per side born by day ``b - 1``.

    >>> from hypothesis import find
    >>> find(games(max_birthday=2), lambda g: g.birthday == 2).birthday
    2
    >>> find(games(max_birthday=4), lambda g: g.birthday == 4).birthday
    4
    """
    if max_birthday < 0:
        raise ValueError(f"games(): max_birthday must be >= 0, got {max_birthday}")
    return st.one_of([_games_born_on(b, max_options) for b in range(max_birthday + 1)])


@functools.lru_cache(maxsize=None)
def _games_born_on(birthday: int, max_options: int) -> st.SearchStrategy[Game]:
    if birthday <= 3:
        return st.sampled_from([g for g in _day_list(birthday) if g.birthday == birthday])
    anchor = _games_born_on(birthday - 1, max_options)
    others = st.lists(games(birthday - 1, max_options), max_size=max(max_options - 1, 0))

    @st.composite
    def born_on(draw):
        # Canonical simplification may shorten the birthday (dominated or reversible options): retry a few
        # times, so that nearly every draw has the birthday asked for.
        for _ in range(8):
            a, lefts, rights = draw(anchor), draw(others), draw(others)
            g = game([a, *lefts], rights) if draw(st.booleans()) else game(lefts, [a, *rights])
            if g.birthday == birthday:
                break
        return g

    return born_on()


def all_small_games(max_birthday: int = 4, max_options: int = 3) -> st.SearchStrategy[Game]:
    """All-small games (infinitesimals whose every follower with a move for one player has one for both).

    Built as ``0`` or ``{L | R}`` with both sides non-empty and all-small (Siegel, *Combinatorial Game
    Theory*, ch. II.6: such games are all-small, and canonical forms keep the property).

    >>> from hypothesis import find
    >>> g = find(all_small_games(), lambda g: g.birthday >= 3)
    >>> g.is_all_small, g.birthday
    (True, 3)
    """
    if max_birthday <= 0:
        return st.just(_ZERO)
    smaller = all_small_games(max_birthday - 1, max_options)
    side = st.lists(smaller, min_size=1, max_size=max_options)
    return st.one_of(smaller, st.builds(game, side, side))


def hot_games(max_birthday: int = 3, max_options: int = 3) -> st.SearchStrategy[Game]:
    """Hot games (temperature > 0): ``x + {a + G | b + H}`` with numbers ``a > b`` and small games G, H.

    >>> from hypothesis import find
    >>> find(hot_games(), lambda g: g.temperature >= 2).temperature > 0
    True
    """
    small = games(max(max_birthday - 2, 0), max_options)
    gap = st.integers(1, 8).map(lambda k: _number(Fraction(k, 2)))

    def build(x, b, d, g, h):
        return x + game([b + d + g], [b + h])

    return st.builds(build, numbers(4, 2), numbers(4, 2), gap, small, small).filter(lambda g: g.temperature > 0)


def impartial_games(max_birthday: int = 4, max_options: int = 4) -> st.SearchStrategy[Game]:
    """Canonical values of random impartial game trees (always nimbers, by Sprague-Grundy).

    >>> from hypothesis import find
    >>> find(impartial_games(), lambda g: g.nim_value >= 2).is_nimber
    True
    """
    if max_birthday <= 0:
        return st.just(_nimber(0))
    smaller = impartial_games(max_birthday - 1, max_options)
    return st.one_of(
        smaller,
        st.lists(smaller, max_size=max_options).map(lambda options: game(options, options)),
    )


def impartial_trees(max_depth: int = 4, max_options: int = 4):
    """Random impartial game trees as nested tuples of options (not canonicalised).

    >>> from hypothesis import find
    >>> find(impartial_trees(), lambda t: len(t) >= 2)
    ((), ())
    """
    return st.recursive(
        st.just(()),
        lambda children: st.lists(children, max_size=max_options).map(tuple),
        max_leaves=max_depth * max_options,
    )


def board_texts(shapes: st.SearchStrategy, alphabet: str) -> st.SearchStrategy[str]:
    """Board texts (rows joined by ``|``) of the ``(rows, cols)`` shapes that ``shapes`` draws, each cell drawn
    from ``alphabet``; a character repeated in ``alphabet`` is drawn that much more often.

    >>> from hypothesis import find
    >>> find(board_texts(st.just((2, 3)), "..x"), lambda text: text.count("x") == 4)
    '..x|xxx'
    """
    def board(shape):
        rows, cols = shape
        cells = st.lists(st.sampled_from(alphabet), min_size=rows * cols, max_size=rows * cols)
        return cells.map(lambda c: "|".join("".join(c[r * cols:(r + 1) * cols]) for r in range(rows)))

    return shapes.flatmap(board)


def positions(ruleset, max_cells: int = 12, min_cells: int = 0, alphabet: str | None = None):
    """Random valid positions of ``ruleset`` (bound positions, as ``ruleset(...)`` returns them).

    Board rulesets (a ``char_map`` and ``board_kind`` ``"grid"`` or ``"strip"``) get boards of at most
    ``max_cells`` cells with random characters drawn from ``alphabet`` (default: the ruleset's
    ``sample_alphabet`` if it has one -- a char map with repeats, to weight typical cells -- else its
    ``char_map``); heap rulesets (``heap_options``) get heaps of at most
    ``max_cells``.  Boards the ruleset rejects as impossible are skipped, so every example is valid.
    Any other ruleset with ``examples`` (small positions, each an argument of ``ruleset(...)``) gets the
    positions reached from one of them by up to ``max_cells`` random moves of either player.

    >>> from hypothesis import find
    >>> class Board:                      # any object shaped like a grid ruleset will do
    ...     char_map, board_kind = ".x", "grid"
    ...     def __call__(self, text):
    ...         return text
    >>> find(positions(Board(), max_cells=4), lambda s: s.count("x") >= 2 and "|" in s)
    'x|x'
    """
    char_map = getattr(ruleset, "char_map", None)
    kind = getattr(ruleset, "board_kind", None)
    if char_map is not None and kind in ("grid", "strip"):
        cells = alphabet or getattr(ruleset, "sample_alphabet", None) or char_map
        def shapes():
            if kind == "strip":
                return st.tuples(st.just(1), st.integers(min_cells, max_cells))
            return st.integers(1, max(max_cells, 1)).flatmap(
                lambda rows: st.tuples(st.just(rows), st.integers(max(1, -(-min_cells // rows)),
                                                                 max(1, max_cells // rows))))

        texts = board_texts(shapes(), cells)
    elif hasattr(ruleset, "heap_options"):
        texts = st.integers(min_cells, max_cells)
    elif getattr(ruleset, "examples", ()):
        return _random_play(ruleset, max_steps=max_cells)
    else:
        raise TypeError(f"positions(): no strategy for {ruleset!r} (not a board or heap ruleset, and no examples)")

    def build(text):
        from cgt.errors import InvalidPositionError

        try:
            return ruleset(text)
        except InvalidPositionError:
            return None

    return texts.map(build).filter(lambda p: p is not None)


def _random_play(ruleset, max_steps: int):
    """Positions reached from one of ``ruleset.examples`` by up to ``max_steps`` random moves."""

    @st.composite
    def play(draw):
        position = ruleset(draw(st.sampled_from(list(ruleset.examples))))
        for _ in range(draw(st.integers(0, max_steps))):
            options = position.options
            if not options:
                break
            position = draw(st.sampled_from(options))
        return position

    return play()
