"""Intrigue: the terminal view of one observation, as Rich markup.

The circle of Characters (A at the top, B lower right, C lower left) with the
relationship on each side, then each Character's details, then your hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.markup import escape

from courtly.engine import text
from courtly.engine.actions import Action
from courtly.engine.text import moves_line
from courtly.games.intrigue import cards as C

LETTER_STYLE = ("bold red", "bold blue", "bold green")
KIND_STYLE = {"action": "magenta", "support": "cyan", "relationship": "yellow"}


def letter(x: int) -> str:
    return f"[{LETTER_STYLE[x]}]{C.LETTERS[x]}[/]"


def card(code: str) -> str:
    """A deck card by code, coloured by kind, with its printed name."""
    c = C.BY_CODE[code]
    info = C.DECK[c]
    return f"[{KIND_STYLE[info.kind]}]{code}[/]"


def _who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"P{seat}"


def _relationship(r: Mapping[str, Any] | None) -> str:
    if r is None:
        return "[dim]none[/]"
    c = C.DECK[C.BY_CODE[r["card"]]]
    lt, rt = C.LETTERS.index(r["left"]), C.LETTERS.index(r["right"])
    if c.roles[0]:
        what = f"{letter(lt)} {c.roles[0].lower()}, {letter(rt)} {c.roles[1].lower()}"
    else:
        what = f"{letter(lt)} {c.ends[0]:+d}, {letter(rt)} {c.ends[1]:+d}"
    return f"{letter(lt)} ─[yellow]{c.name}[/]→ {letter(rt)} ({what})"


def circle(obs: Mapping[str, Any]) -> list[str]:
    chars = obs["characters"]
    rels = obs["relationships"]

    def short(r: Mapping[str, Any] | None) -> str:
        if r is None:
            return "·"
        return f"{r['left']}─{C.DECK[C.BY_CODE[r['card']]].name}→{r['right']}"

    def head(x: int) -> str:
        ch = C.CHARACTER_OF[C.BY_CODE[chars[x]]]
        return f"{letter(x)} {ch.name}"

    ab, bc, ca = (escape(short(r)) for r in rels)
    return [
        f"{'':18}{head(0)}",
        f"{'':10}{ca:>14}   {ab}",
        f"{'':6}{head(2)}  ── {bc} ──  {head(1)}",
    ]


def render(obs: Mapping[str, Any], legal: Sequence[Action] = ()) -> str:
    me = obs["seat"]
    opts = obs["options"]
    lines = [
        f"[bold]Intrigue[/]  Round {obs['round']} of {opts['rounds']}   "
        f"deck {obs['deck_size']}   points: "
        + "  ".join(f"{_who(s, me)} {p}" for s, p in enumerate(obs["scores"])),
        "",
        *circle(obs),
        "",
    ]
    tokens = obs["tokens"]
    for x in range(3):
        ch = C.CHARACTER_OF[C.BY_CODE[obs["characters"][x]]]
        free = [t for t, h in tokens.items() if h is None and t[0] == C.LETTERS[x]]
        held = [
            f"{t}:{_who(h, me)}"
            for t, h in tokens.items()
            if h is not None and t[0] == C.LETTERS[x]
        ]
        stack = obs["stacks"][x]
        known = []
        for e in stack:
            mark = (
                "" if e["up"] else "[dim](down, shown)[/]" if e.get("shown") else "[dim](down)[/]"
            )
            shown = card(e["card"]) if "card" in e else "[dim]??[/]"
            known.append(f"{shown}{mark}[dim]/{_who(e['by'], me)}[/]")
        lines.append(
            f"{letter(x)} [bold]{ch.name}[/] priority {ch.priority}, {', '.join(ch.traits)};"
            f" point tokens {obs['character_points'][x]}; support tokens left: "
            f"{' '.join(free) or '-'}" + (f"; held {' '.join(held)}" if held else "")
        )
        lines.append(f"    stack ({len(stack)}): {' '.join(known) or '[dim]empty[/]'}")
    lines.append("")
    for p in range(3):
        a, b = C.PAIRS[p]
        lines.append(f"  {letter(a)}-{letter(b)}: {_relationship(obs['relationships'][p])}")
    if obs["unused"] or obs["gone"]:
        lines.append(
            f"  unused Characters: {_names(obs['unused'])}   assassinated: {_names(obs['gone'])}"
        )
    if obs["discard"]:
        lines.append(f"  discard: {' '.join(card(c) for c in obs['discard'])}")
    favors = []
    for e in obs["favors_played"]:
        favors.append(f"{_who(e['by'], me)}:{e['card'][-1] if 'card' in e else '?'}")
    lines.append(
        f"  Favors played (in order): {' '.join(favors) or '-'};   hands: "
        + " ".join(f"{_who(s, me)} {n}" for s, n in enumerate(obs["hand_sizes"]))
    )
    if obs["round_log"]:
        last = obs["round_log"][-1]
        round_line = (
            f"[dim]Round {last['round']}: totals "
            + " ".join(f"{k} {v}" for k, v in last["totals"].items())
            + f"; winner {last['winner']}"
        )
        if last.get("blackmail"):
            round_line += " (by Blackmail)"
        if "debt" in last:
            round_line += f"; Debt moved a card {last['debt']['from']}→{last['debt']['to']}"
        lines.append(round_line + "[/]")
    if me is not None:
        lines.append("")
        lines.append(
            "[bold]Your hand[/]: "
            + (" ".join(f"{card(c)} ({escape(_text(c))})" for c in obs["hand"]) or "-")
        )
        lines.append(f"[bold]Your Favors[/]: {' '.join(f[-1] for f in obs['favors']) or '-'}")
    lines.append("")
    if obs["over"]:
        final = obs["final"]
        winners = text.winners([_who(w, me) for w in obs["winners"]], heading=True)
        lines.append(
            f"[bold green]Game over.[/] {C.CHARACTER_OF[C.BY_CODE[final['character']]].name} "
            f"({final['monarch']}) ascends the throne. {winners}"
        )
    else:
        waiting = ", ".join(_who(s, me) for s in obs["to_act"])
        what = obs["decision"]
        if obs["effect"]:
            what += f" for {obs['effect']}"
        lines.append(f"Awaiting: {waiting} ({what})")
        if legal:
            lines.append(moves_line(legal))
    return "\n".join(lines)


def _text(code: str) -> str:
    c = C.DECK[C.BY_CODE[code]]
    if c.kind == "relationship":
        return f"{c.name}, relationship {c.text if not c.roles[0] else '/'.join(c.roles)}"
    value = f"{c.trait} +2/0" if c.trait else f"{c.value:+d}"
    return f"{c.name}, {c.kind} {value}"


def score_table(obs: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    """Per seat: each round's points, the Favors, and the total."""
    rounds = obs["round_log"]
    headers = ["seat", "start", *(f"round {r['round']}" for r in rounds), "Favors", "total"]
    final = obs.get("final") or {"favors": [0] * obs["players"]}
    rows = []
    for seat in range(obs["players"]):
        cells = [f"P{seat}", "3"]
        cells += [f"{r['points'][seat]:+d}" for r in rounds]
        cells.append(f"{final['favors'][seat]:+d}")
        cells.append(str(obs["scores"][seat]))
        rows.append(cells)
    return headers, rows


