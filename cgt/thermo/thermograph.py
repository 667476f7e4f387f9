"""Thermographs: exact piecewise-linear walls, CGSuite's text form, matplotlib plots.

A thermograph (Winning Ways ch. 6; Siegel, CGT II.5) records, for every
temperature ``t >= -1``, the left and right stops of a game cooled by ``t``:
the *left wall* ``L(t)`` and the *right wall* ``R(t)``.  Above the game's
temperature both walls are the vertical *mast* at the game's mean.

Values here are exact :class:`~fractions.Fraction` s.  A wall is a
:class:`Trajectory`, given as CGSuite gives it: its mast value, its critical
temperatures (where the slope changes, highest first) and the slope just below
each of them, as ``d value / d temperature``.  So a left wall has slopes 0 or
-1 and a right wall 0 or +1.  The wall is constant (the mast) above its
highest critical temperature and the last slope continues down to ``t = -1``.

>>> from cgt import game
>>> g = game([3], [game([2], [1])])          # {3||2|1}
>>> th = g.thermograph()
>>> print(th)
Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])
>>> th.mast, th.temperature, th.left_wall(0), th.right_wall(0)
(Fraction(9, 4), Fraction(3, 4), Fraction(3, 1), Fraction(2, 1))

Thermographs are built by :func:`cgt.thermo.temperature.thermograph`; this module
holds the value types and the wall arithmetic (the scaffold construction of
Siegel, CGT §II.5).
"""

from __future__ import annotations

import io
import os
import weakref
from fractions import Fraction
from typing import Iterable, Sequence

from cgt.runtime.compiled import optional_module
from cgt.errors import InvalidGameError

__all__ = ["Thermograph", "Trajectory"]

# The compiled twin of the float route of :func:`scaffold_walls` (``cgt/thermo/_thermo.c``): the same
# operations in the same order on C doubles, with the same bounds checked on every corner in and out.  It
# is optional and loaded by the one loader of compiled parts (:func:`cgt.runtime.compiled.optional_module`):
# without a C compiler at install time, or with the environment variable ``CGT_PURE=1``, the pure-Python
# code below does the work (with identical results).
_thermo = optional_module("cgt.thermo._thermo", "thermograph walls")
_compiled_scaffold = None if _thermo is None else _thermo.scaffold
_compiled_thermograph = None if _thermo is None else _thermo.thermograph_of_options  # see Thermograph.of_options

#: True when thermograph walls are computed by the compiled extension ``cgt.thermo._thermo``.
COMPILED = _compiled_scaffold is not None

_MINUS_ONE = Fraction(-1)


# ====================================================================== piecewise-linear functions
#
# A function on [-1, oo) is a pair (points, tail): points is a tuple of (t, v)
# with t ascending and points[0][0] == -1, and the function is linear between
# consecutive points and has slope `tail` after the last one.
#
# Coordinates are exact in one of two number types, never mixed in one computation:
# * Fraction -- the reference arithmetic, always exact;
# * float, when every coordinate is a dyadic m/2^k with |m/2^k| < 2^FLOAT_MAGNITUDE_BITS and
#   k <= FLOAT_FRACTION_BITS ("machine dyadics").  Thermographs of short games have dyadic corners and
#   integer slopes (0, +-1 on walls, at most +-2 on scaffold differences), and the wall code below only
#   adds, subtracts, multiplies by such integer slopes and divides by slope differences.  Every
#   intermediate value then stays below 2^(FLOAT_MAGNITUDE_BITS + 4) with at most
#   FLOAT_FRACTION_BITS + 2 fraction bits, which fits the 53-bit float significand: each float
#   operation is exact.  A result that leaves the bounds is recomputed in Fractions (see
#   :func:`machine_exact`), so the float path is an exact speed-up, never an approximation.
# Formulas are written slope-first -- ``va + (vb - va) / (b - a) * (t - a)`` -- so that the float path
# never forms a product of two long dyadics.

