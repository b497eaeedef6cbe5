"""Three Tricks: what each seat may see, and worlds consistent with it.

A seat sees its own hand, every hand's size, the cards of the trick being
played and of this round's finished tricks, the tricks taken, the scores, and
the bids: its own at once, the others' (only whether each has bid) until all
are in. It never sees another hand or the undealt cards."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from courtly import cards
from tests.sixth.actions import DECK
from tests.sixth.options import ThreeTricksOptions
from tests.sixth.rules import TricksState


def observe_own(state: TricksState, seat: int | None) -> dict[str, Any]:
    """The game's own part of everything ``seat`` may know (``None``: a spectator)."""
    top = state.pending.top
    bidding = top is not None and top.kind == "bid"
    obs: dict[str, Any] = {
        "round": min(state.round + 1, state.options.rounds),
        "scores": list(state.score),
        "hand_sizes": [len(h) for h in state.hands],
        "bid_made": [b is not None for b in state.bids],
        "bids": [b if not bidding or i == seat else None for i, b in enumerate(state.bids)],
        "taken": list(state.taken),
        "leader": state.leader,
        "trick": [[s, cards.code(c)] for s, c in state.trick],
        "played": cards.codes(state.played),
    }
    if seat is not None:
        obs["hand"] = cards.codes(state.hands[seat])
    return obs


def sample(game: Any, obs: Mapping[str, Any], rng: random.Random) -> TricksState:
    """A full state that gives ``obs`` to its seat, hidden cards drawn from ``rng``.

    The view has no ``Sampler`` (the engine's, compiled in the compiled build,
    takes no interpreted subclass): the engine's default sampler calls this
    for each world."""
    return World(game, obs).sample(rng)


class World:
    """Worlds of one observation: the unseen cards dealt at random to the other
    hands (as many as each holds) and the stock; a bid not yet shown, drawn
    at random."""

    def __init__(self, game: Any, obs: Mapping[str, Any]) -> None:
        self.game = game
        self.seat: int | None = obs["seat"]
        self.options = ThreeTricksOptions.parse(obs["options"])
        self.players: int = obs["players"]
        self.hand = [cards.card(c) for c in obs.get("hand", ())]
        self.trick = [(s, cards.card(c)) for s, c in obs["trick"]]
        self.played = [cards.card(c) for c in obs["played"]]
        seen = set(self.hand) | set(self.played) | {c for _, c in self.trick}
        self.unseen = [c for c in DECK if c not in seen]
        self.sizes: list[int] = list(obs["hand_sizes"])
        self.bids: list[int | None] = list(obs["bids"])
        self.bid_made: list[bool] = list(obs["bid_made"])
        self.over: bool = obs["over"]
        self.round: int = obs["round"] - 1 + (1 if self.over else 0)
        self.decision: str | None = obs["decision"]
        self.to_act: list[int] = list(obs["to_act"])
        self.scores: list[int] = list(obs["scores"])
        self.leader: int = obs["leader"]
        self.taken: list[int] = list(obs["taken"])

    def sample(self, rng: random.Random) -> TricksState:
        s = TricksState.__new__(TricksState)
        s._init_base(self.game, self.players, rng.getrandbits(48), self.options)
        s.score = list(self.scores)
        s.round = self.round
        s.leader = self.leader
        s.taken = list(self.taken)
        s.trick = list(self.trick)
        s.played = list(self.played)
        s.bids = [
            b if b is not None or not made else rng.randrange(4)
            for b, made in zip(self.bids, self.bid_made, strict=True)
        ]
        unseen = list(self.unseen)
        rng.shuffle(unseen)
        s.hands = []
        for i, size in enumerate(self.sizes):
            if i == self.seat:
                s.hands.append(list(self.hand))
            else:
                s.hands.append(sorted(unseen[:size]))
                del unseen[:size]
        s.stock = sorted(unseen)
        if self.decision is not None:
            s.pending.push(self.decision, list(self.to_act))
        return s
