"""A lab run from start to finish: plan the chunks, play the missing ones
(in this process, on local processes, or on a Dask cluster), save each chunk as
it finishes, and gather the run when all are done."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from courtly import bots as bot_registry
from courtly.engine.errors import OptionError
from courtly.games import get
from courtly.lab.collect import Chunk, play_chunk
from courtly.lab.store import LabDir
from courtly.lab.sweep import Variant, parse_vary, variants

CHUNK = 25
"""Games per chunk: the unit of work, of saving and of resuming."""


@dataclass
class Plan:
    settings: dict[str, Any]
    chunks: list[Chunk]


def seat_bots(game_id: str, bots: str, players: int | None) -> list[str]:
    """One bot per seat: a list naming each seat's, or one name for every seat."""
    game = get(game_id)
    names = [b.strip().lower() for b in bots.split(",") if b.strip()]
    if not names:
        raise OptionError("--bots names no bot: give one per seat, or one for all seats")
    if len(names) == 1:
        names = names * (players or game.default_players)
    elif players is not None and players != len(names):
        raise OptionError(
            f"--players {players} but --bots names {len(names)} bots: give one per seat, "
            "or a single bot for every seat"
        )
    if not game.min_players <= len(names) <= game.max_players:
        raise OptionError(
            f"{game.name} is for {game.min_players} to {game.max_players} players, not {len(names)}"
        )
    for n in names:
        bot_registry.make(n, game)  # an unknown bot fails here with the known ones
    return names


def plan(
    game_id: str,
    bots: str,
    n: int,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    vary: list[str] | None = None,
    chunk: int = CHUNK,
) -> Plan:
    game = get(game_id)
    names = seat_bots(game.id, bots, players)
    base = dict(options or {})
    varied = parse_vary(game, vary or [])
    vs: list[Variant] = variants(game, base, varied)
    for v in vs:
        game.new(players=len(names), seed=seed, options=v.options)  # the set-up is valid
    settings = {
        "game": game.id,
        "game_version": game.version,
        "players": len(names),
        "bots": names,
        "n": n,
        "seed": seed,
        "options": base,
        "vary": [[name, vals] for name, vals in varied],
        "variants": [{"label": v.label, "options": v.options} for v in vs],
        "chunk": chunk,
    }
    chunks = [
        Chunk(
            variant=i,
            index=c,
            game=game.id,
            bots=tuple(names),
            options=tuple(sorted(v.options.items())),
            seeds=tuple(range(seed + start, seed + min(n, start + chunk))),
        )
        for i, v in enumerate(vs)
        for c, start in enumerate(range(0, n, chunk))
    ]
    return Plan(settings, chunks)


def play_local(chunks: list[Chunk], jobs: int) -> Iterator[dict[str, Any]]:
    """Play chunks here (jobs 1) or on ``jobs`` processes, yielding as each finishes."""
    if jobs <= 1:
        for c in chunks:
            yield play_chunk(c)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_chunk, c) for c in chunks]
        try:
            for f in as_completed(futures):
                yield f.result()
        finally:
            for f in futures:
                f.cancel()


def run(
    folder: LabDir,
    p: Plan,
    jobs: int = 1,
    cluster: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Play every chunk not yet saved in ``folder``; returns the games played
    now. ``progress(games_done_now, games_already_done)`` after each chunk."""
    if cluster:
        from courtly.lab.cluster import check_address

        check_address(cluster)
    folder.open(p.settings)
    if folder.complete:
        return 0
    done = folder.done()
    todo = [c for c in p.chunks if c.key not in done]
    already = sum(len(c.seeds) for c in p.chunks if c.key in done)
    folder.log_session(already=already, to_play=sum(len(c.seeds) for c in todo))
    if progress:
        progress(0, already)
    played = 0
    if cluster:
        from courtly.lab.cluster import run_on_cluster

        results = run_on_cluster(cluster, todo)
    else:
        results = play_local(todo, jobs)
    for result in results:
        folder.save_chunk(result)
        played += len(result["games"])
        if progress:
            progress(len(result["games"]), 0)
    folder.finish()
    return played