#: Bounds of the exact float path (see above): 20 + 20 + 6 <= 53.
FLOAT_MAGNITUDE_BITS = 20
FLOAT_FRACTION_BITS = 20
_FLOAT_LIMIT = float(1 << FLOAT_MAGNITUDE_BITS)
_FLOAT_SCALE = float(1 << FLOAT_FRACTION_BITS)


def machine_exact(x) -> bool:
    """True when ``x`` (a float) is a dyadic inside the bounds of the exact float path.

    >>> machine_exact(0.75), machine_exact(1e7), machine_exact(2.0 ** -30)
    (True, False, False)
    """
    return -_FLOAT_LIMIT < x < _FLOAT_LIMIT and (x * _FLOAT_SCALE).is_integer()


def _walls_machine_exact(walls) -> bool:
    """True when every corner of the walls is inside the exact float path (:func:`machine_exact`, inlined)."""
    limit = _FLOAT_LIMIT
    scale = _FLOAT_SCALE
    for wall in walls:
        for t, v in wall:
            if not (-limit < t < limit and -limit < v < limit and (t * scale).is_integer()
                    and (v * scale).is_integer()):
                return False
    return True


def _to_fraction_points(points: tuple) -> tuple:
    return tuple((Fraction(t), Fraction(v)) for t, v in points)

def _value(points: Sequence, tail: Fraction, t: Fraction) -> Fraction:
    if t < -1:
        raise ValueError(f"thermograph walls are defined for temperatures >= -1, not {t}")
    last_t, last_v = points[-1]
    if t >= last_t:
        return last_v + tail * (t - last_t)
    for (a, va), (b, vb) in zip(points, points[1:]):
        if a <= t <= b:
            return va + (vb - va) / (b - a) * (t - a)
    raise AssertionError("unreachable: points start at -1")


def _simplify(points: list, tail: Fraction) -> tuple:
    """Drop interior points where the slope does not change (the first point stays).

    Each segment's slope is computed once: when a corner is dropped, the segment from the last kept
    corner to the next one has the same slope as the two it merges (the arithmetic is exact), so the
    slope after a corner is the slope before the next one.
    """
    last = len(points) - 1
    if last == 0:
        return (points[0],)
    out = [points[0]]
    (pt, pv), (t, v) = points[0], points[1]
    before = (v - pv) / (t - pt)
    for i in range(1, last + 1):
        if i < last:
            nt, nv = points[i + 1]
            after = (nv - v) / (nt - t)
        else:
            after = tail
        if before != after:
            out.append((t, v))
        before = after
        if i < last:
            t, v = nt, nv
    return tuple(out)


def _breakpoints(f: tuple, g: tuple) -> list:
    ts = {p[0] for p in f[0]}
    ts.update([p[0] for p in g[0]])
    return sorted(ts)


def _sample(f: tuple, ts: list) -> list:
    """Values of f at the ascending temperatures ``ts`` (all >= -1), in one merged walk."""
    points, tail = f
    out = []
    j, last = 0, len(points) - 1
    for t in ts:
        while j < last and points[j + 1][0] <= t:
            j += 1
        a, va = points[j]
        if a == t:
            out.append(va)
        elif j < last:
            b, vb = points[j + 1]
            out.append(va + (vb - va) / (b - a) * (t - a))
        else:
            out.append(va + tail * (t - a))
    return out


def _combine(f: tuple, g: tuple, take_max: bool) -> tuple:
    """Pointwise max (or min) of two piecewise-linear functions, crossings included."""
    ft, gt = f[1], g[1]
    ts = _breakpoints(f, g)
    fv, gv = _sample(f, ts), _sample(g, ts)
    pick = max if take_max else min
    points = []
    for i, t in enumerate(ts):
        if i:
            # A strict sign change of f - g inside (ts[i-1], t) is a crossing: a corner of the result.
            a, da, db = ts[i - 1], fv[i - 1] - gv[i - 1], fv[i] - gv[i]
            if (da > 0 > db) or (da < 0 < db):
                c = a + da / ((da - db) / (t - a))
                points.append((c, fv[i - 1] + (fv[i] - fv[i - 1]) / (t - a) * (c - a)))
        points.append((t, pick(fv[i], gv[i])))
    # Beyond the last breakpoint both are linear: at most one more crossing.
    last, d_last, d_slope = ts[-1], fv[-1] - gv[-1], ft - gt
    if (d_last > 0 > d_slope) or (d_last < 0 < d_slope):
        c = last - d_last / d_slope
        points.append((c, fv[-1] + ft * (c - last)))
        d_last = d_slope  # past the crossing f - g has the sign of its slope
    if d_last == 0:
        tail = pick(ft, gt)
    elif (d_last > 0) == take_max:
        tail = ft
    else:
        tail = gt
    return _simplify(points, tail), tail


