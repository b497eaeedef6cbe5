"""Intrigue (3 seats): the encoding of an observation. Its cards, characters,
tokens and favours all have codes, so one multi-hot vocabulary serves all."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.rl.encoding import Writer

P = 3
TOKENS = ("A+3", "A+1", "B+3", "B+1", "C+3", "C+1")
LETTERS = ("A", "B", "C")
DECISIONS = ("turn", "discard", "move", "reverse", "target")


def write(w: Writer, obs: Mapping[str, Any]) -> None:
    seat = obs["seat"]
    w.onehot("seat", seat, P, "the viewer's seat")
    w.choice("decision", obs["decision"], DECISIONS, "the decision awaited")
    w.seats("to_act", obs["to_act"], P, "seats whose decision is awaited")
    w.number("round", obs["round"], obs["options"]["rounds"], "round / rounds")
    w.onehot("turn", obs["turn"], P, "whose turn it is")
    w.onehot("first", obs["first"], P, "who began the round")
    w.card("effect", obs["effect"], "the card whose effect is being resolved")
    for k, name in enumerate(obs["characters"]):
        w.card(f"character[{LETTERS[k]}]", name, f"the character of stack {LETTERS[k]}")
    w.numbers("character_points", obs["character_points"], 5, "each stack's character points / 5")
    w.cards("unused", obs["unused"], "characters not in play")
    w.cards("gone", obs["gone"], "characters gone for good")
    for t in TOKENS:
        w.onehot(f"token[{t}]", obs["tokens"][t], P, f"who holds token {t}")
    for k, stack in enumerate(obs["stacks"]):
        x = LETTERS[k]
        w.cards(f"stack_up[{x}]", [e["card"] for e in stack if e["up"]], f"face-up cards on {x}")
        w.cards(
            f"stack_down_known[{x}]",
            [e.get("card") for e in stack if not e["up"]],
            f"face-down cards on {x} the viewer knows",
        )
        w.numbers(
            f"stack_by[{x}]",
            [sum(1 for e in stack if e["by"] == i) for i in range(P)],
            10,
            f"cards each seat put on {x} / 10",
        )
        w.numbers(
            f"stack_down_by[{x}]",
            [sum(1 for e in stack if e["by"] == i and not e["up"]) for i in range(P)],
            10,
            f"face-down cards each seat put on {x} / 10",
        )
        w.number(
            f"stack_top_by[{x}]",
            stack[-1]["by"] + 1 if stack else 0,
            P,
            "(who played the top card + 1) / 3",
        )
    for k, rel in enumerate(obs["relationships"]):
        r = rel or {}
        w.card(f"relationship[{k}]", r.get("card"), f"relationship card {k}")
        w.choice(f"relationship_left[{k}]", r.get("left"), LETTERS, "its left stack")
        w.choice(f"relationship_right[{k}]", r.get("right"), LETTERS, "its right stack")
    w.number("deck_size", obs["deck_size"], 20, "cards left in the deck / 20")
    w.numbers("hand_sizes", obs["hand_sizes"], 10, "cards in each hand / 10")
    w.cards("discard", obs["discard"], "the discard")
    w.cards(
        "favors_played", [f.get("card") for f in obs["favors_played"]], "favours played face up"
    )
    w.numbers(
        "favors_played_by",
        [sum(1 for f in obs["favors_played"] if f["by"] == i) for i in range(P)],
        3,
        "favours each seat played / 3",
    )
    w.numbers("favors_left", obs["favors_left"], 3, "favours each seat has left / 3")
    w.numbers("scores", obs["scores"], 10, "each seat's score / 10")
    w.flags("over", [obs["over"]], "the game is over")
    w.cards("hand", obs.get("hand", ()), "the viewer's hand")
    w.cards("favors", obs.get("favors", ()), "the viewer's favours")
