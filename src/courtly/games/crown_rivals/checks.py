"""Crown Rivals: why an action is refused, in words that say what would be right.

``CrownState.check`` asks here; the legal moves themselves are listed by
``CrownState.legal_actions`` in rules.py, and these reasons mirror it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from courtly import cards
from courtly.engine.actions import Action
from courtly.games.crown_rivals.actions import (
    CLUBS,
    DIAMONDS_SUIT,
    HEARTS,
    SPADES_SUIT,
    CrownAction,
)

if TYPE_CHECKING:
    from courtly.games.crown_rivals.rules import CrownState

SUIT_NAME = ("Clubs", "Diamonds", "Hearts", "Spades")


def check(state: CrownState, seat: int, action: Action) -> str | None:
    """Why ``action`` is illegal for ``seat`` now (what was wrong, what would be right), or None."""
    if not isinstance(action, CrownAction):
        return f"{action!r} is not a Crown Rivals action"
    top = state.pending.items[-1]
    kind = action.kind
    if top.kind == "discard":
        if kind != "discard":
            return (
                "your opponent claimed a Clubs bonus: choose a card from your hand to "
                "discard, e.g. 'discard " + _first(state.hands[seat]) + "'"
            )
        if action.card not in state.hands[seat]:
            return f"you do not hold {cards.code(action.card)}; your hand is " + _list(
                state.hands[seat]
            )
        return None
    if top.kind == "jack_trash":
        if kind == "pass":
            return None
        if kind != "trash":
            return "you played a Jack: trash a market card ('trash 8C') or 'pass'"
        if action.card not in state.market:
            return f"{cards.code(action.card)} is not in the market; it holds " + _list(
                [c for c in state.market if c >= 0]
            )
        return None
    return _check_turn(state, seat, action)


def _check_turn(state: CrownState, seat: int, action: CrownAction) -> str | None:
    kind, c = action.kind, action.card
    hand = state.hands[seat]
    opp = 1 - seat
    if kind in ("trash", "pass"):
        return "there is no Jack's trash to use now: a Jack lets you trash right after it is played"
    if kind == "discard":
        return "discard is only for answering your opponent's Clubs bonus; to discard for currency write 'cash CARD'"
    if kind == "end":
        return None
    if kind in ("play", "cash"):
        if c not in hand:
            return f"you do not hold {cards.code(c)}; your hand is {_list(hand)}"
        if action.diamond >= 0 and action.diamond not in hand:
            return f"you do not hold {cards.code(action.diamond)}; your hand is {_list(hand)}"
        return None
    if kind == "buy":
        if c not in state.market:
            return f"{cards.code(c)} is not in the market; it holds " + _list(
                [m for m in state.market if m >= 0]
            )
        if state.values[c] > state.currency:
            return (
                f"{cards.code(c)} costs {state.values[c]} and you have {state.currency} "
                "currency: cash more cards first ('cash CARD')"
            )
        return None
    if kind == "clear":
        if c not in state.supporters[opp]:
            return f"your opponent has no {cards.code(c)} in play; their spades: " + _list(
                state.supporters[opp]
            )
        need = state.spade_value(opp, c)
        if need > state.pool:
            return (
                f"{cards.code(c)} needs {need} Club damage to clear and you have pooled "
                f"{state.pool}: play more clubs first"
            )
        return None
    # kind == "bonus"
    s = action.suit
    if state.bonuses(s) <= 0:
        return (
            f"you have no {SUIT_NAME[s]} bonus to claim: two {SUIT_NAME[s]} played this turn, "
            "both odd or both even, earn one"
        )
    if s == CLUBS and not state.hands[opp]:
        return "your opponent has no card in hand to discard"
    if s == HEARTS and not (state.decks[seat] or state.discards[seat]):
        return "you have no card left to draw"
    if s == SPADES_SUIT and c not in state.supporters[opp]:
        return f"your opponent has no {cards.code(c)} in play; their spades: " + _list(
            state.supporters[opp]
        )
    if s == DIAMONDS_SUIT and c not in hand and c not in state.discards[seat]:
        return (
            f"{cards.code(c)} is neither in your hand nor in your discard pile; "
            "the Diamonds bonus trashes one of those"
        )
    return None


def _list(cs: list[int]) -> str:
    return " ".join(cards.code(c) for c in cs) if cs else "(none)"


def _first(cs: list[int]) -> str:
    return cards.code(cs[0]) if cs else "CARD"