def _add_linear(f: tuple, c: Fraction) -> tuple:
    """t -> f(t) + c*t."""
    points, tail = f
    return tuple([(t, v + c * t) for t, v in points]), tail + c


def _first_nonpositive(f: tuple, g: tuple) -> Fraction:
    """The least t >= -1 with f(t) <= g(t), for f - g non-increasing and eventually negative."""
    ft, gt = f[1], g[1]
    ts = _breakpoints(f, g)
    diffs = [x - y for x, y in zip(_sample(f, ts), _sample(g, ts))]
    if diffs[0] <= 0:
        return ts[0]
    for (a, da), (b, db) in zip(zip(ts, diffs), zip(ts[1:], diffs[1:])):
        if db <= 0:
            return a + da / ((da - db) / (b - a))
    slope = ft - gt
    if slope >= 0:
        raise AssertionError("scaffolds of a short game always meet")
    return ts[-1] - diffs[-1] / slope


def _truncate(f: tuple, top: Fraction) -> tuple:
    """f on [-1, top], constant f(top) above: a wall with its mast starting at ``top``."""
    points, tail = f
    kept = [p for p in points if p[0] < top]
    kept.append((top, _value(points, tail, top)))
    return _simplify(kept, 0)


def scaffold_walls(left_walls: list, right_walls: list) -> tuple[tuple, tuple]:
    """The walls of ``{G^L | G^R}`` from the right walls of the G^L and the left walls of the G^R.

    Scaffolds (Siegel, CGT §II.5; Winning Ways ch. 6): the left scaffold is ``max R_t(G^L) - t``, the right
    scaffold ``min L_t(G^R) + t``.  Their difference is non-increasing; the temperature is the least
    ``t >= -1`` where left <= right, and above it both walls are the mast at that value.  All coordinates
    are of one number type.  The walls of ``+-1 = {1 | -1}`` from the masts of 1 and -1:

    >>> scaffold_walls([((-1.0, 1.0),)], [((-1.0, -1.0),)])
    (((-1.0, 2.0), (1.0, 0.0)), ((-1.0, -2.0), (1.0, 0.0)))
    """
    left = None
    for points in left_walls:
        f = _add_linear((points, 0), -1)
        left = f if left is None else _combine(left, f, take_max=True)
    right = None
    for points in right_walls:
        f = _add_linear((points, 0), 1)
        right = f if right is None else _combine(right, f, take_max=False)
    tau = _first_nonpositive(left, right)
    if tau == -1 and _value(*left, tau) != _value(*right, tau):
        # Cannot happen for canonical forms: scaffolds strictly apart at -1
        # would make {G^L | G^R} an integer (simplicity theorem).
        raise AssertionError("scaffolds apart at t = -1: the game is not in canonical form")
    return _truncate(left, tau), _truncate(right, tau)


# ====================================================================== value types

def _fraction(value, what: str) -> Fraction:
    """A rational coordinate: int, Fraction, or a Game that is a number."""
    from cgt.kernel.game import Game

    if isinstance(value, Game):
        if value.number is None:
            raise InvalidGameError(f"{what} must be a number, got {value}")
        return value.number
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise InvalidGameError(f"{what} must be an int or a Fraction, got {value!r}")
    return Fraction(value)


def _format(q) -> str:
    q = Fraction(q)
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def _format_list(values: Iterable[Fraction]) -> str:
    return "[" + ",".join(_format(v) for v in values) + "]"


