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
from courtly.games.crown_rivals.actions import GAME_CARDS, VALUES
from courtly.games.crown_rivals.options import CrownOptions
from courtly.games.crown_rivals.rules import PLAYERS, CrownState

_CODE = [cards.code(c) for c in range(52)]


def _codes(cs: Any) -> list[str]:
    return [_CODE[c] for c in cs]


def _maybe(c: int) -> str | None:
    return _CODE[c] if c >= 0 else None


def observe(state: CrownState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator), JSON-ready."""
    items = state.pending.items
    top = items[-1] if items else None
    values = state.values
    obs: dict[str, Any] = {
        "game": "crown-rivals",
        "seat": seat,
        "players": PLAYERS,
        "options": state.options.shown(),
        "decision": top.kind if top else None,
        "to_act": list(top.waiting) if top else [],
        "pending": [[d.kind, list(d.waiting)] for d in items],
        "scores": state.scores,
        "over": not items,
        "winners": state.winners,
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
    """A full state that gives ``obs`` to its seat, hidden cards drawn from ``rng``.

    Each player's holdings (hand and draw pile together) are public: the
    cards known to be in the other player's hand stay there, the rest are split
    at random between hand and draw pile (the viewer's own hand is known), and
    the draw piles shuffled. The market deck is every card not seen anywhere,
    in a random order.
    """
    seat = obs["seat"]
    code = cards.card
    s = CrownState.__new__(CrownState)
    options = CrownOptions.parse(obs["options"])
    s._init_base(game, PLAYERS, rng.getrandbits(48), options)
    s.values = VALUES[options.jack_value]
    s.influence = list(obs["influence"])
    s.turn = obs["turn"]
    s.active = obs["active"]
    s.end_reason = obs["end_reason"]
    s.discards = [[code(c) for c in d] for d in obs["discards"]]
    s.supporters = [[code(x[0]) for x in p] for p in obs["supporters"]]
    s.sup_boost = [[-1 if x[1] is None else code(x[1]) for x in p] for p in obs["supporters"]]
    s.sup_value = [[x[2] for x in p] for p in obs["supporters"]]
    s.market = [-1 if c is None else code(c) for c in obs["market"]]
    s.trashed = [code(c) for c in obs["trashed"]]
    s.plays = [[code(c), -1 if d is None else code(d), v] for c, d, v in obs["plays"]]
    s.in_play = [code(c) for c in obs["in_play"]]
    s.cashed = [code(c) for c in obs["cashed"]]
    s.pool = obs["pool"]
    s.cash_sum, s.cash_jacks, s.cash_aces, s.spent = obs["cash"]
    s.odd = list(obs["odd"])
    s.even = list(obs["even"])
    s.claimed = list(obs["claimed"])
    s.hands = [[], []]
    s.decks = [[], []]
    s.pile_from = [[], []]

    seen: set[int] = set()
    for p in range(PLAYERS):
        holdings = [code(c) for c in obs["holdings"][p]]
        seen.update(holdings)
        known = {code(c) for c in obs["known_hands"][p]}
        pile_from = [c for c in holdings if c not in known]
        s.pile_from[p] = pile_from
        if p == seat:
            s.hands[p] = [code(c) for c in obs["hand"]]
            s.decks[p] = [code(c) for c in obs["deck"]]
        else:
            # CRR-18: the draw pile is any part of the cards it may hold.
            may = list(pile_from)
            rng.shuffle(may)
            cut = len(may) - obs["deck_sizes"][p]
            s.hands[p] = sorted(known) + may[:cut]
            s.decks[p] = may[cut:]
        rng.shuffle(s.decks[p])
    seen.update(s.trashed)
    seen.update(s.in_play)
    seen.update(s.market_cards())
    for p in range(PLAYERS):
        seen.update(s.discards[p])
        seen.update(s.supporters[p])
        seen.update(d for d in s.sup_boost[p] if d >= 0)
    s.market_deck = [c for c in GAME_CARDS if c not in seen]
    rng.shuffle(s.market_deck)
    for kind, waiting in obs["pending"]:
        s.pending.push(kind, list(waiting))
    return s
