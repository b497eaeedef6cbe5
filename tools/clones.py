"""Microseconds a clone costs, per game, on mid-game positions.

    taskset -c 1 python tools/clones.py [GAME ...]

clones each of 40 mid-game positions from random games (``courtly.lab.bench.positions``,
every game at its default number of seats) over and over for about a second
and prints the median of 5 such runs, per game. A position late in a long game
costs the most to copy where a state keeps something that grows with the game.
"""

from __future__ import annotations

import statistics
import sys
import time

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


if __name__ == "__main__":
    print(build.describe())
    for game_id in sys.argv[1:] or games.ids():
        print(f"{game_id}: {clone_us(game_id):.2f} µs a clone")
