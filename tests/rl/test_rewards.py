"""The rank-based reward: +1 first to -1 last, ties share, zero-sum; solo by score."""

from __future__ import annotations

import random

import pytest

from courtly import games
from courtly.rl.rewards import final_rewards, standing_rewards


def _finish(game_id: str, players: int, seed: int, options=None):
    game = games.get(game_id)
    state = game.new(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    assert final_rewards(state) == [0.0] * players
    while not state.over:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_ranks_map_to_rewards_and_ties_share() -> None:
    seen_tie = False
    for seed in range(12):
        state = _finish("intrigue", 3, seed)
        rewards = final_rewards(state)
        assert sum(rewards) == pytest.approx(0.0)
        for i, r in enumerate(rewards):
            assert r == pytest.approx(1.0 - (state.ranks()[i] - 1.0))
            assert (r > 0) == (i in state.winners) or len(state.winners) == 3
        seen_tie |= len(state.winners) > 1
    assert seen_tie


def test_solo_reward_is_the_score_over_a_hundred() -> None:
    state = _finish("agincards", 1, 3)
    assert final_rewards(state) == [max(-1.0, min(1.0, state.scores[0] / 100))]
    assert standing_rewards(state) == final_rewards(state)
