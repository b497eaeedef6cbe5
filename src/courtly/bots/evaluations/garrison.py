"""Garrison: what a position is worth to each seat, for a search cut
short (``courtly.bots.evaluation``)."""

from __future__ import annotations

from typing import Any

from courtly.bots.evaluation import soft_ranks


def evaluate(state: Any) -> list[float]:
    """The keep's value, plus a little for the cards in hand (spies and the
    means to upgrade or fend), minus the sieges laid against the keep."""
    projected = []
    for seat in range(state.players):
        siege = len(state.siege[seat])
        projected.append(state.keep_value(seat) + 0.5 * len(state.hands[seat]) - 0.5 * siege)
    return soft_ranks(projected, 4.0)
