"""Courtly games as PettingZoo AEC environments.

    env = courtly.rl.pettingzoo_env("agents-of-the-crown")
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else policy(obs)
        env.step(action)

Agents are ``player_0`` .. ``player_{n-1}`` (the seats). Each observation is a
dict, as in PettingZoo's classic games: ``observation``, the seat's encoded
observation (see ``courtly.rl.encoding``), and ``action_mask`` over the game's
fixed action space. The reset seed is the game seed. When several seats
decide at once (Agents of the Crown's passes and commits) they are served one
at a time, in the order the engine's driver draws from it
(``courtly.engine.driver.served``), as on every surface; each sees only its
own observation, so an earlier choice of the same phase stays hidden, and
only the seat being served (``agent_selection``) has a non-empty action mask.
Rewards come at the end (``courtly.rl.rewards``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from courtly.engine.driver import served
from courtly.engine.errors import IllegalAction
from courtly.engine.game import Game, State
from courtly.rl.common import (
    RENDER_FPS,
    RENDER_MODES,
    action_id,
    action_mask,
    make_encoder,
    render_mode_checked,
    rendered,
    resolve,
    seat_count,
)
from courtly.rl.encoding import HIGH, LOW
from courtly.rl.rewards import final_rewards


class CourtlyAEC(AECEnv):
    """One Courtly game as an AEC environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": RENDER_MODES,
        "render_fps": RENDER_FPS,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Game | str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = resolve(game)
        self.players = seat_count(self.game, players)
        self.options = dict(options or {})
        self.encoder = make_encoder(self.game, self.players, self.options)
        self.metadata = {**self.metadata, "name": f"courtly_{self.game.id.replace('-', '_')}_v0"}
        self.render_mode = render_mode_checked(render_mode)
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.game.action_space_size
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(LOW, HIGH, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.courtly_state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` is the game seed (the deal and the serving
        order of seats deciding at once); None draws a fresh one. Game options are given at
        construction; ``options`` here is accepted and unused."""
        if seed is None:
            seed = random.SystemRandom().getrandbits(48)
        self.courtly_state = self.game.new(players=self.players, seed=seed, options=self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[served(self.courtly_state)]
        if self.render_mode == "human":  # shown as it goes, as PettingZoo's human mode is
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._live()
        seat = self._seat[agent]
        return {
            "observation": self.encoder.encode(state.observation(seat)),
            "action_mask": action_mask(state, seat, self._seat[self.agent_selection]),
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live()
        seat = self._seat[agent]
        if action is None:
            raise IllegalAction(f"{agent} must choose an action: the game is not over")
        state.apply(seat, self.game.action(action_id(self.game, action)))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.over:
            for a, r in zip(self.possible_agents, final_rewards(state), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[served(state)]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None or self.courtly_state is None:
            return None
        return rendered(self.game.render(self.courtly_state.observation(None)), self.render_mode)

    def close(self) -> None:
        pass

    def _live(self) -> State:
        if self.courtly_state is None:
            raise IllegalAction("the environment has no game yet: call reset() first")
        return self.courtly_state


def make(
    game: Game | str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> CourtlyAEC:
    """A PettingZoo AEC environment of ``game`` (an id or a Game)."""
    return CourtlyAEC(game, players=players, options=options, render_mode=render_mode)
