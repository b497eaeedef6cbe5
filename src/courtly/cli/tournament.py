"""``courtly tournament``: bots meet in rotating seats and are rated."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table

from courtly import bots as bot_registry
from courtly.cli.progress import progress_bar
from courtly.engine.errors import OptionError
from courtly.engine.options import parse_option_pairs
from courtly.engine.records import write_records
from courtly.games import get
from courtly.lab.runner import GameResult
from courtly.lab.tournament import run_tournament, standings


def run_tournament_cli(
    out: Console,
    game_id: str,
    bots: str,
    n: int,
    players: int | None,
    seed: int,
    jobs: int,
    think: float | None,
    option_pairs: list[str],
    records: Path | None,
) -> list[GameResult]:
    game = get(game_id)
    # A bot named twice sits twice: hard,greedy,greedy,greedy is one hard seat
    # against three greedy ones, rotated.
    names = [b.strip().lower() for b in bots.split(",") if b.strip()]
    if len(set(names)) < 2:
        raise OptionError("a tournament needs at least two different bots, e.g. --bots hard,random")
    for name in dict.fromkeys(names):
        bot_registry.make(name, game)  # unknown names fail here, with the valid ones
    seats = players or game.default_players
    options = parse_option_pairs(option_pairs)
    game.new(players=seats, seed=seed, options=options)  # validate before starting
    with progress_bar(out) as bar:
        task = bar.add_task(f"{game.name} tournament", total=n)
        results = run_tournament(
            game.id,
            names,
            seats,
            n,
            seed,
            options,
            jobs,
            think,
            keep_records=records is not None,
            progress=lambda k: bar.advance(task, k),
        )
    if records is not None:
        write_records(records, [r.record for r in results if r.record is not None])
    table = Table(title=f"{game.name}: {n} games, {seats} seats, seats rotated")
    for col in (
        "bot",
        "seat-games",
        "win share [95% CI]",
        "vs fair",
        "mean rank [95% CI]",
        "rating μ ± σ",
        "μ - 3σ",
    ):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for s in standings(results, names, seats):
        table.add_row(
            s.bot,
            str(s.seat_games),
            s.win_share.fmt(percent=True),
            f"{s.win_share.mean / s.fair_share:.2f}x",
            s.mean_rank.fmt(digits=2),
            f"{s.mu:.1f} ± {s.sigma:.1f}",
            f"{s.ordinal:.1f}",
        )
    out.print(table)
    out.print(f"Fair share {1 / seats:.0%}; ratings: OpenSkill Plackett-Luce, games in seed order.")
    if records is not None:
        out.print(f"{len(results)} records written to {records}")
    return results
