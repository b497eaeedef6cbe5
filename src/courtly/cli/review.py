"""``courtly review``: a seat's decisions in a saved game, judged by the search.

The record is replayed; at each decision of the seat the ``hard`` level's
search looks at the position as that seat saw it (its observation and legal
actions) and the move played is set against the search's best
(``courtly.bots.review``).
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.rule import Rule
from rich.table import Table

from courtly.bots import review as advice
from courtly.cli.progress import progress_bar
from courtly.cli.replay import load_record
from courtly.engine import text
from courtly.engine.records import replay
from courtly.games import get

DEFAULT_THINK = 0.5
"""Seconds of search per decision when ``--think`` is not given."""


def _pct(x: float | None) -> str:
    return "?" if x is None else f"{x:.0%}"


def run_review(out: Console, file: Path, seat: int, index: int, think: float | None) -> None:
    record = load_record(file, index)
    game = get(record.game)
    advice.check_seat(record, seat)
    replay(record, game)  # a record that does not replay is refused before any search
    seconds = DEFAULT_THINK if think is None else think
    out.print(
        Rule(
            f"Review of P{seat}: {game.name}, seed {record.seed}, "
            f"{len(record.actions)} actions, {seconds:g} s a decision"
        )
    )
    with progress_bar(out) as bar:
        task = bar.add_task("Searching", total=None)

        def step(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        result = advice.review(record, seat, seconds, step)
    if record.result is None:
        out.print(
            f"[yellow]This game was left before its end, after {len(record.actions)} "
            "actions: these are the decisions made until then.[/]"
        )
    if not result.verdicts:
        out.print(f"P{seat} had no decision to make in this game (forced moves: {result.forced}).")
        return
    table = Table(title=f"P{seat}'s decisions", title_justify="left")
    for col, justify in (
        ("step", "right"),
        ("played", "left"),
        ("chance", "right"),
        ("search's best", "left"),
        ("chance", "right"),
        ("loss", "right"),
        ("", "left"),
    ):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    for v in result.verdicts:
        loss = v.loss
        same = v.played == v.best
        table.add_row(
            str(v.step),
            text.rich(v.played_words),
            _pct(v.played_value),
            "(the same)" if same else text.rich(v.best_words),
            "" if same else _pct(v.best_value),
            "?" if loss is None else f"{loss:.2f}",
            "[bold red]costly[/]" if v.costly else ("[dim]not tried[/]" if loss is None else ""),
        )
    out.print(table)
    unknown = f", {result.unknown} not tried by the search" if result.unknown else ""
    out.print(
        f"[bold]{result.costly}[/] costly decision{'' if result.costly == 1 else 's'} "
        f"(loss {advice.COSTLY:g} or more) of "
        f"{len(result.verdicts)}; total loss {result.total_loss:.2f}{unknown}; "
        f"forced moves skipped: {result.forced}."
    )
    out.print(
        f"[dim]chance: with that move, {advice.chance(game, record.players)}; loss: the best move's "
        "chance minus the played move's, from the same search. A short search is noisy: "
        "raise --think for a surer review.[/]"
    )
