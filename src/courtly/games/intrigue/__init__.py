"""Intrigue (3 players, three advisors back would-be rulers). See RULES.md."""

from courtly.games.intrigue.game import Intrigue

GAME = Intrigue()

__all__ = ["GAME", "Intrigue"]
