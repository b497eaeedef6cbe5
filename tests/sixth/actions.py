"""Three Tricks: the action space and its notation.

``bid 0`` to ``bid 3`` (ids 0-3), then ``play QH`` for each of the 24 cards
(ids 4-27)."""

from __future__ import annotations

from typing import Any

from courtly import cards
from courtly.engine.actions import Action, register_table
from courtly.engine.errors import NotationError

RANKS = (9, 10, 11, 12, 13, 1)
"""The ranks in the deck, lowest first (the Ace is high)."""
DECK: tuple[int, ...] = tuple(cards.make(r, s) for r in RANKS for s in range(4))
STRENGTH = {c: RANKS.index(cards.rank(c)) for c in DECK}
HAND = 3
BIDS = HAND + 1


class TricksAction(Action):
    """A bid (``value``) or a card played (``card``)."""

    __slots__ = ("card", "value")

    def __init__(self, id: int, kind: str, *, value: int = -1, card: int = -1) -> None:
        text = f"bid {value}" if kind == "bid" else f"play {cards.code(card)}"
        super().__init__(id, kind, text)
        self.value = value
        self.card = card

    def params(self) -> dict[str, Any]:
        return {"value": self.value} if self.kind == "bid" else {"card": cards.code(self.card)}


ACTIONS: list[TricksAction] = [TricksAction(v, "bid", value=v) for v in range(BIDS)]
ACTIONS += [TricksAction(BIDS + i, "play", card=c) for i, c in enumerate(DECK)]
register_table(TricksAction, ACTIONS)
PLAY = {c: ACTIONS[BIDS + i] for i, c in enumerate(DECK)}

NOTATION_HELP = """\
Three Tricks notation (case does not matter):
  bid 2      bid to take two of the three tricks (0 to 3)
  play QH    play the Queen of Hearts (ranks 9 T J Q K A, suits C D H S)"""


def parse(text: str) -> TricksAction:
    """Read one action; a NotationError says what was wrong and what is allowed."""
    words = text.lower().split()
    if len(words) != 2 or words[0] not in ("bid", "play"):
        raise NotationError(f"{text!r} is not a move. " + NOTATION_HELP)
    if words[0] == "bid":
        if words[1] not in {str(v) for v in range(BIDS)}:
            raise NotationError(f"{text!r}: a bid is 0, 1, 2 or 3")
        return ACTIONS[int(words[1])]
    try:
        c = cards.card(words[1])
    except cards.CardError as exc:
        raise NotationError(str(exc)) from None
    if c not in PLAY:
        raise NotationError(f"{text!r}: the deck holds only 9, 10, J, Q, K and A")
    return PLAY[c]
