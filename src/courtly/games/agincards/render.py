"""Agincards: the terminal view of one observation, as Rich markup.

The map is drawn as a grid with column letters and row numbers. A card shows
its value and suit in its colour; a token is the owner's background colour and
seat digit; the card just placed is underlined; dead cells are ``×``; open cells are ``·``; the cells where the
viewer may play now (from its legal actions) are highlighted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from courtly.engine.actions import Action
from courtly.games.agincards.map import (
    CELL_NAMES,
    COLUMNS,
    INDEX_OF_CELL,
    SIDE,
    Map,
    cell_of,
)

SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_STYLE = {"C": "bold white", "D": "bold red", "H": "bold red", "S": "bold white"}
TOKEN_STYLE = [
    "on blue",
    "on dark_green",
    "on magenta",
    "on dark_orange3",
    "on dark_cyan",
    "on purple4",
    "on grey35",
    "on dark_red",
]


def card(code: str) -> str:
    """A card code drawn with its suit symbol and colour: ``[bold red]7♥[/]``."""
    r = "10" if code[0] == "T" else code[0]
    return f"[{SUIT_STYLE[code[1]]}]{r}{SUIT_SYMBOL[code[1]]}[/]"


def cards_line(codes: Sequence[str]) -> str:
    return " ".join(card(c) for c in codes) if codes else "[dim]-[/]"


def who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"P{seat}"


def _map_of(obs: Mapping[str, Any]) -> Map:
    from courtly.games.agincards.view import _public_map

    return _public_map(tuple((n, c) for n, c in obs["map"]))[0]


def _cell(name: str) -> int:
    cell = cell_of(name)
    assert cell is not None, name
    return cell


def grid(obs: Mapping[str, Any], legal: Sequence[Action] = ()) -> list[str]:
    m = _map_of(obs)
    at: dict[int, str] = {_cell(n): code for n, code in obs["map"]}
    tokens = {_cell(n): o for n, o in obs["tokens"]}
    targets = {a.cell for a in legal if getattr(a, "kind", "") == "place"}  # type: ignore[attr-defined]
    rows = [c // SIDE for c in at]
    cols = [c % SIDE for c in at]
    r0, r1 = max(min(rows) - 1, 0), min(max(rows) + 1, SIDE - 1)
    c0, c1 = max(min(cols) - 1, 0), min(max(cols) + 1, SIDE - 1)
    seed = _cell(obs["map"][0][0])
    cell_names = CELL_NAMES
    lines = ["    " + "".join(f"  {COLUMNS[c]} " for c in range(c0, c1 + 1))]
    for r in range(r0, r1 + 1):
        parts = [f"{r + 1:>3} "]
        for c in range(c0, c1 + 1):
            cell = r * SIDE + c
            i = INDEX_OF_CELL[cell]
            code = at.get(cell)
            if code is not None:
                v = "10" if code[0] == "T" else code[0]
                owner = tokens.get(cell)
                mark = str(owner) if owner is not None else ("*" if cell == seed else " ")
                style = SUIT_STYLE[code[1]]
                if owner is not None:
                    style += " " + TOKEN_STYLE[owner % len(TOKEN_STYLE)]
                if obs["just_placed"] == cell_names[cell]:
                    style += " underline"
                parts.append(f"[{style}]{v:>2}{SUIT_SYMBOL[code[1]]}{mark}[/]")
            elif cell in targets:
                parts.append("[bold black on green] ++ [/]")
            elif m.mask[i]:
                parts.append("[dim]  · [/]")
            elif m.dead(i):
                parts.append("[red dim]  × [/]")
            else:
                parts.append("    ")
        lines.append("".join(parts))
    return lines


def render(obs: Mapping[str, Any], legal: Sequence[Action] = ()) -> str:
    me = obs["seat"]
    players = obs["players"]
    title = "[bold]Agincards[/]" + (" (solitaire)" if players == 1 else f", {players} players")
    lines = [f"{title}   draw pile: {obs['deck_size']}", ""]
    lines += grid(obs, legal)
    lines.append("")
    placing = [a for a in legal if getattr(a, "kind", "") == "place"]
    shown = {a.card for a in placing}  # type: ignore[attr-defined]
    if len(shown) == 1:
        from courtly import cards as _cards

        lines.append(f"[green]++[/] legal cells for {card(_cards.code(shown.pop()))}")
    elif placing:
        lines.append("[green]++[/] cells where one of your cards may go now")
    lines.append("[dim]·[/] open   [red dim]×[/] dead space   [bold]*[/] the seed card")
    lines.append("")
    lines.append("[bold]Players[/]  seat  score (tokens+runs)  tokens  hand")
    for seat in range(players):
        marker = "[yellow]>[/]" if seat in obs["to_act"] else " "
        p = obs["points"][seat]
        style = TOKEN_STYLE[seat % len(TOKEN_STYLE)]
        dots = "●" * obs["tokens_in_hand"][seat]
        lines.append(
            f" {marker} {who(seat, me):>4}  [{style}] {seat} [/]  {obs['scores'][seat]:>5} "
            f"({p['tokens']}+{p['runs']})  {dots:<6}  {obs['hand_sizes'][seat]:>4}"
        )
    if me is not None:
        lines.append("")
        lines.append(f"[bold]Your hand[/]: {cards_line(obs['hand'])}")
    lines.append("")
    if obs["over"]:
        if players == 1:
            lines.append(f"[bold green]Game over.[/] Your score: {obs['scores'][0]}")
        else:
            names = ", ".join(who(w, me) for w in obs["winners"])
            lines.append(f"[bold green]Game over.[/] Winner(s): {names}")
    elif obs["decision"] == "token":
        lines.append(
            f"Awaiting: {who(obs['turn'], me)} (token on {obs['just_placed']}? 'token' / 'no token')"
        )
    else:
        lines.append(f"Awaiting: {who(obs['turn'], me)} (play a card, or pass)")
    return "\n".join(lines)


def breakdown(obs: Mapping[str, Any]) -> list[list[str]]:
    rows = []
    for seat in range(obs["players"]):
        p = obs["points"][seat]
        rows.append(
            [
                f"P{seat}",
                str(p["tokens"]),
                str(p["runs"]),
                str(obs["tokens_in_hand"][seat]),
                str(obs["scores"][seat]),
            ]
        )
    return rows


def score_table(obs: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    headers = ["seat", "token points", "run points", "tokens left", "total"]
    return headers, breakdown(obs)


def describe(kind: str, data: Mapping[str, Any], seat: int | None) -> str | None:
    """A game-log line for one event, from ``seat``'s point of view."""

    def who(s: int) -> str:
        return "you" if s == seat else f"P{s}"

    if kind == "placed":
        return f"{who(data['seat'])} placed {data['card']} on {data['cell']}"
    if kind == "scored":
        return f"{who(data['seat'])} scored {data['points']} for the token on {data['token']}"
    if kind == "token":
        return f"{who(data['seat'])} put a token on {data['cell']}: {data['points']} points"
    if kind == "reclaimed":
        how = "" if data["spotted"] else " (its runs can grow no more)"
        return f"{who(data['seat'])} took back the token on {data['cell']}{how}"
    if kind == "drew":
        return None  # the private line below, or nothing worth a line
    if kind == "drew_card":
        return f"you drew {data['card']}"
    if kind == "passed":
        return f"{who(data['seat'])} passed"
    if kind == "game_over":
        winners = ", ".join(who(w) for w in data["winners"])
        return f"Game over ({data['why']}): winner(s) {winners}"
    return None
