"""Three Tricks passes the engine's generic test kit."""

from courtly.engine.testing import GameKit
from tests.sixth import GAME


class TestThreeTricksKit(GameKit):
    game = GAME
    players = 3


class TestThreeTricksKitVariants(GameKit):
    game = GAME
    players = 2
    options = {"rounds": 2, "exact_bonus": 0, "trumps": True}
    seeds = range(10)
    deep_seeds = range(1)
