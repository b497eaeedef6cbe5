"""Three Tricks: what the game is (declared first), then how it is made."""

from __future__ import annotations

from typing import Any, ClassVar

from courtly.engine.actions import Action
from courtly.engine.game import Game, State
from courtly.engine.plugins import Notation, PlugIns, Screen, View
from tests.sixth import actions, render, view
from tests.sixth.actions import BIDS, HAND
from tests.sixth.options import ThreeTricksOptions
from tests.sixth.rules import TricksState


class ThreeTricks(Game):
    id = "three-tricks"
    name = "Three Tricks"
    summary = "Three cards each, bids made at once, three tricks a round."
    min_players = 2
    max_players = 4
    default_players = 3
    Options = ThreeTricksOptions
    notation: ClassVar[Notation] = actions
    view: ClassVar[View] = view
    screen: ClassVar[Screen] = render
    actions: ClassVar[list[Action]] = actions.ACTIONS
    information = "imperfect"
    simultaneous = True
    icon = "3"
    score_name = "points"
    first_player = "seat 0 leads the first trick"
    event_labels: ClassVar[dict[str, str]] = {"trick": "tricks taken"}
    quick: ClassVar[dict[str, Any]] = {"rounds": 1}
    plugins = PlugIns(
        heuristic="tests.sixth.bots:Greedy",
        encoding="tests.sixth.encoding:write",
    )

    def max_length(self, players: int, options: Any) -> int:
        """Exact: every seat bids once and plays its three cards, each round."""
        return int(options.rounds) * players * (1 + HAND)

    def _new(self, players: int, seed: int, options: Any) -> TricksState:
        state = TricksState.__new__(TricksState)
        state.setup(self, players, seed, options)
        return state

    def observed_as(self, action: Action, actor: int, viewer: int) -> int:
        """Another seat's bid is seen only as "a bid" (until all are in)."""
        if actor != viewer and action.id < BIDS:
            return -1
        return action.id

    def progress(self, state: State) -> dict[str, int]:
        assert isinstance(state, TricksState)
        return {"round": min(state.round + 1, state.options.rounds), "decision": len(state.history)}
