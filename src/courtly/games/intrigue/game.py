"""Intrigue: what the game is (declared first), then how it is made."""

from __future__ import annotations

from typing import Any, ClassVar

from courtly.engine.game import Game, State
from courtly.games.intrigue import actions, render, view
from courtly.games.intrigue.cards import CODES
from courtly.games.intrigue.rules import PLAYERS, IntrigueOptions, IntrigueState


class Intrigue(Game):
    id = "intrigue"
    name = "Intrigue"
    summary = (
        "Three royal advisors back rival would-be rulers: support cards face down, "
        "relationships between the Characters, tokens and Favors on the winner."
    )
    min_players = max_players = default_players = PLAYERS
    version = 1
    Options = IntrigueOptions
    notation = actions
    view = view
    screen = render
    actions: ClassVar[list[actions.IntrigueAction]] = actions.ACTIONS
    information = "imperfect"
    simultaneous = False

    def _new(self, players: int, seed: int, options: Any) -> IntrigueState:
        state = IntrigueState.__new__(IntrigueState)
        state.setup(self, seed, options)
        return state

    def card_codes(self) -> frozenset[str]:
        return frozenset(CODES)

    def progress(self, state: State) -> dict[str, int]:
        """The round being played."""
        assert isinstance(state, IntrigueState)
        return {"round": max(state.round, 1)}
