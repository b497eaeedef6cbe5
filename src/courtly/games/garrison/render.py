"""Garrison: the terminal view of one observation, as Rich markup."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from courtly.engine import text
from courtly.engine.actions import Action
from courtly.engine.game import STANDARD_CODES
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


def _symbols(notation: str) -> str:
    """A move's notation as the table shows cards: "trade 2S for AC" -> "trade 2♠ for A♣"."""
    return " ".join(card(w) if w in STANDARD_CODES else w for w in notation.split(" "))


def _who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"P{seat}"


CAP_IN_SIGHT = 10
"""GAR-12's cap on rounds is shown once it is this few rounds away: a table
that chose 3 sees it from the start, the default 100 (a safety stop, not a
length players aim at) only near its end."""


def round_cap(obs: Mapping[str, Any]) -> str:
    """ " (of at most N)" once GAR-12's cap is in sight, else nothing."""
    cap = obs["options"]["max_rounds"]
    return f" (of at most {cap})" if cap - obs["round"] < CAP_IN_SIGHT else ""


def render(obs: Mapping[str, Any], legal: Sequence[Action] = ()) -> str:
    me = obs["seat"]
    lines = [
        f"[bold]Garrison[/]  target [bold]{obs['target']}[/]  round {obs['round']}"
        f"{round_cap(obs)}, " + ("game over" if obs["over"] else f"P{obs['current']} to move"),
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
            lines.append(f"  P{e['by']}: {_symbols(e['what'])}{cancelled}")
    if me is not None:
        lines.append("")
        lines.append(f"[bold]Your hand[/]: {cards_line(obs['hand'])}")
    lines.append("")
    if obs["over"]:
        winners = text.winners([_who(w, me) for w in obs["winners"]], heading=True)
        lines.append(f"[bold green]Game over.[/] {winners}")
    elif obs["window"] is not None:
        w = obs["window"]
        if w["you_are_asked"]:
            lines.append(
                f"[yellow]Reaction window[/] after P{w['by']}'s {_symbols(w['after'])}: "
                "play a spy or 'pass'"
            )
        else:
            lines.append(f"A reaction window is open after P{w['by']}'s {_symbols(w['after'])}.")
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


# -- the log --------------------------------------------------------------------------
# Each event worded once, for every surface, as structured text
# (courtly.engine.text): "you" for the viewer, other seats and cards marked.

_VERB = {
    "upgrade": "upgrades",
    "trade": "trades",
    "besiege": "besieges",
    "fend": "fends off",
    "rebuild": "rebuilds",
    "discard": "discards",
    "smuggle": "smuggles",
    "seduce": "seduces",
}
_THUG = {
    "cancel": "cancels the spy or Joker just played",
    "market": "discards and refills the market",
}
_THUG_TO = {
    "cancel": "cancel the spy or Joker just played",
    "market": "discard and refill the market",
}
_SPY = {"agitate": "Agitator", "smuggle": "Smuggler", "thug": "Thug", "seduce": "Seducer"}


def _does(notation: str, who: str) -> str:
    """A move's notation as a sentence: "trade 8H for AD" -> "P2 trades 8H for AD"."""
    verb, _, rest = notation.partition(" ")
    rest = text.mark(rest)
    if verb == "end":
        return f"{who} {'end' if who == 'you' else 'ends'} the turn"
    if verb == "pass":
        return f"{who} {'let' if who == 'you' else 'lets'} it pass"
    if verb == "thug":
        thug = who if who.endswith("Thug") else f"{_whose(who)} Thug"
        return f"{thug} {_THUG.get(rest, rest)}"
    if verb == "agitate":
        return (
            f"{who} {'discard' if who == 'you' else 'discards'} the spades besieging {rest}'s keep"
        )
    third = _VERB.get(verb, verb + "s")
    said = third if who != "you" else third.replace(verb + "s", verb, 1)
    return f"{who} {said} {rest}".rstrip()


def _whose(who: str) -> str:
    return "your" if who == "you" else f"{who}'s"


def _declared(kind: str, what: str, who: str) -> str:
    if what == "void":
        return f"{_whose(who)} move is void"
    if kind == "joker":
        where = what.replace("the hand", f"{_whose(who)} hand")
        return f"the {where} strikes (a Spy may answer)"
    if kind == "spy":
        verb, _, rest = what.partition(" ")
        rest = text.mark(rest)
        what = text.mark(what)
        plays = f"{who} {'play' if who == 'you' else 'plays'} the {_SPY.get(verb, verb)}"
        if verb == "agitate":
            return f"{plays} against the siege of {rest}'s keep"
        return f"{plays} to {_THUG_TO.get(rest, rest) if verb == 'thug' else what}"
    verb, _, rest = what.partition(" ")
    rest = text.mark(rest)
    what = text.mark(what)
    if verb == "end":
        what = "end the turn"
    elif verb == "fend":
        what = f"fend off {rest}"
    return f"{who} {'are' if who == 'you' else 'is'} about to {what} (a Spy may answer)"


def describe(kind: str, data: Mapping[str, Any], seat: int | None) -> str | None:
    """One log line for ``seat`` (None: not worth a line)."""
    who = text.who(data["seat"], seat) if isinstance(data.get("seat"), int) else ""
    if kind == "turn":
        turn = text.strong(f"turn {data['turn']}")
        return f"{turn}: {who} to play"
    if kind == "keep_drawn":
        passed = data["passed"]
        before = f" (drawn before it, to the discard pile: {text.cards(passed)})" if passed else ""
        return f"{_whose(who)} starting keep is {text.card(data['card'])}{before}"
    if kind == "first_player":
        plays = "play" if who == "you" else "plays"
        return f"{who} {plays} first: the lowest keep ({text.card(data['keep'])})"
    if kind == "declared":
        return _declared(str(data["kind"]), str(data["what"]), who)
    if kind == "move":
        return _does(str(data["move"]), who)
    if kind == "spy":
        return _does(str(data["move"]), f"{_whose(who)} {data['spy']}")
    if kind == "no_response":
        return f"{who} {'let' if who == 'you' else 'lets'} it pass"
    if kind == "cancelled":
        return f"{_whose(who)} {text.mark(data['what'])} is cancelled"
    if kind == "fizzled":
        move = f" ({text.mark(data['move'])})" if "move" in data else ""
        return f"{_whose(who)} move{move} does nothing: {text.mark(data['why'])}"
    if kind == "drew":
        return f"{who} {'draw' if who == 'you' else 'draws'} {text.count(data['count'], 'card')}"
    if kind == "drew_cards":
        return f"{who} drew {text.cards(data['cards'])}"
    if kind == "end_turn":
        return None  # the declared "end" already said so
    if kind == "market":
        return f"{text.card(data['card'])} is dealt to the market"
    if kind == "reshuffle":
        return f"the discard pile ({text.count(data['cards'], 'card')}) is shuffled into the deck"
    if kind == "joker":
        where = "the market" if data["from"] == "market" else f"{_whose(who)} {data['from']}"
        return f"a Joker comes out of {where}"
    if kind == "disaster":
        hands = "; ".join(
            f"{text.seat(s)} {text.cards(h)} ({v})"
            for s, (h, v) in enumerate(zip(data["hands"], data["values"], strict=True))
        )
        trigger = text.seat(data["trigger"])
        return f"{text.strong('Disaster')}, set off by {trigger}: every hand is shown: {hands}"
    if kind == "keep_fell":
        return _fell(data, seat)
    if kind == "keeps_fell":
        return "; ".join(_fell(k, seat) for k in data["keeps"])
    if kind == "win":
        worth = text.strong(f"{_whose(who)} keep is worth {data['keep']}")
        wins = "win" if who == "you" else "wins"
        return f"{worth}, the target is {data['target']}: {who} {wins}"
    if kind == "game_over":
        values = ", ".join(f"{text.seat(s)} {v:g}" for s, v in enumerate(data["scores"]))
        return f"{text.strong('game over')} after the last round: keeps worth {values}"
    return None


def _fell(data: Mapping[str, Any], seat: int | None) -> str:
    who = text.who(data["seat"], seat)
    gone = text.cards(data["discarded"], none="")
    return f"{_whose(who)} keep falls" + (f" ({gone} discarded)" if gone else "")
