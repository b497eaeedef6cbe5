"""Agincards: what each seat may see, and worlds consistent with it.

The one place that strips secrets. Everything on the table is public: the map
(cards in the order placed), the tokens and their owners, scores, tokens in
hand, hand sizes and the size of the draw pile. A seat also sees its own hand.
It never sees another hand or the draw pile.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from courtly import cards
from courtly.games.agincards.map import CELL_OF_INDEX, INDEX_OF_CELL, Map, cell_name, cell_of
from courtly.games.agincards.rules import (
    SECOND_DECK,
    AgincardsOptions,
    AgincardsState,
    full_pack,
)

_CODE = [cards.code(c) for c in range(52)]


def observe(state: AgincardsState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator), JSON-ready."""
    top = state.pending.top
    m = state.map
    names = [cell_name(CELL_OF_INDEX[i]) for i in m.order]
    obs: dict[str, Any] = {
        "game": "agincards",
        "seat": seat,
        "players": state.players,
        "options": state.options.shown(),
        "decision": top.kind if top else None,
        "to_act": list(top.waiting) if top else [],
        "turn": state.turn,
        "map": [[n, _CODE[m.card[i] % SECOND_DECK]] for n, i in zip(names, m.order, strict=True)],
        "tokens": sorted([cell_name(CELL_OF_INDEX[i]), o] for i, o in state.token_cells.items()),
        "just_placed": cell_name(CELL_OF_INDEX[state.just_placed])
        if state.just_placed >= 0
        else None,
        "tokens_in_hand": list(state.tokens),
        "hand_sizes": [len(h) for h in state.hands],
        "deck_size": len(state.deck),
        "passes": state.passes,
        "points": [
            {"tokens": t, "runs": r}
            for t, r in zip(state.token_points, state.run_points, strict=True)
        ],
        "scores": list(state.score),
        "over": state.over,
        "winners": state.winners,
    }
    if seat is not None:
        obs["hand"] = [_CODE[c % SECOND_DECK] for c in state.hands[seat]]
    return obs


@lru_cache(maxsize=256)
def _public_map(key: tuple[tuple[str, str], ...]) -> tuple[Map, tuple[int, ...]]:
    """The map of an observation (cached: search bots sample one observation
    many times), and the card ints it uses."""
    seen = [0] * 52
    placed = []
    for name, code in key:
        c = cards.card(code)
        card = c + SECOND_DECK * seen[c]
        seen[c] += 1
        cell = cell_of(name)
        assert cell is not None
        placed.append((INDEX_OF_CELL[cell], card))
    m = Map()
    m.rebuild(placed)
    return m, tuple(card for _, card in placed)


@lru_cache(maxsize=64)
def _options(items: tuple[tuple[str, Any], ...]) -> AgincardsOptions:
    return AgincardsOptions.parse(dict(items))


def sample(game: Any, obs: Mapping[str, Any], rng: random.Random) -> AgincardsState:
    """A full state that gives ``obs`` to its seat: the unseen cards (all of the
    pack(s) not on the map nor in the seat's hand) shuffled into the other hands
    and the draw pile."""
    seat = obs["seat"]
    players = obs["players"]
    s = AgincardsState.__new__(AgincardsState)
    options = _options(tuple(sorted(obs["options"].items())))
    s._init_base(game, players, rng.getrandbits(48), options)
    base, on_map = _public_map(tuple(map(tuple, obs["map"])))
    s.map = m = base.copy()
    token = m.token
    s.token_cells = {}
    for name, owner in obs["tokens"]:
        i = INDEX_OF_CELL[cell_of(name)]  # type: ignore[index]
        token[i] = owner
        s.token_cells[i] = owner
    used = set(on_map)
    s.hands = [[] for _ in range(players)]
    if seat is not None:
        hand = []
        for code in obs["hand"]:
            c = cards.card(code)
            if c in used:
                c += SECOND_DECK
            used.add(c)
            hand.append(c)
        s.hands[seat] = hand
    unseen = [c for c in full_pack(options.decks) if c not in used]
    rng.shuffle(unseen)
    sizes = obs["hand_sizes"]
    k = 0
    for other in range(players):
        if other != seat:
            s.hands[other] = unseen[k : k + sizes[other]]
            k += sizes[other]
    s.deck = unseen[k:]
    s.tokens = list(obs["tokens_in_hand"])
    s.score = list(obs["scores"])
    s.token_points = [p["tokens"] for p in obs["points"]]
    s.run_points = [p["runs"] for p in obs["points"]]
    s.turn = obs["turn"]
    s.passes = obs["passes"]
    jp = obs["just_placed"]
    s.just_placed = -1 if jp is None else INDEX_OF_CELL[cell_of(jp)]  # type: ignore[index]
    if obs["decision"] is not None:
        s.pending.push("turn", [s.turn])
        if obs["decision"] == "token":
            s.pending.push("token", [s.turn])
    return s


_VIEW_MAPS: dict[tuple[tuple[str, str], ...], Map] = {}
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
    key = tuple(map(tuple, obs["map"]))
    m = _VIEW_MAPS.get(key)
    if m is not None:
        return m
    before = _VIEW_MAPS.get(key[:-1]) if key else None
    if before is None:
        m = _public_map(key)[0]
    else:
        name, code = key[-1]
        c = cards.card(code)
        while c in before.card:  # a second deck's copy
            c += SECOND_DECK
        cell = cell_of(name)
        assert cell is not None
        m = before.copy()
        m.place(INDEX_OF_CELL[cell], c)
    if len(_VIEW_MAPS) >= _VIEW_MAPS_SIZE:
        _VIEW_MAPS.pop(next(iter(_VIEW_MAPS)), None)  # the oldest
    _VIEW_MAPS[key] = m
    return m
