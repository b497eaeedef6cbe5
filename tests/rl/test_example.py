"""The training example learns: a short run of it beats its untrained self."""

from __future__ import annotations

from pathlib import Path

import courtly.rl
from tests.scripts import load_script

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_crown_rivals.py"


def _load_example():
    return load_script(EXAMPLE, "train_crown_rivals")


def test_a_short_training_run_beats_random_by_a_margin() -> None:
    example = _load_example()
    env = courtly.rl.gym_env("crown-rivals", seat=0, opponents=["random"])
    features = env.observation_space["observation"].shape[0]
    untrained = example.LinearPolicy(features, env.action_space.n)
    before_wins, before_reward = example.evaluate(env, untrained, games=40)
    policy = example.train(env, episodes=60, seed=0)
    after_wins, after_reward = example.evaluate(env, policy, games=40)
    assert after_wins >= before_wins + 0.2, (before_wins, after_wins)
    assert after_reward > before_reward
    assert abs(policy.w).sum() > 0  # it did learn weights, not only biases


def test_the_docs_show_the_example_s_feature_count() -> None:
    """docs/rl.md quotes a run of the example: its first line names the
    encoding's length as the example prints it."""
    docs = EXAMPLE.parents[1] / "docs" / "rl.md"
    env = courtly.rl.gym_env("crown-rivals", seat=0, opponents=["random"])
    features = env.observation_space["observation"].shape[0]
    line = f"crown-rivals: seat 0 against random, {features} features, {env.action_space.n} actions"
    assert line in docs.read_text(encoding="utf-8")
