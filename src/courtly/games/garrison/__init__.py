"""Garrison (2 to 6 players: keeps, sieges, spies and the Joker). See RULES.md."""

from courtly.games.garrison.game import Garrison

GAME = Garrison()

__all__ = ["GAME", "Garrison"]
