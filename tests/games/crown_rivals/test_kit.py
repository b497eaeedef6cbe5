"""Crown Rivals passes the engine's generic test kit."""

from courtly import games
from courtly.engine.testing import GameKit


class TestCrownRivalsKit(GameKit):
    game = games.get("crown-rivals")
    players = 2


class TestCrownRivalsKitVariants(GameKit):
    game = games.get("crown-rivals")
    players = 2
    options = {"jack_value": 10, "boost_diamonds_pair": False, "turn_limit": 30}
    seeds = range(10)
    deep_seeds = range(1)
