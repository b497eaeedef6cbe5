"""Three Tricks: the action space and its notation.

``bid 0`` to ``bid 3`` (ids 0-3), then ``play QH`` for each of the 24 cards
(ids 4-27)."""

from __future__ import annotations

from courtly import cards
from courtly.engine.actions import Action, register_table
from courtly.engine.errors import NotationError

RANKS = (9, 10, 11, 12, 13, 1)
"""The ranks in the deck, lowest first (the Ace is high)."""
DECK: tuple[int, ...] = tuple(cards.make(r, s) for r in RANKS for s in range(4))
STRENGTH = {c: RANKS.index(cards.rank(c)) for c in DECK}
HAND = 3
BIDS = HAND + 1


ACTIONS: list[Action] = [Action(v, "bid", f"bid {v}") for v in range(BIDS)]
ACTIONS += [Action(BIDS + i, "play", f"play {cards.code(c)}") for i, c in enumerate(DECK)]
"""Plain engine actions: in the compiled build an interpreted game cannot
subclass the compiled ``Action``, so what each one means is kept by id."""
register_table(Action, ACTIONS)
VALUE = [v for v in range(BIDS)] + [-1] * len(DECK)
"""The bid of each action id (-1: a card played)."""
CARD = [-1] * BIDS + list(DECK)
"""The card of each action id (-1: a bid)."""
PLAY = {c: ACTIONS[BIDS + i] for i, c in enumerate(DECK)}


def is_ours(action: Action) -> bool:
    """Whether ``action`` is one of this game's (not another game's, of the same class)."""
    return action.id < len(ACTIONS) and ACTIONS[action.id] is action


NOTATION_HELP = """\
Three Tricks notation (case does not matter):
  bid 2      bid to take two of the three tricks (0 to 3)
  play QH    play the Queen of Hearts (ranks 9 T J Q K A, suits C D H S)"""


def parse(text: str) -> Action:
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
