"""Agents of the Crown: the terminal view of one observation, as Rich markup."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from courtly import cards
from courtly.engine import text
from courtly.engine.actions import Action
from courtly.engine.text import moves_line

SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_STYLE = {"C": "bold white", "D": "bold red", "H": "bold red", "S": "bold white"}


def card(code: str) -> str:
    """A card code drawn with its suit symbol and colour: ``[red]7♥[/]``."""
    if code in ("X1", "X2"):
        return "[magenta]Joker[/]"
    r, s = code[0], code[1]
    r = "10" if r == "T" else r
    return f"[{SUIT_STYLE[s]}]{r}{SUIT_SYMBOL[s]}[/]"


def cards_line(codes: list[str], sort: bool = False) -> str:
    if sort:
        codes = sorted(codes, key=lambda c: (cards.SUITS.index(c[1]), cards.RANKS.index(c[0])))
    return " ".join(card(c) for c in codes) if codes else "[dim]-[/]"


def pad(markup: str, width: int) -> str:
    """``markup`` padded with spaces to ``width`` visible cells."""
    return markup + " " * max(0, width - Text.from_markup(markup).cell_len)


def house(suit: str) -> str:
    return f"[{SUIT_STYLE[suit]}]{SUIT_SYMBOL[suit]} {cards.SUIT_NAMES[suit]}[/]"


def render(obs: Mapping[str, Any], legal: Sequence[Action] = ()) -> str:
    me = obs["seat"]
    lines = []
    head = f"[bold]Agents of the Crown[/]  Year {obs['year']} of {obs['options']['years']}"
    if obs["season"] and obs["decision"] == "commit":
        head += f", {obs['season']}"
    elif obs["decision"] == "pass":
        head += ", passing"
    lines.append(head)
    lines.append("")
    lines.append("[bold]Houses[/]   seat  house         curses  score  hand  prizes")
    for seat, suit in enumerate(obs["houses"]):
        who = "you" if seat == me else f"P{seat}"
        marker = "[yellow]>[/]" if seat in obs["to_act"] else " "
        lines.append(
            f" {marker} {who:>4}  {seat}    {pad(house(suit), 12)}  {obs['curses'][suit]:>5}  "
            f"{obs['scores'][seat]:>5}  {obs['hand_sizes'][seat]:>4}  {cards_line(obs['prizes'][seat])}"
        )
    lines.append("")
    if obs["challenges"]:
        lines.append("[bold]Challenges[/]")
        for suit, pile in obs["challenges"].items():
            lines.append(
                f"  {pad(house(suit), 12)} value [bold]{obs['challenge_values'][suit]:>2}[/]  "
                f"{cards_line(pile)}"
            )
    if obs["strays"]:
        lines.append(f"  strays for next season: {cards_line(obs['strays'])}")
    stacks = ", ".join(str(n) for n in obs["season_stacks"] if n)
    lines.append(f"  season stacks left: {stacks or 'none'}")  # as the page says it
    if obs["decision"] == "commit":
        lines.append("")
        lines.append("[bold]This season's plays[/]")
        for seat, commit in enumerate(obs["commits"]):
            who = "you" if seat == me else f"P{seat}"
            if commit is None:
                lines.append(f"  {who:>4}: [dim]not yet played[/]")
            else:
                face = "face up" if commit["up"] else "face down"
                shown = card(commit["card"]) if "card" in commit else "[dim]??[/]"
                lines.append(f"  {who:>4}: {shown} {face} {_at(commit['at'])}")
    if obs.get("last_season"):
        ls = obs["last_season"]
        parts = []
        for suit, r in ls["challenges"].items():
            verdict = "[green]defeated[/]" if r["defeated"] else "[red]cursed[/]"
            parts.append(f"{SUIT_SYMBOL[suit]} {r['value']} vs {r['defence']}: {verdict}")
        if parts:
            lines.append(f"[dim]Last season ({ls['season']}):[/] " + "; ".join(parts))
    if me is not None:
        lines.append("")
        lines.append(f"[bold]Your House[/]: {house(obs['houses'][me])}")
        lines.append(f"[bold]Your hand[/]: {cards_line(obs['hand'], sort=True)}")
        if obs["passed"]:
            lines.append(
                f"  you passed {cards_line(obs['passed'])}, received {cards_line(obs['received'])}"
            )
        if obs.get("my_pass"):
            _, noble, common = obs["my_pass"].split()
            lines.append(
                f"  you chose to pass {card(noble)} and {card(common)} to the left "
                "(waiting for the others)"
            )
    lines.append("")
    if obs["over"]:
        winners = text.winners(
            ["you" if w == me else f"P{w}" for w in obs["winners"]], heading=True
        )
        lines.append(f"[bold green]Game over.[/] {winners}")
    else:
        waiting = ", ".join("you" if s == me else f"P{s}" for s in obs["to_act"])
        lines.append(f"Awaiting: {waiting} ({obs['decision']})")
    if legal:
        lines.append(moves_line(legal))
    return "\n".join(lines)


def score_table(obs: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The end-of-game table: each Year's total with its parts, and the total."""
    years = len(obs["year_scores"])
    headers = ["House", *(f"Year {y + 1} (prizes+nobles-curses)" for y in range(years)), "Total"]
    return headers, breakdown(obs)


