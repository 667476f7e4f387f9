"""An opt-in results cache on disk (SQLite): values computed once are reused by later sessions.

Off by default.  Turn it on with :func:`enable` (or the environment variable ``CGT_CACHE``: a file path,
or ``1`` for the default path ``$XDG_CACHE_HOME/cgt/results.sqlite``, else ``~/.cache/cgt/results.sqlite``).
While it is on, the position engine (:mod:`cgt.games.engine.engine`), the Domineering solver and heap rulesets'
Grundy sequences look a value up on disk before computing it, and write what they compute, in one
transaction per search.

* **Keys**: the ruleset's identity -- the library version (a new version starts afresh, old entries age
  out) and the ruleset's public name: its name in the library's catalogue (``Kayles``), or its family's
  with its constructor parameters in a canonical text form (``Subtraction([1,3,4])``); a ruleset from
  outside the library is known by its class's module and qualified name, its parameters and its ``repr``;
  ``ruleset.cache_key()``, when a ruleset defines it, replaces the parameters --, the table (``values``,
  ``grundy``, ``values_by_key``, ``grundy_sequence``) and the normalised position (the engine's
  ``ruleset.normal_form(pos)``) in a canonical text form.  Rulesets or positions with no stable text form
  (a ruleset built from a Python function, say) are simply not cached.  The file records a format version;
  a file of another version, or not a cgt results database, is refused with a one-line error naming it.
* **Values** are stored as text: ``str(game)``, read back with ``cgt.game(text)`` (canonical forms print
  and parse back exactly); Grundy values as integers; Grundy sequences as comma-separated integers.
* **Size**: after each write, when the data outgrow ``max_bytes``, the least recently used entries are
  evicted (a quarter of them at a time) until they fit again.
* **Concurrency**: WAL mode, so several processes (e.g. the workers of :mod:`cgt.games.engine.parallel`) can read
  and write one file; a busy database is waited for (30 s), and a read or write that still fails, or
  finds the disk full, is dropped (it is only a cache).
* **Damage**: a file found damaged on a read or write gives a one-line :class:`CacheError` naming it, and
  the cache is turned off.
* **Results never depend on the cache**: a value read back is the value that was computed.

>>> import tempfile, os
>>> from cgt.games import Domineering
>>> path = os.path.join(tempfile.mkdtemp(), "results.sqlite")
>>> cache = enable(path)
>>> import cgt; cgt.clear_caches()
>>> str(Domineering("...|...").value)
'{2|-1/2}'
>>> stats()["entries"] > 0
True
>>> clear(); stats()["entries"]
0
>>> disable()
"""

from __future__ import annotations

import atexit
import os
import time
import weakref
from fractions import Fraction

from cgt import __version__
from cgt.errors import CGTError
from cgt.kernel.game import register_cache
from cgt.runtime.user_files import user_cache_folder

from cgt.games.engine.catalogue import library_name

__all__ = ["enable", "disable", "active", "clear", "stats", "flush", "default_path", "CacheError",
           "ResultsCache", "ruleset_key", "position_text", "on_enable"]

#: The format written in the file; a file of another format is refused.
FORMAT = "cgt-results"
VERSION = 1
#: Default size limit of the stored data.
DEFAULT_MAX_BYTES = 1 << 30
#: Pending writes that trigger a flush in the middle of a long search.
FLUSH_EVERY = 20_000

#: The enabled cache, or None (the hooks test only this).
ACTIVE: "ResultsCache | None" = None


class CacheError(CGTError, OSError):
    """The results cache file cannot be used (corrupt, not a cgt results database, another version)."""


def default_path() -> str:
    """``$XDG_CACHE_HOME/cgt/results.sqlite``, or ``~/.cache/cgt/results.sqlite``.

    >>> default_path().endswith(os.path.join("cgt", "results.sqlite"))
    True
    """
    return os.path.join(user_cache_folder(), "results.sqlite")


# -- canonical text forms -------------------------------------------------------------------------------

class _NoText(Exception):
    pass


