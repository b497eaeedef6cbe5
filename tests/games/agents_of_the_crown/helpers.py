"""Scenario helpers: a stacked deck from the hands and season stacks you want."""

from __future__ import annotations

from typing import Any

from courtly import cards
from courtly.games import get
from courtly.games.agents_of_the_crown.rules import AgentsState

GAME = get("agents-of-the-crown")


def year_order(hands: list[str], stacks: list[str]) -> list[str]:
    """The 48-card order that deals ``hands`` (four strings of 4 Nobles and 4
    Commons) and ``stacks`` (Spring, Summer, Fall, Winter)."""
    held = [cards.parse_cards(h) for h in hands]
    nobles = [[c for c in h if c >= 36] for h in held]
    commons = [[c for c in h if c < 36] for h in held]
    assert all(len(n) == 4 for n in nobles) and all(len(c) == 4 for c in commons)
    order = [nobles[i % 4][i // 4] for i in range(16)]
    order += [commons[i % 4][i // 4] for i in range(16)]
    seasons = [cards.parse_cards(s) for s in stacks]
    assert [len(s) for s in seasons] == [3, 4, 4, 5]
    for s in seasons:
        order += s
    assert sorted(order) == list(range(4, 52)), "the hands and stacks must use every card once"
    return cards.codes(order)


def deal(
    hands: list[str], stacks: list[str], houses: str = "C D H S", **options: Any
) -> AgentsState:
    banners = [f"A{h}" for h in houses.split()]
    deck = banners + year_order(hands, stacks)
    state = GAME.new(seed=1, options={"deck": deck, **options})
    assert isinstance(state, AgentsState)
    return state


# A standard deal: each seat's House is its own suit (C D H S), and the Commons
# are laid out so each Season is easy to read.
HANDS = [
    "TC JD QH KS 2C 3D 4H 5S",  # seat 0, House of Clubs
    "TD JH QS KC 2D 3H 4S 5C",  # seat 1, Diamonds
    "TH JS QC KD 2H 3S 4C 5D",  # seat 2, Hearts
    "TS JC QD KH 2S 8H 4D 5H",  # seat 3, Spades
]
STACKS = [
    "3C 6C 7D",  # Spring: Clubs 9 (the text's example), Diamonds 7
    "6D 7H 8S 9C",  # Summer
    "6H 7S 8C 9D",  # Fall
    "6S 7C 8D 9H 9S",  # Winter
]
STANDARD_PASSES = [
    "pass TC 2C",
    "pass TD 2D",
    "pass TH 2H",
    "pass TS 2S",
]


def standard(**options: Any) -> AgentsState:
    return deal(HANDS, STACKS, **options)


def after_passes(passes: list[str] | None = None, **options: Any) -> AgentsState:
    state = standard(**options)
    for seat, p in enumerate(passes or STANDARD_PASSES):
        state.apply(seat, p)
    return state


def commit_all(state: AgentsState, plays: list[str]) -> list[Any]:
    events = []
    for seat, p in enumerate(plays):
        events += state.apply(seat, p)
    return events
