"""Agincards: what each seat may see, and worlds consistent with it.

The one place that strips secrets. Everything on the table is public: the map
(cards in the order placed, each at its coordinates from the seed card, x to
the right and y downwards), the tokens and their owners, scores, tokens in
hand, hand sizes and the size of the draw pile. A seat also sees its own hand.
It never sees another hand or the draw pile.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from courtly import cards
from courtly.engine import game as engine
from courtly.games.agincards.actions import AgincardsAction
from courtly.games.agincards.map import Map, index, xy
from courtly.games.agincards.rules import (
    SECOND_DECK,
    AgincardsOptions,
    AgincardsState,
    full_pack,
)

_CODE = [cards.code(c) for c in range(52)]


def observe_own(state: AgincardsState, seat: int | None) -> dict[str, Any]:
    """The game's own part of everything ``seat`` may know (``None``: a
    spectator), JSON-ready: the engine adds the keys every game shares."""
    m = state.map
    card = m.card
    obs: dict[str, Any] = {
        "turn": state.turn,
        "map": [[*xy(i), _CODE[card[i] % SECOND_DECK]] for i in m.order],
        "tokens": sorted([*xy(i), o] for i, o in state.token_cells.items()),
        "just_placed": list(xy(state.just_placed)) if state.just_placed >= 0 else None,
        "tokens_in_hand": list(state.tokens),
        "hand_sizes": [len(h) for h in state.hands],
        "deck_size": len(state.deck),
        "passes": state.passes,
        "points": [
            {"tokens": t, "runs": r}
            for t, r in zip(state.token_points, state.run_points, strict=True)
        ],
        "scores": list(state.score),
    }
    if seat is not None:
        obs["hand"] = [_CODE[c % SECOND_DECK] for c in state.hands[seat]]
    return obs


MapKey = tuple[int, tuple[tuple[int, int, str], ...]]
"""A map as an observation shows it: the table's reach and the cards in order."""


def _key(obs: Mapping[str, Any]) -> MapKey:
    return obs["options"].get("table", 0) // 2, tuple(map(tuple, obs["map"]))


@lru_cache(maxsize=256)
def _public_map(key: MapKey) -> tuple[Map, tuple[int, ...]]:
    """The map of an observation (cached: search bots sample one observation
    many times), and the card ints it uses."""
    reach, laid = key
    seen = [0] * 52
    placed = []
    for x, y, code in laid:
        c = cards.card(code)
        card = c + SECOND_DECK * seen[c]
        seen[c] += 1
        placed.append((index(x, y), card))
    m = Map(reach)
    m.rebuild(placed)
    return m, tuple(card for _, card in placed)


@lru_cache(maxsize=64)
def _options(items: tuple[tuple[str, Any], ...]) -> AgincardsOptions:
    return AgincardsOptions.parse(dict(items))


def sample(game: Any, obs: Mapping[str, Any], rng: random.Random) -> AgincardsState:
    """A full state that gives ``obs`` to its seat, hidden cards drawn from ``rng``."""
    return Sampler(game, obs).sample(rng)


class Sampler(engine.Sampler):
    """Worlds that give one observation to its seat: the unseen cards (all of
    the pack(s) not on the map nor in the seat's hand) shuffled into the other
    hands and the draw pile. The observation is read once, here; ``sample``
    copies the public part and deals the rest."""

    def __init__(self, game: Any, obs: Mapping[str, Any]) -> None:
        super().__init__(game, obs)
        seat: int | None = obs["seat"]
        players: int = obs["players"]
        self.seat = seat
        self.players = players
        self.options = _options(tuple(sorted(obs["options"].items())))
        self.map, on_map = _public_map(_key(obs))
        self.tokens_on_map: list[tuple[int, int]] = [
            (index(x, y), owner) for x, y, owner in obs["tokens"]
        ]
        used = set(on_map)
        self.hand: list[int] = []
        if seat is not None:
            for code in obs["hand"]:
                c = cards.card(code)
                if c in used:
                    c += SECOND_DECK
                used.add(c)
                self.hand.append(c)
        self.unseen = [c for c in full_pack(self.options.decks) if c not in used]
        self.sizes: list[int] = list(obs["hand_sizes"])
        self.tokens: list[int] = list(obs["tokens_in_hand"])
        self.score: list[int] = list(obs["scores"])
        self.token_points: list[int] = [p["tokens"] for p in obs["points"]]
        self.run_points: list[int] = [p["runs"] for p in obs["points"]]
        self.turn: int = obs["turn"]
        self.passes: int = obs["passes"]
        jp = obs["just_placed"]
        self.just_placed = -1 if jp is None else index(*jp)
        self.decision: str | None = obs["decision"]

    def sample(self, rng: random.Random) -> AgincardsState:
        seat = self.seat
        players = self.players
        s = AgincardsState.__new__(AgincardsState)
        s._init_base(self.game, players, rng.getrandbits(48), self.options)
        s.map = m = self.map.copy()
        token = m.token
        s.token_cells = {}
        for i, owner in self.tokens_on_map:
            token[i] = owner
            s.token_cells[i] = owner
        s.hands = [[] for _ in range(players)]
        if seat is not None:
            s.hands[seat] = list(self.hand)
        unseen = list(self.unseen)
        rng.shuffle(unseen)
        sizes = self.sizes
        k = 0
        for other in range(players):
            if other != seat:
                s.hands[other] = unseen[k : k + sizes[other]]
                k += sizes[other]
        s.deck = unseen[k:]
        s.tokens = list(self.tokens)
        s.score = list(self.score)
        s.token_points = list(self.token_points)
        s.run_points = list(self.run_points)
        s.turn = self.turn
        s.passes = self.passes
        s.just_placed = self.just_placed
        if self.decision is not None:
            s.pending.push("turn", [s.turn])
            if self.decision == "token":
                s.pending.push("token", [s.turn])
        return s


_VIEW_MAPS: dict[MapKey, Map] = {}
"""Maps handed to readers of observations, by their cards in order, oldest first."""
_VIEW_MAPS_SIZE = 16
"""Few: a reader follows one game at a time, and large maps are costly to keep."""


def public_map(obs: Mapping[str, Any]) -> Map:
    """The map of an observation, shared and cached: read it, never change it.
    Its tokens are not set; read them from ``obs["tokens"]``. A map one card
    on from a cached one (the next move of a game) is that map with the card
    placed, not laid out afresh. Its cards, colours and frontier are the
    same either way; only the order of its ``open_by_value`` entries may
    differ, so states are never made from these maps (``sample`` lays them
    out afresh)."""
    key = _key(obs)
    m = _VIEW_MAPS.get(key)
    if m is not None:
        return m
    reach, laid = key
    before = _VIEW_MAPS.get((reach, laid[:-1])) if laid else None
    if before is None:
        m = _public_map(key)[0]
    else:
        x, y, code = laid[-1]
        c = cards.card(code)
        if c in before.at_ref:  # a second deck's copy
            c += SECOND_DECK
        m = before.copy()
        m.place(index(x, y), c)
    if len(_VIEW_MAPS) >= _VIEW_MAPS_SIZE:
        _VIEW_MAPS.pop(next(iter(_VIEW_MAPS)), None)  # the oldest
    _VIEW_MAPS[key] = m
    return m


def target(m: Map, action: AgincardsAction) -> int:
    """The cell a placement goes to on map ``m`` (-1 when its card is not there)."""
    return m.target(action.ref, action.side)
