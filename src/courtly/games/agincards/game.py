"""Agincards: what the game is (declared first), then how it is made."""

from __future__ import annotations

from typing import Any, ClassVar

from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.engine.plugins import Notation, PlugIns, Screen, View
from courtly.games.agincards import actions, render, view
from courtly.games.agincards.options import AgincardsOptions
from courtly.games.agincards.rules import AgincardsState


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
    version = 2
    Options = AgincardsOptions
    notation: ClassVar[Notation] = actions
    view: ClassVar[View] = view
    screen: ClassVar[Screen] = render
    actions: ClassVar[list[actions.AgincardsAction]] = actions.ACTIONS
    information = "imperfect"
    simultaneous = False
    icon = "\u25a6"
    score_name = "score"
    first_player = "always seat P0"
    event_labels: ClassVar[dict[str, str]] = {
        "token": "tokens placed",
        "reclaimed": "tokens reclaimed",
        "scored": "runs scored",
        "passed": "passes",
    }
    quick: ClassVar[dict[str, Any]] = {}
    check_bot = "hard@490it"  # its one-second budget, compiled
    plugins = PlugIns(
        heuristic="courtly.bots.greedy.agincards:Greedy",
        evaluation="courtly.bots.evaluations.agincards:evaluate",
        outcome="courtly.bots.evaluations.agincards:outcome",
        tuning="courtly.bots.tuning.agincards:SPEC",
        scripted="courtly.bots.scripted.agincards:BOTS",
        encoding="courtly.rl.encoding.agincards:write",
        page_script="games/agincards.js",
    )

    def max_length(self, players: int, options: Any) -> int:
        """A bound: ten decisions a card of the packs."""
        return 10 * 52 * int(options.decks)

    def _new(self, players: int, seed: int, options: Any) -> AgincardsState:
        state = AgincardsState.__new__(AgincardsState)
        state.setup(self, players, seed, options)
        return state

    def _opening(self, players: int, seed: int, options: Any) -> list[Event]:
        return AgincardsState.__new__(AgincardsState).setup(self, players, seed, options)

    def progress(self, state: State) -> dict[str, int]:
        """Cards on the map: a tile-laying game advances tile by tile."""
        assert isinstance(state, AgincardsState)
        return {"tiles": len(state.map.order)}
