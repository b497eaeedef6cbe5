"""Three Tricks: the terminal view of one observation, and its log lines."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from courtly.engine import text
from courtly.engine.actions import Action
from courtly.engine.text import card_symbol, moves_line


def _cards(codes: Sequence[str]) -> str:
    return " ".join(card_symbol(c) for c in codes) if codes else "[dim]-[/]"


def render(obs: Mapping[str, Any], legal: Sequence[Action] = ()) -> str:
    me = obs["seat"]
    lines = [f"[bold]Three Tricks[/]  round {obs['round']} of {obs['options']['rounds']}", ""]
    lines.append("   seat  score  bid  taken  hand")
    for seat in range(obs["players"]):
        who = "you" if seat == me else f"P{seat}"
        marker = "[yellow]>[/]" if seat in obs["to_act"] else " "
        bid = obs["bids"][seat]
        shown = "?" if bid is None and obs["bid_made"][seat] else ("-" if bid is None else bid)
        lines.append(
            f" {marker} {who:>4}  {obs['scores'][seat]:>5}  {shown!s:>3}  "
            f"{obs['taken'][seat]:>5}  {obs['hand_sizes'][seat]}"
        )
    lines.append("")
    lines.append("Trick: " + _cards([c for _, c in obs["trick"]]))
    lines.append("Played this round: " + _cards(obs["played"]))
    if "hand" in obs:
        lines.append("Your hand: " + _cards(obs["hand"]))
    if legal:
        lines.append(moves_line(legal))
    return "\n".join(lines)


def describe(kind: str, data: Mapping[str, Any], seat: int | None) -> str | None:
    """One log line for an event, as structured text (``courtly.engine.text``):
    seats and cards marked, "you" for the viewer."""

    def who(n: int) -> str:
        return text.who(n, seat)

    def verb(n: int, word: str) -> str:
        return word if n == seat else word + "s"

    if kind == "dealt":
        return f"{who(data['seat'])} {'are' if data['seat'] == seat else 'is'} dealt {text.cards(data['cards'])}"
    if kind == "bid_made":
        return f"{who(data['seat'])} {verb(data['seat'], 'bid')}"
    if kind == "bids":
        return "bids: " + ", ".join(f"{who(i)} {b}" for i, b in enumerate(data["bids"]))
    if kind == "played":
        return f"{who(data['seat'])} {verb(data['seat'], 'play')} {text.card(data['card'])}"
    if kind == "trick":
        taken = f"{who(data['winner'])} {verb(data['winner'], 'take')} the trick"
        return f"{taken} ({text.cards(data['cards'])})"
    if kind == "round_scored":
        gained = ", ".join(f"{who(i)} +{g}" for i, g in enumerate(data["gained"]))
        return f"{text.strong('round scored')}: {gained}"
    return None
