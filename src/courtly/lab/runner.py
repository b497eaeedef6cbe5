"""Playing whole games between bots, one at a time or many in parallel.

Each game is played by the engine's driver (``courtly.engine.driver``): its
seeding scheme decides the deal, each bot's generator and the order in which
seats deciding at once are served, so a game here is the game every other
surface plays with the same seed and bots.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from courtly import bots as bot_registry
from courtly.engine.driver import Driver
from courtly.engine.records import Record
from courtly.games import get
from courtly.lab.parallel import run_tasks


@dataclass
class GameResult:
    """One finished game: who sat where, how it ended and its record."""

    seed: int
    bots: list[str]
    scores: list[float]
    winners: list[int]
    ranks: list[float]
    decisions: int
    record: Record | None = field(default=None, repr=False)

    def win_share(self, seat: int) -> float:
        """1 for a sole winner, 1/k for each of k sharing the win, else 0."""
        return 1 / len(self.winners) if seat in self.winners else 0.0


def play_game(
    game_id: str,
    bot_names: list[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    keep_record: bool = False,
    think: float | None = None,
) -> GameResult:
    game = get(game_id)
    state = game.new(players=len(bot_names), seed=seed, options=options)
    seats = bot_registry.make_all(game, bot_names, think)
    decisions = Driver(state, seats).run().decisions  # quiet: no record of events is kept
    record = state.record() if keep_record else None
    if record is not None:
        record.meta["bots"] = list(bot_names)
    return GameResult(
        seed=seed,
        bots=list(bot_names),
        scores=state.scores,
        winners=state.winners,
        ranks=state.ranks(),
        decisions=decisions,
        record=record,
    )


Match = tuple[list[str], int]
"""One game to play: the bot of each seat, and the seed."""


def _play_many(
    args: tuple[str, list[Match], Any, bool, float | None], tick: Callable[[], None]
) -> list[GameResult]:
    game_id, matches, options, keep, think = args
    results = []
    for names, seed in matches:
        results.append(play_game(game_id, names, seed, options, keep, think))
        tick()
    return results


def run_matches(
    game_id: str,
    matches: list[Match],
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    keep_records: bool = False,
    progress: Callable[[int], None] | None = None,
    chunk: int = 25,
    think: float | None = None,
) -> Iterator[GameResult]:
    """Play every match; yields results in order as chunks finish, and calls
    ``progress(1)`` as each game ends.

    ``jobs`` > 1 spreads chunks of games over that many processes. The results
    do not depend on ``jobs``: each game depends only on its seed and seats."""
    opts = dict(options or {})
    chunks = [matches[i : i + chunk] for i in range(0, len(matches), chunk)]
    tasks = [(game_id, part, opts, keep_records, think) for part in chunks]

    def tick(_: int) -> None:
        if progress:
            progress(1)

    finished: dict[int, list[GameResult]] = {}
    following = 0
    for i, results in run_tasks(_play_many, tasks, jobs, tick):
        finished[i] = results
        while following in finished:
            yield from finished.pop(following)
            following += 1


def run_games(
    game_id: str,
    bot_names: list[str],
    seeds: list[int],
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    keep_records: bool = False,
    progress: Callable[[int], None] | None = None,
    chunk: int = 25,
) -> Iterator[GameResult]:
    """Play a game per seed with the same bots in the same seats."""
    matches = [(list(bot_names), seed) for seed in seeds]
    return run_matches(game_id, matches, options, jobs, keep_records, progress, chunk)