class Trajectory:
    """One wall of a thermograph: a continuous piecewise-linear function of temperature ``t >= -1``.

    Built like CGSuite's trajectories: ``Trajectory(mast, critical_temperatures,
    slopes)``; the critical temperatures are strictly decreasing and greater than
    -1, ``slopes[i]`` is ``d value / d t`` just below ``critical_temperatures[i]``
    (down to the next critical temperature, or to -1 for the last one), and the
    value is ``mast`` above the highest critical temperature.  The stored form is
    normalised: a slope equal to the one above it merges into it.

    >>> w = Trajectory(0, [1], [-1])          # left wall of +-1
    >>> w(0), w(Fraction(1, 2)), w(5), w(-1)
    (Fraction(1, 1), Fraction(1, 2), Fraction(0, 1), Fraction(2, 1))
    >>> print(w)
    Trajectory(0,[1],[0,-1])
    >>> Trajectory(2, [3, 1], [0, 0]) == Trajectory(2)
    True
    """

    __slots__ = ("_points", "_fractions")

    def __init__(self, mast=0, critical_temperatures: Iterable = (), slopes: Iterable = ()):
        mast = _fraction(mast, "a trajectory's mast")
        temps = [_fraction(t, "a critical temperature") for t in critical_temperatures]
        slopes = [_fraction(s, "a slope") for s in slopes]
        if len(temps) != len(slopes):
            raise ValueError(
                f"a trajectory needs one slope per critical temperature, got {len(temps)} and {len(slopes)}"
            )
        for t in temps:
            if t <= _MINUS_ONE:
                raise ValueError(f"critical temperatures must be greater than -1, got {_format(t)}")
        for hi, lo in zip(temps, temps[1:]):
            if not hi > lo:
                raise ValueError(
                    f"critical temperatures must be strictly decreasing, got {_format_list(temps)}"
                )
        points = [] if not temps else [(temps[0], mast)]
        value = mast
        for i, (t, s) in enumerate(zip(temps, slopes)):
            below = temps[i + 1] if i + 1 < len(temps) else _MINUS_ONE
            value = value - s * (t - below)
            points.append((below, value))
        if not points:
            points = [(_MINUS_ONE, mast)]
        points.reverse()
        self._points = _simplify(points, Fraction(0))

        self._fractions = self._points

    @classmethod
    def _from_points(cls, points: tuple) -> "Trajectory":
        """A wall from its corners, in Fractions or in exact machine dyadics (floats; see the module notes)."""
        w = object.__new__(cls)
        w._points = points
        w._fractions = None
        return w

    def _exact(self) -> tuple:
        """The corners as Fractions (the public form)."""
        fractions = self._fractions
        if fractions is None:
            fractions = self._fractions = _to_fraction_points(self._points)
        return fractions

    def _top(self):
        """The highest critical temperature in the stored number type, or None for a bare mast."""
        points = self._points
        return points[-1][0] if len(points) > 1 else None

    @property
    def mast(self) -> Fraction:
        """The value above the highest critical temperature.

        >>> Trajectory(3, [1], [-1]).mast
        Fraction(3, 1)
        """
        return Fraction(self._points[-1][1])

    @property
    def critical_temperatures(self) -> tuple[Fraction, ...]:
        """Temperatures where the slope changes, highest first.

        >>> Trajectory(9, [3, 1], [1, 0]).critical_temperatures
        (Fraction(3, 1), Fraction(1, 1))
        """
        return tuple(t for t, _ in reversed(self._exact()[1:]))

    @property
    def slopes(self) -> tuple[Fraction, ...]:
        """``d value / d t`` just below each critical temperature.

        >>> Trajectory(9, [3, 1], [1, 0]).slopes
        (Fraction(1, 1), Fraction(0, 1))
        """
        p = self._exact()
        return tuple((p[i][1] - p[i - 1][1]) / (p[i][0] - p[i - 1][0]) for i in range(len(p) - 1, 0, -1))

    @property
    def points(self) -> tuple[tuple[Fraction, Fraction], ...]:
        """The corners ``(t, value)`` from ``t = -1`` up to the start of the mast.

        >>> Trajectory(0, [1], [1]).points
        ((Fraction(-1, 1), Fraction(-2, 1)), (Fraction(1, 1), Fraction(0, 1)))
        """
        return self._exact()

    def value_at(self, t) -> Fraction:
        """The wall's value at temperature ``t >= -1``.

        >>> Trajectory(0, [1], [1]).value_at(Fraction(1, 2))
        Fraction(-1, 2)
        """
        return _value(self._exact(), Fraction(0), _fraction(t, "a temperature"))

    __call__ = value_at

    def _function(self) -> tuple:
        return self._points, 0

    def __eq__(self, other):
        if not isinstance(other, Trajectory):
            return NotImplemented
        return self._points == other._points

    def __hash__(self):
        return hash(("Trajectory", self._points))

    def __str__(self):
        """CGSuite's ``Trajectory(mast,[c1,c2,…],[s0,s1,…])``: the slopes start with the mast's slope ``s0``
        (0: a thermograph's mast is vertical), one more slope than critical temperatures."""
        return f"Trajectory({self.text_fields()})"

    def text_fields(self) -> str:
        """``mast,[c1,…],[s0,s1,…]``: this wall's part of the text of a thermograph.

        >>> Trajectory(0, [1], [-1]).text_fields()
        '0,[1],[0,-1]'
        """
        return f"{_format(self.mast)},{_format_list(self.critical_temperatures)},{_format_list((0,) + self.slopes)}"

    def __repr__(self):
        temps = ", ".join(f"Fraction({_format(t)!r})" for t in self.critical_temperatures)
        slopes = ", ".join(f"Fraction({_format(s)!r})" for s in self.slopes)
        return f"Trajectory(Fraction({_format(self.mast)!r}), [{temps}], [{slopes}])"


