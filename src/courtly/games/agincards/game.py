"""Agincards: what the game is (declared first), then how it is made."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from courtly.engine.actions import Action
from courtly.engine.events import Event
from courtly.engine.game import Game
from courtly.games.agincards import actions, render, view
from courtly.games.agincards.rules import AgincardsOptions, AgincardsState


class Agincards(Game):
    id = "agincards"
    name = "Agincards"
    summary = (
        "Grow a map of cards where every row and column must rise one way and fall "
        "the other; tokens on same-colour runs score as the runs grow. Solitaire or "
        "up to four players (more with two packs)."
    )
    min_players = 1
    max_players = 8
    default_players = 2
    version = 1
    Options = AgincardsOptions
    actions: ClassVar[list[actions.AgincardsAction]] = actions.ACTIONS
    information = "imperfect"
    simultaneous = False

    def _new(self, players: int, seed: int, options: Any) -> AgincardsState:
        state = AgincardsState.__new__(AgincardsState)
        state.setup(self, players, seed, options)
        return state

    def sample_state(self, observation: Mapping[str, Any], rng: random.Random) -> AgincardsState:
        return view.sample(self, observation, rng)

    def parse_action(self, text: str) -> Action:
        return actions.parse(text)

    def notation_help(self) -> str:
        return actions.NOTATION_HELP

    def render(self, observation: Mapping[str, Any], legal: Sequence[Action] = ()) -> str:
        return render.render(observation, legal)

    def describe(self, event: Event, seat: int | None) -> str | None:
        if not event.visible_to(seat):
            return None
        return render.describe(event.kind, event.data, seat)

    def score_table(self, observation: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
        headers = ["seat", "token points", "run points", "tokens left", "total"]
        return headers, render.breakdown(observation)
