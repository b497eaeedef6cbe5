"""Fixed workloads of the ``normal`` heuristics, for counting instructions
with callgrind.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python tools/heuristics.py normal GAME N
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python tools/heuristics.py hard GAME N

``normal`` plays N full games from seeds 0 to N-1, every seat the game's
heuristic. ``hard`` plays 10 decisions of ``normal`` from seed 501 (and on to the
next choice of two moves or more) and then makes N decisions of ``hard@600it`` (600 iterations, no clock: the same
search on any machine) in that position, each with its own seed; the
heuristic plays its rollouts and its guard's games. Run each once with N 0
too: the difference between the two counts is the workload's own (start-up,
imports and reaching the position cost the same in both). Outside callgrind,
the CPU time printed is the workload's (pin it with ``taskset -c 1`` and
compare builds interleaved).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import toolkit

from courtly import build, games
from courtly.bots import make


def normal(game_id: str, count: int) -> tuple[int, float]:
    """Decisions made in ``count`` games of the heuristic against itself, and
    the CPU seconds they took."""
    game = games.get(game_id)
    bot = make("normal", game)
    decisions = 0
    start = time.process_time()
    for seed in range(count):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_act[0]
            state.apply(seat, bot.act(state.observation(seat), state.legal_actions(seat), rng))
            decisions += 1
    return decisions, time.process_time() - start


def hard(game_id: str, count: int) -> tuple[int, float]:
    """``count`` decisions of ``hard@600it`` in one position, and the CPU
    seconds they took."""
    game = games.get(game_id)
    bot, heuristic = make("hard@600it", game), make("normal", game)
    state = game.new(seed=501)
    rng = random.Random(1)
    played = 0
    while True:
        seat = state.to_act[0]
        obs, legal = state.observation(seat), state.legal_actions(seat)
        if played >= 10 and len(legal) > 1:
            break
        state.apply(seat, heuristic.act(obs, legal, rng))
        played += 1
    start = time.process_time()
    for k in range(count):
        bot.act(obs, legal, random.Random(2 + k))
    return count, time.process_time() - start


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (a wrong one: argparse's message and usage, exit 2)."""
    ap = argparse.ArgumentParser(
        prog="tools/heuristics.py", description="a fixed workload of the heuristics, for callgrind"
    )
    ap.add_argument(
        "kind",
        choices=("normal", "hard"),
        help="normal: N games of the heuristic; hard: N decisions of hard@600it in one position",
    )
    ap.add_argument("game", type=toolkit.game, help="the game, e.g. garrison")
    ap.add_argument(
        "n", type=toolkit.at_least(0), help="how many games or decisions (0: the baseline)"
    )
    args = ap.parse_args(argv)
    return args


def main(argv: list[str]) -> None:
    args = parse(argv)
    kind, game_id, n = args.kind, args.game, args.n
    done, cpu = {"normal": normal, "hard": hard}[kind](game_id, n)
    print(f"{kind} {game_id}: {done} decisions in {cpu:.3f} s CPU; {build.describe()}")


if __name__ == "__main__":
    main(sys.argv[1:])
