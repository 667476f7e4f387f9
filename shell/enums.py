"""CGSuite's built-in enums that live in the shell: ``CompoundType`` (what a compound game combines) and
``Icon`` (the pictures of CGSuite's board output).  Their values print as their literal names
(``ConjunctiveSum``, ``BlackStone``), as CGSuite prints enum values, and have ``Literal`` and ``Ordinal``
(1 for the first value, in the order CGSuite's documentation lists them).

>>> str(CompoundType.OrdinalSum), Icon.Frog.name
('OrdinalSum', 'Frog')
>>> sorted(enum_namespace(CompoundType).entries)[:2]
['ConjunctiveSum', 'ConwayProduct']
"""

from __future__ import annotations

import enum

from cgt.shell.method_registry import Section
from cgt.shell.values import Namespace

__all__ = ["ShellEnum", "CompoundType", "Icon", "ENUM_VALUES", "enum_namespace"]


class ShellEnum(enum.Enum):
    """An enum of the shell whose values print as their names."""

    def __str__(self) -> str:
        return self.name


class CompoundType(ShellEnum):
    """How a ``CompoundGame`` combines its two games (CGSuite's ``game.CompoundType``)."""

    ConjunctiveSum = 1
    ConwayProduct = 2
    DisjunctiveSum = 3
    OrdinalProduct = 4
    OrdinalSum = 5
    SelectiveSum = 6


_ICONS = (["Blank", "BlackStone", "GrayStone", "WhiteStone"]
          + [f"{colour}{piece}" for colour in ("Black", "White")
             for piece in ("Bishop", "King", "Knight", "Pawn", "Queen", "Rook")]
          + ["BlackDomino", "GrayDomino", "WhiteDomino", "BlackSquare", "BlueSquare", "GraySquare", "GreenSquare",
             "RedSquare", "Frog", "Toad", "PennyHeads", "PennyTails", "DownArrow", "LeftArrow", "RightArrow",
             "UpArrow"])

#: CGSuite's ``cgsuite.util.Icon``: the pictures a board's cells are drawn with.
Icon = ShellEnum("Icon", [(name, i + 1) for i, name in enumerate(_ICONS)], module=__name__, qualname="Icon")

_QUALIFIED = {CompoundType: "game.CompoundType", Icon: "cgsuite.util.Icon"}


def enum_namespace(kind) -> Namespace:
    """The namespace ``Kind.Value`` of a shell enum."""
    space = Namespace(_QUALIFIED[kind].rsplit(".", 1)[-1], f"CGSuite's {_QUALIFIED[kind]}: "
                      + ", ".join(member.name for member in kind) + ".")
    for member in kind:
        space.entries[member.name] = member
    return space


ENUM_VALUES = Section("enum values", ShellEnum, letter="e")


@ENUM_VALUES.method("Literal")
def literal(value: ShellEnum) -> str:
    """The value's name, as a string."""
    return value.name


@ENUM_VALUES.method("Ordinal")
def ordinal(value: ShellEnum) -> int:
    """The value's place among its enum's values (1 for the first)."""
    return value.value