class Thermograph:
    """The thermograph of a short game: its left and right walls, mast value and temperature.

    ``str()`` gives CGSuite's form ``Thermograph(m,[temps],[slopes],m,[temps],[slopes])``:
    the left wall's mast value, critical temperatures (highest first) and slopes
    below them, then the same three fields for the right wall (see
    :class:`Trajectory`).  Slopes are ``d value / d temperature``.

    >>> from cgt import switch, integer, dyadic
    >>> print(switch(integer(3)).thermograph())
    Thermograph(0,[3],[0,-1],0,[3],[0,1])
    >>> print(dyadic(1, 2).thermograph())
    Thermograph(1/2,[-1/2],[0,-1],1/2,[-1/2],[0,1])
    >>> Thermograph(Trajectory(0, [3], [-1]), Trajectory(0, [3], [1])) == switch(integer(3)).thermograph()
    True
    """

    __slots__ = ("left_wall", "right_wall")

    def __init__(self, left_wall: Trajectory, right_wall: Trajectory):
        if not isinstance(left_wall, Trajectory) or not isinstance(right_wall, Trajectory):
            raise InvalidGameError("Thermograph(left_wall, right_wall) needs two Trajectory values")
        if left_wall.mast != right_wall.mast:
            raise ValueError(
                f"the walls of a thermograph share one mast, got {_format(left_wall.mast)} "
                f"and {_format(right_wall.mast)}"
            )
        corners = {_MINUS_ONE, *left_wall.critical_temperatures, *right_wall.critical_temperatures}
        for t in sorted(corners):
            if left_wall(t) < right_wall(t):
                raise ValueError(f"the left wall is right of the right wall at temperature {_format(t)}")
        self.left_wall = left_wall
        self.right_wall = right_wall

    @classmethod
    def of_integer(cls, x) -> "Thermograph":
        """The thermograph of the integer ``x`` (an int or an integral Fraction): a mast from t = -1
        (CGSuite's convention).

        >>> print(Thermograph.of_integer(3))
        Thermograph(3,[],[0],3,[],[0])
        """
        n = x.numerator
        point = (-1.0, float(n)) if -_FLOAT_LIMIT < n < _FLOAT_LIMIT else (_MINUS_ONE, Fraction(n))
        wall = Trajectory._from_points((point,))
        return cls._trusted(wall, wall)

    @classmethod
    def _trusted(cls, left_wall: Trajectory, right_wall: Trajectory) -> "Thermograph":
        th = object.__new__(cls)
        th.left_wall = left_wall
        th.right_wall = right_wall
        return th

    @classmethod
    def of_options(cls, lefts: Sequence["Thermograph"], rights: Sequence["Thermograph"]) -> "Thermograph":
        """The thermograph of ``{G^L | G^R}`` from the thermographs of its options.

        Scaffolds (Siegel, CGT §II.5; Winning Ways ch. 6): the left scaffold
        is ``max R_t(G^L) - t``, the right scaffold ``min L_t(G^R) + t``.  Their
        difference is non-increasing; the temperature is the least ``t >= -1``
        where left <= right, and above it both walls are the mast at that value.
        The options must be those of a canonical non-integer game (both sides
        non-empty, scaffolds not apart at t = -1).

        >>> three, minus_three = Thermograph.of_integer(3), Thermograph.of_integer(-3)
        >>> print(Thermograph.of_options([three], [minus_three]))          # {3 | -3} = +-3
        Thermograph(0,[3],[0,-1],0,[3],[0,1])
        """
        if not lefts or not rights:
            raise AssertionError("a canonical non-integer game has options on both sides")
        if _compiled_thermograph is not None and type(lefts) is list and type(rights) is list:
            # The compiled float route, walls read and thermograph built in C; None when a corner in or out
            # left the bounds (then the Fraction route below).
            th = _compiled_thermograph(lefts, rights)
            if th is not None:
                return th
        left_walls = [th.right_wall._points for th in lefts]
        right_walls = [th.left_wall._points for th in rights]
        # Exact machine dyadics first (see the module notes), compiled when built; Fractions when a corner
        # leaves the bounds.  Computed walls are stored in floats exactly when they are inside the bounds, so
        # a wall stored in Fractions sends its parent straight to the Fraction route (where its corners most
        # likely are too: converting first would cost more than it saves).
        if _compiled_scaffold is not None:
            walls = _compiled_scaffold(left_walls, right_walls)   # None: a corner in or out left the bounds
            if walls is not None:
                return cls._trusted(Trajectory._from_points(walls[0]), Trajectory._from_points(walls[1]))
        elif all(type(w[0][1]) is float for w in left_walls) and all(type(w[0][1]) is float for w in right_walls):
            walls = scaffold_walls(left_walls, right_walls)
            if _walls_machine_exact(walls):
                return cls._trusted(Trajectory._from_points(walls[0]), Trajectory._from_points(walls[1]))
        walls = scaffold_walls([th.right_wall._exact() for th in lefts],
                                [th.left_wall._exact() for th in rights])
        return cls._trusted(Trajectory._from_points(walls[0]), Trajectory._from_points(walls[1]))

    @property
    def mast(self) -> Fraction:
        """The mast value, which is the game's mean.

        >>> from cgt import game
        >>> game([3], [game([2], [1])]).thermograph().mast
        Fraction(9, 4)
        """
        return self.left_wall.mast

    @property
    def temperature(self) -> Fraction:
        """Where the mast starts: -1 for integers, -1/2^n for m/2^n, >= 0 for non-numbers.

        >>> from cgt import switch, integer, star
        >>> switch(integer(3)).thermograph().temperature, star.thermograph().temperature
        (Fraction(3, 1), Fraction(0, 1))
        """
        return Fraction(self.raw_temperature())

    def raw_temperature(self):
        """The temperature in the stored number type: a float on the exact float path, else a Fraction
        (:attr:`temperature` is always a Fraction).

        >>> from cgt import switch, integer
        >>> switch(integer(3)).thermograph().raw_temperature() == 3
        True
        """
        left, right = self.left_wall._points, self.right_wall._points
        if len(left) > 1:
            if len(right) > 1:
                return max(left[-1][0], right[-1][0])
            return left[-1][0]
        return right[-1][0] if len(right) > 1 else _MINUS_ONE

    def left_value(self, t) -> Fraction:
        """The left wall at temperature ``t``: Left's stop of the game cooled by ``t``.

        >>> from cgt import switch, integer
        >>> switch(integer(3)).thermograph().left_value(1)
        Fraction(2, 1)
        """
        return self.left_wall(t)

    def right_value(self, t) -> Fraction:
        """The right wall at temperature ``t``: Right's stop of the game cooled by ``t``.

        >>> from cgt import switch, integer
        >>> switch(integer(3)).thermograph().right_value(1)
        Fraction(-2, 1)
        """
        return self.right_wall(t)

    def __eq__(self, other):
        if not isinstance(other, Thermograph):
            return NotImplemented
        return self.left_wall == other.left_wall and self.right_wall == other.right_wall

    def __hash__(self):
        return hash(("Thermograph", self.left_wall, self.right_wall))

    def __str__(self):
        return f"Thermograph({self.left_wall.text_fields()},{self.right_wall.text_fields()})"

    def __repr__(self):
        return f"Thermograph({self.left_wall!r}, {self.right_wall!r})"

    # ------------------------------------------------------------------ drawing
    def plot(self, ax=None, *, title: str | None = None, top=None, bottom=-1, color: str = "C0",
             annotate: bool = True):
        """Draw the thermograph with matplotlib and return the ``Axes``.

        Drawn the way Winning Ways draws thermographs: temperature upward and
        values increasing *to the left* (Left's side), walls from ``bottom``
        (default ``t = -1``) up to the mast, the mast continuing to ``top``
        (default: a little above the temperature) with an arrow head.  A thin
        line marks ``t = 0``; ``annotate`` labels the mean and temperature.
        Needs the optional extra ``plot`` (``pip install 'cgt[plot]'``).

        >>> from cgt import game
        >>> from matplotlib.figure import Figure
        >>> ax = game([3], [game([2], [1])]).thermograph().plot(Figure().add_subplot(), title="{3||2|1}")
        >>> ax.get_title(), bool(ax.get_xlim()[0] > ax.get_xlim()[1])
        ('{3||2|1}', True)
        """
        if ax is None:
            plt = _pyplot()
            _, ax = plt.subplots(figsize=(5, 4))
        self._draw(ax, title=title, top=top, bottom=bottom, color=color, annotate=annotate)
        return ax

    def _draw(self, ax, *, title, top, bottom, color, annotate):
        bottom = _fraction(bottom, "the bottom temperature")
        if bottom < _MINUS_ONE:
            raise ValueError(f"thermographs start at temperature -1, not {_format(bottom)}")
        tau = self.temperature
        mast = self.mast
        spread = max(self.left_wall(bottom) - self.right_wall(bottom), Fraction(1))
        if top is None:
            top = max(tau, bottom) + max(Fraction(1), spread / 2)
        top = _fraction(top, "the top temperature")
        for wall in (self.left_wall, self.right_wall):
            pts = [(t, v) for t, v in wall.points if bottom < t < top]
            ts = [bottom] + [t for t, _ in pts] + [top]
            vs = [wall(bottom)] + [v for _, v in pts] + [wall(top)]
            ax.plot([float(v) for v in vs], [float(t) for t in ts], color=color, linewidth=2,
                    solid_joinstyle="miter")
        ax.annotate("", xy=(float(mast), float(top)), xytext=(float(mast), float(top) - 0.01),
                    arrowprops=dict(arrowstyle="-|>", color=color, lw=2))
        lo = min(self.right_wall(bottom), mast) - Fraction(1, 2)
        hi = max(self.left_wall(bottom), mast) + Fraction(1, 2)
        shared = _shared_axes(ax)
        shared.add(lo, hi, bottom, top, title)
        lo, hi, bottom, top = shared.box
        ax.set_xlim(float(hi), float(lo))  # values increase to the left, as in Winning Ways
        ax.set_ylim(float(bottom), float(top) + 0.1 * float(top - bottom))
        ax.set_aspect("equal", adjustable="box")  # walls at 45 degrees, as in Winning Ways
        if not shared.drawn_axis:
            ax.axhline(0, color="0.6", linewidth=0.8, zorder=0)
            ax.set_xlabel("value (Left's side on the left)")
            ax.set_ylabel("temperature")
            ax.grid(True, linewidth=0.3)
            shared.drawn_axis = True
        if annotate:
            ax.plot([float(mast)], [float(max(tau, bottom))], "o", color=color, markersize=4)
            shared.note(ax, title, f"mean {_format(mast)}, temperature {_format(tau)}", color)
        if shared.titles:
            ax.set_title(", ".join(shared.titles))

    def _figure(self, title: str | None = None):
        """A matplotlib ``Figure`` (no pyplot state) holding this thermograph."""
        from matplotlib.figure import Figure

        fig = Figure(figsize=(4, 3.2))
        ax = fig.add_subplot()
        self._draw(ax, title=str(self) if title is None else title, top=None, bottom=-1, color="C0",
                   annotate=True)
        ax.title.set_fontsize(7)
        fig.tight_layout()
        return fig

    def save_png(self, path=None, title: str | None = None) -> str:
        """Draw the thermograph into a PNG file and return its path.

        With no ``path``, the first free name of ``thermograph.png``, ``thermograph-2.png``, … in the
        current directory.  Needs the optional extra ``plot`` (``pip install 'cgt[plot]'``).

        >>> import os, tempfile
        >>> from cgt import game
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = game([3], [game([2], [1])]).thermograph().save_png(os.path.join(folder, "g.png"))
        ...     open(path, "rb").read(4)
        b'\\x89PNG'
        """
        try:
            fig = self._figure(title)
        except ImportError:
            raise ImportError("drawing a thermograph needs matplotlib, an optional extra: "
                              "pip install 'cgt[plot]'") from None
        if path is None:
            path, k = "thermograph.png", 1
            while os.path.exists(path):
                k += 1
                path = f"thermograph-{k}.png"
        path = os.fspath(path)
        try:
            fig.savefig(path, format="png", dpi=150)
        except OSError as error:
            raise OSError(f"cannot write the thermograph to {path}: {error.strerror or error}") from None
        return path

    def _repr_svg_(self):
        """Jupyter display: an SVG drawing when matplotlib is installed, else None (text is shown)."""
        try:
            fig = self._figure()
        except ImportError:
            return None
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg")
        return buffer.getvalue()


