"""Agents of the Crown: what the game is (declared first), then how it is made."""

from __future__ import annotations

from typing import Any, ClassVar

from courtly.engine.actions import Action
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.engine.plugins import Notation, PlugIns, Screen, View
from courtly.games.agents_of_the_crown import actions, render, view
from courtly.games.agents_of_the_crown.options import AgentsOptions
from courtly.games.agents_of_the_crown.rules import PLAYERS, AgentsState


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
    notation: ClassVar[Notation] = actions
    view: ClassVar[View] = view
    screen: ClassVar[Screen] = render
    actions: ClassVar[list[actions.AgentsAction]] = actions.ACTIONS
    information = "imperfect"
    simultaneous = True
    icon = "\u269c"
    score_name = "score"
    first_player = ""
    event_labels: ClassVar[dict[str, str]] = {
        "cursed": "curses (challenges failed)",
        "defeated": "challenges defeated",
        "strays": "seasons with strays",
        "pass_chosen": "passes chosen",
    }
    quick: ClassVar[dict[str, Any]] = {"years": 1}
    designer_questions = (
        (
            "balance",
            "We still have open questions about issues like game balance and comprehension "
            "(playing without turns is tricky)",
        ),
        ("turns", "There is no turn order. Players may play quickly or take their time"),
    )
    plugins = PlugIns(
        heuristic="courtly.bots.greedy.agents_of_the_crown:Greedy",
        evaluation="courtly.bots.evaluations.agents_of_the_crown:evaluate",
        tuning="courtly.bots.tuning.agents_of_the_crown:SPEC",
        scripted="courtly.bots.scripted.agents_of_the_crown:BOTS",
        encoding="courtly.rl.encoding.agents_of_the_crown:write",
        page_script="games/agents-of-the-crown.js",
    )

    def max_length(self, players: int, options: Any) -> int:
        """Exact: 4 passes and 4 seasons of 4 commits a Year."""
        return 20 * int(options.years)

    def _new(self, players: int, seed: int, options: Any) -> AgentsState:
        state = AgentsState.__new__(AgentsState)
        state.setup(self, seed, options)
        return state

    def _opening(self, players: int, seed: int, options: Any) -> list[Event]:
        return AgentsState.__new__(AgentsState).setup(self, seed, options)

    def observed_as(self, action: Action, actor: int, viewer: int) -> int:
        """Others see a pass only as "a pass", and a face-down card only by where
        it was placed."""
        assert isinstance(action, actions.AgentsAction)
        if actor == viewer or (action.kind == "commit" and action.up):
            return action.id
        if action.kind == "pass":
            return -1
        return -2 - action.place

    def progress(self, state: State) -> dict[str, int]:
        """The Year, then the season counted across Years (4 a Year)."""
        assert isinstance(state, AgentsState)
        year = max(state.year, 1)
        return {"year": year, "season": 4 * (year - 1) + min(state.season, 3) + 1}
