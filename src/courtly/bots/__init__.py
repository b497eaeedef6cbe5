"""Bots by name: ``random`` and ``ismcts`` (search) for every game, ``greedy``
(a per-game heuristic).

    bot = courtly.bots.make("greedy", game)
    action = bot.act(state.observation(seat), state.legal_actions(seat), rng)

A game's greedy bot lives in ``courtly/bots/greedy/<game module>.py`` as a class
``Greedy``.
"""

from __future__ import annotations

import importlib
import importlib.util

from courtly.bots.base import Bot, RandomBot
from courtly.bots.ismcts import ISMCTS
from courtly.bots.levels import LEVELS, make_level
from courtly.engine.errors import CourtlyError
from courtly.engine.game import Game

GENERIC: dict[str, type[Bot]] = {"random": RandomBot, "ismcts": ISMCTS}


def _greedy_module(game: Game) -> str:
    return "courtly.bots.greedy." + game.id.replace("-", "_")


def greedy_for(game: Game) -> Bot | None:
    """The game's greedy heuristic, if it has one."""
    if importlib.util.find_spec(_greedy_module(game)) is None:
        return None
    cls: type[Bot] = importlib.import_module(_greedy_module(game)).Greedy
    return cls(game)


def names(game: Game) -> list[str]:
    """The bot names available for ``game``: the levels, then the bots by kind."""
    out = [*LEVELS, *GENERIC]
    if importlib.util.find_spec(_greedy_module(game)) is not None:
        out.append("greedy")
    return out


def make(name: str, game: Game, think: float | None = None) -> Bot:
    """A bot by name for ``game``; an unknown name lists the valid ones.
    ``think`` caps a searching bot's seconds per decision."""
    key = name.strip().lower()
    if key in LEVELS:
        return make_level(key, game, think)
    if key in GENERIC:
        return GENERIC[key](game)
    if key == "greedy":
        bot = greedy_for(game)
        if bot is not None:
            return bot
    raise CourtlyError(
        f"there is no bot {name!r} for {game.name}; the bots are: {', '.join(names(game))}"
    )


__all__ = ["LEVELS", "Bot", "RandomBot", "greedy_for", "make", "names"]
