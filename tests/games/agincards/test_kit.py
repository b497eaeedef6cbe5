"""Agincards passes the engine's generic test kit: solitaire, 2 and 4 players,
and the variants (manual reclaiming, two packs)."""

from courtly.engine.testing import GameKit


class TestAgincardsSolitaireKit(GameKit):
    game_id = "agincards"
    players = 1


class TestAgincardsTwoKit(GameKit):
    game_id = "agincards"
    players = 2


class TestAgincardsFourKit(GameKit):
    game_id = "agincards"
    players = 4


class TestAgincardsManualTwoPacksKit(GameKit):
    game_id = "agincards"
    players = 3
    options = {"reclaim": "manual", "decks": 2}
    seeds = range(10)
    deep_seeds = range(2)
