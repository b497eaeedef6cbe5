"""Crown Rivals: what the game is (declared first), then how it is made."""

from __future__ import annotations

from typing import Any, ClassVar

from courtly.engine.game import Game, State
from courtly.engine.tunables import Tunable
from courtly.games.crown_rivals import actions, render, view
from courtly.games.crown_rivals.options import CrownOptions
from courtly.games.crown_rivals.rules import PLAYERS, CrownState


class CrownRivals(Game):
    id = "crown-rivals"
    name = "Crown Rivals"
    summary = (
        "A two-player deck-builder of palace intrigue: play cards to damage, heal and "
        "raise supporters, cash them to buy stronger cards, and bring your rival's "
        "Influence to 0 or yours to 100."
    )
    min_players = max_players = default_players = PLAYERS
    version = 1
    Options = CrownOptions
    notation: ClassVar[Any] = actions
    view: ClassVar[Any] = view
    screen: ClassVar[Any] = render
    actions: ClassVar[list[actions.CrownAction]] = actions.ACTIONS
    tunables: ClassVar[list[Tunable]] = [
        Tunable("start_influence", low=20, high=80, step=5, about="each rival's starting Influence")
    ]
    information = "imperfect"
    simultaneous = False

    def _new(self, players: int, seed: int, options: Any) -> CrownState:
        state = CrownState.__new__(CrownState)
        state.setup(self, seed, options)
        return state

    def progress(self, state: State) -> dict[str, int]:
        """Rounds (each player has had a turn), then turns."""
        assert isinstance(state, CrownState)
        turn = max(state.turn, 1)
        return {"round": (turn - 1) // 2 + 1, "turn": turn}
