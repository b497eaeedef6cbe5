"""Playing a game for the lab while watching it: every standing, every event.

``observe_game`` plays exactly the game that ``runner.play_game`` plays for the
same bots and seed (both play through the engine's driver), so a lab game and
a ``courtly sim`` game with one seed are one game, and its record replays it. On the way it notes, after every decision, each
seat's standing (the game's scores so far), the game's progress in its own
units (``Game.progress``), the number of legal choices, and every event by kind;
and, for a searching seat, how often it departed from the heuristic's move
(``courtly.lab.departures``).

``play_chunk`` plays a chunk of games and returns plain rows (lists and dicts,
cheap to send between processes or to and from a Dask worker).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from courtly import bots as bot_registry
from courtly.engine.driver import Driver
from courtly.games import get
from courtly.lab import metrics
from courtly.lab.departures import counts, watch


@dataclass
class Observed:
    """One game as the lab saw it."""

    seed: int
    bots: list[str]
    scores: list[float]
    winners: list[int]
    ranks: list[float]
    decisions: int
    first: int
    """The seat that made the first decision, or -1 when several seats opened
    the game at once (a simultaneous first decision)."""
    length: dict[str, int]
    events: dict[str, int]
    choices: float
    """Mean number of legal actions at the game's decisions."""
    standings: list[list[float]] = field(repr=False)
    """Scores before the first decision and after each decision."""
    curve: list[list[float]] = field(repr=False)
    """Scores at the end of each unit (the first key of ``Game.progress``)."""
    record: str = field(repr=False, default="")
    searched: list[int | None] = field(default_factory=list)
    """Each seat's decisions with a choice made by its search (None: a seat
    that does not search, ``courtly.lab.departures``)."""
    departed: list[int | None] = field(default_factory=list)
    """Those where the search played another move than the heuristic's."""


def observe_game(
    game_id: str, bot_names: list[str], seed: int, options: Mapping[str, Any] | None = None
) -> Observed:
    game = get(game_id)
    state = game.new(players=len(bot_names), seed=seed, options=options)
    seats = [watch(bot) for bot in bot_registry.make_all(game, bot_names)]
    first = state.to_act[0] if len(state.to_act) == 1 else -1
    standings = [list(state.scores)]
    unit_name = next(iter(game.progress(state)))
    by_unit: dict[int, list[float]] = {}
    events: Counter[str] = Counter()
    choices = 0
    driver = Driver(state, seats, events=True)
    for move in driver.moves():
        choices += move.choices
        for event in move.events:
            events[event.kind] += 1
        now = list(state.scores)
        standings.append(now)
        progress = game.progress(state)
        by_unit[progress[unit_name]] = now
    decisions = driver.decisions
    length = dict(game.progress(state))
    record = state.record()
    record.meta["bots"] = list(bot_names)
    return Observed(
        seed=seed,
        bots=list(bot_names),
        scores=list(state.scores),
        winners=list(state.winners),
        ranks=state.ranks(),
        decisions=decisions,
        first=first,
        length=length,
        events=dict(events),
        choices=choices / decisions if decisions else 0.0,
        standings=standings,
        curve=_fill(by_unit, standings[0]),
        record=record.to_json(),
        searched=[counts(seat)[0] for seat in seats],
        departed=[counts(seat)[1] for seat in seats],
    )


def _fill(by_unit: dict[int, list[float]], start: list[float]) -> list[list[float]]:
    """The standing at the end of units 1..last, a unit without a decision of
    its own keeping the standing before it."""
    if not by_unit:
        return []
    out: list[list[float]] = []
    last = start
    for unit in range(1, max(by_unit) + 1):
        last = by_unit.get(unit, last)
        out.append(list(last))
    return out


@dataclass(frozen=True)
class Chunk:
    """A piece of a lab run: some seeds of one variant."""

    variant: int
    index: int
    game: str
    bots: tuple[str, ...]
    options: tuple[tuple[str, Any], ...]
    seeds: tuple[int, ...]

    @property
    def key(self) -> str:
        return f"v{self.variant:02d}-c{self.index:05d}"


def rows(chunk: Chunk, game: Observed) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A game's row and its seats' rows."""
    winner = game.winners[0] if len(game.winners) == 1 else None
    players = len(game.bots)
    row = {
        "variant": chunk.variant,
        "seed": game.seed,
        "players": players,
        "decisions": game.decisions,
        "first": game.first,
        "winners": game.winners,
        "shared": len(game.winners) > 1,
        "scores": game.scores,
        "margin": metrics.margin(game.scores, game.winners),
        "decisiveness": metrics.decisiveness(game.standings, winner),
        "lead_changes": metrics.lead_changes(game.standings),
        "drama": metrics.drama(game.standings, winner),
        "choices": game.choices,
        "length": game.length,
        "events": game.events,
        "curve": game.curve,
    }
    seats = [
        {
            "variant": chunk.variant,
            "seed": game.seed,
            "seat": s,
            "bot": game.bots[s],
            "score": game.scores[s],
            "rank": game.ranks[s],
            "win_share": 1 / len(game.winners) if s in game.winners else 0.0,
            "order": (s - game.first) % players if game.first >= 0 else -1,
            "searched": game.searched[s] if game.searched else None,
            "departed": game.departed[s] if game.departed else None,
        }
        for s in range(players)
    ]
    return row, seats


def play_chunk(chunk: Chunk, on_game: Callable[[], None] | None = None) -> dict[str, Any]:
    """Play a chunk's games: ``{"key", "games", "seats", "records"}``;
    ``on_game()`` after each game (a progress bar counts games, not chunks)."""
    games: list[dict[str, Any]] = []
    seats: list[dict[str, Any]] = []
    records: list[str] = []
    options = dict(chunk.options)
    for seed in chunk.seeds:
        observed = observe_game(chunk.game, list(chunk.bots), seed, options)
        row, seat_rows = rows(chunk, observed)
        games.append(row)
        seats.extend(seat_rows)
        records.append(observed.record)
        if on_game is not None:
            on_game()
    return {"key": chunk.key, "games": games, "seats": seats, "records": records}
