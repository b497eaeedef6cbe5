"""``courtly tournament``: bots meet in rotating seats and are rated; with
``--ladder``, the levels are set in order and each is measured against the one
below."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from courtly import bots as bot_registry
from courtly.cli.progress import progress_bar
from courtly.engine.errors import OptionError
from courtly.engine.game import Game
from courtly.engine.options import parse_option_pairs
from courtly.engine.records import write_records
from courtly.games import get
from courtly.lab.runner import GameResult
from courtly.lab.tournament import ladder, ladder_lineups, lineups, run_tournament, standings

LADDER = ("random", *bot_registry.LEVELS)
"""The default ladder, weakest first."""


def bot_list(game: Game, bots: str) -> list[str]:
    """The bots named, each checked (an unknown name or a bad thinking time is
    refused with what is allowed)."""
    names = [b.strip().lower() for b in bots.split(",") if b.strip()]
    for name in dict.fromkeys(names):
        bot_registry.make(name, game)
    return names


def play(
    out: Console,
    game: Game,
    names: list[str],
    n: int,
    seats: int,
    seed: int,
    jobs: int,
    think: float | None,
    options: dict[str, Any],
    records: Path | None,
    title: str,
    on_ladder: bool = False,
) -> list[GameResult]:
    with progress_bar(out) as bar:
        task = bar.add_task(title, total=n)
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
            ladder=on_ladder,
        )
    if records is not None:
        write_records(records, [r.record for r in results if r.record is not None])
    return results


def run_tournament_cli(
    out: Console,
    game_id: str,
    bots: str | None,
    n: int,
    players: int | None,
    seed: int,
    jobs: int,
    think: float | None,
    option_pairs: list[str],
    records: Path | None,
) -> list[GameResult]:
    game = get(game_id)
    if bots is None:
        raise OptionError(
            "name the bots to meet with --bots, e.g. --bots hard,random, "
            "or ask for the levels' ladder with --ladder"
        )
    # A bot named twice sits twice: hard,greedy,greedy,greedy is one hard seat
    # against three greedy ones, rotated.
    names = bot_list(game, bots)
    if len(set(names)) < 2:
        raise OptionError("a tournament needs at least two different bots, e.g. --bots hard,random")
    seats = players or game.default_players
    options = parse_option_pairs(option_pairs)
    game.new(players=seats, seed=seed, options=options)  # validate before starting
    results = play(
        out, game, names, n, seats, seed, jobs, think, options, records, f"{game.name} tournament"
    )
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
            escape(s.bot),
            str(s.seat_games),
            s.win_share.fmt(percent=True),
            f"{s.win_share.mean / s.fair_share:.2f}x",
            s.mean_rank.fmt(digits=2),
            f"{s.mu:.1f} ± {s.sigma:.1f}",
            f"{s.ordinal:.1f}",
        )
    out.print(table)
    out.print(f"Fair share {1 / seats:.0%}; ratings: OpenSkill Plackett-Luce, games in seed order.")
    cycle = len(lineups(names, seats))
    if n % cycle:
        out.print(
            f"[yellow]Uneven seats:[/] these bots at {seats} seats take {cycle} seatings to sit "
            f"equally often in every seat, and {n} games is not a multiple of {cycle}, so some "
            f"sat more than others (seat-games above). -n {(n // cycle + 1) * cycle} evens it."
        )
    if records is not None:
        out.print(f"{len(results)} records written to {records}")
    return results


def run_ladder_cli(
    out: Console,
    game_id: str,
    bots: str | None,
    n: int,
    players: int | None,
    seed: int,
    jobs: int,
    think: float | None,
    option_pairs: list[str],
    records: Path | None,
) -> list[GameResult]:
    """Play the ladder's games and print it, strongest rung first."""
    game = get(game_id)
    rungs = bot_list(game, bots) if bots is not None else list(LADDER)
    if len(rungs) < 2 or len(set(rungs)) < len(rungs):
        raise OptionError(
            "a ladder names at least two different bots, each once, weakest first, "
            f"e.g. --bots {','.join(LADDER)}"
        )
    seats = players or game.default_players
    options = parse_option_pairs(option_pairs)
    game.new(players=seats, seed=seed, options=options)  # validate before starting
    cycle = len(ladder_lineups(rungs, seats))
    if n < cycle:
        raise OptionError(
            f"a ladder of {len(rungs)} rungs at {seats} seats seats them {cycle} ways, "
            f"so it needs -n of at least {cycle} (a multiple of {cycle} keeps it even), not {n}"
        )
    results = play(
        out, game, rungs, n, seats, seed, jobs, think, options, records, f"{game.name} ladder", True
    )
    table = Table(
        title=f"{game.name}: a ladder of {len(rungs)} rungs, {n} games, {seats} seats, "
        "neighbours seated, seats rotated"
    )
    for col in (
        "rung",
        "seat-games",
        "rating μ ± σ",
        "μ - 3σ",
        "gap to the rung below [95%]",
        "share against the rung below [95% CI]",
        "games",
    ):
        table.add_column(col, justify="left" if col == "rung" else "right")
    steps = ladder(results, rungs, seats)
    for rung in reversed(steps):
        s = rung.standing
        table.add_row(
            escape(rung.bot),
            str(s.seat_games),
            f"{s.mu:.1f} ± {s.sigma:.1f}",
            f"{s.ordinal:.1f}",
            ""
            if rung.gap is None
            else f"{rung.gap.mean:+.1f} [{rung.gap.low:+.1f}, {rung.gap.high:+.1f}]",
            "" if rung.below is None else rung.below.fmt(percent=True),
            "" if rung.below is None else str(rung.below.n),
        )
    out.print(table)
    out.print(
        "Ratings: OpenSkill Plackett-Luce, games in seed order; a gap's interval is "
        "1.96 times the two sigmas combined. Share against the rung below: its games "
        "with the rung below, 1 when it finished ahead, 1/2 level."
    )
    apart = [r for r in steps if r.gap is not None and r.gap.low > 0]
    unsure = [r.bot for r in steps if r.gap is not None and r.gap.low <= 0 < r.gap.high]
    wrong = [r.bot for r in steps if r.gap is not None and r.gap.high <= 0]
    verdict = f"{len(apart)} of {len(steps) - 1} rungs stand clearly above the one below"
    if unsure:
        verdict += f"; not separated from the rung below: {escape(', '.join(unsure))}"
    if wrong:
        verdict += f"; below the rung beneath it: {escape(', '.join(wrong))}"
    out.print(verdict + ".")
    if records is not None:
        out.print(f"{len(results)} records written to {records}")
    return results
