"""``courtly lab``: the designer's lab.

    courtly lab GAME --bots normal -n 2000 [--players P] [--vary option=a,b ...]
                     [--jobs J] [--cluster tcp://host:8786] [--out DIR] [--seed S]
                     [-o name=value ...]
    courtly lab report DIR
    courtly lab tune GAME --goal MEASURE=WANT ... [--param OPTION ...] [--players 2-6]

``courtly lab GAME ...`` is short for ``courtly lab run GAME ...``: a first
word that is not one of the lab's subcommands is read as a game (no game is
called ``run`` or ``report``).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text
from typer.core import TyperGroup

from courtly.cli.app import GameOptionArg, console, friendly


class LabGroup(TyperGroup):
    """``courtly lab GAME ...`` runs the lab on GAME, as ``courtly lab run GAME ...``."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:  # a click Context
        if args and not args[0].startswith("-") and args[0] not in self.commands:
            args = ["run", *args]
        return super().parse_args(ctx, args)


app = typer.Typer(
    name="lab",
    cls=LabGroup,
    help="The designer's lab: many games, every measure with 95% intervals, variant sweeps, "
    "an HTML report. `courtly lab GAME [OPTIONS]` is short for `courtly lab run GAME [OPTIONS]`.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",  # as the courtly command's (cli/app.py)
)


class RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:.1f} games/s", style="progress.data.speed")


class LeftColumn(ProgressColumn):
    """The time left, estimated from the games finished so far (each game
    counts as it ends, so the estimate comes with the first games)."""

    max_refresh = 0.5

    def render(self, task: Task) -> Text:
        left = task.time_remaining
        if task.finished:
            return Text("")
        if left is None:
            return Text("estimating the time left", style="progress.remaining")
        minutes, seconds = divmod(int(left + 0.5), 60)
        hours, minutes = divmod(minutes, 60)
        shown = f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"
        return Text(f"about {shown} left", style="progress.remaining")


def default_folder(settings: dict[str, object]) -> Path:
    """``lab-runs/GAME-HASH``: the same settings, the same folder, so rerunning an
    interrupted command resumes it."""
    from courtly.lab.store import digest

    return Path("lab-runs") / f"{settings['game']}-{digest(settings, 8)}"


