"""The ``courtly`` command: games, rules, play, sim, replay, review, bench, serve, lab."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from courtly import __version__
from courtly.engine.errors import CourtlyError

app = typer.Typer(
    name="courtly",
    help="Courtly: five court-intrigue card games to play, pit bots against, and study.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",  # a docstring's paragraph reflows to the terminal's width
)

F = TypeVar("F", bound=Callable[..., Any])

GameOptionArg = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        help="A game option, name=value (repeatable); `courtly options GAME` lists them.",
    ),
]


def console() -> Console:
    """Rich console; when output is not a terminal (a pipe, a log), 120
    columns (or ``COURTLY_WIDTH``) so the tables stay readable."""
    wide = None if sys.stdout.isatty() else int(os.environ.get("COURTLY_WIDTH", "120"))
    return Console(highlight=False, width=wide)


def friendly(fn: F) -> F:
    """Turn Courtly's own errors into a one-line message and exit code 2."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except CourtlyError as exc:
            Console(stderr=True, highlight=False).print(
                f"[red]error:[/] {escape(str(exc))}", markup=True
            )
            raise typer.Exit(2) from None

    return wrapper  # type: ignore[return-value]


def _print_version(value: bool) -> None:
    """``--version``: the version and which build is running (compiled or pure)."""
    if not value:
        return
    import platform

    from courtly import build

    print(f"courtly {__version__} (Python {platform.python_version()})")
    print(f"build: {build.describe()}")
    compiled = build.compiled_modules()
    if compiled:
        print("compiled modules: " + ", ".join(m.removeprefix("courtly.") for m in compiled))
    raise typer.Exit()


@app.callback(invoke_without_command=False)
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print the version and the build (compiled or pure Python), and exit.",
            is_eager=True,
            callback=_print_version,
        ),
    ] = False,
) -> None:
    pass


@app.command()
@friendly
def games() -> None:
    """List the games, their players and options."""
    from courtly import bots
    from courtly.games import all_games

    table = Table(
        title="Courtly games",
        caption="courtly options GAME: what each option and its values mean",
        show_lines=True,
    )
    for col in ("id", "name", "players", "bots", "options"):
        table.add_column(col)
    for g in all_games():
        players = (
            str(g.min_players)
            if g.min_players == g.max_players
            else f"{g.min_players}-{g.max_players}"
        )
        opts = "\n".join(
            f"{n}: {allowed} (default {default})" for n, allowed, default, _ in g.Options.describe()
        )
        table.add_row(
            g.id, f"{g.name}\n[dim]{g.summary}[/]", players, ", ".join(bots.names(g)), opts
        )
    console().print(table)


@app.command()
@friendly
def rules(
    game: Annotated[str, typer.Argument(help="Game id (`courtly games` lists them).")],
) -> None:
    """Print a game's rules as Courtly plays them, with every ruling."""
    from courtly.games import get

    console().print(Markdown(get(game).rules_markdown()))


@app.command()
@friendly
def options(
    game: Annotated[str, typer.Argument(help="Game id (`courtly games` lists them).")],
) -> None:
    """List a game's options: their values, defaults and what they mean."""
    from courtly.games import get

    g = get(game)
    table = Table(title=f"{g.name} options (-o name=value)", show_lines=True)
    for col in ("option", "values", "default", "what it means"):
        table.add_column(col)
    for name, allowed, default, meaning in g.Options.listing():
        table.add_row(name, escape(allowed), escape(default), escape(meaning))
    console().print(table)


@app.command()
@friendly
def play(
    game: Annotated[str | None, typer.Argument(help="Game id; without one, a menu.")] = None,
    seats: Annotated[
        str | None,
        typer.Option(help="Who sits where: human or a bot, e.g. human,hard,normal,easy."),
    ] = None,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for the deal.")] = None,
    option: GameOptionArg = None,
    save: Annotated[
        Path | None,
        typer.Option(help="Add the game's record to this file (after the records it holds)."),
    ] = None,
    think: Annotated[
        float | None, typer.Option(help="Seconds a 'hard' bot may think per decision.")
    ] = None,
) -> None:
    """Play a game in the terminal against bots, or hot seat with friends.

    A seat is a person (human) or a bot: a level (easy, normal, hard) or a kind."""
    from courtly.cli import checks
    from courtly.cli.play import run_play

    checks.seconds(think, "--think")
    checks.writable_file(save, "--save")
    run_play(console(), game, seats, players, seed, option or [], save, think)


@app.command()
@friendly
def sim(
    game: Annotated[str, typer.Argument(help="Game id.")],
    n: Annotated[int, typer.Option("-n", help="Number of games.", min=1)] = 100,
    bots: Annotated[
        str, typer.Option(help="One bot per seat, e.g. greedy,random,random,random.")
    ] = "",
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed+i.")] = 0,
    jobs: Annotated[int, typer.Option(help="Processes to use.", min=1)] = 1,
    option: GameOptionArg = None,
    out: Annotated[
        Path | None, typer.Option(help="Write every game's record (JSON Lines).")
    ] = None,
) -> None:
    """Play many games between bots and report win shares with 95% intervals."""
    from courtly.cli import checks
    from courtly.cli.sim import run_sim

    checks.writable_file(out, "--out")
    run_sim(console(), game, n, bots, seed, jobs, option or [], out)


