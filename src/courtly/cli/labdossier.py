"""``courtly lab dossier GAME``: a game's balance dossier, for its designer.

courtly lab dossier garrison -n 200          # writes docs/balance/garrison.md
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import Progress, TaskID

from courtly.cli.app import console, friendly

DUEL_N = 40
"""Games of the checking bot against the dossier's, by default."""


class Bars:
    """A progress bar for the run being played, by game, with the time left
    (the games an earlier session played count as done from the start)."""

    def __init__(self, bar: Progress) -> None:
        self.bar = bar
        self.tasks: dict[str, TaskID] = {}

    def update(self, key: str, done: int, total: int) -> None:
        task = self.tasks.get(key)
        if task is None:
            for other in self.tasks.values():
                self.bar.update(other, visible=False)
            self.tasks[key] = self.bar.add_task(f"  {key}", total=total, completed=done)
        else:
            self.bar.update(task, completed=done)


@friendly
def dossier(
    game: Annotated[str, typer.Argument(help="Game id (`courtly games` lists them).")],
    n: Annotated[int, typer.Option("-n", help="Games per setting and player count.", min=1)] = 200,
    bots: Annotated[str, typer.Option(help="The bot in every seat.")] = "normal",
    seed: Annotated[int, typer.Option(help="Seed of the first game of every setting.")] = 0,
    out: Annotated[Path, typer.Option(help="Where the dossier and its plots go.")] = Path(
        "docs/balance"
    ),
    work: Annotated[
        Path | None,
        typer.Option(
            help="The folder of its lab runs (default lab-runs/dossier-GAME); rerun to resume."
        ),
    ] = None,
    check_bots: Annotated[
        str | None,
        typer.Option(
            help="A stronger bot (e.g. hard@600it) to check who wins at the default player "
            "count with; the dossier says where it and --bots disagree, and how often it "
            "left normal's move."
        ),
    ] = None,
    check_n: Annotated[int, typer.Option(help="Games of the check.", min=1)] = 100,
    duel_n: Annotated[
        int,
        typer.Option(
            help="Games of the checking bot in one seat against --bots in the others, each "
            "seat in turn: whether it is the stronger bot (0: none; then only how often it "
            "left normal's move says so).",
            min=0,
        ),
    ] = DUEL_N,
    jobs: Annotated[int, typer.Option(help="Processes (0: every core).", min=0)] = 0,
    cluster: Annotated[
        str | None, typer.Option(help="A Dask scheduler to play on, e.g. tcp://host:8786.")
    ] = None,
) -> None:
    """Write a game's balance dossier, OUT/GAME.md with its plots; resumable.

    It plays the runs the dossier needs (fixed seeds): seat and turn-order fairness,
    length, each ruling's effect, the moves winners make, and the designer's own
    questions."""
    from courtly.cli import checks
    from courtly.engine.errors import OptionError

    checks.extra("lab", "courtly lab dossier")
    from courtly.cli.lab import _progress
    from courtly.games import get
    from courtly.lab import dossier as data
    from courtly.lab.dossiertext import write
    from courtly.lab.store import writable

    g = get(game)
    if "," in bots:
        raise OptionError(
            "--bots: name one bot for every seat (the dossier plays every player count)"
        )
    writable(out)
    writable(data.work_folder(g, work), "--work")
    con = console()
    check = check_bots.strip().lower() if check_bots else None
    runs = data.schedule(g, n, seed, bots.strip().lower(), check, check_n, duel_n)
    total = sum(len(c.seeds) for _, p in runs for c in p.chunks)
    again = sum(
        len(c.seeds)
        for r, p in runs
        if r.key.startswith("option-")
        for c in p.chunks
        if c.variant == 0
    )
    con.print(
        f"{g.name}: {len(runs)} lab runs, {total:,} games ({n} per setting"
        + (
            f"; {again:,} of them the text's own games at {g.default_players} players, "
            "played again as each option's baseline"
            if again
            else ""
        )
        + ")",
        markup=False,
    )
    with _progress(con) as bar:
        bars = Bars(bar)
        d = data.play(
            g.id,
            n,
            seed,
            bots.strip().lower(),
            work,
            jobs or os.cpu_count() or 1,
            cluster,
            progress=lambda key: con.print(f"  {key}", markup=False),
            check=check,
            check_n=check_n,
            duel_n=duel_n,
            on_game=bars.update,
        )
    command = (
        f"courtly lab dossier {g.id} -n {n} --seed {seed}"
        + (f" --bots {bots}" if bots != "normal" else "")
        + (f" --check-bots {check_bots} --check-n {check_n}" if check_bots else "")
        + (f" --duel-n {duel_n}" if check_bots and duel_n != DUEL_N else "")
    )
    page = write(d, out, command)
    con.print(
        f"{d.games_played:,} games ({d.games_played - d.replayed:,} different); dossier: {page}",
        markup=False,
    )
