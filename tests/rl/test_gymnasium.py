"""Gymnasium: every game passes Gymnasium's own environment checker, against
Courtly bots; masks, rewards and illegal actions behave as documented."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import courtly.rl
from courtly.engine.errors import CourtlyError, IllegalAction, OptionError
from tests.rl.cases import EVERY_COUNT, options


@pytest.mark.parametrize(("game_id", "players"), EVERY_COUNT)
def test_gymnasium_check_env(game_id: str, players: int) -> None:
    env = courtly.rl.gym_env(
        game_id,
        seat=players - 1,
        opponents=["greedy"],
        players=players,
        options=options(game_id, players),
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures
        check_env(env, skip_render_check=True)


def _episode(env, seed: int, policy) -> tuple[float, int]:
    obs, info = env.reset(seed=seed)
    steps = 0
    while True:
        assert np.array_equal(obs["action_mask"], info["action_mask"]) and obs["action_mask"].any()
        obs, reward, terminated, truncated, info = env.step(policy(obs))
        steps += 1
        if terminated or truncated:
            return reward, steps


def test_an_episode_runs_to_the_end_with_a_rank_reward() -> None:
    env = courtly.rl.gym_env("intrigue", opponents=["random", "greedy"])
    pick = np.random.default_rng(0)
    policy = lambda obs: int(pick.choice(np.flatnonzero(obs["action_mask"])))  # noqa: E731
    rewards = {_episode(env, seed, policy)[0] for seed in range(8)}
    assert rewards <= {-1.0, -0.5, 0.0, 0.5, 1.0} and len(rewards) > 1
    assert env.state.over


def test_the_seed_fixes_the_whole_episode() -> None:
    env = courtly.rl.gym_env("agents-of-the-crown", opponents=["random"], options={"years": 1})
    first = lambda obs: int(np.flatnonzero(obs["action_mask"])[-1])  # noqa: E731
    _episode(env, 8, first)
    a = list(env.state.history)
    _episode(env, 8, first)
    assert env.state.history == a
    _episode(env, 9, first)
    assert env.state.history != a


def test_an_illegal_action_forfeits_or_raises() -> None:
    env = courtly.rl.gym_env("crown-rivals")
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = list(env.state.history)
    _, reward, terminated, _, info = env.step(illegal)
    assert reward == -1.0 and terminated and "illegal" in info["illegal_action"]
    assert env.state.history == before
    with pytest.raises(CourtlyError, match="reset"):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    strict = courtly.rl.gym_env("crown-rivals", illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalAction, match=f"action {illegal} "):
        strict.step(illegal)


def test_bad_settings_get_clear_errors() -> None:
    with pytest.raises(OptionError, match="seats are 0 to 1"):
        courtly.rl.gym_env("crown-rivals", seat=2)
    with pytest.raises(OptionError, match="one per other seat"):
        courtly.rl.gym_env("garrison", players=4, opponents=["random", "greedy"])
    with pytest.raises(OptionError, match="forfeit, raise"):
        courtly.rl.gym_env("intrigue", illegal="ignore")
    with pytest.raises(CourtlyError, match="bots are"):
        courtly.rl.gym_env("intrigue", opponents=["nobody"])
