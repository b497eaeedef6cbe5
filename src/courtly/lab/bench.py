"""Speed of the engines: random playouts, sample_state and clone, and of the
ISMCTS search (random rollouts, and the ``hard`` level's heuristic ones).

Figures are medians over several runs, so a noisy machine moves them less;
compare games by ratios within one run.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import asdict, dataclass
from typing import Any

from courtly.engine.game import Game, State
from courtly.games import get


@dataclass
class BenchResult:
    game: str
    players: int
    us_per_decision: float
    games_per_second: float
    decisions_per_game: float
    us_per_sample_state: float
    us_per_clone: float
    us_per_observation: float
    ismcts_iterations_per_second: float
    ismcts_rollout_length: float
    ismcts_rollout_decisions: float
    ismcts_capped_iterations_per_second: float
    hard_iterations_per_second: float
    runs: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def playout(game: Game, players: int, seed: int, rng: random.Random) -> int:
    """One game of uniformly random play; returns its number of decisions."""
    state = game.new(players=players, seed=seed)
    n = 0
    while not state.over:
        to_act = state.to_act
        seat = to_act[rng.randrange(len(to_act))] if len(to_act) > 1 else to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        n += 1
    return n


def positions(game: Game, players: int, count: int, seed: int = 99) -> list[tuple[State, int]]:
    """Mid-game positions (and a seat to act there) from random games."""
    rng = random.Random(seed)
    out: list[tuple[State, int]] = []
    k = 0
    while len(out) < count:
        state = game.new(players=players, seed=seed + k)
        k += 1
        length = playout(game, players, seed + k - 1, random.Random(k))
        stop = rng.randrange(max(1, length))
        r = random.Random(k)
        for _ in range(stop):
            to_act = state.to_act
            seat = to_act[r.randrange(len(to_act))] if len(to_act) > 1 else to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[r.randrange(len(legal))])
        if not state.over:
            out.append((state, state.to_act[0]))
    return out


def _per_call_us(fn: Any, items: list[Any], min_seconds: float) -> float:
    calls = 0
    start = time.perf_counter()
    while True:
        for item in items:
            fn(item)
        calls += len(items)
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return elapsed / calls * 1e6


ROLLOUT_LENGTH = 50
"""ISMCTS is timed where about this many random decisions remain, as in
OpenSpiel's hearts at its first trick, for a like-for-like rate."""


def search_spots(game: Game, players: int) -> tuple[list[tuple[Any, Any]], float]:
    """Five positions about ``ROLLOUT_LENGTH`` random decisions from the end
    (an observation and the legal actions there), and the mean number of
    decisions that were left in them."""
    lengths = []
    spots = []
    for k in range(5):
        length = playout(game, players, 500 + k, random.Random(k))
        state = game.new(players=players, seed=500 + k)
        r = random.Random(k)
        for _ in range(max(0, length - ROLLOUT_LENGTH)):
            to_act = state.to_act
            seat = to_act[r.randrange(len(to_act))] if len(to_act) > 1 else to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[r.randrange(len(legal))])
        lengths.append(min(length, ROLLOUT_LENGTH))
        seat = state.to_act[0]
        spots.append((state.observation(seat), state.legal_actions(seat)))
    return spots, statistics.mean(lengths)


def search_rate(bot: Any, spots: list[tuple[Any, Any]], seconds: float) -> tuple[float, float]:
    """Iterations a second of an ISMCTS ``bot`` searching ``spots`` in turn for
    ``seconds``, and the mean number of decisions its rollouts played."""
    rng = random.Random(5)
    iterations = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for obs, legal in spots:
            bot.act(obs, legal, rng)
            iterations += bot.last_iterations
            decisions += bot.last_rollout_decisions
    return iterations / (time.perf_counter() - start), decisions / max(1, iterations)


