"""The reward every Courtly research interface gives: rank-based, at the end.

With two or more seats, a seat's reward is ``1 - 2 * (rank - 1) / (players - 1)``
where rank 1 is best and tied seats share the mean of their ranks: the winner
gets +1, the last -1, the middle in between, and the rewards of a game add up
to 0. With a single seat (Agincards played alone) there is nobody to rank
against, so the reward is the final score / 100, clipped to [-1, 1]. Every
reward before the end is 0.
"""

from __future__ import annotations

from courtly.engine.game import State

SOLO_SCALE = 100.0


def final_rewards(state: State) -> list[float]:
    """Each seat's reward for a finished game (all 0 before the end)."""
    if not state.over:
        return [0.0] * state.players
    return standing_rewards(state)


def standing_rewards(state: State) -> list[float]:
    """The rank-based rewards of the scores as they stand (for a game cut short)."""
    n = state.players
    if n == 1:
        return [max(-1.0, min(1.0, float(state.scores[0]) / SOLO_SCALE))]
    return [1.0 - 2.0 * (r - 1.0) / (n - 1) for r in state.ranks()]