@app.command()
@friendly
def run(
    game: Annotated[str, typer.Argument(help="Game id (`courtly games` lists them).")],
    bots: Annotated[
        str,
        typer.Option(help="One bot per seat (e.g. greedy,random,random), or one for all seats."),
    ] = "normal",
    n: Annotated[int, typer.Option("-n", help="Games per variant.", min=1)] = 200,
    players: Annotated[
        int | None, typer.Option(help="Seats (with a single --bots name; default: the game's).")
    ] = None,
    vary: Annotated[
        list[str] | None,
        typer.Option(
            help="An option and the values to compare, e.g. length=quick,long (repeatable)."
        ),
    ] = None,
    jobs: Annotated[
        int, typer.Option(help="Processes to use (0, the default: every core).", min=0)
    ] = 0,
    cluster: Annotated[
        str | None, typer.Option(help="A Dask scheduler to run on, e.g. tcp://host:8786.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="The run's folder (default lab-runs/GAME-HASH of the settings)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed+i.")] = 0,
    option: GameOptionArg = None,
) -> None:
    """Play games (resuming an interrupted run in the same folder), then write the report."""
    from courtly.cli import checks
    from courtly.engine.options import parse_option_pairs

    checks.extra("lab", "courtly lab")
    from courtly.lab import execute
    from courtly.lab.store import LabDir, writable

    out_console = console()
    p = execute.plan(game, bots, n, players, seed, parse_option_pairs(option or []), vary or [])
    p = execute.as_begun(p, lambda s: LabDir(out if out is not None else default_folder(s)))
    folder = LabDir(out if out is not None else default_folder(p.settings))
    writable(folder.path)
    workers = jobs or os.cpu_count() or 1
    total = sum(len(c.seeds) for c in p.chunks)
    where = f"cluster {cluster}" if cluster else f"{workers} process{'es' if workers > 1 else ''}"
    out_console.print(
        f"{total} games ({len(p.settings['variants'])} variant(s) × {n}) on {where}; "
        f"results in {folder.path}"
    )
    # games a resumed run finds done count as done from the start, not in the rate
    done = folder.done()
    already = sum(len(c.seeds) for c in p.chunks if c.key in done)
    with _progress(out_console) as bar:
        task = bar.add_task(p.settings["game"], total=total, completed=already)

        def advance(now: int, before: int) -> None:
            if before:
                out_console.print(f"resuming: {before} games already done")
            bar.advance(task, now)

        started = time.perf_counter()
        try:
            played = execute.run(folder, p, jobs=workers, cluster=cluster, progress=advance)
        except KeyboardInterrupt:
            saved = sum(len(c.seeds) for c in p.chunks if c.key in folder.done())
            out_console.print(
                f"interrupted: {saved} games are saved in {folder.path}; "
                "run the same command again to resume"
            )
            raise typer.Exit(130) from None
        seconds = time.perf_counter() - started
    if played == 0:
        out_console.print("every game of this run was already played")
    else:
        out_console.print(
            f"played {played} games in {seconds:.1f} s ({played / seconds:.1f} games/s)"
        )
    _report(out_console, folder.path)


@app.command()
@friendly
def report(
    folder: Annotated[Path, typer.Argument(help="The folder of a lab run.")],
) -> None:
    """Rebuild a run's report (HTML and JSON) from its raw data alone."""
    from courtly.cli import checks

    checks.extra("lab", "courtly lab report")
    _report(console(), folder)


SHOWN = 6
"""Findings printed after a run; the report holds them all."""


def _report(out: Console, folder: Path) -> None:
    from courtly.games import get
    from courtly.lab import departures
    from courtly.lab.report import bots_caution, build, tag
    from courtly.lab.words import number_of_tests

    html_path, json_path, summary = build(folder)
    for v in summary["variants"]:
        seats = ", ".join(
            f"seat P{s['seat']} {100 * s['win_share']['mean']:.1f}%" for s in v["seats"]
        )
        length = v["length"]["decisions"]["mean"]
        out.print(
            Text.assemble(
                (v["label"], "bold"),
                f": {v['games']} games; win shares {seats}; {length:.1f} decisions",
            )
        )
    for bot, t in sorted(summary.get("departures", {}).items()):
        out.print(departures.note(bot, t) + ".", markup=False)
    found = summary["findings"]
    tests = summary["correction"]["tests"]
    first = any(v.get("first_player") for v in summary["variants"])
    out.print(
        Text.assemble(
            ("Findings", "bold"),
            ", most important first (clear: p below 0.05 once corrected, by Holm's method, "
            f"for the {number_of_tests(tests)} of the run"
            + ("; the first player is whoever moves first, not seat P0" if first else "")
            + "):",
        )
    )
    for k, f in enumerate(found[:SHOWN], 1):
        out.print(
            Text.assemble(
                f"{k}. ",
                (f"[{tag(f['tier'], f.get('changes_nothing', False))}]", "bold"),
                " ",
                f["text"],
            ),
            Text("   " + f["evidence"], style="dim"),
            sep="\n",
        )
    caution = bots_caution(
        get(summary["settings"]["game"]), summary["settings"]["bots"], summary.get("departures")
    )
    if caution:
        out.print(Text(caution, style="yellow"))
    if len(found) > SHOWN:
        out.print(f"... and {len(found) - SHOWN} more findings in the report.")
    out.print(
        f"report: {html_path} (the findings, then every measure, each defined at the end)\n"
        f"summary: {json_path}\nrecords: {folder / 'records.jsonl'}",
        markup=False,
    )


def _progress(out: Console) -> Progress:
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        LeftColumn(),
        console=out,
        transient=True,
    )


from courtly.cli.labtune import tune  # noqa: E402 (registered last: it imports nothing of this module)

app.command()(tune)


from courtly.cli.labdossier import dossier  # noqa: E402

app.command()(dossier)
