"""Words the games share, so every game says the same thing the same way: the
line of legal moves, and the structured text of log lines with its renderers."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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


# -- log lines: structured text ------------------------------------------------------
# A game words each event once, in Python (its screen's ``describe``), as a
# line of *structured text*: plain words with three marks, so that no surface
# guesses what a word is.
#
#     {P1}       seat 1: a surface shows its player's name ("you" to seat 1)
#     {7H} {TS}  a standard card by its code (X1, X2 are the Jokers; a
#                second pack's cards end in a prime, 7H'): a surface shows
#                "7♥", "10♠", "Joker" (and "7♥'")
#     *round 2*  emphasis (a heading at the start of a line), in pairs
#
# Nothing else is marked: no terminal markup, no HTML; "{", "}" and "*" are
# only ever marks. The viewer is "you" in the line itself (the game knows who
# reads it and makes the verb agree: "you draw", "{P1} draws"). A line reads
# as it is in a log file ("{P1} trades {8H} for {TS}"); each surface has one
# renderer: ``rich`` (the terminal), ``plain`` (reports, files) and
# ``Cards.line`` in the browser's cards.js (the table and the replay page).

SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_MARK = re.compile(r"\{([^{}]*)\}|\*")
_SEAT_MARK = re.compile(r"P(\d+)")
_CARD_CODE = re.compile(r"([2-9TJQKA][CDHS]|X[12])'?")


class TextError(ValueError):
    """A line that is not well-formed structured text."""


def seat(n: int) -> str:
    """Seat ``n`` marked: ``{P1}``."""
    return f"{{P{n}}}"


def who(n: int, viewer: int | None) -> str:
    """Seat ``n`` as ``viewer`` reads it: "you", or the marked seat."""
    return "you" if n == viewer else seat(n)


def whose(n: int, viewer: int | None) -> str:
    """Seat ``n``'s, as ``viewer`` reads it: "your", or ``{P1}'s``."""
    return "your" if n == viewer else f"{seat(n)}'s"


def card(code: str) -> str:
    """A standard card marked: ``{7H}``."""
    if not _CARD_CODE.fullmatch(code):
        raise TextError(f"{code!r} is not a standard card code (like 7H, TS, X1, 7H')")
    return f"{{{code}}}"


def cards(codes: Sequence[str], none: str = "nothing") -> str:
    """Standard cards marked, separated by spaces (``none`` for no card)."""
    return " ".join(card(c) for c in codes) or none


def strong(text: str) -> str:
    """Emphasis: ``*round 2*``."""
    return f"*{text}*"


def count(n: int, noun: str) -> str:
    """A number of things: "1 card", "2 cards"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def winners(names: Sequence[str], heading: bool = False) -> str:
    """Who won: "winner P1", "winners P0, P2", "no winner"; as a ``heading``
    (a game's last screen): "Winner: P1", "Winners: P0, P2", "No winner"."""
    if not names:
        return "No winner" if heading else "no winner"
    word = f"winner{'' if len(names) == 1 else 's'}"
    if heading:
        return f"{word.capitalize()}: " + ", ".join(names)
    return f"{word} " + ", ".join(names)


_BARE = re.compile(r"(?<![\w{])(P\d+(?![\w}])|(?:[2-9TJQKA][CDHS]|X[12])'?(?![\w}']))")


def mark(notation: str) -> str:
    """A game's own notation or reason with its seats and standard cards
    marked: "besiege P2 with 7S" -> "besiege {P2} with {7S}"."""
    return _BARE.sub(r"{\1}", notation)


def listing(kind: str, data: Mapping[str, Any]) -> str:
    """An event as structured text when its game words none: its kind and
    data, a ``seat`` as the seat, cards and seats in the values marked:
    "drawn: seat {P1}, cards {7H} {2C}"."""

    def value(v: Any) -> str:
        if isinstance(v, list | tuple):
            return " ".join(value(x) for x in v) or "nothing"
        if isinstance(v, Mapping):
            return ", ".join(f"{k} {value(x)}" for k, x in v.items())
        return mark(re.sub(r"[{}*]", "", str(v)))

    details = ", ".join(
        f"{k} {seat(v) if k == 'seat' and isinstance(v, int) else value(v)}"
        for k, v in data.items()
    )
    name = kind.replace("_", " ")
    return f"{name}: {details}" if details else name


