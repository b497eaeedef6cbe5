"""Agincards (1-8 seats): the encoding of an observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.rl.encoding import Writer

SIDE = 25
CELLS = SIDE * SIDE
COLUMNS = "abcdefghijklmnopqrstuvwxy"
RANKS = "A23456789TJQK"
SUITS = "CDHS"


def cell(name: str) -> int:
    """The cell index (row-major from a1) of a cell name like ``m13``."""
    return (int(name[1:]) - 1) * SIDE + COLUMNS.index(name[0])


def write(w: Writer, obs: Mapping[str, Any]) -> None:
    p = obs["players"]
    w.onehot("seat", obs["seat"], p, "the viewer's seat")
    w.choice("decision", obs["decision"], ("turn", "token"), "the decision awaited")
    w.seats("to_act", obs["to_act"], p, "seats whose decision is awaited")
    w.onehot("turn", obs["turn"], p, "whose turn it is")
    ranks = w.block(
        "map_rank", CELLS, "each cell's card rank / 13 (0: empty)", "per cell, a1 b1 .. y25"
    )
    suits = w.block("map_suit", 4 * CELLS, "each cell's card suit", "one-hot C, D, H, S per cell")
    v = w.v
    for name, code in obs["map"]:
        k = cell(name)
        v[ranks + k] = (RANKS.index(code[0]) + 1) / 13
        v[suits + 4 * k + SUITS.index(code[1])] = 1.0
    tokens = w.block("map_token", CELLS, "each cell's token", "(owner + 1) / players; 0: none")
    for name, owner in obs["tokens"]:
        v[tokens + cell(name)] = (owner + 1) / p
    placed = obs["just_placed"]
    w.onehot(
        "just_placed",
        None if placed is None else cell(placed),
        CELLS,
        "the cell just played",
        "one-hot per cell",
    )
    w.numbers("tokens_in_hand", obs["tokens_in_hand"], 5, "each seat's tokens in hand / 5")
    w.numbers("hand_sizes", obs["hand_sizes"], 10, "each seat's hand size / 10")
    w.number("deck_size", obs["deck_size"], 104, "cards left in the deck / 104")
    w.number("passes", obs["passes"], 8, "passes in a row / 8")
    w.numbers("token_points", [x["tokens"] for x in obs["points"]], 100, "token points / 100")
    w.numbers("run_points", [x["runs"] for x in obs["points"]], 100, "run points / 100")
    w.numbers("scores", obs["scores"], 100, "each seat's score / 100")
    w.flags("over", [obs["over"]], "the game is over")
    w.cards(
        "hand",
        obs.get("hand", ()),
        "the viewer's hand (count / 2: two packs can repeat a card)",
        most=2,
    )
