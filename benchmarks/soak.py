"""A research session without end, in one process: many mixed commands, and the resident set as they go.

The commands (in a fixed random order, from ``--seed``):
  * sums and comparisons of random games born by day 4 (options drawn from the games born by day 3);
  * thermographs and temperatures of those sums;
  * values of random Domineering and Clobber boards of up to 20 cells (one every 50 commands: 2,000 in 10^5);
  * misère canonical forms of Kayles positions and outcomes of loopy sums;
  * now and then a query refused for size (a game whose followers outgrow the session's intern limit of
    INTERN_LIMIT games), and a
    computation interrupted by a simulated Ctrl-C (a timer calls ``_thread.interrupt_main``).

Nothing is kept between commands but what a user would keep: the last few results.  The resident set (MB) is
recorded every ``--every`` commands; the figure of merit is its value at the end against its value at 10^4
(docs/performance.md, "A session without end").

    python benchmarks/soak.py                      # 10^5 commands, a line every 10^4
    python benchmarks/soak.py --commands 4000 --every 1000 --json
"""

from __future__ import annotations

import argparse
import json
import random
import threading
import time
import _thread

import cgt
from cgt import game, limits
from cgt.errors import TooLargeError
from cgt.games import Clobber, Domineering, Kayles
from cgt.short.days import born_by


def random_board(rng: random.Random, symbols: str, blank: str) -> str:
    rows, cols = rng.choice([(2, 5), (3, 4), (4, 4), (4, 5), (3, 6), (2, 8), (3, 5)])
    return "|".join("".join(rng.choice(symbols) for _ in range(cols)) for _ in range(rows))


class Workload:
    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.day3 = sorted(born_by(3), key=str)
        self.recent: list = []                      # what a user keeps: the last few results

    def day4(self):
        rng = self.rng
        return game(rng.sample(self.day3, rng.randint(0, 3)), rng.sample(self.day3, rng.randint(0, 3)))

    def keep(self, value) -> None:
        self.recent.append(value)
        del self.recent[:-20]

    def command(self, k: int) -> None:
        rng = self.rng
        if k % 50 == 25:
            if rng.random() < 0.5:
                self.keep(Domineering(random_board(rng, "....#", ".")).value)
            else:
                self.keep(Clobber(random_board(rng, "xo.", ".")).value)
        elif k % 19997 == 7000:
            self.refused()
        elif k % 1009 == 700:
            self.interrupted()
        elif k % 97 == 13:
            heaps = tuple(sorted(rng.randint(1, 12) for _ in range(rng.randint(1, 3))))
            self.keep(cgt.misere_canonical_form_of(heaps, lambda p: [Kayles.normal_form(o)[0] for o in Kayles.options(p)]))
        elif k % 89 == 7:
            self.keep((cgt.on + self.day4()).outcome)
        elif k % 5 == 0:
            g = self.day4() + self.day4() + self.day4()
            self.keep((g.thermograph, g.temperature))
        elif k % 2 == 0:
            self.keep(self.day4() + self.day4())
        else:
            self.keep(self.day4() <= self.day4())

    def refused(self) -> None:
        """A game whose followers outgrow the intern limit (INTERN_LIMIT games of each kind)."""
        try:
            len(game([0], [cgt.integer(-self.rng.randint(10**9, 10**12))]).followers())
        except TooLargeError:
            pass

    def interrupted(self) -> None:
        timer = threading.Timer(0.2, _thread.interrupt_main)
        timer.start()
        deadline = time.perf_counter() + 2.0
        try:
            total = cgt.zero
            n = 0
            while time.perf_counter() < deadline:   # a growing chain of sums: interrupted after 0.2 s
                n += 1
                total = total + game([cgt.integer(n)], [-total])
        except (KeyboardInterrupt, TooLargeError):      # interrupted, or refused first on a slow machine
            pass
        finally:
            timer.cancel()


#: The session's intern limit (cgt.limits.set_max_interned): low enough that a refused query takes seconds.
INTERN_LIMIT = 1_200_000


def run(commands: int, every: int, seed: int, quiet: bool = False) -> list[tuple[int, float, float]]:
    """[(commands done, resident MB, seconds)] every ``every`` commands."""
    limits.set_max_interned(INTERN_LIMIT)
    workload = Workload(seed)
    start = time.perf_counter()
    rows = []
    for k in range(1, commands + 1):
        workload.command(k)
        if k % every == 0:
            rows.append((k, limits.resident_mb() or 0.0, time.perf_counter() - start))
            if not quiet:
                print(f"{k:>8} commands  {rows[-1][1]:8.1f} MB  {rows[-1][2]:8.1f} s  "
                      f"interned {limits.collection_stats()['interned']:,}", flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commands", type=int, default=100_000)
    parser.add_argument("--every", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the rows as JSON only")
    args = parser.parse_args()
    rows = run(args.commands, args.every, args.seed, quiet=args.json)
    if args.json:
        print(json.dumps({"rows": rows, "kernel": cgt.kernel_info()}))


if __name__ == "__main__":
    main()
