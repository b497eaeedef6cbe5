"""A lab run from start to finish: plan the chunks, play the missing ones
(in this process, on local processes, or on a Dask cluster), save each chunk as
it finishes, and gather the run when all are done."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from courtly import bots as bot_registry
from courtly.bots.ismcts import ISMCTS
from courtly.engine.errors import OptionError
from courtly.engine.game import Game
from courtly.games import get
from courtly.lab.collect import Chunk, play_chunk
from courtly.lab.parallel import run_tasks
from courtly.lab.store import LabDir
from courtly.lab.sweep import Variant, parse_vary, variants

CHUNK = 25
"""Games per chunk: the unit of work, of saving and of resuming."""
SEARCH_CHUNK = 5
"""Games per chunk where a seat's bot searches (``hard``, ``ismcts``): such a
game takes a minute or more, so in chunks of 25 a run of 30 games kept one
process on 25 of them while the other played 5 and waited, and a stopped run
lost up to 25 games a process. In chunks of 5 every process is busy to the end
and a stop loses at most 5 games a process."""


@dataclass
class Plan:
    settings: dict[str, Any]
    chunks: list[Chunk]

    def rechunked(self, chunk: int) -> Plan:
        """The same games in chunks of ``chunk``."""
        variants = len(self.settings["variants"])
        seeds: list[list[int]] = [[] for _ in range(variants)]
        for c in self.chunks:
            seeds[c.variant] += c.seeds
        model = {c.variant: c for c in self.chunks}
        chunks = [
            replace(model[i], index=k, seeds=tuple(own[start : start + chunk]))
            for i, own in enumerate(seeds)
            for k, start in enumerate(range(0, len(own), chunk))
        ]
        return Plan({**self.settings, "chunk": chunk}, chunks)


def chunk_size(game: Game, names: Sequence[str]) -> int:
    """Games per chunk for a table of ``names``: ``SEARCH_CHUNK`` where a seat's
    bot searches, else ``CHUNK``."""
    searches = any(isinstance(bot_registry.make(n, game), ISMCTS) for n in set(names))
    return SEARCH_CHUNK if searches else CHUNK


def as_begun(p: Plan, folder_for: Callable[[dict[str, Any]], LabDir]) -> Plan:
    """``p``, or ``p`` in chunks of ``CHUNK`` where a run of it was begun in them
    (a searching bot's run begun before its games came in ``SEARCH_CHUNK``s)
    and none is begun in ``p``'s own: so a rerun of the same command resumes
    the games it played. ``folder_for(settings)``: the folder of a run of
    those settings."""
    if p.settings["chunk"] == CHUNK:
        return p
    old = p.rechunked(CHUNK)
    if folder_for(p.settings).holds(p.settings):
        return p
    if folder_for(old.settings).holds(old.settings):
        return old
    return p


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
        raise OptionError(f"{game.name} is for {game.players_allowed} players, not {len(names)}")
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
    chunk: int | None = None,
) -> Plan:
    """The chunks of a lab run, and its settings (``chunk``: games a chunk, by
    default ``chunk_size``'s)."""
    game = get(game_id)
    names = seat_bots(game.id, bots, players)
    if chunk is None:
        chunk = chunk_size(game, names)
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


def play_local(
    chunks: list[Chunk], jobs: int, on_game: Callable[[str], None] | None = None
) -> Iterator[dict[str, Any]]:
    """Play chunks here (jobs 1) or on ``jobs`` processes, yielding each as it
    finishes; ``on_game(key)`` as each game of chunk ``key`` ends."""

    def tick(i: int) -> None:
        if on_game is not None:
            on_game(chunks[i].key)

    for _, result in run_tasks(play_chunk, chunks, jobs, tick):
        yield result


class Tally:
    """Games finished, each counted once for the progress bar: as it ends when
    word of it comes (a tick), at the latest when its chunk is saved. Ticks may
    come from another thread (a cluster's) and late: a chunk already counted
    ignores them."""

    def __init__(self, progress: Callable[[int, int], None] | None) -> None:
        self.progress = progress
        self.seen: dict[str, int] = {}
        self.closed: set[str] = set()
        self.lock = threading.Lock()

    def game(self, key: str) -> None:
        with self.lock:
            if key in self.closed:
                return
            self.seen[key] = self.seen.get(key, 0) + 1
            if self.progress:
                self.progress(1, 0)

    def chunk(self, key: str, games: int) -> None:
        with self.lock:
            self.closed.add(key)
            rest = games - self.seen.pop(key, 0)
            if self.progress and rest > 0:
                self.progress(rest, 0)


def run(
    folder: LabDir,
    p: Plan,
    jobs: int = 1,
    cluster: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Play every chunk not yet saved in ``folder``; returns the games played
    now. ``progress(0, games_already_done)`` first, then
    ``progress(games_done_now, 0)`` as each game ends (locally; on a cluster
    as word of it comes, at the latest when its chunk is saved)."""
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
    tally = Tally(progress)
    played = 0
    if cluster:
        from courtly.lab.cluster import run_on_cluster

        results = run_on_cluster(cluster, todo, on_game=tally.game)
    else:
        results = play_local(todo, jobs, on_game=tally.game)
    for result in results:
        folder.save_chunk(result)
        played += len(result["games"])
        tally.chunk(result["key"], len(result["games"]))
    folder.finish()
    return played
