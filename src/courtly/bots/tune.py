"""Tuning a heuristic's weights by self-play.

    python -m courtly.bots.tune agents-of-the-crown [--generations 30] [--jobs 2]

A simple evolution strategy: from the starting weights (``Spec.start``, the
hand-set guesses the tuning began from), each generation draws pairs of
mirrored steps around the current weights, plays every candidate against the
field on the same fixed seeds, and moves the weights to the weighted mean of
the best candidates; the steps shrink generation by generation. A candidate's
fitness is measured at tables of one candidate against three of a field bot
and three candidates against one, every field bot in turn (the previous
heuristic and the scripted strategies), seats rotated: its win share less the
others' (ties shared), plus a little for its score margin so that close
calls are told apart. Everything is seeded, so the same command with the same
arguments prints the same weights on any machine and with any ``--jobs``. It
ends by playing the start and the result on fresh seeds and prints the
weights as a Python dict, ready to be committed as the heuristic's
``WEIGHTS``.

    python -m courtly.bots.tune agents-of-the-crown --time

times a decision of the heuristic and of the one before it on the same
positions (CPU time, so that other work on the machine counts less).
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from courtly import bots as bot_registry
from courtly import games
from courtly.bots.base import Bot
from courtly.bots.tuning import START, Spec
from courtly.engine import plugins
from courtly.engine.actions import Action
from courtly.engine.driver import Driver
from courtly.games import get

CANDIDATE = "*"
"""In a table of the tuning, the seats of the candidate being measured."""


def specs() -> dict[str, Spec]:
    """The tuning spec of every game that declares one (``plugins.tuning``), by id."""
    out = {}
    for game in games.all_games():
        if game.plugins.tuning is not None:
            spec: Spec = plugins.load(game.plugins.tuning)
            out[game.id] = spec
    return out


SPECS: dict[str, Spec] = specs()
"""Every game's tuning spec, by game id."""


# -- playing ------------------------------------------------------------------
Table = tuple[tuple[str, ...], int]
"""The bot of each seat (``CANDIDATE`` for the candidate) and the seed."""


def tables(field_bots: Sequence[str], games: int, seed: int, players: int) -> list[Table]:
    """``games`` tables for each field bot and each of the two line-ups (one
    candidate against the field bot, and the reverse), seats rotated."""
    out: list[Table] = []
    for k, bot in enumerate(field_bots):
        for lineup in ((CANDIDATE, bot), (bot, CANDIDATE)):
            for i in range(games):
                seats = [lineup[1]] * players
                seats[i % players] = lineup[0]
                out.append((tuple(seats), seed + 100_000 * k + i))
    return out


def play(game_id: str, seats: Sequence[Bot], seed: int) -> tuple[list[float], list[int]]:
    """One game between ``seats``, as ``courtly sim`` plays it (the engine's
    driver): each bot sees only its observation."""
    state = get(game_id).new(players=len(seats), seed=seed)
    Driver(state, seats).run()
    return state.scores, state.winners


def fitness(game_id: str, weights: Mapping[str, float], todo: Sequence[Table]) -> float:
    """The candidate's mean edge over the others at these tables: win share less
    theirs, plus a two-hundredth of its score margin."""
    spec = SPECS[game_id]
    game = get(game_id)
    cls = importlib.import_module(spec.module).Greedy
    candidate = cls(game, weights=weights)
    others: dict[str, Bot] = {}
    total = 0.0
    for names, seed in todo:
        for n in names:
            if n != CANDIDATE and n not in others:
                others[n] = (
                    cls(game, weights=spec.start) if n == START else bot_registry.make(n, game)
                )
        seats = [candidate if n == CANDIDATE else others[n] for n in names]
        scores, winners = play(game_id, seats, seed)
        mine = [i for i, n in enumerate(names) if n == CANDIDATE]
        rest = [i for i, n in enumerate(names) if n != CANDIDATE]
        share = [1 / len(winners) if i in winners else 0.0 for i in range(len(names))]
        edge = sum(share[i] for i in mine) / len(mine) - sum(share[i] for i in rest) / len(rest)
        margin = sum(scores[i] for i in mine) / len(mine) - sum(scores[i] for i in rest) / len(rest)
        total += edge + margin / 200
    return total / len(todo)


def _fitness_task(args: tuple[str, dict[str, float], list[Table]]) -> float:
    return fitness(*args)


