"""Intrigue: what the game is (declared first), then how it is made."""

from __future__ import annotations

from typing import Any, ClassVar

from courtly.engine.actions import Action
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.engine.plugins import Notation, PlugIns, Screen, View
from courtly.engine.tunables import Tunable
from courtly.games.intrigue import actions, render, view
from courtly.games.intrigue import cards as C
from courtly.games.intrigue.cards import CODES, PLAYERS
from courtly.games.intrigue.options import IntrigueOptions
from courtly.games.intrigue.rules import IntrigueState


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
    notation: ClassVar[Notation] = actions
    view: ClassVar[View] = view
    screen: ClassVar[Screen] = render
    actions: ClassVar[list[actions.IntrigueAction]] = actions.ACTIONS
    tunables: ClassVar[list[Tunable]] = [
        Tunable("hand_size", low=3, high=8, about="cards dealt to each player each round")
    ]
    information = "imperfect"
    simultaneous = False
    icon = "\u265d"
    score_name = "points"
    first_player = "always seat P0, who starts the first round"
    event_labels: ClassVar[dict[str, str]] = {
        "replaced": "relationships replaced",
        "round_won": "rounds won",
        "spy": "spies",
        "debt": "debts",
        "swap": "swaps",
        "reverse": "reversals",
    }
    quick: ClassVar[dict[str, Any]] = {"rounds": 1}
    designer_questions = (
        ("feedback", "Please feel free to reach out to me with feedback from your experience"),
    )
    plugins = PlugIns(
        heuristic="courtly.bots.greedy.intrigue:Greedy",
        evaluation="courtly.bots.evaluations.intrigue:evaluate",
        tuning="courtly.bots.tuning.intrigue:SPEC",
        scripted="courtly.bots.scripted.intrigue:BOTS",
        encoding="courtly.rl.encoding.intrigue:write",
        page_script="games/intrigue.js",
    )

    def max_length(self, players: int, options: Any) -> int:
        """A bound: thirty decisions a seat a round."""
        return 30 * players * int(options.rounds)

    def _new(self, players: int, seed: int, options: Any) -> IntrigueState:
        state = IntrigueState.__new__(IntrigueState)
        state.setup(self, seed, options)
        return state

    def _opening(self, players: int, seed: int, options: Any) -> list[Event]:
        return IntrigueState.__new__(IntrigueState).setup(self, seed, options)

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

    def faces(self) -> dict[str, Any]:
        """Each deck card's name, kind, value, text, trait, ends and roles, and
        each Character's name, priority and traits, by code."""
        deck = {
            c.code: {
                "name": c.name,
                "kind": c.kind,
                "value": c.value,
                "text": c.text,
                "trait": c.trait,
                "ends": list(c.ends),
                "roles": list(c.roles),
            }
            for c in C.DECK
        }
        characters = {
            c.code: {"name": c.name, "priority": c.priority, "traits": list(c.traits)}
            for c in C.CHARACTERS
        }
        return {"deck": deck, "characters": characters}

    def progress(self, state: State) -> dict[str, int]:
        """The round being played."""
        assert isinstance(state, IntrigueState)
        return {"round": max(state.round, 1)}
