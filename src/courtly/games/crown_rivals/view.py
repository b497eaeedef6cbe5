"""Crown Rivals: what each seat may see, and worlds consistent with it.

The one place that strips secrets. Everything on the table is public: both
Influence totals, the market, spades in play with their diamonds, both discard
piles (face up, CRR-15), trashed cards, this turn's plays, pooled damage,
currency and bonuses, and the size of every hand and pile. A seat also sees its
own hand and which cards make up its own draw pile (not their order).

Every card a player owns was dealt in the open at the start, bought from the
face-up market, or shown whenever it left (trashed, discarded, cleared), so the
cards each player holds in hand and draw pile together are public knowledge: a
careful player counts them (CRR-17). The observation states them as
``holdings``. Some of the split between hand and draw pile is public too
(CRR-18): the cards a draw took before the discard pile was reshuffled into a
new draw pile are known to be in the hand (the new pile holds only the
reshuffled cards), and so is the lowest spade shown to choose the first
player, while every lower spade is known to be in its owner's draw pile. The
observation states, for each player, the cards everyone knows to be in their
hand (``known_hands``); each draw pile is a part of the rest of that player's
holdings, any part of the right size. What a seat never sees is how the rest
splits between hand and draw pile, and the market deck.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from courtly import cards
from courtly.engine import game as engine
from courtly.games.crown_rivals.actions import GAME_CARDS, VALUES
from courtly.games.crown_rivals.options import CrownOptions
from courtly.games.crown_rivals.rules import PLAYERS, CrownState

_CODE = [cards.code(c) for c in range(52)]


def _codes(cs: Any) -> list[str]:
    return [_CODE[c] for c in cs]


def _maybe(c: int) -> str | None:
    return _CODE[c] if c >= 0 else None


def observe_own(state: CrownState, seat: int | None) -> dict[str, Any]:
    """The game's own part of everything ``seat`` may know (``None``: a
    spectator), JSON-ready: the engine adds the keys every game shares."""
    items = state.pending.items
    values = state.values
    obs: dict[str, Any] = {
        "pending": [[d.kind, list(d.waiting)] for d in items],
        "scores": state.scores,
        "end_reason": state.end_reason,
        "turn": state.turn,
        "active": state.active,
        "influence": list(state.influence),
        "hand_sizes": [len(h) for h in state.hands],
        "holdings": [sorted(_codes(state.hands[p] + state.decks[p])) for p in range(PLAYERS)],
        "known_hands": [known_hand(state, p) for p in range(PLAYERS)],
        "deck_sizes": [len(d) for d in state.decks],
        "discards": [_codes(d) for d in state.discards],
        "supporters": [
            [
                [_CODE[s], _maybe(state.sup_boost[p][i]), state.sup_value[p][i]]
                for i, s in enumerate(state.supporters[p])
            ]
            for p in range(PLAYERS)
        ],
        "market": [_maybe(c) for c in state.market],
        "market_costs": [values[c] if c >= 0 else None for c in state.market],
        "market_deck": len(state.market_deck),
        "trashed": _codes(state.trashed),
        "plays": [[_CODE[c], _maybe(d), v] for c, d, v in state.plays],
        "in_play": _codes(state.in_play),
        "cashed": _codes(state.cashed),
        "pool": state.pool,
        "currency": state.currency,
        "cash": [state.cash_sum, state.cash_jacks, state.cash_aces, state.spent],
        "odd": list(state.odd),
        "even": list(state.even),
        "claimed": list(state.claimed),
        "bonuses": {cards.SUITS[s]: state.bonuses(s) for s in range(4)},
    }
    if seat is not None:
        obs["hand"] = _codes(state.hands[seat])
        obs["deck"] = sorted(_codes(state.decks[seat]))
    return obs


def known_hand(state: CrownState, seat: int) -> list[str]:
    """The cards everyone knows to be in ``seat``'s hand (CRR-18): those its
    draw pile cannot hold."""
    pile_from = state.pile_from[seat]
    return sorted(_CODE[c] for c in state.hands[seat] if c not in pile_from)


def sample(game: Any, obs: Mapping[str, Any], rng: random.Random) -> CrownState:
    """A full state that gives ``obs`` to its seat, hidden cards drawn from ``rng``."""
    return Sampler(game, obs).sample(rng)


class Sampler(engine.Sampler):
    """Worlds that give one observation to its seat, hidden cards drawn at random.

    Each player's holdings (hand and draw pile together) are public: the
    cards known to be in the other player's hand stay there, the rest are split
    at random between hand and draw pile (the viewer's own hand is known), and
    the draw piles shuffled. The market deck is every card not seen anywhere,
    in a random order. The observation is read once, here; ``sample`` copies
    the public part and deals the rest.
    """

    def __init__(self, game: Any, obs: Mapping[str, Any]) -> None:
        super().__init__(game, obs)
        code = cards.card
        self.seat: int | None = obs["seat"]
        self.options = CrownOptions.parse(obs["options"])
        self.values: list[int] = VALUES[self.options.jack_value]
        self.influence: list[int] = list(obs["influence"])
        self.turn: int = obs["turn"]
        self.active: int = obs["active"]
        self.end_reason: str = obs["end_reason"]
        self.discards = [[code(c) for c in d] for d in obs["discards"]]
        self.supporters = [[code(x[0]) for x in p] for p in obs["supporters"]]
        self.sup_boost = [
            [-1 if x[1] is None else code(x[1]) for x in p] for p in obs["supporters"]
        ]
        self.sup_value: list[list[int]] = [[x[2] for x in p] for p in obs["supporters"]]
        self.market = [-1 if c is None else code(c) for c in obs["market"]]
        self.trashed = [code(c) for c in obs["trashed"]]
        self.plays: list[list[int]] = [
            [code(c), -1 if d is None else code(d), v] for c, d, v in obs["plays"]
        ]
        self.in_play = [code(c) for c in obs["in_play"]]
        self.cashed = [code(c) for c in obs["cashed"]]
        self.pool: int = obs["pool"]
        self.cash: list[int] = list(obs["cash"])
        self.odd: list[int] = list(obs["odd"])
        self.even: list[int] = list(obs["even"])
        self.claimed: list[int] = list(obs["claimed"])
        self.known: list[list[int]] = []
        self.pile_from: list[list[int]] = []
        self.deck_sizes: list[int] = list(obs["deck_sizes"])
        self.hand = [code(c) for c in obs["hand"]] if self.seat is not None else []
        self.deck = [code(c) for c in obs["deck"]] if self.seat is not None else []
        seen: set[int] = set()
        for p in range(PLAYERS):
            holdings = [code(c) for c in obs["holdings"][p]]
            seen.update(holdings)
            known = {code(c) for c in obs["known_hands"][p]}
            self.known.append(sorted(known))
            self.pile_from.append([c for c in holdings if c not in known])
        seen.update(self.trashed)
        seen.update(self.in_play)
        seen.update(c for c in self.market if c >= 0)
        for p in range(PLAYERS):
            seen.update(self.discards[p])
            seen.update(self.supporters[p])
            seen.update(d for d in self.sup_boost[p] if d >= 0)
        self.unseen = [c for c in GAME_CARDS if c not in seen]
        self.pending: list[tuple[str, list[int]]] = [
            (kind, list(waiting)) for kind, waiting in obs["pending"]
        ]

    def sample(self, rng: random.Random) -> CrownState:
        seat = self.seat
        s = CrownState.__new__(CrownState)
        s._init_base(self.game, PLAYERS, rng.getrandbits(48), self.options)
        s.values = self.values
        s.influence = list(self.influence)
        s.turn = self.turn
        s.active = self.active
        s.end_reason = self.end_reason
        s.discards = [list(d) for d in self.discards]
        s.supporters = [list(p) for p in self.supporters]
        s.sup_boost = [list(p) for p in self.sup_boost]
        s.sup_value = [list(p) for p in self.sup_value]
        s.market = list(self.market)
        s.trashed = list(self.trashed)
        s.plays = [list(p) for p in self.plays]
        s.in_play = list(self.in_play)
        s.cashed = list(self.cashed)
        s.pool = self.pool
        s.cash_sum, s.cash_jacks, s.cash_aces, s.spent = self.cash
        s.odd = list(self.odd)
        s.even = list(self.even)
        s.claimed = list(self.claimed)
        s.hands = [[], []]
        s.decks = [[], []]
        s.pile_from = [list(p) for p in self.pile_from]
        for p in range(PLAYERS):
            if p == seat:
                s.hands[p] = list(self.hand)
                s.decks[p] = list(self.deck)
            else:
                # CRR-18: the draw pile is any part of the cards it may hold.
                may = list(self.pile_from[p])
                rng.shuffle(may)
                cut = len(may) - self.deck_sizes[p]
                s.hands[p] = self.known[p] + may[:cut]
                s.decks[p] = may[cut:]
            rng.shuffle(s.decks[p])
        s.market_deck = list(self.unseen)
        rng.shuffle(s.market_deck)
        for kind, waiting in self.pending:
            s.pending.push(kind, list(waiting))
        return s
