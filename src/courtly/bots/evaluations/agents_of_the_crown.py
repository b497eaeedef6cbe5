"""Agents of the Crown: what a position is worth to each seat, for a search cut
short (``courtly.bots.evaluation``)."""

from __future__ import annotations

from typing import Any

from courtly.bots.evaluation import soft_ranks


def evaluate(state: Any) -> list[float]:
    """The score so far plus this Year's score if it ended now (prizes taken,
    Nobles in hand valued by their Houses' curses, curses on a seat's House and
    its left neighbour's: the rules' ``year_breakdown``), and a little for the
    cards still in hand, which win the rest of the Year's challenges."""
    from courtly.games.agents_of_the_crown.actions import FIRST_NOBLE
    from courtly.games.agents_of_the_crown.rules import CURSE_PENALTY, NOBLE_IN_HAND

    players = state.players
    curses = state.curses
    houses = state.houses
    worth = state.threat_value
    projected = []
    for seat in range(players):
        value = float(state.score[seat])
        if state.year:
            value += sum([worth(c) for c in state.prizes[seat]])
            value -= CURSE_PENALTY * (curses[houses[seat]] + curses[houses[(seat + 1) % players]])
            for c in state.hands[seat]:
                if c >= FIRST_NOBLE:
                    value += NOBLE_IN_HAND[min(curses[c & 3], 2)] + 1.5
                else:
                    value += 0.15 * ((c >> 2) + 1)
        projected.append(value)
    return soft_ranks(projected, 8.0)
