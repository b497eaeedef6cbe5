"""Research interfaces: every Courtly game as a PettingZoo AEC environment, a
Gymnasium single-agent environment against Courtly bots, and an OpenSpiel game.

    import courtly.rl
    env = courtly.rl.pettingzoo_env("garrison", players=3, options={"length": "quick"})
    env = courtly.rl.gym_env("crown-rivals", seat=0, opponents=["random"])
    from courtly.rl import openspiel; openspiel.register()

They need the ``rl`` extra (``pip install courtly[rl]``); this package itself
imports without it, and loads each library only when its interface is asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from courtly.engine.errors import CourtlyError


class MissingExtra(CourtlyError, ImportError):
    """A research library is not installed."""


def _interface(module: str) -> ModuleType:
    try:
        return importlib.import_module(f"courtly.rl.{module}")
    except ImportError as exc:
        raise MissingExtra(
            f"the research interfaces need the rl extra (pip install 'courtly[rl]'): {exc}"
        ) from None


if TYPE_CHECKING:
    from courtly.engine.game import Game
    from courtly.rl.gymnasium_env import CourtlyGym
    from courtly.rl.pettingzoo_aec import CourtlyAEC


def pettingzoo_env(
    game: Game | str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> CourtlyAEC:
    """A PettingZoo AEC environment of ``game``: see ``courtly.rl.pettingzoo_aec``."""
    return _interface("pettingzoo_aec").make(
        game, players=players, options=options, render_mode=render_mode
    )


def gym_env(
    game: Game | str,
    seat: int = 0,
    opponents: Sequence[str] = ("random",),
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    illegal: str = "forfeit",
    render_mode: str | None = None,
) -> CourtlyGym:
    """A Gymnasium environment of ``game`` played from ``seat``: see ``courtly.rl.gymnasium_env``."""
    return _interface("gymnasium_env").make(
        game,
        seat=seat,
        opponents=opponents,
        players=players,
        options=options,
        illegal=illegal,
        render_mode=render_mode,
    )
