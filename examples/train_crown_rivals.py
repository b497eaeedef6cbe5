"""Train a small agent on a Courtly game with NumPy alone, and show it beats random.

    python examples/train_crown_rivals.py                # Crown Rivals against random
    python examples/train_crown_rivals.py --game intrigue --lr 0.1

The agent is a linear softmax policy over the game's whole action space,
restricted to the legal actions by the mask: the probability of action a is
proportional to exp(w_a . x + b_a) for the encoded observation x. It learns
by REINFORCE: after each game, every choice it made is pushed towards (or
away from) what it chose, in proportion to how much better the game's reward
was than the running average. The other seats are Courtly's ``random`` bot.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import courtly.rl


class LinearPolicy:
    """Masked softmax over ``w @ x + b``."""

    def __init__(self, features: int, actions: int) -> None:
        self.w = np.zeros((actions, features), dtype=np.float32)
        self.b = np.zeros(actions, dtype=np.float32)

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        legal = np.flatnonzero(mask)
        logits = self.w[legal] @ x + self.b[legal]
        p = np.exp(logits - logits.max())
        return legal, p / p.sum()

    def act(
        self, obs: dict[str, np.ndarray], rng: np.random.Generator, greedy: bool = False
    ) -> int:
        legal, p = self.probabilities(obs["observation"], obs["action_mask"])
        return int(legal[np.argmax(p)] if greedy else rng.choice(legal, p=p))


def play(
    env, policy: LinearPolicy | None, seed: int, rng: np.random.Generator, record: bool = False
):
    """One game; returns the final reward and, when recording, the choices made."""
    obs, _ = env.reset(seed=seed)
    choices = []
    while True:
        if policy is None:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        else:
            action = policy.act(obs, rng)
            if record:
                choices.append((obs["observation"], obs["action_mask"], action))
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return reward, choices


def train(env, episodes: int, lr: float = 0.3, seed: int = 0) -> LinearPolicy:
    """REINFORCE with a running-average baseline."""
    features = env.observation_space["observation"].shape[0]
    policy = LinearPolicy(features, env.action_space.n)
    rng = np.random.default_rng(seed)
    baseline = 0.0
    for episode in range(episodes):
        reward, choices = play(env, policy, seed=10_000 + episode, rng=rng, record=True)
        advantage = (reward - baseline) / max(1, len(choices))  # one game, one step
        baseline += 0.02 * (reward - baseline)
        for x, mask, action in choices:
            legal, p = policy.probabilities(x, mask)
            grad = -p
            grad[np.searchsorted(legal, action)] += 1.0  # d log pi(action) / d logits
            step = lr * advantage * grad
            policy.w[legal] += np.outer(step, x)
            policy.b[legal] += step
    return policy


def evaluate(env, policy: LinearPolicy | None, games: int, seed: int = 1) -> tuple[float, float]:
    """Win rate and mean reward over ``games`` games on fixed seeds."""
    rng = np.random.default_rng(seed)
    rewards = [play(env, policy, seed=seed * 1_000_000 + g, rng=rng)[0] for g in range(games)]
    return float(np.mean([r == 1.0 for r in rewards])), float(np.mean(rewards))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crown-rivals")
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--eval", type=int, default=500, help="evaluation games before and after")
    parser.add_argument("--lr", type=float, default=0.3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    env = courtly.rl.gym_env(args.game, seat=0, opponents=["random"])
    features = env.observation_space["observation"].shape[0]
    untrained = LinearPolicy(features, env.action_space.n)  # all weights 0: uniform over legal
    before = evaluate(env, untrained, args.eval)
    print(f"{args.game}: seat 0 against random, {features} features, {env.action_space.n} actions")
    print(
        f"before training: win rate {before[0]:.3f}, mean reward {before[1]:+.3f} ({args.eval} games)"
    )
    start = time.perf_counter()
    policy = train(env, args.episodes, lr=args.lr, seed=args.seed)
    took = time.perf_counter() - start
    after = evaluate(env, policy, args.eval)
    print(f"trained on {args.episodes} games in {took:.0f} s")
    print(
        f"after training:  win rate {after[0]:.3f}, mean reward {after[1]:+.3f} ({args.eval} games)"
    )


if __name__ == "__main__":
    main()
