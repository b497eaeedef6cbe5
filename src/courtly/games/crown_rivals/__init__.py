"""Crown Rivals (2 players, a deck-builder with playing cards). See RULES.md."""

from courtly.games.crown_rivals.game import CrownRivals

GAME = CrownRivals()

__all__ = ["GAME", "CrownRivals"]
