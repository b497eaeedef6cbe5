"""Bots by name: ``random`` and ``ismcts`` (search) for every game, ``greedy``
(a per-game heuristic), and a game's scripted reference strategies.

    bot = courtly.bots.make("greedy", game)
    action = bot.act(state.observation(seat), state.legal_actions(seat), rng)
    seats = courtly.bots.make_all(game, ["hard", "easy", "normal"])  # each knows the table

A game names its own bots in its declaration (``Game.plugins``): its greedy
bot, ``heuristic``, a class ``Greedy(game, weights=None)`` (kept in
``courtly/bots/greedy/``), and its scripted strategies, ``scripted``, the plain
plans a new player would follow (to measure the heuristic against), a dict
from name to bot class (kept in ``courtly/bots/scripted/``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from courtly.bots.base import Bot, RandomBot
from courtly.bots.ismcts import ISMCTS
from courtly.bots.levels import LEVELS, make_level, split_budget, split_think
from courtly.engine import plugins
from courtly.engine.errors import CourtlyError
from courtly.engine.game import Game

GENERIC: dict[str, type[Bot]] = {"random": RandomBot, "ismcts": ISMCTS}


class Heuristic(Protocol):
    """A game's greedy bot class, as ``Game.plugins.heuristic`` names it."""

    def __call__(self, game: Game, /) -> Bot: ...


def scripted_for(game: Game) -> dict[str, type[Bot]]:
    """The game's scripted reference strategies by name (none if it declares none)."""
    ref = game.plugins.scripted
    if ref is None:
        return {}
    bots: dict[str, type[Bot]] = plugins.load(ref)
    return bots


def greedy_for(game: Game) -> Bot | None:
    """The game's greedy heuristic, if it declares one."""
    ref = game.plugins.heuristic
    if ref is None:
        return None
    made: Heuristic = plugins.load(ref)
    return made(game)


def names(game: Game) -> list[str]:
    """The bot names available for ``game``: the levels, then the bots by kind,
    then the game's scripted strategies."""
    out = [*LEVELS, *GENERIC]
    if game.plugins.heuristic is not None:
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


def make_all(game: Game, names: Sequence[str], think: float | None = None) -> list[Bot]:
    """A table of bots by name, each shown the table (``Bot.meet``): what
    ``make`` gives, seat by seat, once every bot knows who it plays."""
    seats = [make(name, game, think) for name in names]
    for bot in seats:
        bot.meet(list(names))
    return seats


__all__ = [
    "LEVELS",
    "Bot",
    "RandomBot",
    "greedy_for",
    "make",
    "make_all",
    "names",
    "scripted_for",
    "split_budget",
    "split_think",
]
