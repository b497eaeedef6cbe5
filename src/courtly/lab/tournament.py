"""Tournaments: bots meet in every seat, and are rated.

Seats rotate so that each bot sits in each seat equally often: with as many bots
as seats, game ``i`` uses the bots rotated by ``i``; with more bots than seats,
the games cycle through every set of bots, each in every rotation; with fewer,
the list is repeated around the table. Ratings are OpenSkill's Plackett-Luce
model, updated game by game in seed order.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from courtly.lab.runner import GameResult, Match, run_matches
from courtly.lab.stats import Estimate, mean_ci, share_ci


def lineups(bots: list[str], players: int) -> list[list[str]]:
    """One cycle of seatings that gives every bot every seat equally often."""
    if len(bots) == players:
        groups: list[tuple[str, ...]] = [tuple(bots)]
    elif len(bots) > players:
        groups = list(itertools.combinations(bots, players))
    else:
        groups = [tuple(bots[k % len(bots)] for k in range(players))]
        if len(bots) > 1 and players % len(bots):
            groups = [
                tuple(bots[(j + k) % len(bots)] for k in range(players)) for j in range(len(bots))
            ]
    return [list(g[r:] + g[:r]) for g in groups for r in range(players)]


def schedule(bots: list[str], players: int, n: int, seed: int) -> list[Match]:
    cycle = lineups(bots, players)
    return [(cycle[i % len(cycle)], seed + i) for i in range(n)]


@dataclass
class Standing:
    bot: str
    seat_games: int
    win_share: Estimate
    mean_rank: Estimate
    fair_share: float
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A conservative rating: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


def standings(results: list[GameResult], bots: list[str], players: int) -> list[Standing]:
    shares: dict[str, list[float]] = defaultdict(list)
    ranks: dict[str, list[float]] = defaultdict(list)
    model = PlackettLuce()
    ratings = {b: model.rating(name=b) for b in dict.fromkeys(bots)}
    for r in results:
        for seat, name in enumerate(r.bots):
            shares[name].append(r.win_share(seat))
            ranks[name].append(r.ranks[seat])
        # A bot seated twice in one game is rated once, by its mean rank there.
        by_bot: dict[str, list[float]] = defaultdict(list)
        for seat, name in enumerate(r.bots):
            by_bot[name].append(r.ranks[seat])
        if len(by_bot) < 2:
            continue
        names = list(by_bot)
        teams = [[ratings[n]] for n in names]
        rated = model.rate(teams, ranks=[sum(v) / len(v) for v in by_bot.values()])
        for n, team in zip(names, rated, strict=True):
            ratings[n] = team[0]
    out = [
        Standing(
            bot=b,
            seat_games=len(shares[b]),
            win_share=share_ci(shares[b]),
            mean_rank=mean_ci(ranks[b]),
            fair_share=1 / players,
            mu=ratings[b].mu,
            sigma=ratings[b].sigma,
        )
        for b in dict.fromkeys(bots)
        if shares[b]
    ]
    return sorted(out, key=lambda s: -s.ordinal)


def run_tournament(
    game_id: str,
    bots: list[str],
    players: int,
    n: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    think: float | None = None,
    keep_records: bool = False,
    progress: Callable[[int], None] | None = None,
) -> list[GameResult]:
    matches = schedule(bots, players, n, seed)
    return list(
        run_matches(
            game_id,
            matches,
            options,
            jobs,
            keep_records,
            progress,
            chunk=max(1, min(25, n // (4 * jobs) or 1)),
            think=think,
        )
    )
