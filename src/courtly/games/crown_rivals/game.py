"""Crown Rivals: what the game is (declared first), then how it is made."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from courtly.engine.actions import Action
from courtly.engine.events import Event
from courtly.engine.game import Game
from courtly.games.crown_rivals import actions, render, view
from courtly.games.crown_rivals.rules import PLAYERS, CrownOptions, CrownState


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
    actions: ClassVar[list[actions.CrownAction]] = actions.ACTIONS
    information = "imperfect"
    simultaneous = False

    def _new(self, players: int, seed: int, options: Any) -> CrownState:
        state = CrownState.__new__(CrownState)
        state.setup(self, seed, options)
        return state

    def sample_state(self, observation: Mapping[str, Any], rng: random.Random) -> CrownState:
        return view.sample(self, observation, rng)

    def parse_action(self, text: str) -> Action:
        return actions.parse(text)

    def notation_help(self) -> str:
        return actions.NOTATION_HELP

    def render(self, observation: Mapping[str, Any], legal: Sequence[Action] = ()) -> str:
        return render.render(observation, legal)

    def score_table(self, observation: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
        return render.score_table(observation)

    def describe(self, event: Event, seat: int | None) -> str | None:
        """One log line for ``event`` as ``seat`` sees it."""
        if not event.visible_to(seat):
            return None
        return render.describe(event.kind, event.data, seat)
