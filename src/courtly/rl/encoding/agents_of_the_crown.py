"""Agents of the Crown (4 seats): the encoding of an observation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from courtly.rl.encoding import Writer

SUITS = ("C", "D", "H", "S")
SEASONS = ("Spring", "Summer", "Fall", "Winter")
PLACES = ("C", "D", "H", "S", "table")
P = 4


def write(w: Writer, obs: Mapping[str, Any]) -> None:
    seat = obs["seat"]
    w.onehot("seat", seat, P, "the viewer's seat")
    w.number("year", obs["year"], obs["options"]["years"], "Year / number of Years")
    w.choice("season", obs["season"], SEASONS, "the current Season")
    w.choice("decision", obs["decision"], ("pass", "commit"), "the decision awaited")
    w.seats("to_act", obs["to_act"], P, "seats whose decision is awaited")
    for i, house in enumerate(obs["houses"]):
        w.choice(f"house[{i}]", house, SUITS, f"seat {i}'s House")
    w.numbers("scores", obs["scores"], 100, "each seat's total score / 100")
    w.numbers("curses", [obs["curses"][s] for s in SUITS], 4, "Curses on each House (CDHS) / 4")
    w.cards(
        "challenges", [c for s in SUITS for c in obs["challenges"].get(s, ())], "challenge cards"
    )
    w.numbers(
        "challenge_values",
        [obs["challenge_values"].get(s, 0) for s in SUITS],
        100,
        "each suit's challenge value (CDHS) / 100",
    )
    w.cards("strays", obs["strays"], "stray cards waiting to join next season's challenges")
    w.numbers("season_stacks", obs["season_stacks"], 5, "cards in each season stack / 5")
    w.numbers("hand_sizes", obs["hand_sizes"], 10, "cards in each hand / 10")
    for i, commit in enumerate(obs["commits"]):
        c = commit or {}
        w.flags(f"commit[{i}]", [commit is not None, c.get("up")], f"seat {i} committed; face up")
        w.choice(f"commit_at[{i}]", c.get("at"), PLACES, f"where seat {i}'s commit was placed")
        w.card(f"commit_card[{i}]", c.get("card"), f"seat {i}'s committed card, when visible")
    order = obs["commit_order"]
    w.numbers(
        "commit_order",
        [order.index(i) + 1 if i in order else 0 for i in range(P)],
        P,
        "each seat's place in the order of commits (0: not yet) / 4",
    )
    shown: list[list[str]] = [[] for _ in range(P)]
    for _year, _season, who, code, _up, _place in obs["history"]:
        shown[who].append(code)
    for i in range(P):
        w.cards(f"revealed[{i}]", shown[i], f"cards seat {i} has revealed this Year")
    w.flags("pass_chosen", obs["pass_chosen"], "seats that have chosen their pass")
    for i in range(P):
        w.cards(f"played[{i}]", obs["played"][i], f"seat {i}'s played cards this season")
    for i in range(P):
        w.cards(f"prizes[{i}]", obs["prizes"][i], f"seat {i}'s prizes this Year")
    w.cards("discard", obs["discard"], "the discard")
    last = (obs["last_season"] or {}).get("challenges", {})
    for s in SUITS:
        r = last.get(s)
        w.flags(
            f"last[{s}]",
            [r is not None, r and r["defeated"]],
            f"last season's {s} challenge; defeated",
        )
        w.number(f"last_value[{s}]", r and r["value"], 100, "its value / 100")
    w.flags("over", [obs["over"]], "the game is over")
    w.cards("hand", obs.get("hand", ()), "the viewer's hand")
    mine = obs.get("my_pass")
    w.cards(
        "my_pass",
        [t for t in (mine or "").upper().split() if t in w.vocab],
        "the two cards the viewer chose to pass",
    )
    w.cards("passed", obs.get("passed", ()), "cards the viewer passed this Year")
    w.cards("received", obs.get("received", ()), "cards the viewer received this Year")
