"""Bots by name: ``random`` and ``ismcts`` (search) for every game, ``greedy``
(a per-game heuristic), and a game's scripted reference strategies.

    bot = courtly.bots.make("greedy", game)
    action = bot.act(state.observation(seat), state.legal_actions(seat), rng)

A game's greedy bot lives in ``courtly/bots/greedy/<game module>.py`` as a class
``Greedy``. Scripted strategies, the plain plans a new player would follow (to
measure the heuristic against), live in ``courtly/bots/scripted/<game module>.py``
as a dict ``BOTS`` from name to bot class.
"""

from __future__ import annotations

import importlib
import importlib.util

from courtly.bots.base import Bot, RandomBot
from courtly.bots.ismcts import ISMCTS
from courtly.bots.levels import LEVELS, make_level, split_think
from courtly.engine.errors import CourtlyError
from courtly.engine.game import Game

GENERIC: dict[str, type[Bot]] = {"random": RandomBot, "ismcts": ISMCTS}


def _greedy_module(game: Game) -> str:
    return "courtly.bots.greedy." + game.id.replace("-", "_")


def scripted_for(game: Game) -> dict[str, type[Bot]]:
    """The game's scripted reference strategies by name (none for most games)."""
    module = "courtly.bots.scripted." + game.id.replace("-", "_")
    if importlib.util.find_spec(module) is None:
        return {}
    bots: dict[str, type[Bot]] = importlib.import_module(module).BOTS
    return bots


def greedy_for(game: Game) -> Bot | None:
    """The game's greedy heuristic, if it has one."""
    if importlib.util.find_spec(_greedy_module(game)) is None:
        return None
    cls: type[Bot] = importlib.import_module(_greedy_module(game)).Greedy
    return cls(game)


def names(game: Game) -> list[str]:
    """The bot names available for ``game``: the levels, then the bots by kind,
    then the game's scripted strategies."""
    out = [*LEVELS, *GENERIC]
    if importlib.util.find_spec(_greedy_module(game)) is not None:
        out.append("greedy")
    return out + list(scripted_for(game))


def make(name: str, game: Game, think: float | None = None) -> Bot:
    """A bot by name for ``game``; an unknown name lists the valid ones.
    ``think`` caps a searching bot's seconds per decision, unless its name
    gives its own (``hard@0.3``)."""
    key = name.strip().lower()
    if split_think(key)[0] in LEVELS:  # a time after @ is checked here too
        return make_level(key, game, think)
    if key in GENERIC:
        return GENERIC[key](game)
    if key == "greedy":
        bot = greedy_for(game)
        if bot is not None:
            return bot
    scripted = scripted_for(game).get(key)
    if scripted is not None:
        return scripted(game)
    raise CourtlyError(
        f"there is no bot {name!r} for {game.name}; the bots are: {', '.join(names(game))}"
    )


__all__ = [
    "LEVELS",
    "Bot",
    "RandomBot",
    "greedy_for",
    "make",
    "names",
    "scripted_for",
    "split_think",
]
