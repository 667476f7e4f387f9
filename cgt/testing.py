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

from fractions import Fraction

from hypothesis import strategies as st

from cgt.days import born_by
from cgt.game import Game, _number, game, nimber as _nimber

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
    from cgt.constructors import up

    return st.builds(lambda x, u, n: x + u * up + n, numbers(), st.integers(-max_ups, max_ups), nimbers(7))


def games(max_birthday: int = 3, max_options: int = 3) -> st.SearchStrategy[Game]:
    """Canonical games born by day ``max_birthday``.

    Up to day 3 every value is drawn from the complete list of the 1474 games
    born by day 3; later days build ``{L | R}`` from random option lists of
    games born one day earlier (at most ``max_options`` per side).

    >>> from hypothesis import find
    >>> find(games(max_birthday=2), lambda g: g.birthday == 2).birthday
    2
    """
    if max_birthday <= 3:
        return st.sampled_from(_day_list(max(max_birthday, 0)))
    smaller = games(max_birthday - 1, max_options)
    return st.one_of(
        smaller,
        st.builds(
            game,
            st.lists(smaller, max_size=max_options),
            st.lists(smaller, max_size=max_options),
        ),
    )


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
