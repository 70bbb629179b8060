"""How long does best() take to find the best 800 declaration of a hand?

Draws 2,000 random 17-card hands (the dealer's hand before discarding, the largest a player
lays down) from the 62-card deck with a fixed seed and prints the median, 95th percentile
and maximum time of ``declarations800.best`` — with the default options and with
``card_in_flertal_and_sekvens=False`` (which also tries tretal and no flertal to free cards
for sequences). Figures only; the tests never assert on time.

    .venv/bin/python bench/declarations800.py [--hands 2000] [--size 17] [--seed 800]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rules_engine.cards import TAROT62
from rules_engine.games.declarations800 import DeclarationOptions, best


def measure(hands, options: DeclarationOptions) -> tuple[list[float], list[int]]:
    timings, points = [], []
    for hand in hands:
        start = time.perf_counter()
        declaration = best(hand, options)
        timings.append(time.perf_counter() - start)
        points.append(declaration.points)
    return timings, points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--size", type=int, default=17)
    parser.add_argument("--seed", type=int, default=800)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [rng.sample(TAROT62.cards, args.size) for _ in range(args.hands)]
    best(hands[0])  # warm up
    print(f"best() on {args.hands} random {args.size}-card hands (seed {args.seed})")
    for label, options in (("default (card in flertal and sekvens)", DeclarationOptions()),
                           ("card_in_flertal_and_sekvens=False",
                            DeclarationOptions(card_in_flertal_and_sekvens=False))):
        timings, points = measure(hands, options)
        timings.sort()
        ms = [t * 1000 for t in timings]
        print(f"  {label}")
        print(f"    median {statistics.median(ms):.3f} ms   p95 "
              f"{ms[int(0.95 * (len(ms) - 1))]:.3f} ms   max {ms[-1]:.3f} ms")
        print(f"    points: median {statistics.median(points)}, max {max(points)}, "
              f"hands with a declaration {sum(p > 0 for p in points)}/{len(points)}")


if __name__ == "__main__":
    main()
