"""Garrison passes the engine's generic test kit at 2, 3, 4 and 6 players.

Whole random games are long (a random player rarely builds), and the kit plays
a sampled world to the end from many positions, so most classes cap the game
with ``max_rounds`` (GAR-12) to keep the folder fast; the 2-player class and
``test_random.py`` play uncapped defaults. Quiet play is checked against full
play over the first 3,000 moves of each class's games (a Garrison move's
observations for every seat cost the most of the five games).
"""

from courtly import games
from courtly.engine.testing import GameKit


class TestGarrisonKit2(GameKit):
    game = games.get("garrison")
    players = 2
    seeds = range(15)
    deep_seeds = range(2)
    quiet_moves = 3_000


class TestGarrisonKit3(GameKit):
    game = games.get("garrison")
    players = 3
    options = {"max_rounds": 20}
    seeds = range(10)
    deep_seeds = range(2)
    quiet_moves = 3_000


class TestGarrisonKit4(GameKit):
    game = games.get("garrison")
    players = 4
    options = {"max_rounds": 15}
    seeds = range(15)
    deep_seeds = range(2)
    quiet_moves = 3_000


class TestGarrisonKit6(GameKit):
    game = games.get("garrison")
    players = 6
    options = {"max_rounds": 8, "length": "medium"}
    seeds = range(10)
    deep_seeds = range(2)
    quiet_moves = 3_000


class TestGarrisonKitTwoJokers(GameKit):
    game = games.get("garrison")
    players = 4
    options = {"jokers": 2, "joker_hits_trigger": True, "length": "long", "max_rounds": 8}
    seeds = range(8)
    deep_seeds = range(2)
    quiet_moves = 3_000


class TestGarrisonKitNoJoker(GameKit):
    game = games.get("garrison")
    players = 5
    options = {"jokers": 0, "max_rounds": 8}
    seeds = range(8)
    deep_seeds = range(1)
    quiet_moves = 3_000
