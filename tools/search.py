"""A fixed ISMCTS workload, for counting instructions with callgrind.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python tools/search.py GAME ITERATIONS

searches the five positions of ``courtly bench``'s ISMCTS table (about 50
random decisions from the end of a random game, ``courtly.lab.bench.search_spots``)
with ITERATIONS iterations each, random rollouts cut at 50 decisions, and
prints the iterations and rollout decisions made. Run it once with ITERATIONS
0 too: the difference between the two counts, divided by 5 x ITERATIONS, is
an iteration's own (start-up, imports and finding the positions cost the same
in both). Outside callgrind, the CPU time of the searches gives iterations a
second (pin it with ``taskset -c 1`` and compare builds interleaved).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import toolkit

from courtly import build, games
from courtly.bots.ismcts import ISMCTS
from courtly.lab.bench import ROLLOUT_LENGTH, search_spots


def search(game_id: str, iterations: int) -> tuple[int, int, float]:
    """Iterations and rollout decisions made, and the CPU seconds they took."""
    game = games.get(game_id)
    spots, _ = search_spots(game, game.default_players)
    done = decisions = 0
    start = time.process_time()
    if iterations:
        bot = ISMCTS(game, iterations=iterations, max_rollout_steps=ROLLOUT_LENGTH, reuse=False)
        rng = random.Random(5)
        for obs, legal in spots:
            bot.search(obs, legal, rng)
            done += bot.last_iterations
            decisions += bot.last_rollout_decisions
    return done, decisions, time.process_time() - start


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (a wrong one: argparse's message and usage, exit 2)."""
    ap = argparse.ArgumentParser(
        prog="tools/search.py", description="a fixed ISMCTS workload, for callgrind"
    )
    ap.add_argument("game", type=toolkit.game, help="the game, e.g. garrison")
    ap.add_argument(
        "iterations",
        type=toolkit.at_least(0),
        help="iterations in each of five positions (0: the baseline)",
    )
    args = ap.parse_args(argv)
    return args


def main(argv: list[str]) -> None:
    args = parse(argv)
    game_id, count = args.game, args.iterations
    done, decisions, cpu = search(game_id, count)
    rate = f", {done / cpu:,.0f} it/s of CPU time" if done else ""
    print(f"{game_id}: {done} iterations, {decisions} rollout decisions{rate}; {build.describe()}")


if __name__ == "__main__":
    main(sys.argv[1:])
