"""Fixed observations, for counting instructions with callgrind.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python tools/observe.py GAME ROUNDS

finds positions of GAME (seeds 0 to 4 at its default table, every 8th
decision of a random game, up to 12 a game) and then, ROUNDS times, has every
seat observe each of them (``state.observation(seat)``, as a search does for
each world it samples); prints the observations made. Run it once with
ROUNDS 0 too: the difference between the two counts is the observations' own.
"""

from __future__ import annotations

import argparse
import random
import sys

import toolkit

from courtly import build, games
from courtly.engine.game import State


def positions(game_id: str) -> list[State]:
    game = games.get(game_id)
    out = []
    for seed in range(5):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        step = 0
        while not state.over and len(out) < 12 * (seed + 1):
            if step % 8 == 0:
                out.append(state.clone())
            seat = state.to_act[0]
            state.apply(seat, state.random_action(seat, rng), quiet=True)
            step += 1
    return out


def observe(states: list[State], rounds: int) -> int:
    made = 0
    for _ in range(rounds):
        for state in states:
            for seat in range(state.players):
                state.observation(seat)
                made += 1
    return made


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (a wrong one: argparse's message and usage, exit 2)."""
    ap = argparse.ArgumentParser(
        prog="tools/observe.py", description="fixed observations of a game, for callgrind"
    )
    ap.add_argument("game", type=toolkit.game, help="the game, e.g. garrison")
    ap.add_argument(
        "rounds",
        type=toolkit.at_least(0),
        help="times every seat observes every position (0: the baseline)",
    )
    args = ap.parse_args(argv)
    return args


def main(argv: list[str]) -> None:
    args = parse(argv)
    game_id, rounds = args.game, args.rounds
    made = observe(positions(game_id), rounds)
    print(f"{game_id}: {made} observations; {build.describe()}")


if __name__ == "__main__":
    main(sys.argv[1:])
