"""Crown Rivals: what a position is worth to each seat, for a search cut
short (``courtly.bots.evaluation``)."""

from __future__ import annotations

from typing import Any

from courtly.bots.evaluation import soft_ranks


def evaluate(state: Any) -> list[float]:
    """Influence, plus the supporters in play (spades that take the opponent's
    damage first) and the quality of each seat's cards (bought cards make
    later hands stronger)."""
    values = state.values
    projected = []
    for seat in range(state.players):
        own = state.hands[seat] + state.decks[seat] + state.discards[seat]
        quality = sum(values[c] for c in own) / max(1, len(own))
        shield = sum(state.sup_value[seat])
        projected.append(state.influence[seat] + 0.5 * shield + 3.0 * quality)
    return soft_ranks(projected, 12.0)
