"""Garrison: what the game is (declared first), then how it is made."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from courtly.engine.actions import Action
from courtly.engine.game import Game
from courtly.games.garrison import actions, render, view
from courtly.games.garrison.options import GarrisonOptions
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
    actions: ClassVar[list[actions.GarrisonAction]] = actions.ACTIONS
    information = "imperfect"
    simultaneous = False

    def _new(self, players: int, seed: int, options: Any) -> GarrisonState:
        state = GarrisonState.__new__(GarrisonState)
        state.setup(self, players, seed, options)
        return state

    def sample_state(self, observation: Mapping[str, Any], rng: random.Random) -> GarrisonState:
        return view.sample(self, observation, rng)

    def parse_action(self, text: str) -> Action:
        return actions.parse(text)

    def notation_help(self) -> str:
        return actions.NOTATION_HELP

    def render(self, observation: Mapping[str, Any], legal: Sequence[Action] = ()) -> str:
        return render.render(observation, legal)

    def score_table(self, observation: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
        return render.score_table(observation)
