"""Agents of the Crown passes the engine's generic test kit."""

from courtly import games
from courtly.engine.testing import GameKit


class TestAgentsKit(GameKit):
    game = games.get("agents-of-the-crown")
    players = 4


class TestAgentsKitShortRankThreat(GameKit):
    game = games.get("agents-of-the-crown")
    players = 4
    options = {"years": 1, "noble_threat_value": "rank"}
    seeds = range(10)
