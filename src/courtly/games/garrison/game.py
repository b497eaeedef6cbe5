"""Garrison: what the game is (declared first), then how it is made."""

from __future__ import annotations

from typing import Any, ClassVar

from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.engine.plugins import Notation, PlugIns, Screen, View
from courtly.engine.tunables import Tunable
from courtly.games.garrison import actions, render, view
from courtly.games.garrison.options import GarrisonOptions, quick_target, target
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
    notation: ClassVar[Notation] = actions
    view: ClassVar[View] = view
    screen: ClassVar[Screen] = render
    actions: ClassVar[list[actions.GarrisonAction]] = actions.ACTIONS
    tunables: ClassVar[list[Tunable]] = [
        Tunable(
            "target",
            low=15,
            high=60,
            step=5,
            per_players=True,
            text=quick_target,
            about="the keep value that wins, by player count (GAR-2's table)",
        )
    ]
    information = "imperfect"
    simultaneous = False
    waivers: ClassVar[dict[str, str]] = {"reaction": "pass"}  # a window let pass
    icon = "\u265c"
    score_name = "keep value"
    first_player = "the player with the lowest starting heart"
    event_labels: ClassVar[dict[str, str]] = {
        "keep_fell": "keeps fallen to sieges",
        "keeps_fell": "disasters felling keeps",
        "disaster": "disasters (Joker)",
        "cancelled": "plays cancelled by a spy",
        "fizzled": "moves fizzled",
        "spy": "spies played",
        "market": "market draws",
    }
    quick: ClassVar[dict[str, Any]] = {"length": "quick", "max_rounds": 12}
    check_bot = "hard@5000it"  # its one-second budget: hard@600it does not beat normal here
    designer_questions = (
        (
            "length",
            "Your target depends on how many players are in the game, and how long you'd "
            "like each game to last. For most games, 30 pts is a good amount.",
        ),
    )
    length_option = "length"
    length_note = (
        "The text sets the target by player count and length (quick 30/30/30/25/20, "
        "medium 40/40/35/30/30, long 50/50/45/40/40 for 2 to 6 players). The plot shows "
        "the rounds each entry of the table gives. `courtly lab tune` searched for a "
        "quick table whose length varies less with the player count: see "
        "[the tune's result](garrison-tune.md)."
    )
    plugins = PlugIns(
        heuristic="courtly.bots.greedy.garrison:Greedy",
        evaluation="courtly.bots.evaluations.garrison:evaluate",
        outcome="courtly.bots.evaluations.garrison:outcome",
        guard="courtly.bots.evaluations.garrison:GUARD",
        tuning="courtly.bots.tuning.garrison:SPEC",
        scripted="courtly.bots.scripted.garrison:BOTS",
        encoding="courtly.rl.encoding.garrison:write",
        page_script="games/garrison.js",
    )

    def length_target(self, choice: str, players: int) -> int | None:
        return target(choice, players)

    def max_length(self, players: int, options: Any) -> int:
        """A bound in practice. A turn declares at most ``max_moves`` moves and
        its end (GAR-21) and some spies (a hand holds three cards, dealt anew
        only by a disaster); each declared item asks every seat once. Thirty
        spies a turn leaves a wide margin: the games played by the kit and the
        lab use a few."""
        items = int(options.max_moves) + 1 + 30
        return items * players * players * int(options.max_rounds)

    def _new(self, players: int, seed: int, options: Any) -> GarrisonState:
        state = GarrisonState.__new__(GarrisonState)
        state.setup(self, players, seed, options)
        return state

    def _opening(self, players: int, seed: int, options: Any) -> list[Event]:
        return GarrisonState.__new__(GarrisonState).setup(self, players, seed, options)

    def progress(self, state: State) -> dict[str, int]:
        """Rounds (every seat has had a turn), then turns."""
        assert isinstance(state, GarrisonState)
        return {"round": (state.turn - 1) // state.n + 1, "turn": state.turn}
