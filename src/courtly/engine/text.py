"""Words the games' terminal screens share, so every game says the same thing
the same way."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from courtly.engine.actions import Action

MOVES_SHOWN = 12
"""Legal moves listed under the table; 'moves' lists them all."""


def moves_line(legal: Sequence[Action], most: int = MOVES_SHOWN) -> str:
    """The line under a table naming the player's legal moves (Rich markup)."""
    if not legal:
        return ""
    shown = " · ".join(a.notation for a in legal[:most])
    more = f" · and {len(legal) - most} more ('moves' lists them all)" if len(legal) > most else ""
    return f"[dim]Your moves: {shown}{more}[/]"


# -- log lines for players ------------------------------------------------------------
# A game words each event once (its screen's ``describe``), with seat numbers
# ("P1"), "you" for the viewer, and card codes ("7H", "TS"). A surface makes the
# line for players: the browser (``cards.js``'s ``polish``) and the terminal
# (``polish`` below) put names for seat numbers and card symbols for codes.

SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SEAT = re.compile(r"(^|[^\w\[/])P(\d)(?!\w)")
_CODE = re.compile(r"(^|[^\w\[/'])([2-9TJQKA][CDHS]|X[12])(?![\w'])")
_YOU_VERB = re.compile(r"\b([Yy]ou) ([a-z]+)\b")
_PLURAL = re.compile(r"(\d+) card\(s\)")
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do"}


def card_symbol(code: str) -> str:
    """A standard card as players read it, in Rich markup: ``[red]7♥[/]``, ``10♠``, ``Joker``."""
    if code[0] == "X":
        return "[magenta]Joker[/]"
    text = f"{'10' if code[0] == 'T' else code[0]}{SUIT_SYMBOL[code[1]]}"
    return f"[red]{text}[/]" if code[1] in "HD" else text


def agree(verb: str) -> str:
    """The verb as it goes with "you": "takes" reads "take"."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if len(verb) < 4 or not verb.endswith("s") or verb.endswith(("ss", "us")):
        return verb
    if re.search(r"(ch|sh|ss|x|z)es$", verb):
        return verb[:-2]
    if re.search(r"[^aeiou]ies$", verb):
        return verb[:-3] + "y"
    return verb[:-1]


def polish(line: str, name: Callable[[int], str], you: int | None) -> str:
    """A game's log line made for players (Rich markup): ``name(seat)`` for
    "P<seat>" ("you" for ``you``), symbols for card codes, "you" agreeing with
    its verb, "2 cards" for "2 card(s)", and a capital first letter."""

    def seat(m: re.Match[str]) -> str:
        n = int(m.group(2))
        return m.group(1) + ("you" if n == you else name(n))

    text = _SEAT.sub(seat, line)
    text = _CODE.sub(lambda m: m.group(1) + card_symbol(m.group(2)), text)
    text = re.sub(r"\b([Yy]ou)'s\b", lambda m: "Your" if m.group(1) == "You" else "your", text)
    text = _YOU_VERB.sub(lambda m: f"{m.group(1)} {agree(m.group(2))}", text)
    text = _PLURAL.sub(lambda m: f"{m.group(1)} card{'' if m.group(1) == '1' else 's'}", text)
    return re.sub(r"^((?:\[[a-z ]+\])*)([a-z])", lambda m: m.group(1) + m.group(2).upper(), text)