def _text(obj) -> str:
    """A canonical, stable text form of a position or a parameter (raises _NoText if there is none)."""
    kind = type(obj)
    if kind is tuple and all(type(x) is int for x in obj):       # the common cases first, fast
        return "(" + ",".join(map(str, obj)) + ")"
    if kind.__name__ == "Grid":
        return f"G{obj.row_count}x{obj.col_count}:{obj.cells.hex()}"
    if obj is None or isinstance(obj, (bool, int)):
        return repr(obj)
    if isinstance(obj, str):
        return repr(obj)
    if isinstance(obj, float):
        return "f" + repr(obj)
    if isinstance(obj, Fraction):
        return f"q{obj.numerator}/{obj.denominator}"
    if isinstance(obj, bytes):
        return "b" + obj.hex()
    if isinstance(obj, tuple):
        return "(" + ",".join(_text(x) for x in obj) + ")"
    if isinstance(obj, list):
        return "[" + ",".join(_text(x) for x in obj) + "]"
    if isinstance(obj, (frozenset, set)):
        return "{" + ",".join(sorted(_text(x) for x in obj)) + "}"
    if isinstance(obj, dict):
        return "d{" + ",".join(sorted(_text(k) + ":" + _text(v) for k, v in obj.items())) + "}"
    cache_text = getattr(obj, "cache_text", None)
    if cache_text is not None:          # a position type's own text; None when this one has none
        text = cache_text()
        if text is None:
            raise _NoText
        return text
    from cgt.games.engine.ruleset import Ruleset

    if isinstance(obj, Ruleset):
        identity = _identity(obj)
        if identity is None:
            raise _NoText
        return "<" + identity + ">"
    from cgt.kernel.game import Game

    if isinstance(obj, Game):
        return "g" + str(obj)
    if type(obj).__name__ == "Code" and hasattr(obj, "digits"):
        return repr(str(obj))
    raise _NoText


def position_text(pos) -> str | None:
    """The canonical text of a (normalised) position, or None if it has none.

    >>> position_text((3, 5)), position_text(frozenset({2, 1})), position_text(lambda: 0)
    ('(3,5)', '{1,2}', None)
    """
    try:
        return _text(pos)
    except _NoText:
        return None


def ruleset_key(ruleset) -> str | None:
    """The identity of a ruleset in the cache, or None when it has no stable text form.

    The library's rulesets are known by their public names (no module path: moving a module keeps the keys):

    >>> from cgt.games import Kayles, Subtraction
    >>> ruleset_key(Kayles), ruleset_key(Subtraction([1, 3, 4]))
    ('cgt 0.1.0|Kayles', 'cgt 0.1.0|Subtraction([1,3,4])')
    """
    identity = _identity(ruleset)
    return None if identity is None else f"cgt {__version__}|{identity}"


def _identity(ruleset) -> str | None:
    """A ruleset's key without the version (see :func:`ruleset_key`), or None."""
    name = library_name(ruleset)
    if name is not None:
        return name
    cls = type(ruleset)
    family = library_name(cls)
    own = getattr(ruleset, "cache_key", None)
    if own is not None:
        return f"{family or cls.__module__ + '.' + cls.__qualname__}:{own()}"
    try:
        text = ",".join(_text(p) for p in ruleset.params())
    except _NoText:
        return None
    if family is not None:
        return f"{family}({text})"
    return f"{cls.__module__}.{cls.__qualname__}({text})|{ruleset!r}"     # a ruleset from outside the library


