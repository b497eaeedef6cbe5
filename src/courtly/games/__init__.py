"""The registry of games, by id.

    >>> from courtly import games
    >>> games.get("agents-of-the-crown").name
    'Agents of the Crown'

Games are imported when first asked for, so a surface pays only for the games
it uses. A sixth game adds one line to ``_MODULES``.
"""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from courtly.engine.errors import UnknownGame
from courtly.engine.game import Game

_MODULES = {
    "agents-of-the-crown": "courtly.games.agents_of_the_crown",
    "agincards": "courtly.games.agincards",
    "crown-rivals": "courtly.games.crown_rivals",
    "garrison": "courtly.games.garrison",
    "intrigue": "courtly.games.intrigue",
}


def _available(game_id: str) -> bool:
    try:
        return importlib.util.find_spec(_MODULES[game_id]) is not None
    except ModuleNotFoundError:
        return False


def ids() -> list[str]:
    """Ids of every game this Courtly has."""
    return [g for g in _MODULES if _available(g)]


@cache
def get(game_id: str) -> Game:
    """The game with this id (case-insensitive; underscores read as dashes)."""
    key = str(game_id).strip().lower().replace("_", "-")
    if key not in _MODULES or not _available(key):
        raise UnknownGame(f"there is no game {game_id!r}; the games are: {', '.join(ids())}")
    module = importlib.import_module(_MODULES[key])
    game: Game = module.GAME
    return game


def all_games() -> list[Game]:
    return [get(g) for g in ids()]
