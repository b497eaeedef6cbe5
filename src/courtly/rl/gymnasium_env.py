"""Courtly games as Gymnasium single-agent environments against Courtly bots.

    env = courtly.rl.gym_env("crown-rivals", seat=0, opponents=["random"])
    obs, info = env.reset(seed=1)
    while True:
        action = policy(obs["observation"], obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

The agent plays ``seat``; every other seat is a Courtly bot (``courtly.bots.make``)
that acts on its own observation. The game is played by the engine's driver
(``courtly.engine.driver``) from a game seed drawn from the reset seed
(``env.courtly_state.seed``): its seeding scheme gives the bots' generators and the
order in which seats deciding at once are served (nobody sees another's
choice of the same phase), so an agent that plays as a bot would plays the
game ``courtly sim`` plays from that game seed. The observation is a dict of
the encoded observation and the action mask (also in ``info["action_mask"]``).
The reward is 0 until the end, then the rank-based reward of
``courtly.rl.rewards``.

Importing this module also registers every game with Gymnasium, as
``courtly/<game id>-v0``, for ``gymnasium.make`` and Gymnasium's tools:

    import gymnasium, courtly.rl.gymnasium_env
    gymnasium.register_envs(courtly.rl.gymnasium_env)  # says why it is imported
    env = gymnasium.make("courtly/crown-rivals-v0", seat=0, opponents=["greedy"])

``render_mode="ansi"``: ``render()`` returns the seat's view as the terminal
shows it; ``"human"`` prints it at every reset and step.

An illegal action: with ``illegal="forfeit"`` (the default) the agent forfeits,
the game is left as it was, the episode ends with reward -1 (a last place) and
``info["illegal_action"]`` says why; with ``illegal="raise"`` it raises
``IllegalAction`` naming the action and the reason. An action that is not
an integer (``3.7``, ``"3"``) is refused with a ``CourtlyError``, never rounded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from courtly import bots, games
from courtly.bots.base import Bot
from courtly.engine.driver import Driver
from courtly.engine.errors import CourtlyError, IllegalAction, OptionError
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

ILLEGAL_MODES = ("forfeit", "raise")
FORFEIT_REWARD = -1.0


class CourtlyGym(gym.Env):
    """One seat of a Courtly game, the other seats played by bots."""

    metadata: dict[str, Any] = {"render_modes": RENDER_MODES, "render_fps": RENDER_FPS}  # noqa: RUF012

    def __init__(
        self,
        game: Game | str,
        seat: int = 0,
        opponents: Sequence[str] = ("random",),
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        illegal: str = "forfeit",
        render_mode: str | None = None,
    ) -> None:
        self.game = resolve(game)
        names = [opponents] if isinstance(opponents, str) else list(opponents)
        if players is None and len(names) > 1:
            players = len(names) + 1
        self.players = seat_count(self.game, players)
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise OptionError(f"there is no seat {seat!r}: seats are 0 to {self.players - 1}")
        others = [s for s in range(self.players) if s != seat]
        if len(names) == 1:
            names = names * len(others)
        if len(names) != len(others):
            raise OptionError(
                f"{len(names)} opponents for {len(others)} other seats: give one bot name, "
                f"or one per other seat"
            )
        if illegal not in ILLEGAL_MODES:
            raise OptionError(f"illegal={illegal!r}: choose one of {', '.join(ILLEGAL_MODES)}")
        self.seat = seat
        self.illegal = illegal
        self.render_mode = render_mode_checked(render_mode)
        self.options = dict(options or {})
        self.encoder = make_encoder(self.game, self.players, self.options)
        self.table: list[str | None] = [None] * self.players  # the agent's seat: None
        for s, n in zip(others, names, strict=True):
            self.table[s] = n
        self.bots = self._seat_bots()  # an unknown bot name is refused here
        size = self.game.action_space_size
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(LOW, HIGH, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(size)
        self.courtly_state: State | None = None
        self.driver: Driver | None = None
        self._done = True

    def _seat_bots(self) -> dict[int, Bot]:
        """A bot for each other seat, made afresh and shown the table, as the
        engine's driver is given them for a game."""
        made = {s: bots.make(n, self.game) for s, n in enumerate(self.table) if n is not None}
        for bot in made.values():
            bot.meet(self.table)
        return made

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game, with new bots (nothing a bot remembers from an earlier
        episode carries over); ``seed`` fixes the deal, the bots' choices and
        the serving order."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(1 << 48))
        self.courtly_state = self.game.new(
            players=self.players, seed=game_seed, options=self.options
        )
        self.bots = self._seat_bots()
        policies = [self.bots.get(s) for s in range(self.players)]
        self.driver = Driver(self.courtly_state, policies)
        self.driver.run()  # the bots play until the agent is served
        self._done = self.courtly_state.over
        if self.render_mode == "human":  # shown as it goes, as Gymnasium's human mode is
            self.render()
        return self._obs(), self._info()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self.courtly_state
        if state is None or self._done:
            raise CourtlyError("the episode is over: call reset() to start a new game")
        number = action_id(self.game, action)
        try:
            act = self.game.action(number)
            reason = state.check(self.seat, act)
        except CourtlyError as exc:
            reason = str(exc)
            act = None
        if reason is not None:
            named = act.notation if act is not None else repr(action)
            message = f"action {action} ({named}) is illegal: {reason}"
            if self.illegal == "raise":
                raise IllegalAction(message)
            self._done = True
            return (
                self._obs(),
                FORFEIT_REWARD,
                True,
                False,
                {
                    **self._info(),
                    "illegal_action": message,
                },
            )
        assert act is not None and self.driver is not None
        self.driver.submit(self.seat, act)
        self.driver.run()
        self._done = state.over
        reward = final_rewards(state)[self.seat] if state.over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, state.over, False, self._info()

    def render(self) -> str | None:
        if self.render_mode is None or self.courtly_state is None:
            return None
        return rendered(
            self.game.render(self.courtly_state.observation(self.seat)), self.render_mode
        )

    def _obs(self) -> dict[str, np.ndarray]:
        state = self.courtly_state
        assert state is not None
        return {
            "observation": self.encoder.encode(state.observation(self.seat)),
            "action_mask": action_mask(state, self.seat),
        }

    def _info(self) -> dict[str, Any]:
        state = self.courtly_state
        assert state is not None
        return {"action_mask": action_mask(state, self.seat)}


def make(
    game: Game | str,
    seat: int = 0,
    opponents: Sequence[str] = ("random",),
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    illegal: str = "forfeit",
    render_mode: str | None = None,
) -> CourtlyGym:
    """A Gymnasium environment of ``game`` played from ``seat`` against bots."""
    return CourtlyGym(
        game,
        seat=seat,
        opponents=opponents,
        players=players,
        options=options,
        illegal=illegal,
        render_mode=render_mode,
    )


def register() -> None:
    """Register every game with Gymnasium as ``courtly/<game id>-v0`` (done on
    import; again, it changes nothing)."""
    for game_id in games.ids():
        env_id = f"courtly/{game_id}-v0"
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=f"{__name__}:CourtlyGym", kwargs={"game": game_id})


register()
