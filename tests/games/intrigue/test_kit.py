"""Intrigue passes the engine's generic test kit."""

from courtly import games
from courtly.engine.testing import GameKit


class TestIntrigueKit(GameKit):
    game = games.get("intrigue")
    players = 3


class TestIntrigueKitVariants(GameKit):
    game = games.get("intrigue")
    players = 3
    options = {
        "hand_size": 4,
        "leftover_hands": "keep",
        "assassinated": "unused",
        "next_round_starts": "continue",
        "idle_actions": "forbidden",
        "spy_reveal": "face_up",
        "last_card": "resolves",
    }
    seeds = range(10)
    deep_seeds = range(2)
