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
from courtly.engine.errors import CourtlyError
from courtly.engine.game import Game

GENERIC: dict[str, type[Bot]] = {"random": RandomBot, "ismcts": ISMCTS}


def _greedy_module(game: Game) -> str:
    return "courtly.bots.greedy." + game.id.replace("-", "_")


def names(game: Game) -> list[str]:
    """The bot names available for ``game``."""
    out = list(GENERIC)
    if importlib.util.find_spec(_greedy_module(game)) is not None:
        out.append("greedy")
    return out


def make(name: str, game: Game) -> Bot:
    """A bot by name for ``game``; an unknown name lists the valid ones."""
    key = name.strip().lower()
    if key in GENERIC:
        return GENERIC[key](game)
    if key == "greedy" and "greedy" in names(game):
        cls: type[Bot] = importlib.import_module(_greedy_module(game)).Greedy
        return cls(game)
    raise CourtlyError(
        f"there is no bot {name!r} for {game.name}; the bots are: {', '.join(names(game))}"
    )


__all__ = ["Bot", "RandomBot", "make", "names"]
