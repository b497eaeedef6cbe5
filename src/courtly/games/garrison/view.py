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
from courtly.engine import game as engine
from courtly.games.garrison.actions import GarrisonAction, parse
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


def observe_own(st: GarrisonState, seat: int | None) -> dict[str, Any]:
    """The game's own part of everything ``seat`` may know (``None``: a
    spectator), JSON-ready: the engine adds the keys every game shares."""
    top = st.pending.top
    decision = top.kind if top else None
    hidden = False
    window = None
    chain = [_chain_entry(i) for i in st.chain]
    if decision == "reaction":
        item = st.chain[-1]
        asked = seat is not None and top is not None and seat in top.waiting
        window = {"after": item.describe(), "by": item.seat, "you_are_asked": asked}
        if not asked:
            hidden = True
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
        "target": st.target,
        "turn": st.turn,
        "moves": st.moves,
        "round": (st.turn - 1) // n + 1,
        "current": st.current,
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
    }
    if hidden:
        obs["to_act"] = []  # GAR-4: who is being asked is not shown
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
    """A full state that gives ``obs`` to its seat, hidden cards drawn from ``rng``."""
    return Sampler(game, obs).sample(rng)


KEEP_ZONES = ("court", "fallen", "garrison", "besiegers")


class _Link:
    """A chain entry as the observation shows it, to make a fresh ``Item`` of
    for each world (the open window's progress drawn anew, GAR-4)."""

    __slots__ = ("action", "answered", "cancelled", "card", "kind", "refill", "seat", "source")

    def __init__(self, e: Mapping[str, Any], joker_in_market: int) -> None:
        kind: str = e["kind"]
        self.kind = kind
        self.seat: int = e["by"]
        self.action: GarrisonAction | None = None
        self.card = -1
        self.source = ""
        self.refill: Any = None
        if kind == "joker":
            self.source = e["source"]
            self.card = joker_in_market if self.source == "market" else -1
            self.refill = e["refill"]
        elif e["what"] != "void":
            self.action = parse(e["what"])
        if kind == "spy":
            self.card = _CARD[e["ace"]]
        self.answered: int | None = e["answered"]
        self.cancelled: bool = e["cancelled"]

    def item(self) -> Item:
        if self.kind == "joker":
            item = Item("joker", self.seat, card=self.card, source=self.source)
            item.refill = self.refill
        else:
            item = Item(self.kind, self.seat, self.action)
            item.void = self.action is None
            if self.kind == "spy":
                item.card = self.card
        item.cancelled = self.cancelled
        return item


