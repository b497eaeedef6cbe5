"""Agincards (1-8 seats): the encoding of an observation.

The table has no edge, so the map is encoded card by card rather than cell by
cell: one entry per name a card on the map can have (``ref``, as in the action
ids: the code's index for the first copy of a code to reach the map, 52 + it
for the second), holding where that card lies from the seed card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly import cards
from courtly.rl.encoding import Writer

CODES = 52
REFS = 2 * CODES
REACH = 96
"""No card lies further from the seed across or down (two packs)."""
ORDER = "per card name: AC AD AH AS 2C .. KS, then the second copies AC' .. KS'"


def write(w: Writer, obs: Mapping[str, Any]) -> None:
    p = obs["players"]
    w.onehot("seat", obs["seat"], p, "the viewer's seat")
    w.choice("decision", obs["decision"], ("turn", "token"), "the decision awaited")
    w.seats("to_act", obs["to_act"], p, "seats whose decision is awaited")
    w.onehot("turn", obs["turn"], p, "whose turn it is")
    on = w.block("map_on", REFS, "each card on the map", f"0/1 {ORDER}")
    xs = w.block("map_x", REFS, f"its column from the seed / {REACH}", ORDER)
    ys = w.block("map_y", REFS, f"its row from the seed / {REACH} (down is +)", ORDER)
    tokens = w.block("map_token", REFS, "its token", f"(owner + 1) / players; 0: none; {ORDER}")
    placed = w.block("just_placed", REFS, "the card just played", f"one-hot {ORDER}")
    v = w.v
    ref_at: dict[tuple[int, int], int] = {}
    first: set[int] = set()
    for x, y, code in obs["map"]:
        c = cards.card(code)
        ref = c + CODES if c in first else c
        first.add(c)
        ref_at[x, y] = ref
        v[on + ref] = 1.0
        v[xs + ref] = max(-1.0, min(1.0, x / REACH))
        v[ys + ref] = max(-1.0, min(1.0, y / REACH))
    for x, y, owner in obs["tokens"]:
        v[tokens + ref_at[x, y]] = (owner + 1) / p
    just = obs["just_placed"]
    if just is not None:
        v[placed + ref_at[just[0], just[1]]] = 1.0
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
