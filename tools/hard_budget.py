"""How many iterations `hard` searches in 0.9 s of CPU time, per game: the
fixed budget that stands for `--think 1` (a second a decision, 90% of it
searching) when strength is measured apart from the machine's load.

    python tools/hard_budget.py ITERATIONS DECISIONS GAME [GAME ...]

plays two games of each GAME (seeds 900 and 901) with `normal` in every seat
and, at every third decision with a choice of seat 0 (at most DECISIONS a
game), times `hard@ITERATIONSit` deciding there in CPU time
(``time.process_time``: little affected by other work on the machine). One
JSON line a game: the decisions timed, their mean and worst CPU seconds, the
iterations that 0.9 s would buy at that rate, and the worlds the guard
compared, on average.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import toolkit

from courtly.bots import make
from courtly.bots.levels import make_level, split_budget
from courtly.engine.errors import CourtlyError
from courtly.games import get

EVERY = 3
SEEDS = (900, 901)


def timed(
    game_id: str, iterations: int, decisions: int, seed: int
) -> tuple[list[float], list[int]]:
    """CPU seconds and guard worlds of ``hard``'s decisions along one game."""
    game = get(game_id)
    state = game.new(seed=seed)
    normal = make("normal", game)
    hard = make_level(f"hard@{iterations}it", game)
    rng = random.Random(seed)
    cpu: list[float] = []
    worlds: list[int] = []
    choices = 0
    while not state.over and len(cpu) < decisions:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        obs = state.observation(seat)
        if seat == 0 and len(legal) > 1:
            choices += 1
            if choices % EVERY == 0:
                start = time.process_time()
                hard.act(obs, legal, random.Random(choices))
                cpu.append(time.process_time() - start)
                verdict = getattr(hard, "last_verdict", None)
                worlds.append(verdict.worlds if verdict is not None else 0)
        state.apply(seat, normal.act(obs, legal, rng))
    return cpu, worlds


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (a wrong one: argparse's message and usage, exit 2)."""
    ap = argparse.ArgumentParser(
        prog="tools/hard_budget.py",
        description="how many iterations hard searches in 0.9 s of CPU time, per game",
    )
    ap.add_argument(
        "iterations", type=int, help="hard's iterations a decision timed (10 to 1,000,000)"
    )
    ap.add_argument(
        "decisions", type=toolkit.at_least(1), help="the most decisions timed in each game"
    )
    ap.add_argument(
        "games", nargs="+", metavar="game", type=toolkit.game, help="the games, e.g. garrison"
    )
    args = ap.parse_args(argv)
    try:
        split_budget(f"hard@{args.iterations}it")
    except CourtlyError as e:
        ap.error(f"argument iterations: {e}")
    return args


def main(argv: list[str]) -> None:
    args = parse(argv)
    iterations, decisions = args.iterations, args.decisions
    for game_id in args.games:
        cpu: list[float] = []
        worlds: list[int] = []
        for seed in SEEDS:
            c, w = timed(game_id, iterations, decisions, seed)
            cpu += c
            worlds += w
        mean = sum(cpu) / len(cpu)
        row = {
            "game": game_id,
            "iterations": iterations,
            "decisions": len(cpu),
            "mean_cpu_s": round(mean, 3),
            "worst_cpu_s": round(max(cpu), 3),
            "iterations_in_0.9s": round(iterations * 0.9 / mean),
            "guard_worlds": round(sum(worlds) / len(worlds), 1),
        }
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
