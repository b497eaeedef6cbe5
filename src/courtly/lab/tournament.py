"""Tournaments: bots meet in every seat, and are rated.

Seats rotate so that each bot sits in each seat equally often: with as many bots
as seats, game ``i`` uses the bots rotated by ``i``; with more bots than seats,
the games cycle through every set of bots, each in every rotation; with fewer,
the list is repeated around the table. Ratings are OpenSkill's Plackett-Luce
model, updated game by game in seed order.

A ladder puts bots in order, weakest first (``random``, ``easy``, ``normal``,
``hard``) and measures each rung against the one below: every game seats
neighbours on the ladder (each run of as many consecutive rungs as the table
has seats, or every rung when the table holds them all), in every rotation, so
no game is spent on a meeting whose result is known (``hard`` against
``random``) and every pair of neighbours meets equally often. Each rung gets
its rating, its gap to the rung below with an interval, and its share of the
games against the rung below.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from courtly.lab.runner import GameResult, Match, run_matches
from courtly.lab.stats import Z95, Estimate, mean_ci, share_ci


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


def ladder_lineups(rungs: list[str], players: int) -> list[list[str]]:
    """One cycle of seatings for a ladder (weakest rung first): each run of
    ``players`` consecutive rungs in every rotation, or, when the table seats
    every rung, the tournament's own rotation of them all."""
    if len(rungs) <= players:
        return lineups(rungs, players)
    runs = [rungs[i : i + players] for i in range(len(rungs) - players + 1)]
    return [run[r:] + run[:r] for run in runs for r in range(players)]


def schedule(bots: list[str], players: int, n: int, seed: int, ladder: bool = False) -> list[Match]:
    cycle = ladder_lineups(bots, players) if ladder else lineups(bots, players)
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


@dataclass
class Rung:
    """A ladder's rung: its standing, and how it fares against the rung below
    (None for the bottom rung)."""

    standing: Standing
    gap: Estimate | None
    """Its rating's mu minus the rung below's, with an approximate 95% interval
    from the two sigmas (as if the ratings were independent)."""
    below: Estimate | None
    """Its share of the games both rungs played: 1 when it finished ahead of
    the rung below, 1/2 level, 0 behind; Wilson 95% interval."""

    @property
    def bot(self) -> str:
        return self.standing.bot


def head_to_head(results: list[GameResult], upper: str, lower: str) -> Estimate:
    """``upper``'s share of the games it played with ``lower``: 1 for each game
    it finished ahead (a bot seated twice counts by its mean rank), 1/2 level."""
    shares = []
    for r in results:
        up = [r.ranks[s] for s, b in enumerate(r.bots) if b == upper]
        down = [r.ranks[s] for s, b in enumerate(r.bots) if b == lower]
        if up and down:
            diff = sum(down) / len(down) - sum(up) / len(up)  # rank 1 is first place
            shares.append(1.0 if diff > 0 else 0.5 if diff == 0 else 0.0)
    return share_ci(shares)


def ladder(results: list[GameResult], rungs: list[str], players: int) -> list[Rung]:
    """The rungs in the order given (weakest first), each rated and set
    against the rung below."""
    by_bot = {s.bot: s for s in standings(results, rungs, players)}
    out: list[Rung] = []
    for i, bot in enumerate(rungs):
        standing = by_bot[bot]
        if i == 0:
            out.append(Rung(standing, None, None))
            continue
        lower = by_bot[rungs[i - 1]]
        diff = standing.mu - lower.mu
        half = Z95 * math.hypot(standing.sigma, lower.sigma)
        gap = Estimate(diff, diff - half, diff + half, standing.seat_games)
        out.append(Rung(standing, gap, head_to_head(results, bot, rungs[i - 1])))
    return out


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
    ladder: bool = False,
) -> list[GameResult]:
    """Play ``n`` games of the tournament's schedule, or with ``ladder`` the
    ladder's (``bots`` weakest first)."""
    matches = schedule(bots, players, n, seed, ladder)
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
