"""Garrison: what each seat may see, and worlds consistent with it.

The one place that strips secrets. Public: every keep (face-up hearts, face-down
hearts — all were seen face up —, clubs, besieging spades and who sent them),
the market, the whole discard pile, deck and hand sizes, the chain of declared
moves, spies and Jokers, and the cards each hand is known to hold (taken from
the market or the discard pile, or named by a declared move). Private: a seat's
own hand. Hidden: the deck and the rest of the other hands.

Reaction windows (GAR-4): who is being asked is never shown to anyone else.
For every seat but the one being asked, ``to_act`` is empty during a window,
``window`` only says after what it is open, and the open window's progress is
withheld: its chain entry says only whether this seat has answered it yet.
Every seat but the declarer is asked, Ace or not, in clockwise order, so being
asked tells nothing about who holds an Ace either. ``sample_state`` draws the
progress of the open window among the values consistent with that. (The
progress of the windows below it is public: each was interrupted by the seat
that declared the item above it.)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from courtly import cards
from courtly.games.garrison.actions import parse
from courtly.games.garrison.options import GarrisonOptions
from courtly.games.garrison.rules import GarrisonState
from courtly.games.garrison.spies import Item

_CODE = [cards.code(c) for c in range(54)]
_CARD = {code: c for c, code in enumerate(_CODE)}
_OPTIONS: dict[tuple[Any, ...], GarrisonOptions] = {}


def _codes(cs: Any) -> list[str]:
    return [_CODE[c] for c in cs]


def _chain_entry(item: Item) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "kind": item.kind,
        "by": item.seat,
        "what": item.describe(),
        "cancelled": item.cancelled,
        "answered": item.answered,
    }
    if item.kind == "spy":
        entry["ace"] = _CODE[item.card]
    if item.kind == "joker":
        entry["source"] = item.source
    return entry


def observe(st: GarrisonState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know (``None``: a spectator), JSON-ready."""
    top = st.pending.top
    decision = top.kind if top else None
    to_act = list(top.waiting) if top else []
    window = None
    chain = [_chain_entry(i) for i in st.chain]
    if decision == "reaction":
        item = st.chain[-1]
        asked = seat is not None and seat in to_act
        window = {"after": item.describe(), "by": item.seat, "you_are_asked": asked}
        if not asked:
            to_act = []
            chain[-1]["answered"] = None  # GAR-4: whose turn to answer is not shown
            if seat is not None and seat != item.seat:
                chain[-1]["you_answered"] = item.answered > (seat - item.seat - 1) % st.n
    n = st.n
    keeps = []
    for s in range(n):
        keeps.append(
            {
                "court": _codes(st.court[s]),
                "fallen": _codes(st.fallen[s]),
                "garrison": _codes(st.garrison[s]),
                "besiegers": _codes(st.siege[s]),
                "besieged_by": list(st.siege_by[s]),
                "value": st.keep_value(s),
                "status": st.keep_status(s),
            }
        )
    obs: dict[str, Any] = {
        "game": "garrison",
        "seat": seat,
        "players": n,
        "options": st.options.shown(),
        "target": st.target,
        "turn": st.turn,
        "round": (st.turn - 1) // n + 1,
        "current": st.current,
        "decision": decision,
        "to_act": to_act,
        "window": window,
        "keeps": keeps,
        "hand_sizes": [len(h) for h in st.hands],
        "known_in_hand": [_codes(k) for k in st.known],
        "market": [_CODE[m] if m >= 0 else None for m in st.market],
        "discard": _codes(st.discard),
        "discard_top": _CODE[st.discard[-1]] if st.discard else None,
        "deck_size": len(st.deck),
        "chain": chain,
        "scores": st.scores,
        "over": st.ended,
        "winners": st.winners,
    }
    if seat is not None:
        obs["hand"] = _codes(st.hands[seat])
    return obs


