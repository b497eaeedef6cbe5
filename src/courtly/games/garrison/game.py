"""Garrison: what the game is (declared first), then how it is made."""

from __future__ import annotations

from typing import Any, ClassVar

from courtly.engine.game import Game, State
from courtly.engine.tunables import Tunable
from courtly.games.garrison import actions, render, view
from courtly.games.garrison.options import GarrisonOptions, quick_target
from courtly.games.garrison.rules import GarrisonState


class Garrison(Game):
    id = "garrison"
    name = "Garrison"
    summary = (
        "Build your keep of hearts and clubs to the target while rivals besiege it "
        "with spades; Aces are spies played out of turn, the Joker a disaster."
    )
    min_players = 2
    max_players = 6
    default_players = 4
    version = 1
    Options = GarrisonOptions
    notation: ClassVar[Any] = actions
    view: ClassVar[Any] = view
    screen: ClassVar[Any] = render
    actions: ClassVar[list[actions.GarrisonAction]] = actions.ACTIONS
    tunables: ClassVar[list[Tunable]] = [
        Tunable(
            "target",
            low=15,
            high=60,
            step=5,
            per_players=True,
            text=quick_target,
            about="the keep value that wins, by player count (GAR-2's table)",
        )
    ]
    information = "imperfect"
    simultaneous = False

    def _new(self, players: int, seed: int, options: Any) -> GarrisonState:
        state = GarrisonState.__new__(GarrisonState)
        state.setup(self, players, seed, options)
        return state

    def progress(self, state: State) -> dict[str, int]:
        """Rounds (every seat has had a turn), then turns."""
        assert isinstance(state, GarrisonState)
        return {"round": (state.turn - 1) // state.n + 1, "turn": state.turn}
