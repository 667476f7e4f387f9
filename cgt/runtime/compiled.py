"""The optional compiled parts of cgt, and the switch that turns them all off.

cgt has C twins of its hottest code (the kernel ``cgt.kernel._kernel``, thermograph walls ``cgt.thermo._thermo``, the
Domineering search ``cgt.games.grid._domineering``), built by ``pip install`` when a C compiler is there.  The
pure-Python code stays the reference: ``CGT_PURE=1`` in the environment (read when cgt is imported) makes
every part use it, which is how CI runs the whole suite a second time.

>>> isinstance(pure_requested(), bool)
True
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["pure_requested", "optional_module"]


def pure_requested() -> bool:
    """Whether ``CGT_PURE`` asks for the pure-Python code everywhere (any value but empty or ``0``)."""
    return os.environ.get("CGT_PURE", "") not in ("", "0")


def optional_module(name: str) -> ModuleType | None:
    """The compiled module ``name``, or None when ``CGT_PURE`` is set or it was not built (no compiler).

    >>> optional_module("cgt.no_such_extension") is None
    True
    """
    if pure_requested():
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None
