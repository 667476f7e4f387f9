"""The two players of a partizan game.

>>> from cgt import Player
>>> Player.Left.opponent, Player.Right.sign, Player.Left.ordinal, str(Player.Right)
(<Player.Right: 2>, -1, 1, 'Right')
>>> Player.parse("l"), Player.parse("Right")
(<Player.Left: 1>, <Player.Right: 2>)
"""

from __future__ import annotations

import enum

from cgt.errors import InvalidGameError

__all__ = ["Player"]


class Player(enum.Enum):
    """``Left`` (moves to larger values, "blue", "black") or ``Right``; values are CGSuite's ordinals."""

    Left = 1
    Right = 2

    @property
    def opponent(self) -> "Player":
        """The other player."""
        return Player.Right if self is Player.Left else Player.Left

    @property
    def sign(self) -> int:
        """``+1`` for Left, ``-1`` for Right (Left prefers positive values)."""
        return 1 if self is Player.Left else -1

    @property
    def ordinal(self) -> int:
        """CGSuite's ordinal: Left 1, Right 2."""
        return self.value

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, value) -> "Player":
        """A player from ``Player``, ``"L"``/``"R"``/``"Left"``/``"Right"`` (any case) or ``Outcome.L``/``R``.

        >>> Player.parse("x")
        Traceback (most recent call last):
        ...
        cgt.errors.InvalidGameError: 'x' is not a player: use Player.Left or Player.Right
        """
        if isinstance(value, cls):
            return value
        text = str(getattr(value, "value", value)).strip().upper()
        if text in ("L", "LEFT"):
            return cls.Left
        if text in ("R", "RIGHT"):
            return cls.Right
        raise InvalidGameError(f"{value!r} is not a player: use Player.Left or Player.Right")


# A pickle of a player records the path it finds the class by: the public cgt.Player, which no move of the
# kernel's modules changes.
Player.__module__ = "cgt"
