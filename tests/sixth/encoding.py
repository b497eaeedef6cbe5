"""Three Tricks: the encoding of an observation, for reinforcement learning."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.rl.encoding import Writer

MOST = 4
"""The most seats (the encoding has a slot for each, whatever the count)."""


def write(w: Writer, obs: Mapping[str, Any]) -> None:
    w.onehot("seat", obs["seat"], MOST, "the viewer's seat")
    w.choice("decision", obs["decision"], ("bid", "play"), "the decision awaited")
    w.seats("to_act", obs["to_act"], MOST, "seats whose decision is awaited")
    pad = MOST - obs["players"]
    w.numbers("scores", list(obs["scores"]) + [0] * pad, 30, "each seat's points / 30")
    w.numbers("bids", list(obs["bids"]) + [None] * pad, 3, "each shown bid / 3")
    w.flags("bid_made", list(obs["bid_made"]) + [False] * pad, "each seat has bid")
    w.numbers("taken", list(obs["taken"]) + [0] * pad, 3, "tricks each seat took / 3")
    w.numbers("hand_sizes", list(obs["hand_sizes"]) + [0] * pad, 3, "cards in each hand / 3")
    w.cards("trick", [c for _, c in obs["trick"]], "cards of the trick being played")
    w.cards("played", obs["played"], "cards of this round's finished tricks")
    w.cards("hand", obs.get("hand", ()), "the viewer's hand")
    w.flags("over", [obs["over"]], "the game is over")