def breakdown(obs: Mapping[str, Any]) -> list[list[str]]:
    """End-of-game table rows: seat, then each Year's total, then the final score."""
    rows = []
    for seat in range(obs["players"]):
        years = [y[seat] for y in obs["year_scores"]]
        cells = [f"P{seat} {house(obs['houses'][seat])}"]
        cells += [f"{y['total']:>4} ({y['prizes']}+{y['nobles']}{y['curses']:+d})" for y in years]
        cells.append(str(obs["scores"][seat]))
        rows.append(cells)
    return rows


def _house_name(suit: str) -> str:
    """A House in a log line: "♥ Hearts"."""
    return f"{SUIT_SYMBOL[suit]} {cards.SUIT_NAMES[suit]}"


def _at(place: str) -> str:
    """Where a card is committed: "at the ♣ challenge", "at the open table"."""
    return "at the open table" if place == "table" else f"at the {SUIT_SYMBOL[place]} challenge"


def describe(kind: str, data: Mapping[str, Any], seat: int | None) -> str | None:
    """A game-log line for one event, from ``seat``'s point of view."""

    def who(s: int) -> str:
        return text.who(s, seat)

    if kind == "houses":
        return "Houses: " + ", ".join(
            f"{text.seat(i)} {_house_name(h)}" for i, h in enumerate(data["houses"])
        )
    if kind == "year":
        begins = text.strong(f"Year {data['year']} begins")
        return f"{begins}: new hands are dealt; choose two cards to pass left"
    if kind == "pass_chosen":
        return f"{who(data['seat'])} chose the cards to pass"
    if kind == "passed":
        if data["from"] == seat:
            return f"you passed {text.cards(data['cards'])} to {who(data['to'])}"
        return f"you received {text.cards(data['cards'])} from {who(data['from'])}"
    if kind == "season":
        ch = ", ".join(f"{SUIT_SYMBOL[s]} {v}" for s, v in data["challenges"].items())
        strays = f" (with strays {text.cards(data['strays'])})" if data["strays"] else ""
        season = text.strong(str(data["season"]))
        return f"{season}: revealed {text.cards(data['revealed'])}{strays}; challenges {ch}"
    if kind == "commit":
        if data["up"]:
            return f"{who(data['seat'])} played {text.card(data['card'])} face up {_at(data['at'])}"
        return f"{who(data['seat'])} played a card face down {_at(data['at'])}"
    if kind == "commit_private":
        return f"(your face-down card is {text.card(data['card'])})"
    if kind == "reveal":
        return f"Revealed: {text.cards(data['cards'])}"
    if kind == "defeated":
        taken = ", ".join(
            f"{who(p['seat'])} {'take' if p['seat'] == seat else 'takes'} {text.card(p['card'])}"
            for p in data["prizes"]
        )
        return f"{SUIT_SYMBOL[data['suit']]} challenge defeated: {taken or 'no prizes'}"
    if kind == "cursed":
        a, b = data["houses"]
        return (
            f"{SUIT_SYMBOL[data['suit']]} challenge ({data['value']}) not defeated "
            f"({data['defence']}): a Curse on {_house_name(a)} and on {_house_name(b)}"
        )
    if kind == "strays":
        many = len(data["cards"]) > 1
        if data["discarded"]:
            fate = "are discarded" if many else "is discarded"
        else:
            fate = "become threats next season" if many else "becomes a threat next season"
        return f"Stray {text.cards(data['cards'])} {fate}"
    if kind == "year_scored":
        scored = text.strong(f"Year {data['year']} scored")
        return f"{scored}: totals " + ", ".join(
            f"{who(i)} {s}" for i, s in enumerate(data["scores"])
        )
    if kind == "game_over":
        return f"{text.strong('Game over')}: " + text.winners([who(w) for w in data["winners"]])
    return None
