"""Numeration systems behind Wythoff-like games: Zeckendorf (Fibonacci), Ostrowski, and the linear
recurrences of Fraenkel's ``(s, m)`` games (Mignoty, Renard, Rigo, Whiteland, *Automatic proofs in
combinatorial game theory*, §2, §3, §4).

Every system here is *greedy*: ``n`` is written with the largest term first, as many times as it fits.
For the sequence ``U_0 = 1``, ``U_1 = s + m``, ``U_n = (s + m - 1) U_{n-1} + s U_{n-2}`` (their Lemma 4.1)
this gives the U-representation; ``s = m = 1`` is Zeckendorf's (terms 1, 2, 3, 5, 8, ...: their Table 1),
``s = 1`` the Ostrowski p-system of ``[1; m, m, ...]`` (§3).  Fraenkel's theorem (their Theorems 2.5 and
4.2): ``(a, b)``, ``a <= b``, is a P-position of the ``(s, m)`` game iff ``rep(a)`` ends in an even number
of zeros and ``rep(b)`` is ``rep(a)`` shifted left (``rep(a)`` followed by ``0``).

>>> zeckendorf(12), zeckendorf(13), zeckendorf(0)
('10101', '100000', '')
>>> [LinearNumeration(2, 2).representation(n) for n in (4, 13, 14)]
['10', '31', '100']
>>> [(a, b) for b in range(14) for a in range(b + 1) if fraenkel_p_position(a, b)]
[(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
"""

from __future__ import annotations

from cgt.errors import InvalidPositionError

__all__ = ["GreedyNumeration", "LinearNumeration", "OstrowskiNumeration", "zeckendorf", "ostrowski",
           "ends_in_even_zeros", "fraenkel_p_position", "fraenkel_pairs"]


class GreedyNumeration:
    """A numeration system given by increasing terms ``1 = U_0 < U_1 < ...``; digits most significant first."""

    def __init__(self, first_terms, step, name: str) -> None:
        self.terms = list(first_terms)
        self._step = step
        self.name = name

    def __repr__(self) -> str:
        return self.name

    def _terms_up_to(self, n: int) -> list[int]:
        while self.terms[-1] <= n:
            self.terms.append(self._step(self.terms))
        return self.terms

    def digits(self, n: int) -> tuple[int, ...]:
        """The greedy representation of ``n >= 0`` (``()`` for 0)."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InvalidPositionError(f"{self.name}: {n!r} is not a non-negative integer")
        terms = self._terms_up_to(n)
        top = max(i for i, u in enumerate(terms) if u <= n) if n else -1
        result = []
        for u in reversed(terms[: top + 1]):
            q, n = divmod(n, u)
            result.append(q)
        return tuple(result)

    def representation(self, n: int) -> str:
        """The digits as a string (digits above 9 in brackets)."""
        return "".join(str(d) if d < 10 else f"[{d}]" for d in self.digits(n))

    def value(self, digits) -> int:
        """The number a digit word (most significant first) stands for."""
        digits = list(digits)
        terms = self._terms_up_to(0)
        while len(terms) < len(digits):
            terms.append(self._step(terms))
        return sum(d * terms[i] for i, d in enumerate(reversed(digits)))

    def p_position(self, a: int, b: int) -> bool:
        """Fraenkel's criterion: ``rep(min)`` ends in an even number of zeros and ``rep(max) = rep(min) 0``."""
        a, b = min(a, b), max(a, b)
        if a == 0:
            return b == 0
        da = self.digits(a)
        return ends_in_even_zeros(da) and self.digits(b) == da + (0,)

    def pairs(self, bound: int) -> list[tuple[int, int]]:
        """The pairs ``(a, b)``, ``a <= b <= bound``, that satisfy :meth:`p_position` (one per admissible
        ``a``: ``b`` is the left shift of ``a``)."""
        result = [(0, 0)]
        for a in range(1, bound + 1):
            da = self.digits(a)
            if ends_in_even_zeros(da):
                b = self.value(da + (0,))
                if b <= bound:
                    result.append((a, b))
        return result


def ends_in_even_zeros(digits) -> bool:
    """Whether the word ends in an even number (possibly 0) of zeros.

    >>> ends_in_even_zeros("1000"), ends_in_even_zeros((1, 0)), ends_in_even_zeros("")
    (False, False, True)
    """
    digits = [int(d) for d in digits]
    zeros = len(digits) - len("".join("x" if d else "0" for d in digits).rstrip("0"))
    return zeros % 2 == 0


class LinearNumeration(GreedyNumeration):
    """The U-system of Fraenkel's ``(s, m)`` game: ``U_0 = 1``, ``U_1 = s + m``,
    ``U_n = (s + m - 1) U_{n-1} + s U_{n-2}`` (Mignoty et al., Lemma 4.1).

    >>> LinearNumeration(1, 2).terms[:1] + [LinearNumeration(1, 2)._terms_up_to(600)[i] for i in range(1, 8)]
    [1, 3, 7, 17, 41, 99, 239, 577]
    """

    def __init__(self, s: int = 1, m: int = 1) -> None:
        for label, x in (("s", s), ("m", m)):
            if not isinstance(x, int) or isinstance(x, bool) or x < 1:
                raise InvalidPositionError(f"LinearNumeration: {label} = {x!r} is not a positive integer")
        self.s, self.m = s, m
        super().__init__([1, s + m], lambda t: (s + m - 1) * t[-1] + s * t[-2], f"LinearNumeration({s}, {m})")


class OstrowskiNumeration(GreedyNumeration):
    """The Ostrowski p-system of ``alpha = [1; d_1, d_2, ...]``: terms are the numerators of the
    convergents, ``p_0 = 1``, ``p_1 = d_1 + 1``, ``p_{i+1} = d_{i+1} p_i + p_{i-1}`` (Mignoty et al., §3).
    ``quotients`` is the list ``d_1, d_2, ...`` repeated forever (``[1]`` is Zeckendorf's, ``[2]`` is
    ``sqrt 2``'s).

    >>> OstrowskiNumeration([2]).representation(16), OstrowskiNumeration([2]).representation(17)
    ('202', '1000')
    """

    def __init__(self, quotients) -> None:
        quotients = list(quotients)
        if not quotients or not all(isinstance(d, int) and d >= 1 for d in quotients):
            raise InvalidPositionError(f"OstrowskiNumeration: {quotients!r} is not a list of positive integers")
        self.quotients = quotients
        super().__init__([1, quotients[0] + 1],
                         lambda t: quotients[(len(t) - 1) % len(quotients)] * t[-1] + t[-2],
                         f"OstrowskiNumeration({quotients})")


def zeckendorf(n: int) -> str:
    """The Fibonacci (Zeckendorf) representation of ``n`` (Mignoty et al., Table 1)."""
    return LinearNumeration(1, 1).representation(n)


def ostrowski(n: int, m: int) -> str:
    """The representation of ``n`` in the Ostrowski p-system of ``[1; m, m, ...]`` (the numbers of
    Fraenkel's game with parameter ``m``)."""
    return OstrowskiNumeration([m]).representation(n)


def fraenkel_p_position(a: int, b: int, s: int = 1, m: int = 1) -> bool:
    """Fraenkel's characterisation of the P-positions of the ``(s, m)`` game (Theorems 2.5 and 4.2)."""
    return LinearNumeration(s, m).p_position(a, b)


def fraenkel_pairs(bound: int, s: int = 1, m: int = 1) -> list[tuple[int, int]]:
    """The pairs ``a <= b <= bound`` that Fraenkel's characterisation calls P-positions."""
    return LinearNumeration(s, m).pairs(bound)
