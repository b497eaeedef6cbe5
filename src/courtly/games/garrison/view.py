"""Garrison: what each seat may see, and worlds consistent with it.

The one place that strips secrets. Public: every keep (face-up hearts, face-down
hearts — all were seen face up —, clubs, besieging spades and who sent them),
the market, the whole discard pile, deck and hand sizes, the chain of declared
moves, spies and Jokers, and the cards each hand is known to hold (taken from
the market or the discard pile, or named by a declared move). Private: a seat's
own hand. Hidden: the deck and the rest of the other hands.

What the public history tells of the hidden cards is kept in ``pools``: every
hidden card (in the deck or an unshown hand card) belongs to the pool of the
deck it was drawn from. A reshuffle makes a new pool of the discard pile, whose
cards everyone saw, so after it the deck holds only those, and the hands that
drew before it hold none of them. Each pool lists its cards that everyone has
seen, whether it may also hold cards nobody has seen (``fresh``: the first
deck), whether the deck is drawn from it, and how many unshown cards of each
hand came from it. ``sample`` deals every pool's cards over exactly those
places, so a sampled world agrees with the whole public history, not only with
the table as it is now; the seat's own past adds only its own hand (every card
that left it was shown).

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
        entry["refill"] = item.refill
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
        "pools": _pools(st),
        "chain": chain,
        "scores": st.scores,
        "over": st.ended,
        "winners": st.winners,
    }
    if seat is not None:
        obs["hand"] = _codes(st.hands[seat])
    return obs


def _pools(st: GarrisonState) -> list[dict[str, Any]]:
    """The pools of the hidden cards, oldest first (see the module's notes);
    the same for every seat."""
    n = st.n
    pool, seen = st.pool, st.seen
    found: dict[int, dict[str, Any]] = {}

    def entry(c: int) -> dict[str, Any]:
        g = pool[c]
        e = found.get(g)
        if e is None:
            e = found[g] = {"cards": [], "fresh": st.fresh[g], "deck": False, "hands": [0] * n}
        if seen[c]:
            e["cards"].append(c)
        return e

    for c in st.deck:
        entry(c)["deck"] = True
    for s in range(n):
        known = st.known[s]
        for c in st.hands[s]:
            if c not in known:
                entry(c)["hands"][s] += 1
    out = []
    for g in sorted(found):
        e = found[g]
        e["cards"] = _codes(sorted(e["cards"]))
        out.append(e)
    return out


def _options(data: Mapping[str, Any]) -> GarrisonOptions:
    key = tuple(sorted(data.items()))
    opts = _OPTIONS.get(key)
    if opts is None:
        parsed = GarrisonOptions.parse(data)
        assert isinstance(parsed, GarrisonOptions)
        opts = _OPTIONS[key] = parsed
    return opts


def sample(game: Any, obs: Mapping[str, Any], rng: random.Random) -> GarrisonState:
    """A full state that gives ``obs`` to its seat: each pool's cards, with as
    many cards nobody has seen as its places need, dealt at random over the
    deck (if drawn from it) and the unshown hand cards that came from it."""
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
            source = e["source"]
            item = Item(
                "joker", e["by"], card=joker_in_market if source == "market" else -1, source=source
            )
            item.refill = e["refill"]
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
    _deal(st, obs, seat, own, seen, rng)
    if not st.ended:
        st.pending.push("turn", [st.current])
        for item in st.chain:
            st.pending.push("reaction", [(item.seat + 1 + item.answered) % n])
    return st


def _deal(
    st: GarrisonState,
    obs: Mapping[str, Any],
    seat: int | None,
    own: list[int],
    seen: set[int],
    rng: random.Random,
) -> None:
    """Deal the hidden cards pool by pool (the viewer's own hand is its own)."""
    n = st.n
    card = _CARD
    pools = obs["pools"]
    total = 52 + st.options.jokers
    listed = [[card[c] for c in p["cards"]] for p in pools]
    everywhere = {c for cs in listed for c in cs}
    unseen = [c for c in range(total) if c not in seen and c not in everywhere]
    rng.shuffle(unseen)
    st.pool = [0] * 54
    st.seen = [False] * 54
    st.fresh = [bool(p["fresh"]) for p in pools] or [True]
    st.deck = []
    hidden: list[list[int]] = [[] for _ in range(n)]
    mine = set(own) - set(st.known[seat] if seat is not None else ())
    own_unseen = [c for c in own if c in mine and c not in everywhere]
    for g, p in enumerate(pools):
        members = [c for c in listed[g] if c not in mine]
        for c in listed[g]:
            st.pool[c] = g
            st.seen[c] = True
        if seat is not None:  # the viewer's own unseen cards from this pool
            for _ in range(p["hands"][seat] - sum(1 for c in listed[g] if c in mine)):
                st.pool[own_unseen.pop()] = g
        places = [s for s in range(n) if s != seat for _ in range(p["hands"][s])]
        deck = obs["deck_size"] if p["deck"] else 0
        extra = len(places) + deck - len(members)
        here = members + [unseen.pop() for _ in range(extra)]
        rng.shuffle(here)
        for c in here:
            st.pool[c] = g
        st.deck += here[:deck]
        for s, c in zip(places, here[deck:], strict=True):
            hidden[s].append(c)
    assert not unseen and not own_unseen, "the pools do not account for every hidden card"
    st.hands = [own if s == seat else list(st.known[s]) + hidden[s] for s in range(n)]


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