def ismcts_rate(
    game: Game, players: int, seconds: float, max_rollout_steps: int = 10_000
) -> tuple[float, float, float]:
    """ISMCTS iterations per second (random rollouts), the mean number of
    decisions left in the positions it searches from, and the mean number of
    decisions its rollouts actually played (sampled worlds can run longer).
    ``max_rollout_steps`` cuts rollouts (``ROLLOUT_LENGTH``: a like-for-like
    rollout length where a game's random rollouts run long)."""
    from courtly.bots.ismcts import ISMCTS

    spots, left = search_spots(game, players)
    bot = ISMCTS(game, iterations=100, max_rollout_steps=max_rollout_steps)
    rate, played = search_rate(bot, spots, seconds)
    return rate, left, played


def hard_rate(game: Game, players: int, seconds: float) -> float:
    """Iterations per second of the ``hard`` level's search (the game's
    heuristic playing rollouts of at most ``HARD_ROLLOUT_STEPS`` decisions, the
    game's evaluation judging where they stop), from the same positions as
    ``ismcts_rate``, without its time cap."""
    from courtly.bots.evaluation import evaluation_for
    from courtly.bots.ismcts import ISMCTS
    from courtly.bots.levels import HARD_ROLLOUT_STEPS, heuristic

    spots, _ = search_spots(game, players)
    bot = ISMCTS(
        game,
        iterations=50,
        rollout=heuristic(game),
        max_rollout_steps=HARD_ROLLOUT_STEPS,
        evaluate=evaluation_for(game),
    )
    rate, _ = search_rate(bot, spots, seconds)
    return rate


def bench_game(
    game_id: str, seconds: float = 2.0, runs: int = 5, players: int | None = None
) -> BenchResult:
    game = get(game_id)
    n_players = players or game.default_players
    playout(game, n_players, 0, random.Random(0))  # warm up
    per_decision, per_game, lengths = [], [], []
    seed = 1
    for run in range(runs):
        rng = random.Random(run)
        decisions = games = 0
        start = time.perf_counter()
        while True:
            decisions += playout(game, n_players, seed, rng)
            seed += 1
            games += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        per_decision.append(elapsed / decisions * 1e6)
        per_game.append(games / elapsed)
        lengths.append(decisions / games)
    spots = positions(game, n_players, 40)
    observations = [s.observation(seat) for s, seat in spots]
    sample_rng = random.Random(7)
    share = max(0.2, seconds / 4)
    sample_us = _per_call_us(lambda o: game.sample_state(o, sample_rng), observations, share)
    clone_us = _per_call_us(lambda p: p[0].clone(), spots, share)
    obs_us = _per_call_us(lambda p: p[0].observation(p[1]), spots, share)
    rate, rollout, played = ismcts_rate(game, n_players, seconds)
    capped, _, _ = ismcts_rate(game, n_players, seconds, ROLLOUT_LENGTH)
    hard = hard_rate(game, n_players, seconds)
    return BenchResult(
        game=game.id,
        players=n_players,
        us_per_decision=statistics.median(per_decision),
        games_per_second=statistics.median(per_game),
        decisions_per_game=statistics.mean(lengths),
        us_per_sample_state=sample_us,
        us_per_clone=clone_us,
        us_per_observation=obs_us,
        ismcts_iterations_per_second=rate,
        ismcts_rollout_length=rollout,
        ismcts_rollout_decisions=played,
        ismcts_capped_iterations_per_second=capped,
        hard_iterations_per_second=hard,
        runs=runs,
    )


def encoding_us(game_id: str, seconds: float = 0.5, players: int | None = None) -> float | None:
    """Microseconds to encode one mid-game observation as the research
    interfaces' vector (``courtly.rl.encoding``); None without NumPy installed."""
    try:
        from courtly.rl.encoding import encoder
    except ImportError:
        return None
    game = get(game_id)
    n_players = players or game.default_players
    enc = encoder(game, n_players)
    observations = [s.observation(seat) for s, seat in positions(game, n_players, 40)]
    return _per_call_us(enc.encode, observations, seconds)