@app.command()
@friendly
def tournament(
    game: Annotated[str, typer.Argument(help="Game id.")],
    bots: Annotated[
        str | None,
        typer.Option(
            help="Bots to meet, e.g. hard,normal,greedy,random; one named twice sits twice (hard,greedy,greedy,greedy); "
            "a searching level may carry its seconds a decision (hard@0.3). With --ladder, the rungs weakest first "
            "(default: random and the levels)."
        ),
    ] = None,
    ladder: Annotated[
        bool,
        typer.Option(
            "--ladder",
            help="Seat neighbours on a ladder of bots (weakest first) and print each rung's rating, "
            "its gap to the rung below and its share of their games.",
        ),
    ] = False,
    n: Annotated[int, typer.Option("-n", help="Number of games.", min=1)] = 100,
    players: Annotated[
        int | None, typer.Option(help="Seats per game (default: the game's).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game i uses seed+i.")] = 0,
    jobs: Annotated[int, typer.Option(help="Processes to use.", min=1)] = 1,
    think: Annotated[
        float | None, typer.Option(help="Seconds a searching bot may think per decision.")
    ] = None,
    option: GameOptionArg = None,
    out: Annotated[
        Path | None, typer.Option(help="Write every game's record (JSON Lines).")
    ] = None,
) -> None:
    """Bots meet in rotating seats: win share, mean rank and OpenSkill ratings.

    With --ladder, the levels' ladder: each rung's rating and its gap to the one below."""
    from courtly.cli import checks

    checks.extra("lab", "courtly tournament")
    from courtly.cli.tournament import run_ladder_cli, run_tournament_cli

    checks.seconds(think, "--think")
    checks.writable_file(out, "--out")
    if ladder:
        run_ladder_cli(console(), game, bots, n, players, seed, jobs, think, option or [], out)
    else:
        run_tournament_cli(console(), game, bots, n, players, seed, jobs, think, option or [], out)


@app.command()
@friendly
def replay(
    file: Annotated[Path, typer.Argument(help="A record file (JSON or JSON Lines).")],
    index: Annotated[int, typer.Option(help="Which record in the file (from 0).")] = 0,
    seat: Annotated[
        int | None, typer.Option(help="Watch as this seat (default: a spectator).")
    ] = None,
    all_steps: Annotated[
        bool, typer.Option("--all", help="Print every step without waiting.")
    ] = False,
) -> None:
    """Step through a saved game record."""
    from courtly.cli.replay import run_replay

    run_replay(console(), file, index, seat, all_steps)


@app.command()
@friendly
def review(
    file: Annotated[Path, typer.Argument(help="A record file (JSON or JSON Lines).")],
    seat: Annotated[int, typer.Option(help="The seat whose decisions to review.")],
    index: Annotated[int, typer.Option(help="Which record in the file (from 0).")] = 0,
    think: Annotated[
        float | None,
        typer.Option(help="Seconds of search per decision (default 0.5).", min=0.01, max=60),
    ] = None,
) -> None:
    """Judge one seat's decisions in a saved game with the hard bot's search.

    Decision by decision: the move played, the search's best, and the estimated loss."""
    from courtly.cli import checks
    from courtly.cli.review import run_review

    checks.seconds(think, "--think", most=60)
    run_review(console(), file, seat, index, think)


@app.command()
@friendly
def bench(
    game: Annotated[str | None, typer.Argument(help="Game id; all games without one.")] = None,
    seconds: Annotated[float, typer.Option(help="Seconds of playouts per run.")] = 2.0,
    runs: Annotated[int, typer.Option(help="Runs per game (the median is reported).")] = 5,
    peers: Annotated[
        bool,
        typer.Option(
            "--peers",
            help="Also measure OpenSpiel (hearts, Kuhn poker, its ISMCTS) now, in this "
            "process, and show every figure as a ratio to it (needs the rl extra).",
        ),
    ] = False,
) -> None:
    """Measure decisions, games, sample_state and clone per second."""
    from courtly.cli import checks
    from courtly.cli.bench import run_bench

    checks.seconds(seconds, "--seconds")
    if runs < 1:
        raise CourtlyError(f"--runs takes a whole number of at least 1, not {runs}")
    run_bench(console(), game, seconds, runs, peers)


@app.command()
@friendly
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.", min=1, max=65535)] = 8000,
    db: Annotated[
        str, typer.Option(help="SQLite file, or a database URL (postgresql://...).")
    ] = "courtly.db",
    tables_per_minute: Annotated[
        int,
        typer.Option(
            help="New tables one address may create a minute (bursts of at least 10).",
            min=1,
        ),
    ] = 12,
    sockets_per_address: Annotated[
        int,
        typer.Option(
            help="Websockets one address may hold open at once (a tab of a table is one).",
            min=1,
        ),
    ] = 64,
    bot_pace: Annotated[
        float | None,
        typer.Option(
            help="Seconds a move on a table of bots only, a pace people can watch "
            "(default 1; 0: as fast as the bots choose).",
            min=0.0,
            max=60.0,
        ),
    ] = None,
    proxy: Annotated[
        str | None,
        typer.Option(
            help="Addresses of the reverse proxies or load balancers in front "
            "(comma-separated; * for any) whose X-Forwarded-For names the client "
            "(default: none; every client is known by its own address).",
        ),
    ] = None,
) -> None:
    """Serve online play: tables with invite links, bots, spectators, live over websockets."""
    from courtly.cli.serve import run_serve

    run_serve(console(), host, port, db, tables_per_minute, bot_pace, proxy, sockets_per_address)


from courtly.cli.lab import app as lab_app  # noqa: E402  (it uses the helpers above)

app.add_typer(lab_app, name="lab")


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        sys.exit(130)
