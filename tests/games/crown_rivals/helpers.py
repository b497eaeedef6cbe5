"""Scenario helpers for Crown Rivals tests: build a position card by card."""

from __future__ import annotations

from typing import Any

from courtly import cards
from courtly.games import get
from courtly.games.crown_rivals.actions import GAME_CARDS
from courtly.games.crown_rivals.rules import CrownState

GAME = get("crown-rivals")


def cs(text: str) -> list[int]:
    return cards.parse_cards(text) if text else []


def scenario(
    hands: tuple[str, str] = ("", ""),
    decks: tuple[str, str] = ("", ""),
    discards: tuple[str, str] = ("", ""),
    market: str = "6D 7D 8D 9D TD",
    market_deck: str | None = None,
    spades: tuple[str, str] = ("", ""),
    influence: tuple[int, int] = (50, 50),
    active: int = 0,
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> CrownState:
    """A position at the start of ``active``'s turn. Decks are listed top first;
    ``spades`` lists spades in play, each optionally ``5S+3D`` with its diamond.
    Cards not placed go to the market deck when ``market_deck`` is None (top
    first in card order), else to the trashed pile."""
    st = GAME.new(seed=seed, options=options)
    assert isinstance(st, CrownState)
    placed: set[int] = set()

    def take(text: str) -> list[int]:
        out = cs(text)
        assert not placed & set(out), f"a card is placed twice: {text}"
        placed.update(out)
        return out

    st.hands = [take(h) for h in hands]
    st.decks = [take(d)[::-1] for d in decks]
    # nothing known of how the holdings split between hand and draw pile (CRR-18)
    st.pile_from = [st.hands[p] + st.decks[p] for p in range(2)]
    st.discards = [take(d) for d in discards]
    st.supporters, st.sup_boost, st.sup_value = [[], []], [[], []], [[], []]
    for seat, row in enumerate(spades):
        for item in row.split():
            spade, _, diamond = item.partition("+")
            s = take(spade)[0]
            d = take(diamond)[0] if diamond else -1
            value = st.values[s]
            if d >= 0:
                from courtly.games.crown_rivals.actions import boosted

                value = boosted(value, st.values[d])
            st.supporters[seat].append(s)
            st.sup_boost[seat].append(d)
            st.sup_value[seat].append(value)
    st.market = take(market) + [-1] * (5 - len(cs(market)))
    rest = [c for c in GAME_CARDS if c not in placed]
    if market_deck is None:
        st.market_deck = [c for c in rest if (c >> 2) + 1 < 12][::-1]
        st.trashed = [c for c in rest if (c >> 2) + 1 >= 12]
    else:
        st.market_deck = take(market_deck)[::-1]
        st.trashed = [c for c in GAME_CARDS if c not in placed]
    st.influence = list(influence)
    st.active = active
    st.turn = 1
    st._reset_turn()
    st.pending.items.clear()
    st.pending.push("turn", [active])
    return st


def do(st: CrownState, *moves: str, seat: int | None = None) -> None:
    """Apply moves by notation, each for the seat to act (or ``seat``)."""
    for m in moves:
        st.apply(st.to_act[0] if seat is None else seat, m)


def codes(cs_: list[int]) -> list[str]:
    return [cards.code(c) for c in cs_]