# -- the log --------------------------------------------------------------------------
# Each event worded once, for every surface, as structured text
# (courtly.engine.text): "you" for the viewer, other seats marked, cards and
# Characters by their printed names.


def _name(code: str) -> str:
    """A card's or a Character's printed name ("PUB4" -> "Public Support")."""
    c = C.BY_CODE.get(code)
    return code if c is None else C.name(c)


def _names(codes: Sequence[str]) -> str:
    return ", ".join(_name(c) for c in codes) or "nothing"


def _rel(data: Mapping[str, Any]) -> str:
    return f"{data['left']} → {data['right']}"


def describe(kind: str, data: Mapping[str, Any], seat: int | None) -> str | None:
    """One log line for ``seat`` (None: not worth a line)."""
    who = text.who(data["seat"], seat) if isinstance(data.get("seat"), int) else ""

    def does(verb: str) -> str:
        return f"{who} {verb if who == 'you' else verb + 's'}"

    if kind == "setup":
        return f"the Characters are {_names(data['characters'])}"
    if kind == "round":
        first = text.who(data["first"], seat)
        return f"{text.strong('round ' + str(data['round']))}: {first} to play first"
    if kind == "dealt":
        return f"you are dealt {_names(data['cards'])}"
    if kind == "take":
        return f"{does('take')} the support token {data['token']}"
    if kind == "favor":
        return f"{does('play')} a Favor face down"
    if kind == "favor_private":
        return f"(your Favor is for {data['favor']})"
    if kind == "down":
        return f"{does('play')} a card face down on {data['character']}"
    if kind == "down_private":
        return f"(your face-down card on {data['character']} is {_name(data['card'])})"
    if kind == "up":
        return f"{does('play')} {_name(data['card'])} face up on {data['character']}"
    if kind == "play":
        return f"{does('play')} {_name(data['card'])}" + (
            ", for no effect" if data.get("no_effect") else ""
        )
    if kind == "draw":
        return f"{does('draw')} {text.count(data['count'], 'card')}"
    if kind == "drawn":
        return f"you drew {_names(data['cards'])}"
    if kind == "discard":
        return f"{does('discard')} {_name(data['card'])}"
    if kind == "relationship":
        return f"{does('place')} {_name(data['card'])}: {_rel(data)}"
    if kind == "replaced":
        return f"{_name(data['card'])} is taken off the {data['pair']} side"
    if kind == "reverse":
        return f"{_name(data['card'])} is reversed: now {_rel(data)}"
    if kind == "move":
        return f"{_name(data['card'])} moves from the {data['from']} side: now {_rel(data)}"
    if kind == "swap":
        return f"{does('swap')} the token {data['gave']} for {text.whose(data['with'], seat)} {data['took']}"
    if kind == "assassination":
        return (
            f"{_name(data['removed'])} ({data['character']}) is assassinated; "
            f"{_name(data['new'])} takes the letter"
        )
    if kind == "virtue":
        dropped = f"; {_name(data['discarded'])} is discarded" if data.get("discarded") else ""
        return f"Virtue on {data['character']} reveals {_names(data['revealed'])}{dropped}"
    if kind == "spy":
        return f"the Spy reveals {_name(data['card'])} on {data['character']}"
    if kind == "debt":
        return f"Debt moves {_name(data['card'])} from {data['from']} to {data['to']}"
    if kind == "reveal":
        stacks = "; ".join(f"{x} {_names(cs)}" for x, cs in data["stacks"].items())
        return f"the stacks are revealed: {stacks}"
    if kind == "round_won":
        totals = ", ".join(f"{x} {v}" for x, v in data["totals"].items())
        return (
            f"{text.strong('round ' + str(data['round']))}: support {totals}; "
            f"{_name(data['character'])} ({data['winner']}) wins the round"
        )
    if kind == "game_over":
        points = ", ".join(f"{text.who(s, seat)} {v}" for s, v in enumerate(data["scores"]))
        return (
            f"{text.strong('game over')}: {_name(data['character'])} ({data['monarch']}) takes the "
            f"throne; points {points}"
        )
    return None