Piece = tuple[str, str]
"""One piece of a parsed line: ("text", words), ("seat", "1"), ("card", "7H")
or ("strong", "") where emphasis starts or ends."""


def parse(line: str) -> list[Piece]:
    """The pieces of a line of structured text; TextError says what is wrong."""
    pieces: list[Piece] = []
    at = 0
    stars = 0
    for m in _MARK.finditer(line):
        if m.start() > at:
            pieces.append(("text", line[at : m.start()]))
        at = m.end()
        if m.group(0) == "*":
            stars += 1
            pieces.append(("strong", ""))
            continue
        inside = m.group(1)
        s = _SEAT_MARK.fullmatch(inside)
        if s:
            pieces.append(("seat", s.group(1)))
        elif _CARD_CODE.fullmatch(inside):
            pieces.append(("card", inside))
        else:
            raise TextError(f"{{{inside}}} marks neither a seat (P1) nor a card (7H) in {line!r}")
    if at < len(line):
        pieces.append(("text", line[at:]))
    loose = [t for kind, t in pieces if kind == "text" and ("{" in t or "}" in t)]
    if loose:
        raise TextError(f"a brace that marks nothing in {line!r}")
    if stars % 2:
        raise TextError(f"emphasis (*...*) left open in {line!r}")
    return pieces


def card_text(code: str) -> str:
    """A standard card as players read it: "7♥", "10♠", "Joker" (a second
    pack's "7♥'")."""
    if code[0] == "X":
        return "Joker" + code[2:]
    return f"{'10' if code[0] == 'T' else code[0]}{SUIT_SYMBOL[code[1]]}{code[2:]}"


def card_symbol(code: str) -> str:
    """A standard card as players read it, in Rich markup: ``[red]7♥[/]``, ``10♠``, ``[magenta]Joker[/]``."""
    text = card_text(code)
    if code[0] == "X":
        return f"[magenta]{text}[/]"
    return f"[red]{text}[/]" if code[1] in "HD" else text


SeatName = Callable[[int], str]


def _seat_text(n: int, name: SeatName | None, you: int | None) -> str:
    if n == you:
        return "you"
    return name(n) if name is not None else f"P{n}"


def _yours(line: str, you: int | None) -> str:
    """The viewer's seat marked with a possessive reads "your"."""
    return line if you is None else line.replace(f"{{P{you}}}'s", "your")


def _capital(parts: list[str], first: int | None) -> None:
    if first is not None and parts[first][:1].islower():
        parts[first] = parts[first][0].upper() + parts[first][1:]


def rich(line: str, name: SeatName | None = None, you: int | None = None) -> str:
    """A line of structured text for the terminal, in Rich markup: names for
    seats (``name(seat)``; "you" for ``you``), coloured symbols for cards,
    bold for emphasis, and a capital first letter."""
    parts: list[str] = []
    first: int | None = None
    bold = False
    for kind, value in parse(_yours(line, you)):
        if kind == "strong":
            parts.append("[/]" if bold else "[bold]")
            bold = not bold
            continue
        if kind == "card":
            if first is None:
                first = -1
            parts.append(card_symbol(value))
            continue
        text = _seat_text(int(value), name, you) if kind == "seat" else value
        if first is None and text.strip():
            first = len(parts)
        parts.append(text.replace("[", "\\["))
    _capital(parts, first if first is not None and first >= 0 else None)
    return "".join(parts)


def plain(line: str, name: SeatName | None = None, you: int | None = None) -> str:
    """A line of structured text as plain words: names for seats ("P1" without
    ``name``; "you" for ``you``), "7♥" for cards, emphasis dropped, and a
    capital first letter."""
    parts: list[str] = []
    for kind, value in parse(_yours(line, you)):
        if kind == "seat":
            parts.append(_seat_text(int(value), name, you))
        elif kind == "card":
            parts.append(card_text(value))
        elif kind == "text":
            parts.append(value)
    text = "".join(parts)
    return text[:1].upper() + text[1:]
