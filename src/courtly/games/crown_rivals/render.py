"""Crown Rivals: the terminal view of one observation, as Rich markup."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from courtly.engine import text
from courtly.engine.actions import Action
from courtly.engine.text import moves_line

SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_STYLE = {"C": "bold white", "D": "bold red", "H": "bold red", "S": "bold white"}
ABILITY = {"C": "damage", "D": "boost", "H": "heal", "S": "supporters"}
BONUS = {"C": "opponent discards", "H": "draw a card", "S": "remove a spade", "D": "trash a card"}
DECISION = {
    "turn": "playing a turn",
    "jack_trash": "a Jack's trash: 'trash CARD' or 'pass'",
    "discard": "discarding for a Clubs bonus: 'discard CARD'",
}


def card(code: str | None) -> str:
    """A card code drawn with its suit symbol and colour: ``[bold red]7♥[/]``."""
    if code is None:
        return "[dim]--[/]"
    r, s = code[0], code[1]
    r = "10" if r == "T" else r
    return f"[{SUIT_STYLE[s]}]{r}{SUIT_SYMBOL[s]}[/]"


def cards_line(codes: Sequence[str]) -> str:
    return " ".join(card(c) for c in codes) if codes else "[dim]-[/]"


def _who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"P{seat}"


def _supporters(row: list[list[Any]]) -> str:
    if not row:
        return "[dim]none[/]"
    parts = []
    for spade, boost, value in row:
        parts.append(card(spade) + (f"+{card(boost)}" if boost else "") + f"={value}")
    return "  ".join(parts)


def render(obs: Mapping[str, Any], legal: Sequence[Action] = ()) -> str:
    me = obs["seat"]
    lines = [f"[bold]Crown Rivals[/]  turn {obs['turn']}"]
    limit = obs["options"].get("turn_limit")
    if limit:
        lines[0] += f" of at most {limit}"
    lines.append("")
    for seat in range(obs["players"]):
        marker = "[yellow]>[/]" if seat == obs["active"] and not obs["over"] else " "
        lines.append(
            f" {marker} {_who(seat, me):>4}  Influence [bold]{obs['influence'][seat]:>3}[/]  "
            f"hand {obs['hand_sizes'][seat]}  deck {obs['deck_sizes'][seat]}  "
            f"discard {len(obs['discards'][seat])}"
        )
        lines.append(f"         spades in play: {_supporters(obs['supporters'][seat])}")
        if seat != me and obs["known_hands"][seat]:
            lines.append(f"         known to be in hand: {cards_line(obs['known_hands'][seat])}")
    lines.append("")
    market = "  ".join(
        f"{card(c)}[dim]({cost})[/]" if c else card(None)
        for c, cost in zip(obs["market"], obs["market_costs"], strict=True)
    )
    lines.append(f"[bold]Market[/]  {market}   [dim]market deck {obs['market_deck']}[/]")
    if obs["trashed"]:
        lines.append(f"[dim]Trashed:[/] {cards_line(obs['trashed'])}")
    lines.append("")
    active = obs["active"]
    lines.append(f"[bold]This turn[/] ({_who(active, me)}):")
    plays = []
    for c, boost, value in obs["plays"]:
        plays.append(card(c) + (f"+{card(boost)}" if boost else "") + f"={value}")
    lines.append(f"  played: {'  '.join(plays) if plays else '[dim]-[/]'}")
    lines.append(f"  cashed: {cards_line(obs['cashed'])}")
    lines.append(f"  pooled damage [bold]{obs['pool']}[/]   currency [bold]{obs['currency']}[/]")
    pending = [f"{n} x {s} ({BONUS[s]})" for s, n in obs["bonuses"].items() if n > 0]
    lines.append(f"  bonuses to claim: {', '.join(pending) if pending else '[dim]none[/]'}")
    if me is not None:
        lines.append("")
        lines.append(f"[bold]Your hand[/]: {cards_line(obs['hand'])}")
        lines.append(f"[dim]Your draw pile holds:[/] {cards_line(obs['deck'])}")
        lines.append(f"[dim]Your discard pile:[/] {cards_line(obs['discards'][me])}")
    lines.append("")
    if obs["over"]:
        winners = text.winners([_who(w, me) for w in obs["winners"]], heading=True)
        reason = " (turn limit reached)" if obs["end_reason"] == "turn limit" else ""
        lines.append(f"[bold green]Game over{reason}.[/] {winners}")
    else:
        waiting = ", ".join(_who(s, me) for s in obs["to_act"])
        lines.append(f"Awaiting: {waiting} ({DECISION.get(obs['decision'], obs['decision'])})")
        if legal:
            lines.append(moves_line(legal))
    return "\n".join(lines)


def score_table(obs: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    """End-of-game table: Influence, spades in play, and the cards each owns:
    hand, draw pile, discard pile, the cards in play (the seat at turn's: the
    cards it played, with their boosts) and its spades in play with the
    diamonds under them."""
    rows = []
    for seat in range(obs["players"]):
        owned = obs["hand_sizes"][seat] + obs["deck_sizes"][seat] + len(obs["discards"][seat])
        if seat == obs["active"]:
            owned += len(obs["in_play"])
        owned += sum(1 if boost is None else 2 for _, boost, _ in obs["supporters"][seat])
        rows.append(
            [
                f"P{seat}",
                str(obs["influence"][seat]),
                str(len(obs["supporters"][seat])),
                str(owned),
                "winner" if seat in obs["winners"] else "",
            ]
        )
    return ["seat", "Influence", "spades in play", "cards owned", "result"], rows


_LINES = {
    "turn": "turn {turn}: {who} to play",
    "first_player": "{who} {goes} first (lowest spade {spade})",
    "play": "{who} {plays} {card}{boost_text} for {value}",
    "heal": "{who} {gains} {amount} Influence",
    "damage": "{who} {loses} {amount} Influence",
    "clear": "{who} {clears} {spade} ({value} damage)",
    "cash": "{who} {cashes} {card} (currency {currency})",
    "buy": "{who} {buys} {card} for {cost}",
    "trash_market": "{who} {trashes} {card} from the market",
    "no_trash": "{who} {keeps} the market as it is",
    "discard": "{who} {discards} {card}",
    "crowded_house": "Crowded House! new market: {market}",
    "reshuffle": "{who} {reshuffles} the discard pile ({cards})",
    "draw": "{who} {draws} {count}",
    "drew": "{who} drew {cards}",
    "end_turn": "{who} {ends} the turn",
    "game_over": "game over ({reason})",
}
_VERBS = {
    "goes": "go",
    "plays": "play",
    "gains": "gain",
    "loses": "lose",
    "clears": "clear",
    "cashes": "cash",
    "buys": "buy",
    "trashes": "trash",
    "keeps": "keep",
    "discards": "discard",
    "reshuffles": "reshuffle",
    "draws": "draw",
    "ends": "end",
}


def describe(kind: str, data: Mapping[str, Any], seat: int | None) -> str | None:
    """A plain log line for one event (None: not worth a line)."""
    if kind == "bonus":
        who = text.who(data["seat"], seat)
        target = f" {text.card(data['card'])}" if "card" in data else ""
        suit = SUIT_SYMBOL.get(data["suit"], data["suit"])
        return f"{who} claim{'' if who == 'you' else 's'} the {suit} bonus{target}"
    if kind in ("refill", "market"):
        return None
    line = _LINES.get(kind)
    if line is None:
        return kind.replace("_", " ")
    who = text.who(data["seat"], seat) if "seat" in data else ""
    fields: dict[str, Any] = dict(data)
    fields["who"] = who
    for third, first in _VERBS.items():
        fields[third] = first if who == "you" else third
    fields["boost_text"] = f" boosted by {text.card(data['boost'])}" if data.get("boost") else ""
    for one in ("card", "spade"):
        if isinstance(fields.get(one), str):
            fields[one] = text.card(fields[one])
    if isinstance(fields.get("cards"), list):
        fields["cards"] = text.cards(fields["cards"])
    elif isinstance(fields.get("cards"), int):  # how many (a reshuffle's)
        fields["cards"] = text.count(fields["cards"], "card")
    if isinstance(fields.get("market"), list):
        fields["market"] = text.cards(fields["market"])
    if isinstance(fields.get("count"), int):
        fields["count"] = text.count(fields["count"], "card")
    try:
        return line.format(**fields)
    except (KeyError, IndexError):
        return kind.replace("_", " ")