if _thermo is not None:
    _thermo.register(Trajectory, Thermograph)


class _SharedAxes:
    """What the thermographs drawn on one matplotlib ``Axes`` share: the box that holds them all, their
    titles (joined into the Axes title) and their notes (stacked in the upper left corner, each in its
    thermograph's colour, named by its title once there are two), so several thermographs on one Axes do
    not overwrite one another."""

    __slots__ = ("box", "titles", "notes", "drawn_axis", "__weakref__")

    def __init__(self) -> None:
        self.box = None
        self.titles: list[str] = []
        self.notes: list = []          # (title, text, colour, matplotlib Text)
        self.drawn_axis = False

    def add(self, lo, hi, bottom, top, title) -> None:
        if self.box is not None:
            old_lo, old_hi, old_bottom, old_top = self.box
            lo, hi, bottom, top = min(lo, old_lo), max(hi, old_hi), min(bottom, old_bottom), max(top, old_top)
        self.box = (lo, hi, bottom, top)
        if title is not None:
            self.titles.append(str(title))

    def note(self, ax, title, text: str, color: str) -> None:
        for *_, artist in self.notes:
            artist.remove()
        self.notes = [entry[:3] for entry in self.notes] + [(title, text, color)]
        named = len(self.notes) > 1
        self.notes = [(title, text, color,
                       ax.text(0.03, 0.97 - 0.07 * k, f"{title}: {text}" if named and title is not None else text,
                               transform=ax.transAxes, va="top", ha="left", fontsize=8, color=color))
                      for k, (title, text, color) in enumerate(self.notes)]


#: The drawing state of each Axes that holds a thermograph (kept only while the Axes lives).
_AXES_STATE: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _shared_axes(ax) -> _SharedAxes:
    state = _AXES_STATE.get(ax)
    if state is None:
        state = _AXES_STATE[ax] = _SharedAxes()
    return state


def _pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError(
            "Thermograph.plot() needs matplotlib, an optional extra: pip install 'cgt[plot]'"
        ) from None
    return plt
