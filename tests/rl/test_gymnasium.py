"""Gymnasium: every game passes Gymnasium's own environment checker, against
Courtly bots; masks, rewards and illegal actions behave as documented."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import courtly.games
import courtly.rl
import courtly.rl.gymnasium_env
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


@pytest.mark.parametrize("mode", ["ansi", "human"])
def test_the_checker_s_render_check_passes_and_the_seat_s_view_is_shown(
    mode: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The seat's own view (its hand), as the terminal shows it: ``ansi``
    returns it, ``human`` prints it at every reset and step. (``render_mode``
    could not be given to ``gym_env``, and ``ansi`` returned Rich's markup.)
    Made by ``gymnasium.make``, the checker tests every render mode."""
    made = gymnasium.make("courtly/intrigue-v0", seat=1, opponents=["greedy"], render_mode=mode)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(made.unwrapped)
    env = courtly.rl.gym_env("intrigue", seat=1, opponents=["greedy"], render_mode=mode)
    capsys.readouterr()
    obs, _ = env.reset(seed=3)
    shown = env.render() if mode == "ansi" else capsys.readouterr().out
    assert isinstance(shown, str) and "Intrigue" in shown and "[/" not in shown
    hand = env.courtly_state.observation(1)["hand"]  # type: ignore[union-attr]
    assert hand and "Your hand" in shown
    if mode == "human":
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert "Intrigue" in capsys.readouterr().out


def test_every_game_is_registered_with_gymnasium() -> None:
    ids = {f"courtly/{g}-v0" for g in courtly.games.ids()}
    assert ids <= set(gymnasium.registry)
    env = gymnasium.make("courtly/garrison-v0", seat=2, opponents=["random"], players=3)
    obs, _ = env.reset(seed=5)
    assert env.unwrapped.seat == 2 and obs["action_mask"].any()  # type: ignore[attr-defined]
    with pytest.raises(OptionError, match="render_mode='rgb_array'"), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Gymnasium's own warning, before ours
        gymnasium.make("courtly/garrison-v0", render_mode="rgb_array")


def test_an_episode_runs_to_the_end_with_a_rank_reward() -> None:
    env = courtly.rl.gym_env("intrigue", opponents=["random", "greedy"])
    pick = np.random.default_rng(0)
    policy = lambda obs: int(pick.choice(np.flatnonzero(obs["action_mask"])))  # noqa: E731
    rewards = {_episode(env, seed, policy)[0] for seed in range(8)}
    assert rewards <= {-1.0, -0.5, 0.0, 0.5, 1.0} and len(rewards) > 1
    assert env.courtly_state.over


def test_the_seed_fixes_the_whole_episode() -> None:
    env = courtly.rl.gym_env("agents-of-the-crown", opponents=["random"], options={"years": 1})
    first = lambda obs: int(np.flatnonzero(obs["action_mask"])[-1])  # noqa: E731
    _episode(env, 8, first)
    a = list(env.courtly_state.history)
    _episode(env, 8, first)
    assert env.courtly_state.history == a
    _episode(env, 9, first)
    assert env.courtly_state.history != a


def test_a_searching_bot_remembers_nothing_from_an_earlier_episode() -> None:
    """A searching bot keeps its last search to reuse within a game; a new episode
    gets a fresh bot, so the same seed plays the same game after others."""
    env = courtly.rl.gym_env("intrigue", seat=0, opponents=["ismcts"], options={"rounds": 1})
    first = lambda obs: int(np.flatnonzero(obs["action_mask"])[0])  # noqa: E731
    _episode(env, 7, first)
    a = list(env.courtly_state.history)
    _episode(env, 8, first)
    _episode(env, 7, first)
    assert env.courtly_state.history == a


def test_an_illegal_action_forfeits_or_raises() -> None:
    env = courtly.rl.gym_env("crown-rivals")
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = list(env.courtly_state.history)
    _, reward, terminated, _, info = env.step(illegal)
    assert reward == -1.0 and terminated and "illegal" in info["illegal_action"]
    assert env.courtly_state.history == before
    with pytest.raises(CourtlyError, match="reset"):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    strict = courtly.rl.gym_env("crown-rivals", illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalAction, match=f"action {illegal} "):
        strict.step(illegal)


def test_an_action_must_be_an_integer() -> None:
    env = courtly.rl.gym_env("crown-rivals")
    obs, _ = env.reset(seed=2)
    legal = np.flatnonzero(obs["action_mask"])
    before = list(env.courtly_state.history)
    for bad in (float(legal[0]) + 0.7, "3", None, True):
        with pytest.raises(CourtlyError, match=r"not an action id: give an integer from 0 to"):
            env.step(bad)
    assert env.courtly_state.history == before
    env.step(legal[0])  # a NumPy integer, as np.flatnonzero gives it
    assert len(env.courtly_state.history) > len(before)
    obs, _ = env.reset(seed=2)
    env.step(np.asarray(np.flatnonzero(obs["action_mask"])[0]))  # a 0-d array
    assert len(env.courtly_state.history) > len(before)


def test_bad_settings_get_clear_errors() -> None:
    with pytest.raises(OptionError, match="seats are 0 to 1"):
        courtly.rl.gym_env("crown-rivals", seat=2)
    with pytest.raises(OptionError, match="one per other seat"):
        courtly.rl.gym_env("garrison", players=4, opponents=["random", "greedy"])
    with pytest.raises(OptionError, match="forfeit, raise"):
        courtly.rl.gym_env("intrigue", illegal="ignore")
    with pytest.raises(CourtlyError, match="bots are"):
        courtly.rl.gym_env("intrigue", opponents=["nobody"])
