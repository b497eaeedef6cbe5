"""Agents of the Crown: what the game is (declared first), then how it is made."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from courtly.engine.actions import Action
from courtly.engine.events import Event
from courtly.engine.game import Game
from courtly.games.agents_of_the_crown import actions, render, view
from courtly.games.agents_of_the_crown.rules import PLAYERS, AgentsOptions, AgentsState


class AgentsOfTheCrown(Game):
    id = "agents-of-the-crown"
    name = "Agents of the Crown"
    summary = (
        "Four rival Houses face a year of challenges together: every season each "
        "player commits one card at once, face up or as a face-down bluff."
    )
    min_players = max_players = default_players = PLAYERS
    version = 1
    Options = AgentsOptions
    actions: ClassVar[list[actions.AgentsAction]] = actions.ACTIONS
    information = "imperfect"
    simultaneous = True

    def _new(self, players: int, seed: int, options: Any) -> AgentsState:
        state = AgentsState.__new__(AgentsState)
        state.setup(self, seed, options)
        return state

    def sample_state(self, observation: Mapping[str, Any], rng: random.Random) -> AgentsState:
        return view.sample(self, observation, rng)

    def observed_as(self, action: Action, actor: int, viewer: int) -> int:
        """Others see a pass only as "a pass", and a face-down card only by where
        it was placed."""
        assert isinstance(action, actions.AgentsAction)
        if actor == viewer or (action.kind == "commit" and action.up):
            return action.id
        if action.kind == "pass":
            return -1
        return -2 - action.place

    def parse_action(self, text: str) -> Action:
        return actions.parse(text)

    def notation_help(self) -> str:
        return actions.NOTATION_HELP

    def render(self, observation: Mapping[str, Any], legal: Sequence[Action] = ()) -> str:
        return render.render(observation)

    def describe(self, event: Event, seat: int | None) -> str | None:
        if not event.visible_to(seat):
            return None
        return render.describe(event.kind, event.data, seat)

    def score_table(self, observation: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
        years = len(observation["year_scores"])
        headers = ["House", *(f"Year {y + 1} (prizes+nobles-curses)" for y in range(years))]
        return [*headers, "Total"], render.breakdown(observation)
