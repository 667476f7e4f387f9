"""Where the memory of a big bitboard search goes, and whether it stays bounded (Domineering 6x6).

Runs one position's ``.value`` (default: the empty 6x6 Domineering board) after ``cgt.clear_caches()``, with a
daemon thread that appends one line every ``--every`` seconds to ``--log`` (and stdout): CPU seconds, regions
solved (the key table), raw-table entries, interned games, comparison-memo entries, resident set size.

``--stop-at N`` stops the search after ``N`` solved regions (it lowers the ruleset's ``max_positions``, so the
search ends with TooLargeError) and then prints a breakdown of the memory held: interned games, their option
tuples, the intern table's keys, the comparison memos, the solver's tables (``sys.getsizeof`` totals, shared
objects counted once).

    python benchmarks/bench_memory.py --stop-at 600000            # the breakdown at 0.6M regions
    nice python benchmarks/bench_memory.py --log /tmp/6x6.log     # 6x6 to the end, a line a minute

The value of the empty 6x6 board found by such a run is in ``domineering_6x6_value.txt`` (next to this
script); a later 6x6 run says whether it found the same.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import threading
import time

import cgt
import cgt.games
from cgt import limits
from cgt.errors import TooLargeError
from cgt.kernel.game import game_fields, interned_counts, kernel

from boards import empty_board


#: Values recorded by earlier runs (the text of the canonical form), compared at the end of a run.
RECORDED = {(6, 6): os.path.join(os.path.dirname(os.path.abspath(__file__)), "domineering_6x6_value.txt")}


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def interned() -> int:
    return sum(interned_counts().values())


def memo_entries() -> int:
    """Comparison-memo entries: the kernel's running count."""
    return limits.memo_stats()["entries"]


def status(ruleset) -> str:
    keyed = ruleset.table("values_by_key")
    raw = ruleset.table("raw")
    raw_n = sum(len(t) for t in list(raw.values()))
    drops = limits.memo_stats()["drops"]
    return (f"cpu {time.process_time():8.0f} s  regions {len(keyed):>10,}  raw {raw_n:>10,}  "
            f"games {interned():>10,}  memo {memo_entries():>12,}  rss {rss_mb():8.0f} MB  peak {peak_mb():8.0f} MB  "
            f"memo drops {drops}")


def breakdown(ruleset) -> None:
    """sys.getsizeof totals of what the kernel and the solver hold (each object once)."""
    seen = set()

    def size(o) -> int:
        if id(o) in seen:
            return 0
        seen.add(id(o))
        return sys.getsizeof(o)

    games = list(kernel.by_options.values())
    n = len(games)
    game_bytes = sum(size(g) for g in games)
    option_bytes = id_bytes = 0
    for g in games:
        fields = game_fields(g)
        for side in (fields["left"], fields["right"]):
            if side is not None:
                option_bytes += size(side)
        id_bytes += size(fields["id"])
    key_bytes = size(kernel.by_options)
    for key in kernel.by_options:
        key_bytes += size(key) + size(key[0]) + size(key[1])
        for i in key[0] + key[1]:
            key_bytes += size(i)
    memo_dicts = memo_n = memo_bytes = 0
    for g in games + list(kernel.by_uptimal.values()):
        m = game_fields(g)["le_memo"]
        if m is not None:
            memo_dicts += 1
            memo_n += len(m)
            memo_bytes += size(m)
            if isinstance(m, dict):         # the pure kernel's dict holds int objects; a LeMemo machine words
                for k in m:
                    memo_bytes += size(k)
    keyed = ruleset.table("values_by_key")
    solver_bytes = size(keyed) + sum(size(k) for k in keyed)
    raw_n = 0
    for t in ruleset.table("raw").values():
        raw_n += len(t)
        # a dict of masks, or the compiled search's MaskMap (its size counts its slots; keys are machine words)
        solver_bytes += size(t) + (sum(size(k) for k in t) if isinstance(t, dict) else 0)
    print(f"general games interned: {n:,}; uptimals: {len(kernel.by_uptimal):,}")
    print(f"  game objects        {game_bytes / 2**20:9.1f} MB  ({game_bytes / max(n, 1):.0f} B each)")
    print(f"  option tuples       {option_bytes / 2**20:9.1f} MB")
    print(f"  ids (ints)          {id_bytes / 2**20:9.1f} MB")
    print(f"  intern keys + dict  {key_bytes / 2**20:9.1f} MB")
    print(f"  comparison memos    {memo_bytes / 2**20:9.1f} MB  ({memo_n:,} entries in {memo_dicts:,} dicts, "
          f"{memo_bytes / max(memo_n, 1):.0f} B per entry)")
    print(f"  solver tables       {solver_bytes / 2**20:9.1f} MB  ({len(keyed):,} regions, {raw_n:,} raw)")
    print(f"  RSS                 {rss_mb():9.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=6)
    parser.add_argument("--cols", type=int, default=6)
    parser.add_argument("--stop-at", type=int, default=0, help="stop after this many solved regions")
    parser.add_argument("--every", type=float, default=60, help="seconds between log lines")
    parser.add_argument("--log", default="", help="also append the log lines to this file")
    parser.add_argument("--memo-budget", type=int, default=0, help="comparison-memo entries (default: the kernel's)")
    args = parser.parse_args()
    if args.memo_budget:
        limits.set_memo_budget(args.memo_budget)
    position = cgt.games.Domineering(empty_board(args.rows, args.cols))
    ruleset = position.ruleset
    if args.stop_at:
        ruleset.max_positions = args.stop_at
    cgt.clear_caches()
    log = open(args.log, "a") if args.log else None

    def say(line: str) -> None:
        line = f"{time.strftime('%H:%M:%S')} {line}"
        print(line, flush=True)
        if log is not None:
            log.write(line + "\n")
            log.flush()

    done = threading.Event()

    def monitor() -> None:
        while not done.wait(args.every):
            try:
                say(status(ruleset))
            except RuntimeError:        # a table changed size while it was read: try again next time
                pass

    threading.Thread(target=monitor, daemon=True).start()
    say(f"Domineering {args.rows}x{args.cols}: start (pid {os.getpid()})")
    wall = time.time()
    try:
        value = position.value
    except TooLargeError as e:
        done.set()
        say(f"stopped: {e}")
        say(status(ruleset))
        breakdown(ruleset)
        return
    done.set()
    say(status(ruleset))
    say(f"done in {time.process_time():.0f} CPU s, {time.time() - wall:.0f} s wall; peak RSS {peak_mb():.0f} MB")
    say(f"value: {value}")
    if args.rows == args.cols:
        say(f"value == -value (a square board transposed swaps the players): {value == -value}")
    recorded = RECORDED.get((args.rows, args.cols))
    if recorded is not None and os.path.exists(recorded):
        with open(recorded) as f:
            say(f"equal to the value recorded in {os.path.basename(recorded)}: {str(value) == f.read().strip()}")
    if args.stop_at:
        breakdown(ruleset)


if __name__ == "__main__":
    main()
