"""What the research interfaces share: the game, its encoder and masks (the
order in which seats deciding at once are served is the engine driver's,
``courtly.engine.driver.served``)."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import numpy as np
from rich.console import Console

from courtly import games
from courtly.engine.errors import CourtlyError, OptionError
from courtly.engine.game import Game, State
from courtly.rl.encoding import Encoder, encoder


def resolve(game: Game | str) -> Game:
    return game if isinstance(game, Game) else games.get(game)


RENDER_MODES = ["ansi", "human"]
"""``ansi``: ``render()`` returns the table as the terminal shows it (text
with ANSI colour codes); ``human``: it prints that to the terminal."""


RENDER_FPS = 1
"""A turn-based table is shown once a step; this only paces a recorder."""


def render_mode_checked(mode: str | None) -> str | None:
    if mode is not None and mode not in RENDER_MODES:
        raise OptionError(
            f"render_mode={mode!r}: choose one of {', '.join(RENDER_MODES)} (or None: no rendering)"
        )
    return mode


def rendered(markup: str, mode: str | None) -> str | None:
    """A game's view (``Game.render``'s Rich markup) as ``mode`` gives it."""
    if mode == "human":
        Console(highlight=False, soft_wrap=True).print(markup)
        return None
    out = io.StringIO()
    Console(
        file=out, force_terminal=True, color_system="standard", highlight=False, soft_wrap=True
    ).print(markup)
    return out.getvalue()


def seat_count(game: Game, players: int | None) -> int:
    n = game.default_players if players is None else players
    if not isinstance(n, int) or not game.min_players <= n <= game.max_players:
        allowed = (
            str(game.min_players)
            if game.min_players == game.max_players
            else f"{game.min_players} to {game.max_players}"
        )
        raise OptionError(f"{game.name} is for {allowed} players, not {players!r}")
    return n


def make_encoder(game: Game, players: int, options: Mapping[str, Any] | None) -> Encoder:
    """The encoder, after checking the options make a valid game."""
    game.new(players=players, seed=0, options=options)  # raises a clear OptionError
    return encoder(game, players, options)


def action_mask(state: State, seat: int, served: int | None = None) -> np.ndarray:
    """1 for each legal action id of ``seat`` now, over the game's whole action
    space. ``served``: the seat being served, where seats deciding at once are
    served one at a time (PettingZoo); any other seat's mask is empty."""
    mask = np.zeros(state.game.action_space_size, dtype=np.int8)
    if not state.over and seat in state.to_act and served in (None, seat):
        for a in state.legal_actions(seat):
            mask[a.id] = 1
    return mask


def action_id(game: Game, action: Any) -> int:
    """An action given to an environment, as an id: a plain int or a NumPy
    integer (or a NumPy scalar array of one, as a vector of envs may give);
    anything else (a float, a string, a bool) is refused with the ids allowed."""
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if not isinstance(action, int | np.integer) or isinstance(action, bool):
        raise CourtlyError(
            f"action {action!r} is not an action id: give an integer from 0 to "
            f"{game.action_space_size - 1} (a plain int or a NumPy integer)"
        )
    return int(action)
