"""The registry of games, by id.

    >>> from courtly import games
    >>> games.get("agents-of-the-crown").name
    'Agents of the Crown'

Games are imported when first asked for, so a surface pays only for the games
it uses. A game shipped with Courtly adds one line to ``_MODULES``. A game
kept elsewhere (a package of its own, a test game) is registered in one line
by the path of the module that declares it (its ``GAME``):

    games.register("tests.sixth")

or, for every process Courtly starts (a server, the lab's workers), by the
environment: ``COURTLY_GAMES=tests.sixth`` (several paths separated by commas).
Nothing else changes: every surface reads the game's declaration.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
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

ENVIRONMENT = "COURTLY_GAMES"
"""The variable naming further games' modules, separated by commas."""

_REGISTERED: dict[str, str] = {}
"""Games registered by ``register`` in this process: id -> module path."""
_FROM_ENVIRONMENT: tuple[str, dict[str, str]] = ("", {})
"""The variable's value as last read, and the games it names."""


def _key(game_id: str) -> str:
    return str(game_id).strip().lower().replace("_", "-")


def _declared(module: str) -> Game:
    try:
        game = importlib.import_module(module).GAME
    except (ImportError, AttributeError) as exc:
        raise UnknownGame(
            f"{module!r} is not a module that declares a game (GAME): {exc}"
        ) from None
    if not isinstance(game, Game):
        raise UnknownGame(f"{module}.GAME is not a Game but {type(game).__name__}")
    return game


def register(module: str) -> Game:
    """Add the game that ``module`` declares (its ``GAME``) to the registry,
    under the game's id, for this process; its game."""
    game = _declared(module)
    key = _key(game.id)
    if _MODULES.get(key, module) != module:
        raise UnknownGame(f"the id {game.id!r} is already Courtly's game in {_MODULES[key]}")
    _REGISTERED[key] = module
    return game


def unregister(game_id: str) -> None:
    """Forget a game ``register`` added (a game the environment names stays)."""
    _REGISTERED.pop(_key(game_id), None)


def _environment() -> dict[str, str]:
    """The games ``COURTLY_GAMES`` names, read again whenever it changes."""
    global _FROM_ENVIRONMENT
    value = os.environ.get(ENVIRONMENT, "")
    if value != _FROM_ENVIRONMENT[0]:
        found = {}
        for module in (m.strip() for m in value.split(",")):
            if module:
                found[_key(_declared(module).id)] = module
        _FROM_ENVIRONMENT = (value, found)
    return _FROM_ENVIRONMENT[1]


def _modules() -> dict[str, str]:
    return {**_MODULES, **_environment(), **_REGISTERED, **_MODULES}


def _available(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def ids() -> list[str]:
    """Ids of every game this Courtly has (its own, then those registered)."""
    return [g for g, module in _modules().items() if _available(module)]


def get(game_id: str) -> Game:
    """The game with this id (case-insensitive; underscores read as dashes)."""
    modules = _modules()
    key = _key(game_id)
    if key not in modules or not _available(modules[key]):
        raise UnknownGame(f"there is no game {game_id!r}; the games are: {', '.join(ids())}")
    return _get(key, modules[key])


@cache
def _get(key: str, module: str) -> Game:
    game: Game = importlib.import_module(module).GAME
    return game


def all_games() -> list[Game]:
    return [get(g) for g in ids()]
