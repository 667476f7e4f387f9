"""Core algebra timings: run ``python benchmarks/bench_core.py``.

Times, each from cold caches:
  1. building born_by(3) (1474 values);
  2. the sum of 30 random games born by day 3, then its canonical form: (a) random game trees
     born by day 3 (several seeds); (b) canonical values drawn uniformly from the 1474, as far
     as a time budget allows (their canonical sums grow roughly geometrically);
  3. 10,000 comparisons between random canonical games of birthday <= 4;
  4. deep games: a 2000-deep hot chain built, printed, compared and summed with ^.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import cgt
from cgt import game


def _timed(fn):
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def _random_tree(rng, depth):
    """A random game tree born by day ``depth``: each side gets 0-2 random subtrees."""
    if depth == 0:
        return ((), ())
    return tuple(
        tuple(_random_tree(rng, rng.randint(0, depth - 1)) for _ in range(rng.randint(0, 2)))
        for _side in range(2)
    )


def _canonical_tree(tree):
    lefts, rights = tree
    return game([_canonical_tree(t) for t in lefts], [_canonical_tree(t) for t in rights])


def _sum(values):
    total = cgt.zero
    for v in values:
        total = total + v
    return total


def _random_day4(rng, day3, count):
    out = []
    while len(out) < count:
        lefts = rng.sample(day3, rng.randint(0, 3))
        rights = rng.sample(day3, rng.randint(0, 3))
        g = game(lefts, rights)
        if g.birthday == 4 or rng.random() < 0.2:
            out.append(g)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="number of random seeds for the 30-game sum")
    parser.add_argument("--budget", type=float, default=60.0, help="seconds allowed for the uniform-values sum")
    args = parser.parse_args(argv)

    print(f"python {sys.version.split()[0]}, cgt {cgt.__version__}")
    cgt.clear_caches()
    seconds, day3 = _timed(lambda: cgt.born_by(3))
    print(f"born_by(3): {len(day3)} values in {seconds:.3f} s")

    day3 = sorted(day3, key=lambda g: (g.birthday, str(g)))

    # (a) 30 random game trees born by day 3, summed, then put in canonical form.
    times = []
    for seed in range(args.seeds):
        rng = random.Random(seed)
        terms = [_random_tree(rng, 3) for _ in range(30)]
        cgt.clear_caches()
        seconds, value = _timed(lambda: _sum(_canonical_tree(t) for t in terms))
        times.append(seconds)
        print(f"  seed {seed}: 30 random day-3 trees sum to {str(value)[:50]} "
              f"(birthday {value.birthday}) in {seconds:.3f} s")
    print(f"sum of 30 random game trees born by day 3: median {statistics.median(times):.3f} s, "
          f"max {max(times):.3f} s")

    # (b) sums of k canonical values drawn uniformly from the 1474: the canonical form grows
    # roughly geometrically with k, so we go as far as the time budget allows.
    rng = random.Random(0)
    terms = [rng.choice(day3) for _ in range(30)]
    cgt.clear_caches()
    total, elapsed = cgt.zero, 0.0
    for k, term in enumerate(terms, 1):
        seconds, total = _timed(lambda: total + term)
        elapsed += seconds
        if k % 2 == 0 or k == 30 or elapsed > args.budget:
            print(f"  k={k:2d}: {elapsed:7.3f} s cumulative, birthday {total.birthday}, "
                  f"{len(total.followers())} followers")
        if elapsed > args.budget:
            print(f"sum of uniformly drawn day-3 values: stopped after k={k} at the {args.budget:.0f} s budget")
            break
    else:
        print(f"sum of 30 uniformly drawn day-3 values: {elapsed:.3f} s")

    rng = random.Random(1)
    pool = _random_day4(rng, day3, 300)
    pairs = [(rng.choice(pool), rng.choice(pool)) for _ in range(10_000)]
    cgt.clear_caches()
    seconds, results = _timed(lambda: [g <= h for g, h in pairs])
    print(f"10,000 comparisons of random games of birthday <= 4 (cold caches): {seconds:.3f} s "
          f"({sum(results)} true)")
    seconds, _ = _timed(lambda: [g <= h for g, h in pairs])
    print(f"  same 10,000 again (warm caches): {seconds:.4f} s")

    cgt.clear_caches()

    def deep():
        g = cgt.zero
        for k in range(2000):
            g = game([k + 1], [g])
        return len(str(g)), g > g - 1, (g + cgt.up).birthday

    seconds, value = _timed(deep)
    print(f"2000-deep hot chain built, printed, compared, summed with ^: {seconds:.3f} s {value}")


if __name__ == "__main__":
    main()
