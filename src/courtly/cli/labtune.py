"""``courtly lab tune``: search a game's tunable numbers and options toward
goals a designer states.

    courtly lab tune garrison --players 2-6 --goal length_spread=min -n 100 --trials 30
    courtly lab tune crown-rivals --goal first_player_edge=0 --goal length=15..25
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from courtly.cli.app import GameOptionArg, console, friendly


def _folder(settings: dict[str, object]) -> Path:
    from courtly.lab.store import digest

    return Path("lab-runs") / f"tune-{settings['game']}-{digest(settings, 8)}"


def _iv(m: dict[str, float]) -> str:
    return f"{m['value']:.2f} [{m['low']:.2f}, {m['high']:.2f}]"


@friendly
def tune(
    game: Annotated[str, typer.Argument(help="Game id (`courtly games` lists them).")],
    goal: Annotated[
        list[str],
        typer.Option(
            help="A goal: measure=value, measure=low..high, measure=max or measure=min, e.g. "
            "first_player_edge=0, length=20..30, decisiveness=max (repeatable; several goals "
            "give a Pareto front). Measures: first_player_edge, length, length_spread, "
            "decisions, decisiveness, drama, lead_changes, ties, margin."
        ),
    ],
    param: Annotated[
        list[str] | None,
        typer.Option(
            help="An option to search (repeatable); default: the numbers the game declares "
            "tunable (a target table, a starting score, ...), each in the range it declares. "
            "A tunable number may take a range of its own, in the game's step: target=30..80; "
            "and, if it goes by player count, one count alone: target@4 or target@4=30..80 "
            "(the other counts keep the text's value unless named too: --param target "
            "--param target@4=50..80). A choice option is named alone: --param jokers."
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            help="Player counts to play each variant at: 4, 2-6 or 2,4 (default: the game's)."
        ),
    ] = None,
    bots: Annotated[str, typer.Option(help="The bot in every seat.")] = "normal",
    n: Annotated[int, typer.Option("-n", help="Games per variant and player count.", min=1)] = 100,
    trials: Annotated[
        int, typer.Option(help="Variants to try in all (the text's first).", min=1)
    ] = 20,
    confirm: Annotated[
        int | None,
        typer.Option(
            help="Fresh games per player count to replay the best and the text's on "
            "(default: -n; 0: none).",
            min=0,
        ),
    ] = None,
    jobs: Annotated[int, typer.Option(help="Processes (0: every core).", min=0)] = 0,
    cluster: Annotated[
        str | None, typer.Option(help="A Dask scheduler to play on, e.g. tcp://host:8786.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="The tune's folder (default lab-runs/tune-GAME-HASH); rerun to resume."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the first game of every variant.")] = 0,
    option: GameOptionArg = None,
) -> None:
    """Search rule variants toward the goals you state; resumable.

    Every variant is a lab run on the same seeds, none tried twice; the best is replayed on
    fresh ones, and the answer says whether it meets each goal."""
    from courtly.cli import checks
    from courtly.engine.errors import OptionError
    from courtly.engine.options import parse_option_pairs

    checks.extra("lab", "courtly lab tune")
    from courtly.games import get
    from courtly.lab import tune as tuning
    from courtly.lab.goals import parse_goals
    from courtly.lab.store import writable
    from courtly.lab.tunespace import space

    g = get(game)
    if "," in bots:
        raise OptionError(
            "--bots: name one bot for every seat (the tune plays several player counts)"
        )
    counts = tuning.players_list(g, players)
    base = parse_option_pairs(option or [])
    g.Options.parse(base)
    t = tuning.Tune(
        game=g,
        bots=bots.strip().lower(),
        players=counts,
        n=n,
        seed=seed,
        goals=parse_goals(goal, counts),
        params=space(g, param or [], counts, base),
        base=base,
    )
    folder = out if out is not None else _folder(t.settings)
    writable(folder)
    where = f"cluster {cluster}" if cluster else f"{jobs or os.cpu_count() or 1} process(es)"
    con = console()
    con.print(
        f"tuning {g.name}: {trials} variants × {n} games × {len(counts)} player count(s) on "
        f"{where}; searching {', '.join(p.name for p in t.params)}; folder {folder}",
        markup=False,
    )

    def said(number: int, label: str, m: dict[str, dict[str, float]]) -> None:
        shown = "; ".join(
            f"{k} {v['value']:.2f} [{v['low']:.2f}, {v['high']:.2f}]" for k, v in m.items()
        )
        con.print(f"trial {number}: {label}: {shown}", markup=False)

    try:
        result = tuning.run(
            t,
            folder,
            trials,
            n if confirm is None else confirm,
            jobs=jobs or os.cpu_count() or 1,
            cluster=cluster,
            on_trial=said,
        )
    except KeyboardInterrupt:
        con.print(f"interrupted: rerun the same command to resume the tune in {folder}")
        raise typer.Exit(130) from None
    from courtly.lab.tunereport import (
        difference_words,
        edge_words,
        reach_words,
        search_words,
        verdict,
    )

    con.print(search_words(result["search"], len(result["trials"])), markup=False)
    best = result["best"]
    if result["text_is_best"]:
        con.print(f"the text's variant is the best found: {best['label']}", markup=False)
    else:
        con.print(
            f"best variant: {best['label']} (the text: {result['text']['label']})", markup=False
        )
    conf = result.get("confirm")
    unit = result["unit"]
    where = f"on {conf['games']} fresh games" if conf else "on the search's games"
    for goal_ in t.goals:
        m = (conf["best"] if conf else best["measures"])[goal_.measure]
        con.print(f"  {goal_.text} {where}: {reach_words(goal_, m, unit)}", markup=False)
        if conf and not result["text_is_best"]:
            d = conf["difference"][goal_.measure]
            clear = verdict(goal_, d).removesuffix(" than the text")
            con.print(
                f"    the text {_iv(conf['text'][goal_.measure])}; best against it: "
                f"{difference_words(goal_, d, unit)}: {clear}",
                markup=False,
            )
    for e in result["edges"]:
        con.print("  " + edge_words(e, g.name, short=True), markup=False)
    con.print(f"report: {folder / 'tune.md'}\nresult: {folder / 'tune.json'}", markup=False)
