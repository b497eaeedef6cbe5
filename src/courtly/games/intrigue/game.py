"""Intrigue: what the game is (declared first), then how it is made."""

from __future__ import annotations

from typing import Any, ClassVar

from courtly.engine.actions import Action
from courtly.engine.game import Game, State
from courtly.engine.tunables import Tunable
from courtly.games.intrigue import actions, render, view
from courtly.games.intrigue.cards import CODES
from courtly.games.intrigue.options import IntrigueOptions
from courtly.games.intrigue.rules import PLAYERS, IntrigueState


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
    notation: ClassVar[Any] = actions
    view: ClassVar[Any] = view
    screen: ClassVar[Any] = render
    actions: ClassVar[list[actions.IntrigueAction]] = actions.ACTIONS
    tunables: ClassVar[list[Tunable]] = [
        Tunable("hand_size", low=3, high=8, about="cards dealt to each player each round")
    ]
    information = "imperfect"
    simultaneous = False

    def _new(self, players: int, seed: int, options: Any) -> IntrigueState:
        state = IntrigueState.__new__(IntrigueState)
        state.setup(self, seed, options)
        return state

    def observed_as(self, action: Action, actor: int, viewer: int) -> int:
        """Another seat sees a card played face down only by the Character it went
        to, and a Favor only as a Favor: each is seen as the first action of its
        kind with the same public part (``down ORACLE A``, ``favor A``). Everything
        else a turn or a choice does is public."""
        assert isinstance(action, actions.IntrigueAction)
        if actor == viewer:
            return action.id
        if action.kind == "down":
            return actions.DOWN[0][action.letter].id
        if action.kind == "favor":
            return actions.FAVOR[0].id
        return action.id

    def card_codes(self) -> frozenset[str]:
        return frozenset(CODES)

    def progress(self, state: State) -> dict[str, int]:
        """The round being played."""
        assert isinstance(state, IntrigueState)
        return {"round": max(state.round, 1)}
