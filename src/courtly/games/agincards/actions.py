"""Agincards: the action space and its notation.

The table has no edge (AGI-9), so a placement cannot be named by a square of a
fixed board. It is named as the rule text places a card, "next to another card
already on the map, either to the left/right or top/bottom": ``7H right of
5C``. There are at most 104 cards on a map, so the space is fixed however far
the map spreads. A cell beside several cards has as many names; the legal
moves list one (``map.py``: ``slot``), and the state takes the others as that
one (``AgincardsState.stands_for``).

Placing a card and placing a token are two decisions: a turn's action is a
placement, a pass, or (``reclaim=manual``) a reclaim; after a placement the
player, if it holds a token, decides ``token`` or ``no token``. Ids:

* 0 ``pass``; 1 ``token``; 2 ``no token``
* 3 .. 106 ``reclaim 5C``: 3 + ref
* 107 .. 21738 ``7H right of 5C``: 107 + card * 416 + ref * 4 + side

``card`` is the card code's index 0-51; ``ref`` names a card on the map: its
code index for the first copy of that code to reach the map, 52 + it for the
second (written ``5C'``); ``side`` is 0 right of, 1 left of, 2 below, 3 above.
"""

from __future__ import annotations

from typing import Any

from courtly import cards
from courtly.engine.actions import Action, register_table
from courtly.engine.errors import NotationError
from courtly.games.agincards.map import CODES, REFS, SIDES, ref_name

PASS, TOKEN, NO_TOKEN = 0, 1, 2
_SAY = {"pass": "pass", "token": "put a token on the card just placed", "no_token": "no token"}
RECLAIM0 = 3
PLACE0 = RECLAIM0 + REFS
PER_CARD = REFS * 4
"""Placements of one card code: beside each card of the map, on each side."""


class AgincardsAction(Action):
    """``pass``, ``token``, ``no token``, ``reclaim REF`` or ``CARD SIDE REF``."""

    __slots__ = ("card", "ref", "side")

    def __init__(self, id: int, kind: str, card: int = -1, ref: int = -1, side: int = -1) -> None:
        if kind == "place":
            text = f"{cards.code(card)} {SIDES[side]} {ref_name(ref)}"
        elif kind == "reclaim":
            text = f"reclaim {ref_name(ref)}"
        else:
            text = kind.replace("_", " ")
        super().__init__(id, kind, text)
        self.card = card  # a card code index 0-51 (either deck's copy)
        self.ref = ref  # the card on the map the placement or reclaim names
        self.side = side

    def params(self) -> dict[str, Any]:
        if self.kind == "place":
            return {
                "card": cards.code(self.card),
                "side": SIDES[self.side],
                "of": ref_name(self.ref),
            }
        if self.kind == "reclaim":
            return {"of": ref_name(self.ref)}
        return {}

    def words(self) -> str:
        """The move as players read it in a hint, a review or a replay."""
        if self.kind == "place":
            return f"place {{{cards.code(self.card)}}} {SIDES[self.side]} {{{ref_name(self.ref)}}}"
        if self.kind == "reclaim":
            return f"reclaim the token on {{{ref_name(self.ref)}}}"
        return _SAY[self.kind]


def _build() -> list[AgincardsAction]:
    table = [
        AgincardsAction(PASS, "pass"),
        AgincardsAction(TOKEN, "token"),
        AgincardsAction(NO_TOKEN, "no_token"),
    ]
    for ref in range(REFS):
        table.append(AgincardsAction(len(table), "reclaim", ref=ref))
    for code in range(CODES):
        for ref in range(REFS):
            for side in range(len(SIDES)):
                table.append(AgincardsAction(len(table), "place", card=code, ref=ref, side=side))
    return table


ACTIONS: list[AgincardsAction] = _build()
register_table(AgincardsAction, ACTIONS)


def place_action(code: int, ref: int, side: int) -> AgincardsAction:
    return ACTIONS[PLACE0 + code * PER_CARD + ref * 4 + side]


def reclaim_action(ref: int) -> AgincardsAction:
    return ACTIONS[RECLAIM0 + ref]


NOTATION_HELP = """\
Agincards notation (case does not matter):
  7H right of 5C   play the 7 of Hearts next to the 5 of Clubs on the map:
                   'right of', 'left of', 'below' or 'above' it
  token            put one of your tokens on the card you just played
  no token         keep your tokens (also: 'none', 'skip')
  pass             play no card this turn
  reclaim 5C       take back your token on the 5 of Clubs (only with
                   reclaim=manual, once its score runs can no longer grow)
Cards are rank then suit: A 2-9 T (or 10) J Q K and C D H S (suits only give
the colour). With two packs, 5C' is the second 5C to reach the map. A cell
next to several cards may be named after any of them: '7H right of 5C' and
'7H below 9D' are one move when they name one cell ('moves' lists it once,
after the card on its left, else above, else on its right, else below)."""

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

_SIDE_WORDS = {
    "right": 0,
    "r": 0,
    "left": 1,
    "l": 1,
    "below": 2,
    "under": 2,
    "down": 2,
    "d": 2,
    "above": 3,
    "over": 3,
    "up": 3,
    "u": 3,
}


def _card(word: str, text: str) -> int:
    try:
        code = cards.card(word)
    except cards.CardError as exc:
        raise NotationError(f"{text!r}: {exc}.\n" + NOTATION_HELP) from None
    if code >= CODES:
        raise NotationError(f"{text!r}: Agincards is played without jokers")
    return code


def _ref(word: str, text: str) -> int:
    """A card on the map: ``5C``, or ``5C'`` for the second 5C to reach it."""
    second = word.endswith(("'", "’"))
    code = _card(word.rstrip("'’"), text)
    return code + CODES if second else code


def parse(text: str) -> AgincardsAction:
    """Read one action; a NotationError says what was wrong and what is allowed."""
    words = text.replace(",", " ").lower().split()
    if not words:
        raise NotationError("empty action. " + NOTATION_HELP)
    joined = " ".join(words)
    if joined in _WORDS:
        return ACTIONS[_WORDS[joined]]
    if words[0] == "reclaim":
        rest = [w for w in words[1:] if w not in ("token", "on", "the", "from")]
        if len(rest) != 1:
            raise NotationError(f"{text!r}: name the token's card, e.g. 'reclaim 5C'")
        return reclaim_action(_ref(rest[0], text))
    if words[0] in ("play", "place"):
        words = words[1:]
    words = [w for w in words if w not in ("of", "to", "the", "at", "on")]
    if len(words) == 3 and words[1] in _SIDE_WORDS:
        return place_action(_card(words[0], text), _ref(words[2], text), _SIDE_WORDS[words[1]])
    if len(words) == 2 and words[1][:1].isalpha() and words[1][1:].isdigit():
        raise NotationError(
            f"{text!r}: a card goes next to a card on the map, named after it, e.g. "
            "'7H right of 5C' ('right of', 'left of', 'below' or 'above')"
        )
    raise NotationError(f"{text!r} is not an Agincards action. " + NOTATION_HELP)
