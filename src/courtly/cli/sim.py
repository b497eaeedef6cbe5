"""``courtly sim``: many bot games, then win shares with 95% intervals."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from rich.console import Console
from rich.table import Table

from courtly import bots as bot_registry
from courtly.cli.progress import progress_bar
from courtly.engine.errors import OptionError
from courtly.engine.options import parse_option_pairs
from courtly.engine.records import write_records
from courtly.games import get
from courtly.lab.runner import GameResult, run_games
from courtly.lab.stats import mean_ci, share_ci, spread


def bot_names(game_id: str, bots: str) -> list[str]:
    game = get(game_id)
    names = [b.strip().lower() for b in bots.split(",") if b.strip()]
    if not names:
        fill = "greedy" if "greedy" in bot_registry.names(game) else "random"
        names = [fill] + ["random"] * (game.default_players - 1)
    if not game.min_players <= len(names) <= game.max_players:
        raise OptionError(
            f"{game.name} is for {game.min_players} to {game.max_players} players; "
            f"--bots names {len(names)} (one bot per seat, e.g. greedy,random)"
        )
    for n in names:
        bot_registry.make(n, game)  # an unknown bot name fails here, clearly
    return names


def run_sim(
    out: Console,
    game_id: str,
    n: int,
    bots: str,
    seed: int,
    jobs: int,
    option_pairs: list[str],
    records: Path | None,
) -> list[GameResult]:
    game = get(game_id)
    names = bot_names(game_id, bots)
    options = parse_option_pairs(option_pairs)
    game.new(players=len(names), seed=seed, options=options)  # validate before starting
    results: list[GameResult] = []
    with progress_bar(out) as bar:
        task = bar.add_task(f"{game.name}", total=n)
        for r in run_games(
            game.id,
            names,
            list(range(seed, seed + n)),
            options,
            jobs=jobs,
            keep_records=records is not None,
            progress=lambda k: bar.advance(task, k),
        ):
            results.append(r)
    if records is not None:
        write_records(records, [r.record for r in results if r.record is not None])
    report(out, game.name, names, results)
    if records is not None:
        out.print(f"{len(results)} records written to {records}")
    return results


def report(out: Console, title: str, names: list[str], results: list[GameResult]) -> None:
    players = len(names)
    fair = 1 / players
    seats = Table(title=f"{title}: {len(results)} games, by seat (fair share {fair:.0%})")
    for col in (
        "seat",
        "bot",
        "win share [95% CI]",
        "mean score [95% CI]",
        "score sd",
        "mean rank",
    ):
        seats.add_column(col, justify="right" if col != "bot" else "left")
    for seat in range(players):
        wins = [r.win_share(seat) for r in results]
        scores = [r.scores[seat] for r in results]
        ranks = [r.ranks[seat] for r in results]
        seats.add_row(
            f"P{seat}",
            names[seat],
            share_ci(wins).fmt(percent=True),
            mean_ci(scores).fmt(),
            f"{spread(scores):.1f}",
            f"{sum(ranks) / len(ranks):.2f}",
        )
    out.print(seats)
    by_bot: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for seat, name in enumerate(names):
            by_bot[name].append(r.win_share(seat))
    bots = Table(title="By bot (win share per seat played)")
    bots.add_column("bot")
    bots.add_column("seats", justify="right")
    bots.add_column("win share [95% CI]", justify="right")
    bots.add_column("vs fair share", justify="right")
    for name, shares in by_bot.items():
        est = share_ci(shares)
        bots.add_row(name, str(names.count(name)), est.fmt(percent=True), f"{est.mean / fair:.2f}x")
    out.print(bots)
    lengths = [r.decisions for r in results]
    ties = sum(1 for r in results if len(r.winners) > 1)
    out.print(
        f"Game length: {mean_ci(lengths).fmt()} decisions (sd {spread(lengths):.1f}); "
        f"shared wins in {ties} of {len(results)} games."
    )
