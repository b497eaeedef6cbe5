"""Scenario building for Agincards tests: a map laid card by card (each
placement checked legal), hands, tokens and a draw pile set directly."""

from __future__ import annotations

from typing import Any

from courtly import cards
from courtly.games import get
from courtly.games.agincards.map import INDEX_OF_CELL, Map, cell_of, value_of
from courtly.games.agincards.rules import AgincardsState

GAME = get("agincards")


def idx(cell: str) -> int:
    c = cell_of(cell)
    assert c is not None, cell
    return INDEX_OF_CELL[c]


def lay(placements: list[tuple[str, str]]) -> Map:
    """A map from (cell, card) pairs, the first at the seed m13; every later
    card must be a legal placement when it is laid."""
    m = Map()
    assert placements[0][0] == "m13"
    for n, (cell, code) in enumerate(placements):
        i = idx(cell)
        c = cards.card(code)
        if n:
            assert m.allows(i, value_of(c)), f"{code} at {cell} is not legal in this scenario"
        m.place(i, c)
    return m


def scenario(
    placements: list[tuple[str, str]],
    hands: list[list[str]],
    tokens: dict[str, int] | None = None,
    deck: list[str] | None = None,
    options: dict[str, Any] | None = None,
) -> AgincardsState:
    """Seat 0 to play on the given map with the given hands and draw pile
    (top card first)."""
    state = GAME.new(players=len(hands), seed=1, options=options)
    assert isinstance(state, AgincardsState)
    state.map = lay(placements)
    state.hands = [[cards.card(c) for c in h] for h in hands]
    state.deck = [cards.card(c) for c in (deck or [])][::-1]
    for cell, owner in (tokens or {}).items():
        i = idx(cell)
        state.map.token[i] = owner
        state.token_cells[i] = owner
        state.tokens[owner] -= 1
    return state


def allowed(state: AgincardsState, cell: str) -> list[int]:
    """The values a cell allows now."""
    mask = state.map.mask[idx(cell)]
    return [v for v in range(1, 14) if mask >> v & 1]