# -- the evolution strategy ------------------------------------------------------
def tune(
    game_id: str,
    generations: int = 30,
    pairs: int = 6,
    games: int = 40,
    seed: int = 17,
    jobs: int = 1,
    log: Any = None,
) -> tuple[dict[str, float], dict[str, float]]:
    """Tuned weights for ``game_id``'s heuristic, and the fitness of the start
    and of the result on fresh seeds."""
    spec = SPECS[game_id]
    players = get(game_id).default_players
    names = list(spec.start)
    mean = [spec.start[n] for n in names]
    steps = [spec.steps[n] for n in names]
    rng = random.Random(seed)
    mu = pairs  # the best half of the 2 * pairs candidates are recombined
    ranks_w = [math.log(mu + 0.5) - math.log(i + 1) for i in range(mu)]
    ranks_w = [x / sum(ranks_w) for x in ranks_w]

    def clip(vec: list[float]) -> dict[str, float]:
        out = {}
        for n, x in zip(names, vec, strict=True):
            lo, hi = spec.bounds.get(n, (-math.inf, math.inf))
            out[n] = round(min(hi, max(lo, x)), 3)
        return out

    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else _Serial() as pool:
        for g in range(generations):
            shrink = 0.5 ** (g / max(1, generations - 1))  # the steps halve over the run
            todo = tables(spec.field, games, seed * 1_000_000 + g * 1_000, players)
            cands = []
            for _ in range(pairs):
                z = [rng.gauss(0.0, 1.0) for _ in names]
                for sign in (1, -1):
                    cands.append(
                        clip(
                            [
                                m + sign * shrink * s * x
                                for m, s, x in zip(mean, steps, z, strict=True)
                            ]
                        )
                    )
            scores = list(pool.map(_fitness_task, [(game_id, c, todo) for c in cands]))
            best = sorted(range(len(cands)), key=lambda i: -scores[i])[:mu]
            mean = [sum(ranks_w[k] * cands[i][n] for k, i in enumerate(best)) for n in names]
            if log is not None:
                print(
                    f"generation {g + 1}/{generations}: best {scores[best[0]]:+.4f}, "
                    f"median {sorted(scores)[len(scores) // 2]:+.4f}",
                    file=log,
                    flush=True,
                )
        result = clip(mean)
        check = tables(spec.field, games * 4, seed * 1_000_000 + 999_000, players)
        parts = [check[i :: max(1, jobs)] for i in range(max(1, jobs))]
        verdict = {}
        for label, w in (("start", spec.start), ("tuned", result)):
            fits = list(pool.map(_fitness_task, [(game_id, w, part) for part in parts]))
            verdict[label] = sum(f * len(p) for f, p in zip(fits, parts, strict=True)) / len(check)
    return result, verdict


def decision_times(game_id: str, games: int = 40, runs: int = 5) -> dict[str, float]:
    """CPU microseconds a decision of the heuristic and of the one before it
    (median of ``runs``), over every decision of ``games`` games that the
    earlier heuristic plays against itself: the same positions for both."""
    spec = SPECS[game_id]
    game = get(game_id)
    positions: list[tuple[Mapping[str, Any] | None, Sequence[Action]]] = []
    for seed in range(games):
        seats = [Noting(bot_registry.make(spec.previous, game), positions)] * game.default_players
        Driver(game.new(seed=seed), seats).run()
    out = {}
    for name in ("normal", spec.previous):
        bot = bot_registry.make(name, game)
        rng = random.Random(0)
        times = []
        for _ in range(runs):
            start = time.process_time()
            for obs, legal in positions:
                bot.act(obs, legal, rng)
            times.append((time.process_time() - start) / len(positions) * 1e6)
        out[name] = sorted(times)[len(times) // 2]
    return out


class Noting:
    """A bot that notes every decision it is asked (its observation and legal
    actions) and leaves it to ``inner``."""

    needs_observation = True

    def __init__(
        self, inner: Bot, positions: list[tuple[Mapping[str, Any] | None, Sequence[Action]]]
    ) -> None:
        self.inner = inner
        self.positions = positions

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        self.positions.append((observation, legal))
        return self.inner.act(observation, legal, rng)


class _Serial:
    """A stand-in for a process pool that maps in this process."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn: Any, items: Any) -> Any:
        return map(fn, items)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m courtly.bots.tune",
        description="Tune a game's heuristic weights by self-play against a field of bots.",
    )
    parser.add_argument("game", help=f"one of: {', '.join(SPECS)}")
    parser.add_argument("--generations", type=int, default=30)
    parser.add_argument(
        "--pairs", type=int, default=6, help="mirrored candidate pairs a generation"
    )
    parser.add_argument("--games", type=int, default=40, help="games per table kind a candidate")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--time",
        action="store_true",
        help="only time a decision of the heuristic and of the previous one",
    )
    args = parser.parse_args(argv)
    if args.game not in SPECS:
        print(
            f"there are tuning specs only for: {', '.join(SPECS)} (not {args.game!r})",
            file=sys.stderr,
        )
        return 2
    if min(args.generations, args.pairs, args.games, args.jobs) < 1:
        print("--generations, --pairs, --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.time:
        for name, us in decision_times(args.game).items():
            print(f"{name}: {us:.1f} µs of CPU a decision")
        return 0
    weights, verdict = tune(
        args.game, args.generations, args.pairs, args.games, args.seed, args.jobs, sys.stderr
    )
    print(f"# fitness on fresh seeds: start {verdict['start']:+.4f}, tuned {verdict['tuned']:+.4f}")
    print(
        f"# python -m courtly.bots.tune {args.game} --generations {args.generations} "
        f"--pairs {args.pairs} --games {args.games} --seed {args.seed}"
    )
    print("WEIGHTS = {")
    for k, v in weights.items():
        print(f"    {k!r}: {v},")
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
