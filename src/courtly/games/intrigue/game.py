"""Intrigue: what the game is (declared first), then how it is made."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from courtly.engine.actions import Action
from courtly.engine.game import Game
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
    actions: ClassVar[list[actions.IntrigueAction]] = actions.ACTIONS
    information = "imperfect"
    simultaneous = False

    def _new(self, players: int, seed: int, options: Any) -> IntrigueState:
        state = IntrigueState.__new__(IntrigueState)
        state.setup(self, seed, options)
        return state

    def sample_state(self, observation: Mapping[str, Any], rng: random.Random) -> IntrigueState:
        return view.sample(self, observation, rng)

    def parse_action(self, text: str) -> Action:
        return actions.parse(text)

    def notation_help(self) -> str:
        return actions.NOTATION_HELP

    def render(self, observation: Mapping[str, Any], legal: Sequence[Action] = ()) -> str:
        return render.render(observation, legal)

    def score_table(self, observation: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
        return render.score_table(observation)

    def card_codes(self) -> frozenset[str]:
        return frozenset(CODES)
