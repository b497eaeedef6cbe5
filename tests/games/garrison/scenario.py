"""Build Garrison positions by hand for scenario tests."""

from __future__ import annotations

from typing import Any

from courtly import cards
from courtly.games import get
from courtly.games.garrison.actions import END
from courtly.games.garrison.rules import GarrisonState

GAME = get("garrison")


def c(code: str) -> int:
    return cards.card(code)


def cs(text: str) -> list[int]:
    return cards.parse_cards(text) if text else []


def build(
    players: int = 2,
    current: int = 0,
    hands: dict[int, str] | None = None,
    court: dict[int, str] | None = None,
    fallen: dict[int, str] | None = None,
    garrison: dict[int, str] | None = None,
    siege: dict[int, tuple[int, str]] | dict[int, list[tuple[int, str]]] | None = None,
    market: str = "",
    discard: str = "",
    deck_top: str = "",
    options: dict[str, Any] | None = None,
) -> GarrisonState:
    """A position: the named cards where given, every other card in the deck
    (``deck_top`` first, on top; the rest below in a fixed order). Every seat
    without a court gets a plain heart not named elsewhere."""
    st = GAME.new(players=players, seed=0, options=options)
    assert isinstance(st, GarrisonState)
    n = players
    hands, court, fallen, garrison = hands or {}, court or {}, fallen or {}, garrison or {}
    siege = siege or {}
    used: set[int] = set()

    def take(text: str) -> list[int]:
        out = cs(text)
        for c in out:
            assert c not in used, f"{cards.code(c)} placed twice"
            used.add(c)
        return out

    st.hands = [take(hands.get(s, "")) for s in range(n)]
    st.known = [[] for _ in range(n)]
    st.court = [take(court.get(s, "")) for s in range(n)]
    st.fallen = [take(fallen.get(s, "")) for s in range(n)]
    st.garrison = [take(garrison.get(s, "")) for s in range(n)]
    st.siege = [[] for _ in range(n)]
    st.siege_by = [[] for _ in range(n)]
    for t, spec in siege.items():
        for by, text in spec if isinstance(spec, list) else [spec]:
            for c in take(text):
                st.siege[t].append(c)
                st.siege_by[t].append(by)
    m = take(market)
    st.market = m + [-1] * (3 - len(m))
    st.discard = take(discard)
    top = take(deck_top)
    spare_hearts = [c for c in range(52) if c & 3 == 2 and 2 <= (c >> 2) + 1 <= 10]
    for s in range(n):
        if not st.court[s] and not st.fallen[s]:
            h = next(c for c in spare_hearts if c not in used)
            used.add(h)
            st.court[s] = [h]
    full = list(range(52)) + [52, 53][: st.options.jokers]
    rest = [c for c in full if c not in used]
    st.deck = rest + top[::-1]
    st.pool, st.fresh, st.seen = [0] * 54, [True], [False] * 54  # nothing reshuffled yet
    st.chain = []
    st.current = current
    st.turn = 1
    st.pending.items.clear()
    st.pending.push("turn", [current])
    return st


def answer_all(st: GarrisonState) -> list[Any]:
    """Every open reaction window gets 'pass' from each seat asked; the events."""
    events: list[Any] = []
    while not st.over and st.decision == "reaction":
        events += st.apply(st.to_act[0], "pass")
    return events


def do(st: GarrisonState, seat: int, notation: str) -> list[Any]:
    """Declare a move and let every window pass; every event that follows."""
    events = st.apply(seat, notation)
    return events + answer_all(st)


def end_turn(st: GarrisonState, seat: int) -> list[Any]:
    """End the turn and let every seat pass its window (GAR-18): the draw, the
    sieges and the next turn follow; a window that opens then stays open."""
    events = st.apply(seat, "end")
    while st.decision == "reaction" and st.chain and st.chain[-1].action is END:
        events += st.apply(st.to_act[0], "pass")
    return events


def codes(cards_: list[int]) -> list[str]:
    return [cards.code(c) for c in cards_]


def unknown_to(st: GarrisonState, seat: int | None) -> set[str]:
    """Codes of the cards whose place ``seat`` cannot know: the deck and every
    card of another hand that has not been shown (stricter than
    ``hidden_from``, which leaves out cards everyone saw shuffled back)."""
    out = set(st.deck)
    for s in range(st.n):
        if s != seat:
            out.update(c for c in st.hands[s] if c not in st.known[s])
    return {cards.code(c) for c in out}


def smuggler_loop() -> GarrisonState:
    """Seat 1's keep is 17 (target 30): pay for the Queen of Hearts with the
    Smuggler, trade the King of Spades for it back off the discard pile, and
    smuggle the 5 of Hearts in (GAR-22); `normal` besieges instead."""
    return build(
        4,
        current=1,
        hands={0: "8D 4D 7C", 1: "QH AD KS", 2: "QD TS 7H", 3: "JD 7S 5S"},
        court={0: "6H", 1: "9H 8H", 2: "TH", 3: "2H 4H"},
        garrison={0: "QC", 2: "8C 6C", 3: "AC"},
        siege={1: (0, "9S"), 2: (3, "AS 8S")},
        market="6S 3C 9C",
        discard="5H QS 4C TD 4S 7D 3S JS KD 5C 3D 2C 3H 6D 9D 2D",
    )
