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
  seconds a decision (default 1 s) is spent, or 5,000 iterations a second of
  ``think``: 30% of it growing the trees, 70% checking the search's two
  most visited moves against the heuristic's in paired rollouts of up to 200
  decisions (the guard, ``courtly.bots.guard``; a game may declare its own,
  ``Game.plugins.guard``: Garrison checks six, and a line of its own moves
  that wins within the turn, ``Guard.lines``). It plays the heuristic's
  move unless one of them is clearly better. A finished game is valued by
  rank (1 first place, 0 last), or as its game declares
  (``Game.plugins.outcome``: Garrison, a race, by the win alone). It is
  shown its table before play (``Bot.meet``: each seat's bot, public at
  every table) and plays a seat shown as ``random`` or ``easy`` so in its
  search (``models_for``); a person, and any other bot, as the heuristic.

A searching level's name may carry its own thinking time: ``hard@0.3`` is
``hard`` thinking 0.3 s a decision, whatever ``think`` the table gives. Or a
fixed number of iterations with no clock: ``hard@600it`` searches 600 a
decision (tree and guard together) however fast the machine, so the same
seeds give the same games anywhere (the lab's reproducible strong bot).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from courtly.bots.base import Bot, RandomBot
from courtly.bots.evaluation import evaluation_for, outcome_for
from courtly.bots.guard import Guard
from courtly.bots.ismcts import ISMCTS
from courtly.engine import plugins
from courtly.engine.actions import Action
from courtly.engine.errors import CourtlyError
from courtly.engine.game import Game

LEVELS = ("easy", "normal", "hard")
SEARCHING_LEVELS = ("hard",)
"""The levels that search, and so take a thinking time (``hard@0.3``)."""
THINK_RANGE = (0.01, 60.0)
"""The thinking times a level's name may give, in seconds."""
ITERATION_RANGE = (10, 1_000_000)
"""The fixed iterations a level's name may give (``hard@600it``)."""
HARD_ITERATIONS = 5000
"""A ceiling on a ``hard`` search per second of thinking time (and at least
this many): at 0.9 s a decision the time cap ends it first in every game but
Garrison, compiled (520 to 3,150 iterations in 0.9 s of CPU; Garrison's 5,000
take about 0.6 s: BENCHMARKS.md, "Garrison's `hard` at a second's budget")."""
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
HARD_GUARD = Guard(candidates=2, steps=200)
"""How a ``hard`` search checks its best moves against the heuristic's, unless
its game declares its own guard (``guard_for``): the
two most visited, in rollouts long enough to finish most games of Crown
Rivals (about 170 decisions between two ``normal`` seats), where a move that
looks better after a turn or two often loses the race (BENCHMARKS.md, "The
levels on one ladder")."""
HARD_GUARD_SHARE = 0.7
"""The share of a ``hard`` search's budget spent on the guard's comparison."""
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


class Hard(ISMCTS):
    """The ``hard`` level's search. Its own class, interpreted, so that a bot
    made as ``hard@0.3`` can carry that name (a compiled ``ISMCTS`` has no room
    for an attribute its class does not declare)."""

    name: ClassVar[str] = "hard"

    def meet(self, table: Sequence[str | None]) -> None:
        """Model the seats the table shows as weaker bots by their own play
        (``models_for``)."""
        self.models = models_for(self.game, table)


MODELLED = ("random", "easy")
"""The seats a ``hard`` search plays as the table shows them: bots weaker
than the heuristic, whose public name says how they play. Every other seat
(a person, ``normal``, ``hard``, a scripted strategy) it plays as the
heuristic. Without them, ``hard`` played the ``random`` and ``easy`` seats as
``normal`` would, spending moves against seats that are no threat
(BENCHMARKS.md, "Seat models": little worth in Garrison, where those seats
hardly win; in Agents of the Crown's ladder it finished ahead of ``normal``
in 85% of 60 games with them, 70% without)."""


def models_for(game: Game, table: Sequence[str | None]) -> list[Bot | None]:
    """By seat, the policy a ``hard`` search plays a seat of ``table`` with
    (see ``Bot.meet``): the seat's own bot where ``MODELLED`` names it, else
    None (the heuristic), as for a name it does not know."""
    models: list[Bot | None] = []
    for name in table:
        try:
            level = None if name is None else split_budget(name)[0]
        except CourtlyError:  # a name no bot has (a record's, say): played as the heuristic
            level = None
        if level == "random":
            models.append(RandomBot(game))
        elif level == "easy":
            models.append(make_level(level, game))
        else:
            models.append(None)
    return models


def heuristic(game: Game) -> Bot:
    """The game's greedy bot, or random play where a game has none."""
    from courtly.bots import greedy_for

    return greedy_for(game) or RandomBot(game)


def guard_for(game: Game) -> Guard:
    """The guard ``game`` declares for its ``hard`` search, else ``HARD_GUARD``."""
    ref = game.plugins.guard
    if ref is None:
        return HARD_GUARD
    found = plugins.load(ref)
    if not isinstance(found, Guard):
        raise CourtlyError(f"plug-in {ref!r} is not a Guard (courtly.bots.guard)")
    return found


def split_think(name: str) -> tuple[str, float | None]:
    """A bot name and the thinking time it carries: ``hard@0.3`` is
    ``("hard", 0.3)``, ``normal`` is ``("normal", None)`` (and so is a fixed
    number of iterations, ``hard@600it``: see ``split_budget``)."""
    base, seconds, _ = split_budget(name)
    return base, seconds


def split_budget(name: str) -> tuple[str, float | None, int | None]:
    """A bot name and the budget it carries: ``hard@0.3`` is ``("hard", 0.3,
    None)``, ``hard@600it`` is ``("hard", None, 600)``, ``normal`` is
    ``("normal", None, None)``. A budget given to a bot that does not search,
    or one out of ``THINK_RANGE`` seconds or ``ITERATION_RANGE`` iterations,
    is refused with what is allowed."""
    base, at, budget = name.strip().lower().partition("@")
    if not at:
        return base, None, None
    if base not in SEARCHING_LEVELS:
        raise CourtlyError(
            f"{name!r}: a thinking time after @ goes with a searching level "
            f"({', '.join(f'{s}@SECONDS' for s in SEARCHING_LEVELS)}, e.g. hard@0.3, or "
            f"{SEARCHING_LEVELS[0]}@600it for fixed iterations), and {base!r} is not one"
        )
    if budget.endswith("it"):
        low_it, high_it = ITERATION_RANGE
        count = budget[:-2]
        if not count.isdigit() or not low_it <= int(count) <= high_it:
            raise CourtlyError(
                f"{name!r}: the iterations after @ are a whole number from {low_it:,} to "
                f"{high_it:,} followed by it, e.g. {base}@600it, not {budget!r}"
            )
        return base, None, int(count)
    low, high = THINK_RANGE
    try:
        value = float(budget)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not low <= value <= high:
        raise CourtlyError(
            f"{name!r}: the thinking time after @ is seconds from {low:g} to {high:g}, "
            f"e.g. {base}@0.3 (or iterations, e.g. {base}@600it), not {budget!r}"
        )
    return base, value, None


def make_level(level: str, game: Game, think: float | None = None) -> Bot:
    """A level by name (``easy``, ``normal``, ``hard``, ``hard@SECONDS`` or
    ``hard@Nit``); ``think`` is a searching level's seconds a decision unless
    its name gives its own budget."""
    level, own, fixed = split_budget(level)
    if own is not None:
        think = own
    if level == "easy":
        return Blunderer(game, heuristic(game))
    if level == "normal":
        bot = heuristic(game)
        return bot
    if level == "hard":
        seconds = think if think is not None else DEFAULT_THINK
        bot = Hard(
            game,
            iterations=math.ceil(HARD_ITERATIONS * max(1.0, seconds)),
            seconds=None,
            rollout=heuristic(game),
            max_rollout_steps=HARD_ROLLOUT_STEPS,
            prior_visits=HARD_PRIOR_VISITS,
            evaluate=evaluation_for(game),
            widening=HARD_WIDENING,
            guard=guard_for(game),
            outcome=outcome_for(game),
            guard_share=HARD_GUARD_SHARE,
            time_cap=HARD_TIME_SHARE * seconds,
        )
        if own is not None:
            bot.name = f"hard@{own:g}"  # type: ignore[misc]
        if fixed is not None:  # no clock: the same search on any machine
            bot.iterations, bot.time_cap = fixed, None
            bot.name = f"hard@{fixed}it"  # type: ignore[misc]
        return bot
    raise ValueError(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
