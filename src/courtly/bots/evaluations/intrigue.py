"""Intrigue: what a position is worth to each seat, for a search cut
short (``courtly.bots.evaluation``)."""

from __future__ import annotations

import math
from typing import Any

from courtly.bots.evaluation import soft_ranks


def evaluate(state: Any) -> list[float]:
    """Points, plus what the support tokens held would score if the round
    ended now: a token's worth for the leading letter, -1 for another, weighed
    by how likely each letter is to win from its current support."""
    from courtly.games.intrigue import cards as C
    from courtly.games.intrigue.round import totals

    support = totals(state)
    top = max(support)
    weights = [math.exp((v - top) / 3.0) for v in support]
    norm = sum(weights)
    chance = [w / norm for w in weights]
    projected = [float(p) for p in state.points]
    for t in range(6):
        holder = state.tokens[t]
        if holder >= 0:
            x = C.token_letter(t)
            projected[holder] += chance[x] * C.token_value(t) - (1 - chance[x])
    return soft_ranks(projected, 2.0)