# -- the cache ---------------------------------------------------------------------------------------------

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rulesets (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS results (
    ruleset INTEGER NOT NULL, kind TEXT NOT NULL, pos TEXT NOT NULL, value TEXT NOT NULL, used INTEGER NOT NULL,
    PRIMARY KEY (ruleset, kind, pos));
"""


#: Connections a forked process inherited from its parent: SQLite must not use them in the child.
_INHERITED: list = []


class ResultsCache:
    """One open results database (use :func:`enable`; the hooks use :meth:`get` / :meth:`put`)."""

    def __init__(self, path: str, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 0:
            raise CacheError(f"results cache: max_bytes must be a non-negative int, got {max_bytes!r}")
        self.path = os.path.abspath(os.path.expanduser(path))
        self.max_bytes = max_bytes
        self._conn = None
        self._pid = None
        self._ids: dict = {}            # ruleset key text -> row id
        self._pending: dict = {}        # (rid, kind, pos) -> value text
        self._touched: set = set()
        self._parsed: dict = {}         # value text -> Game (many regions share a value) ...
        self._texts: dict = {}          # ... and Game -> value text
        # id(Grundy list) -> (weak ref to its heap ruleset, key, the list, length on disk).  Keyed by the list,
        # which the entry keeps alive, so ids never collide (a dead ruleset's id may be reused at once).
        self._sequences: dict = {}
        self.hits = self.misses = self.writes = 0
        self._flushing = False
        self.connection()

    # -- the connection (one per process: a forked worker opens its own) -----------------------------
    def connection(self):
        if self._conn is not None and self._pid == os.getpid():
            return self._conn
        import sqlite3

        if self._conn is not None:          # inherited through fork: never use it (nor close it) here
            _INHERITED.append(self._conn)
            self._conn = None
        self._ids.clear()
        self._pending.clear()
        self._touched.clear()
        folder = os.path.dirname(self.path)
        try:
            os.makedirs(folder, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as error:
            raise CacheError(f"results cache {self.path}: cannot open it ({error})") from None
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not names:
                conn.executescript(_SCHEMA)
                conn.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?), ('version', ?)", (FORMAT, str(VERSION)))
            meta = dict(conn.execute("SELECT key, value FROM meta")) if "meta" in names or not names else {}
        except sqlite3.Error as error:
            conn.close()
            raise CacheError(f"results cache {self.path}: not a usable SQLite database ({error})") from None
        if meta.get("format") != FORMAT:
            conn.close()
            raise CacheError(f"results cache {self.path}: not a cgt results database (another program's file?)")
        if meta.get("version") != str(VERSION):
            conn.close()
            raise CacheError(f"results cache {self.path}: written by format version {meta.get('version')}, "
                             f"this library reads version {VERSION} (delete the file)")
        self._conn, self._pid = conn, os.getpid()
        return conn

    def _rid(self, key: str, create: bool) -> int | None:
        rid = self._ids.get(key)
        if rid is None or (rid == -1 and create):
            conn = self.connection()
            row = conn.execute("SELECT id FROM rulesets WHERE key = ?", (key,)).fetchone()
            if row is None:
                if not create:
                    self._ids[key] = -1             # not in the file (yet): later lookups need no query
                    return None
                conn.execute("INSERT OR IGNORE INTO rulesets (key) VALUES (?)", (key,))
                row = conn.execute("SELECT id FROM rulesets WHERE key = ?", (key,)).fetchone()
            rid = self._ids[key] = row[0]
        return None if rid == -1 else rid

    def table(self, ruleset, kind: str) -> "TableHandle | None":
        """The handle the hooks use for one table of one ruleset, or None when the ruleset is not cacheable."""
        key = ruleset_key(ruleset)
        if key is None:
            return None
        return TableHandle(self, key, kind)

    # -- raw access ----------------------------------------------------------------------------------
    def _failed(self, error) -> None:
        """A SQLite error: a busy or full database only costs this read or write (it is only a cache);
        anything else means the file is damaged -- turn the cache off and say so, naming the file."""
        text = str(error).lower()
        if any(word in text for word in ("locked", "busy", "full")):
            return
        global ACTIVE
        if ACTIVE is self:
            ACTIVE = None
        self._pending.clear()
        self._touched.clear()
        self._sequences.clear()
        raise CacheError(f"results cache {self.path}: the file is damaged ({error}); the cache is now off "
                         f"(delete the file, or enable another one)") from None

    def get_text(self, key: str, kind: str, pos: str, count: bool = True) -> str | None:
        """The stored text of one entry, or None (``count``: in this session's hits and misses)."""
        import sqlite3

        try:
            rid = self._rid(key, create=False)
        except sqlite3.Error as error:
            self._failed(error)
            rid = None
        if rid is None:
            self.misses += count
            return None
        entry = (rid, kind, pos)
        text = self._pending.get(entry)
        if text is None:
            try:
                row = self.connection().execute(
                    "SELECT value FROM results WHERE ruleset = ? AND kind = ? AND pos = ?", entry).fetchone()
            except sqlite3.Error as error:
                self._failed(error)
                row = None
            if row is None:
                self.misses += count
                return None
            text = row[0]
            self._touched.add(entry)
        self.hits += count
        return text

    def put_text(self, key: str, kind: str, pos: str, text: str) -> None:
        """Queue one entry for the next :meth:`flush`."""
        import sqlite3

        try:
            rid = self._rid(key, create=True)
        except sqlite3.Error as error:
            self._failed(error)
            return
        self._pending[(rid, kind, pos)] = text
        if len(self._pending) >= FLUSH_EVERY and not self._flushing:
            self.flush()

    def parse_game(self, text: str):
        game_ = self._parsed.get(text)
        if game_ is None:
            from cgt.kernel.game import game

            game_ = self._parsed[text] = game(text)
        return game_

    def watch_sequence(self, ruleset, key: str, seq: list, stored: int) -> None:
        """Save the list ``seq`` (this heap ruleset's Grundy sequence, ``stored`` values long on disk) at
        each flush where it has grown; the list is kept until then even if the ruleset is dropped."""
        self._sequences[id(seq)] = (weakref.ref(ruleset), key, seq, stored)

    # -- writing ---------------------------------------------------------------------------------------
    def flush(self) -> None:
        """Write the queued entries (one transaction), then evict if the data outgrow ``max_bytes``."""
        self._flushing = True
        try:
            self._flush()
        finally:
            self._flushing = False

    def _flush(self) -> None:
        import sqlite3

        for ident, (ref, key, seq, stored) in list(self._sequences.items()):
            if len(seq) > max(stored, 1):
                self._sequences[ident] = (ref, key, seq, len(seq))
                self.put_text(key, "grundy_sequence", "", ",".join(map(str, seq)))
            if ref() is None:
                del self._sequences[ident]
        if not self._pending and not self._touched:
            return
        now = time.time_ns() // 1000                 # microseconds, plus the write order within a flush
        rows = [(rid, kind, pos, text, now + i) for i, ((rid, kind, pos), text) in enumerate(self._pending.items())]
        now += len(rows)
        touched = [(now, *entry) for entry in self._touched]
        self._pending = {}
        self._touched = set()
        conn = self.connection()
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany("INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?)", rows)
            conn.executemany("UPDATE results SET used = ? WHERE ruleset = ? AND kind = ? AND pos = ?", touched)
            conn.execute("COMMIT")
        except sqlite3.Error as error:           # a busy database: the write is dropped (only a cache)
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            self._failed(error)
            return
        self.writes += len(rows)
        try:
            if self.data_bytes() > self.max_bytes:
                self._evict()
        except sqlite3.Error:
            pass

    def data_bytes(self) -> int:
        """Bytes of the pages in use (the file itself may be larger until SQLite reuses free pages)."""
        conn = self.connection()
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        free = conn.execute("PRAGMA freelist_count").fetchone()[0]
        size = conn.execute("PRAGMA page_size").fetchone()[0]
        return (pages - free) * size

    def _evict(self) -> None:
        conn = self.connection()
        while self.data_bytes() > self.max_bytes:
            count = conn.execute("SELECT COUNT(*) FROM results").fetchone()[0]
            if not count:
                break
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("DELETE FROM results WHERE rowid IN (SELECT rowid FROM results ORDER BY used LIMIT ?)",
                         (max(1, count // 4),))
            conn.execute("COMMIT")

    def clear(self) -> None:
        """Delete every entry (the file stays, emptied)."""
        import sqlite3

        try:
            self._clear()
        except sqlite3.Error as error:
            raise CacheError(f"results cache {self.path}: cannot clear it ({error})") from None

    def _clear(self) -> None:
        self._pending.clear()
        self._touched.clear()
        self._parsed.clear()
        self._texts.clear()
        conn = self.connection()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("DELETE FROM results")
        conn.execute("DELETE FROM rulesets")
        conn.execute("COMMIT")
        self._ids.clear()
        conn.execute("VACUUM")

    def stats(self) -> dict:
        """``entries``, ``rulesets``, ``bytes`` (data), ``file_bytes``, ``max_bytes``, ``path`` and this
        session's ``hits``, ``misses`` and ``writes``."""
        import sqlite3

        try:
            return self._stats()
        except sqlite3.Error as error:
            raise CacheError(f"results cache {self.path}: cannot read it ({error})") from None

    def _stats(self) -> dict:
        self.flush()
        conn = self.connection()
        entries = conn.execute("SELECT COUNT(*) FROM results").fetchone()[0]
        rulesets = conn.execute("SELECT COUNT(*) FROM rulesets").fetchone()[0]
        file_bytes = sum(os.path.getsize(p) for p in (self.path, self.path + "-wal") if os.path.exists(p))
        return {"path": self.path, "entries": entries, "rulesets": rulesets, "bytes": self.data_bytes(),
                "file_bytes": file_bytes, "max_bytes": self.max_bytes, "hits": self.hits,
                "misses": self.misses, "writes": self.writes}

    def close(self) -> None:
        """Flush and close."""
        if self._conn is not None and self._pid == os.getpid():
            try:
                self.flush()
            finally:
                self._conn.close()
        self._conn = None

    def __repr__(self) -> str:
        return f"ResultsCache({self.path!r}, max_bytes={self.max_bytes})"


class TableHandle:
    """One table of one ruleset in the cache: what the engine hooks hold during a search."""

    __slots__ = ("cache", "key", "kind")

    def __init__(self, cache: ResultsCache, key: str, kind: str) -> None:
        self.cache, self.key, self.kind = cache, key, kind

    def get_game(self, pos):
        """The stored game of a position, or None."""
        text = position_text(pos)
        if text is None:
            return None
        value = self.cache.get_text(self.key, self.kind, text)
        return None if value is None else self.cache.parse_game(value)

    def put_game(self, pos, value) -> None:
        text = position_text(pos)
        if text is not None:
            texts = self.cache._texts
            value_text = texts.get(value)
            if value_text is None:
                value_text = texts[value] = str(value)
            self.cache.put_text(self.key, self.kind, text, value_text)

    def get_int(self, pos):
        """The stored integer (a Grundy value) of a position, or None."""
        text = position_text(pos)
        if text is None:
            return None
        value = self.cache.get_text(self.key, self.kind, text)
        return None if value is None else int(value)

    def put_int(self, pos, value: int) -> None:
        text = position_text(pos)
        if text is not None:
            self.cache.put_text(self.key, self.kind, text, str(int(value)))

    def flush(self) -> None:
        self.cache.flush()


# -- Grundy sequences of heap rulesets --------------------------------------------------------------------

def load_sequence(ruleset, seq: list) -> None:
    """Fill the fresh Grundy list ``seq`` of a heap ruleset from the enabled cache, and have the cache save
    the list when it grows."""
    cache = ACTIVE
    key = None if cache is None else ruleset_key(ruleset)
    if key is None:
        return
    text = cache.get_text(key, "grundy_sequence", "")
    if text is not None:
        seq[:] = [int(x) for x in text.split(",")]
    cache.watch_sequence(ruleset, key, seq, len(seq) if text is not None else 0)


def attach_sequence(ruleset, seq: list) -> None:
    """A heap ruleset's Grundy list computed before the cache was enabled: take the file's longer one, or
    save this one as it grows."""
    cache = ACTIVE
    key = None if cache is None else ruleset_key(ruleset)
    if key is None:
        return
    text = cache.get_text(key, "grundy_sequence", "", count=False)
    stored = [] if text is None else [int(x) for x in text.split(",")]
    if len(stored) > len(seq):
        ruleset.adopt_grundy_sequence(stored)        # restarts the ruleset's sequence (then watched)
    else:
        cache.watch_sequence(ruleset, key, seq, len(stored))


# -- the module interface --------------------------------------------------------------------------------

def enable(path: str | None = None, max_bytes: int = DEFAULT_MAX_BYTES) -> ResultsCache:
    """Turn the results cache on (file ``path``, default :func:`default_path`); returns it.

    Raises :class:`CacheError` when the file is not a cgt results database.
    """
    global ACTIVE
    cache = ResultsCache(path or default_path(), max_bytes)
    disable()
    ACTIVE = cache
    for hook in _ON_ENABLE:            # values computed before now are kept too
        hook()
    return cache


#: Functions called with no argument each time the cache is enabled.
_ON_ENABLE: list = []


def on_enable(hook) -> None:
    """Call ``hook()`` each time the cache is enabled (the ruleset module hands the cache the Grundy
    sequences its live rulesets computed before)."""
    _ON_ENABLE.append(hook)


def disable() -> None:
    """Write what is queued and turn the cache off (values stay on disk)."""
    global ACTIVE
    cache, ACTIVE = ACTIVE, None
    if cache is not None:
        cache.close()


def active() -> ResultsCache | None:
    """The enabled cache, or None."""
    return ACTIVE


def _need() -> ResultsCache:
    if ACTIVE is None:
        raise CacheError("the results cache is not enabled (call cgt.games.engine.results_cache.enable())")
    return ACTIVE


def clear() -> None:
    """Delete every entry of the enabled cache."""
    _need().clear()


def stats() -> dict:
    """Statistics of the enabled cache (see :meth:`ResultsCache.stats`)."""
    return _need().stats()


def flush() -> None:
    """Write what is queued (also done after every search, by :func:`disable` and at exit)."""
    if ACTIVE is not None:
        ACTIVE.flush()


def _forget_parsed() -> None:
    if ACTIVE is not None:
        ACTIVE._parsed.clear()
        ACTIVE._texts.clear()


register_cache(_forget_parsed)
atexit.register(disable)



def _enable_from_environment() -> None:
    """``CGT_CACHE=path`` (or ``1``) enables the cache at import; a bad file is a one-line warning."""
    text = os.environ.get("CGT_CACHE", "").strip()
    if not text or text in ("0", "no", "off", "false"):
        return
    try:
        enable(None if text in ("1", "yes", "on", "true") else text)
    except CacheError as error:
        import warnings

        warnings.warn(f"CGT_CACHE ignored: {error}", RuntimeWarning, stacklevel=2)


_enable_from_environment()
