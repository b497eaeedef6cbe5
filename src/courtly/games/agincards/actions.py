"""Agincards: the action space and its notation.

Placing a card and placing a token are two decisions: a turn's action is a
placement (card + cell), a pass, or (``reclaim=manual``) a reclaim; after a
placement the player, if it holds a token, decides ``token`` or ``no token``.
That keeps the space at 33,128 actions instead of twice the placements, and a
token decision has only two choices. Ids:

* 0 ``pass``; 1 ``token``; 2 ``no token``
* 3 .. 627 ``reclaim k12``: 3 + cell
* 628 .. 33127 ``7H k12``: 628 + card code index (0-51) * 625 + cell

A cell is ``column row`` on the 25 x 25 table: columns ``a``..``y`` left to
right, rows ``1``..``25`` top to bottom, the seed card at ``m13`` (AGI-9);
``cell = (row - 1) * 25 + column index``.
"""

from __future__ import annotations

from typing import Any

from courtly import cards
from courtly.engine.actions import Action, register_table
from courtly.engine.errors import NotationError
from courtly.games.agincards.map import CELLS, cell_name, cell_of

PASS, TOKEN, NO_TOKEN = 0, 1, 2
RECLAIM0 = 3
PLACE0 = RECLAIM0 + CELLS


class AgincardsAction(Action):
    """``pass``, ``token``, ``no token``, ``reclaim CELL`` or ``CARD CELL``."""

    __slots__ = ("card", "cell")

    def __init__(self, id: int, kind: str, card: int = -1, cell: int = -1) -> None:
        if kind == "place":
            text = f"{cards.code(card)} {cell_name(cell)}"
        elif kind == "reclaim":
            text = f"reclaim {cell_name(cell)}"
        else:
            text = kind.replace("_", " ")
        super().__init__(id, kind, text)
        self.card = card  # a card code index 0-51 (either deck's copy)
        self.cell = cell

    def params(self) -> dict[str, Any]:
        if self.kind == "place":
            return {"card": cards.code(self.card), "cell": cell_name(self.cell)}
        if self.kind == "reclaim":
            return {"cell": cell_name(self.cell)}
        return {}


def _build() -> list[AgincardsAction]:
    table = [
        AgincardsAction(PASS, "pass"),
        AgincardsAction(TOKEN, "token"),
        AgincardsAction(NO_TOKEN, "no_token"),
    ]
    for cell in range(CELLS):
        table.append(AgincardsAction(len(table), "reclaim", cell=cell))
    for code in range(52):
        for cell in range(CELLS):
            table.append(AgincardsAction(len(table), "place", card=code, cell=cell))
    return table


ACTIONS: list[AgincardsAction] = _build()
register_table(AgincardsAction, ACTIONS)


def place_action(code: int, cell: int) -> AgincardsAction:
    return ACTIONS[PLACE0 + code * CELLS + cell]


def reclaim_action(cell: int) -> AgincardsAction:
    return ACTIONS[RECLAIM0 + cell]


NOTATION_HELP = """\
Agincards notation (case does not matter):
  7H k12       play the 7 of Hearts onto cell k12
  token        put one of your tokens on the card you just played
  no token     keep your tokens (also: 'none', 'skip')
  pass         play no card this turn
  reclaim k12  take back your token on k12 (only with reclaim=manual, once
               its score runs can no longer grow)
Cards are rank then suit: A 2-9 T (or 10) J Q K and C D H S (suits only give
the colour). Cells are a column a-y and a row 1-25; the seed card is at m13."""

_WORDS = {
    "pass": PASS,
    "p": PASS,
    "token": TOKEN,
    "t": TOKEN,
    "yes": TOKEN,
    "no token": NO_TOKEN,
    "notoken": NO_TOKEN,
    "no-token": NO_TOKEN,
    "no_token": NO_TOKEN,
    "no": NO_TOKEN,
    "none": NO_TOKEN,
    "skip": NO_TOKEN,
}


def _cell(word: str, text: str) -> int:
    cell = cell_of(word)
    if cell is None:
        raise NotationError(
            f"{text!r}: {word!r} is not a cell; a cell is a column a-y then a row 1-25, "
            "e.g. 'm13' (the seed) or 'k12'"
        )
    return cell


def parse(text: str) -> AgincardsAction:
    """Read one action; a NotationError says what was wrong and what is allowed."""
    words = text.replace(",", " ").lower().split()
    if not words:
        raise NotationError("empty action. " + NOTATION_HELP)
    joined = " ".join(words)
    if joined in _WORDS:
        return ACTIONS[_WORDS[joined]]
    if words[0] == "reclaim":
        if len(words) != 2:
            raise NotationError(f"{text!r}: name the token's cell, e.g. 'reclaim k12'")
        return reclaim_action(_cell(words[1], text))
    if words[0] in ("play", "place"):
        words = words[1:]
    words = [w for w in words if w not in ("at", "on", "@", "to")]
    if len(words) == 2:
        try:
            code = cards.card(words[0])
        except cards.CardError as exc:
            raise NotationError(f"{text!r}: {exc}.\n" + NOTATION_HELP) from None
        if code >= 52:
            raise NotationError(f"{text!r}: Agincards is played without jokers")
        return place_action(code, _cell(words[1], text))
    raise NotationError(f"{text!r} is not an Agincards action. " + NOTATION_HELP)
