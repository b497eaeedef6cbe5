"""Record every observation of many random games, as a digest per game.

    PYTHONPATH=src python tools/observations.py > tests/engine/observations.json

plays random games of every game and number of seats (default options, seeds
from 0, moves drawn from the legal list with the game's own generator) and
writes, for each game played, the decisions made and a digest of what every
seat and a spectator observe before every decision (keys sorted: the content,
not the order in which a view writes its keys). ``tests/engine/
test_observations.py`` replays the same games and compares: the fixture was
recorded before the engine built the keys every game shares (issue 19), so a
view that now supplies only its own part shows exactly what it showed before.
Regenerate it only when a game really changes what a seat sees.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from courtly import games

sys.path.insert(0, str(Path(__file__).resolve().parent))
import legal_lists  # tools/legal_lists.py: the same convention for options added later

SEEDS = {
    "agents-of-the-crown": 24,
    "agincards": 12,
    "crown-rivals": 24,
    "garrison": 8,
    "intrigue": 20,
}
"""Games recorded per game and number of seats (more where games are short)."""
MAX_DECISIONS = 600
"""A game is cut after this many decisions."""
OPTIONS: dict[str, dict[str, Any]] = {"garrison": {"max_rounds": 10}}
"""Options that keep random games short."""
LATER_OPTIONS: dict[str, dict[str, Any]] = {"garrison": {"retake_spies": True}}
"""Options added after the recording, with the value that plays the text's
rules: an observation shows them as it shows every option, and they change
nothing else, so they are left out of the digest."""


def _as_recorded(game_id: str, obs: dict[str, Any]) -> dict[str, Any]:
    return legal_lists._as_recorded(game_id, obs, LATER_OPTIONS)


def cases() -> Iterator[tuple[str, int, int]]:
    """(game, players, seed) of every recorded game."""
    for game_id, seeds in SEEDS.items():
        game = games.get(game_id)
        for players in range(game.min_players, game.max_players + 1):
            for seed in range(seeds):
                yield game_id, players, seed


def key(game_id: str, players: int, seed: int) -> str:
    return f"{game_id}/{players}/{seed}"


def digest(game_id: str, players: int, seed: int) -> tuple[int, str]:
    """The decisions made and the digest of every observation of one random game."""
    game = games.get(game_id)
    options = dict(OPTIONS.get(game_id, {}))
    if game_id == "agincards" and players > 4:
        options["decks"] = 2  # five seats and more need two packs
    state = game.new(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    h = hashlib.sha256()
    decisions = 0
    while True:
        for seat in [*range(players), None]:
            seen = _as_recorded(game_id, state.observation(seat))
            h.update(json.dumps(seen, sort_keys=True).encode())
        if state.over or decisions >= MAX_DECISIONS:
            break
        seats = state.to_act
        seat = seats[rng.randrange(len(seats))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions, h.hexdigest()[:20]


def record() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game_id, players, seed in cases():
        decisions, d = digest(game_id, players, seed)
        out[key(game_id, players, seed)] = [decisions, d]
    return out


if __name__ == "__main__":
    json.dump(record(), sys.stdout, indent=0, sort_keys=True)
    sys.stdout.write("\n")
