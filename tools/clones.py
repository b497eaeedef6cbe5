"""Microseconds a clone costs, per game, on mid-game positions.

    taskset -c 1 python tools/clones.py [GAME ...]
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python tools/clones.py GAME --count N

clones each of 40 mid-game positions from random games (``courtly.lab.bench.positions``,
every game at its default number of seats) over and over for about a second
and prints the median of 5 such runs, per game. A position late in a long game
costs the most to copy where a state keeps something that grows with the game.

With ``--count N`` it times nothing: it clones each of 20 positions spread
evenly over one random game (seed 99) N times, for callgrind; run it with N 0
too, and divide the difference by 20 N for the instructions a clone takes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import toolkit

from courtly import build, games
from courtly.lab.bench import positions


def clone_us(game_id: str, runs: int = 5, seconds: float = 1.0) -> float:
    game = games.get(game_id)
    spots = [state for state, _ in positions(game, game.default_players, 40)]
    figures = []
    for _ in range(runs):
        calls = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for state in spots:
                state.clone()
            calls += len(spots)
        figures.append((time.perf_counter() - start) / calls * 1e6)
    return statistics.median(figures)


def clone_count(game_id: str, count: int) -> int:
    """Clone each of 20 positions of one random game ``count`` times."""
    game = games.get(game_id)
    state = game.new(seed=99)
    rng = random.Random(99)
    states = [state.clone()]
    while not state.over:
        seats = state.to_act
        seat = seats[rng.randrange(len(seats))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        states.append(state.clone())
    spots = [states[len(states) * k // 20] for k in range(20)]
    for _ in range(count):
        for spot in spots:
            spot.clone()
    return len(spots) * count


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (a wrong one: argparse's message and usage, exit 2)."""
    ap = argparse.ArgumentParser(
        prog="tools/clones.py", description="microseconds a clone costs, per game"
    )
    ap.add_argument(
        "games",
        nargs="*",
        type=toolkit.game,
        help="the games to time, e.g. garrison (none: every game)",
    )
    ap.add_argument(
        "--count",
        type=toolkit.at_least(0),
        metavar="N",
        help="time nothing: clone each of 20 positions of one game N times (for callgrind)",
    )
    args = ap.parse_args(argv)
    if args.count is not None and len(args.games) != 1:
        ap.error(f"argument --count: needs exactly one game, not {len(args.games)}")
    return args


def main(argv: list[str]) -> None:
    args = parse(argv)
    if args.count is not None:
        game_id, count = args.games[0], args.count
        print(f"{game_id}: {clone_count(game_id, count)} clones; {build.describe()}")
        return
    print(build.describe())
    for game_id in args.games or games.ids():
        print(f"{game_id}: {clone_us(game_id):.2f} µs a clone")


if __name__ == "__main__":
    main(sys.argv[1:])
