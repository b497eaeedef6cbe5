"""Agincards passes the engine's generic test kit: solitaire, 2 and 4 players,
and the variants (manual reclaiming, two packs, a small table)."""

from courtly import games
from courtly.engine.testing import GameKit


class TestAgincardsSolitaireKit(GameKit):
    game = games.get("agincards")
    players = 1


class TestAgincardsTwoKit(GameKit):
    game = games.get("agincards")
    players = 2


class TestAgincardsFourKit(GameKit):
    game = games.get("agincards")
    players = 4


class TestAgincardsManualTwoPacksKit(GameKit):
    game = games.get("agincards")
    players = 3
    options = {"reclaim": "manual", "decks": 2}
    seeds = range(10)
    deep_seeds = range(2)


class TestAgincardsSmallTableTokenFirstKit(GameKit):
    """The house rules: a 9 x 9 table (its edge is reached) and the token
    decision before freed tokens return, with manual reclaiming."""

    game = games.get("agincards")
    players = 2
    options = {"table": 9, "late_reclaim": True, "reclaim": "manual"}
    seeds = range(10)
    deep_seeds = range(2)


class TestAgincardsManualFourKit(GameKit):
    """Manual reclaiming with the token decision after freed tokens (AGI-10)."""

    game = games.get("agincards")
    players = 4
    options = {"reclaim": "manual"}
    seeds = range(10)
    deep_seeds = range(2)
