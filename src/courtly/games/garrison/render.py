"""Garrison: the terminal view of one observation, as Rich markup."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from courtly.engine.actions import Action
from courtly.engine.text import moves_line

SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_STYLE = {"C": "bold white", "D": "bold red", "H": "bold red", "S": "bold white"}
STATUS_STYLE = {"standing": "green", "partly rebuilt": "yellow", "fallen": "red"}


def card(code: str | None) -> str:
    """A card code drawn with its suit symbol and colour: ``[bold red]7♥[/]``."""
    if code is None:
        return "[dim]--[/]"
    if code in ("X1", "X2"):
        return "[magenta]Joker[/]"
    r, s = code[0], code[1]
    r = "10" if r == "T" else r
    return f"[{SUIT_STYLE[s]}]{r}{SUIT_SYMBOL[s]}[/]"


def cards_line(codes: Sequence[str | None]) -> str:
    return " ".join(card(c) for c in codes) if codes else "[dim]-[/]"


def _who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"P{seat}"


def render(obs: Mapping[str, Any], legal: Sequence[Action] = ()) -> str:
    me = obs["seat"]
    lines = [
        f"[bold]Garrison[/]  target [bold]{obs['target']}[/]  round {obs['round']}"
        f" (of at most {obs['options']['max_rounds']}), P{obs['current']} to move",
        "",
        "[bold]Keeps[/]",
    ]
    for seat, k in enumerate(obs["keeps"]):
        mark = "[yellow]>[/]" if seat == obs["current"] and not obs["over"] else " "
        status = f"[{STATUS_STYLE[k['status']]}]{k['status']}[/]"
        lines.append(
            f" {mark} {_who(seat, me):>4}  value [bold]{k['value']:>2}[/]  {status}  "
            f"hand {obs['hand_sizes'][seat]}"
        )
        lines.append(f"        court    {cards_line(k['court'])}")
        if k["fallen"]:
            lines.append(f"        face down {cards_line(k['fallen'])}")
        lines.append(f"        garrison {cards_line(k['garrison'])}")
        if k["besiegers"]:
            by = ", ".join(f"P{s}" for s in sorted(set(k["besieged_by"])))
            lines.append(f"        [red]besieged[/] by {by}: {cards_line(k['besiegers'])}")
        known = obs["known_in_hand"][seat]
        if known and seat != me:
            lines.append(f"        known in hand: {cards_line(known)}")
    lines.append("")
    lines.append(f"[bold]Market[/]   {cards_line(obs['market'])}")
    lines.append(
        f"[bold]Discard[/]  top {card(obs['discard_top'])}  ({len(obs['discard'])} cards)"
        f"   [bold]Deck[/] {obs['deck_size']} cards"
    )
    if obs["chain"]:
        lines.append("")
        lines.append("[bold]Waiting to resolve[/] (newest last)")
        for e in obs["chain"]:
            cancelled = " [red](cancelled)[/]" if e["cancelled"] else ""
            lines.append(f"  P{e['by']}: {e['what']}{cancelled}")
    if me is not None:
        lines.append("")
        lines.append(f"[bold]Your hand[/]: {cards_line(obs['hand'])}")
    lines.append("")
    if obs["over"]:
        winners = ", ".join(_who(w, me) for w in obs["winners"])
        lines.append(f"[bold green]Game over.[/] Winner(s): {winners}")
    elif obs["window"] is not None:
        w = obs["window"]
        if w["you_are_asked"]:
            lines.append(
                f"[yellow]Reaction window[/] after P{w['by']}'s {w['after']!r}: "
                "play a spy or 'pass'"
            )
        else:
            lines.append(f"A reaction window is open after P{w['by']}'s {w['after']!r}.")
    elif me is not None and me in obs["to_act"]:
        lines.append("Your turn: make a move, or 'end' to draw up to three.")
    else:
        lines.append(f"Awaiting P{obs['current']}'s move.")
    if legal:
        lines.append(moves_line(legal))
    return "\n".join(lines)


def score_table(obs: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    """End-of-game table: each keep's court, garrison, value and status."""
    rows = []
    for seat, k in enumerate(obs["keeps"]):
        rows.append(
            [
                f"P{seat}",
                cards_line(k["court"]),
                cards_line(k["garrison"]),
                str(k["value"]),
                k["status"],
            ]
        )
    return ["seat", "court (face-up hearts)", "garrison (clubs)", "keep value", "status"], rows
