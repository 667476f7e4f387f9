"""Where cgt keeps files of its own for a user: the folder of its on-disk caches (the results cache, the
shell's parse tables), ``$XDG_CACHE_HOME/cgt`` or ``~/.cache/cgt`` (the XDG base directory convention).

Everything kept there can be rebuilt: deleting the folder costs time, never a result.

>>> import os
>>> os.path.basename(user_cache_folder())
'cgt'
"""

from __future__ import annotations

import os

__all__ = ["user_cache_folder"]


def user_cache_folder() -> str:
    """The folder of cgt's on-disk caches (not created here: a writer creates it when it first writes)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "cgt")
