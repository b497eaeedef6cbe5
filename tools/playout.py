"""A fixed random playout, for counting instructions with callgrind.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python tools/playout.py GAME GAMES

plays GAMES random games of GAME (seeds 0 to GAMES-1, every game at its default
number of seats) and prints the decisions made; ``--quiet`` plays every move
quietly (``apply(..., quiet=True)``: no events built, as search and ``sim`` do). Run it once with GAMES 0 too:
the difference between the two counts is the playouts' own (start-up and
imports cost the same in both). ``COURTLY_PURE=1`` runs a compiled install as
pure Python, so both builds are measured from one install (BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import random
import sys

import toolkit

from courtly import build, games


def playout(game_id: str, count: int, quiet: bool = False) -> int:
    game = games.get(game_id)
    decisions = 0
    for seed in range(count):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.over:
            seats = state.to_act
            seat = seats[rng.randrange(len(seats))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))], quiet=quiet)
            decisions += 1
    return decisions


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (a wrong one: argparse's message and usage, exit 2)."""
    ap = argparse.ArgumentParser(
        prog="tools/playout.py", description="fixed random playouts of a game, for callgrind"
    )
    ap.add_argument("game", type=toolkit.game, help="the game, e.g. garrison")
    ap.add_argument(
        "games", type=toolkit.at_least(0), help="how many random games (0: the baseline)"
    )
    ap.add_argument("--quiet", action="store_true", help="play every move quietly (no events)")
    args = ap.parse_args(argv)
    return args


def main(argv: list[str]) -> None:
    args = parse(argv)
    game_id, count, quiet = args.game, args.games, args.quiet
    made = playout(game_id, count, quiet)
    how = "quiet" if quiet else "full"
    print(f"{game_id}: {made} decisions in {count} games, {how} play; {build.describe()}")


if __name__ == "__main__":
    main(sys.argv[1:])
