"""Scenario building for Agincards tests: a map laid card by card (each
placement checked legal), hands, tokens and a draw pile set directly.

Scenarios name cells like a spreadsheet around the seed card: columns ``a``
to ``y`` and rows ``1`` to ``25``, the seed at ``m13``, so ``n13`` is right of
the seed, ``l13`` left of it and ``m12`` above it. The game itself names a
placement after a card beside it (``7H right of 5C``); ``put`` writes that.
"""

from __future__ import annotations

from typing import Any

from courtly import cards
from courtly.games import get
from courtly.games.agincards.map import SIDES, STEPS, Map, index, ref_name, value_of
from courtly.games.agincards.rules import AgincardsState

GAME = get("agincards")
COLUMNS = "abcdefghijklmnopqrstuvwxy"


def xy_of(cell: str) -> tuple[int, int]:
    """A scenario cell's coordinates from the seed: ``m13`` is (0, 0)."""
    return COLUMNS.index(cell[0]) - 12, int(cell[1:]) - 13


def idx(cell: str) -> int:
    return index(*xy_of(cell))


def lay(placements: list[tuple[str, str]], reach: int = 0) -> Map:
    """A map from (cell, card) pairs, the first at the seed m13; every later
    card must be a legal placement when it is laid."""
    m = Map(reach)
    assert placements[0][0] == "m13"
    laid: set[int] = set()
    for n, (cell, code) in enumerate(placements):
        i = idx(cell)
        c = cards.card(code)
        if c in laid:
            c += 100  # the second pack's copy
        laid.add(c)
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
    state.map = lay(placements, state.options.table // 2)
    state.hands = [[cards.card(c) for c in h] for h in hands]
    state.deck = [cards.card(c) for c in (deck or [])][::-1]
    for cell, owner in (tokens or {}).items():
        i = idx(cell)
        state.map.token[i] = owner
        state.token_cells[i] = owner
        state.tokens[owner] -= 1
    return state


def put(state: AgincardsState, code: str, cell: str) -> str:
    """The notation for playing ``code`` onto a scenario cell: named after the
    card on its left, else above, else on its right, else below."""
    m = state.map
    i = idx(cell)
    for side in (0, 2, 1, 3):  # right of, below, left of, above that card
        beside = i - STEPS[side]
        if beside in m.ref_at:
            return f"{code} {SIDES[side]} {ref_name(m.ref_at[beside])}"
    raise AssertionError(f"{cell} touches no card")


def name(state: AgincardsState, cell: str) -> str:
    """The name of the card on a scenario cell: ``5C``, or ``5C'``."""
    return ref_name(state.map.ref_at[idx(cell)])


def allowed(state: AgincardsState, cell: str) -> list[int]:
    """The values a cell allows now."""
    mask = state.map.mask.get(idx(cell), 0)
    return [v for v in range(1, 14) if mask >> v & 1]


def notations(state: AgincardsState, seat: int = 0) -> list[str]:
    """The seat's legal moves, as written."""
    return [a.notation for a in state.legal_actions(seat)]
