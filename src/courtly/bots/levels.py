"""Strength levels shared by the terminal, the web and the lab.

- ``easy``: the game's greedy heuristic, but half its moves are random: it
  plays sensibly and often blunders.
- ``normal``: the game's greedy heuristic: fast, sensible, predictable.
- ``hard``: ISMCTS search over worlds consistent with what it sees, the greedy
  heuristic playing each simulated game on for up to 60 decisions (then the
  position is judged by the standing), keeping the heuristic's own move unless
  another earns 40 visits more; it thinks for 400 iterations, capped by
  ``think`` seconds a decision (default 1 s).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from courtly.bots.base import Bot, RandomBot
from courtly.bots.ismcts import ISMCTS
from courtly.engine.actions import Action
from courtly.engine.game import Game

LEVELS = ("easy", "normal", "hard")
HARD_ITERATIONS = 400
HARD_ROLLOUT_STEPS = 60
"""Decisions a ``hard`` rollout plays before judging the position by standing:
long enough to finish a season, a few turns or a round in every game."""
HARD_PRIOR_VISITS = 40
"""Visits by which a ``hard`` search must prefer a move to the heuristic's own."""
DEFAULT_THINK = 1.0


class Blunderer(Bot):
    """Plays like ``inner`` except that a share of its moves are random."""

    name = "easy"

    def __init__(self, game: Game, inner: Bot, blunders: float = 0.5) -> None:
        super().__init__(game)
        self.inner = inner
        self.blunders = blunders
        self.needs_observation = inner.needs_observation  # type: ignore[misc]

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if rng.random() < self.blunders:
            return legal[rng.randrange(len(legal))]
        return self.inner.act(observation, legal, rng)


def heuristic(game: Game) -> Bot:
    """The game's greedy bot, or random play where a game has none."""
    from courtly.bots import greedy_for

    return greedy_for(game) or RandomBot(game)


def make_level(level: str, game: Game, think: float | None = None) -> Bot:
    if level == "easy":
        return Blunderer(game, heuristic(game))
    if level == "normal":
        bot = heuristic(game)
        return bot
    if level == "hard":
        bot = ISMCTS(
            game,
            iterations=HARD_ITERATIONS,
            seconds=None,
            rollout=heuristic(game),
            max_rollout_steps=HARD_ROLLOUT_STEPS,
            prior_visits=HARD_PRIOR_VISITS,
            time_cap=think if think is not None else DEFAULT_THINK,
        )
        bot.name = "hard"  # type: ignore[misc]
        return bot
    raise ValueError(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
