"""Crown Rivals (2 seats): the encoding of an observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.games.crown_rivals.actions import VALUES
from courtly.rl.encoding import Writer

SUITS = ("C", "D", "H", "S")
P = 2
COST_MOST = max(max(values) for values in VALUES.values())
"""The dearest market card (a King or Queen, 40): a card's cost is its value."""


def write(w: Writer, obs: Mapping[str, Any]) -> None:
    w.onehot("seat", obs["seat"], P, "the viewer's seat")
    w.choice("decision", obs["decision"], ("turn", "discard", "jack_trash"), "the decision awaited")
    w.seats("to_act", obs["to_act"], P, "seats whose decision is awaited")
    w.onehot("active", obs["active"], P, "whose turn it is")
    w.number("turn", obs["turn"], obs["options"]["turn_limit"], "turn / turn limit")
    w.numbers("influence", obs["influence"], 100, "each seat's Influence / 100")
    w.numbers("hand_sizes", obs["hand_sizes"], 10, "cards in each hand / 10")
    w.numbers("deck_sizes", obs["deck_sizes"], 30, "cards in each draw deck / 30")
    for i in range(P):
        w.cards(f"holdings[{i}]", obs["holdings"][i], f"every card seat {i} owns")
    for i in range(P):
        w.cards(f"known_hands[{i}]", obs["known_hands"][i], f"cards known to be in seat {i}'s hand")
    for i in range(P):
        w.cards(f"discards[{i}]", obs["discards"][i], f"seat {i}'s discard pile")
    for i in range(P):
        sup = obs["supporters"][i]
        w.cards(f"supporters[{i}]", [c for s in sup for c in s[:2]], f"seat {i}'s supporters")
        w.numbers(f"supporter_values[{i}]", [sum(s[2] for s in sup)], 30, "their total value / 30")
    w.cards("market", obs["market"], "cards in the market")
    costs = list(obs["market_costs"])[:5]
    w.numbers(
        "market_costs",
        costs + [0] * (5 - len(costs)),
        COST_MOST,
        f"cost of each market slot / {COST_MOST} (a King's or Queen's)",
    )
    w.number("market_deck", obs["market_deck"], 40, "cards left in the market deck / 40")
    w.cards("trashed", obs["trashed"], "trashed cards")
    w.cards("plays", [c for p in obs["plays"] for c in p[:2]], "cards played this turn")
    w.numbers("play_values", [sum(p[2] for p in obs["plays"])], 30, "their total value / 30")
    w.cards("in_play", obs["in_play"], "cards in play")
    w.cards("cashed", obs["cashed"], "cards cashed this turn")
    w.number("pool", obs["pool"], 30, "the pool / 30")
    w.number("currency", obs["currency"], 30, "currency / 30")
    for key in ("cash", "odd", "even", "claimed"):
        w.numbers(key, obs[key], 10, f"{key} per suit (CDHS) / 10")
    w.numbers("bonuses", [obs["bonuses"][s] for s in SUITS], 10, "bonuses per suit (CDHS) / 10")
    w.flags("over", [obs["over"]], "the game is over")
    w.cards("hand", obs.get("hand", ()), "the viewer's hand")
    w.cards("deck", obs.get("deck", ()), "the cards of the viewer's draw deck (order unknown)")
