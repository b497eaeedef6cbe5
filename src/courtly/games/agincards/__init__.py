"""Agincards (1 to 4 players, a map of monotonic runs). See RULES.md."""

from courtly.games.agincards.game import Agincards

GAME = Agincards()

__all__ = ["GAME", "Agincards"]
