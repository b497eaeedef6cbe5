"""Crown Rivals: what the game is (declared first), then how it is made."""

from __future__ import annotations

from typing import Any, ClassVar

from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.engine.plugins import Notation, PlugIns, Screen, View
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
    notation: ClassVar[Notation] = actions
    view: ClassVar[View] = view
    screen: ClassVar[Screen] = render
    actions: ClassVar[list[actions.CrownAction]] = actions.ACTIONS
    tunables: ClassVar[list[Tunable]] = [
        Tunable("start_influence", low=20, high=80, step=5, about="each rival's starting Influence")
    ]
    information = "imperfect"
    simultaneous = False
    icon = "\u265b"
    score_name = "Influence"
    first_player = "the player with the lowest spade in the opening hands"
    event_labels: ClassVar[dict[str, str]] = {
        "crowded_house": "Crowded House re-deals",
        "reshuffle": "reshuffles",
        "damage": "damage steps",
        "heal": "heals",
        "trash_market": "market cards trashed",
        "bonus": "bonuses",
    }
    quick: ClassVar[dict[str, Any]] = {"turn_limit": 20}
    check_bot = "hard@3260it"  # its one-second budget: at 600 it keeps 97% of normal's moves
    plugins = PlugIns(
        heuristic="courtly.bots.greedy.crown_rivals:Greedy",
        evaluation="courtly.bots.evaluations.crown_rivals:evaluate",
        tuning="courtly.bots.tuning.crown_rivals:SPEC",
        scripted="courtly.bots.scripted.crown_rivals:BOTS",
        encoding="courtly.rl.encoding.crown_rivals:write",
        page_script="games/crown-rivals.js",
    )

    def max_length(self, players: int, options: Any) -> int:
        """A bound: twenty decisions a turn."""
        return 20 * int(options.turn_limit)

    def _new(self, players: int, seed: int, options: Any) -> CrownState:
        state = CrownState.__new__(CrownState)
        state.setup(self, seed, options)
        return state

    def _opening(self, players: int, seed: int, options: Any) -> list[Event]:
        return CrownState.__new__(CrownState).setup(self, seed, options)

    def progress(self, state: State) -> dict[str, int]:
        """Rounds (each player has had a turn), then turns."""
        assert isinstance(state, CrownState)
        turn = max(state.turn, 1)
        return {"round": (turn - 1) // 2 + 1, "turn": turn}
