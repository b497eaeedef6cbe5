"""Agincards: the terminal view of one observation, as Rich markup.

The map is drawn as a grid, its columns and rows numbered from the seed card
(marked ``*``). A card shows its value and suit in its colour; a token is the
owner's background colour and seat digit; the card just placed is underlined;
dead cells are ``×``; open cells are ``·``; the cells where the viewer may play
now (from its legal actions) are highlighted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from courtly.engine import text
from courtly.engine.actions import Action
from courtly.engine.text import moves_line
from courtly.games.agincards.map import Map, index

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
    from courtly.games.agincards.view import public_map

    return public_map(obs)


def grid(obs: Mapping[str, Any], legal: Sequence[Action] = ()) -> list[str]:
    """The map, one text row per row of cells, from one cell beyond its cards
    on every side. Column and row headers count cells from the seed card."""
    from courtly.games.agincards.view import target

    m = _map_of(obs)
    at: dict[int, str] = {index(x, y): code for x, y, code in obs["map"]}
    tokens = {index(x, y): o for x, y, o in obs["tokens"]}
    targets = {target(m, a) for a in legal if getattr(a, "kind", "") == "place"}  # type: ignore[arg-type]
    x0, y0, x1, y1 = m.bounds()
    x0, y0, x1, y1 = x0 - 1, y0 - 1, x1 + 1, y1 + 1
    just = obs["just_placed"]
    just_at = index(*just) if just is not None else None
    # Five characters a cell, so a 10 and a token's mark never touch the next card.
    lines = ["    " + "".join(f"{x:>3}  " for x in range(x0, x1 + 1))]
    for y in range(y0, y1 + 1):
        parts = [f"{y:>3} "]
        for x in range(x0, x1 + 1):
            i = index(x, y)
            code = at.get(i)
            if code is not None:
                v = "10" if code[0] == "T" else code[0]
                owner = tokens.get(i)
                mark = str(owner) if owner is not None else ("*" if x == y == 0 else " ")
                style = SUIT_STYLE[code[1]]
                if owner is not None:
                    style += " " + TOKEN_STYLE[owner % len(TOKEN_STYLE)]
                if i == just_at:
                    style += " underline"
                parts.append(f" [{style}]{v:>2}{SUIT_SYMBOL[code[1]]}{mark}[/]")
            elif i in targets:
                parts.append("[bold black on green] ++ [/] ")
            elif i in m.mask:
                parts.append("[dim]  ·  [/]")
            elif m.dead(i):
                parts.append("[red dim]  ×  [/]")
            else:
                parts.append("     ")
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
    if obs["tokens"]:  # the digit after a card: whose token is on it
        yours = f" (yours: {me})" if me is not None else ""
        lines.append(f"a digit after a card: that seat's token{yours}")
    lines.append("")
    lines.append("[bold]Players[/]  seat  score (tokens+runs)  tokens  hand")
    # Columns wide enough for two-digit scores, tokens and runs.
    for seat in range(players):
        marker = "[yellow]>[/]" if seat in obs["to_act"] else " "
        p = obs["points"][seat]
        style = TOKEN_STYLE[seat % len(TOKEN_STYLE)]
        dots = "●" * obs["tokens_in_hand"][seat]
        lines.append(
            f" {marker} {who(seat, me):>4}  [{style}] {seat} [/]   {obs['scores'][seat]:>5} "
            f"{'(' + str(p['tokens']) + '+' + str(p['runs']) + ')':<13}  {dots:<6}  "
            f"{obs['hand_sizes'][seat]:>4}"
        )
    if me is not None:
        lines.append("")
        lines.append(f"[bold]Your hand[/]: {cards_line(obs['hand'])}")
    lines.append("")
    if obs["over"]:
        if players == 1:
            lines.append(f"[bold green]Game over.[/] Your score: {obs['scores'][0]}")
        else:
            names = text.winners([who(w, me) for w in obs["winners"]], heading=True)
            lines.append(f"[bold green]Game over.[/] {names}")
    elif obs["decision"] == "token":
        lines.append(
            f"Awaiting: {who(obs['turn'], me)} (a token on the {obs['map'][-1][2]} just "
            "played? 'token' / 'no token')"
        )
    else:
        lines.append(f"Awaiting: {who(obs['turn'], me)} (play a card, or pass)")
    if legal:
        lines.append(moves_line(legal))
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
        return text.who(s, seat)

    if kind == "dealt":
        return f"you are dealt {text.cards(data['cards'])}"
    if kind == "seed":
        return f"the seed card of the map is {text.card(data['card'])}"
    if kind == "placed":
        return f"{who(data['seat'])} placed {text.card(data['card'])} {data['side']} {text.card(data['of'])}"
    if kind == "scored":
        return f"{who(data['seat'])} scored {data['points']} for the token on {text.card(data['token'])}"
    if kind == "token":
        return (
            f"{who(data['seat'])} put a token on {text.card(data['card'])}: {data['points']} points"
        )
    if kind == "reclaimed":
        how = "" if data["spotted"] else " (its runs can grow no more)"
        return f"{who(data['seat'])} took back the token on {text.card(data['card'])}{how}"
    if kind == "drew":
        return None  # the private line below, or nothing worth a line
    if kind == "drew_card":
        return f"you drew {text.card(data['card'])}"
    if kind == "passed":
        return f"{who(data['seat'])} passed"
    if kind == "game_over":
        return f"Game over ({data['why']}): " + text.winners([who(w) for w in data["winners"]])
    return None
