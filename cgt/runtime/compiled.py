"""The optional compiled parts of cgt, the one loader that loads them, and the switch that turns them all off.

cgt has C twins of its hottest code (the kernel ``cgt.kernel._kernel``, thermograph walls ``cgt.thermo._thermo``,
the Domineering, Clobber and Amazons searches ``cgt.games.grid._domineering``, ``cgt.games.grid._clobber`` and
``cgt.games.grid._amazons``, the Fox and Geese game graph ``cgt.games.grid._fox_and_geese``, the simplest forms of
large stopper graphs ``cgt.loopy._stoppers``, octal-game sequences ``cgt.games.heap._octal``), built by
``pip install`` when a C compiler is there.
The pure-Python code stays the reference: ``CGT_PURE=1`` in the environment (read when cgt is imported) makes
every part use it, which is how CI runs the whole suite a second time.

Every extension is loaded by :func:`optional_module`, with one policy: with ``CGT_PURE`` set it is not loaded
and nothing is said; otherwise a missing extension (cgt installed without a C compiler) costs one
``RuntimeWarning`` naming it, and the pure-Python code takes over.

>>> isinstance(pure_requested(), bool)
True
"""

from __future__ import annotations

import importlib
import os
import warnings
from types import ModuleType

__all__ = ["pure_requested", "optional_module"]


def pure_requested() -> bool:
    """Whether ``CGT_PURE`` asks for the pure-Python code everywhere (any value but empty or ``0``)."""
    return os.environ.get("CGT_PURE", "") not in ("", "0")


def optional_module(name: str, role: str) -> ModuleType | None:
    """The compiled module ``name`` (the compiled ``role``, e.g. ``"kernel"``), or None for the pure-Python code.

    None, silently, when ``CGT_PURE`` is set; None with one ``RuntimeWarning`` when the extension was not built
    (installed without a C compiler).

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     module = optional_module("cgt.no_such_extension", "example")
    >>> module is None, len(caught) == (0 if pure_requested() else 1)
    (True, True)
    """
    if pure_requested():
        return None
    try:
        return importlib.import_module(name)
    except ImportError as error:
        warnings.warn(f"cgt: {name}, the compiled {role}, is not available ({error}); using the pure-Python code, "
                      f"which is slower (reinstall with a C compiler, or set CGT_PURE=1 to silence this)",
                      RuntimeWarning, stacklevel=2)
        return None
