"""Garrison (2-6 seats): the encoding of an observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.rl.encoding import Writer

STATUS = ("standing", "partly rebuilt", "fallen")


def write(w: Writer, obs: Mapping[str, Any]) -> None:
    p = obs["players"]
    w.onehot("seat", obs["seat"], p, "the viewer's seat")
    w.choice("decision", obs["decision"], ("turn", "reaction"), "the decision awaited")
    w.seats("to_act", obs["to_act"], p, "seats whose decision is awaited")
    w.onehot("current", obs["current"], p, "whose turn it is")
    w.number("target", obs["target"], 100, "the target score / 100")
    w.number("round", obs["round"], obs["options"]["max_rounds"], "round / round limit")
    w.number("turn", obs["turn"], 1000, "turn / 1000")
    win = obs["window"] or {}
    w.flags(
        "window", [bool(win), win.get("you_are_asked")], "a reaction window is open; you are asked"
    )
    w.onehot("window_by", win.get("by"), p, "who opened the window")
    chain = obs["chain"]
    w.number("chain", len(chain), 10, "links in the chain / 10")
    w.numbers(
        "chain_by",
        [sum(1 for x in chain if x["by"] == i) for i in range(p)],
        10,
        "each seat's links in the chain / 10",
    )
    w.number("chain_cancelled", sum(1 for x in chain if x["cancelled"]), 10, "cancelled links / 10")
    for i, keep in enumerate(obs["keeps"]):
        w.cards(f"court[{i}]", keep["court"], f"seat {i}'s court")
        w.cards(f"fallen[{i}]", keep["fallen"], f"seat {i}'s fallen court cards")
        w.cards(f"garrison[{i}]", keep["garrison"], f"seat {i}'s garrison")
        w.cards(f"besiegers[{i}]", keep["besiegers"], f"cards besieging seat {i}")
        w.seats(f"besieged_by[{i}]", keep["besieged_by"], p, f"seats besieging seat {i}")
        w.number(f"value[{i}]", keep["value"], 100, f"seat {i}'s keep value / 100")
        w.choice(f"status[{i}]", keep["status"], STATUS, f"seat {i}'s keep status")
    w.numbers("hand_sizes", obs["hand_sizes"], 10, "cards in each hand / 10")
    for i, known in enumerate(obs["known_in_hand"]):
        w.cards(f"known_in_hand[{i}]", known, f"cards known to be in seat {i}'s hand")
    for k in range(3):
        market = obs["market"]
        w.card(f"market[{k}]", market[k] if k < len(market) else None, f"market slot {k}")
    w.cards("discard", obs["discard"], "the discard pile")
    w.card("discard_top", obs["discard_top"], "the top of the discard pile")
    w.number("deck_size", obs["deck_size"], 54, "cards left in the deck / 54")
    w.numbers("scores", obs["scores"], 100, "each seat's score / 100")
    w.flags("over", [obs["over"]], "the game is over")
    w.cards("hand", obs.get("hand", ()), "the viewer's hand")