def _options(data: Mapping[str, Any]) -> GarrisonOptions:
    key = tuple(sorted(data.items()))
    opts = _OPTIONS.get(key)
    if opts is None:
        parsed = GarrisonOptions.parse(data)
        assert isinstance(parsed, GarrisonOptions)
        opts = _OPTIONS[key] = parsed
    return opts


def sample(game: Any, obs: Mapping[str, Any], rng: random.Random) -> GarrisonState:
    """A full state that gives ``obs`` to its seat; the deck and the unknown
    part of the other hands are a random deal of every card the seat has not
    seen (the observation keeps no history of reshuffles, so neither does the
    sample)."""
    card = _CARD
    seat = obs["seat"]
    n = obs["players"]
    options = _options(obs["options"])
    st = GarrisonState.__new__(GarrisonState)
    st._init_base(game, n, rng.getrandbits(48), options)
    st._stacked_left = 0
    st.n = n
    st.target = obs["target"]
    st.turn = obs["turn"]
    st.current = obs["current"]
    st.ended = obs["over"]
    winners = obs["winners"]
    st.winner = (
        winners[0] if st.ended and len(winners) == 1 and max(obs["scores"]) >= st.target else -1
    )
    st.court, st.fallen, st.garrison, st.siege, st.siege_by = [], [], [], [], []
    seen: set[int] = set()
    for k in obs["keeps"]:
        for zone, key in (
            (st.court, "court"),
            (st.fallen, "fallen"),
            (st.garrison, "garrison"),
            (st.siege, "besiegers"),
        ):
            cs = [card[c] for c in k[key]]
            seen.update(cs)
            zone.append(cs)
        st.siege_by.append(list(k["besieged_by"]))
    st.market = [-1 if m is None else card[m] for m in obs["market"]]
    seen.update(m for m in st.market if m >= 0)
    st.discard = [card[c] for c in obs["discard"]]
    seen.update(st.discard)
    st.known = [[card[c] for c in k] for k in obs["known_in_hand"]]
    for k in st.known:
        seen.update(k)
    st.chain = []
    joker_in_market = next((m for m in st.market if m >= 52), -1)
    for e in obs["chain"]:
        kind = e["kind"]
        if kind == "joker":
            item = Item("joker", e["by"], card=joker_in_market, source=e["source"])
        else:
            void = e["what"] == "void"
            item = Item(kind, e["by"], None if void else parse(e["what"]))
            item.void = void
            if kind == "spy":
                item.card = card[e["ace"]]
                seen.add(item.card)
        if e["answered"] is None:  # the open window, its progress withheld (GAR-4)
            item.answered = _open_window_progress(item.seat, seat, n, e.get("you_answered"), rng)
        else:
            item.answered = e["answered"]
        item.cancelled = e["cancelled"]
        st.chain.append(item)
    own: list[int] = []
    if seat is not None:
        own = [card[c] for c in obs["hand"]]
        seen.update(own)
    pool = [c for c in range(52 + options.jokers) if c not in seen]
    rng.shuffle(pool)
    sizes = obs["hand_sizes"]
    st.hands = []
    for s in range(n):
        if s == seat:
            st.hands.append(own)
            continue
        hand = list(st.known[s])
        for _ in range(sizes[s] - len(hand)):
            hand.append(pool.pop())
        st.hands.append(hand)
    st.deck = pool
    if not st.ended:
        st.pending.push("turn", [st.current])
        for item in st.chain:
            st.pending.push("reaction", [(item.seat + 1 + item.answered) % n])
    return st


def _open_window_progress(
    declarer: int, viewer: int | None, n: int, viewer_answered: bool | None, rng: random.Random
) -> int:
    """How many seats have answered the open window, drawn among the counts a
    viewer who is not being asked cannot tell apart."""
    mine = (viewer - declarer - 1) % n if viewer is not None and viewer != declarer else None
    counts = [
        a
        for a in range(n - 1)
        if (declarer + 1 + a) % n != viewer and (mine is None or (a > mine) == viewer_answered)
    ]
    return rng.choice(counts)
