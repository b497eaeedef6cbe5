"""Record every legal list of many random games, as a digest per game.

    PYTHONPATH=src python tools/legal_lists.py > tests/engine/legal_lists.json

plays the games of ``CASES`` (every game, every number of seats, its default
options and the options that change what is legal, seeds from 0) with
random legal moves, and writes, for each game played, the decisions made and a
digest of every seat's legal action ids before every decision (seats not to
act included: their list is empty), and of a world ``sample_state`` draws with a
fixed generator every few decisions. ``tests/engine/test_legal_lists.py``
replays the same games and compares: the fixture was recorded before
``legal_actions`` was rewritten for speed and samplers read an observation
once per search, so the rewrites offer exactly the lists the rules offered
before and deal exactly the same worlds. Regenerate it only when a rule really
changes what is legal.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from typing import Any

from courtly import games
from courtly.engine.errors import OptionError

SEEDS = {
    "agents-of-the-crown": 40,
    "agincards": 8,
    "crown-rivals": 30,
    "garrison": 3,
    "intrigue": 25,
}
"""Games recorded per game, seats and options (more where games are short)."""
MAX_DECISIONS = 3000
"""A game is cut after this many decisions (random Garrison runs to its round cap)."""
SAMPLE_EVERY = 7
"""A world is sampled for the seat to act every this many decisions."""

CASES: dict[str, list[dict[str, Any]]] = {
    "agents-of-the-crown": [{}, {"years": 1, "noble_threat_value": "rank"}],
    "agincards": [
        {},
        {"reclaim": "manual"},
        {"table": 5, "late_reclaim": True},
        {"decks": 2, "reclaim": "manual", "table": 7},
    ],
    "crown-rivals": [{}, {"jack_value": 10, "boost_diamonds_pair": True, "turn_limit": 40}],
    "garrison": [
        {"max_rounds": 15},
        {"max_rounds": 15, "jokers": 2, "retake_joker": False, "spent_order": "ascending"},
        {"length": "quick", "max_rounds": 10, "jokers": 0, "disaster_joker_fires": False},
    ],
    "intrigue": [
        {},
        {"idle_actions": "forbidden", "hand_size": 3, "rounds": 2},
        {"leftover_hands": "keep", "assassinated": "unused", "last_card": "resolves"},
    ],
}


def cases() -> Iterator[tuple[str, int, int, dict[str, Any], int]]:
    """(game, players, case index, options, seed) of every recorded game."""
    for game_id, variants in CASES.items():
        game = games.get(game_id)
        for players in range(game.min_players, game.max_players + 1):
            for index, options in enumerate(variants):
                for seed in range(SEEDS[game_id]):
                    yield game_id, players, index, options, seed


def key(game_id: str, players: int, index: int, seed: int) -> str:
    return f"{game_id}/{players}/{index}/{seed}"


LATER_OPTIONS: dict[str, dict[str, Any]] = {
    "garrison": {"target": 0, "retake_spies": True},
    "crown-rivals": {"start_influence": 50},
}
"""Options added after the recording (designers' tunable numbers), with the
value that plays the text's rules: at that value an observation shows them as
it shows every option, and they change no legal list, so they are left out of
the digest."""


def world(game: Any, observation: dict[str, Any], n: int) -> str:
    """A world sampled from ``observation`` with a fixed generator, in full: its
    seed, every card's place and every seat's observation of it."""
    w = game.sample_state(observation, random.Random(n))
    seen = [_as_recorded(game.id, w.observation(s)) for s in range(w.players)]
    return json.dumps([w.seed, w.zones(), seen], sort_keys=True)


def _as_recorded(
    game_id: str, obs: dict[str, Any], later_options: dict[str, dict[str, Any]] | None = None
) -> dict[str, Any]:
    """``obs`` as the recording showed it: without the options of
    ``later_options`` (by default ``LATER_OPTIONS``) where they hold the
    text's value."""
    later = (LATER_OPTIONS if later_options is None else later_options).get(game_id, {})
    shown = obs.get("options")
    if not later or not isinstance(shown, dict):
        return obs
    kept = {k: v for k, v in shown.items() if k not in later or later[k] != v}
    return {**obs, "options": kept}


def digest(game_id: str, players: int, options: dict[str, Any], seed: int) -> tuple[int, str]:
    """The decisions made and the digest of every legal list of one random game.
    Moves are drawn from the listed legal actions with the game's own
    generator, so the game played depends only on the lists."""
    game = games.get(game_id)
    state = game.new(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    h = hashlib.sha256()
    decisions = 0
    while not state.over and decisions < MAX_DECISIONS:
        for seat in range(players):
            ids = [a.id for a in state.legal_actions(seat)]
            h.update(f"{seat}:{','.join(map(str, ids))};".encode())
        seats = state.to_act
        seat = seats[rng.randrange(len(seats))]
        if decisions % SAMPLE_EVERY == 0:
            h.update(world(game, state.observation(seat), decisions).encode())
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions, h.hexdigest()[:20]


def playable(game_id: str, players: int, options: dict[str, Any]) -> bool:
    """Whether these options allow this many seats (two packs for 5+ in Agincards)."""
    try:
        games.get(game_id).new(players=players, seed=0, options=options)
    except OptionError:
        return False
    return True


def record() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game_id, players, index, options, seed in cases():
        if not playable(game_id, players, options):
            continue
        decisions, d = digest(game_id, players, options, seed)
        out[key(game_id, players, index, seed)] = [decisions, d]
    return out


if __name__ == "__main__":
    json.dump(record(), sys.stdout, indent=0, sort_keys=True)
    sys.stdout.write("\n")
