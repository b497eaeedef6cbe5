"""Strength levels shared by the terminal, the web and the lab.

- ``easy``: the game's greedy heuristic, but half its moves are random: it
  plays sensibly and often blunders.
- ``normal``: the game's greedy heuristic: fast, sensible, predictable.
- ``hard``: multi-observer ISMCTS (one tree per seat, simultaneous decisions
  searched as simultaneous) over worlds consistent with what it sees; the
  greedy heuristic plays each simulated game on for 16 decisions, then the
  game's evaluation judges the position (``courtly.bots.evaluation``). In
  the tree each seat tries the heuristic's move first and others as its
  visits grow (progressive widening). It thinks until 90% of ``think``
  seconds a decision (default 1 s) is spent, or 5,000 iterations, and plays
  the most visited move.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from courtly.bots.base import Bot, RandomBot
from courtly.bots.evaluation import evaluation_for
from courtly.bots.ismcts import ISMCTS
from courtly.engine.actions import Action
from courtly.engine.game import Game

LEVELS = ("easy", "normal", "hard")
HARD_ITERATIONS = 5000
"""A ceiling on a ``hard`` search: at 0.9 s a decision the time cap ends it
first in every game (240 to 580 iterations a decision in BENCHMARKS.md)."""
HARD_ROLLOUT_STEPS = 16
"""Decisions a ``hard`` rollout plays before the game's evaluation judges the
position: about a season of Agents of the Crown, a turn or two elsewhere."""
HARD_WIDENING = 0.5
"""Progressive widening in a ``hard`` search: below its own root a seat tries
the heuristic's move first, and 1 + floor(0.5 sqrt(visits)) moves in all."""
HARD_PRIOR_VISITS = 0
"""Visits by which a ``hard`` search must prefer a move to the heuristic's own.
None: the previous margin of 40 kept the heuristic's move in 39 of 40 Agents of
the Crown decisions, and widening already tries the heuristic's move first in
the tree; every measured configuration of the new search played without it."""
HARD_TIME_SHARE = 0.9
"""The share of ``think`` a ``hard`` search uses, leaving room for the rest of
the decision (the heuristic's hint, the final choice) and a slow iteration."""
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
            evaluate=evaluation_for(game),
            widening=HARD_WIDENING,
            time_cap=HARD_TIME_SHARE * (think if think is not None else DEFAULT_THINK),
        )
        bot.name = "hard"  # type: ignore[misc]
        return bot
    raise ValueError(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
