"""Agincards: what a position is worth to each seat, for a search cut
short (``courtly.bots.evaluation``)."""

from __future__ import annotations

from typing import Any

from courtly.bots.evaluation import soft_ranks


def evaluate(state: Any) -> list[float]:
    """Points from runs and tokens so far, plus a little for the tokens still
    in hand (each may score a run later)."""
    projected = [state.score[s] + 0.5 * state.tokens[s] for s in range(state.players)]
    return soft_ranks(projected, 5.0)