class Sampler(engine.Sampler):
    """Worlds that give one observation to its seat: each pool's cards, with as
    many cards nobody has seen as its places need, dealt at random over the
    deck (if drawn from it) and the unshown hand cards that came from it. The
    observation is read once, here; ``sample`` copies the public part, draws
    the open window's progress and deals the pools."""

    def __init__(self, game: Any, obs: Mapping[str, Any]) -> None:
        super().__init__(game, obs)
        card = _CARD
        seat: int | None = obs["seat"]
        n: int = obs["players"]
        self.seat = seat
        self.n = n
        self.options = _options(obs["options"])
        self.target: int = obs["target"]
        self.turn: int = obs["turn"]
        self.moves: int = obs["moves"]
        self.current: int = obs["current"]
        self.ended: bool = obs["over"]
        winners = obs["winners"]
        self.winner: int = (
            winners[0]
            if self.ended and len(winners) == 1 and max(obs["scores"]) >= self.target
            else -1
        )
        self.zones: list[list[list[int]]] = [[], [], [], []]  # court, fallen, garrison, siege
        self.siege_by: list[list[int]] = []
        seen: set[int] = set()
        for k in obs["keeps"]:
            for zone, key in zip(self.zones, KEEP_ZONES, strict=True):
                cs = [card[c] for c in k[key]]
                seen.update(cs)
                zone.append(cs)
            self.siege_by.append(list(k["besieged_by"]))
        self.market = [-1 if m is None else card[m] for m in obs["market"]]
        seen.update(m for m in self.market if m >= 0)
        self.discard = [card[c] for c in obs["discard"]]
        seen.update(self.discard)
        self.known = [[card[c] for c in k] for k in obs["known_in_hand"]]
        for k in self.known:
            seen.update(k)
        joker_in_market = next((m for m in self.market if m >= 52), -1)
        self.chain: list[tuple[_Link, bool | None]] = []
        for e in obs["chain"]:
            link = _Link(e, joker_in_market)
            if link.kind == "spy":
                seen.add(link.card)
            self.chain.append((link, e.get("you_answered")))
        self.own: list[int] = []
        if seat is not None:
            self.own = [card[c] for c in obs["hand"]]
            seen.update(self.own)
        self._plan_deal(obs, seen)

    def _plan_deal(self, obs: Mapping[str, Any], seen: set[int]) -> None:
        """What dealing the hidden cards pool by pool takes (the viewer's own
        hand is its own): the unseen cards, and each pool's members and places."""
        n = self.n
        seat = self.seat
        card = _CARD
        pools = obs["pools"]
        total = 52 + self.options.jokers
        listed = [[card[c] for c in p["cards"]] for p in pools]
        everywhere = {c for cs in listed for c in cs}
        self.unseen = [c for c in range(total) if c not in seen and c not in everywhere]
        self.pool = [0] * 54
        self.seen = [False] * 54
        self.fresh = [bool(p["fresh"]) for p in pools] or [True]
        mine = set(self.own) - set(self.known[seat] if seat is not None else ())
        own_unseen = [c for c in self.own if c in mine and c not in everywhere]
        # (pool, its members, the seats its hidden cards go to, cards to the deck)
        self.plan: list[tuple[int, list[int], list[int], int]] = []
        for g, p in enumerate(pools):
            members = [c for c in listed[g] if c not in mine]
            for c in listed[g]:
                self.pool[c] = g
                self.seen[c] = True
            if seat is not None:  # the viewer's own unseen cards from this pool
                for _ in range(p["hands"][seat] - sum(1 for c in listed[g] if c in mine)):
                    self.pool[own_unseen.pop()] = g
            places = [s for s in range(n) if s != seat for _ in range(p["hands"][s])]
            deck = obs["deck_size"] if p["deck"] else 0
            self.plan.append((g, members, places, deck))
        assert not own_unseen, "the pools do not account for every hidden card"

    def sample(self, rng: random.Random) -> GarrisonState:
        seat = self.seat
        n = self.n
        st = GarrisonState.__new__(GarrisonState)
        st._init_base(self.game, n, rng.getrandbits(48), self.options)
        st._stacked_left = 0
        st.n = n
        st.target = self.target
        st.turn = self.turn
        st.moves = self.moves
        st.current = self.current
        st.ended = self.ended
        st.winner = self.winner
        court, fallen, garrison, siege = self.zones
        st.court = [list(z) for z in court]
        st.fallen = [list(z) for z in fallen]
        st.garrison = [list(z) for z in garrison]
        st.siege = [list(z) for z in siege]
        st.siege_by = [list(z) for z in self.siege_by]
        st.market = list(self.market)
        st.discard = list(self.discard)
        st.known = [list(k) for k in self.known]
        st.chain = []
        for link, you_answered in self.chain:
            item = link.item()
            if link.answered is None:  # the open window, its progress withheld (GAR-4)
                item.answered = _open_window_progress(item.seat, seat, n, you_answered, rng)
            else:
                item.answered = link.answered
            st.chain.append(item)
        self._deal(st, rng)
        if not st.ended:
            st.pending.push("turn", [st.current])
            for item in st.chain:
                st.pending.push("reaction", [(item.seat + 1 + item.answered) % n])
        return st

    def _deal(self, st: GarrisonState, rng: random.Random) -> None:
        """Deal the hidden cards pool by pool, as planned."""
        seat = self.seat
        unseen = list(self.unseen)
        rng.shuffle(unseen)
        st.pool = list(self.pool)
        st.seen = list(self.seen)
        st.fresh = list(self.fresh)
        st.deck = []
        hidden: list[list[int]] = [[] for _ in range(self.n)]
        for g, members, places, deck in self.plan:
            extra = len(places) + deck - len(members)
            here = members + [unseen.pop() for _ in range(extra)]
            rng.shuffle(here)
            for c in here:
                st.pool[c] = g
            st.deck += here[:deck]
            for s, c in zip(places, here[deck:], strict=True):
                hidden[s].append(c)
        assert not unseen, "the pools do not account for every hidden card"
        st.hands = [
            list(self.own) if s == seat else list(st.known[s]) + hidden[s] for s in range(self.n)
        ]


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
